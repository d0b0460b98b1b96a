"""The price-dice widget, clicked in plain pytest: markers move by the engine's zone rule."""
from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

from gamekit.widgets import undescribed_controls
from giganten import prices
from giganten.widgets import PriceDice


def test_roll_one_company_moves_only_its_marker_by_the_rule():
    d = PriceDice(seed=4)
    d.roll_buttons[1].click()
    assert d.indices[0] == d.indices[2] == prices.START
    assert d.indices[1] != prices.START and d.counts.sum() == 1 and d.counts[d.indices[1]] == 1
    assert "Jet Oil Inc.: the die shows" in d.text.value and d.tracks.markup.startswith("<svg")
    assert d.histogram.markup.startswith("<svg")


def test_forced_face_follows_the_zone_rule_and_is_not_counted():
    d = PriceDice()
    d.face_menu.value = prices.DIE_FACES.index(("red", 4))
    d.roll(0)  # white zone, red number: down 4 spaces, $5,000 -> $3,000
    assert d.indices[0] == prices.START - 4 and prices.TRACK[d.indices[0]] == 3000
    assert "(forced)" in d.text.value and "white zone, so it moves down" in d.text.value
    d.roll(0)  # now in the red zone: a red number moves it UP
    assert d.indices[0] == prices.START and "red zone, so it moves up" in d.text.value
    assert d.counts.sum() == 0


def test_roll_all_in_company_order_and_the_histogram_fills():
    d = PriceDice(seed=1)
    d.roll_all_button.click()
    assert d.counts.sum() == 3 and d.text.value.count("<li>") == 3
    assert d.text.value.index("Hudson") < d.text.value.index("Jet") < d.text.value.index("US Standard")
    d.many_button.click()
    assert d.counts.sum() == 303
    # the die alone never reaches $1,500 or $9,000
    assert d.counts[0] == d.counts[-1] == 0
    assert abs(d.exact.sum() - 1) < 1e-9
    d.reset_button.click()
    assert d.counts.sum() == 0 and d.indices == [prices.START] * 3


def test_controls_are_described():
    assert undescribed_controls(PriceDice().widget) == []
