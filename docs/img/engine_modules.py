"""Draw docs/img/engine-modules.png: Giganten's modules in layers, with the imports between them read from the code.

    python docs/img/engine_modules.py

The layers are chosen by hand (what a reader should see first); the arrows are not: every arrow is an import
found in the source (imports made only for type checking are left out; imports made inside a function, at
call time, are dashed).  Imports of the two bottom layers, which nearly every module reads, are left out.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from matplotlib.patches import FancyArrowPatch, FancyBboxPatch  # noqa: E402

from gamekit.plotting import BLACK, BLUE, GREY, LIGHT_BLUE, ORANGE, VERMILLION, WHITE, figure_png, new_figure  # noqa: E402

PACKAGE = ROOT / "giganten"
LAYERS: list[tuple[str, list[str]]] = [
    ("players and pictures", ["bots", "widgets", "plots", "analysis"]),
    ("reading a state", ["game", "explain", "observe", "text"]),
    ("the state", ["state"]),
    ("the order of the game", ["rules.round"]),
    ("the rules: one module per rulebook part", ["rules.setup", "rules.market", "rules.cards", "rules.licenses",
                                                 "rules.movement", "rules.build", "rules.production", "rules.auction",
                                                 "rules.close", "rules.scoring"]),
    ("what the rules share", ["rules", "actions", "draws"]),
    ("the printed game (data/*.json)", ["board", "prices", "components"]),
]
ROLE = {
    "rules.round": "STEPS, PHASES, carry_on",
    "state": "the position, apply, accessors",
    "explain": "refusals, expecting",
    "rules": "phases, sections, in_turn",
    "rules.setup": "Setup", "rules.market": "Action 1", "rules.cards": "Action 2", "rules.licenses": "Action 3",
    "rules.movement": "Action 4", "rules.build": "Action 5", "rules.production": "Action 6",
    "rules.auction": "Action 7", "rules.close": "Actions 8-9", "rules.scoring": "End of Game",
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> dict[str, bool]:
    """The giganten modules ``path`` imports -> whether only at call time (inside a function)."""
    name = module_name(path)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    tree = ast.parse(path.read_text())
    skip = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
            for n in ast.walk(node)}
    lazy = {id(n) for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) for n in ast.walk(node)}
    found: dict[str, bool] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or id(node) in skip or node.level == 0:
            continue
        base = package[: len(package) - node.level + 1] + (node.module.split(".") if node.module else [])
        targets = [".".join(base)] + [".".join(base + [a.name]) for a in node.names]
        for target in filter(None, targets):
            if (PACKAGE / Path(*target.split(".")).with_suffix(".py")).exists() or target == "rules":
                found[target] = found.get(target, True) and id(node) in lazy
    found.pop(name, None)
    return found


def main() -> None:
    edges = {module_name(p): imports(p) for p in PACKAGE.rglob("*.py") if module_name(p)}
    fig = new_figure(16, 9.6, dpi=100)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, 16)
    ax.set_ylim(0, 9.6)
    ax.axis("off")
    where: dict[str, tuple[float, float, float]] = {}
    for row, (title, names) in enumerate(LAYERS):
        y = 8.7 - row * 1.3
        ax.text(0.15, y + 0.48, title, fontsize=9, color=GREY, style="italic")
        width = min(2.6, 15.0 / len(names) - 0.15)
        total = len(names) * width + (len(names) - 1) * 0.15
        x0 = 8.3 - total / 2
        for k, name in enumerate(names):
            x = x0 + k * (width + 0.15)
            where[name] = (x, y, width)
            rule = name.startswith("rules.") and name != "rules.round"
            colour = ORANGE if name == "rules.round" else LIGHT_BLUE if rule else WHITE
            ax.add_patch(FancyBboxPatch((x, y - 0.3), width, 0.6, boxstyle="round,pad=0.02", facecolor=colour,
                                        edgecolor=BLACK, linewidth=1.2 if name in ("state", "rules.round") else 0.7))
            label = name.replace("rules.", "rules/") + (".py" if name != "rules" else "/__init__.py")
            ax.text(x + width / 2, y + 0.08, label, ha="center", va="center", fontsize=8.5, fontweight="bold")
            if name in ROLE:
                ax.text(x + width / 2, y - 0.15, ROLE[name], ha="center", va="center", fontsize=7)
    shared = {name for _, names in LAYERS[-2:] for name in names}
    for source, targets in edges.items():
        for target, at_call in targets.items():
            if source not in where or target not in where or target in shared:
                continue
            (x1, y1, w1), (x2, y2, w2) = where[source], where[target]
            down = y1 > y2
            start = (x1 + w1 / 2, y1 - 0.3 if down else y1 + 0.3)
            end = (x2 + w2 / 2, y2 + 0.3 if down else y2 - 0.3)
            colour = VERMILLION if source == "rules.round" else BLUE if source == "state" else GREY
            ax.add_patch(FancyArrowPatch(start, end, arrowstyle="-|>", mutation_scale=8, linewidth=0.8, color=colour,
                                         linestyle="--" if at_call else "-", alpha=0.8, zorder=0))
    ax.text(0.15, 0.25, "Arrows: imports read from the code (dashed: at call time; imports for type checking and "
            "imports of the two bottom layers, which nearly every module reads, left out).", fontsize=8, color=BLACK)
    ax.text(0.15, 0.05, "Orange: the one module that knows the order of the game (red arrows: the steps it puts in "
            "order); blue boxes: the rule modules, which import no other rule module.", fontsize=8, color=BLACK)
    out = Path(__file__).with_name("engine-modules.png")
    out.write_bytes(figure_png(fig))
    print(out)


if __name__ == "__main__":
    main()
