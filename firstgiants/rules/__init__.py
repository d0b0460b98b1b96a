"""The rules of First Giants, one small module per part of the rulebook.

The turn, step by step, is written once in :mod:`.turn`; each other module carries out one part of
the rulebook on a :class:`firstgiants.state.State` in place (the state's ``apply`` hands it a private
copy) and names the rulebook section of every event it records.  No module imports :mod:`.turn`, and
the others import each other without a cycle (``tests/firstgiants/test_layout.py``):

    setup      "Setup": Set tokens, amber and markers; the 8 starting cards (chance)
    deck       the face-up deck: its next top card (chance), refilling a dig site
    marker     "Play 1 Marker": where a marker may go, taking a card (owns the dig sites' layout)
    reclaim    "Reclaim Markers": per marker, 1 amber or a display
    effects    "Cards' Icons & Effects": what a take triggers, an effect's steps, gains, choices
    triggers   simultaneous effects: whose turn to resolve, whether the order is asked, resolving
    display    "Display 1 Fossil": the legal displays, paying, starting or expanding a set
    museum     sets: their type, limits and Set-token points
    news       News tokens: taken, stolen, kept for good
    end        "End of the Game": the trigger, equal turns, the score
    explain    the words: why an action is refused, why a choice was forced
    turn       the turn flow: phases in order, who acts, what ends a phase

This package holds what they all share: the phases of play and the decisions inside the resolution
of effects.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..components import (
    DISPLAY,
    DISPLAY_FREE,
    DISPLAY_OR_POINT,
    DISPLAY_TWO_DIFFERENT,
    DISPLAY_TWO_SAME,
    SPEND_3_FOR_2,
    TOKENS,
)

# Phases of play: where a turn stands (the order of a turn: :mod:`.turn`).  A state rests only in a
# chance phase, at a decision or at the end; REFILL and END_TURN are automatic steps in between.
DEAL = 0      # Setup: the next starting card for the dig sites (chance)
REVEAL = 1    # the deck's new top card (chance)
START = 2     # the active player plays 1 marker or reclaims markers
TAKE = 3      # the active player takes 1 card of the dig site where the marker went
RESOLVE = 4   # the effects that take triggered resolve, with their choices (``State.decision``)
RECLAIM = 5   # per reclaimed marker: gain 1 amber or display 1 fossil
REFILL = 6    # the emptied space of the dig site is refilled from the deck (automatic)
END_TURN = 7  # the turn passes on, or the game ends (automatic)
OVER = 8      # the game is over
PHASE_NAMES = ("deal", "reveal", "start of turn", "take a card", "resolve effects", "reclaim", "refill",
               "end of turn", "game over")

#: The decision for the order of simultaneous effects (the other decisions are an effect's choice,
#: coded by the effect: :data:`DECISION_NAMES`).
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
#: The choice effects that put a fossil on display.
DISPLAYING = frozenset({DISPLAY, DISPLAY_FREE, DISPLAY_OR_POINT, DISPLAY_TWO_DIFFERENT, DISPLAY_TWO_SAME})


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision inside the resolution of effects: who decides what, for which card's effect."""

    code: int          #: :data:`D_ORDER`, or the choice effect (``components.DISPLAY``, ...)
    player: int        #: who decides
    source: int        #: the card whose effect offers the choice (-1 for the order)
    first_family: int  #: of up to 2 displays, the family displayed first (-1 before the first)


# Table-top numbers (``data/tokens.json``).
SITES = TOKENS.dig_sites
SPACES = TOKENS.cards_per_dig_site
MARKERS = TOKENS.markers_per_player
AMBER_IN_BOX = TOKENS.amber_in_box
SPEND_COST, SPEND_GAIN = 3, 2  # "You may spend 3 amber to gain 2 points."
DEFAULT_NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli")
