"""Giganten's widgets (ipywidgets 8), thin layers over the rules.

* :func:`stepper` — the shared game stepper (:mod:`gamekit.widgets`) set up for Giganten: the board
  as a clickable SVG picture (:mod:`giganten.pictures`: click a square to place or drive the truck or
  to build, a face-up card to take it), rounds and the nine actions as phases, grouped legal actions,
  each seat's licenses and the tiles it has looked at shown only to that seat;
* :class:`PriceDice` — roll one company's price or all three, or force a face; the marker moves
  across the zones by :func:`giganten.prices.move_marker` (the rule itself); a running histogram
  of rolled prices next to the exact long-run distribution from :mod:`giganten.analysis`;
* :func:`locomotive_race` — the rail race over the rounds of a game, scrubbed with a slider.
"""
from __future__ import annotations

import random
from functools import partial
from typing import Any, Sequence, cast

import ipywidgets as widgets
import numpy as np

from gamekit import Action, GameState
from gamekit.bots import registry
from gamekit.i18n import N_, format_money, pgettext
from gamekit.i18n import gettext as _
from gamekit.plotting import figure_svg, new_figure, readable_type
from gamekit.widgets import (Clickable, GameStepper, GameView, ObservationPicture, bot_value_name, bot_value_text,
                             button, observed)
from gamekit.positions import starting_point
from gamekit.widgets.coaching import CoachAdvisor
from gamekit.widgets.controls import escape, escape_text
from gamekit.words import say_count
from gamekit.widgets.style import stylesheet

from . import pictures, plots, prices
from . import rules as R
from .actions import Bid
from .components import CARDS, COMPANIES, COMPONENTS
from .game import SPEC
from .state import State
from .text import action_words, player_name, public_text

# -- the stepper ---------------------------------------------------------------------------------------
#: The chooser's groups: action kind -> the group it is listed under (in this order; English message ids).
ACTION_GROUPS: dict[str, str] = {
    "take_card": N_("Take an action card (Action 2c)"),
    "place_truck": N_("Place the truck (Action 4a)"),
    "step": N_("Move the truck one square (Action 4a)"),
    "drive_to": N_("Drive the truck to a square (Action 4a)"),
    "advance_locomotive": N_("Locomotive (Action 4c)"),
    "change_price": N_("Special action (Action 4d)"),
    "take_oil": N_("Special action (Action 4d)"),
    "locomotives_back": N_("Special action (Action 4d)"),
    "end_movement": N_("End movement (Action 4)"),
    "build": N_("Build (Action 5)"),
    "skip_build": N_("Build (Action 5)"),
    "transport": N_("Transport the chip (Action 6)"),
    "let_chip_go": N_("Transport the chip (Action 6)"),
    "bid": N_("Bid or pass (Action 7a)"),
    "pass": N_("Bid or pass (Action 7a)"),
    "pay_licenses": N_("Pay the bid (Action 7a)"),
    "sell": N_("Sell oil (Action 7b)"),
}
#: Chance outcomes everyone sees (the die, face-up cards); tile deals and license draws are secret.
PUBLIC_CHANCE = ("roll_price", "reveal_card")
#: The names of the variant switches in the stepper's Game tab.
OPTION_NAMES = {"one_opponent_back": N_("one opponent back"), "exact_price_change": N_("exact price change"),
                "open_licenses": N_("open licenses"), "first_player": N_("first player"),
                "bluff_bids": N_("bluff bids"), "tie_by_license_cards": N_("tie by license cards")}


def action_label(state: GameState, action: Action) -> str:
    """The chooser's and the log's words for ``action`` (the chooser names the player): "move the truck east to
    (3, 7)", in the reader's language (``giganten.text.action_words``)."""
    return action_words(cast(State, state), action)


def group_actions(state: GameState, actions: Sequence[Action]) -> dict[str, list[tuple[str, Action]]]:
    """Legal actions in the chooser's groups; truck destinations sorted west to east."""
    groups: dict[str, list[tuple[str, Action]]] = {}
    for action in sorted(actions, key=lambda a: (list(ACTION_GROUPS).index(a.kind) if a.kind in ACTION_GROUPS
                                                 else 99, getattr(a, "col", 0), getattr(a, "row", 0))):
        group = _(ACTION_GROUPS[action.kind]) if action.kind in ACTION_GROUPS else action.kind
        groups.setdefault(group, []).append((action_label(state, action), action))
    return groups


def log_text(state: GameState, action: Action) -> str | None:
    """The log names decisions and public chance outcomes; secret draws appear only through their events."""
    if state.is_chance():
        if action.kind == "deal_tile":
            return _("a production tile is dealt face down (its oil stays secret)")
        return action_label(state, action) if action.kind in PUBLIC_CHANCE else None
    return action_label(state, action)


def phase_label(state) -> str:
    """The numbered action of the round the game is in ("Action 4"), the auction's company included."""
    name = pgettext("phase", R.PHASE_NAMES[state.phase])
    if state.auction is not None:
        name = _("{action} at {company}").format(action=name, company=plots.COMPANY_SHORT[state.auction.company])
    return name


def round_label(state) -> str:
    return _("Setup") if state.phase == R.DEAL else _("Round {round} (start player {name})").format(
        round=state.round, name=player_name(state.start))


def card_short(card_type: int) -> str:
    """An action card in a few words: "3 lic., 4 moves, black +3, 1 oil chip"."""
    card = CARDS[card_type]
    words = [_("{} lic.").format(card.licenses), say_count(card.moves, "move")] + (
        [_("black +{}").format(card.black)] if card.color == "red" else [])
    special = pictures.special_short(card_type)
    return ", ".join(words + ([special] if special else []))


def summary_html(state) -> str:
    """The public table of the players (from what every seat sees): money, license cards (not their
    values), oil in storage, derricks left, locomotive, this round's action card."""
    seen = observed(state, None)
    oil = _("oil {}").format("/".join(short[0] for short in plots.COMPANY_SHORT))
    head = "".join(f"<th>{escape(h)}</th>" for h in (_("player"), _("money"), _("licenses"), oil, _("derricks"),
                                                     _("rail"), _("card this round")))
    rows = []
    for p, info in enumerate(seen["players_info"]):
        card = info["card"]
        name = escape(player_name(p))
        cells = [f"<b style='border-left:8px solid {plots.PLAYER_COLORS[p]};padding-left:4px'>{name}</b>",
                 escape(format_money(info["money"])), str(info["license_cards"]),
                 "/".join(str(chips) for chips in info["storage"]), str(info["derricks_left"]),
                 str(info["locomotive"]), escape(card_short(card)) if card is not None and card >= 0 else "–"]
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    black = _("black locomotive on space {space} of {harbour} (the harbour ends the game); oil supply {chips}").format(
        space=seen["black_locomotive"], harbour=COMPONENTS.harbour, chips=say_count(seen["supply"], "chip"))
    return f"<table class='gk-table'><tr>{head}</tr>{''.join(rows)}</table><div>{escape_text(black)}</div>"


def heuristic_value(kind: str, value: float) -> str:
    """The heuristic bot values moves in dollars; the other bots as :func:`gamekit.widgets.bot_value_text`."""
    return format_money(round(value)) if kind == "heuristic" else bot_value_text(kind, value)


def heuristic_value_name(kind: str) -> str:
    return _("estimated gain") if kind == "heuristic" else bot_value_name(kind)


def private_html(state, player: int) -> str:
    """What only ``player`` sees: the values of their licenses and the tiles their truck has passed."""
    seen = state.observation(player)
    me = seen["players_info"][player]
    ones, twos = me["licenses"]
    known = plots.known_tiles(state, player)
    tiles = ", ".join(_("({row}, {col}): {oil} oil").format(row=COMPONENTS.sites[i].row, col=COMPONENTS.sites[i].col,
                                                            oil=oil)
                      for i, oil in sorted(known.items())) or _("none yet")
    extra = ""
    if seen["movement_points"] is not None and state.current_player() == player:
        extra = "<div>{}</div>".format(
            (_("Movement points left: <b>{}</b>; special action still available") if seen["special_available"]
             else _("Movement points left: <b>{}</b>")).format(seen["movement_points"]))
    licenses = _("Licenses: <b>{ones}</b> of value 1 and <b>{twos}</b> of value 2 (worth <b>{worth}</b> in a "
                 "bid)").format(ones=ones, twos=twos, worth=ones + 2 * twos)
    seen_tiles = escape_text(_("Face-down tiles you have seen: {}").format(tiles))
    return f"<div><div>{licenses}</div><div>{seen_tiles}</div>{extra}</div>"


def view(bots: dict[str, Any] | None = None) -> GameView:
    """Giganten described for the shared stepper."""
    return GameView(
        spec=SPEC, bots=bots if bots is not None else registry("giganten"), title="Giganten",
        player_name=player_name, player_color=lambda p: plots.PLAYER_COLORS[p],
        phase=phase_label, round=round_label, group_actions=group_actions, private_html=private_html,
        action_text=log_text, picture=lambda: ObservationPicture(pictures.board_svg),
        target_of=lambda state, action: pictures.target_of(action, state.current_player()),
        summary_html=summary_html, text_shows_hidden=True, public_text=public_text,
        score_text=lambda value: format_money(round(value)), value_text=heuristic_value,
        value_name=heuristic_value_name, advisor=CoachAdvisor, amount_of=bid_amount, option_names=OPTION_NAMES,
    )


def bid_amount(action: Action) -> int | None:
    """A bid's sum of licenses (Action 7a), chosen with a number box; None for any other action."""
    return action.amount if isinstance(action, Bid) else None


def stepper(players: int = 4, seed: int = 0, seats: Sequence[str] | None = None, state: GameState | None = None,
            scenario: str | None = None, language: str | None = None, **options: Any) -> GameStepper:
    """The Giganten stepper (show it as the last expression of a cell).

    ``seats``: one entry per seat, "human" or a bot name of ``giganten.bots.BOTS`` (default: bots);
    ``state``: a game to open (e.g. ``gamekit.record.load(text, giganten.SPEC)``, ``giganten.from_position(...)``),
    with its whole history since its start; ``scenario``: a name of ``giganten.scenarios()`` to start from;
    ``language``: "en", "da" or "de" (default: the kit's, ``gamekit.set_language``);
    ``options``: the game's variant switches (``one_opponent_back``, ``exact_price_change``,
    ``open_licenses``, ``first_player``, ``bluff_bids``, ``tie_by_license_cards``).
    """
    start = starting_point(SPEC, state, scenario)
    return GameStepper(view(), players=players, seed=seed, seats=seats, options=options, state=start,
                       scenario=scenario, language=language)


class PriceDice:
    """Action 1 on its own: three price markers, the price die, and where the prices end up.

    ``roll(company)`` rolls for one company (0 Hudson, 1 Jet, 2 Standard), ``roll_all()`` rolls
    for the three in company order, as the start player does each round.  Choosing a face in the
    "Die face" menu forces it (to see the zone rule at work); forced rolls are not counted in the
    histogram, which compares honest rolls with the exact distribution.
    """

    def __init__(self, seed: int = 0) -> None:
        from .analysis import stationary_price_distribution

        self.rng = random.Random(seed)
        self.exact = stationary_price_distribution()
        self.indices = [prices.START] * len(COMPANIES)
        self.previous: list[int | None] = [None] * len(COMPANIES)
        self.counts = np.zeros(len(prices.TRACK))
        self.lines: list[str] = []
        self.fig = new_figure(7.6, 4.6)  # 730 x 440 px: a projector's size, its labels 14 px and more
        with readable_type():
            self.hist_ax = self.fig.add_axes((0.11, 0.22, 0.86, 0.7))
        self._build()
        self.redraw()

    def _build(self) -> None:
        self.roll_buttons = [
            button(_("Roll {}").format(short), _("Roll the price die for {}").format(name),
                   partial(self._roll_clicked, c))
            for c, (short, name) in enumerate(zip(plots.COMPANY_SHORT, COMPANIES))
        ]
        self.roll_all_button = button(_("Roll all three"), _("One round of Action 1: {}, then {}, then {}").format(
            *plots.COMPANY_SHORT), lambda _b: self.roll_all(), style="primary")
        self.many_button = button(_("Roll 100 rounds"), _("Roll all three 100 times (the histogram fills up)"),
                                  lambda _b: self.roll_all(100))
        self.reset_button = button(_("Reset"), _("Markers back to {}, histogram emptied").format(
            format_money(prices.TRACK[prices.START])), lambda _b: self.reset())
        faces = [(_("roll the die"), -1)] + [(f"{pgettext('colour', c)} {p}", i)
                                             for i, (c, p) in enumerate(prices.DIE_FACES)]
        self.face_menu = widgets.Dropdown(options=faces, value=-1, description=_("Die face"),
                                          tooltip=_("Force the die to show this face (forced rolls are not "
                                                    "counted in the histogram)"))
        self.tracks = Clickable(description=_("The three price tracks and their markers"))
        self.histogram = Clickable(description=_("Rolled prices against the exact long-run distribution"))
        self.text = widgets.HTML()
        wrap = partial(widgets.Layout, flex_flow="row wrap", align_items="flex-start")
        self.widget = widgets.VBox([
            stylesheet(),
            widgets.HTML("<h3>{}</h3>".format(escape_text(_("The price die ({})").format(_(R.A1))))),
            widgets.HBox([*self.roll_buttons, self.roll_all_button], layout=wrap()),
            widgets.HBox([self.face_menu, self.many_button, self.reset_button], layout=wrap()),
            widgets.HBox([self.tracks, widgets.VBox([self.histogram, self.text])], layout=wrap()),
        ])
        self.widget.add_class("gk-price-dice")
        self.widget.add_class("gk-kit")

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    # -- rolling --------------------------------------------------------------------------
    @property
    def forced_face(self) -> tuple[str, int] | None:
        i = self.face_menu.value
        return None if i < 0 else prices.DIE_FACES[i]

    def _roll_one(self, company: int) -> str:
        face = self.forced_face
        forced = face is not None
        if face is None:
            face = self.rng.choice(prices.DIE_FACES)
        before = self.indices[company]
        after = prices.move_marker(before, face)
        self.previous[company] = before
        self.indices[company] = after
        if not forced:
            self.counts[after] += 1
        shows = (_("the die shows {colour} {pips} (forced)") if forced else _("the die shows {colour} {pips}")).format(
            colour=pgettext("colour", face[0]), pips=face[1])
        moves = (_("the marker stands in the {zone} zone, so it moves up") if prices.direction(before, face[0]) > 0
                 else _("the marker stands in the {zone} zone, so it moves down")).format(
            zone=pgettext("colour", prices.ZONE[before]))
        return _("{company}: {shows}; {moves}: {before} → {after}").format(
            company=COMPANIES[company], shows=shows, moves=moves, before=format_money(prices.TRACK[before]),
            after=format_money(prices.TRACK[after]))

    def _roll_clicked(self, company: int, _button: widgets.Button) -> None:
        self.roll(company)

    def roll(self, company: int) -> None:
        """Roll the die for one company and move its marker."""
        self.previous = [None] * len(COMPANIES)
        self.lines = [self._roll_one(company)]
        self.redraw()

    def roll_all(self, rounds: int = 1) -> None:
        """``rounds`` rounds of Action 1: one roll per company, in company order."""
        for _round in range(rounds):
            start: list[int | None] = list(self.indices)
            self.lines = [self._roll_one(c) for c in range(len(COMPANIES))]
            self.previous = start
        if rounds > 1:
            self.lines.insert(0, _("{} rounds rolled; the last one:").format(rounds))
        self.redraw()

    def reset(self) -> None:
        self.indices = [prices.START] * len(COMPANIES)
        self.previous = [None] * len(COMPANIES)
        self.counts[:] = 0
        self.lines = []
        self.redraw()

    # -- drawing ---------------------------------------------------------------------------
    def redraw(self) -> None:
        self.tracks.markup = pictures.prices_svg(self.indices, self.previous)
        with readable_type():
            self.hist_ax.clear()
            plots.plot_price_histogram(self.counts, self.exact, ax=self.hist_ax)
        self.histogram.markup = figure_svg(self.fig)
        lines = "".join(f"<li>{escape(line)}</li>" for line in self.lines) or "<li>{}</li>".format(
            escape_text(_("Press a Roll button.")))
        self.text.value = f"<ul style='margin:0;padding-left:1.2em;max-width:560px;line-height:1.35'>{lines}</ul>"


def price_dice(seed: int = 0) -> PriceDice:
    """The price-dice widget (show it as the last expression of a cell)."""
    return PriceDice(seed)


# -- the locomotive race -------------------------------------------------------------------------------
class LocomotiveRace:
    """The rail race of a game, round by round, scrubbed with a slider (or the arrow keys).

    ``state`` is any position of a game (usually its end): its record is replayed once to take a
    snapshot at the start of every round (:func:`giganten.plots.round_snapshots`)."""

    def __init__(self, state) -> None:
        from gamekit.widgets import Scrubber

        self.snapshots = plots.round_snapshots(state)
        self.fig = new_figure(10.0, 3.8)
        with readable_type():
            self.ax = self.fig.add_subplot()
        labels = [_("round {}").format(s.round) for s in self.snapshots]
        if self.snapshots[-1].is_terminal():
            labels[-1] = _("end")
        self.scrubber = Scrubber(len(self.snapshots), self._render, self._caption, description=_("Round"),
                                 tooltip=_("Which round of the game to show (arrow keys move it)"), labels=labels)
        self.widget = widgets.VBox([stylesheet(), self.scrubber.widget])
        self.widget.add_class("gk-locomotive-race")
        self.widget.add_class("gk-kit")

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    def _render(self, i: int) -> str:
        with readable_type():
            self.ax.clear()
            plots.plot_rail_race(self.snapshots[i], self.ax)
        self.fig.subplots_adjust(left=0.09, right=0.99, bottom=0.2, top=0.88)
        return figure_svg(self.fig)

    def _caption(self, i: int) -> str:
        s = self.snapshots[i]
        when = _("the end of the game") if s.is_terminal() else _("the start of round {}").format(s.round)
        locos = ", ".join(f"{player_name(p)} {s.locos[p]}" for p in range(s.num_players))
        black = _("black locomotive on space {space} of {harbour}").format(space=s.black, harbour=COMPONENTS.harbour)
        return f"<b>{escape_text(when)}</b>: {escape_text(black)}; {escape(locos)}"


def locomotive_race(state) -> LocomotiveRace:
    """The locomotive-race widget for the game ``state`` belongs to (show it as the last expression)."""
    return LocomotiveRace(state)
