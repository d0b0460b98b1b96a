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
from gamekit.i18n import N_, SOURCE, using
from gamekit.i18n.say import Later, Say, Text, joined, listing
from gamekit.words import say_count
from gamekit.questions import Kind, Question, QuestionSet, choices, find_state, judgement_question, rule_question

from . import rules as R
from .actions import AdvanceLocomotive, Bid, DriveTo, Pass, RollPrice, Transport
from .board import TERRAIN, cheapest_path, reachable
from .coach import say
from .components import COMPONENTS, SITES, row_col, square
from .game import new_game, scenario
from .prices import DIE_FACES, TRACK, ZONE, clamp, move_marker, price
from .rules.auction import max_bid
from .rules.movement import LAST_SPACE, RAIL_COST, no_stop, stranded
from .rules.production import FEE, carriers
from .rules.scoring import ranking, tie_note
from .state import State
from .text import WORDING

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


def _locomotives(s: State) -> Text:
    """Every locomotive's rail space, in words."""
    own = joined([say("{:name} {}", p, s.locos[p]) for p in range(s.n)])
    return say("the locomotives stand on rail spaces {} (black {})", own, s.black)


def _picture_part(action: Action, player: int) -> str | None:
    """The part of the board picture a click on which chooses ``action`` (:func:`giganten.pictures.target_of`,
    imported here: the pictures bring matplotlib, which the rules never load)."""
    from .pictures import target_of

    return target_of(action, player)


def _first_event(after: GameState, section: str) -> Text:
    """The first event of the last apply in ``section`` (the engine's words for the move asked about, worded
    when read)."""
    with using(SOURCE):
        index = next(i for i, e in enumerate(after.events) if e.section == section)
    return _event_at(after, index)


def _event_at(after: GameState, index: int) -> Text:
    """The text of the event ``index`` of the last apply, worded when read (a state words its events when they
    are read)."""
    return Later(lambda: after.events[index].text)


def _money(amount: int) -> Say:
    """An amount of dollars as an option (its amount the key it is sorted by)."""
    return say("{:money}", amount)


def _points(k: int, noun: str = "point") -> Later:
    """A count as an option: "3 points" ("3 point", "3 Punkte")."""
    return Later(say_count, k, noun)


def _amount(option: Text) -> int:
    """The number an option of amounts or counts is sorted by."""
    return cast(Say | Later, option).args[0]


# -- Action 1: the new price, the zones ---------------------------------------------------------------------

def _at_roll(s: State) -> bool:
    return s.phase == R.ROLL


def ask_new_price(s: State, rng: random.Random) -> Question:
    """Action 1: the die shows a face for the company rolled for; what is its new price?"""
    c, old = s.cursor, s.prices[s.cursor]
    color, pips = rng.choice(DIE_FACES)
    new = move_marker(old, (color, pips))
    wrong = [clamp(old + d * k) for d in (1, -1) for k in (pips, pips + 1, pips - 1)] + [old]
    options, answer = choices(rng, _money(price(new)), [_money(price(i)) for i in wrong], key=_amount)
    why = _first_event(s.apply(RollPrice(color, pips)), R.A1)
    prompt = say("Action 1: {:name} rolls the price die for {:company}, whose marker stands at {:price}. The die "
                 "shows {} {}. What is the new price of {:company}?", s.start, c, old, Say(color, context="colour"),
                 pips, c)
    return rule_question("new_price", s, s.start, prompt, options, answer, why, R.A1)


ZONE_RULE = {"red": N_("red zone: every number moves the marker up"),
             "white": N_("white zone: a blue number moves it up, a red number down"),
             "blue": N_("blue zone: every number moves the marker down")}


def zone_prices(zone: str) -> Say:
    """The prices of a zone: "$1,500 to $3,500"."""
    inside = [p for p, z in zip(TRACK, ZONE) if z == zone]
    return say("{:money} to {:money}", inside[0], inside[-1])


def ask_price_zone(s: State, rng: random.Random) -> Question:
    """Action 1: in which zone is the marker of the company rolled for, and so which way does the die move it?"""
    c = s.cursor
    zone = ZONE[s.prices[c]]
    options = tuple(Say(rule) for rule in ZONE_RULE.values())
    prompt = say("Action 1: {:name} rolls the price die for {:company}, whose marker stands at {:price}. In which "
                 "zone is the marker, and which way will the die move it?", s.start, c, s.prices[c])
    why = say("{:price} lies in the red zone ({}); the red zone runs {}, the white {}, the blue {}." if zone == "red"
              else "{:price} lies in the white zone ({}); the red zone runs {}, the white {}, the blue {}."
              if zone == "white" else
              "{:price} lies in the blue zone ({}); the red zone runs {}, the white {}, the blue {}.",
              s.prices[c], zone_prices(zone), zone_prices("red"), zone_prices("white"), zone_prices("blue"))
    return rule_question("price_zone", s, s.start, prompt, options, list(ZONE_RULE).index(zone), why, R.A1)


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
    options, answer = choices(rng, _points(cost), [_points(k) for k in range(1, s.mp + 2)], key=_amount)
    prompt = say("Action 4 a): {:name}'s truck stands on {:cell} with {:count movement point} left. How many "
                 "points does driving it to {:cell} cost, the cheapest way?", p, s.trucks[p], s.mp,
                 square(action.row, action.col))
    why = say("{} A truck pays 1 / 2 / 3 points to enter a flat / hill / mountain square, whatever lies on it; "
              "squares with derricks may not be entered.", _first_event(s.apply(action), R.A4A))
    return rule_question("truck_cost", s, p, prompt, options, answer, why, R.A4A)


def _reach_reasons(s: State, p: int) -> dict[int, Text]:
    """Squares near the truck that it may NOT drive to now, each with the reason."""
    cell, mp = s.trucks[p], s.mp
    blocked, within = no_stop(s, p), reachable(cell, mp, s.derrick_cells)
    r0, c0 = row_col(cell)
    out: dict[int, Text] = {}
    for target in range(len(TERRAIN)):
        r, c = row_col(target)
        if target == cell or abs(r - r0) + abs(c - c0) > mp + 2:
            continue
        if s.derrick_cells >> target & 1:
            out[target] = say("{:cell} has a derrick: a truck may not enter it.", target)
        elif blocked >> target & 1 and within >> target & 1:
            out[target] = say("{:cell} holds a face-down tile: a truck may cross it but not stop on it."
                              if s.tile_cells >> target & 1 else
                              "{:cell} holds an opposing truck: a truck may cross it but not stop on it.", target)
        elif not within >> target & 1:
            out[target] = say("{:cell} costs more than the {:count point} left to reach.", target, mp)
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
    because = [reasons.get(t) or say("{:cell} is {:count point} away, the cheapest way, and the truck may stop "
                                     "there.", t, drive_cost(s, action)) for t in picked]
    prompt = say("Action 4 a): {:name}'s truck stands on {:cell} with {:count movement point} left. Which of these "
                 "squares may it drive to and stop on?", p, s.trucks[p], s.mp)
    why = Say("Entering a flat / hill / mountain square costs 1 / 2 / 3 points; face-down tiles and opposing trucks "
              "may be crossed but not stopped on; derricks may not be entered.")
    return rule_question("truck_reach", s, p, prompt, [say("{:cell}", t) for t in picked], picked.index(right), why,
                         R.A4A,
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
    options, answer = choices(rng, _points(k, "rail space"), [_points(j, "rail space") for j in range(1, s.mp + 2)],
                              key=_amount)
    costs = joined([say("space {} costs {}", i, RAIL_COST[i])
                    for i in range(s.locos[p] + 1, min(LAST_SPACE, s.locos[p] + k + 1) + 1)])
    prompt = say("Action 4 c): {:name}'s locomotive stands on rail space {}, and {:name} has {:count movement point} "
                 "left. How many rail spaces can the locomotive advance if {:name} spends them all on it?", p,
                 s.locos[p], p, s.mp, p)
    why = say("The locomotive enters one rail space at a time, paying the cost printed for the space entered ({}): "
              "{:count point} take it to space {}.", costs, s.mp, s.locos[p] + k)
    return rule_question("locomotive", s, p, prompt, options, answer, why, R.A4C)


# -- Action 6: who is paid for a transport ----------------------------------------------------------------------

FREE = N_("nobody: the own locomotive carries it free")


def _transport_wanted(s: State) -> bool:
    return s.phase == R.PRODUCE


def paid_text(payees: list[int]) -> Say:
    """Who receives the transport fee: "$3,000 to Blue", "$1,500 each to Blue and Green", "$3,000 to the bank"."""
    if not payees:
        return say("{:money} to the bank", FEE)
    if len(payees) == 1:
        return say("{:money} to {:name}", FEE, payees[0])
    return say("{:money} each to {}", FEE // len(payees), listing([say("{:name}", q) for q in sorted(payees)]))


def transport_text(own: bool, black: bool, rivals: list[int] | None) -> Say:
    """The ways a chip may be carried, as who is paid: free, or the bank and/or the opponents ahead."""
    if own:
        return Say(FREE)
    if black and rivals:
        return say("{} or {}", paid_text([]), paid_text(rivals))
    return paid_text([] if black else rivals or [])


def ask_transport(s: State, rng: random.Random) -> Question:
    """Action 6: a derrick produced a chip; who is paid for carrying it, and how much?"""
    p, site = s.in_turn(), s.chip_site
    black, rivals = carriers(s, p, site)
    right = transport_text(s.locos[p] >= SITES[site].col, black, rivals)
    others = [q for q in range(s.n) if q != p]
    groups = [list(group) for k in range(1, len(others) + 1) for group in itertools.combinations(others, k)]
    wrong = [Say(FREE), paid_text([])] + [transport_text(False, b, group) for group in groups for b in (False, True)]
    options, answer = choices(rng, right, wrong)
    where = SITES[site]
    prompt = say("Action 6: {:name}'s derrick at {:cell} (column {}) produces a chip, and {}. Who is paid for "
                 "carrying the chip into {:name}'s storage, and how much?", p, square(where.row, where.col), where.col,
                 _locomotives(s), p)
    carried = [s.apply(a) for a in s.legal_actions() if isinstance(a, Transport) and a.company == 0]
    why = joined([_first_event(after, R.A6) for after in carried], " ")
    return rule_question("transport", s, p, prompt, options, answer, why, R.A6)


# -- Action 7 a): bids and bluffs --------------------------------------------------------------------------------

def _bid_wanted(s: State) -> bool:
    return s.phase == R.BID


def _house_rule(s: State, p: int) -> Say:
    if s.opts.bluff_bids:
        return say("with the variant bluff_bids a player holding license cards may bid up to the most any hand could "
                   "pay ({})", max_bid(s, p))
    return say("the kit's house rule G5 allows at most twice the cards held ({:count card}: {}), the most such a "
               "hand could pay", s.license_count(p), max_bid(s, p))


def _bids_text(low: int, high: int) -> Say:
    return say("only {}", low) if low == high else say("{} to {}", low, high, context="range")


def _auction_words(s: State, p: int) -> Say:
    a = s.auction
    assert a is not None
    high = (say("the high bid is {} ({:name})", a.high_bid, a.high_bidder) if a.high_bidder is not None
            else Say("no bid yet"))
    return say("Action 7 a) (variant bluff_bids): the auction at {:company}, {}. {:name} holds {:count license card} "
               "worth {}" if s.opts.bluff_bids else
               "Action 7 a): the auction at {:company}, {}. {:name} holds {:count license card} worth {}",
               a.company, high, p, s.license_count(p), s.license_value(p))


def ask_legal_bids(s: State, rng: random.Random) -> Question:
    """Action 7 a): which bids may the bidder make?"""
    p, a = s.auc_turn, s.auction
    assert a is not None
    low, top = a.high_bid + 1, max_bid(s, p)
    cards, value = s.license_count(p), s.license_value(p)
    wrong = [(low, value), (low, 2 * cards + 1), (max(1, a.high_bid), top), (1, top), (low, top + 1),
             (low, COMPONENTS.license_value_total), (low, cards)]
    options, answer = choices(rng, _bids_text(low, top), [_bids_text(lo, hi) for lo, hi in wrong if hi >= lo],
                              key=lambda t: t.args)
    prompt = say("{}. Which bids may {:name} make (besides passing)?", _auction_words(s, p), p)
    why = say("Each bid is a sum of sales licenses, higher than the last ({}); a bid may exceed the own hand (ruling "
              "G5: the penalty implies it), and {}.", a.high_bid, _house_rule(s, p))
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
    options, answer = choices(rng, _points(lost, "license card"),
                              [_points(k, "license card") for k in (cards // 2, cards, cards - 1, 1, bid - lost)
                               if k >= 1], key=_amount)
    prompt = say("{}. {:name} bids {} and every other bidder passes. How many license cards does {:name} lose?",
                 _auction_words(s, p), p, bid, p)
    after = all_pass(s.apply(Bid(bid)), p)
    with using(SOURCE):
        penalty = next(i for i, e in enumerate(after.events) if e.section == R.A7A and "penalty" in e.text)
    why = _event_at(after, penalty)
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
    options, answer = choices(rng, _money(derricks * bonus[rank]), [_money(v) for v in wrong], key=_amount)
    prompt = say("End of Game: the black locomotive has reached the oil harbour, and {}. {:name} has "
                 "{:count derrick} on the board. What does the bonus for derricks pay {:name} (not counting the "
                 "chips)?", _locomotives(s), p, derricks, p)
    ranks = joined([say("{:money} for rank {}", b, i + 1) for i, b in enumerate(bonus[: s.n])])
    why = say("{:name}'s locomotive (space {}) is ranked {}: {:count derrick} x {:money} = {:money}. Every derrick "
              "still on the board pays its owner by the rank of the owner's locomotive ({}).", p, s.locos[p],
              rank + 1, derricks, bonus[rank], derricks * bonus[rank], ranks)
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


def _order_text(order: tuple[int, ...] | list[int]) -> Text:
    return say("{:name}", order[0]) if len(order) == 1 else say("{}, then {:name}", _order_text(order[:-1]), order[-1])


def ask_tie_break(s: State, rng: random.Random) -> Question:
    """End of Game: locomotives on one space; in which order do they rank?"""
    group = rng.choice([group for group in _tie_groups(s) if any(s.license_count(p) for p in group)])
    ranked = ranking(s)
    right = [p for p in ranked if p in group]
    orders = [_order_text(o) for o in itertools.permutations(group)]
    options, answer = choices(rng, _order_text(right), orders)
    by_cards = s.opts.tie_by_license_cards
    hands = joined([say("{:name} {:count card} worth {}", p, s.license_count(p), s.license_value(p)) for p in group],
                   "; ")
    p = s.current_player()
    prompt = say("End of Game (variant tie_by_license_cards): if the game ended now, in which order would the "
                 "locomotives on rail space {} rank? Their licenses (open hands): {}; {:name} started this round."
                 if by_cards else
                 "End of Game: if the game ended now, in which order would the locomotives on rail space {} rank? "
                 "Their licenses (open hands): {}; {:name} started this round.", s.locos[group[0]], hands, s.start)
    note = tie_note(s, right[0], ranked)
    why = say("{:name}{}. Locomotives on the same space: the player with more sales licenses ranks better (here: the "
              "number of license cards); still tied, the order of the interrupted round from its start player "
              "decides." if by_cards else
              "{:name}{}. Locomotives on the same space: the player with more sales licenses ranks better (here: the "
              "added-up value of the licenses); still tied, the order of the interrupted round from its start player "
              "decides.", right[0], Later(WORDING.text, note))
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
        where = (_auction_words(s, p) if s.phase == R.BID else
                 say("Action {}", R.PHASE_NAMES[s.phase].removeprefix("Action ")))
        prompt = say("Round {}, {}. You are {:name}, with {:money}, and {}. What would you do?", s.round, where, p,
                     s.money[p], _locomotives(s))
        return judgement_question(kind, s, prompt, R.SECTION_OF_PHASE[s.phase], samples=24,
                                  seed=rng.getrandbits(32), target=lambda action: _picture_part(action, p))

    return ask


def _kinds() -> list[_Asked]:
    return [
        _Asked("new_price", N_("The new price after a die face"), R.A1, _at_roll, ask_new_price,
               scenarios=("price_zones",)),
        _Asked("price_zone", N_("The price zone and where the die moves the marker"), R.A1, _at_roll, ask_price_zone,
               scenarios=("price_zones",)),
        _Asked("truck_cost", N_("What a truck move costs"), R.A4A, _truck_cost_wanted, ask_truck_cost),
        _Asked("truck_reach", N_("Where the truck may stop (click the square)"), R.A4A, _truck_reach_wanted,
               ask_truck_reach),
        _Asked("locomotive", N_("How far the locomotive goes"), R.A4C, _locomotive_wanted, ask_locomotive,
               scenarios=("locomotives_back",)),
        _Asked("transport", N_("Who is paid for a transport, and how much"), R.A6, _transport_wanted, ask_transport,
               scenarios=("transport_fee_tied",)),
        _Asked("legal_bids", N_("Which bids are legal"), R.A7A, _bid_wanted, ask_legal_bids, _bid_options,
               scenarios=("auction_bluff", "winner_cannot_pay", "only_twos_no_change")),
        _Asked("bluff", N_("What a bluff costs"), R.A7A, _bluff_wanted, ask_bluff, _bid_options,
               scenarios=("auction_bluff", "winner_cannot_pay")),
        _Asked("end_bonus", N_("The end bonus by locomotive rank"), R.END_OF_GAME, _end_wanted, ask_end_bonus,
               later=False, scenarios=("last_red_card",)),
        _Asked("tie_break", N_("The tie break of locomotives on one space"), R.END_OF_GAME, _tie_wanted, ask_tie_break,
               _tie_options),
        _Asked("which_card", N_("Which card would you take? (the coach judges)"), R.A2, _deciding(R.TAKE),
               _judge("which_card"), judgement=True),
        _Asked("what_bid", N_("What would you bid? (the coach judges)"), R.A7A, _deciding(R.BID), _judge("what_bid"),
               _bid_options, judgement=True, scenarios=("auction_bluff", "winner_cannot_pay")),
        _Asked("what_would_you_do", N_("What would you do? (the coach judges)"), f"{R.A2}; {R.A5}; {R.A6}; {R.A7}",
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
