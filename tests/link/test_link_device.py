"""This device's side of games by link for the app's screens (``pyapp/ui/link_device.py``): two
devices, each with its own storage, play by links; refused links get their message in English
and French and leave the kept copy as it was; a storage that refuses gets a message too."""

import pytest

from pyapp import games
from pyapp.core import link
from pyapp.core.protocol import to_json
from pyapp.ui import i18n
from pyapp.ui.link_device import GAME_PREFIX, SECRET_KEY, TEXTS_EN, TEXTS_FR, LinkDevice

BASE = "https://example.test/app/"


class Storage:
    def __init__(self):
        self.items: dict[str, str] = {}

    @property
    def length(self):
        return len(self.items)

    def key(self, i):
        return list(self.items)[i] if 0 <= i < len(self.items) else None

    def getItem(self, key):  # noqa: N802 - the Storage interface's names
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        self.items[key] = value

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)


class Refusing:
    def __getattr__(self, name):
        raise RuntimeError("The operation is insecure.")


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_every_text_in_both_languages():
    assert set(TEXTS_EN) == set(TEXTS_FR)
    assert all(TEXTS_FR[k] and TEXTS_FR[k] != TEXTS_EN[k] for k in TEXTS_EN)


def test_two_devices_play_a_game_by_links():
    game = games.get("pyramids")
    ann, bob = LinkDevice(Storage()), LinkDevice(Storage())
    lg = ann.start(game, {"players": 2, "names": ["Ann", "<b>Bob</b>"]})  # Ann: seat 1
    devices = [ann, bob]
    url = lg.url(BASE)
    bots = [game.make_bot("greedy", s) for s in range(2)]
    for _ in range(400):
        seat = link.LinkGame.from_text(url).handler()
        if seat is None:
            break
        device = devices[seat]
        opened = device.open(url)
        assert opened.seat == seat and opened.status in ("new", "same") and not opened.message
        mine = [g for g in device.games() if g["id"] == lg.gid][0]
        assert mine["mine"] and mine["turn"] == "Your turn"
        action = bots[seat].choose(game.observation(opened.game.state, seat))
        url = device.play(lg.gid, [action]).url(BASE)
        after = [g for g in device.games() if g["id"] == lg.gid][0]
        assert after["names"] == ["Ann", "<b>Bob</b>"]  # names kept as text, as they came
        if not after["over"] and not after["mine"]:
            assert after["turn"] == ("<b>Bob</b>'s turn" if seat == 0 else "Ann's turn")
    final = link.LinkGame.from_text(url)
    assert final.over()
    for d in (ann, bob):
        assert to_json(d.open(url).game.state) == to_json(final.state)
        assert [g["over"] for g in d.games()] == [True]
    alone = game.replay({**final.options, "seed": final.gid}, final.log())
    assert to_json(alone) == to_json(final.state)


def test_refused_links_get_their_message_and_keep_the_copy():
    game = games.get("caledea")
    ann, bob = LinkDevice(Storage()), LinkDevice(Storage())
    url = ann.start(game, {"players": 2}).url(BASE)
    opened = bob.open(url)
    first = opened.game.handler()
    mover = ann if first == 0 else bob
    action = game.legal_actions(opened.game.state)[0]
    url2 = mover.play(opened.game.gid, [action]).url(BASE)
    kept = dict(mover.storage.items)
    # an older link opens the copy, with its message
    older = mover.open(url)
    assert older.status == "old" and older.message == TEXTS_EN["link.opened.old"]
    # a changed past move
    p = link.decode(url2)
    p["s"][-1] = [p["s"][-1][0], "capital a1" if str(action) != "capital a1" else "capital a2"]
    changed = mover.open(BASE + "#g=" + link.encode(p))
    assert changed.status == "refused" and changed.game is None
    assert changed.message in (TEXTS_EN["link.refused.changed"], TEXTS_EN["link.refused.reveal"])
    # junk, a cut link and 10 MB, in French too
    i18n.set_language("fr")
    assert mover.open(url2[:-9]).message == i18n.t("link.refused.damaged")
    assert "coupé" in mover.open(url2[:-9]).message
    assert mover.open("x" * 10_000_000).message == i18n.t("link.refused.too_long")
    assert mover.storage.items == kept


def test_a_storage_that_refuses_gets_a_message():
    opened = LinkDevice(Refusing()).open(
        LinkDevice(Storage()).start(games.get("park"), {"players": 2}).url(BASE)
    )
    assert opened.status == "refused" and opened.message == TEXTS_EN["link.refused.storage"]
    assert LinkDevice(Refusing()).games() == []


def test_the_secret_is_made_once_and_kept():
    storage = Storage()
    d = LinkDevice(storage)
    s = d.secret()
    assert storage.items[SECRET_KEY] == s and LinkDevice(storage).secret() == s
    storage.items[SECRET_KEY] = "damaged"
    assert len(LinkDevice(storage).secret()) == 64
    storage.items[GAME_PREFIX + "0" * 32] = "not a link"
    assert LinkDevice(storage).games() == []  # an unreadable copy is left out, not a crash
