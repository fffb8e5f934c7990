"""Reusable fixtures for browser tests of the built site (Playwright for Python + system Chromium).

- ``site``: the site built once per session into a temporary directory (``SiteBuild``).
- ``site_url``: that build served by a threaded localhost server under a sub-path
  (``/caldera/park/``), to prove the site only uses relative URLs.
- ``browser``: Debian's Chromium (``$CHROMIUM_PATH`` or ``/usr/bin/chromium``), never a download;
  one per test module (see ``playwright_driver``).
- ``context``: a fresh browser context (empty cache, no service worker) per test.
- ``page_log`` / ``page``: a page that has loaded the app and waited for ``data-app-ready``;
  ``page_log`` holds its console errors, page errors, requests and failed responses.
- ``open_app(context, url)`` (sitetest.py): the same for a context or URL of your own.
- ``serve_dir(path)``: serve another directory (for example a second build) for one test.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from sitetest import (
    PREFIX,
    PageLog,
    Served,
    SiteBuild,
    build_site,
    crash_rerun_marker,
    launch,
    open_app,
    serve,
)


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> SiteBuild:
    return build_site(tmp_path_factory.mktemp("site") / "dist")


@pytest.fixture(scope="session")
def served(site) -> Served:
    served = serve(site.path)
    yield served
    served.server.shutdown()
    served.server.server_close()


@pytest.fixture(scope="session")
def site_url(served) -> str:
    return served.url


@pytest.fixture
def serve_dir():
    """``serve_dir(path, prefix=PREFIX) -> Served``; servers stop after the test."""
    started = []

    def start(directory: Path, prefix: str = PREFIX) -> Served:
        served = serve(directory, prefix)
        started.append(served)
        return served

    yield start
    for served in started:
        served.server.shutdown()
        served.server.server_close()


def pytest_collection_modifyitems(items):
    """Every test that drives Chromium (through ``playwright_driver``, which ``browser``,
    ``context``, ``page`` and ``persistent_context`` use) is marked ``browser``, so
    ``-m 'not browser'`` leaves them all out; the build's CPython tests stay unmarked. Each is
    run once more if, and only if, a renderer crash failed it (``crash_rerun_marker``)."""
    for item in items:
        if "playwright_driver" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
            item.add_marker(crash_rerun_marker())


# Playwright's sync API runs an asyncio loop in the main thread while it is started, and
# asyncio.run() refuses to run inside one: so the driver (and the browser) live for one test
# module, never across the session, and tests elsewhere that use asyncio.run() are unaffected.
@pytest.fixture(scope="module")
def playwright_driver():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright_driver):
    browser = launch(playwright_driver)
    yield browser
    browser.close()


@pytest.fixture
def persistent_context(playwright_driver):
    """A persistent (non-incognito) context with an empty profile, closed after the test."""
    profile = tempfile.mkdtemp(prefix="caldera-profile-")
    context = launch(playwright_driver, profile=profile)
    yield context
    context.close()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def context(browser):
    context = browser.new_context()
    yield context
    context.close()


@pytest.fixture
def page_log(context) -> PageLog:
    log = PageLog()
    log.watch_context(context)
    return log


@pytest.fixture
def page(context, page_log, site_url):
    """The app, booted to ``data-app-ready`` in a fresh context."""
    return open_app(context, site_url, page_log)
