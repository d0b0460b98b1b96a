"""What a player sees, and the state's text and HTML forms.

First Giants has no hidden information (the deck is face up: its top card is public, and the
cards below it are the public multiset of cards not yet seen), so every player's observation is
the whole public state.
"""
from __future__ import annotations

import html as _html
from typing import TYPE_CHECKING, Any

from gamekit.i18n import gettext as _
from gamekit.i18n import ngettext, pgettext
from gamekit.words import say_count

from .components import FAMILY_NAMES
from .rules import DECISION_NAMES, SITES
from .rules.museum import MuseumSet, is_complete, type_name
from .rules.news import news_name, news_value
from .text import WORDING, card_label

if TYPE_CHECKING:
    from .state import State


def _set_json(mset: MuseumSet) -> dict[str, Any]:
    return {"cards": list(mset.cards), "type": type_name(mset.kind, mset.key), "set_tokens": mset.tokens,
            "complete": is_complete(mset)}


def observation(state: State, player: int) -> dict[str, Any]:
    """The public state, as seen by ``player`` (everything: there is no hidden information), and the game's
    ``options`` (its rules' variant switches among them)."""
    decision = None
    if state.decision is not None:
        asked = state.decision
        decision = {"what": DECISION_NAMES[asked.code], "player": asked.player, "source_card": asked.source,
                    "first_family": FAMILY_NAMES[asked.first_family] if asked.first_family >= 0 else None}
    return {
        "you": player,
        "options": state.options,
        "phase": state.phase_name,
        "active": state.active,
        "current_player": state.current_player(),
        "first_player": state.first,
        "turns": state.turns,
        "end_triggered": state.end_cause or None,
        "decision": decision,
        "reclaim_left": state.reclaim_left,
        "deck_top": state.top if state.top >= 0 else None,
        "deck_below_top": sorted(state.deck),
        "dig_sites": [{"cards": list(state.dig_site(s)), "markers": list(state.markers_at(s))} for s in range(SITES)],
        "set_tokens_supply": state.set_supply,
        "set_tokens_box": state.set_box,
        "amber_supply": state.amber_supply(),
        "news_tokens": [{"token": news_name(i), "value": news_value(i, state.locked[i], state.options["news_values"]),
                         "holder": o if o >= 0 else None, "locked": state.locked[i]} for i, o in enumerate(state.news)],
        "players": [
            {"name": state.names[p], "amber": state.amber[p], "points": state.points[p],
             "markers_on_board": state.markers_on_board(p), "study": list(state.study[p]),
             "display": [_set_json(m) for m in state.museum[p]], "score": state.score(p)}
            for p in range(state.n)
        ],
    }


def _cards(ids: tuple[int, ...] | list[int]) -> str:
    return ", ".join(card_label(c) for c in ids) or "-"


def _set_text(mset: MuseumSet) -> str:
    kind = WORDING.text(type_name(mset.kind, mset.key))
    words = _("[{type} complete: {cards}; {tokens}]") if is_complete(mset) else _("[{type}: {cards}; {tokens}]")
    return words.format(type=kind, cards=_cards(mset.cards), tokens=say_count(mset.tokens, "Set token"))


def text(state: State) -> str:
    """A readable multi-line summary of the position, in the reader's language."""
    heading = (ngettext("First Giants, {n} player, turn {turn}, {phase} (end triggered: {cause})",
                        "First Giants, {n} players, turn {turn}, {phase} (end triggered: {cause})", state.n)
               if state.end_cause else
               ngettext("First Giants, {n} player, turn {turn}, {phase}", "First Giants, {n} players, turn {turn}, "
                        "{phase}", state.n))
    lines = [heading.format(n=state.n, turn=state.turns + 1, phase=pgettext("phase", state.phase_name),
                            cause=WORDING.text(state.end_cause, keep=state.names))]
    top = card_label(state.top) if state.top >= 0 else _("none")
    lines.append(_("Deck: top {top}, {below} below. Set tokens: {supply} in the supply, {box} in the box. Amber "
                   "supply: {amber}.").format(top=top, below=len(state.deck), supply=state.set_supply,
                                              box=state.set_box, amber=state.amber_supply()))
    for s in range(SITES):
        who = ", ".join(state.names[p] for p in state.markers_at(s)) or _("no markers")
        lines.append(_("Dig site {site}: {cards} ({who})").format(site=s + 1, cards=_cards(state.dig_site(s)),
                                                                   who=who))
    for p in range(state.n):
        lines += _player_lines(state, p)
    if state.decision is not None:
        lines.append(_("Decision for {name}: {decision}").format(
            name=state.names[state.decision.player], decision=_(DECISION_NAMES[state.decision.code])))
    return "\n".join(lines)


def _player_lines(state: State, p: int) -> list[str]:
    """A player's lines of the text form: points, amber and markers, the Study, the display, the News tokens."""
    mark = "*" if p == state.current_player() else " "
    lines = [mark + _("{name}: {points} ({tokens} from tokens), {amber} amber, {markers} on the Museum "
                      "board").format(name=state.names[p], points=say_count(state.score(p), "point"),
                                      tokens=state.points[p], amber=state.amber[p],
                                      markers=say_count(state.markers_on_board(p), "marker")),
             "    " + _("Study: {cards}").format(cards=_cards(state.study[p])),
             "    " + _("Display: {sets}").format(sets=" ".join(_set_text(m) for m in state.museum[p]) or "-")]
    held = [_("{token} (kept)").format(token=WORDING.text(news_name(i))) if state.locked[i] else
            WORDING.text(news_name(i)) for i, o in enumerate(state.news) if o == p]
    if held:
        lines.append("    " + _("News: {tokens}").format(tokens=", ".join(held)))
    return lines


def html(state: State) -> str:
    """The text form in a notebook, with the families colour-coded (their names in the reader's language)."""
    colours = {"Flying": "#3b7dd8", "Herbivore": "#3a9a3a", "Carnivore": "#c0392b", "Marine": "#138d90",
               "Mammal": "#9b6b2f"}
    body = _html.escape(text(state))
    for family, colour in colours.items():
        name = _html.escape(pgettext("family", family))
        for word in dict.fromkeys((name, name[0].lower() + name[1:])):  # ("Planteæder", "Lille planteæder")
            body = body.replace(word, f'<span style="color:{colour};font-weight:bold">{word}</span>')
    return f'<pre style="line-height:1.35">{body}</pre>'
