"""First Giants questions (issue 26): each kind's answer against the rules on 1,000 generated positions, the
feedback for right and wrong answers, seeds, levels, and questions that depend on the position only.

The references here are written from the rulebook's words, or apply the action in question to the position and
read the state that results; the question module computes its answers with the rule functions (or the same
action), so the two meet only if both are right.
"""
from __future__ import annotations

import random

import pytest

import firstgiants as g
from firstgiants.actions import NEW_SET, Display, GainAmber, Reclaim, TakeCard
from firstgiants.components import CARDS, DISPLAY_FREE, FAMILY_NAMES, GAIN_POINT, SIZE_NAMES, Card
from firstgiants.questions import MAKERS, SCENARIOS_OF, SECTION_OF_PHASE, Pose, later
from firstgiants.rules.museum import type_name
from gamekit.play import RandomBot, sample_chance

RULE_KINDS = [k.name for k in g.questions.kinds() if not k.judgement]
POSITIONS = 1_000  # generated positions per kind
LEVELS = 4  # the positions cycle through levels 0-3


def posed(kind: str, i: int) -> tuple[Pose, g.questions.Question]:
    """The ``i``-th generated position of ``kind`` and its question (level ``i % LEVELS``)."""
    rng = random.Random(f"test/{kind}/{i}")
    maker = MAKERS[kind]
    pose = maker.find(rng, i % LEVELS)
    return pose, maker.ask(pose, rng)


# -- references from the rulebook --------------------------------------------------------------------------

def ref_type_of_pair(first: Card, second: Card) -> tuple[str, object] | None:
    """"Complete FAMILY SET -- Same Family + Different Sizes ... Complete SIZE SET -- Same Size + Different
    Families"; "An egg ... can act as a card of any Size in a set"; "the second card ... determines its type"."""
    if first.family == second.family:
        return None if first.size == second.size and not first.is_egg else ("family", first.family)
    if first.is_egg or second.is_egg or first.size == second.size:
        return ("size", second.size or first.size or "declared")
    return None


def ref_fits(cards: list[Card], kind: str, key: int, card: Card) -> bool:
    """A family set: one family, different sizes, at most 3 cards; a size set: one size, different families, at most
    5 cards; an egg acts as any size (of its own family)."""
    if kind == "family":
        sizes = [c.size for c in cards if not c.is_egg]
        return len(cards) < 3 and card.family == key and (card.is_egg or card.size not in sizes)
    return len(cards) < 5 and (card.is_egg or card.size == key) and card.family not in [c.family for c in cards]


def ref_set_points(data: dict) -> int:
    """"Each Set token is worth 2 points if the set is incomplete (single leaf) or 3 points if the set is complete"."""
    return data["set_tokens"] * (3 if data["complete"] else 2)


def ref_news_points(state: g.State, player: int) -> int:
    """The kit's values (ruling R8, the default reading of R23): a family's token 3, a size's 5."""
    tokens = state.observation(player)["news_tokens"]
    return sum(3 if t["token"].split()[0] in FAMILY_NAMES else 5 for t in tokens if t["holder"] == player)


def ref_tokens_score(state: g.State, player: int) -> int:
    sets = state.observation(player)["players"][player]["display"]
    return sum(ref_set_points(m) for m in sets) + ref_news_points(state, player)


def ref_final_score(state: g.State, player: int) -> int:
    """"Add up your scores": News tokens, Set tokens, and "all the points earned during the game"."""
    return state.observation(player)["players"][player]["points"] + ref_tokens_score(state, player)


def named(state: g.State, option: str) -> set[str]:
    return {name for name in state.names if name in option}


def number(option: str) -> int:
    return 0 if option.startswith("none") else int(option.split()[0])


# -- each kind's answer, against the rules ---------------------------------------------------------------

def check_set_type(pose: Pose, right: str) -> None:
    s, p, (k, card) = pose.state, pose.seat, pose.subject
    first = s.museum[p][k].cards[0]
    expected = ref_type_of_pair(CARDS[first], CARDS[card])
    offered = [a for a in s.legal_actions() if isinstance(a, Display) and (a.card, a.target) == (card, k)]
    assert bool(offered) == (expected is not None)
    if expected is None:
        assert right.startswith("nothing")
        with pytest.raises(g.IllegalAction):
            s.apply(Display(card, k))
        return
    after = s.apply(offered[0]).museum[p][k]
    if expected[1] == "declared":
        assert right == f"a size set whose size {s.names[p]} declares" and after.key == offered[0].as_size
    else:
        assert right == f"a {type_name(after.kind, after.key)}"
        assert (after.kind, after.key) == ((1 if expected[0] == "family" else 2), expected[1])


def check_set_fit(pose: Pose, right: str, options: tuple[str, ...]) -> None:
    s, p, (k,) = pose.state, pose.seat, pose.subject
    mset = s.museum[p][k]
    kind = "family" if mset.kind == 1 else "size"
    by_name = {c.name: c for c in reversed(CARDS)}
    fitting = [o for o in options if ref_fits([CARDS[c] for c in mset.cards], kind, mset.key, by_name[o])]
    assert fitting == [right]


def check_museum_points(pose: Pose, right: str) -> None:
    s, p = pose.state, pose.seat
    expected = ref_tokens_score(s, p)
    assert number(right) == expected
    assert expected + s.points[p] == s.score(p)


def check_news_token(pose: Pose, right: str) -> None:
    s, p, (action,) = pose.state, pose.seat, pose.subject
    mset = s.museum[p][action.target]
    token = next(t for t in s.observation(p)["news_tokens"] if t["token"].startswith(
        FAMILY_NAMES[mset.key] if mset.kind == 1 else SIZE_NAMES[mset.key]))
    holder, kept, size = token["holder"], token["locked"], len(mset.cards) + 1
    complete = size == (3 if mset.kind == 1 else 5)
    if holder is None or holder == p:
        owner, for_good = p, kept or complete
    elif kept:
        owner, for_good = holder, True
    else:
        theirs = max(len(m.cards) for m in s.museum[holder] if (m.kind, m.key) == (mset.kind, mset.key))
        owner, for_good = (p, complete) if size > theirs else (holder, False)
    assert named(s, right) == {s.names[owner]}
    if owner == p:
        assert ("for good" in right) == for_good
    after = s.apply(action)
    assert [t["holder"] for t in after.observation(p)["news_tokens"] if t["token"] == token["token"]] == [owner]


def check_reclaim_amber(pose: Pose, right: str) -> None:
    s, p = pose.state, pose.seat
    out = sum(p in s.markers_at(site) for site in range(4))
    assert number(right) == s.amber[p] + min(out, s.amber_supply())
    after = s.apply(Reclaim())
    while after.phase_name == "reclaim":
        after = after.apply(GainAmber())
    assert number(right) == after.amber[p]


def check_display_cost(pose: Pose, right: str) -> None:
    s, p, (card,) = pose.state, pose.seat, pose.subject
    free = s.decision is not None and s.decision.code == DISPLAY_FREE
    assert number(right) == (0 if free else 2 if CARDS[card].is_egg else CARDS[card].size)
    paid = "at no cost" if free else f"for {number(right)} amber"
    after = s.apply(Display(card, NEW_SET))
    assert [e.text for e in after.events if e.section == "Display 1 Fossil"][0].startswith(
        f"{s.names[p]} displays {CARDS[card]} {paid}, starting a new set")


def check_effect_gain(pose: Pose, right: str) -> None:
    s, p, (card, effect) = pose.state, pose.seat, pose.subject
    study = [CARDS[c] for c in s.study[p]] + [CARDS[card]]
    counts = {0: 1, 1: sum(c.family_name == "Carnivore" for c in study), 2: len({c.family for c in study}),
              3: len(study) // 2}
    expected = sum(part.amount * counts[part.multiplier] for part in CARDS[card].parts
                   if part.effect == effect and part.who == 0)
    after = s.apply(TakeCard(card))
    if effect == GAIN_POINT:
        assert number(right) == expected == after.points[p] - s.points[p]
    else:
        assert number(right) == min(expected, s.amber_supply()) == after.amber[p] - s.amber[p]


def check_game_end(pose: Pose, right: str) -> None:
    s = pose.state
    rng, bots = random.Random(s.turns), [RandomBot(q) for q in range(s.n)]
    final = s
    while not final.is_terminal():
        seat = final.current_player()
        final = final.apply(sample_chance(final, rng) if seat is None else bots[seat].act(final))
    assert number(right) == final.turns - s.turns - 1
    assert len(named(s, right)) == number(right)


def check_final_score(pose: Pose, right: str) -> None:
    assert pose.state.is_terminal()
    assert number(right) == ref_final_score(pose.state, pose.seat) == pose.state.score(pose.seat)


def check_winner(pose: Pose, right: str) -> None:
    s = pose.state
    scores = [ref_final_score(s, q) for q in range(s.n)]
    best = {s.names[q] for q in range(s.n) if scores[q] == max(scores)}
    assert named(s, right) == best
    assert ("share victory" in right) == (len(best) > 1)


CHECKS = {"set_type": check_set_type, "museum_points": check_museum_points, "news_token": check_news_token,
          "reclaim_amber": check_reclaim_amber, "display_cost": check_display_cost, "effect_gain": check_effect_gain,
          "game_end": check_game_end, "final_score": check_final_score, "winner": check_winner}


def test_the_kinds_eight_rule_kinds_or_more_and_a_judgement_each_with_its_rulebook_section() -> None:
    kinds = g.questions.kinds()
    assert len(RULE_KINDS) >= 8 and any(k.judgement for k in kinds)
    assert set(CHECKS) | {"set_fit"} == set(RULE_KINDS)
    sections = {"Game Turn", "Play 1 Marker", "Reclaim Markers", "Display 1 Fossil", "Score Points",
                "End of the Game", "Cards' Icons & Effects"}
    assert all(k.section in sections and k.title for k in kinds)


@pytest.mark.parametrize("kind", RULE_KINDS)
def test_each_kind_answer_equals_what_the_rules_give_on_1000_positions(kind: str) -> None:
    answers = set()
    for i in range(POSITIONS):
        pose, q = posed(kind, i)
        assert q.kind == kind and q.seat == pose.seat and q.answer is not None
        right = q.options[q.answer]
        answers.add(right if kind in ("set_type", "news_token") else q.answer)
        if kind == "set_fit":
            check_set_fit(pose, right, q.options)
        else:
            CHECKS[kind](pose, right)
    assert len(answers) >= 2  # (the right answer is not always the same option)


@pytest.mark.parametrize("kind", RULE_KINDS)
def test_feedback_right_and_wrong_says_why_with_the_section(kind: str) -> None:
    for seed in range(5):
        q = g.questions.make(kind, seed=seed)
        assert q.answer is not None
        right = q.check(q.answer)
        assert right.correct and right.text.startswith("Right: ") and right.text.endswith(f"[{right.section}]")
        assert right.section == g.questions.QUESTIONS.kind(kind).section
        wrong = q.check((q.answer + 1) % len(q.options))
        assert not wrong.correct and wrong.text.startswith("Not right: ")
        assert f"the answer is {q.options[q.answer]}" in wrong.text
        assert wrong.text.endswith(f"[{right.section}]")
        if kind == "set_fit":  # (the reason for the option chosen)
            assert f"A {q.options[q.answer]} fits" in right.text
            assert f"A {q.options[(q.answer + 1) % len(q.options)]} does not fit" in wrong.text
        assert q.check(q.options[q.answer]) == right


def test_feedback_speaks_the_engines_words() -> None:
    """The why of an action's question is the event that action records."""
    q = g.questions.make("news_token", seed=3, level=1)
    pose_rng = random.Random("news_token/3/1")
    pose = MAKERS["news_token"].find(pose_rng, 1)
    (action,) = pose.subject
    event = next(e for e in pose.state.apply(action).events if e.section == "Score Points")
    assert event.text in q.check(0).text
    q = g.questions.make("game_end", seed=2)
    assert "Play continues until all players have had an equal number of turns" in q.check(0).text


def test_same_seed_same_question_other_seeds_other_questions() -> None:
    for kind in [k.name for k in g.questions.kinds()]:
        a, b = g.questions.make(kind, seed=7, level=1), g.questions.make(kind, seed=7, level=1)
        assert (a.prompt, a.options, a.answer, a.seat) == (b.prompt, b.options, b.answer, b.seat)
        assert a.state.fingerprint() == b.state.fingerprint()
        others = {g.questions.make(kind, seed=s).state.fingerprint() for s in range(6)}
        assert len(others) >= 4


def test_levels_later_in_the_game_with_more_players() -> None:
    for kind in ("set_type", "museum_points", "reclaim_amber", "display_cost", "best_move"):
        for seed in range(5):
            q = g.questions.make(kind, seed=seed, level=3)
            assert later(q.state, 3) and q.state.turns >= 3 * 2 * q.state.n and q.state.num_players >= 4
    assert all(len(g.questions.make("winner", seed=s, level=3).state.winners()) > 1 for s in range(5))
    for seed in range(5):
        second, best = sorted(g.questions.make("winner", seed=seed, level=1).state.returns())[-2:]
        assert best - second <= 2


@pytest.mark.parametrize("kind", [k.name for k in g.questions.kinds()])
def test_positions_come_from_random_play_and_from_the_scenarios_of_the_rule(kind: str) -> None:
    scenarios = {g.scenario(name).origin for name in SCENARIOS_OF[kind]}
    origins = [MAKERS[kind].find(random.Random(f"origin/{i}"), 0).state.origin for i in range(60)]
    assert None in origins  # (a new game)
    assert scenarios & set(origins) and set(origins) <= scenarios | {None}


@pytest.mark.parametrize("kind", [k.name for k in g.questions.kinds()])
def test_a_question_depends_on_the_position_only_not_on_how_the_game_got_there(kind: str) -> None:
    """First Giants has no hidden information: the twin of a position is the same position read back from its
    position file (no history, no seed): the same prompt, options and answer."""
    for i in range(20):
        rng = random.Random(f"twin/{kind}/{i}")
        pose = MAKERS[kind].find(rng, i % 3)
        twin = Pose(g.from_position(pose.state.to_position()), pose.seat, pose.subject)
        assert twin.state.history() == [] and twin.state.fingerprint() == pose.state.fingerprint()
        seed = rng.getrandbits(32)
        a, b = MAKERS[kind].ask(pose, random.Random(seed)), MAKERS[kind].ask(twin, random.Random(seed))
        assert (a.prompt, a.options, a.answer, a.seat) == (b.prompt, b.options, b.answer, b.seat)
        if a.answer is not None:
            assert a.check(a.answer) == b.check(b.answer)


def test_a_judgement_question_is_checked_by_the_coach() -> None:
    q = g.questions.make("best_move", seed=1)
    assert q.judgement and q.answer is None and len(q.options) >= 2
    assert set(q.options) <= {str(a) for a in q.state.legal_actions()}
    feedback = [q.check(i) for i in range(len(q.options))]
    best = feedback[0].best
    assert best is not None and all(f.best == best for f in feedback)
    assert feedback[best].correct and feedback[best].cost == 0 and feedback[best].win_cost == 0
    assert all(f.cost is not None and f.cost >= 0 and f.text.endswith(f"[{f.section}]")
               for f in feedback)
    assert feedback[best].section == SECTION_OF_PHASE[q.state.phase]


def test_an_answer_that_is_no_option_is_refused() -> None:
    q = g.questions.make("final_score", seed=1)
    with pytest.raises(ValueError, match="not an answer here"):
        q.check("a million points")
    with pytest.raises(ValueError, match="no kind of question"):
        g.questions.make("price_zone", seed=1)


def test_the_practice_widget_asks_first_giants_questions_with_the_picture_and_clicks() -> None:
    from gamekit.widgets.questions import practice

    widget = practice(g.questions, kinds=RULE_KINDS, seed=5)
    for _ in range(12):  # right answers raise the level
        q = widget.question
        assert q is not None and q.answer is not None
        assert widget.answer(q.answer).correct
        widget.another()
    assert widget.right == widget.asked == 12 and widget.level >= 5
    assert widget.picture.layout.display is None  # (the table's picture is shown)
    clicked = practice(g.questions, kinds=["best_move"], seed=3)
    q = clicked.question
    assert q is not None and q.targets and clicked.clicking
    feedback = clicked.click(q.targets[0])
    assert feedback == q.check(0) and feedback.section == SECTION_OF_PHASE[q.state.phase]


def test_the_questions_load_with_the_rules_alone() -> None:
    """``import firstgiants`` brings the questions but neither widgets nor plotting (the rule modules stay pure)."""
    import subprocess
    import sys

    code = "import sys, firstgiants; print(sorted(m for m in ('ipywidgets', 'matplotlib') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("kind", RULE_KINDS)
def test_twin_positions_give_identical_question_pages(kind: str) -> None:
    """The practice widget's page (picture, prompt, buttons, then the feedback) is the same for a position and
    its twin read back from the position file."""
    from gamekit.questions import Kind, QuestionSet
    from gamekit.widgets import shown
    from gamekit.widgets.questions import practice

    for i in range(3):
        pose = MAKERS[kind].find(random.Random(f"page/{kind}/{i}"), i)
        twin = Pose(g.from_position(pose.state.to_position()), pose.seat, pose.subject)
        pages = []
        for posed_ in (pose, twin):
            asked = MAKERS[kind].ask(posed_, random.Random(i))
            w = practice(QuestionSet([Kind(kind, "t", "s", False, lambda rng, level, asked=asked: asked)]))
            before = shown(w.widget)
            w.answer(0)
            pages.append((before, shown(w.widget)))
        assert pages[0] == pages[1]
