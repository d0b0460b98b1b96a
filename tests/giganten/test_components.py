"""Game Components: the data files are validated against the rulebook's counts (a wrong count fails loudly)."""
from __future__ import annotations

import copy

import pytest

from giganten.components import COMPONENTS, SITES, ComponentError, build, read_raw


def test_game_components_counts_match_the_rulebook():
    c = COMPONENTS
    assert sum(t.copies for t in c.cards) == 42
    assert sum(t.copies for t in c.cards if t.color == "beige") == 30
    assert sum(t.copies for t in c.cards if t.color == "red") == 12
    assert (c.license_ones, c.license_twos) == (39, 39)
    assert c.oil_chips == 60 and c.derricks_per_player == 5
    assert [k.count for k in c.tile_kinds] == [12, 12, 12]
    assert [k.build_cost for k in c.tile_kinds] == [4000, 6000, 8000]
    assert dict(c.tile_kinds[1].values) == {2: 6, 5: 6}
    assert (c.rows, c.columns) == (12, 20) and len(c.terrain) == 240


def test_board_has_36_tile_spaces_six_for_three_players_and_one_estimate():
    assert len(SITES) == 36
    assert sorted(s.kind for s in SITES if s.three_player) == [1, 1, 2, 2, 3, 3]
    estimates = [s for s in SITES if s.estimate]
    assert [(s.row, s.col, s.kind) for s in estimates] == [(6, 4, 1)]
    assert all(COMPONENTS.terrain[s.cell] in (1, 2, 3) for s in SITES)
    # sites are numbered west to east, so production runs in column order
    assert [s.col for s in SITES] == sorted(s.col for s in SITES)


def test_red_cards_advance_the_black_locomotive_26_spaces_per_pass():
    red = [t for t in COMPONENTS.cards if t.color == "red"]
    assert sum(t.black * t.copies for t in red) == 26
    assert {t.special for t in red} == {"oil", "back"}


def test_rail_costs_and_black_track_estimate():
    assert COMPONENTS.rail_costs[1:10] == (1,) * 9
    assert COMPONENTS.rail_costs[10:17] == (2,) * 7 and COMPONENTS.rail_costs[17:] == (3,) * 3
    assert (COMPONENTS.black_start, COMPONENTS.harbour) == (0, 20)
    assert read_raw()["board"]["rail"]["estimate"] is True


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda r: r["cards"]["beige"][0].update(copies=5), "beige action cards"),
        (lambda r: r["cards"]["red"].pop(), "red action cards"),
        (lambda r: r["components"]["licenses"].update(ones=40), "78 sales licenses"),
        (lambda r: r["components"]["tiles"]["kinds"][0]["values"].update({"2": 5}), "do not add up"),
        (lambda r: r["components"].update(oil_chips=59), "60 oil chips"),
        (lambda r: r["board"]["estimated_sites"].clear(), "35 tile spaces"),
        (lambda r: r["board"]["map"].pop(), "rows"),
        (lambda r: r["board"]["map"].__setitem__(0, r["board"]["map"][0].replace("1S3*", "1S3")),
         "three-player spaces"),
        (lambda r: r["prices"]["track"].pop(), "16 spaces"),
        (lambda r: r["prices"]["die"].pop(), "price die"),
        (lambda r: r["board"]["rail"]["entry_costs"].pop(), "rail space"),
    ],
)
def test_a_wrong_count_fails_loudly(edit, message):
    raw = copy.deepcopy(read_raw())
    edit(raw)
    with pytest.raises(ComponentError, match=message):
        build(raw)


def test_touching_tile_spaces_are_rejected():
    raw = read_raw()
    raw["board"]["estimated_sites"][0].update(row=1, col=3)  # next to (0, 3)
    with pytest.raises(ComponentError, match="touch"):
        build(raw)
