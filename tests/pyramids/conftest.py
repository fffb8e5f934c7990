"""Caldera (pyramids) suite setup: make the repository root importable (``pyapp``) and the
helpers beside this file (``pyramids_helpers``, ``pyramids_jobs``, the playthrough maker)."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for path in (HERE.parents[1], HERE):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))
