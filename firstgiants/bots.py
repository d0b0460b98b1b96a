"""First Giants bots: random, a heuristic player, and a Monte-Carlo tree search player.

``BOTS`` maps a name to a factory ``factory(seed, **params) -> bot``; every bot has ``act(state)``
and ``explain(state)`` (its best candidate moves with their values).  First Giants has no hidden
information (the deck is face up; the next card after the top one is a chance node), so the
search bot is plain MCTS with explicit chance nodes (``gamekit.mcts``).
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import Any, cast

from gamekit import Action, GameState
from gamekit.bots import LookaheadBot, SoftmaxBot, random_bot
from gamekit.budget import Budget, compare_on_draws
from gamekit.mcts import LeadUtility, MCTSBot, Policy, play_out, win_utility

from .components import ANY_PLAYER_TAKES, TIMING, YOU_TAKE_CARNIVORE, YOU_TAKE_NEW_FAMILY
from .rules import MARKERS, START, TAKE
from .rules.museum import UNTYPED, MuseumSet, fit, is_complete, set_points
from .rules.news import TOKENS_IN_PLAY, news_value
from .state import State

RECURRING = frozenset({ANY_PLAYER_TAKES, YOU_TAKE_CARNIVORE, YOU_TAKE_NEW_FAMILY})


@dataclass(frozen=True)
class Weights:
    """What the heuristic values, in points (the game's own unit).

    amber:      each amber held, up to ``amber_cap`` (amber pays for displays: size 1-3, egg 2)
    extend:     a Study card that can extend one of your sets on display (a Set token waiting)
    card:       any other Study card (a future set, or a trigger)
    recurring:  extra for a Study card whose effect recurs ("each time ...")
    open_set:   each card beyond the first in an incomplete set (closer to flipping its tokens to 3)
    single:     a one-card set (a start; the second card will score)
    marker:     each marker still on your board (the freedom to play without reclaiming)
    opponents:  how much the best opponent's value counts against yours (0 = play solitaire)
    late:       the share of the potential terms still counted once the end is triggered
    """

    amber: float = 0.7
    amber_cap: int = 6
    extend: float = 1.6
    card: float = 0.6
    recurring: float = 0.8
    open_set: float = 0.5
    single: float = 0.4
    marker: float = 0.25
    opponents: float = 0.5
    late: float = 0.4


def potential(state: State, player: int, w: Weights) -> float:
    """Points ``player`` has, plus the heuristic's estimate of what their position is worth."""
    points, extra = _worths(state, w)[player]
    if state.is_terminal():
        return float(points)
    return float(points) + extra


def beyond_points(state: State, player: int, w: Weights) -> float:
    """What ``player``'s position is worth beyond their points (see :class:`Weights`; the share ``w.late`` of
    it once the end is triggered)."""
    return _worths(state, w)[player][1]


def _worths(state: State, w: Weights) -> list[tuple[int, float]]:
    """Every player's points (``State.score``) and their position's worth beyond them (:func:`beyond_points`).

    Tuned, as the bots value every player after every move: one pass over the News tokens and the markers
    for all players, and the points of the sets on display with the potential's terms for the Study and the
    sets read from one cache (:func:`_holdings`).  ``tests/firstgiants/test_bot_references.py`` compares both
    with the plain rule (``State.score``, the terms summed as :class:`Weights` describes them) on thousands of
    positions."""
    n = state.n
    news = _news_points_by_seat(state.news, state.locked, state._opts["news_values"], n)
    on_board = _markers_on_board_by_seat(state.markers, n)
    late = state.end_cause != ""
    out = []
    for p in range(n):
        set_points, terms = _holdings(state.study[p], state.museum[p], w)
        extra = w.amber * min(state.amber[p], w.amber_cap) + w.marker * on_board[p]
        for term in terms:
            extra += term
        out.append((state.points[p] + set_points + news[p], w.late * extra if late else extra))
    return out


def _news_points_by_seat(news: Sequence[int], locked: Sequence[bool], reading: str, n: int) -> list[int]:
    """Each seat's :func:`firstgiants.rules.news.news_points`, in one pass over the tokens."""
    points = [0] * n
    values = _news_values(reading)
    for i, owner in enumerate(news):
        if owner >= 0:
            points[owner] += values[i][locked[i]]
    return points


@lru_cache(maxsize=None)
def _news_values(reading: str) -> tuple[tuple[int, int], ...]:
    """Per News token, :func:`firstgiants.rules.news.news_value` open and kept for good, under ``reading``."""
    return tuple((news_value(i, False, reading), news_value(i, True, reading)) for i in range(TOKENS_IN_PLAY))


def _markers_on_board_by_seat(markers: list[int], n: int) -> list[int]:
    """Each seat's :func:`firstgiants.rules.marker.markers_on_board`, in one pass over the dig sites."""
    on_board = [MARKERS] * n
    for bits in markers:
        p = 0
        while bits:
            if bits & 1:
                on_board[p] -= 1
            bits >>= 1
            p += 1
    return on_board


@lru_cache(maxsize=65_536)
def _holdings(study: tuple[int, ...], sets: tuple[MuseumSet, ...], w: Weights) -> tuple[int, tuple[float, ...]]:
    """The points of the sets on display, and the potential's terms for a player's Study and sets, in order
    (per Study card: extends a set on display or not, recurs or not; per set: a start, or its progress).

    Cached: a player's Study and sets change only on their own turns, while the heuristic and the
    search value every player's position after every move."""
    terms: list[float] = []
    for card in study:
        terms.append(w.extend if _extends(sets, card) else w.card)
        if TIMING[card] in RECURRING:
            terms.append(w.recurring)
    for m in sets:
        if m.kind == UNTYPED:
            terms.append(w.single)
        elif not is_complete(m):
            terms.append(w.open_set * (len(m.cards) - 1))
    return sum(set_points(m) for m in sets), tuple(terms)


def _extends(sets: tuple[MuseumSet, ...], card: int) -> bool:
    """Whether ``card`` can extend one of the sets on display (a Set token waiting)."""
    return any(fit(m, card).__class__ is tuple for m in sets)


def estimated_returns(state: State, w: Weights = Weights()) -> list[float]:
    """Every player's :func:`potential`: the search bot's estimate of the final points."""
    if state.is_terminal():
        return [float(state.score(p)) for p in range(state.num_players)]
    return [float(points) + extra for points, extra in _worths(state, w)]


class HeuristicBot(LookaheadBot):
    """Plays the move whose position, at the end of its own turn, is worth most (see :class:`Weights`).

    Strategy: look one turn ahead — the move, then the bot's own greedy follow-ups in the same
    turn (which card to take, what to display where) — and value the position reached as points
    now plus potential: amber to pay for displays, Study cards that extend a set on display,
    recurring effects, incomplete sets' progress towards completion (tokens flip from 2 to 3
    points), markers still free to play; minus half the best opponent's value.  So it takes the
    card that extends its sets or pays most, displays when it extends a set it can afford,
    prefers completing sets, and reclaims when its markers are spent or amber is short
    (reclaiming gives an amber or a display per marker).  Sets of either type are pursued
    alike; shift the weights to change its style (e.g. ``amber=1.0`` hoards, ``opponents=0``
    ignores the others).
    """

    def __init__(self, seed: int | None = None, depth: int = 4, **weights: Any) -> None:
        super().__init__(seed, depth)
        known = {f.name for f in fields(Weights)}
        unknown = set(weights) - known
        if unknown:
            raise ValueError(f"unknown heuristic weight(s) {sorted(unknown)}; known: {sorted(known)}")
        self.weights = Weights(**weights)

    def value(self, state: State, player: int) -> float:  # type: ignore[override]  # First Giants states only
        return _relative(state, player, self.weights)


def _relative(state: State, player: int, w: Weights) -> float:
    """``player``'s estimated points less ``w.opponents`` times the best opponent's."""
    return _against_the_best(estimated_returns(state, w), player, w)


def _against_the_best(values: list[float], player: int, w: Weights) -> float:
    """``player``'s value less ``w.opponents`` times the best opponent's."""
    mine = values.pop(player)
    return mine - w.opponents * max(values)


def quick_value(state: State, action: Action, player: int, w: Weights) -> float:
    """The value of the position right after ``action`` — after a marker, after the better card
    there — without the rest of the turn: the search's fast model of every player."""
    after = cast(State, state.apply(action))
    if after.phase == TAKE and after.current_player() == player:
        return max(_relative(cast(State, after.apply(take)), player, w) for take in after.legal_actions())
    return _relative(after, player, w)


def quick_choice(state: State, w: Weights) -> Action:
    """The move whose position right after it is worth most (the search's fast model of every player)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    player = state.current_player()
    return max(legal, key=lambda a: quick_value(state, a, player, w))  # type: ignore[arg-type]  # a decision: a seat


def search(seed: int, iterations: int | None = 40, time_limit: float | None = None, horizon: int | None = None,
           c: float = 0.5, width: int = 0, lead_scale: float = 4.0, paired: bool = True,
           phases: frozenset[int] = frozenset({START}), **weights: Any) -> SearchBot:
    """Monte-Carlo search over the bot's turn choice (play a marker where, or reclaim).

    ``iterations`` (or ``time_limit`` seconds) per turn.  Each iteration plays the chosen move, then
    every player — the bot's own follow-ups in the turn included — plays the move whose position is
    worth most right after it (:func:`quick_choice`), through the chance of the deck, for
    ``horizon`` turns (default: one round, up to the bot's next turn); then every player's final
    points are estimated (:func:`estimated_returns`) and scored by the logistic of the lead over the
    best opponent in units of ``lead_scale`` points.  Chance is open-loop (one tree child for all
    outcomes of a draw), so the tree is the bot's turn choices and the statistics average over the
    deck.  ``paired`` (default) compares the turn choices on the same draws of the deck (common
    random numbers; :class:`gamekit.mcts.MCTSBot`).  ``width`` limits the turn choices searched to
    the heuristic's best (0: all, at most five).
    ``explain`` gives each choice's estimated win chance.  The other decisions of the turn (which
    card, what to display) are the heuristic's.
    """
    w = Weights(**weights)
    guide = HeuristicBot(seed, **weights)

    def candidates(state: State) -> list[Action]:
        legal = state.legal_actions()
        if len(legal) <= 1:
            return legal
        if state is bot.searching:
            return [a for a, _ in guide.ranked(state)[:width]] if width else legal
        return [quick_choice(state, w)]

    def rollout_policy(state: State, rng: random.Random) -> Action:
        return quick_choice(state, w)

    def next_turns(start: State, state: State) -> bool:
        return state.turns >= start.turns + (horizon or state.num_players)

    bot = SearchBot(guide, phases, seed, iterations=iterations, time_limit=time_limit, c=c,
                    utility=LeadUtility(lead_scale), rollout_policy=rollout_policy,
                    rollout_depth=200, cutoff=next_turns, evaluate=lambda s: estimated_returns(s, w),
                    candidates=candidates, chance="open", paired=paired)
    return bot  # (the candidates above ask it which position it is searching)


class SearchBot(MCTSBot):
    """MCTS for the turn's choice; the heuristic (``guide``) for the rest of the turn (see :func:`search`)."""

    def __init__(self, guide: HeuristicBot, phases: frozenset[int], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.guide = guide
        self.phases = phases

    searching: State | None = None  # the position being searched (its moves are all tried)

    def _searched(self, state: State) -> bool:
        return state.phase in self.phases

    def act(self, state: State) -> Action:  # type: ignore[override]  # First Giants states only
        if not self._searched(state):
            return self.guide.act(state)
        self.searching = state
        return super().act(state)

    def explain(self, state: State) -> list[tuple[Action, float]]:  # type: ignore[override]  # First Giants only
        if not self._searched(state):
            return self.guide.explain(state)
        self.searching = state
        return super().explain(state)


def heuristic(seed: int, **params: Any) -> HeuristicBot:
    """One-turn lookahead valuing points, amber, set progress and Study cards (see HeuristicBot)."""
    return HeuristicBot(seed, **params)


# -- the levels a class picks: each wins clearly against the one below (docs/bots-and-experiments.md) --------


def beginner(seed: int, temperature: float = 1.0, **weights: Any) -> SoftmaxBot:
    """Level 1, beginner: the heuristic's judgement played loosely (instant).

    Each legal move is played with probability proportional to ``exp(score / temperature)``, the score
    being the heuristic's value of the move in points: a move 1 point worse than the best comes about
    a third as often, one 5 points worse almost never (1 in 150)."""
    return SoftmaxBot(HeuristicBot(seed, **weights), temperature, seed)


def club(seed: int, **weights: Any) -> HeuristicBot:
    """Level 2, club: the heuristic, one turn of lookahead valuing points and potential (instant)."""
    return HeuristicBot(seed, **weights)


#: The calibrated player counts a position's value beyond points at this share of the weight the coach's
#: calibration gives it at that stage of the game (screened against three clubs: 0.5-0.7 best, the
#: calibration's own weight 1.0 and 0.25 clearly weaker; ``docs/bots-and-experiments.md``).
CALIBRATED_SHARE = 0.6


class CalibratedBot(HeuristicBot):
    """The heuristic's one-turn lookahead, judging the position reached as the coach's calibration says it
    turns into final points: points count in full, the rest of the position value (amber, Study cards,
    set progress, free markers: :func:`beyond_points`) at the weight the calibration on recorded games
    gives it relative to points at this stage of the game, times ``share``.

    The club heuristic counts a point of potential like a point on the table; recorded games say a
    point of potential early in the game is worth about half a point at the end, and almost nothing
    once the deck runs low (:data:`firstgiants.coach.CALIBRATION`).  So this player displays and
    scores sooner, and stops hoarding cards and amber as the end nears.  Against three clubs it wins
    about as often as the strong level, instantly.
    """

    def __init__(self, seed: int | None = None, depth: int = 4, share: float = CALIBRATED_SHARE,
                 **weights: Any) -> None:
        super().__init__(seed, depth, **weights)
        if not 0 <= share <= 1:
            raise ValueError(f"share must be between 0 and 1, got {share}")
        from .coach import MODEL  # (the calibration is fitted on this module's heuristic)

        self.model = MODEL
        self.share = share

    def value(self, state: State, player: int) -> float:  # type: ignore[override]  # First Giants states only
        return _against_the_best(self.returns(state), player, self.weights)

    def returns(self, state: State) -> list[float]:
        """Every player's points plus their position's value beyond points, at the calibrated weight."""
        if state.is_terminal():
            return [float(state.score(p)) for p in range(state.num_players)]
        progress = self.model.progress(state)
        _, (on_points, on_rest), _, _ = self.model.coefficients(progress)
        weight = self.share * on_rest / on_points
        w = self.weights_at(progress)
        return [points + weight * extra for points, extra in _worths(state, w)]

    def weights_at(self, progress: float) -> Weights:
        """The heuristic's weights at this stage of the game (0 the start, 1 the end): the same throughout."""
        return self.weights


def calibrated(seed: int, share: float = CALIBRATED_SHARE, **weights: Any) -> CalibratedBot:
    """The heuristic's lookahead with the coach's calibrated judgement of a position (:class:`CalibratedBot`)."""
    return CalibratedBot(seed, share=share, **weights)


#: What the strong level counts a Study card's recurring effect ("each time ...") worth at the start of the
#: game, in points of position value; it falls in step with the game left, to nothing at the end.
#: Screened against three clubs (200 games each): 3, 6, 10, 15 and 20 all beat the calibrated player, 10 the
#: most (``docs/bots-and-experiments.md``).
RECURRING_AT_START = 10.0
#: The strong level's share of the calibrated weight of the position beyond points (screened with the
#: recurring effects valued so, 400 games each: 0.45, 0.6, 0.8, 1.0 won 0.352, 0.385, 0.412, 0.406).
STRONG_SHARE = 0.8
#: How far the strong level follows its own turn after a move: to the turn's end (the longest turns seen, a
#: reclaim of 4 markers with the displays it brings, take 13 decisions; the club stops after 4 more).
#: Screened with the rest of the level as now, 400 games each: 4, 8, 12 won 0.420, 0.475, 0.476.
STRONG_DEPTH = 12
#: Near the end (the end triggered, or at most ``ENDGAME_CARDS`` cards left to turn up: about two rounds before
#: the deck runs out), the strong level plays each of its best ``ENDGAME_OPTIONS`` moves out to the end, the
#: deck's luck sampled in rounds (every move on the same draw, then every move on the next), the worse half of
#: the moves dropped after each phase of the budget (successive halving), at most ``ENDGAME_SAMPLES`` rounds and
#: at most ``ENDGAME_BUDGET`` decisions played in all (:mod:`gamekit.budget`).
#: Screened, 400 games each (4 draws, no budget): play-outs once the end is triggered won 0.487, from 4 cards
#: left 0.578, against 0.476 without.  From 6 cards left with successive halving (issue 28), on the ladder's
#: first 100 games: +0.076 won game by game (95%: 0.021 to 0.131) against 4 cards left without it.
ENDGAME_CARDS = 6
ENDGAME_OPTIONS = 6
ENDGAME_SAMPLES = 8
#: The strong level's work budget per play-out decision, in decisions played in the play-outs (its own and the
#: others'): about 0.7 ms each on one core of the kit's machine, so the slowest decision stays under 0.5 s
#: (``benchmarks/bench_levels.py``; 320 at about 1 ms each before the heuristic's position value was tuned,
#: issue 28).  A play-out from 4 cards left takes about 50 decisions, from 1 card 15.
ENDGAME_BUDGET = 480


class StrongBot(CalibratedBot):
    """Level 3, strong: the calibrated player (:class:`CalibratedBot`), valuing a recurring effect by the game left.

    A recurring effect pays again each time its condition is met, for the rest of the game ("Each time any
    player takes a fossil card: you may display 1 fossil"; "Each time you take a carnivore card: gain 1
    amber"), so a card that carries one is worth most early and nothing once the game ends.  The club
    counts it a flat ``recurring`` (0.8 points) on top of the card whenever it is taken; this player counts
    ``recurring_at_start`` points times the share of the game left (the coach's progress, in tenths), with
    the rest of the position value at ``share`` (:data:`STRONG_SHARE`) of its calibrated weight.  So it takes
    the recurring cards early, and stops paying for them late.  It follows its own turn to the end
    (``depth`` :data:`STRONG_DEPTH`) before judging the position: a reclaim with its displays is often longer
    than the club's four further decisions.

    The last two rounds or so are played out instead of judged: once the end is triggered or at most
    ``endgame_cards`` (:data:`ENDGAME_CARDS`) cards are left to turn up, each of its best ``endgame_options``
    (:data:`ENDGAME_OPTIONS`) moves is played to the end of the game, the others as the club would, itself as
    above, on draws of the deck, and the move that wins most often is played, the larger lead breaking ties.
    The others are assumed to play like the club: against other players it is a model, not knowledge.  The
    draws come in rounds (every move on draw 1, then every move on draw 2, ...:
    :func:`gamekit.budget.compare_on_draws`), and with ``halving`` (successive halving) the budget comes in
    phases, the worse half of the moves dropped after each, so the leading moves meet more draws; at most
    ``endgame_samples`` rounds, while the decisions played in the play-outs fit ``endgame_budget``
    (:data:`ENDGAME_BUDGET`: the same move for the same seed, always, and under half a second a decision on the
    kit's machine).  With
    ``time_budget`` seconds it stops when the time is up instead and chooses on the rounds completed (faster
    or stronger as a class likes, but **not reproducible**: the moves depend on the machine's speed and load).
    Either way, when even the first round cannot be completed, the moves it reached (the heuristic's best) are
    compared on that one draw.  ``endgame_budget=None`` plays all ``endgame_samples`` rounds, however long.
    """

    def __init__(self, seed: int | None = None, depth: int = STRONG_DEPTH, share: float = STRONG_SHARE,
                 recurring_at_start: float = RECURRING_AT_START, endgame_samples: int = ENDGAME_SAMPLES,
                 endgame_budget: int | None = ENDGAME_BUDGET, time_budget: float | None = None,
                 halving: bool = True, endgame_cards: int = ENDGAME_CARDS, endgame_options: int = ENDGAME_OPTIONS,
                 **weights: Any) -> None:
        if "recurring" in weights:
            raise ValueError("the strong level sets the recurring weight by the game left: "
                             "pass recurring_at_start instead of recurring")
        if recurring_at_start < 0:
            raise ValueError(f"recurring_at_start must be 0 or more, got {recurring_at_start}")
        if endgame_samples < 0:
            raise ValueError(f"endgame_samples must be 0 (no endgame play-outs) or more, got {endgame_samples}")
        super().__init__(seed, depth, share, **weights)
        self.recurring_at_start = float(recurring_at_start)
        self.endgame_samples = endgame_samples
        # a time budget replaces the work budget (the clock bounds the decision)
        self.budget = Budget(None if time_budget is not None else endgame_budget, time_budget, max(1, endgame_samples))
        self.halving = halving
        self.endgame_cards, self.endgame_options = endgame_cards, endgame_options
        self.others = HeuristicBot(seed)  # the model of the other players in the endgame: the club

    def act(self, state: State) -> Action:  # type: ignore[override]  # First Giants states only
        if self._plays_out(state):
            return self.endgame(state)[0][0]
        return super().act(state)

    def explain(self, state: State) -> list[tuple[Action, float]]:  # type: ignore[override]  # First Giants only
        if self._plays_out(state):
            return self.endgame(state)[: self.top]
        return super().explain(state)

    def _plays_out(self, state: State) -> bool:
        """Near the end (see the class docstring), at a decision with a choice."""
        near = bool(state.end_cause) or len(state.deck) + (state.top >= 0) <= self.endgame_cards
        return near and self.endgame_samples > 0 and len(state.legal_actions()) > 1

    def endgame(self, state: State) -> list[tuple[Action, float]]:
        """The moves compared by play-outs (the heuristic's best), each with its share of wins (plus a thousandth
        of a point per point of lead) over the rounds of play-outs, best first (see the class docstring)."""
        me = cast(int, state.current_player())
        draws = [self.rng.getrandbits(32) for _ in range(self.endgame_samples)]
        decisions = 0

        def counted(policy: Policy) -> Policy:
            def decide(s: GameState, rng: random.Random) -> Action:
                nonlocal decisions
                decisions += 1
                return policy(s, rng)
            return decide

        policies = [counted(self._move if p == me else self.others.choose) for p in range(state.num_players)]
        moves = [action for action, _ in self.ranked(state)[: self.endgame_options]]

        def play(action: Action, draw: int) -> tuple[float, int]:
            rng = random.Random(draw)
            before = decisions
            final = play_out(self.model.sample(cast(State, state.apply(action)), me, rng), policies, rng)
            returns = final.returns()
            lead = returns[me] - max(r for p, r in enumerate(returns) if p != me)
            return win_utility(returns)[me] + lead / 1000, decisions - before

        found = compare_on_draws(moves, draws, play, self.budget, self.halving)
        return [(moves[i], found.means[i]) for i in found.order]  # (ties keep the heuristic's order)

    def _move(self, state: GameState, rng: random.Random) -> Action:
        """Its own moves in a play-out: the heuristic's (no nested play-outs)."""
        return self.choose(state, rng)

    def weights_at(self, progress: float) -> Weights:
        """The weights with a recurring effect worth ``recurring_at_start`` times the game left."""
        return _recurring_by_game_left(self.weights, self.recurring_at_start, round(progress * 10))


@lru_cache(maxsize=1024)
def _recurring_by_game_left(w: Weights, at_start: float, tenths_played: int) -> Weights:
    """``w`` with ``recurring`` at ``at_start`` times the tenths of the game left (one Weights per stage,
    so the cached position terms are shared within a stage)."""
    return replace(w, recurring=at_start * (10 - tenths_played) / 10)


def strong(seed: int, recurring_at_start: float = RECURRING_AT_START, share: float = STRONG_SHARE,
           depth: int = STRONG_DEPTH, endgame_samples: int = ENDGAME_SAMPLES,
           endgame_budget: int | None = ENDGAME_BUDGET, time_budget: float | None = None, halving: bool = True,
           endgame_cards: int = ENDGAME_CARDS, endgame_options: int = ENDGAME_OPTIONS, **weights: Any) -> StrongBot:
    """Level 3, strong: the calibrated player valuing recurring effects by the game left, following its own
    turn to the end, playing the last two rounds or so out within a budget of decisions (or, with
    ``time_budget``, of seconds: not reproducible) (:class:`StrongBot`)."""
    return StrongBot(seed, depth, share, recurring_at_start, endgame_samples, endgame_budget, time_budget, halving,
                     endgame_cards, endgame_options, **weights)


#: The levels, weakest first (names in ``BOTS``).
LEVELS = ("beginner", "club", "strong")

BOTS = {"random": random_bot, "heuristic": heuristic, "search": search, "calibrated": calibrated,
        "beginner": beginner, "club": club, "strong": strong}
