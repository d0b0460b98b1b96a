"""The shared palette and matplotlib helpers."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import numpy as np
import pytest

from gamekit import plotting as P


def test_palette_is_okabe_ito_and_distinct():
    assert len(set(P.OKABE_ITO)) == 8 and len(set(P.PLAYER_COLORS)) == len(P.PLAYER_COLORS)
    assert P.named_color("Red") == P.VERMILLION and P.named_color(" blue ") == P.BLUE
    with pytest.raises(KeyError):
        P.named_color("mauve")
    assert P.player_style(1)["color"] == P.player_color(1)
    assert P.player_style(1)["marker"] != P.player_style(0)["marker"]


def test_text_colour_is_readable_on_its_background():
    assert P.text_color_on(P.YELLOW) == P.BLACK and P.text_color_on(P.BLUE) == P.WHITE
    assert P.text_color_on(P.WHITE) == P.BLACK and P.text_color_on(P.BLACK) == P.WHITE


def test_new_figure_is_not_registered_with_pyplot_and_encodes_png():
    import matplotlib.pyplot as plt

    before = plt.get_fignums()
    fig = P.new_figure(2, 1)
    fig.add_subplot().plot([0, 1])
    assert plt.get_fignums() == before
    assert P.figure_png(fig)[:4] == b"\x89PNG"


def test_layered_figure_redraws_only_changed_layers_and_matches_a_full_draw():
    fig = P.new_figure(2, 2, dpi=50)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, 10)
    ax.set_ylim(0, 10)
    ax.axis("off")
    layered = P.LayeredFigure(fig)
    calls = []

    def layer(name, x):
        def draw():
            calls.append(name)
            return [P.fast_scatter(ax, [(x, 5)], "o", 200, P.BLUE)]
        return draw

    png1 = layered.render([("a", layer("bottom", 2)), (1, layer("top", 4))])
    png2 = layered.render([("a", layer("bottom", 2)), (1, layer("top", 4))])
    assert calls == ["bottom", "top"] and png1 == png2  # nothing changed: nothing redrawn
    layered.render([("a", layer("bottom", 2)), (2, layer("top", 8))])
    assert calls == ["bottom", "top", "top"]
    assert len(ax.collections) == 2  # the old top layer's artist was removed
    layered.render([("b", layer("bottom", 3)), (2, layer("top", 8))])
    assert calls[-2:] == ["bottom", "top"]  # a lower change redraws the layers above it
    # the layered pixels equal a full redraw of the same artists
    layered_pixels = np.asarray(fig.canvas.buffer_rgba()).copy()
    fig.canvas.draw()
    assert np.array_equal(layered_pixels, np.asarray(fig.canvas.buffer_rgba()))


def test_glyphs_draw_text_as_one_marker_collection():
    ax = P.axes_or_new(None)
    (collection,) = P.glyphs(ax, [(0, 0), (1, 1), (2, 2)], "R", P.BLACK)
    assert len(collection.get_offsets()) == 3 and P.glyphs(ax, [], "R", P.BLACK) == []


def test_the_reviews_mistake_labels_never_print_across_each_other():
    """Mistakes a move or two apart on the same line (a student's two bad moves in a row) get stacked labels."""
    from types import SimpleNamespace

    def mistake(move: int, cost: float):
        return SimpleNamespace(move_number=move, seat=0, win_cost=SimpleNamespace(mean=cost))

    costly = [mistake(36, 0.06), mistake(38, 0.04), mistake(40, 0.03), mistake(50, 0.09), mistake(120, 0.1)]
    timeline = [(m, (0.35, 0.65)) for m in range(0, 200, 2)]
    result = SimpleNamespace(names=("Red", "Blue"), timeline=timeline, mistakes=lambda top: costly[:top])
    fig = P.new_figure(7.0, 3.6)
    ax = P.plot_review(result, fig.add_subplot())
    fig.canvas.draw()
    from matplotlib.text import Text

    boxes = [Text.get_window_extent(a) for a in ax.texts]  # the words only (an annotation's box holds its line)
    assert len(boxes) == 5
    assert not any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
