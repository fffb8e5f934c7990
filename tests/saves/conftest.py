"""CPython tests of the pure-Python browser modules (static/ui/saves.py, strings_fr, rules_ref).

``static/`` goes on ``sys.path`` so that ``static/ui`` imports as the ``ui`` package, as it does
in the browser (tools/build_site.py zips it as ``ui/``); the repository root gives ``pyapp``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
for p in (ROOT,):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))


from storage_fakes import FakeStorage  # noqa: E402


@pytest.fixture
def storage():
    return FakeStorage()
