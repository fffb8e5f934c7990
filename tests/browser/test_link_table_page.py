"""A game by link with a computer seat, in Chromium through the page: Ann (a laptop) starts a
three-seat Caldera Park (Ann, Bob, the computer) and her device plays the computer's turns; Bob
(a phone) plays his by the link; while the link is with the other device, the game's board stays
in view, read-only, beside (laptop) or under (phone, 390x844 and 360x740) the waiting panel,
which never covers it; a second tab of Ann's that plays her turn makes the first one show its
newer copy (the ``storage`` event); axe-core and the text fit; a clean console."""

from __future__ import annotations

import random

import link_driver
from game_driver import play_human_step as park_step
from link_driver import WAIT, renders
from saves_driver import run_axe
from sitetest import PageLog, open_app
from text_fit import text_faults

from pyapp.core import link
from pyapp.ui.features.link_play import link_to, next_seat
from pyapp.ui.link_device import TEXTS_EN as DEVICE_EN

PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1366, "height": 768}
HUMAN_TURN = "section[data-screen=table][data-human-turn=true]"
WAITING = "section[data-screen=link][data-link-state=waiting]:not([data-computer])"
SETTLED = f"{HUMAN_TURN}, {WAITING}, #app[data-screen=end]"


def settle(page, before: str) -> None:
    link_driver.settle(page, before, SETTLED)


def check_screen(page, where: str) -> None:
    bad = run_axe(page)
    assert not bad, (where, bad)
    faults = [f for f in text_faults(page) if "link-field" not in f]
    assert not faults, (where, faults)


def board_in_view(page, where: str) -> None:
    """The waiting panel and the game's board side by side or one above the other: the board
    starts inside the viewport, nothing of the panel over it, and it offers no move."""
    boxes = page.evaluate(
        """() => {
          const r = e => { const b = e.getBoundingClientRect();
            return [b.left, b.top, b.right, b.bottom]; };
          const panel = document.querySelector('.link-wait-wrap > section[data-screen=link]');
          const board = document.querySelector('.link-board');
          const table = board && board.querySelector('section[data-screen=table]');
          return {panel: r(panel), board: r(board), table: table ? r(table) : null,
                  human: table ? table.dataset.humanTurn : null,
                  vh: innerHeight, vw: innerWidth};
        }"""
    )
    panel, board = boxes["panel"], boxes["board"]
    assert boxes["table"] is not None and boxes["human"] != "true", (where, boxes)
    apart = panel[3] <= board[1] + 1 or panel[2] <= board[0] + 1  # above, or beside
    assert apart, (where, boxes)
    assert board[1] < boxes["vh"] - 120 and board[0] < boxes["vw"] - 120, (where, boxes)
    assert board[2] - board[0] > 200, (where, boxes)


def open_link_form(page, game: str, players: int) -> None:
    """The new-game form of ``game``, then its "Play with friends by link" form for ``players``."""
    page.locator("[data-action=menu-new]").click()
    page.locator(f"[data-action=game-choose][data-game={game}]").click()
    page.wait_for_selector(f"#app[data-game={game}] section[data-screen=setup]")
    page.locator("[data-action=link-new]").click()
    page.wait_for_selector("section[data-screen=link].link-form")
    page.locator("select[data-action=link-players]").select_option(str(players))


def start_with_computer(page) -> str:
    open_link_form(page, "park", 3)
    for s, name in enumerate(["Ann", "Bob", "Robo"]):
        page.locator(f"input[data-action=link-name][data-seat='{s}']").fill(name)
    page.locator("select[data-action=link-kind][data-seat='2']").select_option("greedy")
    page.wait_for_selector("input[data-action=link-me]:nth-of-type(1)")
    assert page.locator("input[data-action=link-me]").count() == 2  # the people only
    check_screen(page, "form with a computer seat")
    page.locator("[data-action=link-start]").click()
    page.wait_for_selector(WAITING, timeout=WAIT)
    return page.locator("[data-key=link-field]").input_value()


def turn(page, url: str, rng: random.Random) -> str:
    """Open ``url`` on this device and play until the link goes on; the next link."""
    before = renders(page)
    page.goto(url)
    settle(page, before)
    for _ in range(60):
        if page.locator(WAITING).count() or page.locator("#app[data-screen=end]").count():
            break
        before = renders(page)
        park_step(page, rng)
        settle(page, before)
    else:
        raise AssertionError("the turn did not end")
    close = page.locator("[data-message='link.drawn'] [data-action=banner-close]")
    if close.count():
        close.click()
    return page.locator("[data-key=link-field]").input_value()


def test_a_friend_and_the_computer_by_link_with_the_board_in_view(browser, site_url):
    log = PageLog()
    rng = random.Random(33)
    ctx_a = browser.new_context(viewport=LAPTOP)
    ctx_b = browser.new_context(viewport=PHONE)
    log.watch_context(ctx_a)
    log.watch_context(ctx_b)
    try:
        ann = open_app(ctx_a, site_url, log)
        bob = open_app(ctx_b, site_url, log)
        url = start_with_computer(ann)
        assert link.decode(url)["b"] == [None, None, "greedy"]
        board_in_view(ann, "laptop, waiting for Bob to join")
        check_screen(ann, "laptop waiting")
        pages = {0: ann, 1: bob}
        computer_moves = bob_waited = 0
        for _ in range(40):
            lg = link.LinkGame.from_text(url)
            if computer_moves and bob_waited:
                break
            to = link_to(lg)
            assert to in pages
            before = len(lg.steps)
            url = turn(pages[to], url, rng)
            after = link.LinkGame.from_text(url)
            computer_moves += sum(len(s) - 1 for s in after.steps[before:] if s[0] == 2)
            if to == 1 and bob.locator(WAITING).count():
                bob_waited += 1
                if bob_waited == 1:  # the phone: the board under the panel, in view
                    board_in_view(bob, "phone 390x844")
                    check_screen(bob, "phone waiting 390x844")
                    bob.set_viewport_size(SMALL_PHONE)
                    board_in_view(bob, "phone 360x740")
                    check_screen(bob, "phone waiting 360x740")
                    bob.set_viewport_size(PHONE)
        else:
            raise AssertionError("the game did not get far enough")
        assert computer_moves >= 1 and bob_waited >= 1, (computer_moves, bob_waited)

        # another tab of Ann's browser plays her turn: the first tab shows its newer copy
        for _ in range(10):  # on to a link at Ann's own turn
            lg = link.LinkGame.from_text(url)
            if next_seat(lg) == 0 and lg.pending is None:  # her move, not a draw to make
                break
            url = turn(pages[link_to(lg)], url, rng)
        before = renders(ann)
        ann.goto(url)
        settle(ann, before)
        ann.wait_for_selector(HUMAN_TURN, timeout=WAIT)
        second = open_app(ctx_a, site_url, log)
        before = renders(ann)
        newer = turn(second, url, rng)
        ann.wait_for_function(
            "n => document.querySelector('#app').getAttribute('data-renders') !== n",
            arg=before,
            timeout=WAIT,
        )
        banner = ann.locator("[data-message='link.banner'] .banner-text")
        banner.wait_for(timeout=WAIT)
        assert banner.text_content() == DEVICE_EN["link.refused.newer"]
        ann.wait_for_selector(WAITING, timeout=WAIT)
        assert ann.locator("[data-key=link-field]").input_value() == newer
        second.close()

        # the form with a computer seat, in French on the small phone
        bob.set_viewport_size(SMALL_PHONE)
        bob.locator("[data-action=menu-more]").click()  # a phone's header: under More
        bob.locator("[data-action=lang]").first.click()
        bob.wait_for_selector("html[lang=fr]")
        if bob.locator("[data-action=menu-more][aria-expanded=true]").count():
            bob.locator("[data-action=menu-more]").click()
        open_link_form(bob, "caledea", 4)
        bob.locator("select[data-action=link-kind][data-seat='3']").select_option("strong")
        bob.wait_for_selector(
            "select[data-action=link-kind][data-seat='3'] option[value=strong][selected]",
            state="attached",
        )
        assert bob.locator("input[data-action=link-me]").count() == 3  # the people only
        check_screen(bob, "French form, 360x740")
    finally:
        ctx_a.close()
        ctx_b.close()
    assert not log.console_errors, log.console_errors
    assert not log.page_errors, log.page_errors
    warnings = [c for c in log.console if c.startswith("warning")]
    assert not warnings, warnings
    assert not log.failed_requests, log.failed_requests
