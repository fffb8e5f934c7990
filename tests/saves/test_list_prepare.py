"""The saved-games list with many games: entries are checked once per text, ahead of the first
opening in short idle slices (``SaveStore.prepare_list``, ``Persistence.prepare_list``)."""

from __future__ import annotations

import asyncio
import itertools
import json

from sample_games import played
from storage_fakes import FakeStorage
from test_persistence import make

from pyapp.ui import saves
from pyapp.ui.saves import GAME_PREFIX, SaveStore


def many(storage, n: int) -> list[str]:
    store = SaveStore(storage, clock=itertools.count(1_763_700_000_000, 60_000).__next__)
    states = [played(2, seed=1), played(3, seed=2)]
    return [store.save(states[i % 2]) for i in range(n)]


def counting_parse(monkeypatch) -> list[str]:
    calls = []
    real = saves.parse_entry

    def parse(text, game_id=""):
        calls.append(game_id)
        return real(text, game_id)

    monkeypatch.setattr(saves, "parse_entry", parse)
    return calls


def test_prepared_entries_are_not_checked_again_when_the_list_opens(storage, monkeypatch):
    ids = many(storage, 12)
    store = SaveStore(storage)
    calls = counting_parse(monkeypatch)
    ticks = itertools.count()  # a clock that moves one second per reading
    slices = 0
    while not store.prepare_list(0.5, clock=lambda: next(ticks)):
        slices += 1
        assert slices < 100
    # one entry per slice when the budget is spent at once: the work is cut in small pieces
    assert slices >= 5
    assert sorted(calls) == sorted(ids)
    calls.clear()
    games, problems = store.list_games()
    assert len(games) == 12 and problems == []
    assert calls == []  # all checked ahead
    assert store.prepare_list(0.01) is True  # nothing left


def test_an_entry_changed_or_damaged_since_it_was_prepared_is_checked_again(storage, monkeypatch):
    ids = many(storage, 4)
    store = SaveStore(storage)
    assert store.prepare_list(10.0) is True
    calls = counting_parse(monkeypatch)
    key = GAME_PREFIX + ids[1]
    storage.items[key] = storage.items[key].replace('"log":[', '"log":["bogus",', 1)
    games, problems = store.list_games()
    assert calls == [ids[1]]
    assert [p["id"] for p in problems] == [ids[1]]
    assert sorted(g["id"] for g in games) == sorted(set(ids) - {ids[1]})
    # a game deleted meanwhile is not listed from the prepared checks
    del storage.items[GAME_PREFIX + ids[2]]
    assert ids[2] not in [g["id"] for g in store.list_games()[0]]


def test_preparing_without_storage_ends_at_once():
    store = SaveStore(None)
    assert store.prepare_list(0.01) is True


class Broken(FakeStorage):
    def getItem(self, key):  # noqa: N802
        raise RuntimeError("storage went away")


def test_persistence_prepares_the_list_in_slices_with_pauses(monkeypatch):
    storage = FakeStorage()
    many(storage, 30)
    _, p = make(storage)
    sleeps = []
    budgets = []
    real = p.store.prepare_list

    def prepare(budget_s, clock=None):
        budgets.append(budget_s)
        return real(budget_s, clock=itertools.count().__next__)  # one entry per slice

    monkeypatch.setattr(p.store, "prepare_list", prepare)

    async def sleep(s):
        sleeps.append(s)

    asyncio.run(p.prepare_list(sleep))
    assert sleeps[0] > 0  # after the start has drawn its first screen
    assert len(budgets) >= 30 and all(b <= 0.01 for b in budgets)
    assert len(sleeps) == len(budgets)  # a pause after every slice but the last, and before
    calls = counting_parse(monkeypatch)
    assert len(p.store.list_games()[0]) == 30 and calls == []


def test_persistence_preparing_stops_quietly_on_a_storage_failure():
    _, p = make(FakeStorage())
    p.store.storage = Broken(items={GAME_PREFIX + "abc": json.dumps({})})
    sleeps = []

    async def sleep(s):
        sleeps.append(s)

    asyncio.run(p.prepare_list(sleep))
    assert len(sleeps) == 1
