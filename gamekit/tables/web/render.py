"""What a classroom page shows, as HTML fragments: drawn from the page's view and the game's own drawing functions.

Every function here takes a :class:`~gamekit.tables.views.SeatView` (what the viewer may see: the seat's, or the
projector's when ``viewer`` is None) and the state that view was computed from, and calls the game's drawing
functions for that viewer only: the picture from the viewer's observation (``render(state, viewer, targets)``),
the private pane (``private_html(state, seat)``), the public summary.  Nothing else of the state is read, so two
tables that differ only in what a seat may not see give that seat byte-identical fragments (the twin-table test,
tests/tables/test_web.py).  A fragment never shows a code, the table's id, the raw log length or a chance draw.

Every fragment is worded in the language in force (:func:`gamekit.i18n.using`: the page's reader's), numbers as
that language writes them.

A page is a handful of *regions* (:data:`REGIONS`), each a fragment with its own element on the page; the server
renders them all and sends a page only the regions that changed.
"""
from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ...actions import Action
from ...bots import registry
from ...coach import percent
from ...i18n import format_number, ngettext, pgettext
from ...i18n import gettext as _
from ...protocol import Event, GameState
from ...widgets import GameView, format_entry, ranking
from ...widgets.controls import escape
from ..store import table_title
from ..views import SeatView

#: The regions of a page, in page order (a page has those of its kind: :func:`seat_regions`, :func:`public_regions`).
REGIONS = ("header", "status", "picture", "summary", "hand", "choices", "seats", "log")
#: How many of the newest log entries a page shows.
LOG_ENTRIES = 30
#: A group of choices longer than this is a menu (with a Play button) rather than a column of buttons.
MAX_BUTTONS = 8
STATUS_KINDS = ("turn", "wait", "paused", "over")


def game_view(module: str) -> GameView:
    """The game's description for pages (``<module>.widgets.view()``: picture, private pane, summary, action
    groups); a game without a widgets module gets the plain defaults (text, no picture)."""
    spec = importlib.import_module(module).SPEC
    try:
        widgets_module = importlib.import_module(f"{module}.widgets")
    except ModuleNotFoundError as exc:
        if exc.name is None or not f"{module}.widgets".startswith(exc.name):
            raise
        return GameView(spec=spec, bots=registry(module))
    return widgets_module.view()


def result_html(game: GameView, returns: Sequence[float]) -> str:
    """The final result, ranked: "1. <b>Yellow</b> $98,000, 2. <b>Red</b> $19,500, ..."."""
    return ", ".join(f"{place}. <b>{escape(game.player_name(p))}</b> {escape(game.score_text(returns[p]))}"
                     for place, p in ranking(returns))


def bot_moves_note(skipped: Sequence[int]) -> str:
    """The review's word on the moves a bot played for the student: "Moves 344-408 (65 decisions) were played by a
    bot for you while your seat was given to it: they are not judged." (numbered as the log, from 1)."""
    if not skipped:
        return ""
    first, last = skipped[0] + 1, skipped[-1] + 1
    if first == last:
        text = _("Move {} was played by a bot for you while your seat was given to it: it is not judged.").format(
            format_number(first))
    else:
        text = ngettext("Moves {}-{} ({} decision) were played by a bot for you while your seat was given to it: "
                        "they are not judged.",
                        "Moves {}-{} ({} decisions) were played by a bot for you while your seat was given to it: "
                        "they are not judged.", len(skipped)).format(format_number(first), format_number(last),
                                                                     format_number(len(skipped)))
    return f"<p class='gk-bot-moves'>{escape(text)}</p>"


@dataclass(frozen=True)
class Offer:
    """The choices a seat's page offers: the legal actions in the order of the page's buttons, and for each
    part of the picture that chooses one, the indices of its actions."""

    actions: tuple[Action, ...]
    targets: Mapping[str, tuple[int, ...]]


class Renderer:
    """Draws one table's pages (one renderer per table and process; it holds no state of the game)."""

    def __init__(self, module: str, stored_title: str, lesson: str | None = None) -> None:
        self.game = game_view(module)
        self.stored_title, self.lesson = stored_title, lesson
        self._picture = self.game.picture() if self.game.picture else None

    @property
    def title(self) -> str:
        """The table's title in the reader's language (:func:`~gamekit.tables.store.table_title`)."""
        return table_title(self.stored_title, self.lesson)

    # -- names ------------------------------------------------------------------------------------
    def name(self, seat: int | None) -> str:
        return _("Setup") if seat is None else self.game.player_name(seat)

    def who(self, seat: Mapping[str, Any]) -> str:
        """A seat as the pages name it: "Red (Ana)", "Red (bot: heuristic)"."""
        name = self.name(seat["seat"])
        if seat["played_by"] == "bot":
            return _("{} (bot: {})").format(name, seat["bot"])
        student = seat.get("name")
        return pgettext("a seat and its student", "{} ({})").format(name, student) if student else name

    def label(self, state: GameState, action: Action) -> str:
        """How the choices name ``action`` (the game's grouping labels)."""
        for items in self.game.group_actions(state, [action]).values():
            for label, _action in items:
                return label
        return state.action_words(action)

    # -- the offer --------------------------------------------------------------------------------
    def offer(self, view: SeatView, state: GameState) -> Offer:
        """The seat's choices (none but on its own turn) and the picture's parts that choose them."""
        if not view.content["your_turn"]:
            return Offer((), {})
        groups = self.game.group_actions(state, state.legal_actions())
        actions = tuple(action for items in groups.values() for _, action in items)
        targets: dict[str, list[int]] = {}
        if self.game.target_of is not None:
            for index, action in enumerate(actions):
                target = self.game.target_of(state, action)
                if target is not None:
                    targets.setdefault(target, []).append(index)
        return Offer(actions, {t: tuple(i) for t, i in targets.items()})

    # -- regions ----------------------------------------------------------------------------------
    def regions(self, view: SeatView, state: GameState, viewer: int | None, offer: Offer) -> dict[str, str]:
        """Every region of the page of ``viewer`` (None: the public view)."""
        c = view.content
        regions = {
            "header": self.header(c, state, viewer),
            "status": self.status(c, viewer),
            "picture": self.picture(state, viewer, offer),
            "summary": self.game.summary_html(state) if self.game.summary_html is not None else "",
            "seats": self.seats(c),
            "log": self.log(c),
        }
        if viewer is not None:
            regions["hand"] = (f"<h3>{escape(_('Only you see this, {}').format(self.name(viewer)))}</h3>"
                               f"<div class='gk-private'>{self.game.private_html(state, viewer)}</div>")
            regions["choices"] = self.choices(state, viewer, offer)
        return regions

    def progress(self, c: Mapping[str, Any], state: GameState) -> str:
        parts = [str(label(state)) for label in (self.game.round, self.game.phase) if label is not None]
        moves = max(c["log_entries"] - 1, 0)  # entry 0: the setup
        parts.append(ngettext("{} move", "{} moves", moves).format(format_number(moves)))
        return " · ".join(p for p in parts if p)

    def header(self, c: Mapping[str, Any], state: GameState, viewer: int | None) -> str:
        game_title = self.game.title or self.game.spec.name
        title = escape(self.title or game_title)
        html_text = (f"<h1>{title}</h1><div class='gk-progress'>{escape(game_title)} · "
                     f"{escape(self.progress(c, state))}</div>")
        if viewer is not None:
            chip = (f"<b class='gk-seat-chip' style='border-color:{self.game.player_color(viewer)}'>"
                    f"{escape(self.who(c['seats'][viewer]))}</b>")
            html_text += f"<div class='gk-you'>{escape(_('You play {}')).format(chip)}</div>"
        return html_text

    def status(self, c: Mapping[str, Any], viewer: int | None) -> str:
        kind, text = self._status(c, viewer)
        return f"<div class='gk-status gk-status-{kind}' role='status'>{text}</div>"

    def _status(self, c: Mapping[str, Any], viewer: int | None) -> tuple[str, str]:
        if c["terminal"]:
            return "over", (f"<b>{escape(_('Game over.'))}</b> "
                            f"{escape(_('Final result: {}')).format(result_html(self.game, c['returns'] or []))}")
        if c["status"] == "ended":
            return "paused", escape(_("The teacher has ended this table."))
        if c["status"] == "paused":
            return "paused", escape(_("The teacher has paused the table: wait until it goes on."))
        if viewer is not None:
            mine = c["seats"][viewer]
            if mine["played_by"] == "bot":
                return "wait", escape(_("The teacher gave your seat to a bot ({}): you can watch. Ask the teacher to "
                                        "give it back to you.").format(mine["bot"]))
            if c["your_turn"]:
                return "turn", (f"<b>{escape(_('Your turn, {}:').format(self.name(viewer)))}</b> "
                                f"{escape(_('choose your move.'))}")
        return "wait", self.waiting(c)

    def waiting(self, c: Mapping[str, Any]) -> str:
        to_move = c["to_move"]
        if to_move is None:
            return escape(_("Chance and the bots are playing…"))  # (a bot's move is stored with the draws before it)
        seat = c["seats"][to_move]
        if seat["played_by"] == "bot":
            return escape(_("{} (a bot) is thinking…").format(self.name(to_move)))
        return escape(_("Waiting for {}.")).format(f"<b>{escape(self.who(seat))}</b>")

    def picture(self, state: GameState, viewer: int | None, offer: Offer) -> str:
        if self._picture is None:
            return ""
        labels = {target: _(" or ").join(self.label(state, offer.actions[i]) for i in indices)
                  for target, indices in offer.targets.items()}
        return self._picture.render(state, viewer, labels)

    def choices(self, state: GameState, viewer: int, offer: Offer) -> str:
        """The seat's choices: each group a column of buttons, or a menu and a Play button when it is long.
        Each button carries its index in the offer; the page sends the index and the offer's number."""
        if not offer.actions:
            return ""
        help_text = _("Choose below. Or tap a highlighted part of the board.") if offer.targets else _("Choose below.")
        parts = [f"<h3>{escape(_('{}: your move').format(self.name(viewer)))}</h3>"
                 f"<p class='gk-help'>{escape(help_text)}</p>"]
        index = 0
        for group, items in self.game.group_actions(state, list(offer.actions)).items():
            parts.append(f"<div class='gk-group'><h4>{escape(group)}</h4>")
            if len(items) > MAX_BUTTONS:
                options = "".join(f"<option value='{index + k}'>{escape(label)}</option>"
                                  for k, (label, _) in enumerate(items))
                parts.append(f"<div class='gk-menu'><select aria-label='{escape(group)}'>{options}</select>"
                             f"<button type='button' class='gk-play-menu'>{escape(_('Play'))}</button></div>")
            else:
                parts.extend(f"<button type='button' class='gk-choice' data-choice='{index + k}'>{escape(label)}"
                             "</button>" for k, (label, _) in enumerate(items))
            parts.append("</div>")
            index += len(items)
        return "".join(parts)

    def seats(self, c: Mapping[str, Any]) -> str:
        rows = []
        for seat in c["seats"]:
            p = seat["seat"]
            you = f" <b>{escape(_('(you)'))}</b>" if p == c["seat"] else ""
            turn = (f" <span class='gk-to-move'>{escape(_('◀ to move'))}</span>"
                    if p == c["to_move"] and not c["terminal"] else "")
            rows.append(f"<li style='border-left-color:{self.game.player_color(p)}'>"
                        f"<b>{escape(self.who(seat))}</b>{you}{turn}</li>")
        return f"<h3>{escape(_('At this table'))}</h3><ul class='gk-seat-list'>{''.join(rows)}</ul>"

    def log(self, c: Mapping[str, Any]) -> str:
        rows = []
        for entry in reversed(c["log"]):
            player = entry["player"]
            events = [Event(e["text"], e["section"], e["player"]) for e in entry["events"]]
            colour = None if player is None else self.game.player_color(player)
            who = self.name(player)
            if entry.get("by") == "bot" and player is not None and c["seats"][player]["played_by"] != "bot":
                who = _("{} (bot: {})").format(who, entry.get("bot") or "bot")  # for an absent student
            html_text, _plain = format_entry(entry["number"], who, colour, entry["action"], events)
            rows.append(_TITLE.sub("", html_text, count=1))  # (the stepper's "go to this position": not here)
        hidden = c["log_entries"] - len(c["log"])
        more = ngettext("… and {} earlier entry", "… and {} earlier entries", hidden).format(format_number(hidden))
        more = f"<p class='gk-help'>{escape(more)}</p>" if hidden > 0 else ""
        return (f"<h3>{escape(_('What happened'))} <small>{escape(_('(newest first)'))}</small></h3>"
                f"<div class='gk-log'>{''.join(rows)}</div>{more}")


_TITLE = re.compile(r' title="[^"]*"')


def short_address(public_url: str) -> str:
    """The students' address as a projector shows it: "192.168.1.23:8866" (no scheme, no trailing slash)."""
    return public_url.removeprefix("http://").removeprefix("https://").rstrip("/")


def joining(renderer: Renderer, c: Mapping[str, Any], info: Any, online: set[int], joined: set[int],
            public_url: str) -> str:
    """The projector's joining line: where students join (short, and as a QR code) and which seats have joined."""
    from .teacher import qr_svg

    here: list[str] = []
    missing: list[str] = []
    for seat, facts in zip(c["seats"], info.seats):
        if facts.has_code and seat["played_by"] != "bot":
            (here if seat["seat"] in online | joined else missing).append(escape(renderer.who(seat)))
    qr = qr_svg(public_url) if public_url else ""
    address = f"<b class='gk-address'>{escape(short_address(public_url))}</b>"
    joined_text = ", ".join(here) or escape(_("nobody yet"))
    who = (escape(_("Joined: {}; not yet: {}.")).format(joined_text, ", ".join(missing)) if missing
           else escape(_("Joined: {}.")).format(joined_text))
    return (f"<div class='gk-joining'>{qr}<div><p>{escape(_('Join at {} with your code.')).format(address)}</p>"
            f"<p>{who}</p></div></div>")


def host_controls(renderer: Renderer, c: Mapping[str, Any], info: Any, online: set[int], joined: set[int],
                  public_url: str) -> str:
    """The host's panel: pause or resume, end the table (a second click confirms), give a seat to a bot or back,
    who has joined, the students' address and the view-only link for the projector."""
    over = c["status"] == "ended" or c["terminal"]
    watch = f"{public_url}watch/{info.table}"
    address = f"<b class='gk-address'>{escape(public_url or '/')}</b>"
    projector = (f"<a href='/watch/{escape(info.table)}' target='_blank' rel='noopener'>{escape(watch)}</a>")
    links = (f"<p>{escape(_('Students join at {} with their codes.')).format(address)} "
             f"{escape(_('Projector (view only, no host rights): {}')).format(projector)}</p>")
    title = f"<h3>{escape(_('Host controls'))}</h3>"
    if over:
        return f"{title}<p>{escape(_('None: the table is over.'))}</p>{links}"
    paused = c["status"] == "paused"
    bots = [name for name in renderer.game.bots if name != "human"]
    menu = "".join(f"<option value='{escape(b)}'{' selected' if b == 'heuristic' else ''}>"
                   f"{escape(_('{} bot').format(b))}</option>" for b in bots)
    presences = {"online": _("online"), "joined": _("joined"), "not": _("not joined yet"), "bot": _("bot seat")}
    rows = []
    for seat, facts in zip(c["seats"], info.seats):
        p = seat["seat"]
        presence = ("online" if p in online else "joined" if p in joined else "not") if facts.has_code else "bot"
        toggle = ""
        if facts.has_code:
            label = _("{} → student") if seat["played_by"] == "bot" else _("{} → bot")
            toggle = (f"<button type='button' class='gk-host' data-op='seat' data-seat='{p}'>"
                      f"{escape(label.format(renderer.name(p)))}</button>")
        rows.append(f"<li style='border-left-color:{renderer.game.player_color(p)}'><b>{escape(renderer.who(seat))}"
                    f"</b> <span class='gk-presence gk-{presence}'>{escape(presences[presence])}</span> {toggle}</li>")
    bot_menu = escape(_("An absent student's seat goes to the {}")).format(f"<select class='gk-bot'>{menu}</select>")
    return (f"{title}<div class='gk-host-row'>"
            f"<button type='button' class='gk-host' data-op='{'resume' if paused else 'pause'}'>"
            f"{escape(_('Resume') if paused else _('Pause'))}</button>"
            f"<button type='button' class='gk-host gk-danger' data-op='end' "
            f"data-confirm='{escape(_('Click again to end for good'))}'>{escape(_('End the table'))}</button></div>"
            f"<label class='gk-bot-menu'>{bot_menu}</label><ul class='gk-seat-list'>{''.join(rows)}</ul>{links}")


# -- class questions ---------------------------------------------------------------------------------------------
def question_picture(module: str, question: Any) -> str:
    """The picture of a question's position, as the seat it is asked of sees it (no clickable parts)."""
    game = game_view(module)
    return game.picture().render(question.state, question.seat, {}) if game.picture else ""


def quiz_for_seat(module: str, asked: Any, question: Any, chosen: int | None, feedback: Any, open_now: bool) -> str:
    """A student's class-question box: the prompt, the picture and the options as buttons while it is open and
    unanswered; their own answer once given; its feedback once the teacher reveals it.  Never another's answer."""
    head = f"<h2>{escape(_('Question for the class'))}</h2><p class='gk-prompt'>{escape(question.prompt)}</p>"
    if asked.status == "revealed":
        if chosen is None:
            return head + f"<p>{escape(_('You did not answer this one.'))}</p>"
        verdict = _("Right!") if feedback.correct else _("Not quite.")
        answer = f"<b>{escape(question.options[chosen])}</b>"
        return (head + f"<p>{escape(_('Your answer: {}')).format(answer)}</p>"
                f"<div class='gk-feedback gk-{'right' if feedback.correct else 'wrong'}'><b>{escape(verdict)}</b> "
                f"{escape(feedback.text)}{section_note(feedback)}</div>")
    if chosen is not None:
        answer = f"<b>{escape(question.options[chosen])}</b>"
        wait = escape(_("Your answer: {}. Wait for your teacher to reveal the answer.")).format(answer)
        return head + f"<p>{wait}</p>"
    if not open_now:
        return head + f"<p>{escape(_('Time is up for this question.'))}</p>"
    buttons = "".join(f"<button type='button' class='gk-answer' data-question='{escape(asked.id)}' "
                      f"data-answer='{i}'>{escape(option)}</button>" for i, option in enumerate(question.options))
    return (head + f"<div class='gk-question-picture'>{question_picture(module, question)}</div>"
            f"<p class='gk-help'>{escape(_('Time left: {}')).format(countdown(asked.seconds_left()))}</p>"
            f"<div class='gk-answers'>{buttons}</div>")


def countdown(left: int) -> str:
    """Seconds left, counted down on the page by its script (its "{} s" in the page's ``data-say-seconds``)."""
    return f"<span class='gk-countdown' data-left='{left}'>{escape(_('{} s').format(format_number(left)))}</span>"


def question_regions(module: str, asked: Any, question: Any, answers: Sequence[int], students: int) -> dict[str, str]:
    """The projector's page of a class question: how many have answered while it is open; the distribution of the
    answers once closed; the right answer (or the coach's ranking) and the explanation once revealed."""
    counts = [answers.count(i) for i in range(len(question.options))]
    status = {"open": _("Answer on your device."), "closed": _("Answers are closed."),
              "revealed": _("The answer:")}[asked.status]
    left = asked.seconds_left()
    answered = escape(ngettext("{} of {} has answered", "{} of {} have answered", len(answers))).format(
        f"<b>{format_number(len(answers))}</b>", format_number(students))
    progress = (f"<p class='gk-count'>{answered}"
                + (f" · {escape(_('{} left')).format(countdown(left))}" if left else "") + "</p>")
    rows = []
    for i, option in enumerate(question.options):
        mark = ""
        if asked.status == "revealed":
            feedback = question.check(i)
            if question.answer is not None:
                mark = f" <b class='gk-right'>{escape(_('✓ right'))}</b>" if i == question.answer else ""
            else:
                cost = _("costs about {} chance of winning").format(percent(feedback.win_cost or 0.0))
                best = _("✓ the coach's best")
                mark = (f" <b class='gk-right'>{escape(best)}</b>" if feedback.best == i else
                        f" <span class='gk-help'>{escape(cost)}</span>")
        bar = ""
        if asked.status != "open":
            width = 0 if not answers else round(100 * counts[i] / len(answers))
            bar = (f"<span class='gk-bar' style='width:{width}%'></span> <span class='gk-bar-count'>"
                   f"{format_number(counts[i])}</span>")
        rows.append(f"<li><span class='gk-option'>{escape(option)}</span>{mark}<div class='gk-bar-box'>{bar}</div>"
                    "</li>")
    explain = ""
    if asked.status == "revealed":
        best = question.answer if question.answer is not None else question.check(0).best
        if best is not None:
            feedback = question.check(best)
            explain = f"<div class='gk-feedback gk-right'>{escape(feedback.text)}{section_note(feedback)}</div>"
    return {"question": (f"<h1>{escape(_('Question for the class'))}</h1>"
                         f"<p class='gk-prompt'>{escape(question.prompt)}</p>"
                         f"<p class='gk-status gk-status-wait'>{status}</p>{progress}<ol class='gk-options'>"
                         f"{''.join(rows)}</ol>{explain}"),
            "picture": question_picture(module, question)}


def section_note(feedback: Any) -> str:
    """The feedback's rulebook section as a badge, unless its text already names it."""
    name = _(feedback.section) if feedback.section else ""
    if not name or name in feedback.text or feedback.section in feedback.text:
        return ""
    return f" <span class='gk-section'>{escape(name)}</span>"

