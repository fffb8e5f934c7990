"""Playing Caldera Park through its interface only (clicks or keys), for the game's browser tests.

``play_human_step(page, rng)`` makes the human to move take one whole decision with the mouse,
choosing at random among what the screen offers; ``play_to_end`` alternates that with waiting
for the bots until the scoring pad is shown.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
TABLE = "section[data-screen=table]"
HUMAN_TURN = "section[data-screen=table][data-human-turn=true]"
ENABLED = ":not([aria-disabled=true]):not([disabled])"


def new_game(page, *, variant="base", seats=("human", "random"), names=None, seed="7", hide=False):
    """Fill the new-game form and start; returns when the first game screen is drawn.
    ``hide``: hand-over screens between the people of a pass-and-play game."""
    page.locator(f"input[data-action=variant][value={variant}]").check()
    fill_seats_and_start(page, seats, names, seed, hide=hide)


def fill_seats_and_start(page, seats, names, seed, hide=False) -> None:
    """Fill any game's seat form (pyapp/ui/seats.py) and start; returns when the first game
    screen is drawn. ``hide``: check the park's pass-and-play hand-over setting."""
    count = page.locator(f"input[data-action=seats][value='{len(seats)}']")
    if count.count():
        count.check()
    for i, kind in enumerate(seats):
        page.locator(f"select[data-seat='{i}']").select_option(kind)
        if names:
            page.locator(f"input[data-action=name][data-seat='{i}']").fill(names[i])
    if hide:
        page.locator("input[data-action=hide]").check()
    page.locator("input[data-action=seed]").fill(seed)
    page.locator("[data-action=start]").click()
    page.wait_for_selector("#app[data-screen=table], #app[data-screen=handover]")


def header_entry(page, action: str):
    """The header's entry ``data-action=action``, shown: on a phone it is behind "More", which
    is opened first (pyapp/ui/frame.py ``header``); tap or click it."""
    entry = page.locator(f".app-header [data-action={action}]")
    if not entry.is_visible():
        page.locator("[data-key=menu-more]").click()
        entry.wait_for(state="visible")
    return entry


def _pick(page, selector: str, rng: random.Random):
    items = page.locator(selector)
    n = items.count()
    assert n > 0, f"nothing offered for {selector}"
    return items.nth(rng.randrange(n))


def screen(page) -> str:
    return page.locator("#app").get_attribute("data-screen")


def wait_for_human_or_end(page, timeout=120_000) -> str:
    page.wait_for_selector(
        f"{HUMAN_TURN}, #app[data-screen=handover], #app[data-screen=end]", timeout=timeout
    )
    return screen(page)


def play_human_step(page, rng: random.Random) -> None:
    """One whole decision of the human to move, by mouse (or the hand-over button)."""
    if screen(page) == "handover":
        page.locator("[data-action=ready]").click()
        return
    table = page.locator(TABLE)
    kind = table.get_attribute("data-decision")
    before = page.locator("#app").get_attribute("data-renders")
    if kind == "place":
        _pick(page, f"button[data-action=token]{ENABLED}", rng).click()
        _pick(page, "g[data-action=space]", rng).click()
        page.locator("[data-action=confirm]").click()
    elif kind == "pick":
        if page.locator("button[data-action=action]").count():
            _pick(page, f"button[data-action=action]{ENABLED}", rng).click()
        _pick(page, f"button[data-action=terrain]{ENABLED}", rng).click()
    elif kind == "reveal":
        _pick(page, "button[data-action=slot]", rng).click()
    elif kind == "weather":
        _pick(page, "button[data-action=slot]", rng).click()
        if page.locator("[data-action=confirm][disabled]").count():
            _pick(page, "g[data-action=space]", rng).click()
        page.locator("[data-action=confirm]").click()
    elif kind == "start":
        # Geyser Park: which starting token goes on the ring (the other in the middle), then the
        # ring space; on the first geyser side only the ring space
        if page.locator("button[data-action=slot]").count():
            _pick(page, "button[data-action=slot]", rng).click()
        _pick(page, "g[data-action=space]", rng).click()
        page.locator("[data-action=confirm]").click()
    else:
        raise AssertionError(f"unexpected decision {kind!r}")
    assert page.locator("#app").get_attribute("data-renders") != before
    errors = page.locator(".toast .error")
    assert errors.count() == 0, errors.first.text_content()


def play_steps(page, rng: random.Random, steps: int) -> str:
    """Take ``steps`` decisions of the humans (the bots playing between them), then wait for
    the next human decision or the end; returns the screen then shown."""
    for _ in range(steps):
        wait_for_human_or_end(page)
        play_human_step(page, rng)
    return wait_for_human_or_end(page)


def play_to_end(page, rng: random.Random, max_steps=800) -> int:
    """Play the humans' decisions until the end screen; returns the number of human steps."""
    steps = 0
    while wait_for_human_or_end(page) != "end":
        play_human_step(page, rng)
        steps += 1
        assert steps < max_steps, "the game does not end"
    return steps


def game_record(page) -> dict:
    """The running game's record (options and action log), as the page holds it."""
    return json.loads(page.evaluate("CalderaGame('record')"))


def pad_totals(page) -> list[int]:
    cells = page.locator("table.pad td.total")
    return [int(cells.nth(i).get_attribute("data-total")) for i in range(cells.count())]


def no_sideways_scroll(page) -> bool:
    return page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


def wait_for_animations(page, timeout=15_000) -> None:
    """Wait until every finite animation of the page has ended (the end screen's pad fills row
    by row), so that a screenshot shows the screen as it stays."""
    page.wait_for_function(
        """() => document.getAnimations().every(
            (a) => a.playState !== 'running' || a.effect.getTiming().iterations === Infinity)""",
        timeout=timeout,
    )


def screenshot(page, name: str, full_page: bool = True) -> Path:
    """Write a screenshot into test-artifacts/ (the whole page, or just the viewport)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    page.screenshot(path=str(path), full_page=full_page)
    return path
