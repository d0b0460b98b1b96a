"""The coach: a seat's options ranked in the game's unit and in the chance of winning, and game review.

For a decision of one seat, :func:`advise` tries each option (all legal moves, or the game's best
few when there are many) on the same samples of what the seat cannot know and the same luck
(common random numbers): each sample starts from what the seat sees (``determinize`` re-deals
everything hidden from it), applies the option, plays on with the game's model of every player
up to a horizon, and estimates every player's final result there.  So each option gets

* an estimate of the seat's **final result** in the game's unit (dollars, points) with its
  standard error over the samples;
* the seat's **chance of winning**, from the estimated results (a softmax whose temperature
  shrinks as the game nears its end, fitted on recorded games: each game's coach model);
* what it **costs** against the best option, in both, with the standard error of the paired
  difference (forced moves cost exactly 0);
* the game's **facts** counted over the samples (e.g. "wins the auction": the share of the
  sampled hands of the others in which the bid wins);

and the top options get one or two plain sentences that name the rule or the reason.
The coach reads only what the seat may see: the samples come from ``determinize(seat, rng)``
and the options from the seat's own legal moves (twin states that differ only in what the seat
cannot see get the same advice, seed for seed).

:func:`review` runs the coach over a finished game (or a save file): each move of the chosen
seats with what it cost against the best option, the biggest mistakes first, and the
win-chance estimate of every seat along the game (:func:`gamekit.plotting.plot_review` draws it).
:func:`review` also takes a save file (its path or its text).

Each game supplies a :class:`CoachModel` in ``<game>.coach.MODEL`` (its unit, options, rollout,
estimate, win chances and wording); :func:`coach` and :func:`review` find it from the state.
Everything here is plain data and text (records for tables, sentences; the chart is in :mod:`gamekit.plotting`), so
notebooks, the stepper and the classroom app show it as they like.
"""
from __future__ import annotations

import importlib
import json
import math
import random
import time
from dataclasses import dataclass, field, replace
from functools import partial
from os import PathLike
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from .actions import Action
from .i18n import N_, format_percent, gettext
from .i18n.say import Later, Say, Text, joined, one_decimal
from .mcts import advance, private_copy
from .protocol import GameState

#: 1.96: the half-width of a 95% interval in standard errors.
Z95 = 1.96


@dataclass(frozen=True)
class Estimate:
    """A mean over samples and its standard error (0 when every sample agrees, or when exact)."""

    mean: float
    se: float
    n: int

    @property
    def half_width(self) -> float:
        """Half the 95% interval."""
        return Z95 * self.se

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width

    @staticmethod
    def of(values: Sequence[float]) -> "Estimate":
        n = len(values)
        if n == 0:
            return Estimate(math.nan, math.nan, 0)
        mean = math.fsum(values) / n
        if n == 1:
            return Estimate(mean, math.nan, 1)
        var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
        return Estimate(mean, math.sqrt(max(0.0, var) / n), n)

    @staticmethod
    def exact(value: float) -> "Estimate":
        return Estimate(value, 0.0, 0)


@dataclass(frozen=True)
class Option:
    """One option of the seat, as the coach sees it."""

    action: Action
    said: str | Text  # the game's words for the action, for this seat (worded when read: :attr:`text`)
    value: Estimate  # the seat's final result (the game's unit)
    win: Estimate  # the seat's chance of winning, 0-1
    value_loss: Estimate  # the best option's value minus this one's (paired); exactly 0 for the best
    win_loss: Estimate  # the same in chance of winning
    facts: Mapping[str, float] = field(default_factory=dict)  # the game's tallies, as shares or means

    @property
    def text(self) -> str:
        """The game's words for the action, in the reader's language."""
        return str(self.said)


@dataclass(frozen=True)
class Advice:
    """The coach's ranking of one seat's options at one decision, best first."""

    seat: int
    move_number: int
    said_unit: str  # the unit of the final results, a message id ("dollars"): :attr:`unit` in the reader's words
    options: tuple[Option, ...]
    samples: int
    forced: bool  # a single legal move: nothing to choose
    unranked: int  # legal moves the coach did not try (the game's model found them clearly worse)
    said: tuple[str | Text, ...]  # the coach's sentences, worded when read (:attr:`sentences`)
    seconds: float = field(compare=False)

    @property
    def sentences(self) -> tuple[str, ...]:
        """The coach's plain sentences in the reader's language: the best option against the next, the reasons."""
        return tuple(str(t) for t in self.said)

    @property
    def unit(self) -> str:
        """The unit of the final results in the reader's language ("dollars", "point", "Punkte")."""
        return gettext(self.said_unit)

    @property
    def best(self) -> Option:
        return self.options[0]

    def option(self, action: Action) -> Option | None:
        """The coach's view of ``action`` (None if it was not among the options tried)."""
        return next((o for o in self.options if o.action == action), None)

    def records(self) -> list[dict[str, Any]]:
        """One plain row per option, best first (for a table or a DataFrame)."""
        return [{"rank": i + 1, "option": o.text, "action": o.action,
                 "value": o.value.mean, "value_low": o.value.low, "value_high": o.value.high,
                 "win": o.win.mean, "win_low": o.win.low, "win_high": o.win.high,
                 "value_loss": o.value_loss.mean, "win_loss": o.win_loss.mean, **dict(o.facts)}
                for i, o in enumerate(self.options)]

    def text(self, formatter: Callable[[float], str] | None = None, top: int = 8) -> str:
        """What the ranking is by, the ranking as a small text table, what ± means (where one shows), then the
        sentences."""
        fmt = formatter or one_decimal
        rows = [(o.text, with_margin(o.value, fmt), with_margin(o.win, percent)) for o in self.options[:top]]
        head = (gettext("option"), gettext("final result ({})").format(self.unit),
                gettext("chance of winning"))
        widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
        lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in [head, *rows]]
        if len(self.options) > top:
            more = len(self.options) - top
            lines.append(str(Say("... and {} more option", more, plural="... and {} more options", n=more)))
        note = [margin_note(self.samples)] if any("±" in cell for row in rows for cell in row) else []
        return "\n".join([ranked_by(self), *lines, *note, "", *self.sentences])


#: What the coach ranks a seat's options by, said in every ranking it shows.
RANKED_BY = N_("ranked by their chance of winning, best first")


def ranked_by(advice: Advice) -> str:
    """The line above a ranking that says what it is ranked by (in the reader's language)."""
    if advice.forced:
        return gettext("A single legal move: nothing to rank.")
    return gettext("The options, {}:").format(gettext(RANKED_BY))


def margin_note(samples: int) -> str:
    """The one explanation of ± under a ranking or a review: the coach's 95% margin, and nothing else (how far the
    game may still go is in the chance of winning, not in a second margin)."""
    return str(Say("± is the coach's 95% margin: how far its estimate from {} sample may be off (none where every "
                   "sample agreed). How far the game may still go is already in the chance of winning.", samples,
                   plural="± is the coach's 95% margin: how far its estimate from {} samples may be off (none where "
                   "every sample agreed). How far the game may still go is already in the chance of winning.",
                   n=samples))


def percent_points(share: float) -> int:
    """A chance as the whole percentage shown (0.643 -> 64): differences of chances are taken between these."""
    return round(share * 100)


def percent(share: float) -> str:
    """A chance in words, as the reader's language writes it: "64%" (en), "64 %" (da, de)."""
    return format_percent(percent_points(share) / 100)


def with_margin(estimate: Estimate, value: Callable[[float], str], margin: Callable[[float], str] | None = None) -> str:
    """``estimate`` as "mean ± its 95% margin", each worded by ``value`` (the margin by ``margin``, if given), or
    just the mean when the margin shows as zero (every sample agreed: "31.8 points ± 0.0 points" would read as a
    certain final result; a single sample gives no margin)."""
    if math.isnan(estimate.half_width):
        return value(estimate.mean)  # (a single sample: no margin to give)
    margin = margin or value
    shown = margin(estimate.half_width)
    return value(estimate.mean) if shown == margin(0.0) else f"{value(estimate.mean)} ± {shown}"


class CoachModel:
    """What the coach needs from a game: its unit, which options to try, a model of play, an estimate.

    A game subclasses this in ``<game>/coach.py`` (as ``MODEL``).  The defaults try every legal
    move and sample with ``determinize`` when the state has it.
    """

    #: The unit of a final result, for headings ("dollars", "points"; a message id, worded when shown).
    unit = N_("points")
    #: At most this many options are tried (the game's :meth:`options` picks them).
    max_options = 8
    #: What each sample draws anew, for the Hint's heading (``{seat}``: the advised seat's name; a message id,
    #: :attr:`sampled` in the reader's words).
    sampling = N_("the luck and of what {seat} cannot see")

    @property
    def sampled(self) -> str:
        """What each sample draws anew, in the reader's language (``{seat}``: the advised seat's name)."""
        return gettext(self.sampling)

    def coach(self, state: GameState, seat: int | None = None, *, samples: int = 24, seed: int = 0,
              time_limit: float | None = None) -> Advice:
        """The options of the seat to move, ranked (see :func:`advise`); a game's ``coach(state, seat)``."""
        return advise(state, seat, samples=samples, seed=seed, time_limit=time_limit, model=self)

    def review(self, game: GameState, seats: Sequence[int] | None = None, *, samples: int = 12, seed: int = 0,
               progress: Any = None) -> Review:
        """A finished game's moves judged by the coach (see :func:`review`); a game's ``review(game)``."""
        return review(game, seats, samples=samples, seed=seed, model=self, progress=progress)

    def bot(self, seed: int, samples: int = 24, time_limit: float | None = None) -> CoachBot:
        """A bot that plays the coach's best option (``samples`` per decision); a game's ``coach_bot``."""
        return CoachBot(seed, samples=samples, time_limit=time_limit, model=self)

    def format_value(self, value: float) -> str:
        """A final result in words, in the reader's language ("$26,000", "31.5 points"): the number and the unit."""
        return str(Say("{} {}", one_decimal(value), gettext(self.unit)))

    def format_change(self, value: float) -> str:
        """A difference of final results ("$3,000", "1.5 points")."""
        return self.format_value(abs(value))

    def rounded(self, value: float) -> float:
        """A final result rounded as :meth:`format_value` shows it: differences of shown results are taken
        between these, so the numbers side by side agree with the difference written beside them."""
        return round(value, 1)

    def describe(self, state: GameState, action: Action) -> str:
        """The action in words for the seat to move (in the reader's language: the coach calls it when read)."""
        return str(action)

    def player_name(self, state: GameState, seat: int) -> str | Text:
        """A seat's name as a review shows it (a text worded when read where the name is the game's word)."""
        return _name(state, seat)

    def options(self, state: GameState) -> list[Action]:
        """The options worth trying, best guess first (at most :attr:`max_options`)."""
        return state.legal_actions()[: self.max_options]

    def sample(self, state: GameState, seat: int, rng: random.Random) -> GameState:
        """A private copy consistent with what ``seat`` sees (hidden parts re-dealt from ``rng``)."""
        if hasattr(state, "determinize"):
            sample = state.determinize(seat, rng)
            sample._events = None
            return sample
        return private_copy(state)

    def playout(self, state: GameState, seat: int, rng: random.Random, start: GameState) -> dict[str, float]:
        """Play ``state`` on in place up to the horizon; return the facts noted on the way.

        ``start`` is the sample before the option was applied."""
        raise NotImplementedError

    def estimate(self, state: GameState) -> list[float]:
        """Every player's estimated final result (the game's unit)."""
        raise NotImplementedError

    def win_chances(self, state: GameState, estimates: Sequence[float]) -> list[float]:
        """Every player's chance of winning given the estimates (sums to 1)."""
        if state.is_terminal():
            best = max(estimates)
            winners = [i for i, v in enumerate(estimates) if v == best]
            return [1.0 / len(winners) if i in winners else 0.0 for i in range(len(estimates))]
        return softmax(estimates, self.temperature(state))

    def temperature(self, state: GameState) -> float:
        """How uncertain the estimates still are, in the game's unit (the softmax's temperature)."""
        raise NotImplementedError

    def spread(self, state: GameState) -> float:
        """How far final results typically land from an estimate made at ``state`` (0: not known)."""
        return 0.0

    def reasons(self, state: GameState, seat: int, option: Option, advice: "Advice") -> list[str | Text]:
        """Plain sentences for ``option`` that name the rule or the reason (the game's wording)."""
        return []


#: One knot of a calibration: ``(progress, intercept, weights of the features, temperature, spread)``.
Knot = tuple[float, float, tuple[float, ...], float, float]



def _between(share: float, low: float, high: float) -> float:
    """The value ``share`` of the way from ``low`` to ``high`` (linear interpolation)."""
    return low + share * (high - low)

class CalibratedModel(CoachModel):
    """A coach model whose estimates are fitted on recorded games.

    The game describes each player's position by a few numbers (:meth:`features`: points or money
    now, and what the bots' position value counts: amber, cards, sets, stored chips, ...) and says
    how far the game is (:meth:`progress`: 0 at the start, 1 at the end).  :attr:`calibration`
    holds, at progress knots, a linear estimate of the final result from the features, the softmax
    temperature of the chance of winning, and the spread (standard deviation) of the final results
    around the estimate, fitted by :func:`fit_calibration` on self-play games
    (``benchmarks/calibrate_coach.py``).  Between knots the coefficients are interpolated linearly.
    """

    calibration: tuple[Knot, ...] = ()

    def features(self, state: GameState) -> list[Sequence[float]]:
        """Every player's features (the same few numbers for each player)."""
        raise NotImplementedError

    def progress(self, state: GameState) -> float:
        raise NotImplementedError

    def coefficients(self, progress: float) -> tuple[float, tuple[float, ...], float, float]:
        """Intercept, feature weights, temperature and spread at ``progress`` (interpolated between knots)."""
        knots = self.calibration
        x = min(max(progress, knots[0][0]), knots[-1][0])
        for low, high in zip(knots, knots[1:]):
            if x <= high[0]:
                mix = partial(_between, (x - low[0]) / (high[0] - low[0]))
                return (mix(low[1], high[1]), tuple(map(mix, low[2], high[2])), mix(low[3], high[3]),
                        mix(low[4], high[4]))
        return knots[-1][1:]

    def estimate(self, state: GameState) -> list[float]:
        if state.is_terminal():
            return list(state.returns())
        a, w, _, _ = self.coefficients(self.progress(state))
        return [a + math.fsum(x * y for x, y in zip(w, f)) for f in self.features(state)]

    def temperature(self, state: GameState) -> float:
        return self.coefficients(self.progress(state))[2]

    def spread(self, state: GameState) -> float:
        return 0.0 if state.is_terminal() else self.coefficients(self.progress(state))[3]


def fit_calibration(records: Sequence[tuple[float, Sequence[Sequence[float]], Sequence[float], Sequence[float]]],
                    knots: Sequence[float], least: int = 200, ridge: float = 1e-6) -> tuple[Knot, ...]:
    """Fit :attr:`CalibratedModel.calibration` on ``records`` ``(progress, every player's features, final
    results, win shares)`` of recorded positions.

    Each record goes to its nearest knot; a knot with fewer than ``least`` records is left out (its
    neighbours' coefficients are interpolated there).  Per knot: least squares of the final results
    on the features (every player of every position; a small ``ridge`` keeps constant features
    harmless), the spread of the final results around that estimate, then the temperature that
    makes the softmax of the estimates most likely to name the actual winners (maximum likelihood,
    ties sharing).
    """
    import numpy as np

    knots = list(knots)
    groups: dict[int, list] = {i: [] for i in range(len(knots))}
    for record in records:
        nearest = min(range(len(knots)), key=lambda i: abs(knots[i] - record[0]))
        groups[nearest].append(record)
    out = []
    for i, x in enumerate(knots):
        group = groups[i]
        if len(group) < least:
            continue
        features = np.array([f for g in group for f in g[1]], dtype=float)
        final = np.array([r for g in group for r in g[2]], dtype=float)
        design = np.hstack([np.ones((len(features), 1)), features])
        scale = np.maximum(np.abs(design).max(axis=0), 1e-12)
        z = design / scale
        coef = np.linalg.solve(z.T @ z + ridge * len(z) * np.eye(z.shape[1]), z.T @ final) / scale
        fitted = design @ coef
        spread = float(np.sqrt(np.mean((final - fitted) ** 2)))
        players = len(group[0][2])
        estimates = [fitted[k * players:(k + 1) * players] for k in range(len(group))]
        shares = [np.asarray(g[3], dtype=float) for g in group]
        out.append((float(x), float(coef[0]), tuple(float(c) for c in coef[1:]),
                    _fit_temperature(estimates, shares), spread))
    return tuple(out)


def _fit_temperature(estimates: Sequence[Any], shares: Sequence[Any]) -> float:
    """The softmax temperature that maximises the likelihood of the winners (golden-section search on log T)."""
    import numpy as np

    spread = float(np.mean([np.std(e) for e in estimates])) or 1.0

    def loglik(log_t: float) -> float:
        t = math.exp(log_t)
        total = 0.0
        for e, w in zip(estimates, shares):
            z = (e - e.max()) / t
            total += float(np.dot(w, z - np.log(np.exp(z).sum())))
        return total

    lo, hi = math.log(spread / 100), math.log(spread * 100)
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(60):
        a, b = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
        if loglik(a) >= loglik(b):
            hi = b
        else:
            lo = a
    return math.exp((lo + hi) / 2)


def softmax(values: Sequence[float], temperature: float) -> list[float]:
    """``exp(v / T)`` normalised: each player's chance of finishing first given the estimates."""
    top = max(values)
    weights = [math.exp(max(-60.0, (v - top) / temperature)) for v in values]
    total = math.fsum(weights)
    return [w / total for w in weights]


def model_of(state: GameState) -> CoachModel:
    """The coach model of the game ``state`` belongs to (``<package>.coach.MODEL``)."""
    package = type(state).__module__.split(".")[0]
    module = importlib.import_module(f"{package}.coach")
    return module.MODEL


# -- advice -------------------------------------------------------------------------------------

def advise(state: GameState, seat: int | None = None, *, samples: int = 24, seed: int = 0,
           time_limit: float | None = None, model: CoachModel | None = None,
           include: Iterable[Action] = ()) -> Advice:
    """The coach's ranking of the options of ``seat`` (the seat to move) at ``state``.

    ``samples``: how many samples of the hidden information and the luck each option is tried on
    (all options on the same ones); ``time_limit`` (seconds) stops earlier, after a whole round
    of options (at least two samples).  ``include``: actions to try whatever the model picks (a
    review includes the move played).  The same seed gives the same advice.
    """
    model = model or model_of(state)
    started = time.perf_counter()
    mover = state.current_player()
    if mover is None:
        raise ValueError("the coach advises a seat that must decide: this is a chance node or the end of the game")
    if seat is None:
        seat = mover
    elif seat != mover:
        raise ValueError(f"the coach advises the seat to move ({mover}), not seat {seat}")
    legal = state.legal_actions()
    options = list(dict.fromkeys([*model.options(state), *include]))
    if not options or any(a not in legal for a in options):
        raise ValueError("the coach's options must be legal moves of the seat to move")
    forced = len(legal) == 1
    stats = _trials(model, state, seat, options, samples, seed, started, time_limit)
    ranked = _rank(model, state, options, stats, forced)
    advice = Advice(seat, state.move_number, model.unit, tuple(ranked), len(stats[0][0]), forced,
                    len(legal) - len(options), (), time.perf_counter() - started)
    sentences: list[str | Text] = [*summary_sentences(model, advice)]
    for option in ranked[:2]:
        sentences += model.reasons(state, seat, option, advice)
    return Advice(**{**advice.__dict__, "said": tuple(sentences),
                     "seconds": time.perf_counter() - started})


Trials = list[tuple[list[float], list[float], dict[str, list[float]]]]


def _trials(model: CoachModel, state: GameState, seat: int, options: list[Action], samples: int, seed: int,
            started: float, time_limit: float | None) -> Trials:
    """For each option: the seat's estimated result and win chance per sample, and the facts noted."""
    out: Trials = [([], [], {}) for _ in options]
    streams = random.Random(seed)
    for k in range(max(1, samples)):
        sample_seed = streams.getrandbits(63)
        base = model.sample(state, seat, random.Random(sample_seed))
        for option, (values, wins, facts) in zip(options, out):
            s = private_copy(base)
            advance(s, option)
            noted = model.playout(s, seat, random.Random(sample_seed ^ 0x5EED), base)
            estimates = model.estimate(s)
            values.append(estimates[seat])
            wins.append(model.win_chances(s, estimates)[seat])
            for key, v in noted.items():
                facts.setdefault(key, []).append(v)
        if time_limit is not None and k >= 1 and time.perf_counter() - started >= time_limit:
            break
    return out


def _rank(model: CoachModel, state: GameState, options: list[Action], stats: Trials, forced: bool) -> list[Option]:
    means = [(math.fsum(w) / len(w), math.fsum(v) / len(v)) for v, w, _ in stats]
    order = sorted(range(len(options)), key=lambda i: (-means[i][0], -means[i][1], i))
    best_values, best_wins, _ = stats[order[0]]
    ranked = []
    for rank, i in enumerate(order):
        values, wins, facts = stats[i]
        if rank == 0 or forced:
            value_loss = win_loss = Estimate.exact(0.0)
        else:
            value_loss = Estimate.of([b - v for b, v in zip(best_values, values)])
            win_loss = Estimate.of([b - w for b, w in zip(best_wins, wins)])
        ranked.append(Option(options[i], Later(model.describe, state, options[i]), Estimate.of(values),
                             Estimate.of(wins), value_loss, win_loss,
                             {k: math.fsum(v) / len(v) for k, v in facts.items()}))
    return ranked


def summary_sentences(model: CoachModel, advice: Advice) -> list[Text]:
    """The plain sentence comparing the best option with the next one (worded when read).

    The best option is the one with the highest chance of winning (what the ranking is by).  The next one's
    differences are taken between the numbers as shown (whole percentages, the game's rounding of its unit), so
    "41% (3% less)" stands beside 44%; a difference that rounds to nothing is "about the same"."""
    best = advice.best
    if advice.forced:
        return [Say("Only one move is possible here: {}.", best.said)]
    text: list[Text] = [Say("Best: {} — the highest chance of winning, {}, and about {} at the end.", best.said,
                            _percent(best.win.mean), Later(model.format_value, best.value.mean))]
    if len(advice.options) > 1:
        second = advice.options[1]
        chance = percent_points(second.win.mean) - percent_points(best.win.mean)
        result = model.rounded(second.value.mean) - model.rounded(best.value.mean)
        same_result = model.format_change(result) == model.format_change(0.0)
        if chance == 0 and same_result:
            text.append(Say("{} is about the same, as far as the coach can tell.", Later(_capital, second.said)))
        else:
            if chance == 0:
                win = Say("about the same chance of winning")
            else:
                win = Say("a {} chance of winning ({} less)" if chance < 0 else "a {} chance of winning ({} more)",
                          _percent(second.win.mean), _percent(abs(chance) / 100))
            if same_result:
                final = Say("about the same at the end")
            else:
                final = Say("about {} at the end ({} less)" if result < 0 else "about {} at the end ({} more)",
                            Later(model.format_value, second.value.mean), Later(model.format_change, result))
            text.append(Say("{} comes next: {} and {}.", Later(_capital, second.said), win, final))
    return [joined(text, " ")]


def _percent(share: float) -> Later:
    return Later(percent, share)


def _capital(text: str | Text) -> str:
    text = str(text)
    return text[:1].upper() + text[1:]


def coach(state: GameState, seat: int | None = None, **budget: Any) -> Advice:
    """:func:`advise` with the state's own game model: ``coach(state)`` for the seat to move."""
    return advise(state, seat, **budget)


class CoachBot:
    """A bot that plays the coach's best option (``explain``: the options with their win chances).

    ``samples`` per decision (or ``time_limit`` seconds); decisions with a single legal move are
    played at once.  Deterministic from its seed."""

    def __init__(self, seed: int | None = None, samples: int = 24, time_limit: float | None = None,
                 model: CoachModel | None = None) -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.time_limit = time_limit
        self.model = model
        self._last: tuple[int, object, Advice] | None = None

    def advice(self, state: GameState) -> Advice:
        key = (id(state), state.fingerprint())
        if self._last is not None and self._last[:2] == key:
            return self._last[2]
        advice = advise(state, samples=self.samples, seed=self.rng.getrandbits(32), time_limit=self.time_limit,
                        model=self.model)
        self._last = (*key, advice)
        return advice

    def act(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.advice(state).best.action

    def explain(self, state: GameState) -> list[tuple[Action, float]]:
        return [(o.action, o.win.mean) for o in self.advice(state).options]


# -- review -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class MoveReview:
    """One decision of a reviewed seat: what was played, what the coach preferred, what it cost."""

    move_number: int  # the position's move number (the move played is the next one)
    seat: int
    played: Option
    advice: Advice

    @property
    def best(self) -> Option:
        return self.advice.best

    @property
    def win_cost(self) -> Estimate:
        return self.played.win_loss

    @property
    def value_cost(self) -> Estimate:
        return self.played.value_loss


@dataclass(frozen=True)
class Review:
    """A game reviewed: each reviewed move's cost, and every seat's win chance along the game."""

    said_names: tuple[str | Text, ...]  # the players' names, worded when read (:attr:`names`)
    said_unit: str  # a message id, as the Advice's (:attr:`unit`)
    moves: tuple[MoveReview, ...]  # in the order played
    timeline: tuple[tuple[int, tuple[float, ...]], ...]  # (move number, every seat's win chance)
    returns: tuple[float, ...]
    format_value: Callable[[float], str] = field(compare=False, repr=False)
    #: The move numbers of the reviewed seats' decisions left unjudged (a bot made them for the seat's student).
    skipped: tuple[int, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names in the reader's language."""
        return tuple(str(name) for name in self.said_names)

    @property
    def unit(self) -> str:
        """The unit of the costs in the reader's language."""
        return gettext(self.said_unit)

    def mistakes(self, top: int | None = None) -> list[MoveReview]:
        """The reviewed moves that cost something, the costliest first (in win chance, then in value)."""
        costly = [m for m in self.moves if m.win_cost.mean > 0 or m.value_cost.mean > 0]
        costly.sort(key=lambda m: (-m.win_cost.mean, -m.value_cost.mean, m.move_number))
        return costly[:top] if top is not None else costly

    def records(self) -> list[dict[str, Any]]:
        """One plain row per reviewed move, biggest mistakes first."""
        order = self.mistakes() + [m for m in self.moves if m not in self.mistakes()]
        return [{"move": m.move_number + 1, "seat": m.seat, "player": self.names[m.seat], "played": m.played.text,
                 "best": m.best.text, "win_cost": m.win_cost.mean, "win_cost_se": m.win_cost.se,
                 "value_cost": m.value_cost.mean, "value_cost_se": m.value_cost.se} for m in order]

    def sentences(self, top: int = 5) -> list[str]:
        """The biggest mistakes in plain sentences: what each cost in chance of winning and at the end, "about
        the same" where a cost rounds to nothing (a move whose costs both round to nothing is left out)."""
        lines = [self._sentence(m) for m in self.mistakes() if self._shows_a_cost(m)][:top]
        if not lines:
            reviewed = len(self.moves)
            lines.append(str(Say("No move of the {} reviewed cost anything the coach could measure.", reviewed,
                                 plural="No move of the {} reviewed cost anything the coach could measure.",
                                 n=reviewed)))
        return lines

    def text(self, top: int = 5) -> str:
        """:meth:`sentences`, then what ± means where one shows."""
        lines = self.sentences(top)
        return "\n".join(lines + ([margin_note(self.samples)] if any("±" in line for line in lines) else []))

    @property
    def samples(self) -> int:
        """The samples each reviewed decision was judged on (the fewest, if a time limit cut some short)."""
        return min((m.advice.samples for m in self.moves), default=0)

    def _shows_a_cost(self, m: MoveReview) -> bool:
        """Whether ``m`` cost a chance of winning or final result that shows once rounded (a move that only
        ended richer is no mistake to list)."""
        value = m.value_cost.mean
        shows = self.format_value(value) != self.format_value(0.0)
        return percent(m.win_cost.mean) != percent(0.0) or (value > 0 and shows)

    def _sentence(self, m: MoveReview) -> str:
        win, value = m.win_cost, m.value_cost
        chance = (Say("about the same chance of winning") if percent(win.mean) == percent(0.0) else
                  Say("{} less chance of winning", with_margin(win, percent)))
        size = Estimate(abs(value.mean), value.se, value.n)
        final = (Say("about the same at the end") if self.format_value(value.mean) == self.format_value(0.0) else
                 Say("{} less at the end" if value.mean > 0 else "{} more at the end",
                     with_margin(size, self.format_value)))
        return str(Say("Move {}, {}: {} instead of {}: {} and {}.", m.move_number + 1, self.said_names[m.seat],
                       m.played.said, m.best.said, chance, final))


def review(game: GameState | str | bytes | PathLike, seats: Iterable[int] | None = None, *, samples: int = 12,
           seed: int = 0, model: CoachModel | None = None, progress: Callable[[int, int], None] | None = None,
           skip: Iterable[int] = ()) -> Review:
    """Review the decisions of ``seats`` (default: every seat) along ``game``: a finished game, any state with
    its history, or a save file (its path, or its JSON text: :func:`load_save`).

    Each decision with more than one legal move is judged by :func:`advise` from the position it was
    taken in, with what that seat could see then (the move played is always among the options
    tried).  The timeline is every seat's win chance from the coach's estimate of each position of
    the game (all cards as they lay).  ``progress(done, total)`` is called after each judged move.  ``skip``: the
    move numbers of decisions not to judge (a classroom table's moves that a bot made for an absent student);
    those of the reviewed seats are listed in the review's ``skipped``.
    """
    from .record import states_along

    if not isinstance(game, GameState):
        game = load_save(game)
    model = model or model_of(game)
    positions = list(states_along(game))
    actions = game.history()
    chosen = set(range(game.num_players) if seats is None else seats)
    left_out = set(skip)
    decisions = [i for i, s in enumerate(positions[:-1]) if s.current_player() in chosen]
    skipped = tuple(positions[i].move_number for i in decisions if positions[i].move_number in left_out)
    todo = [i for i in decisions if positions[i].move_number not in left_out and len(positions[i].legal_actions()) > 1]
    moves = []
    for done, i in enumerate(todo):
        s = positions[i]
        advice = advise(s, samples=samples, seed=seed + i, model=model, include=[actions[i]])
        seat, played = s.current_player(), advice.option(actions[i])
        assert seat is not None and played is not None  # (a decision; the move played is always included)
        moves.append(MoveReview(s.move_number, seat, played, advice))
        if progress is not None:
            progress(done + 1, len(todo))
    timeline = []
    for s in positions:
        if s.is_chance() and not s.is_terminal():
            continue
        timeline.append((s.move_number, tuple(model.win_chances(s, model.estimate(s)))))
    names = tuple(model.player_name(game, p) for p in range(game.num_players))
    return Review(names, model.unit, tuple(moves), tuple(timeline), tuple(game.returns()), model.format_change,
                  skipped)


def numbered_as_the_log(result: Review, game: GameState) -> Review:
    """``result`` (a review of ``game``) with its moves and its chart numbered as a classroom table's log and the
    stepper's while a human plays hidden information number them: by the decisions made before (the log's entry N
    is decision N), not by the game's move number, which also counts the chance draws (and how many there were
    can be secret)."""
    from .record import states_along

    before: dict[int, int] = {}
    decisions = 0
    for state in states_along(game):
        before[state.move_number] = decisions
        decisions += not (state.is_chance() or state.is_terminal())
    moves = tuple(replace(m, move_number=before[m.move_number]) for m in result.moves)
    return replace(result, moves=moves, timeline=tuple((before[n], w) for n, w in result.timeline),
                   skipped=tuple(before[n] for n in result.skipped))


def load_save(source: str | bytes | PathLike) -> GameState:
    """The game of a save file, whichever game wrote it: ``source`` is the file's path or its JSON text."""
    from .record import FORMAT, load

    text: str | bytes
    if isinstance(source, PathLike) or (isinstance(source, str) and not source.lstrip().startswith("{")):
        text = Path(source).read_text(encoding="utf-8")
    else:
        text = source
    try:
        name = json.loads(text).get("game")
    except (ValueError, AttributeError):
        raise ValueError(f"not a {FORMAT} file: not a JSON object") from None
    if name not in SAVED_GAMES:
        raise ValueError(f"a save of an unknown game {name!r} (this kit has {', '.join(SAVED_GAMES)})")
    return load(text, importlib.import_module(name).SPEC)


#: The games whose saves :func:`load_save` reads (their package names, which are their save files' "game").
SAVED_GAMES = ("giganten", "firstgiants")


def _name(state: GameState, seat: int) -> str | Text:
    name = getattr(state, "name", None)
    if callable(name):
        return str(name(seat))
    names = getattr(state, "names", None)
    return str(names[seat]) if names else Say("Player {}", seat + 1)
