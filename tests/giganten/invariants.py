"""The conservation laws every Giganten position obeys (the consistency checks call this after every move)."""
from __future__ import annotations

from giganten.components import CARDS, COMPONENTS

COPIES = [t.copies for t in CARDS]
LICENSES = [COMPONENTS.license_ones, COMPONENTS.license_twos]


def conservation(s) -> None:
    """Money, oil chips, derricks, license cards and action cards are never created or destroyed.

    * money: players + bank = bank start + 15,000 per player;
    * oil chips: supply + under derricks + in storages (+ a produced chip awaiting its transport) = 60;
    * derricks: on the board + in the owner's supply = 5 per player;
    * sales licenses: draw pile + discard pile + hands = 39 ones and 39 twos;
    * action cards: piles + discards + display + held = the box's copies of each card.
    """
    n = s.n
    assert sum(s.money) + s.bank == COMPONENTS.bank_start + n * COMPONENTS.start_money, "money"
    assert min(s.money) >= 0, "no credit is ever granted"
    chips = s.supply + sum(s.site_oil) + sum(s.storage) + (s.chip_site >= 0)
    assert chips == COMPONENTS.oil_chips, f"oil chips: {chips}"
    assert min(s.storage) >= 0 and s.supply >= 0 and min(s.site_oil) >= 0
    for p in range(n):
        assert s.site_owner.count(p) + s.derricks_left[p] == COMPONENTS.derricks_per_player, f"derricks of seat {p}"
    hands = [s.licenses(p) for p in range(s.n)]
    ones = s.lic_draw[0] + s.lic_disc[0] + sum(ones for ones, _ in hands)
    twos = s.lic_draw[1] + s.lic_disc[1] + sum(twos for _, twos in hands)
    assert [ones, twos] == LICENSES, f"licenses {ones} ones, {twos} twos"
    assert min(min(h) for h in hands) >= 0 and min(s.lic_draw) >= 0 and min(s.lic_disc) >= 0
    cards = [a + b for a, b in zip(s.card_draw, s.card_disc)]
    for t in s.display:
        cards[t] += 1
    for t in s.held:
        if t >= 0:
            cards[t] += 1
    assert cards == COPIES, "action cards"
