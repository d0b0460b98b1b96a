"""First Giants' events in the reader's language (``State._word``).

The rules record each event as an English template with plain ``{}`` fields, whose arguments are the players'
names (kept as written), numbers, and English words the rules build: card labels ("#12 Small Herbivore"),
effect texts, and sentences pieced together with f-strings.  :data:`WORDING` translates the template and each
such piece when read (:class:`gamekit.i18n.wording.Wording`); three templates that add an English "s" to a
word get a template of their own with a counted noun (:data:`ADAPTED`).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gamekit import Action
from gamekit.i18n import SOURCE, N_, gettext, language, pgettext
from gamekit.i18n.wording import COMMON_FRAGMENTS, Wording

from .actions import NEW_SET
from .components import CARDS, EFFECT_TEXT, FAMILY_NAMES, SIZE_NAMES
from .rules import DECISION_NAMES

EVENT_FRAGMENTS = (
    # the scoring of an expanded set (rules/display.py ``say_expansion``), piece by piece
    N_("{}, taking 1 Set token{}"),
    N_("{}, but no Set token is left to take (the kit's house rule R17: the set still expands){}"),
    N_("{} displays {} {}: extends {}'s {} (the second card fixes its type) to {} cards"),
    N_("{} displays {} {}: extends {}'s {} to {} cards"),
    N_(": the set is complete, its {} turn to 3 points each{}"),
    N_("; {} keeps the {} for good"),
    N_("; {} keeps the {} (a set of {} cards is not beaten by {})"),
    N_("; {} takes the {} (the first to expand a {}){}"),
    N_("; {} steals the {} from {} ({} cards beat {}){}"),
    N_("; {} keeps the {} for good (the first to complete a {})"),
    N_("and keeps it for good (the first to complete a {})"),
    N_("{} family set"),
    N_("{} size set"),
    N_("{} News token"),
    # other pieces
    N_("for {} amber"),
    N_("{}, {} in the Study"),
    N_("; the supply had only {}: the kit's house rule R6 limits amber to its {} tokens, not points"),
    N_("declines \"{}\""),
    N_("{} has no fossil in the Study to display"),
    N_("{} has no affordable fossil of {} ({} was displayed first)"),
    N_("{} cannot pay for any fossil in the Study (has {} amber)"),
    N_("{} has only {} amber and cannot spend 3"),
    N_("{} took the last Set token from the supply"),
    N_("play a marker at dig site {}"),
    N_("#{} {}"),
    *COMMON_FRAGMENTS,
)
"""The English pieces First Giants' rules build outside the templates, by shape."""

EVENT_WORDS = (
    *EFFECT_TEXT, *DECISION_NAMES.values(), "at no cost", "stops after one display", "has no marker on the board",
    "has no dig site to play a marker at", "the same Family", "another Family", "the deck is empty after a refill",
    "the reclaimed marker", "single card (no type yet)",
)
"""Words the rules pass to templates whole; each is a message id."""

_CARD_NAMES = frozenset(card.name for card in CARDS)
_SIZES = frozenset(SIZE_NAMES.values())


def _own_words(text: str) -> str | None:
    """A card's name ("Small Herbivore", "Marine egg"), a Family's or a Size's."""
    if text in _CARD_NAMES:
        return pgettext("card", text)
    if text in FAMILY_NAMES:
        return pgettext("family", text)
    if text in _SIZES:
        return pgettext("size", text)
    return None


def family_name(family: int) -> str:
    """A Family's name in the reader's language: "Herbivore", "Planteæder", "Pflanzenfresser"."""
    return pgettext("family", FAMILY_NAMES[family])


def size_name(size: int) -> str:
    """A Size's name in the reader's language: "Small", "Lille", "Klein"."""
    return pgettext("size", SIZE_NAMES[size])


def card_name(card: int) -> str:
    """A card's name in the reader's language: "Small Herbivore", "Lille planteæder"."""
    return pgettext("card", CARDS[card].name)


def card_label(card: int) -> str:
    """A card with its number, in the reader's language: "#12 Small Herbivore", "#12 Lille planteæder"."""
    return gettext("#{} {}").format(CARDS[card].id, card_name(card))


WORDING = Wording({}, EVENT_FRAGMENTS, _own_words,
                  atom=r"#\d+ (?:" + "|".join(sorted(_CARD_NAMES, key=len, reverse=True)) + ")")

Adapted = Callable[[tuple[Any, ...]], tuple[str, tuple[Any, ...]]]


def _game_end(a: tuple[Any, ...]) -> tuple[str, tuple[Any, ...]]:
    """"Everyone has had {} turn{} ... {} win{}." (rules/end.py): one winner, or tied winners."""
    if a[4] == "s":
        return N_("Everyone has had {:count turn}: the game ends. Points: {}. {} wins."), (a[0], a[2], a[3])
    return (N_("Everyone has had {:count turn}: the game ends. Points: {}. {} win (tied players share victory)."),
            (a[0], a[2], a[3]))


ADAPTED: dict[str, Adapted] = {
    "{} gains {} point{} ({}).": lambda a: (N_("{} gains {:count point} ({})."), (a[0], a[1], a[3])),
    "{} reclaims {} marker{}: for each, gain 1 amber or display 1 fossil.": lambda a: (
        N_("{} reclaims {:count marker}: for each, gain 1 amber or display 1 fossil."), (a[0], a[1])),
    "Everyone has had {} turn{}: the game ends. Points: {}. {} win{}.": _game_end,
}
"""Templates that add an English "s" themselves -> the template read instead, with its arguments."""


def event_text(template: str, args: tuple[Any, ...], names: Sequence[str]) -> str:
    """The text of a recorded event in the reader's language; ``names``, the players' names, stay as written."""
    if language() == SOURCE:
        return template.format(*args) if args else template
    adapted = ADAPTED.get(template)
    if adapted is not None:
        template, args = adapted(args)
    return WORDING.event(template, args, keep=names)


# -- actions in words, for a reader ---------------------------------------------------------------------------

def action_words(action: Action) -> str:
    """``action`` as an instruction in the reader's language ("play a marker at dig site 2"): the words of the
    coach's options and the chooser."""
    a: Any = action
    kind = action.kind
    if kind == "display":
        if a.target == NEW_SET:
            return gettext("display {card} as a new set").format(card=card_label(a.card))
        words = (gettext("display {card} extending set {set} (the eggs act as size {size})") if a.as_size
                 else gettext("display {card} extending set {set}"))
        return words.format(card=card_label(a.card), set=a.target + 1, size=a.as_size)
    simple = {
        "deal": lambda: gettext("deal {}").format(card_label(a.card)),
        "reveal": lambda: gettext("the deck reveals {}").format(card_label(a.card)),
        "play_marker": lambda: gettext("play a marker at dig site {}").format(a.site + 1),
        "reclaim": lambda: gettext("reclaim markers"),
        "take_card": lambda: gettext("take {}").format(card_label(a.card)),
        "resolve_trigger": lambda: gettext("resolve the effect of {} next").format(card_label(a.card)),
        "decline": lambda: gettext("decline"),
        "gain_point": lambda: gettext("gain 1 point"),
        "spend_amber": lambda: gettext("spend 3 amber for 2 points"),
        "gain_amber": lambda: gettext("gain 1 amber"),
    }
    return simple[kind]() if kind in simple else str(action)
