"""gamekit: what both games of the kit share.

The game protocol (:class:`GameState`, :class:`IllegalAction`, :class:`Event`), actions and
their JSON form, save files and replay (undo, time travel), the play loop (``play`` to the end,
``play_until`` a condition holds) and the random bot, and the generic consistency checks every
game passes; ``set_language("da")`` words it all in Danish (``gamekit.i18n``).
"""
from .actions import Action, ActionCodec
from .i18n import set_language
from .play import Bot, RandomBot, play, play_until, random_game, sample_chance
from .protocol import Event, GameState, IllegalAction
from .record import load, replay, rewind, states_along, undo
from .spec import GameSpec

__all__ = [
    "Action",
    "ActionCodec",
    "Bot",
    "Event",
    "GameSpec",
    "GameState",
    "IllegalAction",
    "RandomBot",
    "load",
    "play",
    "play_until",
    "random_game",
    "replay",
    "rewind",
    "sample_chance",
    "set_language",
    "states_along",
    "undo",
]
