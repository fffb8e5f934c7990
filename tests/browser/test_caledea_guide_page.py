"""Caledea's guided first game in Chromium, through the page only, on a 390x844 phone and a
1366x768 laptop, in English and French: offered on Caledea's new-game screen, played to its
end by tapping only what each tip names (the tip's ``data-target``), which wins against the
greedy bot. At every step the tip does not cover what it asks for: their boxes do not meet, and
the element found at the target's centre is the target itself; the tip's instruction is in view
together with the target. axe-core finds nothing serious
at the start, at the first fight and at the end; the console stays clean."""

from __future__ import annotations

import pytest
from guide_driver import follow_tips, guided_game
from saves_driver import run_axe

MAX_TAPS = 300


@pytest.mark.parametrize(
    ("size", "lang"),
    # each size once, each language once (the French phone: the longer tips on the smaller screen)
    [("390x844", "fr"), ("1366x768", "en")],
)
def test_the_guided_game_is_played_to_its_win_by_its_tips(browser, site_url, size, lang):
    with guided_game(browser, site_url, size, lang, "caledea", "cal") as (page, log):
        axed = []

        def at_step(n, topic, target):
            if topic == "fight" and not axed:
                axed.append(n)
                tip = page.locator("[data-key=cal-guide-tip]")
                text = tip.inner_text() + page.locator("[data-key=cal-guide-do]").inner_text()
                assert "%" in text  # the odds, before Confirm
                assert run_axe(page) == []

        topics = follow_tips(page, "cal", MAX_TAPS, at_step)
        end = page.locator("[data-key=cal-guide-end]")
        end.wait_for()
        text = end.inner_text()
        assert ("You won" in text) if lang == "en" else ("Vous avez gagné" in text)
        for topic in ("capital", "march", "claim", "upgrade", "fight", "attack_capital"):
            assert topic in topics, (topic, topics)
        assert axed, "no fight was taught"
        assert run_axe(page) == []
        assert log.console_errors == [] and log.page_errors == []
