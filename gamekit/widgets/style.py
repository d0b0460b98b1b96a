"""The kit's widget styles: one stylesheet, shipped inside the widgets (no file to install, works offline).

Sizes are chosen for a projector at 1920x1080, read from the back of the room (issue 29): no text of the
kit's widgets under 14 px (body text 14-15 px, the status line 18 px; ipywidgets' own controls, tab bars
and inputs through their ``--jp-*`` font variables), pictures' labels drawn at 14 px and more
(:data:`gamekit.svg.MIN_TEXT_PX`).  ``gk-big`` (the classroom's "Big type" switch) makes every text at
least 18 px: the panels' type by size, the pictures (SVG, crisp at any size) by :data:`BIG_PICTURES` times.
Buttons wrap their words instead of cutting them off.

The stepper's picture shares its row with the side panel (controls, players, log): on a narrower screen
(1366x768, or 150 % browser zoom: a 1280x720 CSS window) the picture is drawn smaller rather than pushing
the side panel below the screen (at 150 % zoom a CSS pixel is 1.5 device pixels, so the board's type
keeps its size on the screen); only where the two cannot share a row (under 1,072 px, or in Big type,
where the picture is shown at full size) does the side panel go below the picture.  On a projector's
screen (at least 1,800x1,000 CSS px) a picture is never drawn smaller than its own size to fit the screen's
height: its labels are drawn at 14 px, so a smaller picture would be unreadable from the back (a late
five-player First Giants table is the tallest); the notebook scrolls instead (the stepper's keys still step).
"""
from __future__ import annotations

import ipywidgets as widgets

#: How much larger "Big type" shows the pictures: their smallest labels, 14 px, become 18 px.
BIG_PICTURES = 1.29

KIT_CSS = """
.gk-kit { font-size: 14px; line-height: 1.35; --jp-widgets-font-size: 14px; --jp-ui-font-size0: 14px;
  --jp-ui-font-size1: 14px; --jp-content-font-size1: 14px; --jp-code-font-size: 14px;
  --jp-widgets-horizontal-tab-height: 30px; }
.gk-kit .jupyter-button { font-size: 14px; height: auto; min-height: 32px; white-space: normal; line-height: 1.25;
  padding: 4px 10px; overflow: visible; text-overflow: clip; }
.gk-kit .widget-label, .gk-kit .widget-dropdown select, .gk-kit .widget-readout, .gk-kit input,
.gk-kit .widget-toggle-button, .gk-kit .widget-upload, .gk-kit .widget-text input, .gk-kit .lm-TabBar-tab,
.gk-kit pre, .gk-kit .widget-checkbox label, .gk-kit .jupyter-widget-Collapse-header { font-size: 14px; }
.gk-kit .lm-TabBar-tab { line-height: 28px; }
.gk-kit .gk-status { font-size: 18px; }
.gk-kit .gk-title h3 { margin: 0 12px 0 0; font-size: 20px; }
.gk-kit .gk-help { color: #444444; font-size: 14px; }
.gk-kit .gk-table { border-collapse: collapse; font-size: 14px; }
.gk-kit .gk-table th { text-align: left; padding: 1px 8px 1px 0; border-bottom: 1px solid #BBBBBB; }
.gk-kit .gk-table td { padding: 1px 8px 1px 0; }
.gk-kit .gk-table .gk-num { text-align: right; white-space: nowrap; }
.gk-kit .gk-chooser .jupyter-button { text-align: left; max-width: 100%; }
.gk-kit .gk-chooser .widget-dropdown { width: 100%; }
.gk-kit .gk-chooser .widget-dropdown select { width: 100%; }
.gk-kit .gk-banner { font-size: 20px; padding: 6px 12px; margin: 4px 0; background: #FFF4C2;
  border: 2px solid #E69F00; border-radius: 6px; }
.gk-kit .gk-banner .gk-ranking { font-size: 16px; }
.gk-kit .gk-lesson { background: #EEF4FA; border-left: 5px solid #0072B2; padding: 4px 8px; margin: 2px 0; }
.gk-kit .gk-error { display: inline-block; color: #8A2B00; background: #FDECEA; border-left: 5px solid #D55E00;
  padding: 2px 8px; }
.gk-kit .gk-confirm { background: #FDECEA; border: 2px solid #D55E00; border-radius: 6px; padding: 4px 8px; }
.gk-kit .gk-event-log .gk-log-entry { border-left: 5px solid #999999; padding: 2px 6px; margin: 2px 0;
  font-size: 14px; line-height: 1.35; cursor: pointer; }
.gk-kit .gk-event-log .gk-log-entry:hover, .gk-kit .gk-event-log .gk-log-entry:focus { background: #EEF4FA;
  outline: 2px solid #0072B2; }
.gk-kit .gk-section { font-size: 14px; }
.gk-kit .gk-log-future { opacity: 0.6; }
.gk-kit .gk-side > * { flex-shrink: 0; }
.gk-kit .gk-side { overflow-y: auto; overflow-x: hidden; }
.gk-kit .gk-log-note { color: #555555; font-size: 14px; margin: 2px 0; }
.gk-kit .gk-big-switch { position: relative; z-index: 10; }
.gk-kit .gk-big-switch .jupyter-button { pointer-events: auto; }
.gk-kit .gk-picture-view { max-width: max(min(100%, 640px), calc(100% - 432px)); }
.gk-kit .gk-clickable-box > svg, .gk-kit .gk-chart svg { max-width: 100%; height: auto; }
.gk-kit .gk-picture-view svg { max-height: max(320px, calc(100vh - 260px)); width: auto; }
@media (min-width: 1800px) and (min-height: 1000px) { .gk-kit .gk-picture-view svg { max-height: none; } }
.gk-big, .gk-big .gk-kit { font-size: 18px; --jp-widgets-font-size: 18px; --jp-ui-font-size0: 18px;
  --jp-ui-font-size1: 18px; --jp-content-font-size1: 18px; --jp-code-font-size: 18px;
  --jp-widgets-horizontal-tab-height: 36px; --jp-widgets-inline-height: 36px;
  --jp-widgets-horizontal-tab-width: 190px; }
.gk-big .jupyter-button, .gk-big .widget-label, .gk-big .widget-dropdown select, .gk-big .widget-readout,
.gk-big input, .gk-big .widget-toggle-button, .gk-big .widget-upload, .gk-big .widget-text input,
.gk-big .lm-TabBar-tab, .gk-big pre, .gk-big .widget-checkbox label, .gk-big .jupyter-widget-Collapse-header,
.gk-big .gk-table, .gk-big .gk-help, .gk-big .gk-section, .gk-big .gk-log-note,
.gk-big .gk-event-log .gk-log-entry, .gk-big .gk-banner .gk-ranking { font-size: 18px; }
.gk-big .lm-TabBar-tab { line-height: 34px; }
.gk-big .gk-kit .gk-status { font-size: 22px; }
.gk-big .gk-kit .gk-title h3 { font-size: 24px; }
.gk-big .gk-picture-view { max-width: 100%; }
.gk-big .gk-clickable-box > svg, .gk-big .gk-chart svg { zoom: BIG; max-height: none; }
""".replace("BIG", str(BIG_PICTURES))


def stylesheet() -> widgets.HTML:
    """The stylesheet as a (zero-size) widget to put inside a kit widget; rules apply to ``.gk-kit``."""
    sheet = widgets.HTML(f"<style>{KIT_CSS}</style>", layout=widgets.Layout(height="0px", margin="0px"))
    sheet.add_class("gk-stylesheet")
    return sheet
