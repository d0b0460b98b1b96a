"""``python -m gamekit.i18n extract``: find every message of the code and update the catalogues."""
from __future__ import annotations

import sys

from .extract import main

if __name__ == "__main__":
    if sys.argv[1:] != ["extract"]:
        sys.exit("usage: python -m gamekit.i18n extract")
    sys.exit(main())
