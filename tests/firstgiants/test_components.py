"""The component data: the reconstructed deck and the tokens (rulebook "Components", "Setup",
"Card Anatomy", "Cards' Icons & Effects"); a wrong file fails with a clear error."""
from __future__ import annotations

import collections
import json
from pathlib import Path

import pytest

from firstgiants import components as c
from firstgiants.components import CARDS, DATA, TOKENS, DataError, load_deck, load_tokens


def test_the_deck_has_65_cards_five_families_and_every_size():
    assert len(CARDS) == 65
    per = collections.Counter((card.family_name, card.size) for card in CARDS)
    for family in c.FAMILY_NAMES:
        assert [per[family, s] for s in (1, 2, 3)] == [4, 4, 4]
        assert per[family, c.EGG] == 1


def test_the_deck_is_marked_as_a_reconstruction():
    raw = json.loads((DATA / "deck.json").read_text())
    assert raw["reconstruction"] is True and "RECONSTRUCTION" in raw["note"]
    assert all(card.reconstruction for card in CARDS)


def test_every_icon_of_the_legend_is_used_at_least_once():
    """Cards' Icons & Effects: every timing, multiplier, effect, the opponents icon and the egg."""
    timings = {card.timing for card in CARDS}
    parts = [p for card in CARDS for p in card.parts]
    assert timings == set(c.TIMINGS.values())
    assert {p.effect for p in parts} == set(c.EFFECTS.values())
    assert {p.multiplier for p in parts} == set(c.MULTIPLIERS.values())
    assert {p.who for p in parts} == {c.YOU, c.EACH_OPPONENT}
    assert any(card.is_egg for card in CARDS)


def test_eggs_cost_2_and_fossils_their_size():
    """Display 1 Fossil: "spend the amount of amber equal to its size"; an egg costs 2."""
    assert all(card.cost == (2 if card.is_egg else card.size) for card in CARDS)


def test_cards_read_like_the_legend():
    assert str(CARDS[0]) == "#0 Small Flying"
    assert CARDS[0].effect_text == "Once during this turn: Gain 2 amber; each opponent gains 1 amber."
    assert "for each pair of cards in your Study" in CARDS[4].effect_text
    assert CARDS[60].name == "Flying egg"


def test_tokens_follow_the_rulebook():
    """Setup: 14/20/24/24 Set tokens in play for 2/3/4/5 players, 33 in the box; 8 News tokens."""
    assert TOKENS.set_tokens_in_play == {2: 14, 3: 20, 4: 24, 5: 24}
    assert TOKENS.set_tokens_in_box == 33
    assert (TOKENS.family_news_value, TOKENS.size_news_value) == (3, 5)
    assert TOKENS.news_values_are_estimates
    assert (TOKENS.amber_in_box, TOKENS.amber_per_player, TOKENS.markers_per_player) == (80, 2, 4)


def _broken_deck(tmp_path: Path, change) -> Path:
    raw = json.loads((DATA / "deck.json").read_text())
    change(raw)
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(raw))
    return path


@pytest.mark.parametrize("change, message", [
    (lambda d: d["cards"].pop(), "holds 65 cards, this file has 64"),
    (lambda d: d["cards"][3].update(family="Dragon"), "card 3: unknown family 'Dragon'"),
    (lambda d: d["cards"][3].update(size=4), "card 3: size must be 1, 2, 3"),
    (lambda d: d["cards"][3].update(timing="at dawn"), "card 3: unknown timing 'at dawn'"),
    (lambda d: d["cards"][3]["effect"][0].update(effect="steal"), "unknown effect 'steal'"),
    (lambda d: d["cards"][4]["effect"][0].update(multiplier="per_moon"), "unknown multiplier 'per_moon'"),
    (lambda d: d["cards"][1]["effect"][0].update(amount=2), "takes no amount and no multiplier"),
    (lambda d: d["cards"][3].update(id=7), "ids must run 0, 1, 2"),
    (lambda d: d["cards"][3].update(colour="red"), "unknown key(s) ['colour']"),
    (lambda d: d["cards"][60].update(size=1, timing="once_this_turn", effect=[{"effect": "gain_point"}]),
     "every family needs at least one egg; Flying has none"),
    (lambda d: d["cards"][0].update(effect=[]), "card 0: a card has a timing and an effect"),
    (lambda d: d.update(families=["A", "B"]), "the rulebook's five"),
])
def test_a_wrong_deck_fails_with_a_clear_error(tmp_path, change, message):
    with pytest.raises(DataError) as info:
        load_deck(_broken_deck(tmp_path, change))
    assert message in str(info.value)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["news_tokens"].update(family_value=4),
     'family_value: expected 3 or 5 (the rulebook: News tokens "are worth 3 or 5 points"), got 4'),
    (lambda d: d["news_tokens"].update(size_value=10), "size_value: expected 3 or 5"),
    (lambda d: d["news_tokens"].update(size_value=5.0), "size_value: expected 3 or 5"),
    (lambda d: d["news_tokens"].update(count=9), "news_tokens.count: expected an integer from 8 to 8"),
    (lambda d: d["news_tokens"].update(estimate="yes"), "news_tokens.estimate: expected true or false"),
    (lambda d: d["news_tokens"].pop("estimate"), "missing key(s) ['estimate']"),
])
def test_news_token_values_must_be_the_rulebooks_3_or_5(tmp_path, change, message):
    """End of the Game: "News tokens are worth 3 or 5 points (as indicated on the token)"; which is which
    is an estimate, and the file says so."""
    raw = json.loads((DATA / "tokens.json").read_text())
    assert raw["news_tokens"]["estimate"] is True and raw["news_tokens"]["count"] == 8
    change(raw)
    path = tmp_path / "tokens.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(DataError) as info:
        load_tokens(path)
    assert message in str(info.value)


def test_news_token_values_read_from_a_real_box_are_not_estimates(tmp_path):
    raw = json.loads((DATA / "tokens.json").read_text())
    raw["news_tokens"].update(estimate=False, family_value=5, size_value=3)
    path = tmp_path / "tokens.json"
    path.write_text(json.dumps(raw))
    tokens = load_tokens(path)
    assert (tokens.family_news_value, tokens.size_news_value, tokens.news_values_are_estimates) == (5, 3, False)


def test_a_wrong_token_file_fails_with_a_clear_error(tmp_path):
    raw = json.loads((DATA / "tokens.json").read_text())
    raw["set_tokens"]["in_box"] = 30
    path = tmp_path / "tokens.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(DataError, match="in_box: expected an integer from 33 to 33"):
        load_tokens(path)
    path.write_text("{not json")
    with pytest.raises(DataError, match="cannot read"):
        load_tokens(path)


def test_identical_cards_share_a_kind():
    assert all(c.KIND[card.id] <= card.id for card in CARDS)
    assert c.KIND == tuple(range(65))  # the reconstruction has no two identical cards
