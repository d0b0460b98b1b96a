"""A slider over the frames of a finished game (e.g. its rounds), with a picture per frame."""
from __future__ import annotations

from typing import Callable

import ipywidgets as widgets

from .controls import button


class Scrubber:
    """Scrub through ``count`` frames: a slider, previous/next buttons and the frame's picture.

    ``render(i)`` returns frame ``i`` as PNG bytes and ``caption(i)`` its HTML caption.  The
    slider answers the arrow keys once focused; the buttons answer Enter.
    """

    def __init__(self, count: int, render: Callable[[int], bytes], caption: Callable[[int], str],
                 description: str = "Frame", tooltip: str = "Which frame to show",
                 start: int | None = None) -> None:
        if count < 1:
            raise ValueError("a scrubber needs at least one frame")
        self.render_frame, self.caption_of = render, caption
        self.slider = widgets.IntSlider(value=count - 1 if start is None else start, min=0, max=count - 1,
                                        description=description, tooltip=tooltip, continuous_update=False)
        self.prev_button = button("", f"Previous {description.lower()}", lambda _b: self.move(-1),
                                  icon="chevron-left")
        self.next_button = button("", f"Next {description.lower()}", lambda _b: self.move(+1),
                                  icon="chevron-right")
        self.caption = widgets.HTML()
        self.image = widgets.Image(format="png", layout=widgets.Layout(max_width="100%"))
        self.widget = widgets.VBox([widgets.HBox([self.prev_button, self.slider, self.next_button]),
                                    self.caption, self.image])
        self.slider.observe(lambda _c: self.show(), names="value")
        self.show()

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    @property
    def index(self) -> int:
        return self.slider.value

    def move(self, delta: int) -> None:
        self.slider.value = min(self.slider.max, max(0, self.slider.value + delta))

    def show(self) -> None:
        i = self.slider.value
        self.prev_button.disabled = i == 0
        self.next_button.disabled = i == self.slider.max
        self.caption.value = self.caption_of(i)
        self.image.value = self.render_frame(i)
