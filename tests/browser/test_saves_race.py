"""The same saved game open in two, then three, pages of one browser context (one localStorage,
``storage`` events between them), every seat a person, for each game of the box: each page
prepares a different move up to its last click, and every page makes that click at the same
instant. However the writes interleave, no move is lost silently: each page's move is either the
one stored, or the page shows the conflict banner (continue from the newer game, or keep this
one as a copy). The losers then continue from the stored game and the pages race again.

Two pages that both save revision N+1 at once cannot tell each other apart by the revision
alone; each save must say who wrote it (issue: 7 of 10 such races lost a move silently).

Nothing here depends on timing to pass: the clicks are only aimed at one instant (a common
``Date.now()`` target in every page), and every check waits on a condition, with generous
timeouts."""

from __future__ import annotations

import json
import random
import time

import pytest
from game_driver import ENABLED, fill_seats_and_start
from saves_driver import BOOT_TIMEOUT_MS, READY
from sitetest import PageLog, open_app
from storage_fakes import FakeStorage

from pyapp.caledea.bots import make_bot
from pyapp.caledea.protocol import GAME as CALEDEA
from pyapp.cli import play_game
from pyapp.ui.saves import SaveStore

GAME_KEY = "caldera-park/game/"
CURRENT = "caldera-park/current"
CONFLICT = ".banner[data-message^='saves.conflict.']"
ANY_BANNER = ".banner[role=alert]"
TAKE = "[data-action=saves-take-newer]"
COPY = "[data-action=saves-keep-copy]"
HUMAN_TURN = "section[data-screen=table][data-human-turn=true]"
SETTLED = f"{HUMAN_TURN}, #app[data-screen=handover], #app[data-screen=end]"
WAIT_MS = 60_000
BANNER_MS = 15_000  # how long a losing page may take to show the conflict banner
AIM_MS = 400  # the common instant of the last clicks: this long after it is read
RACES = ((2, 12), (3, 6))  # (pages, races): 12 races of two pages, then 6 of three

# the last click, made in every page at the common instant; a click event dispatched on the
# element found then (a storage event may have redrawn the page since it was prepared; an SVG
# square has no click() of its own)
FIRE = """([sel, at]) => {
    window.__raceFired = null;
    setTimeout(() => {
        const el = document.querySelector(sel);
        window.__raceFired = Date.now();
        if (el) el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));
    }, at - Date.now());
}"""
RECORD_LOG = "() => { const r = CalderaGame('record'); return r ? JSON.parse(r).log : null; }"


def wait_until(fn, what: str, timeout_s: float = WAIT_MS / 1000):
    """Poll ``fn`` until it returns something truthy; fail after ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = fn()
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def log_of(page) -> list[str]:
    return page.evaluate(RECORD_LOG)


def stored_text(page, gid: str) -> str | None:
    return page.evaluate("k => localStorage.getItem(k)", GAME_KEY + gid)


def stored_log(text: str) -> list[str]:
    return json.loads(text)["record"]["log"]


def wait_log(page, log: list[str]) -> None:
    page.wait_for_function(
        f"want => JSON.stringify(({RECORD_LOG})()) === JSON.stringify(want)",
        arg=log,
        timeout=WAIT_MS,
    )


def settle(page) -> str:
    """Wait until the page shows a person's decision (past a hand-over screen) or the end."""
    for _ in range(4):
        page.wait_for_selector(SETTLED, timeout=WAIT_MS)
        screen = page.locator("#app").get_attribute("data-screen")
        if screen != "handover":
            return screen
        page.locator("[data-action=ready]").dispatch_event("click")
    raise AssertionError("hand-over screens without end")


def decision(page) -> str | None:
    return page.locator("section[data-screen=table]").get_attribute("data-decision")


# ------------------------------------------------------------------ the three games
#
# ``start(page)``: a new game, every seat a person. ``prepare(pages)``: bring each page to the
# brink of a different move (everything but the last click); the selector of each page's last
# click, or None when the decision shown is not one to race on. ``advance(page, rng)``: one
# whole decision in one page, to get past what is not raced on.


def take_back_all(page) -> None:
    """Take back what the page chose but did not confirm (its Take back button, while offered)."""
    for _ in range(4):
        undo = page.locator(f"#app [data-action=undo]{ENABLED}")
        if not undo.count():
            return
        undo.dispatch_event("click")


class Park:
    """Caldera Park: an animal token and a space chosen, the Confirm button left."""

    name = "caldera-park"

    def start(self, page) -> None:
        page.locator("input[data-action=variant][value=base]").check()
        fill_seats_and_start(page, ("human", "human"), ("Ann", "Bob"), "41")

    def prepare(self, pages, race: int):
        if any(decision(p) != "place" for p in pages):
            return None
        for i, page in enumerate(pages):
            tokens = page.locator(f"button[data-action=token]{ENABLED}")
            tokens.nth((race + i) % tokens.count()).dispatch_event("click")
            spaces = page.locator("g[data-action=space]")
            n = spaces.count()
            if n < len(pages):
                return None
            spaces.nth((race + i * (n // len(pages))) % n).dispatch_event("click")
            page.wait_for_selector(f"[data-action=confirm]{ENABLED}")
        return ["#app [data-action=confirm]"] * len(pages)

    unprepare = staticmethod(take_back_all)

    def advance(self, page, rng: random.Random) -> None:
        """game_driver.play_human_step's decisions, by click events."""

        def pick(sel):
            items = page.locator(sel)
            items.nth(rng.randrange(items.count())).dispatch_event("click")

        kind = decision(page)
        before = len(log_of(page))
        if kind == "pick":
            if page.locator("button[data-action=action]").count():
                pick(f"button[data-action=action]{ENABLED}")
            pick(f"button[data-action=terrain]{ENABLED}")
        elif kind == "reveal":
            pick("button[data-action=slot]")
        elif kind in ("place", "weather", "start"):
            if kind == "place":
                pick(f"button[data-action=token]{ENABLED}")
            elif page.locator("button[data-action=slot]").count():
                pick("button[data-action=slot]")
            if page.locator("#app [data-action=confirm][disabled]").count():
                pick("g[data-action=space]")
            page.locator("#app [data-action=confirm]").dispatch_event("click")
        else:
            raise AssertionError(f"unexpected decision {kind!r}")
        page.wait_for_function(f"n => ({RECORD_LOG})().length > n", arg=before, timeout=WAIT_MS)


def board_square(page, cls: str, sq: str | None = None):
    where = f"[data-sq='{sq}']" if sq is not None else ""
    return page.locator(f"svg.pyr-board g.{cls}[data-action=sq]{where}")


class Pyramids:
    """Caldera (Looney Pyramids): a cap chosen, a quiet move's destination left."""

    name = "pyramids"

    def start(self, page) -> None:
        page.locator("[data-action=game-choose][data-game=pyramids]").dispatch_event("click")
        page.wait_for_selector("#app[data-game=pyramids][data-screen=setup]")
        fill_seats_and_start(page, ("human", "human"), ("Ann", "Bob"), "41")

    def unprepare(self, page) -> None:
        chosen = page.locator("svg.pyr-board g.chosen[data-action=sq]")
        if chosen.count():  # a quiet move leaves its cap chosen: put it down (a second click)
            chosen.dispatch_event("click")
            page.wait_for_selector("svg.pyr-board g.chosen", state="detached")

    def quiet_moves(self, page) -> list[tuple[str, str]]:
        """Every (cap, destination) quiet move on the board, found by choosing each cap."""
        self.unprepare(page)
        moves = []
        caps = board_square(page, "can-choose")
        for sq in caps.evaluate_all("gs => gs.map(g => g.dataset.sq)"):
            board_square(page, "can-choose", sq).dispatch_event("click")
            page.wait_for_selector(f"svg.pyr-board g.chosen[data-sq='{sq}']")
            dests = board_square(page, "dest.quiet")
            moves += [(sq, d) for d in dests.evaluate_all("gs => gs.map(g => g.dataset.sq)")]
            self.unprepare(page)
        return moves

    def prepare(self, pages, race: int):
        moves = self.quiet_moves(pages[0])
        if len(moves) < len(pages):
            return None
        sels = []
        for i, page in enumerate(pages):
            cap, dest = moves[(race + i * (len(moves) // len(pages))) % len(moves)]
            self.unprepare(page)
            board_square(page, "can-choose", cap).dispatch_event("click")
            board_square(page, "dest.quiet", dest).wait_for()
            sels.append(f"svg.pyr-board g.dest.quiet[data-action=sq][data-sq='{dest}']")
        return sels

    def advance(self, page, rng: random.Random) -> None:
        """An eruption (or a pass): the turn ends."""
        self.unprepare(page)
        before = len(log_of(page))
        for _ in range(60):
            if page_has_pass(page):
                page.locator("[data-action=pass]").dispatch_event("click")
                break
            if page.locator("svg.pyr-board g.chosen").count() == 0:
                caps = board_square(page, "can-choose")
                caps.nth(rng.randrange(caps.count())).dispatch_event("click")
            erupting = board_square(page, "dest.erupt")
            if erupting.count():
                erupting.nth(rng.randrange(erupting.count())).dispatch_event("click")
                page.locator("[data-action=confirm]").dispatch_event("click")
                break
            quiet = board_square(page, "dest.quiet")
            if quiet.count():
                quiet.nth(rng.randrange(quiet.count())).dispatch_event("click")
            else:
                self.unprepare(page)
        page.wait_for_function(f"n => ({RECORD_LOG})().length > n", arg=before, timeout=WAIT_MS)


def page_has_pass(page) -> bool:
    return page.locator("[data-action=pass]").count() > 0


class Caledea:
    """Caledea: a capital's square, or units and their destination, chosen; Confirm left."""

    name = "caledea"

    def start(self, page) -> None:
        page.locator("[data-action=game-choose][data-game=caledea]").dispatch_event("click")
        page.wait_for_selector("#app[data-game=caledea] section[data-screen=setup]")
        for i in range(2):
            page.locator(f"select[data-action=kind][data-seat='{i}']").select_option("human")
        page.locator("input[data-action=seed]").fill("41")
        page.locator("[data-action=start]").dispatch_event("click")
        page.wait_for_selector("#app[data-screen=table], #app[data-screen=handover]")

    unprepare = staticmethod(take_back_all)

    def prepare(self, pages, race: int):
        kind = decision(pages[0])
        if kind == "capital":
            squares = pages[0].locator("[data-action=square]")
            ats = squares.evaluate_all("rs => rs.map(r => r.dataset.at)")
            if len(ats) < len(pages):
                return None
            for i, page in enumerate(pages):
                page.locator(
                    f"[data-action=square][data-at='{ats[(race + 7 * i) % len(ats)]}']"
                ).dispatch_event("click")
                page.wait_for_selector(f"#app [data-action=confirm]{ENABLED}")
            return ["#app [data-action=confirm]"] * len(pages)
        if kind != "turn":
            return None
        moves = self.moves(pages[0])
        if len(moves) < len(pages):
            return None
        for i, page in enumerate(pages):
            src, dest = moves[(race + i * (len(moves) // len(pages))) % len(moves)]
            self.unprepare(page)
            page.locator(f".legal-source[data-at='{src}']").dispatch_event("click")
            page.locator(f".legal-dest[data-at='{dest}']").dispatch_event("click")
            page.wait_for_selector(f"#app [data-action=confirm]{ENABLED}")
        return ["#app [data-action=confirm]"] * len(pages)

    def moves(self, page) -> list[tuple[str, str]]:
        """(source square, destination) of the moves on offer, found by choosing each source
        (a move into a fight is one: the fight's decisions are then advanced through)."""
        self.unprepare(page)
        found = []
        sources = page.locator(".legal-source").evaluate_all("rs => rs.map(r => r.dataset.at)")
        for src in sources:
            page.locator(f".legal-source[data-at='{src}']").dispatch_event("click")
            page.wait_for_selector(f".selected[data-at='{src}']")
            dests = page.locator(".legal-dest").evaluate_all("rs => rs.map(r => r.dataset.at)")
            found += [(src, d) for d in dests]
            self.unprepare(page)
        return found

    def advance(self, page, rng: random.Random) -> None:
        """Ends the turn, or answers a fight's question (a pairing may take two clicks)."""
        before = len(log_of(page))
        for _ in range(6):
            kind = decision(page)
            self.unprepare(page)
            if kind == "turn":
                page.locator("#app [data-action=end-turn]").dispatch_event("click")
            elif kind == "capital":
                squares = page.locator("[data-action=square]")
                squares.nth(rng.randrange(squares.count())).dispatch_event("click")
                page.locator("#app [data-action=confirm]").dispatch_event("click")
            else:
                choice = page.locator("button[data-action=choose]")
                choice = choice.nth(rng.randrange(choice.count()))
                if choice.get_attribute("data-value").startswith("def "):
                    # the defender of a pairing: a choice, not yet a move
                    choice.dispatch_event("click")
                    continue
                choice.dispatch_event("click")
            page.wait_for_function(f"n => ({RECORD_LOG})().length > n", arg=before, timeout=WAIT_MS)
            return
        raise AssertionError(f"no move made at a {decision(page)!r} decision")


GAMES = {"caldera-park": Park(), "pyramids": Pyramids(), "caledea": Caledea()}


# ------------------------------------------------------------------ the race


class Table:
    """The pages of one context on one saved game, and what the races found."""

    def __init__(self, context, site_url, game, log: PageLog):
        self.context, self.site_url, self.game, self.log = context, site_url, game, log
        self.pages = []
        self.gid = None
        self.races = 0
        self.lost: list[str] = []  # one line per move lost silently
        self.offered = 0  # pages that lost a race and said so
        self.rng = random.Random(f"race/{game.name}")

    def open_page(self):
        page = open_app(self.context, self.site_url, self.log)
        self.pages.append(page)
        if self.gid is None:
            self.game.start(page)
            self.gid = page.evaluate("k => localStorage.getItem(k)", CURRENT)
            assert self.gid, ("the new game was not saved", self.log.console_errors)
        settle(page)
        return page

    def stored(self, page=None) -> str:
        text = stored_text(page or self.pages[0], self.gid)
        assert text is not None, "the game is gone from storage"
        return text

    def agreed(self) -> str:
        """Wait until every page reads the same stored entry; that entry's text."""

        def same():
            texts = {stored_text(p, self.gid) for p in self.pages}
            return texts.pop() if len(texts) == 1 else None

        return wait_until(same, "every page to read the same stored game")

    def in_step(self) -> None:
        """Every page on the stored game, at a person's decision, no banner shown."""
        log = stored_log(self.agreed())
        for page in self.pages:
            wait_log(page, log)
            settle(page)
            assert page.locator(ANY_BANNER).count() == 0, page.locator(ANY_BANNER).text_content()

    def bring_back(self, page, log: list[str]) -> None:
        """A page that lost (and said so) continues from the stored game."""
        page.locator(TAKE).dispatch_event("click")
        wait_log(page, log)
        page.wait_for_selector(ANY_BANNER, state="detached", timeout=WAIT_MS)

    def advance(self) -> None:
        """One decision in the first page, not raced: the others are told and catch up."""
        leader, others = self.pages[0], self.pages[1:]
        self.game.advance(leader, self.rng)
        log = log_of(leader)
        assert stored_log(self.stored(leader)) == log
        for page in others:
            page.wait_for_selector(f"{CONFLICT} {TAKE}", timeout=BANNER_MS)
            self.bring_back(page, log)
        self.in_step()

    def new_game(self) -> None:
        """The game ended before the races did (which page wins each race decides how the game
        goes, so its length varies): a new one, started in the first page from the end screen's
        New game (the menu has one too), and resumed by the others as they open again."""
        print(f"the game ended after race {self.races}: a new game")
        first = self.pages[0]
        first.locator("#app [data-key=end-new]").dispatch_event("click")
        first.wait_for_selector("#app[data-screen=setup]", timeout=WAIT_MS)
        self.game.start(first)
        gid = first.evaluate("k => localStorage.getItem(k)", CURRENT)
        assert gid and gid != self.gid, "the new game was not saved"
        self.gid = gid
        settle(first)
        for page in self.pages[1:]:
            page.reload()
            page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
            settle(page)
        self.in_step()

    def race(self) -> None:
        """Every page's last click at one instant; then every move saved or the loss shown."""
        n = len(self.pages)
        for _ in range(40):  # past the decisions that are not raced on
            if any(settle(p) == "end" for p in self.pages):
                self.new_game()
            sels = self.game.prepare(self.pages, self.races)
            if sels is not None:
                break
            for page in self.pages:
                self.game.unprepare(page)
            self.advance()
        else:
            raise AssertionError("nothing to race on in 40 decisions")
        self.races += 1
        before = [log_of(p) for p in self.pages]
        assert all(b == before[0] for b in before)
        target = self.pages[0].evaluate(f"Date.now() + {AIM_MS * n // 2}")
        for page, sel in zip(self.pages, sels, strict=True):
            assert page.locator(sel).count() == 1, sel
            page.evaluate(FIRE, [sel, target])
        # every page made its own move
        logs = []
        for page in self.pages:
            page.wait_for_function(
                f"n => ({RECORD_LOG})().length > n", arg=len(before[0]), timeout=WAIT_MS
            )
            logs.append(log_of(page))
        assert len({json.dumps(g) for g in logs}) == n, f"the pages made the same move: {logs}"
        stored = stored_log(self.agreed())
        fired = [p.evaluate("window.__raceFired") for p in self.pages]
        won = [i for i, log in enumerate(logs) if log == stored]
        print(
            f"race {self.races} ({n} pages): fired {[f - target for f in fired]} ms "
            f"after the aim; stored: page {won}"
        )
        # each page's move is the one stored, or the page says it was not saved
        losers = []
        for i, (page, log) in enumerate(zip(self.pages, logs, strict=True)):
            if log == stored:
                continue
            try:
                page.wait_for_selector(CONFLICT, timeout=BANNER_MS)
            except Exception:  # noqa: BLE001 - told below, with the moves
                self.lost.append(
                    f"race {self.races} ({n} pages): page {i}'s move {log[-1]!r} lost silently "
                    f"(stored: {stored[-1]!r})"
                )
                losers.append((page, False))
                continue
            assert page.locator(COPY).is_visible()
            self.offered += 1
            losers.append((page, True))
        assert len(losers) < n, "no page's move was stored"
        for page, told in losers:
            if told:
                self.bring_back(page, stored)
            else:  # only after a silent loss: the page starts again from the stored game
                page.reload()
                page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
                settle(page)
        # a page that won but was told of the other's attempt continues from the stored game too
        for page in self.pages:
            if page.locator(f"{CONFLICT} {TAKE}").count():
                self.bring_back(page, stored)
        self.in_step()


@pytest.mark.parametrize("name", list(GAMES))
def test_simultaneous_moves_in_several_pages_are_saved_or_the_loss_is_shown(
    context, site_url, name
):
    log = PageLog()
    table = Table(context, site_url, GAMES[name], log)
    for _ in range(RACES[0][0]):
        table.open_page()
    table.in_step()
    for pages, races in RACES:
        while len(table.pages) < pages:
            table.open_page()
            table.in_step()
        for _ in range(races):
            table.race()
    print(
        f"{name}: {table.races} races, {table.offered} losing pages told, "
        f"{len(table.lost)} moves lost silently"
    )
    races_lost = len({line.split(" (")[0] for line in table.lost})
    assert not table.lost, (
        f"{len(table.lost)} moves lost silently, in {races_lost} of {table.races} races:\n"
        + "\n".join(table.lost)
    )
    assert table.offered > 0
    assert log.console_errors == [] and log.page_errors == []


def test_the_races_go_on_in_a_new_game_after_one_ends(context, site_url):
    """A game that ends between races (how long it lasts depends on which page wins each race):
    the first page starts a new one from the end screen, the others resume it, and the pages
    race on. The ended game is the stored one played to its end by two greedy bots (written as
    the app writes a save, so that every page opens it as it would after a last move)."""
    log = PageLog()
    table = Table(context, site_url, GAMES["caledea"], log)
    page = table.open_page()
    key = GAME_KEY + table.gid
    entry = json.loads(stored_text(page, table.gid))
    bots = [make_bot("greedy", f"race-end/{seat}") for seat in range(2)]
    state = play_game(entry["record"]["options"], bots, CALEDEA)
    store = SaveStore(FakeStorage())
    store.save(state, table.gid, entry.get("session"), game=CALEDEA)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, store.storage.getItem(key)])
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert settle(page) == "end"
    table.open_page()  # a second page, on the ended game too
    assert all(p.locator("#app").get_attribute("data-screen") == "end" for p in table.pages)
    ended = table.gid
    table.race()  # finds the end first: a new game, then a race in it
    assert table.gid != ended and table.races == 1
    table.race()
    assert not table.lost, table.lost
    assert log.console_errors == [] and log.page_errors == []
