"""What reaches a seat: only its observation and the public words (twin tables, events, the projector)."""
from __future__ import annotations

import json
import random
from collections import defaultdict

import pytest

import firstgiants
import giganten
from gamekit import random_game, states_along
from giganten.actions import DealTile, DrawLicenses

from .helpers import check_log, play_random_turn


def _events(state) -> list:
    return [(e.text, e.section, e.player) for e in state.events]


#: Giganten's secret chance draws: the values of the licenses a player draws, the oil on a tile dealt
#: face down.  (Its other draws -- the price die, the action cards, the licenses a penalized winner
#: discards face up -- are seen by everyone, and the events say what they were.)
SECRET_DRAWS = (DrawLicenses, DealTile)


@pytest.mark.parametrize("players,seed", [(4, 1), (3, 2)])
def test_giganten_events_of_a_secret_draw_say_nothing_the_viewer_could_not_see(players, seed):
    """At every secret draw of a game: outcomes that leave a viewer's observation the same give events
    with the same words (so no event tells a seat the value of a card or tile it may not see)."""
    compared = 0
    for state in states_along(random_game(giganten.new_game(players), seed)):
        if not state.is_chance() or not isinstance(state.chance_outcomes()[0][0], SECRET_DRAWS):
            continue
        afters = [state.apply(a) for a, _ in state.chance_outcomes()]
        for viewer in range(players):
            groups = defaultdict(list)
            for after in afters:
                groups[json.dumps(after.observation(viewer), sort_keys=True)].append(_events(after))
            for same_look in groups.values():
                assert all(words == same_look[0] for words in same_look), same_look
                compared += len(same_look) - 1
    assert compared > 50


def test_first_giants_hides_nothing_so_its_events_cannot_leak():
    for state in states_along(random_game(firstgiants.new_game(4), 3)):
        looks = [{k: v for k, v in state.observation(p).items() if k != "you"} for p in range(4)]
        assert all(look == looks[0] for look in looks)


@pytest.mark.parametrize("players,seed", [(4, 5), (3, 6)])
def test_giganten_events_of_a_move_do_not_depend_on_what_the_viewer_cannot_see(players, seed):
    """The same move in a state and in a re-deal of what the viewer cannot see (``determinize``):
    when the viewer's observations after it agree, the events agree word for word."""
    rng = random.Random(seed)
    compared = 0
    for state in states_along(random_game(giganten.new_game(players), seed)):
        if state.is_chance() or state.is_terminal() or rng.random() > 0.5:
            continue
        action = rng.choice(state.legal_actions())
        for viewer in range(players):
            if viewer == state.current_player():
                continue
            twin = state.determinize(viewer, rng)
            if action not in twin.legal_actions():
                continue
            after, twin_after = state.apply(action), twin.apply(action)
            if after.observation(viewer) == twin_after.observation(viewer):
                assert _events(after) == _events(twin_after)
                compared += 1
    assert compared > 100


# -- twin tables ----------------------------------------------------------------------------------


def _replay_twins(history: list, twin: list, draw: int, players: int):
    """Both logs replayed while the same moves stay legal in both, cut at the last point (at least 10
    entries after ``draw``, at most 40) where both wait for a player's decision."""
    states = [giganten.new_game(players), giganten.new_game(players)]
    cut = None
    for index, (a, b) in enumerate(zip(history, twin)):
        try:
            states = [states[0].apply(a), states[1].apply(b)]
        except giganten.IllegalAction:
            break
        if index > draw + 10 and not any(s.is_chance() or s.is_terminal() for s in states):
            cut = states
        if index > draw + 40:
            break
    assert cut is not None
    return cut


def twin_games(seed: int, players: int = 4):
    """Two Giganten games that differ only in hidden things: at a license draw, a different number of 2s
    in the drawer's hand; and the oil of two tiles dealt face down swapped (two that at least two seats
    have not looked at).  Both continue with the same moves up to a decision.  Returns the two states
    and the seats that cannot tell them apart."""
    game = random_game(giganten.new_game(players), seed)
    history = game.history()
    states = list(states_along(game))
    draw = next(i for i, a in enumerate(history) if i > 60 and isinstance(a, DrawLicenses)
                and len({o.twos for o, _ in states[i].chance_outcomes() if o.count == a.count}) > 1)
    other = next(o for o, _ in states[draw].chance_outcomes() if o.count == history[draw].count and o != history[draw])
    deals = [i for i, a in enumerate(history) if isinstance(a, DealTile)][::-1]
    for first, second in ((i, j) for i in deals for j in deals if history[i].value > history[j].value):
        twin = list(history)
        twin[draw] = other
        twin[first], twin[second] = history[second], history[first]
        one, two = _replay_twins(history, twin, draw, players)
        blind = [p for p in range(players) if one.observation(p) == two.observation(p)]
        if len(blind) >= 2:
            return one, two, blind
    raise AssertionError("no twin found")


def test_twin_tables_differing_only_in_hidden_cards_give_byte_identical_views(store):
    one, two, blind = twin_games(seed=12)
    assert one != two and one.move_number == two.move_number
    tables = [store.create_table(giganten, ["human"] * 4, from_save=s.to_json()) for s in (one, two)]
    for seat in range(4):
        views = [store.seat_view(t.seats[seat], log_limit=None) for t in tables]
        if seat in blind:
            assert views[0].to_json() == views[1].to_json()
            assert views[0].log_length == views[1].log_length
        else:
            assert views[0].to_json() != views[1].to_json()  # the seat holding the cards sees them
    public = [store.public_view(t.table, log_limit=None).to_json() for t in tables]
    assert public[0] == public[1]
    for t in tables:
        check_log(store, t.table)


def test_no_seat_view_shows_a_chance_draw_or_another_seats_hand(store):
    codes = store.create_table(giganten, ["human", "random", "random"], seed=21)
    rng = random.Random(1)
    for _ in range(12):
        play_random_turn(store, codes, rng)
    view = store.seat_view(codes.seats[0], log_limit=None)
    text = view.to_json()
    assert "deal a tile with" not in text and "of value 2)" not in text  # the raw chance draws
    assert "their values stay secret" in text  # ... the events say only this
    players = view.content["observation"]["players_info"]
    assert players[0]["licenses"] is not None and players[1]["licenses"] is None is players[2]["licenses"]
    public = store.public_view(codes.table, log_limit=None)
    assert public.content["seat"] is None and public.content["choices"] == []
    assert all(p["licenses"] is None for p in public.content["observation"]["players_info"])
    assert all(s.get("oil") is None for s in public.content["observation"]["sites"] if s["state"] == "tile")
    assert public.content["log"] == view.content["log"]
    opened = store.create_table(giganten, ["random", "random", "random"], seed=21, options={"open_licenses": True})
    hands = store.public_view(opened.table).content["observation"]["players_info"]
    state = store.state(opened.table)
    assert [p["licenses"] for p in hands] == [state.observation(p)["players_info"][p]["licenses"] for p in range(3)]


def test_the_log_a_seat_reads_hides_which_entries_were_chance_draws():
    """Entry words of a chance draw join the decision before them, so a hidden draw that was a
    chance node in one game and not in its twin (a one-value license pile) looks the same."""
    from gamekit.tables.views import Said, Words, public_log

    move = Words(0, "take the red card", (Said("Red takes the red card.", (), "A2", 0),))
    draw = Words(None, None, (Said("Red draws 2 sales licenses.", (), "A3", 0),))
    as_one = Words(0, "take the red card", move.events + draw.events)
    setup = Words(None, None, (Said("Setup.", (), "S", None),))
    assert public_log([setup, move, draw]) == public_log([setup, as_one])
    log, total = public_log([setup, move, draw], limit=1)
    assert total == 2 and log == [{"number": 1, "player": 0, "action": "take the red card", "events": [
        {"text": "Red takes the red card.", "section": "A2", "player": 0},
        {"text": "Red draws 2 sales licenses.", "section": "A3", "player": 0}], "by": None, "bot": None}]


def test_common_keeps_what_all_agree_on():
    from gamekit.tables.views import common

    seen = [{"me": 0, "hands": [[1, 2], None], "board": [1, 2]}, {"me": 1, "hands": [None, [3, 0]], "board": [1, 2]}]
    assert common(seen) == {"me": None, "hands": [None, None], "board": [1, 2]}
    assert common([[1, 2], [1, 2, 3]]) is None
