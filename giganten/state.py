"""The Giganten game state: the position as small lists of ints, and the game protocol.

The rules themselves live in ``giganten/rules/`` (one module per numbered action; ``rules/round.py`` puts
them in order); this module holds the data, copies it cheaply, and answers ``legal_actions``,
``chance_outcomes`` and ``apply`` from the phase's entry in ``rules.round.PHASES``.

Layout of the position (all plain ints and lists of ints; static board data is shared, never copied):

* ``money[p]``, ``bank``: dollars.  ``prices[c]``: track index of company c's marker.
* ``black``, ``locos[p]``: rail spaces (0 = start; the harbour is ``COMPONENTS.harbour``).
* ``trucks[p]``: the square a truck stands on, -1 while it waits beside the board.
* per site (``giganten.components.SITES``): ``site_state`` 0 empty / 1 face-down tile / 2 derrick,
  ``site_value`` (oil on the tile, kept after building), ``site_owner``, ``site_oil`` (chips under
  the derrick); the same as bit sets: ``tile_sites`` / ``tile_cells`` (face-down tiles),
  ``derrick_cells``.  ``known[p]``: bit set of the sites whose face-down tile player p has seen.
* ``storage[c * n + p]``: p's chips at company c.  ``supply``: chips next to the board.
* ``hand[2p]``, ``hand[2p + 1]``: p's licenses of value 1 and 2; ``lic_draw``/``lic_disc``: [ones, twos].
* ``card_draw[t]``, ``card_disc[t]``: action cards of type t in the piles; ``display``: face-up card
  types; ``held[p]``: the card p took this round (-1 none).
"""
from __future__ import annotations

import random
from typing import Any, Hashable, Sequence

from gamekit import Action, GameState, IllegalAction

from . import explain
from .components import CARDS, COMPONENTS, NAMES, SITES
from .rules import CHANCE_PHASES, DEAL, END, in_turn, scoring
from .rules.round import PHASES, carry_on, start

_SLOTS = (
    "n", "opts", "phase", "cursor", "round", "start",
    "money", "bank", "prices", "black", "locos", "trucks",
    "site_state", "site_value", "site_owner", "site_oil", "tile_sites", "tile_cells", "derrick_cells",
    "known", "derricks_left", "storage", "supply",
    "hand", "lic_draw", "lic_disc", "card_draw", "card_disc", "display", "held",
    "mp", "special", "lic_pending", "prod_sites", "prod_i", "chip_site",
    "auc_company", "auc_eligible", "auc_active", "auc_high", "auc_bidder", "auc_turn",
    "final", "determinized", "_offered", "_sites_own", "_cards_own", "_wealth_own", "_licenses_own",
)
_LIST_SLOTS = (
    "money", "prices", "locos", "trucks", "site_state", "site_value", "site_owner", "site_oil", "known",
    "derricks_left", "storage", "hand", "lic_draw", "lic_disc", "card_draw", "card_disc", "display", "held",
)
_OWN_FLAGS = ("_sites_own", "_cards_own", "_wealth_own", "_licenses_own")
"""Per copy-on-write group of lists: whether this state has its own lists (see ``State._copy_for_apply``)."""
_VALUE_SLOTS = tuple(s for s in _SLOTS if s not in _LIST_SLOTS and s != "_offered" and s not in _OWN_FLAGS)

OPTION_DEFAULTS = {"one_opponent_back": False, "exact_price_change": False, "open_licenses": False}
OPTION_HELP = {
    "one_opponent_back": "Danish summary: the 'locomotives back' special moves ONE chosen opponent's locomotive back",
    "exact_price_change": "a 'change price' card moves a marker by exactly N spaces (not up to N)",
    "open_licenses": "teaching: every player's license hand is public",
}


class State(GameState):
    """A Giganten position.  Create one with ``giganten.new_game(players, **options)``."""

    __slots__ = _SLOTS

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        self._record = None
        self._events = []
        n = self.n = players
        self.opts = dict(options)
        self.phase, self.cursor, self.round, self.start = DEAL, 0, 1, 0
        self.money = [COMPONENTS.start_money] * n
        self.bank = COMPONENTS.bank_start
        self.prices = [COMPONENTS.start_price_index] * 3
        self.black = COMPONENTS.black_start
        self.locos = [COMPONENTS.player_start] * n
        self.trucks = [-1] * n
        self.site_state = [0] * len(SITES)
        self.site_value = [0] * len(SITES)
        self.site_owner = [-1] * len(SITES)
        self.site_oil = [0] * len(SITES)
        self.tile_sites = self.tile_cells = self.derrick_cells = 0
        self.known = [0] * n
        self.derricks_left = [COMPONENTS.derricks_per_player] * n
        self.storage = [0] * (3 * n)
        self.supply = COMPONENTS.oil_chips
        self.hand = [0] * (2 * n)
        self.lic_draw = [COMPONENTS.license_ones, COMPONENTS.license_twos]
        self.lic_disc = [0, 0]
        self.card_draw = [t.copies for t in CARDS]
        self.card_disc = [0] * len(CARDS)
        self.display = []
        self.held = [-1] * n
        self.mp, self.special, self.lic_pending = 0, False, 0
        self.prod_sites, self.prod_i, self.chip_site = (), 0, -1
        self.auc_company, self.auc_eligible, self.auc_active = 0, (), 0
        self.auc_high, self.auc_bidder, self.auc_turn = 0, -1, -1
        self.final = None
        self.determinized = False
        self._offered = None
        self._sites_own = self._cards_own = self._wealth_own = self._licenses_own = True
        start(self)

    # -- copying and identity ------------------------------------------------------------------------
    def _copy(self) -> "State":
        """Copy the small mutable parts (lists of ints); static board data is shared."""
        new = self._copy_for_apply()
        new._events = []
        new._own_sites()
        new._own_cards()
        new._own_wealth()
        new._own_licenses()
        return new

    def _copy_for_apply(self) -> "State":
        """Like :meth:`_copy`, but the lists few actions change stay shared with this state until either changes
        them (copy-on-write: the rules first call the ``_own_...`` method of the group): the sites (the four
        per-site lists, ``known``, ``derricks_left``: :meth:`_own_sites`), the action cards (the two piles,
        ``display`` and ``held``: :meth:`_own_cards`), money, prices, locomotives and storages
        (:meth:`_own_wealth`) and the licenses (hands and piles: :meth:`_own_licenses`).  Only ``trucks`` is
        copied every time.  ``apply`` gives the copy its list of events."""
        new = object.__new__(State)
        new.n, new.opts = self.n, self.opts
        new.phase, new.cursor = self.phase, self.cursor
        new.round, new.start = self.round, self.start
        new.bank, new.black = self.bank, self.black
        new.tile_sites, new.tile_cells = self.tile_sites, self.tile_cells
        new.derrick_cells, new.supply, new.mp = self.derrick_cells, self.supply, self.mp
        new.special, new.lic_pending, new.prod_sites = self.special, self.lic_pending, self.prod_sites
        new.prod_i, new.chip_site, new.auc_company = self.prod_i, self.chip_site, self.auc_company
        new.auc_eligible, new.auc_active, new.auc_high = self.auc_eligible, self.auc_active, self.auc_high
        new.auc_bidder, new.auc_turn, new.final = self.auc_bidder, self.auc_turn, self.final
        new.determinized = self.determinized
        new.money, new.prices, new.locos = self.money, self.prices, self.locos
        new.trucks, new.site_state, new.site_value = self.trucks.copy(), self.site_state, self.site_value
        new.site_owner, new.site_oil, new.known = self.site_owner, self.site_oil, self.known
        new.derricks_left, new.storage, new.hand = self.derricks_left, self.storage, self.hand
        new.lic_draw, new.lic_disc, new.card_draw = self.lic_draw, self.lic_disc, self.card_draw
        new.card_disc, new.display, new.held = self.card_disc, self.display, self.held
        new._record = self._record
        new._offered = self._offered  # the same position (``_apply_in_place`` forgets it before changing it)
        new._sites_own = self._sites_own = new._cards_own = self._cards_own = False
        new._wealth_own = self._wealth_own = new._licenses_own = self._licenses_own = False
        return new

    def _own_sites(self) -> None:
        """Before changing ``site_state``, ``site_value``, ``site_owner``, ``site_oil``, ``known`` or
        ``derricks_left``: make them this state's own lists (after ``apply`` they are shared with the state it was
        applied to)."""
        if not self._sites_own:
            self.site_state, self.site_value = self.site_state.copy(), self.site_value.copy()
            self.site_owner, self.site_oil, self.known = self.site_owner.copy(), self.site_oil.copy(), self.known.copy()
            self.derricks_left = self.derricks_left.copy()
            self._sites_own = True

    def _own_cards(self) -> None:
        """Before changing ``card_draw``, ``card_disc``, ``display`` or ``held``: make them this state's own
        lists."""
        if not self._cards_own:
            self.card_draw, self.card_disc = self.card_draw.copy(), self.card_disc.copy()
            self.display, self.held = self.display.copy(), self.held.copy()
            self._cards_own = True

    def _own_wealth(self) -> None:
        """Before changing ``money``, ``prices``, ``locos`` or ``storage``: make them this state's own lists."""
        if not self._wealth_own:
            self.money, self.prices = self.money.copy(), self.prices.copy()
            self.locos, self.storage = self.locos.copy(), self.storage.copy()
            self._wealth_own = True

    def _own_licenses(self) -> None:
        """Before changing ``hand``, ``lic_draw`` or ``lic_disc``: make them this state's own lists."""
        if not self._licenses_own:
            self.hand, self.lic_draw, self.lic_disc = self.hand.copy(), self.lic_draw.copy(), self.lic_disc.copy()
            self._licenses_own = True

    def __deepcopy__(self, memo: dict) -> "State":
        """``copy.deepcopy`` gives an independent copy (the record of past actions is immutable and shared)."""
        new = self._copy()
        new._events = list(self._events)
        return new

    def fingerprint(self) -> Hashable:
        return (
            tuple(getattr(self, name) for name in _VALUE_SLOTS if name not in ("opts", "determinized"))
            + tuple(sorted(self.opts.items()))
            + tuple(tuple(getattr(self, name)) for name in _LIST_SLOTS)
        )

    # -- the protocol ------------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.opts)

    def is_terminal(self) -> bool:
        return self.phase == END

    def is_chance(self) -> bool:
        return self.phase in CHANCE_PHASES

    def current_player(self) -> int | None:
        actor = _ACTOR[self.phase]
        return actor(self) if actor is not None else None

    def legal_actions(self) -> list[Action]:
        if self.phase in CHANCE_PHASES:
            return []
        return list(self._offered if self._offered is not None else self._on_offer())

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase not in CHANCE_PHASES:
            return []
        return list(self._offered if self._offered is not None else self._on_offer())

    def _on_offer(self) -> Sequence[Any]:
        """What this position offers: the legal actions of a decision, the (outcome, probability) pairs of a
        chance node (nothing once the game is over) -- worked out once per position (a state never changes) and
        kept in ``_offered``, which is never handed out (``legal_actions`` gives a copy)."""
        offered = self._offered
        if offered is None:
            make = _OFFERED[self.phase]
            offered = self._offered = make(self) if make is not None else ()
        return offered

    def returns(self) -> list[float]:
        """Each player's money (final money once the game is over)."""
        return [float(m) for m in self.money]

    def _offers(self, action: Action) -> bool:
        """gamekit's test -- ``action`` is one of the legal actions (or chance outcomes) listed here -- with the
        list kept for the position and searched by identity first: bots, the stepper and the search pass the very
        objects listed, and comparing a long list with ``==`` would cost more than the move itself."""
        offered = self._offered if self._offered is not None else self._on_offer()
        if self.phase in CHANCE_PHASES:
            for outcome, _ in offered:
                if outcome is action:
                    return True
            return any(outcome == action for outcome, _ in offered)
        for legal in offered:
            if legal is action:
                return True
        return action in offered

    def _refusal(self, action: Action) -> IllegalAction:
        """The rule an action that is not offered here breaks, and what is allowed (``giganten/explain.py``)."""
        return explain.refusal(self, action)

    def _apply_in_place(self, action: Action) -> None:
        """The phase's rule carries out the (offered) action; then the game moves on to the next step if the
        current one is over (``rules/round.py``)."""
        self._offered = None  # the position changes from here on
        _RULES[self.phase][type(action)](self, action)
        carry_on(self)

    # -- helpers the rules and the views share -------------------------------------------------------
    def _word(self, template: str, args: tuple[Any, ...]) -> str:
        """Event templates use Giganten's placeholders (see :func:`giganten.text.event_text`: ``{:name}`` a
        player, ``{:cell}`` a square, ``{:money}`` dollars, ``{:count chip}`` "3 chips" ...)."""
        from .text import event_text

        return event_text(template, args)

    def name(self, player: int) -> str:
        return NAMES[player]

    def in_turn(self) -> int:
        """The player whose turn it is in a step played player by player, the start player first (whose decision
        it is, or whose licenses are drawn)."""
        return in_turn(self)

    def derrick_sites(self, player: int) -> tuple[int, ...]:
        """The sites where ``player``'s derricks stand, in site order (west to east)."""
        owners = self.site_owner
        if player not in owners:
            return ()
        return tuple([i for i, owner in enumerate(owners) if owner == player and self.site_state[i] == 2])

    @property
    def phase_name(self) -> str:
        """What the game waits for, in a word or two: "deal", "roll", "red card", "beige cards", "take a card",
        "licenses", "move", "build", "transport", "bid", "penalty", "pay", "sell" or "game over"."""
        return PHASES[self.phase].name

    def order(self) -> list[int]:
        """The seats in this round's order: the start player first, then clockwise."""
        return [(self.start + k) % self.n for k in range(self.n)]

    def license_value(self, player: int) -> int:
        return self.hand[2 * player] + 2 * self.hand[2 * player + 1]

    def license_count(self, player: int) -> int:
        return self.hand[2 * player] + self.hand[2 * player + 1]

    def card_of(self, player: int):
        """The action card type ``player`` holds this round, or None."""
        t = self.held[player]
        return CARDS[t] if t >= 0 else None

    def expecting(self) -> str:
        """What the game is waiting for, in words."""
        return explain.expecting(self)

    def describe(self, action: Action) -> str:
        """A full sentence for ``action`` played now ("Red moves the truck east to (3, 7)")."""
        from .text import describe

        return describe(self, action)

    @property
    def final_accounting(self) -> list[dict[str, int]] | None:
        """End of Game: per player the rank, derricks, bonus and chips paid out (None before the end)."""
        return scoring.accounting_dicts(self) if self.final is not None else None

    # -- hidden information ----------------------------------------------------------------------------
    def observation(self, player: int) -> dict[str, Any]:
        from .observe import observation

        return observation(self, player)

    def determinize(self, player: int, rng: random.Random) -> "State":
        """A state consistent with what ``player`` has seen, hidden values re-sampled (see observe.py)."""
        from .observe import determinize

        return determinize(self, player, rng)

    def to_json(self) -> str:
        if self.determinized:
            raise ValueError("a determinized state has no faithful history and cannot be saved")
        return super().to_json()

    def __str__(self) -> str:
        from .text import render

        return render(self)


_PHASES = tuple(PHASES[phase] for phase in range(END + 1))
_ACTOR = tuple(phase.actor for phase in _PHASES)
_OFFERED = tuple(phase.offered for phase in _PHASES)
_RULES = tuple(phase.rules for phase in _PHASES)
"""``rules.round.PHASES`` as tuples indexed by phase (what ``State`` reads for every action)."""
