"""The classroom server's pieces: no query string (where codes travel) reaches a log; its addresses."""
from __future__ import annotations

import ipaddress
import logging

from gamekit.tables import serve
from gamekit.tables.web import work
from gamekit.tables.web.guard import scrub


def test_query_strings_are_scrubbed_from_log_lines():
    line = "403 POST /?code=7KQ0MX1P4T (127.0.0.1): '_xsrf' argument missing; GET /voila/static/x.js?code=A&b=1 404"
    scrubbed = scrub(line)
    assert "7KQ0MX1P4T" not in scrubbed and "code=A" not in scrubbed
    assert scrubbed.startswith("403 POST /?… (127.0.0.1)") and "/voila/static/x.js?… 404" in scrubbed
    assert scrub("Kernel started: 03273506") == "Kernel started: 03273506"


def test_the_log_filter_scrubs_a_record_with_arguments(caplog):
    logger = logging.getLogger("tests.serve.scrub")
    logger.addFilter(serve.ScrubQueries())
    with caplog.at_level(logging.WARNING, logger="tests.serve.scrub"):
        logger.warning("%d %s (%s)", 403, "GET /?code=Q7KM3XPAT9", "127.0.0.1")
    assert caplog.messages == ["403 GET /?… (127.0.0.1)"]


def test_the_server_takes_the_next_free_port_when_its_own_is_taken_and_says_so():
    taken = serve.bind("127.0.0.1", 0)
    port = taken.getsockname()[1]
    other = serve.bind("127.0.0.1", port)
    try:
        assert other.getsockname()[1] != port
    finally:
        other.close()
        taken.close()
    ipaddress.ip_address(serve.lan_address())
    text = serve.banner("http://192.168.1.23:8867/", "http://127.0.0.1:8867/?code=X", "/tmp/t", lan=True,
                        moved_from=8866)
    assert "Students open   http://192.168.1.23:8867/" in text and "every device on this network" in text
    assert "port 8866 was taken" in text


def test_the_watchdog_advances_tables_left_waiting_and_one_broken_table_stops_no_other(tmp_path, caplog,
                                                                                        monkeypatch):
    from gamekit.tables import open_store
    from tests.gamekit.toygame import Hold

    from .helpers import FAST, TOY

    store = open_store(tmp_path / "tables", **FAST)
    left, broken = (store.create_table(TOY, ["human", "random"], seed=s) for s in (1, 2))
    for codes in (left, broken):
        view = store.seat_view(codes.seats[0])
        store.play(codes.seats[0], Hold(), view.log_length, advance=False)  # the page died right here
    assert work.advance_waiting(60, store) == 0  # just changed: its page is advancing it
    real_advance = store.advance

    def advance(table: str) -> int:
        if table == broken.table:
            raise RuntimeError("a bot broke a rule")
        return real_advance(table)

    monkeypatch.setattr(store, "advance", advance)
    with caplog.at_level(logging.WARNING, logger="gamekit.tables"):
        assert work.advance_waiting(0, store) > 0
    assert store.seat_view(left.seats[0]).content["your_turn"]
    assert caplog.messages == [f"table {broken.table} could not be advanced: RuntimeError"]
