"""The app runs Python without WebAssembly stack switching (JSPI), so Chromium's sampling heap
profiler cannot crash its renderer (static/js/pyodide-loader.mjs says how it did).

Chromium turns that profiler on for some renderer processes only; here it is forced on in every
one, sampling an allocation in about every 10 kB, which made 7 of 8 boots of the app crash while
Pyodide used JSPI. With it on: fresh boots and games against a bot, and a returning visit that
makes the Python snapshot in its worker and a start restored from it, all without a crash."""

from __future__ import annotations

import random
import shutil
import tempfile

import pytest
from game_driver import new_game, play_steps
from playwright.sync_api import Error as PlaywrightError
from sitetest import PageLog, launch, open_app, reload, returning_visit, wait_for_service_worker

HEAP_PROFILER_ON = (
    "--enable-features=HeapProfilerReporting:stable-probability/1.0/nonstable-probability/1.0"
    "/renderer-prob-pct/100/renderer-sampling-rate-bytes/10000"
)


@pytest.fixture(scope="module")
def profiled_browser(playwright_driver):
    browser = launch(playwright_driver, HEAP_PROFILER_ON)
    yield browser
    browser.close()


def stack_switching(page) -> list:
    """What the page's Pyodide sees of JSPI: WebAssembly.Suspending, and Pyodide's own flag."""
    return page.evaluate(
        """() => import('./js/pyodide-loader.mjs').then(m => [
             typeof WebAssembly.Suspending, m.interpreter()._module.jspiSupported])"""
    )


def survives(steps) -> str | None:
    """Run ``steps``; what Playwright said if the renderer died under them, else None. (Said
    outside the exception, in other words than Playwright's, so that the crash rerun of the
    browser tests does not run this test again.)"""
    try:
        steps()
    except PlaywrightError as error:
        if "crashed" not in str(error):
            raise
        return str(error).splitlines()[0].replace("crashed", "died")
    return None


def test_fresh_boots_and_bot_games_with_the_heap_profiler_on(profiled_browser, site_url):
    for boot in range(3):
        context = profiled_browser.new_context()
        log = PageLog()
        log.watch_context(context)

        def play(log=log, context=context, boot=boot):
            page = open_app(context, site_url, log)
            assert stack_switching(page) == ["undefined", False]
            new_game(page, seats=("human", "greedy"), seed=f"profiled {boot}")
            play_steps(page, random.Random(boot), 4)

        died = survives(play)
        context.close()
        assert died is None, f"boot {boot}: the renderer {died}"
        assert log.console_errors == [] and log.page_errors == []


def test_a_snapshot_made_and_restored_with_the_heap_profiler_on(playwright_driver, site_url):
    profile = tempfile.mkdtemp(prefix="caldera-profiled-")
    context = launch(playwright_driver, HEAP_PROFILER_ON, profile=profile)
    log = PageLog()
    log.watch_context(context)
    outcome = {}

    def visits():
        page = open_app(context, site_url, log)
        wait_for_service_worker(page)
        outcome["made"] = returning_visit(page)  # the snapshot made in its worker
        reload(page)  # and the next start restores it
        outcome["start"] = page.get_attribute("html", "data-python-start")
        assert stack_switching(page) == ["undefined", False]
        new_game(page, seats=("human", "greedy"), seed="profiled snapshot")
        play_steps(page, random.Random(7), 3)

    try:
        died = survives(visits)
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)
    assert died is None, f"the renderer {died}"
    assert outcome == {"made": "stored", "start": "snapshot"}
    assert log.console_errors == [] and log.page_errors == []
