"""The runtime's first requests (issue 25). A first visit hints the runtime's modules and starts
its first downloads at once (they are what it waits for); a returning player's start, whose
first paint is the last table drawn by js/first.js, leaves them until after that first frame
(each request costs the page's main thread time before it); either way each file is fetched once
and the runtime uses that answer."""

from __future__ import annotations

from sitetest import READY, PageLog, open_app
from test_first_screen import PREVIEW_KEY

from tools.build_site import EARLY_FETCH

# the time of the page's first frame; every fetch() the page's scripts make (js/boot.js's
# wrapper calls this one only for what it does not answer from the early fetches) and every
# modulepreload hint added, with its time
RECORD = """
window.__early = {fetches: [], hints: [], frame: null};
// the page's first animation frame (the one that draws what js/first.js showed): its callbacks
// run in order, this one first
requestAnimationFrame(() => { window.__early.frame = performance.now(); });
(() => {
  const plain = window.fetch;
  window.fetch = function (input) {
    const url = typeof Request === 'function' && input instanceof Request ? input.url : input;
    window.__early.fetches.push([new URL(String(url), document.baseURI).href, performance.now()]);
    return plain.apply(this, arguments);
  };
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) {
      if (node.nodeName === 'LINK' && node.rel === 'modulepreload') {
        window.__early.hints.push([node.href, performance.now()]);
      }
    }
  }).observe(document, {childList: true, subtree: true});
})();
"""
SEEN = """() => ({
  early: window.__early,
  shown: CalderaFirst.state.shownAt,
  // what the page downloaded itself (a fetch, a module, a hint), per URL
  resources: performance.getEntriesByType('resource').map((entry) => entry.name),
})"""


def _seen(page, site_url: str) -> dict:
    seen = page.evaluate(SEEN)
    urls = [site_url + path for path in EARLY_FETCH]
    fetches = [(url, at) for url, at in seen["early"]["fetches"] if url in urls]
    # each of the runtime's first files fetched once, by the early start: the runtime's own
    # fetch of it was answered with that response (or it would be here twice)
    assert sorted(url for url, _ in fetches) == sorted(urls), seen["early"]["fetches"]
    assert all(seen["resources"].count(url) == 1 for url in urls), seen["resources"]
    hints = seen["early"]["hints"]
    assert {url.rsplit("/", 1)[-1] for url, _ in hints} >= {"pyodide.asm.js", "pyodide.mjs"}
    return {
        "frame": seen["early"]["frame"],
        "shown": seen["shown"],
        "times": [at for _, at in fetches + hints],
    }


def test_early_requests_at_once_on_a_first_visit_after_the_table_on_a_return(context, site_url):
    log = PageLog()
    log.watch_context(context)
    context.add_init_script(RECORD)
    page = open_app(context, site_url, log)
    first = _seen(page, site_url)
    assert max(first["times"]) < first["frame"], first

    page.locator("input[data-action=seed]").fill("early")
    page.locator("[data-action=start]").click()
    page.wait_for_selector("#app[data-screen=table]", state="attached")
    page.wait_for_function(f"localStorage.getItem('{PREVIEW_KEY}') !== null", timeout=10_000)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector(READY, state="attached", timeout=90_000)
    assert page.get_attribute("html", "data-first-taken") == "preview"
    back = _seen(page, site_url)
    # the table was in the page for the first frame, the requests came after it
    assert back["shown"] < back["frame"] < min(back["times"]), back
    assert page.locator("#app[data-screen=table]").count() == 1
    assert log.console_errors == [] and log.page_errors == []
