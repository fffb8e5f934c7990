"""WebKit (WebKitGTK's MiniBrowser, Debian's webkit2gtk-driver, on an Xvfb display; driven
with Selenium's WebKitGTK driver) boots the app, plays each game against a bot, resumes after a
reload, is controlled by the service worker, starts offline, with a clean console
(engine_smoke.py).

WebKitWebDriver offers no WebDriver BiDi and MiniBrowser writes no console in automation, so
the page's console errors and warnings and its uncaught errors are watched from inside the page,
from each load's ready on; an error before ready shows the boot's error screen, which
``wait_ready`` reports."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess

import pytest
from engine_smoke import EnginePage, run_smoke
from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.webkitgtk.service import Service

pytestmark = [
    pytest.mark.browser,
    # Selenium's own use of its deprecated RemoteConnection argument
    pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning"),
]

MINIBROWSER = os.environ.get("WEBKIT_MINIBROWSER") or next(
    iter(sorted(glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser"))), None
)
WATCH = """
if (!window.__engineLog) {
  const log = window.__engineLog = [];
  const one = (a) => (a instanceof Error ? `${a} ${a.stack}` : String(a));
  const text = (args) => Array.from(args, one).join(" ");
  for (const level of ["error", "warn"]) {
    const original = console[level];
    console[level] = function () { log.push(level + ": " + text(arguments));
                                   return original.apply(console, arguments); };
  }
  addEventListener("error", (e) => log.push("pageerror: " + (e.message || e.error)));
  addEventListener("unhandledrejection", (e) => log.push("rejection: " + text([e.reason])));
}
"""


class WebKitPage(EnginePage):
    name = "WebKit"

    def __init__(self, display: str):
        options = webdriver.WebKitGTKOptions()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        service = Service(env={**os.environ, "DISPLAY": display})
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_window_size(1366, 800)
        self.driver.set_script_timeout(120)
        self.driver.set_page_load_timeout(120)
        self.version = self.driver.capabilities.get("browserVersion", "")
        self.errors: list[str] = []

    def goto(self, url):
        self.driver.get(url)

    def reload(self):
        self._collect()
        self.driver.refresh()

    def eval(self, js):
        answer = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"Promise.resolve().then(() => ({js}))"
            ".then((v) => done({v: v === undefined ? null : v}), (e) => done({e: String(e)}));"
        )
        assert "e" not in answer, f"WebKit: {answer['e']}"
        return answer["v"]

    def click(self, x, y):
        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(int(x), int(y))
        actions.pointer_action.click()
        actions.perform()

    def type(self, text):
        ActionChains(self.driver).send_keys(text).perform()

    def after_load(self):
        self.driver.execute_script(WATCH)

    def _collect(self):
        self.errors += self.driver.execute_script("return (window.__engineLog || []).splice(0)")

    def log(self):
        self._collect()
        errors, self.errors = self.errors, []
        return errors

    def close(self):
        self.driver.quit()


@pytest.fixture(scope="module")
def display():
    """An Xvfb display of its own: ":N"."""
    if shutil.which("Xvfb") is None:
        pytest.skip("no Xvfb: install Debian's xvfb (make test does)")
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1366x900x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    number = os.read(read, 32).decode().strip()
    os.close(read)
    assert number, "Xvfb did not start"
    yield f":{number}"
    xvfb.terminate()
    xvfb.wait(timeout=20)


@pytest.fixture(scope="module")
def webkit(display):
    if MINIBROWSER is None or shutil.which("WebKitWebDriver") is None:
        pytest.skip(
            "no WebKitGTK MiniBrowser or WebKitWebDriver: install Debian's webkit2gtk-driver "
            "(make test does) or set WEBKIT_MINIBROWSER"
        )
    page = WebKitPage(display)
    yield page
    page.close()


def test_webkit_boots_plays_resumes_and_starts_offline(webkit, site, serve_dir):
    served = serve_dir(site.path)

    def stop_server():
        served.server.shutdown()
        served.server.server_close()

    assert webkit.version
    run_smoke(webkit, served.url, stop_server)
