"""Play with friends by link in Chromium, through the page only: two browser contexts (two
devices, each its own storage) play a few turns of each game by passing the link, read from the
share panel's field and opened with ``page.goto`` (the page's ``hashchange``); Caldera Park's
draws and a Caledea battle are answered across the devices (the mover's waiting screen says
whose device draws the result; that device draws it as the link opens: the attack's dice on
the defender's); the share panel's QR code, screenshotted, is read by an independent decoder
(zxing-cpp) to the link in its field; Share through a stubbed Web Share API (the link with its
title and text; cancelled: silent; failed: copied) and, with no Web Share API, the clipboard;
a four-seat Caldera Park of three browser contexts: the command line made it and holds a seat,
the two devices two more, and a third device (its own server) opens the app for the first
time at the link and joins (the boot reads the fragment once Python is ready), then, its
server stopped, opens the link of its turn in a new tab from the installed app (the service
worker in control) and plays; a tampered link refused
with its message and the copy kept; the fragment cleared from the address bar; French;
axe-core and the text fit on the form and the waiting screen at a phone's and a laptop's size;
a clean console."""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys

import link_driver
import zxingcpp
from caledea_link_plan import battle_step as caledea_step
from game_driver import ROOT
from game_driver import play_human_step as park_step
from link_driver import WAIT, renders
from PIL import Image
from saves_driver import run_axe
from sitetest import PageLog, open_app, wait_for_service_worker
from test_pyramids_play import play_turn as pyramids_step
from text_fit import text_faults

from pyapp.core import link
from pyapp.ui.features.link_play import TEXTS_EN as PLAY_EN
from pyapp.ui.features.link_play import TEXTS_FR as PLAY_FR
from pyapp.ui.features.link_play import next_seat
from pyapp.ui.link_device import GAME_PREFIX, TEXTS_EN

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
HUMAN_TURN = "section[data-screen=table][data-human-turn=true]"
WAITING = "section[data-screen=link][data-link-state=waiting]"
SETTLED = f"{HUMAN_TURN}, {WAITING}, section[data-screen=link], #app[data-screen=end]"
STEPS = {"park": park_step, "pyramids": pyramids_step, "caledea": caledea_step}
STATUS = "[data-key=link-status]"
# a Web Share API whose answer the test sets: "ok", "abort" (the person closed the sheet) or
# "fail"; each call's data kept in window.__shares
SHARE_STUB = """
(() => {
  window.__shares = [];
  window.__shareMode = 'ok';
  const share = function (data) {
    window.__shares.push({title: data.title, text: data.text, url: data.url});
    if (window.__shareMode === 'abort')
      return Promise.reject(new DOMException('Share canceled', 'AbortError'));
    if (window.__shareMode === 'fail')
      return Promise.reject(new DOMException('No share target', 'NotAllowedError'));
    return Promise.resolve();
  };
  const canShare = data => !!data && typeof data.url === 'string';
  Object.defineProperty(Navigator.prototype, 'share', {value: share, configurable: true});
  Object.defineProperty(Navigator.prototype, 'canShare', {value: canShare, configurable: true});
})();
"""
NO_SHARE = "delete Navigator.prototype.share; delete Navigator.prototype.canShare;"


def spaced(text: str) -> str:
    """French typography's no-break spaces read as spaces."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def lang_of(page) -> str:
    return page.evaluate("document.documentElement.lang")


def said(page, key: str, **kw) -> str:
    texts = PLAY_FR if lang_of(page) == "fr" else PLAY_EN
    return texts[key].format(**kw)


def qr_text(page) -> str:
    """The waiting screen's QR code as the screen shows it, read by zxing-cpp: dark on light
    only (no inverted reading) and with its own quiet zone (the screenshot is the drawing's
    box and nothing around it)."""
    qr = page.locator(WAITING + " svg.link-qr")
    qr.scroll_into_view_if_needed()
    modules = int(qr.get_attribute("data-modules")) + 8
    if qr.bounding_box()["width"] < 2 * modules:  # too small to scan: tapped to enlarge it
        page.locator("[data-action=link-qr-zoom]").click()
        page.wait_for_selector(f"{WAITING} [data-action=link-qr-zoom][aria-expanded=true]")
        assert qr.bounding_box()["width"] >= 2 * modules, qr.bounding_box()
    image = Image.open(io.BytesIO(qr.screenshot())).convert("L")
    # the quiet zone: four modules of light all round (less a pixel for the edges' blending)
    width, height = image.size
    edge = int(4 * width / modules) - 1
    assert edge >= 3, f"{edge + 1} pixels for four modules"
    pixels = image.load()
    frame = [
        pixels[x, y]
        for y in range(height)
        for x in range(width)
        if min(x, y, width - 1 - x, height - 1 - y) < edge
    ]
    assert min(frame) > 200, "the quiet zone round the QR code is not light"
    found = zxingcpp.read_barcodes(
        image, formats=zxingcpp.BarcodeFormat.QRCode, try_invert=False, try_rotate=False
    )
    assert len(found) == 1, f"{len(found)} QR codes read"
    return found[0].text


def settle(page, before: str) -> None:
    link_driver.settle(page, before, SETTLED)


def start_by_link(page, game: str, names: list[str], me: int = 0) -> str:
    if not page.locator("[data-action=game-choose]").count():  # a game on the table
        page.locator("[data-action=menu-new]").click()
    page.locator(f"[data-action=game-choose][data-game={game}]").click()
    page.wait_for_selector(f"#app[data-game={game}] section[data-screen=setup]")
    page.locator("[data-action=link-new]").click()
    page.wait_for_selector("section[data-screen=link].link-form")
    page.locator("select[data-action=link-players]").select_option(str(len(names)))
    for s, name in enumerate(names):
        page.locator(f"input[data-action=link-name][data-seat='{s}']").fill(name)
    page.locator(f"input[data-action=link-me][value='{me}']").check()
    check_screen(page, f"{game} form")
    page.locator("[data-action=link-start]").click()
    page.wait_for_selector(WAITING, timeout=WAIT)
    return page.locator("[data-key=link-field]").input_value()


def take_turn(page, game: str, url: str, seat: int, rng: random.Random, go=True) -> str:
    """Open ``url`` on this device (``go``: the page is not already at it), take its seat if
    asked, play its turn; the next link."""
    if go:
        before = renders(page)
        page.goto(at_home(page, url))
        settle(page, before)
    else:
        page.wait_for_selector(SETTLED, timeout=WAIT)
    assert "#" not in page.url  # the fragment is cleared: a reload does not open it again
    if page.locator("[data-action=link-seat]").count():
        check_screen(page, "which player are you")
        before = renders(page)
        page.locator(f"[data-action=link-seat][data-seat='{seat}']").click()
        settle(page, before)
    for _ in range(60):
        if page.locator(WAITING).count() or page.locator("#app[data-screen=end]").count():
            break
        page.wait_for_selector(HUMAN_TURN, timeout=WAIT)
        before = renders(page)
        STEPS[game](page, rng)
        settle(page, before)
    else:
        raise AssertionError("the turn did not end")
    return page.locator("[data-key=link-field]").input_value()


def at_home(page, url: str) -> str:
    """The link at this page's own address (each device's app may be served elsewhere: the
    game is in the fragment), so that opening it is the page's ``hashchange``."""
    return page.url.split("#")[0] + "#" + url.split("#", 1)[1]


def cli(*args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "pyapp", "link", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def device(browser, site_url, log: PageLog, viewport=LAPTOP, script=None):
    context = browser.new_context(viewport=viewport)
    if script is not None:
        context.add_init_script(script)
    log.watch_context(context)
    return context, open_app(context, site_url, log)


def check_screen(page, where: str) -> None:
    bad = run_axe(page)
    assert not bad, (where, bad)
    # the link's own field scrolls within itself by design: its value is not text to fit
    faults = [f for f in text_faults(page) if "link-field" not in f]
    assert not faults, (where, faults)


def play_game(pages, game, url, rng, moves=0, answered_needed=False, stop=None, chances=None):
    """Pass the link between the devices (a page; a function that opens a page at the link,
    called once; or "cli" with its secret file) until ``moves`` moves were made (and a chance
    move answered on another device if asked), or ``stop(link game)``. A device that answers
    a chance move says it drew it; the mover's waiting screen said whose device would
    (``chances`` gets each such move made on a page: mover, answerer, action)."""
    answered = False
    for _ in range(80):
        lg = link.LinkGame.from_text(url)
        to = next_seat(lg)
        done = lg.moves >= moves and (answered or not answered_needed)
        if to is None or (stop(lg) if stop is not None else done):
            return url, lg
        dev = pages[to]
        go = True
        if callable(dev):  # a device that opens the app (a new tab) at this link
            dev = pages[to] = dev(url)
            go = False
        if isinstance(dev, tuple):  # the command line, with its secret file
            url = cli("play", url, "--bot", "greedy", "--secret", dev[1], "--app-url", dev[2])
            continue
        pending = lg.pending is not None and lg.handler() == to
        url = take_turn(dev, game, url, to, rng, go)
        if pending:
            answered = True
            banner = dev.locator("[data-message='link.drawn']")
            assert banner.count() == 1, "the draw made on opening is said"
            dev.locator("[data-action=banner-close]").click()
        after = link.LinkGame.from_text(url)
        if after.pending is not None and not after.over():  # this device's move waits
            answerer = after.name(after.handler())
            text = dev.locator("[data-key=link-wait-text]").text_content()
            assert spaced(text) == spaced(said(dev, "link.wait.chance", name=answerer))
            if chances is not None:
                waiting = after.pending
                chances.append((waiting["seat"], waiting["answerer"], str(waiting["action"])))
    raise AssertionError("the game by link did not get far enough")


def check_share(page, context, url: str, title: str) -> None:
    """Share on a page with the stubbed Web Share API: the link with the game's title and a
    line; a cancelled share says nothing and copies nothing; a failed one copies."""
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    share = page.locator("[data-action=link-share]")
    share.click()
    page.wait_for_selector(f"{STATUS}:has-text('{PLAY_EN['link.share.shared']}')")
    assert page.evaluate("window.__shares") == [
        {
            "title": PLAY_EN["link.share.sheet_title"].format(game=title),
            "text": PLAY_EN["link.share.sheet_text"].format(game=title),
            "url": url,
        }
    ]
    page.evaluate("navigator.clipboard.writeText('before')")
    page.evaluate("window.__shareMode = 'abort'")
    share.click()
    page.wait_for_function("window.__shares.length === 2")
    shared = PLAY_EN["link.share.shared"]
    page.wait_for_function(f"document.querySelector('{STATUS}').textContent !== '{shared}'")
    assert page.locator(STATUS).text_content() == ""  # silent
    assert page.evaluate("navigator.clipboard.readText()") == "before"
    page.evaluate("window.__shareMode = 'fail'")
    share.click()
    page.wait_for_selector(f"{STATUS}:has-text('Copied')")
    assert page.evaluate("window.__shares.length") == 3
    assert page.evaluate("navigator.clipboard.readText()") == url


def moved(lg, seat: int) -> int:
    """How many steps with moves ``seat`` made."""
    return sum(1 for step in lg.steps if step[0] == seat and len(step) > 1)


def test_devices_play_each_game_by_link_and_the_cli_takes_a_seat(
    browser, site, site_url, serve_dir, tmp_path
):
    log = PageLog()
    rng = random.Random(26)
    ctx_a, ann = device(browser, site_url, log, script=SHARE_STUB)
    ctx_b, bob = device(browser, site_url, log, PHONE, script=NO_SHARE)
    contexts = [ctx_a, ctx_b]
    try:
        # --- Caldera Park, two devices; its draws are answered on the other device
        url = start_by_link(ann, "park", ["Ann", "Bob"])
        check_screen(ann, "park waiting, laptop")
        assert ann.evaluate("document.activeElement.dataset.key") == "link-title"
        assert qr_text(ann) == url  # the drawing on screen, read by a decoder
        # Copy puts the link on the clipboard and says so
        ctx_a.grant_permissions(["clipboard-read", "clipboard-write"])
        ann.locator("[data-action=link-copy]").click()
        ann.wait_for_selector(f"{STATUS}:has-text('Copied')")
        assert ann.evaluate("navigator.clipboard.readText()") == url
        check_share(ann, ctx_a, url, "Caldera Park")
        url, lg = play_game({0: ann, 1: bob}, "park", url, rng, moves=4, answered_needed=True)
        assert lg.moves >= 4
        waiting = ann if next_seat(lg) == 1 else bob
        # a longer link, on the waiting device's screen (a phone's or a laptop's)
        assert qr_text(waiting) == waiting.locator("[data-key=link-field]").input_value()
        # the list of games by link says whose turn it is on each device
        waiting.locator("[data-action=link-list]").first.click()
        waiting.wait_for_selector("section[data-screen=link].link-list")
        other = lg.name(next_seat(lg))
        assert waiting.locator(".link-game-turn").first.text_content() == f"Waiting for {other}"
        check_screen(waiting, "games by link")
        waiting.locator("[data-action=link-back]").click()

        # --- Caldera, two devices, Bob on a phone starts; with no Web Share API, Share copies;
        # a tampered link is refused
        url = start_by_link(bob, "pyramids", ["Bob", "Ann"])
        check_screen(bob, "pyramids waiting, phone")
        assert bob.evaluate("'share' in navigator") is False
        ctx_b.grant_permissions(["clipboard-read", "clipboard-write"])
        bob.locator("[data-action=link-share]").click()
        bob.wait_for_selector(f"{STATUS}:has-text('Copied')")
        assert bob.evaluate("navigator.clipboard.readText()") == url
        url, lg = play_game({0: bob, 1: ann}, "pyramids", url, rng, moves=4)
        payload = link.decode(url)
        played = [i for i, s in enumerate(payload["s"]) if len(s) > 1]
        payload["s"][played[0]] = [payload["s"][played[0]][0], "a1-b2"]
        bad = link.make_url(url.split("#")[0], payload)
        holder = bob
        key = GAME_PREFIX + lg.gid
        kept = holder.evaluate("k => localStorage.getItem(k)", key)
        before = renders(holder)
        holder.goto(at_home(holder, bad))
        holder.wait_for_function(
            "n => document.querySelector('#app').getAttribute('data-renders') !== n", arg=before
        )
        banner = holder.locator("[data-message='link.banner'] .banner-text")
        banner.wait_for()
        assert banner.text_content() == TEXTS_EN["link.refused.changed"]
        assert holder.evaluate("k => localStorage.getItem(k)", key) == kept
        holder.locator("[data-action=banner-close]").click()

        # --- Caledea, two devices, in French on Ann's side, up to a battle: the attacker's
        # device says the result comes when the defender opens the link, whose device draws it
        ann.locator("[data-action=lang]").first.click()
        url = start_by_link(ann, "caledea", ["Ann", "Bob"])
        assert ann.locator(WAITING + " h1").text_content().startswith("En attente de")
        check_screen(ann, "caledea waiting, French")
        chances = []
        url, lg = play_game(
            {0: ann, 1: bob}, "caledea", url, rng, 3, answered_needed=True, chances=chances
        )
        attacks = [c for c in chances if c[2].startswith("move ")]  # a move that fights
        assert attacks and all(mover != defender for mover, defender, _ in attacks), chances
        ann.locator("[data-action=lang]").first.click()  # back to English

        # --- four seats, three browser contexts: the command line created a Caldera Park
        # and holds seat 0; Ann seat 1, Bob seat 2; seat 3 a third context served from its own
        # server: it opens the app for the first time at the link and joins, then, its server
        # stopped, opens the link of its turn in a new tab from the installed app and plays
        secret = str(tmp_path / "cli-secret.json")
        url = cli(
            "new", "--game", "park", "--players", "4", "--names", "Cy,Ann,Bob,Dee",
            "--secret", secret, "--app-url", site_url,
        )  # fmt: skip
        own = serve_dir(site.path)
        dee_log = PageLog()
        ctx_d = browser.new_context(viewport=PHONE)
        dee_log.watch_context(ctx_d)
        contexts.append(ctx_d)

        def first_visit(at: str):  # the link opens the app on a first visit
            return open_app(ctx_d, own.url + "#" + at.split("#", 1)[1], dee_log)

        pages = {0: ("cli", secret, site_url), 1: ann, 2: bob, 3: first_visit}
        url, lg = play_game(pages, "park", url, rng, stop=lambda g: g.commits[3] is not None)
        dee = pages[3]
        wait_for_service_worker(dee)  # installed: the service worker controls the page
        dee.close()
        own.server.shutdown()
        own.server.server_close()

        def offline(at: str):  # a new tab at the next link, with no server to answer
            page = open_app(ctx_d, own.url + "#" + at.split("#", 1)[1], dee_log)
            assert page.evaluate("navigator.serviceWorker.controller !== null")
            return page

        pages[3] = offline
        online = moved(lg, 3)
        url, lg = play_game(
            pages, "park", url, rng, stop=lambda g: moved(g, 3) > online and g.steps[-1][0] != 3
        )
        assert all(c is not None for c in lg.commits)
        assert all(moved(lg, seat) >= 1 for seat in range(4))
        assert pages[3] is not offline  # the offline tab played its turn
        # nothing but the browser's own update check of sw.js went unanswered
        unanswered = [u for u in dee_log.failed_requests if not u.endswith("/sw.js")]
        assert not unanswered, unanswered
        assert not dee_log.console_errors and not dee_log.page_errors
    finally:
        for context in contexts:
            context.close()
    assert not log.console_errors, log.console_errors
    assert not log.page_errors, log.page_errors
    warnings = [c for c in log.console + dee_log.console if c.startswith("warning")]
    assert not warnings, warnings
    assert not log.failed_requests, log.failed_requests
