"""Giganten's widgets (ipywidgets 8), thin layers over the rules.

* :class:`PriceDice` — roll one company's price or all three, or force a face; the marker moves
  across the zones by :func:`giganten.prices.move_marker` (the rule itself); a running histogram
  of rolled prices next to the exact long-run distribution from :mod:`giganten.analysis`.
"""
from __future__ import annotations

import random

import ipywidgets as widgets
import numpy as np

from gamekit.plotting import figure_png, new_figure
from gamekit.widgets import button
from gamekit.widgets.controls import escape

from . import plots, prices
from .components import COMPANIES, money


class PriceDice:
    """Action 1 on its own: three price markers, the price die, and where the prices end up.

    ``roll(company)`` rolls for one company (0 Hudson, 1 Jet, 2 Standard), ``roll_all()`` rolls
    for the three in company order, as the start player does each round.  Choosing a face in the
    "Die face" menu forces it (to see the zone rule at work); forced rolls are not counted in the
    histogram, which compares honest rolls with the exact distribution.
    """

    def __init__(self, seed: int = 0) -> None:
        from .analysis import stationary_price_distribution

        self.rng = random.Random(seed)
        self.exact = stationary_price_distribution()
        self.indices = [prices.START] * len(COMPANIES)
        self.previous: list[int | None] = [None] * len(COMPANIES)
        self.counts = np.zeros(len(prices.TRACK))
        self.lines: list[str] = []
        self.fig = new_figure(8.4, 4.4, dpi=90)
        self.track_ax = self.fig.add_axes((0.1, 0.3, 0.3, 0.62))
        self.hist_ax = self.fig.add_axes((0.52, 0.22, 0.45, 0.7))
        self._build()
        self.redraw()

    def _build(self) -> None:
        self.roll_buttons = [
            button(f"Roll {short}", f"Roll the price die for {name}", lambda _b, c=c: self.roll(c), icon="cube")
            for c, (short, name) in enumerate(zip(plots.COMPANY_SHORT, COMPANIES))
        ]
        self.roll_all_button = button("Roll all three", "One round of Action 1: Hudson, then Jet, then Standard",
                                      lambda _b: self.roll_all(), icon="dice", style="primary")
        self.many_button = button("Roll 100 rounds", "Roll all three 100 times (the histogram fills up)",
                                  lambda _b: self.roll_all(100), icon="forward")
        self.reset_button = button("Reset", "Markers back to $5,000, histogram emptied", lambda _b: self.reset(),
                                   icon="refresh")
        faces = [("roll the die", -1)] + [(f"{c} {p}", i) for i, (c, p) in enumerate(prices.DIE_FACES)]
        self.face_menu = widgets.Dropdown(options=faces, value=-1, description="Die face",
                                          tooltip="Force the die to show this face (forced rolls are not "
                                                  "counted in the histogram)")
        self.image = widgets.Image(format="png", layout=widgets.Layout(max_width="100%"))
        self.text = widgets.HTML()
        self.widget = widgets.VBox([
            widgets.HTML("<b>The price die</b> (Action 1 — Change Market Prices)"),
            widgets.HBox([*self.roll_buttons, self.roll_all_button], layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.face_menu, self.many_button, self.reset_button],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.image, self.text,
        ])
        self.widget.add_class("gk-price-dice")

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    # -- rolling --------------------------------------------------------------------------
    @property
    def forced_face(self) -> tuple[str, int] | None:
        i = self.face_menu.value
        return None if i < 0 else prices.DIE_FACES[i]

    def _roll_one(self, company: int) -> str:
        face = self.forced_face
        forced = face is not None
        if face is None:
            face = self.rng.choice(prices.DIE_FACES)
        before = self.indices[company]
        after = prices.move_marker(before, face)
        self.previous[company] = before
        self.indices[company] = after
        if not forced:
            self.counts[after] += 1
        zone = prices.ZONE[before]
        way = "up" if prices.direction(before, face[0]) > 0 else "down"
        return (f"{COMPANIES[company]}: the die shows {face[0]} {face[1]}{' (forced)' if forced else ''}; "
                f"the marker stands in the {zone} zone, so it moves {way}: "
                f"{money(prices.TRACK[before])} → {money(prices.TRACK[after])}")

    def roll(self, company: int) -> None:
        """Roll the die for one company and move its marker."""
        self.previous = [None] * len(COMPANIES)
        self.lines = [self._roll_one(company)]
        self.redraw()

    def roll_all(self, rounds: int = 1) -> None:
        """``rounds`` rounds of Action 1: one roll per company, in company order."""
        for _ in range(rounds):
            start = list(self.indices)
            self.lines = [self._roll_one(c) for c in range(len(COMPANIES))]
            self.previous = start
        if rounds > 1:
            self.lines.insert(0, f"{rounds} rounds rolled; the last one:")
        self.redraw()

    def reset(self) -> None:
        self.indices = [prices.START] * len(COMPANIES)
        self.previous = [None] * len(COMPANIES)
        self.counts[:] = 0
        self.lines = []
        self.redraw()

    # -- drawing ---------------------------------------------------------------------------
    def redraw(self) -> None:
        self.track_ax.clear()
        self.hist_ax.clear()
        plots.draw_price_tracks(self.track_ax, self.indices, self.previous)
        plots.plot_price_histogram(self.counts, self.exact, ax=self.hist_ax)
        self.image.value = figure_png(self.fig)
        lines = "".join(f"<li>{escape(line)}</li>" for line in self.lines) or "<li>Press a Roll button.</li>"
        self.text.value = f"<ul style='margin:0'>{lines}</ul>"


def price_dice(seed: int = 0) -> PriceDice:
    """The price-dice widget (show it as the last expression of a cell)."""
    return PriceDice(seed)
