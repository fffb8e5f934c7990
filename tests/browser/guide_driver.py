"""Playing a game's guided first game through the page, as a person would: open the game's
offer, start it, and tap only what each tip names (its ``data-target``), checking at every
step that the tip does not cover what it asks for and that its instruction is in view. Used by
each game's guide page test (``test_<game>_guide_page.py``), which adds its own checks per step."""

from __future__ import annotations

import contextlib

from game_driver import TABLE, header_entry
from saves_driver import run_axe
from sitetest import PageLog, open_app

HUMAN_TURN = "section[data-screen=table][data-human-turn=true]"
END = "#app[data-screen=end]"
WAIT = 120_000
SIZES = {"390x844": (390, 844), "1366x768": (1366, 768)}

# the boxes of the tip and of the target, and what the page has at the target's centre
_GEOMETRY = """([tipSel, targetSel, doSel]) => {
  const tip = document.querySelector(tipSel), el = document.querySelector(targetSel);
  if (!tip || !el) return null;
  const a = tip.getBoundingClientRect(), b = el.getBoundingClientRect();
  const x = b.left + b.width / 2, y = b.top + b.height / 2;
  const hit = document.elementFromPoint(x, y);
  const d = document.querySelector(doSel).getBoundingClientRect();
  return {
    doInView: d.top >= 0 && d.bottom <= innerHeight,
    overlap: [a, d].some(r => !(r.right <= b.left || b.right <= r.left || r.bottom <= b.top
                                || b.bottom <= r.top)),
    onTop: hit === el || el.contains(hit),
    inView: b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight && b.right <= innerWidth,
    target: [b.left, b.top, b.width, b.height].map(Math.round),
  };
}"""


def renders(page) -> str:
    return page.locator("#app").get_attribute("data-renders")


@contextlib.contextmanager
def guided_game(browser, site_url, size: str, lang: str, game_id: str, prefix: str):
    """A page at ``size`` in ``lang`` with the guided game of ``game_id`` (its strings and keys
    prefixed ``prefix``) started from its offer (axe-core clean there), the bots at the fast
    pace; yields ``(page, log)``; the console must stay clean (checked by the caller)."""
    w, h = SIZES[size]
    context = browser.new_context(viewport={"width": w, "height": h})
    log = PageLog()
    try:
        page = open_app(context, site_url, log)
        if lang == "fr":
            header_entry(page, "lang").click()
            page.wait_for_selector("html[lang=fr]")
        page.locator(f"[data-action=game-choose][data-game={game_id}]").click()
        offer = page.locator(f"[data-key={prefix}-guide-offer]")
        offer.wait_for()
        assert run_axe(page) == []
        offer.locator(f"[data-action={prefix}-guide-start]").click()
        page.wait_for_selector(TABLE)
        page.locator("[data-action=speed]").click()  # the greedy bot at the fast pace
        yield page, log
    finally:
        context.close()


def follow_tips(page, prefix: str, max_taps: int, on_step=None) -> list[str]:
    """Taps what each tip names until the game ends; ``on_step(n, topic, target)`` runs before
    each tap. Returns the tips' topics in order (repeats folded)."""
    tip_sel, do_sel = f"[data-key={prefix}-guide-tip]", f"[data-key={prefix}-guide-do]"
    topics: list[str] = []
    for n in range(max_taps):
        page.wait_for_selector(f"{HUMAN_TURN} {tip_sel}[data-target], {END}", timeout=WAIT)
        if page.locator(END).count():
            return topics
        tip = page.locator(tip_sel)
        topic = tip.get_attribute("data-tip")
        target = tip.get_attribute("data-target")
        if not topics or topics[-1] != topic:
            topics.append(topic)
        if n == 0:
            assert run_axe(page) == []
        if on_step is not None:
            on_step(n, topic, target)
        element = page.locator(f"#app {target}")
        assert element.count() == 1, f"{target}: {element.count()} elements"
        element.scroll_into_view_if_needed()
        where = page.evaluate(_GEOMETRY, [tip_sel, f"#app {target}", do_sel])
        assert where is not None, target
        assert not where["overlap"], f"step {n} ({topic}): the tip covers {target}"
        assert where["onTop"] and where["inView"], f"step {n} ({topic}): {target} {where}"
        # what to tap is read without scrolling away from it
        assert where["doInView"], f"step {n} ({topic}): the tip's instruction is hidden"
        before = renders(page)
        element.click()
        page.wait_for_function(
            "n => document.querySelector('#app').getAttribute('data-renders') !== n", arg=before
        )
    raise AssertionError("the guided game did not end")
