"""Helpers for the browser tests: build, serve, launch Chromium, open the app and watch it.

Imported by ``conftest.py`` (fixtures) and by the test modules (``from sitetest import ...``).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.build_site import build  # noqa: E402
from tools.chromium import CHROMIUM_ARGS, find_chromium  # noqa: E402, F401 (re-exported)
from tools.serve import Counter, make_server, start_in_thread  # noqa: E402

PREFIX = "/caldera/park/"
READY = "html[data-app-ready]"
BOOT_TIMEOUT_MS = 90_000
# What Playwright says when Chromium's renderer process of a page died under it (an action or
# wait on that page: "Target crashed"; an event wait: "Page crashed"). A browser test that
# fails so is run once more, and only then (``crash_rerun_marker``).
RENDERER_CRASHED = [r"Target crashed", r"Page crashed"]


def crash_rerun_marker():
    """pytest-rerunfailures' marker: run a test once more when, and only when, it failed
    because a renderer crashed. The crashes once seen about once a suite run had a cause, now
    gone (static/js/pyodide-loader.mjs, tests/browser/test_no_stack_switching.py); this is a
    net for any other, listed in pytest's summary. Any other failure, or a second crash, fails
    the test."""
    return pytest.mark.flaky(reruns=1, only_rerun=RENDERER_CRASHED)


def launch(driver, *extra_args: str, profile: str | None = None):
    """Debian's Chromium, headless, with the suite's flags and ``extra_args``: a browser, or a
    persistent context on ``profile``."""
    options = {
        "executable_path": chromium_path(),
        "args": [*CHROMIUM_ARGS, *extra_args],
        "headless": True,
    }
    if profile is None:
        return driver.chromium.launch(**options)
    return driver.chromium.launch_persistent_context(profile, **options)


def chromium_path() -> str:
    path = find_chromium()
    if path is None:
        raise RuntimeError(
            "No Chromium found: install Debian's chromium (make test does) or set CHROMIUM_PATH"
        )
    return path


@dataclass
class SiteBuild:
    path: Path
    manifest: dict  # {"version": str, "files": {relative path: sha256}}

    @property
    def version(self) -> str:
        return self.manifest["version"]

    @property
    def files(self) -> dict[str, str]:
        return self.manifest["files"]


@dataclass
class Served:
    url: str  # ends with "/"
    counter: Counter
    server: object

    def path_of(self, url: str) -> str | None:
        """The site-relative path of a URL on this server, or None if it is elsewhere."""
        if not url.startswith(self.url):
            return None
        return urlsplit(url).path[len(urlsplit(self.url).path) :]


@dataclass
class PageLog:
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    bad_responses: list[tuple[str, int]] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)

    def watch_context(self, context) -> None:
        context.on("request", lambda r: self.requests.append(r.url))
        context.on("requestfailed", lambda r: self.failed_requests.append(r.url))
        context.on(
            "response",
            lambda r: self.bad_responses.append((r.url, r.status)) if r.status >= 400 else None,
        )

    def watch_page(self, page) -> None:
        def on_console(msg):
            self.console.append(f"{msg.type}: {msg.text}")
            if msg.type == "error":
                self.console_errors.append(msg.text)

        page.on("console", on_console)
        page.on("pageerror", lambda exc: self.page_errors.append(str(exc)))


def serve(directory: Path, prefix: str = PREFIX) -> Served:
    counter = Counter()
    server = make_server(directory, prefix=prefix, counter=counter)
    start_in_thread(server)
    host, port = server.server_address[:2]
    return Served(f"http://{host}:{port}{prefix}", counter, server)


def build_site(out: Path, stamp: str = "") -> SiteBuild:
    return SiteBuild(out, build(out, stamp=stamp))


def open_app(context, url: str, log: PageLog | None = None, wait_ready: bool = True):
    """A new page of ``context`` at ``url``; waits for ``data-app-ready`` unless told not to."""
    page = context.new_page()
    if log is not None:
        log.watch_page(page)
    page.goto(url)
    if wait_ready:
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    return page


def reload(page) -> None:
    """Reload the page and wait for ``data-app-ready`` again."""
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)


MADE = "document.documentElement.hasAttribute('data-python-made')"


def returning_visit(page) -> str:
    """Reload (the service worker now serves the page) and wait for the background Python
    snapshot (static/js/pyodide-loader.mjs); what became of it (``data-python-made``)."""
    reload(page)
    page.wait_for_function(MADE, timeout=BOOT_TIMEOUT_MS, polling=200)
    return page.get_attribute("html", "data-python-made")


def wait_for_service_worker(page, timeout_ms: int = 60_000) -> None:
    """Wait until the page is controlled by an activated service worker."""
    page.wait_for_function(
        """() => navigator.serviceWorker.controller !== null
               && navigator.serviceWorker.controller.state === 'activated'""",
        timeout=timeout_ms,
    )
