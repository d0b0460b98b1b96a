"""What a player sees, and the state's text and HTML forms.

First Giants has no hidden information (the deck is face up: its top card is public, and the
cards below it are the public multiset of cards not yet seen), so every player's observation is
the whole public state.
"""
from __future__ import annotations

import html as _html
from typing import TYPE_CHECKING, Any

from gamekit.words import counted

from .components import CARDS, FAMILY_NAMES
from .rules import DECISION_NAMES, SITES
from .rules.museum import MuseumSet, is_complete, type_name
from .rules.news import news_name, news_value

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
    return ", ".join(str(CARDS[c]) for c in ids) or "-"


def _set_text(mset: MuseumSet) -> str:
    done = " complete" if is_complete(mset) else ""
    return f"[{type_name(mset.kind, mset.key)}{done}: {_cards(mset.cards)}; {counted(mset.tokens, 'Set token')}]"


def text(state: State) -> str:
    """A readable multi-line summary of the position."""
    lines = [f"First Giants, {state.n} players, turn {state.turns + 1}, {state.phase_name}"
             + (f" (end triggered: {state.end_cause})" if state.end_cause else "")]
    top = str(CARDS[state.top]) if state.top >= 0 else "none"
    lines.append(f"Deck: top {top}, {len(state.deck)} below. Set tokens: {state.set_supply} in the supply, "
                 f"{state.set_box} in the box. Amber supply: {state.amber_supply()}.")
    for s in range(SITES):
        who = ", ".join(state.names[p] for p in state.markers_at(s)) or "no markers"
        lines.append(f"Dig site {s + 1}: {_cards(state.dig_site(s))} ({who})")
    for p in range(state.n):
        held = [news_name(i) + (" (kept)" if state.locked[i] else "") for i, o in enumerate(state.news) if o == p]
        mark = "*" if p == state.current_player() else " "
        lines.append(f"{mark}{state.names[p]}: {state.score(p)} points ({state.points[p]} from tokens), "
                     f"{state.amber[p]} amber, {state.markers_on_board(p)} markers on the Museum board")
        lines.append(f"    Study: {_cards(state.study[p])}")
        lines.append("    Display: " + (" ".join(_set_text(m) for m in state.museum[p]) or "-"))
        if held:
            lines.append("    News: " + ", ".join(held))
    if state.decision is not None:
        lines.append(f"Decision for {state.names[state.decision.player]}: {DECISION_NAMES[state.decision.code]}")
    return "\n".join(lines)


def html(state: State) -> str:
    """The text form in a notebook, with the families colour-coded."""
    colours = {"Flying": "#3b7dd8", "Herbivore": "#3a9a3a", "Carnivore": "#c0392b", "Marine": "#138d90",
               "Mammal": "#9b6b2f"}
    body = _html.escape(text(state))
    for name, colour in colours.items():
        body = body.replace(name, f'<span style="color:{colour};font-weight:bold">{name}</span>')
    return f'<pre style="line-height:1.35">{body}</pre>'
