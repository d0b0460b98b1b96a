"""The price pictures draw what they should: three tracks of 16 spaces, one marker per company."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import numpy as np
from matplotlib.collections import PathCollection
from matplotlib.patches import Rectangle

from gamekit.plotting import LIGHT_BLUE, LIGHT_RED, axes_or_new
from giganten import plots, prices
from giganten.analysis import stationary_price_distribution


def test_price_tracks_show_zones_and_one_marker_per_company():
    ax = plots.draw_price_tracks(axes_or_new(None), [7, 2, 13], previous=[5, 2, 9])
    cells = [p for p in ax.patches if isinstance(p, Rectangle)]
    assert len(cells) == 3 * 16
    colours = [matplotlib.colors.to_hex(p.get_facecolor()) for p in cells[:16]]
    assert colours.count(LIGHT_RED.lower()) == 5 and colours.count(LIGHT_BLUE.lower()) == 5
    (markers,) = [c for c in ax.collections if isinstance(c, PathCollection)]
    assert markers.get_offsets().tolist() == [[0, 7], [1, 2], [2, 13]]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["Hudson", "Jet", "Standard"]
    assert [t.get_text() for t in ax.texts if t.get_text()] == ["$5,000", "$2,500", "$8,000"]
    assert len([t for t in ax.texts if getattr(t, "arrow_patch", None) is not None]) == 2  # Jet did not move


def test_histogram_has_one_bar_per_space_and_the_exact_dots():
    counts = np.zeros(16)
    counts[[3, 7, 7]] = 1
    counts[7] = 2
    ax = plots.plot_price_histogram(counts, stationary_price_distribution())
    heights = [p.get_height() for p in ax.patches if isinstance(p, Rectangle)][:16]
    assert len(heights) == 16 and abs(sum(heights) - 1) < 1e-9 and heights[7] == 2 / 3
    (dots,) = ax.lines
    assert len(dots.get_xdata()) == 16 and list(dots.get_xdata()) == list(prices.TRACK)


def test_zone_bands_come_from_the_price_table_and_meet():
    red, white, blue = (prices.zone_band(z) for z in ("red", "white", "blue"))
    assert red == (1250, 3750) and blue == (6750, 9250)
    assert red[1] == white[0] and white[1] == blue[0]


def test_histogram_legend_counts_rolls_in_words_a_class_reads():
    one, many = np.zeros(16), np.zeros(16)
    one[7], many[7] = 1, 1504
    legend = [plots.plot_price_histogram(counts).get_legend().get_texts()[0].get_text() for counts in (one, many)]
    assert legend == ["rolled (1 roll; bar colour = zone)", "rolled (1,504 rolls; bar colour = zone)"]
