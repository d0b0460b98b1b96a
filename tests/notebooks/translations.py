"""Keep the translated lessons (``notebooks/<language>/``) in step with their English originals.

    .venv/bin/python tests/notebooks/translations.py new da 11_giganten_a_round_step_by_step   # start one
    .venv/bin/python tests/notebooks/translations.py sync                # every translated lesson
    .venv/bin/python tests/notebooks/translations.py stamp notebooks/da/11_giganten_a_round_step_by_step.ipynb

A translated lesson is its English original cell by cell: the same cells in the same order (the same ids),
the code cells the same code with the same nbval tags, plus one line in the first code cell,
``gamekit.set_language("da")`` right after its imports; only the markdown is in the other language.  So the
lessons cannot drift apart:

* ``sync`` copies every code cell of the English original into each translation (the language line put
  back), clears the outputs of the cells it changed (run ``refresh.py`` on the translation next), and lists
  the markdown cells whose English changed since they were translated;
* each translated markdown cell keeps, in its metadata (``translates``), a fingerprint of the English text it
  translates; ``stamp`` records the current English fingerprints once the translator has brought the
  markdown up to date (``sync`` never does: a stamp says a person read the new English);
* ``new`` starts a translation: a copy of the English lesson with the language line, its markdown still
  English and unstamped, for the translator to replace cell by cell.

``tests/notebooks/test_course_notebooks.py`` fails while a translation's code differs from its original's, its
cells do not pair with the original's, or a markdown cell's stamp is not the English text's of today.
"""
from __future__ import annotations

import argparse
import ast
import hashlib
import re
import sys
from pathlib import Path

import nbformat

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
#: The key of a translated markdown cell's metadata that holds its English text's fingerprint.
STAMP = "translates"


def language_line(lang: str) -> str:
    """The line a translated lesson adds to its first code cell."""
    return f'gamekit.set_language("{lang}")'


def is_language_line(line: str, lang: str) -> bool:
    return re.fullmatch(re.escape(language_line(lang)) + r"\s*(#.*)?", line.strip()) is not None


def fingerprint(text: str) -> str:
    """The fingerprint of an English markdown cell's text (what a stamp records)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def original_of(path: Path) -> Path:
    """The English lesson that ``notebooks/<language>/<name>.ipynb`` translates."""
    return path.parent.parent / path.name


def language_of(path: Path) -> str:
    return path.parent.name


def translated_lessons() -> list[Path]:
    """Every translated lesson of the kit (``notebooks/<language>/*.ipynb``)."""
    return sorted(p for p in NOTEBOOKS.glob("*/*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def with_language_line(source: str, lang: str) -> str:
    """``source`` (the English first code cell) with the language line right after its last import."""
    lines = source.split("\n")
    code = "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in lines)
    imports = [node for node in ast.parse(code).body if isinstance(node, (ast.Import, ast.ImportFrom))]
    if not any(alias.name == "gamekit" for node in imports if isinstance(node, ast.Import) for alias in node.names):
        raise ValueError("the first code cell does not `import gamekit`: add it to the English lesson first")
    at = max(node.end_lineno or node.lineno for node in imports)
    return "\n".join(lines[:at] + [language_line(lang)] + lines[at:])


def without_language_line(source: str, lang: str) -> str:
    """``source`` with the language line taken out (what the English cell holds)."""
    return "\n".join(line for line in source.split("\n") if not is_language_line(line, lang))


def expected_code(english: nbformat.NotebookNode, lang: str) -> list[str]:
    """The code cells' sources a translation into ``lang`` holds: the English, the language line added."""
    sources = [cell.source for cell in english.cells if cell.cell_type == "code"]
    return [with_language_line(sources[0], lang)] + sources[1:]


def stale_markdown(translation: nbformat.NotebookNode, english: nbformat.NotebookNode) -> list[int]:
    """The markdown cells whose stamp is not the fingerprint of today's English text."""
    return [i for i, (mine, theirs) in enumerate(zip(translation.cells, english.cells))
            if mine.cell_type == "markdown" and mine.metadata.get(STAMP) != fingerprint(theirs.source)]


def check_pairing(translation: nbformat.NotebookNode, english: nbformat.NotebookNode) -> None:
    """Raise unless the two notebooks have the same cells (type and id) in the same order."""
    mine = [(c.cell_type, c.get("id")) for c in translation.cells]
    theirs = [(c.cell_type, c.get("id")) for c in english.cells]
    if mine != theirs:
        raise ValueError("the translation's cells do not pair with the English ones (type and id, in order): "
                         "add or remove cells as the English lesson did, with the same ids")


def sync(path: Path) -> list[str]:
    """Copy the English code cells into the translation at ``path``; report what changed and what is stale."""
    translation, english = nbformat.read(path, as_version=4), nbformat.read(original_of(path), as_version=4)
    check_pairing(translation, english)
    lang, report = language_of(path), []
    code = iter(expected_code(english, lang))
    for i, (mine, theirs) in enumerate(zip(translation.cells, english.cells)):
        if mine.cell_type != "code":
            continue
        source = next(code)
        if mine.source != source:
            mine.source, mine.outputs, mine.execution_count = source, [], None
            report.append(f"cell {i}: code copied from the English (run refresh.py on this lesson)")
        mine.metadata = nbformat.from_dict(dict(theirs.metadata))
    report += [f"cell {i}: the English text changed since it was translated; update the translation, then stamp"
               for i in stale_markdown(translation, english)]
    nbformat.validate(translation)
    nbformat.write(translation, path)
    return report


def stamp(path: Path) -> int:
    """Record that every markdown cell of the translation at ``path`` translates today's English; cells
    stamped anew."""
    translation, english = nbformat.read(path, as_version=4), nbformat.read(original_of(path), as_version=4)
    check_pairing(translation, english)
    changed = stale_markdown(translation, english)
    for i in changed:
        translation.cells[i].metadata[STAMP] = fingerprint(english.cells[i].source)
    nbformat.write(translation, path)
    return len(changed)


def new(lang: str, name: str) -> Path:
    """Start the translation of the English lesson ``name`` into ``lang`` (its markdown still English)."""
    from gamekit.i18n import LANGUAGES

    if lang not in LANGUAGES or lang == "en":
        raise ValueError(f"not a language the kit translates to: {lang!r} (gamekit.i18n.LANGUAGES)")
    english, path = NOTEBOOKS / f"{name}.ipynb", NOTEBOOKS / lang / f"{name}.ipynb"
    if path.exists():
        raise FileExistsError(f"{path} exists: use sync")
    nb = nbformat.read(english, as_version=4)
    first = next(cell for cell in nb.cells if cell.cell_type == "code")
    first.source = with_language_line(first.source, lang)
    path.parent.mkdir(exist_ok=True)
    nbformat.write(nb, path)
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    start = commands.add_parser("new", help="start a translation of an English lesson")
    start.add_argument("language")
    start.add_argument("lesson", help="the English lesson's name, without .ipynb")
    for command in ("sync", "stamp"):
        commands.add_parser(command).add_argument("notebooks", nargs="*", type=Path)
    args = parser.parse_args(argv)
    if args.command == "new":
        print(f"{new(args.language, args.lesson)}: started (translate its markdown, then stamp it)")
        return 0
    for path in args.notebooks or translated_lessons():
        path = path.resolve()
        name = path.relative_to(NOTEBOOKS).as_posix()
        if args.command == "stamp":
            print(f"{name}: {stamp(path)} markdown cell(s) stamped")
        else:
            print("\n".join(f"{name}: {line}" for line in sync(path)) or f"{name}: in step")
    return 0


if __name__ == "__main__":
    sys.exit(main())
