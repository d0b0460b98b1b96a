"""What a player sees, and the state's text and HTML forms.

First Giants has no hidden information (the deck is face up: its top card is public, and the
cards below it are the public multiset of cards not yet seen), so every player's observation is
the whole public state.
"""
from __future__ import annotations

import html as _html
from typing import TYPE_CHECKING, Any

from .components import CARDS, FAMILY_NAMES
from .museum import is_complete, news_name, news_value, type_name

if TYPE_CHECKING:
    from .state import State


def _set_json(mset: tuple) -> dict[str, Any]:
    cards, kind, key, tokens = mset
    return {"cards": list(cards), "type": type_name(kind, key), "set_tokens": tokens, "complete": is_complete(mset)}


def observation(state: "State", player: int) -> dict[str, Any]:
    """The public state, as seen by ``player`` (everything: there is no hidden information)."""
    from .phases import DECISION_NAMES, PER_SITE, PHASE_NAMES, SITES

    decision = None
    if state.decision is not None:
        code, who, source, fam = state.decision
        decision = {"what": DECISION_NAMES[code], "player": who, "source_card": source,
                    "first_family": FAMILY_NAMES[fam] if fam >= 0 else None}
    return {
        "you": player,
        "phase": PHASE_NAMES[state.phase],
        "active": state.active,
        "current_player": state.current_player(),
        "first_player": state.first,
        "turns": state.turns,
        "end_triggered": state.end_cause or None,
        "decision": decision,
        "reclaim_left": state.reclaim_left,
        "deck_top": state.top if state.top >= 0 else None,
        "deck_below_top": sorted(state.deck),
        "dig_sites": [
            {"cards": [c for c in state.sites[s * PER_SITE:(s + 1) * PER_SITE] if c >= 0],
             "markers": [p for p in range(state.n) if state.markers[s] >> p & 1]}
            for s in range(SITES)
        ],
        "set_tokens_supply": state.set_supply,
        "set_tokens_box": state.set_box,
        "amber_supply": state.amber_supply(),
        "news_tokens": [{"token": news_name(i), "value": news_value(i), "holder": o, "locked": state.locked[i]}
                        for i, o in enumerate(state.news)],
        "players": [
            {"name": state.names[p], "amber": state.amber[p], "points": state.points[p],
             "markers_on_board": state.markers_on_board(p), "study": list(state.study[p]),
             "display": [_set_json(m) for m in state.museum[p]], "score": state.score(p)}
            for p in range(state.n)
        ],
    }


def _cards(ids: tuple[int, ...] | list[int]) -> str:
    return ", ".join(str(CARDS[c]) for c in ids) or "-"


def _set_text(mset: tuple) -> str:
    cards, kind, key, tokens = mset
    done = " complete" if is_complete(mset) else ""
    return f"[{type_name(kind, key)}{done}: {_cards(cards)}; {tokens} Set token(s)]"


def text(state: "State") -> str:
    """A readable multi-line summary of the position."""
    from .phases import DECISION_NAMES, PER_SITE, PHASE_NAMES, SITES

    lines = [f"First Giants, {state.n} players, turn {state.turns + 1}, {PHASE_NAMES[state.phase]}"
             + (f" (end triggered: {state.end_cause})" if state.end_cause else "")]
    top = str(CARDS[state.top]) if state.top >= 0 else "none"
    lines.append(f"Deck: top {top}, {len(state.deck)} below. Set tokens: {state.set_supply} in the supply, "
                 f"{state.set_box} in the box. Amber supply: {state.amber_supply()}.")
    for s in range(SITES):
        cards = [c for c in state.sites[s * PER_SITE:(s + 1) * PER_SITE] if c >= 0]
        who = ", ".join(state.names[p] for p in range(state.n) if state.markers[s] >> p & 1) or "no markers"
        lines.append(f"Dig site {s + 1}: {_cards(cards)} ({who})")
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
        lines.append(f"Decision for {state.names[state.decision[1]]}: {DECISION_NAMES[state.decision[0]]}")
    return "\n".join(lines)


def html(state: "State") -> str:
    """The text form in a notebook, with the families colour-coded."""
    colours = {"Flying": "#3b7dd8", "Herbivore": "#3a9a3a", "Carnivore": "#c0392b", "Marine": "#138d90",
               "Mammal": "#9b6b2f"}
    body = _html.escape(text(state))
    for name, colour in colours.items():
        body = body.replace(name, f'<span style="color:{colour};font-weight:bold">{name}</span>')
    return f'<pre style="line-height:1.35">{body}</pre>'

