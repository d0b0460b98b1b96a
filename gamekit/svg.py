"""SVG pictures drawn by hand, for the widgets: crisp at any size, fast, and clickable.

A picture is built with :class:`Svg` in CSS pixels, at the size it is meant to be shown (1 unit = 1
CSS pixel at 100 % zoom), so a browser draws it sharp at any zoom or device pixel ratio.  Text is
real SVG text, never smaller than :data:`MIN_TEXT_PX` (the builder refuses smaller type: a label a
class cannot read from the back of the room is a bug, found when the picture is drawn).

Clickable parts are *targets*: :meth:`Svg.target` draws a transparent hit shape carrying
``data-target="<id>"`` and an ``aria-label``; :class:`gamekit.widgets.Clickable` highlights the
targets it is given and reports clicks on them.  A picture draws targets only for the ids it is
passed, so what is clickable is exactly what the caller offers (a seat's own legal actions).

Drawing a whole game board this way takes about a millisecond, against tens of milliseconds
for a matplotlib figure, which is what makes a step-and-redraw fit in the 100 ms budget.
"""
from __future__ import annotations

import html
import zlib
from contextlib import contextmanager
from typing import Any, Iterable, Iterator, Mapping

#: The smallest type allowed in a picture, in CSS pixels (readable on a projector at 1920x1080).
MIN_TEXT_PX = 14
#: Sans-serif fonts every platform has; the width estimate below assumes their proportions.
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
#: Advance widths of the printable ASCII characters (space to ~) in DejaVu Sans, regular and bold, as shares
#: of the font size (from the font's own tables); other characters count as :data:`WIDE`.  Verdana is about as
#: wide and Arial narrower, so with :data:`MARGIN` the estimate stays an upper bound on every platform.
_ADVANCE = (
    ("318 401 460 838 636 950 780 275 390 390 500 838 318 361 318 337 636 636 636 636 636 636 636 636 636 636 "
    "337 337 838 838 838 531 1000 684 686 698 770 632 575 775 752 295 295 656 557 863 748 787 603 787 695 635 "
    "611 732 684 989 685 611 685 390 337 390 838 500 500 613 635 550 635 615 352 635 634 278 278 579 278 974 "
    "634 612 635 635 411 521 392 634 592 818 592 592 525 636 337 636 838"),
    ("348 456 521 838 696 1002 872 306 457 457 523 838 380 415 380 365 696 696 696 696 696 696 696 696 696 696 "
    "400 400 838 838 838 580 1000 774 762 734 830 683 683 821 837 372 372 775 637 995 837 850 733 850 770 720 "
    "682 812 774 1103 771 724 725 457 365 457 838 500 500 675 716 593 716 678 435 716 712 343 343 665 343 1042 "
    "712 687 716 716 493 595 478 712 652 924 645 652 582 712 365 712 838"),
)
_WIDTHS = tuple({chr(32 + i): int(w) / 1000 for i, w in enumerate(row.split())} for row in _ADVANCE)
WIDE = 1.0
MARGIN = 1.06
#: How far :meth:`Svg.text` may condense a label to fit (``fit``): to no less than this share of its width (the
#: estimate of :func:`text_width` less its :data:`MARGIN`).
MIN_CONDENSED = 0.7


def text_width(text: str, size: float, bold: bool = False) -> float:
    """An upper estimate of the width of ``text`` at ``size`` px, for layout (so labels are not cut off)."""
    widths = _WIDTHS[bold]
    return MARGIN * size * sum(widths.get(ch, WIDE) for ch in text)


def wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` broken into lines that fit ``width`` px at ``size`` px (words are never split)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _attrs(attrs: Mapping[str, object]) -> str:
    """XML attributes: ``stroke_width`` becomes ``stroke-width``, ``class_`` ``class``; None is left out."""
    out = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = _NAMES.get(key) or _NAMES.setdefault(key, key.rstrip("_").replace("_", "-"))
        if isinstance(value, float):
            text = f"{value:.1f}"
            text = text[:-2] if text.endswith(".0") else text
        elif isinstance(value, int) and not isinstance(value, bool):
            text = str(value)
        else:
            text = html.escape(str(value), quote=True)
        out.append(f' {name}="{text}"')
    return "".join(out)


_NAMES: dict[str, str] = {}


def _stroke(stroke: str | None, width: float) -> dict[str, object]:
    return {"stroke": stroke, "stroke_width": width} if stroke else {}


class Svg:
    """An SVG document being drawn: shapes and text appended in order (later ones on top)."""

    def __init__(self, width: float, height: float, title: str = "", css_class: str = "gk-picture",
                 keyed: bool = False) -> None:
        self.width, self.height = width, height
        self.title = title
        self.css_class = css_class
        self.keyed = keyed
        self.parts: list[str] = []
        self.font_sizes: set[float] = set()

    def element(self, tag: str, **attrs: object) -> None:
        """An empty element ``<tag .../>`` (attribute names as in :func:`_attrs`)."""
        self.parts.append(f"<{tag}{_attrs(attrs)}/>")

    # -- shapes ------------------------------------------------------------------------------------
    def rect(self, x: float, y: float, w: float, h: float, fill: str = "none", stroke: str | None = None,
             stroke_width: float = 1.0, rx: float = 0.0, **attrs: object) -> None:
        self.element("rect", x=x, y=y, width=w, height=h, rx=rx or None, fill=fill, **_stroke(stroke, stroke_width),
                     **attrs)

    def circle(self, cx: float, cy: float, r: float, fill: str, stroke: str | None = None,
               stroke_width: float = 1.0, **attrs: object) -> None:
        self.element("circle", cx=cx, cy=cy, r=r, fill=fill, **_stroke(stroke, stroke_width), **attrs)

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str, stroke_width: float = 1.0,
             **attrs: object) -> None:
        self.element("line", x1=x1, y1=y1, x2=x2, y2=y2, **_stroke(stroke, stroke_width), **attrs)

    def polygon(self, points: Iterable[tuple[float, float]], fill: str, stroke: str | None = None,
                stroke_width: float = 1.0, **attrs: object) -> None:
        pts = " ".join(f"{_num(x)},{_num(y)}" for x, y in points)
        self.element("polygon", points=pts, fill=fill, **_stroke(stroke, stroke_width), **attrs)

    def path(self, d: str, fill: str = "none", stroke: str | None = None, stroke_width: float = 1.0,
             **attrs: object) -> None:
        self.element("path", d=d, fill=fill, **_stroke(stroke, stroke_width), **attrs)

    def text(self, x: float, y: float, text: str, size: float = 14, anchor: str = "middle", fill: str = "#000000",
             bold: bool = False, baseline: str = "central", fit: float | None = None, **attrs: object) -> None:
        """``text`` at (x, y): ``anchor`` start/middle/end, ``baseline`` central (y is the middle of the
        letters) or alphabetic (y is the baseline).  ``fit``: the width it may take; a longer text (a long
        word of another language: "Pflanzenfresser") is set condensed to it (``textLength``), never smaller,
        and never below :data:`MIN_CONDENSED` of its width."""
        if size < MIN_TEXT_PX:
            raise ValueError(f"text of {size} px is below the {MIN_TEXT_PX} px a projected picture needs: {text!r}")
        self.font_sizes.add(size)
        shift = size * 0.36 if baseline == "central" else 0.0  # from the middle of the letters to the baseline
        width = text_width(text, size, bold)
        if fit is not None and width > fit:
            if fit < MIN_CONDENSED * width / MARGIN:  # (its width as set, the estimate less its margin)
                raise ValueError(f"{text!r} is {width:.0f} px wide at {size} px: too wide to condense into {fit:.0f}")
            attrs.update(textLength=min(fit, width / MARGIN), lengthAdjust="spacingAndGlyphs")
        attributes = _attrs(dict(x=x, y=y + shift, font_size=size, text_anchor=anchor, fill=fill,
                                 font_weight="bold" if bold else None, **attrs))
        self.parts.append(f"<text{attributes}>{html.escape(text, quote=False)}</text>")

    def lines(self, x: float, y: float, lines: Iterable[str], size: float = 14, leading: float = 1.2,
              **kwargs: Any) -> None:
        """Several lines of text, the first centred on ``y``."""
        for k, line in enumerate(lines):
            self.text(x, y + k * size * leading, line, size, **kwargs)

    def raw(self, markup: str) -> None:
        """Append markup as it is (e.g. another picture's body)."""
        self.parts.append(markup)

    # -- groups and targets ------------------------------------------------------------------------
    def open(self, **attrs: object) -> None:
        """Start a group (``<g>``) with ``attrs`` (e.g. ``transform="translate(10,20)"``, ``class_``)."""
        self.parts.append(f"<g{_attrs(attrs)}>")

    def close(self) -> None:
        self.parts.append("</g>")

    @contextmanager
    def layer(self, key: str, static: bool = False) -> Iterator[None]:
        """A top-level group named ``key``: when the picture is drawn again, a browser showing it (through
        :class:`gamekit.widgets.Clickable`) keeps each layer whose markup did not change, and redraws the rest
        (mark the picture ``keyed``).  A ``static`` layer (the same in every drawing: a board's terrain) is
        sent to the browser once (``Clickable.show``)."""
        start = len(self.parts)
        self.open(data_key=key, data_static="1" if static else None)
        yield
        if static:
            self.parts.append(f"<!--/{key}-->")
        else:  # a fingerprint of the content: the browser compares it instead of the markup
            digest = zlib.crc32("".join(self.parts[start + 1:]).encode())
            self.parts[start] = f'<g data-key="{html.escape(key)}" data-h="{digest:08x}">'
        self.close()

    def target(self, target_id: str, label: str, x: float, y: float, w: float, h: float, rx: float = 4.0) -> None:
        """A clickable region: a transparent rectangle carrying ``data-target`` and an accessible label.

        Draw targets last, over what they cover, so that they receive the clicks."""
        self.parts.append(
            f"<g{_attrs({'data-target': target_id, 'aria-label': label, 'class': 'gk-hit-group'})}>"
            f"<title>{html.escape(label, quote=False)}</title>"
            f"<rect{_attrs(dict(class_='gk-hit', x=x, y=y, width=w, height=h, rx=rx, fill='transparent'))}/>"
            "</g>")

    # -- output ----------------------------------------------------------------------------------------
    def to_string(self) -> str:
        w, h = _num(self.width), _num(self.height)
        keyed = ' data-keyed="1"' if self.keyed else ""
        title = f"<title>{html.escape(self.title, quote=False)}</title>" if self.title else ""
        return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{self.css_class}" width="{w}" height="{h}" '
                f'viewBox="0 0 {w} {h}" role="img" font-family="{FONT}"{keyed}'
                f'{_attrs({"aria-label": self.title}) if self.title else ""}>{title}{"".join(self.parts)}</svg>')

    def __str__(self) -> str:
        return self.to_string()


class Picture:
    """A drawn picture as a notebook shows it when it ends a cell: the SVG itself (sharp at any size, its
    text as drawn), not a raster; ``repr`` names it (the same on every run, for stored outputs)."""

    def __init__(self, svg: str, name: str) -> None:
        self.svg, self.name = svg, name

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return f"<picture: {self.name}>"
