"""The coach and the questions in every language (issue 27): worded when read, the same whatever the language.

A question keeps its data and words its prompt, options and feedback when they are read, in the language in
force (:func:`gamekit.i18n.using`): one question read by a Danish and a German student reads in each language,
and the same seed makes the same question (position, options, right answer) whatever the language it was made
in.  A Hint (:class:`gamekit.coach.Advice`) and a review word their sentences when read too.
"""
from __future__ import annotations

import random
import re

import pytest

import firstgiants
import giganten
from gamekit import sample_chance
from gamekit.coach import advise, review
from gamekit.i18n import LANGUAGES, SOURCE, collect_misses, using
from gamekit.i18n.say import Say
from giganten.components import COMPANIES

GAMES = {"giganten": giganten, "firstgiants": firstgiants}
OTHERS = [lang for lang in LANGUAGES if lang != SOURCE]
SEEDS = (0, 1, 2)
#: What reads the same in every language: numbers, amounts, squares, and names (players, oil companies).
NEUTRAL = re.compile(r"[\d\s$%.,()\-–]+")
NAMES = {*firstgiants.new_game(5).names, *COMPANIES}


#: Words a language writes as English does ("1 point" in Danish).
ALIKE = {"da": {"point"}, "de": set()}


def neutral(text: str, lang: str) -> bool:
    words = set(NEUTRAL.sub(" ", text).split())
    return bool(NEUTRAL.fullmatch(text)) or text in NAMES or words <= ALIKE[lang]


def kinds(judgement: bool) -> list[tuple[str, str]]:
    return [(game, kind.name) for game, module in GAMES.items() for kind in module.questions.kinds()
            if kind.judgement == judgement]


def read(question, lang: str, answers) -> dict:
    """Everything a student reads of ``question`` in ``lang``: prompt, options, feedback of ``answers``; and the
    English pieces the wording could not translate."""
    with using(lang), collect_misses() as missed:
        texts = {"prompt": question.prompt, "options": question.options,
                 "feedback": [question.check(i).text for i in answers]}
    return {**texts, "missed": list(missed)}


def assert_translated(english: dict, other: dict, lang: str) -> None:
    assert not other["missed"], (lang, other["missed"])
    texts = [other["prompt"], *other["options"], *other["feedback"]]
    assert not any("{" in t or "}" in t for t in texts), (lang, texts)
    assert other["prompt"] != english["prompt"], (lang, other["prompt"])
    assert all(a != b for a, b in zip(other["feedback"], english["feedback"])), (lang, other["feedback"])
    same = [o for o, e in zip(other["options"], english["options"]) if o == e and not neutral(o, lang)]
    assert not same, (lang, same)


@pytest.mark.parametrize("game,kind", kinds(judgement=False))
def test_rule_questions_read_in_every_language(game, kind):
    for seed in SEEDS:
        q = GAMES[game].questions.make(kind, seed=seed)
        wrong = next(i for i in range(len(q.options)) if i != q.answer)
        english = read(q, SOURCE, [q.answer, wrong])
        assert english["feedback"][0].startswith("Right: ") and english["feedback"][1].startswith("Not right: ")
        for lang in OTHERS:
            assert_translated(english, read(q, lang, [q.answer, wrong]), lang)


@pytest.mark.parametrize("game,kind", kinds(judgement=True))
def test_judgement_questions_read_in_every_language(game, kind):
    """The coach ranks the options once; the options (the actions in the game's words) and the feedback of each
    answer then read in every language."""
    q = GAMES[game].questions.make(kind, seed=0)
    answers = range(min(2, len(q.options)))
    english = read(q, SOURCE, answers)
    for lang in OTHERS:
        assert_translated(english, read(q, lang, answers), lang)


@pytest.mark.parametrize("game,kind", kinds(judgement=False) + kinds(judgement=True))
def test_the_same_seed_makes_the_same_question_in_every_language(game, kind):
    made = {}
    for lang in LANGUAGES:
        with using(lang):
            q = GAMES[game].questions.make(kind, seed=1)
            feedback = q.check(q.answer if q.answer is not None else 0)
        with using(SOURCE):
            made[lang] = (q.state.history(), q.seat, q.prompt, q.options, q.answer, q.targets, feedback.correct,
                          feedback.text)
    assert made["da"] == made["en"] and made["de"] == made["en"]


def test_a_question_read_by_two_students_reads_in_each_language():
    q = giganten.questions.make("new_price", seed=3)
    with using("da"):
        danish = q.prompt
    with using("de"):
        german = q.prompt
    assert danish.startswith("Aktion 1: ") and "slår med pristerningen" in danish
    assert german.startswith("Aktion 1: ") and "Preiswürfel" in german
    assert q.prompt.startswith("Action 1: ")


def test_an_option_may_be_answered_by_its_text_in_the_readers_language_or_in_english():
    q = giganten.questions.make("price_zone", seed=2)
    english = q.options[q.answer]
    with using("de"):
        german = q.options[q.answer]
        assert q.check(german).correct and q.check(english).correct
        with pytest.raises(ValueError, match="ist hier keine Antwort"):
            q.check("nirgends")


def test_kinds_titles_are_translated():
    for module in GAMES.values():
        for kind in module.questions.kinds():
            english = kind.title
            for lang in OTHERS:
                with using(lang):
                    assert kind.title != english and kind.title, (lang, kind.name)


# -- the coach: a Hint and a review ------------------------------------------------------------------------------

def decisions(game: str, phases=None, count: int = 3, seed: int = 4) -> list:
    """Decisions of a seeded random game (with two options or more; in Giganten one per phase of ``phases``)."""
    module = GAMES[game]
    state, rng, found, seen = module.new_game(3), random.Random(seed), [], set()
    while not state.is_terminal() and len(found) < count:
        seat = state.current_player()
        if seat is not None and len(state.legal_actions()) > 1:
            phase = getattr(state, "phase", None)
            if (phases is None or phase in phases) and phase not in seen and rng.random() < 0.3:
                found.append(state)
                seen.add(phase if phases is not None else len(found))
        state = state.apply(sample_chance(state, rng) if seat is None else rng.choice(state.legal_actions()))
    return found


GIGANTEN_PHASES = (giganten.rules.TAKE, giganten.rules.BUILD, giganten.rules.PRODUCE, giganten.rules.BID,
                   giganten.rules.SELL)


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_reads_in_every_language(game):
    phases = GIGANTEN_PHASES if game == "giganten" else None
    for state in decisions(game, phases, count=len(phases) if phases else 3):
        advice = advise(state, samples=2)
        english = advice.sentences
        text_en = advice.text()
        options_en = [o.text for o in advice.options]
        for lang in OTHERS:
            with using(lang), collect_misses() as missed:
                sentences, text = advice.sentences, advice.text()
                options = [o.text for o in advice.options]
            assert not missed, (lang, missed)
            assert all(o != e for o, e in zip(options, options_en)), (lang, options)
            assert len(sentences) == len(english)
            assert all(s != e for s, e in zip(sentences, english)), (lang, sentences)
            assert not any("{" in s for s in sentences)
            assert text.splitlines()[0] != text_en.splitlines()[0]


@pytest.mark.parametrize("game", GAMES)
def test_a_review_reads_in_every_language(game):
    state = decisions(game, count=1, seed=5)[0]
    module = GAMES[game]
    rng = random.Random(1)
    for _ in range(40):  # a few rounds on
        if state.is_terminal():
            break
        seat = state.current_player()
        state = state.apply(sample_chance(state, rng) if seat is None else rng.choice(state.legal_actions()))
    result = review(state, seats=[0], samples=2, model=module.coach.MODEL)
    assert result.moves
    english = result.sentences(top=50)
    for lang in OTHERS:
        with using(lang), collect_misses() as missed:
            sentences, text = result.sentences(top=50), result.text(top=50)
        assert not missed, (lang, missed)
        assert all(s != e for s, e in zip(sentences, english)), (lang, sentences)
        assert not any("{" in s for s in sentences) and "{" not in text
    with using("de"):
        assert result.names[0] == ("Rot" if game == "giganten" else result.names[0])


def test_a_hint_made_in_one_language_reads_in_another():
    """Advice keeps its data: made while Danish is in force, it reads in German and in English."""
    state = decisions("giganten", (giganten.rules.TAKE,), count=1)[0]
    with using("da"):
        advice = advise(state, samples=2)
    with using(SOURCE):
        english = advise(state, samples=2).sentences
        assert advice.sentences == english
    with using("de"):
        assert advice.sentences[0].startswith("Am besten: ")


def test_a_say_is_equal_to_another_that_reads_the_same_in_english():
    assert Say("{:count point}", 3) == Say("{:count point}", 3) != Say("{:count point}", 4)
    with using("de"):
        assert str(Say("{:count point}", 3)) == "3 Punkte"
        assert str(Say("{:percent}", 0.643)) == "64\xa0%"


def test_a_say_the_catalogues_lack_is_reported_and_reads_english():
    with using("da"), collect_misses() as missed:
        assert str(Say("a sentence no catalogue has ({})", 3)) == "a sentence no catalogue has (3)"
    assert missed == ["a sentence no catalogue has ({})"]


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_and_a_review_pickle_with_their_data_and_read_alike_after(game):
    """Texts worded when read keep data, not the game's functions: a Hint and a review still pickle (a worker
    process may send them)."""
    import pickle

    state = decisions(game, count=1, seed=6)[0]
    advice, result = advise(state, samples=2), review(state, samples=2)
    advice_back, result_back = pickle.loads(pickle.dumps((advice, result)))
    for lang in LANGUAGES:
        with using(lang):
            assert advice_back.sentences == advice.sentences and advice_back.text() == advice.text()
            assert result_back.sentences() == result.sentences() and result_back.names == result.names


@pytest.mark.parametrize("game", GAMES)
def test_a_hints_unit_and_what_its_samples_draw_read_in_every_language(game):
    """The Hint pane's heading: the unit of the final results and what each sample draws anew."""
    from gamekit.coach import model_of

    state = decisions(game, count=1)[0]
    advice, model = advise(state, samples=2), model_of(state)
    english = (advice.unit, model.sampled, advice.text().splitlines()[1])
    with using("de"):
        german = (advice.unit, model.sampled, advice.text().splitlines()[1])
    assert german[0] == ("Dollar" if game == "giganten" else "Punkte")
    assert all(g != e for g, e in zip(german, english))
    assert ("{seat}" in german[1]) == ("{seat}" in english[1])


def test_two_students_read_one_question_at_once_each_in_their_language():
    """Two threads (a server's two seats) read the same question object at the same time."""
    from concurrent.futures import ThreadPoolExecutor

    q = firstgiants.questions.make("museum_points", seed=2)

    def read_in(lang: str) -> list[str]:
        with using(lang):
            return [f"{q.prompt} {q.check(i).text}" for i in range(len(q.options)) for _ in range(20)]

    with ThreadPoolExecutor(2) as pool:
        danish, german = pool.map(read_in, ["da", "de"])
    with using("da"):
        assert set(danish) == {f"{q.prompt} {q.check(i).text}" for i in range(len(q.options))}
    with using("de"):
        assert set(german) == {f"{q.prompt} {q.check(i).text}" for i in range(len(q.options))}
    assert not set(danish) & set(german)
