"""Conservation laws every First Giants state keeps (used by the consistency checks)."""
from __future__ import annotations

from firstgiants.components import CARDS, TOKENS
from firstgiants.museum import UNTYPED, largest, news_index
from firstgiants.state import MARKERS, OVER, State

NEWS_TYPES = [(1, f) for f in range(5)] + [(2, s) for s in (1, 2, 3)]


def conserved(state: State) -> None:
    """Amber, cards, Set tokens and News tokens are conserved; the museum follows the set rules."""
    # Amber: the box's 80 are in the supply or with the players (ruling: a finite supply of 80).
    assert all(a >= 0 for a in state.amber) and state.amber_supply() >= 0
    assert state.amber_supply() + sum(state.amber) == TOKENS.amber_in_box
    # Cards: deck + top + dig sites + Studies + displays = the 65 cards, each exactly once.
    places = list(state.deck) + ([state.top] if state.top >= 0 else []) + [c for c in state.sites if c >= 0]
    for p in range(state.n):
        places += list(state.study[p])
        places += [c for m in state.museum[p] for c in m[0]]
    assert sorted(places) == list(range(len(CARDS))), "a card was lost or duplicated"
    # Set tokens: supply + box + on the sets = 33.
    on_sets = sum(m[3] for p in range(state.n) for m in state.museum[p])
    assert state.set_supply + state.set_box + on_sets == TOKENS.set_tokens_in_box
    assert state.set_box == (0 if state.end_cause else TOKENS.set_tokens_in_box - TOKENS.set_tokens_in_play[state.n])
    for p in range(state.n):
        for cards, kind, key, tokens in state.museum[p]:
            assert (kind == UNTYPED) == (len(cards) == 1)
            assert tokens <= len(cards) - 1
            # fewer tokens than expansions only once the supply and the box ran dry
            assert tokens == len(cards) - 1 or state.end_cause
    # News tokens: 8, each in the supply or with the player holding the largest set of its type.
    assert len(state.news) == 8
    for kind, key in NEWS_TYPES:
        i = news_index(kind, key)
        owner = state.news[i]
        sizes = [largest(state.museum[p], kind, key) for p in range(state.n)]
        if owner < 0:
            assert max(sizes) < 2 and not state.locked[i]
        else:
            assert sizes[owner] >= 2 and (state.locked[i] or sizes[owner] == max(sizes))
    # Markers: 4 per player, on the board or at dig sites (at most one per site).
    for p in range(state.n):
        assert 0 <= state.markers_on_board(p) <= MARKERS
    if state.phase == OVER:
        assert state.end_cause and state.turns % state.n == 0
