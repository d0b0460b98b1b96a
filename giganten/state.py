"""The Giganten game state: the position as small tuples of ints, and the game protocol.

The rules themselves live in ``giganten/rules/`` (one module per numbered action; ``rules/round.py`` puts
them in order); this module holds the data, copies it cheaply, and answers ``legal_actions``,
``chance_outcomes`` and ``apply`` from the phase's entry in ``rules.round.PHASES``.

Layout of the position (plain ints and tuples of ints; static board data is shared, never copied):

* ``money[p]``, ``bank``: dollars.  ``prices[c]``: track index of company c's marker.
* ``black``, ``locos[p]``: rail spaces (0 = start; the harbour is ``COMPONENTS.harbour``).
* ``trucks[p]``: the square a truck stands on, -1 while it waits beside the board.
* per site (``giganten.components.SITES``): ``site_state`` EMPTY / TILE (face down) / DERRICK,
  ``site_value`` (oil on the tile, kept after building), ``site_owner``, ``site_oil`` (chips under
  the derrick); the same as bit sets: ``tile_sites`` / ``tile_cells`` (face-down tiles),
  ``derrick_cells``.  ``known[p]``: bit set of the sites whose face-down tile player p has seen.
* ``storage``: every player's chips at every company (read it with :meth:`State.stored` or
  :meth:`State.storage_of`).  ``supply``: chips next to the board.
* ``hand``: every player's licenses (read it with :meth:`State.licenses`); ``lic_draw`` / ``lic_disc``:
  (ones, twos) in the draw pile and face up on the discard pile.
* ``card_draw[t]``, ``card_disc[t]``: action cards of type t in the piles; ``display``: face-up card
  types; ``held[p]``: the card p took this round (-1 none).

A state is immutable from the outside: every field is an int, a tuple or a frozen record, so a change made
through one state can never reach another.  The rules change the private copy ``apply`` hands them, through
the ``_``-methods below (the only code that knows how ``storage`` and ``hand`` are laid out); copying is
then nearly free, since a copy shares every tuple with its parent.
"""
from __future__ import annotations

import copyreg
import random
from dataclasses import asdict, dataclass
from typing import Any, Callable, Hashable, NamedTuple, Sequence

from gamekit import Action, GameState, IllegalAction
from gamekit.i18n import N_
from gamekit.i18n import gettext as _
from gamekit.positions import ChanceConcern
from gamekit.protocol import with_item

from . import explain
from .board import SITE_BIT
from .components import CARDS, COMPANY_COUNT, COMPONENTS, NAMES, SITES, CardType
from .rules import BID, CHANCE_PHASES, DEAL, DERRICK, EMPTY, END, PAY, PENALTY, SELL, TILE, in_turn, scoring
from .rules.round import PHASES, carry_on, start

_SLOTS = (
    "n", "opts", "phase", "cursor", "round", "start",
    "money", "bank", "prices", "black", "locos", "trucks",
    "site_state", "site_value", "site_owner", "site_oil", "tile_sites", "tile_cells", "derrick_cells",
    "known", "derricks_left", "storage", "supply",
    "hand", "lic_draw", "lic_disc", "card_draw", "card_disc", "display", "held",
    "mp", "special", "lic_pending", "prod_sites", "prod_i", "chip_site",
    "auc_company", "auc_eligible", "auc_active", "auc_high", "auc_bidder", "auc_turn",
    "final", "determinized", "_offered",
)
FIELDS = tuple(name for name in _SLOTS if not name.startswith("_"))
"""The public fields of a position (each an int, a tuple or a frozen record)."""


@dataclass(frozen=True, slots=True)
class Options:
    """A game's variant switches (``State.opts``): each field with its default; ``OPTION_HELP`` says what it does."""

    one_opponent_back: bool = False
    exact_price_change: bool = False
    open_licenses: bool = False
    first_player: int = 0
    bluff_bids: bool = False
    tie_by_license_cards: bool = False


OPTION_DEFAULTS = asdict(Options())
OPTION_HELP = {
    "one_opponent_back": N_("Danish summary: the 'locomotives back' special moves ONE chosen opponent's "
                            "locomotive back"),
    "exact_price_change": N_("a 'change price' card moves a marker by exactly N spaces (not up to N)"),
    "open_licenses": N_("teaching: every player's license hand is public"),
    "first_player": N_("seat (0-based) of the first start player, who takes the die (Setup 10: 'determine a "
                       "starting player')"),
    "bluff_bids": N_("Action 7 a: a player holding license cards may bid up to the most any hand could pay (all 39 "
                     "ones and 39 twos: 117), not only up to twice their own cards (the kit's house rule, ruling G5)"),
    "tie_by_license_cards": N_("End of Game: of locomotives on one space, the player with more license CARDS ranks "
                               "better (the default counts their added-up value, as Action 7 does; ruling G2)"),
}


class Auction(NamedTuple):
    """Action 7 a) at one company, as everyone sees it (``State.auction``)."""

    company: int
    eligible: tuple[int, ...]
    """The players with oil stored at the company: only they may bid."""
    active: tuple[int, ...]
    """The players who have not passed."""
    high_bid: int
    high_bidder: int | None
    to_act: int | None
    """Who bids or passes next (None once the auction is won)."""


class State(GameState):
    """A Giganten position.  Create one with ``giganten.new_game(players, **options)``."""

    __slots__ = _SLOTS

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        self._record = None
        self._events: list[Any] | None = []
        n = self.n = players
        self.opts = Options(**options)
        if not 0 <= self.opts.first_player < n:
            raise ValueError(_("first_player must be a seat from 0 to {}, got {}").format(n - 1,
                                                                                           self.opts.first_player))
        self.phase, self.cursor, self.round = DEAL, 0, 1
        self.start = self.opts.first_player  # Setup 10: the first start player takes the die
        self.money = (COMPONENTS.start_money,) * n
        self.bank = COMPONENTS.bank_start
        self.prices = (COMPONENTS.start_price_index,) * COMPANY_COUNT
        self.black = COMPONENTS.black_start
        self.locos = (COMPONENTS.player_start,) * n
        self.trucks = (-1,) * n
        self.site_state = (EMPTY,) * len(SITES)
        self.site_value = (0,) * len(SITES)
        self.site_owner = (-1,) * len(SITES)
        self.site_oil = (0,) * len(SITES)
        self.tile_sites = self.tile_cells = self.derrick_cells = 0
        self.known = (0,) * n
        self.derricks_left = (COMPONENTS.derricks_per_player,) * n
        self.storage = (0,) * (COMPANY_COUNT * n)
        self.supply = COMPONENTS.oil_chips
        self.hand = (0,) * (2 * n)
        self.lic_draw = (COMPONENTS.license_ones, COMPONENTS.license_twos)
        self.lic_disc = (0, 0)
        self.card_draw = tuple(t.copies for t in CARDS)
        self.card_disc = (0,) * len(CARDS)
        self.display: tuple[int, ...] = ()
        self.held = (-1,) * n
        self.mp, self.special, self.lic_pending = 0, False, 0
        self.prod_sites: tuple[int, ...] = ()
        self.prod_i, self.chip_site = 0, -1
        self.auc_company, self.auc_active = 0, 0
        self.auc_eligible: tuple[int, ...] = ()
        self.auc_high, self.auc_bidder, self.auc_turn = 0, -1, -1
        self.final: tuple[tuple[int, ...], ...] | None = None
        self.determinized = False
        self._offered: Sequence[Any] | None = None
        start(self)

    # -- copying and identity ------------------------------------------------------------------------
    def _copy(self) -> "State":
        """An independent copy: every field is immutable, so the copy shares them all."""
        new = self._copy_for_apply()
        new._events = []
        return new

    def _copy_for_apply(self) -> "State":
        """The copy ``apply`` changes (it gives the copy its own list of events)."""
        new = object.__new__(State)
        new.n, new.opts = self.n, self.opts
        new.phase, new.cursor = self.phase, self.cursor
        new.round, new.start = self.round, self.start
        new.money, new.bank, new.prices = self.money, self.bank, self.prices
        new.black, new.locos, new.trucks = self.black, self.locos, self.trucks
        new.site_state, new.site_value = self.site_state, self.site_value
        new.site_owner, new.site_oil = self.site_owner, self.site_oil
        new.tile_sites, new.tile_cells = self.tile_sites, self.tile_cells
        new.derrick_cells, new.known = self.derrick_cells, self.known
        new.derricks_left, new.storage, new.supply = self.derricks_left, self.storage, self.supply
        new.hand, new.lic_draw, new.lic_disc = self.hand, self.lic_draw, self.lic_disc
        new.card_draw, new.card_disc = self.card_draw, self.card_disc
        new.display, new.held = self.display, self.held
        new.mp, new.special, new.lic_pending = self.mp, self.special, self.lic_pending
        new.prod_sites, new.prod_i, new.chip_site = self.prod_sites, self.prod_i, self.chip_site
        new.auc_company, new.auc_eligible, new.auc_active = self.auc_company, self.auc_eligible, self.auc_active
        new.auc_high, new.auc_bidder, new.auc_turn = self.auc_high, self.auc_bidder, self.auc_turn
        new.final, new.determinized = self.final, self.determinized
        new._record = self._record
        new._offered = self._offered  # the same position (``_apply_in_place`` forgets it before changing it)
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        """``pickle``: through the save file (see :class:`gamekit.GameState`); a determinized state, which has
        no history and cannot be saved, pickles by its fields and unpickles as an equal determinized state."""
        if not self.determinized:
            return super().__reduce__()
        fields = {name: getattr(self, name) for name in (*_SLOTS, "_record", "_events")}
        fields.update(_offered=None)
        return copyreg.__newobj__, (State,), (None, fields)  # type: ignore[attr-defined]  # not in typeshed

    def fingerprint(self) -> Hashable:
        return tuple(getattr(self, name) for name in FIELDS if name != "determinized")

    # -- the protocol ------------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def options(self) -> dict[str, Any]:
        return asdict(self.opts)

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
    def wording(self) -> Callable[[str, tuple[Any, ...]], str]:
        """Event templates use Giganten's placeholders (see :func:`giganten.text.event_text`: ``{:name}`` a
        player, ``{:cell}`` a square, ``{:money}`` dollars, ``{:count chip}`` "3 chips" ...), worded from the
        template and its arguments alone."""
        from .text import event_text

        return event_text

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
        return tuple([i for i, owner in enumerate(owners) if owner == player and self.site_state[i] == DERRICK])

    @property
    def phase_name(self) -> str:
        """What the game waits for, in a word or two: "deal", "roll", "red card", "beige cards", "take a card",
        "licenses", "move", "build", "transport", "bid", "penalty", "pay", "sell" or "game over"."""
        return PHASES[self.phase].name

    def order(self) -> list[int]:
        """The seats in this round's order: the start player first, then clockwise."""
        return [(self.start + k) % self.n for k in range(self.n)]

    def stored(self, player: int, company: int) -> int:
        """The oil chips ``player`` has in storage at ``company``."""
        return self.storage[company * self.n + player]

    def holders(self, company: int) -> tuple[int, ...]:
        """The players with oil stored at ``company``, in this round's order (who may bid there, Action 7 a)."""
        n, start = self.n, self.start
        at = self.storage[company * n:(company + 1) * n]
        return tuple([p for p in (*range(start, n), *range(start)) if at[p] > 0])

    def storage_of(self, player: int) -> tuple[int, ...]:
        """``player``'s chips in storage at each company, in company order."""
        return self.storage[player::self.n]

    def licenses(self, player: int) -> tuple[int, int]:
        """``player``'s sales licenses: (cards of value 1, cards of value 2)."""
        return self.hand[2 * player], self.hand[2 * player + 1]

    def license_value(self, player: int) -> int:
        """What ``player``'s licenses add up to (what a bid can be paid with)."""
        return self.hand[2 * player] + 2 * self.hand[2 * player + 1]

    def license_count(self, player: int) -> int:
        """How many license cards ``player`` holds (public)."""
        return self.hand[2 * player] + self.hand[2 * player + 1]

    def card_of(self, player: int) -> CardType | None:
        """The action card type ``player`` holds this round, or None."""
        t = self.held[player]
        return CARDS[t] if t >= 0 else None

    def held_card(self, player: int) -> CardType:
        """The action card ``player`` took this round (Actions 3 and 4, when everyone holds one)."""
        return CARDS[self.held[player]]

    @property
    def auction(self) -> Auction | None:
        """The auction under way (Action 7 a-b), or None outside one."""
        if self.phase not in (BID, PENALTY, PAY, SELL):
            return None
        active = tuple(p for p in range(self.n) if self.auc_active >> p & 1)
        return Auction(self.auc_company, self.auc_eligible, active, self.auc_high,
                       self.auc_bidder if self.auc_bidder >= 0 else None,
                       self.auc_turn if self.phase == BID else None)

    def expecting(self) -> str:
        """What the game is waiting for, in words."""
        return explain.expecting(self)

    def describe(self, action: Action) -> str:
        """A full sentence for ``action`` played now, in the reader's language ("Red moves the truck east to
        (3, 7)", "Rød flytter trucken mod øst til (3, 7)")."""
        from .text import describe

        return describe(self, action)

    def action_words(self, action: Action) -> str:
        """``action`` as the player to move would do it, in the reader's language ("move the truck east to (3, 7)",
        "byd 5"): ``giganten.text.action_words``."""
        from .text import action_words

        return action_words(self, action)

    @property
    def final_accounting(self) -> list[dict[str, int]] | None:
        """End of Game: per player the rank, derricks, bonus and chips paid out (None before the end)."""
        return scoring.accounting_dicts(self.final) if self.final is not None else None

    # -- changing the position: the rules' only way (on the private copy ``apply`` hands them) -------------
    def _credit(self, player: int, amount: int) -> None:
        """The bank pays ``player`` ``amount`` dollars (a negative amount: the player pays the bank)."""
        self.money = with_item(self.money, player, self.money[player] + amount)
        self.bank -= amount

    def _transfer(self, payer: int, payee: int, amount: int) -> None:
        """``payer`` pays ``payee`` ``amount`` dollars."""
        money = list(self.money)
        money[payer] -= amount
        money[payee] += amount
        self.money = tuple(money)

    def _store(self, player: int, company: int, chips: int) -> None:
        """``chips`` more (or, negative, fewer) oil chips in ``player``'s storage at ``company``."""
        k = company * self.n + player
        self.storage = with_item(self.storage, k, self.storage[k] + chips)

    def _add_licenses(self, player: int, ones: int, twos: int) -> None:
        """``player`` gains (or, negative, gives up) license cards of value 1 and of value 2."""
        hand = list(self.hand)
        hand[2 * player] += ones
        hand[2 * player + 1] += twos
        self.hand = tuple(hand)

    def _set_price(self, company: int, index: int) -> None:
        self.prices = with_item(self.prices, company, index)

    def _move_truck(self, player: int, cell: int) -> None:
        self.trucks = with_item(self.trucks, player, cell)

    def _move_locomotive(self, player: int, space: int) -> None:
        self.locos = with_item(self.locos, player, space)

    def _add_derricks(self, player: int, k: int) -> None:
        """``k`` more (or, negative, fewer) of ``player``'s derricks beside the board."""
        self.derricks_left = with_item(self.derricks_left, player, self.derricks_left[player] + k)

    def _see(self, player: int, sites: int) -> None:
        """``player`` has looked at the face-down tiles of the bit set ``sites``."""
        self.known = with_item(self.known, player, self.known[player] | sites)

    def _set_site_value(self, site: int, value: int) -> None:
        """The tile on ``site`` shows ``value`` oil."""
        self.site_value = with_item(self.site_value, site, value)

    def _set_site(self, site: int, state: int, owner: int = -1, oil: int = 0) -> None:
        """``site`` becomes EMPTY, a face-down TILE, or a DERRICK of ``owner`` with ``oil`` chips under it; the bit
        sets of tiles and derricks follow."""
        if self.site_state[site] != state:
            self.site_state = with_item(self.site_state, site, state)
            bit, cell_bit = 1 << site, SITE_BIT[site]
            self.tile_sites = self.tile_sites | bit if state == TILE else self.tile_sites & ~bit
            self.tile_cells = self.tile_cells | cell_bit if state == TILE else self.tile_cells & ~cell_bit
            self.derrick_cells = self.derrick_cells | cell_bit if state == DERRICK else self.derrick_cells & ~cell_bit
        if self.site_owner[site] != owner:
            self.site_owner = with_item(self.site_owner, site, owner)
        if self.site_oil[site] != oil:
            self.site_oil = with_item(self.site_oil, site, oil)

    def _reveal_card(self, card: int) -> None:
        """A card of type ``card`` comes from its draw pile onto the display."""
        self.card_draw = with_item(self.card_draw, card, self.card_draw[card] - 1)
        self.display += (card,)

    def _take_card(self, player: int, card: int) -> None:
        """``player`` takes a card of type ``card`` from the display."""
        display = list(self.display)
        display.remove(card)
        self.display = tuple(display)
        self.held = with_item(self.held, player, card)

    def _discard_card(self, card: int) -> None:
        """A card of type ``card`` goes onto its discard pile."""
        self.card_disc = with_item(self.card_disc, card, self.card_disc[card] + 1)

    def _return_card(self, player: int) -> None:
        """``player``'s card of this round goes onto its discard pile."""
        self._discard_card(self.held[player])
        self.held = with_item(self.held, player, -1)

    def _reshuffle(self, types: Sequence[int]) -> None:
        """The discarded cards of these types become their draw pile."""
        draw, disc = list(self.card_draw), list(self.card_disc)
        for t in types:
            draw[t], disc[t] = disc[t], 0
        self.card_draw, self.card_disc = tuple(draw), tuple(disc)

    # -- hidden information ----------------------------------------------------------------------------
    def observation(self, player: int) -> dict[str, Any]:
        from .observe import observation

        return observation(self, self.check_seat(player))

    def determinize(self, player: int | None, rng: random.Random) -> "State":
        """A state consistent with what ``player`` has seen, hidden values re-sampled (see observe.py); ``player``
        None: consistent with what the projector shows (every hand and face-down tile re-sampled)."""
        from .observe import determinize

        return determinize(self, None if player is None else self.check_seat(player), rng)

    # -- positions: the state as data a teacher can read and edit (giganten/position.py) -------------------
    def to_position(self) -> dict[str, Any]:
        """The whole state as plain JSON data in the rulebook's words; ``giganten.from_position`` reads it back
        (see ``docs/positions.md``)."""
        from .position import to_position

        return to_position(self)

    def chance_concerns(self) -> ChanceConcern | None:
        """What this chance node decides: which tile space a tile is dealt to, which company the die is rolled
        for, which pile a card is revealed from, whose licenses are drawn or discarded (None at a decision)."""
        return explain.chance_concern(self)

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
