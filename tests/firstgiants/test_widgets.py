"""First Giants widgets clicked in plain pytest: the stepper and the museum builder."""
from __future__ import annotations

import random
import re
import threading

import matplotlib

matplotlib.use("Agg")

import firstgiants
from firstgiants.bots import BOTS, LEVELS
from firstgiants.rules.museum import UNTYPED, MuseumSet
from firstgiants.widgets import MuseumBuilder, group_actions, stepper
from gamekit import sample_chance
from gamekit.widgets import CHANCE_CHOOSE, HUMAN, coaching, undescribed_controls
from gamekit.widgets.style import KIT_CSS


def test_stepper_steps_turns_and_rounds_and_logs_sections():
    st = stepper(players=3, seed=5, seats=["random"] * 3)
    assert undescribed_controls(st.widget) == []
    st.step_button.click()
    assert st.state.move_number == 1 and len(st.log) == 1
    st.round_button.click()  # setup ends: round 1 starts
    st.round_button.click()  # everyone plays once
    assert st.state.turns == 3 and "Round 2" in st.status.value
    start = st.state.turns
    st.phase_button.click()
    assert st.state.turns == start + 1
    texts = st.log.shown_texts()
    assert any("[Play 1 Marker]" in t for t in texts) and any("[Setup]" in t for t in texts)
    assert st.picture.markup.startswith("<svg") and "amber" in st.summary.value


def test_human_seat_chooses_among_grouped_actions():
    st = stepper(players=2, seed=1, seats=[HUMAN, "random"])
    st.play_to_end()
    s = st.state
    assert s.current_player() == 0 and st.chooser.visible
    groups = group_actions(s, s.legal_actions())
    assert "Play 1 marker" in groups
    label = groups["Play 1 marker"][0][0]
    st.chooser.choose_label(label)
    assert st.state.move_number > s.move_number
    assert any(str(groups["Play 1 marker"][0][1]) in t for t in st.log.shown_texts())


def test_with_nothing_hidden_a_bots_why_is_shown_while_a_human_plays():
    """First Giants has no hidden information (the deck is face up): a bot's reasons give nothing away."""
    st = stepper(players=2, seed=1, seats=[HUMAN, "heuristic"])
    st.autoplay.value = False
    while st.state.current_player() != 1:
        st.chooser.choose_label(st.chooser.labels()[0]) if st.is_human_turn() else st.step()
    ranked = st.explain()
    assert ranked and "Why? (the coach, Ben" in st.why.value  # (the coach: GameView.advisor)
    assert "final result (points)" in st.why.value and re.search(r"<td class='gk-num'>\d+\.\d points", st.why.value)
    assert "Best: " in st.why.value


def test_hint_ranks_a_humans_options_in_points_and_chance_of_winning():
    st = stepper(players=2, seed=1, seats=[HUMAN, "heuristic"])
    st.autoplay.value = False
    while st.state.current_player() != 0:
        st.step()
    assert st.why_button.description == "Hint"
    ranked = st.explain()
    assert {a for a, _ in ranked} <= set(st.state.legal_actions()) and len(ranked) > 1
    assert [w for _, w in ranked] == sorted((w for _, w in ranked), reverse=True)
    assert "Hint (the coach, Ana" in st.why.value and "chance of winning" in st.why.value


def finished_stepper():
    """A stepper showing a finished two-player game (Ana the human, Ben the club bot)."""
    rng = random.Random(2)
    bots = [BOTS["club"](p) for p in range(2)]
    state = firstgiants.new_game(2)
    while not state.is_terminal():
        state = state.apply(sample_chance(state, rng) if state.is_chance() else bots[state.current_player()].act(state))
    return stepper(players=2, seats=[HUMAN, "club"], state=state)


def test_after_the_game_the_review_button_reviews_the_humans_moves_with_a_chart():
    st = finished_stepper()
    assert st.advisor.review_button.layout.display is None
    st.advisor.review_button.click()
    st.advisor.coach_thread.join()  # (the review runs in a thread)
    result = st.advisor.last_review
    assert result is not None and result.moves and {m.seat for m in result.moves} == {0}
    assert "Review (the humans' moves" in st.why.value and "<svg" in st.why.value
    st.undo_button.click()
    assert st.advisor.review_button.layout.display == "none"


def test_the_review_chart_is_svg_with_text_of_14px_or_more():
    """Issue 29: the chart was a 700 px PNG, blurred at device pixel ratio 2.  It is inline SVG (real text,
    sharp at any ratio) whose smallest text is 10.5 pt: 14 px as shown (1 pt = 1.33 px)."""
    import re

    st = finished_stepper()
    st.advisor.review_button.click()
    st.advisor.coach_thread.join()
    pane = st.why.value
    assert "data:image/png" not in pane and "<img" not in pane
    chart = re.search(r"<div class='gk-chart'[^>]*>(<svg.*</svg>)", pane, re.S).group(1)
    sizes = [float(v) for v in re.findall(r"font(?:-size)?:\s*([\d.]+)px", chart)]
    assert sizes and min(sizes) * 4 / 3 >= 14 - 0.01  # (sizes in the viewBox's units: points)
    width = float(re.search(r'width="([\d.]+)pt"', chart).group(1))
    assert width * 4 / 3 <= 600  # fits the side panel (at most 640 px) without shrinking its type


class Gate:
    """Holds the coach's thread at one point until the test lets it go: the test sees the stepper while the
    coach works, without waiting for a time."""

    def __init__(self):
        self.reached, self.go = threading.Event(), threading.Event()
        self.reports = []  # the progress reports seen (decisions judged)

    def hold(self):
        self.reached.set()
        assert self.go.wait(120), "the test never let the coach go on"

    def wait(self):
        assert self.reached.wait(120), "the coach never got there"


def hold_the_review(monkeypatch) -> Gate:
    """The stepper's review, held after it has judged its first decision."""
    gate, real = Gate(), coaching.review

    def review(*args, progress, **kwargs):
        def report(done, total):
            gate.reports.append(done)
            progress(done, total)
            if done == 1:
                gate.hold()
        return real(*args, progress=report, **kwargs)

    monkeypatch.setattr(coaching, "review", review)
    return gate


def hold_the_advice(monkeypatch) -> Gate:
    """The stepper's Hint / Why?, held before the coach starts."""
    gate, real = Gate(), coaching.advise
    gate.real = real

    def advise(*args, **kwargs):
        gate.hold()
        return real(*args, **kwargs)

    monkeypatch.setattr(coaching, "advise", advise)
    return gate


def test_the_review_runs_in_the_background_with_its_progress_shown_and_the_buttons_disabled(monkeypatch):
    st, same = finished_stepper(), finished_stepper()
    expected = same.advisor.review()  # from code: at once (wait=True)
    gate = hold_the_review(monkeypatch)
    st.advisor.review_button.click()
    gate.wait()
    assert re.fullmatch(r"<i>The coach is reviewing the game… 1 of \d+ decisions</i>", st.why.value)
    assert st.advisor.review_button.disabled and st.why_button.disabled and st.advisor.last_review is None
    assert st.advisor.review(wait=False) is None  # (a second request waits its turn: ignored)
    thread = st.advisor.coach_thread
    gate.go.set()
    thread.join()
    assert st.advisor.coach_thread is thread and st.advisor.last_review == expected  # (seeded as from code)
    assert st.why.value == same.why.value and "Review (the humans' moves" in st.why.value
    assert not st.advisor.review_button.disabled


def test_a_review_that_comes_after_a_new_game_started_is_dropped(monkeypatch):
    st = finished_stepper()
    gate = hold_the_review(monkeypatch)
    st.advisor.review_button.click()
    gate.wait()
    st.reset()  # a new game while the coach reviews the old one
    assert st.why.value == "" and not st.advisor.coach.busy  # the buttons are free at once
    untouched = finished_stepper()
    untouched.reset()
    assert [st.why_button.disabled, st.advisor.review_button.disabled] == [
        untouched.why_button.disabled, untouched.advisor.review_button.disabled]  # as if the coach had never run
    gate.go.set()
    st.advisor.coach_thread.join()
    assert st.why.value == "" and st.advisor.last_review is None
    assert not st.advisor.review_button.disabled and st.advisor.review_button.layout.display == "none"
    assert gate.reports == [1, 2]  # the abandoned review stopped at its next report, not at the game's end


def on_anas_turn(seats):
    st = stepper(players=2, seed=1, seats=seats)
    st.autoplay.value = False
    while st.state.current_player() != 0:
        st.chooser.choose_label(st.chooser.labels()[0]) if st.is_human_turn() else st.step()
    return st


def test_a_hint_runs_in_the_background_and_shows_what_the_coach_says_from_code(monkeypatch):
    st = on_anas_turn([HUMAN, "heuristic"])
    ranked = st.explain()  # from code: at once
    expected = st.why.value
    st.advisor.refresh()
    gate = hold_the_advice(monkeypatch)
    st.why_button.click()
    gate.wait()
    assert st.why.value == "<i>The coach is thinking…</i>" and st.why_button.disabled
    assert st.advisor.review_button.disabled and st.advisor.advise(wait=False) == []
    gate.go.set()
    st.advisor.coach_thread.join()
    assert ranked and st.why.value == expected and not st.why_button.disabled  # (seeded by the move number)


def test_a_late_hint_is_dropped_after_undo_or_when_the_seats_view_is_covered(monkeypatch):
    st = on_anas_turn([HUMAN, "heuristic"])
    gate = hold_the_advice(monkeypatch)
    st.why_button.click()
    gate.wait()
    st.undo()
    gate.go.set()
    st.advisor.coach_thread.join()
    assert st.why.value == "" and not st.advisor.coach.busy
    assert st.why_button.disabled is (st.state.current_player() is None)  # (no longer held by the coach)

    st = on_anas_turn([HUMAN, HUMAN])  # two humans: Ana's view shows only once revealed
    st.reveal_button.value = True
    gate = hold_the_advice(monkeypatch)
    st.why_button.click()
    gate.wait()
    st.reveal_button.value = False  # covered again: her hint would show what only she may see
    gate.go.set()
    st.advisor.coach_thread.join()
    assert st.why.value == "" and not st.why_button.disabled


def test_a_new_hint_need_not_wait_for_an_abandoned_one_to_stop(monkeypatch):
    st = on_anas_turn([HUMAN, "heuristic"])
    st.explain()
    expected = st.why.value
    st.advisor.refresh()
    gate = hold_the_advice(monkeypatch)
    st.why_button.click()
    gate.wait()
    abandoned = st.advisor.coach_thread
    st.undo()
    st.redo()  # the same position again, but another state: the held hint's answer is no longer wanted
    assert abandoned.is_alive() and not st.why_button.disabled  # pressable while the old hint still stops
    monkeypatch.setattr(coaching, "advise", gate.real)
    st.why_button.click()
    st.advisor.coach_thread.join()
    assert st.why.value == expected and abandoned.is_alive()
    gate.go.set()
    st.advisor.wait_for_coach()
    assert not abandoned.is_alive() and st.why.value == expected and not st.why_button.disabled


def test_museum_builder_scores_sets_and_moves_news_tokens():
    mb = MuseumBuilder(("Ana", "Ben"))
    assert undescribed_controls(mb.widget) == []
    # Ana: Small + Medium Carnivore -> a Carnivore family set, 1 Set token, the Carnivore News token
    assert mb.display(0, 24) and mb.display(0, 28, 0)
    m = mb.museums
    assert m.score(0) == 2 + 3  # one Set token (2) + the Carnivore News token (family tokens: 3)
    assert "takes the Carnivore News token" in mb.message.value
    # Ben builds a larger Carnivore family set and steals it
    mb.player.value = 1
    for card, target in ((25, -1), (29, 0), (32, 0)):
        mb.card.value = card
        mb.target.value = target
        mb.display_button.click()
    assert "steals the Carnivore News token" in mb.message.value or "kept for good" in mb.message.value
    assert m.news[2] == 1 and m.locked[2]  # complete first: kept for good
    assert m.score(1) == 2 * 3 + 3 and m.score(0) == 2
    assert "<b>9</b>" in mb.scores.value and mb.museum_view.markup.startswith("<svg")
    assert "Carnivore News token (3 points, kept for good)" in mb.scores.value  # a number with its unit


def test_museum_builder_refuses_what_the_rules_forbid_and_undoes():
    mb = MuseumBuilder()
    mb.display(0, 24)  # Small Carnivore
    assert not mb.display(0, 25, 0)  # another Small Carnivore: neither a family nor a size set
    assert "Not allowed" in mb.message.value and len(mb.museums.museum[0]) == 1
    assert "class='gk-error'" in mb.message.value and ".gk-kit .gk-error {" in KIT_CSS  # shown as a refusal
    mb.display(0, 36, 0)  # Small Marine: a Small size set
    assert mb.museums.museum[0][0].tokens == 1
    mb.undo_button.click()
    assert mb.museums.museum[0] == (MuseumSet((24,), UNTYPED, -1, 0),) and mb.history == [(0, 24, -1, 0)]
    mb.clear_button.click()  # asks first
    assert mb.confirm.visible and mb.museums.museum[0]
    mb.confirm.yes.click()
    assert mb.museums.museum == [(), ()] and mb.undo_button.disabled


def test_two_eggs_declare_the_size_of_their_size_set():
    mb = MuseumBuilder()
    mb.display(0, 60)  # Flying egg
    mb.card.value = 61  # Herbivore egg
    mb.target.value = 0
    assert mb.as_size.layout.display is None  # the size menu appears
    mb.as_size.value = 2
    mb.display_button.click()
    assert "Medium size set" in mb.message.value


def test_choosing_chance_by_hand_says_what_the_outcome_decides():
    st = stepper(players=2, seats=["random", "random"])
    st.seat_picker.chance.value = CHANCE_CHOOSE
    assert st.chooser.visible and "the starting card dealt face up to dig site 1" in st.chooser.title.value


def test_the_seat_menus_offer_the_levels():
    """The stepper's seat menus (and so the classroom's and the teacher's, from the same registry) list the
    levels by name, weakest first."""
    st = stepper(players=2)
    offered = [key for _, key in st.seat_picker.menus[0].options]
    assert [key for key in offered if key in LEVELS] == list(LEVELS) == ["beginner", "club", "strong"]
    st.seat_picker.menus[1].value = "strong"
    assert st.seats == [st.seats[0], "strong"]
