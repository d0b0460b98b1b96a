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
from gamekit.plotting import BLACK, GREY, LIGHT_BLUE, TERRAIN_COLORS, VERMILLION, WHITE, text_color_on
from gamekit.svg import Picture, Svg, text_width

from . import prices
from .actions import AdvanceLocomotive, Build, DriveTo, PlaceTruck, TakeCard
from .components import CARDS, COMPONENTS, money
from .plots import COMPANY_SHORT, PLAYER_COLORS, PLAYER_LETTERS, TILE_BACK, ZONE_COLORS

SQ = 40  # px per landscape square
LEFT = 78  # room for row numbers and lane names
TOP = 40  # room for the title and the column numbers
ROWS, COLUMNS, HARBOUR = COMPONENTS.rows, COMPONENTS.columns, COMPONENTS.harbour
LANE = 22  # height of a locomotive lane
LEGEND_PX, LEGEND_ROW = 14, 21  # the legends' type and their rows' height
RAIL_GAP = 14
CARD_COLORS = {"beige": "#EADCB8", "red": "#F3B59A"}
TERRAIN_WORDS = ("flat: 1 point", "hill: 2", "mountain: 3")
UNUSED_MARK, UNUSED_INK = "×", "#777777"  # a tile space left empty with three players (rulebook: Setup)
UNUSED_WORDS = "no tile with 3 players"
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


def board_height(players: int) -> float:
    """From the top to the end of the legend (three rows)."""
    return rail_top() + (players + 1) * LANE + 40 + 2 * LEGEND_ROW + 14


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
        svg.text(x + SQ / 2, y + 13, PLAYER_LETTERS[site["owner"]], 14, fill=ink, bold=True)
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
                svg.text(cx, cy, PLAYER_LETTERS[p], 14, fill=text_color_on(colour), bold=True)


def _lanes(obs: Mapping[str, Any]) -> list[tuple[str, int, str, str]]:
    """(name, rail space, colour, letter) of the black locomotive and each player's, lane by lane."""
    lanes = [("black", obs["black_locomotive"], BLACK, "")]
    return lanes + [(info["name"], info["locomotive"], PLAYER_COLORS[p], PLAYER_LETTERS[p])
                    for p, info in enumerate(obs["players_info"])]


def _rail_background(svg: Svg, names: tuple[str, ...]) -> None:
    top = rail_top()
    height = (len(names) + 1) * LANE
    svg.rect(_x(0), top, (HARBOUR + 1) * SQ, height, fill="#EDEDED", stroke=GREY)
    svg.rect(_x(HARBOUR), top, SQ, height, fill=LIGHT_BLUE, stroke=GREY)
    for col in range(1, HARBOUR + 1):
        svg.line(_x(col), top, _x(col), top + height, stroke=WHITE, stroke_width=1)
    for k, name in enumerate(("black", *names)):
        svg.text(LEFT - 6, top + k * LANE + LANE / 2, name, 14, anchor="end", bold=k > 0)
    costs_y = top + height + 12
    svg.text(LEFT - 6, costs_y, "rail cost", 14, anchor="end", fill="#444444")
    for col, cost in enumerate(COMPONENTS.rail_costs):
        if cost:
            svg.text(_x(col + 0.5), costs_y, str(cost), 14, fill="#444444")
    svg.text(_x(HARBOUR + 0.5), costs_y, "harbour", 14, fill="#444444")


def _locomotives(svg: Svg, obs: Mapping[str, Any]) -> None:
    top = rail_top()
    for k, (_name, space, colour, letter) in enumerate(_lanes(obs)):
        y = top + k * LANE + LANE / 2
        cx = _x(min(space, HARBOUR) + 0.5)
        with svg.layer(f"locomotive-{k}"):
            svg.rect(cx - 9, y - 9, 18, 18, fill=colour, stroke=BLACK, stroke_width=1.5)
            if letter:
                svg.text(cx, y, letter, 14, fill=text_color_on(colour), bold=True)


LegendItem = tuple[str, str, Optional[str], str]
"""A legend's item: the swatch's fill, the words, the swatch's edge (None: grey), a mark drawn on it ("")."""


def _legend(svg: Svg, players: int) -> None:
    """Three rows under the rail: the terrain (and, with three players, the spaces left without a tile), the
    tiles and derricks, the price zones.  An item is a swatch (fill, edge, a mark on it) and its words."""
    y = rail_top() + (players + 1) * LANE + 40
    terrain: list[LegendItem] = [(c, w, None, "") for c, w in zip(TERRAIN_COLORS, TERRAIN_WORDS)]
    terrain.append((LIGHT_BLUE, "harbour: the game ends", None, ""))
    if players == 3:
        terrain.append((TERRAIN_COLORS[0], UNUSED_WORDS, None, UNUSED_MARK))
    tiles: list[LegendItem] = [(TILE_BACK, "face-down tile: ▲ = derricks, oil (? = not seen)", BLACK, ""),
                         (TILE_BACK, "red edge: 2 derricks", VERMILLION, ""),
                         (PLAYER_COLORS[0], "derrick: owner, oil left", BLACK, "")]
    zones: list[LegendItem] = [(ZONE_COLORS[zone], f"price {ZONE_WORDS[zone]}", None, "")
                               for zone in ("red", "white", "blue")]
    rows = [terrain, tiles, zones]
    for items in rows:
        x: float = LEFT
        for fill, words, edge, mark in items:
            svg.rect(x, y - 8, 16, 16, fill=fill, stroke=edge or GREY, stroke_width=2 if edge == VERMILLION else 1)
            if mark:  # the mark as the board shows it
                svg.text(x + 8, y, mark, 16, fill=UNUSED_INK)
            svg.text(x + 21, y, words, LEGEND_PX, anchor="start")
            x += 21 + text_width(words, LEGEND_PX) + 12
        y += LEGEND_ROW


# -- prices ---------------------------------------------------------------------------------------------------
SPACES = len(prices.TRACK)


def _price_y(top: float, index: int) -> float:
    """The middle of track space ``index`` (the top of the tracks at ``top``)."""
    return top + 44 + (SPACES - 1 - index + 0.5) * PRICE_ROW


def _price_background(svg: Svg, left: float, top: float, legend: bool = True) -> float:
    """The three price tracks with their zones, and the zone legend (unless the picture has it elsewhere);
    returns the height used."""
    svg.text(left, top + 8, "Oil prices (Action 1)", 14, anchor="start", bold=True)
    tracks_left = left + PRICE_LABELS
    for c, short in enumerate(COMPANY_SHORT):
        svg.text(tracks_left + (c + 0.5) * TRACK_W, top + 30, short, 14, bold=True)
    for i, zone in enumerate(prices.ZONE):
        y = _price_y(top, i) - PRICE_ROW / 2
        svg.text(tracks_left - 6, y + PRICE_ROW / 2, money(prices.TRACK[i]), 14, anchor="end")
        for c in range(len(COMPANY_SHORT)):
            svg.rect(tracks_left + c * TRACK_W + 4, y, TRACK_W - 8, PRICE_ROW, fill=ZONE_COLORS[zone], stroke=GREY,
                     stroke_width=0.7)
    bottom = _price_y(top, 0) + PRICE_ROW / 2 + 40
    if not legend:
        return bottom - 14 - top
    for k, zone in enumerate(("red", "white", "blue")):
        y = bottom + k * LEGEND_ROW
        svg.rect(left, y - 8, 16, 16, fill=ZONE_COLORS[zone], stroke=GREY)
        svg.text(left + 21, y, ZONE_WORDS[zone], LEGEND_PX, anchor="start")
    return bottom + 2 * LEGEND_ROW + 12 - top


ZONE_WORDS = {"red": "red zone: the die moves it up", "white": "white zone: blue up, red down",
              "blue": "blue zone: the die moves it down"}


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
        svg.text(cx, _price_y(top, 0) + PRICE_ROW / 2 + 13, money(prices.TRACK[index]), 14, bold=True)


def prices_svg(indices: list[int], previous: list[int | None] | None = None, title: str = "") -> str:
    """The three price tracks alone (the price-dice widget): ``indices`` per company, arrows from ``previous``."""
    svg = Svg(PRICE_LABELS + len(COMPANY_SHORT) * TRACK_W + 40, 0, title=title or "The oil prices")
    svg.height = _price_background(svg, 4, 4) + 8
    svg.width = max(svg.width, 4 + 21 + text_width(ZONE_WORDS["blue"], LEGEND_PX) + 4)
    _price_markers(svg, indices, 4, 4, previous)
    return svg.to_string()


# -- action cards ---------------------------------------------------------------------------------------------
CARD_W, CARD_H = 130, 72


def special_short(card_type: int) -> str:
    """An action card's special action in a few words ("" for none): "price ±4", "1 oil chip", "locos back 2"."""
    card = CARDS[card_type]
    words = {"price": f"price ±{card.n}", "oil": "1 oil chip", "back": f"locos back {card.n}"}
    return words.get(card.special or "", "")


def card_lines(card_type: int) -> list[str]:
    """What an action card says, a line each: its black-locomotive step, licenses, moves, special action."""
    card = CARDS[card_type]
    lines = [f"black +{card.black}"] if card.color == "red" else []
    lines += [f"{card.licenses} licenses", f"{card.moves} moves"]
    return lines + ([special_short(card_type)] if card.special else [])


def _cards(svg: Svg, display: list[int], left: float, top: float) -> float:
    svg.text(left, top + 8, "Action cards on display", 14, anchor="start", bold=True)
    y = top + 22
    for k, card_type in enumerate(display):
        x = left + (k % 2) * (CARD_W + 8)
        cy = y + (k // 2) * (CARD_H + 8)
        card = CARDS[card_type]
        svg.rect(x, cy, CARD_W, CARD_H, fill=CARD_COLORS[card.color], stroke=BLACK, rx=5)
        lines = card_lines(card_type)
        svg.lines(x + CARD_W / 2, cy + CARD_H / 2 - (len(lines) - 1) * 14 * 0.575, lines, 14, leading=1.15)
    return _cards_height(len(display))


def _cards_height(cards: int) -> float:
    return 22 + ((cards + 1) // 2) * (CARD_H + 8)


# -- the whole picture ------------------------------------------------------------------------------------------
@lru_cache(maxsize=8)
def _static_layer(names: tuple[str, ...]) -> tuple[str, float, float]:
    """What never changes in a game of these players: terrain, numbers, the rail, the legend, the price
    tracks.  Returns the markup, the prices' height and the picture's height (drawn once, then reused)."""
    svg = Svg(0, 0)
    _terrain(svg)
    _rail_background(svg, names)
    _legend(svg, len(names))
    used = _price_background(svg, price_left(), 4, legend=False)
    return "".join(svg.parts), used, board_height(len(names))


def board_svg(obs: Mapping[str, Any], targets: Mapping[str, str] | None = None, title: str | None = None) -> str:
    """The table seen through ``obs``: landscape, rail, prices and the face-up action cards.

    ``targets`` (id -> label, see :func:`target_of`) become clickable; ``title`` defaults to the round
    and whose view it is."""
    targets = targets or {}
    viewer = obs.get("player")
    if title is None:
        who = "what everyone sees" if viewer is None else f"what {obs['players_info'][viewer]['name']} sees"
        title = f"Round {obs['round']} · {obs['phase']} · {who}"
    static, prices_height, height = _static_layer(tuple(info["name"] for info in obs["players_info"]))
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
    return Picture(board_svg(obs), f"Giganten, round {obs['round']}, {obs['phase']}")


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
