"""CPython tests of the replay, the analysis and the hints (issue 16): the repository root gives
``pyapp``; every test starts and ends in English."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
for p in (ROOT, ROOT / "tests" / "saves"):  # saves: storage_fakes
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from pyapp.ui import i18n  # noqa: E402


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")
