"""Shell fixes seen on the way (issue 23): a "Game file saved" note does not come back over a later
game (a failure stays until closed); the new-game form drops the name a computer's seat was given
("Greedy bot", from the guided game) when that seat changes hands, unless the person typed it."""

from __future__ import annotations

import random

from storage_fakes import FakeStorage
from uihelpers import fill_and_start

from pyapp.ui.composition import compose
from pyapp.ui.i18n import t
from pyapp.ui.park.guide import guide_options
from pyapp.ui.vdom import E


class Platform:
    def __init__(self):
        self.downloads = []

    def languages(self):
        return ["en-GB"]

    def download(self, filename, text, mime):
        self.downloads.append(filename)

    def request_persist(self, callback):
        pass


def banner_keys(box) -> list[str]:
    drawn = box.shell.view(box.table, lambda: E("main", {}, []))  # a game's body, empty
    return [e.attrs.get("data-message") for e in drawn if e is not None and e.tag == "div"]


def _bots_play(c, n=6):
    rng = random.Random(2)
    for _ in range(n):
        if c.human_to_move() is not None:
            c.play(rng.choice(c.legal()))
        elif (p := c.bot_to_move()) is not None:
            c.bot_play(p, c.bot_think(p))


def test_a_saved_file_note_goes_with_its_game_a_failure_stays():
    platform = Platform()
    box = compose(FakeStorage(), platform)
    box.shell.start(box.table)
    c = box.table
    fill_and_start(c, ("human", "random"), ("Ann", "Bob"), "4")
    assert box.handle("saves-export-current", {}) is True
    assert platform.downloads and banner_keys(box) == ["saves.exported"]
    _bots_play(c)  # moves of the same game: the note stays
    assert banner_keys(box) == ["saves.exported"]
    c.handle("menu-new", {})
    assert banner_keys(box) == ["saves.exported"]  # the form of a new game: still that game
    fill_and_start(c, ("human", "random"), ("Cy", "Di"), "5")
    assert banner_keys(box) == []  # a later game: the old note is gone
    # another game of the box shown: the same
    assert box.handle("saves-export-current", {}) is True
    assert banner_keys(box) == ["saves.exported"]  # the page draws after every input
    box.handle("game-choose", {"game": "pyramids"})
    assert banner_keys(box) == []
    # a failure stays over a later game until closed
    banner = box.shell.get("banner")
    banner.post("saves.error.current_missing")
    assert banner_keys(box) == ["saves.error.current_missing"]
    fill_and_start(box.table, ("human", "random"), None, "6")
    assert banner_keys(box) == ["saves.error.current_missing"]


def test_a_computers_seat_changing_hands_drops_its_computers_name():
    box = compose(FakeStorage())
    c = box.table
    options = guide_options("Ann")
    assert options["names"][1] == t("guide.bot_name")
    c.fill_form(options, ["human", "greedy"])
    assert c.form.names[:2] == ["Ann", t("guide.bot_name")]
    c.handle("kind", {"seat": "1", "value": "strong"})
    assert c.form.kinds[1] == "strong"
    assert c.form.names[1] == t("setup.default_name", n=2)
    # a person's name stays when their seat goes to a computer
    c.handle("kind", {"seat": "0", "value": "random"})
    assert c.form.names[0] == "Ann"
    # a name typed for a computer's seat stays
    c.handle("name", {"seat": "1", "value": "Rex"})
    c.handle("kind", {"seat": "1", "value": "greedy"})
    assert c.form.names[1] == "Rex"
    c.handle("start", {})
    assert c.state is not None and c.state["options"]["names"] == ["Ann", "Rex"]
