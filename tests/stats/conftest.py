"""CPython tests of the statistics and the daily park: the repository root on sys.path, and the
saves tests' fake storage."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for p in (ROOT, ROOT / "tests" / "saves"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))
