"""The engine's layout, read from its source: rule modules without import cycles, the turn written once,
no index arithmetic outside the module that owns a layout, one rule path, notebooks on public names."""
from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

import firstgiants

PACKAGE = Path(firstgiants.__file__).parent
RULES = PACKAGE / "rules"
NOTEBOOKS = PACKAGE.parent / "notebooks"
#: The module that owns the dig sites' layout (spaces per site, markers as bits per player).
LAYOUT_OWNER = RULES / "marker.py"


def rule_modules() -> dict[str, ast.Module]:
    return {path.stem: ast.parse(path.read_text()) for path in sorted(RULES.glob("*.py"))}


def imported_rule_modules(tree: ast.Module, names: set[str]) -> set[str]:
    """The rule modules a rule module imports: ``from . import x``, ``from .x import y``."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module is None:
                out |= {alias.name for alias in node.names if alias.name in names}
            elif node.module.split(".")[0] in names:
                out.add(node.module.split(".")[0])
    return out


def test_rule_modules_import_each_other_without_a_cycle():
    trees = rule_modules()
    names = set(trees) - {"__init__"}
    graph = {name: imported_rule_modules(trees[name], names) for name in names}
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, f"import cycle among firstgiants/rules: {' -> '.join((*path, name))}"
        if name in done:
            return
        for other in sorted(graph[name]):
            visit(other, (*path, name))
        done.add(name)

    for name in sorted(graph):
        visit(name, ())
    assert not imported_rule_modules(trees["__init__"], names), "rules/__init__.py imports no rule module"


def test_the_turn_is_written_once_and_nothing_else_drives_it():
    """Only ``rules/turn.py`` imports every step of the turn; no rule module imports it."""
    trees = rule_modules()
    names = set(trees) - {"__init__"}
    for name, tree in trees.items():
        assert "turn" not in imported_rule_modules(tree, names), f"rules/{name}.py imports rules/turn.py"
    turn_imports = imported_rule_modules(trees["turn"], names)
    assert {"setup", "deck", "marker", "reclaim", "effects", "triggers", "end"} <= turn_imports


LAYOUT_OPS = (ast.Mult, ast.FloorDiv, ast.LShift, ast.RShift)


def _position_arithmetic(expr: ast.expr | None) -> bool:
    """``expr`` computes a position in a flat layout: a product (or quotient, or shift) possibly plus or
    minus offsets, like ``site * 2 + k`` or ``(site + 1) * 2``."""
    if not isinstance(expr, ast.BinOp):
        return False
    if isinstance(expr.op, LAYOUT_OPS):
        return True
    return isinstance(expr.op, (ast.Add, ast.Sub)) and (_position_arithmetic(expr.left)
                                                          or _position_arithmetic(expr.right))


def _arithmetic_subscripts(tree: ast.AST) -> list[str]:
    """Subscripts whose index or slice bound is a computed position (like ``sites[site * 2 + k]`` or
    ``hand[2 * p]``), and bit tests like ``markers >> p & 1``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript):
            parts = [node.slice.lower, node.slice.upper] if isinstance(node.slice, ast.Slice) else [node.slice]
            if any(_position_arithmetic(part) for part in parts):
                found.append(ast.unparse(node))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.LShift, ast.RShift)):
            found.append(ast.unparse(node))
    return found


def test_no_index_arithmetic_outside_the_module_that_owns_the_layout():
    """The dig sites' spaces and the markers' bits are read through ``rules/marker.py`` (``State.dig_site``,
    ``markers_at``, ``markers_on_board``); museum sets, decisions and triggers are records with named fields."""
    offenders = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == LAYOUT_OWNER:
            continue
        found = _arithmetic_subscripts(ast.parse(path.read_text()))
        if found:
            offenders[str(path.relative_to(PACKAGE))] = found
    assert not offenders, f"index arithmetic outside {LAYOUT_OWNER.name}: {offenders}"
    assert _arithmetic_subscripts(ast.parse(LAYOUT_OWNER.read_text())), "the check finds what it looks for"


def test_the_layout_constants_stay_with_their_owner():
    """Nothing but the owner (and the table of constants) needs to know how many spaces a dig site has."""
    for path in sorted(PACKAGE.rglob("*.py")):
        if path not in (LAYOUT_OWNER, RULES / "__init__.py"):
            assert not re.search(r"\bSPACES\b|\bPER_SITE\b", path.read_text()), path


def _events_tests(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "_events" in ast.unparse(node.test):
            yield node


WORDING = re.compile(r"^(_?say\w*|announce\w*)$")


def _only_words(statements: list[ast.stmt]) -> bool:
    """Statements that only word events: calls of ``say...`` / ``s._say``, possibly in a loop."""
    for statement in statements:
        if isinstance(statement, ast.For):
            if not _only_words(statement.body) or statement.orelse:
                return False
            continue
        if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)):
            return False
        func = statement.value.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if not WORDING.match(name):
            return False
    return True


def test_one_rule_path_playouts_skip_only_the_wording():
    """Where the rules look at whether events are kept (a playout keeps none), they only word events:
    no other statement, no else branch, and ``_events`` read nowhere else in the rules."""
    checked = 0
    for path in sorted(RULES.glob("*.py")):
        tree = ast.parse(path.read_text())
        guards = list(_events_tests(tree))
        for node in guards:
            where = f"{path.name}:{node.lineno}"
            assert ast.unparse(node.test).endswith("._events is not None"), where
            assert not node.orelse and _only_words(node.body), f"{where} takes another rule path without events"
            checked += 1
        reads = [n for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr == "_events"]
        assert len(reads) == len(guards), f"{path.name} reads _events outside a wording guard"
    assert checked > 10


def test_no_state_mixins_the_state_holds_data():
    """``State`` is the position and the protocol: the rules are functions of ``rules/``, not its methods."""
    tree = ast.parse((PACKAGE / "state.py").read_text())
    state = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "State")
    assert [ast.unparse(b) for b in state.bases] == ["GameState"]
    methods = [n for n in state.body if isinstance(n, ast.FunctionDef)]
    # (33: the protocol's ``apply`` written out in ``State`` for speed, its events recorded when read, and the
    # protocol's ``action_words``; none of them a rule)
    assert len(methods) <= 33 and max(n.end_lineno - n.lineno for n in methods) <= 30  # type: ignore[operator]


@pytest.mark.parametrize("notebook", sorted(NOTEBOOKS.rglob("2*_firstgiants_*.ipynb")),  # translations too
                         ids=lambda p: p.relative_to(NOTEBOOKS).with_suffix("").as_posix())
def test_the_first_giants_notebooks_use_public_names_only(notebook):
    """No private name (``s._cache``, ``state._settle``) and no phase constant: a notebook asks the state
    (``phase_name``, ``current_player``, ``legal_actions``, ``dig_site``, ...)."""
    cells = json.loads(notebook.read_text())["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    code = "\n".join(line for line in code.splitlines() if not line.lstrip().startswith(("%", "!")))
    tree = ast.parse(code)
    private = sorted({n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr.startswith("_")})
    assert not private, private
    phases = {"DEAL", "REVEAL", "START", "TAKE", "RESOLVE", "RECLAIM", "REFILL", "END_TURN", "OVER", "D_ORDER"}
    used = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)} | {
        n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    assert not used & phases, used & phases
    assert ".phase " not in code and ".phase==" not in code
