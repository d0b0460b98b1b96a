"""Every text of the kit that a catalogue must translate, found in the code, written to the catalogues.

``python -m gamekit.i18n extract`` (or ``python -m gamekit.i18n.extract``) reads the source of ``gamekit``,
``giganten`` and ``firstgiants`` (with :mod:`ast`, never by running it) and collects:

* each event's template: the third argument of every ``._say(section, player, template, ...)`` call and the
  first of every ``._emit(text, section)`` whose text is a plain string (an ``_emit`` of an f-string is
  listed as a note: its pieces are the game's ``EVENT_FRAGMENTS``);
* the rulebook section each event names: a string, or a module-level constant of the game (``A7A``), or
  either side of ``"Play 1 Marker" if ... else "Setup"``;
* the string arguments of ``_``, ``gettext``, ``N_``, ``ngettext``, ``pgettext`` and ``npgettext`` calls, in the
  Python source and in the Jinja templates (``templates/*.html``: the classroom server's pages, read by Jinja's own
  :meth:`~jinja2.Environment.extract_translations`), and the template of every :class:`gamekit.i18n.say.Say` or
  ``say`` call (either side of an ``if ... else``), with its ``plural=`` and ``context=``;
* each counted noun of a template (``{:count chip}``), with its English plural from
  :data:`gamekit.words.NOUNS`;

and, from the games' tables (imported, since they are data rather than code): every counted noun, the words
the rules pass to templates whole (``EVENT_WORDS``), the players' colours, the cards' and Families' names, and
each scenario's title and lesson (the stepper's Scenario menu).
It writes ``locale/gamekit.pot`` and merges it into each language's ``.po`` (new entries empty, changed ones
fuzzy, gone ones dropped), which a translator then fills in (docs/languages.md).
"""
from __future__ import annotations

import ast
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from string import Formatter

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from . import COUNT, DOMAIN, LANGUAGES, LOCALE_DIR, MONEY, SOURCE, catalogue_path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("gamekit", "giganten", "firstgiants")
_GETTEXT = {"_": (None, 0, None), "gettext": (None, 0, None), "N_": (None, 0, None),
            "ngettext": (None, 0, 1), "pgettext": (0, 1, None), "npgettext": (0, 1, 2)}
"""Function name -> positions of (context, msgid, plural)."""
_SAY = {"Say", "say"}
"""Texts worded when read (:class:`gamekit.i18n.say.Say`, a game's ``say``): the first argument is the template
(a string, or either side of an ``if ... else``), ``plural=`` and ``context=`` its plural and context."""


@dataclass(frozen=True)
class Message:
    """One catalogue entry: its id, plural id, context, and where the code has it."""

    msgid: str
    plural: str | None = None
    context: str | None = None
    where: tuple[str, ...] = field(default=(), compare=False)
    comment: str = field(default="", compare=False)

    @property
    def key(self) -> tuple[str, str | None, str | None]:
        return (self.msgid, self.plural, self.context)


@dataclass
class Found:
    messages: list[Message] = field(default_factory=list)
    templates: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _literal(node: ast.expr | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _constants(tree: ast.Module) -> dict[str, str]:
    """Module-level ``NAME = "text"`` assignments."""
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            value = _literal(node.value)
            if value is not None:
                out[node.targets[0].id] = value
    return out


def _sections(node: ast.expr, constants: dict[str, str]) -> Iterator[str]:
    """The section names a ``_say`` argument can be."""
    if isinstance(node, ast.IfExp):
        yield from _sections(node.body, constants)
        yield from _sections(node.orelse, constants)
    elif isinstance(node, ast.Name) and node.id in constants:
        yield constants[node.id]
    elif _literal(node) is not None:
        yield str(_literal(node))


def _sources(packages: Iterable[str], root: Path) -> Iterator[tuple[str, ast.Module]]:
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            yield path.relative_to(root).as_posix(), ast.parse(path.read_text(encoding="utf-8"), str(path))


def find(packages: Iterable[str] = PACKAGES, root: Path = ROOT) -> Found:
    """Every message of the source files and page templates of ``packages`` (folders of ``root``)."""
    modules = list(_sources(packages, root))
    constants: dict[str, dict[str, str]] = {}
    for name, tree in modules:
        constants.setdefault(name.split("/")[0], {}).update(_constants(tree))
    found = Found()
    for name, tree in modules:
        known = constants[name.split("/")[0]]
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                _call(node, f"{name}:{node.lineno}", known, found)
    for package in packages:
        for path in sorted((root / package).rglob("templates/*.html")):
            _template(path.read_text(encoding="utf-8"), path.relative_to(root).as_posix(), found)
    return found


def _template(source: str, name: str, found: Found) -> None:
    """The messages of a Jinja template (its ``_``, ``gettext``, ``ngettext``, ``pgettext``, ``npgettext`` calls)."""
    from jinja2 import Environment

    env = Environment(extensions=["jinja2.ext.i18n"])
    extract = env.extract_translations  # type: ignore[attr-defined]  # (the i18n extension adds it)
    for line, function, strings in extract(source, gettext_functions=tuple(_GETTEXT)):
        args = list(strings) if isinstance(strings, tuple) else [strings]
        context, msgid, plural = (None if i is None or i >= len(args) else args[i] for i in _GETTEXT[function])
        if msgid is not None and (_GETTEXT[function][0] is None or context is not None):
            found.messages.append(Message(str(msgid), plural, context, (f"{name}:{line}",)))


def _call(node: ast.Call, where: str, constants: dict[str, str], found: Found) -> None:
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr == "_say" and len(node.args) >= 3:
        template = _literal(node.args[2])
        if template is not None:
            found.templates.append(template)
            found.messages.append(Message(template, where=(where,), comment="event"))
        elif not isinstance(node.args[2], ast.Name):  # (a name: gamekit's own _emit passing its text on)
            found.notes.append(f"{where}: an event template that is not a plain string")
        for section in _sections(node.args[0], constants):
            found.messages.append(Message(section, where=(where,), comment="rulebook section"))
    elif isinstance(func, ast.Attribute) and func.attr == "_emit" and node.args:
        text = _literal(node.args[0])
        if text is None:
            found.notes.append(f"{where}: an event written out with an f-string (its pieces: EVENT_FRAGMENTS)")
        else:
            found.messages.append(Message(text, where=(where,), comment="event"))
        if len(node.args) >= 2:
            for section in _sections(node.args[1], constants):
                found.messages.append(Message(section, where=(where,), comment="rulebook section"))
    else:
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if name in _GETTEXT:
            context_at, msgid_at, plural_at = _GETTEXT[name]
            args = [_literal(a) for a in node.args]

            def arg(i: int | None) -> str | None:
                return args[i] if i is not None and i < len(args) else None

            if arg(msgid_at) is not None and (context_at is None or arg(context_at) is not None):
                found.messages.append(Message(str(arg(msgid_at)), arg(plural_at), arg(context_at), (where,)))
        elif name in _SAY and node.args:
            keywords = {k.arg: _literal(k.value) for k in node.keywords}
            for template in _sections(node.args[0], {}):  # (a string, or either side of an ``if ... else``)
                found.templates.append(template)  # (its counted nouns must be nouns of the kit)
                found.messages.append(Message(template, keywords.get("plural"), keywords.get("context"), (where,)))


def counted_nouns(templates: Iterable[str]) -> set[str]:
    """The nouns that templates count (``{:count chip}`` -> "chip")."""
    out = set()
    for template in templates:
        for _literal_text, _field, spec, _conversion in Formatter().parse(template):
            if spec and spec.startswith("count "):
                out.add(spec[6:])
    return out


def table_messages() -> list[Message]:
    """The messages the games' tables hold (imported: they are data, not code)."""
    from firstgiants import components as fg
    from firstgiants import rules as fg_rules
    from firstgiants import text as fg_text
    from giganten import components as gg
    from giganten import rules as gg_rules
    from giganten import text as gg_text

    from ..words import NOUNS

    out = [Message(f"{{}} {noun}", f"{{}} {plural}", COUNT, comment="a counted noun")
           for noun, plural in NOUNS.items()]
    out += [Message(MONEY, context="money", comment="dollars; {} is the amount, grouped as the language groups it")]
    out += [Message(word, comment="words passed to an event") for word in (*gg_text.EVENT_WORDS, *fg_text.EVENT_WORDS)]
    out += [Message(name, context="player colour", comment="Giganten: a player, by colour") for name in gg.NAMES]
    out += [Message(colour, context="colour", comment="Giganten: a die's, a card's or a zone's colour")
            for colour in ("red", "blue", "beige")]
    out += [Message(colour, context="card colour", comment="Giganten: an action card's colour, before 'card'")
            for colour in ("red", "beige")]
    out += [Message(card.name, context="card", comment="First Giants: a card") for card in fg.CARDS]
    out += [Message(name, context="family", comment="First Giants: a Family") for name in fg.FAMILY_NAMES]
    out += [Message(name, context="size", comment="First Giants: a Size") for name in fg.SIZE_NAMES.values()]
    out += [Message(name, context="phase", comment="Giganten: a phase of the round, as the pictures' titles name it")
            for name in dict.fromkeys(gg_rules.PHASE_NAMES.values())]
    out += [Message(name, context="phase", comment="First Giants: a phase of the turn, as the pictures' titles name it")
            for name in fg_rules.PHASE_NAMES]
    return out + scenario_messages()


def scenario_messages() -> list[Message]:
    """The title and the lesson of each scenario of the games (``<game>/scenarios/*.json``: data, read as the
    stepper reads them); their rulebook sections are the events' sections."""
    from firstgiants.state import SPEC as FIRST_GIANTS
    from giganten.game import SPEC as GIGANTEN

    from ..positions import ScenarioLibrary

    out = []
    for spec in (GIGANTEN, FIRST_GIANTS):
        library = ScenarioLibrary(spec.name, spec)
        for name in library.names():
            scenario = library.get(name)
            out += [Message(scenario.title, comment=f"{spec.name} scenario {name}: its title"),
                    Message(scenario.teaches, comment=f"{spec.name} scenario {name}: what it teaches")]
    return out


def template_catalog(found: Found | None = None) -> Catalog:
    """The ``.pot``: every message, each once (the places it is found in its comments)."""
    found = found or find()
    from ..words import NOUNS

    missing = counted_nouns(found.templates) - set(NOUNS)
    if missing:
        raise SystemExit(f"templates count nouns that gamekit.words.NOUNS lacks: {sorted(missing)}")
    catalog = Catalog(domain=DOMAIN, project="giants-kit", version="", copyright_holder="the giants-kit authors",
                      msgid_bugs_address="", charset="utf-8", fuzzy=False)
    for message in [*found.messages, *table_messages()]:
        msgid = message.msgid if message.plural is None else (message.msgid, message.plural)
        existing = catalog.get(msgid, message.context)
        locations = [tuple(w.rsplit(":", 1)) for w in message.where]
        if existing is not None:
            existing.locations += [(path, int(line)) for path, line in locations]
            continue
        flags = ["python-brace-format"] if "{" in message.msgid else []
        catalog.add(msgid, None, [(path, int(line)) for path, line in locations], flags=flags,
                    auto_comments=[message.comment] if message.comment else [], context=message.context)
    return catalog


def write(template: Catalog, languages: Iterable[str] = LANGUAGES) -> list[Path]:
    """Write the ``.pot`` and merge it into each language's ``.po`` (created when missing)."""
    LOCALE_DIR.mkdir(parents=True, exist_ok=True)
    written = [LOCALE_DIR / f"{DOMAIN}.pot"]
    if written[0].exists():  # unchanged messages keep their date: no diff without a change
        with written[0].open("rb") as pot:
            old = read_po(pot)
        if _keys(old) == _keys(template):
            template.creation_date = old.creation_date
    with written[0].open("wb") as pot:
        write_po(pot, template, width=116, sort_output=True, include_lineno=False)
    for lang in languages:
        if lang == SOURCE:
            continue
        path = catalogue_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            with path.open("rb") as po:
                catalog = read_po(po, locale=lang, domain=DOMAIN)
        else:
            catalog = Catalog(locale=lang, domain=DOMAIN, project="giants-kit", version="",
                              copyright_holder="the giants-kit authors", msgid_bugs_address="", charset="utf-8",
                              fuzzy=False)
        catalog.update(template)
        with path.open("wb") as po:
            write_po(po, catalog, width=116, sort_output=True, ignore_obsolete=True, include_lineno=False)
        written.append(path)
    return written


def _keys(catalog: Catalog) -> set[tuple[object, str | None]]:
    return {(m.id, m.context) for m in catalog if m.id}


def main(argv: list[str] | None = None) -> int:
    found = find()
    for path in write(template_catalog(found)):
        print(f"wrote {path.relative_to(ROOT)}")
    for note in found.notes:
        print(f"note: {note}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
