"""Issue 28: two tabs writing the same revision at the same moment, untrusted text nested deep,
and messages that say what is wrong (CPython, fake browser storage).

A tab's read-check-write of an entry is not atomic across tabs: both may read revision N and
both write N+1. ``LaggingStorage`` plays that interleaving: a tab's reads of one key keep
showing what it saw before the other tab's write reached it (the browser's per-tab copy of
localStorage)."""

from __future__ import annotations

import json
import random

import pytest
from sample_games import played
from storage_fakes import FakeStorage
from test_persistence import make, move, start

from pyapp import games
from pyapp.core import jsontext
from pyapp.park.game import legal_actions, play
from pyapp.park.record import to_record
from pyapp.ui import i18n
from pyapp.ui.saves import (
    CURRENT_KEY,
    DELETED_KEY,
    GAME_PREFIX,
    SaveConflict,
    SaveError,
    SaveStore,
    export_record,
    import_file,
    parse_entry,
    quick_summary,
)
from pyapp.ui.strings_fr import FR
from pyapp.ui.strings_saves import EN_SAVES


class LaggingStorage:
    """One tab's view of a shared ``FakeStorage``: ``lag(key)`` freezes what this tab reads of
    ``key`` (its writes still go to the shared storage) until ``catch_up()``."""

    def __init__(self, shared: FakeStorage):
        self.shared = shared
        self.frozen: dict[str, str | None] = {}

    def lag(self, key: str) -> None:
        self.frozen[key] = self.shared.getItem(key)

    def catch_up(self) -> None:
        self.frozen.clear()

    @property
    def length(self) -> int:
        return self.shared.length

    def key(self, i):
        return self.shared.key(i)

    def getItem(self, key):  # noqa: N802 - the Storage interface
        return self.frozen[key] if key in self.frozen else self.shared.getItem(key)

    def setItem(self, key, value):  # noqa: N802
        self.frozen.pop(key, None)
        self.shared.setItem(key, value)

    def removeItem(self, key):  # noqa: N802
        self.frozen.pop(key, None)
        self.shared.removeItem(key)


def log_of(state) -> list[str]:
    return to_record(state)["log"]


def stored_log(storage, gid) -> list[str]:
    return json.loads(storage.items[GAME_PREFIX + gid])["record"]["log"]


def step(state, seed=0):
    play(state, random.Random(seed).choice(legal_actions(state)))


def two_different_moves(state):
    """Two copies of ``state``, each one move on, by different moves."""
    moves = legal_actions(state)
    assert len(moves) >= 2
    mine, theirs = json.loads(json.dumps(state)), json.loads(json.dumps(state))
    play(mine, moves[0])
    play(theirs, moves[-1])
    return mine, theirs


def test_two_tabs_writing_the_same_revision_at_once_are_told_apart():
    shared = FakeStorage()
    view_a, view_b = LaggingStorage(shared), LaggingStorage(shared)
    a, b = SaveStore(view_a), SaveStore(view_b)
    gid = a.save(played(4, seed=3))
    base = b.load(gid)
    mine, theirs = two_different_moves(base)
    a.load(gid)
    key = GAME_PREFIX + gid
    view_b.lag(key)  # B read revision N before A's write reached it
    a.save(mine, gid)
    b.save(theirs, gid)  # B also writes N+1: over A's write, which it never saw
    assert stored_log(shared, gid) == log_of(theirs)
    # A's storage event: the same revision as its own write, by another writer
    assert a.change_since_seen(gid) == "newer"
    assert b.change_since_seen(gid) is None
    # and A's next move is refused instead of overwriting B's
    step(mine, 1)
    with pytest.raises(SaveConflict) as err:
        a.save(mine, gid)
    assert err.value.key == "saves.conflict.newer"
    assert stored_log(shared, gid) == log_of(theirs)


def test_three_tabs_at_once_all_but_the_last_writer_are_told():
    shared = FakeStorage()
    views = [LaggingStorage(shared) for _ in range(3)]
    stores = [SaveStore(v) for v in views]
    gid = stores[0].save(played(6, seed=8))
    states = [s.load(gid) for s in stores]
    for i, st in enumerate(states):
        step(st, 10 + i)
    key = GAME_PREFIX + gid
    for v in views:
        v.lag(key)  # all three read revision N
    for s, st in zip(stores, states, strict=True):
        s.save(st, gid)
    for v in views:
        v.catch_up()
    told = [s.change_since_seen(gid) for s in stores]
    assert told == ["newer", "newer", None]
    assert stored_log(shared, gid) == log_of(states[2])


def test_the_same_move_written_by_two_tabs_at_once_is_no_conflict():
    shared = FakeStorage()
    view_b = LaggingStorage(shared)
    a, b = SaveStore(shared), SaveStore(view_b)
    gid = a.save(played(5, seed=4))
    mine, theirs = b.load(gid), a.load(gid)
    step(mine, 3)
    step(theirs, 3)
    view_b.lag(GAME_PREFIX + gid)
    a.save(theirs, gid)
    b.save(mine, gid)
    assert a.change_since_seen(gid) is None and b.change_since_seen(gid) is None
    step(theirs, 4)
    a.save(theirs, gid)  # no conflict: nothing of A's was lost
    assert b.change_since_seen(gid) == "newer"


def test_every_write_has_its_own_token_and_a_resume_keeps_it(storage):
    store = SaveStore(storage)
    state = played(2, seed=1)
    gid = store.save(state)
    tokens = [json.loads(storage.items[GAME_PREFIX + gid])["w"]]
    for i in range(3):
        step(state, i)
        store.save(state, gid)
        tokens.append(json.loads(storage.items[GAME_PREFIX + gid])["w"])
    assert len(set(tokens)) == 4 and all(len(t) == 8 for t in tokens)
    other = SaveStore(storage)
    other.save(other.load(gid), gid)  # a resume in another tab: dates only
    assert json.loads(storage.items[GAME_PREFIX + gid])["w"] == tokens[-1]
    assert store.change_since_seen(gid) is None
    # the list reads entries with and without a token alike, quickly
    text = storage.items[GAME_PREFIX + gid]
    assert quick_summary(text, gid) == {"id": gid, **json.loads(text)["summary"]}
    old = json.loads(text)
    del old["w"]
    assert quick_summary(json.dumps(old, separators=(",", ":")), gid) is not None


def test_entries_written_before_tokens_load_and_save(storage):
    store = SaveStore(storage)
    state = played(3, seed=2)
    gid = store.save(state)
    entry = json.loads(storage.items[GAME_PREFIX + gid])
    del entry["w"]
    storage.items[GAME_PREFIX + gid] = json.dumps(entry)
    tab = SaveStore(storage)
    mine = tab.load(gid)
    assert tab.change_since_seen(gid) is None
    step(mine, 5)
    tab.save(mine, gid)
    assert json.loads(storage.items[GAME_PREFIX + gid])["rev"] == entry["rev"] + 1


def test_deleted_in_the_app_or_removed_outside_it_are_told_apart(storage):
    a, b = SaveStore(storage), SaveStore(storage)
    one, two = a.save(played(2, seed=1)), a.save(played(2, seed=2))
    b.load(one)
    b.load(two)
    a.delete(one)  # the saved-games list of another tab
    assert b.change_since_seen(one) == "deleted"
    assert one in json.loads(storage.items[DELETED_KEY])
    del storage.items[GAME_PREFIX + two]  # the site's data cleared, or a hand edit
    assert b.change_since_seen(two) == "removed"
    with pytest.raises(SaveConflict) as err:
        b.save(played(3, seed=2), two)
    assert err.value.key == "saves.conflict.removed"
    # the list of deleted games stays short
    for i in range(60):
        a.delete(a.save(played(1, seed=i)))
    assert len(json.loads(storage.items[DELETED_KEY])) == 50


def test_a_tab_is_offered_the_choice_after_the_race_and_keeps_its_move_as_a_copy():
    shared = FakeStorage()
    view_a, view_b = LaggingStorage(shared), LaggingStorage(shared)
    ca, pa = make(view_a)
    start(ca)
    move(ca, 3)
    gid = pa.game_id
    cb, pb = make(view_b)  # the second tab resumes the same game
    assert pb.game_id == gid
    view_b.lag(GAME_PREFIX + gid)
    move(ca, 1, seed=1)
    move(cb, 1, seed=2)  # B's autosave overwrites A's, which it never saw
    assert pa.on_storage(GAME_PREFIX + gid) is True  # A's storage event: told at once
    assert pa.message[0] == "saves.conflict.newer" and pa.conflict == "newer"
    assert pb.on_storage(GAME_PREFIX + gid) is False and pb.message is None
    assert pa.keep_copy()
    ids = {k[len(GAME_PREFIX) :] for k in shared.items if k.startswith(GAME_PREFIX)}
    assert len(ids) == 2  # both moves are in storage
    logs = sorted(len(json.loads(shared.items[GAME_PREFIX + i])["record"]["log"]) for i in ids)
    assert logs[0] == logs[1]


def test_a_current_game_removed_outside_the_app_is_said_once():
    storage = FakeStorage()
    c, p = make(storage)
    start(c)
    move(c, 2)
    del storage.items[GAME_PREFIX + p.game_id]
    _, again = make(storage)
    assert again.message == ("saves.error.current_missing", {})
    assert CURRENT_KEY not in storage.items
    _, third = make(storage)
    assert third.message is None


# ---------------------------------------------------------------------- nesting


def test_depth_counts_brackets_outside_strings_only():
    assert jsontext.depth('{"a": [1, {"b": []}]}') == 4
    assert jsontext.depth('["[[[[", "\\"[[[", {}]') == 2
    assert jsontext.depth("[" * 50 + "]" * 50, limit=10) == 11  # stops past the limit
    with pytest.raises(jsontext.TooDeep):
        jsontext.loads("[" * 100_000 + "]" * 100_000)
    assert jsontext.loads('{"x": "' + "[" * 100 + '"}') == {"x": "[" * 100}


def deep_file(record_id: str, levels: int = 100_000) -> str:
    return f'{{"format":1,"game":"{record_id}","options":' + "[" * levels + "]" * levels + "}"


@pytest.mark.parametrize("game_id", ["park", "pyramids", "caledea"])
def test_a_file_nested_100000_deep_is_refused_unparsed_naming_its_game(game_id):
    game = games.get(game_id)
    text = deep_file(game.record_id)
    assert len(text) > 200_000
    with pytest.raises(SaveError) as err:
        import_file(text)
    assert err.value.key == "saves.import.too_deep_game"
    assert game.title in i18n.t(err.value.key, **err.value.params)
    # a stored entry nested so deep is damaged, never a crash
    with pytest.raises(SaveError) as err:
        parse_entry('{"kind":"caldera-park-save","x":' + "[" * 100_000 + "]" * 100_000 + "}")
    assert err.value.key == "saves.error.damaged"


def test_the_deepest_real_file_is_far_within_the_bound():
    state = played(30, seed=9)
    text = export_record(state, session={"seats": ["human", "greedy"], "fast": True})
    assert jsontext.depth(text) <= 6 < jsontext.MAX_DEPTH


# ---------------------------------------------------------------------- messages


def message(err: SaveError, lang: str = "en") -> str:
    i18n.set_language(lang)
    return i18n.t(err.key, **err.params)


def refused(text) -> SaveError:
    with pytest.raises(SaveError) as err:
        import_file(text)
    return err.value


def record_of(game_id: str, **options) -> str:
    game = games.get(game_id)
    base = {"players": 2, "seed": 5, "names": ["Ann", "Bob"]}
    return json.dumps(
        {"format": 1, "game": game.record_id, "options": {**base, **options}, "log": []}
    )


@pytest.mark.parametrize("game_id", ["park", "pyramids", "caledea"])
def test_import_messages_name_the_files_game(game_id):
    title = games.get(game_id).title
    cases = {
        "saves.import.bad_names": record_of(game_id, names=["x" * 10_000, "Bob"]),
        "saves.import.bad_seed": record_of(game_id, seed=10**40),
        "saves.import.bad_options": record_of(game_id, players=9, names=None),
        "saves.import.too_new": record_of(game_id).replace('"format": 1', '"format": 99'),
    }
    for key, text in cases.items():
        err = refused(text)
        assert err.key == key, (key, err.detail)
        for lang in ("en", "fr"):
            words = message(err, lang)
            assert title in words and "Caldera Park" not in words.replace(title, ""), words
    big = record_of(game_id)[:-1] + ', "pad": "' + "x" * 2_100_000 + '"}'
    err = refused(big)
    assert err.key == "saves.import.too_large_game" and title in message(err)
    for lang in ("en", "fr"):
        assert title in message(err, lang)


def test_import_messages_for_what_is_no_game():
    assert refused("[1, 2, 3]").key == "saves.import.not_game"
    assert refused('"just text"').key == "saves.import.not_game"
    assert refused("{not json").key == "saves.import.not_json"
    foreign = refused('{"format": 1, "game": "chess", "options": {}, "log": []}')
    assert foreign.key == "saves.import.foreign"
    assert message(foreign) == "This file is not a game of this app."
    big = refused('{"x": "' + "y" * 2_100_000 + '"}')
    assert message(big) == "This file is too large to be a game of this app."
    assert (
        message(big, "fr") == "Ce fichier est trop gros pour être une partie de cette application."
    )
    deep = refused("[" * 5000 + "]" * 5000)
    assert deep.key == "saves.import.too_deep" and "a game of this app" in message(deep)


def test_a_move_the_rules_refuse_is_still_damaged_and_names_the_game():
    text = json.dumps(
        {"format": 1, "game": "pyramids", "options": {"players": 2, "seed": 3}, "log": ["zz"]}
    )
    err = refused(text)
    assert err.key == "saves.import.damaged"
    assert message(err) == "This Caldera file is damaged: its moves do not follow the rules."


def test_no_saves_message_names_caldera_park_for_every_game():
    for catalogue in (EN_SAVES, {k: v for k, v in FR.items() if k.startswith("saves.")}):
        named = [k for k, v in catalogue.items() if "Caldera Park" in v]
        assert named == [], named
