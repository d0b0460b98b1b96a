"""Why: the words for a refused action and for a choice the rules made alone.

A decision is legal when it is in the state's legal list; when it is not, :meth:`Explanations._refusal`
finds the rule it breaks (rulebook section, what was expected, what is allowed).  When a decision
has a single legal choice, the state takes it by itself and :meth:`Explanations._say_forced` says why.
The methods read the position of :class:`firstgiants.state.State`, which inherits them.
"""
from __future__ import annotations

from typing import Any

from gamekit import Action, IllegalAction

from .actions import NEW_SET, Display, PlayMarker, Reclaim, SpendAmber, TakeCard
from .components import CARDS, COST, DISPLAY_FREE, DISPLAY_TWO_SAME, FAMILY, FAMILY_NAMES, SIZE_NAMES, SPEND_3_FOR_2
from .museum import SIZE_SET, join
from .phases import _DECLINE, _DISPLAYING, _RECLAIM, D_ORDER, DECISION_NAMES, RECLAIM, SITES, START, TAKE


class Explanations:
    """The explaining half of the First Giants state (mixed into :class:`firstgiants.state.State`)."""

    __slots__ = ()  # the position's fields are the state's

    def _illegal(self, rule: str, message: str) -> IllegalAction:
        legal = self._legal() if self.current_player() is not None else [a for a, _ in self._outcomes()]
        shown = ", ".join(str(a) for a in legal[:12]) + (", ..." if len(legal) > 12 else "")
        return IllegalAction(rule, message, shown)

    # -- why an action is refused ----------------------------------------------------------
    def _refusal(self, action: Action) -> IllegalAction:
        """The rule that ``action``, not a legal action here, breaks (and what is allowed instead)."""
        phase = self.phase
        if phase == START:
            rule, why = self._refuse_turn(action)
        elif phase == TAKE:
            rule, why = self._refuse_take(action)
        elif phase == RECLAIM:
            if action.__class__ is Display:
                rule, why = self._refuse_display(action, free=False)  # type: ignore[arg-type]
            else:
                rule = "Reclaim Markers"
                why = f"{action!r}: for each reclaimed marker gain 1 amber or display 1 fossil."
        else:
            rule, why = self._refuse_decision(action)
        return self._illegal(rule, why)

    def _refuse_turn(self, action: Any) -> tuple[str, str]:
        p = self.active
        name = self.names[p]
        if action.__class__ is Reclaim:
            return "Reclaim Markers", f"{name} has no marker at any dig site to reclaim."
        if action.__class__ is not PlayMarker:
            return "Game Turn", f"{action!r} is not a turn action: play 1 marker or reclaim markers."
        s = action.site
        if not self.markers_on_board(p):
            return "Play 1 Marker", f"{name} has no marker on the board: reclaim markers instead."
        if not 0 <= s < SITES:
            return "Play 1 Marker", f"there is no dig site {s + 1} (the sites are 1-{SITES})."
        if self.markers[s] >> p & 1:
            return "Play 1 Marker", f"dig site {s + 1} already holds {name}'s marker."
        return "Play 1 Marker", f"dig site {s + 1} has no card left to take."

    def _refuse_take(self, action: Any) -> tuple[str, str]:
        s = self.site
        if action.__class__ is not TakeCard:
            return "Play 1 Marker", f"{action!r} is not a card to take: take one of the cards at dig site {s + 1}."
        card = action.card
        what = CARDS[card] if 0 <= card < len(CARDS) else f"card #{card}"
        return "Play 1 Marker", f"{what} is not at dig site {s + 1}: take one of the cards there."

    def _refuse_decision(self, action: Any) -> tuple[str, str]:
        code, p, _, fam = self.decision  # type: ignore[misc]
        cls = action.__class__
        if code == D_ORDER:
            return "Play 1 Marker", f"{action!r}: choose which of your triggered effects resolves next."
        if cls is SpendAmber and code == SPEND_3_FOR_2:
            return "Cards' Icons & Effects", f"not enough amber: {self.names[p]} has {self.amber[p]}, needs 3."
        if cls is Display and code in _DISPLAYING:
            card = action.card
            if fam >= 0 and card in self.study[p] and (FAMILY[card] == fam) != (code == DISPLAY_TWO_SAME):
                rule = "the same Family as" if code == DISPLAY_TWO_SAME else "a different Family from"
                return ("Cards' Icons & Effects",
                        f"the second display must be of {rule} the first ({FAMILY_NAMES[fam]}).")
            return self._refuse_display(action, free=code == DISPLAY_FREE)
        return "Cards' Icons & Effects", f"{action!r} does not answer \"{DECISION_NAMES[code]}\"."

    def _refuse_display(self, action: Display, free: bool) -> tuple[str, str]:
        """Display 1 Fossil: a card of your Study, its cost paid, a new set or a set it may expand."""
        p = self.current_player()
        name = self.names[p]  # type: ignore[index]
        card, target, as_size = action.card, action.target, action.as_size
        rule = "Display 1 Fossil"
        if card not in self.study[p]:  # type: ignore[index]
            return rule, f"{action}: that card is not in {name}'s Study."
        cost = 0 if free else COST[card]
        if cost > self.amber[p]:  # type: ignore[index]
            have = self.amber[p]  # type: ignore[index]
            return rule, f"not enough amber: the {CARDS[card].name} costs {cost}, {name} has {have}."
        sets = self.museum[p]  # type: ignore[index]
        if target != NEW_SET and not 0 <= target < len(sets):
            return rule, f"{name} has no set {target + 1}."
        r = join(sets[target], card) if target != NEW_SET else None
        if r.__class__ is str:
            return rule, str(r)
        if r is not None and r[0] == SIZE_SET and r[1] == 0 and as_size not in SIZE_NAMES:  # type: ignore[index]
            return rule, "two eggs make a size set: declare its size (as_size 1-3)."
        return rule, "only a size set of eggs declares a size (as_size)."

    def _say_forced(self, action: Action) -> None:
        """Why ``action`` is the only legal choice."""
        phase = self.phase
        p = self.current_player()
        name = self.names[p]  # type: ignore[index]
        if phase == START:
            if action is _RECLAIM:
                why = ("has no marker on the board" if not self.markers_on_board(p)  # type: ignore[arg-type]
                       else "has no dig site to play a marker at")
                self._say("Play 1 Marker", p, "{} {}, so must reclaim markers.", name, why)
            else:
                self._say("Reclaim Markers", p, "{} has no marker at any dig site, so must play 1 marker; only {} is "
                          "possible.", name, action)
        elif phase == TAKE:
            self._say("Play 1 Marker", p, "Dig site {} holds a single card, so {} takes it.", self.site + 1, name)
        elif phase == RECLAIM:
            self._say("Reclaim Markers", p, "{} cannot pay for any display, so the reclaimed marker gives 1 amber.",
                      name)
        else:
            code, _, _, fam = self.decision  # type: ignore[misc]
            if action is _DECLINE:
                self._say_does_nothing(p, code, fam)  # type: ignore[arg-type]
            else:
                why = self._no_display_reason(p, code, fam)  # type: ignore[arg-type]
                self._say("Cards' Icons & Effects", p, "{}, so {} gains 1 point.", why, name)

    def _say_does_nothing(self, p: int, code: int, fam: int) -> None:
        """Say why the choice ``code`` of ``p`` can do nothing (no amber to spend, no fossil to display)."""
        if code == SPEND_3_FOR_2:
            why = f"{self.names[p]} has only {self.amber[p]} amber and cannot spend 3"
        else:
            why = self._no_display_reason(p, code, fam)
        self._say("Cards' Icons & Effects", p, "{}: the effect \"{}\" does nothing.", why, DECISION_NAMES[code])

    def _no_display_reason(self, p: int, code: int, fam: int) -> str:
        name = self.names[p]
        if not self.study[p]:
            return f"{name} has no fossil in the Study to display"
        if fam >= 0:
            kind = "the same Family" if code == DISPLAY_TWO_SAME else "another Family"
            return f"{name} has no affordable fossil of {kind} ({FAMILY_NAMES[fam]} was displayed first)"
        return f"{name} cannot pay for any fossil in the Study (has {self.amber[p]} amber)"
