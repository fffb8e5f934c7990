"""The saves tests' ``storage`` fixture: an empty fake of the browser's localStorage (the
repository root and this folder are on ``sys.path`` by ``tests/conftest.py``)."""

from __future__ import annotations

import pytest
from storage_fakes import FakeStorage


@pytest.fixture
def storage():
    return FakeStorage()
