"""The Giganten coach: a seat's options ranked in dollars of final money and in the chance of winning.

``coach(state)`` (or ``gamekit.coach.coach(state)``) ranks the options of the seat to move;
``review(game)`` judges the moves of a finished game; both are :mod:`gamekit.coach` with the model
below.  The model: every sample re-deals what the seat cannot see (the others' license hands, the
face-down tiles its truck has not passed: ``state.determinize``), applies the option, and plays the
round out with the heuristic for every player (:class:`giganten.bots.HeuristicBot`); at the first
decision of the next round (or at the end of the game, when the money is exact) each player's final
money is estimated from :func:`giganten.bots.estimated_returns` (money, stored chips, licenses,
derricks), calibrated on recorded games (``CALIBRATION``), and the chance of winning from those
estimates.  The sentences name the rule (Action 2c, 5, 6, 7, 8) and the dollars at stake.
"""
from __future__ import annotations

import random
from typing import Any, Sequence, cast

from gamekit import Action, GameState
from gamekit.coach import Advice, CalibratedModel, Knot, Option
from gamekit.i18n import N_, format_money
from gamekit.i18n.say import Later, Say, Text
from gamekit.mcts import advance
from gamekit.play import sample_chance

from . import rules as R
from .actions import (AdvanceLocomotive, Bid, Build, LetChipGo, Pass, PayLicenses, Sell, SkipBuild, TakeCard,
                      Transport)
from .bots import LIMIT, OVERFILL, HeuristicBot, estimated_returns
from .components import CARDS, COMPONENTS, SITES, TILE_KINDS
from .observe import unseen_tiles
from .prices import TRACK
from .rules.production import FEE
from .state import State
from .text import EVENT_FIELDS, WORDING, action_words, licenses_text, player_name

FIELDS = {**EVENT_FIELDS, "licenses": lambda ones_twos: licenses_text(*ones_twos)}
"""The format specs of the coach's and the questions' sentences: the events' (``{:name}``, ``{:money}`` ...)
and ``{:licenses}`` (license cards by value)."""


class say(Say):  # noqa: N801 -- called like a function, as gettext's ``_``; ``python -m gamekit.i18n extract`` finds it
    """A Giganten sentence worded when read (:class:`gamekit.i18n.say.Say` with the game's format specs)."""

    __slots__ = ()
    fields = FIELDS


def _words(text: str) -> str:
    """An English piece the rules build (a card's special action), in the reader's language."""
    return WORDING.text(text)


#: Per share of the black locomotive's way to the harbour: ``(progress, intercept, (weight of the money,
#: weight of the rest of the estimate), temperature, spread)`` -- final money = intercept + the weights x
#: :meth:`GigantenCoach.features`, the softmax temperature of the chance of winning, and the residual spread
#: of the final money (dollars).  Fitted by ``python benchmarks/calibrate_coach.py giganten --games 200
#: --processes 1`` on heuristic self-play (16,771 positions of 200 games; on 200 held-out games the
#: predicted win chances by decile, 0.008-0.77, match the shares won within 0.03).
CALIBRATION: tuple[Knot, ...] = (
    (0.1, 50624, (0.2133, 0.6091), 1.235e+04, 2.302e+04),
    (0.2, 32363, (0.9363, 0.9737), 1.417e+04, 2.315e+04),
    (0.3, 31329, (0.7399, 0.8115), 1.32e+04, 2.218e+04),
    (0.4, 22680, (0.8083, 0.9456), 1.26e+04, 2.063e+04),
    (0.5, 21559, (0.8977, 0.7934), 1.417e+04, 1.958e+04),
    (0.6, 11798, (0.9507, 0.8955), 1.193e+04, 1.827e+04),
    (0.7, 5668.1, (0.94, 0.8033), 1.145e+04, 1.584e+04),
    (0.8, -7429.7, (1.001, 0.8835), 1.059e+04, 1.232e+04),
    (0.9, -11768, (1.057, 0.8258), 9734, 1.004e+04),
)


class GigantenCoach(CalibratedModel):
    """Giganten for the coach (see the module docstring)."""

    unit = N_("dollars")
    max_options = 6
    calibration = CALIBRATION
    #: A rollout stops at the first decision of the next round, or after this many decisions.
    max_decisions = 200

    def __init__(self) -> None:
        self.guide = HeuristicBot(0)  # the model of every player (its own luck comes from each rollout)

    def rounded(self, value: float) -> float:
        """To the $100 the coach shows (its estimates are no finer than that)."""
        return round(value, -2)

    def format_value(self, value: float) -> str:
        return format_money(int(self.rounded(value)))

    def format_change(self, value: float) -> str:
        return format_money(int(self.rounded(abs(value))))

    def describe(self, state: GameState, action: Action) -> str:
        """The action in the reader's words (the coach's options are worded when read)."""
        return action_words(cast(State, state), action)

    def player_name(self, state: GameState, seat: int) -> Text:
        return Later(player_name, seat)

    def options(self, state: GameState) -> list[Action]:
        legal = state.legal_actions()
        if len(legal) <= self.max_options:
            return legal
        return [a for a, _ in self.guide.ranked(state)[: self.max_options]]

    def progress(self, state: GameState) -> float:
        return min(1.0, cast(State, state).black / COMPONENTS.harbour)

    def features(self, state: GameState) -> list[Sequence[float]]:
        """Per player: money now, and what the heuristic's estimate adds to it (stored chips, licenses by
        their number, derricks' oil, the end bonus by locomotive rank: :func:`giganten.bots.estimated_returns`)."""
        money = cast(State, state).money
        return [(money[p], e - money[p]) for p, e in enumerate(estimated_returns(state, self.guide.weights))]

    def playout(self, state: GameState, seat: int, rng: random.Random, start: GameState) -> dict[str, float]:
        """The heuristic plays every seat up to the first decision of the next round (or the end of the game);
        notes whether the seat wins the auction it bids in."""
        s: Any = state
        first: Any = start
        bidding = first.phase == R.BID
        company = first.auction.company if bidding else None
        facts: dict[str, float] = {}
        decisions = 0
        while (not s.is_terminal() and (s.round == first.round or s.is_chance())
               and decisions < self.max_decisions):
            if bidding and "wins_auction" not in facts and (s.phase != R.BID or s.auction.company != company):
                decided = s.phase in (R.PAY, R.PENALTY, R.SELL) and s.auction.company == company
                facts["wins_auction"] = float(decided and s.auction.high_bidder == seat)
            if s.is_chance():
                advance(s, sample_chance(s, rng))
                continue
            advance(s, self.guide.choose(s, rng))
            decisions += 1
        if bidding and "wins_auction" not in facts:
            facts["wins_auction"] = 0.0
        return facts

    # -- the sentences --------------------------------------------------------------------------
    def reasons(self, state: GameState, seat: int, option: Option, advice: Advice) -> list[str | Text]:
        s: Any = state
        a = option.action
        if isinstance(a, Bid):
            return [_bid_reason(s, seat, a, option)]
        if isinstance(a, Pass) and s.phase == R.BID:
            return [say("Passing drops you out of the {:company} auction (Action 7a) and keeps your licenses for the "
                        "auctions still to come.", s.auction.company)]
        if isinstance(a, Sell):
            return [_sell_reason(s, seat, a)]
        if isinstance(a, PayLicenses):
            return [say("Paying {} with {:licenses} (Action 7a: no change is given) keeps the rest of your hand for "
                        "later auctions.", s.auction.high_bid, (a.ones, a.twos))]
        if isinstance(a, (Build, SkipBuild)):
            return [_build_reason(s, seat, a)]
        if isinstance(a, (Transport, LetChipGo)):
            return [_transport_reason(s, seat, a)]
        if isinstance(a, TakeCard):
            card = CARDS[a.card]
            if card.special:
                return [say("The {:card} brings {:count license point}, {:count movement point} and its special "
                            "action ({}) (Action 2c).", a.card, card.licenses, card.moves,
                            Later(_words, card.special_text()))]
            return [say("The {:card} brings {:count license point}, {:count movement point} (Action 2c).", a.card,
                        card.licenses, card.moves)]
        if isinstance(a, AdvanceLocomotive):
            return [say("A chip from a derrick beyond your locomotive ships only for a {:money} fee (Action 6), and "
                        "the end bonus goes by locomotive rank: moving it on costs movement points now.", FEE)]
        return []


def _bid_reason(s: Any, seat: int, bid: Bid, option: Option) -> Text:
    c = s.auction.company
    chips = s.stored(seat, c)
    price = TRACK[s.prices[c]]
    won = option.facts.get("wins_auction")
    odds = (say("wins the {:company} auction in about {:percent} of the hands the others may hold", c, won)
            if won is not None else say("bids for the {:company} auction", c))
    hand = s.license_value(seat)
    if bid.amount > hand:
        return say("Bidding {} {}; selling your {:count chip} at {:money} then brings {:money} (Action 7); your hand "
                   "is worth only {}, so winning with it costs half your license cards (the penalty).", bid.amount,
                   odds, chips, price, chips * price, hand)
    return say("Bidding {} {}; selling your {:count chip} at {:money} then brings {:money} (Action 7).", bid.amount,
               odds, chips, price, chips * price)


def _sell_reason(s: Any, seat: int, sell: Sell) -> Text:
    c = s.auction.company
    price = TRACK[s.prices[c]]
    kept = s.stored(seat, c) - sell.chips
    over = max(0, kept - LIMIT)
    head = say("Selling {:count chip} at {:company}'s price of {:money} brings {:money} now (Action 7b)", sell.chips,
               c, price, sell.chips * price)
    if over:
        return say("{}; of the {} kept, {} beyond the storage limit of {} are overfill, worth {:money} each "
                   "(Action 8).", head, kept, over, LIMIT, OVERFILL)
    return say("{}; you keep {}.", head, kept) if kept else say("{}.", head)


def _site_at(row: int, col: int) -> int:
    return next(i for i, site in enumerate(SITES) if site.row == row and site.col == col)


def _build_reason(s: Any, seat: int, a: Build | SkipBuild) -> Text:
    if isinstance(a, SkipBuild):
        return say("Building nothing keeps your {:money} for transport fees and later tiles (Action 5).",
                   s.money[seat])
    i = _site_at(a.row, a.col)
    kind = SITES[i].kind
    cost = TILE_KINDS[kind].build_cost
    if s.known[seat] >> i & 1:
        return say("A derrick at ({}, {}) costs {:money} (Action 5); it holds {} oil (your truck has seen it).",
                   a.row, a.col, cost, s.site_value[i])
    pool = unseen_tiles(s, seat)[kind]
    mean = sum(pool) / len(pool) if pool else 0.0
    return say("A derrick at ({}, {}) costs {:money} (Action 5); the tiles of this kind you have not seen hold "
               "{:decimal} oil on average.", a.row, a.col, cost, mean)


def _transport_reason(s: Any, seat: int, a: Transport | LetChipGo) -> Text:
    if isinstance(a, LetChipGo):
        return say("Letting the chip go saves any fee; the chip goes back to the supply (Action 6).")
    price = TRACK[s.prices[a.company]]
    if a.via == "own":
        return say("Your own locomotive ships the chip to {:company} for free (Action 6), where it sells at {:money} "
                   "today.", a.company, price)
    return say("Shipping by the black locomotive costs {:money} (Action 6); at {:company}'s price of {:money} the "
               "chip sells for {:money} more than the fee today." if a.via == "black" else
               "Shipping by an opponent's locomotive costs {:money} (Action 6); at {:company}'s price of {:money} "
               "the chip sells for {:money} more than the fee today.", FEE, a.company, price, price - FEE)


MODEL = GigantenCoach()


#: The coach's functions for this game (see :class:`gamekit.coach.CoachModel`).
coach = MODEL.coach
review = MODEL.review
coach_bot = MODEL.bot
