"""The classroom server: one light Starlette process serves every page of every table, live over websockets.

* :mod:`.app` -- the routes (join, seat, host, projector, teacher pages; the websocket) and the server's life;
* :mod:`.hub` -- the open pages: live updates pushed to them, the seats' offers, Hints and reviews;
* :mod:`.render` -- what a page shows, drawn from the store's views with the games' own drawing functions;
* :mod:`.teacher` -- lessons from a class list, seat cards with QR codes, reissued codes, results;
* :mod:`.work` -- the bots and the coach in process pools, off the event loop;
* :mod:`.guard` -- headers, rate limits, sizes, same-origin checks.

Run it with ``python -m gamekit.tables.serve`` (``make classroom``); see docs/classroom.md.
"""
from .app import Classroom, create_app

__all__ = ["Classroom", "create_app"]
