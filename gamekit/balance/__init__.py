"""Balance reports: is a game fair to every seat, how much is luck, how long and close are its games, which
strategy wins, and how a variant switch moves all that.

>>> from gamekit.balance import balance_report, compare_variants
>>> report = balance_report("giganten", players=4, games=200, level="club", processes=2)
>>> report.table()                 # every measurement with its 95% interval (a pandas DataFrame)
>>> report.figures()["closeness"]  # matplotlib figures
>>> compare_variants("giganten", "bluff_bids", games=200).wide()

From the command line, a folder with ``report.md``, the figures as PNG and the table as CSV::

    python -m gamekit.balance firstgiants --players 4 --games 100 --out fg-report --option news_values=two-sided

Modules: :mod:`.trace` (what each game's tournament row records), :mod:`.metrics` (the measurements),
:mod:`.report` (running the games; :class:`BalanceReport`), :mod:`.variants` (one switch compared),
:mod:`.options` (``--option`` read and checked), :mod:`.figures`, :mod:`.write` (the report on disk),
:mod:`.cli`.  Docs: docs/bots-and-experiments.md, section "Balance report".
"""
from .cli import main
from .options import parse_options, switches
from .report import BalanceReport, balance_report
from .trace import balance_trace
from .variants import VariantComparison, compare_variants

__all__ = ["BalanceReport", "VariantComparison", "balance_report", "balance_trace", "compare_variants", "main",
           "parse_options", "switches"]
