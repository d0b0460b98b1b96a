"""First Giants questions: rule questions the engine answers, and "what would you do?" checked by the coach.

    import firstgiants as g
    g.questions.kinds()                        # the kinds, each with its rulebook section
    q = g.questions.make("set_type", seed=1)   # the same seed, the same question
    q.prompt, q.options, q.check(0)

The interface is :mod:`gamekit.questions`, the same for both games.  Each kind here is a :class:`Maker`:
``wanted(state, level)`` says whether a position suits it, ``pose(state, rng, level)`` picks what the question
is about there (a :class:`Pose`), and ``ask(pose, rng)`` words the question and computes its answer with the
rules: the rule functions of ``firstgiants.rules`` or the action itself, applied to the position.
``find(rng, level)`` plays seeded random games (from a new game of 2-5 players, or from one of the game's
scenarios) until a wanted position and poses it there; ``at(state, rng)`` poses it at a given position (a
position file, a running table's: ``fg.questions.make_at(kind, state, seed=...)``).  The feedback says why
in the words of the engine's events (the events of that action, when there is one), with the rulebook
section.  ``level`` makes a question harder: a later round of the game and more players
(:func:`later`, :func:`starts`).

First Giants has no hidden information (the deck is face up; the cards below its top are the public
multiset of the cards not yet out), so a question may use the whole position; it never uses the game's
history or the seed that reached it: the same position read back from its position file
(``from_position(state.to_position())``) gives the same question.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, cast

from gamekit import Action, GameState, sample_chance
from gamekit.i18n import N_, SOURCE, pgettext, using
from gamekit.i18n.say import Later, Say, Text, joined, listing
from gamekit.words import say_count
from gamekit.questions import Kind, Question, QuestionSet, choices, find_state, judgement_question, rule_question

from . import SCENARIOS, new_game  # (defined before ``firstgiants/__init__.py`` imports this module)
from .actions import NEW_SET, Display, GainAmber, Reclaim, TakeCard
from .components import (
    CARDS,
    COST,
    DISPLAY_FREE,
    EFFECT_TEXT,
    FAMILY,
    GAIN_AMBER,
    GAIN_POINT,
    LABEL,
    ONCE,
    PARTS,
    PURE_GAIN,
    SIZE,
    SIZE_NAMES,
    TIMING,
    TOKENS,
    YOU,
)
from .rules import DECISION_NAMES, DISPLAYING, RECLAIM, RESOLVE, START, TAKE, end
from .rules.effects import TRIGGER, multiplier, triggered_by_take
from .rules.museum import (
    FAMILY_SET,
    SIZE_SET,
    UNTYPED,
    MuseumSet,
    fit,
    is_complete,
    join,
    largest,
    set_points,
    type_name,
)
from .rules.news import award_news, news_index, news_name, news_points, news_value
from .state import State
from .text import WORDING, card_name

#: Per level, the game is this many rounds further on (up to :data:`MAX_LEVEL`), and has one more player at least.
ROUNDS_PER_LEVEL = 2
MAX_LEVEL = 4


@dataclass(frozen=True)
class Pose:
    """A position found for a question: the state, the seat asked, and what the question is about (the kind's
    own data: a card, a set, an action)."""

    state: State
    seat: int
    subject: tuple[Any, ...] = ()


Search = Callable[[str, random.Random, int, Callable[[State], bool]], State]
"""How a kind searches for its position: ``(kind, rng, level, wanted)`` to a state (:func:`_find`, :func:`finished`)."""


@dataclass(frozen=True)
class Maker:
    """A kind's parts: which positions it wants (``wanted(state, level)``), what it asks about at one
    (``pose(state, rng, level)``, a :class:`Pose`), and its question (``ask(pose, rng)``); ``search`` finds a wanted
    position by seeded play (:func:`_find` by default)."""

    name: str
    wanted: Callable[[State, int], bool]
    pose: Callable[[State, random.Random, int], Pose]
    ask: Callable[[Pose, random.Random], Question]
    search: Search | None = None

    def find(self, rng: random.Random, level: int) -> Pose:
        """A wanted position for ``level`` by seeded play, and what the question asks about there."""
        search = self.search or _find
        return self.pose(search(self.name, rng, level, lambda s: self.wanted(s, level)), rng, level)

    def applies(self, state: GameState) -> bool:
        """Whether the kind can be asked about ``state`` (at level 0: whatever the round and players)."""
        return self.wanted(cast(State, state), 0)

    def at(self, state: GameState, rng: random.Random) -> Question:
        """The question about ``state`` itself (a position the kind :meth:`applies` to)."""
        return self.ask(self.pose(cast(State, state), rng, 0), rng)

    def __call__(self, rng: random.Random, level: int) -> Question:
        return self.ask(self.find(rng, level), rng)


# -- positions -------------------------------------------------------------------------------------------

#: The scenarios (``firstgiants/data/scenarios/``) each kind's positions may also start from: the lessons of its rule.
SCENARIOS_OF = {
    "set_type": ("second_card_fixes_the_type", "an_egg_declares_the_size"),
    "set_fit": ("second_card_fixes_the_type", "an_egg_declares_the_size", "steal_and_lock_a_news_token"),
    "museum_points": ("steal_and_lock_a_news_token", "set_tokens_run_out"),
    "news_token": ("steal_and_lock_a_news_token",),
    "reclaim_amber": ("a_reclaim_that_pays_for_itself", "amber_runs_out"),
    "display_cost": ("a_reclaim_that_pays_for_itself", "an_egg_declares_the_size"),
    "effect_gain": ("amber_runs_out", "simultaneous_triggers"),
    "game_end": ("set_tokens_run_out", "the_deck_runs_out"),
    "final_score": ("set_tokens_run_out", "the_deck_runs_out"),
    "winner": ("set_tokens_run_out", "the_deck_runs_out"),
    "best_move": ("simultaneous_triggers", "a_reclaim_that_pays_for_itself"),
}
#: One try in this many starts from a scenario of the kind (if it has enough players for the level).
SCENARIO_ODDS = 5
#: From a scenario, the search first plays up to this many random moves (so that the scenario's own position is
#: not the question every time).
SCENARIO_MOVES = 4


@cache
def _scenario_state(name: str) -> State:
    return cast(State, SCENARIOS.get(name).state())


def starts(level: int, kind: str = "") -> list[Callable[[random.Random], State]]:
    """Where the search for a position of ``kind`` starts: a new game (at least ``2 + level`` players, up to 5) or,
    one try in :data:`SCENARIO_ODDS`, one of its scenarios (:data:`SCENARIOS_OF`) that has that many players, after
    a few random moves."""
    least = min(TOKENS.min_players + level, TOKENS.max_players)
    scenarios = [_scenario_state(name) for name in SCENARIOS_OF.get(kind, ())]
    scenarios = [state for state in scenarios if state.n >= least]

    def fresh(rng: random.Random) -> State:
        return new_game(rng.randint(least, TOKENS.max_players))

    def from_scenario(rng: random.Random) -> State:
        return _played_on(rng.choice(scenarios), rng)

    return [*[fresh] * (SCENARIO_ODDS - 1), from_scenario] if scenarios else [fresh]


def _played_on(state: State, rng: random.Random) -> State:
    """``state`` after up to :data:`SCENARIO_MOVES` random moves (fewer if the game ends)."""
    for _ in range(rng.randrange(SCENARIO_MOVES)):
        if state.is_terminal():
            break
        seat = state.current_player()
        state = _apply(state, sample_chance(state, rng) if seat is None else rng.choice(state.legal_actions()))
    return state


def later(state: State, level: int) -> bool:
    """Whether ``state`` is late enough for ``level``: ``ROUNDS_PER_LEVEL`` rounds per level (at most
    ``MAX_LEVEL`` levels' worth)."""
    return state.turns >= min(level, MAX_LEVEL) * ROUNDS_PER_LEVEL * state.n


def _find(kind: str, rng: random.Random, level: int, wanted: Callable[[State], bool]) -> State:
    """A position of ``kind`` for ``level`` (:func:`later`) for which ``wanted`` holds, by seeded random play."""
    return cast(State, find_state(starts(level, kind),
                                  lambda s: later(cast(State, s), level) and wanted(cast(State, s)), rng))


def finished(kind: str, rng: random.Random, level: int, wanted: Callable[[State], bool], tries: int = 1_000) -> State:
    """A finished game for which ``wanted`` holds: games from :func:`starts` played out by uniformly random choices
    (``State.playout``, the random bot's play without the events)."""
    begin = starts(level, kind)
    for _ in range(tries):
        start = rng.choice(begin)
        state = start(rng).playout(rng)
        if wanted(state):
            return state
    raise RuntimeError(f"no wanted finished game in {tries} tries")


def _words(text: str) -> Text:
    """An English piece the rules build (a card's label, an effect, a set's type ...), worded when read."""
    return Later(WORDING.text, text)


def _card(card: int) -> Text:
    """A card's name ("Small Herbivore") in the reader's language."""
    return Later(card_name, card)


def _apply(s: State, action: Action) -> State:
    return cast(State, s.apply(action))


def _deciding(s: State) -> int:
    seat = s.current_player()
    assert seat is not None  # (the poses of a decision are found at one)
    return seat


def _offered_cards(s: State) -> list[int]:
    """The cards the seat to move may put on display now (a new set is always possible for an affordable card)."""
    return [a.card for a in s.legal_actions() if isinstance(a, Display) and a.target == NEW_SET]


def _said(s: State, sections: Sequence[str] = (), player: int | None = None) -> Text:
    """The events of the last action, of ``sections`` (all if empty) and of ``player`` (any if None), as text
    worded when read (a state words its events when they are read)."""
    def wanted(section: str, by: int | None) -> bool:
        return (not sections or section in sections) and (player is None or by == player)

    return Later(lambda: " ".join(e.text for e in s.events if wanted(e.section, e.player)))


def _number_key(option: Text) -> int:
    return cast(Say | Later, option).args[0]


def amount(value: int, unit: str) -> Text:
    """An amount in words: "1 point", "3 points", "2 amber"."""
    return Later(say_count, value, "point") if unit == "point" else Say("{} amber", value)


def _numbers(rng: random.Random, right: int, near: Sequence[int], unit: str) -> tuple[tuple[Text, ...], int]:
    """Four options, smallest first: ``right`` in a drawn place, the likely mistakes ``near`` first where they fit,
    then the amounts next to ``right``."""
    below = rng.randint(0, min(3, right))  # wrong amounts below the right one
    lows = [w for w in near if 0 <= w < right] + list(range(right - 1, -1, -1))
    highs = [w for w in near if w > right] + list(range(right + 1, right + 5))
    wrong = list(dict.fromkeys(lows))[:below] + list(dict.fromkeys(highs))[:3 - below]
    return choices(rng, amount(right, unit), [amount(w, unit) for w in wrong], key=_number_key)


# -- the type of a set after its second card -------------------------------------------------------------

def _set_type_pairs(s: State) -> list[tuple[int, int]]:
    p = s.current_player()
    if p is None:
        return []
    offered = _offered_cards(s)
    return [(k, card) for k, mset in enumerate(s.museum[p]) if mset.kind == UNTYPED for card in offered]


def pose_set_type(s: State, rng: random.Random, level: int) -> Pose:
    """A seat that may put a card on display and has a one-card set: the subject is (set, card), a card that may
    join the set half of the time (when there are both)."""
    p = _deciding(s)
    pairs = _set_type_pairs(s)
    fitting = [(k, c) for k, c in pairs if isinstance(fit(s.museum[p][k], c), tuple)]
    others = [pair for pair in pairs if pair not in fitting]
    return Pose(s, p, rng.choice(fitting if fitting and (not others or rng.random() < 0.5) else others))


NO_TYPE = N_("nothing: the card may not join it")


def _declared(name: str) -> Say:
    return Say("a size set whose size {} declares", name)


def _a(kind: int, key: int) -> Say:
    """"a Herbivore family set"."""
    return Say("a {}", _words(type_name(kind, key)))


def ask_set_type(pose: Pose, rng: random.Random) -> Question:
    """"Note that the second card added to the set determines its type": :func:`.rules.museum.join`."""
    s, p, (k, card) = pose.state, pose.seat, pose.subject
    name, first = s.names[p], s.museum[p][k].cards[0]
    joined_set = join(s.museum[p][k], card)
    families = dict.fromkeys([FAMILY[first], FAMILY[card]])
    sizes = [size for size in dict.fromkeys([SIZE[first], SIZE[card]]) if size]
    both_eggs = not sizes
    options: list[Text] = [*(_a(FAMILY_SET, f) for f in families), *(_a(SIZE_SET, z) for z in sizes)]
    options += [_declared(name)] * both_eggs + [Say(NO_TYPE)]
    why: Text
    if isinstance(joined_set, str):
        right, why = Say(NO_TYPE), Say("The rules forbid it: {}.", Later(join, s.museum[p][k], card))
    else:
        kind, key = joined_set
        right = _declared(name) if kind == SIZE_SET and key == 0 else _a(kind, key)
        action = next(a for a in s.legal_actions() if isinstance(a, Display) and (a.card, a.target) == (card, k))
        why = _said(_apply(s, action), ("Score Points",), p)
    opts, answer = choices(rng, right, options, k=5)
    prompt = Say("{} has {} alone in a set on display. If {} adds {} to that set, what does the set become?", name,
                 _words(LABEL[first]), name, _words(LABEL[card]))
    return rule_question("set_type", s, p, prompt, opts, answer, why, "Display 1 Fossil")


# -- which card may extend a set -------------------------------------------------------------------------

def _open_sets(s: State) -> list[tuple[int, int]]:
    """Every (player, set) of a typed set that is not complete."""
    return [(p, k) for p in range(s.n) for k, mset in enumerate(s.museum[p])
            if mset.kind != UNTYPED and not is_complete(mset)]


def _large_sets(s: State, level: int) -> list[tuple[int, int]]:
    """The typed, incomplete sets (of 3 cards or more at level 1 and up)."""
    return [(p, k) for p, k in _open_sets(s) if len(s.museum[p][k].cards) >= 2 + min(level, 1)]


def pose_set_fit(s: State, rng: random.Random, level: int) -> Pose:
    """A player's typed, incomplete set (of 3 cards or more at level 1 and up): the subject is the set."""
    p, k = rng.choice(_large_sets(s, level))
    return Pose(s, p, (k,))


def _card_names(cards: Sequence[int]) -> dict[str, int]:
    """One card per name ("Small Carnivore"), the lowest id."""
    out: dict[str, int] = {}
    for c in cards:
        out.setdefault(CARDS[c].name, c)
    return out


def ask_set_fit(pose: Pose, rng: random.Random) -> Question:
    """"Complete FAMILY SET -- Same Family + Different Sizes ... Complete SIZE SET -- Same Size + Different
    Families" (eggs act as any size): :func:`.rules.museum.fit`, over the cards of the box."""
    s, p, (k,) = pose.state, pose.seat, pose.subject
    mset = s.museum[p][k]
    names = _card_names(range(len(CARDS)))
    fitting = sorted(n for n, c in names.items() if isinstance(fit(mset, c), tuple))
    not_fitting = sorted(n for n, c in names.items() if not isinstance(fit(mset, c), tuple))
    right = rng.choice(fitting)
    chosen, answer = choices(rng, right, not_fitting)
    because: list[Text] = []
    for option in chosen:
        joined_set = join(mset, names[option])
        because.append(Say("A {} fits: the set grows to {} cards.", _card(names[option]), len(mset.cards) + 1)
                       if isinstance(joined_set, tuple) else
                       Say("A {} does not fit: {}.", _card(names[option]), Later(join, mset, names[option])))
    held = joined([_card(c) for c in mset.cards])
    prompt = Say("{}'s {} holds {}. Which of these cards could extend it?", s.names[p],
                 _words(type_name(mset.kind, mset.key)), held)
    why = Say("A family set holds one Family in different Sizes, at most 3 cards; a size set one Size in different "
              "Families, at most 5 cards; an egg acts as any Size.")
    return rule_question("set_fit", s, p, prompt, [_card(names[o]) for o in chosen], answer, why, "Display 1 Fossil",
                         because=because)


# -- what a museum scores --------------------------------------------------------------------------------

def _scoring(s: State, p: int) -> bool:
    return any(m.tokens for m in s.museum[p]) or p in s.news


def _museum_points_wanted(s: State, level: int) -> bool:
    """A player holding Set tokens or News tokens (at level 1 and up: a complete set or a News token too)."""
    return any(_scoring(s, p) and (level == 0 or p in s.news or any(map(is_complete, s.museum[p])))
               for p in range(s.n))


def pose_museum_points(s: State, rng: random.Random, level: int) -> Pose:
    """One of the players holding Set tokens or News tokens."""
    return Pose(s, rng.choice([p for p in range(s.n) if _scoring(s, p)]))


def museum_words(s: State, p: int) -> Say:
    """What ``p``'s museum shows, as the picture does: each set with its cards and Set tokens, and the News tokens
    ``p`` holds ("kept for good" where so)."""
    sets = [Say("a {} of {:count card} with {:count Set token}", _words(type_name(m.kind, m.key)), len(m.cards),
                m.tokens) if m.kind != UNTYPED else Say("a single card") for m in s.museum[p]]
    news = [_token(i, s.locked[i]) for i, o in enumerate(s.news) if o == p]
    return Say("{}'s museum: {}. News tokens: {}.", s.names[p],
               joined(sets, "; ") if sets else Say("nothing on display"), joined(news) if news else Say("none"))


def _token(i: int, locked: bool) -> Say:
    """"the Herbivore News token", "the ... (kept for good)"."""
    return Say("the {} (kept for good)" if locked else "the {}", _words(news_name(i)))


def _set_words(mset: MuseumSet) -> Say:
    complete = is_complete(mset)
    per = TOKENS.double_leaf_points if complete else TOKENS.leaf_points
    return Say("the {} ({} cards, complete): {:count Set token} x {} (double leaf) = {}" if complete else
               "the {} ({} cards, incomplete): {:count Set token} x {} (single leaf) = {}",
               _words(type_name(mset.kind, mset.key)), len(mset.cards), mset.tokens, per, set_points(mset))


def _news_words(s: State, p: int) -> list[Say]:
    reading = s.options["news_values"]
    return [Say("{} = {}", _token(i, s.locked[i]), news_value(i, s.locked[i], reading))
            for i, owner in enumerate(s.news) if owner == p]


def ask_museum_points(pose: Pose, rng: random.Random) -> Question:
    """"Each Set token is worth 2 points if the set is incomplete (single leaf) or 3 points if the set is complete
    (double leaf)"; "News tokens are worth 3 or 5 points": :func:`.rules.museum.set_points`,
    :func:`.rules.news.news_points`."""
    s, p = pose.state, pose.seat
    sets = [m for m in s.museum[p] if m.tokens]
    news = news_points(s.news, p, s.locked, s.options["news_values"])
    right = sum(set_points(m) for m in sets) + news
    tokens = sum(m.tokens for m in sets)
    near = [TOKENS.leaf_points * tokens + news, TOKENS.double_leaf_points * tokens + news, right - news]
    opts, answer = _numbers(rng, right, near, "point")
    why = Later(_capital, Say("{}: {} points in all.", joined([*map(_set_words, sets), *_news_words(s, p)], "; "),
                              right))
    prompt = Say("{} How many points are {}'s Set tokens and News tokens worth now (not counting the point tokens)?",
                 museum_words(s, p), s.names[p])
    return rule_question("museum_points", s, p, prompt, opts, answer, why, "Score Points")


def _capital(text: Text) -> str:
    words = str(text)
    return words[:1].upper() + words[1:]


# -- who holds a News token after an expansion -------------------------------------------------------------

def _expansions(s: State) -> list[Display]:
    """The displays the seat to move may make that extend a typed set."""
    p = s.current_player()
    if p is None or s.phase not in (RECLAIM, RESOLVE):
        return []
    return [a for a in s.legal_actions()
            if isinstance(a, Display) and a.target != NEW_SET and s.museum[p][a.target].kind != UNTYPED]


def _contested(s: State, a: Display) -> bool:
    """Whether another player holds the News token of the set ``a`` extends."""
    mset = s.museum[_deciding(s)][a.target]
    return s.news[news_index(mset.kind, mset.key)] not in (-1, s.current_player())


def _news_token_wanted(s: State, level: int) -> bool:
    """A seat that may extend a typed set (at level 1 and up: one whose News token another player holds)."""
    return any(level == 0 or _contested(s, a) for a in _expansions(s))


def pose_news_token(s: State, rng: random.Random, level: int) -> Pose:
    """The seat to move, and one of its displays that extend a typed set (contested, at level 1 and up)."""
    return Pose(s, _deciding(s), (rng.choice([a for a in _expansions(s) if level == 0 or _contested(s, a)]),))


def ask_news_token(pose: Pose, rng: random.Random) -> Question:
    """"If you are the first player to expand a set of a particular type, you immediately take from the supply
    the News token matching that set.  If another player obtains the same type of set with more cards, they
    steal the matching News token! ... If you are the first player to complete a type of set, the matching
    News token can no longer be stolen from you": :func:`.rules.news.award_news` (ruling R7)."""
    s, p, (action,) = pose.state, pose.seat, pose.subject
    name, mset = s.names[p], s.museum[p][action.target]
    kind, key = mset.kind, mset.key
    i = news_index(kind, key)
    holder, kept = s.news[i], s.locked[i]
    grown = MuseumSet(mset.cards + (action.card,), kind, key, mset.tokens)
    owner, locked, _ = award_news(holder, kept, s.museum, p, grown, s.names)
    token = _words(news_name(i))
    kind_name = _words(type_name(kind, key))
    if holder < 0:
        status = Say("The {} is still in the supply.", token)
    elif holder == p:
        status = Say("The {} is {}'s already, kept for good." if kept else "The {} is {}'s already.", token, name)
    else:
        status = Say("The {} is held by {} for good, whose largest {} has {} cards." if kept else
                     "The {} is held by {}, whose largest {} has {} cards.", token, s.names[holder], kind_name,
                     largest(s.museum[holder], kind, key))
    mine_for_good, mine = Say("{}, for good", name), Say("{}, who may still lose it", name)
    options: list[str | Text] = [mine_for_good, mine, Say("nobody: it stays in the supply")]
    options += [s.names[q] for q in range(s.n) if q != p]
    right = s.names[owner] if owner != p else mine_for_good if locked else mine
    must = [s.names[holder]] if holder >= 0 and holder != p else []
    opts, answer = choices(rng, right, [*must, *[o for o in options if o not in must]][:3])
    why = _said(_apply(s, action), ("Score Points",), p)
    prompt = Say("{} displays {}, extending {}'s {} from {} to {} cards. {} Who holds the {} then?", name,
                 _words(LABEL[action.card]), name, kind_name, len(mset.cards), len(grown.cards), status, token)
    return rule_question("news_token", s, p, prompt, opts, answer, why, "Score Points")


# -- the amber of a reclaim ------------------------------------------------------------------------------

def _markers_out(s: State, p: int) -> int:
    return TOKENS.markers_per_player - s.markers_on_board(p)


def _reclaim_amber_wanted(s: State, level: int) -> bool:
    """The start of a turn at which the seat may reclaim (at level 1 and up: 2 markers or more at dig sites)."""
    return s.phase == START and Reclaim() in s.legal_actions() and _markers_out(s, s.active) > min(level, 1)


def pose_reclaim_amber(s: State, rng: random.Random, level: int) -> Pose:
    return Pose(s, s.active)


def ask_reclaim_amber(pose: Pose, rng: random.Random) -> Question:
    """"Take all your markers from Dig Sites and return them to your board.  For each marker reclaimed, choose 1 of
    the following effects: Gain 1 amber OR Display 1 fossil"; the amber comes from the supply (ruling R6): the
    reclaim is applied, gaining 1 amber for every marker."""
    s, p = pose.state, pose.seat
    name = s.names[p]
    after = _apply(s, Reclaim())
    said = [_said(after, ("Reclaim Markers",), p)]
    while after.phase == RECLAIM:
        after = _apply(after, GainAmber())
        said.append(_said(after, ("Reclaim Markers", "Cards' Icons & Effects"), p))
    right = after.amber[p]
    opts, answer = _numbers(rng, right, [s.amber[p] + 1, s.amber[p] + TOKENS.markers_per_player], "amber")
    why = Later(lambda: " ".join(dict.fromkeys(t for t in map(str, said) if t)))
    sites = [str(site + 1) for site in range(len(s.sites)) if p in s.markers_at(site)]
    where = Say("dig site {}", listing(sites), plural="dig sites {}", n=len(sites))
    prompt = Say("{} has {} amber, {:count marker} on the board and {:count marker} at {}; the supply holds {} amber. "
                 "{} reclaims markers, choosing to gain 1 amber for every marker reclaimed. How much amber does {} "
                 "have then?", name, s.amber[p], TOKENS.markers_per_player - len(sites), len(sites), where,
                 s.amber_supply(), name, name)
    return rule_question("reclaim_amber", s, p, prompt, opts, answer, why, "Reclaim Markers")


# -- when the game ends ----------------------------------------------------------------------------------

def _game_end_wanted(s: State, level: int) -> bool:
    """A decision after the end was triggered."""
    return bool(s.end_cause) and s.current_player() is not None


def search_game_end(kind: str, rng: random.Random, level: int, wanted: Callable[[State], bool]) -> State:
    """A wanted decision by seeded play, a later one than the first after the end was triggered, most of the
    time."""
    return _find(kind, rng, level, lambda s: wanted(s) and rng.random() < 0.3)


def pose_game_end(s: State, rng: random.Random, level: int) -> Pose:
    return Pose(s, _deciding(s))


def _turns_word(names: Sequence[str]) -> Say:
    if not names:
        return Say("none: the game ends after this turn")
    return Say("{} more turn: {}", len(names), ", ".join(names), plural="{} more turns: {}", n=len(names))


def ask_game_end(pose: Pose, rng: random.Random) -> Question:
    """"Play continues until all players have had an equal number of turns": the game ends when the turn would
    pass back to the first player (ruling R18, :func:`.rules.end.end_turn`)."""
    s, p = pose.state, pose.seat
    n, active, first = s.n, s.active, s.first
    after = [s.names[(active + i) % n] for i in range(1, n)]
    left = (first - active - 1) % n
    options = [_turns_word(after[:k]) for k in range(n)]
    opts, answer = choices(rng, options[left], options, k=min(n, 4), key=options.index)
    last = s.names[(first - 1) % n]
    cause = Later(WORDING.text, s.end_cause, s.names)
    why = Say("End of the game triggered: {}. Play continues until all players have had an equal number of turns ({} "
              "plays last); {} took the first turn of the game.", cause, last, s.names[first])
    prompt = Say("The end of the game has been triggered ({}). {} took the first turn of the game, and it is {}'s turn "
                 "now. How many more turns are played after this one?", cause, s.names[first], s.names[active])
    return rule_question("game_end", s, p, prompt, opts, answer, why, "End of the Game")


# -- a final score, and who wins ------------------------------------------------------------------------

def _over(s: State, level: int) -> bool:
    return s.is_terminal()


def pose_final_score(s: State, rng: random.Random, level: int) -> Pose:
    """A finished game, and one of its players."""
    return Pose(s, rng.randrange(s.n))


def _game_over_words(s: State) -> Text:
    """The engine's words for the end of the game (``end.say_game_over``), worded on a copy of ``s`` when read."""
    copy = s._copy()
    copy._events = []
    end.say_game_over(copy)
    return _said(copy)


def ask_final_score(pose: Pose, rng: random.Random) -> Question:
    """"Add up your scores. News tokens are worth 3 or 5 points ... Each Set token is worth 2 points if the set is
    incomplete (single leaf) or 3 points if the set is complete (double leaf). Finally, add all the points earned
    during the game": :func:`.rules.end.score`."""
    s, p = pose.state, pose.seat
    name = s.names[p]
    sets = [m for m in s.museum[p] if m.tokens]
    news = news_points(s.news, p, s.locked, s.options["news_values"])
    right = end.score(s, p)
    tokens = sum(m.tokens for m in sets)
    near = [right - news, s.points[p] + TOKENS.leaf_points * tokens + news, right - s.points[p]]
    opts, answer = _numbers(rng, right, near, "point")
    parts = [Say("{:count point} earned during the game", s.points[p]), *map(_set_words, sets), *_news_words(s, p)]
    why = Say("{}: {}: {} points. {}", name, joined(parts, "; "), right, _game_over_words(s))
    prompt = Say("The game is over. {} has {:count point} earned during the game. {} What is {}'s final score?", name,
                 s.points[p], museum_words(s, p), name)
    return rule_question("final_score", s, p, prompt, opts, answer, why, "End of the Game")


#: From this level on, the finished games of :func:`find_winner` end in a tie (from level 1, a close finish).
TIE_LEVEL = 3
#: A close finish: the best two scores at most this far apart.
CLOSE = 2


def _winner_wanted(s: State, level: int) -> bool:
    """A finished game: from level 1 a close finish (the best two within :data:`CLOSE` points), from
    :data:`TIE_LEVEL` a tie."""
    if not s.is_terminal():
        return False
    best, second = sorted(s.returns(), reverse=True)[:2]
    return best - second <= (0 if level >= TIE_LEVEL else CLOSE if level else best)


def pose_winner(s: State, rng: random.Random, level: int) -> Pose:
    return Pose(s, s.first)


def _winners_word(names: Sequence[str]) -> Say:
    return Say("{} alone", names[0]) if len(names) == 1 else Say("{} share victory", listing(names))


def ask_winner(pose: Pose, rng: random.Random) -> Question:
    """"The player with the most points wins the game! In case of a tie, tied players share victory":
    :func:`.rules.end.winners`."""
    s = pose.state
    top = sorted(range(s.n), key=lambda q: (-end.score(s, q), q))[:3]
    seated = [s.names[q] for q in sorted(top)]  # (names in seat order)
    options = [_winners_word([s.names[q]]) for q in top] + [_winners_word([s.names[q] for q in sorted(top[:2])])]
    options += [_winners_word(seated)] * (len(top) > 2)
    right = _winners_word([s.names[q] for q in s.winners()])
    opts, answer = choices(rng, right, options, k=5)
    return rule_question("winner", s, pose.seat, Say("The game is over. Who wins?"), opts, answer,
                         _game_over_words(s), "End of the Game")


# -- what an effect gives --------------------------------------------------------------------------------

def _gains_of(card: int) -> list[int]:
    """The plain gains (points, amber) the taker of ``card`` applies."""
    return list(dict.fromkeys(part.effect for part in PARTS[card] if part.who == YOU))


def _lone_gains(s: State) -> list[int]:
    """The cards at the dig site the seat takes from whose own effect is a plain gain, and the only effect of the
    seat that the take triggers."""
    if s.phase != TAKE:
        return []
    p = s.active
    out = []
    for a in s.legal_actions():
        card = cast(TakeCard, a).card
        if TIMING[card] != ONCE or not PURE_GAIN[card]:
            continue
        studies = [study + (card,) if q == p else study for q, study in enumerate(s.study)]
        mine = [t for t in triggered_by_take(studies, p, card, s.eggs_not_fossils) if t.player == p]
        if mine == [TRIGGER[p][card]]:
            out.append(card)
    return out


def pose_effect_gain(s: State, rng: random.Random, level: int) -> Pose:
    """A seat about to take a card whose own effect is a plain gain (nothing else of theirs triggers)."""
    card = rng.choice(_lone_gains(s))
    return Pose(s, s.active, (card, rng.choice(_gains_of(card))))


def ask_effect_gain(pose: Pose, rng: random.Random) -> Question:
    """"Apply that card's effect"; the multipliers count the Study when the effect resolves, the card just taken
    included (ruling R12); gained amber comes from the supply (ruling R6): :func:`.rules.effects.multiplier`."""
    s, p, (card, effect) = pose.state, pose.seat, pose.subject
    name, study = s.names[p], s.study[p] + (card,)
    right = 0
    for part in PARTS[card]:
        if part.who == YOU and part.effect == effect:
            right += part.amount * multiplier(part.multiplier, study, s.eggs_not_fossils)
    unit = "point" if effect == GAIN_POINT else "amber"
    if effect == GAIN_AMBER:
        right = min(right, s.amber_supply())
    opts, answer = _numbers(rng, right, [right - 1, right + 1], unit)
    taken = _apply(s, TakeCard(card))
    with using(SOURCE):
        mine = [i for i, e in enumerate(taken.events)
                if e.player == p and e.text.startswith(f"{name} gains ") and LABEL[card] in e.text]
    gained = Later(lambda: " ".join(taken.events[i].text for i in mine))
    held = joined([_card(c) for c in s.study[p]]) if s.study[p] else Say("no card")
    prompt = (Say("{}'s Study holds {} (the supply holds {} amber). {} takes {} into the Study. Its effect: {} How "
                  "much amber does {} gain by this effect?", name, held, s.amber_supply(), name, _words(LABEL[card]),
                  _words(EFFECT_TEXT[card]), name) if effect == GAIN_AMBER else
              Say("{}'s Study holds {}. {} takes {} into the Study. Its effect: {} How many points does {} gain by "
                  "this effect?", name, held, name, _words(LABEL[card]), _words(EFFECT_TEXT[card]), name))
    return rule_question("effect_gain", s, p, prompt, opts, answer, gained, "Cards' Icons & Effects")


# -- what a display costs --------------------------------------------------------------------------------

def _display_cost_wanted(s: State, level: int) -> bool:
    """A seat that may put a card on display."""
    return s.current_player() is not None and bool(_offered_cards(s))


def pose_display_cost(s: State, rng: random.Random, level: int) -> Pose:
    return Pose(s, _deciding(s), (rng.choice(_offered_cards(s)),))


def _display_reason(s: State) -> Say:
    if s.phase == RECLAIM:
        return Say("for a reclaimed marker")
    decision = s.decision
    assert decision is not None and decision.code in DISPLAYING  # (a display is offered)
    return Say("by the effect of {} (\"{}\")", _words(LABEL[decision.source]), _words(DECISION_NAMES[decision.code]))


def ask_display_cost(pose: Pose, rng: random.Random) -> Question:
    """"To put a fossil on display, spend the amount of amber equal to its size"; an egg 2; the display icon
    with a crossed-out cost: nothing (``components.COST``, as ``rules.display.display`` pays it)."""
    s, p, (card,) = pose.state, pose.seat, pose.subject
    name = s.names[p]
    free = s.decision is not None and s.decision.code == DISPLAY_FREE
    right = 0 if free else COST[card]
    after = _apply(s, Display(card, NEW_SET))
    options = [amount(cost, "amber") for cost in range(4)]
    opts, answer = choices(rng, amount(right, "amber"), options, key=_number_key)
    size = (Say("the effect displays at no cost") if free else Say("an egg costs 2") if CARDS[card].is_egg else
            Say("its size is {}, {} amber", Later(pgettext, "size", SIZE_NAMES[SIZE[card]]), COST[card]))
    said = _said(after, ("Display 1 Fossil",), p)
    why = Say("{}: {}.", Later(lambda: str(said).rstrip(".")), size)
    prompt = Say("{} displays {} as a new set, {}. How much amber does {} pay?", name, _words(LABEL[card]),
                 _display_reason(s), name)
    return rule_question("display_cost", s, p, prompt, opts, answer, why, "Display 1 Fossil")


# -- what would you do? ----------------------------------------------------------------------------------

#: The rulebook section of each decision a seat makes.
SECTION_OF_PHASE = {START: "Game Turn", TAKE: "Play 1 Marker", RESOLVE: "Cards' Icons & Effects",
                    RECLAIM: "Reclaim Markers"}
#: The coach's samples per option for a judgement question.
JUDGEMENT_SAMPLES = 24


def _best_move_wanted(s: State, level: int) -> bool:
    """A real decision (two choices or more) of the seat to move."""
    return s.current_player() is not None and len(s.legal_actions()) > 1


def pose_best_move(s: State, rng: random.Random, level: int) -> Pose:
    return Pose(s, _deciding(s), (rng.getrandbits(32),))


def _decision_words(s: State) -> Text:
    if s.phase == START:
        return Say("play 1 marker or reclaim markers")
    if s.phase == TAKE:
        return Say("which card to take from dig site {}", s.site + 1)
    if s.phase == RECLAIM:
        return Say("for a reclaimed marker, gain 1 amber or display 1 fossil")
    decision = s.decision
    assert decision is not None  # (a state rests in RESOLVE at a decision)
    if decision.source >= 0:
        return Say("{} ({})", _words(DECISION_NAMES[decision.code]), _words(LABEL[decision.source]))
    return _words(DECISION_NAMES[decision.code])


def ask_best_move(pose: Pose, rng: random.Random) -> Question:
    """The seat's options, ranked by the coach (:mod:`firstgiants.coach`, points and chance of winning)."""
    s, p, (seed,) = pose.state, pose.seat, pose.subject
    prompt = Say("{} is to choose: {}. What would you do?", s.names[p], _decision_words(s))
    q = judgement_question("best_move", s, prompt, SECTION_OF_PHASE[s.phase], samples=JUDGEMENT_SAMPLES, seed=seed,
                           target=_picture_part)
    return q if len(set(q.targets)) == len(q.targets) else replace(q, targets=())  # (a click names one option)


def _picture_part(action: Action) -> str | None:
    """The part of the table's picture that chooses ``action`` when clicked (a dig site, a card), or None."""
    from .pictures import target_of  # (the picture's names; imported when a question is made, not with the rules)

    return target_of(action)


#: Every kind: its name, title, rulebook section, and maker (the judgement kind last).
_KINDS = (
    ("set_type", N_("The type of a set after its second card"), "Display 1 Fossil",
     Maker("set_type", lambda s, level: bool(_set_type_pairs(s)), pose_set_type, ask_set_type)),
    ("set_fit", N_("Which card may extend a set"), "Display 1 Fossil",
     Maker("set_fit", lambda s, level: bool(_large_sets(s, level)), pose_set_fit, ask_set_fit)),
    ("museum_points", N_("What a museum's tokens score"), "Score Points",
     Maker("museum_points", _museum_points_wanted, pose_museum_points, ask_museum_points)),
    ("news_token", N_("Who holds a News token: taken, stolen, kept for good"), "Score Points",
     Maker("news_token", _news_token_wanted, pose_news_token, ask_news_token)),
    ("reclaim_amber", N_("The amber of a reclaim"), "Reclaim Markers",
     Maker("reclaim_amber", _reclaim_amber_wanted, pose_reclaim_amber, ask_reclaim_amber)),
    ("display_cost", N_("What a display costs"), "Display 1 Fossil",
     Maker("display_cost", _display_cost_wanted, pose_display_cost, ask_display_cost)),
    ("effect_gain", N_("What a card's effect gives"), "Cards' Icons & Effects",
     Maker("effect_gain", lambda s, level: bool(_lone_gains(s)), pose_effect_gain, ask_effect_gain)),
    ("game_end", N_("When the game ends: equal turns"), "End of the Game",
     Maker("game_end", _game_end_wanted, pose_game_end, ask_game_end, search_game_end)),
    ("final_score", N_("A final score"), "End of the Game",
     Maker("final_score", _over, pose_final_score, ask_final_score, finished)),
    ("winner", N_("Who wins: tied players share victory"), "End of the Game",
     Maker("winner", _winner_wanted, pose_winner, ask_winner, finished)),
    ("best_move", N_("What would you do?"), "Game Turn",
     Maker("best_move", _best_move_wanted, pose_best_move, ask_best_move)),
)
#: Every kind's maker, by name (its two halves are what the tests call).
MAKERS: dict[str, Maker] = {name: maker for name, _, _, maker in _KINDS}
QUESTIONS = QuestionSet([Kind(name, title, section, name == "best_move", maker, maker.applies, maker.at)
                         for name, title, section, maker in _KINDS])

#: The kinds (``firstgiants.questions.kinds()``) and a question of a kind from a seed (``make(kind, seed, level)``);
#: the kinds that apply to a position (``kinds_at(state)``) and a question about it (``make_at(kind, state, seed)``).
kinds = QUESTIONS.kinds
make = QUESTIONS.make
kinds_at = QUESTIONS.kinds_at
make_at = QUESTIONS.make_at

__all__ = ["MAKERS", "QUESTIONS", "Maker", "Pose", "kinds", "kinds_at", "later", "make", "make_at", "starts"]

