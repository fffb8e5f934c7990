"""Fake localStorage objects for the saves tests: one with a quota, one that refuses access."""

from __future__ import annotations


class QuotaExceededError(Exception):
    """Like the browser's DOMException: its ``name`` is QuotaExceededError, code 22."""

    name = "QuotaExceededError"
    code = 22


class SecurityError(Exception):
    name = "SecurityError"
    code = 18


class FakeStorage:
    """A localStorage: string keys and values, insertion-ordered, with an optional quota counted
    in characters of keys plus values (as browsers do, roughly)."""

    def __init__(self, quota: int | None = None, items: dict | None = None):
        self.quota = quota
        self.items: dict[str, str] = dict(items or {})
        self.writes: list[str] = []

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, i: int):
        keys = list(self.items)
        return keys[i] if 0 <= i < len(keys) else None

    def getItem(self, key: str):
        return self.items.get(str(key))

    def setItem(self, key: str, value: str) -> None:
        key, value = str(key), str(value)
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise QuotaExceededError(
                    "Failed to execute 'setItem' on 'Storage': "
                    "Setting the value exceeded the quota."
                )
        self.items[key] = value
        self.writes.append(key)

    def removeItem(self, key: str) -> None:
        self.items.pop(str(key), None)


class UnavailableStorage:
    """Storage that a private mode or a blocked-cookies setting refuses: every access raises."""

    def __getattr__(self, name):
        raise SecurityError("The operation is insecure.")
