"""Why: the words for a refused action and for a choice the rules made alone.

One place decides what is legal: the state's legal list (:mod:`.turn`), or at a chance node the deck's
outcomes; ``apply`` refuses anything else (``gamekit.GameState.apply``).  :func:`refusal` then finds
the rule the action breaks (rulebook section, what was expected) and lists what is allowed.  When a
decision has a single legal choice, the state takes it by itself and :func:`say_forced` says why.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamekit import Action, IllegalAction
from gamekit.i18n import gettext as _
from gamekit.i18n.say import Later, first

from ..actions import NEW_SET, Decline, Display, PlayMarker, Reclaim, SpendAmber, TakeCard
from ..components import CARDS, COST, DISPLAY_FREE, DISPLAY_TWO_SAME, FAMILY, FAMILY_NAMES, SIZE_NAMES, SPEND_3_FOR_2
from ..text import action_words, card_label, card_name, family_name
from . import D_ORDER, DEAL, DECISION_NAMES, DISPLAYING, RECLAIM, REVEAL, SITES, START, TAKE
from .marker import has_marker, markers_on_board
from .museum import SIZE_SET, join

if TYPE_CHECKING:
    from ..state import State


def refusal(s: State, action: Action) -> IllegalAction:
    """The rule that ``action``, not a legal action (or chance outcome) here, breaks, and what is allowed,
    worded in the reader's language."""
    phase = s.phase
    if phase == DEAL or phase == REVEAL:
        rule = "Setup" if phase == DEAL else "Play 1 Marker"
        why = _("{action} is not a chance outcome here (the next card of the deck).").format(action=s.quoted(action))
    elif phase == START:
        rule, why = _refuse_turn(s, action)
    elif phase == TAKE:
        rule, why = _refuse_take(s, action)
    elif phase == RECLAIM:
        if isinstance(action, Display):
            rule, why = _refuse_display(s, action, free=False)
        else:
            rule = "Reclaim Markers"
            why = _("{action}: for each reclaimed marker gain 1 amber or display 1 fossil.").format(
                action=s.quoted(action))
    else:
        rule, why = _refuse_decision(s, action)
    allowed = [a for a, _p in s.chance_outcomes()] if s.is_chance() else s.legal_actions()
    return IllegalAction(rule, why, first((Later(action_words, a) for a in allowed), 12))


def _refuse_turn(s: State, action: Any) -> tuple[str, str]:
    p = s.active
    name = s.names[p]
    if isinstance(action, Reclaim):
        return "Reclaim Markers", _("{name} has no marker at any dig site to reclaim.").format(name=name)
    if not isinstance(action, PlayMarker):
        return "Game Turn", _("{action} is not a turn action: play 1 marker or reclaim markers.").format(
            action=s.quoted(action))
    site = action.site
    if not markers_on_board(s, p):
        return "Play 1 Marker", _("{name} has no marker on the board: reclaim markers instead.").format(name=name)
    if not 0 <= site < SITES:
        return "Play 1 Marker", _("there is no dig site {site} (the sites are 1-{sites}).").format(
            site=site + 1, sites=SITES)
    if has_marker(s, site, p):
        return "Play 1 Marker", _("dig site {site} already holds {name}'s marker.").format(site=site + 1, name=name)
    return "Play 1 Marker", _("dig site {site} has no card left to take.").format(site=site + 1)


def _refuse_take(s: State, action: Any) -> tuple[str, str]:
    site = s.site
    if not isinstance(action, TakeCard):
        return "Play 1 Marker", _("{action} is not a card to take: take one of the cards at dig site {site}.").format(
            action=s.quoted(action), site=site + 1)
    card = action.card
    what = card_label(card) if 0 <= card < len(CARDS) else _("card #{number}").format(number=card)
    return "Play 1 Marker", _("{card} is not at dig site {site}: take one of the cards there.").format(
        card=what, site=site + 1)


def _refuse_decision(s: State, action: Any) -> tuple[str, str]:
    decision = s.decision
    assert decision is not None  # (effects are resolving: a decision is pending)
    code, p, family = decision.code, decision.player, decision.first_family
    if code == D_ORDER:
        return "Play 1 Marker", _("{action}: choose which of your triggered effects resolves next.").format(
            action=s.quoted(action))
    if isinstance(action, SpendAmber) and code == SPEND_3_FOR_2:
        return "Cards' Icons & Effects", _("not enough amber: {name} has {amber}, needs 3.").format(
            name=s.names[p], amber=s.amber[p])
    if isinstance(action, Display) and code in DISPLAYING:
        card = action.card
        if family >= 0 and card in s.study[p] and (FAMILY[card] == family) != (code == DISPLAY_TWO_SAME):
            why = (_("the second display must be of the same Family as the first ({family}).")
                   if code == DISPLAY_TWO_SAME else
                   _("the second display must be of a different Family from the first ({family})."))
            return "Cards' Icons & Effects", why.format(family=family_name(family))
        return _refuse_display(s, action, free=code == DISPLAY_FREE)
    return "Cards' Icons & Effects", _("{action} does not answer \"{decision}\".").format(
        action=s.quoted(action), decision=_(DECISION_NAMES[code]))


def _refuse_display(s: State, action: Display, free: bool) -> tuple[str, str]:
    """Display 1 Fossil: a card of your Study, its cost paid, a new set or a set it may expand."""
    p = s.current_player()
    assert p is not None  # (a player is deciding)
    name = s.names[p]
    card, target, as_size = action.card, action.target, action.as_size
    rule = "Display 1 Fossil"
    if card not in s.study[p]:
        return rule, _("{action}: that card is not in {name}'s Study.").format(action=s.quoted(action),
                                                                                      name=name)
    cost = 0 if free else COST[card]
    if cost > s.amber[p]:
        return rule, _("not enough amber: the {card} costs {cost}, {name} has {amber}.").format(
            card=card_name(card), cost=cost, name=name, amber=s.amber[p])
    sets = s.museum[p]
    if target != NEW_SET and not 0 <= target < len(sets):
        return rule, _("{name} has no set {number}.").format(name=name, number=target + 1)
    joined = join(sets[target], card) if target != NEW_SET else None
    if isinstance(joined, str):
        return rule, joined
    if joined == (SIZE_SET, 0) and as_size not in SIZE_NAMES:
        return rule, _("two eggs make a size set: declare its size (as_size 1-3).")
    return rule, _("only a size set of eggs declares a size (as_size).")


# -- why a choice was forced ------------------------------------------------------------------------
def say_forced(s: State, action: Action) -> None:
    """Say why ``action`` is the only legal choice (ruling R15)."""
    phase = s.phase
    p = s.current_player()
    assert p is not None  # (a player is deciding)
    name = s.names[p]
    if phase == START:
        if isinstance(action, Reclaim):
            why = "has no marker on the board" if not markers_on_board(s, p) else "has no dig site to play a marker at"
            s._say("Play 1 Marker", p, "{} {}, so must reclaim markers.", name, why)
        else:
            s._say("Reclaim Markers", p, "{} has no marker at any dig site, so must play 1 marker; only {} is "
                   "possible.", name, action)
    elif phase == TAKE:
        s._say("Play 1 Marker", p, "Dig site {} holds a single card, so {} takes it.", s.site + 1, name)
    elif phase == RECLAIM:
        s._say("Reclaim Markers", p, "{} cannot pay for any display, so the reclaimed marker gives 1 amber.", name)
    else:
        decision = s.decision
        assert decision is not None
        if isinstance(action, Decline):
            say_does_nothing(s, p, decision.code, decision.first_family)
        else:  # the point of "display 1 fossil OR gain 1 point"
            why = no_display_reason(s, p, decision.code, decision.first_family)
            s._say("Cards' Icons & Effects", p, "{}, so {} gains 1 point.", why, name)


def say_does_nothing(s: State, p: int, code: int, family: int) -> None:
    """Say why the choice ``code`` of ``p`` can do nothing (no amber to spend, no fossil to display)."""
    if code == SPEND_3_FOR_2:
        why = f"{s.names[p]} has only {s.amber[p]} amber and cannot spend 3"
    else:
        why = no_display_reason(s, p, code, family)
    s._say("Cards' Icons & Effects", p, "{}: the effect \"{}\" does nothing.", why, DECISION_NAMES[code])


def no_display_reason(s: State, p: int, code: int, family: int) -> str:
    name = s.names[p]
    if not s.study[p]:
        return f"{name} has no fossil in the Study to display"
    if family >= 0:
        kind = "the same Family" if code == DISPLAY_TWO_SAME else "another Family"
        return f"{name} has no affordable fossil of {kind} ({FAMILY_NAMES[family]} was displayed first)"
    return f"{name} cannot pay for any fossil in the Study (has {s.amber[p]} amber)"
