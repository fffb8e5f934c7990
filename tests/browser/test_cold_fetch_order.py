"""A first visit's downloads in order (issue 25): the app's wheel is asked for once the runtime's
WebAssembly has arrived, so it downloads while Python starts (not after, not sooner), once; and
bytes that are not the ones the lock names are never used (Pyodide downloads the wheel itself)."""

from __future__ import annotations

import json

from sitetest import READY, PageLog, open_app

TIMELINE = """() => {
  const entry = (part) => performance.getEntriesByType('resource')
    .filter(e => e.name.includes(part))
    .map(e => ({start: e.startTime, end: e.responseEnd}));
  const mark = (name) => performance.getEntriesByName(name, 'mark').map(m => m.startTime);
  return {wasm: entry('/pyodide/pyodide.asm.wasm'), wheel: entry('.whl'),
          started: mark('caldera:python-started'), app: mark('caldera:app')};
}"""


def _wheel_name(site) -> str:
    lock = json.loads((site.path / "pyodide/pyodide-lock.json").read_text())
    return lock["packages"]["caldera-park"]["file_name"]


def _from_page(request) -> bool:
    """Not the service worker's (its install precaches the wheel too, at a time the load of the
    machine decides)."""
    return request.service_worker is None


def test_a_first_visit_downloads_the_wheel_while_python_starts(context, site, site_url):
    log = PageLog()
    log.watch_context(context)
    page_requests: list[str] = []
    context.on("request", lambda r: _from_page(r) and page_requests.append(r.url))
    page = open_app(context, site_url, log)
    assert page.get_attribute("html", "data-python-start") == "fresh"
    assert page.get_attribute("html", "data-python-files") == "wheel"
    wheel = _wheel_name(site)
    assert [u for u in page_requests if u.endswith(wheel)] == [site_url + "pyodide/" + wheel]
    times = page.evaluate(TIMELINE)
    (wasm,), (fetched,), (started,) = times["wasm"], times["wheel"], times["started"]
    # not sooner than the WebAssembly's last byte (it would share the network with it) ...
    assert fetched["start"] >= wasm["end"], times
    # ... and before Python is up: it downloads while Python starts
    assert fetched["start"] < started, times
    assert not log.console_errors and not log.page_errors, (log.console_errors, log.page_errors)
    assert not [line for line in log.console if line.startswith("warning")], log.console


def test_early_bytes_that_are_not_the_locks_are_never_used(context, site, site_url):
    """The first answer for the wheel is another wheel (one byte changed): the page still boots,
    with the lock's wheel, downloaded by Pyodide's own integrity-checked fetch."""
    wheel = _wheel_name(site)
    tampered = bytearray((site.path / "pyodide" / wheel).read_bytes())
    tampered[len(tampered) // 2] ^= 0x01
    answered: list[str] = []

    def answer(route):
        if not _from_page(route.request):
            route.continue_()
            return
        answered.append(route.request.url)
        if len(answered) == 1:
            route.fulfill(status=200, body=bytes(tampered), content_type="application/zip")
        else:
            route.continue_()

    context.route(f"**/pyodide/{wheel}", answer)
    log = PageLog()
    page = open_app(context, site_url, log)
    assert page.locator(READY).count() == 1
    assert len(answered) == 2, answered
    assert page.get_attribute("html", "data-python-files") == "wheel"
    assert not log.console_errors and not log.page_errors, (log.console_errors, log.page_errors)
