"""``python -m gamekit.tournament``: see :func:`gamekit.tournament.cli.main`."""
from .cli import main

main()
