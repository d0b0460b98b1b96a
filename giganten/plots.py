"""Pictures of Giganten (matplotlib): pure functions, a state or a record in, an ``Axes`` out.

* :func:`draw_price_tracks` / :func:`plot_prices` — the three price tracks with their red, white
  and blue zones and one marker (an oil barrel) per company;
* :func:`plot_price_histogram` — rolled prices against the exact long-run distribution;

Every function takes an optional ``ax`` to draw into (a new figure otherwise) and returns it.
Colours come from :mod:`gamekit.plotting` (colour-blind safe); every coloured thing also carries a
letter, a number or a legend entry.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np
from matplotlib.axes import Axes
from matplotlib.patches import Rectangle
from matplotlib.ticker import FuncFormatter

from gamekit.plotting import (BLACK, GREY, LIGHT_BLUE, LIGHT_RED, WHITE, axes_or_new, money_formatter)

from . import prices
from .components import COMPONENTS

ZONE_COLORS = {"red": LIGHT_RED, "white": WHITE, "blue": LIGHT_BLUE}
ZONE_TEXT = {"red": "red zone: always up", "white": "white zone: blue up, red down",
             "blue": "blue zone: always down"}
COMPANY_SHORT: tuple[str, ...] = COMPONENTS.company_short


# -- prices --------------------------------------------------------------------------------------------
def draw_price_tracks(ax: Axes, indices: Sequence[int], previous: Sequence[int | None] | None = None,
                      title: str | None = "Oil prices (Action 1)") -> Axes:
    """Draw the three price tracks, the zones and a marker per company on ``ax``.

    ``indices`` are the markers' track indices (0 = $1,500 ... 15 = $9,000), in company order;
    ``previous`` (optional) draws an arrow from where each marker stood before.
    """
    n = len(prices.TRACK)
    for company in range(len(indices)):
        for i, zone in enumerate(prices.ZONE):
            ax.add_patch(Rectangle((company - 0.35, i - 0.5), 0.7, 1, facecolor=ZONE_COLORS[zone],
                                   edgecolor=GREY, linewidth=0.5))
    xs = np.arange(len(indices))
    ax.scatter(xs, indices, s=180, marker="o", color=BLACK, edgecolor=WHITE, linewidth=1.5, zorder=3,
               label="price marker (barrel)")
    if previous is not None:
        for x, before, after in zip(xs, previous, indices):
            if before is not None and before != after:
                ax.annotate("", xy=(x + 0.42, after), xytext=(x + 0.42, before), zorder=4,
                            arrowprops={"arrowstyle": "->", "color": BLACK, "lw": 1.5})
    ax.set_xlim(-0.6, len(indices) - 0.4)
    ax.set_ylim(-0.6, n - 0.4)
    ax.set_xticks(xs, [f"{COMPANY_SHORT[c]}\n${prices.TRACK[i]:,}" for c, i in enumerate(indices)])
    ax.set_yticks(range(n), [f"${p:,}" for p in prices.TRACK], fontsize=7)
    ax.tick_params(length=0)
    ax.tick_params(axis="x", labelsize=8)
    for side in ("top", "right", "left", "bottom"):
        ax.spines[side].set_visible(False)
    zones = [Rectangle((0, 0), 1, 1, facecolor=ZONE_COLORS[z], edgecolor=GREY) for z in ("blue", "white", "red")]
    ax.legend(zones, [ZONE_TEXT[z] for z in ("blue", "white", "red")], loc="upper center",
              bbox_to_anchor=(0.5, -0.11), fontsize=7, frameon=False)
    if title:
        ax.set_title(title, fontsize=10)
    return ax


def price_indices(state) -> list[int]:
    """The three markers' track indices of a Giganten state."""
    return list(state.price_index)


def plot_prices(state, ax: Axes | None = None) -> Axes:
    """The three price tracks of ``state`` with their markers."""
    return draw_price_tracks(axes_or_new(ax, 3.2, 4.6), price_indices(state))


def plot_price_histogram(counts: Sequence[float], exact: Sequence[float] | None = None,
                         ax: Axes | None = None, title: str | None = None) -> Axes:
    """Bars: the share of rolls that ended on each price; dots: an exact distribution to compare."""
    ax = axes_or_new(ax, 4.5, 3.2)
    counts = np.asarray(counts, dtype=float)
    total = counts.sum()
    share = counts / total if total else counts
    xs = np.asarray(prices.TRACK)
    colours = [ZONE_COLORS[z] for z in prices.ZONE]
    ax.bar(xs, share, width=420, color=colours, edgecolor=GREY)
    handles = [Rectangle((0, 0), 1, 1, facecolor=WHITE, edgecolor=GREY)]
    labels = [f"rolled ({int(total)} rolls; bar colour = zone)"]
    if exact is not None:
        (dots,) = ax.plot(xs, exact, "o", color=BLACK, markersize=4)
        handles.append(dots)
        labels.append("exact, long run")
    ax.set_xlabel("price after the roll")
    ax.set_ylabel("share of rolls")
    ax.xaxis.set_major_formatter(FuncFormatter(money_formatter))
    ax.set_xticks(xs[1::2])
    ax.tick_params(axis="x", labelsize=7, rotation=45)
    ax.set_ylim(0, max(0.3, float(share.max(initial=0)) * 1.15, float(np.max(exact, initial=0)) * 1.15
                       if exact is not None else 0))
    ax.legend(handles, labels, fontsize=7, frameon=False, loc="upper right")
    ax.set_title(title or "Rolled prices against the exact distribution", fontsize=10)
    return ax
