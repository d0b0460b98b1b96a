"""The classroom server's defences: headers, limits and the checks every request passes.

The server runs on a school network without passwords: a code opens one page.  So:

* **Wrong codes are rate-limited** per client address (:class:`CodeLimiter`): past :data:`WRONG_CODES` wrong codes
  in :data:`WRONG_CODE_WINDOW` seconds the client gets HTTP 429 (and a closed websocket) until the window has passed;
  a seat code has 50 random bits, so guessing one at that pace takes longer than the universe has existed.
* **Cross-site requests** cannot act: every form post and websocket must come from a page of this server (the
  ``Origin`` header names this host, :func:`same_origin`), and a teacher's form carries the teacher key in its body
  (no cookie, so nothing a foreign page could borrow).
* **Headers** (:data:`HEADERS`): a strict Content-Security-Policy (scripts only from this server: the kit's one
  script; no inline script, no frame, forms only to this server), no referrer to other sites (addresses hold codes;
  "same-origin", not "no-referrer", which would make browsers send ``Origin: null`` with the forms), no caching
  of pages that show codes or hands, no MIME sniffing.
* **Sizes**: a request body of at most :data:`MAX_BODY` bytes (a position file fits many times over), a websocket
  message of at most :data:`MAX_MESSAGE` bytes, at most :data:`PAGES_PER_CLIENT` open pages per client address.
* **Logs** never show a code: a request is logged by its path only (:func:`scrub` removes query strings).
"""
from __future__ import annotations

import re
import time
from collections import deque
from typing import Mapping

#: Wrong codes a client may send in WRONG_CODE_WINDOW seconds before it is refused (HTTP 429) for the rest of it.
WRONG_CODES = 10
WRONG_CODE_WINDOW = 60.0
#: The largest request body (a teacher's position file, a form) and websocket message the server reads.
MAX_BODY = 1_000_000
MAX_MESSAGE = 4_096
#: Open pages (websockets) per client address: a class behind one address (a school's NAT) still fits.
PAGES_PER_CLIENT = 60

CSP = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
HEADERS: Mapping[str, str] = {
    "Content-Security-Policy": CSP,
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}

_QUERY = re.compile(r"(/[^\s?\"'<>]*)\?[^\s\"'<>)]*")


def scrub(text: str) -> str:
    """``text`` with the query string of every URL path in it replaced (``/?code=X`` -> ``/?…``)."""
    return _QUERY.sub(r"\1?…", text)


class CodeLimiter:
    """Counts each client's wrong codes over a sliding window (in this process)."""

    def __init__(self, limit: int = WRONG_CODES, window: float = WRONG_CODE_WINDOW) -> None:
        self.limit, self.window = limit, window
        self._wrong: dict[str, deque[float]] = {}

    def _recent(self, client: str, now: float) -> deque[float]:
        times = self._wrong.setdefault(client, deque())
        while times and now - times[0] > self.window:
            times.popleft()
        if not times:
            del self._wrong[client]
        return times

    def blocked(self, client: str) -> bool:
        """Whether ``client`` has sent too many wrong codes lately."""
        return len(self._recent(client, time.monotonic())) >= self.limit

    def wrong(self, client: str) -> None:
        """``client`` sent a wrong code."""
        now = time.monotonic()
        self._recent(client, now)
        self._wrong.setdefault(client, deque()).append(now)


def same_origin(headers: Mapping[str, str]) -> bool:
    """Whether a request comes from a page of this server: its ``Origin`` (sent by browsers with every form post and
    websocket) names the host the request was sent to.  A request without an Origin (not from a browser page: a
    test client, curl) is let through; the codes still decide what it may do."""
    origin = headers.get("origin")
    if origin is None:
        return True
    host = headers.get("host", "")
    return origin in (f"http://{host}", f"https://{host}")
