"""Giganten pictures draw what they should: tiles, derricks, trucks, five locomotives, what a seat has seen."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import random

import pytest
from matplotlib.collections import PatchCollection, PathCollection

import giganten as g
from gamekit import RandomBot, play, sample_chance
from gamekit.plotting import marker_path
from giganten import plots
from giganten.components import COMPONENTS
from giganten.rules import DERRICK


def advance(state, rounds: int, seed: int = 1):
    rng, bot = random.Random(seed), RandomBot(seed)
    while not state.is_terminal() and state.round <= rounds:
        state = state.apply(sample_chance(state, rng) if state.is_chance() else bot.act(state))
    return state


@pytest.fixture(scope="module")
def mid():
    """A 4-player position in round 6, with two derricks put on the board (a copy, for drawing)."""
    s = advance(g.new_game(4), 5)._copy()
    for site, owner in ((3, 0), (20, 2)):
        s._set_site(site, DERRICK, owner, 4)
    return s


def glyph_count(ax, text: str) -> int:
    """How many times ``text`` is drawn as a glyph marker on ``ax``."""
    path = marker_path(f"$\\mathrm{{{text}}}$")
    return sum(len(c.get_offsets()) for c in ax.collections
               if isinstance(c, PathCollection) and c.get_paths()[0] is path)


def test_board_draws_a_square_per_tile_and_derrick(mid):
    ax = plots.plot_board(mid)
    (squares,) = [c for c in ax.collections if isinstance(c, PatchCollection)]
    tiles = sum(1 for v in mid.site_state if v == 1)
    derricks = sum(1 for v in mid.site_state if v == 2)
    assert len(squares.get_paths()) == tiles + derricks == 36 - sum(1 for v in mid.site_state if v == 0)
    assert glyph_count(ax, "?") == tiles  # public view: no face-down oil is shown
    assert glyph_count(ax, "R") >= 1 and glyph_count(ax, "Y") >= 1  # derricks carry their owner's letter


def test_board_shows_five_locomotives_and_the_placed_trucks(mid):
    ax = plots.plot_board(mid)
    squares = marker_path("s")
    (locos,) = [c for c in ax.collections if isinstance(c, PathCollection) and c.get_paths()[0] is squares]
    assert len(locos.get_offsets()) == 5
    assert locos.get_offsets()[0].tolist() == [mid.black, plots.RAIL_TOP + plots.LANE / 2]
    trucks = [c for c in ax.collections if isinstance(c, PathCollection) and c.get_paths()[0] is marker_path("o")]
    assert sum(len(c.get_offsets()) for c in trucks) == sum(1 for t in mid.trucks if t >= 0)
    assert [t.get_text() for t in ax.texts if t.get_text() in ("black", "Red", "Blue", "Yellow", "Green")] == \
        ["black", "Red", "Blue", "Yellow", "Green"]


def test_a_seat_sees_the_oil_of_the_tiles_it_has_looked_at_and_nothing_else():
    s = advance(g.new_game(4), 3, seed=4)
    seen = {p: plots.known_tiles(s, p) for p in range(4)}
    assert any(seen.values()), "the random game should have passed some tiles"
    p = max(seen, key=lambda q: len(seen[q]))
    for site, oil in seen[p].items():
        assert s.known[p] >> site & 1 and oil == s.site_value[site]
    assert plots.known_tiles(s, None) == {}
    tiles = sum(1 for v in s.site_state if v == 1)
    ax = plots.plot_board(s, viewer=p)
    assert glyph_count(ax, "?") == tiles - len(seen[p])
    assert "what Red" in ax.get_title() or s.name(p) in ax.get_title()


def test_three_player_board_marks_the_empty_spaces():
    s = advance(g.new_game(3), 1)
    ax = plots.plot_board(s)
    assert glyph_count(ax, "\\times") == 6


def test_board_picture_reuses_its_figure_and_leaves_no_stale_pieces(mid):
    pic = plots.BoardPicture()
    first = pic.render(mid)
    assert first[:4] == b"\x89PNG" and pic.render(mid) == first
    artists = len(pic.board_ax.collections)
    moved = mid._copy()
    moved._move_locomotive(0, moved.locos[0] + 3)
    assert pic.render(moved) != first and len(pic.board_ax.collections) == artists
    pic.render(mid, viewer=0)
    assert pic.fig.texts[-1].get_text().endswith("(what Red has seen)")


def test_rail_race_has_five_locomotives_and_a_triangle_per_derrick(mid):
    ax = plots.plot_rail_race(mid)
    locos = [c for c in ax.collections if c.get_offsets().shape[0] == 1 and c.get_paths()[0] is not None]
    squares = [c for c in ax.collections if len(c.get_paths()) and
               c.get_paths()[0].vertices.shape == marker_path("s").vertices.shape]
    assert len(squares) == 5
    derricks = [(s.col, s.index) for s in COMPONENTS.sites if mid.site_state[s.index] == 2]
    triangles = [c for c in ax.collections if c.get_offsets().shape[0] == 1 and c not in squares]
    assert len(triangles) == len(derricks) and len(locos) == 5 + len(derricks)
    assert sorted(line.get_xdata()[0] for line in ax.lines) == sorted(col for col, _ in derricks)
    assert [t.get_text() for t in ax.get_yticklabels()] == ["black", "Red", "Blue", "Yellow", "Green"]


def test_game_summary_plots_every_round_for_every_player():
    end = play(g.new_game(3), [RandomBot(i) for i in range(3)], seed=3)
    snaps = plots.round_snapshots(end)
    assert snaps[-1] is end and [s.round for s in snaps[:-1]] == list(range(1, len(snaps)))
    fig = plots.plot_game_summary(end, snaps)
    locos, money, prices = fig.axes
    assert len(locos.lines) == 1 + 3 + 1  # black, three players, the harbour line
    assert len(money.lines) == 3 and len(prices.lines) == 3
    assert all(len(line.get_xdata()) == len(snaps) for line in money.lines)
    assert [t.get_text() for t in locos.get_xticklabels()][-1] == "end"


def test_rail_race_draws_a_derrick_over_the_locomotive_level_with_it(mid):
    s = mid._copy()
    col = COMPONENTS.sites[3].col
    s._move_locomotive(0, col)  # Red's locomotive stands on its own derrick's column
    ax = plots.plot_rail_race(s)
    squares = [c for c in ax.collections if len(c.get_paths()) and
               c.get_paths()[0].vertices.shape == marker_path("s").vertices.shape]
    red = next(c for c in squares if tuple(c.get_offsets()[0]) == (col, 1))
    derrick = next(c for c in ax.collections if c not in squares and tuple(c.get_offsets()[0]) == (col, 1.3))
    assert derrick.get_zorder() > red.get_zorder()
    oil = next(t for t in ax.texts if t.get_text() == "4" and t.xy == (col, 1.3))
    assert oil.get_zorder() > red.get_zorder()


def test_game_summary_reads_on_a_projector_and_counts_rail_spaces_in_whole_numbers():
    end = play(g.new_game(3), [RandomBot(i) for i in range(3)], seed=3)
    fig = plots.plot_game_summary(end)
    fig.canvas.draw()
    texts = [t for ax in fig.axes for t in (*ax.get_xticklabels(), *ax.get_yticklabels(), *ax.get_legend().get_texts(),
                                             ax.title) if t.get_text()]
    assert texts and min(t.get_fontsize() for t in texts) >= 9  # 9 pt = 12 px at the figure's 100 dpi
    locos = fig.axes[0]
    assert all(float(t.get_text().replace("−", "-")).is_integer() for t in locos.get_yticklabels() if t.get_text())
