"""Pictures of First Giants (matplotlib): pure functions, a state in, an ``Axes`` or a ``Figure`` out.

* :func:`plot_dig_sites` — the four dig sites with their face-up cards and the players' markers,
  and the deck's public top card;
* :func:`plot_museum` — one player's Study and museum: each set a row, its type (family or size),
  complete or not, its Set tokens and any News token of its type the player holds;
* :func:`plot_scores` — each player's points, broken down (point tokens, Set tokens on incomplete
  and on complete sets, News tokens);
* :func:`plot_table` — all of it in one figure.

Every number drawn comes from the engine (``state.score``, ``museum.set_points``, ...): nothing
is scored here.  Families are coloured from :mod:`gamekit.plotting`'s colour-blind-safe palette
and always written out as well.
"""
from __future__ import annotations

from collections.abc import Sequence

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch, Rectangle

from gamekit.i18n import N_, pgettext
from gamekit.i18n import gettext as _
from gamekit.plotting import (
    BLACK,
    BLUE,
    GREEN,
    GREY,
    ORANGE,
    SKY_BLUE,
    VERMILLION,
    WHITE,
    axes_or_new,
    new_figure,
    player_color,
    text_color_on,
)
from gamekit.words import say_count

from .components import CARDS
from .rules import SITES
from .rules.museum import UNTYPED, MuseumSet, is_complete, set_points, type_name
from .rules.news import DEFAULT_READING, held, news_index, news_name, news_points, news_value

FAMILY_COLORS: dict[str, str] = {"Flying": SKY_BLUE, "Herbivore": GREEN, "Carnivore": VERMILLION,
                                 "Marine": BLUE, "Mammal": ORANGE}
"""One safe colour per family (the family name is written on every card as well)."""
SIZE_WORD = {0: "egg", 1: "Small", 2: "Medium", 3: "Large"}
"""A card's Size as the pictures write it (English; :func:`size_label` gives the reader's)."""
CARD_W, CARD_H = 0.92, 1.2
ROW = CARD_H + 0.3  # height of a museum row, in card units
UNIT = 0.46  # inches per card unit in the pictures, so that family names fit on the cards
SCORE_PARTS = (N_("point tokens"), N_("Set tokens, incomplete sets (2 each)"), N_("Set tokens, complete sets (3 each)"),
               N_("News tokens"))
SCORE_COLORS = (GREY, SKY_BLUE, BLUE, ORANGE)


def family_word(family: str) -> str:
    """A Family's name in the reader's language ("Herbivore", "Planteæder", "Pflanzenfresser")."""
    return pgettext("family", family)


def size_label(size: int) -> str:
    """A Size as the pictures write it, in the reader's language: Small, Medium, Large, or egg (0)."""
    return pgettext("size", "egg") if size == 0 else pgettext("size", SIZE_WORD[size])


def card_label(card: int) -> str:
    """Three lines: the family, the size (Small/Medium/Large or egg) and the card's number."""
    c = CARDS[card]
    return f"{family_word(c.family_name)}\n{size_label(c.size)}\n#{c.id}"


def draw_card(ax: Axes, card: int, x: float, y: float, width: float = CARD_W, height: float = CARD_H,
              fontsize: float = 5.2) -> list:
    """One card, its lower-left corner at (x, y): family colour, family and size written on it."""
    colour = FAMILY_COLORS[CARDS[card].family_name]
    longest = max(len(line) for line in card_label(card).split("\n"))
    fontsize *= min(1.0, 9.5 / longest)  # (a longer word than English has: "Pflanzenfresser", "Meeresreptil")
    box = FancyBboxPatch((x, y), width, height, boxstyle="round,pad=0,rounding_size=0.08", facecolor=colour,
                         edgecolor=BLACK, linewidth=0.8)
    ax.add_patch(box)
    label = ax.text(x + width / 2, y + height / 2, card_label(card), ha="center", va="center", fontsize=fontsize,
                    color=text_color_on(colour), fontweight="bold", linespacing=1.15)
    return [box, label]


def _frame(ax: Axes, title: str) -> None:
    ax.set_aspect("equal", anchor="W")
    ax.axis("off")
    ax.set_title(title, fontsize=10, loc="left")


# -- the dig sites ---------------------------------------------------------------------------------------
SITE_STEP = 2.4  # horizontal distance between dig sites, in card units


def draw_dig_site_frames(ax: Axes, sites: int = 4) -> None:
    """The dig sites' and the deck's frames and titles (what never changes)."""
    for s in range(sites):
        x0 = s * SITE_STEP
        ax.add_patch(Rectangle((x0 - 0.1, -0.75), 2.1, 2.25, facecolor="#F4F1E8", edgecolor=GREY))
        title = _("Dig site {}").format(s + 1)  # (smaller where a language's words are longer than its frame)
        ax.text(x0 + 0.95, 1.62, title, ha="center", va="bottom", fontsize=8 * min(1.0, 13 / len(title)))
    xd = sites * SITE_STEP + 0.2
    ax.add_patch(Rectangle((xd - 0.1, -0.75), 1.3, 2.25, facecolor="#E8E8E8", edgecolor=GREY))
    ax.text(xd + 0.55, 1.62, _("Deck (face up)"), ha="center", va="bottom", fontsize=8)
    ax.set_xlim(-0.3, xd + 1.4)
    ax.set_ylim(-0.9, 2.0)
    _frame(ax, _("Dig sites: markers below the cards"))


def draw_dig_site_cards(ax: Axes, state, fontsize: float = 5.2) -> list:
    """The cards on the dig sites, the players' markers, the deck's top card and its size; returns
    the artists drawn."""
    from gamekit.plotting import fast_scatter, glyphs

    artists: list = []
    for s in range(SITES):
        x0 = s * SITE_STEP
        for k, card in enumerate(state.sites[s]):  # (an empty space stays a gap)
            if card >= 0:
                artists += draw_card(ax, card, x0 + k * 1.0, 0.2, fontsize=fontsize)
        for k, p in enumerate(state.markers_at(s)):
            point = [(x0 + 0.2 + 0.4 * k, -0.35)]
            artists.append(fast_scatter(ax, point, "o", 120, player_color(p), BLACK, 1.0, zorder=3))
            artists += glyphs(ax, point, state.names[p][0], text_color_on(player_color(p)), size=30, zorder=4)
    xd = SITES * SITE_STEP + 0.2
    if state.top >= 0:
        artists += draw_card(ax, state.top, xd + 0.1, 0.2, fontsize=fontsize)
    artists.append(ax.text(xd + 0.55, -0.35, _("{} below").format(len(state.deck)), ha="center", va="center",
                           fontsize=7))
    return artists


def plot_dig_sites(state, ax: Axes | None = None) -> Axes:
    """The four dig sites (their cards, the markers on them) and the deck's face-up top card."""
    ax = axes_or_new(ax, 13.4 * UNIT, 3.0 * UNIT + 0.4)
    draw_dig_site_frames(ax, SITES)
    draw_dig_site_cards(ax, state)
    return ax


# -- a museum ----------------------------------------------------------------------------------------------
def news_held(state, player: int) -> dict[int, bool]:
    """News token index -> kept for good (locked), for the tokens ``player`` holds."""
    return held(state.news, state.locked, player)


def news_reading(state) -> str:
    """The game's reading of the News tokens' values (option ``news_values``; a sandbox without options: the
    default)."""
    return getattr(state, "options", {}).get("news_values", DEFAULT_READING)


def set_caption(mset: MuseumSet, held: dict[int, bool], reading: str = DEFAULT_READING) -> str:
    """What a set row says: its type, complete or not, its Set tokens and points, its News token."""
    from .text import WORDING

    kind, key, tokens = mset.kind, mset.key, mset.tokens
    if not tokens and len(mset.cards) == 1:
        return _("new set (one card, no type yet): no points")
    words = _("{}, complete:\n{} = {} pts") if is_complete(mset) else _("{}, incomplete:\n{} = {} pts")
    text = words.format(WORDING.text(type_name(kind, key)), say_count(tokens, "Set token"), set_points(mset))
    i = news_index(kind, key)
    if i in held:
        news = _("{}; {} ({} pts, kept for good)") if held[i] else _("{}; {} ({} pts)")
        text = news.format(text, WORDING.text(news_name(i)), news_value(i, held[i], reading))
    return text


def museum_extent(state, player: int, show_study: bool = True) -> tuple[float, float]:
    """Width and height (card units) of :func:`plot_museum`'s drawing."""
    museum = state.museum[player]
    return caption_x(state, player) + 7.0, (len(museum) + show_study) * ROW + 0.3


def caption_x(state, player: int) -> float:
    longest = max([len(state.study[player]), 5, *(len(m.cards) for m in state.museum[player])])
    return longest * 1.0 + 0.3


def plot_museum(state, player: int, ax: Axes | None = None, show_study: bool = True) -> Axes:
    """``player``'s Study (top row, unless ``show_study`` is False) and museum: one row per set, with
    what each set scores.

    A complete set has a thick frame; the News token of a type is written on the player's
    largest set of that type."""
    museum = state.museum[player]
    width, height = museum_extent(state, player, show_study)
    ax = axes_or_new(ax, (width + 1.8) * UNIT, height * UNIT + 0.5)
    held = news_held(state, player)
    news_row = _news_rows(museum, held)
    study = state.study[player]
    x_text = caption_x(state, player)
    if show_study:
        ax.text(-0.15, CARD_H / 2, _("Study"), ha="right", va="center", fontsize=8, fontweight="bold")
        for k, card in enumerate(study):
            draw_card(ax, card, k * 1.0, 0.0)
        if not study:
            ax.text(0, CARD_H / 2, _("(empty)"), va="center", fontsize=8, color=GREY)
    if not museum and not show_study:
        ax.text(0, CARD_H / 2, _("(nothing on display yet)"), va="center", fontsize=8, color=GREY)
    for row, mset in enumerate(museum, start=1 if show_study else 0):
        y = -row * ROW
        ax.text(-0.15, y + CARD_H / 2, _("Set {}").format(row + (not show_study)), ha="right", va="center", fontsize=8,
                fontweight="bold")
        for k, card in enumerate(mset.cards):
            draw_card(ax, card, k * 1.0, y)
        if is_complete(mset):
            ax.add_patch(Rectangle((-0.07, y - 0.07), len(mset.cards) * 1.0 + 0.06, CARD_H + 0.14, fill=False,
                                   edgecolor=BLACK, linewidth=2.2))
        index = row - 1 if show_study else row
        caption = set_caption(mset, held if news_row.get(index) else {}, news_reading(state))
        ax.text(x_text, y + CARD_H / 2, caption, va="center", fontsize=7.5, linespacing=1.3)
    rows = max(1, len(museum) + show_study)
    ax.set_xlim(-1.8, width)
    ax.set_ylim(-(rows - 1) * ROW - 0.15, CARD_H + 0.15)
    words = _("{}: Study and museum ({}; {})") if show_study else _("{}: museum ({}; {})")
    _frame(ax, words.format(state.names[player], say_count(len(museum), "set"),
                            say_count(state.score(player), "point")))
    return ax


def _news_rows(museum, held: dict[int, bool]) -> dict[int, bool]:
    """The set (row index) that shows each held News token: the first largest set of its type."""
    best: dict[int, int] = {}
    for k, mset in enumerate(museum):
        if mset.kind == UNTYPED:
            continue
        i = news_index(mset.kind, mset.key)
        if i in held and (i not in best or len(mset.cards) > len(museum[best[i]].cards)):
            best[i] = k
    return {k: True for k in best.values()}


# -- scores -------------------------------------------------------------------------------------------------
def score_breakdown(state, player: int) -> tuple[int, int, int, int]:
    """(point tokens, Set tokens of incomplete sets, of complete sets, News tokens), in points.

    Adds up to ``state.score(player)`` (the engine's score)."""
    incomplete = sum(set_points(m) for m in state.museum[player] if not is_complete(m))
    complete = sum(set_points(m) for m in state.museum[player] if is_complete(m))
    news = news_points(state.news, player, state.locked, news_reading(state))
    return state.points[player], incomplete, complete, news


def draw_score_axes(ax: Axes, names: Sequence[str], xmax: float) -> None:
    """The score chart's frame: one row per player, points from 0 to ``xmax``, the legend."""
    rows = range(len(names))
    ax.set_yticks(list(rows), list(names))
    ax.set_ylim(len(names) - 0.5, -0.5)
    ax.set_xlim(0, xmax)
    ax.set_xlabel(_("points"))
    proxies = [Rectangle((0, 0), 1, 1, facecolor=c, edgecolor=WHITE) for c in SCORE_COLORS]
    ax.legend(proxies, [_(part) for part in SCORE_PARTS], fontsize=9, frameon=False, loc="upper center",
              bbox_to_anchor=(0.5, -0.4), ncol=2)
    ax.set_title(_("Score breakdown"), fontsize=10, loc="left")
    ax.spines[["top", "right"]].set_visible(False)


def draw_score_bars(ax: Axes, state) -> list:
    """Each player's points as a stacked bar (from :func:`score_breakdown`) and the total
    (``state.score``); returns the artists drawn."""
    artists: list = []
    for p in range(state.num_players):
        left = 0
        for value, colour in zip(score_breakdown(state, p), SCORE_COLORS):
            if value:
                artists.append(ax.add_patch(Rectangle((left, p - 0.3), value, 0.6, facecolor=colour,
                                                      edgecolor=WHITE)))
            left += value
        artists.append(ax.text(left + 0.3, p, f"{state.score(p)}", va="center", fontsize=10, fontweight="bold"))
    return artists


def score_axis_limit(state) -> float:
    """A round right end for the score axis (a multiple of 10 above the best score)."""
    return 10.0 * (max(state.score(p) for p in range(state.num_players)) // 10 + 1) + 2


def plot_scores(state, ax: Axes | None = None) -> Axes:
    """Each player's points as a stacked bar: point tokens, Set tokens (2 or 3 each), News tokens."""
    ax = axes_or_new(ax, 6.0, 0.6 + 0.5 * state.num_players)
    draw_score_axes(ax, state.names, score_axis_limit(state))
    draw_score_bars(ax, state)
    return ax


def plot_table(state, players: Sequence[int] | None = None) -> Figure:
    """Dig sites, every player's museum and the score breakdown, in one figure."""
    players = list(range(state.num_players)) if players is None else list(players)
    heights = [3.0 * UNIT + 0.35] + [museum_extent(state, p)[1] * UNIT + 0.35 for p in players]
    heights.append(0.9 + 0.35 * state.num_players)
    width = max(9.0, max(museum_extent(state, p)[0] for p in players) * UNIT + 1.0)
    fig = new_figure(width, sum(heights) + 0.8)
    grid = fig.add_gridspec(len(heights), 1, height_ratios=heights, hspace=0.35, left=0.08, right=0.98,
                            top=0.98, bottom=0.06)
    plot_dig_sites(state, fig.add_subplot(grid[0]))
    for k, p in enumerate(players, start=1):
        plot_museum(state, p, fig.add_subplot(grid[k]))
    plot_scores(state, fig.add_subplot(grid[-1]))
    return fig

