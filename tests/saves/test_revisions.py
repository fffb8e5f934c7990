"""Two tabs (two SaveStores, or two compositions of the app over one table each) sharing one
storage: revisions in the entries catch a save of the other tab, and a game deleted there stays
deleted."""

from __future__ import annotations

import json
import random

import pytest
from sample_games import played
from storage_fakes import FakeStorage
from test_persistence import FakePlatform, make, move, start

from pyapp.park.game import legal_actions, play
from pyapp.park.record import to_record
from pyapp.ui.saves import GAME_PREFIX, SaveConflict, SaveStore


def entry(storage, gid) -> dict:
    return json.loads(storage.items[GAME_PREFIX + gid])


def step(state, seed=0):
    play(state, random.Random(seed).choice(legal_actions(state)))


def test_each_save_counts_one_revision_and_a_resume_none(storage):
    store = SaveStore(storage)
    state = played(2, seed=1)
    gid = store.save(state)
    assert entry(storage, gid)["rev"] == 1
    for i in range(3):
        step(state, i)
        store.save(state, gid)
    assert entry(storage, gid)["rev"] == 4
    # another tab opens it and saves it unchanged (a resume): same revision, dates only
    other = SaveStore(storage)
    other.save(other.load(gid), gid)
    assert entry(storage, gid)["rev"] == 4
    step(state, 9)
    store.save(state, gid)  # no conflict: nothing was played elsewhere
    assert entry(storage, gid)["rev"] == 5


def test_a_save_of_another_tab_is_never_overwritten(storage):
    a, b = SaveStore(storage), SaveStore(storage)
    state = played(3, seed=2)
    gid = a.save(state)
    theirs = b.load(gid)
    step(theirs, 1)
    b.save(theirs, gid)
    before = storage.items[GAME_PREFIX + gid]
    assert a.change_since_seen(gid) == "newer" and b.change_since_seen(gid) is None
    step(state, 2)
    with pytest.raises(SaveConflict) as err:
        a.save(state, gid)
    assert err.value.key == "saves.conflict.newer" and err.value.stored_rev == 2
    assert storage.items[GAME_PREFIX + gid] == before
    # keeping A's game as a copy: a new id, the other tab's entry untouched
    a.forget(gid)
    copy = a.save(state)
    assert copy != gid and storage.items[GAME_PREFIX + gid] == before
    assert entry(storage, copy)["record"]["log"] == to_record(state)["log"]
    # or continuing from the newer one: load it, then moves save again
    newer = a.load(gid)
    step(newer, 3)
    a.save(newer, gid)
    assert entry(storage, gid)["rev"] == 3


def test_a_game_deleted_in_another_tab_is_not_brought_back(storage):
    a, b = SaveStore(storage), SaveStore(storage)
    state = played(3, seed=3)
    gid = a.save(state)
    b.load(gid)
    b.delete(gid)
    assert a.change_since_seen(gid) == "deleted"
    step(state)
    with pytest.raises(SaveConflict) as err:
        a.save(state, gid)
    assert err.value.key == "saves.conflict.deleted"
    assert GAME_PREFIX + gid not in storage.items
    # deleting its own game, a tab forgets it: a later save of that id is a plain new entry
    b.save(state, gid)
    assert entry(storage, gid)["rev"] == 1


def test_entries_without_a_revision_still_load_and_save(storage):
    store = SaveStore(storage)
    state = played(4, seed=4)
    gid = store.save(state)
    old = entry(storage, gid)
    del old["rev"]  # as saved before revisions existed
    storage.items[GAME_PREFIX + gid] = json.dumps(old)
    tab = SaveStore(storage)
    loaded = tab.load(gid)
    assert tab.list_games()[0][0]["id"] == gid
    step(loaded)
    tab.save(loaded, gid)
    assert entry(storage, gid)["rev"] == 1


# ---------------------------------------------------------------------- two tabs of the app


def two_tabs(storage):
    c1, p1 = make(storage, FakePlatform())
    start(c1)
    move(c1, 3)
    c2, p2 = make(storage, FakePlatform())  # the second tab resumes the running game
    assert p2.game_id == p1.game_id
    return (c1, p1), (c2, p2)


def test_moves_in_both_tabs_offer_the_choice_and_lose_nothing():
    storage = FakeStorage()
    (c1, p1), (c2, p2) = two_tabs(storage)
    gid = p1.game_id
    move(c1, 2, seed=1)
    assert len(entry(storage, gid)["record"]["log"]) == 5
    # the storage event reaches tab 2 before its next move: the choice is offered at once
    assert p2.on_storage(GAME_PREFIX + gid) is True
    assert p2.conflict == "newer" and p2.message[0] == "saves.conflict.newer"
    move(c2, 1, seed=2)  # played anyway: not written over tab 1's game
    assert len(entry(storage, gid)["record"]["log"]) == 5 and p2.unsaved
    banner = p2.messages.banner(p2.c)
    actions = [b.attrs["data-action"] for b in banner.find_all(lambda e: e.tag == "button")]
    assert actions[:2] == ["saves-take-newer", "saves-keep-copy"]
    mine = to_record(c2.state)["log"]
    assert p2.handle("saves-keep-copy", {}) is True
    assert p2.game_id != gid and p2.message[0] == "saves.conflict.copied"
    assert entry(storage, p2.game_id)["record"]["log"] == mine
    assert len(entry(storage, gid)["record"]["log"]) == 5
    # tab 1 goes on with its game, undisturbed
    move(c1, 1, seed=3)
    assert len(entry(storage, gid)["record"]["log"]) == 6 and p1.conflict is None


def test_continue_from_the_newer_game():
    storage = FakeStorage()
    (c1, p1), (c2, p2) = two_tabs(storage)
    gid = p1.game_id
    move(c2, 2, seed=4)
    move(c1, 1, seed=5)  # tab 1 did not hear the event: its save is refused
    assert p1.conflict == "newer" and len(entry(storage, gid)["record"]["log"]) == 5
    assert p1.handle("saves-take-newer", {}) is True
    assert to_record(c1.state) == to_record(c2.state) and p1.message is None and not p1.unsaved
    move(c1, 1, seed=6)
    assert len(entry(storage, gid)["record"]["log"]) == 6


def test_delete_in_one_tab_then_a_move_in_the_other():
    storage = FakeStorage()
    (c1, p1), (c2, p2) = two_tabs(storage)
    gid = p1.game_id
    p2.show()
    p2.handle("saves-delete", {"id": gid})
    p2.handle("saves-delete-yes", {"id": gid})
    assert GAME_PREFIX + gid not in storage.items
    move(c1, 1, seed=7)
    assert p1.conflict == "deleted" and p1.unsaved
    assert not [k for k in storage.items if k.startswith(GAME_PREFIX)]
    banner = p1.messages.banner(p1.c)
    buttons = [b.attrs["data-action"] for b in banner.find_all(lambda e: e.tag == "button")]
    assert "saves-take-newer" not in buttons and "saves-keep-copy" in buttons
    c1.handle("banner-close", {})
    assert p1.message is None and p1.conflict is None
    move(c1, 1, seed=8)  # still not brought back: offered again
    assert p1.conflict == "deleted" and not [k for k in storage.items if k.startswith(GAME_PREFIX)]
    p1.handle("saves-keep-copy", {})
    assert [k for k in storage.items if k.startswith(GAME_PREFIX)] == [GAME_PREFIX + p1.game_id]


def test_storage_events_of_other_keys_change_nothing():
    storage = FakeStorage()
    (c1, p1), _ = two_tabs(storage)
    assert p1.on_storage("caldera-park/lang") is False
    assert p1.on_storage(GAME_PREFIX + "someother") is False and p1.conflict is None
    p1.show()
    assert p1.on_storage(GAME_PREFIX + "someother") is True  # the open list is refreshed
