"""First Giants' widgets (ipywidgets 8), thin layers over the rules.

* :func:`stepper` — the shared game stepper (:mod:`gamekit.widgets`) set up for First Giants: the
  dig sites and scores as a picture, each player's Study and museum as a table, a turn as the
  phase and a round (everyone once) as the round;
* :class:`MuseumBuilder` — build museums by clicking cards into sets and watch the Set tokens, the
  points and the News tokens change; every rule is the engine's (:mod:`firstgiants.rules.museum`,
  :mod:`firstgiants.rules.news`).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as widgets

from gamekit import Action, GameState
from gamekit.bots import registry
from gamekit.plotting import LayeredFigure, figure_png, new_figure, player_color
from gamekit.widgets import GameStepper, GameView, button
from gamekit.widgets.controls import escape

from . import plots
from .actions import NEW_SET
from .components import CARDS, SIZE_NAMES
from .rules import DEAL, DEFAULT_NAMES, SITES
from .rules.museum import SIZE_SET, UNTYPED, MuseumSet, extend, is_complete, join, new_set, set_points, type_name
from .rules.news import TOKENS_IN_PLAY, award_news, news_index, news_name, news_points, news_value
from .state import SPEC

# -- the stepper ---------------------------------------------------------------------------------------
ACTION_GROUPS = {
    "play_marker": "Play 1 marker", "reclaim": "Reclaim markers", "take_card": "Take a card",
    "resolve_trigger": "Which effect resolves next", "display": "Display a fossil", "gain_amber": "Gain 1 amber",
    "gain_point": "Gain 1 point", "spend_amber": "Spend 3 amber for 2 points", "decline": "Decline",
}


def group_actions(state: GameState, actions: Sequence[Action]) -> dict[str, list[tuple[str, Action]]]:
    groups: dict[str, list[tuple[str, Action]]] = {}
    for action in actions:
        groups.setdefault(ACTION_GROUPS.get(action.kind, action.kind), []).append((str(action), action))
    return groups


def chip(card: int) -> str:
    """A card as a small coloured HTML chip (family colour, name written out)."""
    c = CARDS[card]
    colour = plots.FAMILY_COLORS[c.family_name]
    from gamekit.plotting import text_color_on

    return (f"<span title='{escape(c.effect_text)}' style='background:{colour};color:{text_color_on(colour)};"
            f"border-radius:3px;padding:0 3px;margin:1px;white-space:nowrap;font-size:11px'>{escape(c.name)}</span>")


def summary_html(state) -> str:
    """Every player's amber, points, markers, Study and museum (First Giants hides nothing)."""
    rows = []
    for p in range(state.num_players):
        held = plots.news_held(state, p)
        sets = []
        for k, mset in enumerate(state.museum[p], start=1):
            done = " ✔ complete" if is_complete(mset) else ""
            sets.append(f"<div>Set {k} ({escape(type_name(mset.kind, mset.key))}{done}, {mset.tokens} Set token"
                        f"{'s' if mset.tokens != 1 else ''}): {''.join(chip(c) for c in mset.cards)}</div>")
        news = ", ".join(f"{news_name(i)}{' (kept)' if locked else ''}" for i, locked in held.items()) or "–"
        mark = " ◀ to move" if p == state.current_player() else ""
        rows.append(
            f"<div style='border-left:6px solid {player_color(p)};padding:2px 6px;margin:3px 0'>"
            f"<b>{escape(state.names[p])}</b>{mark}: {state.score(p)} points · {state.amber[p]} amber · "
            f"{state.markers_on_board(p)} markers on the Museum board · News: {escape(news)}"
            f"<div>Study: {''.join(chip(c) for c in state.study[p]) or '–'}</div>{''.join(sets)}</div>")
    end = f"<div><b>End triggered:</b> {escape(state.end_cause)}</div>" if state.end_cause else ""
    return (f"<div style='font-size:12px'>Set tokens: {state.set_supply} in the supply, {state.set_box} in the box"
            f" · amber supply {state.amber_supply()}{end}{''.join(rows)}</div>")


def private_html(state, player: int) -> str:
    """First Giants has no hidden information: the pane says what is being decided."""
    decision = state.observation(player)["decision"]
    what = f"Decision: {escape(decision['what'])}" if decision else f"Phase: {escape(state.phase_name)}"
    return f"<div style='font-size:13px'>{what} (nothing is hidden in First Giants)</div>"


class TablePicture:
    """The stepper's picture: dig sites with the deck's top card, and the score breakdown.

    The frames are drawn once per game (and when a score outgrows the axis); the cards and the
    bars are redrawn only when they change (:class:`gamekit.plotting.LayeredFigure`)."""

    def __init__(self) -> None:
        self._frame_key: tuple | None = None

    def _new_frame(self, state, xmax: float) -> None:
        self.fig = new_figure(9.0, 4.4, dpi=80)
        self.sites_ax = self.fig.add_axes((0.02, 0.5, 0.96, 0.42))
        self.score_ax = self.fig.add_axes((0.12, 0.2, 0.8, 0.24))
        plots.draw_dig_site_frames(self.sites_ax, SITES)
        plots.draw_score_axes(self.score_ax, state.names, xmax)
        self.layers = LayeredFigure(self.fig)
        self._frame_key = (tuple(state.names), xmax)

    def render(self, state, viewer: int | None = None) -> bytes:
        xmax = plots.score_axis_limit(state)
        if self._frame_key is None or self._frame_key[0] != tuple(state.names) or self._frame_key[1] < xmax - 2:
            self._new_frame(state, max(xmax, 32.0))
        sites_key = (tuple(state.sites), tuple(state.markers), state.top, len(state.deck))
        scores_key = tuple(plots.score_breakdown(state, p) for p in range(state.num_players))
        return self.layers.render([
            (sites_key, lambda: plots.draw_dig_site_cards(self.sites_ax, state, fontsize=7)),
            (scores_key, lambda: plots.draw_score_bars(self.score_ax, state)),
        ])


def round_label(state) -> str:
    """Setup, then "Round k": every player has one turn per round."""
    return "Setup" if state.phase == DEAL else f"Round {state.turns // state.num_players + 1}"


def phase_label(state) -> str:
    """One player's turn (reclaiming or playing a marker, with every effect it triggers)."""
    return "dealing the dig sites" if state.phase == DEAL else f"turn {state.turns + 1} ({state.names[state.active]})"


def view(names: Sequence[str] = DEFAULT_NAMES, bots: dict[str, Any] | None = None) -> GameView:
    """First Giants described for the shared stepper."""
    return GameView(
        spec=SPEC, bots=bots if bots is not None else registry("firstgiants"), title="First Giants",
        player_name=lambda p: names[p], phase=phase_label, round=round_label, group_actions=group_actions,
        private_html=private_html, action_text=lambda s, a: str(a), picture=TablePicture,
        summary_html=summary_html, hidden_information=False,
    )


def stepper(players: int = 3, seed: int = 0, seats: Sequence[str] | None = None, **options: Any) -> GameStepper:
    """The First Giants stepper (show it as the last expression of a cell).

    ``seats``: "human" or a bot name of ``firstgiants.bots.BOTS`` per seat; ``options``: the game's
    options (``first_player``, ``names``)."""
    names = [n.strip() for n in options["names"].split(",")] if options.get("names") else DEFAULT_NAMES
    return GameStepper(view(names), players=players, seed=seed, seats=seats, options=options)


# -- the museum builder ---------------------------------------------------------------------------------
@dataclass
class Museums:
    """Museums on their own (no dig sites, no amber): what :mod:`firstgiants.rules.museum` and
    :mod:`firstgiants.rules.news` score.

    It has the attributes :func:`firstgiants.plots.plot_museum` reads, like a game state.
    """

    names: tuple[str, ...]
    museum: list[tuple[MuseumSet, ...]] = field(default_factory=list)
    news: list[int] = field(default_factory=lambda: [-1] * TOKENS_IN_PLAY)
    locked: list[bool] = field(default_factory=lambda: [False] * TOKENS_IN_PLAY)

    def __post_init__(self) -> None:
        if not self.museum:
            self.museum = [()] * len(self.names)
        self.study = [()] * len(self.names)
        self.points = [0] * len(self.names)

    @property
    def num_players(self) -> int:
        return len(self.names)

    def score(self, player: int) -> int:
        """Set tokens (``museum.set_points``) and News tokens (``news.news_points``)."""
        return sum(set_points(m) for m in self.museum[player]) + news_points(self.news, player)

    def display(self, player: int, card: int, target: int = NEW_SET, as_size: int = 0) -> str:
        """Put ``card`` on display in ``player``'s museum; returns what happened (or raises ValueError
        with the rule that forbids it).  Every Set token is taken (the supply never runs out here)."""
        sets = self.museum[player]
        name = self.names[player]
        if any(card in m.cards for museum in self.museum for m in museum):
            raise ValueError(f"{CARDS[card]} is already on display")
        if target == NEW_SET:
            self.museum[player] = sets + (new_set(card),)
            return f"{name} displays {CARDS[card]}, starting a new set (no points yet)."
        result = join(sets[target], card)
        if isinstance(result, str):  # the words of the rule that forbids it
            raise ValueError(result)  # noqa: TRY004  (a rule's refusal, not a wrong type)
        kind, key = result
        if kind == SIZE_SET and key == 0:
            if as_size not in SIZE_NAMES:
                raise ValueError("two eggs make a size set: declare its size")
            key = as_size
        mset = extend(sets[target], card, kind, key, 1)
        self.museum[player] = sets[:target] + (mset,) + sets[target + 1:]
        text = (f"{name} displays {CARDS[card]}: the {type_name(kind, key)} has {len(mset.cards)} cards, "
                f"taking 1 Set token ({set_points(mset)} points on this set)")
        if is_complete(mset):
            text += "; the set is complete: its Set tokens are worth 3 points each"
        i = news_index(kind, key)
        owner, locked, why = award_news(self.news[i], self.locked[i], self.museum, player, mset, self.names)
        if why:
            self.news[i], self.locked[i] = owner, locked
            text += f"; {name} {why}"
        return text + "."


class MuseumBuilder:
    """Click cards into sets and see the score and the News tokens change (rulebook "Display 1 Fossil",
    "Score Points").  Two museums by default, so a News token can be taken, stolen and kept for good."""

    def __init__(self, names: Sequence[str] = ("Ana", "Ben")) -> None:
        self.names = tuple(names)
        self.museums = Museums(self.names)
        self.history: list[tuple[int, int, int, int]] = []
        self.player = widgets.ToggleButtons(options=[(n, i) for i, n in enumerate(self.names)], value=0,
                                            description="Museum", tooltips=[f"Build {n}'s museum" for n in self.names],
                                            tooltip="Whose museum the next card goes to")
        self.card = widgets.Dropdown(description="Card", tooltip="The fossil to put on display",
                                     layout=widgets.Layout(width="420px"))
        self.target = widgets.Dropdown(description="Into", tooltip="Start a new set or extend one of the sets",
                                       layout=widgets.Layout(width="420px"))
        self.as_size = widgets.Dropdown(options=[(v, k) for k, v in SIZE_NAMES.items()], value=1,
                                        description="Eggs' size",
                                        tooltip="A size set made only of eggs needs a declared size")
        self.display_button = button("Display", "Put the card on display in the chosen set", self._on_display,
                                     icon="plus", style="primary")
        self.undo_button = button("Undo", "Take the last displayed card back", lambda _b: self.undo(), icon="undo")
        self.clear_button = button("Clear", "Empty both museums", lambda _b: self.clear(), icon="trash")
        self.message = widgets.HTML()
        self.scores = widgets.HTML()
        self.image = widgets.Image(format="png", layout=widgets.Layout(max_width="100%"))
        self.player.observe(lambda _c: self._refresh_menus(), names="value")
        self.card.observe(lambda _c: self._refresh_targets(), names="value")
        self.widget = widgets.VBox([
            widgets.HTML("<b>Museum builder</b> — click cards into sets (rulebook: Display 1 Fossil, Score Points)"),
            self.player, self.card, widgets.HBox([self.target, self.as_size]),
            widgets.HBox([self.display_button, self.undo_button, self.clear_button]),
            self.message, self.scores, self.image,
        ])
        self.widget.add_class("gk-museum-builder")
        self._redraw()

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    # -- menus ------------------------------------------------------------------------------
    def _free_cards(self) -> list[int]:
        shown = {c for museum in self.museums.museum for m in museum for c in m.cards}
        return [c.id for c in CARDS if c.id not in shown]

    def _refresh_menus(self) -> None:
        current, free = self.card.value, self._free_cards()
        self.card.options = [(f"{CARDS[c]} — {CARDS[c].effect_text}"[:90], c) for c in free]
        self.card.value = current if current in free else (free[0] if free else None)
        self._refresh_targets()

    def _refresh_targets(self) -> None:
        sets = self.museums.museum[self.player.value]
        options = [("a new set", NEW_SET)]
        options += [(f"set {k + 1}: {type_name(m.kind, m.key)}, {len(m.cards)} card{'s' if len(m.cards) != 1 else ''}", k)
                    for k, m in enumerate(sets)]
        self.target.options = options
        self.target.value = len(sets) - 1 if sets else NEW_SET
        card = self.card.value
        eggs_only = (self.target.value != NEW_SET and card is not None and not CARDS[card].size
                     and all(not CARDS[c].size for c in sets[self.target.value].cards)
                     and sets[self.target.value].kind == UNTYPED)
        self.as_size.layout.display = None if eggs_only else "none"

    # -- acting -----------------------------------------------------------------------------
    def display(self, player: int, card: int, target: int = NEW_SET, as_size: int = 0) -> bool:
        """Display ``card`` in ``player``'s museum (as the Display button does); False if the rules forbid it."""
        try:
            text = self.museums.display(player, card, target, as_size)
        except ValueError as exc:
            self.message.value = f"<span style='color:#B00000'>Not allowed: {escape(exc)}</span>"
            return False
        self.history.append((player, card, target, as_size))
        self.message.value = escape(text)
        self._redraw()
        return True

    def _on_display(self, _b: widgets.Button | None = None) -> None:
        if self.card.value is None:
            return
        self.display(self.player.value, self.card.value, self.target.value, self.as_size.value)

    def undo(self) -> None:
        """Rebuild the museums without the last display (a replay, like the stepper's undo)."""
        history = self.history[:-1]
        self.clear()
        for move in history:
            self.museums.display(*move)
        self.history = history
        self.message.value = "Took the last card back." if history else ""
        self._redraw()

    def clear(self) -> None:
        self.museums = Museums(self.names)
        self.history = []
        self.message.value = ""
        self._redraw()

    # -- drawing ----------------------------------------------------------------------------
    def _redraw(self) -> None:
        m = self.museums
        rows = []
        for p, name in enumerate(self.names):
            news = ", ".join(f"{news_name(i)} ({news_value(i)}{', kept for good' if m.locked[i] else ''})"
                             for i, owner in enumerate(m.news) if owner == p) or "none"
            sets = sum(set_points(s) for s in m.museum[p])
            rows.append(f"<tr><td><b>{escape(name)}</b></td><td>{sets}</td><td>{escape(news)}</td>"
                        f"<td><b>{m.score(p)}</b></td></tr>")
        self.scores.value = ("<table style='font-size:13px'><tr><th>museum</th><th>Set-token points</th>"
                             f"<th>News tokens</th><th>score</th></tr>{''.join(rows)}</table>")
        heights = [max(1, len(m.museum[p])) * plots.ROW * plots.UNIT + 0.5 for p in range(len(self.names))]
        fig = new_figure(9.0, sum(heights), dpi=80)
        grid = fig.add_gridspec(len(heights), 1, height_ratios=heights, hspace=0.45, left=0.09, right=0.98,
                                top=0.9, bottom=0.02)
        for p in range(len(self.names)):
            plots.plot_museum(m, p, fig.add_subplot(grid[p]), show_study=False)
        self.image.value = figure_png(fig)
        self.undo_button.disabled = not self.history
        self._refresh_menus()


def museum_builder(names: Sequence[str] = ("Ana", "Ben")) -> MuseumBuilder:
    """The museum-builder widget (show it as the last expression of a cell)."""
    return MuseumBuilder(names)
