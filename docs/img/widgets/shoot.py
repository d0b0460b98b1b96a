"""The screenshots in docs/widgets.md: the classroom app in Voila at 1920x1080, each widget mid-game.

    .venv/bin/python docs/img/widgets/shoot.py      (Debian's chromium; about a minute)

Builds a notebook whose one cell shows the classroom app with positions worth looking at (a Giganten hot
seat revealed at Action 4 with a square chosen, a First Giants game in its middle, the price dice after
100 rounds, two museums, the locomotive race), serves it with Voila, and photographs each tab.
"""
from __future__ import annotations

import os
import signal
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))
from bench_widgets_browser import CHROMIUM, CHROMIUM_ARGS, free_port, serve  # noqa: E402

CELL = """import sys
sys.path.insert(0, {repo!r})
import firstgiants, giganten
from gamekit import random_game, states_along
from gamekit.widgets.classroom import classroom
from firstgiants.widgets import museum_builder, stepper as fg_stepper
from giganten.widgets import locomotive_race, price_dice, stepper as g_stepper

g_mid = next(s for s in states_along(random_game(giganten.new_game(4), 11))
             if s.round >= 3 and s.phase_name == "move" and s.current_player() == 0)
g = g_stepper(players=4, seed=11, seats=["human", "human", "heuristic", "heuristic"], state=g_mid)
g.reveal_button.value = True
g.pick_target(sorted(g.picture.targets)[len(g.picture.targets) // 2])
fg_mid = next(s for s in list(states_along(random_game(firstgiants.new_game(3), 4)))[150:]
              if s.current_player() == 0 and any(a.kind == "take_card" for a in s.legal_actions()))
fg = fg_stepper(players=3, seed=4, seats=["human", "heuristic", "heuristic"], state=fg_mid)
dice = price_dice(seed=3)
dice.roll_all(100)
museums = museum_builder(["Ana", "Ben"])
for player, card, target in ((0, 24, -1), (0, 28, 0), (0, 32, 0), (1, 36, -1), (1, 40, 0), (1, 60, -1)):
    museums.display(player, card, target)
race = locomotive_race(random_game(giganten.new_game(4), 5))
classroom({{"Giganten": g, "First Giants": fg, "Price dice": dice, "Museums": museums, "Locomotive race": race}},
          selected="Giganten")"""
TABS = {"Giganten": "giganten-projector", "First Giants": "firstgiants-projector", "Price dice": "price-dice",
        "Museums": "museum-builder", "Locomotive race": "locomotive-race"}


def compress(path: Path) -> None:
    """256 colours (the pictures use a few dozen): a fifth of the size, the same look."""
    from PIL import Image

    Image.open(path).convert("RGB").quantize(256).save(path, optimize=True)


def main() -> None:
    import nbformat
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        notebook = Path(tmp) / "shots.ipynb"
        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nb.cells = [nbformat.v4.new_code_cell(CELL.format(repo=str(REPO)))]
        nbformat.write(nb, notebook)
        port = free_port()
        proc = serve(notebook, port, Path(tmp) / "voila.log")
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1920, "height": 1080})
                page.route("**/*", lambda r: r.continue_() if "127.0.0.1" in r.request.url else r.abort())
                page.goto(f"http://127.0.0.1:{port}/", timeout=180_000)
                page.locator(".gk-stepper .gk-picture-view svg").first.wait_for(timeout=180_000)
                for tab, name in TABS.items():
                    page.locator(".gk-classroom .widget-tab").first.get_by_role("tab", name=tab).click()
                    page.wait_for_timeout(1500)
                    path = HERE / f"{name}.png"
                    page.screenshot(path=str(path))
                    compress(path)
                    print("wrote", path.relative_to(REPO))
                browser.close()
        finally:
            os.kill(proc.pid, signal.SIGTERM)


if __name__ == "__main__":
    main()
