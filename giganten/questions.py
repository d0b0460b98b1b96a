"""Giganten's questions (``giganten.questions``): rule questions the engine answers, and "what would you do?".

    import giganten as g
    g.questions.kinds()                           # the kinds, each with its rulebook section
    q = g.questions.make("new_price", seed=7)     # a position from seeded random play, a prompt, options
    q.check("$6,000")                             # right or not, why, and the section

Every kind finds its position by seeded random play from a new game (3 or 4 players, a random first
player; some kinds in a variant, named in the prompt) or, one try in five, from a scenario of its rule;
``level`` asks for a later round (the end bonus comes from any finished game).  ``kinds_at(state)`` and
``make_at(kind, state, seed=...)`` ask about a given position: a kind applies where its move can be made.
A question is asked of one seat and uses only what that seat may see: prices, locomotives, trucks,
derricks, tiles' places and the number of license cards are public; the seat's own licenses are its own;
the tie break at the end is asked in games with open license hands (the ``open_licenses`` teaching
variant), since it may depend on what the others hold.  The feedback is the engine's own event for the
move asked about, where there is one, and names the rulebook section.
"""
from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Any, Callable, cast

from gamekit import Action, GameState
from gamekit.questions import Kind, Question, QuestionSet, choices, find_state, judgement_question, rule_question
from gamekit.words import counted

from . import rules as R
from .actions import AdvanceLocomotive, Bid, DriveTo, Pass, RollPrice, Transport
from .board import TERRAIN, cheapest_path, reachable
from .components import COMPANIES, COMPONENTS, NAMES, SITES, cell_name, money, row_col, square
from .game import new_game, scenario
from .prices import DIE_FACES, TRACK, ZONE, clamp, move_marker, price
from .rules.auction import max_bid
from .rules.movement import LAST_SPACE, RAIL_COST, no_stop, stranded
from .rules.production import FEE, carriers
from .rules.scoring import ranking, tie_note
from .state import State

#: The most rounds a level adds to the earliest round a question's position may come from.
LATEST = 6
#: The share of tries that start from one of a kind's scenarios rather than from a new game.
FROM_SCENARIO = 0.2


@dataclass(frozen=True)
class _Asked:
    """A kind as this module writes it: which positions it wants, and how it asks about one."""

    name: str
    title: str
    section: str
    wanted: Callable[[State], bool]
    """Whether a state suits the kind (a later round, for a higher level, is asked for by :meth:`make`)."""
    ask: Callable[[State, random.Random], Question]
    options: Callable[[random.Random], dict[str, Any]] = lambda rng: {}
    judgement: bool = False
    later: bool = True
    """Whether a higher level asks for a later round."""
    scenarios: tuple[str, ...] = ()
    """Scenarios (``giganten.scenarios()``) play may also start from, one try in :data:`FROM_SCENARIO`."""
    fits: Callable[[State], bool] | None = None
    """Which given positions (a position file, a running table's) it may be asked about: those it wants, unless
    this says otherwise."""

    def make(self, rng: random.Random, level: int) -> Question:
        earliest = 1 + min(level, LATEST) + rng.randint(0, 2) if self.later else 1

        def start(r: random.Random) -> GameState:
            if self.scenarios and r.random() < FROM_SCENARIO:
                return scenario(r.choice(self.scenarios))
            players = r.choice((3, 4))
            return new_game(players, first_player=r.randrange(players), **self.options(r))

        def wanted(s: GameState) -> bool:
            state = cast(State, s)
            return state.round >= earliest and self.wanted(state)

        return self.ask(cast(State, find_state(start, wanted, rng)), rng)

    def applies(self, state: GameState) -> bool:
        """Whether a question of this kind can be asked about ``state`` (a position file, a running table's)."""
        return (self.fits or self.wanted)(cast(State, state))

    def at(self, state: GameState, rng: random.Random) -> Question:
        return self.ask(cast(State, state), rng)

    def kind(self) -> Kind:
        return Kind(self.name, self.title, self.section, self.judgement, self.make, self.applies, self.at)


def _name(p: int) -> str:
    return NAMES[p]


def _locomotives(s: State) -> str:
    """Every locomotive's rail space, in words."""
    own = ", ".join(f"{_name(p)} {s.locos[p]}" for p in range(s.n))
    return f"the locomotives stand on rail spaces {own} (black {s.black})"


def _picture_part(action: Action, player: int) -> str | None:
    """The part of the board picture a click on which chooses ``action`` (:func:`giganten.pictures.target_of`,
    imported here: the pictures bring matplotlib, which the rules never load)."""
    from .pictures import target_of

    return target_of(action, player)


def _first_event(after: GameState, section: str) -> str:
    """The first event of the last apply in ``section`` (the engine's words for the move asked about)."""
    return next(e.text for e in after.events if e.section == section)


# -- Action 1: the new price, the zones ---------------------------------------------------------------------

def _at_roll(s: State) -> bool:
    return s.phase == R.ROLL


def ask_new_price(s: State, rng: random.Random) -> Question:
    """Action 1: the die shows a face for the company rolled for; what is its new price?"""
    c, old = s.cursor, s.prices[s.cursor]
    color, pips = rng.choice(DIE_FACES)
    new = move_marker(old, (color, pips))
    wrong = [clamp(old + d * k) for d in (1, -1) for k in (pips, pips + 1, pips - 1)] + [old]
    options, answer = choices(rng, money(price(new)), [money(price(i)) for i in wrong],
                              key=lambda t: int(t.strip("$").replace(",", "")))
    why = _first_event(s.apply(RollPrice(color, pips)), R.A1)
    prompt = (f"Action 1: {_name(s.start)} rolls the price die for {COMPANIES[c]}, whose marker stands at "
              f"{money(price(old))}. The die shows {color} {pips}. What is the new price of {COMPANIES[c]}?")
    return rule_question("new_price", s, s.start, prompt, options, answer, why, R.A1)


ZONE_RULE = {"red": "red zone: every number moves the marker up",
             "white": "white zone: a blue number moves it up, a red number down",
             "blue": "blue zone: every number moves the marker down"}


def zone_prices(zone: str) -> str:
    """The prices of a zone: "$1,500 to $3,500"."""
    inside = [p for p, z in zip(TRACK, ZONE) if z == zone]
    return f"{money(inside[0])} to {money(inside[-1])}"


def ask_price_zone(s: State, rng: random.Random) -> Question:
    """Action 1: in which zone is the marker of the company rolled for, and so which way does the die move it?"""
    c = s.cursor
    zone = ZONE[s.prices[c]]
    options = tuple(ZONE_RULE.values())
    prompt = (f"Action 1: {_name(s.start)} rolls the price die for {COMPANIES[c]}, whose marker stands at "
              f"{money(price(s.prices[c]))}. In which zone is the marker, and which way will the die move it?")
    why = (f"{money(price(s.prices[c]))} lies in the {zone} zone ({zone_prices(zone)}); the red zone runs "
           f"{zone_prices('red')}, the white {zone_prices('white')}, the blue {zone_prices('blue')}.")
    return rule_question("price_zone", s, s.start, prompt, options, options.index(ZONE_RULE[zone]), why, R.A1)


# -- Action 4: the truck and the locomotive -------------------------------------------------------------------

def _moving(s: State) -> int | None:
    """The player moving with the truck on the board and free to stop where it stands (None otherwise)."""
    if s.phase != R.MOVE:
        return None
    p = s.in_turn()
    return p if s.trucks[p] >= 0 and not stranded(s, p, no_stop(s, p)) else None


def _drives(s: State) -> list[DriveTo]:
    return [a for a in s.legal_actions() if isinstance(a, DriveTo)]


def drive_cost(s: State, action: DriveTo) -> int:
    """Action 4 a): the points a cheapest way to the square costs (flat 1, hill 2, mountain 3 to enter)."""
    path = cheapest_path(s.trucks[s.in_turn()], square(action.row, action.col), s.mp, s.derrick_cells)
    assert path is not None  # (a legal drive)
    return sum(TERRAIN[c] for c in path)


def _truck_cost_wanted(s: State) -> bool:
    return _moving(s) is not None and any(drive_cost(s, a) >= 2 for a in _drives(s))


def ask_truck_cost(s: State, rng: random.Random) -> Question:
    """Action 4 a): what does driving the truck to a square cost?"""
    p = s.in_turn()
    action = rng.choice([a for a in _drives(s) if drive_cost(s, a) >= 2])
    cost = drive_cost(s, action)
    options, answer = choices(rng, counted(cost, "point"), [counted(k, "point") for k in range(1, s.mp + 2)],
                              key=lambda t: int(t.split()[0]))
    where = cell_name(square(action.row, action.col))
    prompt = (f"Action 4 a): {_name(p)}'s truck stands on {cell_name(s.trucks[p])} with "
              f"{counted(s.mp, 'movement point')} left. How many points does driving it to {where} cost, the "
              "cheapest way?")
    why = (f"{_first_event(s.apply(action), R.A4A)} A truck pays 1 / 2 / 3 points to enter a flat / hill / mountain "
           "square, whatever lies on it; squares with derricks may not be entered.")
    return rule_question("truck_cost", s, p, prompt, options, answer, why, R.A4A)


def _reach_reasons(s: State, p: int) -> dict[int, str]:
    """Squares near the truck that it may NOT drive to now, each with the reason."""
    cell, mp = s.trucks[p], s.mp
    blocked, within = no_stop(s, p), reachable(cell, mp, s.derrick_cells)
    r0, c0 = row_col(cell)
    out = {}
    for target in range(len(TERRAIN)):
        r, c = row_col(target)
        if target == cell or abs(r - r0) + abs(c - c0) > mp + 2:
            continue
        if s.derrick_cells >> target & 1:
            out[target] = f"{cell_name(target)} has a derrick: a truck may not enter it."
        elif blocked >> target & 1 and within >> target & 1:
            what = "a face-down tile" if s.tile_cells >> target & 1 else "an opposing truck"
            out[target] = f"{cell_name(target)} holds {what}: a truck may cross it but not stop on it."
        elif not within >> target & 1:
            out[target] = f"{cell_name(target)} costs more than the {counted(mp, 'point')} left to reach."
    return out


def _truck_reach_wanted(s: State) -> bool:
    p = _moving(s)
    return p is not None and bool(_drives(s)) and len(_reach_reasons(s, p)) >= 3


def ask_truck_reach(s: State, rng: random.Random) -> Question:
    """Action 4 a): which of these squares may the truck drive to and stop on? (click the square)"""
    p = s.in_turn()
    action = rng.choice(_drives(s))
    right = square(action.row, action.col)
    reasons = _reach_reasons(s, p)
    picked = rng.sample(sorted(reasons), 3) + [right]
    rng.shuffle(picked)
    because = [reasons.get(t) or f"{cell_name(t)} is {counted(drive_cost(s, action), 'point')} away, the cheapest "
               "way, and the truck may stop there." for t in picked]
    prompt = (f"Action 4 a): {_name(p)}'s truck stands on {cell_name(s.trucks[p])} with "
              f"{counted(s.mp, 'movement point')} left. Which of these squares may it drive to and stop on?")
    why = ("Entering a flat / hill / mountain square costs 1 / 2 / 3 points; face-down tiles and opposing trucks "
           "may be crossed but not stopped on; derricks may not be entered.")
    return rule_question("truck_reach", s, p, prompt, [cell_name(t) for t in picked], picked.index(right), why, R.A4A,
                         targets=[_picture_part(DriveTo(*row_col(t)), p) for t in picked], because=because)


def rail_spaces(s: State, p: int) -> int:
    """Action 4 c): how many rail spaces p's locomotive can enter with the points left (each space costs the
    points printed on it)."""
    space, left = s.locos[p], s.mp
    while space < LAST_SPACE and RAIL_COST[space + 1] <= left:
        space += 1
        left -= RAIL_COST[space]
    return space - s.locos[p]


def _locomotive_wanted(s: State) -> bool:
    return _moving(s) is not None and AdvanceLocomotive() in s.legal_actions()


def ask_locomotive(s: State, rng: random.Random) -> Question:
    """Action 4 c): how far can the locomotive go with the points left?"""
    p = s.in_turn()
    k = rail_spaces(s, p)
    options, answer = choices(rng, counted(k, "rail space"), [counted(j, "rail space") for j in range(1, s.mp + 2)],
                              key=lambda t: int(t.split()[0]))
    costs = ", ".join(f"space {i} costs {RAIL_COST[i]}" for i in range(s.locos[p] + 1, min(LAST_SPACE, s.locos[p]
                                                                                              + k + 1) + 1))
    prompt = (f"Action 4 c): {_name(p)}'s locomotive stands on rail space {s.locos[p]}, and {_name(p)} has "
              f"{counted(s.mp, 'movement point')} left. How many rail spaces can the locomotive advance if "
              f"{_name(p)} spends them all on it?")
    why = (f"The locomotive enters one rail space at a time, paying the cost printed for the space entered "
           f"({costs}): {counted(s.mp, 'point')} take it to space {s.locos[p] + k}.")
    return rule_question("locomotive", s, p, prompt, options, answer, why, R.A4C)


# -- Action 6: who is paid for a transport ----------------------------------------------------------------------

FREE = "nobody: the own locomotive carries it free"


def _transport_wanted(s: State) -> bool:
    return s.phase == R.PRODUCE


def paid_text(payees: list[int]) -> str:
    """Who receives the transport fee: "$3,000 to Blue", "$1,500 each to Blue and Green", "$3,000 to the bank"."""
    if not payees:
        return f"{money(FEE)} to the bank"
    names = [_name(q) for q in sorted(payees)]
    if len(names) == 1:
        return f"{money(FEE)} to {names[0]}"
    return f"{money(FEE // len(names))} each to {', '.join(names[:-1])} and {names[-1]}"


def transport_text(own: bool, black: bool, rivals: list[int] | None) -> str:
    """The ways a chip may be carried, as who is paid: free, or the bank and/or the opponents ahead."""
    if own:
        return FREE
    ways = ([paid_text([])] if black else []) + ([paid_text(rivals)] if rivals else [])
    return " or ".join(ways)


def ask_transport(s: State, rng: random.Random) -> Question:
    """Action 6: a derrick produced a chip; who is paid for carrying it, and how much?"""
    p, site = s.in_turn(), s.chip_site
    black, rivals = carriers(s, p, site)
    right = transport_text(s.locos[p] >= SITES[site].col, black, rivals)
    others = [q for q in range(s.n) if q != p]
    groups = [list(group) for k in range(1, len(others) + 1) for group in itertools.combinations(others, k)]
    wrong = [FREE, paid_text([])] + [transport_text(False, b, group) for group in groups for b in (False, True)]
    options, answer = choices(rng, right, wrong)
    where = SITES[site]
    prompt = (f"Action 6: {_name(p)}'s derrick at {cell_name(square(where.row, where.col))} (column {where.col}) "
              f"produces a chip, and {_locomotives(s)}. Who is paid for carrying the chip into {_name(p)}'s storage, "
              "and how much?")
    carried = [s.apply(a) for a in s.legal_actions() if isinstance(a, Transport) and a.company == 0]
    why = " ".join(_first_event(after, R.A6) for after in carried)
    return rule_question("transport", s, p, prompt, options, answer, why, R.A6)


# -- Action 7 a): bids and bluffs --------------------------------------------------------------------------------

def _bid_wanted(s: State) -> bool:
    return s.phase == R.BID


def _house_rule(s: State, p: int) -> str:
    if s.opts.bluff_bids:
        return (f"with the variant bluff_bids a player holding license cards may bid up to the most any hand could "
                f"pay ({max_bid(s, p)})")
    return (f"the kit's house rule G5 allows at most twice the cards held ({counted(s.license_count(p), 'card')}: "
            f"{max_bid(s, p)}), the most such a hand could pay")


def _bids_text(low: int, high: int) -> str:
    return f"only {low}" if low == high else f"{low} to {high}"


def _auction_words(s: State, p: int) -> str:
    a = s.auction
    assert a is not None
    high = f"the high bid is {a.high_bid} ({_name(a.high_bidder)})" if a.high_bidder is not None else "no bid yet"
    variant = " (variant bluff_bids)" if s.opts.bluff_bids else ""
    return (f"Action 7 a){variant}: the auction at {COMPANIES[a.company]}, {high}. {_name(p)} holds "
            f"{counted(s.license_count(p), 'license card')} worth {s.license_value(p)}")


def ask_legal_bids(s: State, rng: random.Random) -> Question:
    """Action 7 a): which bids may the bidder make?"""
    p, a = s.auc_turn, s.auction
    assert a is not None
    low, top = a.high_bid + 1, max_bid(s, p)
    cards, value = s.license_count(p), s.license_value(p)
    wrong = [(low, value), (low, 2 * cards + 1), (max(1, a.high_bid), top), (1, top), (low, top + 1),
             (low, COMPONENTS.license_value_total), (low, cards)]
    options, answer = choices(rng, _bids_text(low, top), [_bids_text(lo, hi) for lo, hi in wrong if hi >= lo],
                              key=lambda t: [int(x) for x in t.replace("only", "").split(" to ")])
    prompt = f"{_auction_words(s, p)}. Which bids may {_name(p)} make (besides passing)?"
    why = (f"Each bid is a sum of sales licenses, higher than the last ({a.high_bid}); a bid may exceed the own "
           f"hand (ruling G5: the penalty implies it), and {_house_rule(s, p)}.")
    return rule_question("legal_bids", s, p, prompt, options, answer, why, R.A7A)


def _bluff_range(s: State) -> tuple[int, int]:
    """The bids of the bidder above both the high bid and the value of the own hand (empty when low > high)."""
    p = s.auc_turn
    return max(s.auc_high, s.license_value(p)) + 1, max_bid(s, p)


def _bluff_wanted(s: State) -> bool:
    """A bidder holding two license cards or more (one card always loses one) who may bid more than the hand is
    worth."""
    if not _bid_wanted(s) or s.license_count(s.auc_turn) < 2:
        return False
    low, high = _bluff_range(s)
    return low <= high


def ask_bluff(s: State, rng: random.Random) -> Question:
    """Action 7 a): a bid the hand cannot pay wins; how many license cards does the penalty take?"""
    p = s.auc_turn
    low, high = _bluff_range(s)
    bid = rng.randint(low, min(high, low + 3))
    cards = s.license_count(p)
    lost = penalty_cards(cards)
    options, answer = choices(rng, counted(lost, "license card"),
                              [counted(k, "license card") for k in (cards // 2, cards, cards - 1, 1, bid - lost)
                               if k >= 1], key=lambda t: int(t.split()[0]))
    prompt = (f"{_auction_words(s, p)}. {_name(p)} bids {bid} and every other bidder passes. How many license cards "
              f"does {_name(p)} lose?")
    after = all_pass(s.apply(Bid(bid)), p)
    why = next(e.text for e in after.events if e.section == R.A7A and "penalty" in e.text)
    return rule_question("bluff", s, p, prompt, options, answer, why, R.A7A)


def penalty_cards(cards: int) -> int:
    """Action 7 a): a winner who cannot pay loses half of the license cards, rounded up."""
    return (cards + 1) // 2


def all_pass(s: GameState, bidder: int) -> GameState:
    """Every other bidder passes until the auction is decided (the events of the last pass are kept)."""
    while cast(State, s).phase == R.BID and s.current_player() != bidder:
        s = s.apply(Pass())
    return s


# -- End of Game: the bonus by locomotive rank, the tie break -------------------------------------------------

def _untied(s: State, p: int) -> bool:
    return sum(1 for q in range(s.n) if s.locos[q] == s.locos[p]) == 1


def _bonus_seats(s: State) -> list[int]:
    """Players at the end with derricks on the board whose locomotive shares its space with none (their rank does
    not depend on licenses the others cannot see)."""
    return [p for p in range(s.n) if s.derrick_sites(p) and _untied(s, p)]


def _end_wanted(s: State) -> bool:
    return s.is_terminal() and bool(_bonus_seats(s))


def ask_end_bonus(s: State, rng: random.Random) -> Question:
    """End of Game: what does the derrick bonus pay a player, by the rank of the player's locomotive?"""
    p = rng.choice(_bonus_seats(s))
    derricks = len(s.derrick_sites(p))
    rank = ranking(s).index(p)
    bonus = COMPONENTS.end_derrick_bonus
    wrong = [k * b for k in (derricks - 1, derricks, derricks + 1) for b in bonus[: s.n] if k >= 1]
    options, answer = choices(rng, money(derricks * bonus[rank]), [money(v) for v in wrong],
                              key=lambda t: int(t.strip("$").replace(",", "")))
    prompt = (f"End of Game: the black locomotive has reached the oil harbour, and {_locomotives(s)}. {_name(p)} has "
              f"{counted(derricks, 'derrick')} on the board. What does the bonus for derricks pay {_name(p)} (not "
              "counting the chips)?")
    ranks = ", ".join(f"{money(b)} for rank {i + 1}" for i, b in enumerate(bonus[: s.n]))
    why = (f"{_name(p)}'s locomotive (space {s.locos[p]}) is ranked {rank + 1}: {counted(derricks, 'derrick')} x "
           f"{money(bonus[rank])} = {money(derricks * bonus[rank])}. Every derrick still on the board pays its owner "
           f"by the rank of the owner's locomotive ({ranks}).")
    return rule_question("end_bonus", s, p, prompt, options, answer, why, R.END_OF_GAME)


def _tie_groups(s: State) -> list[list[int]]:
    """The groups of two or more locomotives on the same space."""
    by_space: dict[int, list[int]] = {}
    for p in range(s.n):
        by_space.setdefault(s.locos[p], []).append(p)
    return [group for group in by_space.values() if len(group) >= 2]


def _tie_wanted(s: State) -> bool:
    """A decision with locomotives on one space, one of them with licenses to count, in a game with open license
    hands (the tie break may depend on what the others hold)."""
    return (s.opts.open_licenses and not s.is_chance() and not s.is_terminal()
            and any(s.license_count(p) for group in _tie_groups(s) for p in group))


def _order_text(order: tuple[int, ...] | list[int]) -> str:
    return ", then ".join(_name(p) for p in order)


def ask_tie_break(s: State, rng: random.Random) -> Question:
    """End of Game: locomotives on one space; in which order do they rank?"""
    group = rng.choice([group for group in _tie_groups(s) if any(s.license_count(p) for p in group)])
    ranked = ranking(s)
    right = [p for p in ranked if p in group]
    orders = [_order_text(o) for o in itertools.permutations(group)]
    options, answer = choices(rng, _order_text(right), orders)
    counts = "number of license cards" if s.opts.tie_by_license_cards else "added-up value of the licenses"
    hands = "; ".join(f"{_name(p)} {counted(s.license_count(p), 'card')} worth {s.license_value(p)}" for p in group)
    variant = " (variant tie_by_license_cards)" if s.opts.tie_by_license_cards else ""
    p = s.current_player()
    prompt = (f"End of Game{variant}: if the game ended now, in which order would the locomotives on rail space "
              f"{s.locos[group[0]]} rank? Their licenses (open hands): {hands}; {_name(s.start)} started this round.")
    why = (f"{_name(right[0])}{tie_note(s, right[0], ranked)}. Locomotives on the same space: the player with more "
           f"sales licenses ranks better (here: the {counts}); still tied, the order of the interrupted round from "
           "its start player decides.")
    return rule_question("tie_break", s, p, prompt, options, answer, why, R.END_OF_GAME)


def _tie_options(rng: random.Random) -> dict[str, Any]:
    return {"open_licenses": True, "tie_by_license_cards": rng.random() < 0.3}


def _bid_options(rng: random.Random) -> dict[str, Any]:
    return {"bluff_bids": rng.random() < 0.3}


# -- judgement: what would you do? -----------------------------------------------------------------------------

JUDGED = (R.TAKE, R.BUILD, R.PRODUCE, R.BID, R.SELL)
"""The decisions "what would you do?" asks about: a card, a build, a transport, a bid, a sale."""


def _deciding(*phases: int) -> Callable[[State], bool]:
    """Positions where the seat to move has a choice in one of ``phases``."""
    def wanted(s: State) -> bool:
        return s.phase in phases and len(s.legal_actions()) >= 2

    return wanted


def _any_choice(s: State) -> bool:
    """A seat to move with a choice, whatever it is about (a given position: "what would you do?" is asked there)."""
    return s.current_player() is not None and len(s.legal_actions()) >= 2


def _judge(kind: str) -> Callable[[State, random.Random], Question]:
    """The coach-judged question ``kind``: the seat to move chooses; the coach ranks its options."""
    def ask(s: State, rng: random.Random) -> Question:
        p = s.current_player()
        assert p is not None
        where = _auction_words(s, p) if s.phase == R.BID else R.PHASE_NAMES[s.phase]
        prompt = (f"Round {s.round}, {where}. You are {_name(p)}, with {money(s.money[p])}, and {_locomotives(s)}. "
                  "What would you do?")
        return judgement_question(kind, s, prompt, R.SECTION_OF_PHASE[s.phase], samples=24,
                                  seed=rng.getrandbits(32), target=lambda action: _picture_part(action, p))

    return ask


def _kinds() -> list[_Asked]:
    return [
        _Asked("new_price", "The new price after a die face", R.A1, _at_roll, ask_new_price,
               scenarios=("price_zones",)),
        _Asked("price_zone", "The price zone and where the die moves the marker", R.A1, _at_roll, ask_price_zone,
               scenarios=("price_zones",)),
        _Asked("truck_cost", "What a truck move costs", R.A4A, _truck_cost_wanted, ask_truck_cost),
        _Asked("truck_reach", "Where the truck may stop (click the square)", R.A4A, _truck_reach_wanted,
               ask_truck_reach),
        _Asked("locomotive", "How far the locomotive goes", R.A4C, _locomotive_wanted, ask_locomotive,
               scenarios=("locomotives_back",)),
        _Asked("transport", "Who is paid for a transport, and how much", R.A6, _transport_wanted, ask_transport,
               scenarios=("transport_fee_tied",)),
        _Asked("legal_bids", "Which bids are legal", R.A7A, _bid_wanted, ask_legal_bids, _bid_options,
               scenarios=("auction_bluff", "winner_cannot_pay", "only_twos_no_change")),
        _Asked("bluff", "What a bluff costs", R.A7A, _bluff_wanted, ask_bluff, _bid_options,
               scenarios=("auction_bluff", "winner_cannot_pay")),
        _Asked("end_bonus", "The end bonus by locomotive rank", R.END_OF_GAME, _end_wanted, ask_end_bonus,
               later=False, scenarios=("last_red_card",)),
        _Asked("tie_break", "The tie break of locomotives on one space", R.END_OF_GAME, _tie_wanted, ask_tie_break,
               _tie_options),
        _Asked("which_card", "Which card would you take? (the coach judges)", R.A2, _deciding(R.TAKE),
               _judge("which_card"), judgement=True),
        _Asked("what_bid", "What would you bid? (the coach judges)", R.A7A, _deciding(R.BID), _judge("what_bid"),
               _bid_options, judgement=True, scenarios=("auction_bluff", "winner_cannot_pay")),
        _Asked("what_would_you_do", "What would you do? (the coach judges)", f"{R.A2}; {R.A5}; {R.A6}; {R.A7}",
               _deciding(*JUDGED), _judge("what_would_you_do"), judgement=True,
               scenarios=("two_derrick_tile", "auction_bluff"), fits=_any_choice),
    ]


KINDS = {k.name: k for k in _kinds()}
"""Each kind with what it wants and how it asks (tests ask twin states with ``KINDS[name].ask``)."""
QUESTIONS = QuestionSet([k.kind() for k in KINDS.values()])
"""Giganten's questions: ``giganten.questions.kinds()`` and ``giganten.questions.make(kind, seed=...)``."""
kinds = QUESTIONS.kinds
make = QUESTIONS.make
kinds_at = QUESTIONS.kinds_at
make_at = QUESTIONS.make_at
