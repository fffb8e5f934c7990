"""Firefox (Debian's firefox-esr, driven over WebDriver BiDi by puppeteer-core from Node.js:
bidi_driver.mjs) boots the app, plays each game against a bot, resumes after a reload, is
controlled by the service worker, starts offline, with a clean console (engine_smoke.py)."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from engine_smoke import EnginePage, run_smoke

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FIREFOX = os.environ.get("FIREFOX_PATH") or shutil.which("firefox-esr") or shutil.which("firefox")
PUPPETEER = ROOT / "node_modules" / "puppeteer-core"

pytestmark = pytest.mark.browser


class FirefoxPage(EnginePage):
    name = "Firefox"

    def __init__(self, executable: str):
        self.process = subprocess.Popen(
            ["node", str(HERE / "bidi_driver.mjs"), executable],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.version = self._answer()

    def _answer(self):
        line = self.process.stdout.readline()
        if not line:
            raise AssertionError(f"the BiDi driver stopped (exit code {self.process.wait()})")
        answer = json.loads(line)
        if "error" in answer:
            raise AssertionError(f"Firefox: {answer['error']}")
        return answer["value"]

    def _send(self, **command):
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        return self._answer()

    def goto(self, url):
        self._send(op="goto", url=url)

    def reload(self):
        self._send(op="reload")

    def eval(self, js):
        return self._send(op="eval", js=js)

    def click(self, x, y):
        self._send(op="click", x=x, y=y)

    def type(self, text):
        self._send(op="type", text=text)

    def log(self):
        return self._send(op="log")

    def close(self):
        with contextlib.suppress(AssertionError, BrokenPipeError, OSError):
            self._send(op="close")
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@pytest.fixture(scope="module")
def firefox():
    if FIREFOX is None:
        pytest.skip("no Firefox: install Debian's firefox-esr (make test does) or set FIREFOX_PATH")
    if not PUPPETEER.is_dir() or shutil.which("node") is None:
        pytest.skip("no puppeteer-core under node_modules (make test runs npm ci) or no node")
    page = FirefoxPage(FIREFOX)
    yield page
    page.close()


def test_firefox_boots_plays_resumes_and_starts_offline(firefox, site, serve_dir):
    served = serve_dir(site.path)

    def stop_server():
        served.server.shutdown()
        served.server.server_close()

    assert firefox.version.startswith("firefox/")
    run_smoke(firefox, served.url, stop_server)
