"""Observation tensors (gamekit.tensor and each game's tensor module): fixed size, within their bounds over
random play, and read from the seat's observation only."""
from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

import firstgiants
import giganten
from firstgiants import tensor as firstgiants_tensor
from firstgiants.rules.news import NEWS_READINGS
from gamekit import sample_chance
from gamekit.tensor import Layout, Piece, Writer, switch_pieces
from giganten import tensor as giganten_tensor
from tests.firstgiants.helpers import card, position
from tests.interop.twins import license_twin, tile_twin, twins
from gamekit.protocol import with_item

DOCS = Path(__file__).resolve().parents[2] / "docs" / "interop.md"
CASES = [(giganten, giganten_tensor, (3, 4)), (firstgiants, firstgiants_tensor, (2, 3, 4, 5))]
NOT_RULES = {giganten: {"first_player"}, firstgiants: {"first_player", "names"}}
"""The options that change no rule: who starts (in the vector as the start or first player) and the names."""
ALSO_SHOWN = {"open_licenses": {"licenses_known"}, "news_values": {"news_value"}}
"""What else a switch changes in the vector at the first decision: the other hands are shown (flags, each hand
still empty), the News tokens' worths."""


def test_a_layout_names_its_pieces_and_scales_them():
    layout = Layout([Piece("seat", (3,)), Piece("money", (3,), bound=60_000, scale=15_000), Piece("grid", (2, 2), 4)])
    assert layout.size == 3 + 3 + 4 and list(layout.high) == [1, 1, 1, 4, 4, 4, 1, 1, 1, 1]
    w = Writer(layout)
    w.one_hot("seat", 2)
    w.set("money", [15_000, 30_000, 0])
    w.views["grid"][1, 0] = 0.5
    assert w.flat.tolist() == [0, 0, 1, 1, 2, 0, 0, 0, 0.5, 0]
    with pytest.raises(ValueError, match="unique"):
        Layout([Piece("a", (1,)), Piece("a", (2,))])


def test_a_rule_switch_is_one_number_or_a_one_hot_of_its_other_values():
    switches = {"tie": (False, True), "reading": ("a", "b", "c")}
    layout = Layout(switch_pieces(switches))
    assert [(p.name, p.shape) for p in layout.pieces] == [("tie", (1,)), ("reading", (2,))]
    w = Writer(layout)
    w.switches(switches, {"tie": False, "reading": "a"})
    assert w.flat.tolist() == [0, 0, 0]
    w.switches(switches, {"tie": True, "reading": "c"})
    assert w.flat.tolist() == [1, 0, 1]
    for bad in ({"tie": 1, "reading": "a"}, {"tie": False, "reading": "d"}):
        with pytest.raises(ValueError, match="is none of"):
            Writer(layout).switches(switches, bad)
    with pytest.raises(ValueError, match="at least one other value"):
        switch_pieces({"tie": (False,)})


@pytest.mark.parametrize("game, tensor", [c[:2] for c in CASES], ids=["giganten", "firstgiants"])
def test_every_option_that_changes_play_is_a_piece_with_the_default_first(game, tensor):
    """A new option must be sorted: a rule switch (a piece of the vector) or one of the few that change no rule."""
    defaults = game.SPEC.option_defaults
    assert set(tensor.SWITCHES) == set(defaults) - NOT_RULES[game]
    assert all(values[0] == defaults[name] for name, values in tensor.SWITCHES.items())
    names = {p.name for p in tensor.layout(3).pieces}
    assert set(tensor.SWITCHES) <= names


def _first_decision(game, players, **options):
    """The position before the first decision: the same chance outcomes whatever the options."""
    rng, state = random.Random(7), game.new_game(players, **options)
    while state.is_chance():
        state = state.apply(sample_chance(state, rng))
    return state


def _variants(game, tensor):
    return [(name, value) for name, values in tensor.SWITCHES.items() for value in values[1:]]


@pytest.mark.parametrize("game, tensor, counts", CASES, ids=["giganten", "firstgiants"])
def test_the_default_rules_give_every_switch_piece_zeros(game, tensor, counts):
    for players in counts:
        views = tensor.layout(players).views(tensor.encode(_first_decision(game, players).observation(0)))
        for name in tensor.SWITCHES:
            assert not views[name].any(), name


@pytest.mark.parametrize("game, tensor, counts", CASES, ids=["giganten", "firstgiants"])
def test_games_that_differ_in_one_switch_differ_in_its_piece_only(game, tensor, counts):
    """The same position under the default rules and with one switch changed: every seat's vectors differ in
    that switch's piece (its value's one number set) and nowhere else, but for what the switch shows
    (``ALSO_SHOWN``)."""
    for players in counts:
        layout = tensor.layout(players)
        default = _first_decision(game, players)
        for name, value in _variants(game, tensor):
            variant = _first_decision(game, players, **{name: value})
            assert variant.history() == default.history()
            for seat in range(players):
                before = layout.views(tensor.encode(default.observation(seat)))
                after = layout.views(tensor.encode(variant.observation(seat)))
                changed = {piece for piece in before if not np.array_equal(before[piece], after[piece])}
                assert changed == {name} | ALSO_SHOWN.get(name, set()), (name, value, seat)
                assert after[name].sum() == 1 and after[name][list(tensor.SWITCHES[name]).index(value) - 1] == 1


@pytest.mark.parametrize("game, tensor, counts", CASES, ids=["giganten", "firstgiants"])
def test_a_game_with_every_switch_changed_fits_its_layout(game, tensor, counts):
    """Random play with every switch off its default (the last value of each): the vectors stay within bounds and
    show the switches."""
    players = counts[-1]
    layout = tensor.layout(players)
    options = {name: values[-1] for name, values in tensor.SWITCHES.items()}
    rng, state = random.Random(11), game.new_game(players, **options)
    while True:
        for seat in range(players):
            vector = tensor.encode(state.observation(seat))
            assert np.all(vector >= layout.low) and np.all(vector <= layout.high)
            assert all(layout.views(vector)[name][-1] == 1 for name in tensor.SWITCHES)
        if state.is_terminal():
            break
        state = state.apply(sample_chance(state, rng) if state.is_chance() else rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game, tensor, counts", CASES, ids=["giganten", "firstgiants"])
def test_every_observation_of_random_play_fits_its_layout(game, tensor, counts):
    """Every seat's vector at every state of random games: the layout's size, finite, within [low, high]; every
    phase name the observation uses is one the encoder knows (else it raises)."""
    for players in counts:
        layout = tensor.layout(players)
        for seed in range(2):
            rng = random.Random(seed)
            state = game.new_game(players)
            while True:
                for seat in range(players):
                    vector = tensor.encode(state.observation(seat))
                    assert vector.shape == (layout.size,) and vector.dtype == np.float32
                    assert np.all(vector >= layout.low) and np.all(vector <= layout.high)
                if state.is_terminal():
                    break
                action = sample_chance(state, rng) if state.is_chance() else rng.choice(state.legal_actions())
                state = state.apply(action)


def _random_states(players, seed, **options):
    """Every state of one random game (the same actions for the same seed, whatever ``news_values`` says)."""
    rng, state = random.Random(seed), firstgiants.new_game(players, **options)
    while True:
        yield state
        if state.is_terminal():
            return
        state = state.apply(sample_chance(state, rng) if state.is_chance() else rng.choice(state.legal_actions()))


def test_first_giants_games_that_differ_only_in_the_news_reading_encode_differently():
    """Ruling R23: the vector holds each News token's worth under the game's ``news_values``, read from the
    observation: the same position under each reading gives three vectors, each with its own worths (and its own
    reading: ``news_values``)."""
    vectors = []
    for reading in NEWS_READINGS:
        s = position(3, museum={0: [[card("Flying", 1), card("Flying", 2), card("Flying", 3)],
                                    [card("Marine", 2), card("Mammal", 2)]]}, news_values=reading)
        # Flying kept for good, Medium that can be stolen
        s.news, s.locked = with_item(with_item(s.news, 0, 0), 6, 0), with_item(s.locked, 0, True)
        observation = s.observation(1)
        vector = firstgiants_tensor.encode(observation)
        worth = firstgiants_tensor.layout(3).views(vector)["news_value"]
        assert np.allclose(worth * 5, [t["value"] for t in observation["news_tokens"]])
        vectors.append(vector)
    for i, vector in enumerate(vectors):
        assert all(not np.array_equal(vector, other) for other in vectors[i + 1:])


@pytest.mark.parametrize("players", [2, 5])
def test_first_giants_vectors_of_every_news_reading_fit_the_layout_and_show_the_worths(players):
    """The same random game under each reading: every vector within the layout's bounds (which hold for the
    highest-scoring reading); two readings' vectors always differ in the reading's piece (``news_values``), and
    apart from it wherever a News token's worth differs, and only there."""
    layout = firstgiants_tensor.layout(players)
    games = zip(*(_random_states(players, 3, news_values=reading) for reading in NEWS_READINGS))
    for states in games:
        observations = [s.observation(0) for s in states]
        vectors = [firstgiants_tensor.encode(o) for o in observations]
        for v in vectors:
            assert np.all(v >= layout.low) and np.all(v <= layout.high)
        worths = [[t["value"] for t in o["news_tokens"]] for o in observations]
        readings = [layout.views(v)["news_values"].copy() for v in vectors]
        for v in vectors:
            layout.views(v)["news_values"][...] = 0
        for i in range(len(vectors)):
            for j in range(i):
                assert not np.array_equal(readings[i], readings[j])
                assert np.array_equal(vectors[i], vectors[j]) == (worths[i] == worths[j])


@pytest.mark.parametrize("make", [tile_twin, license_twin], ids=["tiles", "licenses"])
def test_a_giganten_vector_shows_only_what_its_seat_may_see(make):
    """Twin histories that differ only in what the seat has not seen give the seat the same vector."""
    state, twin, seat = twins(make)

    def vector(s, q):
        return giganten_tensor.encode(s.observation(q))

    assert np.array_equal(vector(state, seat), vector(twin, seat))
    if make is license_twin:  # the seat that drew sees its own hand
        assert any(not np.array_equal(vector(state, q), vector(twin, q)) for q in range(4) if q != seat)


def test_docs_state_the_vector_sizes():
    text = DOCS.read_text()
    g3, g4 = (giganten_tensor.layout(n).size for n in (3, 4))
    f2, f5 = (firstgiants_tensor.layout(n).size for n in (2, 5))
    assert f"**Giganten** ({g3:,} numbers with 3 seats, {g4:,} with 4)" in text
    assert f"**First Giants** ({f2:,} to {f5:,} numbers, 2 to 5 seats)" in text


def test_unknown_observation_words_are_refused():
    observation = giganten.new_game(3).observation(0)
    with pytest.raises(ValueError):
        giganten_tensor.encode({**observation, "phase": "Action 10"})
