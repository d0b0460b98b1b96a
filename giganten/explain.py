"""Why: what the game waits for, and the rule a refused action breaks.

What is legal is decided in one place: the legal actions (or chance outcomes) a phase offers
(``giganten/rules/round.py``); ``State.apply`` accepts exactly those.  When it refuses an action,
:func:`refusal` finds the rule it breaks, in the rulebook's words, and what is allowed instead.  The
checks below only explain: they run for refused actions, never to decide.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable

from gamekit import Action, IllegalAction
from gamekit.positions import ChanceConcern
from gamekit.words import counted

from .actions import (AdvanceLocomotive, Bid, Build, ChangePrice, DriveTo, EndMovement, LetChipGo, LocomotivesBack,
                      PayLicenses, PlaceTruck, Sell, Step, TakeCard, TakeOil, Transport)
from .board import DIRECTION_NAMES, ENTRY_CELLS, SITE_AT, TERRAIN
from .components import (CARDS, COMPANIES, COMPANY_COUNT, COMPONENTS, NAMES, SITES, TILE_KINDS, cell_name, money,
                         on_board, square)
from .rules import (A2, A4A, A4C, A4D, A5, A6, A7A, A7B, BEIGE, BID, BUILD, CHANCE_PHASES, DEAL, END, LICENSE, MOVE,
                    PAY, PENALTY, PHASE_NAMES, PRODUCE, RED, ROLL, SECTION_OF_PHASE, SELL, TAKE, TILE, in_turn)
from .rules import auction, build, movement, production
from .rules.round import PHASES

if TYPE_CHECKING:
    from .state import State

Why = tuple[str, str, str]
"""A refusal's rule (rulebook section), message and what is allowed instead."""


def listing(actions: Iterable[Any], limit: int | None = None) -> str:
    """Actions as a comma-separated text (the first ``limit`` of them and " ..." when there are more)."""
    shown = list(actions)
    text = ", ".join(str(a) for a in shown[:limit])
    return text + " ..." if limit is not None and len(shown) > limit else text


def allowed(s: "State") -> str:
    """What the player to move may do: the legal actions (while moving, the first 12: the truck's
    destinations are many)."""
    return listing(s.legal_actions(), 12 if s.phase == MOVE else None)


def expecting(s: "State") -> str:
    """What the game is waiting for, in words."""
    phase = s.phase
    if phase == END:
        return "the game is over"
    if phase in CHANCE_PHASES:
        return f"a chance outcome ({PHASE_NAMES[phase]})"
    player = s.current_player()
    assert player is not None  # a decision: someone decides
    return f"{NAMES[player]} {_EXPECTING[phase].format(high=s.auc_high)}"


def chance_concern(s: "State") -> ChanceConcern | None:
    """What the chance node ``s`` decides, so that a teacher can choose its outcome (None at a decision)."""
    phase = s.phase
    if phase == DEAL:
        site = SITES[s.cursor]
        where = f"({site.row}, {site.col})"
        return ChanceConcern("tile", None, where, 1, f"the oil on the {TILE_KINDS[site.kind].name} tile dealt face "
                                                     f"down onto {where} (Setup 2)")
    if phase == ROLL:
        return ChanceConcern("price die", s.start, COMPANIES[s.cursor], 1,
                             f"{NAMES[s.start]} rolls the price die for {COMPANIES[s.cursor]} (Action 1)")
    if phase in (RED, BEIGE):
        color = "red" if phase == RED else "beige"
        return ChanceConcern("action card", s.start, f"{color} pile", 1,
                             f"{NAMES[s.start]} reveals a card from the {color} pile (Action 2)")
    if phase == LICENSE:
        p = in_turn(s)
        count = min(s.lic_pending, sum(s.lic_draw))
        return ChanceConcern("licenses", p, "license pile", count, f"{NAMES[p]} draws {count} sales licenses: how "
                                                                   "many of them are worth 2 (Action 3)")
    if phase == PENALTY:
        w = s.auc_bidder
        count = (s.license_count(w) + 1) // 2
        return ChanceConcern("penalty", w, f"{NAMES[w]}'s hand", count,
                             f"{count} of {NAMES[w]}'s license cards are drawn at random and discarded: how many "
                             "of them are worth 2 (Action 7 a)")
    return None


_EXPECTING = {
    TAKE: "takes a face-up action card",
    MOVE: "moves (truck steps, locomotive, special action or end movement)",
    BUILD: "builds a derrick next to the truck or builds nothing",
    PRODUCE: "decides where the produced oil chip goes",
    BID: "bids more than {high} or passes",
    PAY: "chooses the licenses to pay {high} with",
    SELL: "chooses how many chips to sell",
}


def refusal(s: "State", action: Any) -> IllegalAction:
    """The rule that ``action`` (not offered in ``s``) breaks, and what is allowed instead."""
    phase = s.phase
    section = SECTION_OF_PHASE[phase]
    if type(action) not in PHASES[phase].rules:
        what = f"'{action}'" if isinstance(action, Action) else repr(action)
        return IllegalAction(section, f"{what} cannot be played now: {expecting(s)}.", expecting(s))
    if phase in CHANCE_PHASES:
        return IllegalAction(section, f"{action} is not a possible outcome here.",
                             listing(outcome for outcome, _ in s.chance_outcomes()))
    player = s.current_player()
    assert player is not None  # a decision: someone decides
    why = _WHY.get(type(action))
    rule, message, instead = (why(s, player, action) if why else None) or (
        section, f"'{action}' cannot be played now: {expecting(s)}.", allowed(s))
    return IllegalAction(rule, message, instead)


# -- Action 2 c) -----------------------------------------------------------------------------------------

def _take(s: "State", p: int, action: TakeCard) -> Why | None:
    shown = ", ".join(str(CARDS[t]) for t in sorted(set(s.display)))
    return A2, f"that card is not on display; the face-up cards are: {shown}.", allowed(s)


# -- Action 4 --------------------------------------------------------------------------------------------

def _place(s: "State", p: int, action: PlaceTruck) -> Why | None:
    if s.trucks[p] >= 0:
        return (A4A, f"{s.name(p)}'s truck is already on the board at {cell_name(s.trucks[p])}; only the first "
                "placement goes onto the first column.", "a truck step or 'drive to'")
    if not 0 <= action.row < len(ENTRY_CELLS):
        return (A4A, f"row {action.row} is off the board; the first column has rows 0-{len(ENTRY_CELLS) - 1}.",
                allowed(s))
    return (A4A, f"an opposing truck stands on {cell_name(ENTRY_CELLS[action.row])} and {s.name(p)} could not move "
            "on from there; trucks may not stop on opposing trucks.", allowed(s))


def _not_placed(s: "State", p: int) -> Why:
    return (A4A, f"{s.name(p)}'s truck is not on the board yet; it first goes onto a square of the first column.",
            allowed(s))


def _step(s: "State", p: int, action: Step) -> Why | None:
    cell = s.trucks[p]
    if cell < 0:
        return _not_placed(s, p)
    if action.direction not in DIRECTION_NAMES:
        return (A4A, f"{action.direction!r} is not a direction: a truck moves N, E, S or W (no diagonals).",
                allowed(s))
    target = movement.NEIGHBOUR_TOWARDS[cell].get(action.direction, -1)
    if target < 0:
        return (A4A, f"the truck cannot move {DIRECTION_NAMES[action.direction]} from {cell_name(cell)}: that square "
                "is off the board.", allowed(s))
    cost = TERRAIN[target]
    if s.derrick_cells >> target & 1:
        return A4A, f"a derrick stands on {cell_name(target)}; squares with derricks may not be crossed.", allowed(s)
    if cost > s.mp:
        return (A4A, f"entering {cell_name(target)} ({movement.TERRAIN_WORD[cost]}) costs {cost} points and "
                f"{s.name(p)} has {s.mp} left.", allowed(s))
    return (A4A, f"{cell_name(target)} holds a production tile or an opposing truck: the truck may cross it but not "
            "stop there, and could not move on with the points left.", allowed(s))


def _drive(s: "State", p: int, action: DriveTo) -> Why | None:
    cell = s.trucks[p]
    if cell < 0:
        return _not_placed(s, p)
    if not on_board(action.row, action.col):
        return A4A, f"({action.row}, {action.col}) is off the board.", allowed(s)
    target = square(action.row, action.col)
    if target == cell:
        why = f"the truck already stands on {cell_name(target)}."
    elif s.derrick_cells >> target & 1:
        why = f"a derrick stands on {cell_name(target)}."
    elif movement.no_stop(s, p) >> target & 1:
        why = (f"{cell_name(target)} holds a production tile or an opposing truck; trucks may cross it but not stop "
               "there.")
    else:
        why = (f"{cell_name(target)} is out of reach with {counted(s.mp, 'movement point')} (derricks may not be "
               "crossed).")
    return A4A, why, allowed(s)


def _advance(s: "State", p: int, action: AdvanceLocomotive) -> Why | None:
    loco = s.locos[p]
    if loco >= movement.LAST_SPACE:
        return A4C, f"{s.name(p)}'s locomotive is on the last space of its track.", allowed(s)
    cost = movement.RAIL_COST[loco + 1]
    if cost > s.mp:
        return (A4C, f"entering rail space {loco + 1} costs {movement.points(cost)} and {s.name(p)} has "
                f"{movement.points(s.mp)} left.", allowed(s))
    return (A4A, "the truck stands on a square it may not stop on and needs the remaining points to move on.",
            allowed(s))


def _special(s: "State", p: int, kind: str) -> Why | None:
    """Action 4 d): the card's special action, once, and only the one the card shows."""
    card = s.held_card(p)
    if not s.special:
        what = "has already been used this turn" if card.special else "is not on this card"
        return A4D, f"{s.name(p)}'s special action {what}.", allowed(s)
    if card.special != kind:
        return (A4D, f"{s.name(p)}'s card gives the special action '{card.special_text()}', not this one.",
                allowed(s))
    return None


def _change_price(s: "State", p: int, action: ChangePrice) -> Why | None:
    card = s.held_card(p)
    rule = "exactly" if s.opts.exact_price_change else "up to"
    return _special(s, p, "price") or (
        A4D, f"this card moves a price by {rule} {counted(card.n, 'space')}, up or down, staying on the track.",
        allowed(s))


def _take_oil(s: "State", p: int, action: TakeOil) -> Why | None:
    not_now = _special(s, p, "oil")
    if not_now:
        return not_now
    if not 0 <= action.company < COMPANY_COUNT:
        return A4D, "there are three companies (0, 1, 2).", allowed(s)
    return A4D, f"the supply has no oil chips left (all {COMPONENTS.oil_chips} are in play).", allowed(s)


def _back(s: "State", p: int, action: LocomotivesBack) -> Why | None:
    if s.opts.one_opponent_back:
        return _special(s, p, "back") or (
            A4D, "variant 'one opponent back': choose ONE opponent whose locomotive goes back.", allowed(s))
    return _special(s, p, "back") or (
        A4D, "this card moves ALL opposing locomotives back (the variant 'one_opponent_back' is off).", allowed(s))


def _end(s: "State", p: int, action: EndMovement) -> Why | None:
    return (A4A, f"the truck stands on {cell_name(s.trucks[p])}, which holds a production tile or an opposing truck: "
            "it may cross it but not stop there.", allowed(s))


# -- Action 5 --------------------------------------------------------------------------------------------

def _build(s: "State", p: int, action: Build) -> Why | None:
    site = SITE_AT[square(action.row, action.col)] if on_board(action.row, action.col) else -1
    if site < 0 or s.site_state[site] != TILE:
        return A5, f"there is no face-down production tile at ({action.row}, {action.col}).", allowed(s)
    if site not in build.adjacent_tiles(s, p):
        where = cell_name(s.trucks[p]) if s.trucks[p] >= 0 else "beside the board"
        return (A5, f"{s.name(p)}'s truck ({where}) is not orthogonally next to ({action.row}, {action.col}).",
                allowed(s))
    cost = TILE_KINDS[SITES[site].kind].build_cost
    if s.money[p] < cost:
        return (A5, f"this derrick costs {money(cost)} and {s.name(p)} has {money(s.money[p])}; no credit is granted.",
                allowed(s))
    if s.derricks_left[p] == 0:
        return A5, f"all five of {s.name(p)}'s derricks are on the board.", allowed(s)
    return (A5, "the oil supply is empty, and by the kit's house rule G3 a derrick is built only with oil to put "
            "under it.", allowed(s))


# -- Action 6 --------------------------------------------------------------------------------------------

def _transport(s: "State", p: int, action: Transport) -> Why | None:
    col = SITES[s.chip_site].col
    if not isinstance(action.company, int) or not 0 <= action.company < COMPANY_COUNT:
        why = "there are three companies (0, 1, 2)"
    elif s.locos[p] >= col:
        why = (f"{s.name(p)}'s own locomotive is level with or past the derrick in column {col}: the chip travels "
               "free (via 'own')")
    elif action.via == "own":
        why = f"{s.name(p)}'s locomotive (space {s.locos[p]}) is behind the derrick in column {col}"
    elif s.money[p] < production.FEE:
        why = f"transport costs {money(production.FEE)} and {s.name(p)} has {money(s.money[p])}; no credit is granted"
    elif action.via == "black":
        why = f"the black locomotive (space {s.black}) is behind the derrick in column {col}"
    elif action.via == "rival":
        why = f"no opponent's locomotive is level with or past the derrick in column {col}"
    else:
        why = f"unknown carrier {action.via!r}; use 'own', 'black' or 'rival'"
    return A6, why + ".", allowed(s)


def _let_go(s: "State", p: int, action: LetChipGo) -> Why | None:
    return (A6, f"{s.name(p)}'s own locomotive is level with or past the derrick: it transports the chip free of "
            "charge into one of the player's storages.", allowed(s))


# -- Action 7 --------------------------------------------------------------------------------------------

def _bid(s: "State", p: int, action: Bid) -> Why | None:
    top = auction.max_bid(s, p)
    why = ("the most any hand could pay" if s.opts.bluff_bids and top else
           f"the kit's house rule G5: twice {s.name(p)}'s {s.license_count(p)} license cards")
    return (A7A, f"a bid must be higher than {s.auc_high} and at most {top} ({why}).",
            f"a bid of {s.auc_high + 1}-{top} or pass")


def _pay(s: "State", p: int, action: PayLicenses) -> Why | None:
    ones, twos = s.licenses(p)
    return (A7A, f"{s.name(p)} must pay licenses worth {s.auc_high} without change, from a hand of {ones} ones and "
            f"{twos} twos.", allowed(s))


def _sell(s: "State", p: int, action: Sell) -> Why | None:
    c = s.auc_company
    stored = s.stored(p, c)
    return (A7B, f"{s.name(p)} has {counted(stored, 'chip')} stored at {COMPANIES[c]} and may sell 0 to {stored} "
            "of them.", f"sell 0-{stored}")


_WHY: dict[type, Callable[..., Why | None]] = {
    TakeCard: _take, PlaceTruck: _place, Step: _step, DriveTo: _drive, AdvanceLocomotive: _advance,
    ChangePrice: _change_price, TakeOil: _take_oil, LocomotivesBack: _back, EndMovement: _end, Build: _build,
    Transport: _transport, LetChipGo: _let_go, Bid: _bid, PayLicenses: _pay, Sell: _sell,
}
"""Per kind of decision: the first rule an action of that kind breaks (those always legal where offered,
such as passing a bid or building nothing, never need one)."""
