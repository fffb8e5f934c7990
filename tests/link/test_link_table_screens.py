"""The screens of play by link (``features/link_play.py``, ``link_board.py``), composed as the page
composes them over fake storages: computer seats chosen on the form and played by the host's
device in slices of work; the board of the game shown, read-only, while the link is with another
device; another tab's newer copy of a game shown at once, and never replaced by an older one."""

import pytest
from test_link_screens import BASE, device, start, step

from pyapp import games
from pyapp.core import link
from pyapp.core.link import LinkGame
from pyapp.ui import i18n
from pyapp.ui.features.link_play import TEXTS_EN, link_to, next_seat
from pyapp.ui.link_device import GAME_PREFIX
from pyapp.ui.link_device import TEXTS_EN as DEVICE_EN
from pyapp.ui.replay import is_live
from pyapp.ui.seats import seat_kind_label
from pyapp.ui.table import HUMAN
from tests.saves.composed import composed, view


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def finish_work(app, limit=10_000):
    """The feature's work in slices (the page runs it between frames) until it is done."""
    for _ in range(limit):
        if not app.link.busy():
            return
        app.link.work(12.0)
    raise AssertionError("the work did not end")


def screen(app):
    return view(app.table)[-1]


def test_the_form_offers_the_computer_for_each_seat():
    ann = device("caledea")
    t = ann.table
    t.handle("link-new", {})
    t.handle("link-players", {"value": "3"})
    form = screen(ann)
    kinds = form.find(data_key="link-kind-2")
    bots = games.get("caledea").bot_names
    assert [o.attrs["value"] for o in kinds.children] == [HUMAN, *bots]
    assert [o.text() for o in kinds.children] == [seat_kind_label(k) for k in (HUMAN, *bots)]
    t.handle("link-me", {"value": "2"})
    t.handle("link-kind", {"seat": "2", "value": "strong"})
    form = screen(ann)
    # the computer's seat is nobody's: "which player are you" offers the people only
    assert [r.attrs["value"] for r in form.find_all(data_action="link-me")] == ["0", "1"]
    assert ann.link.form["me"] == 0
    assert form.find(data_key="link-name-2").attrs["placeholder"] == "Computer 3"
    t.handle("link-me", {"value": "2"})  # refused: a computer's seat
    assert ann.link.form["me"] == 0
    t.handle("link-kind", {"seat": "1", "value": "oracle"})  # not a level of this game
    assert ann.link.form["kinds"].get(1, HUMAN) == HUMAN
    # one person and computers: said on the form, nothing started
    t.handle("link-kind", {"seat": "1", "value": "greedy"})
    assert t.handle("link-start", {})
    error = screen(ann).find(data_key="link-form-error")
    assert error.text() == TEXTS_EN["link.form.two_people"] and error.attrs["role"] == "alert"
    assert ann.link.lg is None and ann.link.device.games() == []
    t.handle("link-kind", {"seat": "1", "value": HUMAN})
    t.handle("link-start", {})
    lg = ann.link.lg
    assert lg.bots == [None, None, "strong"] and lg.names()[2] == "Computer 3"
    assert [c is not None for c in lg.commits] == [True, False, True]  # the computer joined


@pytest.mark.parametrize("game_id", ["park", "caledea"])
def test_a_friend_and_the_computer_at_the_table(game_id):
    game = games.get(game_id)
    ann, bob = device(game_id), device(game_id)
    apps = {0: ann, 1: bob}
    t = ann.table
    t.handle("link-new", {})
    t.handle("link-players", {"value": "3"})
    t.handle("link-kind", {"seat": "2", "value": "greedy"})
    for s, name in enumerate(["Ann", "Bob", "Robo"]):
        t.handle("link-name", {"seat": str(s), "value": name})
    t.handle("link-start", {})
    url = ann.link.url()
    bots = {s: game.make_bot("greedy", s) for s in (0, 1)}
    computer_moves = thought = hosted_wait = 0
    chances = []
    for _ in range(300):
        lg = LinkGame.from_text(url)
        to = link_to(lg)
        if to is None or computer_moves >= 3 and lg.moves > 12:
            break
        app = apps[to]
        assert app.link.open_link(url)
        # a chance move of Ann's or of her computer's is drawn on Bob's device, never hers
        drawn = app.banner.message
        assert drawn is None or (to == 1 and drawn[0] == "link.drawn"), drawn
        app.banner.clear()
        if app.link.busy():  # the computer thinks on the host's device, shown as such
            thought += 1
            shown = screen(app)
            panel = shown.find(data_key="link-title")
            assert panel.text() == TEXTS_EN["link.wait.computer_title"].format(name="Robo")
            assert shown.find(data_key="link-field") is None  # no link before its steps
            before = len(app.link.lg.steps)
            finish_work(app)
            computer_moves += sum(len(s) - 1 for s in app.link.lg.steps[before:] if s[0] == 2)
        step(app, bots[to])
        finish_work(app)
        url = app.link.url()
        after = LinkGame.from_text(url)
        if after.pending is not None:
            chances.append((after.pending["seat"], after.pending["answerer"]))
        # Ann's device passes the link on only once the computer's turn is played
        assert to != 0 or next_seat(after) != 2 or after.pending is not None
        if to == 1 and after.handler() == 2 and not after.pending:
            # Bob's device never plays the computer: it sends the link to its host
            hosted_wait += 1
            text = screen(bob).find(data_key="link-wait-text").text()
            assert text == TEXTS_EN["link.wait.host"].format(name="Ann", bot="Robo")
            # the link's field names the person it goes to, the computer's host
            label = screen(bob).find(data_key="link-field-label")
            assert label.text() == TEXTS_EN["link.share.field"].format(name="Ann"), label.text()
            (entry,) = bob.link.entries()
            assert entry["turn"] == "Waiting for Ann"
    assert computer_moves >= 3 and thought >= 1 and hosted_wait >= 1, (computer_moves, thought)
    final = LinkGame.from_text(url)
    assert final.computer_seats() == [2] and final.host() == 0
    assert chances or game_id == "caledea"
    for mover, answerer in chances:  # never answered on the mover's device
        assert final.device_of(answerer) != final.device_of(mover), (mover, answerer)


@pytest.mark.parametrize("game_id", ["park", "pyramids", "caledea"])
def test_the_board_is_shown_read_only_while_waiting(game_id):
    game = games.get(game_id)
    ann, bob = device(game_id), device(game_id)
    url = start(ann, 2, 0, ["Ann", "Bob"])
    apps = [ann, bob]
    bots = [game.make_bot("greedy", s) for s in range(2)]
    waited = 0
    for _ in range(40):
        lg = LinkGame.from_text(url)
        app = apps[next_seat(lg)]
        app.link.open_link(url)
        step(app, bots[app.link.seat])
        url = app.link.url()
        if not app.link.overlay_open(app.table):
            continue
        waited += 1
        shown = screen(app)
        assert shown.attrs["class"] == "link-wait-wrap"
        panel, board = shown.children
        assert panel.attrs["data-screen"] == "link" and panel.find(data_key="link-field")
        assert board.attrs["data-key"] == "link-board" and board.attrs["aria-label"]
        table = board.find(data_screen="table")
        assert table is not None and table.attrs.get("data-human-turn") in (None, "false")
        assert board.find_all(is_live) == []  # no confirm, prompt nor take-back
        # drawn from this device's side, the moves since its own last one marked
        vt = app.link.board.table(app.link.lg, app.link.seat)
        assert vt.viewer() == app.link.seat and vt.human_to_move() is None and vt.legal() == []
        log = app.link.lg.state["log"]
        mine = [i for i, e in enumerate(log) if e[0] == app.link.seat]
        since = mine[-1] + 1 if mine else 0
        expected = [(i, e[0], e[1]) for i, e in enumerate(log) if i >= since]
        assert vt.marked_moves() == expected
        # whatever the board offers, nothing is played on it
        kept = app.link.device.storage.getItem(GAME_PREFIX + app.link.lg.gid)
        log_before = list(app.table.state["log"])
        for e in board.find_all(lambda e: "data-action" in e.attrs):
            action = e.attrs["data-action"]
            if action.startswith(("log-", "link-")):
                continue
            data = {k[5:]: v for k, v in e.attrs.items() if k.startswith("data-")}
            app.table.handle(action, data)
            assert app.table.state["log"] == log_before, action
        assert app.link.device.storage.getItem(GAME_PREFIX + app.link.lg.gid) == kept
        assert app.link.overlay_open(app.table)
        if game_id == "park":  # a look at the other park: the board shows it, nothing played
            other = 1 - app.link.seat
            assert app.table.handle("view", {"player": str(other), "tab": "1"})
            tab = screen(app).find(data_key=f"tab-{other}")
            assert tab.attrs["aria-pressed"] == "true" and app.table.focus == f"tab-{other}"
            assert app.table.state["log"] == log_before
        if waited >= 3:
            break
    assert waited >= 3


def two_tabs(game_id="pyramids"):
    """Ann's browser with two tabs (one storage) and Bob's device; Bob has just played, and
    tab A holds Ann's copy at its turn."""
    ann_a, bob = device(game_id), device(game_id)
    ann_b = composed(ann_a.link.device.storage, game=game_id)
    ann_b.link.base_url = BASE
    url = start(ann_a, 2, 0, ["Ann", "Bob"])
    bob.link.open_link(url)
    bots = [games.get(game_id).make_bot("greedy", s) for s in range(2)]
    if bob.link.my_turn():
        step(bob, bots[1])
    else:  # Ann moves first: she does, then Bob
        ann_a.link.open_link(bob.link.url())
        step(ann_a, bots[0])
        bob.link.open_link(ann_a.link.url())
        step(bob, bots[1])
    url = bob.link.url()
    ann_a.link.open_link(url)
    assert ann_a.link.my_turn()
    return ann_a, ann_b, bob, url, bots


def test_another_tab_plays_on_and_this_tab_shows_its_copy():
    ann_a, ann_b, bob, url, bots = two_tabs()
    gid = ann_a.link.lg.gid
    key = GAME_PREFIX + gid
    ann_a.table.handle("link-list", {})  # tab A shows the list of games by link
    (entry,) = ann_a.link.entries()
    assert entry["state"] == "mine"
    # tab B opens the same link and plays Ann's turn: the storage holds its newer copy
    ann_b.link.open_link(url)
    step(ann_b, bots[0])
    newer = ann_b.link.device.storage.getItem(key)
    assert len(LinkGame.from_text(newer).steps) > len(ann_a.link.lg.steps)
    assert ann_a.shell.storage_changed("caldera.stats") is False  # not a game by link
    assert ann_a.shell.storage_changed(key) is True
    # the list open in tab A stays open, its row and the game under it are the newer copy's
    assert ann_a.link.view == "list"
    (entry,) = ann_a.link.entries()
    assert entry["state"] == "other" and entry["turn"] == "Waiting for Bob"
    ann_a.table.handle("link-back", {})
    assert ann_a.link.lg.text() == newer
    assert ann_a.table.state["log"] == ann_a.link.lg.state["log"]
    assert ann_a.banner.message == ("link.banner", {"text": DEVICE_EN["link.refused.newer"]})
    assert ann_a.link.overlay_open(ann_a.table)  # now waiting for Bob, with the board
    assert screen(ann_a).find(data_key="link-board") is not None
    # the same event again, or an older link opened: the newer copy stays
    ann_a.banner.clear()
    assert ann_a.shell.storage_changed(key) is False
    ann_a.link.open_link(url)
    assert ann_a.link.device.storage.getItem(key) == newer
    # the list drawn in tab A follows the other tab's changes
    ann_a.table.handle("link-list", {})
    assert ann_a.shell.storage_changed(key) is True
    assert ann_a.shell.storage_changed(None) is True  # the storage cleared


def test_a_tab_behind_another_never_overwrites_its_newer_copy():
    ann_a, ann_b, bob, url, bots = two_tabs()
    key = GAME_PREFIX + ann_a.link.lg.gid
    ann_b.link.open_link(url)
    step(ann_b, bots[0])
    newer = ann_b.link.device.storage.getItem(key)
    # tab A did not hear of it yet: Ann plays her turn there too, at the table
    step(ann_a, games.get("pyramids").make_bot("random", 7))
    assert ann_a.link.device.storage.getItem(key) == newer  # refused: the newer copy kept
    assert ann_a.banner.message == ("link.banner", {"text": DEVICE_EN["link.refused.newer"]})
    assert ann_a.link.lg.text() == newer  # and shown
    assert ann_a.table.state["log"] == LinkGame.from_text(newer).state["log"]
    # the device model refuses the same way
    stale = LinkGame.from_text(url)
    with pytest.raises(link.LinkError) as e:
        first = str(stale.game.legal_actions(stale.state)[0])
        ann_a.link.device.keep(stale.play(ann_a.link.device.secret(), 0, [first]))
    assert e.value.kind == "newer"
    assert ann_a.link.device.storage.getItem(key) == newer


def test_the_computer_finishes_its_turn_while_another_game_is_on_screen():
    game = games.get("pyramids")
    ann, bob = device("pyramids"), device("pyramids")
    t = ann.table
    t.handle("link-new", {})
    t.handle("link-players", {"value": "3"})
    t.handle("link-kind", {"seat": "1", "value": "random"})
    t.handle("link-start", {})
    url = ann.link.url()
    apps, bots = {0: ann, 2: bob}, {0: game.make_bot("greedy", 0), 2: game.make_bot("greedy", 2)}
    for _ in range(40):
        lg = LinkGame.from_text(url)
        app = apps[link_to(lg)]
        app.link.open_link(url)
        if ann.link.busy():
            break
        step(app, bots[app.link.seat])
        if ann.link.busy():
            break
        url = app.link.url()
    assert ann.link.busy()
    gid = ann.link.lg.gid
    steps = len(ann.link.lg.steps)
    ann.box.switch("caledea")  # Ann looks at another game meanwhile
    finish_work(ann)
    assert ann.box.table.game.id == "caledea"  # not pulled back to the game by link
    kept = ann.link.device.copy_of(gid)
    assert len(kept.steps) > steps and kept.steps[-1][0] == 1  # the computer's step, kept
    assert next_seat(kept) != 1 or kept.over()


def test_a_computer_seat_not_joined_yet_joins_on_its_hosts_device():
    # a link made elsewhere (not by the app's form): the host joined alone
    ann, bob = device("pyramids"), device("pyramids")
    lg = LinkGame.create(games.get("pyramids"), {"players": 3}, bots=[None, None, "random"])
    url = lg.play(ann.link.device.secret(), 0, []).url(BASE)
    ann.link.open_link(url)
    assert ann.link.seat == 0 and not ann.link.busy()  # the link goes to Bob first
    bob.link.open_link(url)  # the one free seat of a person: no question asked
    assert bob.link.seat == 1 and bob.link.view is None
    assert bob.table.handle("link-seat", {"seat": "2"}) is False  # never a computer's seat
    url = bob.link.url()
    assert link_to(LinkGame.from_text(url)) == 0  # then to the host, for its computer
    ann.link.open_link(url)
    finish_work(ann)
    lg = ann.link.lg
    assert all(c is not None for c in lg.commits) and lg.seat_of(ann.link.device.secret()) == 0
    assert lg.steps[2] == [2] and next_seat(lg) != 2
