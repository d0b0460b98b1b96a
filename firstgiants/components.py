"""First Giants components: the deck and the tokens, loaded from JSON and validated.

The rulebook's card appendix is missing, so ``data/deck.json`` is a **reconstruction** (see
``docs/firstgiants-deck.md``): 65 cards, each with a Family, a Size (1 Small, 2 Medium, 3 Large,
or ``"egg"``), a Timing and an Effect built only from the rulebook's icon legend
("Cards' Icons & Effects").  ``data/tokens.json`` holds the Set-token counts per player count,
the News-token values (estimates), amber, markers and dig sites.

Loading validates everything against the rulebook ("Components": 65 cards, 8 News tokens,
33 Set tokens, 80 amber; "Card Anatomy": five families, sizes 1-3; "End of the Game": News tokens
"are worth 3 or 5 points (as indicated on the token)"); a wrong file fails with a :class:`DataError`
that names the file, the card and the problem.  What the rulebook does not fix is marked as an
estimate in the data (``"estimate": true``): the deck (its appendix is missing) and which News tokens
are worth 3 and which 5.

For speed the rules read plain tuples indexed by card id (``FAMILY[c]``, ``SIZE[c]``, ...),
built once here and shared by every state.
"""
from __future__ import annotations

import json
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamekit.words import counted

DATA = Path(__file__).with_name("data")

#: Rulebook, "Components".
CARDS_IN_BOX = 65
NEWS_TOKENS_IN_BOX = 8
#: Rulebook, "End of the Game": "News tokens are worth 3 or 5 points (as indicated on the token)".
NEWS_VALUES = (3, 5)
#: Rulebook, "Card Anatomy": the five families and the three sizes.
FAMILY_NAMES = ("Flying", "Herbivore", "Carnivore", "Marine", "Mammal")
SIZE_NAMES = {1: "Small", 2: "Medium", 3: "Large"}
EGG = 0  # the size code of an egg: "it can act as a card of any Size in a set"
EGG_COST = 2  # "To put an egg on display, spend 2 amber."

# Timings (rulebook, "Cards' Icons & Effects"); NO_TIMING only for cards without an effect (eggs).
NO_TIMING, ONCE, ANY_PLAYER_TAKES, YOU_TAKE_CARNIVORE, YOU_TAKE_NEW_FAMILY = -1, 0, 1, 2, 3
TIMINGS = {
    "none": NO_TIMING,
    "once_this_turn": ONCE,  # lightning bolt icon
    "each_time_any_player_takes_a_fossil": ANY_PLAYER_TAKES,  # fossil card icon
    "each_time_you_take_a_carnivore": YOU_TAKE_CARNIVORE,  # hand + carnivore icon
    "each_time_you_take_a_new_family": YOU_TAKE_NEW_FAMILY,  # hand + rainbow family icon
}
TIMING_TEXT = {
    NO_TIMING: "No effect",
    ONCE: "Once during this turn",
    ANY_PLAYER_TAKES: "Each time any player takes a fossil card",
    YOU_TAKE_CARNIVORE: "Each time you take a carnivore card",
    YOU_TAKE_NEW_FAMILY: "Each time you take a card from a Family you don't currently have in your Study",
}

# Effects (rulebook legend).
(GAIN_POINT, GAIN_AMBER, DISPLAY, DISPLAY_FREE, DISPLAY_TWO_DIFFERENT, DISPLAY_TWO_SAME, SPEND_3_FOR_2,
 DISPLAY_OR_POINT) = range(8)
EFFECTS = {
    "gain_point": GAIN_POINT,  # leaf icon
    "gain_amber": GAIN_AMBER,  # amber icon
    "display": DISPLAY,  # display icon
    "display_free": DISPLAY_FREE,  # display (crossed-out cost) icon
    "display_two_different_families": DISPLAY_TWO_DIFFERENT,  # two displays + rainbow family icon
    "display_two_same_family": DISPLAY_TWO_SAME,  # two displays + same family icon
    "spend_3_amber_for_2_points": SPEND_3_FOR_2,  # 3 amber arrow 2 points icon
    "display_or_point": DISPLAY_OR_POINT,  # display / leaf icon
}
#: Effects that are plain gains (no choice); only these take an amount and a multiplier.
GAINS = frozenset({GAIN_POINT, GAIN_AMBER})

# Multipliers (rulebook legend).
NO_MULTIPLIER, PER_CARNIVORE, PER_FAMILY, PER_PAIR = 0, 1, 2, 3
MULTIPLIERS = {
    None: NO_MULTIPLIER,
    "per_carnivore_in_study": PER_CARNIVORE,  # multiplier + carnivore icon
    "per_family_in_study": PER_FAMILY,  # multiplier + rainbow family icon
    "per_pair_in_study": PER_PAIR,  # multiplier + pair-of-cards icon
}
MULTIPLIER_TEXT = {
    NO_MULTIPLIER: "",
    PER_CARNIVORE: " for each carnivore card in your Study",
    PER_FAMILY: " for each different Family in your Study",
    PER_PAIR: " for each pair of cards in your Study",
}

# Who applies a part of an effect: the card's owner, or each opponent (opponents icon).
YOU, EACH_OPPONENT = 0, 1
WHO = {"you": YOU, "each_opponent": EACH_OPPONENT}


class DataError(ValueError):
    """A component data file that does not match the rulebook."""


@dataclass(frozen=True, slots=True)
class Part:
    """One part of a card's effect: ``effect`` x ``amount`` (x multiplier), applied by ``who``."""

    effect: int
    amount: int = 1
    multiplier: int = NO_MULTIPLIER
    who: int = YOU

    def text(self) -> str:
        opp = self.who == EACH_OPPONENT
        subject = "each opponent " if opp else ""
        s = "s" if opp else ""
        if self.effect == GAIN_POINT:
            what = f"gain{s} {counted(self.amount, 'point')}"
        elif self.effect == GAIN_AMBER:
            what = f"gain{s} {self.amount} amber"
        else:
            what = _CHOICE_TEXT[self.effect] if not opp else "may " + _CHOICE_TEXT[self.effect][8:]
        return subject + what + MULTIPLIER_TEXT[self.multiplier]


_CHOICE_TEXT = {
    DISPLAY: "you may display 1 fossil",
    DISPLAY_FREE: "you may display 1 fossil at no cost",
    DISPLAY_TWO_DIFFERENT: "you may display up to 2 fossils of different Families",
    DISPLAY_TWO_SAME: "you may display up to 2 fossils of the same Family",
    SPEND_3_FOR_2: "you may spend 3 amber to gain 2 points",
    DISPLAY_OR_POINT: "you may display 1 fossil OR gain 1 point",
}


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the deck (rulebook, "Card Anatomy")."""

    id: int
    family: int  # index into FAMILY_NAMES
    size: int  # 1, 2, 3, or EGG (0)
    timing: int
    parts: tuple[Part, ...]
    reconstruction: bool

    @property
    def family_name(self) -> str:
        return FAMILY_NAMES[self.family]

    @property
    def is_egg(self) -> bool:
        return self.size == EGG

    @property
    def cost(self) -> int:
        """Amber to put it on display: its size, or 2 for an egg ("Display 1 Fossil")."""
        return EGG_COST if self.size == EGG else self.size

    @property
    def name(self) -> str:
        if self.size == EGG:
            return f"{self.family_name} egg"
        return f"{SIZE_NAMES[self.size]} {self.family_name}"

    @property
    def effect_text(self) -> str:
        if not self.parts:
            return "Wild card: acts as any Size in a set; costs 2 amber to display"
        body = "; ".join(p.text() for p in self.parts)
        return f"{TIMING_TEXT[self.timing]}: {body[0].upper()}{body[1:]}."

    def __str__(self) -> str:
        return f"#{self.id} {self.name}"


@dataclass(frozen=True)
class Tokens:
    """Token counts and setup numbers (rulebook "Setup" and "Components"); which News tokens are worth 3 and
    which 5 is an estimate (``news_values_are_estimates``)."""

    family_news_value: int
    size_news_value: int
    news_open_value: int  # variant "two-sided" (ruling R23): a token that can still be stolen
    news_kept_value: int  # ... and one kept for good
    set_tokens_in_box: int
    set_tokens_in_play: dict[int, int]
    leaf_points: int
    double_leaf_points: int
    amber_in_box: int
    amber_per_player: int
    markers_per_player: int
    dig_sites: int
    cards_per_dig_site: int
    min_players: int
    max_players: int
    news_values_are_estimates: bool


def _fail(where: str, message: str) -> None:
    raise DataError(f"{where}: {message}")


def _keys(where: str, obj: Any, required: set[str], optional: AbstractSet[str] = frozenset()) -> None:
    if not isinstance(obj, dict):
        _fail(where, f"expected a JSON object, got {type(obj).__name__}")
    missing = required - set(obj)
    unknown = set(obj) - required - optional
    if missing:
        _fail(where, f"missing key(s) {sorted(missing)}")
    if unknown:
        _fail(where, f"unknown key(s) {sorted(unknown)}; known: {sorted(required | optional)}")


def _int(where: str, value: Any, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        _fail(where, f"expected an integer from {low} to {high}, got {value!r}")
    return value


def _one_of(where: str, value: Any, allowed: tuple[int, ...], why: str) -> int:
    if type(value) is not int or value not in allowed:
        _fail(where, f"expected {' or '.join(map(str, allowed))} ({why}), got {value!r}")
    return value


def _read(path: Path) -> Any:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise DataError(f"{path}: cannot read the component data: {exc}") from None


def _part(where: str, raw: Any) -> Part:
    _keys(where, raw, {"effect"}, {"amount", "multiplier", "who"})
    if raw["effect"] not in EFFECTS:
        _fail(where, f"unknown effect {raw['effect']!r}; known (the rulebook legend): {sorted(EFFECTS)}")
    effect = EFFECTS[raw["effect"]]
    multiplier = raw.get("multiplier")
    if multiplier not in MULTIPLIERS:
        _fail(where, f"unknown multiplier {multiplier!r}; known: {sorted(k for k in MULTIPLIERS if k)}")
    who = raw.get("who", "you")
    if who not in WHO:
        _fail(where, f"unknown 'who' {who!r}; known: {sorted(WHO)}")
    amount = _int(where + " amount", raw.get("amount", 1), 1, 5)
    if effect not in GAINS and (amount != 1 or multiplier is not None):
        _fail(where, f"{raw['effect']!r} is a choice: it takes no amount and no multiplier")
    return Part(effect, amount, MULTIPLIERS[multiplier], WHO[who])


def _card(where: str, raw: Any, index: int, families: tuple[str, ...]) -> Card:
    _keys(where, raw, {"id", "family", "size", "timing", "effect", "reconstruction"})
    if raw["id"] != index:
        _fail(where, f"ids must run 0, 1, 2, ... in order; expected {index}, got {raw['id']!r}")
    if raw["family"] not in families:
        _fail(where, f"unknown family {raw['family']!r}; the five families are {list(families)}")
    size = raw["size"]
    if size == "egg":
        size = EGG
    elif type(size) is not int or size not in SIZE_NAMES:
        _fail(where, f"size must be 1, 2, 3 or \"egg\", got {size!r}")
    if raw["timing"] not in TIMINGS:
        _fail(where, f"unknown timing {raw['timing']!r}; known (the rulebook legend): {sorted(TIMINGS)}")
    timing = TIMINGS[raw["timing"]]
    if not isinstance(raw["effect"], list):
        _fail(where, "effect must be a list of parts")
    parts = tuple(_part(f"{where} effect part {i}", p) for i, p in enumerate(raw["effect"]))
    if (timing == NO_TIMING) != (not parts):
        _fail(where, 'a card has a timing and an effect, or timing "none" and no effect (an egg)')
    if size != EGG and not parts:
        _fail(where, "only eggs may have no effect")
    if type(raw["reconstruction"]) is not bool:
        _fail(where, "reconstruction must be true or false")
    return Card(index, families.index(raw["family"]), size, timing, parts, raw["reconstruction"])


def load_deck(path: Path | str = DATA / "deck.json") -> tuple[Card, ...]:
    """The 65 cards of ``path``, validated (DataError on any mismatch with the rulebook)."""
    where = str(path)
    data = _read(Path(path))
    _keys(where, data, {"reconstruction", "note", "families", "carnivore_family", "cards"})
    if tuple(data["families"]) != FAMILY_NAMES:
        _fail(where, f"families must be the rulebook's five, {list(FAMILY_NAMES)}; got {data['families']!r}")
    if data["carnivore_family"] != "Carnivore":
        _fail(where, "carnivore_family must be 'Carnivore'")
    if not isinstance(data["cards"], list) or len(data["cards"]) != CARDS_IN_BOX:
        n = len(data["cards"]) if isinstance(data["cards"], list) else "no list of"
        _fail(where, f"the rulebook's box holds {CARDS_IN_BOX} cards, this file has {n}")
    cards = tuple(_card(f"{where}: card {i}", raw, i, FAMILY_NAMES) for i, raw in enumerate(data["cards"]))
    for f in range(len(FAMILY_NAMES)):
        if not any(c.family == f and c.size == EGG for c in cards):
            _fail(where, f"every family needs at least one egg; {FAMILY_NAMES[f]} has none")
        for s, size_name in SIZE_NAMES.items():
            if not any(c.family == f and c.size == s for c in cards):
                _fail(where, f"no {size_name} {FAMILY_NAMES[f]} card: every family needs every size")
    return cards


def load_tokens(path: Path | str = DATA / "tokens.json") -> Tokens:
    """Token counts of ``path``, validated against the rulebook's Setup, Components and End of the Game.

    Every number here is printed in the rulebook, so each must be the rulebook's, except the News tokens'
    values: the rulebook fixes only that each is worth 3 or 5 "as indicated on the token", so each value
    must be 3 or 5, and ``news_tokens.estimate`` says whether they are our estimate (true, the kit's file)
    or were read from the tokens of a real box (false).  The 8 News tokens are one per type of set ("the
    News token matching that set"): one per family and one per size.
    """
    where = str(path)
    d = _read(Path(path))
    _keys(where, d, {"note", "news_tokens", "set_tokens", "amber", "markers_per_player", "dig_sites",
                     "cards_per_dig_site", "players"})
    news, sets, amber, players = d["news_tokens"], d["set_tokens"], d["amber"], d["players"]
    _keys(where + " news_tokens", news, {"count", "estimate", "note", "family_value", "size_value", "two_sided"})
    types = len(FAMILY_NAMES) + len(SIZE_NAMES)
    if types != NEWS_TOKENS_IN_BOX:  # (the code's names, checked once: one token per type of set)
        _fail(where, f"{types} set types, but the box holds {NEWS_TOKENS_IN_BOX} News tokens, one per type")
    _int(where + " news_tokens.count", news["count"], NEWS_TOKENS_IN_BOX, NEWS_TOKENS_IN_BOX)
    if not isinstance(news["estimate"], bool):
        _fail(where + " news_tokens.estimate", f"expected true or false (true: which tokens are worth 3 and which "
              f"5 is an estimate; false: read from the tokens), got {news['estimate']!r}")
    worth = 'the rulebook: News tokens "are worth 3 or 5 points"'
    two_sided = news["two_sided"]
    _keys(where + " news_tokens.two_sided", two_sided, {"note", "open", "kept"})
    _keys(where + " set_tokens", sets, {"in_box", "in_play", "leaf_points", "double_leaf_points"})
    _keys(where + " amber", amber, {"in_box", "per_player"})
    _keys(where + " players", players, {"min", "max"})
    lo, hi = _int(where + " players.min", players["min"], 2, 2), _int(where + " players.max", players["max"], 5, 5)
    box = _int(where + " set_tokens.in_box", sets["in_box"], 33, 33)
    if not isinstance(sets["in_play"], dict) or sorted(sets["in_play"]) != [str(n) for n in range(lo, hi + 1)]:
        _fail(where, f"set_tokens.in_play needs one entry per player count {lo}-{hi}")
    in_play = {int(k): _int(f"{where} set_tokens.in_play[{k}]", v, 1, box) for k, v in sets["in_play"].items()}
    return Tokens(
        family_news_value=_one_of(where + " news_tokens.family_value", news["family_value"], NEWS_VALUES, worth),
        size_news_value=_one_of(where + " news_tokens.size_value", news["size_value"], NEWS_VALUES, worth),
        news_open_value=_one_of(where + " news_tokens.two_sided.open", two_sided["open"], NEWS_VALUES, worth),
        news_kept_value=_one_of(where + " news_tokens.two_sided.kept", two_sided["kept"], NEWS_VALUES, worth),
        set_tokens_in_box=box,
        set_tokens_in_play=in_play,
        leaf_points=_int(where + " leaf_points", sets["leaf_points"], 2, 2),
        double_leaf_points=_int(where + " double_leaf_points", sets["double_leaf_points"], 3, 3),
        amber_in_box=_int(where + " amber.in_box", amber["in_box"], 80, 80),
        amber_per_player=_int(where + " amber.per_player", amber["per_player"], 2, 2),
        markers_per_player=_int(where + " markers_per_player", d["markers_per_player"], 4, 4),
        dig_sites=_int(where + " dig_sites", d["dig_sites"], 4, 4),
        cards_per_dig_site=_int(where + " cards_per_dig_site", d["cards_per_dig_site"], 2, 2),
        min_players=lo,
        max_players=hi,
        news_values_are_estimates=news["estimate"],
    )


CARDS: tuple[Card, ...] = load_deck()
TOKENS: Tokens = load_tokens()
CARNIVORE = FAMILY_NAMES.index("Carnivore")

# Flat per-card tables (index = card id), shared by every state.
FAMILY: tuple[int, ...] = tuple(c.family for c in CARDS)
SIZE: tuple[int, ...] = tuple(c.size for c in CARDS)
COST: tuple[int, ...] = tuple(c.cost for c in CARDS)
TIMING: tuple[int, ...] = tuple(c.timing for c in CARDS)
PARTS: tuple[tuple[Part, ...], ...] = tuple(c.parts for c in CARDS)
#: The lowest id of the cards identical to card c (same family, size, timing and effect):
#: identical cards are one chance outcome.
KIND: tuple[int, ...] = tuple(
    next(d.id for d in CARDS if (d.family, d.size, d.timing, d.parts) == (c.family, c.size, c.timing, c.parts))
    for c in CARDS
)
#: True when no two cards are identical (then every card left in the deck is its own chance outcome).
UNIQUE_KINDS: bool = KIND == tuple(range(len(CARDS)))
#: An id per distinct effect; cards with the same id here do the same thing when triggered.
EFFECT_ID: tuple[int, ...] = tuple(
    next(d.id for d in CARDS if (d.timing, d.parts) == (c.timing, c.parts)) for c in CARDS
)
#: True when the card's effect is only plain gains (no choice): such effects commute.
PURE_GAIN: tuple[bool, ...] = tuple(all(p.effect in GAINS for p in c.parts) for c in CARDS)
#: Texts for the events, built once: "#12 Small Herbivore" and the card's effect in words.
LABEL: tuple[str, ...] = tuple(str(c) for c in CARDS)
EFFECT_TEXT: tuple[str, ...] = tuple(c.effect_text for c in CARDS)
