"""Setup (rulebook "Setup"): the Set tokens by player count, 4 markers and 2 amber each, the 8 starting cards.

The options: ``first_player`` ("the player who most recently encountered a dinosaur goes first"),
``names`` (for the events) and ``eggs_not_fossils`` (ruling R10's other reading, kept in the state for the
effects).  The starting cards are dealt face up to the dig sites one by one, each a
chance node (:mod:`.deck`); then the deck turns up its top card.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamekit.actions import quote
from gamekit.i18n import gettext as _

from ..actions import Deal
from ..components import CARDS, LABEL, TOKENS
from . import DEAL, DEFAULT_NAMES, MARKERS, REVEAL
from .deck import draw
from .marker import first_empty_space, is_last_space, put_card
from .news import NEWS_READINGS

if TYPE_CHECKING:
    from ..state import State


def begin(s: State, options: dict[str, Any]) -> None:
    """Set the table for ``s.n`` players: every token and card in its place, the first card to deal next."""
    n = s.n
    s.names = names(options["names"], n)
    s.first = s.active = options["first_player"]
    s.eggs_not_fossils = options["eggs_not_fossils"]
    if not 0 <= s.first < n:
        raise ValueError(_("first_player must be a seat from 0 to {}, got {}").format(n - 1, quote(s.first)))
    if options["news_values"] not in NEWS_READINGS:
        raise ValueError(_("news_values must be one of {}, got {}").format(", ".join(NEWS_READINGS),
                                                                           quote(options["news_values"])))
    s.deck = tuple(range(len(CARDS)))
    s.amber = [TOKENS.amber_per_player] * n
    s.set_supply = TOKENS.set_tokens_in_play[n]
    s.set_box = TOKENS.set_tokens_in_box - s.set_supply
    s.phase = DEAL
    s._say("Setup", None, "Setup: {} players, {} Set tokens in the supply ({} stay in the box), {} markers and {} "
           "amber each; {} starts.", n, s.set_supply, s.set_box, MARKERS, TOKENS.amber_per_player, s.names[s.first])


def names(text: str, players: int) -> tuple[str, ...]:
    """The players' names: ``text`` split at commas, or the default names."""
    if not text:
        return DEFAULT_NAMES[:players]
    out = tuple(x.strip() for x in text.split(","))
    if len(out) != players or not all(0 < len(x) <= 20 for x in out) or len(set(out)) != players:
        raise ValueError(_("names must be {} different comma-separated names of 1-20 characters, got {}").format(
            players, quote(text)))
    return out


def deal(s: State, action: Deal) -> None:
    """A starting card is dealt face up to the first empty space; after the last, the deck's top card."""
    card = action.card
    draw(s, card)
    empty = first_empty_space(s)
    assert empty is not None  # (a card is dealt only while a space is empty)
    site, space = empty
    put_card(s, site, space, card)
    s._say("Setup", None, "{} is dealt face up to dig site {}.", LABEL[card], site + 1)
    if is_last_space(site, space):  # every space dealt: the deck turns up its top card next
        s.phase = REVEAL
