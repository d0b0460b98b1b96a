"""The event log pane: what each action did, newest first, every event with its rulebook section.

Every entry is a target of a :class:`~gamekit.widgets.Clickable` (``move-<n>``): clicking it travels
to the position just after move ``n``.  The next moves taken back (Undo, or a jump back in time) stay
listed, greyed, above the present until a different move is played: clicking one goes forward again.

An entry is kept as what words it (the seat's name, the action's words, the state whose events it shows) and
worded when shown, in the reader's language (:mod:`gamekit.i18n`): the stepper's language menu rewords the
whole log.
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

import ipywidgets as widgets

from ..i18n import gettext as _
from ..i18n import language, ngettext
from ..plotting import GREY
from ..protocol import Event
from .clickable import Clickable
from .controls import escape, escape_text

#: How many of the moves taken back the pane lists (greyed, above the present).
FUTURE_SHOWN = 3
SECTION_STYLE = "background:#EEEEEE;color:#333333;border-radius:3px;padding:0 4px;margin-left:4px"


def section_badge(section: str) -> str:
    """A small grey label naming the rulebook section (its name in the reader's language)."""
    return f'<span class="gk-section" style="{SECTION_STYLE}">{escape(section)}</span>'


def event_lines(events: Iterable[Event], line: str | None = None) -> tuple[list[str], list[str]]:
    """The HTML and plain-text lines of a log entry's body: ``line`` (if any), then each event with its section."""
    lines_html = [f'<div style="margin-left:1.2em">{escape(line)}</div>'] if line else []
    lines_text = [f"    {line}"] if line else []
    for event in events:
        lines_html.append(f'<div style="margin-left:1.2em">{escape(event.text)}'
                          f'{section_badge(event.section_name)}</div>')
        lines_text.append(f"    {event.text} [{event.section_name}]")
    return lines_html, lines_text


def format_entry(number: int, who: str, colour: str | None, action_text: str | None,
                 events: Iterable[Event]) -> tuple[str, str]:
    """The HTML and plain-text forms of one log entry (one action and the events it caused).

    ``action_text`` is None when the action itself must not be shown (a hidden chance draw):
    the entry then shows only the events, which the engine words for every player's eyes.
    ``colour`` marks the entry's left edge (the seat's colour; grey for chance).  The HTML is a
    ``gk-log-entry`` element that a click on takes the game to the position after move ``number``.
    """
    colour = colour or GREY
    head = f"<b>#{number}</b> <b>{escape(who)}</b>"
    plain_head = f"#{number} {who}"
    if action_text:
        head += f": {escape(action_text)}"
        plain_head += f": {action_text}"
    lines_html, lines_text = event_lines(events)
    # mathjax_ignore (MathJax 3; tex2jax_ignore for MathJax 2): JupyterLab typesets $...$ in HTML outputs as
    # LaTeX, and the events are full of dollars
    body = f"{head}{''.join(lines_html)}"
    return entry_html(number, colour, body), "\n".join([plain_head, *lines_text])


def entry_html(number: int, colour: str, body: str) -> str:
    """A log entry's element around its ``body`` (HTML): a click on it goes to the position after move ``number``."""
    title = escape_text(_("Go to the position after move {}").format(number))
    return (f'<div class="gk-log-entry mathjax_ignore tex2jax_ignore" data-target="move-{number}" '
            f'data-h="{zlib.crc32(body.encode()):08x}" title="{title}" '
            f'style="border-left:5px solid {colour}">{body}</div>')


@dataclass
class Entry:
    """One entry of the log, kept as what words it: ``who`` and ``action`` word the head (the seat's name, the
    action's words or None), each of ``more`` a chance step joining it (a line or None, and its events).  Worded
    when shown, once per language."""

    number: int
    who: Callable[[], str]
    colour: str | None
    action: Callable[[], str | None]
    events: Callable[[], Sequence[Event]]
    more: list[tuple[Callable[[], str | None], Callable[[], Sequence[Event]]]] = field(default_factory=list)
    _forms: dict[str, tuple[str, str]] = field(default_factory=dict, repr=False)

    def forms(self) -> tuple[str, str]:
        """The HTML and plain text of the entry in the reader's language."""
        lang = language()
        if lang not in self._forms:
            html_text, plain = format_entry(self.number, self.who(), self.colour, self.action(), self.events())
            if self.more:
                start = html_text.index(">") + 1
                body = html_text[start:html_text.rindex("</div>")]
                plains = [plain]
                for line, events in self.more:
                    lines_html, lines_text = event_lines(events(), line())
                    body += "".join(lines_html)
                    plains += lines_text
                html_text, plain = entry_html(self.number, self.colour or GREY, body), "\n".join(plains)
            self._forms[lang] = html_text, plain
        return self._forms[lang]

    @property
    def html(self) -> str:
        return self.forms()[0]

    @property
    def plain(self) -> str:
        return self.forms()[1]


class EventLog:
    """The log entries of the game in the stepper, past and taken back, shown newest first.

    ``push`` adds the entry of a new move (forgetting what was taken back); ``undo`` and ``redo`` move
    the boundary between the past and the moves taken back.  Only the newest ``limit`` entries are
    shown (the whole pane is re-sent to the browser on each change); :meth:`texts` has them all.
    """

    def __init__(self, limit: int = 40, height: str = "260px") -> None:
        self.limit = limit
        self._entries: list[Entry] = []
        self._now = 0  # entries before this index are the past; the rest were taken back
        self.view = Clickable()
        self.word()
        self.view.layout = widgets.Layout(height=height, overflow="auto", border="1px solid #CCCCCC",
                                          padding="2px 4px")
        self.view.add_class("gk-event-log")
        self.on_jump: list[Callable[[int], None]] = []
        self.view.on_click(self._clicked)

    def word(self) -> None:
        """The pane's description in the reader's language (:meth:`sync` words the entries)."""
        self.view.description = _("Event log, newest first: click an entry to go back to that move")

    def __len__(self) -> int:
        """The number of entries in the past (taken-back moves not counted)."""
        return self._now

    # -- changes ---------------------------------------------------------------------------------
    def push(self, entry: Entry) -> None:
        del self._entries[self._now:]
        self._entries.append(entry)
        self._now += 1

    def add_to_last(self, line: Callable[[], str | None], events: Callable[[], Sequence[Event]]) -> None:
        """Add ``line`` (if it words one) and ``events`` to the newest past entry (a chance step's words joining
        the entry before it); the moves taken back are forgotten, as by :meth:`push`."""
        del self._entries[self._now:]
        last = self._entries[self._now - 1]
        self._entries[self._now - 1] = Entry(last.number, last.who, last.colour, last.action, last.events,
                                             [*last.more, (line, events)])

    def undo(self, n: int = 1) -> None:
        self._now = max(0, self._now - n)

    def redo(self, n: int = 1) -> None:
        self._now = min(len(self._entries), self._now + n)

    def forget_future(self) -> None:
        del self._entries[self._now:]

    def clear(self) -> None:
        self._entries.clear()
        self._now = 0
        self.sync()

    # -- reading -----------------------------------------------------------------------------------
    def texts(self) -> list[str]:
        """Every past entry's plain text, oldest first (the whole log, not only what is shown)."""
        return [entry.plain for entry in self._entries[:self._now]]

    def future_texts(self) -> list[str]:
        """The entries of the moves taken back, next one first."""
        return [entry.plain for entry in self._entries[self._now:]]

    def shown_texts(self) -> list[str]:
        """The plain text of the past entries the pane shows, newest first."""
        past = self._entries[:self._now]
        return [entry.plain for entry in past[-self.limit:][::-1]]

    # -- showing -------------------------------------------------------------------------------------
    def sync(self) -> None:
        """Show the newest ``limit`` past entries, newest first, under the moves taken back (greyed)."""
        past = self._entries[:self._now][-self.limit:][::-1]
        future = self._entries[self._now:][:FUTURE_SHOWN][::-1]
        parts = []
        if future:
            later = len(self._entries) - self._now - len(future)
            note = (ngettext("▲ taken back ({} more after it on the timeline): Redo, the timeline or a click "
                             "brings them back", "▲ taken back ({} more after them on the timeline): Redo, the "
                             "timeline or a click brings them back", later).format(later) if later else
                    _("▲ taken back: Redo, the timeline or a click brings them back"))
            parts.append('<div class="gk-log-future">')
            parts += [entry.html for entry in future]
            parts.append(f'<div class="gk-log-note">{escape_text(note)}</div></div>')
        parts += [entry.html for entry in past]
        if not past and not future:
            parts.append('<div class="gk-log-note">{}</div>'.format(escape_text(
                _("Nothing has happened yet: press Step (or a human seat chooses an action)."))))
        hidden = self._now - len(past)
        if hidden:
            parts.append('<div class="gk-log-note">{}</div>'.format(escape_text(ngettext(
                "… {} earlier entry is not shown (the timeline and the save file keep it).",
                "… {} earlier entries are not shown (the timeline and the save file keep them).",
                hidden).format(hidden))))
        markup = "".join(parts)
        targets = [f"move-{entry.number}" for entry in (*future, *past)]
        with self.view.hold_sync():
            if self.view.markup != markup:
                self.view.markup = markup
            if list(self.view.targets) != targets:
                self.view.targets = targets

    def _clicked(self, target: str) -> None:
        move = int(target.rpartition("-")[2])
        for callback in list(self.on_jump):
            callback(move)
