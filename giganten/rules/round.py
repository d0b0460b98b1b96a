"""The order of a Giganten game, in one place.

Setup deals the production tiles; then every round runs the rulebook's Actions 1 to 9 in order, the start
player first and the others clockwise, and the die passes to the left -- until the black locomotive reaches
the oil harbour, which ends the game at once.

* :data:`STEPS` is that order: each step names its rulebook section, says who acts and what ends it
  (``over``, a test on the state), and which rule module begins it.
* :data:`PHASES` are the places where the game can wait during a step: for chance, or for one player's
  decision.  For each: its name, who decides, what is offered there (the legal actions, or the chance
  outcomes with their probabilities), and the rule that carries out each kind of action.

How a state moves on: ``State.apply`` accepts only an offered action and hands it to its phase's rule (an
``apply_*`` function of a rule module), which changes the position and runs on by itself as long as the rules
leave no choice (a player who cannot build is skipped, a chip no locomotive can carry is lost, ...).  Then
:func:`carry_on` begins the next step whenever the current one is over.  Rule modules never start another
step and never import each other: the order of the game lives here only.
"""
from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Callable, Mapping

from gamekit import Action

from ..actions import (Bid, Build, DealTile, DiscardLicenses, DrawLicenses, LetChipGo, Pass, PayLicenses, RevealCard,
                       RollPrice, Sell, SkipBuild, TakeCard, Transport)
from ..components import COMPANY_COUNT, COMPONENTS, SITES, money
from . import (A1, A2, A3, A4, A5, A6, A7, A8, A9, BEIGE, BID, BUILD, DEAL, END, LICENSE, MOVE, PAY, PENALTY, PRODUCE,
               RED, ROLL, SELL, SETUP, TAKE, in_turn)
from . import auction, build, cards, close, licenses, market, movement, production, scoring, setup

if TYPE_CHECKING:
    from ..state import State


# -- who decides -------------------------------------------------------------------------------------------
# in_turn (rules/__init__.py): player by player, the start player first
bidder = attrgetter("auc_turn")  # Action 7 a): the next player in the auction who has not passed
winner = attrgetter("auc_bidder")  # Action 7: the winner of the auction pays, then sells


@dataclass(frozen=True, slots=True)
class Phase:
    """A place where the game waits: for chance (``actor`` None) or for one player's decision."""

    name: str
    """What the game waits for, in two or three words ("bid", "move"): ``State.phase_name``."""
    actor: Callable[["State"], int] | None
    """Who decides (None: chance decides)."""
    offered: Callable[["State"], Any] | None
    """The legal actions of a decision, or the (outcome, probability) pairs of a chance node."""
    rules: Mapping[type[Action], Callable[["State", Any], None]]
    """The rule that carries out each kind of action offered here."""


PHASES: dict[int, Phase] = {
    DEAL: Phase("deal", None, setup.outcomes, {DealTile: setup.apply_deal}),
    ROLL: Phase("roll", None, market.outcomes, {RollPrice: market.apply_roll}),
    RED: Phase("red card", None, cards.outcomes_red, {RevealCard: cards.apply_red}),
    BEIGE: Phase("beige cards", None, cards.outcomes_beige, {RevealCard: cards.apply_beige}),
    TAKE: Phase("take a card", in_turn, cards.legal_take, {TakeCard: cards.apply_take}),
    LICENSE: Phase("licenses", None, licenses.outcomes, {DrawLicenses: licenses.apply_draw}),
    MOVE: Phase("move", in_turn, movement.legal, movement.HANDLERS),
    BUILD: Phase("build", in_turn, build.legal, {Build: build.apply_build, SkipBuild: build.apply_skip}),
    PRODUCE: Phase("transport", in_turn, production.legal,
                   {Transport: production.apply_transport, LetChipGo: production.apply_let_go}),
    BID: Phase("bid", bidder, auction.legal_bid, {Bid: auction.apply_bid, Pass: auction.apply_pass}),
    PENALTY: Phase("penalty", None, auction.outcomes_penalty, {DiscardLicenses: auction.apply_penalty}),
    PAY: Phase("pay", winner, auction.legal_pay, {PayLicenses: auction.apply_pay}),
    SELL: Phase("sell", winner, auction.legal_sell, {Sell: auction.apply_sell}),
    END: Phase("game over", None, None, {}),
}


# -- the order of the game ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Step:
    """One step of the game: a rulebook section, carried out by one rule module."""

    section: str
    does: str
    """What happens and who acts, in words."""
    ends: str
    """What ends the step, in words (``over`` is the test)."""
    phases: tuple[int, ...]
    """The phases the game can wait in during this step."""
    begin: Callable[["State"], None]
    over: Callable[["State"], bool]


def _every_tile_space(s: "State") -> bool:
    return s.cursor == len(SITES)


def _every_company_rolled(s: "State") -> bool:
    return s.cursor == COMPANY_COUNT


def _one_card(s: "State") -> bool:
    return s.cursor == 1


def _every_player(s: "State") -> bool:
    return s.cursor == s.n


def _every_company_auctioned(s: "State") -> bool:
    return s.auc_company == COMPANY_COUNT


def _at_once(s: "State") -> bool:
    return True


SETUP_STEP = Step(SETUP, "the production tiles are dealt face down, one tile space after the other (chance)",
                  "when every tile space in play has its tile", (DEAL,), setup.begin, _every_tile_space)
ROUND: tuple[Step, ...] = (
    Step(A1, "the start player rolls the price die for Hudson, Jet and US Standard in turn (chance)",
         "after one roll per company", (ROLL,), market.begin, _every_company_rolled),
    Step(A2, "a) the start player reveals a red card (chance); the black locomotive advances at once",
         "after that card; if the black locomotive has reached the oil harbour, the game is over",
         (RED,), cards.begin_red, _one_card),
    Step(A2, "b) the start player reveals one beige card per player (chance)",
         "when as many beige cards as players lie face up", (BEIGE,), cards.begin_beige, _every_player),
    Step(A2, "c) each player in turn takes a face-up card (alike cards leave no choice)",
         "when every player holds a card; the one left over is discarded", (TAKE,), cards.begin_take, _every_player),
    Step(A3, "each player in turn draws the licenses the card shows (chance: how many are worth 2)",
         "when every player has drawn", (LICENSE,), licenses.begin, _every_player),
    Step(A4, "each player in turn spends the card's movement points on the truck and the locomotive, and may use "
         "the card's special action", "when every player has ended movement (or has nothing left to spend)",
         (MOVE,), movement.begin, _every_player),
    Step(A5, "each player in turn whose truck stands next to a face-down tile may build a derrick on it",
         "when every player has built or passed (players who cannot build are skipped)",
         (BUILD,), build.begin, _every_player),
    Step(A6, "each player in turn: every derrick yields a chip, and the player decides how it is transported",
         "when every derrick has produced", (PRODUCE,), production.begin, _every_player),
    Step(A7, "an auction at Hudson, Jet and US Standard in turn: the players with oil stored there bid, the "
         "winner pays (or is penalized, chance, and the auction is repeated) and sells",
         "after the last company's auction", (BID, PENALTY, PAY, SELL), auction.begin, _every_company_auctioned),
    Step(f"{A8}; {A9}", f"overfilled storages are emptied for {money(COMPONENTS.overfill_compensation)} a chip; "
         "the die passes to the left",
         "at once: no one decides", (), close.begin, _at_once),
)
STEPS: tuple[Step, ...] = (SETUP_STEP, *ROUND)
"""The setup, then the round; after the round's last step comes its first again."""
_STEP_OF_PHASE = {phase: k for k, step in enumerate(STEPS) for phase in step.phases}


def game_over(s: "State") -> bool:
    """End of Game: the black locomotive has reached the oil harbour (only the red card moves it)."""
    return s.black >= COMPONENTS.harbour


def start(s: "State") -> None:
    """A new game: the setup begins."""
    SETUP_STEP.begin(s)
    carry_on(s)


def carry_on(s: "State") -> None:
    """After an action: while the current step is over, begin the next one -- or end the game."""
    k = _STEP_OF_PHASE[s.phase]
    while STEPS[k].over(s):
        if game_over(s):
            scoring.end_game(s)
            return
        k = k + 1 if k + 1 < len(STEPS) else 1  # after Action 9, Action 1 of the next round
        STEPS[k].begin(s)

