"""WebKit's console from the page's first line, on a first visit.

WebKitWebDriver's pages print nothing to a console the smoke test could read, so the smoke
test (test_webkit_smoke.py) watches the console from inside the page from ready on. Here
WebKitGTK's MiniBrowser runs on its own (not in automation), on an Xvfb display, with its
website data in a temporary directory, and writes every console message of the page to its
standard output (the WebKitSettings property ``enable-write-console-messages-to-stdout``). A
first visit boots to ready with no console warning or error, none either in the seconds after
the page's load event (when WebKit reports preloads that went unused), and the runtime's first
files (tools/build_site.py ``EARLY_FETCH``) are each downloaded once: WebKit never hands a
``<link rel=preload as=fetch>`` to fetch(), which downloaded them twice and warned.
"""

from __future__ import annotations

import os
import subprocess
import time

import pytest

from tools.build_site import EARLY_FETCH
from tools.engines import BOOT_TIMEOUT_S, engines_missing, find_minibrowser, xvfb

pytestmark = pytest.mark.browser

READY_LINE = "Caldera Park ready"
# WebKit reports an unused preload 3 s after the window's load event; ready comes after it
AFTER_READY_S = 5


def test_webkit_first_visit_console_is_clean_and_downloads_once(site, serve_dir, tmp_path):
    missing = engines_missing().get("webkit")
    if missing:
        pytest.skip(missing)
    served = serve_dir(site.path)
    env = {
        **os.environ,
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    with xvfb() as display:
        browser = subprocess.Popen(
            [find_minibrowser(), "--enable-write-console-messages-to-stdout=true", served.url],
            env={**env, "DISPLAY": display},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        try:
            # ready: the page registers its service worker (boot.js), the server sees sw.js
            end = time.monotonic() + BOOT_TIMEOUT_S
            while not any(path.endswith("/sw.js") for path, _, _ in served.counter.requests):
                if browser.poll() is not None or time.monotonic() > end:
                    break
                time.sleep(0.2)
            else:
                time.sleep(AFTER_READY_S)  # for messages that only come after the load event
        finally:
            browser.terminate()  # its console lines are written out as it ends
            lines = browser.communicate(timeout=30)[0].splitlines()

    console = [line.strip() for line in lines if "CONSOLE" in line]
    assert any(READY_LINE in line for line in console), lines[-10:]
    noisy = [line for line in console if " WARN " in line or " ERROR " in line]
    assert noisy == [], noisy
    boot = []  # the server's answers until the service worker was registered (after ready)
    for path, status, _ in served.counter.requests:
        if path.endswith("/sw.js"):
            break
        boot.append((path, status))
    for name in EARLY_FETCH:
        downloads = [p for p, status in boot if p.endswith("/" + name) and status == 200]
        assert len(downloads) == 1, (name, boot)
