"""What a balance report counts of a finished First Giants game: its rounds and each player's way of playing.

:mod:`gamekit.balance` records these in every tournament row (``FEATURES`` names them, best read
per player and compared between the winners and everyone): the family sets against the size sets
on display at the end (how many, and their Set-token points), and the News tokens held at the end
(how many, and their points under the game's ``news_values`` reading, rulings R8 and R23).
"""
from __future__ import annotations

from gamekit.i18n import N_

from .rules.museum import FAMILY_SET, SIZE_SET, set_points
from .rules.news import news_points
from .state import State

#: The strategy features of a player, by name, with what each counts.
FEATURES = {
    "family_sets": N_("family sets on display at the end"),
    "size_sets": N_("size sets on display at the end"),
    "family_set_points": N_("Set-token points of the family sets"),
    "size_set_points": N_("Set-token points of the size sets"),
    "news_tokens": N_("News tokens held at the end"),
    "news_points": N_("points of those News tokens"),
}


def rounds(final: State) -> int:
    """The rounds the game lasted: its turns over the players, a round begun counting whole."""
    return -(-final.turns // final.num_players)


def features(final: State) -> dict[str, list[float]]:
    """Each feature of :data:`FEATURES`, per player, read from ``final``'s museums and News tokens."""
    out: dict[str, list[float]] = {name: [] for name in FEATURES}
    for player, museum in enumerate(final.museum):
        for kind, name in ((FAMILY_SET, "family"), (SIZE_SET, "size")):
            sets = [mset for mset in museum if mset.kind == kind]
            out[f"{name}_sets"].append(float(len(sets)))
            out[f"{name}_set_points"].append(float(sum(set_points(mset) for mset in sets)))
        out["news_tokens"].append(float(sum(owner == player for owner in final.news)))
        out["news_points"].append(float(news_points(final.news, player, final.locked, final.options["news_values"])))
    return out
