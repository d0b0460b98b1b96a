"""Static checks of the course notebooks as stored (fast; no kernel).

nbval (run by ``make test`` through the Makefile's NOTEBOOK_TESTS, with ``--nbval-lax``) executes every
notebook and compares only the cells marked to be checked with their stored outputs.  A cell is marked by
its cell tag (``nbval-check-output``); nbval would also read a comment in the code (``# NBVAL_CHECK_OUTPUT``),
but the code is what students read, so the course keeps its markers in the tags only
(``tests/notebooks/convert_markers.py`` moves comments into tags).  That is only a test if the stored outputs
are there and the markers are where they should be; these checks make sure of it:

* no code cell holds an nbval comment marker, and every tag that looks like nbval's is one nbval knows;
* every cell that prints or returns text carries a marker: check (a value the lesson teaches: compared on
  every run) or ignore (``nbval-ignore-output``: a widget, or text that may legitimately change), never
  both; picture cells (a figure and nothing else) need none;
* every checked cell has its stored output and execution count (a stripped cell would compare nothing);
* no stored output is an error or went to stderr (a warning in a lesson is a bug);
* no widget state or widget views are stored (their model ids change on every run);
* every notebook named in a lesson's text exists, and the course list below matches notebooks/;
* the translated lessons (``notebooks/<language>/``, issue 27) are their English originals cell by cell: the
  same code outside its string literals (plus the line that sets the language), each cell stamped with the
  English cell it translates, that markdown not English, and the labels the code prints translated
  (``tests/notebooks/translations.py`` keeps them in step).

And a few rules of a lesson written for students (docs/course-maintenance.md): "Next" lines are links; no
figure text holds an unescaped ``$`` (matplotlib would typeset it as maths); no private name is used.
"""
from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from tests.notebooks import translations

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
COURSE = [
    "00_start_here",
    "05_teachers_positions_and_scenarios",
    "06_teachers_class_results",
    "10_giganten_price_dice",
    "11_giganten_a_round_step_by_step",
    "12_giganten_locomotives_and_transport",
    "13_giganten_auctions_and_licenses",
    "14_giganten_strategy_lab",
    "20_firstgiants_sets_and_scoring",
    "21_firstgiants_a_game_step_by_step",
    "22_firstgiants_strategy_lab",
    "23_balance_report",
    "30_openspiel_and_pettingzoo",
    "40_practice_questions",
    "classroom",
]
#: The lessons translated into each language other than English, as notebooks/<language>/<lesson>.ipynb.
TRANSLATED = {lang: ["00_start_here", "11_giganten_a_round_step_by_step", "21_firstgiants_a_game_step_by_step"]
              for lang in ("da", "de")}
CHECK, IGNORE = "nbval-check-output", "nbval-ignore-output"
#: Every cell tag nbval acts on (nbval.plugin.metadata_tags).
NBVAL_TAGS = {CHECK, IGNORE, "nbval-skip", "nbval-raises-exception", "raises-exception",
              "pytest-validate-ignore-output"}
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
#: Every notebook of the course by its path under notebooks/ without ``.ipynb``: ``00_start_here``,
#: ``da/00_start_here`` (a translated lesson).
PRESENT = sorted(p.relative_to(NOTEBOOKS).with_suffix("").as_posix() for p in NOTEBOOKS.rglob("*.ipynb")
                 if ".ipynb_checkpoints" not in p.parts)
ENGLISH = [name for name in PRESENT if "/" not in name]
TRANSLATIONS = [name for name in PRESENT if "/" in name]


def read(name: str) -> nbformat.NotebookNode:
    return nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)


def marked(cell, tag: str) -> bool:
    """Whether ``cell`` carries the nbval ``tag``."""
    return tag in cell.metadata.get("tags", [])


def code_cells(nb):
    return [(i, c) for i, c in enumerate(nb.cells) if c.cell_type == "code"]


def text_outputs(cell) -> list[str]:
    """The text a cell shows, figures' ``<Figure ...>`` placeholders left out."""
    texts = []
    for out in cell.get("outputs", []):
        if out.output_type == "stream":
            texts.append(out.text)
        elif out.output_type in ("execute_result", "display_data"):
            data = out.get("data", {})
            if "image/png" in data or "image/svg+xml" in data:
                continue
            texts.append(str(data.get("text/plain", "")))
    return [t for t in texts if t.strip()]


def test_the_course_is_complete():
    assert ENGLISH == sorted(COURSE), "notebooks/ and the course list differ (update COURSE and docs/course.md)"
    assert TRANSLATIONS == sorted(f"{lang}/{name}" for lang, names in TRANSLATED.items() for name in names), \
        "the translated lessons and TRANSLATED differ (update TRANSLATED and notebooks/README.md)"


def test_nbval_collects_the_language_folders(pytestconfig):
    """`make test` passes notebooks/ to pytest, which goes down into notebooks/da and notebooks/de unless its
    ``norecursedirs`` leaves them out."""
    from fnmatch import fnmatch

    folders = {name.split("/")[0] for name in TRANSLATIONS}
    skipped = [(folder, pattern) for folder in folders for pattern in pytestconfig.getini("norecursedirs")
               if fnmatch(folder, pattern)]
    assert folders and not skipped, f"pytest would not collect: {skipped}"


@pytest.mark.parametrize("name", PRESENT)
def test_valid_notebook_with_the_course_kernel(name):
    nb = read(name)
    nbformat.validate(nb)
    assert nb.metadata.kernelspec.name == "python3"
    assert "widgets" not in nb.metadata, "saved widget state: run tests/notebooks/refresh.py"
    title = nb.cells[0]
    assert title.cell_type == "markdown" and title.source.startswith("# "), "a notebook opens with its title"


@pytest.mark.parametrize("name", PRESENT)
def test_no_nbval_comment_in_the_code(name):
    """Markers live in cell tags: a student reads the code, and nbval reads the tags."""
    from nbval.plugin import comment_markers

    commented = [i for i, c in code_cells(read(name))
                 if "NBVAL" in c.source or any(line.strip().startswith("#") and line.strip().lstrip("#").strip()
                                               in comment_markers for line in c.source.splitlines())]
    assert not commented, f"cells {commented} carry an nbval comment: run tests/notebooks/convert_markers.py"


def test_the_tags_are_the_ones_nbval_reads():
    from nbval.plugin import metadata_tags

    assert NBVAL_TAGS == set(metadata_tags), "nbval's tags changed: update NBVAL_TAGS"


@pytest.mark.parametrize("name", PRESENT)
def test_nbval_tags_are_known_and_consistent(name):
    for i, cell in enumerate(read(name).cells):
        tags = cell.metadata.get("tags", [])
        assert isinstance(tags, list), f"cell {i}: tags must be a list"
        unknown = [t for t in tags if ("nbval" in t or "exception" in t) and t not in NBVAL_TAGS]
        assert not unknown, f"cell {i}: nbval does not know the tag(s) {unknown}"
        if cell.cell_type != "code":
            assert not set(tags) & NBVAL_TAGS, f"cell {i} is {cell.cell_type}: nbval only reads code cells' tags"
        assert not (CHECK in tags and IGNORE in tags), f"cell {i} is both checked and ignored"


@pytest.mark.parametrize("name", PRESENT)
def test_every_text_output_is_marked(name):
    unmarked = [i for i, c in code_cells(read(name)) if text_outputs(c) and not marked(c, CHECK)
                and not marked(c, IGNORE)]
    assert not unmarked, f"cells {unmarked} show text but carry neither the tag {CHECK} nor {IGNORE}"


@pytest.mark.parametrize("name", PRESENT)
def test_checked_cells_keep_their_outputs(name):
    for i, cell in code_cells(read(name)):
        if marked(cell, CHECK):
            assert text_outputs(cell), f"cell {i} is checked but has no stored output (run refresh.py)"
            assert cell.execution_count is not None, f"cell {i} has no execution count"


@pytest.mark.parametrize("name", PRESENT)
def test_no_errors_warnings_or_widget_views_stored(name):
    for i, cell in code_cells(read(name)):
        for out in cell.outputs:
            assert out.output_type != "error", f"cell {i} stored an error"
            assert not (out.output_type == "stream" and out.name == "stderr"), f"cell {i} wrote to stderr"
            assert WIDGET_MIME not in out.get("data", {}), f"cell {i} stored a widget view"


@pytest.mark.parametrize("name", PRESENT)
def test_named_notebooks_exist(name):
    """A link opens a notebook beside this one (or, from a translation, ``../`` an English one); a notebook
    named in the text exists beside this one or in notebooks/."""
    folder = (NOTEBOOKS / name).parent
    text = "\n".join(c.source for c in read(name).cells if c.cell_type == "markdown")
    for linked in set(re.findall(r"\]\(([^)\s]+\.ipynb)\)", text)):
        assert (folder / linked).is_file(), f"{name} links to {linked}, which does not exist"
    for mentioned in set(re.findall(r"([0-9]{2}_[a-z_]+|classroom)\.ipynb", text)):
        assert (folder / f"{mentioned}.ipynb").is_file() or mentioned in ENGLISH, \
            f"{name} points to {mentioned}.ipynb, which does not exist"


def test_make_test_runs_the_notebooks_under_nbval():
    """`make test` runs the notebooks in its one pytest command, lax, in this environment, sanitized."""
    import os
    import shlex
    import subprocess

    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    dry = subprocess.run(["make", "--no-print-directory", "-n", "-C", str(REPO), "test"], capture_output=True,
                         text=True, check=True, env=env).stdout
    (line,) = [ln for ln in dry.splitlines() if "-m pytest" in ln]
    args = shlex.split(line)
    for flag in ("--nbval-lax", "--nbval-current-env", "notebooks/"):
        assert flag in args, f"make test does not pass {flag}: {line}"
    sanitize = args[args.index("--nbval-sanitize-with") + 1]
    assert (REPO / sanitize).is_file()
    assert args.count("notebooks/") == 1 and "tests" in args  # unit tests and notebooks, each once


#: Calls whose string arguments matplotlib draws as text, and keywords that name text in any call.
FIGURE_TEXT_CALLS = {"set_title", "set_xlabel", "set_ylabel", "suptitle", "title", "xlabel", "ylabel", "text",
                     "annotate", "set_xticks", "set_yticks", "set_xticklabels", "set_yticklabels", "bar", "barh",
                     "legend", "boxplot", "table"}
FIGURE_TEXT_KEYWORDS = {"label", "labels", "tick_labels", "title", "xlabel", "ylabel"}
UNESCAPED_DOLLAR = re.compile(r"(?<!\\)\$")


def figure_strings(code: str):
    """The string literals (f-strings' literal parts too) that ``code`` hands to matplotlib as text."""
    import ast

    code = "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in code.splitlines())
    for call in (n for n in ast.walk(ast.parse(code)) if isinstance(n, ast.Call)):
        name = getattr(call.func, "attr", getattr(call.func, "id", ""))
        texts = ([*call.args, *(k.value for k in call.keywords)] if name in FIGURE_TEXT_CALLS
                 else [k.value for k in call.keywords if k.arg in FIGURE_TEXT_KEYWORDS])
        for node in (n for arg in texts for n in ast.walk(arg)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                yield node.value


@pytest.mark.parametrize("name", PRESENT)
def test_no_stray_mathtext_in_figures(name):
    """matplotlib typesets the text between two ``$`` as maths ("$5,000 to $7,000" comes out garbled): a
    dollar sign in a figure's text is written ``\\\\$`` (a plain ``$`` in the picture)."""
    found = [(i, s) for i, c in code_cells(read(name)) for s in figure_strings(c.source) if UNESCAPED_DOLLAR.search(s)]
    assert not found, f"unescaped $ in figure text (write \\\\$): {found}"


#: A ``$`` that is not written ``\\$`` (the form JupyterLab, Voila and nbconvert all show as a dollar sign).
MATH_DOLLAR = re.compile(r"(?<!\\\\)\$")


def dollar_pairs(markdown: str) -> list[str]:
    """The texts between the markdown's pairs of dollar signs that are not written ``\\$`` (each typeset as
    maths), and a last lone one ("" for an unpaired sign)."""
    at = [m.start() for m in MATH_DOLLAR.finditer(markdown)]
    pairs = [markdown[a + 1:b] for a, b in zip(at[::2], at[1::2])]
    return pairs + ([""] if len(at) % 2 else [])


@pytest.mark.parametrize("name", PRESENT)
def test_no_unescaped_dollar_pairs_in_markdown(name):
    """Issue 29: notebook 05 showed "$15,000, prices at $5,000" as a formula.  In every notebook's markdown a
    pair of plain ``$`` is maths only where maths is meant (``$P_{ij}$``, ``$\\pi$``): no pair holds a dollar
    amount, no sign is left unpaired; amounts are written ``\\$5,000`` (docs/course-maintenance.md)."""
    found = [(i, pair) for i, c in enumerate(read(name).cells) if c.cell_type == "markdown"
             for pair in dollar_pairs(c.source) if not pair or pair[0].isdigit() or "\n" in pair]
    assert not found, f"dollar signs typeset as maths (write \\\\$5,000): {found}"


def test_the_dollar_scan_finds_what_notebook_05_had():
    assert dollar_pairs("values ($15,000, prices at\n$5,000, nothing)") == ["15,000, prices at\n"]
    assert dollar_pairs("values (\\\\$15,000, prices at \\\\$5,000) and $P_{ij}$") == ["P_{ij}"]
    assert dollar_pairs("costs $5") == [""]


#: How a "Next" line starts, in each language of the lessons.
NEXT = ("Next", "Næste:", "Weiter:")


@pytest.mark.parametrize("name", PRESENT)
def test_next_lines_are_links(name):
    """A "Next:" line links the notebooks it names, so a student clicks on."""
    for i, cell in enumerate(read(name).cells):
        for paragraph in cell.source.split("\n\n") if cell.cell_type == "markdown" else ():
            if paragraph.lstrip("*").startswith(NEXT):
                named = re.findall(r"[0-9]{2}_[a-z_]+\.ipynb|classroom\.ipynb", paragraph)
                linked = re.findall(r"\]\((?:\.\./)?([0-9]{2}_[a-z_]+\.ipynb|classroom\.ipynb)\)", paragraph)
                assert named and len(named) == len(linked), f"cell {i}: not links: {paragraph}"


@pytest.mark.parametrize("name", PRESENT)
def test_no_private_names(name):
    """A lesson uses the kit's public names only (``state._cache``, ``s._repr_html_()`` are the kit's business;
    dunders such as ``module.__name__`` are Python's and allowed).  The games' own notebook tests
    (tests/giganten/test_notebook_names.py, tests/firstgiants/test_layout.py) also forbid phase constants."""
    import ast

    private = set()
    for _, cell in code_cells(read(name)):
        code = "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in cell.source.splitlines())
        for node in ast.walk(ast.parse(code)):
            names = ([node.attr] if isinstance(node, ast.Attribute)
                     else [a.name for a in node.names] if isinstance(node, ast.ImportFrom) else [])
            private |= {n for n in names if n.startswith("_") and not (n.startswith("__") and n.endswith("__"))}
    assert not private, f"private names: {sorted(private)}"


# -- the translated lessons (issue 27) ------------------------------------------------------------------------

def english_of(name: str) -> nbformat.NotebookNode:
    """The English lesson the translated lesson ``name`` (``da/11_...``) translates."""
    return read(name.split("/", 1)[1])


@pytest.mark.parametrize("name", TRANSLATIONS)
def test_a_translation_has_the_cells_and_code_of_its_english_lesson(name):
    """Cell by cell the English lesson (types and ids in order), the same code cells outside their string
    literals (``translations.code_shape``) with the same nbval tags, plus ``gamekit.set_language("da")`` right
    after the first code cell's imports: the lessons cannot drift apart (``translations.py sync`` copies a
    changed English cell over)."""
    lang, translation, english = name.split("/")[0], read(name), english_of(name)
    translations.check_pairing(translation, english)
    differ = translations.code_mismatches(translation, english, lang)
    assert not differ, f"cells {differ}: code differs from the English outside its strings: run translations.py sync"
    mine = [c.source for _, c in code_cells(translation)]
    setting = [i for i, source in enumerate(mine) if "set_language" in source]
    assert setting == [0], f"the language is set in code cell(s) {setting}, not once in the first"
    assert any(translations.is_language_line(line, lang) for line in mine[0].split("\n")), \
        "the first code cell sets another language"
    assert [c.metadata.get("tags", []) for _, c in code_cells(translation)] == \
        [c.metadata.get("tags", []) for _, c in code_cells(english)], "nbval tags differ from the English"


@pytest.mark.parametrize("name", TRANSLATIONS)
def test_a_translation_translates_todays_english(name):
    """Each cell, markdown or code, is stamped with the fingerprint of the English cell it translates: when the
    English changes (a code cell's strings too), this fails until the translation is brought up to date and
    stamped (``translations.py stamp``)."""
    translation, english = read(name), english_of(name)
    stale = translations.stale_cells(translation, english)
    assert not stale, (f"cells {stale}: the English changed since it was translated; run translations.py sync, "
                       f"translate, then run tests/notebooks/translations.py stamp notebooks/{name}.ipynb")


#: Short English words that no Danish or German sentence uses ("to", "is", "for", "in", "an" are Danish or German
#: words too).
ENGLISH_WORDS = {"the", "and", "of", "you", "with", "this", "that", "which", "what", "are", "it"}


def english_words(markdown: str) -> list[str]:
    """The words of ``ENGLISH_WORDS`` in ``markdown``'s prose (code spans and link targets left out)."""
    prose = re.sub(r"`[^`]*`|\]\([^)]*\)", " ", markdown)
    return [word for word in re.findall(r"[A-Za-z]+", prose) if word.lower() in ENGLISH_WORDS]


@pytest.mark.parametrize("name", TRANSLATIONS)
def test_a_translation_is_not_english(name):
    """At most one common English word per markdown cell (the menu entry "Restart Kernel and Run All Cells" is
    JupyterLab's): a cell left in English, or stamped untranslated, has several."""
    english = [(i, words) for i, c in enumerate(read(name).cells) if c.cell_type == "markdown"
               for words in [english_words(c.source)] if len(words) > 1]
    assert not english, f"markdown cells still in English: {english}"


def test_the_english_lessons_would_fail_the_language_check():
    """The check above has teeth: every English lesson that is translated fails it."""
    for lessons in TRANSLATED.values():
        for name in lessons:
            cells = [c for c in read(name).cells if c.cell_type == "markdown"]
            assert sum(len(english_words(c.source)) > 1 for c in cells) > len(cells) / 2, name


def print_labels(source: str) -> list[list[str]]:
    """The string literals (f-strings' text parts too) of each ``print(...)`` call of ``source``, in order."""
    import ast

    calls = [n for n in ast.walk(ast.parse(translations.without_magics(source)))
             if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "print"]
    return [[n.value for arg in call.args for n in ast.walk(arg)
             if isinstance(n, ast.Constant) and isinstance(n.value, str)] for call in calls]


def untranslated_prints(translation: nbformat.NotebookNode, english: nbformat.NotebookNode) -> list[tuple]:
    """The ``print`` calls whose literals hold a word yet are all as the English lesson has them."""
    return [(i, theirs) for (i, mine), (_, original) in zip(code_cells(translation), code_cells(english))
            for ours, theirs in zip(print_labels(mine.source), print_labels(original.source))
            if ours == theirs and any(re.search(r"[^\W\d_]{2}", text) for text in theirs)]


@pytest.mark.parametrize("name", TRANSLATIONS)
def test_a_translation_prints_its_own_labels(name):
    """What the code prints is the lesson's language: a ``print`` whose string literals hold a word (a label,
    ``print("Player to move:", ...)``) has at least one of them translated (data strings stay English:
    docs/languages.md)."""
    left = untranslated_prints(read(name), english_of(name))
    assert not left, f"print labels left in English (translate them, then stamp): {left}"


def test_the_english_lessons_would_fail_the_label_check():
    for lessons in TRANSLATED.values():
        for name in lessons:
            assert untranslated_prints(read(name), read(name)), name


def test_sync_copies_the_english_code_and_reports_changed_english(tmp_path):
    """``translations.py``: a new translation sets its language after the imports; a translation may change the
    strings of the code (not the code, nor an f-string's fields); ``sync`` copies a code cell whose English
    changed (its outputs cleared, the language line kept, its strings English again), once, leaves the others
    with their translated strings, and names the cells whose English changed; ``stamp`` accepts them."""
    english = nbformat.v4.new_notebook()
    english.cells = [nbformat.v4.new_markdown_cell("# A lesson", id="m0"),
                     nbformat.v4.new_code_cell('%matplotlib inline\nimport gamekit\n\nprint("one", 1)', id="c1"),
                     nbformat.v4.new_code_cell('print(f"two: {2:>3}")', id="c2")]
    (tmp_path / "da").mkdir()
    nbformat.write(english, tmp_path / "lesson.ipynb")
    translated = tmp_path / "da" / "lesson.ipynb"
    nbformat.write(english, translated)
    nb = nbformat.read(translated, as_version=4)
    nb.cells[0].source = "# En lektion"
    nb.cells[1].source = translations.with_language_line('%matplotlib inline\nimport gamekit\n\nprint("en", 1)', "da")
    assert nb.cells[1].source == '%matplotlib inline\nimport gamekit\ngamekit.set_language("da")\n\nprint("en", 1)'
    nb.cells[2].source = 'print(f"to: {2:>3}")'
    nb.cells[2].outputs = [nbformat.v4.new_output("stream", name="stdout", text="to:   2\n")]
    assert translations.code_mismatches(nb, english, "da") == []
    for changed_code in ('print(f"to: {2:>4}")', 'print(f"to: {3:>3}")', 'print("to", 2)'):
        nb.cells[2].source = changed_code
        assert translations.code_mismatches(nb, english, "da") == [2], changed_code
    nb.cells[2].source = 'print(f"to: {2:>3}")'
    nbformat.write(nb, translated)
    assert translations.stamp(translated) == 3 and translations.sync(translated) == []

    english.cells[0].source, english.cells[2].source = "# A lesson, revised", 'print(f"two: {2:>3}", "!")'
    nbformat.write(english, tmp_path / "lesson.ipynb")
    report = translations.sync(translated)
    assert [line.split(":")[0] for line in report] == ["cell 2", "cell 0", "cell 2"]
    nb = nbformat.read(translated, as_version=4)
    assert [c.source for c in nb.cells] == ["# En lektion", translations.with_language_line(
        '%matplotlib inline\nimport gamekit\n\nprint("en", 1)', "da"), 'print(f"two: {2:>3}", "!")']
    assert nb.cells[2].outputs == []
    nb.cells[2].source = 'print(f"to: {2:>3}", "!")'  # translated again; a second sync leaves it
    nbformat.write(nb, translated)
    assert [line.split(":")[0] for line in translations.sync(translated)] == ["cell 0", "cell 2"]
    assert nbformat.read(translated, as_version=4).cells[2].source == 'print(f"to: {2:>3}", "!")'
    assert translations.stamp(translated) == 2 and translations.sync(translated) == []
