"""The saved games, the banner, the rules and the language, composed as the page composes them
(``pyapp/ui/composition.py``) around the real game table (CPython, fake browser)."""

from __future__ import annotations

import json
import random

from composed import composed, view
from storage_fakes import FakeStorage

from pyapp.park.game import legal_actions, new_game, play
from pyapp.park.record import to_json
from pyapp.ui import i18n
from pyapp.ui.features.language import pick_language
from pyapp.ui.features.saved_games import format_when
from pyapp.ui.park import screens
from pyapp.ui.saves import CURRENT_KEY, GAME_PREFIX, LANG_KEY, export_record


class FakePlatform:
    def __init__(self, langs=("en-GB",), persist=True, file_text=None):
        self.langs = list(langs)
        self.persist_answer = persist
        self.file_text = file_text
        self.downloads = []
        self.persist_requests = 0
        self.tz_offset_min = 60

    def languages(self):
        return self.langs

    def download(self, filename, text, mime):
        self.downloads.append((filename, text, mime))

    def read_file(self, key, callback):
        callback(self.file_text, len(self.file_text or ""))

    def request_persist(self, callback):
        self.persist_requests += 1
        callback(self.persist_answer)


def make(storage, platform=None, boot=True):
    """(the table on screen, the saved-games feature) of a page over ``storage``."""
    app = composed(storage, platform or FakePlatform(), start=boot)
    return app.table, app.saves


def move(c, n=1, seed=0):
    rng = random.Random(seed)
    for _ in range(n):
        assert c.play(rng.choice(legal_actions(c.state)))


def start(c, names=("Ann", "Bob"), variant="base", seed=5):
    c.start_game({"players": len(names), "seed": seed, "variant": variant,
                  "names": list(names)}, ["human"] * len(names))  # fmt: skip


def texts(nodes) -> str:
    return " ".join(n.text() for n in nodes)


def find(nodes, **attrs):
    for n in nodes:
        e = n.find(**attrs)
        if e is not None:
            return e
    return None


def test_every_move_is_saved_and_a_reload_resumes_mid_turn():
    storage = FakeStorage()
    c, p = make(storage)
    start(c)
    move(c, 7)
    gid = p.game_id
    assert gid and storage.items[CURRENT_KEY] == gid
    saved = json.loads(storage.items[GAME_PREFIX + gid])
    assert len(saved["record"]["log"]) == 7
    assert c.decision()["kind"] in ("pick", "place")
    # a new page: a new controller over the same storage
    c2, p2 = make(storage)
    assert c2.state is not None and to_json(c2.state) == to_json(c.state)
    assert p2.game_id == gid and c2.seats == ["human", "human"]
    move(c2, 1, seed=3)
    assert len(json.loads(storage.items[GAME_PREFIX + gid])["record"]["log"]) == 8
    assert len([k for k in storage.items if k.startswith(GAME_PREFIX)]) == 1


def test_a_new_game_and_a_rematch_get_their_own_entries():
    storage = FakeStorage()
    c, p = make(storage)
    start(c, seed=1)
    first = p.game_id
    start(c, names=("Zoé", "Yann", "Xavier"), seed=2)
    assert p.game_id != first
    games, _ = p.store.list_games()
    assert {g["id"] for g in games} == {first, p.game_id}


def test_bot_seats_and_pace_come_back():
    storage = FakeStorage()
    c, p = make(storage)
    c.start_game({"players": 2, "seed": 3, "variant": "base", "names": ["Ann", "Robot"]},
                 ["human", "random"])  # fmt: skip
    c.fast = True
    p.autosave()
    c2, _ = make(storage)
    assert c2.seats == ["human", "random"] and c2.fast is True


def test_two_games_listed_and_each_continues():
    storage = FakeStorage()
    c, p = make(storage)
    start(c, names=("Ann", "Bob"), seed=1)
    move(c, 3)
    a, a_state = p.game_id, to_json(c.state)
    start(c, names=("Chloé", "Dan", "Eve"), variant="geyser", seed=2)
    move(c, 5)
    b = p.game_id
    p.show()
    nodes = view(c, lambda: None)
    page = texts(nodes)
    assert "Ann, Bob" in page and "Chloé, Dan, Eve" in page
    assert "Storm warning in Geyser Park" in page and "Base game" in page
    assert find(nodes, data_action="saves-continue", data_id=a) is not None
    assert c.handle("saves-continue", {"id": a})
    assert not p.open and p.game_id == a and to_json(c.state) == a_state
    move(c, 1)
    assert c.handle("saves", {}) and p.open
    assert c.handle("saves-continue", {"id": b})
    assert c.state["options"]["names"] == ["Chloé", "Dan", "Eve"] and p.game_id == b


def test_delete_asks_first_and_removes_only_that_game():
    storage = FakeStorage()
    c, p = make(storage)
    start(c, seed=1)
    a = p.game_id
    start(c, seed=2)
    b = p.game_id
    p.show()
    c.handle("saves-delete", {"id": a})
    assert GAME_PREFIX + a in storage.items  # only asked
    assert "cannot be brought back" in texts(view(c, lambda: None))
    c.handle("saves-delete-no", {"id": a})
    assert GAME_PREFIX + a in storage.items
    c.handle("saves-delete", {"id": a})
    c.handle("saves-delete-yes", {"id": a})
    assert GAME_PREFIX + a not in storage.items and GAME_PREFIX + b in storage.items


def test_damaged_entry_is_listed_as_unreadable_and_the_others_work():
    storage = FakeStorage()
    c, p = make(storage)
    start(c, seed=1)
    good = p.game_id
    storage.items[GAME_PREFIX + "junk"] = "{{{ not a save"
    storage.items[CURRENT_KEY] = "junk"
    c2, p2 = make(storage)  # boot on a damaged current game: message, setup screen
    assert c2.state is None and p2.message[0] == "saves.error.damaged"
    banner = view(c2, lambda: None)[0]
    assert banner.attrs["role"] == "alert" and "damaged" in banner.text()
    p2.show()
    nodes = view(c2, lambda: None)
    assert "A saved game cannot be read: it is damaged." in texts(nodes)
    assert find(nodes, data_action="saves-continue", data_id=good) is not None
    assert storage.items[GAME_PREFIX + "junk"] == "{{{ not a save"
    assert c2.handle("saves-continue", {"id": good}) and p2.game_id == good


def test_full_quota_keeps_playing_in_memory_offers_export_and_recovers():
    storage = FakeStorage()
    c, p = make(storage)
    start(c, names=("Old", "Game"), seed=9)
    other = p.game_id
    other_text = storage.items[GAME_PREFIX + other]
    start(c, seed=4)
    move(c, 2)
    gid = p.game_id
    storage.quota = sum(len(k) + len(v) for k, v in storage.items.items())
    move(c, 1, seed=1)
    assert p.unsaved and p.message[0] == "saves.error.quota"
    nodes = view(c, lambda: None)
    assert nodes[0].attrs["data-message"] == "saves.error.quota"
    export = find(nodes, data_action="saves-export-current")
    assert export is not None
    assert c.handle("saves-export-current", {})
    name, text, mime = p.platform.downloads[-1]
    assert mime == "application/json" and len(json.loads(text)["log"]) == 3
    assert storage.items[GAME_PREFIX + other] == other_text
    assert len(json.loads(storage.items[GAME_PREFIX + gid])["record"]["log"]) == 2
    storage.quota = None  # space again: the next move saves everything
    move(c, 1, seed=2)
    assert not p.unsaved and p.message is None
    assert len(json.loads(storage.items[GAME_PREFIX + gid])["record"]["log"]) == 4


def test_no_storage_at_all():
    c, p = make(None)
    assert p.message[0] == "saves.error.unavailable"
    start(c)
    assert p.unsaved and find(view(c, lambda: None), data_action="saves-export-current")


def test_import_foreign_then_good_file():
    storage = FakeStorage()
    platform = FakePlatform(file_text='{"name": "not-a-game", "version": "1.0"}')
    c, p = make(storage, platform)
    start(c, seed=1)
    before = dict(storage.items)
    p.show()
    assert c.handle("saves-import", {}) is False  # the file is read, then a redraw
    assert p.message[0] == "saves.import.foreign"
    assert storage.items == before
    state = new_game(players=3, seed="x", names=["A", "B", "C"])
    rng = random.Random(1)
    for _ in range(30):
        play(state, rng.choice(legal_actions(state)))
    platform.file_text = export_record(state, session={"seats": ["human", "random", "human"]})
    c.handle("saves-import", {})
    assert to_json(c.state) == to_json(state) and c.seats == ["human", "random", "human"]
    assert not p.open and p.message[0] == "saves.imported"
    assert len([k for k in storage.items if k.startswith(GAME_PREFIX)]) == 2


def test_rules_any_time_without_losing_the_game():
    storage = FakeStorage()
    c, p = make(storage)
    start(c)
    move(c, 4)
    before = to_json(c.state)
    assert c.handle("rules", {})
    nodes = view(c, lambda: "GAME")
    assert "Hurricane" in texts(nodes) and "Thunderstorm" in texts(nodes)
    assert c.focus == "rules-title"
    assert c.handle("rules-close", {})
    assert view(c, lambda: "GAME") == ["GAME"] and to_json(c.state) == before
    c.handle("rules", {})
    c.handle("menu-new", {})  # any game action closes the overlay
    assert not c.shell.get("rules").open


def test_language_from_browser_then_remembered_switch():
    storage = FakeStorage()
    c, p = make(storage, FakePlatform(langs=["fr-CA", "en-US"]))
    assert i18n.language() == "fr" and c.form.names[0] == "Joueur 1"
    assert LANG_KEY not in storage.items  # only a choice is remembered
    switch = find(screens.render(c)[0], data_key="menu-lang")
    # the label names the other language in that language, and says so for screen readers
    assert (switch.text(), switch.attrs["lang"]) == ("English", "en")
    c.handle("lang", {})
    assert i18n.language() == "en" and storage.items[LANG_KEY] == "en"
    assert c.form.names[:2] == ["Player 1", "Player 2"]
    switch = find(screens.render(c)[0], data_key="menu-lang")
    assert (switch.text(), switch.attrs["lang"]) == ("Français", "fr")
    assert "lang" not in find(screens.render(c)[0], data_key="menu-saves").attrs
    make(storage, FakePlatform(langs=["fr"]))
    assert i18n.language() == "en"  # the remembered choice wins over the browser


class PagePlatform(FakePlatform):
    """A platform with a page: it records every ``<html lang>`` it is given."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.document_langs = []

    def set_document_language(self, lang):
        self.document_langs.append(lang)


def test_the_page_language_follows_at_boot_and_on_switch():
    platform = PagePlatform(langs=["fr-CA"])
    c, p = make(FakeStorage(), platform)
    assert platform.document_langs == ["fr"]
    c.handle("lang", {})
    assert platform.document_langs == ["fr", "en"] and i18n.language() == "en"
    c.handle("lang", {})
    assert platform.document_langs[-1] == "fr" == i18n.language()


def test_pick_language_and_dates():
    assert pick_language(["de-DE", "fr-BE", "en"]) == "fr"
    assert pick_language(["de"]) == "en" and pick_language([]) == "en"
    ms = 1_763_720_520_000  # 2025-11-21 10:22 UTC
    assert format_when(ms, "en") == "21\u00a0Nov\u00a02025, 10:22"
    assert format_when(ms, "fr", 60) == "21\u00a0nov.\u00a02025 à 11:22"


def test_names_from_storage_are_only_text():
    storage = FakeStorage()
    c, p = make(storage)
    evil = "<img src=x onerror=alert(1)>"
    start(c, names=(evil, "Bob"))
    p.show()
    nodes = view(c, lambda: None)
    assert evil in texts(nodes)
    assert all(e.tag != "img" for n in nodes for e in n.iter())


def test_persistent_storage_is_asked_once():
    storage = FakeStorage()
    platform = FakePlatform(persist=False)
    c, p = make(storage, platform)
    start(c)
    move(c, 3)
    assert platform.persist_requests == 1 and p.persisted is False
    p.show()
    assert "may clear saved games" in texts(view(c, lambda: None))
