"""First Giants' phases of play, decision codes, table-top numbers and shared action objects.

The state (:mod:`firstgiants.state`) rests in one of the phases; inside the resolution of
effects a decision is ``(code, player, source card, first family or -1)``, its code one of the
choice effects of the icon legend or :data:`D_ORDER` (the order of simultaneous effects).
"""
from __future__ import annotations

from functools import cache

from gamekit import Action

from .actions import (
    NEW_SET, Deal, Decline, Display, GainAmber, GainPoint, PlayMarker, Reclaim, ResolveTrigger, Reveal, SpendAmber,
    TakeCard,
)
from .components import (
    CARDS, DISPLAY, DISPLAY_FREE, DISPLAY_OR_POINT, DISPLAY_TWO_DIFFERENT, DISPLAY_TWO_SAME, SPEND_3_FOR_2, TOKENS,
)

# Phases of play.
DEAL, REVEAL, START, TAKE, RESOLVE, RECLAIM, OVER = range(7)
PHASE_NAMES = ("deal", "reveal", "start of turn", "take a card", "resolve effects", "reclaim", "game over")
# Decisions inside the resolution of effects: (code, player, source card, first family or -1).
D_ORDER = 100
DECISION_NAMES = {
    D_ORDER: "order of simultaneous effects",
    DISPLAY: "you may display 1 fossil",
    DISPLAY_FREE: "you may display 1 fossil at no cost",
    DISPLAY_OR_POINT: "display 1 fossil or gain 1 point",
    DISPLAY_TWO_DIFFERENT: "display up to 2 fossils of different Families",
    DISPLAY_TWO_SAME: "display up to 2 fossils of the same Family",
    SPEND_3_FOR_2: "spend 3 amber for 2 points?",
}
_DISPLAYING = frozenset({DISPLAY, DISPLAY_FREE, DISPLAY_OR_POINT, DISPLAY_TWO_DIFFERENT, DISPLAY_TWO_SAME})

SITES = TOKENS.dig_sites
PER_SITE = TOKENS.cards_per_dig_site
SLOTS = SITES * PER_SITE
MARKERS = TOKENS.markers_per_player
AMBER_IN_BOX = TOKENS.amber_in_box
SPEND_COST, SPEND_GAIN = 3, 2  # "You may spend 3 amber to gain 2 points."
DEFAULT_NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli")

# Shared, immutable action objects (a state's legal list is built from these).
_DEAL = tuple(Deal(c) for c in range(len(CARDS)))
_REVEAL = tuple(Reveal(c) for c in range(len(CARDS)))
_PLAY = tuple(PlayMarker(s) for s in range(SITES))
_TAKE = tuple(TakeCard(c) for c in range(len(CARDS)))
_ORDER = tuple(ResolveTrigger(c) for c in range(len(CARDS)))
_RECLAIM, _DECLINE, _POINT, _SPEND, _AMBER = Reclaim(), Decline(), GainPoint(), SpendAmber(), GainAmber()
_DISPLAY_NEW = tuple(Display(c, NEW_SET) for c in range(len(CARDS)))
#: ``_DISPLAY_JOIN[card][k]``: display ``card`` to expand set ``k`` (a player never has more sets than cards).
_DISPLAY_JOIN = tuple(tuple(Display(c, k) for k in range(len(CARDS))) for c in range(len(CARDS)))
_DISPLAYS: dict[tuple[int, int, int], Display] = {}


@cache
def _uniform_outcomes(deal: bool, left: int) -> tuple[tuple[Action, float], ...]:
    """(action, 1 / left) for every card id: the chance outcomes of a deck of ``left`` different cards."""
    return tuple(((_DEAL if deal else _REVEAL)[c], 1 / left) for c in range(len(CARDS)))


def _display_action(card: int, target: int, as_size: int = 0) -> Display:
    key = (card, target, as_size)
    action = _DISPLAYS.get(key)
    if action is None:
        action = _DISPLAYS[key] = Display(card, target, as_size)
    return action
