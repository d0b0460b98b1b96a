"""Why: what the game waits for, and the rule a refused action breaks.

What is legal is decided in one place: the legal actions (or chance outcomes) a phase offers
(``giganten/rules/round.py``); ``State.apply`` accepts exactly those.  When it refuses an action,
:func:`refusal` finds the rule it breaks, in the rulebook's words, and what is allowed instead.  The
checks below only explain: they run for refused actions, never to decide.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable

from gamekit import IllegalAction
from gamekit.i18n import N_, format_money, ngettext
from gamekit.i18n import gettext as _
from gamekit.i18n.say import Later, Say, Text, first
from gamekit.positions import ChanceConcern
from gamekit.words import say_count

from .actions import (AdvanceLocomotive, Bid, Build, ChangePrice, DriveTo, EndMovement, LetChipGo, LocomotivesBack,
                      PayLicenses, PlaceTruck, Sell, Step, TakeCard, TakeOil, Transport)
from .board import DIRECTION_NAMES, ENTRY_CELLS, SITE_AT, TERRAIN
from .components import (COMPANIES, COMPANY_COUNT, COMPONENTS, NAMES, SITES, TILE_KINDS, cell_name, on_board,
                         square)
from .rules import (A2, A4A, A4C, A4D, A5, A6, A7A, A7B, BEIGE, BID, BUILD, CHANCE_PHASES, DEAL, END, LICENSE, MOVE,
                    PAY, PENALTY, PHASE_NAMES, PRODUCE, RED, ROLL, SECTION_OF_PHASE, SELL, TAKE, TILE, in_turn)
from .rules import auction, build, movement, production
from .rules.round import PHASES

from .text import WORDING, card_text, player_name, said_action

if TYPE_CHECKING:
    from .state import State

Why = tuple[str, str, str | Text]
"""A refusal's rule (rulebook section), message and what is allowed instead."""


def listing(s: "State", actions: Iterable[Any], limit: int | None = None) -> Text:
    """Actions of ``s`` in words, worded when read, comma-separated (the first ``limit`` of them and " ..." when
    there are more)."""
    return first((said_action(s, a) for a in actions), limit)


def allowed(s: "State") -> Text:
    """What the player to move may do: the legal actions (while moving, the first 12: the truck's
    destinations are many)."""
    return listing(s, s.legal_actions(), 12 if s.phase == MOVE else None)


def expecting(s: "State") -> str:
    """What the game is waiting for, in words (in the reader's language)."""
    phase = s.phase
    if phase == END:
        return _("the game is over")
    if phase in CHANCE_PHASES:
        return _("a chance outcome ({phase})").format(phase=_(PHASE_NAMES[phase]))
    player = s.current_player()
    assert player is not None  # a decision: someone decides
    return _(_EXPECTING[phase]).format(name=player_name(player), high=s.auc_high)


def chance_concern(s: "State") -> ChanceConcern | None:
    """What the chance node ``s`` decides, so that a teacher can choose its outcome (None at a decision); its
    sentence worded when read."""
    phase = s.phase
    if phase == DEAL:
        site = SITES[s.cursor]
        where = f"({site.row}, {site.col})"
        return ChanceConcern("tile", None, where, 1, Say("the oil on the {} tile dealt face down onto {} (Setup 2)",
                                                         Later(_, TILE_KINDS[site.kind].name), where))
    if phase == ROLL:
        return ChanceConcern("price die", s.start, COMPANIES[s.cursor], 1,
                             Say("{} rolls the price die for {} (Action 1)", _player(s.start), COMPANIES[s.cursor]))
    if phase in (RED, BEIGE):
        said = (Say("{} reveals a card from the red pile (Action 2)", _player(s.start)) if phase == RED else
                Say("{} reveals a card from the beige pile (Action 2)", _player(s.start)))
        return ChanceConcern("action card", s.start, "red pile" if phase == RED else "beige pile", 1, said)
    if phase == LICENSE:
        p = in_turn(s)
        count = min(s.lic_pending, sum(s.lic_draw))
        return ChanceConcern("licenses", p, "license pile", count, Say(
            "{} draws {} sales license: whether it is worth 2 (Action 3)", _player(p), count,
            plural="{} draws {} sales licenses: how many of them are worth 2 (Action 3)", n=count))
    if phase == PENALTY:
        w = s.auc_bidder
        count = (s.license_count(w) + 1) // 2
        return ChanceConcern("penalty", w, f"{NAMES[w]}'s hand", count, Say(
            "{} of {}'s license cards is drawn at random and discarded: whether it is worth 2 (Action 7 a)",
            count, _player(w), plural="{} of {}'s license cards are drawn at random and discarded: how many of them "
                                      "are worth 2 (Action 7 a)", n=count))
    return None


def _player(p: int) -> Later:
    """A seat's colour, worded when read ("Red", "Rød", "Rot")."""
    return Later(player_name, p)


_EXPECTING = {
    TAKE: N_("{name} takes a face-up action card"),
    MOVE: N_("{name} moves (truck steps, locomotive, special action or end movement)"),
    BUILD: N_("{name} builds a derrick next to the truck or builds nothing"),
    PRODUCE: N_("{name} decides where the produced oil chip goes"),
    BID: N_("{name} bids more than {high} or passes"),
    PAY: N_("{name} chooses the licenses to pay {high} with"),
    SELL: N_("{name} chooses how many chips to sell"),
}


def refusal(s: "State", action: Any) -> IllegalAction:
    """The rule that ``action`` (not offered in ``s``) breaks, and what is allowed instead, worded in the
    reader's language."""
    phase = s.phase
    section = SECTION_OF_PHASE[phase]
    if type(action) not in PHASES[phase].rules:
        return IllegalAction(section, _("{action} cannot be played now: {expecting}.").format(
            action=s.quoted(action), expecting=expecting(s)), expecting(s))
    if phase in CHANCE_PHASES:
        return IllegalAction(section, _("{action} is not a possible outcome here.").format(action=s.quoted(action)),
                             listing(s, (outcome for outcome, _p in s.chance_outcomes())))
    player = s.current_player()
    assert player is not None  # a decision: someone decides
    why = _WHY.get(type(action))
    rule, message, instead = (why(s, player, action) if why else None) or (
        section, _("{action} cannot be played now: {expecting}.").format(action=s.quoted(action),
                                                                          expecting=expecting(s)),
        allowed(s))
    return IllegalAction(rule, message, instead)


# -- Action 2 c) -----------------------------------------------------------------------------------------

def _take(s: "State", p: int, action: TakeCard) -> Why | None:
    shown = ", ".join(card_text(t) for t in sorted(set(s.display)))
    return A2, _("that card is not on display; the face-up cards are: {cards}.").format(cards=shown), allowed(s)


# -- Action 4 --------------------------------------------------------------------------------------------

def _place(s: "State", p: int, action: PlaceTruck) -> Why | None:
    name = player_name(p)
    if s.trucks[p] >= 0:
        return (A4A, _("{name}'s truck is already on the board at {cell}; only the first placement goes onto the "
                       "first column.").format(name=name, cell=cell_name(s.trucks[p])),
                _("a truck step or 'drive to'"))
    if not 0 <= action.row < len(ENTRY_CELLS):
        return (A4A, _("row {row} is off the board; the first column has rows 0-{last}.").format(
            row=action.row, last=len(ENTRY_CELLS) - 1), allowed(s))
    return (A4A, _("an opposing truck stands on {cell} and {name} could not move on from there; trucks may not "
                   "stop on opposing trucks.").format(cell=cell_name(ENTRY_CELLS[action.row]), name=name),
            allowed(s))


def _not_placed(s: "State", p: int) -> Why:
    return (A4A, _("{name}'s truck is not on the board yet; it first goes onto a square of the first "
                   "column.").format(name=player_name(p)), allowed(s))


def _step(s: "State", p: int, action: Step) -> Why | None:
    cell = s.trucks[p]
    if cell < 0:
        return _not_placed(s, p)
    if action.direction not in DIRECTION_NAMES:
        return (A4A, _("{direction} is not a direction: a truck moves N, E, S or W (no diagonals).").format(
            direction=repr(action.direction)), allowed(s))
    target = movement.NEIGHBOUR_TOWARDS[cell].get(action.direction, -1)
    if target < 0:
        return (A4A, _("the truck cannot move {direction} from {cell}: that square is off the board.").format(
            direction=_(DIRECTION_NAMES[action.direction]), cell=cell_name(cell)), allowed(s))
    cost = TERRAIN[target]
    if s.derrick_cells >> target & 1:
        return (A4A, _("a derrick stands on {cell}; squares with derricks may not be crossed.").format(
            cell=cell_name(target)), allowed(s))
    if cost > s.mp:
        return (A4A, ngettext("entering {cell} ({terrain}) costs {cost} point and {name} has {left} left.",
                              "entering {cell} ({terrain}) costs {cost} points and {name} has {left} left.",
                              cost).format(cell=cell_name(target), terrain=_(movement.TERRAIN_WORD[cost]),
                                           cost=cost, name=player_name(p), left=s.mp), allowed(s))
    return (A4A, _("{cell} holds a production tile or an opposing truck: the truck may cross it but not stop "
                   "there, and could not move on with the points left.").format(cell=cell_name(target)), allowed(s))


def _drive(s: "State", p: int, action: DriveTo) -> Why | None:
    cell = s.trucks[p]
    if cell < 0:
        return _not_placed(s, p)
    if not on_board(action.row, action.col):
        return A4A, _("({row}, {col}) is off the board.").format(row=action.row, col=action.col), allowed(s)
    target = square(action.row, action.col)
    where = cell_name(target)
    if target == cell:
        why = _("the truck already stands on {cell}.").format(cell=where)
    elif s.derrick_cells >> target & 1:
        why = _("a derrick stands on {cell}.").format(cell=where)
    elif movement.no_stop(s, p) >> target & 1:
        why = _("{cell} holds a production tile or an opposing truck; trucks may cross it but not stop "
                "there.").format(cell=where)
    else:
        why = _("{cell} is out of reach with {points} (derricks may not be crossed).").format(
            cell=where, points=say_count(s.mp, "movement point"))
    return A4A, why, allowed(s)


def _advance(s: "State", p: int, action: AdvanceLocomotive) -> Why | None:
    loco = s.locos[p]
    if loco >= movement.LAST_SPACE:
        return (A4C, _("{name}'s locomotive is on the last space of its track.").format(name=player_name(p)),
                allowed(s))
    cost = movement.RAIL_COST[loco + 1]
    if cost > s.mp:
        return (A4C, _("entering rail space {space} costs {cost} and {name} has {left} left.").format(
            space=loco + 1, cost=say_count(cost, "point"), name=player_name(p), left=say_count(s.mp, "point")),
            allowed(s))
    return (A4A, _("the truck stands on a square it may not stop on and needs the remaining points to move on."),
            allowed(s))


def _special(s: "State", p: int, kind: str) -> Why | None:
    """Action 4 d): the card's special action, once, and only the one the card shows."""
    card = s.held_card(p)
    if not s.special:
        what = (_("{name}'s special action has already been used this turn.") if card.special else
                _("{name}'s special action is not on this card."))
        return A4D, what.format(name=player_name(p)), allowed(s)
    if card.special != kind:
        return (A4D, _("{name}'s card gives the special action '{special}', not this one.").format(
            name=player_name(p), special=WORDING.text(card.special_text())), allowed(s))
    return None


def _change_price(s: "State", p: int, action: ChangePrice) -> Why | None:
    card = s.held_card(p)
    rule = (_("this card moves a price by exactly {spaces}, up or down, staying on the track.")
            if s.opts.exact_price_change else
            _("this card moves a price by up to {spaces}, up or down, staying on the track."))
    return _special(s, p, "price") or (A4D, rule.format(spaces=say_count(card.n, "space")), allowed(s))


def _take_oil(s: "State", p: int, action: TakeOil) -> Why | None:
    not_now = _special(s, p, "oil")
    if not_now:
        return not_now
    if not 0 <= action.company < COMPANY_COUNT:
        return A4D, _("there are three companies (0, 1, 2)."), allowed(s)
    return (A4D, _("the supply has no oil chips left (all {chips} are in play).").format(
        chips=COMPONENTS.oil_chips), allowed(s))


def _back(s: "State", p: int, action: LocomotivesBack) -> Why | None:
    if s.opts.one_opponent_back:
        return _special(s, p, "back") or (
            A4D, _("variant 'one opponent back': choose ONE opponent whose locomotive goes back."), allowed(s))
    return _special(s, p, "back") or (
        A4D, _("this card moves ALL opposing locomotives back (the variant 'one_opponent_back' is off)."),
        allowed(s))


def _end(s: "State", p: int, action: EndMovement) -> Why | None:
    return (A4A, _("the truck stands on {cell}, which holds a production tile or an opposing truck: it may cross "
                   "it but not stop there.").format(cell=cell_name(s.trucks[p])), allowed(s))


# -- Action 5 --------------------------------------------------------------------------------------------

def _build(s: "State", p: int, action: Build) -> Why | None:
    site = SITE_AT[square(action.row, action.col)] if on_board(action.row, action.col) else -1
    name = player_name(p)
    if site < 0 or s.site_state[site] != TILE:
        return (A5, _("there is no face-down production tile at ({row}, {col}).").format(
            row=action.row, col=action.col), allowed(s))
    if site not in build.adjacent_tiles(s, p):
        where = cell_name(s.trucks[p]) if s.trucks[p] >= 0 else _("beside the board")
        return (A5, _("{name}'s truck ({where}) is not orthogonally next to ({row}, {col}).").format(
            name=name, where=where, row=action.row, col=action.col), allowed(s))
    cost = TILE_KINDS[SITES[site].kind].build_cost
    if s.money[p] < cost:
        return (A5, _("this derrick costs {cost} and {name} has {money}; no credit is granted.").format(
            cost=format_money(cost), name=name, money=format_money(s.money[p])), allowed(s))
    if s.derricks_left[p] == 0:
        return A5, _("all five of {name}'s derricks are on the board.").format(name=name), allowed(s)
    return (A5, _("the oil supply is empty, and by the kit's house rule G3 a derrick is built only with oil to put "
                  "under it."), allowed(s))


# -- Action 6 --------------------------------------------------------------------------------------------

def _transport(s: "State", p: int, action: Transport) -> Why | None:
    col = SITES[s.chip_site].col
    name = player_name(p)
    if not isinstance(action.company, int) or not 0 <= action.company < COMPANY_COUNT:
        why = _("there are three companies (0, 1, 2).")
    elif s.locos[p] >= col:
        why = _("{name}'s own locomotive is level with or past the derrick in column {col}: the chip travels free "
                "(via 'own').").format(name=name, col=col)
    elif action.via == "own":
        why = _("{name}'s locomotive (space {space}) is behind the derrick in column {col}.").format(
            name=name, space=s.locos[p], col=col)
    elif s.money[p] < production.FEE:
        why = _("transport costs {fee} and {name} has {money}; no credit is granted.").format(
            fee=format_money(production.FEE), name=name, money=format_money(s.money[p]))
    elif action.via == "black":
        why = _("the black locomotive (space {space}) is behind the derrick in column {col}.").format(
            space=s.black, col=col)
    elif action.via == "rival":
        why = _("no opponent's locomotive is level with or past the derrick in column {col}.").format(col=col)
    else:
        why = _("unknown carrier {via}; use 'own', 'black' or 'rival'.").format(via=repr(action.via))
    return A6, why, allowed(s)


def _let_go(s: "State", p: int, action: LetChipGo) -> Why | None:
    return (A6, _("{name}'s own locomotive is level with or past the derrick: it transports the chip free of "
                  "charge into one of the player's storages.").format(name=player_name(p)), allowed(s))


# -- Action 7 --------------------------------------------------------------------------------------------

def _bid(s: "State", p: int, action: Bid) -> Why | None:
    top = auction.max_bid(s, p)
    why = (_("the most any hand could pay") if s.opts.bluff_bids and top else
           _("the kit's house rule G5: twice {name}'s {cards}").format(
               name=player_name(p), cards=say_count(s.license_count(p), "license card")))
    return (A7A, _("a bid must be higher than {high} and at most {top} ({why}).").format(
        high=s.auc_high, top=top, why=why), _("a bid of {low}-{top} or pass").format(low=s.auc_high + 1, top=top))


def _pay(s: "State", p: int, action: PayLicenses) -> Why | None:
    ones, twos = s.licenses(p)
    return (A7A, _("{name} must pay licenses worth {high} without change, from a hand of {ones} ones and {twos} "
                   "twos.").format(name=player_name(p), high=s.auc_high, ones=ones, twos=twos), allowed(s))


def _sell(s: "State", p: int, action: Sell) -> Why | None:
    c = s.auc_company
    stored = s.stored(p, c)
    return (A7B, _("{name} has {chips} stored at {company} and may sell 0 to {stored} of them.").format(
        name=player_name(p), chips=say_count(stored, "chip"), company=COMPANIES[c], stored=stored),
        _("sell 0-{stored}").format(stored=stored))


_WHY: dict[type, Callable[..., Why | None]] = {
    TakeCard: _take, PlaceTruck: _place, Step: _step, DriveTo: _drive, AdvanceLocomotive: _advance,
    ChangePrice: _change_price, TakeOil: _take_oil, LocomotivesBack: _back, EndMovement: _end, Build: _build,
    Transport: _transport, LetChipGo: _let_go, Bid: _bid, PayLicenses: _pay, Sell: _sell,
}
"""Per kind of decision: the first rule an action of that kind breaks (those always legal where offered,
such as passing a bid or building nothing, never need one)."""
