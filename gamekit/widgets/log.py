"""The event log pane: what each action did, newest first, every event with its rulebook section."""
from __future__ import annotations

from typing import Iterable

import ipywidgets as widgets

from ..plotting import GREY
from ..protocol import Event
from .controls import escape, html_output

SECTION_STYLE = ("font-size:11px;background:#EEEEEE;color:#333333;border-radius:3px;"
                 "padding:0 4px;margin-left:4px;white-space:nowrap")


def section_badge(section: str) -> str:
    """A small grey label naming the rulebook section."""
    return f'<span class="gk-section" style="{SECTION_STYLE}">{escape(section)}</span>'


def format_entry(number: int, who: str, colour: str | None, action_text: str | None,
                 events: Iterable[Event]) -> tuple[str, str]:
    """The HTML and plain-text forms of one log entry (one action and the events it caused).

    ``action_text`` is None when the action itself must not be shown (a hidden chance draw):
    the entry then shows only the events, which the engine words for every player's eyes.
    ``colour`` marks the entry's left edge (the seat's colour; grey for chance).
    """
    colour = colour or GREY
    head = f"<b>#{number}</b> <b>{escape(who)}</b>"
    plain_head = f"#{number} {who}"
    if action_text:
        head += f": {escape(action_text)}"
        plain_head += f": {action_text}"
    lines_html, lines_text = [], []
    for event in events:
        lines_html.append(f'<div style="margin-left:1.2em">{escape(event.text)}{section_badge(event.section)}</div>')
        lines_text.append(f"    {event.text} [{event.section}]")
    body = "".join(lines_html)
    # mathjax_ignore (MathJax 3; tex2jax_ignore for MathJax 2): JupyterLab typesets $...$ in HTML outputs as
    # LaTeX, and the events are full of dollars
    html_text = (f'<div class="gk-log-entry mathjax_ignore tex2jax_ignore" style="border-left:4px solid {colour};'
                 f'padding-left:6px;margin:2px 0;font-size:13px;line-height:1.35">{head}{body}</div>')
    return html_text, "\n".join([plain_head, *lines_text])


class EventLog:
    """A scrollable Output pane of log entries, newest on top.

    It keeps every entry (so undo can remove the newest) but shows only the last ``limit``: the
    whole pane is re-sent to the browser on each change, and a whole game's log would be slow.
    """

    def __init__(self, limit: int = 200, height: str = "260px") -> None:
        self.limit = limit
        self._entries: list[dict] = []
        self.output = widgets.Output(layout=widgets.Layout(
            height=height, overflow="auto", border="1px solid #CCCCCC", padding="2px 4px"))
        self.output.add_class("gk-event-log")

    def __len__(self) -> int:
        return len(self._entries)

    def push(self, html_text: str, plain: str) -> None:
        self._entries.append(html_output(html_text, plain))

    def pop(self, n: int = 1) -> None:
        del self._entries[max(0, len(self._entries) - n):]

    def clear(self) -> None:
        self._entries.clear()
        self.sync()

    def texts(self) -> list[str]:
        """Every entry's plain text, oldest first (the whole log, not only what is shown)."""
        return [e["data"]["text/plain"] for e in self._entries]

    def sync(self) -> None:
        """Show the newest ``limit`` entries, newest first."""
        shown = self._entries[-self.limit:][::-1]
        hidden = len(self._entries) - len(shown)
        if not shown:
            note = "Nothing has happened yet: press Step (or a human seat chooses an action)."
            shown.append(html_output(f'<div style="color:#666666;font-size:12px">{escape(note)}</div>', note))
        if hidden:
            note = f"… {hidden} earlier entries are not shown (undo and the save file keep them)."
            shown.append(html_output(f'<div style="color:#666666;font-size:12px">{escape(note)}</div>', note))
        if tuple(shown) != self.output.outputs:
            self.output.outputs = tuple(shown)
