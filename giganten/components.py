"""Giganten's components, loaded once from ``giganten/data/*.json`` and checked against the rulebook.

The printed numbers (board map, price table, cards, tiles) live in the data files, so a user holding the
real box can correct a value without touching code.  :func:`build` checks every count the rulebook's
"Game Components" list gives (42 action cards, 30 beige and 12 red; 36 production tiles, 12 of each kind;
78 sales licenses, 39 of value 1 and 39 of value 2; 60 oil chips; a 12 x 20 landscape with 36 tile
spaces, six of them for three players only, two of each kind; a 16-space price track; ...) and raises
:class:`ComponentError` naming the first wrong one.  Values that are our estimates carry
``"estimate": true`` in the data (see ``docs/giganten-components.md``).

Everything else in the package reads the module-level :data:`COMPONENTS` (and the aliases below it).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, Mapping

DATA_FILES = ("board", "prices", "cards", "components")


class ComponentError(ValueError):
    """A data file disagrees with the rulebook's component list."""


@dataclass(frozen=True)
class CardType:
    """One kind of action card; ``copies`` identical cards of it are in the box.

    ``special`` is None, ``"price"`` (change one price by up to ``n`` spaces), ``"oil"`` (take one oil
    chip from the supply) or ``"back"`` (move opposing locomotives back ``n`` spaces).  ``black`` is the
    red card's advance of the black locomotive (0 on beige cards).
    """

    id: int
    color: str
    licenses: int
    moves: int
    special: str | None
    n: int
    black: int
    copies: int

    def special_text(self) -> str:
        if self.special == "price":
            return f"change a price by up to {self.n}"
        if self.special == "oil":
            return "take 1 oil chip"
        if self.special == "back":
            return f"locomotives back {self.n}"
        return ""

    def __str__(self) -> str:
        parts = [f"black +{self.black}"] if self.color == "red" else []
        parts += [f"{self.licenses} licenses", f"{self.moves} moves"]
        if self.special:
            parts.append(self.special_text())
        return f"{self.color} card ({', '.join(parts)})"


@dataclass(frozen=True)
class TileKind:
    """A kind of production tile: 1, 2 (red) or 3 derricks."""

    kind: int
    name: str
    count: int
    values: tuple[tuple[int, int], ...]  # (oil units, number of tiles)
    build_cost: int
    examinable: bool


@dataclass(frozen=True)
class Site:
    """A production-tile space of the landscape (index = position in :data:`SITES`, west to east)."""

    index: int
    row: int
    col: int
    kind: int
    three_player: bool
    estimate: bool

    @property
    def cell(self) -> int:
        """The number of the site's square (row by row, as :func:`square`)."""
        return self.row * COLUMNS + self.col


@dataclass(frozen=True)
class Components:
    rows: int
    columns: int
    terrain: tuple[int, ...]  # movement cost of entering each cell, row-major
    sites: tuple[Site, ...]
    truck_entry_column: int
    rail_costs: tuple[int, ...]  # cost of entering rail space c
    player_start: int
    black_start: int
    harbour: int
    companies: tuple[str, ...]
    company_short: tuple[str, ...]
    price_track: tuple[int, ...]
    start_price_index: int
    zone_of: tuple[str, ...]  # "red" / "white" / "blue" for every track index
    die_faces: tuple[tuple[str, int], ...]
    cards: tuple[CardType, ...]
    tile_kinds: tuple[TileKind, ...]
    player_names: tuple[str, ...]
    min_players: int
    max_players: int
    start_money: int
    bank_start: int
    derricks_per_player: int
    oil_chips: int
    license_ones: int
    license_twos: int
    transport_fee: int
    storage_limit: int
    overfill_compensation: int
    end_derrick_bonus: tuple[int, ...]
    end_chip_value: int

    @property
    def license_value_total(self) -> int:
        """The added-up value of every sales license in the box (39 x 1 + 39 x 2 = 117): the most any hand
        could pay."""
        return self.license_ones + 2 * self.license_twos


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ComponentError(message)


def read_raw() -> dict[str, Any]:
    """The four data files as parsed JSON (a fresh copy each call)."""
    base = resources.files("giganten") / "data"
    return {name: json.loads((base / f"{name}.json").read_text(encoding="utf-8")) for name in DATA_FILES}


# -- the board -----------------------------------------------------------------------------------------


def _parse_map(board: Mapping[str, Any]) -> tuple[tuple[int, ...], list[Site]]:
    rows, cols = board["rows"], board["columns"]
    _require((rows, cols) == (12, 20), f"the landscape is 12 x 20 squares, the data says {rows} x {cols}")
    _require(len(board["map"]) == rows, f"the map has {len(board['map'])} rows, expected {rows}")
    terrain: list[int] = []
    raw_sites: list[tuple[int, int, int, bool, bool]] = []
    for r, line in enumerate(board["map"]):
        cells = line.split()
        _require(len(cells) == cols, f"map row {r} has {len(cells)} squares, expected {cols}")
        for c, token in enumerate(cells):
            _require(token[0] in "123", f"map row {r} col {c}: terrain must be 1, 2 or 3, got {token!r}")
            terrain.append(int(token[0]))
            if len(token) > 1:
                _require(token[1:3] in ("S1", "S2", "S3") and token[3:] in ("", "*"),
                         f"map row {r} col {c}: bad square {token!r}")
                raw_sites.append((r, c, int(token[2]), token.endswith("*"), False))
    for extra in board.get("estimated_sites", []):
        r, c = extra["row"], extra["col"]
        _require(0 <= r < rows and 0 <= c < cols, f"estimated site ({r}, {c}) is off the board")
        _require(all((r, c) != s[:2] for s in raw_sites), f"estimated site ({r}, {c}) is already a site")
        raw_sites.append((r, c, extra["kind"], extra["three_player"], bool(extra.get("estimate"))))
    raw_sites.sort(key=lambda s: (s[1], s[0]))
    sites = [Site(i, r, c, k, three, est) for i, (r, c, k, three, est) in enumerate(raw_sites)]
    return tuple(terrain), sites


def _check_sites(sites: list[Site], tiles: Mapping[str, Any]) -> None:
    _require(len(sites) == tiles["total"], f"the board has {len(sites)} tile spaces, the rulebook {tiles['total']}")
    for kind in tiles["kinds"]:
        k = kind["kind"]
        of_kind = [s for s in sites if s.kind == k]
        _require(len(of_kind) == kind["count"], f"{len(of_kind)} spaces for {k}-derrick tiles, expected {kind['count']}")
        three = sum(s.three_player for s in of_kind)
        want = tiles["three_player_spaces_per_kind"]
        _require(three == want, f"{three} three-player spaces for {k}-derrick tiles, expected {want}")
    for a in sites:
        for b in sites:
            if a.index < b.index:
                _require(max(abs(a.row - b.row), abs(a.col - b.col)) > 1,
                         f"tile spaces ({a.row}, {a.col}) and ({b.row}, {b.col}) touch")


def _parse_rail(rail: Mapping[str, Any], columns: int) -> tuple[tuple[int, ...], int, int, int]:
    costs = tuple(rail["entry_costs"])
    _require(rail["spaces"] == columns == len(costs), "one rail space per landscape column")
    _require(all(c in (1, 2, 3) for c in costs[1:]), "rail spaces cost 1, 2 or 3 movement points to enter")
    _require(list(costs[1:]) == sorted(costs[1:]), "rail costs rise toward the harbour (1, then 2, then 3)")
    _require(rail["harbour"] > rail["black_start"] >= 0, "the black locomotive must have track to run")
    return costs, rail["player_start"], rail["black_start"], rail["harbour"]


# -- prices, cards, tiles --------------------------------------------------------------------------------


def _parse_prices(prices: Mapping[str, Any]) -> tuple[tuple[int, ...], int, tuple[str, ...], tuple[tuple[str, int], ...]]:
    track = tuple(prices["track"])
    _require(len(track) == 16, f"a price track has 16 spaces, the data has {len(track)}")
    _require(all(b - a == 500 for a, b in zip(track, track[1:])), "price spaces are $500 apart")
    _require(prices["start_price"] in track, "the start price must be on the track")
    zone_of = []
    for price in track:
        zones = [z["zone"] for z in prices["zones"] if z["first"] <= price <= z["last"]]
        _require(len(zones) == 1, f"price ${price} must lie in exactly one zone")
        zone_of.append(zones[0])
    _require(zone_of.count("red") == 5 and zone_of.count("white") == 6 and zone_of.count("blue") == 5,
             "the zones are 5 red, 6 white and 5 blue spaces")
    faces = tuple((f["color"], f["pips"]) for f in prices["die"])
    _require(sorted(faces) == sorted((c, p) for c in ("blue", "red") for p in (2, 3, 4)),
             "the price die shows blue 2, 3, 4 and red 2, 3, 4")
    _require(len(prices["companies"]) == 3, "there are three oil companies")
    return track, track.index(prices["start_price"]), tuple(zone_of), faces


def _parse_cards(cards: Mapping[str, Any], counts: Mapping[str, int]) -> tuple[CardType, ...]:
    out: list[CardType] = []
    for c in cards["beige"]:
        special = "price" if c["price_change"] else None
        out.append(CardType(len(out), "beige", c["licenses"], c["moves"], special, c["price_change"] or 0, 0, c["copies"]))
    merged: dict[tuple, int] = {}
    for c in cards["red"]:
        _require(c["special"] in ("oil", "back"), f"red card special must be 'oil' or 'back', got {c['special']!r}")
        key = (c["black"], c["licenses"], c["moves"], c["special"], c["n"])
        merged[key] = merged.get(key, 0) + c.get("copies", 1)
    for (black, lic, moves, special, n), copies in merged.items():
        out.append(CardType(len(out), "red", lic, moves, special, n, black, copies))
    beige = sum(c.copies for c in out if c.color == "beige")
    red = sum(c.copies for c in out if c.color == "red")
    _require(beige == counts["beige"], f"{beige} beige action cards, the rulebook says {counts['beige']}")
    _require(red == counts["red"], f"{red} red action cards, the rulebook says {counts['red']}")
    _require(beige + red == counts["total"], f"{beige + red} action cards, the rulebook says {counts['total']}")
    _require(all(c.moves > 0 and c.licenses > 0 for c in out), "every action card gives licenses and moves")
    return tuple(out)


def _parse_tiles(tiles: Mapping[str, Any], chips: int) -> tuple[TileKind, ...]:
    kinds = []
    for k in tiles["kinds"]:
        values = tuple(sorted((int(v), n) for v, n in k["values"].items()))
        _require(sum(n for _, n in values) == k["count"], f"{k['name']}: the oil amounts do not add up to {k['count']} tiles")
        kinds.append(TileKind(k["kind"], k["name"], k["count"], values, k["build_cost"], k["examinable"]))
    _require([k.kind for k in kinds] == [1, 2, 3], "tile kinds are 1, 2 and 3 derricks")
    _require(sum(k.count for k in kinds) == tiles["total"] == 36, "36 production tiles")
    _require(not kinds[1].examinable, "the red two-derrick tiles may not be examined")
    _require(chips == 60, f"60 oil chips, the data says {chips}")
    return tuple(kinds)


def build(raw: Mapping[str, Any]) -> Components:
    """Check the raw data (as from :func:`read_raw`) against the rulebook and build :class:`Components`."""
    board, prices, cards, comp = raw["board"], raw["prices"], raw["cards"], raw["components"]
    terrain, sites = _parse_map(board)
    _check_sites(sites, comp["tiles"])
    rail_costs, player_start, black_start, harbour = _parse_rail(board["rail"], board["columns"])
    track, start_index, zone_of, faces = _parse_prices(prices)
    card_types = _parse_cards(cards, comp["action_cards"])
    tile_kinds = _parse_tiles(comp["tiles"], comp["oil_chips"])
    lic = comp["licenses"]
    _require(lic["ones"] + lic["twos"] == lic["total"] == 78 and lic["ones"] == lic["twos"] == 39,
             "78 sales licenses, 39 of value 1 and 39 of value 2")
    players = comp["players"]
    _require((players["min"], players["max"]) == (3, 4) and len(players["names"]) == 4, "Giganten is for 3 or 4 players")
    _require(comp["derricks_per_player"] == 5, "5 derricks per player colour")
    _require(len(comp["end_derrick_bonus"]) == 4, "one end-game derrick bonus per locomotive rank")
    return Components(
        rows=board["rows"], columns=board["columns"], terrain=terrain, sites=tuple(sites),
        truck_entry_column=board["truck_entry_column"], rail_costs=rail_costs, player_start=player_start,
        black_start=black_start, harbour=harbour, companies=tuple(prices["companies"]),
        company_short=tuple(prices["short_names"]), price_track=track, start_price_index=start_index,
        zone_of=zone_of, die_faces=faces, cards=card_types, tile_kinds=tile_kinds,
        player_names=tuple(players["names"]), min_players=players["min"], max_players=players["max"],
        start_money=comp["start_money"], bank_start=comp["bank"]["start"],
        derricks_per_player=comp["derricks_per_player"], oil_chips=comp["oil_chips"],
        license_ones=lic["ones"], license_twos=lic["twos"], transport_fee=comp["transport_fee"],
        storage_limit=comp["storage_limit"], overfill_compensation=comp["overfill_compensation"],
        end_derrick_bonus=tuple(comp["end_derrick_bonus"]), end_chip_value=comp["end_chip_value"],
    )


COMPONENTS = build(read_raw())

# Short aliases for the rule modules.
ROWS, COLUMNS = COMPONENTS.rows, COMPONENTS.columns
SITES = COMPONENTS.sites
CARDS = COMPONENTS.cards
TILE_KINDS = {k.kind: k for k in COMPONENTS.tile_kinds}
NAMES = COMPONENTS.player_names
COMPANIES = COMPONENTS.companies
COMPANY_COUNT = len(COMPANIES)


def square(row: int, col: int) -> int:
    """The number of the square at (row, col): squares are numbered row by row (``Site.cell``)."""
    return row * COLUMNS + col


def row_col(cell: int) -> tuple[int, int]:
    """The (row, column) of a square."""
    return divmod(cell, COLUMNS)


def on_board(row: int, col: int) -> bool:
    """Whether (row, col) is a square of the landscape."""
    return 0 <= row < ROWS and 0 <= col < COLUMNS


def cell_name(cell: int) -> str:
    """A square as the kit writes it: (row, column)."""
    return f"({cell // COLUMNS}, {cell % COLUMNS})"


def money(amount: int) -> str:
    """$4,500 style."""
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"
