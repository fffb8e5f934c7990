"""Installable, offline-first PWA: manifest, service worker precache, offline start, updates."""

from __future__ import annotations

import hashlib
import json
import shutil
import struct
from urllib.parse import urljoin

from sitetest import READY, build_site, open_app, reload, wait_for_service_worker


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def test_manifest_is_linked_and_complete(page, site_url):
    href = page.locator("link[rel=manifest]").get_attribute("href")
    assert href and not href.startswith(("/", "http")), "manifest link must be relative"
    url = urljoin(page.url, href)
    response = page.request.get(url)
    assert response.ok
    assert response.headers["content-type"].startswith("application/manifest+json")
    manifest = json.loads(response.text())
    assert manifest["name"] == "Caldera Park"
    assert manifest["short_name"]
    assert manifest["description"]
    assert manifest["display"] == "standalone"
    for key in ("start_url", "scope"):
        assert manifest[key] == "./", key
    for key in ("theme_color", "background_color"):
        assert manifest[key].startswith("#"), key

    found = {}
    for icon in manifest["icons"]:
        assert not icon["src"].startswith(("/", "http")), icon
        data = page.request.get(urljoin(url, icon["src"]))
        assert data.ok, icon
        if icon["type"] == "image/png":
            width, height = png_size(data.body())
            assert icon["sizes"] == f"{width}x{height}", icon
            found.setdefault(icon.get("purpose", "any"), set()).add(width)
    assert {192, 512} <= found["any"]
    assert found["maskable"]

    apple = page.locator("link[rel=apple-touch-icon]").get_attribute("href")
    icon = page.request.get(urljoin(page.url, apple))
    assert png_size(icon.body()) == (180, 180)
    for name in ("apple-mobile-web-app-capable", "apple-mobile-web-app-title"):
        assert page.locator(f"meta[name={name}]").count() == 1, name
    assert page.locator("meta[name=theme-color]").count() == 1


def test_chromium_reports_no_installability_error(persistent_context, site_url):
    # an incognito context always reports "in-incognito": ask in a persistent profile
    page = open_app(persistent_context, site_url)
    wait_for_service_worker(page)
    cdp = persistent_context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("manifest.webmanifest")
    assert manifest["errors"] == []
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == []


def _cache_state(page) -> dict:
    return page.evaluate(
        """async () => {
          const names = await caches.keys();
          const out = {};
          for (const name of names) {
            const cache = await caches.open(name);
            out[name] = (await cache.keys()).map(r => r.url);
          }
          return out;
        }"""
    )


def test_service_worker_activates_and_precaches_the_whole_build(page, site, site_url):
    wait_for_service_worker(page)
    caches = _cache_state(page)
    assert list(caches) == [f"caldera-park-{site.version}"]
    cached = sorted(url[len(site_url) :] for url in caches[f"caldera-park-{site.version}"])
    assert cached == sorted(site.files)
    # every file in the site is in the precache manifest (except the worker itself, and the
    # build's precompressed copies FILE.br / FILE.gz, transfer encodings of those files)
    on_disk = sorted(
        p.relative_to(site.path).as_posix()
        for p in site.path.rglob("*")
        if p.is_file() and p.suffix not in (".br", ".gz")
    )
    assert sorted([*site.files, "sw.js"]) == on_disk
    packed = [p for p in site.path.rglob("*") if p.suffix in (".br", ".gz")]
    assert packed and all(p.with_suffix("").is_file() for p in packed)
    # and the manifest hashes are the real content hashes
    for path, digest in site.files.items():
        if path != "index.html":
            assert hashlib.sha256((site.path / path).read_bytes()).hexdigest() == digest, path
    # the cached copy of the runtime is byte for byte the build's
    cached_hash = page.evaluate(
        """async (url) => {
          const r = await caches.match(url);
          const d = await crypto.subtle.digest('SHA-256', await r.arrayBuffer());
          return Array.from(new Uint8Array(d), b => b.toString(16).padStart(2, '0')).join('');
        }""",
        site_url + "pyodide/pyodide.asm.wasm",
    )
    assert cached_hash == site.files["pyodide/pyodide.asm.wasm"]


def test_starts_offline_after_one_online_visit(context, site_url, served):
    page = open_app(context, site_url)
    wait_for_service_worker(page)
    page.wait_for_timeout(300)
    context.set_offline(True)
    served.counter.reset()

    reload(page)
    assert page.locator("#app-status").text_content() == "Ready"

    fresh = open_app(context, site_url)  # a new tab, still offline
    assert fresh.locator("svg.park polygon.hex").count() > 0
    # (the browser's own update check of sw.js ignores Playwright's offline switch, as in
    # test_snapshot.py: it is not the app's request)
    reached = [r for r in served.counter.requests if not r[0].endswith("/sw.js")]
    assert reached == [], "offline start must not reach the server"
    assert page.evaluate("navigator.onLine") is False


def test_new_build_is_offered_as_an_update(context, serve_dir, tmp_path):
    first = build_site(tmp_path / "site")
    served = serve_dir(first.path)
    page = open_app(context, served.url)
    wait_for_service_worker(page)
    assert page.evaluate("CalderaBoot.build") == first.version
    page.evaluate("window.__sameDocument = true")

    # deploy a new build over the old one
    shutil.rmtree(first.path)
    second = build_site(first.path, stamp="update test")
    assert second.version != first.version
    served.counter.reset()

    assert page.evaluate("CalderaBoot.checkForUpdate()") is True
    banner = page.locator("#update-banner")
    banner.wait_for(state="visible", timeout=60_000)
    assert "Update available" in banner.text_content()
    # nothing reloads on its own: same document, still the old build
    page.wait_for_timeout(500)
    assert page.evaluate("window.__sameDocument") is True
    assert page.evaluate("CalderaBoot.build") == first.version
    # unchanged files were reused from the old cache, not downloaded again
    fetched = [path for path, status, _ in served.counter.requests if status == 200]
    assert not any(path.endswith("pyodide.asm.wasm") for path in fetched), fetched

    with page.expect_event("load", timeout=60_000):
        page.get_by_role("button", name="Update now").click()
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert page.evaluate("window.__sameDocument === undefined")
    assert page.evaluate("CalderaBoot.build") == second.version
    # the old build's cache is deleted (the Python snapshot's cache, kept across builds of
    # the same runtime, is not the precache: see test_snapshot.py)
    app_caches = "(await caches.keys()).filter(name => name.startsWith('caldera-park-'))"
    page.wait_for_function(f"async () => {app_caches}.length === 1", timeout=30_000, polling=200)
    assert [n for n in _cache_state(page) if n.startswith("caldera-park-")] == [
        f"caldera-park-{second.version}"
    ]


def test_update_banner_can_be_postponed(context, serve_dir, tmp_path):
    first = build_site(tmp_path / "site")
    served = serve_dir(first.path)
    page = open_app(context, served.url)
    wait_for_service_worker(page)
    shutil.rmtree(first.path)
    build_site(first.path, stamp="later")
    page.evaluate("CalderaBoot.checkForUpdate()")
    page.locator("#update-banner").wait_for(state="visible", timeout=60_000)
    page.get_by_role("button", name="Later").click()
    assert page.locator("#update-banner").is_hidden()
    page.wait_for_timeout(500)
    assert page.evaluate("CalderaBoot.build") == first.version
    assert page.evaluate("CalderaBoot.state.updateWaiting") is True
