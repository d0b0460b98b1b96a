"""Questions from the engines: a position, a prompt, the possible answers, and how the answer is checked.

Both games ask their questions through the same interface (``g.questions``, a :class:`QuestionSet`)::

    import giganten as g
    g.questions.kinds()                       # each Kind: name, title, rulebook section, rule or judgement
    q = g.questions.make("new_price", seed=3)
    q.state, q.seat, q.prompt, q.options      # the position, the seat asked, the words, the answers offered
    q.check(1)                                # or q.check("$6,000"): a Feedback (.correct, .text, .section)

* A **rule question** has one exact answer that the engine computes (the new price after a die face, who is
  paid for a transport, ...): ``answer`` is the index of the right option, and the feedback says why, with
  the rulebook section, in the words the engine's events use.
* A **judgement question** ("what would you do?") has no single right answer: the coach
  (:func:`gamekit.coach.advise`) ranks the options, and the feedback gives the chosen option's cost against
  the best in the game's unit and in chance of winning, with the coach's reasons.

A kind makes its question from a seeded generator and a ``level`` (0 and up: later rounds, more pieces):
the same seed and level give the same question, for everyone in a class.  A question is asked of one seat
and is drawn from what that seat may see only: its prompt and options never depend on anything hidden
from the seat (twin states that differ only in hidden information give the same question).  Positions are
found by :func:`find_state`: seeded play (random by default) from a new game or a scenario until a state of
the wanted kind is reached.

A kind may also be asked **about a given position** -- a position file, a scenario, the position of a running
table: ``g.questions.kinds_at(state)`` lists the kinds that apply there (judgement kinds first), and
``g.questions.make_at(kind, state, seed=...)`` asks one (same seed, same question).  For a position that a class
sees on the projector, :func:`public_position` first re-deals everything the projector may not see (a seat's
hand, face-down tiles) from public information and the seed only.  This module is pure Python; the widget is
:mod:`gamekit.widgets.questions`.
"""
from __future__ import annotations

import operator
import random
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Hashable, Iterable, Protocol, Sequence, TypeVar, runtime_checkable

from .actions import Action, quote
from .coach import CoachModel, advise, model_of, percent
from .i18n import gettext
from .i18n import gettext as _
from .i18n.say import Later, Say, Text, joined
from .play import Bot, RandomBot, sample_chance
from .protocol import GameState

if TYPE_CHECKING:
    from .coach import Advice


@dataclass(frozen=True)
class Feedback:
    """What the kit says about one answer: right or not, why (with the rulebook section).

    For judgement questions: ``cost`` is the chosen option's cost against the coach's best in the game's
    unit (dollars, points), ``win_cost`` the same in chance of winning (0-1), ``best`` the index of the
    coach's best option."""

    correct: bool
    said: str | Text  # why, worded when read (:attr:`text`)
    section: str  # the rulebook section's English name, as the events name it (the key the code compares)
    cost: float | None = None
    win_cost: float | None = None
    best: int | None = None

    @property
    def text(self) -> str:
        """Right or not and why, with the rulebook section, in the reader's language."""
        return str(self.said)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Question:
    """One question: the position (``state``), the seat it is asked of, the prompt and the options.

    ``answer`` is the index of the right option (None for judgement questions, which the coach checks);
    ``explain(i)`` is the feedback for option ``i``; ``targets`` names, per option, the part of the game's
    picture that chooses it when clicked (None: no part; empty: answer with buttons).  A judgement question
    also keeps the action each option stands for (``actions``) and how the coach checks it (``coach``, a
    :class:`Coaching`; :meth:`coached` asks the same question of another coach setting).

    The prompt and the options are kept as texts worded when read (``said``, ``offered``): :attr:`prompt` and
    :attr:`options` give them in the reader's language (:func:`gamekit.i18n.using`), and the same question reads
    in any language."""

    kind: str
    state: GameState
    seat: int | None
    said: str | Text
    offered: tuple[str | Text, ...]
    answer: int | None
    explain: Callable[[int], Feedback] = field(repr=False, compare=False)
    targets: tuple[str | None, ...] = ()
    actions: tuple[Action, ...] = ()
    coach: Coaching | None = field(default=None, compare=False)
    section: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "offered", tuple(self.offered))
        if len(self.options) < 2 or len(set(self.options)) != len(self.options):
            raise ValueError(f"a question offers at least two different options, not {list(self.options)}")
        if self.answer is not None and not 0 <= self.answer < len(self.options):
            raise ValueError(f"the answer {self.answer} is not the index of an option (0-{len(self.options) - 1})")
        if self.targets and len(self.targets) != len(self.options):
            raise ValueError("targets name one picture part (or None) per option")
        if self.actions and len(self.actions) != len(self.options):
            raise ValueError("actions give one action per option")

    @property
    def prompt(self) -> str:
        """The question in the reader's language."""
        return str(self.said)

    @property
    def options(self) -> tuple[str, ...]:
        """The answers offered, in the reader's language."""
        return tuple(str(o) for o in self.offered)

    @property
    def judgement(self) -> bool:
        """Whether the coach checks the answer (no single right option)."""
        return self.answer is None

    def index(self, answer: int | str) -> int:
        """The index of ``answer``: an option's index (numpy integers too) or its text (in the reader's language
        or in English)."""
        if isinstance(answer, str):
            for words in (self.options, tuple(o.english() if isinstance(o, Text) else o for o in self.offered)):
                if answer in words:
                    return words.index(answer)
        elif not isinstance(answer, bool):
            try:
                i = operator.index(answer)
            except TypeError:
                pass
            else:
                if 0 <= i < len(self.options):
                    return i
        listed = "; ".join(f"{i}: {o}" for i, o in enumerate(self.options))
        raise ValueError(str(Say("{} is not an answer here: give an option's index (0-{}) or its text ({})",
                                 quote(answer), len(self.options) - 1, listed)))

    def check(self, answer: int | str) -> Feedback:
        """The feedback for ``answer`` (an option's index or its text); ValueError for anything else."""
        return self.explain(self.index(answer))

    def target_option(self, target: str) -> int | None:
        """The option that the picture part ``target`` chooses (None if it chooses none)."""
        return self.targets.index(target) if target is not None and target in self.targets else None

    def coached(self, *, samples: int | None = None, model: CoachModel | None = None) -> Question:
        """This judgement question, the same position, prompt and options, checked by the coach with ``samples``
        samples and ``model`` (unchanged where None): e.g. a cheap setting for tests of many positions."""
        if self.coach is None:
            raise ValueError("only a judgement question is checked by the coach")
        coaching = replace(self.coach, samples=self.coach.samples if samples is None else samples,
                           model=self.coach.model if model is None else model)
        return _judged(self.kind, self.state, self.said, self.section, self.actions, coaching, self.targets)


@dataclass(frozen=True)
class Coaching:
    """How the coach checks a judgement question: ``samples`` samples of what the seat cannot see, from ``seed``,
    by ``model`` (None: the game's coach); an answer within ``tolerance`` (in chance of winning) of the best
    counts as right."""

    samples: int
    seed: int
    tolerance: float
    model: CoachModel | None = None


@dataclass(frozen=True)
class Kind:
    """A kind of question: its name, a title (an English message id: :attr:`title` in the reader's language), the
    rulebook section (as the events name it), whether the coach judges it, and ``make(rng, level)`` that makes
    one.

    A kind that can be asked about a given position also has ``applies(state)`` (whether the position suits it:
    the move it asks about can be made there, the seat to move has a choice, ...) and ``at(state, rng)``, which
    asks it there."""

    name: str
    heading: str
    section: str
    judgement: bool
    make: Callable[[random.Random, int], Question] = field(repr=False, compare=False)
    applies: Callable[[GameState], bool] | None = field(default=None, repr=False, compare=False)
    at: Callable[[GameState, random.Random], Question] | None = field(default=None, repr=False, compare=False)

    @property
    def title(self) -> str:
        """The kind's title in the reader's language."""
        return gettext(self.heading)


@runtime_checkable
class Questions(Protocol):
    """What practice needs of a game's ``g.questions``: a :class:`QuestionSet`, or a module exposing its ``kinds`` and
    ``make`` (both games expose ``kinds_at`` and ``make_at`` too, for questions about a given position)."""

    def kinds(self) -> list[Kind]: ...

    def make(self, kind: str, seed: int, level: int = 0) -> Question: ...


class QuestionSet:
    """A game's kinds of question (``g.questions``): list them, make one from a seed."""

    def __init__(self, kinds: Sequence[Kind]) -> None:
        names = [k.name for k in kinds]
        if len(set(names)) != len(names):
            raise ValueError(f"two kinds of question share a name: {names}")
        self._kinds = {k.name: k for k in kinds}

    def kinds(self) -> list[Kind]:
        """Every kind, in the order given."""
        return list(self._kinds.values())

    def kind(self, name: str) -> Kind:
        """The kind ``name`` (ValueError listing the kinds if there is none)."""
        if not isinstance(name, str) or name not in self._kinds:
            raise ValueError(f"no kind of question {quote(name)}; the kinds are: {', '.join(self._kinds)}")
        return self._kinds[name]

    def make(self, kind: str, seed: int, level: int = 0) -> Question:
        """A question of ``kind`` from ``seed`` (same seed and level, same question); ``level`` >= 0 makes it
        harder (a later round, more pieces)."""
        chosen = self.kind(kind)
        if isinstance(seed, bool) or isinstance(level, bool):
            raise ValueError("seed and level are whole numbers")
        seed, level = operator.index(seed), operator.index(level)
        if level < 0:
            raise ValueError(f"level is 0 or more, not {level}")
        question = chosen.make(random.Random(f"{chosen.name}/{seed}/{level}"), level)
        if question.kind != chosen.name:
            raise AssertionError(f"kind {chosen.name!r} made a question of kind {question.kind!r}")
        return question

    def kinds_at(self, state: GameState) -> list[Kind]:
        """The kinds that can be asked about ``state`` (a position file, a scenario, a running table's position):
        the judgement kinds first ("what would you do?" for the seat to move), then the rule kinds, each in the
        order given."""
        fitting = [k for k in self._kinds.values() if k.at is not None and k.applies is not None and k.applies(state)]
        return sorted(fitting, key=lambda k: not k.judgement)

    def make_at(self, kind: str, state: GameState, seed: int = 0) -> Question:
        """A question of ``kind`` about ``state`` itself (same state and seed, same question); ValueError naming
        the kinds that apply there if ``kind`` does not."""
        chosen = self.kind(kind)
        if isinstance(seed, bool):
            raise ValueError("seed is a whole number")
        seed = operator.index(seed)
        if chosen not in self.kinds_at(state):
            fitting = ", ".join(k.name for k in self.kinds_at(state)) or _("none")
            raise ValueError(_("a question of the kind {kind} cannot be asked about this position (kinds that can: "
                               "{kinds})").format(kind=chosen.name, kinds=fitting))
        assert chosen.at is not None  # (kinds_at lists only kinds with ``at``)
        question = chosen.at(state, random.Random(f"{chosen.name}/at/{seed}"))
        if question.kind != chosen.name:
            raise AssertionError(f"kind {chosen.name!r} made a question of kind {question.kind!r}")
        return question

    def __repr__(self) -> str:
        return f"QuestionSet({', '.join(self._kinds)})"


def public_position(state: GameState, seed: int) -> dict[str, Any]:
    """The position of ``state`` as the projector may show it (``to_position()``): everything no seat shows the
    class -- a seat's hand, the oil of a face-down tile some seat has not seen -- re-dealt from public information
    and ``seed`` only
    (``state.determinize(None, rng)``, for games that hide something).  Twin states that differ only in what the
    projector cannot see give the same position, byte for byte."""
    if hasattr(state, "determinize"):
        state = state.determinize(None, random.Random(f"public/{seed}"))
    return state.to_position()


# -- finding positions --------------------------------------------------------------------------------------

Start = GameState | Callable[[random.Random], GameState]


def find_state(starts: Start | Sequence[Start], wanted: Callable[[GameState], bool], rng: random.Random, *,
               bots: Callable[[int, int], Bot] | None = None, max_moves: int = 5_000, tries: int = 200) -> GameState:
    """A state for which ``wanted(state)`` holds, reached by seeded play from one of ``starts``.

    Each try picks a start (a state, e.g. a scenario's, or a function of ``rng`` that makes one, e.g. a new game
    with a drawn number of players), then plays on: chance from ``rng``, decisions by ``bots(seat, seed)`` (the
    random bot by default; e.g. the club bot for positions like real play), testing ``wanted`` before every
    move and at the end (a kind may ask for a finished game).  A try whose game ends without a wanted state is
    dropped; RuntimeError after ``tries`` tries."""
    pool = list(starts) if isinstance(starts, Sequence) else [starts]
    make_bot = bots or (lambda seat, seed: RandomBot(seed))
    for _try in range(tries):
        start = rng.choice(pool)
        state = start(rng) if callable(start) and not isinstance(start, GameState) else start
        seated = [make_bot(seat, rng.getrandbits(32)) for seat in range(state.num_players)]
        for _move in range(max_moves):
            if state.is_terminal():
                break
            if wanted(state):
                return state
            seat = state.current_player()
            state = state.apply(sample_chance(state, rng) if seat is None else seated[seat].act(state))
        else:
            continue
        if wanted(state):
            return state
    raise RuntimeError(f"no wanted state found in {tries} tries")


Choice = TypeVar("Choice", bound=Hashable)


def choices(rng: random.Random, right: Choice, wrong: Iterable[Choice], k: int = 4,
            key: Callable[[Choice], Any] | None = None) -> tuple[tuple[Choice, ...], int]:
    """``k`` options at most: ``right`` and distinct wrong ones drawn from ``wrong``; in the order of ``key``
    (e.g. by amount) or else shuffled.  Returns the options and the index of the right one."""
    others = [w for w in dict.fromkeys(wrong) if w != right]
    picked = rng.sample(others, min(k - 1, len(others))) + [right]
    if key is not None:
        picked.sort(key=key)
    else:
        rng.shuffle(picked)
    return tuple(picked), picked.index(right)


# -- the two sorts of question ------------------------------------------------------------------------------

def section_text(section: str) -> str:
    """A rulebook section's name (or sections' names, "A; B") in the reader's language."""
    return "; ".join(gettext(part) for part in section.split("; "))


def rule_question(kind: str, state: GameState, seat: int | None, prompt: str | Text,
                  options: Sequence[str | Text], answer: int, why: str | Text, section: str,
                  targets: Sequence[str | None] = (), because: Sequence[str | Text] = ()) -> Question:
    """A question with one right option: the feedback says whether the answer is right, then why the chosen
    option is right or wrong (``because``: one sentence per option, if given), then ``why`` (the engine's
    reason in its events' words), with the rulebook ``section``.  Texts are worded when read."""
    options = tuple(options)
    if because and len(because) != len(options):
        raise ValueError("because gives one sentence per option")

    def explain(i: int) -> Feedback:
        reason = [because[i]] if because else []
        if i == answer:
            head = Say("Right: {}.", options[answer])
        else:
            head = Say("Not right: you chose {}; the answer is {}.", options[i], options[answer])
        return Feedback(i == answer, _feedback([head, *reason, why], section), section)

    return Question(kind, state, seat, prompt, options, answer, explain, tuple(targets), section=section)


def _feedback(parts: Sequence[str | Text], section: str) -> Text:
    """The sentences of a feedback, then its rulebook section in brackets (empty sentences left out), worded
    when read."""
    return Later(_feedback_text, tuple(parts), section)


def _feedback_text(parts: Sequence[str | Text], section: str) -> str:
    return " ".join(t for t in [*map(str, parts), f"[{section_text(section)}]"] if t)


def judgement_question(kind: str, state: GameState, prompt: str | Text, section: str, *,
                       actions: Sequence[Action] = (), samples: int = 24, seed: int = 0, tolerance: float = 0.02,
                       model: CoachModel | None = None, target: Callable[[Action], str | None] | None = None
                       ) -> Question:
    """A "what would you do?" question for the seat to move at ``state``, checked by the coach.

    The options are the coach's own options (the game's best few) and ``actions``, in the coach model's
    words for the seat (worded when read).  The coach ranks them once, when the first answer is checked (``samples``
    samples of what the seat cannot see, from ``seed``); an answer is right when it is the best or costs at
    most ``tolerance`` in chance of winning (0.02: two percentage points)."""
    if state.current_player() is None:
        raise ValueError("a judgement question is asked of the seat to move, not at a chance node or the end")
    tried = tuple(dict.fromkeys([*(model or model_of(state)).options(state), *actions]))
    targets = tuple(target(a) for a in tried) if target is not None else ()
    return _judged(kind, state, prompt, section, tried, Coaching(samples, seed, tolerance, model), targets)


def _judged(kind: str, state: GameState, prompt: str | Text, section: str, tried: Sequence[Action], coaching: Coaching,
            targets: Sequence[str | None]) -> Question:
    """The judgement question offering ``tried`` (in the coach model's words), checked with ``coaching``."""
    model = coaching.model or model_of(state)
    seat = state.current_player()
    assert seat is not None  # (judgement_question checked it)
    tried = list(tried)
    options = tuple(Later(model.describe, state, a) for a in tried)

    @lru_cache(maxsize=1)
    def advice() -> Advice:
        return advise(state, seat, samples=coaching.samples, seed=coaching.seed, model=model, include=tried)

    def explain(i: int) -> Feedback:
        ranked = advice()
        chosen, best = ranked.option(tried[i]), ranked.best
        assert chosen is not None  # (every offered action was included)
        best_index = tried.index(best.action)
        cost, win_cost = chosen.value_loss.mean, chosen.win_loss.mean
        correct = chosen.action == best.action or win_cost <= coaching.tolerance
        against = Say("{} ends about {} less and with {} less chance of winning" if cost >= 0 and win_cost >= 0 else
                      "{} ends about {} less and with {} more chance of winning" if cost >= 0 else
                      "{} ends about {} more and with {} less chance of winning" if win_cost >= 0 else
                      "{} ends about {} more and with {} more chance of winning",
                      chosen.said, Later(model.format_change, cost), Later(percent, abs(win_cost)))
        if chosen.action == best.action:
            head = Say("The coach's best option too: {}.", chosen.said)
        elif correct:
            head = Say("Nearly as good as the coach's best ({}): {}.", best.said, against)
        else:
            head = Say("The coach prefers {}: {}.", best.said, against)
        text = _feedback([head, joined(ranked.said, " ")], section)
        return Feedback(correct, text, section, cost=cost, win_cost=win_cost, best=best_index)

    return Question(kind, state, seat, prompt, options, None, explain, tuple(targets), tuple(tried), coaching, section)
