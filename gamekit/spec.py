"""What the kit needs to know about a game to create, save, load and replay it."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from importlib import import_module
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Mapping

from .actions import ActionCodec, quote
from .i18n import gettext as _
from .protocol import GameState

if TYPE_CHECKING:
    from .ids import ActionIds


@dataclass(frozen=True)
class GameSpec:
    """A game's name, player range, variant switches and action codec.

    ``create(players, options)`` builds the initial state from already-validated options;
    :meth:`new_game` validates first, so a misspelt or mistyped option fails with a clear error.
    """

    name: str
    min_players: int
    max_players: int
    option_defaults: Mapping[str, Any]
    codec: ActionCodec
    create: Callable[[int, dict[str, Any]], GameState]
    option_help: Mapping[str, str] = field(default_factory=dict)
    options_added: Mapping[str, tuple[int, Any]] = field(default_factory=dict)
    """Options the game gained after its first saves: name -> (the first save-format version that lists
    it, the value a save of an older version implies).  :func:`gamekit.record.load` fills them in."""
    from_position: Callable[[Any], GameState] | None = None
    """The state of a position (a dict or its JSON text, see :mod:`gamekit.positions`); None for a game
    without positions.  Save files of games that started from a position need it."""

    def __post_init__(self) -> None:
        """The mappings become read-only views: a spec is shared by every state of its game."""
        for name in ("option_defaults", "option_help", "options_added"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))

    def validate_options(self, players: Any, options: Mapping[str, Any]) -> dict[str, Any]:
        """Checked options with defaults filled in; ValueError naming the problem otherwise."""
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise ValueError(_("{game} is for {least} to {most} players, got {got}").format(
                game=self.name, least=self.min_players, most=self.max_players, got=quote(players)))
        unknown = set(options) - set(self.option_defaults)
        if unknown:
            known = ", ".join(f"{k}={v!r}" for k, v in self.option_defaults.items())
            known = known if self.option_defaults else _("none")
            raise ValueError(_("unknown {game} option(s) {unknown}; known: {known}").format(
                game=self.name, unknown=quote(sorted(unknown)), known=known))
        out = dict(self.option_defaults)
        for key, value in options.items():
            default = self.option_defaults[key]
            if type(value) is not type(default):
                raise ValueError(_("{game} option {key!r} must be {kind}, got {got}").format(
                    game=self.name, key=key, kind=type(default).__name__, got=quote(value)))
            out[key] = value
        return out

    def new_game(self, players: int, **options: Any) -> GameState:
        return self.create(players, self.validate_options(players, options))

    def position_state(self, data: Any) -> GameState:
        """The state of a position (:attr:`from_position`); ValueError for a game without positions."""
        if self.from_position is None:
            raise ValueError(f"{self.name} has no positions")
        return self.from_position(data)

    @cached_property
    def ids(self) -> "ActionIds":
        """The game's action ids (:mod:`gamekit.ids`): ``ACTION_IDS`` of its module ``<name>.ids``."""
        try:
            return import_module(f"{self.name}.ids").ACTION_IDS
        except ModuleNotFoundError as exc:
            if exc.name not in (self.name, f"{self.name}.ids"):
                raise
            raise NotImplementedError(f"{self.name} publishes no action ids (no module {self.name}.ids)") from None
