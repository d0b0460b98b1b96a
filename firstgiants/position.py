"""First Giants positions: a state as data a teacher can read and edit, and back (see ``docs/positions.md``).

``state.to_position()`` writes the whole state in the rulebook's words: players by name, cards as the kit
labels them by their number and what is printed on them (``"#12 Small Herbivore"``, ``"#60 Flying egg"``;
``firstgiants/data/deck.json``), sets by their type ("Herbivore family set", "Small size set"), News tokens
by family or size, the phase by name and whose turn it is.  :func:`from_position` reads such data back and
checks it against the components and the rules; what the rules fill in may be left out:

* the deck below its top card: every card that is nowhere else (the deck is face up and each draw is a
  chance node over the cards left, so it has no order to give);
* the amber supply, the Set tokens in the supply and in the box (the box's 33 less those on the sets;
  the supply for the player count until the end is triggered, then all of them);
* defaults of a new game: 2 amber, no points, nothing in the Study or on display, no News token held;
* whose turn it is: the first player and the turns played decide it (a ``turn`` given is checked).

Places count from 0, as in Giganten and the actions: ``taken_from.dig_site`` 3 is ``dig_sites[3]``, where
``PlayMarker(3)`` put the marker (a version 1 position counted them from 1, and is read so).  The turns
played agree with what each player holds: every turn took 1 card, playing a marker, or reclaimed 1 to 4
markers; and once the end is triggered, the game is over back at the first player's turn.

Every refusal is one :class:`gamekit.positions.PositionError` (a ValueError) naming the field.
"""
from __future__ import annotations

import re
from typing import Any

from gamekit.positions import (
    FORMAT_VERSION,
    Fields,
    Origin,
    PositionError,
    as_object,
    check_turn,
    choose,
    dumps,
    guarded,
    open_position,
    read_options,
    seat_option,
    seed_of,
    whole,
)
from gamekit.i18n import gettext as _
from gamekit.protocol import with_item
from gamekit.words import say_count

from .components import CARDS, DISPLAY_TWO_DIFFERENT, DISPLAY_TWO_SAME, FAMILY_NAMES, LABEL, SIZE_NAMES, TOKENS
from .rules import (
    D_ORDER,
    DEAL,
    DECISION_NAMES,
    DEFAULT_NAMES,
    MARKERS,
    OVER,
    PHASE_NAMES,
    RECLAIM,
    RESOLVE,
    REVEAL,
    SITES,
    START,
    TAKE,
    Decision,
    setup,
    turn,
)
from .rules.deck import certain
from .rules.effects import STEPS, TRIGGER
from .rules.marker import EMPTY_SITE, first_empty_space, has_marker, markers_on_board, players_at, put_card, put_marker
from .rules.museum import (
    FAMILY_SET,
    SIZE_SET,
    UNTYPED,
    MuseumSet,
    extend,
    fit,
    is_complete,
    join,
    largest,
    new_set,
    type_name,
)
from .rules.news import NEWS_READINGS, TOKENS_IN_PLAY
from .rules.triggers import ORDER_DECISION, order_matters
from .text import WORDING
from .state import State

GAME = "firstgiants"
RESTING = (DEAL, REVEAL, START, TAKE, RESOLVE, RECLAIM, OVER)
"""The phases a state rests in (the others are automatic steps between them)."""
PHASE = {PHASE_NAMES[phase]: phase for phase in RESTING}
CARD = {**{LABEL[c]: c for c in range(len(CARDS))}, **{f"#{c}": c for c in range(len(CARDS))}}
"""A card by its label ("#12 Small Herbivore") or its number alone ("#12")."""
NEWS = {**{name: f for f, name in enumerate(FAMILY_NAMES)},
        **{name: len(FAMILY_NAMES) + size - 1 for size, name in SIZE_NAMES.items()}}
"""A News token by the family or the size it is for."""
NEWS_NAME = {index: name for name, index in NEWS.items()}
SET_TYPE = {type_name(kind, key): (kind, key) for kind, keys in ((FAMILY_SET, range(len(FAMILY_NAMES))),
                                                                  (SIZE_SET, SIZE_NAMES)) for key in keys}
CHOICE = {words: code for code, words in DECISION_NAMES.items()}
END_BY_DECK = "the deck is empty after a refill"
PHASE_FIELDS = ("taken_from", "pending", "resolving", "decision", "reclaim_left")
"""The fields of some phases only (null where they do not apply)."""


def _label(card: int) -> str | None:
    return LABEL[card] if card >= 0 else None


# -- writing ----------------------------------------------------------------------------------------------


def to_position(s: State) -> dict[str, Any]:
    """The whole of ``s`` as plain JSON data (see the module docstring; ``from_position`` reads it back)."""
    names = s.names
    out: dict[str, Any] = {"game": GAME, "version": FORMAT_VERSION, "options": s.options,
                           "first_player": names[s.first], "turns_played": s.turns, "phase": s.phase_name}
    if s.phase not in (DEAL, OVER):
        out["turn"] = names[s.active]
    out["end_triggered"] = s.end_cause or None
    if s.phase in (TAKE, RESOLVE):
        out["taken_from"] = {"dig_site": s.site, "space": s.space if s.space >= 0 else None}
    if s.phase == RESOLVE:
        out["pending"] = [{"player": names[t.player], "card": LABEL[t.card]} for t in s.pending]
        out["resolving"] = _resolving(s)
        out["decision"] = _decision(s, s.decision) if s.decision is not None else None
    if s.phase == RECLAIM:
        out["reclaim_left"] = s.reclaim_left
    out["dig_sites"] = [{"cards": [_label(c) for c in s.sites[site]],
                         "markers": [names[p] for p in players_at(s, site)]} for site in range(SITES)]
    out["deck_top"] = _label(s.top)
    out["players"] = [{"name": names[p], "amber": s.amber[p], "points": s.points[p],
                       "study": [LABEL[c] for c in s.study[p]],
                       "museum": [_set(m) for m in s.museum[p]]} for p in range(s.n)]
    out["news_tokens"] = {NEWS_NAME[i]: {"holder": names[owner], "kept_for_good": s.locked[i]}
                          for i, owner in enumerate(s.news) if owner >= 0}
    return out


def _set(mset: MuseumSet) -> dict[str, Any]:
    return {"cards": [LABEL[c] for c in mset.cards],
            "type": type_name(mset.kind, mset.key) if mset.kind != UNTYPED else None, "set_tokens": mset.tokens}


def _resolving(s: State) -> dict[str, Any] | None:
    """The effect whose steps are resolving: its owner, its card and the steps left (None when none are left)."""
    if not s.steps:
        return None
    card = s.steps[0].source
    owner = next(p for p in range(s.n) if STEPS[s.n][p][card][-len(s.steps):] == s.steps)
    return {"player": s.names[owner], "card": LABEL[card], "steps_left": len(s.steps)}


def _decision(s: State, decision: Decision) -> dict[str, Any]:
    out: dict[str, Any] = {"player": s.names[decision.player], "choice": DECISION_NAMES[decision.code]}
    if decision.code != D_ORDER:
        out["card"] = LABEL[decision.source]
        out["first_family"] = FAMILY_NAMES[decision.first_family] if decision.first_family >= 0 else None
    return out


# -- reading ----------------------------------------------------------------------------------------------


def from_position(data: Any, seed: int | None = None) -> State:
    """The state of the position ``data`` (a dict, or its JSON text), from which play continues under the rules.

    ``seed`` is taken as in Giganten (a whole number) and changes nothing: a First Giants position leaves nothing
    to chance (the deck is face up and has no order; each draw is a chance node).  Refuses anything the
    components or the rules forbid with one ValueError naming the field."""
    seed_of(seed)
    return guarded(GAME, lambda: _Builder(open_position(data, GAME)).state())


class _Builder:
    """Reads a position into a fresh state, field by field, then checks what the phase demands."""

    def __init__(self, f: Fields) -> None:
        self.f = f
        self.where: dict[int, str] = {}
        """Card -> the field that put it somewhere (a card is in one place)."""
        self.news_paths: dict[int, str] = {}
        self.resolving: tuple[int, int] | None = None
        self.turn: int | None = None
        self.end_by: int | None = None
        """Who took the last Set token, when that triggered the end."""

    def state(self) -> State:
        f = self.f
        players = f.items("players", required=True)
        n = len(players)
        if not TOKENS.min_players <= n <= TOKENS.max_players:
            raise PositionError("players", _("First Giants is for {low} to {high} players: give one entry per player, "
                                             "got {given}").format(low=TOKENS.min_players, high=TOKENS.max_players,
                                                                   given=n))
        objects = [as_object(path, item) for path, item in players]
        options = self._options(n, objects)
        s = State(n, options)
        setup.begin(s, options)
        self.s = s
        self.names = {name: p for p, name in enumerate(s.names)}
        s.phase = f.choice("phase", PHASE)
        s.turns = f.integer("turns_played", 0, 10**6, default=0)
        s.active = (s.first + s.turns) % n
        for p, pf in enumerate(objects):
            self._player(p, pf)
        self._sites()
        self._top()
        self._end()
        self._phase()
        self._news()
        f.done(elsewhere=PHASE_FIELDS)
        self._counts()
        _CHECKS[s.phase](self)
        for p in range(n if s.phase != DEAL else 0):
            self._turns_of(p)
        self._turn()
        self._settled()
        s._events = []
        s._cache = None
        s._record = Origin(dumps(to_position(s)))
        return s

    # -- options, players -----------------------------------------------------------------------------------
    def _options(self, n: int, players: list[Fields]) -> dict[str, Any]:
        from .state import SPEC  # (the spec is made with this module's reader)

        checked = read_options(self.f, SPEC)
        given = [pf.raw("name", None) for pf in players]
        named = all(isinstance(name, str) for name in given) and tuple(given) != DEFAULT_NAMES[:n]
        by_players = named and not checked["names"]
        if by_players:  # (the players' names give the option)
            checked["names"] = ",".join(given)
        checked["news_values"] = choose("options.news_values", checked["news_values"],
                                        {reading: reading for reading in NEWS_READINGS})
        first = self.f.raw("first_player", None)
        try:
            names = setup.names(checked["names"], n)
        except ValueError as exc:
            raise PositionError("players" if by_players else "options.names", str(exc)) from None
        for p, name in enumerate(given):
            if name is not None and name != names[p]:
                message = _("seat {seat} is {name} (options.names), got {given}")
                raise PositionError(f"players[{p}].name", message.format(seat=p + 1, name=names[p],
                                                                         given=f"{name!r:.40}"))
        if first is not None:
            seat = choose("first_player", first, {name: p for p, name in enumerate(names)})
            option = self.f.data.get("options", {}).get("first_player")
            if option is not None and option != seat:
                raise PositionError("first_player", _("options.first_player is seat {seat}").format(seat=option))
            checked["first_player"] = seat
        seat_option(checked, n)
        return checked

    def _card(self, path: str, value: Any) -> int:
        """A card given by its label or number, put in one place (two places for one card are refused)."""
        card = card_of(path, value)
        if card in self.where:
            raise PositionError(path, _("{card} is already in {other}: each card is in one place").format(
                card=LABEL[card], other=self.where[card]))
        self.where[card] = path
        return card

    def _player(self, p: int, pf: Fields) -> None:
        s = self.s
        s.amber[p] = pf.integer("amber", 0, TOKENS.amber_in_box, default=TOKENS.amber_per_player)
        s.points = with_item(s.points, p, pf.integer("points", 0, 10**6, default=0))
        s.study[p] = tuple(self._card(path, item) for path, item in pf.items("study"))
        s.museum[p] = tuple(self._museum_set(path, as_object(path, item)) for path, item in pf.items("museum"))
        pf.done()

    def _museum_set(self, path: str, mf: Fields) -> MuseumSet:
        """A set as the rules build it: the cards in display order, each fitting the set (``museum.fit``)."""
        cards = [self._card(p, item) for p, item in mf.items("cards", required=True)]
        if not cards:
            raise PositionError(mf.at("cards"), _("a set holds at least one card"))
        given = mf.choice("type", SET_TYPE, default=None)
        mset = new_set(cards[0])
        for k, card in enumerate(cards[1:], 1):
            fitted = fit(mset, card)
            if not isinstance(fitted, tuple):
                raise PositionError(f"{mf.at('cards')}[{k}]", str(join(mset, card)))
            kind, key = fitted
            if kind == SIZE_SET and key == 0:  # a size set of eggs only: its size is declared
                if given is None or given[0] != SIZE_SET:
                    raise PositionError(mf.at("type"), _("a size set of eggs only has the size declared when its "
                                                         "second egg went on display: give it (\"Small size set\")"))
                key = given[1]
            mset = extend(mset, card, kind, key, 0)
        typed = (mset.kind, mset.key) if mset.kind != UNTYPED else None
        if given != typed:
            what = (_("these cards make {type}").format(type=type_name(*typed)) if typed else
                    _("these cards make a single card (no type yet: type null)"))
            raise PositionError(mf.at("type"), what)
        tokens = mf.integer("set_tokens", 0, len(cards) - 1, default=len(cards) - 1)
        mf.done()
        return MuseumSet(mset.cards, mset.kind, mset.key, tokens)

    # -- the table --------------------------------------------------------------------------------------------
    def _sites(self) -> None:
        """The dig sites: required once the deal is over (every space then has a card, or is empty for a reason
        the rules give); in the deal they may be left out (nothing dealt yet)."""
        s, f = self.s, self.f
        if s.phase != DEAL and not f.has("dig_sites"):
            raise PositionError("dig_sites", _("missing: after the deal the position gives the {sites} dig sites "
                                               "(their cards and markers)").format(sites=SITES))
        sites = f.items("dig_sites")
        if sites and len(sites) != SITES:
            raise PositionError("dig_sites", _("there are {sites} dig sites, got {given}").format(sites=SITES,
                                                                                                  given=len(sites)))
        for site, (path, item) in enumerate(sites):
            sf = as_object(path, item)
            spaces = sf.items("cards", required=True)
            if len(spaces) != len(EMPTY_SITE):
                raise PositionError(sf.at("cards"), _("a dig site has {spaces} spaces (a card or null each)").format(
                    spaces=len(EMPTY_SITE)))
            for space, (cpath, value) in enumerate(spaces):
                if value is not None:
                    put_card(s, site, space, self._card(cpath, value))
            for mpath, value in sf.items("markers"):
                p = choose(mpath, value, self.names)
                if has_marker(s, site, p):
                    raise PositionError(mpath, _("{name} is given twice: one marker of a player a site").format(
                        name=s.names[p]))
                put_marker(s, site, p)
            sf.done()

    def _top(self) -> None:
        value = self.f.raw("deck_top", None)
        self.s.top = self._card("deck_top", value) if value is not None else -1

    def _end(self) -> None:
        s = self.s
        causes = {END_BY_DECK: END_BY_DECK, **{f"{name} took the last Set token from the supply": name
                                               for name in s.names}}
        cause = self.f.choice("end_triggered", causes, default=None)
        s.end_cause = next(text for text, c in causes.items() if c == cause) if cause is not None else ""
        self.end_by = self.names[cause] if cause in self.names else None

    def _phase(self) -> None:
        s, f = self.s, self.f
        self.turn = f.choice("turn", self.names, default=None)
        if s.phase in (TAKE, RESOLVE):
            first = 1 if f.version == 1 else 0  # (version 1 numbered them from 1)
            tf = f.object("taken_from", required=True)
            s.site = tf.integer("dig_site", first, SITES - 1 + first) - first
            space = tf.raw("space", None)
            last = len(EMPTY_SITE) - 1 + first
            s.space = whole(tf.at("space"), space, first, last) - first if space is not None else -1
            tf.done()
        if s.phase == RESOLVE:
            s.pending = tuple(self._trigger(path, as_object(path, item)) for path, item in f.items("pending"))
            resolving = f.raw("resolving", None)
            if resolving is not None:
                self._steps(as_object("resolving", resolving))
            s.decision = self._decision(f.object("decision", required=True))
        if s.phase == RECLAIM:
            s.reclaim_left = f.integer("reclaim_left", 1, MARKERS)

    def _trigger(self, path: str, tf: Fields) -> Any:
        p = tf.choice("player", self.names)
        card = card_of(tf.at("card"), tf.raw("card"))
        tf.done()
        if card not in self.s.study[p] and not any(card in m.cards for m in self.s.museum[p]):
            raise PositionError(path, _("{card} is not {name}'s: an effect waits in its owner's Study").format(
                card=LABEL[card], name=self.s.names[p]))
        return TRIGGER[p][card]

    def _steps(self, rf: Fields) -> None:
        s = self.s
        p = rf.choice("player", self.names)
        card = card_of(rf.at("card"), rf.raw("card"))
        steps = STEPS[s.n][p][card]
        left = rf.integer("steps_left", 1, max(1, len(steps) - 1)) if len(steps) > 1 else 0
        if not left:
            raise PositionError(rf.at("steps_left"), _("{card}'s effect has one step: none is left while its choice is "
                                                       "made").format(card=LABEL[card]))
        rf.done()
        s.steps = steps[len(steps) - left:]
        self.resolving = (p, card)

    def _decision(self, df: Fields) -> Decision:
        s = self.s
        p = df.choice("player", self.names)
        code = df.choice("choice", CHOICE)
        if code == D_ORDER:
            df.done()
            return ORDER_DECISION[p]
        card = card_of(df.at("card"), df.raw("card"))
        first = df.choice("first_family", {name: f for f, name in enumerate(FAMILY_NAMES)}, default=-1)
        df.done()
        decision = Decision(code, p, card, first)
        owners = [q for q in range(s.n) if any(step.ask is not None and step.ask.code == code and step.player == p
                                               for step in STEPS[s.n][q][card])]
        if not owners:
            raise PositionError("decision.choice", _("{card} does not offer {name} \"{decision}\"").format(
                card=LABEL[card], name=s.names[p], decision=_(DECISION_NAMES[code])))
        if first >= 0 and code not in (DISPLAY_TWO_DIFFERENT, DISPLAY_TWO_SAME):
            raise PositionError("decision.first_family", _("only the choices of up to 2 displays have a first "
                                                           "display"))
        return decision

    def _news(self) -> None:
        s = self.s
        for key, path, value in self.f.object("news_tokens").entries():
            i = choose(path, key, NEWS)
            if s.news[i] >= 0:
                raise PositionError(path, _("given twice"))
            nf = as_object(path, value)
            s.news = with_item(s.news, i, nf.choice("holder", self.names))
            s.locked = with_item(s.locked, i, nf.flag("kept_for_good", default=False))
            nf.done()
            self.news_paths[i] = path

    # -- counts and consistency ---------------------------------------------------------------------------------
    def _counts(self) -> None:
        s = self.s
        s.deck = tuple(c for c in range(len(CARDS)) if c not in self.where)
        if sum(s.amber) > TOKENS.amber_in_box:
            raise PositionError("players", _("the players hold {amber} amber; the box has {box}").format(
                amber=sum(s.amber), box=TOKENS.amber_in_box))
        used = sum(m.tokens for museum in s.museum for m in museum)
        in_play = TOKENS.set_tokens_in_play[s.n]
        if s.end_cause:
            s.set_box, s.set_supply = 0, TOKENS.set_tokens_in_box - used
        else:
            s.set_box, s.set_supply = TOKENS.set_tokens_in_box - in_play, in_play - used
        if s.set_supply < 0 or not s.end_cause and s.set_supply == 0:
            raise PositionError("players", _("{used} Set tokens lie on the sets; {players} players play with {in_play} "
                                             "(all {box} once the end is triggered), and taking the last one triggers "
                                             "the end of the game").format(used=used, players=s.n, in_play=in_play,
                                                                           box=TOKENS.set_tokens_in_box))
        short = [m for museum in s.museum for m in museum if m.tokens < len(m.cards) - 1]
        if short and (s.set_supply or not s.end_cause):
            raise PositionError("players", _("a set has fewer Set tokens than expansions, which happens only once the "
                                             "supply is empty after the end is triggered (ruling R17)"))
        self._end_consistent(used, in_play)
        self._still_playing()
        self._news_consistent()
        self._table_consistent()

    def _end_consistent(self, used: int, in_play: int) -> None:
        s = self.s
        empty = not s.deck and s.top < 0 and s.phase != DEAL
        if s.end_cause == END_BY_DECK and not empty:
            raise PositionError("end_triggered", _("the deck still has cards: the end comes when it is empty after a "
                                                   "refill"))
        if not s.end_cause and (empty or used >= in_play):
            why = (_("the deck is empty: the end of the game is triggered (give the cause)") if empty else
                   _("the last Set token has been taken: the end of the game is triggered (give the cause)"))
            raise PositionError("end_triggered", why)
        if s.end_cause and s.end_cause != END_BY_DECK and used < in_play:
            raise PositionError("end_triggered", _("only {used} of the {in_play} Set tokens have been taken").format(
                used=used, in_play=in_play))

    def _still_playing(self) -> None:
        """Once the end is triggered, "play continues until all players have had an equal number of turns"
        (End of the Game): back at the first player's turn the game is over -- unless the end was triggered in
        this very turn, which only the last Set token can do, taken while effects resolve or (by the active
        player) for a reclaimed marker; the deck runs out at the refill, when the turn's choices are over."""
        s = self.s
        if not s.end_cause or s.phase in (DEAL, OVER) or s.active != s.first:
            return
        by = self.end_by
        if s.phase == RESOLVE and by is not None or s.phase == RECLAIM and by == s.active:
            return
        raise PositionError("phase", _("the end of the game is triggered ({cause}) and every player has had {turns}: "
                                       "the game is over (phase 'game over'; End of the Game)").format(
            cause=s.end_cause, turns=say_count(s.turns // s.n, "turn")))

    def _news_consistent(self) -> None:
        """A News token is held by the first to expand a set of its type, or stolen by a larger set; kept for
        good once its holder completes one; in the supply while nobody has expanded a set of its type."""
        s = self.s
        paths = self.news_paths
        for i in range(TOKENS_IN_PLAY):
            kind, key = (FAMILY_SET, i) if i < len(FAMILY_NAMES) else (SIZE_SET, i - len(FAMILY_NAMES) + 1)
            sizes = [largest(s.museum[p], kind, key) for p in range(s.n)]
            holder = s.news[i]
            what = type_name(kind, key)
            if holder < 0:
                if max(sizes):
                    raise PositionError("news_tokens", _("{name} has expanded a {set}: the first to do so took its "
                                                         "News token").format(name=s.names[sizes.index(max(sizes))],
                                                                              set=WORDING.text(what)))
                continue
            path = paths[i]
            if not sizes[holder]:
                raise PositionError(path, _("{name} has no {set}").format(name=s.names[holder], set=WORDING.text(what)))
            complete = any(is_complete(m) and (m.kind, m.key) == (kind, key) for m in s.museum[holder])
            if s.locked[i] != complete:
                raise PositionError(f"{path}.kept_for_good", _("a News token is kept for good exactly when its holder "
                                                               "has completed a {set}").format(set=WORDING.text(what)))
            if not complete and max(sizes) > sizes[holder]:
                raise PositionError(f"{path}.holder", _("{name} has a larger {set} ({cards} cards against {fewer}) and "
                                                        "would have stolen the token").format(
                    name=s.names[sizes.index(max(sizes))], set=WORDING.text(what), cards=max(sizes),
                    fewer=sizes[holder]))

    def _table_consistent(self) -> None:
        s = self.s
        if s.phase == DEAL:
            return
        for site in range(SITES):
            for space, card in enumerate(s.sites[site]):
                this_take = s.phase in (TAKE, RESOLVE) and (site, space) == (s.site, s.space)
                if card < 0 and not this_take and (s.deck or s.top >= 0):
                    raise PositionError(f"dig_sites[{site}].cards[{space}]", _("empty, but the deck has cards: every "
                                                                              "take is refilled from the deck's top"))
        if s.top < 0 and s.deck and s.phase not in (REVEAL, OVER):
            raise PositionError("deck_top", _("the deck turns up its top card before a turn starts"))

    def _turns_of(self, p: int) -> None:
        """What ``p``'s turns so far can have left (Game Turn): each played a marker and took 1 card, or reclaimed
        every marker at dig sites (at least 1; with none on the board a player must reclaim, so at most 4).
        Cards never leave their player: the cards held (Study and display) count the markers played, and the
        markers at dig sites are those played since the last reclaim."""
        s = self.s
        name, current = s.names[p], p == s.active
        turns = (s.turns - (p - s.first) % s.n + s.n - 1) // s.n  # p's turns finished
        cards = len(s.study[p]) + sum(len(m.cards) for m in s.museum[p])
        plays = cards + (current and s.phase == TAKE)  # (a marker is played before its card is taken)
        takes = plays - (current and s.phase in (TAKE, RESOLVE))  # in the turns finished
        out = MARKERS - markers_on_board(s, p)
        reclaiming = current and s.phase == RECLAIM
        reclaims = turns - takes + reclaiming
        had = _("{name} has had {turns} ({played} played) and holds {cards}").format(
            name=name, turns=say_count(turns, "turn"), played=say_count(s.turns, "turn"),
            cards=say_count(cards, "card"))
        if takes > turns:
            raise PositionError("turns_played", _("{had}: each turn takes 1 card at most (Game Turn)").format(had=had))
        if out > plays:
            raise PositionError("dig_sites", _("{name} has {markers} at dig sites but has taken {cards}: a marker goes "
                                               "to a dig site to take a card there (Play 1 Marker)").format(
                name=name, markers=say_count(out, "marker"), cards=say_count(cards, "card")))
        back = plays - out  # the markers played that a reclaim took back
        if back < reclaims + (s.reclaim_left - 1 if reclaiming else 0):
            if reclaiming and s.reclaim_left > 1:
                why = _("{had}, so {reclaims} of the turns reclaimed markers (this one too), but only {markers} played "
                        "came back from the dig sites: a reclaim takes back at least 1, {left} this time (Reclaim "
                        "Markers)")
            elif reclaiming:
                why = _("{had}, so {reclaims} of the turns reclaimed markers (this one too), but only {markers} played "
                        "came back from the dig sites: a reclaim takes back at least 1 (Reclaim Markers)")
            else:
                why = _("{had}, so {reclaims} of the turns reclaimed markers, but only {markers} played came back from "
                        "the dig sites: a reclaim takes back at least 1 (Reclaim Markers)")
            raise PositionError("turns_played", why.format(had=had, reclaims=reclaims, left=s.reclaim_left,
                                                           markers=say_count(back, "marker")))
        if back > MARKERS * reclaims:
            raise PositionError("turns_played", _("{had}, so {name} reclaimed {times} and {markers} played came back "
                                                  "from the dig sites: at most {most} a reclaim, as a player has "
                                                  "{most} and reclaims when none is left on the board (Play 1 "
                                                  "Marker)").format(had=had, name=name,
                                                                    times=say_count(reclaims, "time"),
                                                                    markers=say_count(back, "marker"), most=MARKERS))

    def _turn(self) -> None:
        s = self.s
        nobody = s.phase in (DEAL, OVER)
        check_turn(self.turn, None if nobody else s.active, s.names,
                   _("nobody plays during the deal or once the game is over") if nobody else
                   _("the first player and the turns played decide it (Game Turn: clockwise)"))

    def _settled(self) -> None:
        """The rules would not have moved on: a chance node has two outcomes or more, a decision two choices or
        more (a single one is taken by the rules, ruling R15)."""
        s = self.s
        if s.phase in (DEAL, REVEAL):
            if certain(s) is not None:
                raise PositionError("phase", _("the next card is certain: the rules draw it without asking"))
        elif s.phase != OVER and len(turn.CHOICES_OF_PHASE[s.phase](s)) < 2:
            raise PositionError("phase", _("in phase '{phase}' {name} has a single choice here, which the rules make "
                                           "alone (ruling R15)").format(phase=s.phase_name,
                                                                        name=s.names[s.current_player() or 0]))

    # -- the phases -------------------------------------------------------------------------------------------
    def _check_deal(self) -> None:
        s = self.s
        fresh = State(s.n, s.options)
        setup.begin(fresh, s.options)
        for name in ("turns", "amber", "points", "study", "museum", "news", "markers", "top", "end_cause"):
            if getattr(s, name) != getattr(fresh, name):
                raise PositionError("phase", _("in phase 'deal' (Setup) everything but the cards dealt so far is as in "
                                               "a new game ({field} differs)").format(field=name))
        dealt = [(site, space) for site in range(SITES) for space, c in enumerate(s.sites[site]) if c >= 0]
        order = [(site, space) for site in range(SITES) for space in range(len(EMPTY_SITE))]
        if dealt != order[:len(dealt)]:
            raise PositionError("dig_sites", _("the starting cards are dealt site by site, space by space (Setup)"))
        if first_empty_space(s) is None:
            raise PositionError("phase", _("every dig site is dealt: the deck turns up its top card next ('reveal')"))

    def _check_reveal(self) -> None:
        s = self.s
        if s.top >= 0 or not s.deck:
            raise PositionError("deck_top", _("in phase 'reveal' the deck turns up its next top card: none is up yet, "
                                              "and the deck has cards"))

    def _check_start(self) -> None:
        pass

    def _marker_played(self) -> None:
        """In 'take a card' and 'resolve effects' the active player's marker is at ``taken_from.dig_site``."""
        s = self.s
        if not has_marker(s, s.site, s.active):
            why = (_("{name} has no marker at {site}, where the marker just played went: dig sites count from 0, as "
                     "in dig_sites and PlayMarker (a version 1 position counted them from 1: give it \"version\": "
                     "1)") if self.f.version > 1 else
                   _("{name} has no marker at {site}, where the marker just played went: in version 1 from 1"))
            raise PositionError("taken_from.dig_site", why.format(name=s.names[s.active], site=f"dig_sites[{s.site}]"))

    def _check_take(self) -> None:
        s = self.s
        self._marker_played()
        if s.space >= 0:
            raise PositionError("taken_from", _("{name} has just played a marker at this dig site and takes a card "
                                                "there next (no space yet)").format(name=s.names[s.active]))

    def _check_resolve(self) -> None:
        s = self.s
        p = s.active
        self._marker_played()
        if s.space < 0 or s.sites[s.site][s.space] >= 0:
            raise PositionError("taken_from", _("{name}'s marker is at this dig site, and the space the card was taken "
                                                "from is empty until the refill").format(name=s.names[p]))
        decision = s.decision
        assert decision is not None
        if decision.code == D_ORDER:
            mine = [t.card for t in s.pending if t.player == decision.player]
            if not s.pending or s.pending[0].player != decision.player or len(mine) < 2 or s.steps:
                raise PositionError("decision", _("{name} orders their effects when two or more of theirs wait first "
                                                  "and none is resolving").format(name=s.names[decision.player]))
            if not order_matters(s, decision.player, mine):
                raise PositionError("decision", _("the order of these effects cannot change anything: the rules do "
                                                  "not ask it (ruling R14)"))
        elif self.resolving is not None and self.resolving[1] != decision.source:
            raise PositionError("decision.card", _("the choice comes from the effect resolving, {card}").format(
                card=LABEL[self.resolving[1]]))

    def _check_reclaim(self) -> None:
        s = self.s
        if markers_on_board(s, s.active) != MARKERS:
            raise PositionError("dig_sites", _("{name} has just reclaimed every marker").format(name=s.names[s.active]))

    def _check_over(self) -> None:
        s = self.s
        if not s.end_cause or s.active != s.first:
            raise PositionError("phase", _("the game is over once the end is triggered and everyone has had an equal "
                                           "number of turns"))


def card_of(path: str, value: Any) -> int:
    """A card given by its label ("#12 Small Herbivore") or its number ("#12"); a label that disagrees with
    its number is refused."""
    number = re.match(r"\s*#(\d{1,3})\b", value) if isinstance(value, str) else None
    if number is None or int(number.group(1)) >= len(CARDS):
        return choose(path, value, CARD)
    card = int(number.group(1))
    rest = " ".join(value[number.end():].split())
    if rest and rest.casefold() != LABEL[card].split(" ", 1)[1].casefold():
        raise PositionError(path, _("card #{number} is {card}, not {given}").format(number=card, card=LABEL[card],
                                                                                   given=f"{value!r:.40}"))
    return card


_CHECKS = {DEAL: _Builder._check_deal, REVEAL: _Builder._check_reveal, START: _Builder._check_start,
           TAKE: _Builder._check_take, RESOLVE: _Builder._check_resolve, RECLAIM: _Builder._check_reclaim,
           OVER: _Builder._check_over}
