"""The benchmarks' floor page (issue 25): the runtime alone, restored from a snapshot
(``tools/bench_startup.py``'s ``make_runtime_page``, measured by ``tools/bench_phone.py --floor``
and ``tools/bench_engines.py --runtime``). The README's conclusions rest on what it measures, so
it is checked to be what it claims: its first visit makes and stores a snapshot, and a later
visit restores Python from that snapshot, with every file answered by its service worker and a
clean console."""

from __future__ import annotations

from sitetest import BOOT_TIMEOUT_MS, READY, PageLog

from tools.bench_startup import RUNTIME_FILES, make_runtime_page

ATTRS = """() => Object.fromEntries(['start', 'read', 'made'].map(
  (name) => [name, document.documentElement.getAttribute('data-python-' + name)]))"""
MARKS = """() => performance.getEntriesByType('mark')
  .filter((m) => m.name.startsWith('caldera:')).map((m) => m.name)"""


def test_the_runtime_alone_restores_python_from_its_snapshot(site, context, serve_dir, tmp_path):
    make_runtime_page(site.path, tmp_path / "runtime")
    served = serve_dir(tmp_path / "runtime")
    log = PageLog()
    log.watch_context(context)
    page = context.new_page()
    log.watch_page(page)
    page.goto(served.url)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate(ATTRS) == {"start": "fresh", "read": "", "made": "stored"}
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)

    answered = {}  # path -> whether the service worker answered it
    page.on(
        "response",
        lambda response: answered.__setitem__(
            served.path_of(response.url), response.from_service_worker
        ),
    )
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate(ATTRS) == {"start": "snapshot", "read": "worker", "made": "present"}
    # the phases tools/bench_engines.py reads, in their order
    assert page.evaluate(MARKS) == [
        "caldera:python",
        "caldera:python-started",
        "caldera:app",
        "caldera:drawn",
    ]
    runtime = {f"pyodide/{name}" for name in RUNTIME_FILES}
    assert runtime <= set(answered), answered
    assert all(answered.values()), answered
    assert log.console_errors == log.page_errors == [], log.console
    assert log.bad_responses == log.failed_requests == []
