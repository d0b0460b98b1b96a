"""The kit's one colour palette and the matplotlib helpers both games' pictures share.

Colours come from the Okabe-Ito palette (Okabe & Ito 2008), chosen so that readers with any of
the common colour-vision deficiencies can still tell them apart; every picture also labels what
it colours (a letter, a legend or a hatch), so colour is never the only cue.

Pictures are pure functions: they take a state (or a record) and an optional matplotlib ``Axes``
and return the ``Axes`` (or a ``Figure``).  Figures are created with :func:`new_figure`, which
does not go through ``pyplot``: nothing is kept in a global figure list (no memory growth when a
widget redraws a thousand times) and a notebook shows a returned figure exactly once.
"""
from __future__ import annotations

import io
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Sequence, cast

import matplotlib
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, ScalarFormatter

from .i18n import decimal_marks, format_money, format_percent
from .i18n import gettext as _

# --- the palette (Okabe-Ito) -------------------------------------------------------------------
BLACK = "#000000"
ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"
GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
PURPLE = "#CC79A7"
GREY = "#999999"

OKABE_ITO: tuple[str, ...] = (ORANGE, SKY_BLUE, GREEN, YELLOW, BLUE, VERMILLION, PURPLE, BLACK)

#: Seat colours, in seat order (seat 0 first), the same in both games: Giganten's Red, Blue, Yellow and
#: Green pieces (``named_color``), then purple and sky blue for First Giants' fifth seat and beyond.
PLAYER_COLORS: tuple[str, ...] = (VERMILLION, BLUE, YELLOW, GREEN, PURPLE, SKY_BLUE)
#: Markers (matplotlib marker codes) per seat, for line plots over a game.
PLAYER_MARKERS: tuple[str, ...] = ("o", "s", "^", "D", "v", "P")
#: Line styles per seat, a third cue besides colour and marker.
PLAYER_LINESTYLES: tuple[str | tuple[int, tuple[int, ...]], ...] = (
    "-", "--", "-.", ":", (0, (5, 1)), (0, (3, 1, 1, 1, 1, 1)))

#: Light backgrounds for zones and terrain (tints that keep black text readable).
LIGHT_RED = "#F6C9AE"  # vermillion tint: Giganten's red price zone
LIGHT_BLUE = "#BFE0F4"  # sky-blue tint: Giganten's blue price zone
WHITE = "#FFFFFF"
#: Terrain by movement cost 1, 2, 3: a light-to-dark sequence (readable in greyscale too).
TERRAIN_COLORS: tuple[str, ...] = ("#F2EFD9", "#CDBB8A", "#8A7452")


#: A game whose pieces have colour names (Giganten's Red, Blue, Yellow, Green) draws them in the
#: palette's nearest safe hue, so "Red" is still red-ish but tells apart from green for everyone.
NAMED_COLORS: dict[str, str] = {
    "red": VERMILLION, "blue": BLUE, "yellow": YELLOW, "green": GREEN, "black": BLACK,
    "orange": ORANGE, "purple": PURPLE, "pink": PURPLE, "sky blue": SKY_BLUE, "grey": GREY, "gray": GREY,
}


def player_color(seat: int) -> str:
    """The colour of ``seat`` (0-based)."""
    return PLAYER_COLORS[seat % len(PLAYER_COLORS)]


def named_color(name: str) -> str:
    """The palette's hue for a colour name ("Red" -> vermillion); KeyError for an unknown name."""
    return NAMED_COLORS[name.strip().lower()]


def player_style(seat: int) -> dict:
    """Colour, marker and line style of ``seat`` for line plots (three cues, not one)."""
    return {
        "color": player_color(seat),
        "marker": PLAYER_MARKERS[seat % len(PLAYER_MARKERS)],
        "linestyle": PLAYER_LINESTYLES[seat % len(PLAYER_LINESTYLES)],
    }


def text_color_on(background: str) -> str:
    """Black or white, whichever reads better on ``background`` (WCAG relative luminance)."""
    r, g, b = matplotlib.colors.to_rgb(background)

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    return BLACK if luminance > 0.179 else WHITE


# --- figures without pyplot --------------------------------------------------------------------
class LocalScalarFormatter(ScalarFormatter):
    """Matplotlib's plain number ticks with the reader's decimal mark: "0.5" in English, "0,5" in Danish and
    German (the offset and the exponent too)."""

    def __call__(self, x: float, pos: int | None = None) -> str:
        return local_marks(super().__call__(x, pos))

    def get_offset(self) -> str:
        return local_marks(super().get_offset())


def local_marks(text: str) -> str:
    """``text``, a number matplotlib wrote in English, with the reader's decimal mark and group separator."""
    decimal, group = decimal_marks()
    if decimal == ".":
        return text
    return text.translate({ord("."): decimal, ord(","): group})


class KitFigure(Figure):
    """A figure whose plain number ticks are written as the reader's language writes numbers when it is drawn
    (:class:`LocalScalarFormatter`); ticks with a formatter of their own (money, percentages) are left as set."""

    def draw(self, renderer: Any) -> None:
        for ax in self.axes:
            for axis in (ax.xaxis, ax.yaxis):
                formatter = axis.get_major_formatter()
                if type(formatter) is ScalarFormatter:
                    formatter.__class__ = LocalScalarFormatter  # (a subclass without state: the axis's settings stay)
        super().draw(renderer)


def new_figure(width: float = 6.0, height: float = 4.0, dpi: int = 100) -> Figure:
    """A figure with an Agg canvas, not registered with pyplot (see the module docstring), whose number ticks follow
    the reader's language (:class:`KitFigure`)."""
    fig = KitFigure(figsize=(width, height), dpi=dpi)
    FigureCanvasAgg(fig)
    return fig


def axes_or_new(ax: Axes | None, width: float = 6.0, height: float = 4.0) -> Axes:
    """``ax`` itself, or the single axes of a new figure of the given size."""
    if ax is not None:
        return ax
    return new_figure(width, height).add_subplot()


def figure_png(fig: Figure, dpi: int | None = None) -> bytes:
    """The figure as PNG bytes (for an ``ipywidgets.Image`` or a saved screenshot)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()


#: Type sizes (points) of a figure shown in a widget: at its natural size 1 pt is 1.33 CSS px, so 10.5 pt is the
#: 14 px the back of the room reads on a projector at 1920x1080 (issue 29).
READABLE_TYPE = {"font.size": 11.0, "axes.titlesize": 12.0, "axes.labelsize": 11.0, "xtick.labelsize": 10.5,
                 "ytick.labelsize": 10.5, "legend.fontsize": 10.5}
SMALLEST_PT = 10.5


@contextmanager
def readable_type() -> Iterator[None]:
    """Draw a widget's figure inside this: its texts are at least :data:`SMALLEST_PT` (14 px as shown)."""
    with matplotlib.rc_context(cast(Any, READABLE_TYPE)):
        yield


def figure_svg(fig: Figure) -> str:
    """The figure as SVG markup to put into a page: vector, with real text (``svg.fonttype`` none), no date,
    and ids that do not change from one call to the next.  Shown at its natural size, 1 pt of the figure is
    1.33 CSS px; tick labels made while saving get :data:`READABLE_TYPE` (draw the rest in :func:`readable_type`)."""
    buffer = io.StringIO()
    rc = {**READABLE_TYPE, "svg.fonttype": "none", "svg.hashsalt": "gamekit"}
    with matplotlib.rc_context(cast(Any, rc)):
        fig.savefig(buffer, format="svg", metadata={"Date": None})
    text = buffer.getvalue()
    return text[text.index("<svg"):]


def money_formatter(value: float, _pos: int | None = None) -> str:
    """Tick labels in dollars as the reader's language writes them: ``$15,000`` (en), ``15.000 $`` (da, de)."""
    return format_money(round(value))


def percent_formatter(value: float, _pos: int | None = None) -> str:
    """Tick labels of shares as percentages in the reader's language: ``40%`` (en), ``40 %`` (da, de)."""
    return format_percent(value)


_MARKER_PATHS: dict[str, Any] = {}


def marker_path(marker: str):
    """The (cached) path of a matplotlib marker: "o", "s", or text such as ``$\\mathrm{R}$``."""
    path = _MARKER_PATHS.get(marker)
    if path is None:
        from matplotlib.markers import MarkerStyle

        style = MarkerStyle(marker)
        path = _MARKER_PATHS[marker] = style.get_path().transformed(style.get_transform())
    return path


def fast_scatter(ax: Axes, points: Sequence[tuple[float, float]], marker: str, size: float,
                 facecolors: Any, edgecolors: Any = "none", linewidths: float = 0.0, zorder: float = 3):
    """Like ``ax.scatter`` for the points' markers, but without autoscaling and with the marker
    path cached: a few hundred microseconds instead of milliseconds, for pictures redrawn at every
    step of a game.  Returns the collection (already added to ``ax``)."""
    from matplotlib.collections import PathCollection
    from matplotlib.transforms import IdentityTransform

    collection = PathCollection((marker_path(marker),), sizes=[size], offsets=list(points),
                                offset_transform=ax.transData, facecolors=facecolors, edgecolors=edgecolors,
                                linewidths=linewidths, zorder=zorder)
    collection.set_transform(IdentityTransform())
    ax.add_collection(collection, autolim=False)
    return collection


def glyphs(ax: Axes, points: Sequence[tuple[float, float]], text: str, color: str, size: float = 28,
           zorder: float = 3) -> list:
    """``text`` (mathtext, upright) drawn at each point as one marker collection: one artist for
    many labels, far cheaper to redraw than one ``Text`` per label."""
    if not points:
        return []
    return [fast_scatter(ax, points, f"$\\mathrm{{{text}}}$", size, color, zorder=zorder)]


def canvas_png(fig: Figure, compress_level: int = 1) -> bytes:
    """The figure's canvas as it stands (no re-draw) as PNG bytes, quickly encoded (RGB, low compression)."""
    from PIL import Image

    canvas = cast(FigureCanvasAgg, fig.canvas)  # the kit's figures draw with Agg (new_figure)
    width, height = canvas.get_width_height(physical=True)
    image = Image.frombuffer("RGBA", (width, height), canvas.buffer_rgba(), "raw", "RGBA", 0, 1)
    buffer = io.BytesIO()
    image.convert("RGB").save(buffer, format="png", compress_level=compress_level)
    return buffer.getvalue()


class LayeredFigure:
    """Fast redraws of one figure: a static background drawn once, then cached layers (blitting).

    :meth:`render` takes the layers bottom to top as ``(key, draw)`` pairs: ``draw()`` adds the
    layer's artists to the figure's axes and returns them.  A layer whose key is unchanged (and
    whose lower layers are unchanged) is not drawn again: its pixels come from a cache.  So a
    picture whose pieces rarely change (a game board's tiles) costs only its moving pieces.

    Everything in the figure *before* the first :meth:`render` is the static background.
    """

    def __init__(self, fig: Figure) -> None:
        self.fig = fig
        self._background = None
        self._cache: list[tuple[Any, list, Any]] = []  # per layer: (key, artists, pixels after it)

    def render(self, layers: Sequence[tuple[Any, Callable[[], list]]]) -> bytes:
        canvas = cast(FigureCanvasAgg, self.fig.canvas)  # blitting needs Agg's copy_from_bbox
        if self._background is None:
            canvas.draw()
            self._background = canvas.copy_from_bbox(self.fig.bbox)
        pixels, valid = self._background, True
        for i, (key, draw) in enumerate(layers):
            if valid and i < len(self._cache) and self._cache[i][0] == key:
                pixels = self._cache[i][2]
                continue
            if valid:
                canvas.restore_region(pixels)
                for _, artists, _ in self._cache[i:]:
                    for artist in artists:
                        artist.remove()
                del self._cache[i:]
                valid = False
            artists = draw()
            for artist in artists:
                self.fig.draw_artist(artist)
            pixels = canvas.copy_from_bbox(self.fig.bbox)
            self._cache.append((key, artists, pixels))
        if valid:
            canvas.restore_region(pixels)
        return canvas_png(self.fig)


def plot_review(result: Any, ax: Axes | None = None, mistakes: int = 5) -> Axes:
    """Every seat's chance of winning along the game (a :class:`gamekit.coach.Review`), the biggest reviewed
    mistakes marked; returns the Axes."""
    ax = axes_or_new(ax, 7.0, 3.6)
    moves = [m for m, _ in result.timeline]
    for seat, name in enumerate(result.names):
        style = player_style(seat)
        ax.plot(moves, [w[seat] for _, w in result.timeline], label=name, color=style["color"],
                linestyle=style["linestyle"], marker=style["marker"], markevery=max(1, len(moves) // 12),
                markersize=4, linewidth=1.5)
    at = dict(result.timeline)
    near = 0.08 * max(1, max(moves, default=0) - min(moves, default=0))  # (a label's width, in moves)
    placed: list[tuple[float, float, int]] = []  # the labels drawn: where they point, how far above
    for m in sorted(result.mistakes(mistakes), key=lambda m: m.move_number):
        chance = at.get(m.move_number)
        if chance is None:
            continue
        point = (m.move_number, chance[m.seat])
        above = 8
        while any(abs(point[0] - x) < near and abs(point[1] - y) < 0.12 and above == h for x, y, h in placed):
            above += 13  # stacked over a neighbouring label instead of printed across it
        placed.append((*point, above))
        ax.annotate("−" + format_percent(m.win_cost.mean), point, textcoords="offset points",
                    xytext=(0, above), ha="center", fontsize=SMALLEST_PT, color=player_style(m.seat)["color"],
                    arrowprops={"arrowstyle": "-", "color": "#999999"})
    ax.set_ylim(0, 1)
    ax.set_xlabel(_("move"))
    ax.set_ylabel(_("chance of winning"))
    ax.yaxis.set_major_formatter(FuncFormatter(percent_formatter))
    ax.set_title(_("The coach's estimate of each player's chance of winning"))
    ax.legend(loc="upper left", fontsize=SMALLEST_PT, frameon=False, ncol=min(4, len(result.names)))
    ax.grid(alpha=0.3)
    return ax
