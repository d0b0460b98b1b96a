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
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle
from matplotlib.ticker import FuncFormatter, MaxNLocator
from numpy.typing import ArrayLike

from gamekit.i18n import N_, format_money, language, pgettext
from gamekit.i18n import gettext as _
from gamekit.plotting import (
    BLACK,
    GREY,
    LIGHT_BLUE,
    LIGHT_RED,
    SMALLEST_PT,
    TERRAIN_COLORS,
    VERMILLION,
    WHITE,
    LayeredFigure,
    axes_or_new,
    fast_scatter,
    glyphs,
    money_formatter,
    named_color,
    new_figure,
    player_style,
    text_color_on,
)
from gamekit.words import say_count

from . import prices
from .components import COMPONENTS, row_col
from .rules import DERRICK, TILE
from .text import player_name

PLAYER_COLORS: tuple[str, ...] = tuple(named_color(n) for n in COMPONENTS.player_names)
"""Red, Blue, Yellow, Green in the palette's safe hues (vermillion, blue, yellow, bluish green)."""
PLAYER_LETTERS: tuple[str, ...] = tuple(n[0] for n in COMPONENTS.player_names)
"""The letters of the English names (R, B, Y, G); :func:`player_letter` gives the reader's."""
BLACK_LOCO = BLACK
ZONE_COLORS = {"red": LIGHT_RED, "white": WHITE, "blue": LIGHT_BLUE}
ZONE_TEXT = {"red": N_("red zone: die moves it up"), "white": N_("white zone: blue up, red down"),
             "blue": N_("blue zone: die moves it down")}
COMPANY_SHORT: tuple[str, ...] = COMPONENTS.company_short
PRICES_TITLE = N_("Oil prices (Action 1)")


def letter_size(letter: str, size: float) -> float:
    """A glyph's marker size (:func:`gamekit.plotting.glyphs`) for a player's letter: a marker fits its text into
    one square, so two letters ("Gu", "Gr") are drawn larger to stand as tall as one."""
    return size * (2.5 if len(letter) > 1 else 1.0)


def player_letter(p: int) -> str:
    """The letter a seat's pieces carry, from its colour's name in the reader's language: R B Y G (en); in
    Danish and German two colours start with G, so each catalogue writes letters of its own (Gu, Gr)."""
    return (pgettext("player letter", "R"), pgettext("player letter", "B"), pgettext("player letter", "Y"),
            pgettext("player letter", "G"))[p]


# -- prices --------------------------------------------------------------------------------------------
def draw_price_background(ax: Axes, companies: int = 3, title: str | None = PRICES_TITLE,
                          legend_size: float = 7) -> None:
    """The three price tracks and their zones (no markers)."""
    for company in range(companies):
        for i, zone in enumerate(prices.ZONE):
            ax.add_patch(Rectangle((company - 0.35, i - 0.5), 0.7, 1, facecolor=ZONE_COLORS[zone],
                                   edgecolor=GREY, linewidth=0.5))
    n = len(prices.TRACK)
    ax.set_xlim(-0.6, companies - 0.4)
    ax.set_ylim(-1.9, n - 0.4)
    ax.set_xticks(range(companies), [COMPANY_SHORT[c] for c in range(companies)])
    ax.set_yticks(range(n), [format_money(p) for p in prices.TRACK], fontsize=7)
    ax.tick_params(length=0)
    ax.tick_params(axis="x", labelsize=8)
    for side in ("top", "right", "left", "bottom"):
        ax.spines[side].set_visible(False)
    zones = [Rectangle((0, 0), 1, 1, facecolor=ZONE_COLORS[z], edgecolor=GREY) for z in ("blue", "white", "red")]
    ax.legend(zones, [_(ZONE_TEXT[z]) for z in ("blue", "white", "red")], loc="upper center",
              bbox_to_anchor=(0.5, -0.06), fontsize=legend_size, frameon=False)
    if title:
        ax.set_title(_(title), fontsize=10)


def draw_price_markers(ax: Axes, indices: Sequence[int], previous: Sequence[int | None] | None = None) -> list:
    """One marker (an oil barrel) per company, its price under the track, and arrows from ``previous``."""
    xs = range(len(indices))
    out = [fast_scatter(ax, list(zip(xs, indices)), "o", 180, BLACK, WHITE, 1.5, zorder=3)]
    out += [ax.text(x, -1.2, format_money(prices.TRACK[i]), ha="center", va="center", fontsize=7, fontweight="bold")
            for x, i in zip(xs, indices)]
    if previous is not None:
        for x, before, after in zip(xs, previous, indices):
            if before is not None and before != after:
                out.append(ax.annotate("", xy=(x + 0.42, after), xytext=(x + 0.42, before), zorder=4,
                                       arrowprops={"arrowstyle": "->", "color": BLACK, "lw": 1.5}))
    return out


def draw_price_tracks(ax: Axes, indices: Sequence[int], previous: Sequence[int | None] | None = None,
                      title: str | None = PRICES_TITLE) -> Axes:
    """Draw the three price tracks, the zones and a marker per company on ``ax``.

    ``indices`` are the markers' track indices (0 = $1,500 ... 15 = $9,000), in company order;
    ``previous`` (optional) draws an arrow from where each marker stood before.
    """
    draw_price_background(ax, len(indices), title)
    draw_price_markers(ax, indices, previous)
    return ax


def price_indices(state) -> list[int]:
    """The three markers' track indices of a Giganten state."""
    return list(state.prices)


def plot_prices(state, ax: Axes | None = None) -> Axes:
    """The three price tracks of ``state`` with their markers."""
    return draw_price_tracks(axes_or_new(ax, 3.2, 4.6), price_indices(state))


def plot_price_histogram(counts: ArrayLike, exact: ArrayLike | None = None,
                         ax: Axes | None = None, title: str | None = None) -> Axes:
    """Bars: the share of rolls that ended on each price; dots: an exact distribution to compare."""
    ax = axes_or_new(ax, 4.5, 3.2)
    rolled = np.asarray(counts, dtype=float)
    total = rolled.sum()
    share = rolled / total if total else rolled
    xs = np.asarray(prices.TRACK)
    colours = [ZONE_COLORS[z] for z in prices.ZONE]
    ax.bar(xs, share, width=420, color=colours, edgecolor=GREY)
    handles: list[Artist] = [Rectangle((0, 0), 1, 1, facecolor=WHITE, edgecolor=GREY)]
    labels = [_("rolled ({}; bar colour = zone)").format(say_count(int(total), "roll"))]
    if exact is not None:
        (dots,) = ax.plot(xs, exact, "o", color=BLACK, markersize=5)
        handles.append(dots)
        labels.append(_("exact, long run"))
    ax.set_xlabel(_("price after the roll"))
    ax.set_ylabel(_("share of rolls"))
    ax.xaxis.set_major_formatter(FuncFormatter(money_formatter))
    ax.set_xticks(xs[1::2])
    ax.tick_params(axis="x", labelsize=SMALLEST_PT, rotation=45)
    ax.tick_params(axis="y", labelsize=SMALLEST_PT)
    ax.set_ylim(0, max(0.3, float(share.max(initial=0)) * 1.15, float(np.max(exact, initial=0)) * 1.15
                       if exact is not None else 0))
    ax.legend(handles, labels, fontsize=SMALLEST_PT, frameon=False, loc="upper right")
    ax.set_title(title or _("Rolled prices against the exact distribution"), fontsize=12)
    return ax


# -- the board -----------------------------------------------------------------------------------------
ROWS, COLUMNS = COMPONENTS.rows, COMPONENTS.columns
HARBOUR = COMPONENTS.harbour
RAIL_TOP = ROWS + 0.15  # the rail strip lies under the landscape, one space per column
LANE = 0.55  # height of one locomotive lane in the rail strip
TILE_BACK = "#5A5A5A"
TERRAIN_WORDS = (N_("flat (1 point)"), N_("hill (2 points)"), N_("mountain (3 points)"))


def _terrain_image() -> np.ndarray:
    return np.asarray(COMPONENTS.terrain, dtype=int).reshape(ROWS, COLUMNS)


def draw_landscape(ax: Axes) -> None:
    """The static board: terrain, grid, the rail strip with each space's entry cost, the harbour."""
    from matplotlib.colors import ListedColormap

    ax.imshow(_terrain_image(), cmap=ListedColormap(TERRAIN_COLORS), vmin=1, vmax=3,
              extent=(-0.5, COLUMNS - 0.5, ROWS - 0.5, -0.5), interpolation="nearest", zorder=0)
    ax.set_xticks(range(COLUMNS))
    ax.set_yticks(range(ROWS))
    ax.tick_params(labelsize=7, length=0, labeltop=True, labelbottom=False)
    ax.set_xticks(np.arange(-0.5, COLUMNS), minor=True)
    ax.set_yticks(np.arange(-0.5, ROWS), minor=True)
    ax.grid(which="minor", color=WHITE, linewidth=0.6)
    ax.tick_params(which="minor", length=0)
    bottom = RAIL_TOP + 5 * LANE
    ax.add_patch(Rectangle((-0.5, RAIL_TOP), HARBOUR + 1, 5 * LANE, facecolor="#EDEDED", edgecolor=GREY, lw=0.5))
    for c in range(COLUMNS):
        ax.axvline(c - 0.5, ymin=0, ymax=1, color=WHITE, lw=0.4, zorder=0)
        cost = COMPONENTS.rail_costs[c]
        if cost:
            ax.text(c, bottom + 0.35, str(cost), ha="center", va="center", fontsize=6, color="#444444")
    ax.text(-0.5, bottom + 0.35, _("rail cost"), ha="right", va="center", fontsize=6, color="#444444")
    ax.add_patch(Rectangle((HARBOUR - 0.5, RAIL_TOP), 1, 5 * LANE, facecolor=LIGHT_BLUE, edgecolor=GREY, lw=0.5))
    ax.text(HARBOUR, RAIL_TOP - 0.15, _("harbour"), ha="center", va="bottom", fontsize=6)
    ax.set_xlim(-0.5, HARBOUR + 0.5)
    ax.set_ylim(bottom + 0.7, -0.5)
    ax.set_aspect("equal")
    for side in ax.spines.values():
        side.set_visible(False)
    legend: list[Artist] = [Rectangle((0, 0), 1, 1, facecolor=c, edgecolor=GREY) for c in TERRAIN_COLORS]
    legend += [Rectangle((0, 0), 1, 1, facecolor=TILE_BACK, edgecolor=BLACK),
               Rectangle((0, 0), 1, 1, facecolor=TILE_BACK, edgecolor=VERMILLION, lw=2),
               Rectangle((0, 0), 1, 1, facecolor=PLAYER_COLORS[0], edgecolor=BLACK),
               Line2D([], [], marker="o", color=WHITE, markerfacecolor=GREY, markeredgecolor=BLACK, markersize=7),
               Line2D([], [], marker="s", color=WHITE, markerfacecolor=GREY, markeredgecolor=BLACK, markersize=6)]
    ax.legend(legend, [*(_(words) for words in TERRAIN_WORDS), _("face-down tile (▲ = derricks; oil, or ? if unseen)"),
                       _("red two-derrick tile (never examined)"), _("derrick: owner's letter, oil left"),
                       _("truck"), _("locomotive (one lane each; ■ = black)")],
              loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=3, fontsize=6.5, frameon=False)


SITE_AT_SQUARE: dict[tuple[int, int], int] = {(s.row, s.col): s.index for s in COMPONENTS.sites}


def known_tiles(state, viewer: int | None) -> dict[int, int]:
    """Site index -> oil, for the face-down tiles ``viewer`` has seen (read from its observation,
    so the picture can never show more than that seat may see)."""
    if viewer is None:
        return {}
    return {SITE_AT_SQUARE[(site["row"], site["col"])]: site["oil"]
            for site in state.observation(viewer)["sites"] if site["state"] == "tile" and site["oil"] is not None}


def draw_pieces(ax: Axes, state, viewer: int | None = None) -> list:
    """The pieces of ``state`` (tiles, derricks, trucks, locomotives); returns the artists drawn.

    ``viewer`` (a seat or None) adds the oil of the face-down tiles that seat has seen.
    """
    return (draw_lane_labels(ax, state) + draw_sites(ax, state, known_tiles(state, viewer))
            + draw_mobiles(ax, state))


def tiles_key(state) -> tuple:
    return (state.num_players, tuple(state.site_state), tuple(state.site_owner))


def draw_tiles(ax: Axes, state) -> list:
    """Face-down tiles (▲ per derrick of the tile; the red two-derrick tiles edged red) and derricks
    (the owner's colour and letter); "×" on the spaces left empty in a three-player game."""
    from matplotlib.collections import PatchCollection

    squares, faces, edges, widths = [], [], [], []
    marks: dict[tuple[str, str], list[tuple[float, float]]] = {}
    three_players = state.num_players == 3
    for site in COMPONENTS.sites:
        status = state.site_state[site.index]
        x, y = site.col, site.row
        if status == TILE:
            squares.append(Rectangle((x - 0.42, y - 0.42), 0.84, 0.84))
            faces.append(TILE_BACK)
            edges.append(VERMILLION if site.kind == 2 else BLACK)
            widths.append(2.0 if site.kind == 2 else 0.8)
            for k in range(site.kind):
                marks.setdefault(("\\blacktriangle", WHITE), []).append((x + 0.24 * (k - (site.kind - 1) / 2), y - 0.2))
        elif status == DERRICK:
            owner = state.site_owner[site.index]
            colour = PLAYER_COLORS[owner]
            squares.append(Rectangle((x - 0.42, y - 0.42), 0.84, 0.84))
            faces.append(colour)
            edges.append(BLACK)
            widths.append(0.8)
            marks.setdefault((player_letter(owner), text_color_on(colour)), []).append((x, y - 0.2))
        elif three_players and site.three_player:
            marks.setdefault(("\\times", GREY), []).append((x, y))
    artists: list = []
    if squares:
        artists.append(ax.add_collection(PatchCollection(squares, facecolors=faces, edgecolors=edges,
                                                         linewidths=widths, zorder=2)))
    for (text, colour), points in marks.items():
        artists += glyphs(ax, points, text, colour, size=22 if "triangle" in text else letter_size(text, 30))
    return artists


def oil_key(state, known: dict[int, int]) -> tuple:
    return (tuple(state.site_oil), tuple(sorted(known.items())))


def draw_oil(ax: Axes, state, known: dict[int, int]) -> list:
    """The oil: on each derrick, the chips left; on each face-down tile, the oil if ``known`` to the
    viewer, else "?"."""
    labels: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for site in COMPONENTS.sites:
        status = state.site_state[site.index]
        x, y = site.col, site.row + 0.2
        if status == TILE:
            oil = known.get(site.index)
            labels.setdefault(("?" if oil is None else str(oil), WHITE), []).append((x, y))
        elif status == DERRICK:
            colour = text_color_on(PLAYER_COLORS[state.site_owner[site.index]])
            labels.setdefault((str(state.site_oil[site.index]), colour), []).append((x, y))
    return [a for (text, colour), points in labels.items() for a in glyphs(ax, points, text, colour)]


def draw_sites(ax: Axes, state, known: dict[int, int]) -> list:
    """Tiles and derricks (:func:`draw_tiles`) with their oil (:func:`draw_oil`)."""
    return draw_tiles(ax, state) + draw_oil(ax, state, known)


def mobiles_key(state) -> tuple:
    return (tuple(state.trucks), tuple(state.locos), state.black)


def draw_mobiles(ax: Axes, state) -> list:
    """Trucks on the landscape and every locomotive on the rail."""
    return _draw_trucks(ax, state) + _draw_locomotives(ax, state)


def _draw_trucks(ax: Axes, state) -> list:
    placed = [(p, cell) for p, cell in enumerate(state.trucks) if cell >= 0]
    if not placed:
        return []
    ys, xs = zip(*(row_col(cell) for _, cell in placed))
    colours = [PLAYER_COLORS[p] for p, _ in placed]
    out = [fast_scatter(ax, list(zip(xs, ys)), "o", 110, colours, BLACK, 1.2, zorder=4)]
    for (p, _cell), x, y in zip(placed, xs, ys):
        letter = player_letter(p)
        out += glyphs(ax, [(x, y)], letter, text_color_on(PLAYER_COLORS[p]), size=letter_size(letter, 26), zorder=5)
    return out


def locomotive_lanes(state) -> list[tuple[str, int, str, str]]:
    """(label, rail space, colour, letter) of the black locomotive and each player's, lane by lane."""
    lanes = [(pgettext("locomotive", "black"), state.black, BLACK_LOCO, "■")]
    lanes += [(player_name(p), state.locos[p], PLAYER_COLORS[p], player_letter(p)) for p in range(state.num_players)]
    return lanes


def _draw_locomotives(ax: Axes, state) -> list:
    lanes = locomotive_lanes(state)
    xs = [min(space, HARBOUR) for _, space, _, _ in lanes]
    ys = [RAIL_TOP + LANE * (k + 0.5) for k in range(len(lanes))]
    out = [fast_scatter(ax, list(zip(xs, ys)), "s", 70, [c for _, _, c, _ in lanes], BLACK, 1.0, zorder=4)]
    for (_label, _space, colour, letter), x, y in zip(lanes, xs, ys):
        if letter != "■":
            out += glyphs(ax, [(x, y)], letter, text_color_on(colour), size=letter_size(letter, 20), zorder=5)
    return out


def draw_lane_labels(ax: Axes, state) -> list:
    """The name of each locomotive lane, left of the rail."""
    return [ax.text(-0.6, RAIL_TOP + LANE * (k + 0.5), label, ha="right", va="center", fontsize=6)
            for k, (label, *_) in enumerate(locomotive_lanes(state))]


def plot_board(state, viewer: int | None = None, ax: Axes | None = None) -> Axes:
    """The landscape of ``state``: terrain, tiles, derricks with their oil, trucks, the rail with every
    locomotive; with ``viewer`` (a seat), the oil of the face-down tiles that seat has seen."""
    ax = axes_or_new(ax, 9.0, 6.4)
    draw_landscape(ax)
    draw_pieces(ax, state, viewer)
    who = _("public view") if viewer is None else _("what {} knows").format(player_name(viewer))
    ax.set_title(_("Round {} — the landscape ({})").format(state.round, who), fontsize=10)
    return ax


class BoardPicture:
    """The stepper's picture: the board and the price tracks in one figure, redrawn fast.

    The static layers (terrain, grid, rail, legend, price zones) are drawn once; the tiles and
    derricks are redrawn only when they change; each render draws the trucks, locomotives and
    price markers over cached pixels (:class:`gamekit.plotting.LayeredFigure`).
    ``render(state, viewer)`` follows :class:`gamekit.widgets.Picture`.  The words are the language's in force
    when it renders (the static layers are drawn again when that language changes).
    """

    def __init__(self, width: float = 10.5, height: float = 6.4, dpi: int = 80) -> None:
        self.size = (width, height, dpi)
        self._draw_static()

    def _draw_static(self) -> None:
        self.language = language()
        self.fig = new_figure(*self.size)
        self.board_ax = self.fig.add_axes((0.04, 0.12, 0.72, 0.8))
        self.price_ax = self.fig.add_axes((0.83, 0.22, 0.13, 0.7))
        draw_landscape(self.board_ax)
        draw_price_background(self.price_ax, title=N_("Prices"), legend_size=6)
        self.layers = LayeredFigure(self.fig)

    def render(self, state, viewer: int | None = None) -> bytes:
        if self.language != language():
            self._draw_static()
        known = known_tiles(state, viewer)
        who = _("public view") if viewer is None else _("what {} has seen").format(player_name(viewer))
        title = _("Round {} — the landscape ({})").format(state.round, who)
        # bottom to top, the rarely changing layers first: a change redraws its layer and those above
        return self.layers.render([
            (state.num_players, lambda: draw_lane_labels(self.board_ax, state)),
            (tuple(state.prices), lambda: draw_price_markers(self.price_ax, price_indices(state))),
            (tiles_key(state), lambda: draw_tiles(self.board_ax, state)),
            (oil_key(state, known), lambda: draw_oil(self.board_ax, state, known)),
            (mobiles_key(state), lambda: draw_mobiles(self.board_ax, state)),
            (title, lambda: [self.fig.text(0.4, 0.99, title, ha="center", va="top", fontsize=10)]),
        ])


# -- the rail race -------------------------------------------------------------------------------------
DERRICK_DROP = 0.3
"""How far under its owner's lane (in lanes) the rail race draws a derrick."""


def plot_rail_race(state, ax: Axes | None = None) -> Axes:
    """The five locomotives on the rail (one lane each) and every derrick's column.

    A derrick in column c is drawn as a triangle, its oil left beside it, just under its owner's lane at
    c (over the locomotive that may stand there), and a dotted line marks the column across all lanes:
    the owner's locomotive on space c or beyond is "level with or past" it (free transport, Action 6),
    and so is the black locomotive or an opponent's (paid transport)."""
    ax = axes_or_new(ax, 9.0, 3.4)
    lanes = locomotive_lanes(state)
    for k, (_label, space, colour, letter) in enumerate(lanes):
        ax.barh(k, space, left=0, height=0.5, color=colour, alpha=0.25, edgecolor="none")
        ax.scatter([min(space, HARBOUR)], [k], s=260, marker="s", color=colour, edgecolors=BLACK, zorder=4)
        if letter != "■":
            ax.text(min(space, HARBOUR), k, letter, ha="center", va="center", fontsize=SMALLEST_PT, fontweight="bold",
                    color=text_color_on(colour), zorder=5)
    for site in COMPONENTS.sites:
        if state.site_state[site.index] != DERRICK:
            continue
        owner = state.site_owner[site.index]
        ax.axvline(site.col, color=PLAYER_COLORS[owner], linestyle=":", linewidth=1.2, zorder=1)
        # just under the lane's middle and over the locomotives: a locomotive level with it does not hide it
        ax.scatter([site.col], [owner + 1 + DERRICK_DROP], s=70, marker="^", color=PLAYER_COLORS[owner],
                   edgecolors=BLACK, zorder=6)
        ax.annotate(f"{state.site_oil[site.index]}", (site.col, owner + 1 + DERRICK_DROP), xytext=(6, 0),
                    textcoords="offset points", fontsize=SMALLEST_PT, va="center", zorder=6)
    ax.axvspan(HARBOUR - 0.5, HARBOUR + 0.5, color=LIGHT_BLUE, zorder=0)
    # (inside the axes, over the black lane)
    ax.text(HARBOUR + 0.45, -0.6, _("harbour"), ha="right", va="center", fontsize=SMALLEST_PT)
    ax.set_yticks(range(len(lanes)), [label for label, *_ in lanes])
    ax.set_ylim(len(lanes) - 0.5 + DERRICK_DROP, -0.9)  # room for the last lane's derricks
    ax.set_xlim(-0.5, HARBOUR + 0.5)
    ax.set_xticks(range(HARBOUR + 1))
    ax.tick_params(labelsize=SMALLEST_PT)
    ax.set_xlabel(_("rail space (= landscape column); entry cost: {}").format(
        " ".join(str(c) for c in COMPONENTS.rail_costs[1:])), fontsize=11)
    title = (_("End of the game (round {}): the rail race (▲ = a derrick and its oil, in its owner's lane)")
             if state.is_terminal() else _("Round {}: the rail race (▲ = a derrick and its oil, in its owner's lane)"))
    ax.set_title(title.format(state.round), fontsize=12, loc="left")
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    return ax


# -- over a whole game ---------------------------------------------------------------------------------
def round_snapshots(state) -> list:
    """The position at the start of every round of ``state``'s game (from its record), and ``state`` itself.

    Replays the game once (``gamekit.record.states_along``): a state carries its whole history."""
    from gamekit.record import states_along

    snapshots, last_round = [], None
    for s in states_along(state):
        if s.phase != 0 and s.round != last_round:  # phase 0: the tiles are still being dealt (setup)
            snapshots.append(s)
            last_round = s.round
    if not snapshots or snapshots[-1] is not state:
        snapshots.append(state)
    return snapshots


def game_series(snapshots: Sequence) -> dict[str, np.ndarray]:
    """Per snapshot: round, black locomotive, each player's locomotive and money, each company's price."""
    return {
        "round": np.array([s.round for s in snapshots]),
        "black": np.array([s.black for s in snapshots]),
        "locos": np.array([list(s.locos) for s in snapshots]),
        "money": np.array([list(s.money) for s in snapshots]),
        "prices": np.array([[prices.TRACK[i] for i in s.prices] for s in snapshots]),
    }


def plot_game_summary(state, snapshots: Sequence | None = None):
    """Over a whole game: locomotive progress per round, money per player, prices per company.

    ``snapshots`` (from :func:`round_snapshots`) may be passed to avoid replaying the game again."""
    snaps = list(snapshots) if snapshots is not None else round_snapshots(state)
    data = game_series(snaps)
    x = np.arange(len(snaps))
    labels = [_("R{}").format(r) for r in data["round"]]
    if snaps[-1].is_terminal():
        labels[-1] = _("end")
    fig = new_figure(12.0, 4.2)  # 1200 px wide; its smallest labels 9 pt = 12 px on a projector
    axes = fig.subplots(1, 3)
    ax = axes[0]
    ax.plot(x, data["black"], color=BLACK, linewidth=2.5, label=pgettext("locomotive", "black"))
    for p in range(state.num_players):
        ax.plot(x, data["locos"][:, p], label=player_name(p), **_seat_style(p))
    ax.axhline(HARBOUR, color=GREY, linestyle="--", linewidth=0.8)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # rail spaces are whole numbers
    ax.set_title(_("Locomotives (rail space)"), fontsize=11)
    ax = axes[1]
    for p in range(state.num_players):
        ax.plot(x, data["money"][:, p], label=player_name(p), **_seat_style(p))
    ax.yaxis.set_major_formatter(FuncFormatter(money_formatter))
    ax.set_title(_("Money"), fontsize=11)
    ax = axes[2]
    company_styles = [dict(color=BLACK, linestyle="-", marker="o"), dict(color=GREY, linestyle="--", marker="s"),
                      dict(color="#555555", linestyle=":", marker="^")]
    for c, short in enumerate(COMPANY_SHORT):
        ax.plot(x, data["prices"][:, c], label=short, **company_styles[c])
    for zone in ("red", "blue"):  # the zones where the die always moves the marker one way
        ax.axhspan(*prices.zone_band(zone), color=ZONE_COLORS[zone], zorder=0)
    ax.yaxis.set_major_formatter(FuncFormatter(money_formatter))
    ax.set_title(_("Prices (at the start of each round)"), fontsize=11)
    for ax in axes:
        ax.set_xticks(x, labels, fontsize=9)
        ax.tick_params(axis="y", labelsize=9)
        ax.legend(fontsize=9, frameon=False)
        ax.spines[["top", "right"]].set_visible(False)
    fig.subplots_adjust(left=0.05, right=0.99, wspace=0.3, bottom=0.1, top=0.92)
    return fig


def _seat_style(p: int) -> dict:
    style = player_style(p)
    style.update(color=PLAYER_COLORS[p], markeredgecolor=BLACK, markeredgewidth=0.6)
    return style
