"""Keep the translated lessons (``notebooks/<language>/``) in step with their English originals.

    .venv/bin/python tests/notebooks/translations.py new da 11_giganten_a_round_step_by_step   # start one
    .venv/bin/python tests/notebooks/translations.py sync                # every translated lesson
    .venv/bin/python tests/notebooks/translations.py stamp notebooks/da/11_giganten_a_round_step_by_step.ipynb

A translated lesson is its English original cell by cell: the same cells in the same order (the same ids),
the code cells the same code with the same nbval tags, plus one line in the first code cell,
``gamekit.set_language("da")`` right after its imports.  The markdown is in the other language, and so is
the text inside the code's string literals that the reader sees (printed labels, the text parts of
f-strings, button labels, docstrings); comments may be translated too.  Everything else of a code cell is
the English code: compared as Python syntax trees (``code_shape``) with every string literal masked, the
translated cell and the English one are equal.  An f-string's replacement fields are code, not text: the
expressions, conversions and format specs inside its braces stay as they are (in any order, for the other
language's word order).  A string the code uses as data (a phase name, a dictionary key, a regular
expression, a file name, a language code) must stay English: the masking cannot tell it from a label, but
nbval, running the lesson, fails when a translated one makes a cell raise or print something else.  So the
lessons cannot drift apart:

* each translated cell, markdown or code, keeps in its metadata (``translates``) a fingerprint of the English
  cell it translates; ``stamp`` records the current English fingerprints once the translator has brought
  the cells up to date (``sync`` never does: a stamp says a person read the new English);
* ``sync`` copies each code cell whose English changed since it was stamped (or whose code no longer
  matches the English outside its strings) into the translation as the English code (the language line put
  back), so that cell's strings are English again, to be translated anew; it clears the outputs of the cells
  it changed (run ``refresh.py`` on the translation next), marks them ``copied:`` (so that running ``sync``
  again before the stamp does not copy over the strings being translated), leaves the other cells alone, and
  lists the cells to translate and stamp;
* ``new`` starts a translation: a copy of the English lesson with the language line, its markdown and strings
  still English and unstamped, for the translator to replace cell by cell.

``tests/notebooks/test_course_notebooks.py`` fails while a translation's code differs from its original's
outside the string literals, its cells do not pair with the original's, or a cell's stamp is not the
fingerprint of the English cell of today.
"""
from __future__ import annotations

import argparse
import ast
import copy
import hashlib
import re
import sys
from pathlib import Path

import nbformat

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
#: The key of a translated cell's metadata that holds its English cell's fingerprint.
STAMP = "translates"
#: What ``sync`` writes there instead when it copied the English code in (``copied:<fingerprint>``): not a
#: stamp, but a mark that keeps a second ``sync`` from copying over the strings being translated.
COPIED = "copied:"


def language_line(lang: str) -> str:
    """The line a translated lesson adds to its first code cell."""
    return f'gamekit.set_language("{lang}")'


def is_language_line(line: str, lang: str) -> bool:
    return re.fullmatch(re.escape(language_line(lang)) + r"\s*(#.*)?", line.strip()) is not None


def fingerprint(text: str) -> str:
    """The fingerprint of an English cell's source (what a stamp records)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def original_of(path: Path) -> Path:
    """The English lesson that ``notebooks/<language>/<name>.ipynb`` translates."""
    return path.parent.parent / path.name


def language_of(path: Path) -> str:
    return path.parent.name


def translated_lessons() -> list[Path]:
    """Every translated lesson of the kit (``notebooks/<language>/*.ipynb``)."""
    return sorted(p for p in NOTEBOOKS.glob("*/*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def without_magics(source: str) -> str:
    """``source`` with IPython's ``%`` and ``!`` lines blanked (what Python parses)."""
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in source.split("\n"))


class _MaskStrings(ast.NodeTransformer):
    """Replace every string literal's text by ``"…"``; keep an f-string's replacement fields (in sorted order),
    their expressions masked alike and their conversions and format specs as they are."""

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        return ast.Constant("…") if isinstance(node.value, str) else node

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        fields = [ast.FormattedValue(self.visit(v.value), v.conversion, v.format_spec)
                  for v in node.values if isinstance(v, ast.FormattedValue)]
        return ast.JoinedStr([ast.Constant("…"), *sorted(fields, key=ast.dump)]) if fields else ast.Constant("…")


def code_shape(source: str) -> str:
    """What a translated code cell shares with its English cell: its syntax tree with every string literal's
    text masked (an f-string's replacement fields, format specs included, kept), plus its IPython lines.
    Comments, line breaks inside brackets and how a string is split into adjacent literals do not count."""
    magics = [line.strip() for line in source.split("\n") if line.lstrip().startswith(("%", "!"))]
    tree = _MaskStrings().visit(ast.parse(without_magics(source)))
    return ast.dump(tree) + "".join(f"\n{line}" for line in magics)


def with_language_line(source: str, lang: str) -> str:
    """``source`` (the English first code cell) with the language line right after its last import."""
    lines = source.split("\n")
    imports = [node for node in ast.parse(without_magics(source)).body
               if isinstance(node, (ast.Import, ast.ImportFrom))]
    if not any(alias.name == "gamekit" for node in imports if isinstance(node, ast.Import) for alias in node.names):
        raise ValueError("the first code cell does not `import gamekit`: add it to the English lesson first")
    at = max(node.end_lineno or node.lineno for node in imports)
    return "\n".join(lines[:at] + [language_line(lang)] + lines[at:])


def expected_code(english: nbformat.NotebookNode, lang: str) -> list[str]:
    """The code cells' sources a translation into ``lang`` holds: the English, the language line added."""
    sources = [cell.source for cell in english.cells if cell.cell_type == "code"]
    return [with_language_line(sources[0], lang)] + sources[1:]


def stale_cells(translation: nbformat.NotebookNode, english: nbformat.NotebookNode) -> list[int]:
    """The cells whose stamp is not the fingerprint of today's English cell."""
    return [i for i, (mine, theirs) in enumerate(zip(translation.cells, english.cells))
            if mine.cell_type in ("markdown", "code") and mine.metadata.get(STAMP) != fingerprint(theirs.source)]


def code_mismatches(translation: nbformat.NotebookNode, english: nbformat.NotebookNode, lang: str) -> list[int]:
    """The code cells whose code, string literals masked, is not the English cell's (language line added)."""
    expected = iter(expected_code(english, lang))
    return [i for i, cell in enumerate(translation.cells) if cell.cell_type == "code"
            and code_shape(cell.source) != code_shape(next(expected))]


def check_pairing(translation: nbformat.NotebookNode, english: nbformat.NotebookNode) -> None:
    """Raise unless the two notebooks have the same cells (type and id) in the same order."""
    mine = [(c.cell_type, c.get("id")) for c in translation.cells]
    theirs = [(c.cell_type, c.get("id")) for c in english.cells]
    if mine != theirs:
        raise ValueError("the translation's cells do not pair with the English ones (type and id, in order): "
                         "add or remove cells as the English lesson did, with the same ids")


def sync(path: Path) -> list[str]:
    """Copy the English code cells that changed into the translation at ``path``; report what changed and
    which cells are to be translated and stamped."""
    translation, english = nbformat.read(path, as_version=4), nbformat.read(original_of(path), as_version=4)
    check_pairing(translation, english)
    lang, report = language_of(path), []
    stale, mismatched = set(stale_cells(translation, english)), set(code_mismatches(translation, english, lang))
    code = iter(expected_code(english, lang))
    for i, (mine, theirs) in enumerate(zip(translation.cells, english.cells)):
        if mine.cell_type != "code":
            continue
        source = next(code)
        copied = COPIED + fingerprint(theirs.source)
        if i in mismatched or (i in stale and mine.metadata.get(STAMP) != copied):
            mine.source, mine.outputs, mine.execution_count = source, [], None
            mine.metadata[STAMP] = copied
            report.append(f"cell {i}: code copied from the English (run refresh.py on this lesson)")
        kept = {STAMP: mine.metadata[STAMP]} if STAMP in mine.metadata else {}
        mine.metadata = nbformat.from_dict({**copy.deepcopy(dict(theirs.metadata)), **kept})
    report += [f"cell {i}: the English changed since it was translated; translate it (a code cell's strings), "
               f"then stamp" for i in stale_cells(translation, english)]
    nbformat.validate(translation)
    nbformat.write(translation, path)
    return report


def stamp(path: Path) -> int:
    """Record that every cell of the translation at ``path`` translates today's English; cells stamped anew."""
    translation, english = nbformat.read(path, as_version=4), nbformat.read(original_of(path), as_version=4)
    check_pairing(translation, english)
    changed = stale_cells(translation, english)
    for i in changed:
        translation.cells[i].metadata[STAMP] = fingerprint(english.cells[i].source)
    nbformat.write(translation, path)
    return len(changed)


def new(lang: str, name: str) -> Path:
    """Start the translation of the English lesson ``name`` into ``lang`` (its markdown and strings still
    English)."""
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
        print(f"{new(args.language, args.lesson)}: started (translate its markdown and strings, then stamp it)")
        return 0
    for path in args.notebooks or translated_lessons():
        path = path.resolve()
        name = path.relative_to(NOTEBOOKS).as_posix()
        if args.command == "stamp":
            print(f"{name}: {stamp(path)} cell(s) stamped")
        else:
            print("\n".join(f"{name}: {line}" for line in sync(path)) or f"{name}: in step")
    return 0


if __name__ == "__main__":
    sys.exit(main())
