"""The language of a classroom page: chosen by its reader, per browser, with the browser's language as the default.

A page's language is, first found: the menu's choice (``?lang=da`` in the page's address, which the server then
remembers in a cookie), the cookie of an earlier choice, the browser's ``Accept-Language`` (its languages by their
q-values, matched by Babel's :func:`~babel.core.negotiate_locale`: ``de-CH`` reads German), else English.  A page's
live link (its websocket) says the language its page was rendered in, so its pushes follow the page
(:class:`~gamekit.tables.web.hub.Page` ``lang``).  Every page has the menu: plain links, no script (:func:`menu`).
"""
from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit

from babel.core import negotiate_locale

from ...i18n import LANGUAGES, SOURCE

#: The cookie that remembers a browser's choice, and for how long (a school year).
COOKIE = "gk_lang"
COOKIE_SECONDS = 365 * 24 * 3600
#: Each language by its own name (the menu's words: a reader finds their language whatever the page's).
AUTONYMS = {"en": "English", "da": "Dansk", "de": "Deutsch"}


def accepted(header: str | None) -> list[str]:
    """The languages of an ``Accept-Language`` header, most wanted first (q-values; equal ones in their order;
    ``q=0`` and malformed parts left out): ``"da;q=0.5, de-AT, *;q=0.1"`` -> ``["de-AT", "da", "*"]``."""
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        tag, quality = tag.strip(), 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if tag and 0 < quality <= 1 and len(tag) <= 20:
            ranked.append((-quality, position, tag))
    return [tag for _, _, tag in sorted(ranked)]


def negotiate(header: str | None) -> str:
    """The kit's language that best fits an ``Accept-Language`` header (English when none fits)."""
    return negotiate_locale(accepted(header), LANGUAGES, sep="-") or SOURCE


def choose(query: str | None, cookie: str | None, header: str | None) -> str:
    """A request's language: the menu's ``?lang=``, else the cookie's, else the browser's, else English."""
    for chosen in (query, cookie):
        if chosen in LANGUAGES:
            return str(chosen)
    return negotiate(header)


def menu(lang: str, key: str | None = None) -> list[dict[str, str | bool]]:
    """The language menu's links, one per language: ``/language/<code>``, which remembers the choice and goes back
    to the page (so a page's links hold nothing of the page: no code); the teacher's pages link their own page
    with its key (a form's answer cannot be gone back to)."""
    return [{"lang": code, "name": AUTONYMS.get(code, code), "current": code == lang,
             "href": f"/?{urlencode({'code': key, 'lang': code})}" if key else f"/language/{code}"}
            for code in LANGUAGES]


def back_to(referer: str | None, host: str | None) -> str:
    """Where the menu's link goes back to: the page it was clicked on (its ``Referer``, of this server only: path and
    query, without a ``lang``), else the join page."""
    if not referer:
        return "/"
    parts = urlsplit(referer)
    if parts.netloc != host or not parts.path.startswith("/") or parts.path.startswith("//"):
        return "/"
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query) if k != "lang"])
    return parts.path + (f"?{query}" if query else "")
