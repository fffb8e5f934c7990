"""Helpers of the saved-games, language and accessibility browser tests: storage seen from the
page, saved games made in CPython with the app's own modules, and axe-core from node_modules."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for _p in (ROOT, ROOT / "tests" / "saves"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

from sample_games import played  # noqa: E402, F401  (re-exported to the browser tests)
from sitetest import BOOT_TIMEOUT_MS, READY, reload  # noqa: E402, F401  (reload re-exported)
from storage_fakes import FakeStorage  # noqa: E402

from pyapp.ui.saves import CURRENT_KEY, GAME_PREFIX, SaveStore  # noqa: E402

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def saved_items(*games, current: int | None = None, game=None) -> dict[str, str]:
    """localStorage items holding ``games`` (state, seats) as the app saves them; ``game``: the
    protocol object of the games (Caldera Park's by default)."""
    fake = FakeStorage()
    store = SaveStore(fake, clock=iter(range(1_763_700_000_000, 10**13, 60_000)).__next__)
    ids = [
        store.save(state, session={"seats": seats, "fast": True}, game=game)
        for state, seats in games
    ]
    fake.items.pop(CURRENT_KEY, None)
    if current is not None:
        fake.items[CURRENT_KEY] = ids[current]
    return dict(fake.items)


def storage(page) -> dict[str, str]:
    """The app's localStorage items."""
    return page.evaluate(
        """() => Object.fromEntries(Object.keys(localStorage)
               .filter(k => k.startsWith('caldera-park/'))
               .map(k => [k, localStorage.getItem(k)]))"""
    )


def games_in(items: dict[str, str]) -> dict[str, dict]:
    return {k[len(GAME_PREFIX) :]: json.loads(v) for k, v in items.items()
            if k.startswith(GAME_PREFIX)}  # fmt: skip


def put(page, items: dict[str, str]) -> None:
    page.evaluate(
        "items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
        items,
    )


def banner(page) -> str | None:
    """The message key of the banner shown, or None."""
    b = page.locator(".banner[role=alert]")
    return b.get_attribute("data-message") if b.count() else None


def stop_analysis(page) -> None:
    """Stop the analysis on screen if it still runs, and wait until it is stopped or done.

    The check and the click are one step in the page: an analysis may finish between a
    locator's check and its click (a short one, on a busy machine), and then the click would
    wait for a Stop button that has left the page for good."""
    page.evaluate(
        "() => { const b = document.querySelector('[data-action=learn-analysis-stop]');"
        " if (b) b.click(); }"
    )
    page.wait_for_selector("section[data-screen=analysis][data-running=false]")


def open_saves(page) -> None:
    page.locator("[data-action=saves]").click()
    page.wait_for_selector("#app section[data-screen=saves]")


def run_axe(page, include: str = "#app") -> list[dict]:
    """axe-core (the npm package, injected as a same-origin inline script) on ``include``;
    the serious and critical violations. Finite animations (a row fading in, a token landing)
    are let finish first: axe judges the screen a person reads, not a frame of its entrance."""
    page.evaluate(
        """() => Promise.all(document.getAnimations()
            .filter(a => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
            .map(a => a.finished.catch(() => null)))"""
    )
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    result = page.evaluate(
        """async sel => {
            const r = await axe.run(document.querySelector(sel), {resultTypes: ['violations']});
            return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.slice(0, 5)
                    .map(n => n.target.join(' ') + ' :: ' + n.failureSummary)}));
        }""",
        include,
    )
    return [v for v in result if v["impact"] in ("serious", "critical")]


def catalogues() -> tuple[dict[str, str], dict[str, str]]:
    """The interface's English catalogue (with the saved-games strings) and the French one."""
    import pyapp.ui.features.saved_games  # noqa: F401 - adds the saved-games strings to the English catalogue
    from pyapp.ui import i18n
    from pyapp.ui.strings_fr import FR

    return i18n.CATALOGUES["en"], FR
