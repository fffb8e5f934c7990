"""CPython tests of the game screens' pure-Python modules (static/ui: controller, view-model,
screens, art, vdom, i18n).

``static/`` goes on ``sys.path`` so that ``static/ui`` imports as the ``ui`` package, as in the
browser; the repository root gives ``pyapp``.
"""

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
    """Every test starts (and ends) in English."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")
