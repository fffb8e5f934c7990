"""Caldera's guided first game in Chromium, through the page only, on a 390x844 phone and a
1366x768 laptop (English on the phone, French on the laptop): offered on Caldera's new-game
screen, played to its end by tapping only what each tip names (the tip's ``data-target``), as a
person would, which wins against the greedy bot. At every step what to tap is in view, not
covered by the tip (the element found at the target's centre is the target itself), and the
tip's instruction is in view with it; before each eruption the preview is on the board and in
words; no word of the tip is cut or broken over two lines. Every lesson comes (quiet move,
eruption, Power Play) and the end says what to do next. axe-core finds nothing serious at the
start, at the first Power Play and at the end; the console stays clean."""

from __future__ import annotations

import pytest
from game_driver import TABLE, header_entry
from saves_driver import run_axe
from sitetest import PageLog, open_app

HUMAN_TURN = "section[data-screen=table][data-human-turn=true]"
END = "#app[data-screen=end]"
TIP = "[data-key=pyr-guide-tip]"
WAIT = 120_000
MAX_TAPS = 200
SIZES = {"390x844": (390, 844), "1366x768": (1366, 768)}

_GEOMETRY = """([tipSel, targetSel]) => {
  const tip = document.querySelector(tipSel), el = document.querySelector(targetSel);
  if (!tip || !el) return null;
  const a = tip.getBoundingClientRect(), b = el.getBoundingClientRect();
  const x = b.left + b.width / 2, y = b.top + b.height / 2;
  const hit = document.elementFromPoint(x, y);
  const doLine = document.querySelector('[data-key=pyr-guide-do]');
  const d = doLine.getBoundingClientRect();
  return {
    doInView: d.top >= 0 && d.bottom <= innerHeight,
    overlap: [a, d].some(r => !(r.right <= b.left || b.right <= r.left || r.bottom <= b.top
                                || b.bottom <= r.top)),
    onTop: hit === el || el.contains(hit),
    inView: b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight && b.right <= innerWidth,
  };
}"""


# the words of the tip and of its instruction that are cut (overflow) or broken over two lines
_BROKEN = """() => {
  const out = [];
  for (const box of document.querySelectorAll('[data-key^=pyr-guide-]')) {
    if (box.scrollWidth > box.clientWidth + 1) out.push(['cut', box.dataset.key]);
    const walk = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      const re = /\\S+/g;
      let m;
      while ((m = re.exec(node.data))) {
        const r = document.createRange();
        r.setStart(node, m.index);
        r.setEnd(node, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].map(q => Math.round(q.top)));
        if (tops.size > 1) out.push(['split', m[0]]);
      }
    }
  }
  return out;
}"""


def renders(page) -> str:
    return page.locator("#app").get_attribute("data-renders")


@pytest.mark.parametrize(("size", "lang"), [("390x844", "en"), ("1366x768", "fr")])
def test_the_guided_game_is_played_to_its_win_by_its_tips(browser, site_url, size, lang):
    w, h = SIZES[size]
    context = browser.new_context(viewport={"width": w, "height": h})
    log = PageLog()
    try:
        page = open_app(context, site_url, log)
        if lang == "fr":
            header_entry(page, "lang").click()
            page.wait_for_selector("html[lang=fr]")
        page.locator("[data-action=game-choose][data-game=pyramids]").click()
        offer = page.locator("[data-key=pyr-guide-offer]")
        offer.wait_for()
        assert run_axe(page) == []
        offer.locator("[data-action=pyr-guide-start]").click()
        page.wait_for_selector(TABLE)
        page.locator("[data-action=speed]").click()  # the greedy bot at the fast pace
        topics: list[str] = []
        previews = 0
        axed_power = False
        for n in range(MAX_TAPS):
            page.wait_for_selector(f"{HUMAN_TURN} {TIP}[data-target], {END}", timeout=WAIT)
            if page.locator(END).count():
                break
            tip = page.locator(TIP)
            topic = tip.get_attribute("data-tip")
            target = tip.get_attribute("data-target")
            if not topics or topics[-1] != topic:
                topics.append(topic)
            if n == 0:
                assert run_axe(page) == []
            assert page.evaluate(_BROKEN) == [], (n, topic)  # no word of the tip cut or split
            if topic == "power" and not axed_power:
                axed_power = True
                assert run_axe(page) == []
            if target == '[data-key="confirm"]':
                # the eruption is previewed before it is made: its path on the board, in words
                assert page.locator("#app .pyr-board .flow-path").count() >= 1
                assert page.locator("[data-key=preview]").inner_text().strip()
                previews += 1
            element = page.locator(f"#app {target}")
            assert element.count() == 1, f"{target}: {element.count()} elements"
            element.scroll_into_view_if_needed()
            where = page.evaluate(_GEOMETRY, [TIP, f"#app {target}"])
            assert where is not None, target
            assert not where["overlap"], f"step {n} ({topic}): the tip covers {target}"
            assert where["onTop"] and where["inView"], f"step {n} ({topic}): {target} {where}"
            assert where["doInView"], f"step {n} ({topic}): the tip's instruction is hidden"
            before = renders(page)
            element.click()
            page.wait_for_function(
                "n => document.querySelector('#app').getAttribute('data-renders') !== n",
                arg=before,
            )
        else:
            raise AssertionError("the guided game did not end")
        end = page.locator("[data-key=pyr-guide-end]")
        end.wait_for()
        assert page.evaluate(_BROKEN) == []
        text = end.inner_text()
        if lang == "en":
            assert "You won with three trios" in text and "What next" in text
        else:
            assert "Vous avez gagné avec trois trios" in text and "Et maintenant" in text
        for topic in ("quiet", "erupt", "power"):
            assert topic in topics, (topic, topics)
        assert previews >= 6  # one per turn of the person, each seen before Erupt
        assert run_axe(page) == []
        assert log.console_errors == [] and log.page_errors == []
    finally:
        context.close()
