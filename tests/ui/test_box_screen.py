"""The box (pyapp/ui/box.py): the game chooser, one table per game sharing the shell's hooks,
and the options each game last started with."""

from __future__ import annotations

import json

from pyapp import games
from pyapp.ui.box import LAST_GAME_KEY, LAST_OPTIONS_PREFIX, Box
from pyapp.ui.feature import Feature, Shell


class Storage(dict):
    def getItem(self, key):  # noqa: N802 - the Storage interface's names
        return self.get(key)

    def setItem(self, key, value):  # noqa: N802
        self[key] = value


class FullStorage(Storage):
    def setItem(self, key, value):  # noqa: N802
        raise RuntimeError("QuotaExceededError")


def chooser_buttons(box: Box) -> list:
    return [n for n in box.chooser().iter() if n.tag == "button"]


def test_chooser_lists_every_game_park_first_and_marks_the_coming_ones():
    box = Box(Storage())
    buttons = chooser_buttons(box)
    assert [b.attrs["data-key"] for b in buttons] == [f"game-{e.id}" for e in games.ENTRIES]
    assert buttons[0].attrs["data-key"] == "game-park"
    assert buttons[0].attrs["aria-pressed"] == "true"
    for entry, button in zip(games.ENTRIES, buttons, strict=True):
        if entry.ready:
            assert button.attrs["data-action"] == "game-choose"
            assert button.attrs["data-game"] == entry.id
        else:
            assert "data-action" not in button.attrs and button.attrs["aria-disabled"] == "true"


def test_chooser_is_drawn_on_the_new_game_form_only():
    box = Box(Storage())
    nodes, _ = box.render()
    assert any(n.attrs.get("data-key") == "game-chooser" for n in nodes)
    box.handle("start", {})
    assert box.table.state is not None
    nodes, _ = box.render()
    assert not any(n.attrs.get("data-key") == "game-chooser" for n in nodes)


def test_a_game_still_to_come_cannot_be_chosen():
    coming = [e.id for e in games.ENTRIES if not e.ready]
    box = Box(Storage())
    for game_id in coming:
        assert box.handle("game-choose", {"game": game_id}) is False
        assert box.game_id == "park"
    assert box.handle("game-choose", {"game": "chess"}) is False


class Switches(Feature):
    """A feature that offers one header entry and records each change of table."""

    def __init__(self):
        self.seen = []

    def menu(self, table):
        return [("saves", "menu.saves")]

    def switched(self, table) -> None:
        self.seen.append(table)


def test_later_tables_share_the_shell():
    feature = Switches()
    box = Box(Storage(), shell=Shell([feature]))
    first = box.table
    ready = [e.id for e in games.ENTRIES if e.ready and e.id != "park"]
    for game_id in ready:
        assert box.handle("game-choose", {"game": game_id}) is True
        table = box.table
        assert table.game.id == game_id and feature.seen[-1] is table
        assert table.shell is first.shell is box.shell
        assert table.menu == first.menu == [("saves", "menu.saves")]
    box.handle("game-choose", {"game": "park"})
    assert box.table is first


def test_last_game_and_its_options_are_remembered():
    storage = Storage()
    box = Box(storage)
    box.table.form.names[:2] = ["Ada", "Lin"]
    box.table.form.variant = "geyser"
    box.handle("start", {})
    saved = json.loads(storage[LAST_OPTIONS_PREFIX + "park"])
    assert saved["options"]["names"] == ["Ada", "Lin"] and "seed" not in saved["options"]
    assert saved["options"]["variant"] == "geyser"
    again = Box(storage)
    assert again.table.form.names[:2] == ["Ada", "Lin"]
    assert again.table.form.variant == "geyser"
    assert json.loads(storage[LAST_GAME_KEY]) == "park"


def test_damaged_or_unwritable_storage_changes_nothing():
    storage = Storage({LAST_GAME_KEY: "{not json", LAST_OPTIONS_PREFIX + "park": '{"options": 3}'})
    box = Box(storage)
    assert box.game_id == "park" and box.table.form.count == 2
    full = Box(FullStorage())
    full.handle("start", {})  # the quota error is swallowed: the game runs
    assert full.table.state is not None
    assert Box(None).game_id == "park"
