"""The generic consistency checks every game of the kit must pass.

:func:`check_game` plays many seeded random games and, along the way, verifies the protocol:
games end within a bound; chance probabilities are positive and sum to 1; legal actions are
never empty and are all accepted; non-legal actions are rejected with ``IllegalAction`` and leave
the state unchanged; ``apply`` never mutates its input; replaying the record rebuilds the live
state; the JSON round trip gives an equal state that plays on identically; observations are
JSON-serialisable.  A game adds its own conservation laws through ``invariant``.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from .actions import Action
from .play import sample_chance
from .protocol import GameState, IllegalAction, sum_is_one
from .record import load, replay
from .spec import GameSpec

Invariant = Callable[[GameState], None]
Fuzz = Callable[[GameState, random.Random], Iterable[Any]]

_NOT_ACTIONS: tuple[Any, ...] = (None, "pass", 3, (), object())


@dataclass
class CheckReport:
    games: int = 0
    moves: int = 0
    longest: int = 0
    deep_checks: int = 0
    legal_applied: int = 0
    illegal_rejected: int = 0
    round_trips: int = 0
    lengths: list[int] = field(default_factory=list)


def _fail(where: str, message: str) -> None:
    raise AssertionError(f"{where}: {message}")


def check_chance_node(state: GameState, where: str) -> None:
    outcomes = state.chance_outcomes()
    if not outcomes:
        _fail(where, "a chance node with no outcomes")
    if state.current_player() is not None:
        _fail(where, "current_player() must be None at a chance node")
    actions = [a for a, _ in outcomes]
    if len(set(actions)) != len(actions):
        _fail(where, "duplicate chance outcomes")
    probs = [p for _, p in outcomes]
    if any(not p > 0 for p in probs) or not sum_is_one(probs):
        _fail(where, f"chance probabilities must be positive and sum to 1, got sum {sum(probs)}")


def check_decision_node(state: GameState, where: str) -> list[Action]:
    legal = state.legal_actions()
    if not legal:
        _fail(where, "no legal actions at a decision node")
    player = state.current_player()
    if type(player) is not int or not 0 <= player < state.num_players:
        _fail(where, f"current_player() must be a seat number, got {player!r}")
    if len(set(legal)) != len(legal):
        _fail(where, "duplicate legal actions")
    return legal


def _deep_check(
    spec: GameSpec,
    state: GameState,
    pool: list[Action],
    rng: random.Random,
    fuzz: Fuzz | None,
    report: CheckReport,
    where: str,
    legal_limit: int,
    illegal_limit: int,
) -> None:
    before = state.fingerprint()
    if state.is_terminal():
        allowed: list[Action] = []
    elif state.is_chance():
        allowed = [a for a, _ in state.chance_outcomes()]
    else:
        allowed = state.legal_actions()
    for action in rng.sample(allowed, min(legal_limit, len(allowed))):
        try:
            state.apply(action)
        except IllegalAction as exc:
            _fail(where, f"legal action {action} was rejected: {exc}")
        report.legal_applied += 1
    allowed_set = set(allowed)
    candidates: list[Any] = [a for a in rng.sample(pool, min(len(pool), 4 * illegal_limit)) if a not in allowed_set]
    candidates = candidates[:illegal_limit] + list(_NOT_ACTIONS[: 1 + rng.randrange(len(_NOT_ACTIONS))])
    if fuzz is not None:
        candidates += [a for a in fuzz(state, rng) if a not in allowed_set]
    for action in candidates:
        try:
            state.apply(action)
        except IllegalAction:
            report.illegal_rejected += 1
        else:
            _fail(where, f"non-legal action {action!r} was accepted")
    if state.fingerprint() != before:
        _fail(where, "apply changed the state it was called on")
    for player in range(state.num_players):
        try:
            json.dumps(state.observation(player), allow_nan=False)
        except (TypeError, ValueError) as exc:
            _fail(where, f"observation({player}) is not JSON-serialisable: {exc}")
    loaded = load(state.to_json(), spec)
    if loaded != state or loaded.history() != state.history():
        _fail(where, "the JSON round trip did not give an equal state")
    if loaded.is_chance() != state.is_chance() or loaded.current_player() != state.current_player():
        _fail(where, "the loaded state does not continue like the saved one")
    if not (state.is_chance() or state.is_terminal()) and loaded.legal_actions() != state.legal_actions():
        _fail(where, "the loaded state offers different legal actions")
    report.round_trips += 1
    report.deep_checks += 1


def check_game(
    spec: GameSpec,
    players: int,
    games: int,
    seed: int = 0,
    *,
    options: dict[str, Any] | None = None,
    max_moves: int = 100_000,
    invariant: Invariant | None = None,
    fuzz: Fuzz | None = None,
    deep_every: int = 200,
    legal_limit: int = 25,
    illegal_limit: int = 10,
) -> CheckReport:
    """Play ``games`` random games and check the protocol; AssertionError on the first breach."""
    report = CheckReport()
    pool: list[Action] = []
    pool_set: set[Action] = set()
    for g in range(games):
        rng = random.Random(seed * 1_000_003 + g)
        state = spec.new_game(players, **(options or {}))
        where = f"{spec.name} {players}p seed {seed} game {g}"
        next_deep = rng.randrange(deep_every)
        for move in range(max_moves + 1):
            if invariant is not None:
                invariant(state)
            here = f"{where} move {move}"
            if state.is_terminal():
                break
            if state.is_chance():
                check_chance_node(state, here)
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(check_decision_node(state, here))
            if action not in pool_set and len(pool) < 5000:
                pool.append(action)
                pool_set.add(action)
            if move == next_deep:
                _deep_check(spec, state, pool, rng, fuzz, report, here, legal_limit, illegal_limit)
                next_deep += 1 + rng.randrange(deep_every)
            state = state.apply(action)
        else:
            _fail(where, f"no terminal state within {max_moves} moves")
        returns = state.returns()
        if len(returns) != players or not all(isinstance(r, (int, float)) for r in returns):
            _fail(where, f"returns() must give one number per player, got {returns!r}")
        if state.current_player() is not None or state.is_chance():
            _fail(where, "a terminal state has no current player and is no chance node")
        if g % 10 == 0:
            rebuilt = replay(spec, players, state.options, state.history())
            if rebuilt != state:
                _fail(where, "replaying the record does not rebuild the final state")
            _deep_check(spec, state, pool, rng, fuzz, report, where + " (terminal)", 0, illegal_limit)
        report.games += 1
        report.moves += move
        report.longest = max(report.longest, move)
        report.lengths.append(move)
    return report


class CheckedBot:
    """Wraps a bot for tests: asserts that every move it returns is legal and that it never changes the state."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.moves = bot, 0

    def act(self, state: GameState) -> Action:
        before = state.fingerprint()
        action = self.bot.act(state)
        assert action in state.legal_actions(), f"{self.bot!r} chose the illegal {action} in\n{state}"
        assert state.fingerprint() == before, f"{self.bot!r} changed the state it was shown"
        self.moves += 1
        return action


def check_in_place_advance(state: GameState, seed: int) -> None:
    """Play a random game from ``state`` twice: through ``apply`` and through the search's in-place
    ``gamekit.mcts.advance`` on a private copy, which records no events (one rule path: the rules take the
    same decisions either way); AssertionError if the two ever differ."""
    from .mcts import advance, private_copy

    rng = random.Random(seed)
    fast = private_copy(state)
    while not state.is_terminal():
        action = sample_chance(state, rng) if state.is_chance() else rng.choice(state.legal_actions())
        state = state.apply(action)
        advance(fast, action)
        if fast.fingerprint() != state.fingerprint() or fast._events is not None:
            _fail(f"{state.spec.name} seed {seed} move {state.move_number}", f"in-place {action} differs from apply")
    if fast.history() != state.history() or fast.returns() != state.returns():
        _fail(f"{state.spec.name} seed {seed}", "the in-place game ends with another history or other returns")


def check_position_round_trip(state: GameState, rng: random.Random) -> GameState:
    """``from_position(to_position())`` gives the same game as ``state``, or AssertionError.

    The same: the position written again, every seat's observation, the current player, the legal actions
    or chance outcomes (with their probabilities); then, under the same actions (random ones from ``rng``),
    the same offered lists, events and current player at every step to the end of the game, and the same
    returns and position at the end.  The copy is read from the position's JSON text.  Returns the copy."""
    where = f"{state.spec.name} position in phase {getattr(state, 'phase_name', '?')}"
    data = state.to_position()
    text = json.dumps(data)
    copy = state.spec.position_state(text)
    if copy.to_position() != json.loads(text):
        _fail(where, "the position read back is written differently")
    for seat in range(state.num_players):
        if copy.observation(seat) != state.observation(seat):
            _fail(where, f"seat {seat} observes something else")
    if copy.origin is None or copy.history():
        _fail(where, "a state read from a position starts its record there")
    a, b = state, copy
    while True:
        if a.current_player() != b.current_player() or a.is_terminal() != b.is_terminal():
            _fail(where, f"after {a.move_number - state.move_number} moves: another player to move")
        if a.is_terminal():
            break
        if a.chance_outcomes() != b.chance_outcomes() or a.legal_actions() != b.legal_actions():
            _fail(where, f"after {a.move_number - state.move_number} moves: other actions offered")
        legal = a.legal_actions()
        action = sample_chance(a, rng) if a.is_chance() else legal[rng.randrange(len(legal))]
        a, b = a.apply(action), b.apply(action)
        if a.events != b.events:
            _fail(where, f"after {a.move_number - state.move_number} moves: other events ({action})")
    if a.returns() != b.returns() or a.to_position() != b.to_position():
        _fail(where, "the game ends otherwise")
    return copy


def field_paths(value: Any, path: tuple[Any, ...] = ()) -> Iterable[tuple[Any, ...]]:
    """The path of every value inside a position (object keys and list indices), the whole first (``()``)."""
    yield path
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        yield from field_paths(item, path + (key,))


def mutate_position(data: dict[str, Any], rng: random.Random, donors: list[dict[str, Any]]) -> tuple[Any, ...]:
    """Spoil one value of ``data`` in place the way an editing teacher might, and return its path: a number a
    little off, a flag flipped, an entry dropped or repeated from a list or object, or a value taken from
    anywhere in another position of ``donors`` (a card, a name, a whole player)."""
    path = rng.choice(list(field_paths(data))[1:])
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    old, roll = parent[path[-1]], rng.random()
    if isinstance(old, bool):
        new: Any = not old
    elif isinstance(old, int) and roll < 0.7:
        new = old + rng.choice((-2, -1, 1, 2, 5))
    elif isinstance(old, list) and old and roll < 0.35:
        new = old[:]
        del new[rng.randrange(len(new))]
    elif isinstance(old, list) and old and roll < 0.7:
        new = old + [rng.choice(old)]
    elif isinstance(old, dict) and old and roll < 0.5:
        new = dict(old)
        new.pop(rng.choice(list(new)))
    else:
        donor = rng.choice(donors)
        new = donor
        for key in rng.choice(list(field_paths(donor))[1:]):
            new = new[key]
        new = json.loads(json.dumps(new))
    if isinstance(parent, list) and roll > 0.95:
        parent.pop(path[-1])
    else:
        parent[path[-1]] = new
    return path


def check_mutated_positions(states: Iterable[GameState], rng: random.Random,
                            invariant: Invariant | None = None) -> tuple[int, int]:
    """Each state's position, spoilt by one to three :func:`mutate_position`, is refused with a ValueError --
    or accepted as a state that round-trips (:func:`check_position_round_trip`) and plays to its end keeping
    ``invariant``.  Any other exception fails.  Returns (refused, accepted)."""
    refused = accepted = 0
    donors: list[dict[str, Any]] = []
    for state in states:
        data = state.to_position()
        donors = (donors + [data])[-40:]
        data = json.loads(json.dumps(data))
        paths = [mutate_position(data, rng, donors) for _ in range(rng.choice((1, 1, 2, 3)))]
        try:
            copy = state.spec.position_state(data)
        except ValueError:
            refused += 1
            continue
        except Exception as exc:  # (anything else is a bug: a position is refused with a ValueError only)
            raise AssertionError(f"{state.spec.name} position spoilt at {paths}: {type(exc).__name__} instead of "
                                 f"a ValueError") from exc
        accepted += 1
        check_position_round_trip(copy, rng)
        while True:
            if invariant is not None:
                invariant(copy)
            if copy.is_terminal():
                break
            copy = copy.apply(sample_chance(copy, rng) if copy.is_chance() else rng.choice(copy.legal_actions()))
    return refused, accepted
