"""First Giants actions: each a small decision of a turn, or a chance outcome.

A turn is split into small decisions (rulebook "Game Turn"): :class:`PlayMarker` or
:class:`Reclaim`; then :class:`TakeCard` (which of the site's two cards); then each choice an
effect offers (:class:`Display`, :class:`Decline`, :class:`GainPoint`, :class:`SpendAmber`), the
order of simultaneous triggered effects (:class:`ResolveTrigger`); after a reclaim, per marker
:class:`GainAmber` or :class:`Display`.  Chance: :class:`Deal` (the 8 starting cards) and
:class:`Reveal` (the deck's next top card).  Cards are named by id (see ``components.CARDS``).
"""
from __future__ import annotations

from dataclasses import dataclass

from gamekit import Action, ActionCodec

from .components import CARDS

NEW_SET = -1  # Display.target for "start a new set"


def _card(card: int) -> str:
    return str(CARDS[card]) if 0 <= card < len(CARDS) else f"card #{card}"


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance (Setup): the next starting card dealt face up to a dig site."""

    kind = "deal"
    card: int

    def __str__(self) -> str:
        return f"deal {_card(self.card)}"


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Chance: the deck's new top card (the deck is face up)."""

    kind = "reveal"
    card: int

    def __str__(self) -> str:
        return f"the deck reveals {_card(self.card)}"


@dataclass(frozen=True, slots=True)
class PlayMarker(Action):
    """Play 1 Marker at dig site ``site`` (0-3)."""

    kind = "play_marker"
    site: int

    def __str__(self) -> str:
        return f"play a marker at dig site {self.site + 1}"


@dataclass(frozen=True, slots=True)
class Reclaim(Action):
    """Reclaim Markers: take all your markers back from the dig sites."""

    kind = "reclaim"

    def __str__(self) -> str:
        return "reclaim markers"


@dataclass(frozen=True, slots=True)
class TakeCard(Action):
    """Take ``card`` from the dig site where you just played your marker into your Study."""

    kind = "take_card"
    card: int

    def __str__(self) -> str:
        return f"take {_card(self.card)}"


@dataclass(frozen=True, slots=True)
class ResolveTrigger(Action):
    """Resolve next the triggered effect of ``card`` (simultaneous effects: your order)."""

    kind = "resolve_trigger"
    card: int

    def __str__(self) -> str:
        return f"resolve the effect of {_card(self.card)} next"


@dataclass(frozen=True, slots=True)
class Display(Action):
    """Display 1 Fossil: put ``card`` on display, as a new set (``target`` -1) or extending set ``target``.

    ``as_size`` (1-3) declares the size of a size set made only of eggs; 0 otherwise.
    """

    kind = "display"
    card: int
    target: int = NEW_SET
    as_size: int = 0

    def __str__(self) -> str:
        where = "as a new set" if self.target == NEW_SET else f"extending set {self.target + 1}"
        size = f" (the eggs act as size {self.as_size})" if self.as_size else ""
        return f"display {_card(self.card)} {where}{size}"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Decline a "you may" effect (or stop after the first of up to 2 displays)."""

    kind = "decline"

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class GainPoint(Action):
    """Choose "gain 1 point" of a "display 1 fossil OR gain 1 point" effect."""

    kind = "gain_point"

    def __str__(self) -> str:
        return "gain 1 point"


@dataclass(frozen=True, slots=True)
class SpendAmber(Action):
    """Spend 3 amber to gain 2 points."""

    kind = "spend_amber"

    def __str__(self) -> str:
        return "spend 3 amber for 2 points"


@dataclass(frozen=True, slots=True)
class GainAmber(Action):
    """For one reclaimed marker: gain 1 amber."""

    kind = "gain_amber"

    def __str__(self) -> str:
        return "gain 1 amber"


ACTION_CLASSES: tuple[type[Action], ...] = (
    Deal, Reveal, PlayMarker, Reclaim, TakeCard, ResolveTrigger, Display, Decline, GainPoint, SpendAmber, GainAmber,
)
CODEC = ActionCodec(ACTION_CLASSES)
