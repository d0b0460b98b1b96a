"""Giganten positions: a state as data a teacher can read and edit, and back (see ``docs/positions.md``).

``state.to_position()`` writes the whole state in the rulebook's words: players by colour, action cards by
what is printed on them (``"beige card (5 licenses, 8 moves)"``), license cards by value, prices in dollars,
squares as (row, column), the round, the phase by name and whose turn it is.  :func:`from_position` reads
such data back and checks it against the components and the rules; what the rules fill in may be left out:

* derived counts -- the supply of oil chips, the bank, the draw piles (licenses and action cards), each
  player's derricks beside the board: whatever the box holds that is nowhere else;
* defaults of a new game -- $15,000, prices at $5,000, locomotives at the start, nothing stored or held;
* the face-down tiles: outside the deal, every space in play the position leaves bare gets a tile dealt at
  random (``seed``) from the tiles of its kind the board does not show, as Setup 2 deals them; in the deal,
  the spaces not dealt yet are bare;
* whose turn it is, where the rest of the position says it (the start player, the action cards held, the
  chip's derrick, the auction); a ``turn`` given is checked.  Only in licenses, build and a transport from an
  emptied derrick is ``turn`` required (nothing else says it there).

Every refusal is one :class:`gamekit.positions.PositionError` (a ValueError) naming the field.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from gamekit.positions import (FORMAT_VERSION, Fields, Origin, PositionError, as_list, as_object, check_turn, choose,
                               dumps, guarded, open_position, read_options, seat_option, seed_of, whole)
from gamekit.i18n import N_, format_money, ngettext, pgettext
from gamekit.i18n import gettext as _
from gamekit.words import say_count
from gamekit.protocol import with_item

from . import rules as R
from .board import SITE_AT
from .components import (CARDS, COMPANIES, COMPONENTS, NAMES, SITES, TILE_KINDS, CardType, on_board, row_col, square)
from .prices import TRACK, price
from .rules import auction, build, movement, production, scoring
from .rules.cards import RED_TYPES
from .rules.round import PHASES, in_turn
from .rules.setup import site_in_play
from .state import State

GAME = "giganten"
SHORT = COMPONENTS.company_short
"""Companies by their short names ("Hudson", "Jet", "Standard"); the full names are accepted too."""
COMPANY = {**{name: c for c, name in enumerate(SHORT)}, **{name: c for c, name in enumerate(COMPANIES)}}
PHASE = {phase.name: number for number, phase in PHASES.items()}
LAST_SPACE = len(COMPONENTS.rail_costs) - 1
LICENSES_OF_VALUE = {"1": COMPONENTS.license_ones, "2": COMPONENTS.license_twos}
LEAST_BLACK = min(CARDS[t].black for t in RED_TYPES)
"""The least a red card moves the black locomotive: one red card a round bounds the round number."""
BEFORE_MOVING = frozenset({R.DEAL, R.ROLL, R.RED, R.BEIGE, R.TAKE, R.LICENSE, R.END})
"""Phases in which no storage can be over its limit (Action 8 emptied them; nothing is stored before Action 4)."""
BEFORE_THE_RED_CARD = frozenset({R.DEAL, R.ROLL, R.RED})
AUCTIONS = frozenset({R.BID, R.PENALTY, R.PAY, R.SELL})
PLAYER_BY_PLAYER = frozenset({R.TAKE, R.LICENSE, R.MOVE, R.BUILD, R.PRODUCE})
BY_THE_CARDS = frozenset({R.TAKE, R.MOVE})
"""Phases in which the action cards held say whose turn it is (who has taken one; who has not yet moved)."""
PHASE_FIELDS = ("company", "licenses_to_draw", "movement_points", "special_action_used", "chip_from", "auction")
"""The fields of some phases only (null where they do not apply)."""


def card_name(card: CardType) -> str:
    """An action card as it is printed: colour, black advance (red), licenses, movement points, special."""
    return str(card)


CARD = {card_name(card): card.id for card in CARDS}
assert len(CARD) == len(CARDS), "two kinds of action card print the same"


def _square(cell: int) -> list[int]:
    return list(row_col(cell))


def _site_square(site: int) -> list[int]:
    return [SITES[site].row, SITES[site].col]


# -- writing ----------------------------------------------------------------------------------------------


def to_position(s: State) -> dict[str, Any]:
    """The whole of ``s`` as plain JSON data (see the module docstring; ``from_position`` reads it back)."""
    out: dict[str, Any] = {"game": GAME, "version": FORMAT_VERSION, "options": s.options, "round": s.round,
                           "start_player": NAMES[s.start], "phase": s.phase_name}
    turn = whose_turn(s)
    if turn is not None:
        out["turn"] = NAMES[turn]
    out.update(_phase_fields(s))
    out["prices"] = {name: price(s.prices[c]) for c, name in enumerate(SHORT)}
    out["black_locomotive"] = s.black
    out["players"] = [_player(s, p) for p in range(s.n)]
    out["tiles"] = [{"square": _site_square(i), "oil": s.site_value[i]}
                    for i in range(len(SITES)) if s.site_state[i] == R.TILE]
    out["emptied_derricks"] = [{"square": _site_square(i), "tile": s.site_value[i]}
                               for i in range(len(SITES)) if s.site_state[i] == R.EMPTY and s.site_value[i]]
    out["licenses"] = {"discard": {"1": s.lic_disc[0], "2": s.lic_disc[1]}}
    out["action_cards"] = {"display": [card_name(CARDS[t]) for t in s.display],
                           "discard": {card_name(CARDS[t]): k for t, k in enumerate(s.card_disc) if k}}
    return out


def whose_turn(s: State) -> int | None:
    """Whose turn it is: who decides, or whose roll, reveal, draw or penalty it is (None in the deal and at
    the end)."""
    phase = s.phase
    if phase in (R.DEAL, R.END):
        return None
    if phase in (R.ROLL, R.RED, R.BEIGE):
        return s.start
    if phase in PLAYER_BY_PLAYER:
        return in_turn(s)
    return s.auc_turn if phase == R.BID else s.auc_bidder


def _phase_fields(s: State) -> dict[str, Any]:
    phase = s.phase
    if phase == R.ROLL:
        return {"company": SHORT[s.cursor]}
    if phase == R.LICENSE:
        return {"licenses_to_draw": s.lic_pending}
    if phase == R.MOVE:
        card = s.held_card(in_turn(s))
        return {"movement_points": s.mp, "special_action_used": bool(card.special) and not s.special}
    if phase == R.PRODUCE:
        return {"chip_from": _site_square(s.chip_site)}
    if phase in AUCTIONS:
        passed = [NAMES[p] for p in s.auc_eligible if not s.auc_active >> p & 1]
        return {"auction": {"company": SHORT[s.auc_company], "high_bid": s.auc_high,
                            "high_bidder": NAMES[s.auc_bidder] if s.auc_bidder >= 0 else None, "passed": passed}}
    return {}


def _player(s: State, p: int) -> dict[str, Any]:
    ones, twos = s.licenses(p)
    card = s.card_of(p)
    return {
        "name": NAMES[p], "money": s.money[p], "licenses": {"1": ones, "2": twos}, "locomotive": s.locos[p],
        "truck": _square(s.trucks[p]) if s.trucks[p] >= 0 else None,
        "storage": {name: s.stored(p, c) for c, name in enumerate(SHORT)},
        "card": card_name(card) if card is not None else None,
        "derricks": [{"square": _site_square(i), "oil": s.site_oil[i], "tile": s.site_value[i]}
                     for i in s.derrick_sites(p)],
        "looked_at": [_site_square(i) for i in range(len(SITES)) if s.known[p] >> i & 1],
    }


# -- reading ----------------------------------------------------------------------------------------------


def from_position(data: Any, seed: int | None = None) -> State:
    """The state of the position ``data`` (a dict, or its JSON text), from which play continues under the rules.

    Outside the deal, the tile spaces the position leaves bare get face-down tiles dealt from ``seed`` (default 0).
    Refuses anything the components or the rules forbid with one ValueError naming the field."""
    dealing = seed_of(seed)
    return guarded(GAME, lambda: _Builder(open_position(data, GAME), dealing).state())


class _Builder:
    """Reads a position into a fresh state, field by field, then checks what the phase demands."""

    def __init__(self, f: Fields, seed: int) -> None:
        self.f = f
        self.seed = seed
        self.on_site: dict[int, str] = {}
        """Site -> the field that put something on it (two things on one space are refused)."""
        self.turn: int | None = None
        self.passed: dict[int, str] = {}
        self.special_used = False
        self.chip = -1

    def state(self) -> State:
        f = self.f
        players = f.items("players", required=True)
        n = len(players)
        if not COMPONENTS.min_players <= n <= COMPONENTS.max_players:
            raise PositionError("players", _("Giganten is for {low} to {high} players: give one entry per player, got "
                                             "{given}").format(low=COMPONENTS.min_players,
                                                               high=COMPONENTS.max_players, given=n))
        s = State(n, self._options(n))
        self.s = s
        self.names = {NAMES[p]: p for p in range(n)}
        s.phase = f.choice("phase", PHASE)
        s.round = f.integer("round", 1, 10**6, default=1)
        s.start = f.choice("start_player", self.names, default=s.opts.first_player)
        s.black = f.integer("black_locomotive", COMPONENTS.black_start, COMPONENTS.harbour,
                            default=COMPONENTS.black_start)
        self._prices()
        for p, (path, item) in enumerate(players):
            self._player(p, as_object(path, item))
        self._board()
        self._piles()
        self._phase()
        f.done(elsewhere=PHASE_FIELDS)
        self._counts()
        _CHECKS[s.phase](self)
        check_turn(self.turn, whose_turn(s), NAMES, _(_DECIDES[s.phase]) if s.phase in _DECIDES else "")
        self._rounds()
        self._settled()
        s._events = []
        s._offered = None
        s._record = Origin(dumps(to_position(s)))  # the record starts here
        return s

    # -- options, prices, players ---------------------------------------------------------------------------
    def _options(self, n: int) -> dict[str, Any]:
        from .game import SPEC  # (the spec is made from this module's reader)

        checked = read_options(self.f, SPEC)
        seat_option(checked, n)
        return checked

    def _prices(self) -> None:
        prices = self.f.object("prices")
        seen: dict[int, str] = {}
        for key, path, value in prices.entries():
            c = choose(path, key, COMPANY)
            if c in seen:
                raise PositionError(path, _("{company} is given twice (also as {other})").format(
                    company=COMPANIES[c], other=seen[c]))
            seen[c] = path
            dollars = whole(path, value, TRACK[0], TRACK[-1])
            if dollars not in TRACK:
                raise PositionError(path, _("{price} is not on the price table ({low} to {high} in steps of "
                                            "{step})").format(price=format_money(dollars), low=format_money(TRACK[0]),
                                                              high=format_money(TRACK[-1]),
                                                              step=format_money(TRACK[1] - TRACK[0])))
            self.s._set_price(c, TRACK.index(dollars))

    def _player(self, p: int, pf: Fields) -> None:
        s = self.s
        name = pf.raw("name", NAMES[p])
        if not isinstance(name, str) or name.strip().casefold() != NAMES[p].casefold():
            raise PositionError(pf.at("name"), _("the players sit in colour order ({colours}): seat {seat} is {name}, "
                                                 "got {given}").format(colours=", ".join(NAMES[:s.n]), seat=p + 1,
                                                                       name=NAMES[p], given=f"{name!r:.40}"))
        total = COMPONENTS.bank_start + s.n * COMPONENTS.start_money
        s._credit(p, pf.integer("money", 0, total, default=COMPONENTS.start_money) - COMPONENTS.start_money)
        hand = pf.object("licenses")
        ones = hand.integer("1", 0, COMPONENTS.license_ones, default=0)
        twos = hand.integer("2", 0, COMPONENTS.license_twos, default=0)
        hand.done()
        s._add_licenses(p, ones, twos)
        s._move_locomotive(p, pf.integer("locomotive", COMPONENTS.player_start, LAST_SPACE,
                                         default=COMPONENTS.player_start))
        if pf.has("truck"):
            s._move_truck(p, self._cell(pf.at("truck"), pf.raw("truck")))
        storage, seen = pf.object("storage"), set()
        for key, path, value in storage.entries():
            c = choose(path, key, COMPANY)
            if c in seen:
                raise PositionError(path, _("{company} is given twice").format(company=COMPANIES[c]))
            seen.add(c)
            s._store(p, c, whole(path, value, 0, COMPONENTS.oil_chips))
        if pf.has("card"):
            s.held = with_item(s.held, p, pf.choice("card", CARD))
        for path, item in pf.items("derricks"):
            self._derrick(p, path, as_object(path, item))
        for path, item in pf.items("looked_at"):
            site = self._site(path, item)
            if not TILE_KINDS[SITES[site].kind].examinable:
                raise PositionError(path, _("{square} is a red two-derrick space: its tile may not be examined "
                                            "(Action 4 b)").format(square=_where(site)))
            if s.known[p] >> site & 1:
                raise PositionError(path, _("{square} is given twice").format(square=_where(site)))
            s._see(p, 1 << site)
        pf.done()

    def _cell(self, path: str, value: Any) -> int:
        """A square given as [row, column]."""
        pair = as_list(path, value)
        if len(pair) != 2:
            raise PositionError(path, ngettext("a square is [row, column], got {count} number",
                                               "a square is [row, column], got {count} numbers",
                                               len(pair)).format(count=len(pair)))
        row, col = (whole(p, v, -10**9, 10**9) for p, v in pair)
        if not on_board(row, col):
            raise PositionError(path, _("({row}, {col}) is off the board (rows 0 to {last_row}, columns 0 to "
                                        "{last_column})").format(row=row, col=col, last_row=COMPONENTS.rows - 1,
                                                                 last_column=COMPONENTS.columns - 1))
        return square(row, col)

    def _site(self, path: str, value: Any) -> int:
        """A tile space given as [row, column]."""
        cell = self._cell(path, value)
        site = SITE_AT[cell]
        if site < 0:
            raise PositionError(path, _("{square} is not a tile space").format(square=_cell_text(cell)))
        return site

    # -- the board ------------------------------------------------------------------------------------------
    def _put(self, path: str, site: int) -> None:
        """Something is put on ``site``: it must be a space in play, and free."""
        if not site_in_play(site, self.s.n):
            raise PositionError(path, _("{square} is marked for four players: it stays empty in a three-player game "
                                        "(Setup 2)").format(square=_where(site)))
        if site in self.on_site:
            raise PositionError(path, _("{square} already has {other} on it: one thing a space").format(
                square=_where(site), other=self.on_site[site]))
        self.on_site[site] = path

    def _tile_value(self, path: str, site: int, value: Any) -> int:
        kind = TILE_KINDS[SITES[site].kind]
        values = [v for v, _ in kind.values]
        if type(value) is not int or value not in values:
            shows = " or ".join(map(str, values))
            raise PositionError(path, _("a tile with {kind} shows {shows} oil, got {given}").format(
                kind=_(kind.name), shows=shows, given=f"{value!r:.40}"))
        return value

    def _derrick(self, p: int, path: str, df: Fields) -> None:
        s = self.s
        site = self._site(df.at("square"), df.raw("square"))
        self._put(path, site)
        tile = self._tile_value(df.at("tile"), site, df.raw("tile"))
        oil = df.integer("oil", 1, tile)
        df.done()
        s._set_site_value(site, tile)
        s._set_site(site, R.DERRICK, p, oil)
        s._add_derricks(p, -1)
        if s.derricks_left[p] < 0:
            raise PositionError(path, _("{name} has {count} derricks, no more").format(
                name=NAMES[p], count=COMPONENTS.derricks_per_player))

    def _board(self) -> None:
        s, f = self.s, self.f
        for path, item in f.items("emptied_derricks"):
            ef = as_object(path, item)
            site = self._site(ef.at("square"), ef.raw("square"))
            self._put(path, site)
            s._set_site_value(site, self._tile_value(ef.at("tile"), site, ef.raw("tile")))
            ef.done()
        for path, item in f.items("tiles"):
            tf = as_object(path, item)
            site = self._site(tf.at("square"), tf.raw("square"))
            self._put(path, site)
            s._set_site_value(site, self._tile_value(tf.at("oil"), site, tf.raw("oil")))
            s._set_site(site, R.TILE)
            tf.done()

    def _deal_the_rest(self) -> None:
        """Setup 2 for the spaces the position leaves bare: the tiles of each kind the board does not show,
        dealt at random."""
        s = self.s
        rng = random.Random(self.seed)
        for kind, tiles in TILE_KINDS.items():
            pool = [v for v, count in tiles.values for _ in range(count)]
            bare = []
            for site in range(len(SITES)):
                if SITES[site].kind != kind or not site_in_play(site, s.n):
                    continue
                if site in self.on_site:
                    pool.remove(s.site_value[site])
                else:
                    bare.append(site)
            for site, value in zip(bare, rng.sample(pool, len(bare))):
                s._set_site_value(site, value)
                s._set_site(site, R.TILE)

    def _piles(self) -> None:
        s, f = self.s, self.f
        licenses = f.object("licenses")
        discard = licenses.object("discard")
        s.lic_disc = (discard.integer("1", 0, COMPONENTS.license_ones, default=0),
                      discard.integer("2", 0, COMPONENTS.license_twos, default=0))
        discard.done()
        licenses.done()
        cards = f.object("action_cards")
        s.display = tuple(choose(path, item, CARD) for path, item in cards.items("display"))
        piles = cards.object("discard")
        disc = [0] * len(CARDS)
        for key, path, value in piles.entries():
            t = choose(path, key, CARD)
            if disc[t]:
                raise PositionError(path, _("given twice"))
            disc[t] = whole(path, value, 0, CARDS[t].copies)
        s.card_disc = tuple(disc)
        cards.done()

    # -- counts: what the box holds -------------------------------------------------------------------------
    def _counts(self) -> None:
        s = self.s
        for value, kind in ((v, k) for k in TILE_KINDS.values() for v, _chance in k.values):
            shown = sum(1 for i in range(len(SITES)) if SITES[i].kind == kind.kind and s.site_value[i] == value)
            box = dict(kind.values)[value]
            if shown > box:
                raise PositionError("tiles", _("{shown} tiles with {kind} show {value} oil (face down, under derricks "
                                               "or emptied); the box has {box}").format(
                    shown=shown, kind=_(kind.name), value=value, box=box))
        if s.phase != R.DEAL:
            self._deal_the_rest()
        ones = sum(s.licenses(p)[0] for p in range(s.n)) + s.lic_disc[0]
        twos = sum(s.licenses(p)[1] for p in range(s.n)) + s.lic_disc[1]
        for face, count in (("1", ones), ("2", twos)):
            if count > LICENSES_OF_VALUE[face]:
                raise PositionError("licenses", _("{count} license cards of value {face} in the hands and on the "
                                                  "discard pile; the box has {box}").format(
                    count=count, face=face, box=LICENSES_OF_VALUE[face]))
        s.lic_draw = (COMPONENTS.license_ones - ones, COMPONENTS.license_twos - twos)
        out = [0] * len(CARDS)
        for t in (*s.display, *(t for t in s.held if t >= 0)):
            out[t] += 1
        draw = []
        for card in CARDS:
            used = out[card.id] + s.card_disc[card.id]
            if used > card.copies:
                raise PositionError("action_cards", _("{used} '{card}' are held, on display or discarded; the box has "
                                                      "{box}").format(used=used, card=card_name(card), box=card.copies))
            draw.append(card.copies - used)
        s.card_draw = tuple(draw)
        chips = sum(s.storage) + sum(s.site_oil) + (1 if s.phase == R.PRODUCE else 0)
        if chips > COMPONENTS.oil_chips:
            raise PositionError("players", _("{chips} oil chips in storage and under derricks; the box has "
                                             "{box}").format(chips=chips, box=COMPONENTS.oil_chips))
        s.supply = COMPONENTS.oil_chips - chips
        if s.bank < 0:
            raise PositionError("players", _("the players hold {money}: more than the bank and the starting money "
                                             "together ({bank} + {players} x {start})").format(
                money=format_money(sum(s.money)), bank=format_money(COMPONENTS.bank_start), players=s.n,
                start=format_money(COMPONENTS.start_money)))
        self._storage_limits()
        self._trucks()

    def _storage_limits(self) -> None:
        s = self.s
        limit = COMPONENTS.storage_limit
        for p in range(s.n):
            over = [(c, k - limit) for c, k in enumerate(s.storage_of(p)) if k > limit]
            excess = sum(k for _, k in over)
            moving = s.phase in (R.MOVE, R.BUILD)
            if s.phase in BEFORE_MOVING and excess or moving and excess > 1:
                c = over[0][0]
                why = (_("{chips} chips: more than {limit} in one storage (one more only after taking a chip in "
                         "Action 4); Action 8 returns the excess at the end of every round, and chips come in only "
                         "from Action 4 on") if moving else
                       _("{chips} chips: more than {limit} in one storage; Action 8 returns the excess at the end of "
                         "every round, and chips come in only from Action 4 on"))
                raise PositionError(f"players[{p}].storage.{SHORT[c]}", why.format(chips=s.stored(p, c), limit=limit))

    def _trucks(self) -> None:
        s = self.s
        crossing = in_turn(s) if s.phase == R.MOVE else -1
        for p, cell in enumerate(s.trucks):
            if cell < 0:
                continue
            path = f"players[{p}].truck"
            if s.derrick_cells >> cell & 1:
                raise PositionError(path, _("{square} has a derrick: trucks may not enter it (Action 4 a)").format(
                    square=_cell_text(cell)))
            if p == crossing:
                continue
            if s.tile_cells >> cell & 1:
                raise PositionError(path, _("{square} has a face-down tile: trucks may cross it but not stop on it "
                                            "(Action 4 a)").format(square=_cell_text(cell)))
            others = [q for q in range(s.n) if q != p and s.trucks[q] == cell and q != crossing]
            if others and others[0] < p:
                raise PositionError(path, _("{name}'s truck stands on {square} too: a truck may cross an opposing "
                                            "truck but not stop on its square (Action 4 a)").format(
                    name=NAMES[others[0]], square=_cell_text(cell)))

    def _rounds(self) -> None:
        s = self.s
        reveals = s.round - (1 if s.phase in BEFORE_THE_RED_CARD else 0)
        if s.phase != R.END and s.black >= COMPONENTS.harbour:
            raise PositionError("black_locomotive", _("on space {space} the black locomotive has reached the oil "
                                                      "harbour: the game is over (phase 'game over')").format(
                space=s.black))
        if reveals * LEAST_BLACK > s.black:
            raise PositionError("round", _("round {round} with the black locomotive on space {space}: one red card a "
                                           "round has moved it by at least {spaces} in each of {rounds} (Action 2 "
                                           "a)").format(round=s.round, space=s.black,
                                                        spaces=say_count(LEAST_BLACK, "space"),
                                                        rounds=say_count(reveals, "round")))

    # -- the phase ------------------------------------------------------------------------------------------
    def _phase(self) -> None:
        """Read the phase's own fields (``_CHECKS`` checks them once the counts are known)."""
        s, f = self.s, self.f
        phase = s.phase
        turn = f.choice("turn", self.names, default=None)
        self.turn = turn
        if phase == R.ROLL:
            s.cursor = f.choice("company", COMPANY, default=0)
        if phase == R.PRODUCE:
            self.chip = self._site("chip_from", f.raw("chip_from"))
        if phase in PLAYER_BY_PLAYER:
            s.cursor = (self._player_in_turn() - s.start) % s.n
        elif phase in AUCTIONS:
            self._auction(f.object("auction", required=True))
            s.cursor = s.n
        if phase == R.LICENSE:
            s.lic_pending = f.integer("licenses_to_draw", 1, max(card.licenses for card in CARDS))
        if phase == R.MOVE:
            s.mp = f.integer("movement_points", 0, max(card.moves for card in CARDS))
            self.special_used = f.flag("special_action_used", default=False)

    def _player_in_turn(self) -> int:
        """Whose turn it is in a phase played player by player, from the start player on: the first without an
        action card while cards are taken (Action 2 c), the first still holding one while trucks move (Action
        4), the owner of the derrick whose chip waits (Action 6) -- or, where nothing else in the position
        says it (licenses, build, a chip from an emptied derrick), ``turn`` as given (then required)."""
        s = self.s
        order = [(s.start + k) % s.n for k in range(s.n)]
        if s.phase in BY_THE_CARDS:
            holding = s.phase == R.TAKE
            return next((p for p in order if (s.held[p] >= 0) != holding), order[-1] if holding else order[0])
        if s.phase == R.PRODUCE and s.site_state[self.chip] == R.DERRICK:
            return s.site_owner[self.chip]
        if self.turn is None:
            raise PositionError("turn", _("missing: in phase '{phase}' nothing else in the position says whose turn "
                                          "it is").format(phase=s.phase_name))
        return self.turn

    def _auction(self, af: Fields) -> None:
        s = self.s
        s.auc_company = af.choice("company", COMPANY)
        s.auc_high = af.integer("high_bid", 0, 2 * (COMPONENTS.license_ones + COMPONENTS.license_twos), default=0)
        s.auc_bidder = af.choice("high_bidder", self.names, default=-1)
        for path, item in af.items("passed"):
            q = choose(path, item, self.names)
            if q in self.passed:
                raise PositionError(path, _("{name} is given twice").format(name=NAMES[q]))
            self.passed[q] = path
        af.done()

    def _check_deal(self) -> None:
        s = self.s
        fresh = State(s.n, s.options)
        for name in ("round", "start", "money", "prices", "black", "locos", "trucks", "known", "storage", "hand",
                     "lic_disc", "card_disc", "display", "held", "site_owner", "site_oil", "derricks_left"):
            if getattr(s, name) != getattr(fresh, name):
                raise PositionError(_FIELD_OF.get(name, name), _("in phase 'deal' (Setup) everything but the tiles "
                                                                 "dealt so far is as in a new game"))
        dealt = [i for i in range(len(SITES)) if s.site_state[i] == R.TILE]
        in_play = [i for i in range(len(SITES)) if site_in_play(i, s.n)]
        if dealt != in_play[:len(dealt)]:
            gap = next(i for i in in_play if i not in dealt)
            raise PositionError("tiles", _("the tiles are dealt space by space from west to east: {square} comes "
                                           "before the spaces dealt after it (Setup 2)").format(square=_where(gap)))
        if len(dealt) == len(in_play):
            raise PositionError("phase", _("every tile space has its tile: the deal is over, and Action 1 ('roll') "
                                           "comes next"))
        s.cursor = in_play[len(dealt)]

    def _cards(self, holding: Callable[[int], bool], display: int | None) -> None:
        """Who holds an action card (``holding(p)``), and how many cards lie on display."""
        s = self.s
        for p in range(s.n):
            if (s.held[p] >= 0) != holding(p):
                why = (_("{name} holds a card, which cannot be in phase '{phase}' (Action 2 c: each player takes one "
                         "card; Action 4: it is discarded after moving)") if s.held[p] >= 0 else
                       _("{name} holds no card, which cannot be in phase '{phase}' (Action 2 c: each player takes one "
                         "card; Action 4: it is discarded after moving)"))
                raise PositionError(f"players[{p}].card", why.format(name=NAMES[p], phase=s.phase_name))
        shown = len(s.display)
        if display is not None and shown != display:
            raise PositionError("action_cards.display", _("{cards} on display; phase '{phase}' has {display} here "
                                                          "(Action 2)").format(cards=say_count(shown, "card"),
                                                                               phase=s.phase_name, display=display))
        red = [t for t in (*s.display, *(t for t in s.held if t >= 0)) if CARDS[t].color == "red"]
        revealed = shown + sum(map(holding, range(s.n)))
        if len(red) > 1 or revealed == s.n + 1 and len(red) != 1:
            raise PositionError("action_cards.display", _("one red card and {beige} beige cards are revealed each "
                                                          "round; here {red} red ones are out (Action 2)").format(
                beige=s.n, red=len(red)))
        if s.display and CARDS[s.display[0]].color != "red" and any(CARDS[t].color == "red" for t in s.display):
            raise PositionError("action_cards.display", _("the red card is revealed first: it leads the display"))

    def _check_roll(self) -> None:
        self._cards(lambda p: False, 0)

    def _check_red(self) -> None:
        self._cards(lambda p: False, 0)
        self._pile_left("red")

    def _check_beige(self) -> None:
        s = self.s
        self._cards(lambda p: False, None)
        if not s.display or CARDS[s.display[0]].color != "red" or len(s.display) > s.n or any(
                CARDS[t].color != "beige" for t in s.display[1:]):
            raise PositionError("action_cards.display", _("while beige cards are revealed the display holds the red "
                                                          "card and fewer than {beige} beige ones (Action 2 "
                                                          "b)").format(beige=s.n))
        s.cursor = len(s.display) - 1
        self._pile_left("beige")

    def _pile_left(self, color: str) -> None:
        s = self.s
        if not any(s.card_draw[t.id] for t in CARDS if t.color == color):
            raise PositionError("action_cards.discard", _("no {colour} card is left to reveal: when a pile is used up "
                                                          "its discards are shuffled into a new pile first (Action "
                                                          "2)").format(colour=pgettext("card colour", color)))

    def _check_take(self) -> None:
        s = self.s
        self._cards(lambda p: (p - s.start) % s.n < s.cursor, s.n + 1 - s.cursor)
        if len(set(s.display)) < 2:
            raise PositionError("action_cards.display", _("the cards on display are all alike: the rules give the "
                                                          "card to the player in turn at once (no choice)"))

    def _check_licenses(self) -> None:
        s = self.s
        self._cards(lambda p: True, 0)
        p = in_turn(s)
        card = s.held_card(p)
        if s.lic_pending > card.licenses:
            raise PositionError("licenses_to_draw", ngettext(
                "{name}'s card gives {count} license, so at most {count} is still to draw",
                "{name}'s card gives {count} licenses, so at most {count} are still to draw",
                card.licenses).format(name=NAMES[p], count=card.licenses))
        ones, twos = s.lic_draw
        if not (ones and twos and s.lic_pending < ones + twos):
            raise PositionError("licenses_to_draw", _("drawing {count} from a pile of {ones} 1s and {twos} 2s needs "
                                                      "no chance: the rules hand such cards out at once; a draw waits "
                                                      "for chance when the pile holds both values and more cards than "
                                                      "are drawn (Action 3)").format(count=s.lic_pending, ones=ones,
                                                                                     twos=twos))

    def _check_move(self) -> None:
        s = self.s
        self._cards(lambda p: (p - s.start) % s.n >= s.cursor, 0)
        p = in_turn(s)
        card = s.held_card(p)
        if s.mp > card.moves:
            raise PositionError("movement_points", _("{name}'s card gives {points}").format(
                name=NAMES[p], points=say_count(card.moves, "movement point")))
        if self.special_used and not card.special:
            raise PositionError("special_action_used", _("{name}'s card has no special action").format(name=NAMES[p]))
        s.special = card.special is not None and not self.special_used
        blocked = movement.no_stop(s, p)
        if movement.stranded(s, p, blocked) and not movement.can_escape(s, s.trucks[p], s.mp, blocked):
            raise PositionError(f"players[{p}].truck", _("{name}'s truck stands where it may not stop and cannot "
                                                         "reach a square to stop on with {points} (Action 4 a)").format(
                name=NAMES[p], points=say_count(s.mp, "point")))
        placed = s.trucks[p] >= 0
        if s.mp == 0 and not movement.special_usable(s, p) and placed and not movement.stranded(s, p, blocked):
            raise PositionError("movement_points", _("{name} has no points and no special action left: the turn has "
                                                     "ended by itself (Action 4)").format(name=NAMES[p]))

    def _check_build(self) -> None:
        s = self.s
        self._cards(lambda p: False, 0)
        p = in_turn(s)
        if not build.legal_builds(s, p):
            raise PositionError("turn", _("{name} cannot build (no face-down tile next to the truck, no derrick left, "
                                          "no oil, or not enough money): the rules skip the player (Action "
                                          "5)").format(name=NAMES[p]))

    def _check_transport(self) -> None:
        s = self.s
        self._cards(lambda p: False, 0)
        p, site = in_turn(s), self.chip
        mine = s.site_state[site] == R.DERRICK and s.site_owner[site] == p
        if not mine and not (s.site_state[site] == R.EMPTY and s.site_value[site]):
            raise PositionError("chip_from", _("{square} is not a derrick of {name}'s (nor its emptied space, if the "
                                               "chip was the last)").format(square=_where(site), name=NAMES[p]))
        s.chip_site = site
        s.prod_sites = (site, *(i for i in s.derrick_sites(p) if i > site))
        s.prod_i = 0
        black, rivals = production.carriers(s, p, site)
        if s.locos[p] < SITES[site].col and not ((black or rivals) and s.money[p] >= production.FEE):
            raise PositionError("chip_from", _("nobody can carry this chip (no locomotive far enough along, or no "
                                               "{fee} for the fee): the rules return it to the supply at once (Action "
                                               "6)").format(fee=format_money(production.FEE)))

    def _check_auction(self) -> None:
        s = self.s
        self._cards(lambda p: False, 0)
        c = s.auc_company
        s.auc_eligible = s.holders(c)
        if not s.auc_eligible:
            raise PositionError("auction.company", _("nobody has oil stored at {company}: no auction there (Action 7 "
                                                     "a)").format(company=COMPANIES[c]))
        for q, path in self.passed.items():
            if q not in s.auc_eligible:
                raise PositionError(path, _("{name} has no oil stored at {company} and takes no part").format(
                    name=NAMES[q], company=COMPANIES[c]))
        w = s.auc_bidder
        if w >= 0 and w not in s.auc_eligible:
            raise PositionError("auction.high_bidder", _("{name} has no oil stored at {company}").format(
                name=NAMES[w], company=COMPANIES[c]))
        if (w < 0) != (s.auc_high == 0):
            raise PositionError("auction.high_bid", _("a high bid needs its bidder, and a bidder a bid above 0"))
        if w >= 0 and s.phase != R.SELL and s.auc_high > auction.max_bid(s, w):  # (a seller has paid already)
            raise PositionError("auction.high_bid", _("{name} holds {cards}: no bid above {top} (ruling G5)").format(
                name=NAMES[w], cards=say_count(s.license_count(w), "license card"), top=auction.max_bid(s, w)))
        if s.phase == R.BID:
            self._check_bidding()
        else:
            self._check_won()

    def _check_bidding(self) -> None:
        s = self.s
        active = [p for p in s.auc_eligible if p not in self.passed]
        s.auc_active = sum(1 << p for p in active)
        w = s.auc_bidder
        if not active or w >= 0 and active == [w]:
            raise PositionError("auction.passed", _("the auction is over when all but one have passed (Action 7 a)"))
        if w >= 0 and w not in active:
            raise PositionError("auction.high_bidder", _("{name} holds the high bid and has not passed").format(
                name=NAMES[w]))
        start = w if w >= 0 else (s.auc_eligible[0] - 1) % s.n
        s.auc_turn = next(q for k in range(1, s.n + 1) if (q := (start + k) % s.n) in active)
        if auction.max_bid(s, s.auc_turn) <= s.auc_high:
            raise PositionError("auction.high_bid", _("{name}, next to bid, cannot outbid {high} with {cards} and "
                                                      "passes at once (Action 7 a)").format(
                name=NAMES[s.auc_turn], high=s.auc_high, cards=say_count(s.license_count(s.auc_turn), "card")))

    def _check_won(self) -> None:
        s = self.s
        w = s.auc_bidder
        if w < 0:
            raise PositionError("auction.high_bidder", _("missing: in phase '{phase}' someone has won the "
                                                         "auction").format(phase=s.phase_name))
        others = {q: path for q, path in self.passed.items() if q != w}
        if self.passed and (len(others) != len(self.passed) or set(others) != set(s.auc_eligible) - {w}):
            raise PositionError("auction.passed", _("the winner is the one who has not passed; everyone else has"))
        s.auc_active, s.auc_turn = 1 << w, w
        value = s.license_value(w)
        if s.phase == R.PENALTY and value >= s.auc_high:
            raise PositionError("auction.high_bid", _("{name}'s licenses are worth {value}: enough to pay {high}, so "
                                                      "there is no penalty (Action 7 a)").format(
                name=NAMES[w], value=value, high=s.auc_high))
        if s.phase == R.PAY:
            ways = auction.payments(*s.licenses(w), s.auc_high)
            if len(ways) < 2:
                why = (_("{name} has one way to pay {high}: no choice to make (Action 7 a)") if ways else
                       _("{name} has no way to pay {high}: no choice to make (Action 7 a)"))
                raise PositionError("auction.high_bid", why.format(name=NAMES[w], high=s.auc_high))

    def _check_end(self) -> None:
        s = self.s
        self._cards(lambda p: False, 1)
        if CARDS[s.display[0]].color != "red":
            raise PositionError("action_cards.display", _("the game ends as the red card moves the black locomotive "
                                                          "into the harbour: that red card is on display"))
        if s.black < COMPONENTS.harbour:
            raise PositionError("phase", _("the game is over when the black locomotive reaches the harbour (space "
                                           "{harbour}); it is on space {space}").format(harbour=COMPONENTS.harbour,
                                                                                       space=s.black))
        s.cursor = 1
        s.final = scoring.accounting(s)

    def _settled(self) -> None:
        """Play can go on: a decision offers something, a chance node an outcome."""
        s = self.s
        offered = s.chance_outcomes() if s.is_chance() else s.legal_actions()
        if not offered and not s.is_terminal():
            raise PositionError("phase", _("nothing can happen in phase '{phase}' here").format(phase=s.phase_name))


_CHECKS = {
    R.DEAL: _Builder._check_deal, R.ROLL: _Builder._check_roll, R.RED: _Builder._check_red,
    R.BEIGE: _Builder._check_beige, R.TAKE: _Builder._check_take, R.LICENSE: _Builder._check_licenses,
    R.MOVE: _Builder._check_move, R.BUILD: _Builder._check_build, R.PRODUCE: _Builder._check_transport,
    R.BID: _Builder._check_auction, R.PENALTY: _Builder._check_auction, R.PAY: _Builder._check_auction,
    R.SELL: _Builder._check_auction, R.END: _Builder._check_end,
}
TILE_NAMES = (N_("one derrick"), N_("two derricks (red)"), N_("three derricks"))
"""The production tiles' kinds by name (``TILE_KINDS``, from the component data), for the catalogues."""

_DECIDES = {
    R.DEAL: N_("nobody plays during the deal"), R.END: N_("the game is over"),
    R.ROLL: N_("the start player rolls the die (Action 1)"), R.RED: N_("the start player reveals the cards (Action 2)"),
    R.BEIGE: N_("the start player reveals the cards (Action 2)"),
    R.TAKE: N_("the first, from the start player on, without an action card takes one (Action 2 c)"),
    R.MOVE: N_("the first, from the start player on, still holding an action card moves (Action 4)"),
    R.PRODUCE: N_("the chip comes from a derrick of the player in turn (Action 6)"),
    R.BID: N_("the auction's bids and passes decide it (Action 7 a)"),
    R.PENALTY: N_("the auction's winner pays (Action 7 a)"), R.PAY: N_("the auction's winner pays (Action 7 a)"),
    R.SELL: N_("the auction's winner sells (Action 7 b)"),
}
"""What says whose turn it is, where the rest of the position does."""
_FIELD_OF = {"round": "round", "start": "start_player", "money": "players[].money", "prices": "prices",
             "black": "black_locomotive", "locos": "players[].locomotive", "trucks": "players[].truck",
             "known": "players[].looked_at", "storage": "players[].storage", "hand": "players[].licenses",
             "lic_disc": "licenses.discard", "card_disc": "action_cards.discard", "display": "action_cards.display",
             "held": "players[].card", "site_owner": "players[].derricks", "site_oil": "players[].derricks",
             "derricks_left": "players[].derricks"}


def _cell_text(cell: int) -> str:
    return str(tuple(row_col(cell)))


def _where(site: int) -> str:
    return f"({SITES[site].row}, {SITES[site].col})"


