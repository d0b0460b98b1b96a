"""Action ids: every action of a game as an integer, for libraries that number actions.

OpenSpiel, PettingZoo and neural networks index actions by integers in ``range(n)``; the kit's actions
are small values (``Bid(5)``).  A game's :class:`ActionIds` lists its actions once, in named
:class:`Block` s derived from its component data: decisions first, then chance outcomes (OpenSpiel
numbers chance outcomes too, in a range of their own).  So

* ``action_id(action)`` and ``action_from_id(i)`` convert both ways, for every action a state can
  offer, in ``range(num_distinct_actions)``;
* ids ``0 .. num_decisions - 1`` are decisions (a policy's output), the rest chance outcomes;
* :meth:`ActionIds.legal_mask` is the 0/1 vector of the ids legal in a state.

The mapping is stable: blocks are appended, never reordered (``tests/gamekit/test_ids.py`` pins each
game's table; ``docs/interop.md`` prints it).  Each game also states the bounds its rules imply
(:meth:`ActionIds.max_game_length`, :meth:`ActionIds.score_range`) and which actions some seats see
only in part (:meth:`ActionIds.seen_by`), for the information states of ``gamekit.interop``.

A game publishes its ids as ``ACTION_IDS`` in its module ``<game>.ids``; ``spec.ids`` finds it, and
the protocol's ``state.action_id(a)``, ``state.action_from_id(i)``, ``state.num_distinct_actions`` and
``state.legal_action_mask()`` use it.
"""
from __future__ import annotations

import numbers
from bisect import bisect_right
from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

import numpy as np

from .actions import Action

if TYPE_CHECKING:
    from .protocol import GameState


@dataclass(frozen=True)
class Block:
    """A run of consecutive ids: one action class, its actions in id order.

    ``doc`` says what the ids mean and where their count comes from (the component data or a rule);
    ``public`` names the fields everyone sees of an action some seats see only in part (see
    :meth:`ActionIds.seen_by`).
    """

    name: str
    doc: str
    actions: tuple[Action, ...]
    chance: bool = False
    public: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.actions:
            raise ValueError(f"block {self.name} has no actions")
        if len({type(a) for a in self.actions}) != 1:
            raise ValueError(f"block {self.name} mixes action classes")

    def __len__(self) -> int:
        return len(self.actions)


def grid(cls: type[Action], **values: Iterable[Any]) -> tuple[Action, ...]:
    """Every ``cls(**fields)`` over the product of the given field values, the last field varying fastest."""
    names = list(values)
    return tuple(cls(**dict(zip(names, combo))) for combo in product(*(tuple(v) for v in values.values())))


@dataclass(frozen=True)
class BlockRow:
    """One line of the id table: a block's name, first and last id, size and meaning."""

    name: str
    first: int
    last: int
    size: int
    chance: bool
    doc: str


class ActionIds:
    """A game's actions numbered ``0 .. num_distinct_actions - 1``, block by block (decisions first).

    A game subclasses this for its bounds (:meth:`max_game_length`, :meth:`score_range`) and, if some
    actions are partly hidden, :meth:`seen_by`.
    """

    #: The unit of the game's returns ("money", "points").
    score_unit: str = "score"
    #: Whether some seat ever lacks information another has (hidden cards or tiles).
    hidden_information: bool = False

    def __init__(self, blocks: Sequence[Block]) -> None:
        chance = [b.chance for b in blocks]
        if chance != sorted(chance):
            raise ValueError("decision blocks come first, then the chance blocks")
        self.blocks = tuple(blocks)
        self._actions: tuple[Action, ...] = tuple(a for b in blocks for a in b.actions)
        self._ids: dict[Action, int] = {}
        for i, action in enumerate(self._actions):
            if self._ids.setdefault(action, i) != i:
                raise ValueError(f"{action!r} is listed twice")
        self.num_distinct_actions = len(self._actions)
        self.num_decisions = sum(len(b) for b in blocks if not b.chance)
        self.num_chance_outcomes = self.num_distinct_actions - self.num_decisions
        self._public: dict[type, tuple[str, ...]] = {}
        for b in blocks:
            if self._public.setdefault(type(b.actions[0]), b.public) != b.public:
                raise ValueError(f"the blocks of {type(b.actions[0]).__name__} disagree on its public fields")
        self._starts = [sum(len(b) for b in blocks[:k]) for k in range(len(blocks))]

    # -- both ways ---------------------------------------------------------------------------------
    def action_id(self, action: Action) -> int:
        """The id of ``action``; ValueError for an action outside this game's id space."""
        try:
            return self._ids[action]
        except (KeyError, TypeError):
            raise ValueError(f"{action!r} has no action id in this game") from None

    def __contains__(self, action: object) -> bool:
        """Whether ``action`` is one of the game's actions (it has an id): a well-formed action of this game whose
        fields lie in the ranges some state can offer (``Bid(5)``, not ``Bid(999)``, ``Step("X")`` or an action of
        another game)."""
        try:
            return action in self._ids
        except TypeError:  # (unhashable: not an action)
            return False

    def action_from_id(self, i: Any) -> Action:
        """The action with id ``i`` (an int or a numpy integer; TypeError or ValueError otherwise)."""
        if isinstance(i, bool) or not isinstance(i, numbers.Integral):
            raise TypeError(f"an action id is an integer, got {i!r}")
        i = int(i)
        if not 0 <= i < self.num_distinct_actions:
            raise ValueError(f"action id {i} is out of range(0, {self.num_distinct_actions})")
        return self._actions[i]

    def is_chance_id(self, i: int) -> bool:
        return i >= self.num_decisions

    def block_of(self, i: int) -> Block:
        """The block that holds id ``i``."""
        self.action_from_id(i)  # (checks i)
        return self.blocks[bisect_right(self._starts, i) - 1]

    # -- what a state offers -----------------------------------------------------------------------
    def legal_ids(self, state: "GameState") -> list[int]:
        """The ids of the legal actions (at a chance node: of the chance outcomes), ascending."""
        ids = self._ids
        if state.is_chance():
            return sorted(ids[a] for a, _ in state.chance_outcomes())
        return sorted(ids[a] for a in state.legal_actions())

    def chance_ids(self, state: "GameState") -> list[tuple[int, float]]:
        """(id, probability) of each chance outcome, by ascending id."""
        return sorted((self._ids[a], p) for a, p in state.chance_outcomes())

    def legal_mask(self, state: "GameState") -> np.ndarray:
        """A 0/1 ``int8`` vector over all ids: 1 where the id is legal now (see :meth:`legal_ids`)."""
        mask = np.zeros(self.num_distinct_actions, dtype=np.int8)
        mask[self.legal_ids(state)] = 1
        return mask

    # -- what each seat sees of an action ------------------------------------------------------------
    def seen_by(self, before: "GameState", action: Action, after: "GameState") -> frozenset[int] | None:
        """The seats that see ``action`` (applied to ``before``, giving ``after``) in full; None when every
        seat does.  The others see only its block's ``public`` fields.  By default every action is public."""
        return None

    def public_token(self, action: Action) -> str:
        """What a seat that does not see ``action`` in full sees of it: its kind and the public fields."""
        shown = ",".join(f"{name}={getattr(action, name)}" for name in self._public[type(action)])
        return f"{action.kind}({shown})"

    # -- bounds the rules imply ----------------------------------------------------------------------
    def max_game_length(self, players: int, options: Mapping[str, Any]) -> int:
        """The most actions (chance outcomes included) a game can take; derived in ``docs/interop.md``."""
        raise NotImplementedError

    def score_range(self, players: int, options: Mapping[str, Any]) -> tuple[float, float]:
        """The least and the most any seat's final return (``state.returns()``) can be."""
        raise NotImplementedError

    # -- documentation -------------------------------------------------------------------------------
    def table(self) -> list[BlockRow]:
        """One row per block: name, first and last id, size, whether it is chance, meaning."""
        return [BlockRow(b.name, s, s + len(b) - 1, len(b), b.chance, b.doc) for b, s in zip(self.blocks, self._starts)]

    def markdown(self) -> str:
        """The id table as Markdown (the tables of ``docs/interop.md``)."""
        lines = ["| ids | block | count | meaning |", "| --- | --- | --- | --- |"]
        for row in self.table():
            kind = " (chance)" if row.chance else ""
            lines.append(f"| {row.first}-{row.last} | `{row.name}`{kind} | {row.size} | {row.doc} |")
        return "\n".join(lines)
