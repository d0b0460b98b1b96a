"""The text form of a Giganten state (``print(state)``) and full-sentence action descriptions.

The map uses one character per square::

    .  flat     :  hill     ^  mountain
    1 2 3       face-down production tile with 1, 2 (red) or 3 derricks
    r b y g     a derrick of Red / Blue / Yellow / Green
    R B Y G     a truck
    x           a space marked for three players, empty in a three-player game
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from gamekit import Action
from gamekit.i18n import SOURCE, N_, format_money, gettext, language, ngettext, pgettext
from gamekit.i18n.say import Later
from gamekit.i18n.wording import COMMON_FRAGMENTS, Wording
from gamekit.words import say_count

from . import rules as R
from .actions import DriveTo, PlaceTruck, Step
from .board import DIRECTION_NAMES, NEIGHBOURS
from .components import (CARDS, COLUMNS, COMPANIES, COMPONENTS, NAMES, ROWS, SITES, cell_name, row_col,
                         square)
from .prices import price
from .rules.movement import TERRAIN_WORD

if TYPE_CHECKING:
    from .state import State

TERRAIN_CHAR = {1: ".", 2: ":", 3: "^"}


def render(s: "State", public: bool = False) -> str:
    """The position as text.

    By default this is the omniscient view (every license hand's values, as ``print(state)`` shows);
    with ``public=True`` it shows only what the whole table sees: each hand's card count, unless the
    ``open_licenses`` variant makes hands public (Action 3: "Each player keeps their sales licenses
    secret").  Face-down tiles are shown by kind only in both views.  Worded in the reader's language (headings,
    colours, phases, cards, money, counts); the map's characters are the same in every language.
    """
    hands_open = not public or s.opts.open_licenses
    grid = [[TERRAIN_CHAR[COMPONENTS.terrain[square(r, c)]] for c in range(COLUMNS)] for r in range(ROWS)]
    for i, site in enumerate(SITES):
        if s.site_state[i] == R.TILE:
            grid[site.row][site.col] = str(site.kind)
        elif s.site_state[i] == R.DERRICK:
            grid[site.row][site.col] = COMPONENTS.player_names[s.site_owner[i]][0].lower()
        elif s.n == 3 and site.three_player:
            grid[site.row][site.col] = "x"
    for p, cell in enumerate(s.trucks):
        if cell >= 0:
            row, col = row_col(cell)
            grid[row][col] = COMPONENTS.player_names[p][0]
    lines = ["     " + "".join(str(c % 10) for c in range(COLUMNS))]
    lines += [f"{r:>3}  " + "".join(row) for r, row in enumerate(grid)]
    rail = ["-"] * (COMPONENTS.harbour + 1)
    rail[min(s.black, COMPONENTS.harbour)] = "K"
    lines.append(gettext("rail {track}  (K = black locomotive; harbour at the right end)").format(track="".join(rail)))
    locos = ", ".join(f"{player_name(p)} {s.locos[p]}" for p in range(s.n))
    lines.append(gettext("locomotives: {locomotives}; black {black}/{harbour}").format(
        locomotives=locos, black=s.black, harbour=COMPONENTS.harbour))
    status = (gettext("game over") if s.is_terminal() else
              gettext("{phase}: waiting for {expecting}").format(phase=gettext(R.PHASE_NAMES[s.phase]),
                                                                 expecting=s.expecting()))
    lines.append(gettext("round {round}, start player {name}; {status}").format(
        round=s.round, name=player_name(s.start), status=status))
    lines.append(gettext("prices: {prices}").format(prices=", ".join(
        f"{company} {format_money(price(index))}" for company, index in zip(COMPANIES, s.prices))))
    lines += [_player_line(s, p, hands_open) for p in range(s.n)]
    if s.display:
        lines.append(gettext("display: {cards}").format(cards="; ".join(card_text(t) for t in s.display)))
    lines.append(gettext("supply {chips}; license pile {cards}, discards {ones}x1 {twos}x2").format(
        chips=say_count(s.supply, "chip"), cards=say_count(sum(s.lic_draw), "card"), ones=s.lic_disc[0],
        twos=s.lic_disc[1]))
    if s.phase == R.MOVE:
        left = (gettext("movement points left: {points}; special action available") if s.special else
                gettext("movement points left: {points}"))
        lines.append(left.format(points=s.mp))
    if s.phase in (R.BID, R.PAY, R.SELL, R.PENALTY):
        bidder = player_name(s.auc_bidder) if s.auc_bidder >= 0 else gettext("nobody")
        lines.append(gettext("auction at {company}: high bid {high} by {bidder}").format(
            company=COMPANIES[s.auc_company], high=s.auc_high, bidder=bidder))
    return "\n".join(lines)


def _player_line(s: "State", p: int, hands_open: bool) -> str:
    """A player's row of the text form: colour, money, licenses, storage, derricks left and action card."""
    line = f"  {player_name(p):<6} {format_money(s.money[p]):>8}  " + gettext(
        "licenses {licenses}  storage {storage}  derricks left {derricks}").format(
        licenses=_hand(s, p, hands_open), storage="/".join(str(chips) for chips in s.storage_of(p)),
        derricks=s.derricks_left[p])
    if s.held[p] >= 0:
        line += "  " + gettext("card: {card}").format(card=card_text(s.held[p]))
    return line


def _hand(s: "State", p: int, hands_open: bool) -> str:
    if hands_open:
        ones, twos = s.licenses(p)
        return f"{ones}x1 {twos}x2"
    return say_count(s.license_count(p), "card")


def public_text(s: "State") -> str:
    """The text form without any secret license values (for a table where humans play)."""
    return render(s, public=True)


def describe(s: "State", action: Action) -> str:
    """The action as a sentence for the player to move, in the reader's language: "Red moves the truck east to
    (3, 7)", "Rød flytter trucken mod øst til (3, 7)"."""
    p = s.current_player()
    who = player_name(p) if p is not None else gettext("Chance")
    if isinstance(action, Step) and p is not None and s.trucks[p] >= 0:
        target = next((n for d, n in NEIGHBOURS[s.trucks[p]] if d == action.direction), -1)
        if target >= 0:
            return gettext("{who} moves the truck {direction} to {square}").format(
                who=who, direction=gettext(DIRECTIONS[action.direction]), square=cell_name(target))
    if isinstance(action, DriveTo):
        return gettext("{who} drives the truck to {square}").format(who=who, square=f"({action.row}, {action.col})")
    if isinstance(action, PlaceTruck):
        return gettext("{who} places the truck on {square}").format(
            who=who, square=f"({action.row}, {COMPONENTS.truck_entry_column})")
    return gettext("{who}: {action}").format(who=who, action=action_words(s, action))


# -- event texts, worded when read -------------------------------------------------------------------------

def player_name(p: int) -> str:
    """A seat's colour, the player's name in the events: "Red" (en), "Rød" (da), "Rot" (de)."""
    return pgettext("player colour", NAMES[p])


def card_text(t: int) -> str:
    """An action-card type in words: "beige card (3 licenses, 4 moves, take 1 oil chip)"."""
    card = CARDS[t]
    if language() == SOURCE:
        return str(card)
    parts = [gettext("black +{}").format(card.black)] if card.color == "red" else []
    parts += [say_count(card.licenses, "license"), say_count(card.moves, "move")]
    if card.special:
        parts.append(WORDING.text(card.special_text()))
    return gettext("{} card ({})").format(pgettext("card colour", card.color), ", ".join(parts))


EVENT_FIELDS = {
    "name": player_name,                                         # a seat -> "Red"
    "names": lambda ps: ", ".join(player_name(p) for p in ps),  # seats -> "Red, Blue"
    "cell": cell_name,                                           # a square -> "(3, 7)"
    "cells": lambda cells: ", ".join(cell_name(c) for c in cells),
    "money": format_money,                                       # dollars -> "$4,500"
    "price": lambda index: format_money(price(index)),           # a price-track index -> "$5,000"
    "company": lambda c: COMPANIES[c],                           # a company index -> "Hudson" (a name)
    "card": card_text,                                           # an action-card type -> "beige card (...)"
}
"""The format specs of event templates; ``{:count chip}`` writes "1 chip" / "3 chips"."""

EVENT_FRAGMENTS = (
    # whole events the rules write out (``_emit``)
    N_("The {} action card pile is used up: its {} discarded cards are shuffled and become the new pile."),
    N_("Three players: the {} spaces marked for three players stay empty; {} tiles go back to the box unseen."),
    N_("The production tiles lie face down; all three prices start at {}; {} is the first start player and "
       "takes the die."),
    N_("Final money: {}. The Giant: {}."),
    N_("{} moves opposing locomotives back {} spaces, whatever the printed costs, never behind the start ({}); "
       "the black locomotive never moves back."),
    N_("{} pays {}: {}'s locomotive is behind the derrick in column {}, and {}; the black locomotive (space {}) "
       "could have carried it for the same fee, paid to the bank; the chip goes into {}'s storage at {}."),
    N_("{} pays {}: {}'s locomotive is behind the derrick in column {}, the black locomotive is behind it too, "
       "and {}; the chip goes into {}'s storage at {}."),
    # pieces the rules build and pass to a template
    N_("{}'s locomotive (space {}) is the furthest ahead"),
    N_("{}'s, {}'s and {}'s locomotives (space {}) are equally far ahead, so they split the fee"),
    N_("{}'s and {}'s locomotives (space {}) are equally far ahead, so they split the fee"),
    N_("{} to {}"),
    N_("{} {} -> {}"),
    N_("; the supply holds only {}, so only {} go under it"),
    N_("(only 2s: {} overpaid, no change)"),
    N_("change a price by up to {}"),
    N_("locomotives back {}"),
    N_("in the white zone a {} number moves the marker {}"),
    N_("{} of value {}"),
    N_("{} unused"),
    N_("(tied with {}: {} sales licenses, {} cards against {})"),
    N_("(tied with {}: {} sales licenses, worth {} against {})"),
    N_("(tied with {}: ranked by {} ({}), then by {})"),
    N_("(tied with {}, {} license cards each: {} comes {} in {})"),
    N_("(tied with {}, licenses worth {} each: {} comes {} in {})"),
    N_("the order of the interrupted round, which {} started"),
    *COMMON_FRAGMENTS,
)
"""The English pieces Giganten's rules build outside the templates, by shape (:class:`gamekit.i18n.Fragments`)."""

EVENT_WORDS = (
    *DIRECTION_NAMES.values(), *TERRAIN_WORD.values(), "up", "down", "more", "fewer", "earlier", "later", "no licenses",
    "in the red zone the marker always moves up", "in the blue zone the marker always moves down",
    "take 1 oil chip", "the special action unused", "(all movement points used)",
    "(the supply is empty, so it cannot be used)", "number of license cards", "license value",
)
"""Words the rules pass to templates whole; each is a message id (``python -m gamekit.i18n extract`` reads them)."""

_SEAT = {name: p for p, name in enumerate(NAMES)}
_CELL = r"\(\d+, \d+\)"


def _own_words(text: str) -> str | None:
    """A player's colour, a company's name or a square (as they are), a die's or a card's colour word."""
    if text in _SEAT:
        return player_name(_SEAT[text])
    if text in COMPANIES or re.fullmatch(_CELL, text):
        return text
    if text in ("red", "blue", "beige"):
        return pgettext("colour", text)
    return None


WORDING = Wording(EVENT_FIELDS, EVENT_FRAGMENTS, _own_words,
                  atom="|".join([_CELL, *(re.escape(company) for company in COMPANIES)]))


def event_text(template: str, args: tuple) -> str:
    """The text of a recorded event (``State._say``) in the reader's language: ``template`` with ``args``
    filled in (:class:`gamekit.i18n.wording.Wording`)."""
    text = WORDING.event(template, args)
    return text.replace("Inc..", "Inc.")  # a company name ending in "Inc." gets no second full stop


# -- actions in words, for a reader ---------------------------------------------------------------------------

#: The truck's directions (English message ids).
DIRECTIONS = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
#: How a produced chip travels (Action 6), by ``Transport.via``.
TRANSPORTS = {"own": N_("ship the chip to {} by the own locomotive"),
              "black": N_("ship the chip to {} by the black locomotive"),
              "rival": N_("ship the chip to {} by an opponent's locomotive")}


def licenses_text(ones: int, twos: int) -> str:
    """License cards in the reader's words, a count of none left out ("2 licenses of value 1 and 1 license of
    value 2")."""
    kinds = [gettext("{} of value {}").format(say_count(n, "license"), value) for n, value in ((ones, 1), (twos, 2))
             if n]
    return gettext("{} and {}").format(*kinds) if len(kinds) == 2 else kinds[0] if kinds else gettext("no licenses")


def action_words(state: "State", action: Action) -> str:
    """``action`` as an instruction in the reader's language ("move the truck east to (3, 7)", "bid 5"): the words
    of the coach's options, the chooser, the picture's targets and the log."""
    return words_from(_truck(state), action)


def said_action(state: "State", action: Action) -> Later:
    """``action`` as :func:`action_words` words it, worded when read (a refusal's allowed actions): it keeps the
    action and the square of the mover's truck, never words."""
    return Later(words_from, _truck(state), action)


def _truck(s: "State") -> int:
    """The square of the truck of the player to move (-1: no player to move, or the truck not placed yet)."""
    player = s.current_player()
    return s.trucks[player] if player is not None else -1


def words_from(truck: int, action: Action) -> str:
    """``action`` in the reader's language for a player whose truck stands on the square ``truck`` (-1: none):
    :func:`action_words`."""
    a: Any = action
    kind = action.kind
    if kind == "step":
        target = next((n for d, n in NEIGHBOURS[truck] if d == a.direction), -1) if truck >= 0 else -1
        direction = gettext(DIRECTIONS.get(a.direction, a.direction))
        if target >= 0:
            return gettext("move the truck {direction} to {square}").format(direction=direction,
                                                                             square=cell_name(target))
        return gettext("move the truck {}").format(direction)
    if kind == "transport":
        return gettext(TRANSPORTS[a.via]).format(COMPANIES[a.company])
    if kind == "change_price":
        words = (gettext("move the {company} price up {n}") if a.delta > 0 else
                 gettext("move the {company} price down {n}"))
        return words.format(company=COMPANIES[a.company], n=abs(a.delta))
    if kind == "locomotives_back":
        return (gettext("move all opposing locomotives back") if a.target is None
                else gettext("move {}'s locomotive back").format(player_name(a.target)))
    if kind in ("draw_licenses", "discard_licenses"):
        words = (ngettext("draw {count} license ({twos} of value 2)", "draw {count} licenses ({twos} of value 2)",
                          a.count) if kind == "draw_licenses" else
                 ngettext("discard {count} license at random ({twos} of value 2)",
                          "discard {count} licenses at random ({twos} of value 2)", a.count))
        return words.format(count=a.count, twos=a.twos)
    simple = {
        "deal_tile": lambda: gettext("deal a tile with {} oil").format(a.value),
        "roll_price": lambda: gettext("the die shows {colour} {pips}").format(colour=pgettext("colour", a.color),
                                                                             pips=a.pips),
        "reveal_card": lambda: gettext("reveal the {}").format(card_text(a.card)),
        "take_card": lambda: gettext("take the {}").format(card_text(a.card)),
        "place_truck": lambda: gettext("place the truck on {}").format(f"({a.row}, {COMPONENTS.truck_entry_column})"),
        "drive_to": lambda: gettext("drive the truck to {}").format(f"({a.row}, {a.col})"),
        "advance_locomotive": lambda: gettext("advance the locomotive one space"),
        "take_oil": lambda: gettext("take an oil chip into storage at {}").format(COMPANIES[a.company]),
        "end_movement": lambda: gettext("end movement"),
        "build": lambda: gettext("build a derrick at {}").format(f"({a.row}, {a.col})"),
        "skip_build": lambda: gettext("build nothing"),
        "let_chip_go": lambda: gettext("let the chip go"),
        "bid": lambda: gettext("bid {}").format(a.amount),
        "pass": lambda: pgettext("auction", "pass"),
        "pay_licenses": lambda: gettext("pay {}").format(licenses_text(a.ones, a.twos)),
        "sell": lambda: gettext("sell {}").format(say_count(a.chips, "chip")),
    }
    return simple[kind]() if kind in simple else str(action)
