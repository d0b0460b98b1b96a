"""The First Giants coach: a seat's options ranked in points at the end and in the chance of winning.

``coach(state)`` (or ``gamekit.coach.coach(state)``) ranks the options of the seat to move;
``review(game)`` judges the moves of a finished game; both are :mod:`gamekit.coach` with the model
below.  First Giants has no hidden information (the deck is face up), so every sample starts from
the position itself and differs only in the cards the deck turns up.  The model: apply the option,
then every player (the seat's own follow-ups in the turn included) plays the move whose position is
worth most right after it (:func:`firstgiants.bots.quick_choice`) for one round, up to the seat's
next turn; each player's final points are then estimated from the bots' position value
(:func:`firstgiants.bots.potential`: points now, amber, Study cards that extend a set, set
progress, free markers) calibrated on recorded games (``CALIBRATION``), and the chance of winning
from those estimates.  The sentences are the engine's own words for what the move does, with the
rulebook section they come from.
"""
from __future__ import annotations

import random
from typing import Any, Sequence, cast

from gamekit import Action, GameState
from gamekit.coach import Advice, CalibratedModel, Knot, Option
from gamekit.i18n import N_
from gamekit.i18n.say import Later, Say, Text, listing
from gamekit.mcts import advance, private_copy
from gamekit.play import sample_chance

from .actions import PlayMarker
from .bots import HeuristicBot, Weights, potential, quick_choice
from .components import CARDS, TOKENS
from .text import WORDING, action_words

#: Cards left to turn up after the setup deal (the deck's share left is one measure of progress).
DECK_AFTER_SETUP = len(CARDS) - TOKENS.dig_sites * TOKENS.cards_per_dig_site

#: Per stage of the game (:meth:`FirstGiantsCoach.progress`): ``(progress, intercept, (weight of the points,
#: weight of the rest of the position value), temperature, spread)`` -- final points = intercept + the
#: weights x :meth:`FirstGiantsCoach.features`, the softmax temperature of the chance of winning, and the
#: residual spread of the final points.  Fitted by ``python benchmarks/calibrate_coach.py firstgiants
#: --games 120 --processes 1`` on heuristic self-play (11,503 positions of 120 games; on 120 held-out games
#: the predicted win chances by decile, 0.012-0.72, match the shares won within 0.02).
CALIBRATION: tuple[Knot, ...] = (
    (0.1, 30.857, (0.4966, 0.22), 2.603, 5.93),
    (0.2, 27.93, (0.4787, 0.4168), 2.405, 5.781),
    (0.3, 24.439, (0.5989, 0.5033), 2.872, 5.778),
    (0.4, 22.692, (0.6198, 0.3958), 3.205, 5.606),
    (0.5, 21.268, (0.6675, 0.2228), 3.165, 5.47),
    (0.6, 18.422, (0.7033, 0.1904), 3.449, 5.233),
    (0.7, 15.465, (0.7511, 0.1607), 3.021, 4.74),
    (0.8, 15.321, (0.7225, 0.02382), 3.106, 4.33),
    (0.9, 11.642, (0.7793, 0.008674), 2.707, 3.747),
    (1.0, 5.3409, (0.8816, 0.1141), 1.842, 2.846),
)


class FirstGiantsCoach(CalibratedModel):
    """First Giants for the coach (see the module docstring)."""

    unit = N_("points")
    max_options = 8
    sampling = N_("the cards the deck turns up")
    calibration = CALIBRATION

    def __init__(self, weights: Weights | None = None) -> None:
        self.weights = weights if weights is not None else Weights()
        self.guide = HeuristicBot(0)

    def format_value(self, value: float) -> str:
        return str(Say("{:decimal} points", value))

    def format_change(self, value: float) -> str:
        return str(Say("{:decimal} points", abs(value)))

    def describe(self, state: GameState, action: Action) -> str:
        """The action in the reader's words (the coach's options are worded when read)."""
        return action_words(action)

    def options(self, state: GameState) -> list[Action]:
        legal = state.legal_actions()
        if len(legal) <= self.max_options:
            return legal
        return [a for a, _ in self.guide.ranked(state)[: self.max_options]]

    def sample(self, state: GameState, seat: int, rng: random.Random) -> GameState:
        """A private copy with the deck in a fixed order: the deck is a public multiset (the next card is
        chance), so the advice depends on what every seat sees, never on how the deck happens to be listed."""
        sample: Any = private_copy(state)
        sample.deck = tuple(sorted(sample.deck))
        return sample

    def progress(self, state: GameState) -> float:
        """How far the game is: the larger of the deck's and the Set tokens' share used up (1 once the end is
        triggered)."""
        s: Any = state
        if s.end_cause:
            return 1.0
        deck = (len(s.deck) + (s.top >= 0)) / DECK_AFTER_SETUP
        tokens = s.set_supply / TOKENS.set_tokens_in_play[s.n]
        return 1.0 - min(1.0, deck, tokens)

    def features(self, state: GameState) -> list[Sequence[float]]:
        """Per player: points now, and what the heuristic's position value adds to them (amber, Study cards,
        set progress, free markers: :func:`firstgiants.bots.potential`)."""
        s: Any = state
        return [(s.score(p), potential(s, p, self.weights) - s.score(p)) for p in range(s.n)]

    def playout(self, state: GameState, seat: int, rng: random.Random, start: GameState) -> dict[str, float]:
        """Every player plays the quick model's move for one round (up to the seat's next turn)."""
        s: Any = state
        until = cast(Any, start).turns + s.n
        while not s.is_terminal() and s.turns < until:
            if s.is_chance():
                advance(s, sample_chance(s, rng))
            else:
                advance(s, quick_choice(s, self.weights))
        return {}

    def reasons(self, state: GameState, seat: int, option: Option, advice: Advice) -> list[str | Text]:
        """What the move does, in the engine's words with their rulebook sections (the game has no hidden
        information, so the real position may be asked)."""
        a = option.action
        s: Any = state
        if isinstance(a, PlayMarker):
            offer = [Say("{} ({})", Later(_words, str(CARDS[c])), Later(_words, CARDS[c].effect_text))
                     for c in s.dig_site(a.site)]
            return [Say("Play 1 Marker: dig site {} offers {}.", a.site + 1, listing(offer))]
        after = state.apply(a)
        if not any(e.player == seat for e in after.events):
            return []
        return [Later(_events_of, after, seat)]


def _words(text: str) -> str:
    """An English piece the rules build (a card's label, its effect), in the reader's language."""
    return WORDING.text(text)


def _events_of(after: GameState, seat: int) -> str:
    """The first two events of ``seat`` in the last apply, with their rulebook sections, as they read now."""
    return " ".join([f"{e.section_name}: {e.text}" for e in after.events if e.player == seat][:2])


MODEL = FirstGiantsCoach()


#: The coach's functions for this game (see :class:`gamekit.coach.CoachModel`).
coach = MODEL.coach
review = MODEL.review
coach_bot = MODEL.bot
