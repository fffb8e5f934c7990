"""Browser engines other than Playwright's Chromium, driven the same way, for the smoke tests
(tests/browser/engine_smoke.py) and tools/bench_engines.py. Never a downloaded browser:

- ``FirefoxPage(executable)``: Debian's firefox-esr over WebDriver BiDi, with puppeteer-core from
  Node.js (tools/bidi_driver.mjs, which this talks to a JSON line at a time);
- ``WebKitPage(display)``: WebKitGTK's MiniBrowser (Debian's webkit2gtk-driver) through
  Selenium's WebKitGTK driver, on an X display (``xvfb()`` starts one);
- ``ChromiumPage()``: Debian's Chromium through Playwright (the bench's baseline).

Each is one page with the same primitives: goto, reload, eval (an expression, awaited when a
promise), click at a point (the engine's own pointer input: WebKit's driver cannot click an SVG
<g>), type, log (console errors and warnings and uncaught errors since the last call), close.
WebKitWebDriver 2.50 offers no BiDi (it refuses webSocketUrl) and MiniBrowser writes no console
in automation, so WebKit's page is watched from inside from each load's ready on; an error
before ready shows the boot's error screen, which ``wait_ready`` reports.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path

try:  # the test extras (pyproject.toml); imported before any browser or display starts
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.service import Service
except ImportError:  # WebKit then cannot run; the other engines can
    webdriver = Service = None

ROOT = Path(__file__).resolve().parent.parent
BOOT_TIMEOUT_S = 120
START_TIMEOUT_S = 90
READY = (
    "document.documentElement.hasAttribute('data-app-ready')"
    " || document.documentElement.hasAttribute('data-app-error')"
)


def find_firefox() -> str | None:
    return os.environ.get("FIREFOX_PATH") or shutil.which("firefox-esr") or shutil.which("firefox")


def find_minibrowser() -> str | None:
    found = sorted(glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser"))
    return os.environ.get("WEBKIT_MINIBROWSER") or (found[0] if found else None)


def engines_missing() -> dict[str, str]:
    """What each engine lacks here (empty when all can run)."""
    missing = {}
    if find_firefox() is None:
        missing["firefox"] = "no Firefox: install Debian's firefox-esr (make test does)"
    elif not (ROOT / "node_modules" / "puppeteer-core").is_dir() or not shutil.which("node"):
        missing["firefox"] = "no node or no puppeteer-core under node_modules (npm ci)"
    if find_minibrowser() is None or shutil.which("WebKitWebDriver") is None:
        missing["webkit"] = "no WebKitGTK MiniBrowser or WebKitWebDriver: install webkit2gtk-driver"
    elif shutil.which("Xvfb") is None:
        missing["webkit"] = "no Xvfb: install Debian's xvfb (make test does)"
    return missing


@contextlib.contextmanager
def xvfb():
    """An Xvfb display of its own, checked to be up: yields ":N"."""
    with tempfile.TemporaryFile() as errors:
        read, write = os.pipe()
        server = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1366x900x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stderr=errors,
        )
        os.close(write)
        # Xvfb writes the number and its newline in two writes, and dies ("Cannot write display
        # number") if the pipe is closed between them: read up to the newline (or its exit)
        number = b""
        while not number.endswith(b"\n"):
            chunk = os.read(read, 32)
            if not chunk:
                break
            number += chunk
        number = number.decode().strip()
        os.close(read)
        try:
            if not number or server.poll() is not None:
                errors.seek(0)
                raise RuntimeError(f"Xvfb did not start: {errors.read().decode()[-400:]}")
            yield f":{number}"
        finally:
            server.terminate()
            server.wait(timeout=20)


class EnginePage:
    """One page in one engine; subclasses implement the primitives."""

    name = "engine"

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def eval(self, js: str):
        raise NotImplementedError

    def click(self, x: int, y: int) -> None:
        raise NotImplementedError

    def type(self, text: str) -> None:
        raise NotImplementedError

    def log(self) -> list[str]:
        """Console errors and warnings and uncaught errors since the last call."""
        raise NotImplementedError

    def after_load(self) -> None:
        """Called once the page is ready after each load (an engine may watch the page)."""

    # ---- built on the primitives ----

    def reopen(self, url: str, pause_s: float) -> None:
        """Leave the page for a blank one, wait ``pause_s`` and open ``url`` again: a player who
        closed the app and comes back, its previous page's memory given back meanwhile (where
        ``reload`` starts the page again at once)."""
        self.goto("about:blank")
        time.sleep(pause_s)
        self.goto(url)

    def wait_for(self, js: str, what: str, timeout_s: float = 30):
        end = time.monotonic() + timeout_s
        while True:
            value = self.eval(js)
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"{self.name}: timed out after {timeout_s} s: {what}")
            time.sleep(0.15)

    def wait_ready(self) -> None:
        self.wait_for(READY, "ready", BOOT_TIMEOUT_S)
        error = self.eval(
            "document.documentElement.hasAttribute('data-app-error')"
            " && document.getElementById('boot-error').innerText"
        )
        assert not error, f"{self.name}: the app did not start: {error}"
        self.after_load()

    def close(self) -> None:
        raise NotImplementedError


class FirefoxPage(EnginePage):
    """Debian's Firefox ESR over WebDriver BiDi (tools/bidi_driver.mjs), headless."""

    name = "Firefox"

    def __init__(self, executable: str):
        self.process = subprocess.Popen(
            ["node", str(ROOT / "tools" / "bidi_driver.mjs"), executable],
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
    """WebKitGTK's MiniBrowser through Selenium's WebKitGTK driver, on ``display``."""

    name = "WebKit"

    def __init__(self, display: str):
        options = webdriver.WebKitGTKOptions()
        options.binary_location = find_minibrowser()
        options.add_argument("--automation")
        # the driver's and the browser's own output, kept to say why a start failed (closed
        # with the page)
        self.driver_log = tempfile.NamedTemporaryFile(suffix=".log")  # noqa: SIM115
        service = Service(env={**os.environ, "DISPLAY": display}, log_output=self.driver_log)
        # a browser that never comes up (its display gone) would leave the session waiting
        # forever: its driver is killed after START_TIMEOUT_S, which fails the start
        killed = threading.Event()

        def kill():
            killed.set()
            if service.process:
                service.process.kill()

        watchdog = threading.Timer(START_TIMEOUT_S, kill)
        started = time.monotonic()
        watchdog.start()
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception as exc:
            with contextlib.suppress(Exception):
                service.stop()
            self.driver_log.seek(0)
            output = self.driver_log.read().decode(errors="replace").strip()[-800:]
            self.driver_log.close()
            why = "killed: no session within" if killed.is_set() else "failed after"
            raise RuntimeError(
                f"WebKit did not start ({why} {time.monotonic() - started:.0f} s): {exc}"
                f"; the driver printed: {output or 'nothing'}"
            ) from exc
        finally:
            watchdog.cancel()
        self.driver.set_window_size(1366, 800)
        self.driver.set_script_timeout(120)
        self.driver.set_page_load_timeout(120)
        self.version = self.driver.capabilities.get("browserVersion", "")
        self.errors: list[str] = []

    def goto(self, url):
        self._collect()  # the console of the page it leaves (none yet on the first)
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
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(int(x), int(y))
        actions.pointer_action.click()
        actions.perform()

    def type(self, text):
        from selenium.webdriver.common.action_chains import ActionChains

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
        try:
            self.driver.quit()
        finally:
            self.driver_log.close()


@contextlib.contextmanager
def open_webkit(tries: int = 3, page_class=None):
    """A started ``WebKitPage`` (or ``page_class``) on an Xvfb display of its own; a start that
    fails (the display or the browser not coming up, as on a very busy machine) is tried
    again on a fresh display, ``tries`` times in all."""
    page_class = page_class or WebKitPage
    for attempt in range(tries):
        with xvfb() as display:
            try:
                page = page_class(display)
            except RuntimeError:
                if attempt == tries - 1:
                    raise
                continue
            try:
                yield page
            finally:
                page.close()
            return


class ChromiumPage(EnginePage):
    """Debian's Chromium through Playwright, headless, on a profile of its own (the suite's
    flags: tools/chromium.py)."""

    name = "Chromium"

    def __init__(self, profile: str):
        from playwright.sync_api import sync_playwright

        from tools.chromium import CHROMIUM_ARGS, find_chromium

        self.playwright = sync_playwright().start()
        self.context = self.playwright.chromium.launch_persistent_context(
            profile,
            executable_path=find_chromium(),
            args=CHROMIUM_ARGS,
            headless=True,
            viewport={"width": 1366, "height": 768},
        )
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.version = self.context.browser.version if self.context.browser else ""
        self.errors: list[str] = []
        self.page.on(
            "console",
            lambda m: (
                self.errors.append(f"{m.type}: {m.text}")
                if m.type in ("error", "warning")
                else None
            ),
        )
        self.page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))

    def goto(self, url):
        self.page.goto(url, timeout=BOOT_TIMEOUT_S * 1000)

    def reload(self):
        self.page.reload(timeout=BOOT_TIMEOUT_S * 1000)

    def eval(self, js):
        return self.page.evaluate(js)

    def click(self, x, y):
        self.page.mouse.click(x, y)

    def type(self, text):
        self.page.keyboard.type(text)

    def log(self):
        errors, self.errors = self.errors, []
        return errors

    def close(self):
        self.context.close()
        self.playwright.stop()
