"""The saved-games list with many games: entries are checked once per text, ahead of the first
opening in short idle slices (``SaveStore.prepare_list``, the saved-games feature's ``work`` run by
``feature.run_work`` between frames)."""

from __future__ import annotations

import asyncio
import itertools
import json

from sample_games import played
from storage_fakes import FakeStorage
from test_persistence import make

from pyapp.ui import saves
from pyapp.ui.feature import run_work
from pyapp.ui.saves import GAME_PREFIX, SaveStore


def many(storage, n: int) -> list[str]:
    store = SaveStore(storage, clock=itertools.count(1_763_700_000_000, 60_000).__next__)
    states = [played(2, seed=1), played(3, seed=2)]
    return [store.save(states[i % 2]) for i in range(n)]


def counting_parse(monkeypatch) -> list[str]:
    """The ids of the entries checked from now on (quickly or in full)."""
    calls = []
    real_parse, real_quick = saves.parse_entry, saves.quick_summary

    def parse(text, game_id=""):
        calls.append(game_id)
        return real_parse(text, game_id)

    def quick(text, game_id):
        calls.append(game_id)
        return real_quick(text, game_id)

    monkeypatch.setattr(saves, "parse_entry", parse)
    monkeypatch.setattr(saves, "quick_summary", quick)
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
    assert set(calls) == {ids[1]}  # the quick check refuses it, the full one says why
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

    asyncio.run(run_work(p.shell, sleep, lambda: None, delay_s=0.1))
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

    asyncio.run(run_work(p.shell, sleep, lambda: None, delay_s=0.1))
    assert len(sleeps) == 1


def old_layout(text: str) -> str:
    """An entry as versions before the quick layout wrote it (record first, no canonical text)."""
    data = json.loads(text)
    order = ["kind", "format", "id", "record", "check", "summary", "session", "rev"]
    return json.dumps({k: data[k] for k in order if k in data}, separators=(",", ":"))


def test_the_quick_check_reads_what_the_full_check_reads(storage):
    store = SaveStore(storage)
    gid = store.save(played(3, seed=4), session={"seats": ["human", "random", "human"]})
    text = storage.items[GAME_PREFIX + gid]
    assert text.index('"summary":') < text.index('"record":')  # the record comes last
    full = {"id": gid, **saves.parse_entry(text, gid)["summary"]}
    assert saves.quick_summary(text, gid) == full
    # an entry of an older version: not in the layout, the full check lists it
    storage.items[GAME_PREFIX + gid] = old_layout(text)
    assert saves.quick_summary(storage.items[GAME_PREFIX + gid], gid) is None
    assert SaveStore(storage).list_games() == ([full], [])


def test_the_quick_check_refuses_any_damage(storage):
    store = SaveStore(storage)
    gid = store.save(played(2, seed=5))
    text = storage.items[GAME_PREFIX + gid]
    damaged = {
        "record edited": text.replace('"log":[', '"log":["pick 1",', 1),
        "truncated": text[:-40],
        "summary invalid": text.replace('"over":false', '"over":"no"', 1),
        "another id": text,
        "too new": text.replace('"format":1,', '"format":9,', 1),
        "check edited": text.replace('"check":"', '"check":"0', 1),
    }
    for what, bad in damaged.items():
        key = "other" if what == "another id" else gid
        assert saves.quick_summary(bad, key) is None, what
    # a record damaged under a sound summary is listed as a problem, not as a game
    storage.items[GAME_PREFIX + gid] = damaged["record edited"]
    games, problems = SaveStore(storage).list_games()
    assert games == [] and [p["key"] for p in problems] == ["saves.error.damaged"]
