"""First Giants as SVG for the widgets: the dig sites with their cards and effects, the deck, every
player's Study and museum.

Drawn from an observation (``state.observation(seat)``; First Giants hides nothing, so every seat's
is the same), in CSS pixels at 100 % (see :mod:`gamekit.svg`).  The cards a player decides by (on the
dig sites and on top of the deck) are drawn large with their effect in short words; the cards in a
Study or on display are drawn small (family, size, number).  Clickable parts (``targets``: id ->
label): the dig sites (``site-<k>``, where to play a marker) and the cards (``card-<id>``: take it,
display it, resolve its effect).
"""
from __future__ import annotations

from typing import Any, Mapping

from gamekit import Action
from gamekit.i18n import N_, pgettext
from gamekit.i18n import gettext as _
from gamekit.plotting import BLACK, GREY, WHITE, player_color, text_color_on
from gamekit.svg import Picture, Svg, text_width, wrap
from gamekit.words import say_count

from .components import (ANY_PLAYER_TAKES, CARDS, DISPLAY, DISPLAY_FREE, DISPLAY_OR_POINT, DISPLAY_TWO_DIFFERENT,
                         DISPLAY_TWO_SAME, EACH_OPPONENT, GAIN_AMBER, GAIN_POINT, NO_TIMING, ONCE, PER_CARNIVORE,
                         PER_FAMILY, PER_PAIR, SIZE_NAMES, SPEND_3_FOR_2, YOU_TAKE_CARNIVORE, YOU_TAKE_NEW_FAMILY)
from .plots import FAMILY_COLORS, family_word
from .text import WORDING

TEXT_PX = 14  # the cards' and captions' type (the picture's smallest: gamekit.svg.MIN_TEXT_PX)
CARD_W, CARD_H = 120, 132  # a card on a dig site or the deck
MINI_W, MINI_H = 96, 38  # a card in a Study or a museum
SITE_H = CARD_H + 52  # a dig site's frame: its name, its cards, the markers under them
SITE_W = 2 * CARD_W + 24
WIDTH = 8 + 4 * (SITE_W + 10) + CARD_W + 16 + 8  # four dig sites and the deck
MAX_WIDTH = 1296  # the widest the table grows so that more museums stay one row (a projector's Lab stepper shows
                  # about 1,300 px beside its side pane: wider would shrink the cards' type below 14 px)
TIMING_WORDS = {ONCE: N_("this turn:"), ANY_PLAYER_TAKES: N_("anyone takes:"),
                YOU_TAKE_CARNIVORE: N_("you take Carnivore:"), YOU_TAKE_NEW_FAMILY: N_("you take new family:"),
                NO_TIMING: N_("wild card:")}
CHOICE_WORDS = {DISPLAY: N_("may display 1"), DISPLAY_FREE: N_("may display 1 free"), DISPLAY_TWO_DIFFERENT:
                N_("may display 2 of different families"), DISPLAY_TWO_SAME: N_("may display 2 of one family"),
                SPEND_3_FOR_2: N_("may pay 3 amber for 2 points"), DISPLAY_OR_POINT: N_("display 1 or +1 point")}
PER_WORDS = {PER_CARNIVORE: N_("{} per Carnivore in Study"), PER_FAMILY: N_("{} per family in Study"),
             PER_PAIR: N_("{} per pair in Study")}


# -- words ---------------------------------------------------------------------------------------------------
def size_word(card: int) -> str:
    """A card's Size in the reader's language ("Small", "Egg")."""
    c = CARDS[card]
    return pgettext("size", "Egg") if c.is_egg else pgettext("size", SIZE_NAMES[c.size])


def short_effect(card: int) -> str:
    """A card's effect in a few words, in the reader's language: "this turn: +2 amber, others +1 amber"."""
    c = CARDS[card]
    if not c.parts:
        return _("wild card: any size in a set; display costs 2 amber")
    parts = []
    for part in c.parts:
        if part.effect == GAIN_POINT:
            what = "+" + say_count(part.amount, "point")
        elif part.effect == GAIN_AMBER:
            what = _("+{} amber").format(part.amount)
        else:
            what = _(CHOICE_WORDS[part.effect])
        if part.multiplier in PER_WORDS:
            what = _(PER_WORDS[part.multiplier]).format(what)
        parts.append(_("others {}").format(what) if part.who == EACH_OPPONENT else what)
    return f"{_(TIMING_WORDS[c.timing])} {', '.join(parts)}"


def card_name(card: int) -> str:
    """ "#0 Small Flying" in the reader's language."""
    return _("#{} {}").format(card, pgettext("card", CARDS[card].name))


def card_text(card: int) -> str:
    """The card and its effect, for menus and buttons: "#0 Small Flying (this turn: +2 amber, ...)"."""
    return f"{card_name(card)} ({short_effect(card)})"


def target_of(action: Action, player: int | None = None) -> str | None:
    """The picture's part a click on which chooses ``action`` (None: chosen from the menu only)."""
    if action.kind == "play_marker":
        return f"site-{action.site}"  # type: ignore[attr-defined]  # the kind says: a PlayMarker
    if action.kind in ("take_card", "display", "resolve_trigger"):
        return f"card-{action.card}"  # type: ignore[attr-defined]  # the kind says: it names a card
    return None


# -- cards ---------------------------------------------------------------------------------------------------
def _card(svg: Svg, card: int, x: float, y: float) -> None:
    """A large card: family colour with size and family, its number, and its effect on white."""
    c = CARDS[card]
    colour = FAMILY_COLORS[c.family_name]
    ink = text_color_on(colour)
    svg.rect(x, y, CARD_W, CARD_H, fill=colour, stroke=BLACK, stroke_width=1.2, rx=7)
    number = f"#{card}"
    svg.text(x + 8, y + 14, size_word(card), TEXT_PX, anchor="start", fill=ink, bold=True,
             fit=CARD_W - 20 - text_width(number, TEXT_PX))
    svg.text(x + CARD_W - 7, y + 14, number, TEXT_PX, anchor="end", fill=ink)
    svg.text(x + 8, y + 32, family_word(c.family_name), TEXT_PX, anchor="start", fill=ink, bold=True, fit=CARD_W - 14)
    svg.rect(x + 5, y + 43, CARD_W - 10, CARD_H - 48, fill=WHITE, rx=4)
    lines = wrap(short_effect(card), CARD_W - 12, TEXT_PX)
    svg.lines(x + CARD_W / 2, y + 56, lines, TEXT_PX, leading=1.12,  # (at most 5 lines: tests/firstgiants)
              fit=CARD_W - 12)


def _mini(svg: Svg, card: int, x: float, y: float) -> None:
    """A small card: family colour; family; size and number."""
    c = CARDS[card]
    colour = FAMILY_COLORS[c.family_name]
    ink = text_color_on(colour)
    svg.rect(x, y, MINI_W, MINI_H, fill=colour, stroke=BLACK, stroke_width=1, rx=5)
    svg.text(x + MINI_W / 2, y + 12, family_word(c.family_name), TEXT_PX, fill=ink, bold=True, fit=MINI_W - 6)
    svg.text(x + MINI_W / 2, y + 28, f"{size_word(card)} #{card}", TEXT_PX, fill=ink, fit=MINI_W - 6)


def _marker(svg: Svg, seat: int, name: str, cx: float, cy: float) -> None:
    colour = player_color(seat)
    svg.circle(cx, cy, 12, fill=colour, stroke=BLACK, stroke_width=1.5)
    svg.text(cx, cy, name[:1], TEXT_PX, fill=text_color_on(colour), bold=True)


# -- the table -----------------------------------------------------------------------------------------------
def _dig_sites(svg: Svg, obs: Mapping[str, Any], top: float, places: dict[str, tuple]) -> float:
    names = [p["name"] for p in obs["players"]]
    for k, site in enumerate(obs["dig_sites"]):
        x = 8 + k * (SITE_W + 10)
        svg.open(data_key=f"dig-site-{k}")
        svg.rect(x, top, SITE_W, SITE_H, fill="#F4F1E8", stroke=GREY, rx=6)
        svg.text(x + 10, top + 13, _("Dig site {}").format(k + 1), TEXT_PX, anchor="start", bold=True,
                 fit=SITE_W - 20)
        places[f"site-{k}"] = (x, top, SITE_W, SITE_H)
        for j, card in enumerate(site["cards"]):
            cx = x + 8 + j * (CARD_W + 8)
            _card(svg, card, cx, top + 24)
            places[f"card-{card}"] = (cx, top + 24, CARD_W, CARD_H)
        for j, seat in enumerate(site["markers"]):
            _marker(svg, seat, names[seat], x + 22 + j * 30, top + CARD_H + 36)
        svg.close()
    x = 8 + len(obs["dig_sites"]) * (SITE_W + 10)
    svg.open(data_key="deck")
    svg.rect(x, top, CARD_W + 16, SITE_H, fill="#E8E8E8", stroke=GREY, rx=6)
    svg.text(x + 8, top + 13, _("Deck"), TEXT_PX, anchor="start", bold=True, fit=CARD_W)
    if obs["deck_top"] is not None:
        _card(svg, obs["deck_top"], x + 8, top + 24)
        places[f"card-{obs['deck_top']}"] = (x + 8, top + 24, CARD_W, CARD_H)
    svg.text(x + 8, top + CARD_H + 36, _("{} below").format(len(obs["deck_below_top"])), TEXT_PX, anchor="start",
             fit=CARD_W)
    svg.close()
    return SITE_H


def _cards_row(svg: Svg, cards: list[int], x: float, y: float, places: dict[str, tuple], gap: float = 4) -> float:
    for card in cards:
        _mini(svg, card, x, y)
        places[f"card-{card}"] = (x, y, MINI_W, MINI_H)
        x += MINI_W + gap
    return x


Group = tuple[str, list[int], bool, str]
"""A row part of a player's band: (caption, cards, complete, target id of the group or "")."""


def _groups(player: Mapping[str, Any]) -> list[Group]:
    """The Study, then each set on display (from an observation's player entry)."""
    groups: list[Group] = [(_("Study ({})").format(len(player["study"])), list(player["study"]), False, "")]
    for k, mset in enumerate(player["display"], start=1):
        groups.append((set_caption(k, mset["type"], mset["set_tokens"], mset["complete"]), list(mset["cards"]),
                       mset["complete"], ""))
    return groups


def set_kind(type_name: str) -> str:
    """What a set is, in a caption: "Carnivore", "Small size", "no type yet" (from the rules' type name,
    "Carnivore family set"), in the reader's language."""
    if type_name.endswith(" family set"):
        return family_word(type_name.removesuffix(" family set"))
    if type_name.endswith(" size set"):
        return _("{} size").format(pgettext("size", type_name.removesuffix(" size set")))
    return _("no type yet")


def set_caption(number: int, type_name: str, tokens: int, complete: bool) -> str:
    """ "Set 2: Carnivore, 3 tokens, complete" from the set's type name ("Carnivore family set")."""
    kind = set_kind(type_name)
    if tokens:
        return (_("Set {}: {}, {}, complete") if complete else _("Set {}: {}, {}")).format(
            number, kind, say_count(tokens, "token"))
    return (_("Set {}: {}, complete") if complete else _("Set {}: {}")).format(number, kind)


def group_width(caption: str, cards: list[int]) -> float:
    """How wide a group of a band is drawn: its caption or its row of small cards, whichever is wider."""
    return max(text_width(caption, TEXT_PX), len(cards) * (MINI_W + 4) - 4, MINI_W)


def fitting_width(bands: list[list[Group]]) -> float:
    """The picture's width: :data:`WIDTH`, or wider (up to :data:`MAX_WIDTH`) so that the longest band's
    groups fit in one row (a late game of five players would otherwise wrap most bands into two rows and
    make the picture too tall for a projector's screen, where the stepper would shrink it)."""
    needed = max((sum(group_width(c, cards) + 14 for c, cards, _, _ in groups) - 14 + 16 for groups in bands),
                 default=0.0)
    return min(max(WIDTH, needed), MAX_WIDTH)


def band(svg: Svg, seat: int, head: str, groups: list[Group], top: float, places: dict[str, tuple]) -> float:
    """One player's band: a header line, then its groups of small cards (wrapped to the picture's width; a
    group with more cards than a row holds, a long Study, has its cards wrapped under its caption); returns its
    height.  A group's target id (if any) covers its caption and cards."""
    svg.rect(8, top, 10, 20, fill=player_color(seat), stroke=BLACK, stroke_width=1)
    svg.text(24, top + 10, head, 14, anchor="start", bold=True, fit=svg.width - 32)
    x, y = 8.0, top + 26
    row_height = 16 + MINI_H + 6
    per_row = max(1, int((svg.width - 12) // (MINI_W + 4)))
    row_full = False  # (a group whose cards wrapped ends its row)
    for caption, cards, complete, target in groups:
        rows = [cards[i:i + per_row] for i in range(0, len(cards), per_row)] or [[]]
        width = group_width(caption, rows[0])
        if x > 8 and (row_full or len(rows) > 1 or x + width > svg.width - 8):
            x, y = 8.0, y + row_height
        svg.text(x, y + 6, caption, TEXT_PX, anchor="start", fill=BLACK if cards else "#555555",
                 fit=svg.width - 8 - x)
        for k, row in enumerate(rows):
            _group_row(svg, row, complete, x, y + 16 + k * (MINI_H + 6), places)
        if target:
            places[target] = (x, y - 2, width, MINI_H + 20 + (len(rows) - 1) * (MINI_H + 6))
        y += (len(rows) - 1) * (MINI_H + 6)
        x, row_full = x + width + 14, len(rows) > 1
    return y + row_height - top + 4


def _group_row(svg: Svg, cards: list[int], complete: bool, x: float, y: float, places: dict[str, tuple]) -> None:
    """One row of a group's small cards (framed when the set is complete), or an empty place for a Study."""
    if complete:
        svg.rect(x - 3, y - 3, len(cards) * (MINI_W + 4) + 2, MINI_H + 6, fill="none", stroke=BLACK,
                 stroke_width=3, rx=6)
    if cards:
        _cards_row(svg, cards, x, y, places)
    else:
        svg.rect(x, y, MINI_W, MINI_H, fill="none", stroke=GREY, stroke_width=1, rx=5, stroke_dasharray="4 3")


def _player(svg: Svg, obs: Mapping[str, Any], seat: int, groups: list[Group], top: float,
            places: dict[str, tuple]) -> float:
    player = obs["players"][seat]
    news = [t for t in obs["news_tokens"] if t["holder"] == seat]
    head = (_("{} (to move): {} · {} amber · {} on the board") if obs["current_player"] == seat
            else _("{}: {} · {} amber · {} on the board")).format(
        player["name"], say_count(player["score"], "point"), player["amber"],
        say_count(player["markers_on_board"], "marker"))
    if news:
        kinds = [WORDING.text(t["token"].removesuffix(" News token")) for t in news]
        head = _("{} · News: {}").format(head, ", ".join(_("{} (kept)").format(kind) if t["locked"] else kind
                                                         for kind, t in zip(kinds, news)))
    return band(svg, seat, head, groups, top, places)


def _add_targets(svg: Svg, targets: Mapping[str, str], places: Mapping[str, tuple]) -> None:
    for target, label in targets.items():
        if target in places:
            x, y, w, h = places[target]
            svg.target(target, label, x - 3, y - 3, w + 6, h + 6, rx=8)


def cards_svg(cards: list[int], targets: Mapping[str, str] | None = None, title: str = "",
              per_row: int = 13) -> str:
    """Small cards in rows (the museum builder's cards to choose from); ``targets`` (``card-<id>``) clickable."""
    places: dict[str, tuple] = {}
    rows = max(1, -(-len(cards) // per_row))
    gap = 6  # each card's highlight frame (3 px around it) apart from its neighbours' (13 in a row fit Big type)
    svg = Svg(16 + per_row * (MINI_W + gap), 30 + rows * (MINI_H + gap), title=title)
    if title:
        svg.text(8, 11, title, 14, anchor="start", bold=True)
    for start in range(0, len(cards), per_row):
        _cards_row(svg, cards[start:start + per_row], 8, 28 + (start // per_row) * (MINI_H + gap), places, gap)
    _add_targets(svg, targets or {}, places)
    return svg.to_string()


def museums_svg(bands: list[tuple[str, list[Group]]], targets: Mapping[str, str] | None = None,
                title: str = "") -> str:
    """Players' bands only (head, groups), e.g. the museum builder's museums; group targets clickable."""
    places: dict[str, tuple] = {}
    svg = Svg(fitting_width([groups for _, groups in bands]), 0, title=title)
    y = 4.0
    if title:
        svg.text(8, 11, title, 14, anchor="start", bold=True)
        y = 26.0
    for seat, (head, groups) in enumerate(bands):
        y += band(svg, seat, head, groups, y, places)
    svg.height = y + 4
    _add_targets(svg, targets or {}, places)
    return svg.to_string()


def table_svg(obs: Mapping[str, Any], targets: Mapping[str, str] | None = None, title: str | None = None) -> str:
    """The whole table: dig sites, deck, and every player's Study and museum; ``targets`` clickable."""
    targets = targets or {}
    places: dict[str, tuple] = {}
    groups = [_groups(player) for player in obs["players"]]
    svg = Svg(fitting_width(groups), 0,
              title=f"First Giants: {title or ''}".rstrip(": "), keyed=True)
    if title is None:
        title = table_title(obs)
    with svg.layer("title"):
        svg.text(8, 11, title, 15, anchor="start", bold=True, fit=svg.width - 16)
    y = 26 + _dig_sites(svg, obs, 26, places) + 12  # (a layer per dig site, and the deck)
    for seat in range(len(obs["players"])):
        with svg.layer(f"player-{seat}"):
            y += _player(svg, obs, seat, groups[seat], y, places)
    svg.height = y + 4
    with svg.layer("targets"):
        _add_targets(svg, targets, places)
    return svg.to_string()


def table_title(obs: Mapping[str, Any]) -> str:
    """ "Turn 7 · take a card", "Game over", and whether the end is triggered, in the reader's language."""
    if obs["phase"] == "game over":
        title = _("Game over")
    else:
        title = _("Turn {} · {}").format(obs["turns"] + 1, pgettext("phase", obs["phase"]))
    if obs["end_triggered"]:
        names = [p["name"] for p in obs["players"]]
        title = _("{} · the end is triggered ({})").format(title, WORDING.text(obs["end_triggered"], keep=names))
    return title


def picture(state: Any) -> Picture:
    """The table for a notebook (``pictures.picture(state)`` as a cell's last line), as the stepper draws
    it (First Giants hides nothing: every seat sees the same)."""
    obs = state.observation(0)
    return Picture(table_svg(obs), _("First Giants, turn {}, {}").format(obs["turns"] + 1,
                                                                          pgettext("phase", obs["phase"])))
