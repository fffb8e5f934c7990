"""A browser test is run once more when, and only when, Chromium's renderer crashed under it
(``crash_rerun_marker``, pytest-rerunfailures): four tests in a pytest of their own, whose
renderers are really crashed (``chrome://crash``), each counting its attempts in a file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

INNER = """
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright
from sitetest import crash_rerun_marker, launch

HERE = Path(__file__).parent


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as driver:
        browser = launch(driver)
        yield browser
        browser.close()


def attempt(name):
    count = HERE / f"attempts-{name}"
    n = int(count.read_text()) + 1 if count.exists() else 1
    count.write_text(str(n))
    return n


def crash(page):
    with pytest.raises(Exception, match="ERR_ABORTED"):
        page.goto("chrome://crash")


@crash_rerun_marker()
def test_crashes_once(browser):
    page = browser.new_page()
    page.set_content("<button>Go</button>")
    if attempt("once") == 1:
        crash(page)
    page.locator("button").click()


@crash_rerun_marker()
def test_crashes_every_time(browser):
    page = browser.new_page()
    page.set_content("<button>Go</button>")
    attempt("always")
    crash(page)
    page.locator("button").click()


@crash_rerun_marker()
def test_crashes_while_waiting_for_an_event(browser):
    page = browser.new_page()
    if attempt("event") == 1:
        with page.expect_event("console", timeout=10_000):
            crash(page)


@crash_rerun_marker()
def test_fails_without_a_crash(browser):
    attempt("plain")
    assert "no crash" == "a crash"
"""


@pytest.mark.browser
def test_only_a_renderer_crash_runs_a_browser_test_again(tmp_path):
    (tmp_path / "conftest.py").write_text(f"import sys\nsys.path.insert(0, {str(HERE)!r})\n")
    (tmp_path / "test_inner.py").write_text(INNER)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rA", "test_inner.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    attempts = {
        name: int((tmp_path / f"attempts-{name}").read_text())
        for name in ("once", "always", "event", "plain")
    }
    assert attempts == {"once": 2, "always": 2, "event": 2, "plain": 1}, run.stdout
    summary = run.stdout.splitlines()
    assert "PASSED test_inner.py::test_crashes_once" in summary
    assert "PASSED test_inner.py::test_crashes_while_waiting_for_an_event" in summary
    failed = [line.split(" - ")[0] for line in summary if line.startswith("FAILED")]
    assert failed == [
        "FAILED test_inner.py::test_crashes_every_time",
        "FAILED test_inner.py::test_fails_without_a_crash",
    ]
    assert "2 failed, 2 passed, 3 rerun" in summary[-1]
    assert run.returncode == 1
