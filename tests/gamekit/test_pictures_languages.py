"""The pictures and plots in every language (issue 27): each game's SVG picture and each matplotlib plot drawn in
English, Danish and German; in Danish and German no text left English (bar names, numbers and symbols); every
SVG text inside its picture and clear of the others, however long the language's words; twin states (differing
only in what the viewer cannot see) drawn the same in every language; the balance report written in Danish."""
from __future__ import annotations

import html
import re
from functools import cache

import pytest

import firstgiants as f
import giganten as g
from gamekit import random_game, states_along
from gamekit.i18n import LANGUAGES, SOURCE, using
from gamekit.svg import MARGIN, MIN_CONDENSED, MIN_TEXT_PX, text_width
from gamekit.widgets import observed

OTHERS = [lang for lang in LANGUAGES if lang != SOURCE]

#: Texts that are the same in every language: the players' and companies' names, the games' names.
NAMES = {"Ana", "Ben", "Cleo", "Dev", "Eli", "Hudson", "Jet", "Standard", "First Giants", "Giganten"}
#: Words a language writes as English does (the glossary's choice): German "Set" (a set of fossils), "Marker",
#: "Median"; Danish "point", "per", "truck", "margin", "median".
SAME_WORD = {"da": {"point", "per", "truck", "margin", "median"}, "de": {"Set", "Marker", "Median", "alle"}}
#: Numbers, money, card numbers, letters and symbols (nothing to translate).
SYMBOLS = re.compile(r"[\d\s#?×▲■+\-−–.,:;/$%()±=]*|[A-Za-z]|R\d+")  # (R4: round 4, "Runde" in da and de)


def same_in_every_language(text: str, lang: str) -> bool:
    """Whether ``text`` may read the same in ``lang`` as in English: a name, a number, a symbol, a shared word,
    or those put together ("Hudson", "$5,000", "#12", "Set 3", "Ana: 3 points" is not)."""
    words = re.split(r"[\s,:;()·]+", text.strip())
    return all(SYMBOLS.fullmatch(w) or w in NAMES or w in SAME_WORD[lang] for w in words if w)


# -- the SVG pictures ------------------------------------------------------------------------------------------

TEXT = re.compile(r"<text ([^>]*)>([^<]*)</text>")
ATTR = re.compile(r'([\w-]+)="([^"]*)"')


def svg_texts(svg: str) -> list[dict]:
    """Every ``<text>`` of a picture: its words and attributes (the pictures draw no transformed groups)."""
    out = []
    for attrs, words in TEXT.findall(svg):
        a = dict(ATTR.findall(attrs))
        a["words"] = html.unescape(words)
        out.append(a)
    return out


def box(t: dict) -> tuple[float, float, float, float]:
    """A text's box (left, top, right, bottom) as the layout estimates it (its condensed width if condensed)."""
    size, x = float(t["font-size"]), float(t["x"])
    bold = t.get("font-weight") == "bold"
    width = float(t["textLength"]) if "textLength" in t else text_width(t["words"], size, bold)
    left = {"start": x, "middle": x - width / 2, "end": x - width}[t["text-anchor"]]
    baseline = float(t["y"])
    return left, baseline - 0.76 * size, left + width, baseline + 0.24 * size


def picture_size(svg: str) -> tuple[float, float]:
    w, h = re.search(r'<svg [^>]*width="([\d.]+)" height="([\d.]+)"', svg).groups()
    return float(w), float(h)


def overlapping(texts: list[dict]) -> list[tuple[str, str]]:
    """Texts over each other (a truck may stand on the "×" of a space left empty with three players)."""
    boxes = [(box(t), t["words"]) for t in texts if t["words"] != "×"]
    return [(a, b) for i, ((l1, t1, r1, b1), a) in enumerate(boxes) for (l2, t2, r2, b2), b in boxes[i + 1:]
            if l1 < r2 - 1 and l2 < r1 - 1 and t1 < b2 - 1 and t2 < b1 - 1]


@cache
def giganten_positions() -> list[tuple[str, object, int | None]]:
    """(name, state, viewer): seeded random play with 3 and 4 players, the start and every scenario."""
    out: list[tuple[str, object, int | None]] = []
    for players, seed in ((3, 1), (4, 2)):
        states = list(states_along(random_game(g.new_game(players), seed)))
        out += [(f"{players}p seed {seed} #{k}", states[k], k % players) for k in (5, len(states) // 3,
                                                                                  2 * len(states) // 3)]
        out.append((f"{players}p end", states[-1], None))
    out += [(f"scenario {name}", g.scenario(name), None) for name in g.scenarios()]
    return out


@cache
def firstgiants_positions() -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = []
    for players in (2, 3, 4, 5):
        states = list(states_along(random_game(f.new_game(players), players)))
        out += [(f"{players}p #{k}", states[k]) for k in (3, len(states) // 2, len(states) - 1)]
    out += [(f"scenario {name}", f.scenario(name)) for name in f.scenarios()]
    return out


def giganten_pictures() -> list[tuple[str, str]]:
    from giganten.pictures import board_svg, prices_svg

    out = [(name, board_svg(observed(s, viewer) if viewer is None else s.observation(viewer)))
           for name, s, viewer in giganten_positions()]
    return out + [("prices", prices_svg([0, 7, 15], [3, 7, 10]))]


def firstgiants_pictures() -> list[tuple[str, str]]:
    from firstgiants.pictures import cards_svg, museums_svg, table_svg

    out = [(name, table_svg(s.observation(0))) for name, s in firstgiants_positions()]
    s = firstgiants_positions()[-4][1]
    out.append(("cards", cards_svg(list(range(0, 60, 3)), title="")))
    out.append(("museums", museums_svg([(p["name"], []) for p in s.observation(0)["players"]])))
    return out


PICTURES = {"giganten": giganten_pictures, "firstgiants": firstgiants_pictures}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(PICTURES))
def test_every_text_of_a_picture_is_inside_it_readable_and_clear_of_the_others(game, lang):
    """However long a language's words: no label cut off by the picture's edge, none over another, none below
    14 px, none condensed below MIN_CONDENSED of its width (gamekit.svg.Svg.text's ``fit``)."""
    with using(lang):
        pictures = PICTURES[game]()
    for name, svg in pictures:
        width, height = picture_size(svg)
        texts = svg_texts(svg)
        assert texts, name
        for t in texts:
            left, top, right, bottom = box(t)
            assert -0.5 <= left and right <= width + 0.5 and -0.5 <= top and bottom <= height + 0.5, (name, t)
            assert float(t["font-size"]) >= MIN_TEXT_PX, (name, t)
            if "textLength" in t:
                full = text_width(t["words"], float(t["font-size"]), t.get("font-weight") == "bold") / MARGIN
                assert float(t["textLength"]) >= MIN_CONDENSED * full, (name, t)
        assert not overlapping(texts), (name, overlapping(texts)[:5])


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("game", sorted(PICTURES))
def test_no_text_of_a_picture_stays_english(game, lang):
    """Of the texts of the same picture drawn in English and in ``lang`` (its lines may break elsewhere), each
    text that reads the same is a name, a number or a symbol."""
    english = PICTURES[game]()
    with using(lang):
        translated = PICTURES[game]()
    left_english = set()
    for (name, en_svg), (_, svg) in zip(english, translated):
        en_words = {t["words"] for t in svg_texts(en_svg)}
        left_english |= {t["words"] for t in svg_texts(svg)
                         if t["words"] in en_words and not same_in_every_language(t["words"], lang)}
        en_title, title = (re.search(r'aria-label="([^"]*)"', s) for s in (en_svg, svg))
        if en_title and en_title.group(1) not in ("First Giants",):
            assert title.group(1) != en_title.group(1), name
    assert not left_english


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_cards_words_fit_within_its_borders_in_every_language(lang):
    """A First Giants card's effect keeps to its five lines, and a Giganten action card's lines to the card
    (tests/firstgiants/test_pictures.py and tests/giganten/test_pictures.py check English)."""
    from firstgiants.components import CARDS as FOSSILS
    from firstgiants.pictures import CARD_W as FOSSIL_W
    from firstgiants.pictures import TEXT_PX, short_effect
    from gamekit.svg import wrap
    from giganten.components import CARDS as ACTIONS
    from giganten.pictures import CARD_H, CARD_W, card_lines

    with using(lang):
        for card in FOSSILS:
            lines = wrap(short_effect(card.id), FOSSIL_W - 12, TEXT_PX)
            assert len(lines) <= 5, (card, lines)
            assert max(text_width(line, TEXT_PX) for line in lines) <= MIN_CONDENSED ** -1 * (FOSSIL_W - 12), lines
        for card in ACTIONS:
            lines = card_lines(card.id)
            assert len(lines) * 14 * 1.15 <= CARD_H - 6, card
            assert all(MIN_CONDENSED * text_width(line, 14) / MARGIN <= CARD_W - 8 for line in lines), lines


def test_the_player_letters_tell_the_seats_apart_in_every_language():
    """Yellow and Green both start with G in Danish (Gul, Grøn) and German (Gelb, Grün): each catalogue gives
    letters of its own."""
    from giganten.plots import player_letter

    for lang in LANGUAGES:
        with using(lang):
            letters = [player_letter(p) for p in range(4)]
        assert len(set(letters)) == 4, (lang, letters)


def test_a_picture_is_worded_when_drawn_and_the_static_layer_follows_the_language():
    from giganten.pictures import board_svg

    obs = g.new_game(4).observation(0)
    with using("de"):
        german = board_svg(obs)
    english = board_svg(obs)
    assert "Ölpreise (Aktion 1)" in german and "Oil prices (Action 1)" not in german
    assert "Oil prices (Action 1)" in english and "Ölpreise" not in english
    assert "Kosten" in german and "rail cost" in english


# -- twins ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_twin_states_give_the_same_pictures_in_every_language(lang):
    """tests/giganten/test_observe.py's twins (Blue's licenses and two tiles Red has not seen differ): Red's and
    the public picture, SVG and matplotlib, are the same in each language."""
    from giganten.pictures import board_svg
    from giganten.plots import BoardPicture, plot_board
    from gamekit.plotting import figure_svg
    from tests.giganten.test_observe import twins

    s1, s2 = twins()
    with using(lang):
        for viewer in (0, None):
            a, b = (board_svg(s.observation(0) if viewer == 0 else observed(s, None)) for s in (s1, s2))
            assert a == b
            assert BoardPicture().render(s1, viewer) == BoardPicture().render(s2, viewer)
            pictures = [figure_svg(plot_board(s, viewer).figure) for s in (s1, s2)]
            assert pictures[0] == pictures[1]


# -- the matplotlib plots -------------------------------------------------------------------------------------

def figure_texts(fig) -> list[str]:
    """Every title, axis label, legend text, annotation and word-bearing tick label of a figure."""
    fig.canvas.draw()  # (tick labels are set when drawn)
    out = [t.get_text() for t in fig.texts]
    for ax in fig.axes:
        out += [ax.get_title(loc) for loc in ("left", "center", "right")]
        out += [ax.get_xlabel(), ax.get_ylabel()]
        legend = ax.get_legend()
        if legend is not None:
            out += [t.get_text() for t in legend.get_texts()]
        out += [t.get_text() for t in ax.texts]
        out += [t.get_text() for t in ax.get_xticklabels() + ax.get_yticklabels()]
    if fig._suptitle is not None:
        out.append(fig._suptitle.get_text())
    return [t for t in out if t]


def giganten_figures() -> list[tuple[str, object]]:
    from giganten import plots

    final = giganten_positions()[3][1]
    mid = giganten_positions()[1][1]
    out = [("board", plots.plot_board(mid, viewer=0).figure), ("rail race", plots.plot_rail_race(final).figure),
           ("summary", plots.plot_game_summary(final)), ("prices", plots.plot_prices(mid).figure),
           ("histogram", plots.plot_price_histogram([3, 5, 8, 2, 1, 0, 4, 6, 9, 2, 1, 1, 0, 3, 2, 1],
                                                    [1 / 16] * 16).figure)]
    picture = plots.BoardPicture()
    picture.render(mid, 0)
    return out + [("board picture", picture.fig)]


def firstgiants_figures() -> list[tuple[str, object]]:
    from firstgiants import plots

    return [(name, plots.plot_table(s)) for name, s in firstgiants_positions()[1::4]]


def balance_figures() -> list[tuple[str, object]]:
    from gamekit.balance.report import BalanceReport
    from tests.gamekit.test_balance import two_player_tournament

    return list(BalanceReport(two_player_tournament(), "club").figures().items())


def review_figures() -> list[tuple[str, object]]:
    """The coach's review plot (gamekit.plotting.plot_review) of a review's shape: a timeline and mistakes."""
    from types import SimpleNamespace

    from gamekit.plotting import plot_review

    mistake = SimpleNamespace(move_number=4, seat=1, win_cost=SimpleNamespace(mean=0.2))
    review = SimpleNamespace(names=["Ana", "Ben"], timeline=[(m, (0.5 + m / 20, 0.5 - m / 20)) for m in range(8)],
                             mistakes=lambda n: [mistake])
    return [("review", plot_review(review).figure)]


FIGURES = {"giganten": giganten_figures, "firstgiants": firstgiants_figures, "balance": balance_figures,
           "review": review_figures}


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("kind", sorted(FIGURES))
def test_no_title_axis_label_or_legend_of_a_plot_stays_english(kind, lang):
    english = [(name, figure_texts(fig)) for name, fig in FIGURES[kind]()]
    with using(lang):
        translated = [(name, figure_texts(fig)) for name, fig in FIGURES[kind]()]
    left_english = set()
    for (_, en_texts), (_, texts) in zip(english, translated):
        left_english |= {t for t in texts if t in set(en_texts) and not same_in_every_language(t, lang)}
    assert not left_english


def test_money_on_the_plots_is_written_as_the_language_writes_it():
    from giganten import plots

    state = giganten_positions()[0][1]
    with using("da"):
        ticks = [t.get_text() for t in plots.plot_prices(state).get_yticklabels()]
    assert ticks[0] == "1.500\u00a0$" and ticks[-1] == "9.000\u00a0$"


def test_plain_number_ticks_take_the_reader_s_decimal_mark_when_drawn():
    from gamekit.plotting import figure_svg, new_figure

    fig = new_figure()
    ax = fig.add_subplot()
    ax.plot([0.0, 1.5], [0.0, 2500.0])
    ax.set_xticks([0.0, 0.5, 1.0, 1.5])
    ax.ticklabel_format(axis="y", useOffset=False, style="plain")
    for lang, half in (("en", "0.5"), ("da", "0,5"), ("de", "0,5")):
        with using(lang):
            svg = figure_svg(fig)
        assert f">{half}<" in svg and ">2500<" in svg  # (the axis's own settings stay: no offset, no grouping)


# -- the balance report ---------------------------------------------------------------------------------------

def test_the_command_line_writes_a_danish_report_with_english_data(tmp_path):
    import pandas as pd

    from gamekit.balance import main

    out = tmp_path / "rapport"
    main(["giganten", "--players", "3", "--games", "3", "--out", str(out), "--level", "random",
          "--skill-games", "0", "--language", "da"])
    text = (out / "report.md").read_text(encoding="utf-8")
    assert text.startswith("# Balancerapport: giganten, 3 spillere, standardregler")
    for heading in ("## Fordel ved pladsen", "## Varighed", "## Jævnbyrdighed og afgørelse", "## Strategi"):
        assert heading in text
    assert "| plads | spil | vinderandel |" in text and "1. (startspiller)" in text
    assert "Balance report" not in text and "win share" not in text
    table = pd.read_csv(out / "table.csv")  # data: the same columns and words in every language
    assert list(table.columns) == ["section", "measure", "group", "games", "value", "low", "high", "note"]
    assert "seat advantage" in set(table["section"])
