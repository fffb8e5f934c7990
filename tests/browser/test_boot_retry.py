"""``open_app`` tries a boot again only when Chromium's renderer crashed during it, and forgets
what the crashed page logged: fake pages for each case, and once in Chromium with a renderer
really crashed (``chrome://crash``) during the app's first boot."""

from __future__ import annotations

import pytest
from sitetest import PageLog, RendererCrashWarning, open_app


class Crash(Exception):
    pass


class FakePage:
    """A page whose boot does what ``outcome`` says: "ok", "crash" (the crash event, then the
    wait fails) or "timeout" (the wait fails, no crash)."""

    def __init__(self, outcome: str, log_entries: int = 0):
        self.outcome = outcome
        self.handlers: dict[str, list] = {}
        self.closed = False
        self.log_entries = log_entries

    def on(self, event, handler):
        self.handlers.setdefault(event, []).append(handler)

    def remove_listener(self, event, handler):
        self.handlers[event].remove(handler)

    def goto(self, url):
        for handler in self.handlers.get("console", []):
            for i in range(self.log_entries):
                handler(type("Msg", (), {"type": "error", "text": f"from {self.outcome} {i}"}))

    def wait_for_selector(self, selector, state, timeout):
        if self.outcome == "crash":
            for handler in self.handlers.get("crash", []):
                handler(self)
            raise Crash("Page.wait_for_selector: Target crashed")
        if self.outcome == "timeout":
            raise TimeoutError("Timeout 90000ms exceeded")

    def close(self):
        self.closed = True


class FakeContext:
    def __init__(self, *outcomes: str, log_entries: int = 0):
        self.outcomes = list(outcomes)
        self.pages: list[FakePage] = []
        self.log_entries = log_entries

    def new_page(self):
        page = FakePage(self.outcomes.pop(0), self.log_entries)
        self.pages.append(page)
        return page


def test_a_crash_during_boot_is_tried_once_more_and_what_it_logged_is_forgotten():
    context = FakeContext("crash", "ok", log_entries=1)
    log = PageLog()
    with pytest.warns(RendererCrashWarning, match="crashed while booting"):
        page = open_app(context, "http://app/", log)
    assert page is context.pages[1]
    assert context.pages[0].closed and not page.closed
    assert log.crashes == ["http://app/"]
    assert log.console_errors == ["from ok 0"]  # the crashed page's entry is gone


def test_two_crashes_fail_the_boot():
    context = FakeContext("crash", "crash")
    with pytest.warns(RendererCrashWarning), pytest.raises(Crash):
        open_app(context, "http://app/", PageLog())
    assert len(context.pages) == 2


def test_a_boot_that_fails_without_a_crash_is_not_tried_again():
    context = FakeContext("timeout", "ok")
    with pytest.raises(TimeoutError):
        open_app(context, "http://app/", PageLog())
    assert len(context.pages) == 1


def test_a_boot_that_works_opens_one_page():
    context = FakeContext("ok")
    log = PageLog()
    assert open_app(context, "http://app/", log) is context.pages[0]
    assert log.crashes == []


def crash_during(page, wait_for_selector):
    """``wait_for_selector`` of ``page`` after its renderer is crashed (``chrome://crash``)."""

    def crash_then_wait(*args, **kwargs):
        with pytest.raises(Exception, match="ERR_ABORTED"):
            page.goto("chrome://crash")
        return wait_for_selector(*args, **kwargs)

    return crash_then_wait


class CrashFirstBoot:
    """A browser context whose first page's renderer crashes while the app boots in it."""

    def __init__(self, context):
        self.context = context
        self.pages = []

    def new_page(self):
        page = self.context.new_page()
        self.pages.append(page)
        if len(self.pages) == 1:
            page.wait_for_selector = crash_during(page, page.wait_for_selector)
        return page


def test_a_real_renderer_crash_during_the_first_boot(context, site_url):
    crashing = CrashFirstBoot(context)
    log = PageLog()
    log.watch_context(context)
    with pytest.warns(RendererCrashWarning):
        page = open_app(crashing, site_url, log)
    assert page is crashing.pages[1]
    assert page.locator("html[data-app-ready]").count() == 1
    assert log.crashes == [site_url]
    assert log.console_errors == [] and log.page_errors == [] and log.failed_requests == []
