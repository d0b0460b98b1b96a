"""The kit in Danish and German beside English: catalogues complete, events worded in every language."""
from __future__ import annotations

import threading
from types import SimpleNamespace

import pytest
from babel.messages.pofile import read_po

import firstgiants
import giganten
from gamekit import RandomBot, play, set_language
from gamekit.i18n import (LANGUAGES, SOURCE, Fragments, catalogue_path, collect_misses, format_money, format_number,
                          has, language, placeholders, using)
from gamekit.i18n.extract import LOCALE_DIR, counted_nouns, find, table_messages, template_catalog
from gamekit.words import counted, say_count

OTHERS = [lang for lang in LANGUAGES if lang != SOURCE]


def _catalogue(lang: str):
    with catalogue_path(lang).open("rb") as po:
        return read_po(po, locale=lang)


def _code_messages():
    return [m for m in template_catalog() if m.id]


@pytest.mark.parametrize("lang", OTHERS)
def test_every_message_of_the_code_is_translated_with_the_same_placeholders(lang):
    catalogue = _catalogue(lang)
    for message in _code_messages():
        entry = catalogue.get(message.id, message.context)
        assert entry is not None, f"{lang}: {message.id!r} missing: run python -m gamekit.i18n extract"
        assert not entry.fuzzy, f"{lang}: {message.id!r} is fuzzy"
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        assert all(strings), f"{lang}: {message.id!r} is untranslated"
        for string in strings:
            assert placeholders(string) == placeholders(ids[0]), f"{lang}: placeholders of {message.id!r}"


def test_the_template_file_is_up_to_date():
    with (LOCALE_DIR / "gamekit.pot").open("rb") as pot:
        written = {(m.id, m.context) for m in read_po(pot) if m.id}
    assert written == {(m.id, m.context) for m in _code_messages()}


def test_a_new_event_template_is_found_by_the_extractor(tmp_path):
    (tmp_path / "newgame" / "rules").mkdir(parents=True)
    (tmp_path / "newgame" / "rules" / "__init__.py").write_text('DIG = "Dig a Hole"\n')
    (tmp_path / "newgame" / "rules" / "dig.py").write_text(
        "from . import DIG\n\n\ndef dig(s, p):\n"
        "    s._say(DIG, p, '{} digs {:count hole}.', p, 2)\n"
        "    s._say('Setup' if p else 'End', None, 'Done.')\n"
        "    s._emit(f'{p} is done.', DIG)\n")
    found = find(["newgame"], root=tmp_path)
    assert "{} digs {:count hole}." in found.templates
    assert {m.msgid for m in found.messages} == {"{} digs {:count hole}.", "Dig a Hole", "Done.", "Setup", "End"}
    assert counted_nouns(found.templates) == {"hole"}  # not in gamekit.words.NOUNS: extraction would stop
    assert any("f-string" in note for note in found.notes)


def test_the_kit_s_templates_are_found():
    found = {m.id for m in template_catalog() if m.id}
    assert "{:name} bids {} at {:company}." in found  # a _say template
    assert "Action 7 a) Auctioning" in found  # its section, a constant of giganten.rules
    assert "Play 1 Marker" in found and "Setup" in found  # both sides of an if-else section
    assert ("{} chip", "{} chips") in found  # a counted noun
    assert any(m.context == "player colour" for m in table_messages())


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("noun", ["chip", "license", "point", "derrick", "Set token", "turn"])
def test_plural_forms_for_0_1_2_5(lang, noun):
    with using(lang):
        words = [say_count(n, noun) for n in (0, 1, 2, 5)]
    assert words[0].split(" ", 1)[1] == words[2].split(" ", 1)[1] == words[3].split(" ", 1)[1]  # da, de: n != 1
    assert [w.split(" ", 1)[0] for w in words] == ["0", "1", "2", "5"]


def test_plural_forms_words():
    with using("de"):
        assert [say_count(n, "chip") for n in (0, 1, 2, 5)] == ["0 Ölsteine", "1 Ölstein", "2 Ölsteine", "5 Ölsteine"]
    with using("da"):
        assert [say_count(n, "derrick") for n in (0, 1, 2, 5)] == ["0 boretårne", "1 boretårn", "2 boretårne",
                                                                  "5 boretårne"]
    assert [say_count(n, "chip") for n in (0, 1, 2, 5)] == ["0 chips", "1 chip", "2 chips", "5 chips"]
    with using("de"):
        assert counted(2, "chip") == "2 chips"  # what the rules record stays English
    with pytest.raises(ValueError, match="NOUNS"):
        say_count(2, "hole")


def test_numbers_and_money_as_each_language_writes_them():
    assert (format_money(15000), format_money(-500), format_number(1504)) == ("$15,000", "-$500", "1,504")
    for lang in OTHERS:
        with using(lang):
            assert (format_money(15000), format_money(-500), format_number(1504)) == ("15.000\u00a0$", "-500\u00a0$",
                                                                                      "1.504")


def _states(game, players, seed, **options):
    out = [game.new_game(players, **options)]
    play(out[0], [RandomBot(seed * 31 + i) for i in range(players)], seed, on_move=lambda _b, after: out.append(after))
    return out


GAMES = [(giganten, (3, 4)), (firstgiants, (2, 3, 4, 5))]
VARIANTS = {  # every other game plays the variants whose events have words of their own
    giganten: {"open_licenses": True, "bluff_bids": True, "tie_by_license_cards": True, "one_opponent_back": True},
    firstgiants: {"eggs_not_fossils": True, "news_values": "two-sided"},
}


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), GAMES, ids=["giganten", "firstgiants"])
def test_every_event_of_1000_random_games_is_worded_in_every_language(game, players):
    """1,000 random games of each game (every other one with the variants whose events have words of their
    own): each position's events worded in Danish or German, the two languages taking turns, so that each words
    the events of every game."""
    templates = set()
    for seed in range(1000):
        options = VARIANTS[game] if seed % 2 else {}
        for index, state in enumerate(_states(game, players[seed % len(players)], seed, **options)):
            templates.update(t for t, *_ in state.raw_events)
            for lang in (OTHERS[(seed + index) % len(OTHERS)],):
                with using(lang), collect_misses() as missed:
                    events = state.events
                    sections = [e.section_name for e in events]
                assert not missed, f"{lang}, seed {seed}: stays English: {missed}"
                for event in events:
                    assert "{" not in event.text and "}" not in event.text, event.text
                assert all(has(e.section, lang=lang) for e in events), sections
    assert len(templates) > 20


def test_two_readers_in_two_languages_read_one_game_at_once():
    state = _states(giganten, 3, 7)[40]
    english = [e.text for e in state.events]
    results: dict[str, list[str]] = {}
    barrier = threading.Barrier(2)

    def read(lang):
        with using(lang):
            barrier.wait()
            results[lang] = [[e.text for e in state.events] for _ in range(50)][-1]
            assert language() == lang

    threads = [threading.Thread(target=read, args=(lang,)) for lang in ("da", "de")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results["da"] != results["de"] != english
    assert [e.text for e in state.events] == english  # the main thread still reads English
    with using("da"):
        assert [e.text for e in state.events] == results["da"]


def test_set_language_is_the_default_and_using_overrides_it():
    try:
        set_language("de")
        assert language() == "de"
        with using("da"):
            assert language() == "da"
        assert language() == "de"
    finally:
        set_language("en")
    with pytest.raises(ValueError, match="not 'fr'"):
        set_language("fr")


@pytest.mark.parametrize(("game", "players"), GAMES, ids=["giganten", "firstgiants"])
def test_what_a_game_records_never_depends_on_the_language_it_was_played_in(game, players):
    """The rules record English templates and English pieces (``gamekit.words.counted``), whoever reads."""
    english = [s.raw_events for s in _states(game, players[-1], 11, **VARIANTS[game])]
    for lang in OTHERS:
        with using(lang):
            assert [s.raw_events for s in _states(game, players[-1], 11, **VARIANTS[game])] == english


@pytest.mark.parametrize(("game", "players"), GAMES, ids=["giganten", "firstgiants"])
def test_save_files_keep_no_worded_text(game, players):
    state = _states(game, players[0], 3)[-1]
    english = state.to_json()
    for lang in OTHERS:
        with using(lang):
            assert state.to_json() == english
            assert [e.text for e in game.from_json(english).events] == [e.text for e in state.events]
    assert "Rød" not in english and "{:name}" not in english and '"text"' not in english


def test_placeholders_may_be_reordered_but_not_changed():
    assert placeholders("{:name}'s {:card} goes") == placeholders("Die {1:card} von {0:name} kommt")
    assert placeholders("{} of {}") != placeholders("{} af")
    assert placeholders("{:count chip}") != placeholders("{:count Ölfass}")  # a spec is code, not text


def test_fragments_try_the_most_specific_shape_first_and_keep_atoms_whole():
    shapes = Fragments(["{} to {}", "change a price by up to {}", "{} displays {} {}"], atom=r"#\d+ Small Herbivore")
    assert next(shapes.matches("change a price by up to 3")) == ("change a price by up to {}", ("3",))
    assert next(shapes.matches("Ana displays #12 Small Herbivore for 2 amber"))[1] == (
        "Ana", "#12 Small Herbivore", "for 2 amber")


def test_an_untranslated_piece_stays_english_whole_and_is_reported():
    from giganten.text import WORDING

    with using("da"), collect_misses() as missed:
        assert WORDING.text("a sentence no catalogue has") == "a sentence no catalogue has"
        assert WORDING.text("Red, Blue and Green") == "Rød, Blå og Grøn"
        assert WORDING.text("3 points unused") == "3 point ubrugt"
    assert missed == ["a sentence no catalogue has"]


class _Recorder(SimpleNamespace):
    """A stand-in state whose ``_say`` keeps the events (the rare paths' helpers, called on their own)."""

    def _say(self, section, player, template, *args):
        self.said.append((template, args))


def _rare_giganten_pieces():
    """English pieces of Giganten's rare paths, as the rules build them, and pieces random games seldom reach."""
    from giganten.components import NAMES
    from giganten.rules.production import _ahead_text

    s = SimpleNamespace(locos=[5, 5, 5, 5], name=NAMES.__getitem__)
    return [
        _ahead_text(s, [1, 2, 3]),
        _ahead_text(s, [1, 3]),
        "; the supply holds only 2, so only 2 go under it",  # rules/build.py, an emptying supply
        "Red pays $1,500 to Blue and $1,500 to Green: Red's locomotive is behind the derrick in column 7, the black "
        "locomotive is behind it too, and " + _ahead_text(s, [1, 3]) + "; the chip goes into Red's storage at "
        "Jet Oil Inc..",  # rules/production.py, paid to two opponents
        " (the supply is empty, so it cannot be used)",
    ]


def _rare_firstgiants_events():
    """Events of First Giants' rare paths, from the rules' own helpers."""
    from firstgiants.actions import PlayMarker
    from firstgiants.rules import DISPLAY, DISPLAY_TWO_SAME, SPEND_3_FOR_2
    from firstgiants.rules.display import say_expansion
    from firstgiants.rules.effects import say_amber
    from firstgiants.rules.explain import no_display_reason, say_does_nothing
    from firstgiants.rules.museum import extend, fit, new_set

    s = _Recorder(names=("Ana", "Ben"), study=[(), (0, 4)], amber=[0, 1], said=[], museum=[(), ()])
    say_amber(s, "Reclaim Markers", 0, 1, 2, "the reclaimed marker")  # house rule R6: the supply runs short
    say_does_nothing(s, 0, SPEND_3_FOR_2, -1)
    say_does_nothing(s, 1, DISPLAY, -1)
    s._say("", 1, "{}, so {} gains 1 point.", no_display_reason(s, 1, DISPLAY_TWO_SAME, 0), "Ben")
    s._say("", 0, "{} has no marker at any dig site, so must play 1 marker; only {} is possible.", "Ana",
           PlayMarker(2))
    first = new_set(0)
    kind, key = fit(first, 4)
    say_expansion(s, 0, 4, extend(first, 4, kind, key, 0), False, 0, "at no cost", 0, False, "")  # R17
    return s.said


@pytest.mark.parametrize("lang", OTHERS)
def test_the_rare_paths_pieces_are_translated(lang):
    from firstgiants.text import event_text
    from giganten.text import WORDING

    with using(lang), collect_misses() as missed:
        pieces = [WORDING.text(piece) for piece in _rare_giganten_pieces()]
        events = [event_text(template, args, ("Ana", "Ben")) for template, args in _rare_firstgiants_events()]
    assert not missed
    assert len(events) == 6 and all("{" not in text for text in pieces + events)


@pytest.mark.slow
@pytest.mark.parametrize("lang", OTHERS)
def test_twin_states_give_the_same_words_in_every_language(lang):
    """The classroom's twin-state checks (tests/tables/test_views.py), read in Danish and German: a viewer's
    events never depend on what the viewer cannot see, in any language."""
    from tests.tables import test_views as views

    with using(lang), collect_misses() as missed:
        views.test_giganten_events_of_a_secret_draw_say_nothing_the_viewer_could_not_see(4, 1)
        views.test_giganten_events_of_a_move_do_not_depend_on_what_the_viewer_cannot_see(3, 6)
    assert not missed


def test_the_catalogues_ship_inside_the_package():
    from pathlib import Path

    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10: pytest itself depends on tomli there
        import tomli as tomllib

    import gamekit.i18n

    patterns = tomllib.loads(Path("pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["gamekit.i18n"]
    here = Path(gamekit.i18n.__file__).parent
    files = [p for p in (here / "locale").rglob("*") if p.is_file()]
    assert len(files) == 1 + len(OTHERS)
    assert all(any(p.relative_to(here).match(pattern) for pattern in patterns) for p in files)


def test_two_asyncio_tasks_read_in_their_own_languages():
    """A server's requests are asyncio tasks: each keeps the language it chose across its awaits."""
    import asyncio

    state = _states(firstgiants, 3, 5)[30]

    async def read(lang):
        with using(lang):
            first = [e.text for e in state.events]
            await asyncio.sleep(0)  # the other task runs here
            return first, [e.text for e in state.events], language()

    async def both():
        return await asyncio.gather(read("da"), read("de"))

    from concurrent.futures import ThreadPoolExecutor

    # (in a thread of its own: the browser tests' session keeps an event loop running in this one)
    (da_first, da_then, da), (de_first, de_then, de) = ThreadPoolExecutor(1).submit(asyncio.run, both()).result()
    assert (da, de) == ("da", "de") and da_first == da_then != de_first == de_then
