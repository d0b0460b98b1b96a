"""A slider over the frames of a finished game (e.g. its rounds), with a picture per frame."""
from __future__ import annotations

from typing import Callable, Sequence

import ipywidgets as widgets

from ..i18n import gettext as _
from .clickable import Clickable
from .controls import button


class Scrubber:
    """Scrub through ``count`` frames: a slider, previous/next buttons and the frame's picture.

    ``render(i)`` returns frame ``i`` as SVG markup and ``caption(i)`` its HTML caption; ``labels``
    name the frames on the slider (default 1, 2, 3, ...).  The slider answers the arrow keys once
    focused; the buttons answer Enter.  ``description`` names a frame ("Round"), in the reader's language, as do
    ``tooltip`` and ``labels`` (the caller words them).
    """

    def __init__(self, count: int, render: Callable[[int], str], caption: Callable[[int], str],
                 description: str = "", tooltip: str = "",
                 start: int | None = None, labels: Sequence[str] | None = None) -> None:
        description = description or _("Frame")
        tooltip = tooltip or _("Which frame to show")
        if count < 1:
            raise ValueError("a scrubber needs at least one frame")
        labels = list(labels) if labels is not None else [str(i + 1) for i in range(count)]
        if len(labels) != count:
            raise ValueError(f"{len(labels)} labels for {count} frames")
        self.render_frame, self.caption_of = render, caption
        self.slider = widgets.SelectionSlider(options=list(zip(labels, range(count))),
                                              value=count - 1 if start is None else start,
                                              description=description, tooltip=tooltip, continuous_update=False)
        self.prev_button = button(_("◂ Previous"), _("Previous: {}").format(description), lambda _b: self.move(-1))
        self.next_button = button(_("Next ▸"), _("Next: {}").format(description), lambda _b: self.move(+1))
        self.caption = widgets.HTML()
        self.picture = Clickable(description=_("The picture of the chosen frame ({})").format(description))
        self.widget = widgets.VBox([widgets.HBox([self.prev_button, self.slider, self.next_button]),
                                    self.caption, self.picture])
        self.slider.observe(lambda _c: self.show(), names="value")
        self.show()

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    @property
    def index(self) -> int:
        return self.slider.value

    @property
    def last(self) -> int:
        return len(self.slider.options) - 1

    def move(self, delta: int) -> None:
        self.slider.value = min(self.last, max(0, self.slider.value + delta))

    def show(self) -> None:
        i = self.slider.value
        self.prev_button.disabled = i == 0
        self.next_button.disabled = i == self.last
        self.caption.value = self.caption_of(i)
        self.picture.markup = self.render_frame(i)
