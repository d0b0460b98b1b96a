"""Every ruling names the test that pins it, and says what kind of decision it is.

Checked here: each named test exists; each entry has one **Kind** bullet made of the labels *plain text*,
*reading* (naming the other reading, and its switch or "no switch") and *house rule* (saying what the kit
needs it for); each switch a Kind names is an option of its game, and one of the entry's tests mentions it
(the test that pins the other reading); and every option of a game that changes a rule is such a switch.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import firstgiants
import giganten

ROOT = Path(__file__).resolve().parent.parent
RULINGS = sorted((ROOT / "docs").glob("rulings*.md"))
REFERENCE = re.compile(r"`(?:tests/)?(?:(giganten|firstgiants)/)?(test_\w+\.py)::(\w+)")
ENTRY = re.compile(r"### ([GR]\d+)\.")
LABELS = ("plain text", "reading", "house rule")
LABEL = re.compile(r"\*(plain text|reading|house rule)\*")
ITALIC = re.compile(r"(?<![*\w])\*([^*\s][^*]*?)\*(?![*\w])")
SWITCH = re.compile(r"\b[Ss]witch `(\w+)`")
OPTIONS = {"giganten": giganten.SPEC.option_defaults, "firstgiants": firstgiants.SPEC.option_defaults}
NOT_RULES = {"firstgiants": {"names"}}
"""Options that change no rule (the players' names), so no ruling names them."""


def _test_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    return {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef))}


def _test_source(game: str, module: str, name: str) -> str:
    path = ROOT / "tests" / game / module
    source = path.read_text()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and node.name == name:
            return ast.get_source_segment(source, node) or ""
    return ""


def _game_of(line: str, game: str | None) -> str | None:
    heading = line.lstrip("#").strip().lower()
    if line.startswith("#") and heading.startswith("first giants"):
        return "firstgiants"
    if line.startswith("#") and heading.startswith("giganten"):
        return "giganten"
    return game


def _references():
    for doc in RULINGS:
        game = None
        for line in doc.read_text().splitlines():
            game = _game_of(line, game)
            for folder, module, name in REFERENCE.findall(line):
                assert folder or game, f"{doc.name}: {module}::{name} names no game and stands under no game heading"
                yield doc.name, folder or game, module, name


def _entries() -> list[tuple[str, str, list[str]]]:
    """(game, entry id, the entry's lines) for every ruling."""
    out: list[tuple[str, str, list[str]]] = []
    for doc in RULINGS:
        game = None
        for line in doc.read_text().splitlines():
            game = _game_of(line, game)
            m = ENTRY.match(line)
            if m:
                assert game, f"{doc.name}: ruling {m.group(1)} stands under no game heading"
                out.append((game, m.group(1), []))
            elif line.startswith("#"):
                continue
            elif out:
                out[-1][2].append(line)
    return out


def _kind_bullets(lines: list[str]) -> list[str]:
    """The text of each "- **Kind**:" bullet (its continuation lines joined)."""
    bullets: list[str] = []
    inside = False
    for line in lines:
        if line.startswith("- **Kind**:"):
            bullets.append(line[len("- **Kind**:"):])
            inside = True
        elif inside and line.startswith("  "):
            bullets[-1] += " " + line.strip()
        else:
            inside = False
    return [" ".join(b.split()) for b in bullets]


def _parts(kind: str) -> list[tuple[str, str]]:
    """The labelled parts of a Kind: (label, the text up to the next label)."""
    marks = list(LABEL.finditer(kind))
    return [(m.group(1), kind[m.end(): marks[i + 1].start() if i + 1 < len(marks) else len(kind)])
            for i, m in enumerate(marks)]


REFS = list(_references())
ENTRIES = _entries()
IDS = [f"{game}/{entry}" for game, entry, _ in ENTRIES]
KINDS = {(game, entry): _kind_bullets(lines) for game, entry, lines in ENTRIES}


def test_the_rulings_exist_and_name_tests():
    assert (ROOT / "docs" / "rulings.md").exists()
    assert len(REFS) >= 30
    assert {entry for game, entry, _ in ENTRIES if game == "giganten"} == {f"G{i}" for i in range(1, 23)}
    assert {entry for game, entry, _ in ENTRIES if game == "firstgiants"} == {f"R{i}" for i in range(1, 24)}


@pytest.mark.parametrize("doc, game, module, name", REFS, ids=[f"{r[1]}/{r[2]}::{r[3]}" for r in REFS])
def test_each_ruling_names_an_existing_test(doc, game, module, name):
    path = ROOT / "tests" / game / module
    assert path.exists(), f"{doc} names {module}, which is not in tests/{game}/"
    assert name in _test_names(path), f"{doc} names {module}::{name}, which does not exist"


@pytest.mark.parametrize("game, entry, lines", ENTRIES, ids=IDS)
def test_each_ruling_names_a_test_and_has_one_kind_made_of_the_three_labels(game, entry, lines):
    assert REFERENCE.search("\n".join(lines)), f"{entry} names no test"
    kinds = KINDS[game, entry]
    assert len(kinds) == 1, f"{entry} has {len(kinds)} Kind bullets, not one"
    labels = [label for label, _ in _parts(kinds[0])]
    assert labels, f"{entry}: its Kind has none of the labels {LABELS}"
    others = set(ITALIC.findall(kinds[0])) - set(LABELS)
    assert not others, f"{entry}: {sorted(others)} in its Kind are not labels ({LABELS})"


@pytest.mark.parametrize("game, entry, lines", ENTRIES, ids=IDS)
def test_each_reading_names_the_other_reading_and_each_house_rule_what_the_kit_needs(game, entry, lines):
    for label, text in (part for kind in KINDS[game, entry] for part in _parts(kind)):
        if label == "reading":
            assert "Other reading" in text, f"{entry}: a *reading* that does not name the other reading"
            assert "no switch" in text or SWITCH.search(text), \
                f"{entry}: a *reading* that names neither its switch nor 'no switch'"
        if label == "house rule":
            assert "needs" in text, f"{entry}: a *house rule* that does not say what the kit needs it for"


SWITCHES = [(game, entry, name) for (game, entry), kinds in KINDS.items() for kind in kinds
            for name in SWITCH.findall(kind)]


@pytest.mark.parametrize("game, entry, option", SWITCHES, ids=[f"{g}/{e}/{o}" for g, e, o in SWITCHES])
def test_each_switch_is_an_option_pinned_by_one_of_the_entrys_tests(game, entry, option):
    assert option in OPTIONS[game], f"{entry} names the switch {option}, which is no {game} option"
    lines = next(lines for g, e, lines in ENTRIES if (g, e) == (game, entry))
    tests = [(module, name) for module, name in
             ((m, n) for line in lines for folder, m, n in REFERENCE.findall(line) if folder in ("", game))]
    assert any(option in _test_source(game, module, name) for module, name in tests), \
        f"{entry}: none of its tests {tests} mentions the switch {option}"


@pytest.mark.parametrize("game", sorted(OPTIONS))
def test_every_option_that_changes_a_rule_is_the_switch_of_a_ruling(game):
    named = {option for g, _, option in SWITCHES if g == game}
    assert set(OPTIONS[game]) - NOT_RULES.get(game, set()) <= named
