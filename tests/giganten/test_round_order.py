"""The order of the game lives in one place (``giganten/rules/round.py``); rule modules do not import each other."""
from __future__ import annotations

import ast
from pathlib import Path

import giganten as g
from giganten import rules as R
from giganten.rules.round import PHASES, ROUND, STEPS

RULES = Path(g.__file__).parent / "rules"
RULE_MODULES = sorted(p.stem for p in RULES.glob("*.py") if p.stem != "__init__")


def _imported_rule_modules(path: Path) -> set[str]:
    """The modules of ``giganten/rules/`` that the file imports (anywhere in it, type-checking imports included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            parts = (node.module or "").split(".")
            if node.level == 1 or parts[:2] == ["giganten", "rules"]:
                inside = parts[2:] if parts[:2] == ["giganten", "rules"] else [p for p in parts if p]
                if inside:
                    found.add(inside[0])
                else:  # ``from . import x``: x may be a module or a name of the package
                    found |= {alias.name for alias in node.names if alias.name in RULE_MODULES}
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[:2] == ["giganten", "rules"] and len(parts) > 2:
                    found.add(parts[2])
    return found


def test_rule_modules_import_no_other_rule_module_and_only_round_puts_them_in_order():
    graph = {name: _imported_rule_modules(RULES / f"{name}.py") for name in RULE_MODULES}
    for name, imports in graph.items():
        if name != "round":
            assert not imports, f"giganten/rules/{name}.py imports {sorted(imports)}: only round.py links the steps"
    assert graph["round"] == set(RULE_MODULES) - {"round"}


def test_the_import_graph_of_the_rules_has_no_cycle():
    graph = {name: _imported_rule_modules(RULES / f"{name}.py") for name in RULE_MODULES}
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, f"import cycle: {' -> '.join(path + (name,))}"
        if name not in done:
            for other in graph[name]:
                visit(other, path + (name,))
            done.add(name)

    for name in graph:
        visit(name, ())


def test_every_phase_belongs_to_one_step_and_has_its_rules():
    waiting = [phase for step in STEPS for phase in step.phases]
    assert sorted(waiting) == sorted(set(PHASES) - {R.END})
    for phase, entry in PHASES.items():
        assert (entry.actor is None) == (phase in R.CHANCE_PHASES or phase == R.END)
        assert (entry.offered is None) == (phase == R.END) and bool(entry.rules) == (phase != R.END)


def test_the_round_runs_actions_1_to_9_in_order():
    sections = [step.section for step in ROUND]
    assert sections[0] == R.A1 and sections[-1] == f"{R.A8}; {R.A9}"
    numbers = [int(s.split()[1]) for s in sections]
    assert numbers == sorted(numbers)


def test_a_played_game_visits_the_steps_in_the_order_written():
    """Read the phases of a random game: they follow ``STEPS``, round after round."""
    from gamekit import random_game, states_along

    order = {phase: k for k, step in enumerate(STEPS) for phase in step.phases}
    last = 0
    for state in states_along(random_game(g.new_game(4), 7)):
        if state.is_terminal():
            break
        k = order[state.phase]
        assert k >= last or (k == 1 and last > 1), (state.round, state.phase_name)  # a new round starts at Action 1
        last = k
