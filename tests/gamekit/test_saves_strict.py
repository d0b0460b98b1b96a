"""Save files are read strictly and consistently, and a bad one gets a short message: duplicate keys are
refused at every level, options need exactly their keys, and no message quotes more than a few dozen
characters of what the file holds.  Every save the kit has written still loads."""
from __future__ import annotations

import json

import pytest

import firstgiants as fg
import giganten as g
from gamekit import random_game, rewind
from gamekit.record import MAX_MESSAGE, dump, is_position_file

GAMES = {"giganten": g, "firstgiants": fg}


def _save(game, players: int = 3, moves: int = 40) -> dict:
    return json.loads(rewind(random_game(game.new_game(players), 5), moves).to_json())


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("text", [
    '{{"format":"giants-kit-save","version":2,"version":1,"game":"{game}","players":3,"options":{options},'
    '"actions":[]}}',
    '{{"format":"giants-kit-save","version":1,"game":"{game}","players":3,"options":{options},"actions":[],'
    '"actions":[]}}',
])
def test_a_key_given_twice_at_the_top_level_is_refused(name, text):
    options = json.dumps(GAMES[name].new_game(3).options)
    with pytest.raises(ValueError, match="appears twice"):
        GAMES[name].from_json(text.format(game=name, options=options))


@pytest.mark.parametrize("name", GAMES)
def test_a_key_given_twice_in_the_options_or_an_action_is_refused(name):
    save = _save(GAMES[name])
    text = json.dumps(save)
    key, value = next(iter(save["options"].items()))
    twice = text.replace('"options": {', f'"options": {{"{key}": {json.dumps(value)}, ', 1)
    with pytest.raises(ValueError, match="appears twice"):
        GAMES[name].from_json(twice)
    first = json.dumps(save["actions"][0])
    field = next(k for k in save["actions"][0] if k != "kind")
    doubled = first[:-1] + f', "{field}": {json.dumps(save["actions"][0][field])}}}'
    with pytest.raises(ValueError, match="appears twice"):
        GAMES[name].from_json(text.replace(first, doubled, 1))


@pytest.mark.parametrize("name", GAMES)
def test_options_need_exactly_their_keys(name):
    game = GAMES[name]
    save = _save(game)
    unknown = dict(save, options=dict(save["options"], moon_phase=True))
    with pytest.raises(ValueError, match="unknown .* option"):
        game.from_json(json.dumps(unknown))
    for key in save["options"]:
        missing = dict(save, options={k: v for k, v in save["options"].items() if k != key})
        with pytest.raises(ValueError, match=f"the options lack \\['{key}'\\]"):
            game.from_json(json.dumps(missing))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("where", ["action field", "option", "players", "format", "game", "top-level key",
                                   "action kind", "action key"])
def test_a_huge_value_gives_a_short_message(name, where):
    game, huge = GAMES[name], "9" * 19_000_000
    save = _save(game)
    action = save["actions"][3]
    field = next(k for k in action if k != "kind")
    if where == "action field":
        action[field] = huge
    elif where == "option":
        save["options"][next(iter(save["options"]))] = huge
    elif where in ("players", "format", "game"):
        save[where] = huge
    elif where == "top-level key":
        save[huge] = 1
    elif where == "action kind":
        action["kind"] = huge
    else:
        action[huge] = 1
    with pytest.raises(ValueError) as info:
        game.from_json(json.dumps(save))
    assert len(str(info.value)) <= 400


def test_no_load_message_is_longer_than_the_cap(monkeypatch):
    """Whatever goes wrong inside, the message that reaches the notebook is at most MAX_MESSAGE long."""
    def chatty(raw):
        raise ValueError("x" * 1_000_000)

    monkeypatch.setattr(g.SPEC.codec, "decode", chatty)
    with pytest.raises(ValueError) as info:
        g.from_json(json.dumps(_save(g)))
    assert len(str(info.value)) <= MAX_MESSAGE and "characters)" in str(info.value)


@pytest.mark.parametrize("name", GAMES)
def test_saves_written_by_the_kit_load_again(name):
    game = GAMES[name]
    for players in range(game.SPEC.min_players, game.SPEC.max_players + 1):
        end = random_game(game.new_game(players), players)
        assert game.from_json(end.to_json()) == end


def _older(save: dict, version: int, game=g) -> dict:
    """``save`` as format ``version`` wrote it: without the options added since."""
    added = game.SPEC.options_added
    options = {k: v for k, v in save["options"].items() if k not in added or added[k][0] <= version}
    return {**save, "version": version, "options": options}


def test_a_giganten_save_of_format_version_1_loads_with_seat_0_starting():
    """Format version 1 predates Giganten's first_player option: such a save does not list it, and the
    loader fills in what it implied (seat 0 started); a version-1 save that lists it is refused."""
    save = _save(g, players=4, moves=60)
    assert save["version"] == 3 and save["options"]["first_player"] == 0
    old = _older(save, 1)
    assert "first_player" not in old["options"]
    state = g.from_json(json.dumps(old))
    assert state.options["first_player"] == 0 and state.history() == g.from_json(json.dumps(save)).history()
    with pytest.raises(ValueError, match="did not exist in format version 1"):
        g.from_json(json.dumps({**_older(save, 2), "version": 1}))
    with pytest.raises(ValueError, match="lack"):
        g.from_json(json.dumps({**old, "version": 2}))


def test_a_giganten_save_of_format_version_2_loads_with_the_house_rule_bid_cap_and_ties_by_value():
    """Format version 2 predates the bluff_bids and tie_by_license_cards switches (rulings G5, G2): its games
    were played with the house rule's cap and ties by license value, so the loader fills in False for both; a
    version-2 save that lists them is refused."""
    save = _save(g, players=4, moves=60)
    new = {"bluff_bids": False, "tie_by_license_cards": False}
    assert {k: save["options"][k] for k in new} == new
    old = _older(save, 2)
    assert not set(new) & set(old["options"]) and "first_player" in old["options"]
    state = g.from_json(json.dumps(old))
    assert {k: state.options[k] for k in new} == new
    assert state.history() == g.from_json(json.dumps(save)).history()
    with pytest.raises(ValueError, match="did not exist in format version 2"):
        g.from_json(json.dumps({**save, "version": 2}))
    with pytest.raises(ValueError, match="lack"):
        g.from_json(json.dumps({**old, "version": 3}))


def test_a_first_giants_save_of_format_version_2_loads_with_eggs_as_fossil_cards():
    """Format version 2 predates First Giants' eggs_not_fossils switch (ruling R10): its games counted eggs as
    fossil and carnivore cards, so the loader fills in False; a version-2 save that lists it is refused."""
    save = _save(fg, players=3, moves=60)
    assert save["version"] == 3 and save["options"]["eggs_not_fossils"] is False
    old = _older(save, 2, fg)
    assert set(old["options"]) == {"first_player", "names"}
    state = fg.from_json(json.dumps(old))
    assert state.options["eggs_not_fossils"] is False and state == fg.from_json(json.dumps(save))
    with pytest.raises(ValueError, match="did not exist in format version 2"):
        fg.from_json(json.dumps({**save, "version": 2}))
    with pytest.raises(ValueError, match="lack"):
        fg.from_json(json.dumps({**old, "version": 3}))


def test_a_first_giants_save_of_format_version_3_loads_with_the_news_tokens_by_type():
    """Format version 3 predates First Giants' news_values switch (ruling R23): its games counted a family's News
    token 3 and a size's 5, so the loader fills in 'by-type'.  A game with that reading is still written as
    version 3 (older kits read it); another reading needs version 4, which lists the option."""
    save = _save(fg, players=3, moves=60)
    assert save["version"] == 3 and "position" not in save and "news_values" not in save["options"]
    assert fg.from_json(json.dumps(save)).options["news_values"] == "by-type"
    two_sided = json.loads(fg.new_game(3, news_values="two-sided").to_json())
    assert two_sided["version"] == 4 and two_sided["options"]["news_values"] == "two-sided"
    assert fg.from_json(json.dumps(two_sided)).options["news_values"] == "two-sided"
    with pytest.raises(ValueError, match="did not exist in format version 3"):
        fg.from_json(json.dumps({**two_sided, "version": 3}))
    with pytest.raises(ValueError, match="lack"):
        fg.from_json(json.dumps({**save, "version": 4}))


def test_a_file_that_names_no_save_format_is_read_as_a_position():
    state = g.scenario("overfill")
    assert is_position_file(json.dumps(state.to_position()), g.SPEC)
    assert not is_position_file(dump(state).encode(), g.SPEC)  # a save file, even of a game begun at a position
