"""The state's plumbing: cheap copies that are still independent, the protocol at every kind of node."""
from __future__ import annotations

import giganten as g
from gamekit import random_game, rewind, states_along
from giganten.state import _SLOTS, FIELDS


def test_copy_carries_every_slot_and_a_changed_copy_leaves_the_original():
    s = rewind(random_game(g.new_game(4), 11), 200)
    c = s._copy()
    assert set(FIELDS) | {"_offered"} == set(_SLOTS)
    for name in FIELDS:
        assert getattr(c, name) == getattr(s, name), name
    assert c == s
    c._credit(0, 1)
    c._reveal_card(0)
    assert c != s and s.money != c.money and s.display != c.display


def test_states_sharing_site_lists_never_change_each_other():
    """``apply`` shares every field with its result (they are immutable): no state along a game, nor a sibling,
    nor a determinized copy, ever changes afterwards."""
    import random

    from gamekit import sample_chance

    rng = random.Random(8)
    for players in (3, 4):
        s = g.new_game(players)
        kept = []
        while not s.is_terminal():
            kept.append((s, s.fingerprint()))
            if s.is_chance():
                action = sample_chance(s, rng)
            else:
                legal = s.legal_actions()
                action = rng.choice(legal)
                sibling = s.apply(rng.choice(legal))
                kept.append((sibling, sibling.fingerprint()))
                d = s.determinize(s.current_player(), rng)
                kept.append((d, d.fingerprint()))
            s = s.apply(action)
        assert all(state.fingerprint() == fingerprint for state, fingerprint in kept)


def test_chance_and_decision_nodes_follow_the_protocol():
    s = g.new_game(3)
    assert s.is_chance() and s.current_player() is None and s.legal_actions() == []
    end = random_game(s, 4)
    assert end.is_terminal() and end.current_player() is None and not end.is_chance()
    assert end.legal_actions() == [] and end.chance_outcomes() == []
    assert len(end.returns()) == 3 and all(isinstance(r, float) for r in end.returns())


def test_every_event_names_a_rulebook_section():
    sections = set()
    for state in states_along(random_game(g.new_game(4), 21)):
        for event in state.events:
            sections.add(event.section)
            assert event.section.startswith(("Setup", "Action ", "End of Game")), event
    assert {"Action 1 — Change Market Prices", "Action 6 — Produce and Transport Oil", "End of Game"} <= sections


def test_pickle_and_deepcopy_give_equal_independent_states():
    import copy
    import pickle

    s = random_game(g.new_game(4), 3)
    assert pickle.loads(pickle.dumps(s)) == s
    d = copy.deepcopy(s)
    assert d == s and d.history() == s.history() and d.events == s.events
    d._credit(0, 1)
    assert d != s


def test_one_rule_path_playing_in_place_without_events_reaches_the_same_states():
    """The search plays on a private copy in place, recording no events (``gamekit.mcts``): the rules take the
    same decisions either way."""
    from gamekit.checks import check_in_place_advance

    for players in (3, 4):
        check_in_place_advance(g.new_game(players), seed=6)
