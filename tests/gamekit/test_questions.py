"""The shared question machinery on the toy dice game: kinds, seeds, checking answers, judgement by the coach."""
from __future__ import annotations

import random

import numpy as np
import pytest

from gamekit.coach import advise
from gamekit.questions import Feedback, Kind, Question, QuestionSet, choices, find_state, judgement_question, \
    rule_question

from .test_coach import ToyModel, toy_position
from .toygame import SPEC, Face, Hold, Roll


def rolling_state(rng: random.Random, level: int):
    """A toy state where the seat to move is about to roll, with a turn total that grows with the level."""
    return find_state(lambda r: SPEC.new_game(2), lambda s: s.rolling and s.turn_total >= 2 * level, rng)


def make_roll_total(rng: random.Random, level: int) -> Question:
    """What is the turn total after the die shows a face?"""
    return ask_roll_total(rolling_state(rng, level), rng)


def ask_roll_total(state, rng: random.Random) -> Question:
    face = rng.randint(1, 6)
    after = state.apply(Face(face))
    total = 0 if after.to_move != state.to_move else after.turn_total
    options, answer = choices(rng, str(total), [str(state.turn_total + p) for p in range(2, 7)] + ["0"],
                              k=4, key=int)
    why = ("A 1 ends the turn and loses the turn total." if face == 1 else f"The {face} is added to the turn total.")
    return rule_question("roll_total", state, state.to_move, f"Turn total {state.turn_total}; the die shows "
                         f"{face}. What is the turn total now?", options, answer, why, "Toy rules: roll")


def make_hold_or_roll(rng: random.Random, level: int) -> Question:
    state = toy_position([10, 11], 5)  # holding wins at once; a 1 hands the opponent the game
    return judgement_question("hold_or_roll", state, "Roll or hold?", "Toy rules: hold", samples=16,
                              seed=rng.getrandbits(32), model=ToyModel())


QUESTIONS = QuestionSet([
    Kind("roll_total", "The turn total after a roll", "Toy rules: roll", False, make_roll_total,
         applies=lambda s: s.rolling, at=ask_roll_total),
    Kind("hold_or_roll", "Roll or hold?", "Toy rules: hold", True, make_hold_or_roll),
])


def test_kinds_are_listed_with_their_section_and_sort():
    kinds = QUESTIONS.kinds()
    assert [(k.name, k.section, k.judgement) for k in kinds] == [
        ("roll_total", "Toy rules: roll", False), ("hold_or_roll", "Toy rules: hold", True)]


def test_the_same_seed_gives_the_same_question_and_other_seeds_vary():
    a, b = QUESTIONS.make("roll_total", seed=5), QUESTIONS.make("roll_total", seed=5)
    assert (a.prompt, a.options, a.answer, a.state) == (b.prompt, b.options, b.answer, b.state)
    prompts = {QUESTIONS.make("roll_total", seed=s).prompt for s in range(20)}
    assert len(prompts) > 5


def test_the_level_makes_the_position_later():
    assert all(QUESTIONS.make("roll_total", seed=s, level=3).state.turn_total >= 6 for s in range(10))


def test_rule_answers_equal_what_the_rules_give():
    for seed in range(300):
        q = QUESTIONS.make("roll_total", seed=seed)
        face = int(q.prompt.split("shows ")[1].split(".")[0])
        after = q.state.apply(Face(face))
        expected = after.turn_total if after.to_move == q.state.to_move else 0
        assert q.options[q.answer] == str(expected)


def test_feedback_for_right_and_wrong_answers():
    q = QUESTIONS.make("roll_total", seed=1)
    right = q.check(q.answer)
    assert right.correct and right.text.startswith("Right: ") and right.text.endswith("[Toy rules: roll]")
    wrong = next(i for i in range(len(q.options)) if i != q.answer)
    feedback = q.check(q.options[wrong])
    assert not feedback.correct
    assert f"you chose {q.options[wrong]}; the answer is {q.options[q.answer]}" in feedback.text
    assert feedback.section == "Toy rules: roll" and feedback.cost is None


def test_answers_by_index_text_and_numpy_integers_and_bad_answers_are_refused():
    q = QUESTIONS.make("roll_total", seed=2)
    assert q.check(np.int64(q.answer)) == q.check(q.answer) == q.check(q.options[q.answer])
    for bad in [len(q.options), -1, "nonsense", True, 1.0, None]:
        with pytest.raises(ValueError, match="is not an answer here: give an option's index"):
            q.check(bad)


def test_unknown_kinds_and_bad_seeds_are_refused():
    with pytest.raises(ValueError, match="the kinds are: roll_total, hold_or_roll"):
        QUESTIONS.make("price", seed=1)
    with pytest.raises(ValueError, match="level is 0 or more"):
        QUESTIONS.make("roll_total", seed=1, level=-1)
    with pytest.raises(TypeError):
        QUESTIONS.make("roll_total", seed="x")  # type: ignore[arg-type]


def test_a_question_needs_distinct_options_and_a_valid_answer():
    state = SPEC.new_game(2)
    with pytest.raises(ValueError, match="at least two different options"):
        rule_question("k", state, 0, "?", ["a", "a"], 0, "", "s")
    with pytest.raises(ValueError, match="not the index of an option"):
        rule_question("k", state, 0, "?", ["a", "b"], 2, "", "s")
    with pytest.raises(ValueError, match="one picture part"):
        rule_question("k", state, 0, "?", ["a", "b"], 0, "", "s", targets=["x"])


def test_targets_choose_options():
    q = rule_question("k", SPEC.new_game(2), 0, "?", ["a", "b"], 1, "why", "s", targets=["left", None])
    assert q.target_option("left") == 0 and q.target_option("right") is None


def test_judgement_questions_give_the_cost_against_the_coach_best():
    q = QUESTIONS.make("hold_or_roll", seed=3)
    assert q.answer is None and q.judgement and set(q.options) == {str(Roll()), str(Hold())}
    hold = q.check("hold")
    assert hold.correct and hold.win_cost == 0.0 and q.options[hold.best] == "hold"
    assert hold.text.startswith("The coach's best option too: hold.") and "[Toy rules: hold]" in hold.text
    roll = q.check("roll")
    assert roll.win_cost > 0 and roll.best == hold.best and "The coach prefers hold" in roll.text
    assert isinstance(roll, Feedback) and q.check("roll") == roll


def test_find_state_gives_up_with_a_clear_error():
    with pytest.raises(RuntimeError, match="no wanted state found in 3 tries"):
        find_state(SPEC.new_game(2), lambda s: False, random.Random(0), tries=3)


def test_choices_keep_the_right_option_and_order_by_key():
    options, i = choices(random.Random(0), "5", ["7", "3", "5", "9", "11"], k=3, key=int)
    assert len(options) == 3 and options[i] == "5" and list(options) == sorted(options, key=int)


def test_find_state_plays_with_the_bots_given():
    chosen = []

    class Holder:
        def __init__(self, seed):
            chosen.append(seed)

        def act(self, state):
            return Hold()

    state = find_state(SPEC.new_game(2), lambda s: max(s.banked) > 0 or s.to_move == 1, random.Random(1),
                       bots=lambda seat, seed: Holder(seed))
    assert state.to_move == 1 and state.banked == [0, 0] and len(chosen) == 2  # (holding at once banks nothing)


def test_a_kind_is_asked_about_a_given_position_and_only_where_it_applies():
    state = rolling_state(random.Random(1), 2)
    assert [k.name for k in QUESTIONS.kinds_at(state)] == ["roll_total"]  # (hold_or_roll has no ``at``)
    a, b = QUESTIONS.make_at("roll_total", state, seed=3), QUESTIONS.make_at("roll_total", state, seed=3)
    assert a.state is state and (a.prompt, a.options, a.answer) == (b.prompt, b.options, b.answer)
    assert a.prompt.startswith(f"Turn total {state.turn_total};") and a.section == "Toy rules: roll"
    assert len({QUESTIONS.make_at("roll_total", state, seed=s).prompt for s in range(20)}) > 3
    with pytest.raises(ValueError, match="hold_or_roll cannot be asked about this position .*roll_total"):
        QUESTIONS.make_at("hold_or_roll", state)
    with pytest.raises(ValueError, match="no kind of question"):
        QUESTIONS.make_at("nope", state)
    deciding = SPEC.new_game(2)
    assert not deciding.rolling and QUESTIONS.kinds_at(deciding) == []


def test_a_judgement_question_is_asked_again_of_another_coach_setting():
    q = QUESTIONS.make("hold_or_roll", seed=2)
    assert q.coach is not None and q.coach.samples == 16 and len(q.actions) == len(q.options)
    cheap = q.coached(samples=3)
    assert (cheap.prompt, cheap.options, cheap.actions) == (q.prompt, q.options, q.actions)
    assert cheap.coach.samples == 3 and cheap.coach.seed == q.coach.seed and cheap.coach.model is q.coach.model
    ranking = advise(q.state, q.seat, samples=3, seed=q.coach.seed, model=q.coach.model, include=q.actions)
    assert cheap.check(0).best == q.actions.index(ranking.best.action)
    with pytest.raises(ValueError, match="only a judgement question"):
        QUESTIONS.make("roll_total", seed=1).coached(samples=3)
