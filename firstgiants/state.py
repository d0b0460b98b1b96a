"""The First Giants game state: the position as plain data, and the game protocol.

The rules live in ``firstgiants/rules/`` (one module per part of the rulebook; the turn, step by step,
in ``rules/turn.py``).  This module holds the data, copies it, and answers the protocol's questions.

The position (ints, tuples of ints and small lists of them; static card data is in ``components``):

* ``deck``: the card ids left below the public top card ``top`` (-1: none turned up), in increasing order.
* ``sites[site]``: the spaces of a dig site, each a card id or -1; ``markers[site]``: whose markers are
  there (read them with :meth:`State.dig_site`, :meth:`State.markers_at`, :meth:`State.markers_on_board`).
* per player ``p``: ``amber[p]``, ``points[p]`` (point tokens), ``study[p]`` (card ids), ``museum[p]``
  (:class:`firstgiants.rules.museum.MuseumSet` records).
* ``news[i]``: the seat holding News token ``i`` (-1 in the supply), ``locked[i]``: kept for good.
* ``eggs_not_fossils``: the option of that name (ruling R10's other reading: an egg is neither a "fossil
  card" nor a "carnivore card").
* ``set_supply``, ``set_box``: Set tokens; ``end_cause``: why the end was triggered ("" not yet).
* the turn: ``active`` (whose turn), ``turns`` (turns played), ``phase``; the dig ``site`` and ``space``
  of this turn's take; ``pending`` (triggered effects waiting), ``steps`` (of the effect resolving),
  ``decision`` (:class:`firstgiants.rules.Decision`, or None) and ``reclaim_left``.

Every state owns its lists (``apply`` copies them), so changing one state's list never reaches another.
What a turn seldom changes is kept in tuples, which ``apply``'s copy shares and the rules replace
(``gamekit.protocol.with_item``) instead of changing: ``points``, ``news`` and ``locked``.

Chance: the deck is face up, so every card is public; dealing the starting cards and revealing the next
top card are chance nodes over the cards left.  First Giants therefore has no hidden information: every
seat's observation is the whole state, and the stepper shows a bot's reasons (Why?) even while a human
plays.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from functools import partial
from typing import Any

from gamekit import Action, GameSpec, GameState, IllegalAction
from gamekit.i18n import N_
from gamekit.positions import ChanceConcern

from .actions import CODEC
from .components import TOKENS
from .observe import html, observation, text
from .rules import (
    AMBER_IN_BOX,
    OVER,
    PHASE_NAMES,
    RECLAIM,
    RESOLVE,
    REVEAL,
    SITES,
    START,
    TAKE,
    Decision,
    deck,
    end,
    marker,
    setup,
    turn,
)
from .rules.effects import Step, Trigger
from .rules.explain import refusal
from .rules.marker import EMPTY_SITE
from .rules.museum import MuseumSet
from .rules.news import DEFAULT_READING, TOKENS_IN_PLAY
from .text import action_words, event_text


def _word_named(names: tuple[str, ...], template: str, args: tuple[Any, ...]) -> str:
    return event_text(template, args, names)


class State(GameState):
    """A First Giants position.  Build one with ``firstgiants.new_game(players)``."""

    __slots__ = (
        "_before",
        "_cache",
        "_opts",
        "active",
        "amber",
        "decision",
        "deck",
        "eggs_not_fossils",
        "end_cause",
        "first",
        "locked",
        "markers",
        "museum",
        "n",
        "names",
        "news",
        "pending",
        "phase",
        "points",
        "reclaim_left",
        "set_box",
        "set_supply",
        "site",
        "sites",
        "space",
        "steps",
        "study",
        "top",
        "turns",
    )

    def wording(self) -> Callable[[str, tuple[Any, ...]], str]:
        """An event in the reader's language (``firstgiants.text``); the players' names stay as written (the
        function keeps them, not the state)."""
        return partial(_word_named, self.names)

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        """An empty table for ``players`` (``rules.setup.begin`` sets it up)."""
        self._record: Any = None
        self._events: list[Any] | None = []
        self.n = players
        self._opts = options
        self.names: tuple[str, ...] = ()
        self.first = 0
        self.eggs_not_fossils = False
        self.deck: tuple[int, ...] = ()
        self.top = -1
        self.sites: list[tuple[int, ...]] = [EMPTY_SITE] * SITES
        self.markers = [0] * SITES
        self.amber = [0] * players
        self.points = (0,) * players
        self.study: list[tuple[int, ...]] = [()] * players
        self.museum: list[tuple[MuseumSet, ...]] = [()] * players
        self.news = (-1,) * TOKENS_IN_PLAY
        self.locked = (False,) * TOKENS_IN_PLAY
        self.set_supply = self.set_box = 0
        self.active = self.turns = 0
        self.end_cause = ""
        self.phase = OVER
        self.site = self.space = -1
        self.pending: tuple[Trigger, ...] = ()
        self.steps: tuple[Step, ...] = ()
        self.decision: Decision | None = None
        self.reclaim_left = 0
        self._cache: Any = None  # the legal actions of a decision, or the outcomes of a chance node
        self._before: tuple[Any, ...] | None = None  # to record the last apply's events from (``apply``)

    # -- protocol: queries ------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def options(self) -> dict[str, Any]:
        return dict(self._opts)

    @property
    def phase_name(self) -> str:
        """Where the turn stands: "deal", "reveal", "start of turn", "take a card", "resolve effects",
        "reclaim" or "game over"."""
        return PHASE_NAMES[self.phase]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def is_chance(self) -> bool:
        return self.phase <= REVEAL

    def current_player(self) -> int | None:
        phase = self.phase
        if phase == RESOLVE:  # (a state rests there only at a decision)
            decision = self.decision
            return decision.player if decision is not None else None
        if phase == START or phase == TAKE or phase == RECLAIM:
            return self.active
        return None

    def legal_actions(self) -> list[Action]:
        if self.phase <= REVEAL or self.phase == OVER:
            return []
        if self._cache is None:
            self._cache = turn.CHOICES_OF_PHASE[self.phase](self)
        return list(self._cache)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if not self.is_chance():
            return []
        if self._cache is None:
            self._cache = deck.outcomes(self)
        return list(self._cache)

    def _equally_likely(self) -> tuple[int, float] | None:
        """At a chance node: every card left equally likely, when no two are identical (``gamekit.sample_chance``
        then draws one without listing them)."""
        return deck.equally_likely(self) if self.phase <= REVEAL else None

    def _chance_outcome(self, i: int) -> Action:
        """The card drawn ``i``-th from the deck (the ``i``-th chance outcome when no two cards are identical)."""
        return deck.outcome_at(self, i)

    def returns(self) -> list[float]:
        """Each player's points (final at the end; so far during the game)."""
        return [float(self.score(p)) for p in range(self.n)]

    def score(self, player: int) -> int:
        """Points of ``player``: point tokens, Set tokens (2 or 3 each) and News tokens ("End of the Game")."""
        return end.score(self, player)

    def winners(self) -> list[int]:
        """The seats with the most points: "In case of a tie, tied players share victory"."""
        return end.winners(self)

    def amber_supply(self) -> int:
        """Amber left in the supply: the box's 80 minus what the players hold."""
        return AMBER_IN_BOX - sum(self.amber)

    def markers_on_board(self, player: int) -> int:
        """Markers on ``player``'s Museum board: 4 minus those at dig sites (one per site at most)."""
        return marker.markers_on_board(self, player)

    def dig_site(self, site: int) -> tuple[int, ...]:
        """The cards at dig ``site`` (0-3), in the order of its spaces."""
        return marker.cards_at(self, site)

    def markers_at(self, site: int) -> tuple[int, ...]:
        """The players whose marker is at dig ``site`` (0-3)."""
        return marker.players_at(self, site)

    def observation(self, player: int) -> dict[str, Any]:
        return observation(self, self.check_seat(player))

    def to_position(self) -> dict[str, Any]:
        """The whole state as plain JSON data in the rulebook's words; ``firstgiants.from_position`` reads it back
        (see ``docs/positions.md``)."""
        from .position import to_position

        return to_position(self)

    def chance_concerns(self) -> ChanceConcern | None:
        """What this chance node decides: the starting card dealt to a dig site, or the deck's new top card."""
        return deck.concern(self)

    def action_words(self, action: Action) -> str:
        """``action`` in the reader's language ("play a marker at dig site 2"): ``firstgiants.text.action_words``."""
        return action_words(action)

    def fingerprint(self) -> Hashable:
        return (self.n, self.first, self.eggs_not_fossils, self.deck, self.top, tuple(self.sites), tuple(self.markers),
                tuple(self.amber), tuple(self.points), tuple(self.study), tuple(self.museum), tuple(self.news),
                tuple(self.locked),
                self.set_supply, self.set_box, self.active, self.turns, self.end_cause, self.phase, self.site,
                self.space, self.pending, self.steps, self.decision, self.reclaim_left)

    def __str__(self) -> str:
        return text(self)

    def _repr_html_(self) -> str:
        return html(self)

    # -- copying, applying, playing out ------------------------------------------------------
    # At most two fields per line in _copy: an assignment of four or more at once builds and unpacks a tuple, at
    # every apply (two or three at once do not).
    def _copy(self) -> State:
        """A copy with lists of its own (the tuples are immutable, so they are shared)."""
        new = object.__new__(State)
        new.n, new._opts = self.n, self._opts
        new.names, new.first = self.names, self.first
        new.eggs_not_fossils = self.eggs_not_fossils
        new.deck = self.deck
        new.top = self.top
        new.sites = self.sites[:]
        new.markers = self.markers[:]
        new.amber = self.amber[:]
        new.points = self.points
        new.study = self.study[:]
        new.museum = self.museum[:]
        new.news = self.news
        new.locked = self.locked
        new.set_supply = self.set_supply
        new.set_box = self.set_box
        new.active = self.active
        new.turns = self.turns
        new.end_cause = self.end_cause
        new.phase = self.phase
        new.site = self.site
        new.space = self.space
        new.pending = self.pending
        new.steps = self.steps
        new.decision = self.decision
        new.reclaim_left = self.reclaim_left
        new._cache = self._cache
        new._before = None
        return new

    def apply(self, action: Action) -> GameState:
        """The state after ``action``; ``self`` never changes (``GameState.apply`` with its steps written out).
        What is not offered goes to ``GameState.apply``, which refuses it with the rule it breaks.

        The rules run without recording events (random play and the bots never read them); the new state keeps the
        action and what the rules may change of this state (lists copied), and records its events from them when
        they are read (:meth:`_record_events`)."""
        if self.phase == OVER or not self._offers(action):
            return super().apply(action)  # (raises IllegalAction)
        new = self._copy()
        new._events = None
        new._cache = turn.carry_out(new, action)
        new._record = (self._record, action)
        new._before = (action, self.deck, self.top, self.sites[:], self.markers[:], self.amber[:], self.points,
                       self.study[:], self.museum[:], self.news, self.locked, self.set_supply, self.set_box,
                       self.active, self.turns, self.end_cause, self.phase, self.site, self.space, self.pending,
                       self.steps, self.decision, self.reclaim_left)
        return new

    def _record_events(self) -> None:
        """The last ``apply``'s events, recorded when first read: the same rules carried out again on the state
        before, recording (the rules take the same path with or without events: ``tests/firstgiants/
        test_layout.py``).  Events set since (an unpickled state's, for one) stay as they are."""
        before = self._before
        if before is None:
            return
        self._before = None
        if self._events is None:
            state = self._copy()
            (action, state.deck, state.top, state.sites, state.markers, state.amber, state.points, state.study,
             state.museum, state.news, state.locked, state.set_supply, state.set_box, state.active, state.turns,
             state.end_cause, state.phase, state.site, state.space, state.pending, state.steps, state.decision,
             state.reclaim_left) = before
            state._events = []
            turn.carry_out(state, action)
            self._events = state._events

    def _offers(self, action: Action) -> bool:
        """``action`` is a chance outcome (a card of the deck) or in the legal list (kept from the last settle)."""
        if self.phase <= REVEAL:
            return deck.is_outcome(self, action)
        legal = self._cache if self._cache is not None else turn.CHOICES_OF_PHASE[self.phase](self)
        for offered in legal:  # by identity first: bots and the stepper pass the very objects listed, and ``in``
            if offered is action:  # compares the ones before it by ``==`` (a Python call each)
                return True
        return action in legal

    def _refusal(self, action: Action) -> IllegalAction:
        return refusal(self, action)

    def _apply_in_place(self, action: Action) -> None:
        """Carry out ``action`` (legal: :meth:`_offers`), then settle until the next chance node or decision."""
        self._cache = turn.carry_out(self, action)

    def playout(self, rng: random.Random) -> State:
        """This game played to its end by uniformly random choices, chance by its probabilities.

        The fast path for Monte-Carlo rollouts and benchmarks: the same rule code as ``apply``, on
        one private copy: no copy per move and no events worded.  Each decision is drawn from the
        legal list and each card from the deck, so neither needs the check that ``apply`` makes.
        The result is an ordinary state whose history holds every action (it replays and saves).
        """
        s = self._copy()
        s._events = None
        record: Any = self._record
        draw = rng.random
        rules, settle, outcome_at = turn.RULE_OF_PHASE, turn.settle, deck.outcome_at
        legal = tuple(s.legal_actions()) if s.current_player() is not None else None
        phase = s.phase
        while phase != OVER:
            if legal is None:  # a chance node: each card left equally likely (by count)
                action = outcome_at(s, int(draw() * len(s.deck)))
            else:
                action = legal[int(draw() * len(legal))]
            record = (record, action)
            rules[phase][type(action)](s, action)
            legal = settle(s)
            phase = s.phase
        s._record, s._events, s._cache = record, [], None
        return s


def _from_position(data: Any) -> State:
    from .position import from_position

    return from_position(data)


def create(players: int, options: dict[str, Any]) -> State:
    """A new game: the deck shuffled face up, then the 8 starting cards dealt (chance nodes)."""
    state = State(players, options)
    setup.begin(state, options)
    state._cache = turn.settle(state)
    return state


SPEC = GameSpec(
    name="firstgiants",
    min_players=TOKENS.min_players,
    max_players=TOKENS.max_players,
    option_defaults={"first_player": 0, "names": "", "eggs_not_fossils": False, "news_values": DEFAULT_READING},
    codec=CODEC,
    create=create,
    from_position=lambda data: _from_position(data),
    option_help={
        "first_player": N_("seat (0-based) of the player who most recently encountered a dinosaur"),
        "names": N_("comma-separated player names for the events (default Ana, Ben, Cleo, Dev, Eli)"),
        "eggs_not_fossils": N_("an egg is neither a 'fossil card' nor a 'carnivore card': taking one triggers no "
                               "'each time ... takes a fossil / carnivore card', and 'for each carnivore card' does "
                               "not count the Carnivore egg (ruling R10's other reading; by default eggs are both)"),
        "news_values": N_("what a News token is worth (rulings R8, R23): 'by-type' a family's 3, a size's 5; "
                          "'by-type-swapped' a family's 5, a size's 3; 'two-sided' 3, or 5 once kept for good"),
    },
    # (older saves: eggs were fossil and carnivore cards; a family's News token was worth 3, a size's 5)
    options_added={"eggs_not_fossils": (3, False), "news_values": (4, DEFAULT_READING)},
)
State.spec = SPEC
