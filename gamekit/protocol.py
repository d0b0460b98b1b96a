"""The game protocol both games share.

A game is a package (``import giganten as g``) exposing ``new_game``, ``from_json`` and
``IllegalAction``; its states follow :class:`GameState`.  The contract is OpenSpiel's:

* chance is explicit — at a chance node ``chance_outcomes()`` lists every outcome with its
  probability and the *caller* picks one, so "roll the die" and "make the die show blue 4" are
  the same ``apply`` call with different outcomes;
* ``apply`` returns a new state and never changes the one it is called on;
* a game is its options plus the list of applied actions: replaying that list rebuilds any
  state (undo, time travel, save files and golden transcripts all come from this).
"""
from __future__ import annotations

import html
import operator
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Hashable, Sequence

from .actions import Action, quote
from .i18n import N_, gettext, pgettext
from .i18n.say import Say, Text
from .positions import ChanceConcern

if TYPE_CHECKING:
    import numpy as np

    from .positions import Origin
    from .spec import GameSpec

    # What a state remembers of its past: the record of applied actions, a linked list of (the record before,
    # the action) whose root is the Origin of the position the game started from, or None for new_game.
    Record = Origin | None | tuple["Record", Action]
    # What the last apply did, worded only when read: (template, its arguments, rulebook section, player).
    RawEvent = tuple[str, tuple[Any, ...], str, int | None]


class IllegalAction(ValueError):
    """An action the rules forbid in this state.

    ``rule`` names the rulebook section that forbids it (its English name, the key the code compares, as
    :attr:`Event.section`); ``allowed`` says what is allowed instead.  Raised by :meth:`GameState.apply`,
    which then leaves the state unchanged.

    The message is worded when the refusal is raised, in the reader's language in force then
    (:func:`gamekit.i18n.using`): the rules build it from a catalogue template (``_("... {rule} ...")``), and
    ``str(exc)`` starts with the section's name in that language, :attr:`rule_name`.  What is allowed may be
    given as a :class:`gamekit.i18n.say.Text` (the actions themselves, worded when read): the refusal keeps it
    and :attr:`allowed` words it in the language in force wherever it is read, also after a pickle.
    """

    def __init__(self, rule: str, message: str, allowed: str | Text = "") -> None:
        self.rule = rule
        self.rule_name = gettext(rule)
        self.message = message
        self.instead = allowed
        words = str(allowed)
        if words:
            text = gettext("{rule}: {message} Allowed instead: {allowed}").format(
                rule=self.rule_name, message=message, allowed=words)
        else:
            text = gettext("{rule}: {message}").format(rule=self.rule_name, message=message)
        super().__init__(text)

    @property
    def allowed(self) -> str:
        """What is allowed instead, in the reader's language where it is read (empty: not said)."""
        return str(self.instead)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle and copy with the rule, message and allowed actions (a bot's illegal move in a worker
        process reaches the parent as this very exception, its allowed actions as actions)."""
        return type(self), (self.rule, self.message, self.instead), self.__dict__ or None


@dataclass(frozen=True, slots=True)
class Event:
    """Something an ``apply`` did, in plain English, with the rulebook section behind it."""

    text: str
    section: str
    player: int | None = None

    @property
    def section_name(self) -> str:
        """The rulebook section's name in the reader's language (``section`` is its English name, the key)."""
        return gettext(self.section)

    def __str__(self) -> str:
        return f"{self.text} [{self.section_name}]"

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "section": self.section, "player": self.player}



def _plain_words(template: str, args: tuple[Any, ...]) -> str:
    """An event's sentence: its template filled in with its arguments (a game without placeholders of its own)."""
    return template.format(*args) if args else template

class GameState(ABC):
    """One position of a game, immutable from the outside.

    Subclasses implement the rules in :meth:`_apply_in_place`, which works on a private copy
    made by :meth:`_copy`; :meth:`apply` guarantees that a rejected action leaves ``self``
    exactly as it was, because the copy is simply dropped.
    """

    __slots__ = ("_record", "_events")
    _record: Record
    _events: list[RawEvent] | None  # None: a playout that skips the events
    spec: ClassVar["GameSpec"]

    # -- what a subclass must provide -------------------------------------------------------
    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @property
    @abstractmethod
    def options(self) -> dict[str, Any]:
        """The variant switches this game was created with (JSON-serialisable)."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def is_chance(self) -> bool: ...

    @abstractmethod
    def current_player(self) -> int | None: ...

    @abstractmethod
    def legal_actions(self) -> list["Action"]: ...

    @abstractmethod
    def chance_outcomes(self) -> list[tuple["Action", float]]: ...

    @abstractmethod
    def returns(self) -> list[float]: ...

    @abstractmethod
    def observation(self, player: int) -> dict[str, Any]: ...

    @abstractmethod
    def _copy(self) -> "GameState":
        """A copy deep enough that mutating it never touches ``self``."""

    @abstractmethod
    def _apply_in_place(self, action: "Action") -> None:
        """Carry out ``action``, which :meth:`_offers` has accepted, on this (private) copy."""

    @abstractmethod
    def fingerprint(self) -> Hashable:
        """Everything that makes up the position, as nested tuples (used for ``==``)."""

    def _copy_for_apply(self) -> "GameState":
        """The private copy :meth:`apply` changes: :meth:`_copy` unless a game shares parts of the position
        with the copy and lets its rules copy them before changing them (copy-on-write)."""
        return self._copy()

    # -- legality: one model for every game -------------------------------------------------
    def _offers(self, action: "Action") -> bool:
        """Whether ``action`` is one of the legal actions (or, at a chance node, one of the chance
        outcomes) listed here: the one test of legality.  The rule code that carries an action out
        trusts it and never checks again.  A game may override this for speed, never for meaning."""
        if self.is_chance():
            return any(outcome == action for outcome, _ in self.chance_outcomes())
        return action in self.legal_actions()

    def _equally_likely(self) -> "tuple[int, float] | None":
        """At a chance node whose ``n`` outcomes all have the same probability ``p``: ``(n, p)``, exactly the
        probability :meth:`chance_outcomes` lists, so that :func:`gamekit.sample_chance` can draw one without
        listing them (:meth:`_chance_outcome`).  None (the default): list them.  A game may say so for speed."""
        return None

    def _chance_outcome(self, i: int) -> "Action":
        """The ``i``-th of :meth:`chance_outcomes` (read when :meth:`_equally_likely` gives their number)."""
        return self.chance_outcomes()[i][0]

    def _refusal(self, action: "Action") -> IllegalAction:
        """Why ``action`` is refused here: the rule it breaks and what is allowed instead.  Each game
        explains its refusals from the rulebook in one place (its ``explain`` module)."""
        return IllegalAction(N_("Rules"), gettext("{action} cannot be played now.").format(action=self.quoted(action)))

    def action_words(self, action: "Action") -> str:
        """``action``, one of the game's actions, in the game's words in the reader's language ("bid 5", "byd 5",
        "5 bieten"), as the player to move here would do it: what a refusal quotes (:meth:`quoted`) and the
        stepper's chance chooser lists.  The default is ``str(action)``; a game words its own (its ``text.py``)."""
        return str(action)

    def quoted(self, action: Any) -> str:
        """``action`` as a refusal's message quotes it, in the reader's language: one of the game's actions (it has an
        action id, :mod:`gamekit.ids`) in the game's words between the language's quotation marks ('bid 5',
        »byd 5«, „5 bieten“); an action of another game or with a field out of every range the game offers as the
        code writes it (``Bid(amount=999)``), and what is not an action at all as the code writes it with its type
        ("'bid 5' (type str, not an action)"), cut short (:func:`gamekit.actions.quote`): what was given, never words
        that could misname it."""
        if not isinstance(action, Action):
            return gettext("{value} (type {type}, not an action)").format(value=quote(action),
                                                                           type=type(action).__name__)
        try:
            known = action in self.spec.ids
        except NotImplementedError:  # (a game without action ids)
            known = False
        if known:
            return pgettext("quotation marks", "'{}'").format(self.action_words(action))
        return quote(action)

    # -- seats ----------------------------------------------------------------------------
    def check_seat(self, player: Any) -> int:
        """``player`` as a seat number of this game (a plain int: numpy integers are accepted); ValueError
        for anything else (a bool, a float, -1, a seat the game does not have).  Every method that takes a
        seat from a user (``observation``, ``determinize``) checks it here."""
        if not isinstance(player, bool):
            try:
                seat = operator.index(player)
            except TypeError:
                seat = -1
            if 0 <= seat < self.num_players:
                return seat
        raise ValueError(gettext("expected a seat number from 0 to {last} of this {players}-player game, got {kind} "
                                 "{got}")
                         .format(last=self.num_players - 1, players=self.num_players, kind=type(player).__name__,
                                 got=quote(player)))

    # -- the protocol ---------------------------------------------------------------------
    def apply(self, action: "Action") -> "GameState":
        """Return the state after ``action``; ``self`` never changes.

        ``action`` must be offered here (:meth:`_offers`); if not, :meth:`_refusal` says why."""
        if self.is_terminal():
            raise IllegalAction(N_("End of game"),
                                gettext("the game is over; {action} cannot be played.").format(
                                    action=self.quoted(action)))
        if not self._offers(action):
            raise self._refusal(action)
        new = self._copy_for_apply()
        new._events = []
        new._apply_in_place(action)
        new._record = (self._record, action)
        return new

    # -- events: recorded cheaply, worded only when read ------------------------------------
    @property
    def events(self) -> tuple[Event, ...]:
        """What the last ``apply`` did, each event naming its rulebook section."""
        self._record_events()
        word = self.wording()
        return tuple(Event(word(template, args), section, player)
                     for template, args, section, player in self._events or ())

    def _say(self, section: str, player: int | None, template: str, *args: Any) -> None:
        """Record an event whose text is ``template`` filled in with ``args`` when ``events`` is read
        (search bots and rollouts, which never read events, skip the wording).  A game that plays
        without events (an in-place rollout) sets ``_events`` to None."""
        events = self._events
        if events is not None:
            events.append((template, args, section, player))

    def _emit(self, text: str, section: str, player: int | None = None) -> None:
        """Record an event whose text is already written out."""
        self._say(section, player, text)

    @property
    def raw_events(self) -> tuple["RawEvent", ...]:
        """What the last ``apply`` did, unworded: (template, arguments, rulebook section, player) each, to be worded
        by :meth:`wording` when read (a log kept for readers of several languages keeps these)."""
        self._record_events()
        return tuple(self._events or ())

    def _record_events(self) -> None:
        """Make sure ``_events`` holds the last ``apply``'s events before they are read: a game whose ``apply``
        leaves them to be recorded when asked for records them here (the default records them as they happen)."""
        return

    def wording(self) -> Callable[[str, tuple[Any, ...]], str]:
        """How this game words a recorded event (template, arguments) in the reader's language at the time of the
        call; a game overrides it for placeholders of its own.  It holds no state (a log kept for readers of
        several languages keeps it beside the raw events)."""
        return _plain_words

    def history(self) -> list["Action"]:
        """Every action applied since the game's start (``new_game``, or the position it started from:
        :attr:`origin`), chance outcomes included, oldest first."""
        out: list[Action] = []
        node = self._record
        while type(node) is tuple:
            node, action = node
            out.append(action)
        out.reverse()
        return out

    @property
    def move_number(self) -> int:
        """How many actions (chance outcomes included) have been applied since the game's start."""
        n, node = 0, self._record
        while type(node) is tuple:
            node = node[0]
            n += 1
        return n

    @property
    def origin(self) -> "Origin | None":
        """The position this game started from (:class:`gamekit.positions.Origin`), or None if it started
        from ``new_game``: the root of the record of applied actions."""
        node = self._record
        while isinstance(node, tuple):
            node = node[0]
        return node

    # -- positions (gamekit.positions): the state as data a person can read and edit --------------------
    def to_position(self) -> dict[str, Any]:
        """The whole state as plain JSON data in the rulebook's words (the game's ``from_position`` reads it)."""
        raise NotImplementedError(f"{self.spec.name} has no positions")

    def chance_concerns(self) -> "ChanceConcern | None":
        """What this chance node decides -- whose draw, which square, which pile -- or None at a decision
        or at the end.  A game says more than this default."""
        if not self.is_chance():
            return None
        return ChanceConcern("chance", None, None, 1, Say("a chance outcome"))

    # -- action ids (gamekit.ids): every action as an integer, from the game's ``ids`` module --------
    def action_id(self, action: "Action") -> int:
        return self.spec.ids.action_id(action)

    def action_from_id(self, i: int) -> "Action":
        return self.spec.ids.action_from_id(i)

    @property
    def num_distinct_actions(self) -> int:
        return self.spec.ids.num_distinct_actions

    def legal_action_mask(self) -> "np.ndarray":
        """0/1 over every action id: the legal actions here (at a chance node, the chance outcomes)."""
        return self.spec.ids.legal_mask(self)

    def to_json(self) -> str:
        """A save file: the options (or the starting position) and the list of applied actions (see
        gamekit.record)."""
        from .record import dump

        return dump(self)

    def to_dict(self) -> dict[str, Any]:
        from .record import record_dict

        return record_dict(self)

    # -- copies and pickles -----------------------------------------------------------------
    def __copy__(self) -> "GameState":
        """``copy.copy`` and ``copy.deepcopy``: an independent state equal to this one.  The record of past
        actions is immutable and shared, so a game of any length copies without recursing through it."""
        self._record_events()
        new = self._copy()
        new._record = self._record
        new._events = None if self._events is None else list(self._events)
        return new

    def __deepcopy__(self, memo: dict) -> "GameState":
        return self.__copy__()

    def __reduce__(self) -> tuple[Any, ...]:
        """``pickle`` goes through the save file (:meth:`to_json`): unpickling replays it, so a pickle holds
        nothing a save file would not, and a game of any length pickles without deep recursion."""
        self._record_events()
        return _from_save, (type(self), self.to_json()), (None, {"_events": self._events})

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.fingerprint() == other.fingerprint()

    def __hash__(self) -> int:
        return hash(self.fingerprint())

    def _repr_html_(self) -> str:
        return f"<pre>{html.escape(str(self))}</pre>"


def _from_save(cls: type[GameState], text: str) -> GameState:
    """Unpickle a state of the game ``cls`` from its save file."""
    from .record import load

    return load(text, cls.spec)


def sum_is_one(probabilities: Sequence[float], tol: float = 1e-9) -> bool:
    return abs(sum(probabilities) - 1.0) <= tol


def with_item(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """``values`` with item ``i`` replaced by ``value``: how a state changes a tuple it shares with its copies
    (copy-on-write: ``apply``'s copy shares the tuples and replaces only those its rules change)."""
    new = list(values)
    new[i] = value
    return tuple(new)
