"""A damaged offline cache never bricks the app (issue 18).

Each kind of precached file (the app's code, the page, a runtime file of Pyodide, the boot
screen's script, which index.html backs up with a few lines of its own) is replaced by
garbage in Cache Storage after a first online visit. Online, a reload starts the app and the
cache holds the build's copy again; offline, the page says that the game needs the network once
to repair itself, and once online again "Try again" repairs the cache and starts the app.
"""

from __future__ import annotations

import pytest
from sitetest import (
    BOOT_TIMEOUT_MS,
    READY,
    PageLog,
    open_app,
    reload,
    wait_for_service_worker,
)

DAMAGED = "html[data-cache-damaged]"

CORRUPT = """async ([url, body]) => {
  const name = (await caches.keys()).find((n) => n.startsWith('caldera-park-'));
  const cache = await caches.open(name);
  const old = await cache.match(url);
  if (!old) return false;
  await cache.put(url, new Response(body, { headers: old.headers }));
  return true;
}"""

CACHED_SHA256 = """async (url) => {
  const r = await caches.match(url);
  if (!r) return null;
  const d = await crypto.subtle.digest('SHA-256', await r.arrayBuffer());
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, '0')).join('');
}"""


def app_code(site) -> str:
    """The precached file that carries the app's Python (whatever the build calls it)."""
    names = [p for p in site.files if p == "app.zip" or p.endswith(".whl")]
    names = [p for p in names if not p.startswith("pyodide/")] or names
    assert names, "no file of the app's code in the precache manifest"
    return names[0]


KINDS = {
    "the app's code": app_code,
    "the page": lambda site: "index.html",
    "a runtime file": lambda site: "pyodide/pyodide.asm.wasm",
    "the boot screen's script": lambda site: "js/boot.js",
    "a stylesheet": lambda site: "css/style.css",
}


def _installed(context, url):
    """A page of the app, controlled by its activated service worker, the cache complete."""
    page = open_app(context, url)
    wait_for_service_worker(page)
    reload(page)  # the page is now served by the worker
    return page


def _corrupt(page, url: str) -> None:
    assert page.evaluate(CORRUPT, [url, "garbage, not the game's file \u2014 " * 20])


def _wait_damaged(page):
    page.wait_for_selector(DAMAGED, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.locator(READY).count() == 0
    assert page.locator("#boot-error").is_visible()
    return page.locator("#boot-error-message").text_content()


@pytest.mark.parametrize("kind", list(KINDS))
def test_online_a_damaged_cached_file_is_repaired_and_the_app_starts(context, site, site_url, kind):
    path = KINDS[kind](site)
    page = _installed(context, site_url)
    _corrupt(page, site_url + path)
    log = PageLog()
    log.watch_page(page)

    reload(page)

    assert log.console_errors == [] and log.page_errors == []
    assert page.locator("#app").is_visible()
    assert page.locator(".banner, html[data-app-error]").count() == 0
    # the cache holds the build's copy again
    assert page.evaluate(CACHED_SHA256, site_url + path) == site.files[path]


@pytest.mark.parametrize("kind", list(KINDS))
def test_offline_a_damaged_cached_file_says_the_network_is_needed_once(
    context, site, site_url, served, kind
):
    path = KINDS[kind](site)
    page = _installed(context, site_url)
    _corrupt(page, site_url + path)
    context.set_offline(True)
    served.counter.reset()

    page.reload()
    message = _wait_damaged(page)
    assert "damaged" in message and "internet" in message, message
    retry = page.get_by_role("button", name="Try again").or_(
        page.get_by_role("link", name="Try again")
    )
    assert retry.is_visible()
    assert not any(p.endswith(path) for p, _, _ in served.counter.requests)

    # back online, "Try again" repairs the cache and the app starts
    context.set_offline(False)
    retry.click()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate(CACHED_SHA256, site_url + path) == site.files[path]


def test_offline_try_again_with_a_damaged_cache_keeps_the_message(context, site, site_url):
    path = app_code(site)
    page = _installed(context, site_url)
    _corrupt(page, site_url + path)
    context.set_offline(True)
    page.reload()
    _wait_damaged(page)

    page.get_by_role("button", name="Try again").click()
    # the repair cannot download the file: the message stays, no reload into the same failure
    page.wait_for_function("!document.getElementById('boot-retry').disabled", timeout=60_000)
    assert page.locator(DAMAGED).count() == 1
    assert "internet" in page.locator("#boot-error-message").text_content()
    assert path in page.locator("#boot-error-detail").text_content()


def test_the_network_needed_message_speaks_french(browser, site, site_url):
    context = browser.new_context(locale="fr-FR")
    try:
        page = _installed(context, site_url)
        _corrupt(page, site_url + app_code(site))
        context.set_offline(True)
        page.reload()
        message = _wait_damaged(page)
        assert "abîmé" in message and "internet" in message, message
        assert page.get_by_role("button", name="Réessayer").is_visible()

        _corrupt(page, site_url + "index.html")
        page.reload()
        page.wait_for_selector(DAMAGED, state="attached", timeout=BOOT_TIMEOUT_MS)
        assert "abîmé" in page.locator("#boot-error-message").text_content()
        assert page.evaluate("document.documentElement.lang") == "fr"
    finally:
        context.close()


def test_a_start_that_never_ends_shows_the_error_screen_in_bounded_time(context, site, site_url):
    held = []  # the app's code never arrives: the start hangs
    context.route(f"**/{app_code(site)}", lambda route: held.append(route))
    page = context.new_page()
    page.clock.install()
    page.goto(site_url)
    for _ in range(300):
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the app's code was never asked for"
    assert page.locator("html[data-app-error]").count() == 0
    page.clock.run_for(125_000)  # the boot screen's time limit is 120 s
    page.wait_for_selector("html[data-app-error]", state="attached", timeout=10_000)
    assert "too long" in page.locator("#boot-error-message").text_content()
    assert page.get_by_role("button", name="Try again").is_visible()


def test_offline_a_damaged_icon_does_not_stop_the_game(context, site_url):
    page = _installed(context, site_url)
    _corrupt(page, site_url + "icons/icon.svg")  # drawn on the boot screen
    context.set_offline(True)
    reload(page)
    assert page.locator(DAMAGED).count() == 0
    assert page.locator("#app").is_visible()
