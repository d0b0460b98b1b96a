"""The kit's widget styles: one stylesheet, shipped inside the widgets (no file to install, works offline).

Sizes are chosen for a projector at 1920x1080: body text 14-15 px, the status line 18 px, nothing
under 12 px; buttons wrap their words instead of cutting them off.  ``gk-big`` (the classroom's
"Big type" switch) makes the panels' type larger again.
"""
from __future__ import annotations

import ipywidgets as widgets

KIT_CSS = """
.gk-kit { font-size: 14px; line-height: 1.35; }
.gk-kit .jupyter-button { font-size: 14px; height: auto; min-height: 32px; white-space: normal; line-height: 1.25;
  padding: 4px 10px; overflow: visible; text-overflow: clip; }
.gk-kit .widget-label, .gk-kit .widget-dropdown select, .gk-kit .widget-readout, .gk-kit input,
.gk-kit .widget-toggle-button, .gk-kit .widget-upload { font-size: 14px; }
.gk-kit .gk-status { font-size: 18px; }
.gk-kit .gk-title h3 { margin: 0 12px 0 0; font-size: 20px; }
.gk-kit .gk-help { color: #444444; font-size: 13px; }
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
  font-size: 13px; line-height: 1.35; cursor: pointer; }
.gk-kit .gk-event-log .gk-log-entry:hover, .gk-kit .gk-event-log .gk-log-entry:focus { background: #EEF4FA;
  outline: 2px solid #0072B2; }
.gk-kit .gk-log-future { opacity: 0.6; }
.gk-kit .gk-side > * { flex-shrink: 0; }
.gk-kit .gk-log-note { color: #555555; font-size: 13px; margin: 2px 0; }
.gk-kit .gk-big-switch { position: relative; z-index: 10; }
.gk-kit .gk-big-switch .jupyter-button { pointer-events: auto; }
.gk-kit.gk-big, .gk-big .gk-kit { font-size: 18px; }
.gk-big .gk-kit .jupyter-button, .gk-big .gk-kit .widget-label, .gk-big .gk-kit select,
.gk-big .gk-kit .gk-table, .gk-big .gk-kit .gk-event-log .gk-log-entry { font-size: 17px; }
.gk-big .gk-kit .gk-status { font-size: 22px; }
"""


def stylesheet() -> widgets.HTML:
    """The stylesheet as a (zero-size) widget to put inside a kit widget; rules apply to ``.gk-kit``."""
    sheet = widgets.HTML(f"<style>{KIT_CSS}</style>", layout=widgets.Layout(height="0px", margin="0px"))
    sheet.add_class("gk-stylesheet")
    return sheet
