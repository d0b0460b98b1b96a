"""gamekit.svg's width of a label: DejaVu Sans's own advance widths (the font the pictures name first), a
little over, never under, so a caption is neither cut off nor laid out wider than it is."""
from __future__ import annotations

import pytest
from matplotlib import font_manager, ft2font

from gamekit.svg import text_width, wrap

LABELS = ["Set 3: Medium size, 1 token", "Ana (to move): 21 points · 0 amber", "$15,000", "Dig site 4",
          "Herbivore", "Medium #53", "price white zone: blue up, red down"]


def rendered_width(text: str, size: float, bold: bool) -> float:
    """The width DejaVu Sans sets ``text`` in at ``size`` px (FreeType unhinted, as Chromium lays out SVG
    text: measured there, "Herbivore" in bold is 66.9 px, the estimate 70.9)."""
    weight = "bold" if bold else "normal"
    font = ft2font.FT2Font(font_manager.findfont(font_manager.FontProperties(family="DejaVu Sans", weight=weight)))
    font.set_size(size, 72)  # (72 dpi: one point is one pixel)
    font.set_text(text, flags=ft2font.LoadFlags.NO_HINTING)
    return font.get_width_height()[0] / 64


@pytest.mark.parametrize("bold", [False, True])
def test_a_labels_width_is_a_little_over_its_rendered_width(bold):
    for label in LABELS:
        real, estimate = rendered_width(label, 12, bold), text_width(label, 12, bold)
        assert real <= estimate <= 1.15 * real, (label, real, estimate)


def test_wrap_fills_lines_up_to_the_width():
    lines = wrap("this turn: +1 amber per family in Study", 100, 12)
    assert all(text_width(line, 12) <= 100 for line in lines) and len(lines) == 3
