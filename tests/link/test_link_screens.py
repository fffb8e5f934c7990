"""The app's screens of play by link (``pyapp/ui/features/link_play.py``), composed as the page
composes them over fake storages (one per device): the form starts a game and gives its link;
the link goes round the seats to join, then to the player to move; moves made at the table
become the next link; a chance move waits for the next device, which draws it when it opens
the link; a refused link puts its message in the banner and keeps the copy; the saved games
never autosave a linked game; the list says whose turn it is."""

import pytest

from pyapp import games
from pyapp.core import link
from pyapp.ui import i18n
from pyapp.ui.features.link_play import TEXTS_EN, TEXTS_FR, next_seat
from pyapp.ui.link_device import GAME_PREFIX
from tests.link.test_link_device import Storage
from tests.saves.composed import composed, view

BASE = "https://example.test/app/"


@pytest.fixture(autouse=True)
def english(monkeypatch):
    # a fixed game id: the setup (drawn from it) is the same at every run
    monkeypatch.setattr(link, "new_game_id", lambda: "beef" * 8)
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def device(game_id):
    app = composed(Storage(), game=game_id)
    app.link.base_url = BASE
    return app


def start(app, players, me=0, names=None):
    t = app.table
    assert t.handle("link-new", {})
    assert app.link.view == "form"
    t.handle("link-players", {"value": str(players)})
    for s, name in enumerate(names or []):
        t.handle("link-name", {"seat": str(s), "value": name})
    t.handle("link-me", {"value": str(me)})
    assert t.handle("link-start", {})
    return app.link.url()


def step(app, bot):
    """This device's moves at the table (a bot chooses them) until the link goes on."""
    link_f = app.link
    for _ in range(400):
        if not link_f.my_turn() or link_f.lg.over():
            return
        t = app.box.table
        d = t.decision()
        assert d is not None and d["player"] == link_f.seat
        assert t.screen == "table", t.screen
        action = bot.choose(t.game.observation(t.state, link_f.seat))
        assert t.play(action), t.error
    raise AssertionError("the turn did not end")


def test_every_text_in_both_languages():
    assert set(TEXTS_EN) == set(TEXTS_FR)
    assert all(TEXTS_FR[k] and TEXTS_FR[k] != TEXTS_EN[k] for k in TEXTS_EN if k != "link.banner")


@pytest.mark.parametrize(
    ("game_id", "players", "moves"),
    [("pyramids", 2, 8), ("caledea", 2, 10), ("park", 3, 10)],
)
def test_devices_play_by_links_from_the_table(game_id, players, moves):
    game = games.get(game_id)
    apps = [device(game_id) for _ in range(players)]
    names = ["Ann", "<b>Bob</b>", "Cy"][:players]
    url = start(apps[0], players, 0, names)
    # the form's game: everyone is a person, the creator holds seat 0; waiting for seat 1
    assert apps[0].link.seat == 0 and not apps[0].link.my_turn()
    assert apps[0].link.overlay_open(apps[0].table)
    assert apps[0].saves.game_id is None  # never autosaved: the copy is kept by the link
    bots = [game.make_bot(game.bot_names[0], s) for s in range(players)]
    chance = answered = 0
    holder = 0
    for _ in range(400):
        lg = link.LinkGame.from_text(url)
        to = next_seat(lg)
        if to is None or (lg.moves >= moves and (answered or game_id == "pyramids")):
            break
        app = apps[to]
        assert app.link.open_link(url)
        if app.link.view == "seat":  # several free seats: the person says which is theirs
            app.table.handle("link-seat", {"seat": str(to)})
        assert app.link.seat == to
        if app.link.drawn is not None:  # the banner says this device drew the chance
            answered += 1
            assert app.banner.message == ("link.drawn", {"name": names[lg.pending["seat"]]})
            app.banner.clear()
        assert app.banner.message is None, app.banner.message
        step(app, bots[to])
        if app.link.lg.pending is not None:  # the waiting screen says who draws it, and when
            chance += 1
            answerer = app.link.lg.name(app.link.lg.pending["answerer"])
            text = view(app.table)[-1].find(data_key="link-wait-text").text()
            assert text == TEXTS_EN["link.wait.chance"].format(name=answerer)
        url = app.link.url()
        holder = to
    assert link.LinkGame.from_text(url).moves >= min(moves, 1)
    if game_id != "pyramids":
        assert chance >= 1 and answered >= 1, (chance, answered)
    # every device's copy is a prefix of the last link; the table shows the copy's state
    last = link.LinkGame.from_text(url)
    for s, app in enumerate(apps):
        copy = app.link.device.copy_of(last.gid)
        assert copy is not None and last.steps[: len(copy.steps)] == copy.steps, s
    assert apps[holder].table.state["log"] == apps[holder].link.lg.state["log"]
    # the list of linked games says whose turn it is in each device's copy
    for app in apps:
        (entry,) = app.link.entries()
        assert entry["names"] == names
        copy = app.link.device.copy_of(last.gid)
        mine = next_seat(copy) == app.link.seat
        assert entry["state"] == ("mine" if mine else "other") or copy.over()
    if not last.over():
        opened = apps[next_seat(last)]
        opened.link.open_link(url)
        (entry,) = opened.link.entries()
        assert entry["state"] == ("mine" if opened.link.my_turn() else "other")
        if opened.link.my_turn():
            assert entry["turn"] == "Your turn"


def test_a_refused_link_keeps_the_copy_and_says_why():
    ann, bob = device("pyramids"), device("pyramids")
    url = start(ann, 2, 0, ["Ann", "Bob"])
    bob.link.open_link(url)
    step(bob, games.get("pyramids").make_bot("greedy", 1)) if bob.link.my_turn() else None
    url2 = bob.link.url()
    ann.link.open_link(url2)
    step(ann, games.get("pyramids").make_bot("greedy", 0))
    url3 = ann.link.url()
    bob.link.open_link(url3)
    gid = bob.link.lg.gid
    kept = bob.link.device.storage.getItem(GAME_PREFIX + gid)
    # a link whose past move was changed: refused, its message in the banner, the copy kept
    payload = link.decode(url3)
    moved = [s for s in payload["s"] if len(s) > 1]
    payload["s"][payload["s"].index(moved[0])] = [moved[0][0], "pass"]
    bad = link.make_url(BASE, payload)
    log_before = list(bob.table.state["log"])
    assert bob.link.open_link(bad)
    assert bob.banner.message is not None
    assert bob.banner.message[1]["text"] == TEXTS_EN_REFUSED["changed"]
    assert bob.link.device.storage.getItem(GAME_PREFIX + gid) == kept
    assert bob.table.state["log"] == log_before
    # a cut link: damaged
    bob.banner.clear()
    bob.link.open_link(url3[:-30])
    assert bob.banner.message[1]["text"] == TEXTS_EN_REFUSED["damaged"]
    # an older link opens the copy with its note
    bob.banner.clear()
    bob.link.open_link(url2)
    assert bob.banner.message[1]["text"].startswith("This link is older")
    assert bob.link.device.storage.getItem(GAME_PREFIX + gid) == kept


def test_several_free_seats_ask_which_is_yours_and_names_are_text():
    ann, cy = device("pyramids"), device("pyramids")
    url = start(ann, 3, 2, ["Ann", "<img src=x onerror=y>", "Cy"])
    cy.link.open_link(url)
    assert cy.link.view == "seat"
    screen = view(cy.table)[-1]
    buttons = screen.find_all(data_action="link-seat")
    assert [b.attrs["data-seat"] for b in buttons] == ["0", "1"]
    assert buttons[1].children == ["<img src=x onerror=y>"]  # a text child, not markup
    cy.table.handle("link-seat", {"seat": "1"})
    assert cy.link.seat == 1 and cy.link.view is None


def test_the_waiting_screen_has_the_share_panel_and_a_qr_code():
    ann = device("caledea")
    url = start(ann, 2, 0, ["Ann", "Bob"])
    screen = view(ann.table)[-1]
    assert screen.attrs.get("data-link-state") == "waiting"
    field = screen.find(data_key="link-field")
    assert field.attrs["value"] == url and "readonly" in field.attrs
    assert screen.find(data_action="link-share") and screen.find(data_action="link-copy")
    qr_svg = screen.find(data_key="link-qr")
    assert qr_svg is not None and int(qr_svg.attrs["data-modules"]) >= 21
    # a tap on the QR code draws it large enough to scan, a second tap small again
    zoom = screen.find(data_key="link-qr-zoom")
    assert zoom.attrs["aria-expanded"] == "false" and zoom.find(data_key="link-qr") is not None
    assert "qr-large" not in screen.find(data_key="link-share-panel").attrs["class"]
    for expanded in ("true", "false"):
        assert ann.table.handle("link-qr-zoom", {}) is True
        screen = view(ann.table)[-1]
        assert screen.find(data_key="link-qr-zoom").attrs["aria-expanded"] == expanded
        panel_class = screen.find(data_key="link-share-panel").attrs["class"]
        assert ("qr-large" in panel_class) == (expanded == "true"), panel_class
        assert screen.find(data_key="link-field").attrs["value"] == url  # the game unchanged
    # "ready" for another device's seat does nothing here
    assert ann.table.handle("ready", {}) is False


TEXTS_EN_REFUSED = {
    k.split(".")[-1]: v
    for k, v in __import__("pyapp.ui.link_device", fromlist=["TEXTS_EN"]).TEXTS_EN.items()
    if k.startswith("link.refused.")
}


def test_to_the_end_the_last_link_is_offered_on_the_end_screen():
    ann, bob = device("pyramids"), device("pyramids")
    url = start(ann, 2, 0, ["Ann", "Bob"])
    game = games.get("pyramids")
    apps, bots = [ann, bob], [game.make_bot("greedy", s) for s in range(2)]
    for _ in range(400):
        lg = link.LinkGame.from_text(url)
        if next_seat(lg) is None:
            break
        app = apps[next_seat(lg)]
        app.link.open_link(url)
        step(app, bots[app.link.seat])
        url = app.link.url()
    assert link.LinkGame.from_text(url).over()
    last = ann if ann.link.lg.over() else bob
    assert last.table.screen == "end" and not last.link.overlay_open(last.table)
    body = view(last.table, lambda: __import__("pyapp.ui.vdom", fromlist=["h"]).h("main", {}))
    assert body[-1].find(data_key="link-field").attrs["value"] == url
    (entry,) = last.link.entries()
    assert entry["state"] == "over" and entry["turn"] == "Finished"


def test_a_link_from_before_this_device_joined_opens_the_copy():
    ann, bob = device("caledea"), device("caledea")
    first = start(ann, 2, 0, ["Ann", "Bob"])
    bob.link.open_link(first)  # Bob joins: his copy holds his commitment
    gid = bob.link.lg.gid
    kept = bob.link.device.storage.getItem(GAME_PREFIX + gid)
    bob.link.open_link(first)  # the first link again: older than the copy, not another game
    assert bob.banner.message == ("link.banner", {"text": TEXTS_EN_REFUSED_OLD})
    assert bob.link.device.storage.getItem(GAME_PREFIX + gid) == kept
    assert bob.link.lg.commits[1] is not None


TEXTS_EN_REFUSED_OLD = __import__("pyapp.ui.link_device", fromlist=["TEXTS_EN"]).TEXTS_EN[
    "link.opened.old"
]
