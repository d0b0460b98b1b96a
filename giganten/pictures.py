"""Giganten as SVG for the widgets: the landscape, the rail, the prices and the face-up action cards.

Everything is drawn from an *observation* (``state.observation(seat)``, or the public view every seat
agrees on, :func:`gamekit.widgets.observed`), never from the state itself: a picture cannot show
what its viewer may not see, and a page that holds only an observation (a classroom table's seat or
projector page) draws the same picture.  Sizes are CSS pixels at 100 % (see :mod:`gamekit.svg`).

Clickable parts (``targets``: id -> label) are the squares (``sq-<row>-<col>``: where to place or drive
the truck, where to build), the face-up action cards (``card-<type>``) and the player's own
locomotive lane (``loco-<seat>``).  :func:`target_of` gives an action's target; actions without
one (bids, payments, sales, transports) are chosen in the stepper's menu.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Any, Mapping, Optional

from gamekit import Action
from gamekit.i18n import N_, format_money, language, pgettext
from gamekit.i18n import gettext as _
from gamekit.plotting import BLACK, GREY, LIGHT_BLUE, TERRAIN_COLORS, VERMILLION, WHITE, text_color_on
from gamekit.svg import Picture, Svg, text_width
from gamekit.words import say_count

from . import prices
from .actions import AdvanceLocomotive, Build, DriveTo, PlaceTruck, TakeCard
from .components import CARDS, COMPONENTS
from .plots import COMPANY_SHORT, PLAYER_COLORS, TILE_BACK, ZONE_COLORS, player_letter
from .text import player_name

SQ = 40  # px per landscape square
LEFT = 78  # room for row numbers and lane names
TOP = 40  # room for the title and the column numbers
ROWS, COLUMNS, HARBOUR = COMPONENTS.rows, COMPONENTS.columns, COMPONENTS.harbour
LANE = 22  # height of a locomotive lane
LEGEND_PX, LEGEND_ROW = 14, 21  # the legends' type and their rows' height
RAIL_GAP = 14
CARD_COLORS = {"beige": "#EADCB8", "red": "#F3B59A"}
TERRAIN_WORDS = (N_("flat: 1 point"), N_("hill: 2"), N_("mountain: 3"))
UNUSED_MARK, UNUSED_INK = "×", "#777777"  # a tile space left empty with three players (rulebook: Setup)
UNUSED_WORDS = N_("no tile with 3 players")
PRICE_ROW = 24  # px per price-track space
TRACK_W = 66  # px per company's track
PRICE_LABELS = 66  # room for "$9,000"


# -- targets --------------------------------------------------------------------------------------------
def square_id(row: int, col: int) -> str:
    return f"sq-{row}-{col}"


def target_of(action: Action, player: int | None = None) -> str | None:
    """The picture's part a click on which chooses ``action`` (None: chosen from the menu only).

    ``player`` is the seat choosing (its locomotive lane is the target of "advance the locomotive")."""
    if isinstance(action, (DriveTo, Build)):
        return square_id(action.row, action.col)
    if isinstance(action, PlaceTruck):
        return square_id(action.row, COMPONENTS.truck_entry_column)
    if isinstance(action, TakeCard):
        return f"card-{action.card}"
    if isinstance(action, AdvanceLocomotive) and player is not None:
        return f"loco-{player}"
    return None


# -- geometry ----------------------------------------------------------------------------------------------
def _x(col: float) -> float:
    return LEFT + col * SQ


def _y(row: float) -> float:
    return TOP + row * SQ


def rail_top() -> float:
    return _y(ROWS) + RAIL_GAP


LEGEND_RIGHT = _x(HARBOUR + 1) + 16  # the legend's rows end before the price tracks and the cards


def legend_top(players: int) -> float:
    return rail_top() + (players + 1) * LANE + 40


def board_height(players: int, legend_rows: int = 3) -> float:
    """From the top to the end of the legend (three rows, more where a language's words need them)."""
    return legend_top(players) + (legend_rows - 1) * LEGEND_ROW + 14


def price_left() -> float:
    return _x(HARBOUR + 1) + 28


def picture_width() -> float:
    """The prices, or the action cards (two columns) under them, whichever is wider, end the picture."""
    return price_left() + max(PRICE_LABELS + len(COMPANY_SHORT) * TRACK_W, 2 * CARD_W + 8) + 6


# -- the landscape ------------------------------------------------------------------------------------------
def _terrain(svg: Svg) -> None:
    for (row, col), cost in zip(product(range(ROWS), range(COLUMNS)), COMPONENTS.terrain):  # row by row
        svg.rect(_x(col), _y(row), SQ, SQ, fill=TERRAIN_COLORS[cost - 1], stroke=WHITE, stroke_width=1)
    for col in range(COLUMNS):
        svg.text(_x(col + 0.5), TOP - 9, str(col), 14, fill="#444444")
    for row in range(ROWS):
        svg.text(LEFT - 6, _y(row + 0.5), str(row), 14, anchor="end", fill="#444444")


def _sites(svg: Svg, obs: Mapping[str, Any]) -> None:
    """Each tile space as its own layer (a step redraws only the spaces that changed)."""
    shown = {site["site"] for site in obs["sites"]}
    for site in obs["sites"]:
        with svg.layer(f"site-{site['site']}"):
            _site(svg, site)
    if obs["players"] == 3:
        with svg.layer("three-player-spaces"):
            for site in COMPONENTS.sites:
                if site.three_player and site.index not in shown:
                    svg.text(_x(site.col + 0.5), _y(site.row + 0.5), UNUSED_MARK, 20, fill=UNUSED_INK)


def _site(svg: Svg, site: Mapping[str, Any]) -> None:
    x, y = _x(site["col"]), _y(site["row"])
    if site["state"] == "tile":
        red = site["kind"] == 2
        svg.rect(x + 3, y + 3, SQ - 6, SQ - 6, fill=TILE_BACK, stroke=VERMILLION if red else BLACK,
                 stroke_width=3 if red else 1, rx=3)
        svg.text(x + SQ / 2, y + 12, "▲" * site["kind"], 14, fill=WHITE)
        oil = site.get("oil")
        svg.text(x + SQ / 2, y + 28, "?" if oil is None else str(oil), 14, fill=WHITE, bold=True)
    elif site["state"] == "derrick":
        colour = PLAYER_COLORS[site["owner"]]
        ink = text_color_on(colour)
        svg.rect(x + 3, y + 3, SQ - 6, SQ - 6, fill=colour, stroke=BLACK, stroke_width=1.5, rx=3)
        svg.text(x + SQ / 2, y + 13, player_letter(site["owner"]), 14, fill=ink, bold=True, fit=SQ - 10)
        svg.text(x + SQ / 2, y + 28, str(site["oil"]), 14, fill=ink, bold=True)


def _trucks(svg: Svg, obs: Mapping[str, Any]) -> None:
    """Each truck as its own layer; trucks on one square stand side by side."""
    at: dict[tuple[int, int], list[int]] = {}
    for p, info in enumerate(obs["players_info"]):
        if info["truck"] is not None:
            at.setdefault(tuple(info["truck"]), []).append(p)
    for (row, col), seats in at.items():
        for k, p in enumerate(seats):
            shift = (k - (len(seats) - 1) / 2) * 12
            cx, cy = _x(col + 0.5) + shift, _y(row + 0.5) + shift / 2
            colour = PLAYER_COLORS[p]
            with svg.layer(f"truck-{p}"):
                svg.circle(cx, cy, 12, fill=colour, stroke=BLACK, stroke_width=2)
                svg.text(cx, cy, player_letter(p), 14, fill=text_color_on(colour), bold=True, fit=21)


def _lanes(obs: Mapping[str, Any]) -> list[tuple[str, int, str, str]]:
    """(name, rail space, colour, letter) of the black locomotive and each player's, lane by lane."""
    lanes = [(pgettext("locomotive", "black"), obs["black_locomotive"], BLACK, "")]
    return lanes + [(player_name(p), info["locomotive"], PLAYER_COLORS[p], player_letter(p))
                    for p, info in enumerate(obs["players_info"])]


def _rail_background(svg: Svg, players: int) -> None:
    top = rail_top()
    height = (players + 1) * LANE
    svg.rect(_x(0), top, (HARBOUR + 1) * SQ, height, fill="#EDEDED", stroke=GREY)
    svg.rect(_x(HARBOUR), top, SQ, height, fill=LIGHT_BLUE, stroke=GREY)
    for col in range(1, HARBOUR + 1):
        svg.line(_x(col), top, _x(col), top + height, stroke=WHITE, stroke_width=1)
    names = (pgettext("locomotive", "black"), *(player_name(p) for p in range(players)))
    for k, name in enumerate(names):
        svg.text(LEFT - 6, top + k * LANE + LANE / 2, name, 14, anchor="end", bold=k > 0, fit=LEFT - 8)
    costs_y = top + height + 12
    svg.text(LEFT - 6, costs_y, _("rail cost"), 14, anchor="end", fill="#444444", fit=LEFT - 8)
    for col, cost in enumerate(COMPONENTS.rail_costs):
        if cost:
            svg.text(_x(col + 0.5), costs_y, str(cost), 14, fill="#444444")
    svg.text(_x(HARBOUR + 0.5), costs_y, _("harbour"), 14, fill="#444444", fit=2 * SQ - 16)


def _locomotives(svg: Svg, obs: Mapping[str, Any]) -> None:
    top = rail_top()
    for k, (_name, space, colour, letter) in enumerate(_lanes(obs)):
        y = top + k * LANE + LANE / 2
        cx = _x(min(space, HARBOUR) + 0.5)
        with svg.layer(f"locomotive-{k}"):
            svg.rect(cx - 9, y - 9, 18, 18, fill=colour, stroke=BLACK, stroke_width=1.5)
            if letter:
                svg.text(cx, y, letter, 14, fill=text_color_on(colour), bold=True, fit=17)


LegendItem = tuple[str, str, Optional[str], str]
"""A legend's item: the swatch's fill, the words, the swatch's edge (None: grey), a mark drawn on it ("")."""


def _legend(svg: Svg, players: int) -> int:
    """Three rows under the rail: the terrain (and, with three players, the spaces left without a tile), the
    tiles and derricks, the price zones.  An item is a swatch (fill, edge, a mark on it) and its words; a row
    too long for the board (a language's longer words) goes on in the next.  Returns the rows drawn."""
    y = legend_top(players)
    terrain: list[LegendItem] = [(c, _(w), None, "") for c, w in zip(TERRAIN_COLORS, TERRAIN_WORDS)]
    terrain.append((LIGHT_BLUE, _("harbour: the game ends"), None, ""))
    if players == 3:
        terrain.append((TERRAIN_COLORS[0], _(UNUSED_WORDS), None, UNUSED_MARK))
    tiles: list[LegendItem] = [(TILE_BACK, _("face-down tile: ▲ = derricks, oil (? = not seen)"), BLACK, ""),
                               (TILE_BACK, _("red edge: 2 derricks"), VERMILLION, ""),
                               (PLAYER_COLORS[0], _("derrick: owner, oil left"), BLACK, "")]
    zones: list[LegendItem] = [(ZONE_COLORS[zone], _(ZONE_LEGEND[zone]), None, "") for zone in ("red", "white", "blue")]
    rows = 0
    for items in (terrain, tiles, zones):
        x: float = LEFT
        for fill, words, edge, mark in items:
            width = 21 + text_width(words, LEGEND_PX)
            if x > LEFT and x + width > LEGEND_RIGHT:
                x, y, rows = LEFT, y + LEGEND_ROW, rows + 1
            svg.rect(x, y - 8, 16, 16, fill=fill, stroke=edge or GREY, stroke_width=2 if edge == VERMILLION else 1)
            if mark:  # the mark as the board shows it
                svg.text(x + 8, y, mark, 16, fill=UNUSED_INK)
            svg.text(x + 21, y, words, LEGEND_PX, anchor="start", fit=LEGEND_RIGHT - x - 21)
            x += width + 12
        y, rows = y + LEGEND_ROW, rows + 1
    return rows


# -- prices ---------------------------------------------------------------------------------------------------
SPACES = len(prices.TRACK)


def _price_y(top: float, index: int) -> float:
    """The middle of track space ``index`` (the top of the tracks at ``top``)."""
    return top + 44 + (SPACES - 1 - index + 0.5) * PRICE_ROW


def _price_background(svg: Svg, left: float, top: float, legend: bool = True) -> float:
    """The three price tracks with their zones, and the zone legend (unless the picture has it elsewhere);
    returns the height used."""
    svg.text(left, top + 8, _("Oil prices (Action 1)"), 14, anchor="start", bold=True)
    tracks_left = left + PRICE_LABELS
    for c, short in enumerate(COMPANY_SHORT):
        svg.text(tracks_left + (c + 0.5) * TRACK_W, top + 30, short, 14, bold=True)
    for i, zone in enumerate(prices.ZONE):
        y = _price_y(top, i) - PRICE_ROW / 2
        svg.text(tracks_left - 6, y + PRICE_ROW / 2, format_money(prices.TRACK[i]), 14, anchor="end",
                 fit=PRICE_LABELS - 8)
        for c in range(len(COMPANY_SHORT)):
            svg.rect(tracks_left + c * TRACK_W + 4, y, TRACK_W - 8, PRICE_ROW, fill=ZONE_COLORS[zone], stroke=GREY,
                     stroke_width=0.7)
    bottom = _price_y(top, 0) + PRICE_ROW / 2 + 40
    if not legend:
        return bottom - 14 - top
    for k, zone in enumerate(("red", "white", "blue")):
        y = bottom + k * LEGEND_ROW
        svg.rect(left, y - 8, 16, 16, fill=ZONE_COLORS[zone], stroke=GREY)
        svg.text(left + 21, y, _(ZONE_WORDS[zone]), LEGEND_PX, anchor="start")
    return bottom + 2 * LEGEND_ROW + 12 - top


ZONE_WORDS = {"red": N_("red zone: the die moves it up"), "white": N_("white zone: blue up, red down"),
              "blue": N_("blue zone: the die moves it down")}
ZONE_LEGEND = {"red": N_("red zone: the die moves prices up"), "white": N_("white zone: blue up, red down"),
               "blue": N_("blue zone: the die moves prices down")}
"""The zones in the board's legend (where the picture does not name the prices beside them)."""


def _price_markers(svg: Svg, indices: list[int], left: float, top: float,
                   previous: list[int | None] | None = None) -> None:
    """A marker per company, its price under the track, and an arrow from where it stood ``previous``ly."""
    tracks_left = left + PRICE_LABELS
    for c, index in enumerate(indices):
        cx = tracks_left + (c + 0.5) * TRACK_W
        before = None if previous is None else previous[c]
        cy = _price_y(top, index)
        if before is not None and before != index:
            y_from = _price_y(top, before)
            tip = 7 if cy > y_from else -7
            svg.line(cx + 20, y_from, cx + 20, cy - tip, stroke=BLACK, stroke_width=2.5)
            svg.polygon([(cx + 14, cy - tip), (cx + 26, cy - tip), (cx + 20, cy)], fill=BLACK)
        svg.circle(cx, cy, 10, fill=BLACK, stroke=WHITE, stroke_width=2)
        svg.text(cx, _price_y(top, 0) + PRICE_ROW / 2 + 13, format_money(prices.TRACK[index]), 14, bold=True,
                 fit=TRACK_W - 4)


def prices_svg(indices: list[int], previous: list[int | None] | None = None, title: str = "") -> str:
    """The three price tracks alone (the price-dice widget): ``indices`` per company, arrows from ``previous``."""
    svg = Svg(PRICE_LABELS + len(COMPANY_SHORT) * TRACK_W + 40, 0, title=title or _("The oil prices"))
    svg.height = _price_background(svg, 4, 4) + 8
    svg.width = max(svg.width, *(4 + 21 + text_width(_(words), LEGEND_PX) + 4 for words in ZONE_WORDS.values()),
                    4 + text_width(_("Oil prices (Action 1)"), 14, bold=True) + 4)
    _price_markers(svg, indices, 4, 4, previous)
    return svg.to_string()


# -- action cards ---------------------------------------------------------------------------------------------
CARD_W, CARD_H = 130, 72


def special_short(card_type: int) -> str:
    """An action card's special action in a few words ("" for none): "price ±4", "1 oil chip", "locos back 2"."""
    card = CARDS[card_type]
    if card.special == "price":
        return _("price ±{}").format(card.n)
    if card.special == "oil":
        return _("1 oil chip")
    if card.special == "back":
        return _("locos back {}").format(card.n)
    return ""


def card_lines(card_type: int) -> list[str]:
    """What an action card says, a line each: its black-locomotive step, licenses, moves, special action."""
    card = CARDS[card_type]
    lines = [_("black +{}").format(card.black)] if card.color == "red" else []
    lines += [say_count(card.licenses, "license"), say_count(card.moves, "move")]
    return lines + ([special_short(card_type)] if card.special else [])


def _cards(svg: Svg, display: list[int], left: float, top: float) -> float:
    svg.text(left, top + 8, _("Action cards on display"), 14, anchor="start", bold=True)
    y = top + 22
    for k, card_type in enumerate(display):
        x = left + (k % 2) * (CARD_W + 8)
        cy = y + (k // 2) * (CARD_H + 8)
        card = CARDS[card_type]
        svg.rect(x, cy, CARD_W, CARD_H, fill=CARD_COLORS[card.color], stroke=BLACK, rx=5)
        lines = card_lines(card_type)
        svg.lines(x + CARD_W / 2, cy + CARD_H / 2 - (len(lines) - 1) * 14 * 0.575, lines, 14, leading=1.15,
                  fit=CARD_W - 8)
    return _cards_height(len(display))


def _cards_height(cards: int) -> float:
    return 22 + ((cards + 1) // 2) * (CARD_H + 8)


# -- the whole picture ------------------------------------------------------------------------------------------
@lru_cache(maxsize=8)
def _static_layer(players: int, lang: str) -> tuple[str, float, float]:
    """What never changes in a game of so many players read in ``lang``: terrain, numbers, the rail, the
    legend, the price tracks.  Returns the markup, the prices' height and the picture's height (drawn once,
    then reused)."""
    svg = Svg(0, 0)
    _terrain(svg)
    _rail_background(svg, players)
    rows = _legend(svg, players)
    used = _price_background(svg, price_left(), 4, legend=False)
    return "".join(svg.parts), used, board_height(players, rows)


def board_svg(obs: Mapping[str, Any], targets: Mapping[str, str] | None = None, title: str | None = None) -> str:
    """The table seen through ``obs``: landscape, rail, prices and the face-up action cards.

    ``targets`` (id -> label, see :func:`target_of`) become clickable; ``title`` defaults to the round
    and whose view it is."""
    targets = targets or {}
    viewer = obs.get("player")
    if title is None:
        who = _("what everyone sees") if viewer is None else _("what {} sees").format(player_name(viewer))
        title = _("Round {} · {} · {}").format(obs["round"], pgettext("phase", obs["phase"]), who)
    static, prices_height, height = _static_layer(obs["players"], language())
    svg = Svg(picture_width(), 0, title=f"Giganten: {title}", keyed=True)
    with svg.layer(f"static-{obs['players']}", static=True):
        svg.raw(static)
    with svg.layer("title"):
        svg.text(LEFT, 10, title, 15, anchor="start", bold=True)
    _sites(svg, obs)
    _locomotives(svg, obs)
    _trucks(svg, obs)
    right = price_left()
    with svg.layer("prices"):
        _price_markers(svg, list(obs["prices"]), right, 4)
    display = list(obs["display"])
    cards_top = 4 + prices_height + 6
    with svg.layer("cards"):
        if display:
            _cards(svg, display, right, cards_top)
    # the same size whatever is on display (the display holds at most a card per player and one more)
    svg.height = max(height, cards_top + _cards_height(obs["players"] + 1) + 4)
    with svg.layer("targets"):
        _targets(svg, targets, right, cards_top, display)
    return svg.to_string()


def picture(state: Any, viewer: int | None = None) -> Picture:
    """The board for a notebook (``pictures.picture(state)`` as a cell's last line): what ``viewer`` sees,
    or with None what every seat sees (as the stepper draws it)."""
    from gamekit.widgets import observed  # (the widgets' import, for notebooks only)

    obs = observed(state, viewer)
    return Picture(board_svg(obs), _("Giganten, round {}, {}").format(obs["round"], pgettext("phase", obs["phase"])))


def _targets(svg: Svg, targets: Mapping[str, str], right: float, cards_top: float, display: list[int]) -> None:
    for target, label in targets.items():
        kind, _, rest = target.partition("-")
        if kind == "sq":
            row, col = (int(v) for v in rest.split("-"))
            svg.target(target, label, _x(col) + 1, _y(row) + 1, SQ - 2, SQ - 2)
        elif kind == "card":
            for k, card_type in enumerate(display):
                if f"card-{card_type}" == target:
                    svg.target(target, label, right + (k % 2) * (CARD_W + 8) - 2,
                               cards_top + 22 + (k // 2) * (CARD_H + 8) - 2, CARD_W + 4, CARD_H + 4, rx=6)
        elif kind == "loco":
            lane = int(rest) + 1
            svg.target(target, label, _x(0), rail_top() + lane * LANE, (HARBOUR + 1) * SQ, LANE, rx=2)
