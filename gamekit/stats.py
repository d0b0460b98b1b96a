"""Intervals for shares (win shares, how often something happened): never below 0, never above 1; and for means.

The textbook interval ``p ± 1.96·sd/√n`` goes below 0 and above 1 for shares near the ends and small
samples (a bot that won 15 of 16 seats got "0.94 ± 0.12", an upper end of 1.06), exactly where the kit's
small classroom tournaments live.  The **Wilson score interval** stays inside [0, 1], is never empty at 0
or n successes, and keeps close to its stated coverage even for a handful of trials (Brown, Cai and
DasGupta, "Interval Estimation for a Binomial Proportion", Statistical Science 16, 2001).

>>> low, high = wilson_interval(15, 16)
>>> round(low, 3), round(high, 3)
(0.717, 0.989)
"""
from __future__ import annotations

from statistics import NormalDist

import numpy as np


def z_score(confidence: float) -> float:
    """The two-sided normal quantile for ``confidence`` (1.96 for 0.95)."""
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must lie strictly between 0 and 1, not {confidence!r}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson_interval(successes, trials, confidence: float = 0.95):
    """The Wilson score interval ``(low, high)`` for a share of ``successes`` out of ``trials``.

    Works on numbers or on arrays/Series of them (element by element).  ``successes`` may be
    fractional -- a win shared by k tied seats counts 1/k -- and the interval treats every trial as
    independent.  With no trials at all it is the whole range, (0, 1).
    """
    s = np.asarray(successes, dtype=float)
    n = np.asarray(trials, dtype=float)
    if np.any(n < 0) or np.any(s < 0) or np.any(s > n):
        raise ValueError("need 0 <= successes <= trials")
    z2 = z_score(confidence) ** 2
    m = np.maximum(n, 1.0)  # (with no trials the result is replaced below)
    p = s / m
    centre = (p + z2 / (2 * m)) / (1 + z2 / m)
    half = np.sqrt(z2 * p * (1 - p) / m + z2 * z2 / (4 * m * m)) / (1 + z2 / m)
    low = np.where(n > 0, np.clip(centre - half, 0.0, 1.0), 0.0)
    high = np.where(n > 0, np.clip(centre + half, 0.0, 1.0), 1.0)
    if low.ndim == 0:
        return float(low), float(high)
    return low, high


def mean_interval(values, confidence: float = 0.95) -> tuple[float, float, float]:
    """The mean of ``values`` and its interval ``(mean, low, high)``: ``mean ± z · sd / √n``.

    The normal approximation (``z`` = 1.96 for 0.95), good for tens of games and more; with a handful it is
    too narrow, so read it as a guide there.  With no values everything is NaN; with one value the mean is that
    value and its interval is unknown (NaN): one game shows no spread.
    """
    x = np.asarray(values, dtype=float)
    x = x[~np.isnan(x)]
    if x.size == 0:
        return float("nan"), float("nan"), float("nan")
    mean = float(x.mean())
    if x.size == 1:
        return mean, float("nan"), float("nan")
    half = z_score(confidence) * float(x.std(ddof=1)) / float(np.sqrt(x.size))
    return mean, mean - half, mean + half
