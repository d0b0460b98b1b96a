"""First Giants' action ids (see :mod:`gamekit.ids`), and the bounds its rules imply.

Every block is derived from the component data (``firstgiants.components``): the cards, the dig sites,
the markers.  Decisions come first (ids ``0 .. num_decisions - 1``), then the chance outcomes (the 8
starting cards dealt, the deck's next top card).  ``docs/interop.md`` prints the table and derives the
bounds:

* a player's museum holds at most ``len(CARDS) - 1`` sets while a further card is being displayed (a set
  holds at least one card), which bounds the ``target`` of a :class:`Display`;
* only an egg joining a single egg makes a size set of eggs only, whose size it declares (``as_size``);
* :func:`max_game_length` -- every card is taken at most once, a reclaim needs a marker played before,
  and each take triggers each card's effect at most once;
* :func:`max_points` -- the most points a seat can end with (points are never lost: 0 is the least).

First Giants has no hidden information (the deck is face up), so every action is public.
"""
from __future__ import annotations

from typing import Any, Mapping

from gamekit.ids import ActionIds, Block, grid

from .actions import (NEW_SET, Deal, Decline, Display, GainAmber, GainPoint, PlayMarker, Reclaim, ResolveTrigger,
                      Reveal, SpendAmber, TakeCard)
from .components import (ANY_PLAYER_TAKES, CARDS, CARNIVORE, DISPLAY_OR_POINT, DISPLAY_TWO_DIFFERENT, DISPLAY_TWO_SAME,
                          EACH_OPPONENT, EGG, FAMILY_NAMES, GAIN_POINT, GAINS, NO_MULTIPLIER, ONCE, PER_CARNIVORE,
                          PER_FAMILY, PER_PAIR, SIZE_NAMES, SPEND_3_FOR_2, TOKENS, YOU_TAKE_CARNIVORE,
                          YOU_TAKE_NEW_FAMILY, Card)
from .rules.news import DEFAULT_READING, TOKENS_IN_PLAY, news_value

CARD_IDS = range(len(CARDS))
EGGS = [c.id for c in CARDS if c.size == EGG]
MAX_SETS = len(CARDS) - 1
"""The most sets a museum can hold while one more card is displayed (every set holds a card)."""
RECURRING = (ANY_PLAYER_TAKES, YOU_TAKE_CARNIVORE, YOU_TAKE_NEW_FAMILY)
CHOICE_POINTS = {DISPLAY_OR_POINT: 1, SPEND_3_FOR_2: 2}
"""Points a choice effect can give (legend: "display 1 fossil OR gain 1 point", "spend 3 amber to gain 2 points")."""
MAX_MULTIPLIER = {NO_MULTIPLIER: 1, PER_CARNIVORE: sum(c.family == CARNIVORE for c in CARDS),
                  PER_FAMILY: len(FAMILY_NAMES), PER_PAIR: len(CARDS) // 2}
"""The largest each multiplier can be: every carnivore card, every family, every pair of cards in one Study."""


def _blocks() -> list[Block]:
    last = len(CARDS) - 1
    return [
        Block("PlayMarker", f"dig site 0-{TOKENS.dig_sites - 1}", grid(PlayMarker, site=range(TOKENS.dig_sites))),
        Block("Reclaim", "reclaim markers", (Reclaim(),)),
        Block("TakeCard", f"card 0-{last}", grid(TakeCard, card=CARD_IDS)),
        Block("ResolveTrigger", "card with an effect (every card but the eggs), by id",
              tuple(ResolveTrigger(c.id) for c in CARDS if c.parts)),
        Block("Display (new set)", f"card 0-{last}", tuple(Display(c, NEW_SET, 0) for c in CARD_IDS)),
        Block("Display (expand)", f"card 0-{last} x set 0-{MAX_SETS - 1}",
              grid(Display, card=CARD_IDS, target=range(MAX_SETS), as_size=(0,))),
        Block("Display (eggs' size)", f"egg ({', '.join(map(str, EGGS))}) x set 0-{MAX_SETS - 1} x declared size "
              f"1-{len(SIZE_NAMES)}", grid(Display, card=EGGS, target=range(MAX_SETS), as_size=SIZE_NAMES)),
        Block("Decline", "decline", (Decline(),)),
        Block("GainPoint", "gain 1 point", (GainPoint(),)),
        Block("SpendAmber", "spend 3 amber for 2 points", (SpendAmber(),)),
        Block("GainAmber", "gain 1 amber", (GainAmber(),)),
        Block("Deal", f"card 0-{last}", grid(Deal, card=CARD_IDS), chance=True),
        Block("Reveal", f"card 0-{last}", grid(Reveal, card=CARD_IDS), chance=True),
    ]


def _choices(card: Card, players: int) -> int:
    """Decisions one trigger of ``card`` can ask for: each "you may" part once ("up to 2" displays: twice), once
    per opponent for an opponents part."""
    out = 0
    for part in card.parts:
        if part.effect not in GAINS:
            times = 2 if part.effect in (DISPLAY_TWO_DIFFERENT, DISPLAY_TWO_SAME) else 1
            out += times * (players - 1 if part.who == EACH_OPPONENT else 1)
    return out


def _points(card: Card) -> int:
    """The most points one trigger of ``card`` can give one seat."""
    out = 0
    for part in card.parts:
        if part.effect == GAIN_POINT:
            out += part.amount * MAX_MULTIPLIER[part.multiplier]
        out += CHOICE_POINTS.get(part.effect, 0)
    return out


def max_game_length(players: int) -> int:
    """The starting cards dealt and every other card revealed; each of the ``len(CARDS)`` takes at most (play a
    marker, take, then each triggered effect ordered and its choices; a card's once-only effect fires on its own
    take only); as many reclaims as takes, each choosing per marker."""
    takes = len(CARDS)
    recurring = sum(1 + _choices(c, players) for c in CARDS if c.timing in RECURRING)
    once = sum(1 + _choices(c, players) for c in CARDS if c.timing == ONCE)
    reclaims = takes * (1 + TOKENS.markers_per_player)
    return len(CARDS) + takes * (2 + recurring) + once + reclaims


def max_points(players: int, reading: str = DEFAULT_READING) -> int:
    """Point tokens (each once-only effect once, each recurring effect once per take), every Set token of the box
    on complete sets, and every News token at its highest value under ``reading`` (option ``news_values``)."""
    tokens = sum(_points(c) for c in CARDS if c.timing == ONCE)
    tokens += len(CARDS) * sum(_points(c) for c in CARDS if c.timing in RECURRING)
    sets = TOKENS.set_tokens_in_box * TOKENS.double_leaf_points
    news = sum(max(news_value(i, kept, reading) for kept in (False, True)) for i in range(TOKENS_IN_PLAY))
    return tokens + sets + news


class FirstGiantsIds(ActionIds):
    score_unit = "points"

    def max_game_length(self, players: int, options: Mapping[str, Any]) -> int:
        return max_game_length(players)

    def score_range(self, players: int, options: Mapping[str, Any]) -> tuple[float, float]:
        """Points are only ever gained ("End of the Game": tokens and News), so 0 is the least."""
        return 0.0, float(max_points(players, options.get("news_values", DEFAULT_READING)))


ACTION_IDS = FirstGiantsIds(_blocks())
