"""The variant switches a balance report may turn: ``--option name=value`` read, typed and checked.

A switch's type is its default's (``GameSpec.option_defaults``): ``true``/``false`` for a yes-no switch,
a whole number for a seat, text for a reading.  A value is accepted only if the game accepts it: an
unknown name, a value of the wrong type or one the game refuses (a seat beyond the players, an unknown
News-token reading) fails with a :class:`ValueError` that names the switch and what it accepts.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from ..spec import GameSpec

TRUE, FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")

#: Options that are no variant of the rules (they change only names on the screen): left out of :func:`switches`.
COSMETIC = frozenset({"names"})


def _typed(spec: GameSpec, name: str, text: str) -> Any:
    default = spec.option_defaults[name]
    if isinstance(default, bool):
        if text.lower() in TRUE + FALSE:
            return text.lower() in TRUE
        raise ValueError(f"{spec.name} option {name!r} is true or false, got {text!r}")
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"{spec.name} option {name!r} is a whole number, got {text!r}") from None
    return text


def parse_options(spec: GameSpec, players: int, pairs: Iterable[str]) -> dict[str, Any]:
    """``["name=value", ...]`` as the game's options (only those given), each checked by creating a game."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, equals, text = pair.partition("=")
        name = name.strip()
        if not equals or not name:
            raise ValueError(f"an option is name=value, got {pair!r}")
        if name not in spec.option_defaults:
            raise ValueError(f"unknown {spec.name} option {name!r}; known: {', '.join(spec.option_defaults)}")
        if name in options:
            raise ValueError(f"option {name!r} given twice")
        options[name] = _typed(spec, name, text.strip())
    check_options(spec, players, options)
    return options


def check_options(spec: GameSpec, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options with the defaults filled in, after the game accepted them (a game is created and dropped)."""
    checked = spec.validate_options(players, options)
    try:
        spec.create(players, dict(checked))  # a value of the right type that the rules refuse fails here
    except ValueError as exc:
        given = ", ".join(f"{k}={v!r}" for k, v in options.items())
        raise ValueError(f"{spec.name} ({players} players) refuses the option {given}: {exc}") from None
    return checked


def switches(spec: GameSpec, players: int) -> dict[str, list[Any]]:
    """Every variant switch of the game and the values it can take besides its default, each alone:
    ``True`` for a yes-no switch, the other seats for ``first_player``, the other readings for a text switch
    that names its readings in its help ("'by-type' ... 'two-sided' ...")."""
    out: dict[str, list[Any]] = {}
    for name, default in spec.option_defaults.items():
        if name in COSMETIC:
            continue
        if isinstance(default, bool):
            out[name] = [not default]
        elif isinstance(default, int):
            out[name] = [seat for seat in range(players) if seat != default]
        else:
            words = spec.option_help.get(name, "").split("'")[1::2]
            out[name] = [word for word in dict.fromkeys(words) if word != default and _accepted(spec, players,
                                                                                             name, word)]
    return out


def _accepted(spec: GameSpec, players: int, name: str, value: Any) -> bool:
    try:
        check_options(spec, players, {name: value})
    except ValueError:
        return False
    return True
