"""``python -m gamekit.balance``: see :func:`gamekit.balance.cli.main`."""
from .cli import main

main()
