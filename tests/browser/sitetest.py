"""Helpers for the browser tests: build, serve, launch Chromium, open the app and watch it.

Imported by ``conftest.py`` (fixtures) and by the test modules (``from sitetest import ...``).
"""

from __future__ import annotations

import sys
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.build_site import build  # noqa: E402
from tools.chromium import CHROMIUM_ARGS, find_chromium  # noqa: E402, F401 (re-exported)
from tools.serve import Counter, make_server, start_in_thread  # noqa: E402

PREFIX = "/caldera/park/"
READY = "html[data-app-ready]"
BOOT_TIMEOUT_MS = 90_000
BOOT_ATTEMPTS = 2  # a renderer crash during boot is retried once (open_app)


class RendererCrashWarning(UserWarning):
    """Chromium's renderer crashed while a page booted, and the boot was tried again."""


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
    crashes: list[str] = field(default_factory=list)  # URLs whose boot crashed and was retried

    def mark(self) -> dict[str, int]:
        """How long each list is now (for ``rewind``)."""
        return {name: len(value) for name, value in vars(self).items()}

    def rewind(self, mark: dict[str, int]) -> None:
        """Forget what was logged since ``mark``."""
        for name, length in mark.items():
            del getattr(self, name)[length:]

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


class CrashWatch:
    """Whether Chromium's renderer of ``page`` crashed since this watch began."""

    def __init__(self, page):
        self.page = page
        self.crashed = False
        page.on("crash", self._on_crash)

    def _on_crash(self, _page) -> None:
        self.crashed = True

    def stop(self) -> None:
        self.page.remove_listener("crash", self._on_crash)

    def retry_or_raise(self, error: Exception, attempt: int, url: str) -> None:
        """Re-raise ``error`` unless the renderer crashed and another attempt is left; then
        warn (``RendererCrashWarning``) and return."""
        crashed = self.crashed or "crashed" in str(error)  # "Page crashed", "Target crashed"
        if not crashed or attempt == BOOT_ATTEMPTS - 1:
            raise error
        warnings.warn(
            f"Chromium's renderer crashed while booting {url}; booting it again",
            RendererCrashWarning,
            stacklevel=3,
        )


def open_app(context, url: str, log: PageLog | None = None, wait_ready: bool = True):
    """A new page of ``context`` at ``url``; waits for ``data-app-ready`` unless told not to.

    If Chromium's renderer process crashes while the page boots, the boot is tried once more in a
    new page of the same context, with a ``RendererCrashWarning`` in pytest's summary and what the
    crashed page logged set aside; any other failure, or a second crash, fails the test as before.
    Such crashes were seen on these shared 2-core machines while the page booted (the one caught
    with the browser's log on: after PyScript's "Ready", before the app's), with no message from
    the page or the browser (README, Tests).
    """
    for attempt in range(BOOT_ATTEMPTS):
        mark = log.mark() if log is not None else None
        page = context.new_page()
        watch = CrashWatch(page)
        if log is not None:
            log.watch_page(page)
        try:
            page.goto(url)
            if wait_ready:
                page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        except Exception as error:
            watch.retry_or_raise(error, attempt, url)
            page.close()
            if log is not None:  # what the crashed page logged is not the app's doing
                log.rewind(mark)
                log.crashes.append(url)
            continue
        watch.stop()
        return page


def reload(page) -> None:
    """Reload the page and wait for ``data-app-ready`` again. (Not retried after a renderer
    crash: Playwright's page is unusable once its renderer crashed, and the caller holds it.)"""
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)


def wait_for_service_worker(page, timeout_ms: int = 60_000) -> None:
    """Wait until the page is controlled by an activated service worker."""
    page.wait_for_function(
        """() => navigator.serviceWorker.controller !== null
               && navigator.serviceWorker.controller.state === 'activated'""",
        timeout=timeout_ms,
    )
