"""Refusals in every language: an illegal action raises the same ``IllegalAction`` (same rule) in English, Danish
and German, worded from the catalogue in the reader's language, and leaves the state unchanged; every
``IllegalAction`` of the code is built from a catalogue template (an ast scan)."""
from __future__ import annotations

import ast
import json
import pickle
import random
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import numpy
import pytest

import firstgiants
import giganten
from gamekit import IllegalAction, RandomBot, play
from gamekit.actions import quote
from gamekit.i18n import LANGUAGES, SOURCE, gettext, has, pgettext, using
from gamekit.i18n import extract

ROOT = Path(__file__).resolve().parents[2]
template_catalog = cache(extract.template_catalog)  # (reads the whole source: once)
OTHERS = [lang for lang in LANGUAGES if lang != SOURCE]
SEEDS = range(4)


# -- illegal actions from seeded random positions -------------------------------------------------------------

def _giganten_fuzz(state: Any, rng: random.Random) -> Iterator[Any]:
    """Well-formed Giganten actions with odd values (off the board, unknown cards, too high a bid ...), and near
    misses of the player to move: a derrick on each tile beside the truck, each carrier for each company."""
    g, r = giganten, rng.randrange
    yield g.Step(rng.choice("NESWX"))
    yield g.DriveTo(r(-2, 14), r(-2, 22))
    yield g.PlaceTruck(r(-2, 14))
    yield g.Build(r(-1, 13), r(-1, 21))
    yield g.Bid(r(-2, 200))
    yield g.Sell(r(-2, 70))
    yield g.TakeCard(r(-2, 25))
    yield g.PayLicenses(r(-1, 12), r(-1, 12))
    yield g.ChangePrice(r(-1, 4), r(-6, 7))
    yield g.LocomotivesBack(rng.choice([None, -1, 0, 1, 2, 3]))
    yield g.TakeOil(r(-1, 4))
    yield from (g.AdvanceLocomotive(), g.EndMovement(), g.LetChipGo(), g.Pass())
    yield from (g.Transport(c, via) for c in range(-1, 3) for via in ("own", "black", "rival", "ship"))
    p = state.current_player()
    if p is not None and state.trucks[p] >= 0:
        row, col = divmod(state.trucks[p], giganten.components.COLUMNS)
        yield from (g.Build(row + dr, col + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
        yield from (g.Step(d) for d in "NESW")


def _firstgiants_fuzz(state: Any, rng: random.Random) -> Iterator[Any]:
    """Every First Giants action class with random, often wrong, fields, and the displays the player to move
    might try: each card of the Study onto each set, with and without a declared size."""
    g = firstgiants
    card = rng.randrange(-1, 66)
    yield from (g.PlayMarker(rng.randrange(-1, 5)), g.TakeCard(card), g.ResolveTrigger(card),
                g.Display(card, rng.randrange(-2, 6), rng.randrange(0, 4)), g.Decline(), g.GainPoint(),
                g.SpendAmber(), g.GainAmber(), g.Reclaim(), g.Reveal(card), g.Deal(card))
    yield from (g.PlayMarker(site) for site in range(5))
    p = state.current_player()
    if p is not None:
        yield from (g.Display(c, target, size) for c in state.study[p]
                    for target in range(-1, len(state.museum[p]) + 1) for size in (0, 2))


GAMES = {
    "giganten": (giganten, (3, 4), _giganten_fuzz,
                 {"one_opponent_back": True, "exact_price_change": True, "bluff_bids": True}),
    "firstgiants": (firstgiants, (2, 3, 4, 5), _firstgiants_fuzz, {"eggs_not_fossils": True}),
}

#: Each game's words for an action of a state (``action_words`` of its text.py).
ACTION_WORDS = {giganten: giganten.text.action_words, firstgiants: lambda _state, a: firstgiants.text.action_words(a)}


def _states(game: Any, players: int, seed: int, **options: Any) -> list[Any]:
    out = [game.new_game(players, **options)]
    play(out[0], [RandomBot(seed * 17 + i) for i in range(players)], seed,
         on_move=lambda _bot, after: out.append(after))
    return out


def _offered(state: Any) -> set[Any]:
    if state.is_chance():
        return {outcome for outcome, _p in state.chance_outcomes()}
    return set(state.legal_actions())


def illegal_actions(name: str) -> Iterator[tuple[Any, Any]]:
    """(state, action not offered there): from seeded random games of ``name`` (every other one with the
    variants that have refusals of their own), the fuzz actions and actions legal elsewhere in the game."""
    game, counts, fuzz, variants = GAMES[name]
    for seed in SEEDS:
        rng = random.Random(seed)
        states = _states(game, counts[seed % len(counts)], seed, **(variants if seed % 2 else {}))
        seen = sorted({a for s in states if not s.is_terminal() for a in _offered(s)}, key=repr)
        for state in states:
            offered = set() if state.is_terminal() else _offered(state)
            tries = list(fuzz(state, rng)) + rng.sample(seen, min(len(seen), 6))
            for action in dict.fromkeys(tries):
                if action not in offered:
                    yield state, action


def refuse(state: Any, action: Any, lang: str) -> IllegalAction:
    with using(lang):
        with pytest.raises(IllegalAction) as info:
            state.apply(action)
    return info.value


# -- which template a refusal was worded from -------------------------------------------------------------------

REFUSAL_FILES = ("giganten/explain.py", "firstgiants/rules/explain.py", "firstgiants/rules/museum.py",
                 "gamekit/protocol.py")


RULE_NAMES = {"Rules", "End of game"}
"""The rulebook sections gamekit.protocol's refusals name (the games' are their events' sections)."""


def _refusal_templates() -> dict[str, re.Pattern[str]]:
    """The English templates of the refusal modules, each with a pattern matching what it words."""
    out = {}
    for message in template_catalog():
        if not message.id or not any(where.startswith(REFUSAL_FILES) for where, _line in message.locations) \
                or message.auto_comments or message.id in RULE_NAMES:  # (events, sections: not refusals)
            continue
        for template in (message.id if isinstance(message.id, tuple) else (message.id,)):
            if "{" not in template:
                out[template] = re.compile(re.escape(template) + r"\Z")
                continue
            parts = re.split(r"\{[^{}]*\}", template)
            out[template] = re.compile("(?:.+)".join(re.escape(p) for p in parts) + r"\Z", re.S)
    return out


def _site(message: str, templates: dict[str, re.Pattern[str]]) -> str | None:
    """The most specific template that words ``message`` (the longest literal text)."""
    matches = [t for t, pattern in templates.items() if pattern.match(message)]
    return max(matches, key=lambda t: len(re.sub(r"\{[^{}]*\}", "", t)), default=None)


#: Templates that a refusal of a whole message uses only as a piece, or that no random play reaches, with why.
UNREACHED = {
    # pieces worded inside a refusal's message or its "allowed instead", never a message of their own
    "the game is over", "a chance outcome ({phase})", "{name} takes a face-up action card",
    "{name} moves (truck steps, locomotive, special action or end movement)",
    "{name} builds a derrick next to the truck or builds nothing", "{name} decides where the produced oil chip goes",
    "{name} bids more than {high} or passes", "{name} chooses the licenses to pay {high} with",
    "{name} chooses how many chips to sell", "beside the board", "the most any hand could pay",
    "the kit's house rule G5: twice {name}'s {cards}", "a bid of {low}-{top} or pass", "sell 0-{stored}",
    "a truck step or 'drive to'", "card #{number}", "{rule}: {message}", "{rule}: {message} Allowed instead: {allowed}",
    # the refused action as a message quotes it (GameState.quoted): an action in the reader's quotation marks, or
    # what is not an action with its type
    "'{}'", "{value} (type {type}, not an action)",
    # what a chance node decides (chance_concerns: the stepper's chance chooser), not refusals
    "a chance outcome", "the oil on the {} tile dealt face down onto {} (Setup 2)",
    "{} rolls the price die for {} (Action 1)", "{} reveals a card from the red pile (Action 2)",
    "{} reveals a card from the beige pile (Action 2)",
    "{} draws {} sales license: whether it is worth 2 (Action 3)",
    "{} draws {} sales licenses: how many of them are worth 2 (Action 3)",
    "{} of {}'s license cards is drawn at random and discarded: whether it is worth 2 (Action 7 a)",
    "{} of {}'s license cards are drawn at random and discarded: how many of them are worth 2 (Action 7 a)",
    # the toy games' refusal (gamekit.protocol's default: both games explain their own)
    "{action} cannot be played now.",
    # a seat number out of range (check_seat's ValueError): an argument refused, not an action
    "expected a seat number from 0 to {last} of this {players}-player game, got {kind} {got}",
}


# -- the tests ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(GAMES))
def test_every_refusal_is_worded_in_every_language_and_leaves_the_state_unchanged(name):
    templates = _refusal_templates()
    reached: set[str] = set()
    refusals = 0
    for state, action in illegal_actions(name):
        before = state.fingerprint()
        english = refuse(state, action, SOURCE)
        site = _site(english.message, templates)
        assert site is not None, f"not worded from a refusal template: {english.message!r}"
        reached.add(site)
        assert str(english).startswith(f"{english.rule}: {english.message}")
        allowed = english.allowed  # (worded when read)
        listed = _lists_actions(state, english)
        for lang in OTHERS:
            exc = refuse(state, action, lang)
            words = str(exc)
            assert type(exc) is type(english) and exc.rule == english.rule, (lang, action)
            assert has(exc.rule, lang=lang), f"{lang}: the section {exc.rule!r} has no name in the catalogue"
            with using(lang):
                assert exc.rule_name == gettext(exc.rule) != exc.rule or exc.rule in SAME_NAME
            assert words.startswith(f"{exc.rule_name}: {exc.message}"), words
            assert exc.message != english.message, f"{lang}: stays English: {exc.message!r}"
            assert "{" not in words and "}" not in words, words
            with using(lang):
                instead = exc.allowed  # (worded when read: in the reader's language)
            assert instead in words, words
            if allowed:
                assert instead != allowed, f"{lang}: stays English: {instead!r}"
            if listed:
                leaks = set(re.findall(r"\b[a-z]{3,}\b", allowed)) & set(re.findall(r"\b\w+\b", instead))
                assert not leaks - SAME_ACTION_WORDS[lang], f"{lang}: English action words {leaks} in {instead!r}"
        assert state.fingerprint() == before, f"refusing {action!r} changed the state"
        refusals += 1
    assert refusals > 300
    expected = {t for t, _p in templates.items() if _game_of(t) in (name, None)} - UNREACHED
    missing = expected - reached - NOT_REACHED_BY_RANDOM_PLAY[name]
    assert not missing, "\n".join(sorted(missing))


SAME_NAME: frozenset[str] = frozenset()
"""Rulebook sections whose name is the same in a language as in English (none so far)."""


#: Words of the English actions that a language writes alike (the glossary: "point" is Danish, "beige" both).
SAME_ACTION_WORDS: dict[str, set[str]] = {"da": {"beige", "point"}, "de": {"beige"}}


def _lists_actions(state: Any, exc: IllegalAction) -> bool:
    """Whether the refusal ``exc`` lists the actions offered (kept as actions, worded when read: their list starts
    with the first one in the game's words, ``action_words``) rather than saying what is allowed in a sentence."""
    if isinstance(exc.instead, str):
        return False
    words = ACTION_WORDS[giganten if isinstance(state, giganten.State) else firstgiants]
    actions = [a for a, _p in state.chance_outcomes()] if state.is_chance() else state.legal_actions()
    assert exc.allowed.startswith(words(state, actions[0])), exc.allowed
    return True


def _game_of(template: str) -> str | None:
    for message in template_catalog():
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if template in ids:
            files = {where for where, _line in message.locations}
            if any(f.startswith("giganten/") for f in files):
                return "giganten"
            if any(f.startswith("firstgiants/") for f in files):
                return "firstgiants"
    return None


NOT_REACHED_BY_RANDOM_PLAY: dict[str, set[str]] = {
    # rare positions (a player short of money, the supply empty, a locomotive at the end of its track ...) that
    # four random games do not reach: their templates are checked by the ast scan below (built from the
    # catalogue) and by tests/gamekit/test_i18n.py (translated, the same placeholders)
    "giganten": {
        "all five of {name}'s derricks are on the board.",
        "an opposing truck stands on {cell} and {name} could not move on from there; trucks may not stop on "
        "opposing trucks.",
        "the black locomotive (space {space}) is behind the derrick in column {col}.",
        "the oil supply is empty, and by the kit's house rule G3 a derrick is built only with oil to put under it.",
        "the supply has no oil chips left (all {chips} are in play).",
        "the truck stands on a square it may not stop on and needs the remaining points to move on.",
        "this derrick costs {cost} and {name} has {money}; no credit is granted.",
        "transport costs {fee} and {name} has {money}; no credit is granted.",
        "{name}'s locomotive is on the last space of its track.",
    },
    "firstgiants": {
        "not enough amber: {name} has {amber}, needs 3.",
        "the second display must be of a different Family from the first ({family}).",
        "the {size} size set is full: a size set cannot exceed {limit} cards",
        "{name} has no marker on the board: reclaim markers instead.",
    },
}
"""Per game: refusal templates the seeded random positions do not reach, and why."""


# -- every IllegalAction of the code from a catalogue template: an ast scan -------------------------------------

GETTEXT = {"_", "gettext", "ngettext", "pgettext", "npgettext"}

#: (file, function, expression) whose value is not a message, with why.
NOT_MESSAGES = {
    ("firstgiants/rules/museum.py", "join", "r"): "the set's type (kind, key) from fit(), not a message: the "
                                                  "refusal takes join()'s result only when it is a str",
}

Funcs = dict[str, ast.FunctionDef]


class _Module:
    """One source file: its functions (by name, its own and those it imports from the kit) and dict tables."""

    def __init__(self, path: Path, modules: dict[Path, _Module]) -> None:
        self.path, self.rel = path, path.relative_to(ROOT).as_posix()
        self.tree = ast.parse(path.read_text(), str(path))
        self.modules = modules
        self.functions: Funcs = {n.name: n for n in self.tree.body if isinstance(n, ast.FunctionDef)}
        self.tables = {t.id: n.value for n in self.tree.body if isinstance(n, (ast.Assign, ast.AnnAssign))
                       for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
                       if isinstance(t, ast.Name) and isinstance(n.value, ast.Dict)}

    def function(self, name: str) -> tuple[_Module, ast.FunctionDef] | None:
        if name in self.functions:
            return self, self.functions[name]
        for node in self.tree.body:
            if isinstance(node, ast.ImportFrom) and node.level and any(a.name == name for a in node.names):
                base = self.path.parent
                for _up in range(node.level - 1):
                    base = base.parent
                target = base.joinpath(*(node.module or "").split(".")) if node.module else base
                path = target.with_suffix(".py") if target.with_suffix(".py").exists() else target / "__init__.py"
                module = self.modules.setdefault(path, _Module(path, self.modules))
                return module.function(name)
        return None


def _assignments(fn: ast.FunctionDef, name: str) -> Iterator[tuple[ast.expr, int | None]]:
    """The values assigned to ``name`` in ``fn``: (value, None), or (value, i) for the i-th of a tuple target."""
    for node in ast.walk(fn):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if isinstance(target, ast.Name) and target.id == name:
                    yield node.value, None
                elif isinstance(target, ast.Tuple):
                    for i, elt in enumerate(target.elts):
                        if isinstance(elt, ast.Name) and elt.id == name:
                            yield node.value, i


def _returns(fn: ast.FunctionDef) -> Iterator[ast.expr]:
    for node in ast.walk(fn):
        if isinstance(node, ast.Return) and node.value is not None:
            yield node.value


def worded(expr: ast.expr, module: _Module, fn: ast.FunctionDef, index: int | None = None,
           seen: frozenset[str] = frozenset()) -> list[str]:
    """What in ``expr`` (or in its ``index``-th item, for a tuple) may be a message not built from a catalogue
    template: a list of "file:line expression" (empty when every path is a ``_()``/``ngettext`` call, its
    ``.format``, or a name or function built from one)."""
    def bad(node: ast.expr) -> list[str]:
        return [f"{module.rel}:{node.lineno} {ast.unparse(node)}"]

    if (module.rel, fn.name, ast.unparse(expr)) in NOT_MESSAGES:
        return []

    def calls(target: tuple[_Module, ast.FunctionDef]) -> list[str]:
        mod, func = target
        key = f"{mod.rel}:{func.name}:{index}"
        if key in seen:
            return []
        return [w for r in _returns(func) for w in worded(r, mod, func, index, seen | {key})]

    if isinstance(expr, ast.Constant) and expr.value is None:
        return []
    if isinstance(expr, ast.Tuple):
        return bad(expr) if index is None else worded(expr.elts[index], module, fn, None, seen)
    if isinstance(expr, ast.IfExp):
        return worded(expr.body, module, fn, index, seen) + worded(expr.orelse, module, fn, index, seen)
    if isinstance(expr, ast.BoolOp):
        return [w for value in expr.values for w in worded(value, module, fn, index, seen)]
    if isinstance(expr, ast.Call):
        func = expr.func
        if isinstance(func, ast.Name) and func.id in GETTEXT and index is None:
            return []
        if isinstance(func, ast.Attribute) and func.attr == "format":
            return worded(func.value, module, fn, index, seen)
        if isinstance(func, ast.Name):
            target = module.function(func.id)
            if target is not None:
                return calls(target)
            table = _table_called(func.id, module, fn)
            if table is not None:  # a function looked up in a module's table of functions (_WHY.get(...))
                found = [module.function(v.id) for v in table.values if isinstance(v, ast.Name)]
                return [w for t in found if t is not None for w in calls(t)] if all(found) else bad(expr)
        return bad(expr)
    if isinstance(expr, ast.Name):
        values = list(_assignments(fn, expr.id))
        if not values:
            return bad(expr)
        out = []
        for value, i in values:
            if i is not None and index is not None:
                out += bad(expr)  # (a tuple taken apart, then a tuple again: not a shape of the kit)
            else:
                out += worded(value, module, fn, i if i is not None else index, seen)
        return out
    return bad(expr)


def _table_called(name: str, module: _Module, fn: ast.FunctionDef) -> ast.Dict | None:
    """The module's dict of functions that ``name`` was looked up in (``why = _WHY.get(type(action))``)."""
    for value, i in _assignments(fn, name):
        if i is None and isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) \
                and value.func.attr == "get" and isinstance(value.func.value, ast.Name):
            return module.tables.get(value.func.value.id)
    return None


def illegal_action_sites() -> Iterator[tuple[_Module, ast.FunctionDef, ast.Call]]:
    """Every ``IllegalAction(rule, message, ...)`` of the kit and both games."""
    modules: dict[Path, _Module] = {}
    for package in ("gamekit", "giganten", "firstgiants"):
        for path in sorted((ROOT / package).rglob("*.py")):
            module = modules.setdefault(path, _Module(path, modules))
            for fn in ast.walk(module.tree):
                if isinstance(fn, ast.FunctionDef):
                    for node in ast.walk(fn):
                        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                                and node.func.id == "IllegalAction":
                            yield module, fn, node


def test_every_illegal_action_of_the_code_is_worded_from_a_catalogue_template():
    sites = list(illegal_action_sites())
    assert len(sites) >= 6
    problems = []
    for module, fn, call in sites:
        message = call.args[1] if len(call.args) > 1 else next(
            (k.value for k in call.keywords if k.arg == "message"), None)
        assert message is not None, f"{module.rel}:{call.lineno}: an IllegalAction without a message"
        problems += worded(message, module, fn)
    assert not problems, "messages not built from a catalogue template (_(...).format, ngettext):\n" + "\n".join(
        problems)


def test_the_scan_finds_an_f_string_refusal():
    source = ("def refuse(s, a):\n    why = f'{a} is wrong'\n    return IllegalAction('Setup', why)\n\n"
              "def fine(s, a):\n    return IllegalAction('Setup', _('{a} is wrong').format(a=a))\n")
    tree = ast.parse(source)
    module = _Module.__new__(_Module)
    module.rel, module.tree, module.functions, module.tables = "x.py", tree, {}, {}
    refuse_fn, fine_fn = tree.body
    bad_call = refuse_fn.body[1].value
    good_call = fine_fn.body[0].value
    assert worded(bad_call.args[1], module, refuse_fn) == ["x.py:2 f'{a} is wrong'"]
    assert worded(good_call.args[1], module, fine_fn) == []


def test_the_message_is_worded_in_the_language_in_force_when_raised():
    state = giganten.new_game(3)  # the deal: a chance node
    with using("de"):
        with pytest.raises(IllegalAction) as info:
            state.apply(giganten.Bid(5))
    exc = info.value
    with using("da"):
        words = str(exc)
    assert exc.rule == "Setup" and exc.rule_name == "Spielvorbereitung"
    assert words.startswith("Spielvorbereitung: ") and "kann jetzt nicht gespielt werden" in words
    with using("da"):
        danish = refuse(state, giganten.Bid(5), "da")
    assert danish.rule == "Setup" and "kan ikke spilles nu" in str(danish)


#: Per game: an action of the game (one it offers elsewhere), an action out of every range it offers, and one of the
#: other game's actions, each refused at the deal (a chance node).
QUOTED = {
    "giganten": (giganten.Bid(5), giganten.Bid(999), firstgiants.PlayMarker(1)),
    "firstgiants": (firstgiants.PlayMarker(1), firstgiants.PlayMarker(9), giganten.Bid(5)),
}


@pytest.mark.parametrize("name", list(GAMES))
def test_the_refused_action_is_quoted_in_the_games_words_and_anything_else_as_given(name):
    """The refused action a message quotes is the game's words for it in the reader's language, between the
    language's quotation marks ('bid 5', »byd 5«, „5 bieten“); an action the game never offers (a field out of
    range, another game's) is quoted as the code writes it, and what is not an action at all with its type, cut
    short: bad input stays recognisable as what was given."""
    game = GAMES[name][0]
    state = game.new_game(3)
    before = state.fingerprint()
    action, out_of_range, foreign = QUOTED[name]
    said = {}
    for lang in LANGUAGES:
        with using(lang):
            words = ACTION_WORDS[game](state, action)
            assert state.action_words(action) == words
            quoted = pgettext("quotation marks", "'{}'").format(words)
        message = refuse(state, action, lang).message
        assert message.startswith(quoted + " "), (lang, message)
        said[lang] = words
        for odd in (out_of_range, foreign):
            assert refuse(state, odd, lang).message.startswith(repr(odd) + " ")
        for value in (object(), "bid 5", numpy.int64(3), "x" * 10**6, [action]):
            message = refuse(state, value, lang).message
            assert message.startswith(quote(value)) and f" {type(value).__name__}," in message, (lang, message)
            assert len(message) < 300
    assert len(set(said.values())) == len(LANGUAGES)
    assert state.fingerprint() == before


#: Per game: a position where the player to move chooses from a list, and an action not in it.
LISTED = {
    "giganten": (lambda s: s.phase == giganten.rules.TAKE, giganten.TakeCard(99)),
    "firstgiants": (lambda s: s.phase_name == "start of turn", firstgiants.PlayMarker(9)),
}


@pytest.mark.parametrize("name", list(GAMES))
def test_the_allowed_actions_are_worded_where_the_refusal_is_read_also_after_a_pickle(name):
    """A refusal keeps its allowed actions, not their words: raised in German, its ``allowed`` reads in each
    reader's language (the game's ``action_words``), also in another process (a pickle); ``str(exc)`` keeps the
    words of the language it was raised in."""
    game, where = GAMES[name][0], LISTED[name][0]
    state = next(s for s in _states(game, 3, 1) if not s.is_chance() and not s.is_terminal() and where(s))
    exc = refuse(state, LISTED[name][1], "de")
    back = pickle.loads(pickle.dumps(exc))
    words = {}
    for lang in LANGUAGES:
        with using(lang):
            listed = ", ".join(ACTION_WORDS[game](state, a) for a in state.legal_actions())
            assert exc.allowed == back.allowed == listed
            words[lang] = listed
    assert len(set(words.values())) == len(LANGUAGES) and str(exc).endswith(words["de"])
    assert (back.rule, back.message, str(back.instead)) == (exc.rule, exc.message, str(exc.instead))


# -- the other refusals a user meets: a save file, a move sent by a page, a table's rules, a position's shape -----

def _bad_save() -> None:
    """A save whose first action is illegal at the deal."""
    data = json.loads(giganten.new_game(3).to_json())
    data["actions"] = [{"kind": "bid", "amount": 5}]
    giganten.from_json(json.dumps(data))


def _truncated_save() -> None:
    giganten.from_json(firstgiants.new_game(2).to_json()[:-3])


def _bad_action_json() -> None:
    giganten.SPEC.codec.decode({"kind": "bid", "amount": True})


def _unknown_action_kind() -> None:
    firstgiants.SPEC.codec.decode({"kind": "fly"})


def _not_your_turn() -> None:
    from gamekit.tables.errors import NotYourTurn
    raise NotYourTurn(0, 2)


def _unknown_code() -> None:
    from gamekit.tables.errors import UnknownCode
    raise UnknownCode("seat or table")


def _rewind_too_far() -> None:
    from gamekit.record import rewind
    rewind(giganten.new_game(3), 5)


def _position_of_another_game() -> None:
    giganten.from_position({"game": "firstgiants"})


def _position_without_players() -> None:
    firstgiants.from_position({"version": 1})


def _position_with_a_wrong_type() -> None:
    giganten.from_position('{"version": "one"}')


def _giganten_position_price() -> None:
    position = giganten.new_game(3).to_position()
    position["prices"] = {"Hudson Oil Industries": 1234}
    giganten.from_position(position)


def _giganten_position_turn() -> None:
    position = giganten.new_game(3).to_position()
    position["turn"] = "Blue"
    giganten.from_position(position)


def _firstgiants_position_players() -> None:
    position = firstgiants.new_game(2).to_position()
    position["players"] = position["players"][:1]
    firstgiants.from_position(position)


def _firstgiants_position_turns() -> None:
    """Cards in hand after no turn at all."""
    position = _states(firstgiants, 2, 1)[60].to_position()
    position["turns_played"] = 0
    firstgiants.from_position(position)


def _too_many_players() -> None:
    giganten.new_game(7)


def _unknown_option() -> None:
    firstgiants.new_game(3, bluff_bids=True)


def _option_of_a_wrong_type() -> None:
    giganten.new_game(3, open_licenses="yes")


def _news_values_unknown() -> None:
    firstgiants.new_game(3, news_values="x")


def _first_player_out_of_range() -> None:
    firstgiants.new_game(3, first_player=5)


def _seat_out_of_range() -> None:
    giganten.new_game(3).observation(3)


def test_the_tile_kinds_are_in_the_catalogues():
    from giganten.components import TILE_KINDS
    from giganten.position import TILE_NAMES
    assert {kind.name for kind in TILE_KINDS.values()} == set(TILE_NAMES)


OTHER_REFUSALS = [_bad_save, _truncated_save, _bad_action_json, _unknown_action_kind, _not_your_turn, _unknown_code,
                  _rewind_too_far, _position_of_another_game, _position_without_players, _position_with_a_wrong_type,
                  _giganten_position_price, _giganten_position_turn, _firstgiants_position_players,
                  _firstgiants_position_turns, _too_many_players, _unknown_option, _option_of_a_wrong_type,
                  _news_values_unknown, _first_player_out_of_range, _seat_out_of_range]


@pytest.mark.parametrize("refusal", OTHER_REFUSALS, ids=lambda f: f.__name__.strip("_"))
def test_the_kit_s_other_refusals_are_worded_in_every_language(refusal):
    words = {}
    for lang in LANGUAGES:
        with using(lang):  # (read where raised: the tables' refusals are worded when read, the others when raised)
            with pytest.raises(Exception) as info:  # noqa: PT011  (each its own type, compared below)
                refusal()
            words[lang] = (type(info.value), str(info.value))
    english_type, english = words[SOURCE]
    for lang in OTHERS:
        kind, text = words[lang]
        assert kind is english_type and text != english, (lang, text)
        assert not re.search(r"\{[a-z_0-9]*(:[^{}]*)?\}", text), f"a placeholder left: {text}"  # ({'kind': ...} may be)
