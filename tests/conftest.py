"""For every test: the repository root on ``sys.path`` (``pyapp``, ``tools``) with ``tests/saves``
(``storage_fakes``, the fake browser storage several layers' tests share), and the interface's
language English when each test starts and ends."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT, ROOT / "tests" / "saves"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from pyapp.ui import i18n  # noqa: E402


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")
