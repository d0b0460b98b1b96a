"""Conservation laws every First Giants state keeps (used by the consistency checks)."""
from __future__ import annotations

from firstgiants.components import CARDS, TOKENS
from firstgiants.rules import MARKERS, OVER
from firstgiants.rules.museum import UNTYPED
from firstgiants.rules.news import news_index
from firstgiants.state import State

ALL_CARDS = list(range(len(CARDS)))


def conserved(state: State) -> None:
    """Amber, cards, Set tokens and News tokens are conserved; the museum follows the set rules."""
    n = state.n
    # Amber: the box's 80 are in the supply or with the players (ruling R6: a finite supply of 80).
    assert min(state.amber) >= 0 and state.amber_supply() >= 0
    # Cards: deck + top + dig sites + Studies + displays = the 65 cards, each exactly once.
    places = [*state.deck, *(c for site in range(len(state.sites)) for c in state.dig_site(site))]
    if state.top >= 0:
        places.append(state.top)
    on_sets = 0
    best = [[0] * 8 for _ in range(n)]  # best[p][token]: cards in p's largest set of that type
    for p in range(n):
        places += state.study[p]
        for mset in state.museum[p]:
            cards, kind, key, tokens = mset.cards, mset.kind, mset.key, mset.tokens
            places += cards
            on_sets += tokens
            assert (kind == UNTYPED) == (len(cards) == 1)
            # one Set token per expansion, fewer only once the supply and the box ran dry (ruling R17)
            assert tokens == len(cards) - 1 or (state.end_cause and tokens < len(cards) - 1)
            if kind != UNTYPED:
                i = news_index(kind, key)
                best[p][i] = max(best[p][i], len(cards))
    places.sort()
    assert places == ALL_CARDS, "a card was lost or duplicated"
    # Set tokens: supply + box + on the sets = 33; the box empties when the end is triggered.
    assert state.set_supply + state.set_box + on_sets == TOKENS.set_tokens_in_box
    assert state.set_box == (0 if state.end_cause else TOKENS.set_tokens_in_box - TOKENS.set_tokens_in_play[n])
    # News tokens: 8, each in the supply or with a player holding a largest set of its type.
    assert len(state.news) == 8
    for i, owner in enumerate(state.news):
        top = max(b[i] for b in best)
        if owner < 0:
            assert top < 2 and not state.locked[i]
        else:
            assert best[owner][i] >= 2 and (state.locked[i] or best[owner][i] == top)
    # Markers: 4 per player, on the board or at dig sites (at most one per site).
    for p in range(n):
        assert 0 <= state.markers_on_board(p) <= MARKERS
    if state.phase == OVER:
        assert state.end_cause and state.turns % n == 0
