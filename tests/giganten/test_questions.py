"""Giganten's questions: each kind's answer is what applying the rules gives, on 1,000 generated positions each;
the feedback, seeds, bad answers; and a question never depends on what its seat may not see."""
from __future__ import annotations

import random
import re

import pytest

import giganten as g
from gamekit.questions import Question
from giganten import rules as R
from giganten.actions import AdvanceLocomotive, Bid, DriveTo, Pass, RollPrice, Transport
from giganten.components import COMPANIES, money
from giganten.prices import TRACK
from giganten.questions import FREE, KINDS, QUESTIONS, ZONE_RULE, paid_text
from giganten.rules.scoring import accounting

#: Positions per kind (the issue asks for at least 1,000); levels 0-3 in turn.
POSITIONS = 1000
RULE_KINDS = [k.name for k in QUESTIONS.kinds() if not k.judgement]


def questions(kind: str, count: int = POSITIONS) -> list[Question]:
    return [QUESTIONS.make(kind, seed=seed, level=seed % 4) for seed in range(count)]


def number(pattern: str, text: str) -> int:
    found = re.search(pattern, text)
    assert found, (pattern, text)
    return int(found.group(1))


def right(q: Question) -> str:
    assert q.answer is not None
    return q.options[q.answer]


def test_the_kinds_cover_the_rules_asked_for_with_their_sections():
    kinds = {k.name: k for k in g.questions.kinds()}
    assert len(RULE_KINDS) >= 8 and any(k.judgement for k in kinds.values())
    assert {"new_price", "price_zone", "truck_cost", "transport", "legal_bids", "bluff", "end_bonus",
            "tie_break"} <= set(kinds)
    assert kinds["new_price"].section == R.A1 and kinds["transport"].section == R.A6
    assert kinds["end_bonus"].section == kinds["tie_break"].section == R.END_OF_GAME
    assert g.questions.QUESTIONS is QUESTIONS and g.questions.make is not None


def test_action_1_the_new_price_is_where_the_rolled_face_moves_the_marker():
    for q in questions("new_price"):
        s = q.state
        color, pips = re.search(r"The die shows (red|blue) (\d)", q.prompt).groups()
        after = s.apply(RollPrice(color, int(pips)))
        assert right(q) == money(TRACK[after.prices[s.cursor]])


def test_action_1_the_zone_is_the_one_whose_rule_the_die_follows():
    for q in questions("price_zone"):
        s, c = q.state, q.state.cursor
        assert COMPANIES[c] in q.prompt
        up = [s.apply(RollPrice(color, 2)).prices[c] > s.prices[c] for color in ("blue", "red")]
        zone = {(True, True): "red", (True, False): "white", (False, False): "blue"}[tuple(up)]
        assert right(q) == ZONE_RULE[zone]


def test_action_4a_a_truck_move_costs_what_the_drive_spends():
    for q in questions("truck_cost"):
        s = q.state
        row, col = map(int, re.search(r"driving it to \((\d+), (\d+)\)", q.prompt).groups())
        after = s.apply(DriveTo(row, col))
        spent = s.mp - (after.mp if after.phase == R.MOVE and after.in_turn() == s.in_turn() else 0)
        assert right(q) == f"{spent} point{'s' if spent != 1 else ''}"


def test_action_4a_the_truck_may_drive_to_the_right_square_only_and_the_squares_are_click_targets():
    for q in questions("truck_reach"):
        s = q.state
        legal = set(s.legal_actions())
        for i, option in enumerate(q.options):
            row, col = map(int, re.fullmatch(r"\((\d+), (\d+)\)", option).groups())
            assert (DriveTo(row, col) in legal) == (i == q.answer), (option, q.prompt)
            assert q.targets[i] == f"sq-{row}-{col}" and q.target_option(f"sq-{row}-{col}") == i


def test_action_4c_the_locomotive_goes_as_far_as_advancing_it_goes():
    for q in questions("locomotive"):
        s = p = q.state
        seat = s.in_turn()
        spaces = 0
        while p.phase == R.MOVE and p.in_turn() == seat and AdvanceLocomotive() in p.legal_actions():
            p = p.apply(AdvanceLocomotive())
            spaces += 1
        assert right(q) == f"{spaces} rail space{'s' if spaces != 1 else ''}"


def test_action_6_who_is_paid_for_a_transport_is_who_the_engine_pays():
    for q in questions("transport"):
        s = q.state
        seat = s.in_turn()
        ways = []
        for action in [a for a in s.legal_actions() if isinstance(a, Transport) and a.company == 0]:
            after = s.apply(action)
            gains = [after.money[p] - s.money[p] for p in range(s.n)]
            payees = [p for p in range(s.n) if gains[p] > 0]
            assert gains[seat] == (0 if action.via == "own" else -3000)
            assert all(gains[p] == 3000 // len(payees) for p in payees) and (action.via == "rival") == bool(payees)
            ways.append(FREE if action.via == "own" else paid_text(payees))
        assert right(q) == " or ".join(map(str, ways))


def test_action_7a_the_legal_bids_are_the_engine_s():
    for q in questions("legal_bids"):
        bids = [a.amount for a in q.state.legal_actions() if isinstance(a, Bid)]
        assert Pass() in q.state.legal_actions()
        assert right(q) == (f"only {bids[0]}" if len(bids) == 1 else f"{min(bids)} to {max(bids)}")


def test_action_7a_a_bluff_costs_the_cards_the_penalty_discards():
    for q in questions("bluff"):
        s, seat = q.state, q.state.auc_turn
        bid = number(r"bids (\d+) and every other", q.prompt)
        after = s.apply(Bid(bid))
        while after.phase == R.BID and after.current_player() != seat:
            after = after.apply(Pass())
        assert after.phase == R.PENALTY and after.auc_bidder == seat
        lost = {a.count for a, _ in after.chance_outcomes()}
        assert len(lost) == 1 and right(q).startswith(f"{lost.pop()} license card")


def test_end_of_game_the_derrick_bonus_is_the_final_accounting_s():
    for q in questions("end_bonus"):
        s = q.state
        assert s.is_terminal()
        row = next(r for r in s.final_accounting if r["player"] == q.seat)
        assert right(q) == money(row["derricks"] * row["bonus_per_derrick"])


def test_end_of_game_the_tie_break_is_the_order_of_the_final_accounting():
    for q in questions("tie_break"):
        s = q.state
        order = right(q).split(", then ")
        space = number(r"on rail space (\d+) rank", q.prompt)
        tied = {s.name(p) for p in range(s.n) if s.locos[p] == space}
        assert set(order) == tied and len(tied) >= 2
        ranked = [s.name(row[0]) for row in accounting(s)]
        assert order == [name for name in ranked if name in tied]


def test_feedback_says_right_or_wrong_why_and_the_section():
    q = QUESTIONS.make("new_price", seed=11)
    good = q.check(q.answer)
    assert good.correct and good.text.startswith(f"Right: {right(q)}.") and good.section == R.A1
    assert good.text.endswith(f"[{R.A1}]") and "rolls" in good.text and "zone" in good.text
    wrong = next(i for i in range(len(q.options)) if i != q.answer)
    bad = q.check(q.options[wrong])
    assert not bad.correct
    assert bad.text.startswith(f"Not right: you chose {q.options[wrong]}; the answer is {right(q)}.")
    reach = QUESTIONS.make("truck_reach", seed=3)
    for i in range(len(reach.options)):
        text = reach.check(i).text
        assert reach.options[i] in text and ("may stop there" in text) == (i == reach.answer)


@pytest.mark.parametrize("kind", [k.name for k in QUESTIONS.kinds()])
def test_the_same_seed_gives_the_same_question(kind):
    a, b = QUESTIONS.make(kind, seed=21, level=1), QUESTIONS.make(kind, seed=21, level=1)
    assert (a.prompt, a.options, a.answer, a.seat, a.targets) == (b.prompt, b.options, b.answer, b.seat, b.targets)
    assert a.state == b.state
    assert len({QUESTIONS.make(kind, seed=s).prompt for s in range(12)}) > 3


def test_a_higher_level_asks_about_a_later_round():
    early = [QUESTIONS.make("legal_bids", seed=s).state.round for s in range(30)]
    late = [QUESTIONS.make("legal_bids", seed=s, level=4).state.round for s in range(30)]
    assert min(late) >= 5 and sum(late) > sum(early)


def test_bad_answers_and_kinds_are_refused():
    q = QUESTIONS.make("price_zone", seed=1)
    with pytest.raises(ValueError, match=r"is not an answer here: give an option's index \(0-2\) or its text"):
        q.check("purple zone")
    with pytest.raises(ValueError, match="is not an answer here"):
        q.check(3)
    with pytest.raises(ValueError, match="the kinds are: new_price, price_zone"):
        g.questions.make("dice", seed=1)


@pytest.mark.parametrize("kind", RULE_KINDS)
def test_twin_positions_that_differ_only_in_hidden_information_give_the_same_question(kind):
    """The question is drawn from the asked seat's view: re-deal everything that seat cannot see (others'
    licenses, unseen tiles) and the prompt, the options and the feedback stay the same."""
    differed = 0
    for seed in range(40):
        q = QUESTIONS.make(kind, seed=seed)
        viewer = q.seat if q.seat is not None else 0
        twin = q.state.determinize(viewer, random.Random(seed))
        differed += twin.hand != q.state.hand or twin.site_value != q.state.site_value
        a, b = KINDS[kind].ask(q.state, random.Random(seed)), KINDS[kind].ask(twin, random.Random(seed))
        assert (a.prompt, a.options, a.answer, a.targets) == (b.prompt, b.options, b.answer, b.targets)
        assert [a.check(i) for i in range(len(a.options))] == [b.check(i) for i in range(len(b.options))]
    assert differed > 20  # (the twins really differ in what the seat cannot see)


def test_what_would_you_do_is_judged_by_the_coach_with_costs_in_dollars_and_chances():
    q = QUESTIONS.make("what_would_you_do", seed=4)
    assert q.judgement and q.seat == q.state.current_player() and len(q.options) >= 2
    feedback = [q.check(i) for i in range(len(q.options))]
    best = feedback[0].best
    assert all(f.best == best for f in feedback) and feedback[best].correct and feedback[best].cost == 0.0
    assert feedback[best].text.startswith(f"The coach's best option too: {q.options[best]}.")
    assert all(f.win_cost is not None and f.win_cost >= 0 for f in feedback)
    assert all(f.text.endswith(f"[{f.section}]") and "$" in f.text for f in feedback)
    worse = [f for f in feedback if not f.correct]
    assert all(f.text.startswith(f"The coach prefers {q.options[best]}:") for f in worse)


def test_what_would_you_do_twins_get_the_same_options_and_judgement():
    for seed in range(3):
        q = QUESTIONS.make("what_would_you_do", seed=seed)
        twin = q.state.determinize(q.seat, random.Random(seed))
        a, b = KINDS[q.kind].ask(q.state, random.Random(seed)), KINDS[q.kind].ask(twin, random.Random(seed))
        assert (a.prompt, a.options, a.targets) == (b.prompt, b.options, b.targets)
        assert a.check(0) == b.check(0)


@pytest.mark.parametrize("kind", ["which_card", "what_bid", "what_would_you_do"])
def test_judgement_questions_offer_legal_moves_of_the_seat_to_move_in_its_words(kind):
    for q in questions(kind):
        s = q.state
        assert q.seat == s.current_player() and q.answer is None
        legal = {str(a) for a in s.legal_actions()}
        assert len(q.options) >= 2 and all(option in legal for option in q.options), q.options
        assert len(q.targets) == len(q.options)
        assert {"which_card": q.state.phase == R.TAKE, "what_bid": q.state.phase == R.BID}.get(kind, True)


def test_the_questions_load_with_the_rules_alone():
    """``import giganten`` brings the questions but neither widgets nor plotting (the rule modules stay pure)."""
    import subprocess
    import sys

    code = "import sys, giganten; print(sorted(m for m in ('ipywidgets', 'matplotlib') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("kind", RULE_KINDS)
def test_every_kind_says_why_with_its_section_for_right_and_wrong_answers(kind):
    section = QUESTIONS.kind(kind).section
    for seed in range(20):
        q = QUESTIONS.make(kind, seed=seed)
        for i in range(len(q.options)):
            feedback = q.check(i)
            head = f"Right: {right(q)}." if i == q.answer else f"Not right: you chose {q.options[i]}; the answer is"
            assert feedback.correct == (i == q.answer) and feedback.text.startswith(head)
            assert feedback.section == section and feedback.text.endswith(f"[{section}]")
            assert len(feedback.text) > len(head) + len(section) + 20  # (a reason between the two)
