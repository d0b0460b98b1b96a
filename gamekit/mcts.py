"""Monte-Carlo tree search for both games: explicit chance nodes, and information sets.

One implementation serves both games of the kit:

* **Chance nodes are explicit** (OpenSpiel's contract): at a chance node the search samples an
  outcome with its probability from ``chance_outcomes()`` and keeps one child per outcome seen,
  so a die roll or a card draw is never mistaken for a decision.
* **Information-set MCTS** (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012) for
  games with hidden information: every iteration starts from ``state.determinize(player, rng)``,
  a state consistent with what the searching player has observed, with everything hidden
  (others' hands, unseen tiles) re-sampled.  The tree is keyed by actions only, and a child's
  UCB uses how often it was *available*, not the parent's visits, because different
  determinizations allow different moves.  The bot never looks at the real state's hidden
  parts: it reads only ``determinize`` (and the real state's legal moves for itself).

Each node keeps every player's summed utility, and each player picks the child best for
itself (max^n).  Utilities are in [0, 1]: by default half the win share and half the return
normalised between the worst and best player of the simulated game.  Rollouts are random
unless a ``rollout_policy`` is given; ``rollout_depth`` with ``evaluate`` cuts them short and
estimates the final returns instead.  Budgets: ``iterations`` (a number, or a function of the position:
e.g. fewer for a decision whose rollouts are long) and/or ``time_limit`` seconds (only an iteration budget
makes the bot reproducible from its seed; :mod:`gamekit.budget`).

The search applies actions to its own private copy of the state in place (``_apply_in_place``,
the rules themselves, without the defensive copy ``apply`` makes for callers), so its time goes
into the rules rather than into copying.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Callable, Hashable, Literal, Sequence, cast

from . import budget
from .actions import Action
from .play import sample_chance
from .protocol import GameState

Utility = Callable[[Sequence[float]], list[float]]
Policy = Callable[[GameState, random.Random], Action]

#: The draws of a paired search on a time limit alone: more than any search reaches.
_UNBOUNDED = 2**40


# -- utilities: returns -> values in [0, 1] --------------------------------------------------------

def win_utility(returns: Sequence[float]) -> list[float]:
    """1 for the single winner, 1/k each for k tied winners, 0 for the others."""
    best = max(returns)
    winners = sum(r == best for r in returns)
    return [1.0 / winners if r == best else 0.0 for r in returns]


def margin_utility(returns: Sequence[float]) -> list[float]:
    """Each return scaled between the worst (0) and the best (1) player; 0.5 for all when equal."""
    low, high = min(returns), max(returns)
    if high == low:
        return [0.5] * len(returns)
    return [(r - low) / (high - low) for r in returns]


def blend_utility(returns: Sequence[float]) -> list[float]:
    """Half the win share, half the normalised margin (wins matter; so does coming close)."""
    return [0.5 * w + 0.5 * m for w, m in zip(win_utility(returns), margin_utility(returns))]


class LeadUtility:
    """A smooth win chance: the logistic of each player's lead over the best other player.

    ``1 / (1 + exp(-(r_i - max_{j != i} r_j) / scale))``: 0.5 when level with the leader,
    near 1 when ``scale`` or more ahead.  Suits estimated returns at cut-off rollouts, where a
    hard win/lose would call a one-point lead in mid-game a certain win.
    """

    def __init__(self, scale: float) -> None:
        if not scale > 0:
            raise ValueError(f"scale must be positive, got {scale}")
        self.scale = scale

    def __call__(self, returns: Sequence[float]) -> list[float]:
        out = []
        for i, r in enumerate(returns):
            best_other = max(x for j, x in enumerate(returns) if j != i)
            lead = max(-50.0, min(50.0, (r - best_other) / self.scale))
            out.append(1.0 / (1.0 + math.exp(-lead)))
        return out

    def __repr__(self) -> str:
        return f"LeadUtility({self.scale})"


UTILITIES: dict[str, Utility] = {"win": win_utility, "margin": margin_utility, "blend": blend_utility}


# -- applying actions on a private copy ------------------------------------------------------------

# the single child of a chance node in open-loop search: a str, not an Action, that only keys Node.children
_OPEN_CHANCE = cast(Action, "any chance outcome")


def private_copy(state: GameState) -> GameState:
    """A copy the search may change in place (no events are recorded: ``_events`` is None)."""
    new = state._copy()
    new._events = None
    new._record = state._record
    return new


def advance(state: GameState, action: Action) -> None:
    """Apply a *legal* action to a private copy in place (what ``apply`` does, minus the copy)."""
    state._apply_in_place(action)
    state._record = (state._record, action)


def play_out(state: GameState, policies: Sequence[Policy], rng: random.Random) -> GameState:
    """A private copy of ``state`` played to the end: seat ``p`` moves by ``policies[p]``, chance draws from ``rng``."""
    s = private_copy(state)
    while not s.is_terminal():
        if s.is_chance():
            advance(s, sample_chance(s, rng))
        else:
            advance(s, policies[cast(int, s.current_player())](s, rng))
    return s


def random_policy(state: GameState, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions())


# -- the tree --------------------------------------------------------------------------------------

class Node:
    """Statistics of one edge of the tree: visits, availability and summed utilities."""

    __slots__ = ("visits", "available", "total", "children", "moves")

    def __init__(self, players: int) -> None:
        self.visits = 0
        self.available = 0
        self.total = [0.0] * players
        self.children: dict[Action, Node] = {}
        self.moves: list[Action] | None = None  # the moves searched here (cached without determinization)

    def mean(self, player: int) -> float:
        return self.total[player] / self.visits if self.visits else 0.0


@dataclass(frozen=True)
class SearchResult:
    """What a search found at the root: each candidate with its visits and mean utility."""

    player: int
    candidates: list[tuple[Action, int, float]]  # (action, visits, mean utility), best first
    iterations: int
    seconds: float = field(compare=False)  # wall time: the only part a seed does not fix

    @property
    def best(self) -> Action:
        return self.candidates[0][0]


class MCTSBot:
    """Monte-Carlo tree search with chance nodes, and information-set MCTS for hidden information.

    Parameters: ``iterations`` (a number, or a function ``state -> number``) and/or ``time_limit``
    (seconds) budget each decision (default 200 iterations); ``c`` the UCB exploration constant;
    ``utility`` ("blend", "win", "margin" or a function returns -> utilities); ``determinize`` (True,
    False or "auto": use ``state.determinize`` when the game has it); ``rollout_policy(state, rng)``; ``rollout_depth``
    (decisions) and/or ``cutoff(start, state) -> bool`` (``start``: the iteration's root sample, e.g.
    "a new round has begun") with ``evaluate(state) -> estimated returns`` to cut rollouts short;
    ``candidates(state) -> actions`` to restrict the moves searched (e.g. a heuristic's best few);
    ``chance``: "branch" keeps one child per chance outcome seen (exact, but a die or a deck
    with many outcomes splits the tree thin), "open" one child for all outcomes (open-loop
    search: the tree reaches further, its nodes average over the outcomes); ``paired``: instead of
    UCB at the root, try the root moves in turn, each round of tries on the same random stream
    (common random numbers: the moves meet the same dice, cards and hidden hands, so their
    difference shows with fewer iterations; best with an iteration budget that is a multiple of
    the number of moves; with a ``time_limit`` it stops only after a whole round, when the time so far plus
    the longest round so far would pass the limit); ``halving`` (with ``paired``): successive halving of the
    paired rounds (:func:`gamekit.budget.compare_on_draws`): the budget in phases, the worse half of the root
    moves dropped after each, so the leading moves meet more of the luck (the moves are ranked by their means
    over it, the ones still in first); ``top`` how many candidates ``explain`` lists.

    ``explain(state)`` runs the search and lists the well-explored moves (visited at least a
    quarter as often as the most visited) by their mean utility for the player to move (0 =
    certain last place and loss, 1 = certain win by the widest margin); ``act`` plays the first,
    and an ``act`` right after ``explain`` on the same state reuses that search.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int | Callable[[GameState], int] | None = None,
        time_limit: float | None = None,
        c: float = 0.7,
        utility: str | Utility = "blend",
        determinize: bool | Literal["auto"] = "auto",
        rollout_policy: Policy | None = None,
        rollout_depth: int | None = None,
        cutoff: Callable[[GameState, GameState], bool] | None = None,
        evaluate: Callable[[GameState], Sequence[float]] | None = None,
        candidates: Callable[[GameState], list[Action]] | None = None,
        chance: Literal["branch", "open"] = "branch",
        paired: bool = False,
        halving: bool = False,
        top: int = 5,
    ) -> None:
        if iterations is None and time_limit is None:
            iterations = 200
        if (rollout_depth is not None or cutoff is not None) and evaluate is None:
            raise ValueError("rollout_depth and cutoff need an evaluate(state) -> estimated returns function")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.time_limit = time_limit
        self.c = c
        self.utility = UTILITIES[utility] if isinstance(utility, str) else utility
        self.determinize = determinize
        self.rollout_policy = rollout_policy or random_policy
        self.rollout_depth = rollout_depth
        self.cutoff = cutoff
        self.evaluate = evaluate
        self.candidates = candidates
        if chance not in ("branch", "open"):
            raise ValueError(f"chance must be 'branch' or 'open', got {chance!r}")
        self.chance = chance
        self.paired = paired
        self.halving = halving
        self.top = top
        self._last: tuple[int, object, SearchResult] | None = None
        self._cache_moves = False
        self._start: GameState  # the iteration's root sample (set by _search, read by the cutoff)
        self._by_position: dict[Hashable, list[Action]] = {}

    # -- the public face ------------------------------------------------------------------------
    def act(self, state: GameState) -> Action:
        moves = state.legal_actions()
        if len(moves) > 1 and self.candidates is not None:
            moves = self.candidates(state)
        if len(moves) == 1:
            return moves[0]  # nothing to search: the only move (or the only candidate)
        return self.search(state).best

    def explain(self, state: GameState) -> list[tuple[Action, float]]:
        result = self.search(state)
        most = result.candidates[0][1]
        trusted = [(a, value) for a, visits, value in result.candidates if 4 * visits >= most]
        return trusted[: self.top]

    def search(self, state: GameState) -> SearchResult:
        """Search from ``state`` for the player to move (reusing the last search of this state)."""
        key = (id(state), state.fingerprint())
        if self._last is not None and self._last[:2] == key:
            return self._last[2]
        result = self._search(state)
        self._last = (*key, result)
        return result

    # -- the search -----------------------------------------------------------------------------
    def _uses_determinization(self, state: GameState) -> bool:
        if self.determinize == "auto":
            return hasattr(state, "determinize")
        if self.determinize and not hasattr(state, "determinize"):
            raise TypeError(f"{type(state).__name__} has no determinize(player, rng) for ISMCTS")
        return bool(self.determinize)

    def _search(self, state: GameState) -> SearchResult:
        player = state.current_player()
        if player is None:
            raise ValueError("search needs a decision node (not a chance node or the end of the game)")
        root_moves = self._moves(state)
        ismcts = self._uses_determinization(state)
        # Without determinization the path from the root fixes the state at a node (chance
        # outcomes are edges), so a node's moves are computed once; with it they can differ.
        self._cache_moves = not ismcts and self.chance == "branch"
        self._by_position = {}
        root = Node(state.num_players)
        rng = self.rng
        limit = self.iterations(state) if callable(self.iterations) else self.iterations
        if self.paired and self.halving:
            return self._halving_search(state, player, ismcts, root, root_moves, limit)
        start = round_start = budget.clock()
        deadline = start + self.time_limit if self.time_limit is not None else math.inf
        done = 0
        longest = 0.0  # the longest round of paired tries so far
        base = rng.getrandbits(48) if self.paired else 0
        while True:
            forced = None
            if self.paired:
                # Common random numbers: iteration i tries move i mod m with the i // m-th stream of
                # chance (and hidden information), so the moves are compared on the same luck.
                forced = root_moves[done % len(root_moves)]
                rng = random.Random(base + done // len(root_moves))
            self._try(state, player, ismcts, root, root_moves, rng, forced)
            done += 1
            if limit is not None and done >= limit:
                break
            now = budget.clock()
            if self.paired:
                if done % len(root_moves):
                    continue  # the time is looked at after whole rounds only: every move on the same luck
                longest, round_start = max(longest, now - round_start), now
                if now + longest > deadline:
                    break
            elif now >= deadline:
                break
        return SearchResult(player, self._rank(root, player, root_moves), done, budget.clock() - start)

    def _halving_search(self, state: GameState, player: int, ismcts: bool, root: Node, root_moves: list[Action],
                        limit: int | None) -> SearchResult:
        """Paired tries of the root moves by successive halving (:func:`gamekit.budget.compare_on_draws`): the
        i-th try of every move still in on the i-th stream of chance and hidden information, the worse half of
        the moves dropped after each phase of the budget (``limit`` iterations and/or ``time_limit`` seconds)."""
        base = self.rng.getrandbits(48)

        def play(move: Action, draw: int) -> tuple[float, int]:
            rng = random.Random(draw)
            return self._try(state, player, ismcts, root, root_moves, rng, move)[player], 1

        rounds = limit if limit is not None else _UNBOUNDED
        start = budget.clock()
        found = budget.compare_on_draws(root_moves, range(base, base + rounds), play,
                                        budget.Budget(limit, self.time_limit, rounds), halving=True)
        ranked = [(root_moves[i], found.draws[i], found.means[i]) for i in found.order]
        return SearchResult(player, ranked, found.work, budget.clock() - start)

    def _try(self, state: GameState, player: int, ismcts: bool, root: Node, root_moves: list[Action],
             rng: random.Random, forced: Action | None) -> list[float]:
        """One iteration from a fresh sample of ``state`` (a determinization with ISMCTS, else a private copy):
        every player's utility of its rollout."""
        if ismcts:
            sample = state.determinize(player, rng)  # type: ignore[attr-defined]  # checked: it has one
            sample._events = None
        else:
            sample = private_copy(state)
        self._start = sample
        return self._iterate(root, private_copy(sample) if self.cutoff is not None else sample, rng, root_moves,
                             forced)

    @staticmethod
    def _rank(root: Node, player: int, root_moves: list[Action]) -> list[tuple[Action, int, float]]:
        """Root moves best first: the well explored ones (at least a quarter of the most visits) by
        mean utility, then the rest by mean utility.  So the move played is the best-valued of the
        moves the search trusted, and the "why" lists them in the order of their values."""
        ranked = [(a, n.visits, n.mean(player)) for a, n in root.children.items() if a in root_moves]
        most = max((v for _, v, _ in ranked), default=0)
        order = {a: i for i, a in enumerate(root_moves)}
        ranked.sort(key=lambda t: (4 * t[1] < most, -t[2], -t[1], order[t[0]]))
        return ranked

    def _moves(self, state: GameState) -> list[Action]:
        return self.candidates(state) if self.candidates is not None else state.legal_actions()

    def _cached_moves(self, state: GameState) -> list[Action]:
        """The candidates of a position, computed once per search (positions recur across iterations)."""
        key = state.fingerprint()
        moves = self._by_position.get(key)
        if moves is None:
            if len(self._by_position) > 100_000:
                self._by_position.clear()
            moves = self._by_position[key] = self._moves(state)
        return moves

    def _iterate(self, root: Node, s: GameState, rng: random.Random, root_moves: list[Action],
                 forced: Action | None = None) -> list[float]:
        """Down the tree from ``root`` (a new node at the first move not tried yet), a rollout, and every node on
        the way updated with its utilities (returned)."""
        node = root
        path = [root]
        expanded = False
        while not expanded and not s.is_terminal():
            if s.is_chance():
                action = sample_chance(s, rng)
                key = action if self.chance == "branch" else _OPEN_CHANCE
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = Node(len(node.total))
            else:
                # At the root: the real state's moves (the searcher's own, so never hidden).
                if node is root and forced is not None:
                    legal = [forced]
                elif node is root:
                    legal = root_moves
                elif self._cache_moves:
                    if node.moves is None:
                        node.moves = self._moves(s)
                    legal = node.moves
                elif self.candidates is not None:
                    legal = self._cached_moves(s)
                else:
                    legal = s.legal_actions()
                player = s.current_player()
                assert player is not None  # neither a chance node nor the end
                action, child, expanded = self._select(node, legal, player, rng)
            advance(s, action)
            node = child
            path.append(node)
        utilities = self._rollout(s, rng)
        for n in path:
            n.visits += 1
            total = n.total
            for i, u in enumerate(utilities):
                total[i] += u
        return utilities

    def _select(self, node: Node, legal: list[Action], player: int, rng: random.Random):
        children = node.children
        untried = [a for a in legal if a not in children]
        for a in legal:
            child = children.get(a)
            if child is not None:
                child.available += 1
        if untried:
            action = rng.choice(untried)
            child = children[action] = Node(len(node.total))
            child.available = 1
            return action, child, True
        c = self.c
        best_value, best = -math.inf, []
        for a in legal:
            child = children[a]
            value = child.total[player] / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
            if value > best_value + 1e-12:
                best_value, best = value, [a]
            elif value >= best_value - 1e-12:
                best.append(a)
        action = best[0] if len(best) == 1 else rng.choice(best)
        return action, children[action], False

    def _rollout(self, s: GameState, rng: random.Random) -> list[float]:
        policy, depth, limit, cutoff = self.rollout_policy, 0, self.rollout_depth, self.cutoff
        while not s.is_terminal():
            if s.is_chance():
                advance(s, sample_chance(s, rng))
                continue
            if (limit is not None and depth >= limit) or (cutoff is not None and cutoff(self._start, s)):
                assert self.evaluate is not None  # __init__ requires it with a depth or a cutoff
                return self.utility(list(self.evaluate(s)))
            advance(s, policy(s, rng))
            depth += 1
        return self.utility(s.returns())

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations}" if self.iterations is not None else ""
        if self.time_limit is not None:
            budget += (", " if budget else "") + f"time_limit={self.time_limit}"
        return f"MCTSBot({budget})"
