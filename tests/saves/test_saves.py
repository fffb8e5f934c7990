"""SaveStore, export and import on fake localStorage objects (CPython)."""

from __future__ import annotations

import json
import random

import pytest
from sample_games import played
from storage_fakes import FakeStorage, QuotaExceededError, UnavailableStorage

from pyapp.park.game import decision, is_over, legal_actions, new_game, play
from pyapp.park.record import to_json
from pyapp.ui import saves
from pyapp.ui.saves import GAME_PREFIX, SaveError, SaveStore, export_record, import_record


class Clock:
    def __init__(self, t=1_700_000_000_000):
        self.t = t

    def __call__(self):
        self.t += 1000
        return self.t


def test_save_and_load_mid_turn_gives_the_same_state(storage):
    state = played(23)  # a few placements into round 1: mid action turn
    assert decision(state)["kind"] in ("pick", "place")
    store = SaveStore(storage)
    gid = store.save(state)
    assert list(storage.items) == [GAME_PREFIX + gid, saves.CURRENT_KEY]
    loaded = store.load(gid)
    assert to_json(loaded) == to_json(state)
    assert store.current() == gid


def test_every_variant_round_trips(storage):
    store = SaveStore(storage)
    for variant, players in (("base", 4), ("solo", 1), ("geyser", 3)):
        state = played(40, seed=3, players=players, variant=variant)
        gid = store.save(state)
        assert to_json(store.load(gid)) == to_json(state)


def test_finished_game_round_trips(storage):
    state = played(10_000, seed=11)
    assert is_over(state)
    store = SaveStore(storage)
    gid = store.save(state)
    assert to_json(store.load(gid)) == to_json(state)
    assert store.summary(gid)["over"] is True


def test_autosave_rewrites_only_its_own_key_and_keeps_created(storage):
    clock = Clock()
    store = SaveStore(storage, clock=clock)
    other = played(5, seed=1)
    other_id = store.save(other)
    other_text = storage.items[GAME_PREFIX + other_id]
    state = new_game(players=2, seed=9)
    gid = store.save(state)
    created = store.summary(gid)["created"]
    rng = random.Random(0)
    storage.writes.clear()
    for _ in range(12):
        play(state, rng.choice(legal_actions(state)))
        store.save(state, gid)
    assert set(storage.writes) == {GAME_PREFIX + gid, saves.CURRENT_KEY}
    assert storage.items[GAME_PREFIX + other_id] == other_text
    s = store.summary(gid)
    assert s["created"] == created and s["last_played"] > created
    assert s["actions"] == 12


def test_list_two_games_last_played_first(storage):
    store = SaveStore(storage, clock=Clock())
    a = store.save(played(3, seed=1, names=["Ann", "Bob"]))
    b = store.save(played(60, seed=2, players=3, variant="geyser", names=["Chloé", "Dan", "Eve"]))
    games, problems = store.list_games()
    assert problems == []
    assert [g["id"] for g in games] == [b, a]
    assert games[0]["players"] == ["Chloé", "Dan", "Eve"]
    assert games[0]["variant"] == "geyser"
    assert games[0]["round"] == played(60, seed=2, players=3, variant="geyser")["ctx"]["round"]
    assert games[1]["players"] == ["Ann", "Bob"] and games[1]["round"] == 1
    store.save(store.load(a), a)  # continuing a makes it the most recent
    assert [g["id"] for g in store.list_games()[0]] == [a, b]


@pytest.mark.parametrize(
    ("junk", "key"),
    [
        ("{not json", "saves.error.damaged"),
        ('"a string"', "saves.error.damaged"),
        ('{"kind": "something-else", "format": 1}', "saves.error.foreign"),
        ('{"kind": "caldera-park-save", "format": 99}', "saves.error.too_new"),
    ],
)
def test_damaged_foreign_or_new_entry_is_reported_and_kept(storage, junk, key):
    store = SaveStore(storage)
    good = store.save(played(9))
    storage.items[GAME_PREFIX + "bad"] = junk
    games, problems = store.list_games()
    assert [g["id"] for g in games] == [good]
    assert [(p["id"], p["key"]) for p in problems] == [("bad", key)]
    with pytest.raises(SaveError) as e:
        store.load("bad")
    assert e.value.key == key
    assert storage.items[GAME_PREFIX + "bad"] == junk  # never deleted behind the player's back
    store.delete("bad")  # the player may delete it
    assert GAME_PREFIX + "bad" not in storage.items and GAME_PREFIX + good in storage.items


def test_too_new_entry_names_its_version(storage):
    storage.items[GAME_PREFIX + "x"] = json.dumps({"kind": "caldera-park-save", "format": 3})
    with pytest.raises(SaveError) as e:
        SaveStore(storage).load("x")
    assert e.value.params == {"version": 3}


def test_edited_entry_is_caught_by_its_digest_then_by_replay(storage):
    store = SaveStore(storage)
    gid = store.save(played(30))
    data = json.loads(storage.items[GAME_PREFIX + gid])
    data["record"]["log"][5] = "place bear-bear-bear at 0,0"
    storage.items[GAME_PREFIX + gid] = json.dumps(data)
    with pytest.raises(SaveError) as e:
        store.load(gid)
    assert e.value.key == "saves.error.damaged" and "check" in e.value.detail
    data["check"] = saves._digest(data["record"])  # a careful forger: replay still refuses
    storage.items[GAME_PREFIX + gid] = json.dumps(data)
    with pytest.raises(SaveError) as e:
        store.load(gid)
    assert e.value.key == "saves.error.damaged" and "action 6" in e.value.detail


def test_truncated_entry_is_damaged(storage):
    store = SaveStore(storage)
    gid = store.save(played(30))
    storage.items[GAME_PREFIX + gid] = storage.items[GAME_PREFIX + gid][:-40]
    with pytest.raises(SaveError) as e:
        store.load(gid)
    assert e.value.key == "saves.error.damaged"


def test_entry_under_another_id_is_damaged(storage):
    store = SaveStore(storage)
    gid = store.save(played(4))
    storage.items[GAME_PREFIX + "copy"] = storage.items[GAME_PREFIX + gid]
    assert [p["id"] for p in store.list_games()[1]] == ["copy"]


def test_full_quota_keeps_the_previous_save_and_the_others():
    storage = FakeStorage()
    store = SaveStore(storage)
    other = store.save(played(50, seed=5))
    state = played(20, seed=6)
    gid = store.save(state)
    before = dict(storage.items)
    storage.quota = sum(len(k) + len(v) for k, v in storage.items.items())  # full now
    rng = random.Random(1)
    play(state, rng.choice(legal_actions(state)))
    with pytest.raises(SaveError) as e:
        store.save(state, gid)
    assert e.value.key == "saves.error.quota"
    assert storage.items == before
    assert len(store.load(gid)["log"]) == 20  # the last good save is intact
    assert len(store.load(other)["log"]) == 50
    with pytest.raises(SaveError) as e:
        store.save(played(2, seed=8))  # a new game does not fit either
    assert e.value.key == "saves.error.quota"
    assert storage.items == before


def test_quota_error_is_recognised_by_name_code_or_message():
    assert saves.is_quota_error(QuotaExceededError("x"))

    class FirefoxError(Exception):
        name = "NS_ERROR_DOM_QUOTA_REACHED"

    assert saves.is_quota_error(FirefoxError())
    assert saves.is_quota_error(Exception("QuotaExceededError: The quota has been exceeded."))
    assert not saves.is_quota_error(ValueError("bad value"))


def test_unavailable_storage_says_so_everywhere():
    for store in (SaveStore(UnavailableStorage()), SaveStore(None)):
        assert store.available is False
        for call in (
            lambda s=store: s.save(played(1)),
            lambda s=store: s.load("abc"),
            lambda s=store: s.list_games(),
            lambda s=store: s.delete("abc"),
            lambda s=store: s.current(),
        ):
            with pytest.raises(SaveError) as e:
                call()
            assert e.value.key == "saves.error.unavailable"
        assert store.language() is None
        assert store.set_language("fr") is False


def test_missing_game(storage):
    with pytest.raises(SaveError) as e:
        SaveStore(storage).load("nothere")
    assert e.value.key == "saves.error.missing"


def test_delete_only_removes_that_game_and_clears_current(storage):
    store = SaveStore(storage)
    a = store.save(played(3, seed=1))
    b = store.save(played(3, seed=2))
    assert store.current() == b
    store.delete(b)
    assert store.current() is None
    assert [g["id"] for g in store.list_games()[0]] == [a]
    store.set_current(a)
    assert store.current() == a


def test_foreign_keys_of_the_origin_are_ignored(storage):
    storage.items["other-app/settings"] = "{}"
    storage.items["caldera-park/somethingelse"] = "x"
    store = SaveStore(storage)
    gid = store.save(played(2))
    assert [g["id"] for g in store.list_games()[0]] == [gid]
    assert store.list_games()[1] == []
    assert storage.items["other-app/settings"] == "{}"


def test_language_is_remembered(storage):
    store = SaveStore(storage)
    assert store.language() is None
    assert store.set_language("fr") is True
    assert SaveStore(storage).language() == "fr"
    storage.items[saves.LANG_KEY] = "klingon"
    assert store.language() is None
    with pytest.raises(ValueError):
        store.set_language("de")


# ------------------------------------------------------------------ export / import


def test_export_then_import_reproduces_the_game():
    state = played(77, seed="Ours brun", players=3, names=["Léa", "Sam", "Mia"])
    text = export_record(state, exported_at=123)
    data = json.loads(text)
    assert data["format"] == 2 and data["game"] == "caldera-park"
    assert data["seed"] == "Ours brun" and data["options"]["seed"] == "Ours brun"
    assert data["log"] == [a for _, a in state["log"]]
    assert "secret" not in data and "G" not in data
    assert to_json(import_record(text)) == to_json(state)
    assert to_json(import_record(text.encode("utf-8"))) == to_json(state)
    assert to_json(import_record(b"\xef\xbb\xbf" + text.encode())) == to_json(state)  # BOM


def test_imported_game_saves_as_a_new_game(storage):
    state = played(40, seed=4)
    store = SaveStore(storage)
    first = store.save(state)
    second = store.save(import_record(export_record(state)))
    assert first != second
    assert to_json(store.load(second)) == to_json(state)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00", "saves.import.not_json"),
        ("<html><script>alert(1)</script></html>", "saves.import.not_json"),
        ("[1, 2, 3]", "saves.import.not_game"),
        ('{"name": "my-package", "version": "1.0.0"}', "saves.import.foreign"),
        ('{"format": 1, "game": "carcassonne", "options": {}, "log": []}', "saves.import.foreign"),
        ('{"format": 7, "game": "caldera-park", "options": {}, "log": []}', "saves.import.too_new"),
        (
            '{"format": 1, "game": "caldera-park", "options": {"players": 9}, "log": []}',
            "saves.import.bad_options",
        ),
        (
            '{"format": 1, "game": "caldera-park", "options": {}, "log": ["fly away"]}',
            "saves.import.damaged",
        ),
        (
            '{"format": 1, "game": "caldera-park", "options": {}, "log": [3]}',
            "saves.import.broken",
        ),
        (
            '{"format": 1, "game": "caldera-park", "seed": 5, "options": {"seed": 6}, "log": []}',
            "saves.import.broken",
        ),
    ],
)
def test_bad_files_are_refused_with_their_reason(text, key):
    with pytest.raises(SaveError) as e:
        import_record(text)
    assert e.value.key == key


def test_too_large_file_is_refused():
    with pytest.raises(SaveError) as e:
        import_record(" " * (saves.MAX_TEXT + 1))
    assert e.value.key == "saves.import.too_large"


def test_entry_copied_out_of_storage_imports(storage):
    state = played(15)
    gid = SaveStore(storage).save(state)
    assert to_json(import_record(storage.items[GAME_PREFIX + gid])) == to_json(state)


def test_export_filename_is_plain():
    state = played(30)
    assert state["ctx"]["round"] == 2  # 25 actions make round 1 of a 2-player game
    name = saves.export_filename(state, when_ms=1_763_700_000_000)
    assert name == "caldera-park-2025-11-21-round-2.json"


def test_session_is_kept_beside_the_record_and_exported(storage):
    state = played(12, players=3)
    session = {"seats": ["human", "greedy", "random"], "fast": True}
    store = SaveStore(storage)
    gid = store.save(state, session=session)
    loaded, got = store.load_game(gid)
    assert to_json(loaded) == to_json(state) and got == session
    text = export_record(state, session=session)
    st2, s2 = saves.import_game(text)
    assert to_json(st2) == to_json(state) and s2 == session


@pytest.mark.parametrize(
    "bad",
    [
        {"seats": ["human", "greedy"]},  # wrong number of seats
        {"seats": "human"},
        {"seats": ["human", "x" * 100, "human"]},
        {"seats": ["human"] * 3, "blob": "x" * 5000},
        ["human", "human", "human"],
    ],
)
def test_unusable_session_is_dropped_not_fatal(storage, bad):
    state = played(12, players=3)
    store = SaveStore(storage)
    gid = store.save(state, session=bad)
    loaded, got = store.load_game(gid)
    assert got is None and to_json(loaded) == to_json(state)
    data = json.loads(export_record(state))
    data["session"] = bad
    st2, s2 = saves.import_game(json.dumps(data))
    assert s2 is None and to_json(st2) == to_json(state)


def test_players_named_by_nobody_get_the_default_name_of_the_language():
    from pyapp.ui import i18n

    options = {"players": 2, "seed": 1}
    try:
        assert saves.player_names(options) == ["Player 1", "Player 2"]
        i18n.set_language("fr")
        assert saves.player_names(options) == ["Joueur 1", "Joueur 2"]
        # names the options hold are kept as they are, in any language
        assert saves.player_names({**options, "names": ["Ann", "Bo"]}) == ["Ann", "Bo"]
    finally:
        i18n.set_language("en")
