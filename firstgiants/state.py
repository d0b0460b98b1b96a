"""The First Giants game state and turn flow (rulebook "Setup", "Game Turn", "End of the Game").

A turn is a chain of small decisions; between them the state settles by itself: automatic steps
(plain gains, the refill) run, and a decision with exactly one legal choice is taken
automatically (each such step is an event, so nothing happens silently).  The state rests only
at a chance node, at a real decision (two or more choices) or at the end.

Chance: the deck is face up, so every card is public.  The deck is the multiset of the cards
left plus its public top card; dealing the 8 starting cards and revealing the next top card
(after the top card refills a dig site) are chance nodes over the cards left, identical cards
being one outcome.  First Giants therefore has no hidden information: every seat's observation is
the whole state, and the stepper shows a bot's reasons (Why?) even while a human plays.

Representation (cheap to copy): card ids and ints in lists and tuples; static card data lives in
``components`` tables shared by every state.

Legality: a decision is legal when it is in the legal list (:meth:`State._legal`); the rule code
that carries it out trusts that, and a refused action is explained separately (:meth:`State._refusal`:
which rule, what is allowed).  Playouts and search keep no events (``_events is None``); the
busiest events are then not even built.
"""
from __future__ import annotations

import random
from operator import itemgetter
from typing import Any, Hashable

from gamekit import Action, GameSpec, GameState
from gamekit.actions import quote

from .actions import (
    CODEC, NEW_SET, Deal, Decline, Display, GainAmber, GainPoint, Reclaim, ResolveTrigger, Reveal, SpendAmber,
)
from .components import (
    CARDS, COST, DISPLAY, DISPLAY_FREE, DISPLAY_OR_POINT, DISPLAY_TWO_DIFFERENT, DISPLAY_TWO_SAME, EFFECT_ID,
    EFFECT_TEXT, FAMILY, FAMILY_NAMES, GAIN_AMBER, GAIN_POINT, GAINS, KIND, LABEL, PARTS, PURE_GAIN, SIZE, SIZE_NAMES,
    SPEND_3_FOR_2, TOKENS, UNIQUE_KINDS, YOU,
)
from .effects import MULTIPLIER_WHY, SOLE_OPTION, STEPS, multiplier, triggered_by_take
from .explain import Explanations
from .museum import (
    FAMILY_SET, PAIR_FIT, SIZE_SET, UNTYPED, MuseumSet, award_news, extend, fit, is_complete, largest, news_index,
    news_name, news_value, new_set, set_points, type_name,
)
from .phases import (
    _AMBER, _DEAL, _DECLINE, _DISPLAY_JOIN, _DISPLAY_NEW, _ORDER, _PLAY, _POINT, _RECLAIM, _REVEAL, _SPEND, _TAKE,
    AMBER_IN_BOX, D_ORDER, DEAL, DECISION_NAMES, DEFAULT_NAMES, MARKERS, OVER, PER_SITE, RECLAIM,
    RESOLVE, REVEAL, SITES, SLOTS, SPEND_COST, SPEND_GAIN, START, TAKE, _display_action, _uniform_outcomes,
)

class State(Explanations, GameState):
    """A First Giants position.  Build one with ``firstgiants.new_game(players)``."""

    __slots__ = (
        "n", "_opts", "names", "first", "deck", "top", "sites", "markers", "amber", "points", "study",
        "museum", "news", "locked", "set_supply", "set_box", "active", "turns", "end_cause", "phase",
        "site", "slot", "pending", "steps", "decision", "reclaim_left", "_cache",
    )

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        self._record = None
        self._events = []
        self.n = players
        self._opts = options
        self.names = _names(options["names"], players)
        self.first = options["first_player"]
        if not 0 <= self.first < players:
            raise ValueError(f"first_player must be a seat from 0 to {players - 1}, got {quote(self.first)}")
        self.deck: tuple[int, ...] = tuple(range(len(CARDS)))
        self.top = -1
        self.sites = [-1] * SLOTS
        self.markers = [0] * SITES  # bit p set: player p's marker is at that dig site
        self.amber = [TOKENS.amber_per_player] * players
        self.points = [0] * players
        self.study: list[tuple[int, ...]] = [()] * players
        self.museum: list[tuple[MuseumSet, ...]] = [()] * players
        self.news = [-1] * (len(FAMILY_NAMES) + len(SIZE_NAMES))  # holder's seat, -1 in the supply
        self.locked = [False] * len(self.news)
        self.set_supply = TOKENS.set_tokens_in_play[players]
        self.set_box = TOKENS.set_tokens_in_box - self.set_supply
        self.active = self.first
        self.turns = 0
        self.end_cause = ""
        self.phase = DEAL
        self.site = self.slot = -1
        self.pending: tuple[tuple[int, int], ...] = ()
        self.steps: tuple[tuple[int, int, int, int, int], ...] = ()
        self.decision: tuple[int, int, int, int] | None = None
        self.reclaim_left = 0
        self._cache: Any = None

    # -- protocol: queries ------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def options(self) -> dict[str, Any]:
        return dict(self._opts)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def is_chance(self) -> bool:
        return self.phase == DEAL or self.phase == REVEAL

    def current_player(self) -> int | None:
        phase = self.phase
        if phase == RESOLVE:
            return self.decision[1]  # type: ignore[index]
        if phase == START or phase == TAKE or phase == RECLAIM:
            return self.active
        return None

    def legal_actions(self) -> list[Action]:
        if self.phase <= REVEAL or self.phase == OVER:
            return []
        if self._cache is None:
            self._cache = self._legal()
        return list(self._cache)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if not self.is_chance():
            return []
        if self._cache is None:
            self._cache = self._outcomes()
        return list(self._cache)

    def returns(self) -> list[float]:
        """Each player's points (final at the end; so far during the game)."""
        return [float(self.score(p)) for p in range(self.n)]

    def score(self, player: int) -> int:
        """Points of ``player``: point tokens, Set tokens (2 or 3 each) and News tokens ("End of the Game")."""
        return (self.points[player] + sum(set_points(m) for m in self.museum[player])
                + sum(news_value(i) for i, owner in enumerate(self.news) if owner == player))

    def winners(self) -> list[int]:
        """The seats with the most points: "In case of a tie, tied players share victory"."""
        scores = [self.score(p) for p in range(self.n)]
        best = max(scores)
        return [p for p in range(self.n) if scores[p] == best]

    def amber_supply(self) -> int:
        """Amber left in the supply: the box's 80 minus what the players hold."""
        return AMBER_IN_BOX - sum(self.amber)

    def markers_on_board(self, player: int) -> int:
        """Markers on ``player``'s board: 4 minus those at dig sites (one per site at most)."""
        bit = 1 << player
        return MARKERS - SITES + [m & bit for m in self.markers].count(0)

    def observation(self, player: int) -> dict[str, Any]:
        from .observe import observation

        return observation(self, self.check_seat(player))

    def fingerprint(self) -> Hashable:
        return (self.n, self.first, self.deck, self.top, tuple(self.sites), tuple(self.markers), tuple(self.amber),
                tuple(self.points), tuple(self.study), tuple(self.museum), tuple(self.news), tuple(self.locked),
                self.set_supply, self.set_box, self.active, self.turns, self.end_cause, self.phase, self.site,
                self.slot, self.pending, self.steps, self.decision, self.reclaim_left)

    def __str__(self) -> str:
        from .observe import text

        return text(self)

    def _repr_html_(self) -> str:
        from .observe import html

        return html(self)

    def _copy(self) -> "State":
        new = State.__new__(State)
        new.n = self.n
        new._opts = self._opts
        new.names = self.names
        new.first = self.first
        new.deck = self.deck
        new.top = self.top
        new.sites = self.sites[:]
        new.markers = self.markers[:]
        new.amber = self.amber[:]
        new.points = self.points[:]
        new.study = self.study[:]
        new.museum = self.museum[:]
        new.news = self.news[:]
        new.locked = self.locked[:]
        new.set_supply = self.set_supply
        new.set_box = self.set_box
        new.active = self.active
        new.turns = self.turns
        new.end_cause = self.end_cause
        new.phase = self.phase
        new.site = self.site
        new.slot = self.slot
        new.pending = self.pending
        new.steps = self.steps
        new.decision = self.decision
        new.reclaim_left = self.reclaim_left
        new._cache = self._cache
        return new

    def playout(self, rng: random.Random) -> "State":
        """This game played to its end by uniformly random choices, chance by its probabilities.

        The fast path for Monte-Carlo rollouts and benchmarks: the same rule code as ``apply``, on
        one private copy: no copy per move and no events kept.  Each decision is drawn from the
        legal list and each card from the deck, so neither needs the check that ``apply`` makes.
        The result is an ordinary state whose history holds every action (it replays and saves).
        """
        s = self._copy()
        s._record, s._events = self._record, None
        record = self._record
        draw = rng.random
        legal = s.legal_actions() if s.current_player() is not None else None
        while s.phase != OVER:
            if legal is None:  # a chance node: each card left equally likely (by count)
                deck = s.deck
                i = int(draw() * len(deck))
                if not UNIQUE_KINDS:  # identical cards: the lowest id stands for all
                    i = next(j for j, d in enumerate(deck) if KIND[d] == KIND[deck[i]])
                record = (record, (_DEAL if s.phase == DEAL else _REVEAL)[deck[i]])
                s._draw(i)
            else:
                action = legal[int(draw() * len(legal))]
                record = (record, action)
                _CARRY_OUT[s.phase](s, action)
            legal = s._settle()
        s._record, s._events = record, []
        return s

    # -- legal actions and chance outcomes --------------------------------------------------
    def _legal(self) -> tuple[Action, ...]:
        phase, p = self.phase, self.active
        if phase == START:
            bit, sites = 1 << p, self.sites
            out: list[Action] = []
            placed = 0  # p's markers at dig sites (at most one per site)
            for s, markers in enumerate(self.markers):
                if markers & bit:
                    placed += 1
                elif sites[s * PER_SITE] >= 0 or sites[s * PER_SITE + 1] >= 0:  # a site without p's marker, not empty
                    out.append(_PLAY[s])
            if placed == MARKERS:  # no marker left on p's board
                out = []
            if placed:
                out.append(_RECLAIM)
            return tuple(out)
        if phase == TAKE:
            s = self.site
            take = []
            for c in self.sites[s * PER_SITE:(s + 1) * PER_SITE]:
                if c >= 0:
                    take.append(_TAKE[c])
            return tuple(take)
        if phase == RECLAIM:
            return (_AMBER, *self._displays(p, False, -1, False))
        code, p, _, fam = self.decision  # type: ignore[misc]  # RESOLVE: the deciding player
        if code == D_ORDER:
            return tuple([_ORDER[c] for q, c in self.pending if q == p])
        if code == SPEND_3_FOR_2:
            return (_SPEND, _DECLINE) if self.amber[p] >= SPEND_COST else (_DECLINE,)
        displays = self._displays(p, code == DISPLAY_FREE, fam, code == DISPLAY_TWO_SAME)
        return (*displays, _POINT if code == DISPLAY_OR_POINT else _DECLINE)

    def _displays(self, p: int, free: bool, fam: int, same: bool) -> list[Display]:
        """Every legal Display for ``p``: affordable cards x (new set or each set they may expand, :func:`fit`).

        ``fam`` >= 0 restricts the family (second of up to 2 displays): the same family when
        ``same``, another family otherwise.
        """
        out: list[Display] = []
        budget = self.amber[p]
        sets = self.museum[p]
        for card in self.study[p]:
            if not free and COST[card] > budget:
                continue
            if fam >= 0 and (FAMILY[card] == fam) != same:
                continue
            out.append(_DISPLAY_NEW[card])
            if not sets:
                continue
            f, s = FAMILY[card], SIZE[card]
            for k, mset in enumerate(sets):
                kind = mset[1]
                if kind == UNTYPED:  # a single card: the pair's fit, tabled once
                    r = PAIR_FIT[mset[0][0]][card]
                elif kind == FAMILY_SET and mset[2] != f or kind == SIZE_SET and s and mset[2] != s:
                    continue  # the wrong family or size: a quick no before the full rule
                else:
                    r = fit(mset, card)
                if r.__class__ is not tuple:
                    continue
                if r[0] == SIZE_SET and r[1] == 0:  # type: ignore[index]  # a size set of eggs only: declare its size
                    out.extend(_display_action(card, k, size) for size in SIZE_NAMES)
                else:
                    out.append(_DISPLAY_JOIN[card][k])
        return out

    def _outcomes(self) -> tuple[tuple[Action, float], ...]:
        """The deck's next card: each kind of card left, with probability count / cards left."""
        if UNIQUE_KINDS:  # each card left is one outcome, 1 / cards left (the pairs are built once)
            pairs = _uniform_outcomes(self.phase == DEAL, len(self.deck))
            return itemgetter(*self.deck)(pairs) if len(self.deck) > 1 else (pairs[self.deck[0]],)
        table = _DEAL if self.phase == DEAL else _REVEAL
        counts: dict[int, list[int]] = {}
        for c in self.deck:
            entry = counts.get(KIND[c])
            if entry is None:
                counts[KIND[c]] = [c, 1]
            else:
                entry[1] += 1
        total = len(self.deck)
        return tuple((table[c], k / total) for c, k in counts.values())

    # -- applying actions -------------------------------------------------------------------
    def _offers(self, action: Action) -> bool:
        """Interim, until this game adopts gamekit's legality model: its rule code still checks."""
        return True

    def _apply_in_place(self, action: Action) -> None:
        """A chance outcome must be a card of the deck; a decision must be one of the legal actions
        (if not, :meth:`_refusal` says which rule it breaks), then the rule code carries it out."""
        if self.phase <= REVEAL:
            self._chance(action)
        else:
            legal = self._cache if self._cache is not None else self._legal()
            if action not in legal:
                raise self._refusal(action)
            _CARRY_OUT[self.phase](self, action)
        self._settle()

    def _settle(self) -> tuple[Action, ...] | None:
        """Run automatic steps and forced choices until a chance node, a real decision or the end.

        Returns the legal actions of the decision it stops at (kept for ``legal_actions``), or None.
        """
        while True:
            phase = self.phase
            if phase == RESOLVE and self.decision is None:
                self._progress()
                continue
            if phase == OVER:
                self._cache = None
                return None
            if phase <= REVEAL:
                deck = self.deck
                if len(deck) > 1 and (UNIQUE_KINDS or any(KIND[c] != KIND[deck[0]] for c in deck)):
                    self._cache = None  # a real chance node (its outcomes are listed when asked for)
                    return None
                self._draw(0)
                continue
            legal = self._legal()
            if len(legal) > 1:
                self._cache = legal
                return legal
            self._forced(legal[0])

    def _forced(self, action: Action) -> None:
        """Take the only legal choice, saying why it is the only one (a playout keeps no events)."""
        if self._events is not None:
            self._say_forced(action)
            if action is _DECLINE:  # (said why just now)
                self._decide(action, quiet=True)
                return
        _CARRY_OUT[self.phase](self, action)

    # -- chance ---------------------------------------------------------------------------
    def _chance(self, action: Action) -> None:
        expected = Deal if self.phase == DEAL else Reveal
        card = getattr(action, "card", None)
        if (action.__class__ is not expected or card not in self.deck  # identical cards: the lowest id stands for all
                or (not UNIQUE_KINDS and any(KIND[d] == KIND[card] for d in self.deck if d < card))):  # type: ignore
            raise self._illegal("Setup" if self.phase == DEAL else "Play 1 Marker",
                                f"{action!r} is not a chance outcome here (the next card of the deck).")
        self._draw(self.deck.index(card))  # type: ignore[arg-type]

    def _draw(self, i: int) -> None:
        """The deck's card at position ``i`` comes off: dealt to the first empty space (setup) or turned
        up as the deck's top card."""
        deck = self.deck
        card = deck[i]
        self.deck = deck[:i] + deck[i + 1:]
        if self.phase == DEAL:
            slot = self.sites.index(-1)
            self.sites[slot] = card
            self._say("Setup", None, "{} is dealt face up to dig site {}.", LABEL[card], slot // PER_SITE + 1)
            if -1 not in self.sites:
                self.phase = REVEAL
        else:
            self.top = card
            self.phase = START
            if self._events is not None:
                self._say("Play 1 Marker" if self.turns else "Setup", None, "The deck's top card is now {} ({}); {} "
                          "more below it.", LABEL[card], EFFECT_TEXT[card], len(self.deck))
                self._say_turn()

    def _say_turn(self) -> None:
        self._say("Game Turn", self.active, "{}'s turn: play 1 marker or reclaim markers.", self.names[self.active])

    # -- a turn: play 1 marker or reclaim markers ------------------------------------------
    def _start(self, action: Action) -> None:
        p = self.active
        name = self.names[p]
        if action.__class__ is Reclaim:
            bit = 1 << p
            markers = self.markers
            count = 0
            for m in markers:
                if m & bit:
                    count += 1
            self.markers = [m & ~bit for m in markers]
            self.reclaim_left = count
            self.phase = RECLAIM
            self._say("Reclaim Markers", p, "{} reclaims {} marker{}: for each, gain 1 amber or display 1 fossil.",
                      name, count, "s" if count > 1 else "")
            return
        s = action.site  # type: ignore[attr-defined]
        self.markers[s] |= 1 << p
        self.site = s
        self.phase = TAKE
        if self._events is not None:
            self._say("Play 1 Marker", p, "{} plays a marker at dig site {}.", name, s + 1)

    def _take(self, action: Action) -> None:
        p, s = self.active, self.site
        card = action.card  # type: ignore[attr-defined]
        self.slot = self.sites.index(card, s * PER_SITE)
        self.sites[self.slot] = -1
        self.study[p] += (card,)
        if self._events is not None:
            self._say("Play 1 Marker", p, "{} takes {} from dig site {} into the Study.", self.names[p], LABEL[card],
                      s + 1)
        self.pending = triggered_by_take(self.study, p, card)
        self.steps = ()
        self.decision = None
        self.phase = RESOLVE

    def _reclaim_choice(self, action: Action) -> None:
        p = self.active
        if action.__class__ is GainAmber:
            self._gain_amber(p, 1, "the reclaimed marker", "Reclaim Markers")
        else:
            self._display(p, action, free=False)  # type: ignore[arg-type]
        self.reclaim_left -= 1
        if not self.reclaim_left:
            self._end_turn()

    # -- resolving effects -----------------------------------------------------------------
    def _progress(self) -> None:
        """The automatic steps of the resolution, until a player has to choose: plain gains, choices
        that are forced, the next triggered effect; when nothing is left, the refill."""
        while self.decision is None:
            steps = self.steps
            if steps:
                p, effect, amount, mult, source = steps[0]
                self.steps = steps[1:]
                if effect == GAIN_POINT or effect == GAIN_AMBER:
                    self._gain(p, effect, amount, mult, source)
                    continue
                if self._has_choice(effect, p):
                    self.decision = (effect, p, source, -1)
                elif effect == DISPLAY_OR_POINT:  # nothing to display: the point is forced
                    self.decision = (effect, p, source, -1)
                    self._forced(_POINT)
                elif self._events is not None:  # nothing to choose: the effect does nothing (said, not asked)
                    self._say_does_nothing(p, effect, -1)
            elif self.pending:
                self._next_trigger()
            else:
                self._refill()
                return

    def _has_choice(self, effect: int, p: int) -> bool:
        """Whether a choice effect offers more than its fallback (Decline, or the point).

        A display is possible exactly when some fossil of the Study is affordable: it can always
        start a new set."""
        if effect == SPEND_3_FOR_2:
            return self.amber[p] >= SPEND_COST
        if effect == DISPLAY_FREE:
            return bool(self.study[p])
        budget = self.amber[p]
        for c in self.study[p]:
            if COST[c] <= budget:
                return True
        return False

    def _next_trigger(self) -> None:
        """The next player's triggered effects: theirs to order, unless only one (or identical plain gains) remain."""
        pending = self.pending
        p, first = pending[0]
        study = self.study[p]
        if (len(pending) == 1 or pending[1][0] != p) and first in study:  # a single effect: nothing to order
            option = SOLE_OPTION[first]
            if option >= 0 and self._events is None and not self._has_choice(option, p):
                self.pending = pending[1:]  # a playout skips an effect that can do nothing (no event is kept)
            else:
                self._resolve(p, first)
            return
        mine = [c for q, c in pending if q == p]
        for c in mine:
            if c not in study:
                self._drop_displayed(p)
                return
        if self._events is None:  # a playout skips them all when none can do anything, in any order
            for c in mine:
                option = SOLE_OPTION[c]
                if option < 0 or self._has_choice(option, p):
                    break
            else:
                self.pending = tuple([x for x in pending if x[0] != p])
                return
        if len(mine) > 1 and self._order_matters(p, mine):
            self.decision = (D_ORDER, p, -1, -1)
            if self._events is not None:
                self._say("Play 1 Marker", p, "{} has {} triggered effects waiting ({} and {}): the order in which "
                          "they resolve is {}'s choice.", self.names[p], len(mine),
                          ", ".join(LABEL[c] for c in mine[:-1]), LABEL[mine[-1]], self.names[p])
            return
        self._resolve(p, mine[0])

    def _drop_displayed(self, p: int) -> None:
        """``p``'s waiting effects whose card went on display before they resolved are lost."""
        study = self.study[p]
        for q, c in self.pending:
            if q == p and c not in study:
                self._say("Display 1 Fossil", p, "The effect of {}'s {} is lost: it went on display before it "
                          "resolved, and a fossil on display loses all its effects.", self.names[p], LABEL[c])
        self.pending = tuple([x for x in self.pending if x[0] != p or x[1] in study])

    def _order_matters(self, p: int, mine: list[int]) -> bool:
        """Whether the order of ``p``'s simultaneous effects can change anything (if not, it is not asked).

        It cannot when the effects are identical plain gains; when they are plain gains (or choices
        that can do nothing) and the amber supply covers every gain; or when one effect is live and
        every other one can do nothing whatever happens first (no amber comes, so no display or
        spend becomes possible).
        """
        if PURE_GAIN[mine[0]] and all(EFFECT_ID[c] == EFFECT_ID[mine[0]] for c in mine):
            return False
        amber_gain = amber_in = 0
        for c in mine:
            for part in PARTS[c]:
                if part.effect == GAIN_AMBER:
                    for q in ((p,) if part.who == YOU else [(p + i) % self.n for i in range(1, self.n)]):
                        amber_gain += part.amount * multiplier(part.multiplier, self.study[q])
                    amber_in += part.who == YOU
        live = inert = 0
        displayable = None
        for c in mine:
            if PURE_GAIN[c]:
                continue
            card_live = card_inert = False
            for part in PARTS[c]:
                effect = part.effect
                if effect in GAINS:
                    continue
                if part.who != YOU or effect == DISPLAY_FREE:
                    card_live = True
                elif effect == SPEND_3_FOR_2:
                    if amber_in or self.amber[p] >= SPEND_COST:
                        card_live = True
                    else:
                        card_inert = True
                else:
                    if displayable is None:
                        displayable = bool(amber_in) or self._has_choice(DISPLAY, p)
                    card_live = card_live or displayable
                    card_inert = card_inert or (not displayable and effect != DISPLAY_OR_POINT)
            if card_live:
                live += 1
            elif card_inert and len(PARTS[c]) == 1:
                inert += 1
        if live == 0:
            return amber_gain > self.amber_supply()
        return live > 1 or live + inert < len(mine)

    def _resolve(self, p: int, card: int) -> None:
        pending = self.pending
        if pending[0][1] == card and pending[0][0] == p:
            self.pending = pending[1:]
        else:
            self.pending = tuple([x for x in pending if x != (p, card)])
        self.steps = STEPS[self.n][p][card]
        if self._events is not None:
            self._say("Cards' Icons & Effects", p, "{}'s {} applies: {}", self.names[p], LABEL[card], EFFECT_TEXT[card])

    def _gain(self, p: int, effect: int, amount: int, mult: int, source: int) -> None:
        k = multiplier(mult, self.study[p]) if mult else 1
        why = "" if self._events is None else f"{LABEL[source]}, {k} {MULTIPLIER_WHY[mult]}" if mult else LABEL[source]
        if effect == GAIN_POINT:
            self.points[p] += amount * k
            self._say("Cards' Icons & Effects", p, "{} gains {} point{} ({}).", self.names[p], amount * k,
                      "s" if amount * k != 1 else "", why)
        else:
            self._gain_amber(p, amount * k, why, "Cards' Icons & Effects")

    def _gain_amber(self, p: int, amount: int, why: str, section: str) -> None:
        """Gained amber is taken from the supply; an empty supply gives what is left (ruling)."""
        supply = self.amber_supply()
        got = amount if amount <= supply else supply
        self.amber[p] += got
        short = f"; the supply had only {got}" if got < amount else ""
        if self._events is not None:
            self._say(section, p, "{} gains {} amber ({}{}).", self.names[p], got, why, short)

    def _decide(self, action: Action, quiet: bool = False) -> None:
        code, p, source, fam = self.decision  # type: ignore[misc]
        cls = action.__class__
        name = self.names[p]
        self.decision = None
        if cls is ResolveTrigger:
            card = action.card  # type: ignore[attr-defined]
            self._say("Play 1 Marker", p, "{} chooses to resolve {} next.", name, LABEL[card])
            self._resolve(p, card)
        elif cls is Decline:
            if not quiet:
                what = "stops after one display" if fam >= 0 else f"declines \"{DECISION_NAMES[code]}\""
                self._say("Cards' Icons & Effects", p, "{} {}.", name, what)
        elif cls is GainPoint:
            self.points[p] += 1
            self._say("Cards' Icons & Effects", p, "{} gains 1 point instead of displaying ({}).", name, LABEL[source])
        elif cls is SpendAmber:
            self.amber[p] -= SPEND_COST
            self.points[p] += SPEND_GAIN
            self._say("Cards' Icons & Effects", p, "{} spends 3 amber (back to the supply) to gain 2 points ({}).",
                      name, LABEL[source])
        else:
            self._display(p, action, free=code == DISPLAY_FREE)  # type: ignore[arg-type]
            if fam < 0 and (code == DISPLAY_TWO_DIFFERENT or code == DISPLAY_TWO_SAME):  # the first of up to 2
                self.decision = (code, p, source, FAMILY[action.card])  # type: ignore[attr-defined]

    # -- Display 1 Fossil, Score Points ---------------------------------------------------------
    def _display(self, p: int, action: Display, free: bool) -> None:
        """Pay the size in amber (egg 2; nothing if free), then start a new set or expand one."""
        card, target = action.card, action.target
        cost = 0 if free else COST[card]
        self.amber[p] -= cost
        study = self.study[p]
        i = study.index(card)
        self.study[p] = study[:i] + study[i + 1:]
        paid = "at no cost" if free else f"for {cost} amber" if self._events is not None else ""
        sets = self.museum[p]
        if target == NEW_SET:
            self.museum[p] = sets + (new_set(card),)
            self._say("Display 1 Fossil", p, "{} displays {} {}, starting a new set (no points yet).",
                      self.names[p], LABEL[card], paid)
            return
        kind, key = fit(sets[target], card)  # type: ignore[misc]
        if kind == SIZE_SET and key == 0:  # a size set of eggs only: its declared size
            key = action.as_size
        self._expand(p, target, card, kind, key, paid)

    def _expand(self, p: int, target: int, card: int, kind: int, key: int, paid: str) -> None:
        name = self.names[p]
        sets = self.museum[p]
        was_typed = sets[target][1] != UNTYPED
        token = self._take_set_token(p)
        mset = extend(sets[target], card, kind, key, token)
        self.museum[p] = sets[:target] + (mset,) + sets[target + 1:]
        i = news_index(kind, key)
        owner, locked, why = award_news(self.news[i], self.locked[i], self.museum, p, mset, self.names)
        if why:
            self.news[i], self.locked[i] = owner, locked
        if self._events is None:  # a playout keeps no events: nothing to word
            return
        size = len(mset[0])
        typed = "" if was_typed else " (the second card fixes its type)"
        text = f"{name} displays {LABEL[card]} {paid}: extends {name}'s {type_name(kind, key)}{typed} to {size} cards"
        text += ", taking 1 Set token" if token else ", but no Set token is left to take"
        if is_complete(mset):
            text += f": the set is complete, its {mset[3]} Set token{'s' if mset[3] != 1 else ''} turn to 3 points each"
        if why:
            text += f"; {name} {why}"
        elif owner != p:
            holder, theirs = self.names[owner], largest(self.museum[owner], kind, key)
            text += (f"; {holder} keeps the {news_name(i)} for good" if locked else
                     f"; {holder} keeps the {news_name(i)} (a set of {theirs} cards is not beaten by {size})")
        self._say("Score Points", p, "{}.", text)

    def _take_set_token(self, p: int) -> int:
        """Each expansion takes 1 Set token from the supply; taking the last one triggers the end."""
        if not self.set_supply:
            return 0
        self.set_supply -= 1
        if not self.set_supply:
            self._trigger_end(f"{self.names[p]} took the last Set token from the supply")
        return 1

    # -- end of turn, end of game ----------------------------------------------------------------
    def _refill(self) -> None:
        """Refill the open dig site space with the top card of the deck."""
        s = self.slot // PER_SITE
        if self.top >= 0:
            card, self.top = self.top, -1
            self.sites[self.slot] = card
            if self._events is not None:
                self._say("Play 1 Marker", None, "Dig site {} is refilled with {}, the deck's top card.",
                          s + 1, LABEL[card])
            if not self.deck:
                self._trigger_end("the deck is empty after a refill")
        else:
            self._say("Play 1 Marker", None, "The deck is empty: dig site {} is not refilled.", s + 1)
        self._end_turn()

    def _trigger_end(self, cause: str) -> None:
        if self.end_cause:
            return
        self.end_cause = cause
        joined, self.set_box = self.set_box, 0
        self.set_supply += joined
        last = self.names[(self.first - 1) % self.n]
        self._say("End of the Game", None, "End of the game triggered: {}. The {} Set tokens left in the box join the "
                  "supply; play continues until all players have had an equal number of turns ({} plays last).",
                  cause, joined, last)

    def _end_turn(self) -> None:
        self.turns += 1
        self.active = (self.active + 1) % self.n
        self.pending, self.steps, self.decision, self.site, self.slot = (), (), None, -1, -1
        if self.end_cause and self.active == self.first:
            self.phase = OVER
            if self._events is not None:
                self._say_game_over()
        elif self.top < 0 and self.deck:
            self.phase = REVEAL
        else:
            self.phase = START
            if self._events is not None:
                self._say_turn()


    def _say_game_over(self) -> None:
        scores = ", ".join(f"{self.names[p]} {self.score(p)}" for p in range(self.n))
        winners = self.winners()
        rounds = self.turns // self.n
        self._say("End of the Game", None, "Everyone has had {} turn{}: the game ends. Points: {}. {} win{}.",
                  rounds, "s" if rounds != 1 else "", scores, " and ".join(self.names[p] for p in winners),
                  "s" if len(winners) == 1 else " (tied players share victory)")


#: A legal decision is carried out by its phase's rule: ``_CARRY_OUT[phase](state, action)``.
_CARRY_OUT = tuple({START: State._start, TAKE: State._take, RESOLVE: State._decide,
                    RECLAIM: State._reclaim_choice}.get(phase) for phase in range(OVER + 1))


def _names(text: str, players: int) -> tuple[str, ...]:
    if not text:
        return DEFAULT_NAMES[:players]
    names = tuple(x.strip() for x in text.split(","))
    if len(names) != players or not all(0 < len(x) <= 20 for x in names) or len(set(names)) != players:
        raise ValueError(f"names must be {players} different comma-separated names of 1-20 characters, "
                         f"got {quote(text)}")
    return names


def create(players: int, options: dict[str, Any]) -> State:
    """A new game: the deck shuffled face up, then the 8 starting cards dealt (chance nodes)."""
    state = State(players, options)
    state._say("Setup", None, "Setup: {} players, {} Set tokens in the supply ({} stay in the box), {} markers and {} "
               "amber each; {} starts.", players, state.set_supply, state.set_box, MARKERS, TOKENS.amber_per_player,
               state.names[state.first])
    state._settle()
    return state


SPEC = GameSpec(
    name="firstgiants",
    min_players=TOKENS.min_players,
    max_players=TOKENS.max_players,
    option_defaults={"first_player": 0, "names": ""},
    codec=CODEC,
    create=create,
    option_help={
        "first_player": "seat (0-based) of the player who most recently encountered a dinosaur",
        "names": "comma-separated player names for the events (default Ana, Ben, Cleo, Dev, Eli)",
    },
)
State.spec = SPEC
