"""The coach's words in both games: the Hint pane (a classroom seat's), the stepper's Hint / Why? and the review.

One margin (the coach's 95% margin, "±"), explained once; no second "give or take" beside it.  Differences are
taken between the numbers as shown, so the numbers side by side agree with the difference written beside them,
and a difference that rounds to nothing says "about the same".  The hint says what its options are ranked by.
"""
from __future__ import annotations

import dataclasses
import html
import math
import re

import matplotlib

matplotlib.use("Agg")

import pytest

import firstgiants
import firstgiants.widgets
import giganten
import giganten.widgets
from gamekit import random_game, states_along
from gamekit.coach import (RANKED_BY, Advice, Estimate, MoveReview, Option, Review, margin_note, model_of, percent,
                           ranked_by, review, summary_sentences, with_margin)
from gamekit.i18n import LANGUAGES, format_money, using
from gamekit.i18n.say import Say
from gamekit.widgets import HUMAN
from gamekit.widgets.coaching import advice_html, review_html

GAMES = {"giganten": giganten, "firstgiants": firstgiants}
PLAYERS = {"giganten": 4, "firstgiants": 3}
#: Per game: two final results whose difference rounds otherwise than the difference of the shown numbers
#: (shown: 32.0 and 31.6 points, $48,600 and $47,400), that difference as shown, and two results that show alike.
ROUNDING = {"firstgiants": ((31.96, 31.64), "0.4 points", (32.04, 31.96)),
            "giganten": ((48_640.0, 47_360.0), "$1,200", (48_640.0, 48_560.0))}

BEST = re.compile(r"^Best: .+ — the highest chance of winning, (\d+)%, and about (.+?) at the end\.")
NEXT = re.compile(r"comes next: (?:a (\d+)% chance of winning \((\d+)% (less|more)\)|about the same chance of winning)"
                  r" and (?:about (.+?) at the end \((.+?) (less|more)\)|about the same at the end)\.")


def phrase(template: str, *args, **plural) -> str:
    """One of the coach's sentences in the reader's language (the catalogue's words for ``template``)."""
    return str(Say(template, *args, **plural))


@pytest.fixture(params=LANGUAGES)
def lang(request):
    """Each test that takes ``lang`` runs in every language the kit speaks (its checks in that language's words)."""
    with using(request.param):
        yield request.param


def number(text: str) -> float:
    """A shown number ("$48,600", "31.6 points", "44%") as a number."""
    return float(re.sub(r"[^\d.\-]", "", text))


def decision(module: str, seed: int = 1):
    """A decision of a seeded random game with more than two options, half-way through it (in Giganten a card
    to take: the options' estimates differ)."""
    game = random_game(GAMES[module].new_game(PLAYERS[module]), seed)
    found = [s for s in states_along(game) if not s.is_terminal() and s.current_player() is not None
             and len(s.legal_actions()) > 2 and (module != "giganten" or s.phase == giganten.rules.TAKE)]
    return found[len(found) // 2]


def synthetic(module: str, values: tuple[float, float], wins: tuple[float, float], se: float = 0.0) -> Advice:
    """An advice of two options with the given final results and chances of winning (best first), worded by the
    game's model."""
    model = model_of(GAMES[module].new_game(PLAYERS[module]))
    options = tuple(Option(f"option {k}", f"option {k}", Estimate(v, se * v / 100, 12), Estimate(w, se / 100, 12),
                           Estimate.exact(values[0] - v), Estimate.exact(wins[0] - w))
                    for k, (v, w) in enumerate(zip(values, wins)))
    advice = Advice(0, 10, model.unit, options, 12, False, 0, (), 0.0)
    return dataclasses.replace(advice, said=tuple(summary_sentences(model, advice)))


def synthetic_review(module: str, win_cost: Estimate, value_cost: Estimate) -> Review:
    """A review of one move that cost ``win_cost`` and ``value_cost``."""
    advice = synthetic(module, (10.0, 10.0), (0.5, 0.5))
    played = dataclasses.replace(advice.options[1], win_loss=win_cost, value_loss=value_cost)
    model = model_of(GAMES[module].new_game(PLAYERS[module]))
    moves = (MoveReview(41, 0, played, dataclasses.replace(advice, options=(advice.best, played))),)
    return Review(("Red", "Blue"), model.unit, moves, ((0, (0.5, 0.5)), (42, (0.4, 0.6))), (0.0, 1.0),
                  model.format_change)


def sentences_of(pane: str) -> list[str]:
    return [html.unescape(p) for p in re.findall(r"<p>(.*?)</p>", pane)]


def assert_one_margin(pane: str, samples: int) -> None:
    """The coach's 95% margin is the only margin: in the table's cells, explained once under it, nowhere else."""
    note = html.escape(margin_note(samples), quote=False)
    assert "give or take" not in pane
    table, after = pane.split("</table>")
    assert after.count(note) == (1 if "±" in table else 0)
    assert "±" not in after.replace(note, "")
    assert not any("±" in s for s in sentences_of(pane))


def assert_numbers_agree(pane: str) -> None:
    """The best and the next option's numbers in the sentence are the table's, and each written difference is
    the difference of the numbers shown."""
    cells = [c.split(" ±")[0] for c in re.findall(r"<td class='gk-num'>(.*?)</td>", pane)]
    rows = list(zip(cells[::2], cells[1::2]))
    (first, *_) = sentences_of(pane)
    best = BEST.match(first)
    assert best, first
    assert (f"{best[1]}%", best[2]) == (rows[0][1], rows[0][0])
    nxt = NEXT.search(first)
    if nxt is None:
        assert "is about the same, as far as the coach can tell" in first
        assert rows[1] == rows[0]
        return
    if nxt[1] is None:
        assert rows[1][1] == rows[0][1]
    else:
        assert f"{nxt[1]}%" == rows[1][1]
        assert int(nxt[1]) - int(best[1]) == int(nxt[2]) * (1 if nxt[3] == "more" else -1)
        assert nxt[2] != "0"
    if nxt[4] is None:
        assert rows[1][0] == rows[0][0]
    else:
        sign = 1 if nxt[6] == "more" else -1
        assert nxt[4] == rows[1][0]
        assert number(nxt[4]) - number(best[2]) == pytest.approx(sign * number(nxt[5]))
        assert number(nxt[5]) != 0


def assert_review_words(text: str, samples: int) -> None:
    """A review's sentences: no cost that rounds to nothing ("$0", "0.0 points", "0%"), one margin explained once."""
    zeros = "|".join(re.escape(zero) for zero in (format_money(0), phrase("{:decimal} points", 0.0), percent(0.0)))
    assert not re.search(rf"(?<![\d,.])({zeros})(?![\d,.])", text), text
    assert "give or take" not in text
    assert text.count(margin_note(samples)) == (1 if "±" in text else 0)


# -- the Hint pane and the sentences, on made-up numbers -------------------------------------------------------

@pytest.mark.parametrize("module", GAMES)
def test_difference_that_rounds_to_nothing_says_about_the_same(module, lang):
    same_result = ROUNDING[module][2]
    model = model_of(GAMES[module].new_game(PLAYERS[module]))
    both = synthetic(module, same_result, (0.443, 0.439))  # 44% and 44%, the same result shown
    assert both.sentences[0].endswith(phrase("{} is about the same, as far as the coach can tell.", "Option 1"))
    chance_only = synthetic(module, ROUNDING[module][0], (0.443, 0.439))
    assert phrase("about the same chance of winning") in chance_only.sentences[0]
    assert phrase("about the same at the end") not in chance_only.sentences[0]
    result_only = synthetic(module, same_result, (0.443, 0.30))
    assert phrase("a {} chance of winning ({} less)", percent(0.30), percent(0.14)) in result_only.sentences[0]
    assert phrase("about the same at the end") in result_only.sentences[0]
    for advice in (both, chance_only, result_only):
        assert f" {percent(0)} " not in advice.sentences[0] and f"({percent(0)}" not in advice.sentences[0]
        assert f"({format_money(0)} " not in advice.sentences[0]
        assert f"({model.format_change(0.0)}" not in advice.sentences[0]
        if lang == "en":  # (the numbers read back from the English sentence)
            assert_numbers_agree(advice_html(advice, model, "Red", "Hint"))


@pytest.mark.parametrize("module", GAMES)
def test_shown_numbers_agree_with_the_written_difference(module):
    values, difference, _ = ROUNDING[module]
    advice = synthetic(module, values, (0.443, 0.395))  # 44% and 40%: "(4% less)", though 0.048 apart
    assert "a 40% chance of winning (4% less)" in advice.sentences[0]
    assert f"at the end ({difference} less)." in advice.sentences[0]
    assert_numbers_agree(advice_html(advice, model_of(GAMES[module].new_game(PLAYERS[module])), "Red", "Hint"))
    assert "(4% less)" in advice.text() and difference in advice.text()


@pytest.mark.parametrize("module", GAMES)
def test_hint_shows_one_margin(module, lang):
    advice = synthetic(module, (40_000.0, 30_000.0), (0.6, 0.4), se=3.0)
    pane = advice_html(advice, model_of(GAMES[module].new_game(PLAYERS[module])), "Red", "Hint")
    assert pane.count("±") == 4 + 1  # both cells of both rows, and the one note that explains it
    assert_one_margin(pane, advice.samples)
    text = advice.text()
    assert text.count("±") == 5 and text.count(margin_note(12)) == 1 and "give or take" not in text
    exact = synthetic(module, (40_000.0, 30_000.0), (0.6, 0.4))
    assert "±" not in advice_html(exact, model_of(GAMES[module].new_game(PLAYERS[module])), "Red", "Hint")


@pytest.mark.parametrize("module", GAMES)
def test_hint_says_what_options_are_ranked_by(module, lang):
    advice = synthetic(module, (30.0, 40.0), (0.6, 0.4))  # the better chance ranks first, the bigger result not
    pane = advice_html(advice, model_of(GAMES[module].new_game(PLAYERS[module])), "Red", "Hint")
    line = phrase("The options, {}:", phrase(RANKED_BY))
    assert line in html.unescape(pane.split("<table")[0])
    assert advice.text().splitlines()[0] == ranked_by(advice) == line
    best = phrase("Best: {} — the highest chance of winning, {}, and about {} at the end.", "option 0", percent(0.6),
                  "{}")
    assert advice.sentences[0].startswith(best.split("{}")[0])


# -- the review's text, on made-up numbers ---------------------------------------------------------------------

@pytest.mark.parametrize("module", GAMES)
def test_review_cost_that_rounds_to_nothing_says_about_the_same(module, lang):
    small, wide = (30.0, 1480.0) if module == "giganten" else (0.03, 1.48)  # "$0 ± $2,900", "0.0 points ± 2.9 points"
    zero = synthetic_review(module, Estimate(0.03, 0.01, 4), Estimate(small, wide, 4))
    (line,) = zero.sentences()
    less = phrase("{} less chance of winning", with_margin(Estimate(0.03, 0.01, 4), percent))
    assert f"{percent(0.03)} ± {percent(0.02)}" in less
    assert line.endswith(phrase("Move {}, {}: {} instead of {}: {} and {}.", 42, "Red", "option 1", "option 0", less,
                                phrase("about the same at the end")))
    assert_review_words(zero.text(), 12)
    flat = synthetic_review(module, Estimate(0.004, 0.002, 4), Estimate(2400.0, 10.0, 4))
    assert phrase("about the same chance of winning") in flat.sentences()[0]
    nothing = synthetic_review(module, Estimate(0.004, 0.002, 4), Estimate(0.01, 0.0, 4))
    assert nothing.sentences() == [phrase("No move of the {} reviewed cost anything the coach could measure.", 1,
                                          plural="No move of the {} reviewed cost anything the coach could measure.",
                                          n=1)]
    richer = synthetic_review(module, Estimate(0.004, 0.002, 4), Estimate(-2400.0, 10.0, 4))
    assert richer.sentences() == nothing.sentences()  # ending richer at an unchanged chance is no mistake


@pytest.mark.parametrize("module", GAMES)
def test_review_shows_one_margin_explained_once(module, lang):
    result = synthetic_review(module, Estimate(0.03, 0.01, 4), Estimate(2400.0, 900.0, 4))
    assert_review_words(result.text(), 12)
    pane = review_html(result, "your moves")
    assert pane.count(html.escape(margin_note(12), quote=False)) == 1 and "give or take" not in pane


# -- in the games: the stepper's Hint and a review ------------------------------------------------------------

@pytest.fixture(scope="module", params=list(GAMES))
def hinted(request):
    """A stepper with a human to move at a decision, after Hint."""
    module = request.param
    state = decision(module)
    seats = ["heuristic"] * PLAYERS[module]
    seats[state.current_player()] = HUMAN
    st = GAMES[module].widgets.stepper(players=PLAYERS[module], seed=7, seats=seats)
    st.autoplay.value = False
    st.start_from(state)
    st.reveal_button.value = True
    assert st.explain()
    return module, st


def test_the_steppers_hint_shows_one_margin(hinted):
    _, st = hinted
    assert "Hint (the coach" in st.why.value
    samples = int(re.search(r"(\d+) samples", st.why.value)[1])
    assert_one_margin(st.why.value, samples)


def test_the_steppers_hint_numbers_agree_with_the_written_difference(hinted):
    _, st = hinted
    assert_numbers_agree(st.why.value)


def test_the_steppers_hint_says_what_options_are_ranked_by(hinted):
    _, st = hinted
    pane = st.why.value
    assert f"The options, {RANKED_BY}:" in pane.split("<table")[0]
    chances = [int(c.split("%")[0]) for c in re.findall(r"<td class='gk-num'>(\d+%.*?)</td>", pane)]
    assert len(chances) > 1 and chances == sorted(chances, reverse=True)


@pytest.mark.parametrize("module", GAMES)
def test_a_reviews_text_says_about_the_same_and_explains_its_margin_once(module):
    game = random_game(GAMES[module].new_game(PLAYERS[module]), 2)
    state = list(states_along(game))[60]
    result = review(state, seats=[0], samples=2)
    assert result.moves and result.mistakes()
    assert_review_words(result.text(top=50), 2)


@pytest.mark.parametrize("module", GAMES)
def test_a_single_sample_shows_no_margin(module, lang):
    """One sample has no standard error (NaN): the numbers show without a margin, and without the note."""
    model = model_of(GAMES[module].new_game(PLAYERS[module]))
    one = Estimate.of([31_960.0])
    assert math.isnan(one.se)
    advice = synthetic(module, (40_000.0, 30_000.0), (0.6, 0.4))
    single = dataclasses.replace(advice, options=tuple(dataclasses.replace(o, value=one, win=Estimate.of([0.5]))
                                                       for o in advice.options))
    pane = advice_html(single, model, "Red", "Hint")
    assert "±" not in pane and "nan" not in pane
    result = synthetic_review(module, Estimate.of([0.03]), Estimate.of([2400.0]))
    assert "±" not in result.text() and "nan" not in result.text()
    assert phrase("{} less chance of winning", percent(0.03)) in result.text()
