"""First Giants' widgets (ipywidgets 8), thin layers over the rules.

* :func:`stepper` — the shared game stepper (:mod:`gamekit.widgets`) set up for First Giants: the
  dig sites, the deck and every museum as a clickable SVG picture (:mod:`firstgiants.pictures`:
  click a dig site to play a marker there, a card to take it, display it or resolve its effect),
  a turn as the phase and a round (everyone once) as the round;
* :class:`MuseumBuilder` — build museums by clicking cards into sets and watch the Set tokens, the
  points and the News tokens change; every rule is the engine's (:mod:`firstgiants.rules.museum`,
  :mod:`firstgiants.rules.news`).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import ipywidgets as widgets

from gamekit import Action, GameState
from gamekit.bots import registry
from gamekit.i18n import N_, ngettext
from gamekit.i18n import gettext as _
from gamekit.plotting import player_color
from gamekit.widgets import (Clickable, Confirm, GameStepper, GameView, ObservationPicture, bot_value_name,
                             bot_value_text, button)
from gamekit.positions import starting_point
from gamekit.widgets.coaching import CoachAdvisor
from gamekit.widgets.controls import escape, escape_text
from gamekit.widgets.stepper import decimal_text
from gamekit.widgets.style import stylesheet
from gamekit.words import say_count

from . import pictures
from .actions import NEW_SET
from .components import CARDS, SIZE_NAMES
from .rules import DEAL, DEFAULT_NAMES
from .rules.museum import SIZE_SET, UNTYPED, MuseumSet, extend, is_complete, join, new_set, set_points, type_name
from .rules.news import TOKENS_IN_PLAY, award_news, news_index, news_name, news_points, news_value
from .state import SPEC
from .text import WORDING, action_words, card_label

# -- the stepper ---------------------------------------------------------------------------------------
ACTION_GROUPS = {
    "play_marker": N_("Play 1 marker"), "reclaim": N_("Reclaim markers"), "take_card": N_("Take a card"),
    "resolve_trigger": N_("Which effect resolves next"), "display": N_("Display a fossil"),
    "gain_amber": N_("Gain 1 amber"), "gain_point": N_("Gain 1 point"), "spend_amber": N_("Spend 3 amber for 2 points"),
    "decline": N_("Decline"),
}
#: Actions whose card's effect matters to the choice: their labels carry it.
WITH_EFFECT = ("take_card", "resolve_trigger")
#: The names of the options in the stepper's Game tab.
OPTION_NAMES = {"first_player": N_("first player"), "names": N_("names"), "eggs_not_fossils": N_("eggs not fossils"),
                "news_values": N_("News token values")}


def card_name(card: int) -> str:
    """A card in the reader's language: "#12 Small Herbivore", "#12 Kleiner Pflanzenfresser"."""
    return card_label(card) if 0 <= card < len(CARDS) else _("card #{}").format(card)


def action_label(action: Action) -> str:
    """The action's words; taking a card or resolving its effect also says what the effect is."""
    if action.kind in WITH_EFFECT:
        card = action.card  # type: ignore[attr-defined]  # kind: has a card
        return f"{action_words(action)} — {pictures.short_effect(card)}"
    return action_words(action)


def group_actions(state: GameState, actions: Sequence[Action]) -> dict[str, list[tuple[str, Action]]]:
    groups: dict[str, list[tuple[str, Action]]] = {}
    for action in actions:
        group = _(ACTION_GROUPS[action.kind]) if action.kind in ACTION_GROUPS else action.kind
        groups.setdefault(group, []).append((action_label(action), action))
    return groups


def summary_html(state) -> str:
    """A table of the players' counts (their cards are in the picture) and the supplies."""
    seen = state.observation(0)
    rows = []
    for p, player in enumerate(seen["players"]):
        news = ", ".join(_("{} (kept)").format(WORDING.text(t["token"])) if t["locked"] else WORDING.text(t["token"])
                         for t in seen["news_tokens"] if t["holder"] == p) or "–"
        mark = " ◀" if p == seen["current_player"] else ""
        cells = [f"<b style='border-left:8px solid {player_color(p)};padding-left:4px'>"
                 f"{escape(player['name'])}</b>{mark}", str(player["score"]), str(player["amber"]),
                 str(player["markers_on_board"]), str(len(player["study"])), escape(news)]
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    head = "".join(f"<th>{escape(h)}</th>" for h in (_("player"), _("points"), _("amber"), _("markers out"),
                                                     _("Study"), _("News tokens")))
    end = ("<div><b>{}</b> {}</div>".format(escape_text(_("End triggered:")),
                                            escape(WORDING.text(seen["end_triggered"], keep=state.names)))
           if seen["end_triggered"] else "")
    supplies = _("Set tokens: {supply} in the supply, {box} in the box · amber supply {amber}").format(
        supply=seen["set_tokens_supply"], box=seen["set_tokens_box"], amber=seen["amber_supply"])
    return f"<table class='gk-table'><tr>{head}</tr>{''.join(rows)}</table><div>{escape_text(supplies)}</div>{end}"


def private_html(state, player: int) -> str:
    """First Giants has no hidden information: the pane says what is being decided."""
    decision = state.observation(player)["decision"]
    what = (_("Decision: {} (nothing is hidden in First Giants)").format(WORDING.text(decision["what"])) if decision
            else _("Phase: {} (nothing is hidden in First Giants)").format(WORDING.text(state.phase_name)))
    return f"<div>{escape_text(what)}</div>"


def round_label(state) -> str:
    """Setup, then "Round k": every player has one turn per round."""
    return _("Setup") if state.phase == DEAL else _("Round {}").format(state.turns // state.num_players + 1)


def phase_label(state) -> str:
    """One player's turn (reclaiming or playing a marker, with every effect it triggers)."""
    return (_("dealing the dig sites") if state.phase == DEAL
            else _("turn {turn} ({name})").format(turn=state.turns + 1, name=state.names[state.active]))


def points_text(value: float) -> str:
    """A number of points in the reader's language ("1 point", "2.5 points")."""
    return ngettext("{} point", "{} points", 1 if value == 1 else 2).format(decimal_text(value))


def points_value(kind: str, value: float) -> str:
    """The heuristic bot values moves in points; the other bots as :func:`gamekit.widgets.bot_value_text`."""
    return points_text(round(value, 1)) if kind == "heuristic" else bot_value_text(kind, value)


def view(names: Sequence[str] = DEFAULT_NAMES, bots: dict[str, Any] | None = None) -> GameView:
    """First Giants described for the shared stepper."""
    return GameView(
        spec=SPEC, bots=bots if bots is not None else registry("firstgiants"), title="First Giants",
        player_name=lambda p: names[p], phase=phase_label, round=round_label, group_actions=group_actions,
        private_html=private_html, action_text=lambda s, a: action_words(a),
        picture=lambda: ObservationPicture(pictures.table_svg), target_of=lambda s, a: pictures.target_of(a),
        summary_html=summary_html, hidden_information=False,
        score_text=points_text, value_text=points_value,
        value_name=lambda kind: _("estimated value") if kind == "heuristic" else bot_value_name(kind),
        advisor=CoachAdvisor, option_names=OPTION_NAMES,
    )


def stepper(players: int = 3, seed: int = 0, seats: Sequence[str] | None = None, state: GameState | None = None,
            scenario: str | None = None, language: str | None = None, **options: Any) -> GameStepper:
    """The First Giants stepper (show it as the last expression of a cell).

    ``seats``: "human" or a bot name of ``firstgiants.bots.BOTS`` per seat; ``state``: a game to open with
    its whole history since its start (``firstgiants.from_position(...)`` too); ``scenario``: a name of
    ``firstgiants.scenarios()`` to start from; ``language``: "en", "da" or "de" (default: the kit's, see
    ``gamekit.set_language``); ``options``: the game's options (``first_player``, ``names``, ``eggs_not_fossils``)."""
    state = starting_point(SPEC, state, scenario)
    given = options.get("names") or (state.options.get("names") if state is not None else "")
    names = [n.strip() for n in given.split(",")] if given else DEFAULT_NAMES
    return GameStepper(view(names), players=players, seed=seed, seats=seats, options=options, state=state,
                       scenario=scenario, language=language)


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
            raise ValueError(_("{} is already on display").format(card_name(card)))
        if target == NEW_SET:
            self.museum[player] = sets + (new_set(card),)
            return _("{name} displays {card}, starting a new set (no points yet).").format(name=name,
                                                                                         card=card_name(card))
        result = join(sets[target], card)
        if isinstance(result, str):  # the words of the rule that forbids it
            raise ValueError(WORDING.text(result))  # noqa: TRY004  (a rule's refusal, not a wrong type)
        kind, key = result
        if kind == SIZE_SET and key == 0:
            if as_size not in SIZE_NAMES:
                raise ValueError(_("two eggs make a size set: declare its size"))
            key = as_size
        mset = extend(sets[target], card, kind, key, 1)
        self.museum[player] = sets[:target] + (mset,) + sets[target + 1:]
        parts = [_("{name} displays {card}: the {set} has {cards}, taking 1 Set token ({points} on this set)").format(
            name=name, card=card_name(card), set=WORDING.text(type_name(kind, key)),
            cards=say_count(len(mset.cards), "card"), points=say_count(set_points(mset), "point"))]
        if is_complete(mset):
            parts.append(_("the set is complete: its Set tokens are worth 3 points each"))
        i = news_index(kind, key)
        owner, locked, why = award_news(self.news[i], self.locked[i], self.museum, player, mset, self.names)
        if why:
            self.news[i], self.locked[i] = owner, locked
            parts.append(_("{name} {what}").format(name=name, what=WORDING.text(why)))
        return "; ".join(parts) + "."


class MuseumBuilder:
    """Click cards into sets and see the score and the News tokens change (rulebook "Display 1 Fossil",
    "Score Points").  Two museums by default, so a News token can be taken, stolen and kept for good.

    Click a card among those not on display, then the set it goes into (or "new set") in the museum
    chosen above; or use the menus (Card, Into) and Display from the keyboard."""

    def __init__(self, names: Sequence[str] = ("Ana", "Ben")) -> None:
        self.names = tuple(names)
        self.museums = Museums(self.names)
        self.history: list[tuple[int, int, int, int]] = []
        self.player = widgets.ToggleButtons(options=[(n, i) for i, n in enumerate(self.names)], value=0,
                                            description=_("Museum"),
                                            tooltips=[_("Build {}'s museum").format(n) for n in self.names],
                                            tooltip=_("Whose museum the next card goes to"))
        self.card = widgets.Dropdown(description=_("Card"), tooltip=_("The fossil to put on display"),
                                     layout=widgets.Layout(width="560px"))
        self.target = widgets.Dropdown(description=_("Into"), tooltip=_("Start a new set or extend one of the sets"),
                                       layout=widgets.Layout(width="420px"))
        self.as_size = widgets.Dropdown(options=[(WORDING.text(v), k) for k, v in SIZE_NAMES.items()], value=1,
                                        description=_("Eggs' size"),
                                        tooltip=_("A size set made only of eggs needs a declared size"),
                                        style={"description_width": "initial"})
        self.display_button = button(_("Display"), _("Put the card on display in the chosen set"), self._on_display,
                                     style="primary")
        self.undo_button = button(_("◂ Undo"), _("Take the last displayed card back"), lambda _b: self.undo())
        self.clear_button = button(_("Clear…"), _("Empty both museums (asks first)"), lambda _b: self.ask_clear())
        self.confirm = Confirm()
        self.message = widgets.HTML()
        self.scores = widgets.HTML()
        self.cards_view = Clickable(description=_("The cards not on display: click one to choose it"))
        self.museum_view = Clickable(description=_("The museums: click a set of the chosen museum to display the "
                                                   "card"))
        self.cards_view.on_click(self._pick_card)
        self.museum_view.on_click(self._pick_set)
        self.player.observe(lambda _c: self._refresh_menus(), names="value")
        self.card.observe(lambda _c: self._refresh_targets(), names="value")
        self.target.observe(lambda _c: self._refresh_pictures(), names="value")
        wrap = partial(widgets.Layout, flex_flow="row wrap", align_items="center")
        self.widget = widgets.VBox([
            stylesheet(),
            widgets.HTML("<h3>{}</h3><div>{}</div>".format(escape_text(_("Museum builder")), escape_text(_(
                "Click a card, then the set it goes into (rulebook: {}, {}). The menus below do the same from the "
                "keyboard.").format(_("Display 1 Fossil"), _("Score Points"))))),
            widgets.HBox([self.player, self.undo_button, self.clear_button], layout=wrap()), self.confirm.box,
            self.message, self.scores, self.museum_view, self.cards_view,
            widgets.HBox([self.card, self.target, self.as_size, self.display_button], layout=wrap()),
        ])
        self.widget.add_class("gk-museum-builder")
        self.widget.add_class("gk-kit")
        self._redraw()

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    # -- menus ------------------------------------------------------------------------------
    def _free_cards(self) -> list[int]:
        shown = {c for museum in self.museums.museum for m in museum for c in m.cards}
        return [c.id for c in sorted(CARDS, key=lambda c: (c.family, c.size == 0, c.size, c.id)) if c.id not in shown]

    def _refresh_menus(self) -> None:
        current, free = self.card.value, self._free_cards()
        self.card.options = [(f"{card_name(c)} ({pictures.short_effect(c)})", c) for c in free]
        self.card.value = current if current in free else (free[0] if free else None)
        self._refresh_targets()

    def _refresh_targets(self) -> None:
        sets = self.museums.museum[self.player.value]
        options = [(_("a new set"), NEW_SET)]
        options += [(_("set {number}: {type}, {cards}").format(
            number=k + 1, type=WORDING.text(type_name(m.kind, m.key)), cards=say_count(len(m.cards), "card")), k)
            for k, m in enumerate(sets)]
        self.target.options = options
        self.target.value = len(sets) - 1 if sets else NEW_SET
        card = self.card.value
        eggs_only = (self.target.value != NEW_SET and card is not None and not CARDS[card].size
                     and all(not CARDS[c].size for c in sets[self.target.value].cards)
                     and sets[self.target.value].kind == UNTYPED)
        self.as_size.layout.display = None if eggs_only else "none"
        self._refresh_pictures()

    # -- clicking ----------------------------------------------------------------------------
    def _pick_card(self, target: str) -> None:
        self.card.value = int(target.rpartition("-")[2])

    def _pick_set(self, target: str) -> None:
        museum, _dash, where = target.removeprefix("set-").partition("-")
        if int(museum) != self.player.value or self.card.value is None:
            return
        self.target.value = NEW_SET if where == "new" else int(where)
        if self.as_size.layout.display is None:
            self.message.value = escape_text(_("Two eggs make a size set: choose its size under Eggs' size, then "
                                               "press Display."))
            return
        self._on_display()

    # -- acting -----------------------------------------------------------------------------
    def display(self, player: int, card: int, target: int = NEW_SET, as_size: int = 0) -> bool:
        """Display ``card`` in ``player``'s museum (as the Display button does); False if the rules forbid it."""
        try:
            text = self.museums.display(player, card, target, as_size)
        except ValueError as exc:
            self.message.value = "<span class='gk-error'>{}</span>".format(
                escape_text(_("Not allowed: {}").format(exc)))
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
        self.message.value = escape_text(_("Took the last card back.")) if history else ""
        self._redraw()

    def ask_clear(self) -> None:
        """Clear, after asking when the museums hold cards."""
        if self.history:
            self.confirm.ask(N_("Empty both museums? Every card on display goes back."), N_("Yes, empty them"),
                             self.clear)
        else:
            self.clear()

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
            news = ", ".join((_("{token} ({points}, kept for good)") if m.locked[i] else _("{token} ({points})"))
                             .format(token=WORDING.text(news_name(i)), points=say_count(news_value(i), "point"))
                             for i, owner in enumerate(m.news) if owner == p) or _("none")
            sets = sum(set_points(s) for s in m.museum[p])
            rows.append(f"<tr><td><b>{escape(name)}</b></td><td>{sets}</td><td>{escape(news)}</td>"
                        f"<td><b>{m.score(p)}</b></td></tr>")
        head = "".join(f"<th>{escape_text(h)}</th>" for h in (_("museum"), _("Set-token points"), _("News tokens"),
                                                              _("score")))
        self.scores.value = f"<table class='gk-table'><tr>{head}</tr>{''.join(rows)}</table>"
        self.undo_button.disabled = not self.history
        self._refresh_menus()

    def _refresh_pictures(self) -> None:
        m = self.museums
        card = self.card.value
        free = self._free_cards()
        self.cards_view.markup = pictures.cards_svg(free, {f"card-{c}": _("choose {}").format(card_name(c))
                                                           for c in free},
                                                    title=_("Cards not on display (click one)"))
        self.cards_view.targets = [f"card-{c}" for c in free]
        self.cards_view.chosen = "" if card is None else f"card-{card}"
        me = self.player.value
        bands, targets = [], {}
        for p, name in enumerate(self.names):
            groups: list[pictures.Group] = []
            for k, mset in enumerate(m.museum[p]):
                target = f"set-{p}-{k}" if p == me and card is not None else ""
                caption = pictures.set_caption(k + 1, type_name(mset.kind, mset.key), mset.tokens,
                                               is_complete(mset))
                groups.append((caption, list(mset.cards), is_complete(mset), target))
            if p == me and card is not None:
                groups.append((_("new set"), [], False, f"set-{p}-new"))
            bands.append((f"{name}: {say_count(m.score(p), 'point')}", groups))
        if card is not None:
            targets = {f"set-{me}-{k}": _("display {card} in set {set}").format(card=card_name(card), set=k + 1)
                       for k in range(len(m.museum[me]))}
            targets[f"set-{me}-new"] = _("display {card} as a new set").format(card=card_name(card))
        self.museum_view.markup = pictures.museums_svg(bands, targets)
        self.museum_view.targets = list(targets)
        self.museum_view.chosen = "" if self.target.value is None else (
            f"set-{me}-new" if self.target.value == NEW_SET else f"set-{me}-{self.target.value}")


def museum_builder(names: Sequence[str] = ("Ana", "Ben")) -> MuseumBuilder:
    """The museum-builder widget (show it as the last expression of a cell)."""
    return MuseumBuilder(names)
