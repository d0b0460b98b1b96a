"""End of the Game: the trigger, equal turns, the score (rulebook "End of the Game").

"The end of the game is triggered when a player takes the last Set token from the supply or when the
deck is empty after a player refills a Dig Site.  Take all remaining Set tokens from the box and add
them to the supply.  Play continues until all players have had an equal number of turns."  The
player with the most points wins; "in case of a tie, tied players share victory".
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import OVER, REVEAL, START
from .museum import set_points
from .news import news_points

if TYPE_CHECKING:
    from ..state import State


def trigger_end(s: State, cause: str) -> None:
    """The end is triggered (once): the box's Set tokens join the supply (ruling R17)."""
    if s.end_cause:
        return
    s.end_cause = cause
    joined, s.set_box = s.set_box, 0
    s.set_supply += joined
    last = s.names[(s.first - 1) % s.n]
    s._say("End of the Game", None, "End of the game triggered: {}. The {} Set tokens left in the box join the "
           "supply; play continues until all players have had an equal number of turns ({} plays last).",
           cause, joined, last)


def end_turn(s: State) -> None:
    """The turn passes clockwise; once the end is triggered, the game ends when it would pass back to the
    first player (equal turns, ruling R18).  Otherwise the deck turns up its next top card (chance) if the
    refill used it, and the next player's turn starts."""
    s.turns += 1
    s.active = (s.active + 1) % s.n
    s.pending, s.steps, s.decision, s.site, s.space = (), (), None, -1, -1
    if s.end_cause and s.active == s.first:
        s.phase = OVER
        if s._events is not None:
            say_game_over(s)
    elif s.top < 0 and s.deck:
        s.phase = REVEAL
    else:
        s.phase = START
        if s._events is not None:
            announce_turn(s)


def announce_turn(s: State) -> None:
    s._say("Game Turn", s.active, "{}'s turn: play 1 marker or reclaim markers.", s.names[s.active])


def score(s: State, player: int) -> int:
    """Points of ``player``: point tokens, Set tokens (2 or 3 each) and News tokens ("End of the Game")."""
    return (s.points[player] + sum(set_points(m) for m in s.museum[player])
            + news_points(s.news, player, s.locked, s._opts["news_values"]))


def winners(s: State) -> list[int]:
    """The seats with the most points: "In case of a tie, tied players share victory"."""
    scores = [score(s, p) for p in range(s.n)]
    best = max(scores)
    return [p for p in range(s.n) if scores[p] == best]


def say_game_over(s: State) -> None:
    scores = ", ".join(f"{s.names[p]} {score(s, p)}" for p in range(s.n))
    best = winners(s)
    rounds = s.turns // s.n
    s._say("End of the Game", None, "Everyone has had {} turn{}: the game ends. Points: {}. {} win{}.",
           rounds, "s" if rounds != 1 else "", scores, " and ".join(s.names[p] for p in best),
           "s" if len(best) == 1 else " (tied players share victory)")
