"""``python -m pyapp``: the command line (simulate, score, bench, arena, analyse)."""

import sys

from .cli import main

sys.exit(main())
