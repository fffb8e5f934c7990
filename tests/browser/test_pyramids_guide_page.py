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
from guide_driver import follow_tips, guided_game
from saves_driver import run_axe

MAX_TAPS = 200


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


@pytest.mark.parametrize(("size", "lang"), [("390x844", "en"), ("1366x768", "fr")])
def test_the_guided_game_is_played_to_its_win_by_its_tips(browser, site_url, size, lang):
    with guided_game(browser, site_url, size, lang, "pyramids", "pyr") as (page, log):
        previews, axed_power = [], []

        def at_step(n, topic, target):
            assert page.evaluate(_BROKEN) == [], (n, topic)  # no word of the tip cut or split
            if topic == "power" and not axed_power:
                axed_power.append(n)
                assert run_axe(page) == []
            if target == '[data-key="confirm"]':
                # the eruption is previewed before it is made: its path on the board, in words
                assert page.locator("#app .pyr-board .flow-path").count() >= 1
                assert page.locator("[data-key=preview]").inner_text().strip()
                previews.append(n)

        topics = follow_tips(page, "pyr", MAX_TAPS, at_step)
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
        assert len(previews) >= 6  # one per turn of the person, each seen before Erupt
        assert axed_power, "no Power Play was taught"
        assert run_axe(page) == []
        assert log.console_errors == [] and log.page_errors == []
