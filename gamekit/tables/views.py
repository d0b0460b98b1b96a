"""What reaches a seat's page and the projector: computed from observations and public words only.

The log a seat reads is the list of *decisions* (a seat's or a bot's move, shown as
``str(action)``), each followed by the events its move and the chance draws after it caused.
Chance outcomes themselves are never shown: a draw may be secret (the values of the licenses a
player draws in Giganten, the oil on a tile dealt face down), and the engine words every event for
every player's eyes ("Red draws 2 sales licenses (now 5 cards; their values stay secret)").  The
chance draws' events join the entry of the decision before them (the game's setup draws form entry
0), so whether a draw was a separate chance node -- in Giganten it is not when the license pile
holds only one value, which is itself hidden -- does not show either.  For the same reason the view's
content carries no raw log length: :attr:`SeatView.log_length` and :attr:`SeatView.revision` are for
the page's plumbing (the move's expected length, :meth:`TableStore.wait_for_change`), never to be shown.

The store keeps each entry's words unworded (:class:`Said`: an event's English template and arguments, and the
action itself) and words them when a page reads them, in that page's reader's language: nothing worded in one
language is kept, so two seats at one table read the same log each in their own language.

That the events are public is a property of the games, checked by tests/tables/test_views.py: for
every viewer, two states that look the same to that viewer give events with the same words.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ..actions import Action
from ..i18n import LANGUAGES, language, using
from ..protocol import GameState


def _as_written(template: str, args: tuple[Any, ...]) -> str:
    return template.format(*args) if args else template


@dataclass(frozen=True, slots=True)
class Said:
    """One event of a log entry, unworded: its English template and arguments (``GameState.raw_events``), its
    rulebook section (the English key) and player, and the game's wording (``GameState.wording``); ``text`` words
    it in the reader's language at the time it is read (once per language: ``worded`` keeps it by language, so
    a page of 30 entries reread after each move words only the new ones)."""

    template: str
    args: tuple[Any, ...]
    section: str
    player: int | None
    word: Callable[[str, tuple[Any, ...]], str] = field(default=_as_written, compare=False)
    worded: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    @property
    def text(self) -> str:
        lang = language()
        text = self.worded.get(lang)
        if text is None:
            text = self.worded[lang] = self.word(self.template, self.args)
        return text


@dataclass(frozen=True, slots=True)
class Words:
    """The public words of one log entry, unworded: who acted (None: chance), the action (None for a
    chance draw), the action in words in each language of the kit (``said``, worded when the entry is replayed,
    so the cache keeps no state) and the events it caused."""

    player: int | None
    action: Action | str | None
    events: tuple[Said, ...]
    by: str | None = None  # who decided: 'student' (the seat's student), 'bot' (a bot: ``bot`` names it), None
    bot: str | None = None
    said: tuple[tuple[str, str], ...] = ()  # (language, the action in its words)

    def action_text(self) -> str | None:
        """The action in the reader's language (as the code types it where the game has no words for it)."""
        if self.action is None:
            return None
        return dict(self.said).get(language(), str(self.action))


#: Who decided a log entry, as the pages say it, by the entry's source.
DECIDED_BY = {"seat": "student", "bot": "bot", "chance": None, "import": None}


def words_of(player: int | None, action: Action, before: GameState, after: GameState, source: str = "seat",
             bot: str | None = None) -> Words:
    """The public words of the entry ``action`` made by ``player`` (None: a chance draw) at ``before``, giving
    ``after``; ``source`` and ``bot``: who decided it (the store's log: 'seat', 'bot' and the bot's label, 'chance',
    'import')."""
    word = after.wording()
    events = tuple(Said(template, args, section, who, word) for template, args, section, who in after.raw_events)
    by = DECIDED_BY.get(source)
    if player is None:
        return Words(None, None, events, by)
    return Words(player, action, events, by, bot if by == "bot" else None, action_words(before, action))


def action_words(before: GameState, action: Action) -> tuple[tuple[str, str], ...]:
    """``action`` (a decision at ``before``) in the words of each language of the kit: the game's own words for it
    (:meth:`GameState.action_words`, as the stepper's log, the chooser and the coach word it)."""
    out = []
    for lang in LANGUAGES:
        with using(lang):
            out.append((lang, before.action_words(action)))
    return tuple(out)


def public_log(words: Sequence[Words], limit: int | None = None) -> tuple[list[dict[str, Any]], int]:
    """The log as a seat reads it: decision entries numbered from 1 (entry 0: what happened before
    the first decision), chance draws' events merged into the entry before them.  Returns the
    newest ``limit`` entries (all if None), oldest first, and the number of entries in all, worded in the
    reader's language (:func:`gamekit.i18n.using`)."""
    decisions = sum(w.player is not None for w in words)
    total = decisions + (1 if words and words[0].player is None else 0)
    wanted = total if limit is None else min(limit, total)
    entries: list[dict[str, Any]] = []
    pending: list[dict[str, Any]] = []  # events of chance draws, newest first, waiting for their entry
    number = decisions
    for w in reversed(words):
        if len(entries) == wanted:
            break
        events = [{"text": e.text, "section": e.section, "player": e.player} for e in reversed(w.events)]
        if w.player is None:
            pending.extend(events)
            continue
        entries.append({"number": number, "player": w.player, "action": w.action_text(), "events": pending + events,
                        "by": w.by, "bot": w.bot})
        pending = []
        number -= 1
    if len(entries) < wanted:  # reached the start: the draws before the first decision are entry 0
        entries.append({"number": 0, "player": None, "action": None, "events": pending, "by": None, "bot": None})
    for entry in entries:
        entry["events"].reverse()
    entries.reverse()
    return entries, total


def common(values: Sequence[Any]) -> Any:
    """What all of ``values`` (JSON-like) agree on: equal parts kept, differing leaves replaced by None.

    Dicts with the same keys and lists of the same length are compared part by part; anything else
    that differs becomes None.  Applied to every seat's observation, this is what every seat sees:
    the projector's view."""
    first = values[0]
    if all(v == first for v in values[1:]):
        return first
    if all(isinstance(v, dict) for v in values) and all(v.keys() == first.keys() for v in values):
        return {k: common([v[k] for v in values]) for k in first}
    if all(isinstance(v, list) for v in values) and all(len(v) == len(first) for v in values):
        return [common([v[i] for v in values]) for i in range(len(first))]
    return None


@dataclass(frozen=True)
class SeatView:
    """One page's view of a table (a seat's, or the projector's when ``content['seat']`` is None).

    ``content`` is everything the page may show, as JSON-able data built only from the seat's
    observation (the projector: what every seat's observation agrees on) and the public log words.
    ``log_length`` goes back with a move (``TableStore.play(code, action, view.log_length)``) and
    ``revision`` to :meth:`TableStore.wait_for_change`; neither may be shown (they count chance draws).
    ``table`` is the table's id (for ``wait_for_change``; not in ``content``, so twin tables give equal
    bytes).  ``content`` keys: game, seat (None: projector), status ('playing', 'paused',
    'ended'), terminal, to_move (seat or None), your_turn, choices (the seat's legal actions when it
    is its turn: ``{"action": action JSON, "text": str}``), observation, seats (``{"seat", "played_by":
    'human'|'bot', "bot": label or None}``), log (see :func:`public_log`), log_entries (their number),
    returns (the final result once the game is over, else None)."""

    table: str
    content: dict[str, Any]
    log_length: int
    revision: int

    def to_json(self) -> str:
        """``content`` as canonical JSON (what a page would send; byte-identical for twin tables)."""
        return json.dumps(self.content, sort_keys=True, separators=(",", ":"))
