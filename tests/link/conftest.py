"""The link tests draw their secrets and game ids from a generator seeded by the test's own
name, not from the system's entropy: a failure replays exactly (the app and the command line
keep ``secrets``). Each test still gets secrets no other test has."""

from __future__ import annotations

import hashlib
import random

import pytest

from pyapp.core import link


class _SeededTokens:
    def __init__(self, name: str):
        self.rng = random.Random(hashlib.sha256(name.encode("utf-8")).digest())

    def token_hex(self, n: int) -> str:
        return self.rng.randbytes(n).hex()


@pytest.fixture(autouse=True)
def seeded_secrets(request, monkeypatch):
    monkeypatch.setattr(link, "_secrets", _SeededTokens(request.node.nodeid))
