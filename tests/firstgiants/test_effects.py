"""Scenario tests of every effect of the legend ("Cards' Icons & Effects") and of triggers
("Play 1 Marker", step 3: recurring effects, simultaneous effects, turn order)."""
from __future__ import annotations

import itertools

import pytest

import firstgiants as g
from firstgiants.rules import D_ORDER, RESOLVE, triggers, turn
from firstgiants.rules.effects import TRIGGER
from firstgiants.rules.museum import UNTYPED, MuseumSet
from gamekit import random_game

from .helpers import (
    ANY_DISPLAY,
    ANY_SPEND,
    CARNIVORE_AMBER,
    FREE,
    GAIN2,
    NEW_FAMILY_AMBER,
    OR_POINT,
    PER_CARNIVORE,
    PER_FAMILY,
    PER_PAIR,
    TWO_DIFFERENT,
    TWO_SAME,
    card,
    egg,
    fx,
    position,
    reveal,
    run,
    texts,
)


def take(s, c, site=0):
    """Play a marker at ``site`` and take card ``c`` there."""
    s = s.apply(g.PlayMarker(site))
    return s.apply(g.TakeCard(c)) if s.phase == 3 else s


# -- gains, multipliers, the opponents icon ---------------------------------------------------------
def test_gain_amber_and_each_opponent_applies_the_effect_clockwise():
    """Amber icon; opponents icon: "Each opponent applies this effect"."""
    s = position(3, sites=[fx("Flying", GAIN2), card("Marine", 1)], active=1)
    s = take(s, fx("Flying", GAIN2))
    assert s.amber == [3, 4, 3]
    lines = [e.text for e in s.events if "gains" in e.text and "applies" not in e.text]
    assert lines == ["Ben gains 2 amber (#0 Small Flying).", "Cleo gains 1 amber (#0 Small Flying).",
                     "Ana gains 1 amber (#0 Small Flying)."]


@pytest.mark.parametrize("effect, study, expected", [
    # "for each pair of cards you have in your Study": 4 + the card taken = 5 cards, 2 pairs
    (fx("Herbivore", PER_PAIR), [card("Flying", 1), card("Flying", 1, 1), card("Marine", 1), card("Marine", 1, 1)], 2),
    # "for each carnivore card you have in your Study": 2 + the Large Carnivore taken
    (fx("Carnivore", PER_CARNIVORE), [card("Carnivore", 1), egg("Carnivore"), card("Marine", 1)], 3),
    # the same card taken by a player with no carnivore counts only itself
    (fx("Carnivore", PER_CARNIVORE), [card("Marine", 1)], 1),
])
def test_point_multipliers_count_the_study_when_the_effect_resolves(effect, study, expected):
    """Leaf icon with the multiplier + carnivore and multiplier + pair-of-cards icons."""
    s = position(2, sites=[effect, card("Marine", 1, 1)], study={0: study})
    s = take(s, effect)
    assert s.points[0] == expected


def test_amber_per_different_family_in_the_study():
    """Amber icon with the multiplier + rainbow family icon: Flying, Marine and the Carnivore taken."""
    per_family = fx("Carnivore", PER_FAMILY)
    s = position(2, sites=[per_family, card("Marine", 1, 1)],
                 study={0: [card("Flying", 1), card("Flying", 1, 1), card("Marine", 1)]})
    s = take(s, per_family)
    assert s.amber[0] == 2 + 3 and "3 different Families in the Study" in texts(s)


def test_the_amber_supply_is_finite():
    """Ruling R6: 80 amber in the box; a gain takes what is left in the supply (a house rule, and the event
    says so)."""
    s = position(2, sites=[fx("Flying", GAIN2), card("Marine", 1)], amber={0: 40, 1: 39})
    s = take(s, fx("Flying", GAIN2))
    assert s.amber == [41, 39] and s.amber_supply() == 0
    assert ("Ana gains 1 amber (#0 Small Flying; the supply had only 1: the kit's house rule R6 limits amber to its "
            "80 tokens, not points)") in texts(s)


def test_spend_3_amber_for_2_points_is_a_choice():
    """3 amber arrow 2 points icon: "You may spend 3 amber to gain 2 points"."""
    spend = fx("Marine", ANY_SPEND)
    s = position(2, sites=[spend, card("Flying", 1)], amber={0: 3})
    s = take(s, spend)  # "each time any player takes a fossil card": includes this take
    assert s.legal_actions() == [g.SpendAmber(), g.Decline()]
    after = s.apply(g.SpendAmber())
    assert (after.amber[0], after.points[0], after.amber_supply()) == (0, 2, 80 - 2)
    assert s.apply(g.Decline()).amber[0] == 3


def test_spend_is_skipped_without_3_amber():
    spend = fx("Marine", ANY_SPEND)
    s = take(position(2, sites=[spend, card("Flying", 1)], amber={0: 2}), spend)
    assert reveal(s).current_player() == 1 and "has only 2 amber and cannot spend 3" in texts(s)


# -- displays -----------------------------------------------------------------------------------------
def test_display_or_point_offers_both():
    """Display / leaf icon: "You may display 1 fossil OR gain 1 point"."""
    or_point = fx("Flying", OR_POINT)
    s = take(position(2, sites=[or_point, card("Marine", 1)]), or_point)
    assert s.legal_actions() == [g.Display(or_point), g.GainPoint()]
    assert s.apply(g.GainPoint()).points[0] == 1


def test_a_display_effect_may_show_the_card_just_taken():
    """Ruling: the card taken is in the Study when its effect applies, so it may display itself."""
    free = fx("Herbivore", FREE)
    s = take(position(2, sites=[free, card("Flying", 1)], amber={0: 0}), free)
    s = s.apply(g.Display(free))
    assert s.museum[0] == (MuseumSet((free,), UNTYPED, -1, 0),) and s.study[0] == ()


def test_up_to_two_displays_of_different_families():
    """Two displays + rainbow family icon: "You may display up to 2 fossils of different Families"."""
    two = fx("Flying", TWO_DIFFERENT)
    sh, sh2, sm = card("Herbivore", 1), card("Herbivore", 1, 1), card("Marine", 1)
    s = take(position(2, sites=[two, card("Marine", 2)], amber={0: 5}, study={0: [sh, sh2, sm]}), two)
    s = s.apply(g.Display(sh))
    assert s.current_player() == 0 and g.Display(sh2) not in s.legal_actions()
    with pytest.raises(g.IllegalAction, match="a different Family from the first \\(Herbivore\\)"):
        s.apply(g.Display(sh2))
    s = s.apply(g.Display(sm))
    assert s.amber[0] == 3 and reveal(s).current_player() == 1


def test_up_to_two_displays_of_the_same_family_and_stopping_after_one():
    """Two displays + same family icon: "You may display up to 2 fossils of the same Family"."""
    two = fx("Flying", TWO_SAME)
    sh, mh, sm = card("Herbivore", 1), card("Herbivore", 2), card("Marine", 1)
    s = take(position(2, sites=[two, card("Marine", 2)], amber={0: 5}, study={0: [sh, mh, sm]}), two)
    s = s.apply(g.Display(sh))
    assert {a.card for a in s.legal_actions() if isinstance(a, g.Display)} == {mh}
    with pytest.raises(g.IllegalAction, match="the same Family as the first"):
        s.apply(g.Display(sm))
    s = s.apply(g.Decline())
    assert "stops after one display" in texts(s) and s.is_chance()


def test_a_may_display_with_nothing_affordable_does_nothing():
    """Display icon: "You may display 1 fossil" — if nothing can be paid, nothing happens (ruling)."""
    any_display = fx("Marine", ANY_DISPLAY)
    s = take(position(2, sites=[any_display, card("Flying", 1)], amber={0: 0}), any_display)
    assert s.is_chance()
    assert "Ana cannot pay for any fossil in the Study (has 0 amber): the effect" in texts(s)


# -- recurring effects ------------------------------------------------------------------------------------
def test_each_time_you_take_a_carnivore_including_the_card_itself():
    """Hand + carnivore icon; "including at the moment you actually take the card"."""
    watcher = fx("Flying", CARNIVORE_AMBER)
    s = position(2, sites=[egg("Carnivore"), egg("Marine")], study={0: [watcher]})
    assert take(s, egg("Carnivore")).amber[0] == 3  # eggs have no effect: only the watcher's 1 amber
    assert take(s, egg("Marine")).amber[0] == 2
    carnivore_watcher = fx("Carnivore", CARNIVORE_AMBER)
    s = position(2, sites=[carnivore_watcher, card("Marine", 1)])
    assert take(s, carnivore_watcher).amber[0] == 3  # it triggers on its own take


def test_each_time_you_take_a_new_family():
    """Hand + rainbow family icon: "a Family you don't currently have in your Study" (before the take;
    displayed fossils are not in the Study)."""
    watcher = fx("Flying", NEW_FAMILY_AMBER)
    herb, flying = egg("Herbivore"), egg("Flying")
    s = position(2, sites=[herb, flying], study={0: [watcher]}, museum={0: [[card("Herbivore", 3)]]})
    assert take(s, herb).amber[0] == 3  # Herbivore only on display: new to the Study
    assert take(s, flying).amber[0] == 2  # Flying already in the Study (the watcher itself)
    fresh = position(2, sites=[watcher, card("Marine", 1)])
    assert take(fresh, watcher).amber[0] == 3  # its own take: Flying was not in the Study before


def test_each_time_any_player_takes_triggers_for_opponents_and_their_choices_are_theirs():
    """Fossil card icon: "Each time any player takes a fossil card" — the owner decides."""
    spend = fx("Marine", ANY_SPEND)
    s = position(2, sites=[egg("Flying"), card("Marine", 1)], study={1: [spend]}, amber={1: 3})
    s = take(s, egg("Flying"))
    assert s.current_player() == 1 and s.active == 0 and s.legal_actions() == [g.SpendAmber(), g.Decline()]
    s = reveal(s.apply(g.SpendAmber()))
    assert s.points[1] == 2 and s.current_player() == 1 and s.active == 1  # Ana's turn ended; Ben's turn


def test_variant_eggs_not_fossils_an_egg_triggers_no_fossil_or_carnivore_effect():
    """Ruling R10, the other reading: the legend names "Fossil card icon" and "Egg card" apart, so with
    ``eggs_not_fossils`` an egg is neither a "fossil card" nor a "carnivore card"."""
    carnivores = fx("Flying", CARNIVORE_AMBER)  # each time you take a carnivore card: 1 amber
    s = position(2, sites=[egg("Carnivore"), card("Carnivore", 1)], study={0: [carnivores]}, eggs_not_fossils=True)
    assert take(s, egg("Carnivore")).amber[0] == 2  # the Carnivore egg is no carnivore card
    assert take(s, card("Carnivore", 1)).amber[0] > 2  # a Carnivore fossil still is
    spend = fx("Marine", ANY_SPEND)  # each time any player takes a fossil card: spend 3 for 2 points
    s = position(2, sites=[egg("Flying"), card("Marine", 1)], study={1: [spend]}, amber={1: 3}, eggs_not_fossils=True)
    s = take(s, egg("Flying"))
    assert s.current_player() != 1 and s.points[1] == 0  # Ben's watcher is not asked: an egg is no fossil card
    per_carnivore = fx("Carnivore", PER_CARNIVORE)  # 1 point per carnivore card in the Study
    study = {0: [card("Carnivore", 1), egg("Carnivore")]}
    for variant, points in ((False, 3), (True, 2)):
        s = position(2, sites=[per_carnivore, card("Marine", 1)], study=study, eggs_not_fossils=variant)
        assert take(s, per_carnivore).points[0] == points  # the egg counts only by default


def test_variant_eggs_not_fossils_an_egg_still_brings_a_new_family():
    """ "Each time you take a card from a Family you don't currently have": an egg is a card of its family
    under either reading."""
    watcher = fx("Flying", NEW_FAMILY_AMBER)
    s = position(2, sites=[egg("Herbivore"), card("Marine", 1)], study={0: [watcher]}, eggs_not_fossils=True)
    assert take(s, egg("Herbivore")).amber[0] == 3


def test_once_during_this_turn_does_not_repeat_on_later_takes():
    """Lightning bolt icon: a single-use effect "only occurs once, during the turn in which you take the card"."""
    s = position(2, sites=[card("Marine", 1, 1), card("Mammal", 1, 1)], study={0: [fx("Flying", GAIN2)]})
    s = take(s, card("Marine", 1, 1))  # Marine 1/1: display or point
    assert s.amber == [2, 2]


def test_a_fossil_on_display_loses_its_effects():
    """Display 1 Fossil: "A fossil on display loses all its effects"."""
    spend = fx("Marine", ANY_SPEND)
    s = position(2, sites=[egg("Flying"), card("Marine", 1)], museum={1: [[spend]]}, amber={1: 3})
    s = reveal(take(s, egg("Flying")))
    assert s.current_player() == 1 and s.active == 1 and s.points[1] == 0


# -- simultaneous effects ------------------------------------------------------------------------------
def test_simultaneous_effects_active_player_orders_hers_then_others_clockwise():
    """Play 1 Marker: "resolve them in the order of your choice"; "starting with all the active player's
    effects and proceeding clockwise"."""
    gain = fx("Herbivore", GAIN2)
    ana_display, ana_spend = fx("Flying", ANY_DISPLAY), fx("Flying", ANY_SPEND)
    ben_display, cleo_spend = fx("Marine", ANY_DISPLAY), fx("Mammal", ANY_SPEND)
    s = position(3, sites=[gain, card("Marine", 1)], amber={0: 1, 1: 1, 2: 3},
                 study={0: [ana_display, ana_spend, card("Flying", 1, 1)], 1: [ben_display, card("Marine", 1, 1)],
                        2: [cleo_spend]})
    s, events = run(s, g.PlayMarker(0), g.TakeCard(gain))
    assert s.decision.code == D_ORDER and s.current_player() == 0
    assert str(events[-1]) == ("Ana has 3 triggered effects waiting (#11 Large Flying, #6 Medium Flying and #12 Small "
                               "Herbivore): the order in which they resolve is Ana's choice. [Play 1 Marker]")
    assert s.legal_actions() == [g.ResolveTrigger(c) for c in (ana_display, ana_spend, gain)]
    # Ana resolves the gain first: 2 amber for her, 1 for each opponent (clockwise) ...
    s, more = run(s, g.ResolveTrigger(gain))
    events += more
    assert s.amber == [3, 2, 4] and s.current_player() == 0
    s, more = run(s, g.ResolveTrigger(ana_spend), g.SpendAmber())
    events += more
    assert s.points[0] == 2 and s.amber[0] == 0
    # ... her display effect: she cannot pay any more, so it does nothing; then Ben, then Cleo
    assert s.current_player() == 1 and g.Display(card("Marine", 1, 1)) in s.legal_actions()
    s, more = run(s, g.Display(card("Marine", 1, 1)))
    events += more
    assert s.current_player() == 2 and s.legal_actions() == [g.SpendAmber(), g.Decline()]
    s, more = run(s, g.Decline())
    events += more
    assert s.is_chance() and s.active == 1
    order = [e.player for e in events if "applies" in e.text]
    assert order == [0, 0, 0, 1, 2]


def test_identical_plain_gains_need_no_ordering():
    """Ruling: the order of identical plain gains cannot matter, so it is not asked."""
    s = position(2, sites=[egg("Carnivore"), card("Marine", 1)],
                 study={0: [fx("Flying", CARNIVORE_AMBER), fx("Marine", CARNIVORE_AMBER)]})
    s = take(s, egg("Carnivore"))
    assert s.is_chance() and s.amber[0] == 4


def test_an_effect_not_yet_resolved_is_lost_when_its_card_goes_on_display():
    """Display 1 Fossil: "A fossil on display loses all its effects" — also a triggered one still waiting."""
    free = fx("Herbivore", FREE)
    watcher = fx("Marine", ANY_DISPLAY)
    s = take(position(2, sites=[free, card("Flying", 1)], amber={0: 5}, study={0: [watcher]}), free)
    s = s.apply(g.ResolveTrigger(free)).apply(g.Display(watcher))
    assert "The effect of Ana's #47 Large Marine is lost" in texts(s) and s.current_player() is None
    assert s.amber[0] == 5


def test_the_order_is_not_asked_when_the_other_effects_can_do_nothing():
    """Ruling: with 0 amber, two "you may display 1 fossil" effects can do nothing in any order: not asked."""
    s = position(2, sites=[egg("Flying"), card("Marine", 1)], amber={0: 0},
                 study={0: [fx("Marine", ANY_DISPLAY), fx("Mammal", ANY_DISPLAY), fx("Mammal", ANY_SPEND)]})
    s = take(s, egg("Flying"))
    assert s.is_chance() and texts(s).count("does nothing") == 3


def _outcomes_of_turn(s, out, budget):
    """Every position reachable by any choices until the resolution of the take ends (added to ``out``)."""
    if budget[0] <= 0:
        raise OverflowError
    budget[0] -= 1
    if s.phase != RESOLVE:
        out.add(s.fingerprint())
        return
    for action in s.legal_actions():
        _outcomes_of_turn(s.apply(action), out, budget)


def test_an_order_that_is_not_asked_changes_nothing(monkeypatch):
    """Ruling R14, checked exhaustively: wherever the engine does not ask a player to order their simultaneous
    effects, every order reaches exactly the same positions (so no real decision is lost)."""
    cases = []
    decide = triggers.order_matters

    def recording(s, p, mine):
        matters = decide(s, p, mine)
        if not matters:
            copy = s._copy()
            copy._record, copy._events = None, []
            cases.append((copy, p, tuple(mine)))
        return matters

    monkeypatch.setattr(triggers, "order_matters", recording)
    for players, seed in ((2, 1), (3, 2), (4, 3), (5, 4)):
        random_game(g.new_game(players), seed=seed)
    monkeypatch.setattr(triggers, "order_matters", decide)
    checked = 0
    for s, p, mine in cases[:60]:
        reached = set()
        try:
            for order in itertools.permutations(mine):
                t = s._copy()
                t._record, t._events = None, []
                t.pending = tuple(TRIGGER[p][c] for c in order) + tuple(x for x in s.pending if x.player != p)
                triggers.resolve(t, p, order[0])
                t._cache = turn.settle(t)
                out: set = set()
                _outcomes_of_turn(t, out, [3000])
                reached.add(frozenset(out))
        except OverflowError:
            continue  # too many branches to enumerate here
        assert len(reached) == 1, f"the order of {mine} for player {p} matters but was not asked"
        checked += 1
    assert checked >= 30
