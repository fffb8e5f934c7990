"""Pass-and-play's "hide the screen between players" setting is kept in saves: a saved game
keeps it and a resume restores it; saves made before it existed load with the default (no
hand-over screens in Caldera Park)."""

from __future__ import annotations

import json
from pathlib import Path

from composed import composed
from storage_fakes import FakeStorage

from pyapp.ui.park.controller import Controller
from pyapp.ui.saves import CURRENT_KEY, GAME_PREFIX, export_record, import_file

OLD = Path(__file__).resolve().parent / "old_saves" / "base-2p-round3.save.json"


def make(storage):
    app = composed(storage)
    return app.table, app.saves


def start_two_people(c, hide: bool):
    """Start a game of two people from the new-game form, as a person would."""
    c.handle("hide", {"value": "1" if hide else ""})
    c.handle("seats", {"value": "2"})
    for i in range(2):
        c.handle("kind", {"seat": str(i), "value": "human"})
    c.handle("seed", {"value": "4"})
    c.handle("start", {})
    assert c.state is not None and c.hide_between is hide


def test_the_setting_is_saved_and_restored_on_resume():
    for hide in (True, False):
        storage = FakeStorage()
        c, p = make(storage)
        start_two_people(c, hide)
        p.autosave()
        saved = json.loads(storage.items[GAME_PREFIX + p.game_id])
        assert saved["session"]["hide_between"] is hide
        # a new page over the same storage: the game comes back with its setting
        c2, _ = make(storage)
        assert c2.state is not None
        assert c2.hide_between is hide
        assert c2.form.hide_between is hide  # a rematch keeps it
        assert c2.screen == ("handover" if hide else "table")


def test_a_new_page_with_the_other_setting_still_resumes_the_saved_one():
    storage = FakeStorage()
    c, p = make(storage)
    start_two_people(c, True)
    p.autosave()
    app = composed(storage, start=False)
    c2 = app.table
    c2.hide_between = False  # whatever this page had before
    app.shell.start(c2)
    assert c2.hide_between is True and c2.screen == "handover"


def test_an_exported_file_keeps_the_setting():
    storage = FakeStorage()
    c, p = make(storage)
    start_two_people(c, True)
    text = export_record(c.state, session=c.session(), game=c.game)
    assert json.loads(text)["session"]["hide_between"] is True
    _game, _state, session = import_file(text)
    assert session["hide_between"] is True


def test_an_old_save_without_the_setting_loads_with_the_default():
    entry_text = OLD.read_text(encoding="utf-8").strip()
    entry = json.loads(entry_text)
    assert "hide_between" not in entry["session"]
    assert entry["session"]["seats"] == ["human", "human"]
    storage = FakeStorage(items={GAME_PREFIX + entry["id"]: entry_text, CURRENT_KEY: entry["id"]})
    app = composed(storage, start=False)
    c = app.table
    c.hide_between = True  # the page had the other setting before
    app.shell.start(c)
    assert c.state is not None and len(c.state["log"]) == len(entry["record"]["log"])
    assert c.hide_between is Controller.HIDE_BETWEEN_DEFAULT is False
    assert c.form.hide_between is False
    assert c.screen == "table"  # no hand-over screen: the turn passes on the table


def test_a_damaged_setting_falls_back_to_the_default():
    c = Controller(bot_names=["random"])
    c.restore_session({"seats": ["human", "human"], "fast": True, "hide_between": "yes"})
    assert c.hide_between is False and c.fast is True
    c.restore_session(None)
    assert c.hide_between is False and c.fast is True
