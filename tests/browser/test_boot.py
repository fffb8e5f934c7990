"""The page boots Python, draws the first screen and marks itself ready; failures are shown."""

from __future__ import annotations

import hashlib
import io
import itertools
import json
import zipfile
from collections import Counter

import pytest
from sitetest import BOOT_TIMEOUT_MS, READY, ROOT, open_app, wait_for_service_worker

from pyapp.park.park import load_park

UNUSED_CHUNKS = ("codemirror", "xterm", "py-editor", "py-terminal", "py-game", "donkey", "deprecat")


def test_boots_to_ready_with_the_empty_river_park(page, page_log):
    park = load_park("river")
    assert page.locator("#boot").is_hidden()
    assert page.locator("#app").is_visible()
    assert page.locator("#app-status").text_content() == "Ready"

    hexes = page.locator("svg.park polygon.hex")
    assert hexes.count() == len(park.spaces)
    drawn = Counter(
        (int(q), int(r), kind)
        for q, r, kind in hexes.evaluate_all(
            # each space's group carries its coordinates and kind (the form draws the park the
            # table's way, issue 23)
            "els => els.map(e => { const g = e.closest('[data-q]');"
            " return [g.dataset.q, g.dataset.r, g.dataset.kind]; })"
        )
    )
    assert drawn == Counter((s.at[0], s.at[1], s.kind) for s in park.spaces)
    styles = Counter(
        page.locator("svg.park polygon.hex").evaluate_all(
            "els => els.map(e => { const c = e.closest('[data-q]').classList;"
            " return c.contains('landscape') ? c[2] : c[1]; })"
        )
    )
    expected = Counter(s.terrain if s.kind == "landscape" else s.kind for s in park.spaces)
    assert styles == expected
    # the river and the waterfalls as the table draws them: a river mark on each river space
    rivers = sum(s.river for s in park.spaces)
    assert page.locator("svg.park .space.river .ic-river").count() == rivers > 0
    waterfalls = sum(s.waterfall for s in park.spaces)
    assert page.locator("svg.park .ic-waterfall").count() == waterfalls > 0

    assert page_log.console_errors == []
    assert page_log.page_errors == []
    assert any("Python 3.13" in line for line in page_log.console), page_log.console


def test_every_request_is_same_origin_and_part_of_the_build(context, page_log, site, served):
    served.counter.reset()
    page = open_app(context, served.url, page_log)
    wait_for_service_worker(page)  # the precache downloads are part of the first visit
    page.wait_for_timeout(500)
    assert page_log.requests, "no request was seen"
    foreign = [url for url in page_log.requests if served.path_of(url) is None]
    assert foreign == []
    paths = {served.path_of(url).split("?")[0] for url in page_log.requests}
    unknown = {p for p in paths if p not in site.files and p not in ("", "sw.js")}
    assert unknown == set()
    assert [p for p in paths if any(chunk in p for chunk in UNUSED_CHUNKS)] == []
    assert page_log.bad_responses == []
    assert page_log.failed_requests == []
    # the server saw the same: nothing outside the build, nothing missing
    statuses = {status for _, status, _ in served.counter.requests}
    assert statuses <= {200, 304}
    # until the service worker is registered (after ready), no file was downloaded twice: the
    # preload hints and the runtime's own requests are the same downloads
    boot = itertools.takewhile(lambda r: not r[0].endswith("/sw.js"), served.counter.requests)
    downloads = Counter(path for path, status, _ in boot if status == 200)
    assert downloads["/caldera/park/pyodide/pyodide.asm.wasm"] == 1
    assert [path for path, n in downloads.items() if n > 1] == []


def test_boot_progress_is_shown(context, site_url):
    context.add_init_script(
        """
        window.__progress = [];
        new MutationObserver(() => {
          const v = document.documentElement.getAttribute('data-boot-progress');
          const step = document.getElementById('boot-step');
          const boot = document.getElementById('boot');
          if (v !== null) window.__progress.push([Number(v), step ? step.textContent : '',
                                                  boot ? !boot.hidden : false]);
        }).observe(document, {attributes: true, subtree: true, childList: true,
                              characterData: true});
        """
    )
    page = open_app(context, site_url)
    progress = page.evaluate("window.__progress")
    values = [v for v, _, _ in progress]
    assert values == sorted(values), "progress went backwards"
    assert len(set(values)) >= 5, progress
    assert values[-1] == 100
    # while booting, the loading screen was visible and told what it was doing
    assert any(visible and text.startswith("Starting Python") for _, text, visible in progress)


def _error_screen(page):
    page.wait_for_selector("html[data-app-error]", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("#boot-error").is_visible()
    assert page.locator("#boot").is_hidden()
    assert page.locator(READY).count() == 0
    return (
        page.locator("#boot-error-message").text_content(),
        page.locator("#boot-error-detail").text_content(),
    )


@pytest.mark.parametrize(
    ("path", "failure"),
    [
        ("pyodide/pyodide.asm.wasm", "abort"),
        ("pyodide/python_stdlib.zip", 404),
        ("pyodide/pyodide.asm.js", 404),
        ("pyodide/*.whl", "abort"),  # the app's wheel
    ],
)
def test_runtime_file_that_cannot_load_shows_the_error_screen(context, site_url, path, failure):
    def handle(route):
        if failure == "abort":
            route.abort()
        else:
            route.fulfill(status=failure, body="not here")

    context.route(f"**/{path}", handle)
    page = open_app(context, site_url, wait_ready=False)
    message, detail = _error_screen(page)
    assert "could not" in message.lower()
    assert path.split("/")[-1].replace("*", "") in detail
    assert page.get_by_role("button", name="Try again").is_visible()


def test_missing_pyscript_core_shows_the_error_screen(context, site_url):
    context.route("**/pyscript/core.js", lambda route: route.fulfill(status=404, body="gone"))
    page = open_app(context, site_url, wait_ready=False)
    message, detail = _error_screen(page)
    assert "could not be loaded" in message
    assert "core.js" in detail


def _serve_wheel(context, site, wheel: bytes, lock_hash: str | None = None) -> None:
    """Answer the app's wheel with ``wheel``, and the lock with ``lock_hash`` (None: as built)."""
    lock = json.loads((site.path / "pyodide/pyodide-lock.json").read_text())
    entry = lock["packages"]["caldera-park"]
    if lock_hash is not None:
        entry["sha256"] = lock_hash
    context.route(
        f"**/pyodide/{entry['file_name']}",
        lambda route: route.fulfill(status=200, body=wheel, content_type="application/zip"),
    )
    context.route(
        "**/pyodide/pyodide-lock.json",
        lambda route: route.fulfill(status=200, body=json.dumps(lock), content_type="text/json"),
    )


def _wheel_bytes(site) -> bytes:
    lock = json.loads((site.path / "pyodide/pyodide-lock.json").read_text())
    return (site.path / "pyodide" / lock["packages"]["caldera-park"]["file_name"]).read_bytes()


def test_python_error_while_starting_shows_the_error_screen(context, site, site_url):
    broken = io.BytesIO()
    source = (ROOT / "pyapp/ui/app.py").read_bytes()
    source += b"\n\ndef start(root):\n    raise RuntimeError('deliberately broken')\n"
    original = io.BytesIO(_wheel_bytes(site))
    with zipfile.ZipFile(original) as src, zipfile.ZipFile(broken, "w") as dst:
        for item in src.infolist():
            if item.filename == "pyapp/ui/app.pyc":
                dst.writestr("pyapp/ui/app.py", source)  # a source wins over bytecode
            else:
                dst.writestr(item, src.read(item))
    data = broken.getvalue()
    _serve_wheel(context, site, data, hashlib.sha256(data).hexdigest())
    page = open_app(context, site_url, wait_ready=False)
    message, detail = _error_screen(page)
    assert "RuntimeError: deliberately broken" in message
    assert "Traceback" in detail and "pyapp/ui/app.py" in detail


def test_a_tampered_app_wheel_is_refused_by_the_integrity_check(context, site, site_url):
    """One byte changed, the lock as built: the browser refuses the download (subresource
    integrity against the lock's SHA-256), and the error screen says a file could not load."""
    tampered = bytearray(_wheel_bytes(site))
    tampered[len(tampered) // 2] ^= 0x01
    _serve_wheel(context, site, bytes(tampered))
    page = open_app(context, site_url, wait_ready=False)
    message, detail = _error_screen(page)
    assert message.startswith("A file of the game could not be loaded.")
    assert ".whl" in detail
    assert page.get_by_role("button", name="Try again").is_visible()


def test_loading_screen_is_readable_while_python_starts(context, site_url):
    held = []  # the app's code is held back, so the boot stops just before it
    context.route("**/pyodide/*.whl", lambda route: held.append(route))
    page = open_app(context, site_url, wait_ready=False)
    page.wait_for_function(
        "document.getElementById('boot-step').textContent.startsWith('Loading the game')",
        timeout=BOOT_TIMEOUT_MS,
    )
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the app's code was never asked for"
    assert page.locator("#boot").is_visible()
    heading = page.locator("#boot h1")
    assert heading.text_content() == "Caldera Park"
    colour, background = heading.evaluate(
        """h => [getComputedStyle(h).color,
                 getComputedStyle(document.getElementById('boot')).backgroundColor]"""
    )
    assert colour != background, "the title is drawn in the background's colour"
    width = page.locator("#boot-bar").evaluate("b => b.getBoundingClientRect().width")
    track = page.locator("#boot .progress").evaluate("b => b.getBoundingClientRect().width")
    assert 0.5 * track < width < track
    assert page.locator(READY).count() == 0


def test_boot_and_error_screens_speak_french_for_a_french_browser(browser, site_url):
    french = browser.new_context(locale="fr-FR")
    try:
        french.route("**/pyodide/*.whl", lambda route: route.abort())
        page = open_app(french, site_url, wait_ready=False)
        message, _ = _error_screen(page)
        assert message.startswith("Un fichier du jeu n’a pas pu être chargé.")
        assert page.locator("#boot-error h1").text_content() == "Caldera Park n’a pas pu démarrer"
        assert page.get_by_role("button", name="Réessayer").is_visible()
        assert page.locator("#update-banner span").text_content() == "Mise à jour disponible"
        assert page.evaluate("document.documentElement.lang") == "fr"
    finally:
        french.close()


def test_the_language_chosen_in_the_game_wins_over_the_browsers(browser, site_url):
    english_choice = browser.new_context(locale="fr-FR")
    try:
        english_choice.add_init_script("localStorage.setItem('caldera-park/lang', 'en')")
        english_choice.route("**/pyodide/*.whl", lambda route: route.abort())
        page = open_app(english_choice, site_url, wait_ready=False)
        message, _ = _error_screen(page)
        assert message.startswith("A file of the game could not be loaded.")
        assert page.get_by_role("button", name="Try again").is_visible()
    finally:
        english_choice.close()
