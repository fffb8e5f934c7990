"""The first screen before Python runs (issue 25): the build's new-game screen is drawn and
usable while the runtime is held back (the game chooser, the form, the rules), a choice made
then is kept when Python takes over, and a start tapped early starts the game once Python is
ready; a returning player sees the last table at once, inert, until Python takes over; a
damaged or hostile kept copy is never rendered unsafely; the page comes brotli-compressed."""

from __future__ import annotations

import contextlib
import json

import pytest
from fit_driver import PHONE_390, VIEWPORTS
from saves_driver import run_axe
from sitetest import BOOT_TIMEOUT_MS, READY, PageLog, open_app
from text_fit import text_faults

WASM = "**/pyodide/pyodide.asm.wasm"
PREVIEW_KEY = "caldera-park/last-table"
# at the moment js/first.js shows a first screen: which one, and how many of the build's
# templates the parser had reached then
FIRST_ORDER = """
window.__firstOrder = null;
new MutationObserver((records, observer) => {
  const mode = document.documentElement.getAttribute('data-first');
  if (!mode) return;
  window.__firstOrder = {mode, templates: document.querySelectorAll('template[data-first]').length};
  observer.disconnect();
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-first']});
"""


def hold_runtime(context) -> list:
    """Python's WebAssembly is held back (the requests wait) until ``release``."""
    held: list = []
    context.route(WASM, lambda route: held.append(route))
    return held


def release(context, held: list) -> None:
    context.unroute(WASM)
    for route in held:
        with contextlib.suppress(Exception):  # the request of a page reloaded since: gone
            route.continue_()


def wait_held(page, held: list) -> None:
    """Until the page has asked for Python's WebAssembly (and so waits for it)."""
    for _ in range(300):
        if held:
            return
        page.wait_for_timeout(100)
    raise AssertionError("the runtime's WebAssembly was never asked for")


def wait_attr(page, selector: str) -> None:
    page.wait_for_selector(selector, state="attached", timeout=BOOT_TIMEOUT_MS)


def test_the_first_screen_works_before_python_and_python_keeps_its_choices(context, site_url):
    log = PageLog()
    log.watch_context(context)
    encodings = {}
    context.on(
        "response",
        lambda r: encodings.setdefault(r.url.split("?")[0], r.headers.get("content-encoding")),
    )
    held = hold_runtime(context)
    page = open_app(context, site_url, log, wait_ready=False)
    wait_attr(page, "html[data-first=form]")
    wait_held(page, held)  # Python is not running: its WebAssembly is asked for and held
    assert page.locator(READY).count() == 0
    assert page.evaluate("typeof window.CalderaGame") == "undefined"
    # the box's games, the new-game form, the start button, the progress line
    choices = page.locator(".game-chooser [data-action=game-choose]")
    assert choices.count() == 3
    assert page.locator("#app[data-game=park] h1#setup-title").is_visible()
    assert page.locator("#boot").is_visible()
    assert page.locator("#boot-step").is_visible()
    assert run_axe(page) == [], "the pre-drawn new-game screen"

    # another game, the rules of it (behind More on a phone or in the header), back
    page.locator("[data-key=game-pyramids]").click()
    wait_attr(page, "#app[data-game=pyramids] .pyr-setup")
    assert page.locator("[data-key=game-pyramids]").get_attribute("aria-pressed") == "true"
    rules = page.locator(".app-header [data-action=rules]")
    if not rules.is_visible():
        page.locator("[data-key=menu-more]").click()
    rules.click()
    page.wait_for_selector(".rules-screen .rules-section h2")
    assert page.locator(".rules-section").count() >= 4
    assert run_axe(page) == [], "the pre-drawn rules"
    page.locator("[data-action=rules-close]").click()
    page.wait_for_selector(".pyr-setup")

    # choices in the form: three players, a name, a seed
    page.locator("input[data-action=seats][value='3']").check()
    assert page.locator("ol.seats li").count() == 3
    page.locator("input[data-action=name][data-seat='0']").fill("Zoé")
    page.locator("select[data-seat='2']").select_option("human")
    page.locator("input[data-action=seed]").fill("first 25")
    assert page.locator("input[data-action=name][data-seat='0']").input_value() == "Zoé"

    # an early start says that it waits for the game
    page.locator("[data-action=start]").click()
    assert page.locator("#boot-note").text_content() == "Starting as soon as the game is ready"
    assert page.locator(READY).count() == 0

    release(context, held)
    wait_attr(page, READY)
    wait_attr(page, "#app[data-game=pyramids]:not([data-screen=setup])")
    record = json.loads(page.evaluate("window.CalderaGame('record')"))
    assert record["options"]["players"] == 3
    assert record["options"]["names"][0] == "Zoé"
    assert record["options"]["seed"] == "first 25"
    assert page.locator("html[data-first]").count() == 0
    assert page.locator("#boot").is_hidden()

    # the page and the big runtime file came compressed with brotli (Chromium accepts br)
    index = [url for url in encodings if url.rstrip("/").endswith("/caldera/park")]
    assert [encodings[url] for url in index] == ["br"]
    wasm = [url for url in encodings if url.endswith("pyodide.asm.wasm")]
    assert [encodings[url] for url in wasm] == ["br"]
    assert log.console_errors == [] and log.page_errors == []
    assert [line for line in log.console if line.startswith("warning")] == []


def test_choices_without_a_start_are_kept_by_python(context, site_url):
    """Choosing and reading only: Python draws the same game, form and rules the player left."""
    log = PageLog()
    log.watch_context(context)
    held = hold_runtime(context)
    page = open_app(context, site_url, log, wait_ready=False)
    wait_attr(page, "html[data-first=form]")
    page.locator("[data-key=game-caledea]").click()
    wait_attr(page, "#app[data-game=caledea]")
    page.locator("input[data-action=name][data-seat='1']").fill("Ana")
    page.locator("[data-key=game-park]").click()
    wait_attr(page, "#app[data-game=park]")
    page.locator("input[data-action=name][data-seat='0']").fill("Noé")
    field = page.locator("input[data-action=name][data-seat='0']")
    field.focus()
    release(context, held)
    wait_attr(page, READY)
    assert page.locator("#app[data-game=park][data-screen=setup]").count() == 1
    # the same field, with what was typed, still has the focus after the takeover
    assert field.input_value() == "Noé"
    assert page.evaluate("document.activeElement.dataset.key") == "name-0"
    # the other game's form kept its name too (Python's form of it)
    page.locator("[data-key=game-caledea]").click()
    wait_attr(page, "#app[data-game=caledea]")
    assert page.locator("input[data-action=name][data-seat='1']").input_value() == "Ana"
    assert log.console_errors == [] and log.page_errors == []


def test_a_returning_player_sees_the_last_table_at_once(browser, site_url):
    # no service worker: it would answer from its cache, where the runtime cannot be held back
    context = browser.new_context(service_workers="block")
    try:
        returning_player(context, site_url)
    finally:
        context.close()


def returning_player(context, site_url):
    log = PageLog()
    log.watch_context(context)
    page = open_app(context, site_url, log)
    page.locator("input[data-action=seed]").fill("returning")
    page.locator("[data-action=start]").click()
    wait_attr(page, "#app[data-screen=table]")
    page.wait_for_function(f"() => localStorage.getItem('{PREVIEW_KEY}') !== null", timeout=10_000)
    kept = json.loads(page.evaluate(f"localStorage.getItem('{PREVIEW_KEY}')"))
    assert kept["game"] == "park" and kept["screen"] == "table"
    hexes = page.locator("#app svg.park polygon.hex").count()
    assert hexes > 0

    held = hold_runtime(context)
    context.add_init_script(FIRST_ORDER)
    page.reload(wait_until="domcontentloaded")
    wait_attr(page, "html[data-first=preview]")
    assert page.locator(READY).count() == 0
    # drawn before the parser reached the build's templates (240 kB of markup), and the page's
    # first paint is the table, not the loading screen before it (Chromium's rel=expect)
    assert page.evaluate("window.__firstOrder") == {"mode": "preview", "templates": 0}
    assert page.locator("template[data-first]").count() > 0
    page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0")
    paint = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")
    assert paint >= page.evaluate("CalderaFirst.state.shownAt")
    assert page.locator("#app[inert][aria-busy=true]").count() == 1
    assert page.locator("#app svg.park polygon.hex").count() == hexes
    assert page.locator("#app .game-chooser").count() == 0
    release(context, held)
    wait_attr(page, READY)
    wait_attr(page, "#app[data-screen=table]:not([inert])")
    assert page.locator("#app svg.park polygon.hex").count() == hexes

    # a kept copy that is damaged is ignored: the build's new-game screen instead (set from
    # another page of the site: leaving the app keeps its table again; the browser's request
    # for that page's icon is answered)
    context.route("**/favicon.ico", lambda route: route.fulfill(status=204, body=""))
    page.goto(site_url + "licenses/", wait_until="domcontentloaded")
    page.evaluate(f'localStorage.setItem(\'{PREVIEW_KEY}\', \'{{"v":1,"html":"<p>cut\')')
    held = hold_runtime(context)
    page.goto(site_url, wait_until="domcontentloaded")
    wait_attr(page, "html[data-first=form]")
    assert page.evaluate(f"localStorage.getItem('{PREVIEW_KEY}')") is None
    # the new-game screen instead, drawn once the templates are parsed
    order = page.evaluate("window.__firstOrder")
    assert order["mode"] == "form" and order["templates"] == page.locator("template").count()

    # one whose checksum holds but that carries scripts and handlers: shown without them
    hostile = (
        '<div class="hostile" onclick="window.__pwned=1"><img src="x" onerror="window.__pwned=2">'
        '<script>window.__pwned=3</script><svg><use href="#i-forest"></use>'
        '<a href="javascript:window.__pwned=4">x</a></svg><p>table</p></div>'
    )
    page.goto(site_url + "licenses/", wait_until="domcontentloaded")
    page.evaluate(
        """([key, html]) => {
          let h = 2166136261;
          for (let i = 0; i < html.length; i++) {
            h ^= html.charCodeAt(i); h = Math.imul(h, 16777619) >>> 0;
          }
          localStorage.setItem(key, JSON.stringify({v: 1, game: 'park', screen: 'table',
            lang: 'en', n: html.length, sum: h.toString(16), html}));
        }""",
        [PREVIEW_KEY, hostile],
    )
    page.goto(site_url, wait_until="domcontentloaded")
    wait_attr(page, "html[data-first=preview]")
    assert page.locator("#app .hostile p").text_content() == "table"
    assert page.locator("#app script, #app img, #app [onclick], #app [onerror]").count() == 0
    assert page.locator("#app a").get_attribute("href") is None
    assert page.locator("#app use").get_attribute("href") == "#i-forest"
    assert page.evaluate("window.__pwned") is None
    release(context, held)
    wait_attr(page, READY)
    assert page.evaluate("window.__pwned") is None
    assert log.console_errors == [] and log.page_errors == []


@pytest.mark.parametrize("locale", ["en-US", "fr-FR"])
def test_the_first_screen_text_fits_on_phones_and_a_laptop(browser, site_url, locale):
    """The build's screens with the progress line, measured as tests/browser/
    test_text_fit_page.py measures Python's: no text cut or broken inside a word, at 360x740,
    390x844 (phones), 740x360 (sideways) and 1366x768, each game's form and rules."""
    context = browser.new_context(locale=locale, **PHONE_390)
    log = PageLog()
    log.watch_context(context)
    try:
        held = hold_runtime(context)
        page = open_app(context, site_url, log, wait_ready=False)
        wait_attr(page, "html[data-first=form]")
        wait_held(page, held)
        lang = locale[:2]
        assert page.evaluate("document.documentElement.lang") == lang
        faults = []
        for size in ("360x740", "390x844", "740x360", "1366x768"):
            page.set_viewport_size(VIEWPORTS.get(size, PHONE_390)["viewport"])
            for game in ("park", "pyramids", "caledea"):
                page.locator(f"[data-key=game-{game}]").click()
                wait_attr(page, f"#app[data-game={game}] #setup-title")
                faults += [f"{size} {game} form: {f}" for f in text_faults(page)]
                rules = page.locator(".app-header [data-action=rules]")
                if not rules.is_visible():
                    page.locator("[data-key=menu-more]").click()
                rules.click()
                wait_attr(page, "#app .rules-screen")
                faults += [f"{size} {game} rules: {f}" for f in text_faults(page)]
                page.locator("[data-action=rules-close]").click()
        assert faults == []
        assert page.locator(READY).count() == 0  # all of it before Python
        assert log.console_errors == [] and log.page_errors == []
    finally:
        context.close()
