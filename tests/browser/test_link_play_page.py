"""Play with friends by link in Chromium, through the page only: two browser contexts (two
devices, each its own storage) play a few turns of each game by passing the link, read from the
share panel's field and opened with ``page.goto`` (the page's ``hashchange``); Caldera Park's
draws are answered across the devices; a three-seat game: the command line made it and holds
a seat, a device in another seat, and a third device opens the app for the first time at the
link (the boot reads the fragment once Python is ready); a
tampered link refused with its message and the copy kept; the fragment cleared from the
address bar; French; axe-core and the text fit on the form and the waiting screen at a phone's
and a laptop's size; a clean console."""

from __future__ import annotations

import os
import random
import subprocess
import sys

from game_driver import ROOT
from game_driver import play_human_step as park_step
from saves_driver import run_axe
from sitetest import PageLog, open_app
from test_caledea_play import person_step as caledea_step
from test_pyramids_play import play_turn as pyramids_step
from text_fit import text_faults

from pyapp.core import link
from pyapp.ui.features.link_play import next_seat
from pyapp.ui.link_device import GAME_PREFIX, TEXTS_EN

WAIT = 120_000
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
HUMAN_TURN = "section[data-screen=table][data-human-turn=true]"
WAITING = "section[data-screen=link][data-link-state=waiting]"
SETTLED = f"{HUMAN_TURN}, {WAITING}, section[data-screen=link], #app[data-screen=end]"
STEPS = {"park": park_step, "pyramids": pyramids_step, "caledea": caledea_step}


def renders(page) -> str:
    return page.locator("#app").get_attribute("data-renders")


def settle(page, before: str) -> None:
    page.wait_for_function(
        "n => document.querySelector('#app').getAttribute('data-renders') !== n",
        arg=before,
        timeout=WAIT,
    )
    page.wait_for_selector(SETTLED, timeout=WAIT)


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
        page.goto(url)
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


def device(browser, site_url, log: PageLog, viewport=LAPTOP):
    context = browser.new_context(viewport=viewport)
    log.watch_context(context)
    return context, open_app(context, site_url, log)


def check_screen(page, where: str) -> None:
    bad = run_axe(page)
    assert not bad, (where, bad)
    # the link's own field scrolls within itself by design: its value is not text to fit
    faults = [f for f in text_faults(page) if "link-field" not in f]
    assert not faults, (where, faults)


def play_game(pages, game, url, rng, moves, answered_needed=False):
    """Pass the link between the devices (a page, or "cli" with its secret file) until
    ``moves`` moves were made (and a chance move answered on another device if asked)."""
    answered = False
    for _ in range(80):
        lg = link.LinkGame.from_text(url)
        to = next_seat(lg)
        if to is None or (lg.moves >= moves and (answered or not answered_needed)):
            return url, lg
        dev = pages[to]
        go = True
        if callable(dev):  # a device that opens the app for the first time at this link
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
    raise AssertionError("the game by link did not get far enough")


def test_two_devices_play_each_game_by_link_and_the_cli_takes_a_seat(browser, site_url, tmp_path):
    log = PageLog()
    rng = random.Random(26)
    ctx_a, ann = device(browser, site_url, log)
    ctx_b, bob = device(browser, site_url, log, PHONE)
    try:
        # --- Caldera Park, two devices; its draws are answered on the other device
        url = start_by_link(ann, "park", ["Ann", "Bob"])
        check_screen(ann, "park waiting, laptop")
        assert ann.locator("svg.link-qr").count() == 1
        assert ann.evaluate("document.activeElement.dataset.key") == "link-title"
        # Copy puts the link on the clipboard and says so
        ctx_a.grant_permissions(["clipboard-read", "clipboard-write"])
        ann.locator("[data-action=link-copy]").click()
        ann.wait_for_selector("[data-key=link-status]:has-text('Copied')")
        assert ann.evaluate("navigator.clipboard.readText()") == url
        url, lg = play_game({0: ann, 1: bob}, "park", url, rng, moves=4, answered_needed=True)
        assert lg.moves >= 4
        # the list of games by link says whose turn it is on each device
        waiting = ann if next_seat(lg) == 1 else bob
        waiting.locator("[data-action=link-list]").first.click()
        waiting.wait_for_selector("section[data-screen=link].link-list")
        other = lg.name(next_seat(lg))
        assert waiting.locator(".link-game-turn").first.text_content() == f"Waiting for {other}"
        check_screen(waiting, "games by link")
        waiting.locator("[data-action=link-back]").click()

        # --- Caldera, two devices, Bob on a phone starts; a tampered link is refused
        url = start_by_link(bob, "pyramids", ["Bob", "Ann"])
        check_screen(bob, "pyramids waiting, phone")
        url, lg = play_game({0: bob, 1: ann}, "pyramids", url, rng, moves=4)
        payload = link.decode(url)
        played = [i for i, s in enumerate(payload["s"]) if len(s) > 1]
        payload["s"][played[0]] = [payload["s"][played[0]][0], "a1-b2"]
        bad = link.make_url(url.split("#")[0], payload)
        holder = bob
        key = GAME_PREFIX + lg.gid
        kept = holder.evaluate("k => localStorage.getItem(k)", key)
        before = renders(holder)
        holder.goto(bad)
        holder.wait_for_function(
            "n => document.querySelector('#app').getAttribute('data-renders') !== n", arg=before
        )
        banner = holder.locator("[data-message='link.banner'] .banner-text")
        banner.wait_for()
        assert banner.text_content() == TEXTS_EN["link.refused.changed"]
        assert holder.evaluate("k => localStorage.getItem(k)", key) == kept
        holder.locator("[data-action=banner-close]").click()

        # --- Caledea, two devices, in French on Ann's side
        ann.locator("[data-action=lang]").first.click()
        url = start_by_link(ann, "caledea", ["Ann", "Bob"])
        assert ann.locator(WAITING + " h1").text_content().startswith("En attente de")
        check_screen(ann, "caledea waiting, French")
        url, lg = play_game({0: ann, 1: bob}, "caledea", url, rng, moves=3)
        assert lg.moves >= 3
        ann.locator("[data-action=lang]").first.click()  # back to English

        # --- three seats: the command line created the game and holds seat 1
        secret = str(tmp_path / "cli-secret.json")
        url = cli(
            "new", "--game", "pyramids", "--players", "3", "--names", "Cy,Ann,Bob",
            "--secret", secret, "--app-url", site_url,
        )  # fmt: skip
        contexts = []

        def first_visit(at: str):
            context = browser.new_context(viewport=PHONE)
            log.watch_context(context)
            contexts.append(context)
            return open_app(context, at, log)  # the link opens the app on a first visit

        pages = {0: ("cli", secret, site_url), 1: ann, 2: first_visit}
        url, lg = play_game(pages, "pyramids", url, rng, moves=5)
        assert lg.moves >= 5 and all(c is not None for c in lg.commits)
        assert contexts and not isinstance(pages[2], type(first_visit))
        for context in contexts:
            context.close()
    finally:
        ctx_a.close()
        ctx_b.close()
    assert not log.console_errors, log.console_errors
    assert not log.page_errors, log.page_errors
    warnings = [c for c in log.console if c.startswith("warning")]
    assert not warnings, warnings
    assert not log.failed_requests, log.failed_requests
