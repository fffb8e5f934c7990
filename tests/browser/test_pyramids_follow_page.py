"""Caldera in the browser, issue 23: a computer player's moves are marked on the board, in the
window, while it makes them and until the person's next decision, at a phone's 390x844 (with
reduced motion: the marks without motion) and a laptop's 1366x768. What is marked is compared
with the engine's replay of the game's record (``core.replay``): the cap's steps, the squares
of each eruption, the captured and landed pieces. The person's own move then clears the marks.
Each collection shows its trios and what the next one lacks; axe-core and the console stay
clean."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from game_driver import fill_seats_and_start
from saves_driver import run_axe
from sitetest import PageLog, open_app

from pyapp.core.replay import Replay
from pyapp.pyramids import explain
from pyapp.pyramids import game as rules
from pyapp.pyramids.protocol import GAME

HUMAN_TURN = "#app[data-game=pyramids] section[data-screen=table][data-human-turn=true]"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}

# every drawing of the page is checked as it happens: when the board marks moves, are the
# marks and the marked squares inside the window? (recorded, read by the test)
WATCH = """() => {
    window.__marks = [];
    const look = () => {
        const table = document.querySelector('section[data-screen=table]');
        const svg = document.querySelector('svg.pyr-board');
        if (!table || !svg) return;
        const marked = [...svg.querySelectorAll('g.sq.marked, .move-marks > *')];
        if (!marked.length) return;
        const w = window.innerWidth, h = window.innerHeight;
        const inside = marked.every(e => { const r = e.getBoundingClientRect();
            return r.top >= -1 && r.left >= -1 && r.bottom <= h + 1 && r.right <= w + 1; });
        const steps = [...svg.querySelectorAll('g.mark-arrow')]
            .map(e => e.dataset.from + '-' + e.dataset.to).join(' ');
        const last = window.__marks[window.__marks.length - 1];
        const human = table.dataset.humanTurn;
        if (last && last.steps === steps && last.human === human && last.inside === inside)
            return;
        window.__marks.push({human, inside, steps, scrollY: window.scrollY});
    };
    new MutationObserver(look).observe(document.getElementById('app'),
        {subtree: true, childList: true, attributes: true});
}"""


def record(page) -> dict:
    return json.loads(page.evaluate("CalderaGame('record')"))


def engine_marks(rec: dict, me: int) -> dict:
    """What the board must mark at the person's decision, from the engine alone: the other
    players' moves since the person's last one, each as the engine played it."""
    replay = Replay(GAME, rec["options"], rec["log"])
    players = [replay.player_of(n) for n in range(1, replay.length + 1)]
    mine = [i for i, p in enumerate(players) if p == me]
    first = mine[-1] + 1 if mine else 0
    steps, squares, caught, landed = [], set(), Counter(), Counter()
    for i in range(first, replay.length):
        if players[i] == me:
            continue
        before = replay.state_at(i)
        action = GAME.parse_action(replay.texts[i])
        if action.kind == "move":
            steps.append(f"{action.frm}-{action.to}")
            squares |= {action.frm, action.to}
            for f in rules.preview(before, action)["flow"]:
                squares.add(f["to"])
                (caught if f["captured"] else landed)[(f["to"], f["piece"])] += 1
        elif action.kind == "power":
            squares.add(action.at)
    return {"steps": " ".join(steps), "squares": squares, "caught": caught, "landed": landed}


def board_marks(page) -> dict:
    data = page.evaluate(
        """() => { const svg = document.querySelector('svg.pyr-board');
            const pairs = sel => [...svg.querySelectorAll(sel)]
                .map(e => [Number(e.dataset.at), e.dataset.piece]);
            return {
              steps: [...svg.querySelectorAll('g.mark-arrow')]
                  .map(e => e.dataset.from + '-' + e.dataset.to).join(' '),
              squares: [...svg.querySelectorAll('g.sq.marked')].map(e => Number(e.dataset.sq)),
              caught: pairs('g.mark-caught'), landed: pairs('g.mark-landed') }; }"""
    )
    return {
        "steps": data["steps"],
        "squares": set(data["squares"]),
        "caught": Counter(tuple(x) for x in data["caught"]),
        "landed": Counter(tuple(x) for x in data["landed"]),
    }


def marks_in_view(page) -> bool:
    return page.evaluate(
        """() => { const svg = document.querySelector('svg.pyr-board');
            const marked = [...svg.querySelectorAll('g.sq.marked, .move-marks > *')];
            return marked.length > 0 && marked.every(e => { const r = e.getBoundingClientRect();
                return r.top >= -1 && r.left >= -1 && r.bottom <= window.innerHeight + 1
                    && r.right <= window.innerWidth + 1; }); }"""
    )


def squares(page, cls: str):
    return page.locator(f"svg.pyr-board g.{cls}[data-action=sq]")


def finish_turn(page, rng: random.Random) -> None:
    """The person's turn to its eruption (or pass), by mouse."""
    for _ in range(60):
        if page.locator("[data-action=pass]").count():
            page.locator("[data-action=pass]").click()
            return
        if page.locator("svg.pyr-board g.chosen").count() == 0:
            caps = squares(page, "can-choose")
            caps.nth(rng.randrange(caps.count())).click()
        erupting = squares(page, "dest.erupt")
        if erupting.count():
            erupting.nth(rng.randrange(erupting.count())).click()
            page.locator("[data-action=confirm]:not([disabled])").click()
            return
        quiet = squares(page, "dest.quiet")
        if quiet.count():
            quiet.nth(rng.randrange(quiet.count())).click()
        else:
            page.keyboard.press("Escape")
    raise AssertionError("no eruption found in 60 tries")


def check_collections(page, rec: dict) -> None:
    """Each card's trio badges and missing pieces equal the engine's count and report."""
    state = GAME.replay(rec["options"], rec["log"])
    for p, coll in enumerate(state["collections"]):
        card = page.locator(f"[data-key=player-{p}]")
        report = explain.trio_report(coll)
        badges = card.locator(".trio-badge").evaluate_all(
            "bs => bs.map(b => [b.dataset.colour, Number(b.dataset.n)])"
        )
        assert dict(badges) == report["by_colour"]
        assert sum(dict(badges).values()) == rules.trios(coll)
        missing = set(card.locator(".pc-missing").evaluate_all("m => m.map(x => x.dataset.piece)"))
        if coll and report["missing"] < 3:
            assert missing == {x for alt in report["next"] for x in alt}
            assert card.locator(".next-trio").is_visible()
        elif not coll:
            assert not missing and card.locator(".next-trio").count() == 0


@pytest.mark.parametrize(
    "viewport,motion", [(PHONE, "reduce"), (LAPTOP, "no-preference")], ids=["phone", "laptop"]
)
def test_a_computers_moves_stay_marked_in_view_until_the_persons_decision(
    browser, site_url, viewport, motion
):
    context = browser.new_context(viewport=viewport, reduced_motion=motion)
    log = PageLog()
    log.watch_context(context)
    try:
        page = open_app(context, site_url, log)
        page.locator("[data-action=game-choose][data-game=pyramids]").click()
        page.wait_for_selector("#app[data-game=pyramids][data-screen=setup]")
        page.evaluate(WATCH)
        fill_seats_and_start(page, ("human", "random"), ["Ada", "Bot"], "17")
        rng = random.Random(6)
        decisions_marked = 0
        for _ in range(12):
            page.wait_for_selector(HUMAN_TURN, timeout=120_000)
            rec = record(page)
            want = engine_marks(rec, 0)
            got = board_marks(page)
            assert got == want, (got, want)
            check_collections(page, rec)
            if want["steps"]:
                decisions_marked += 1
                assert marks_in_view(page)
                if decisions_marked == 1:  # the marks, badges and missing pieces: axe-clean
                    assert run_axe(page) == []
                if motion == "reduce":  # marks without motion
                    assert (
                        page.locator("svg.pyr-board .fly, svg.pyr-board .caught-fly").count() == 0
                    )
                # choosing a cap is no decision yet: the marks stay
                squares(page, "can-choose").first.click()
                assert board_marks(page) == want
                page.keyboard.press("Escape")
                # a quiet move is: the marks go
                caps = squares(page, "can-choose")
                for i in range(caps.count()):
                    caps.nth(i).click()
                    if squares(page, "dest.quiet").count():
                        squares(page, "dest.quiet").first.click()
                        page.wait_for_function(
                            "() => !document.querySelector('svg.pyr-board g.sq.marked')"
                        )
                        assert board_marks(page)["steps"] == ""
                        break
                    page.keyboard.press("Escape")
            finish_turn(page, rng)
            made = [m for m in page.evaluate("window.__marks") if m["human"] == "false"]
            if decisions_marked >= 3 and made:
                break
        seen = page.evaluate("window.__marks")
        # while the computer played (its quiet moves before its eruption), its moves were
        # marked on the board, in the window, without scrolling
        made = [m for m in seen if m["human"] == "false" and m["steps"]]
        assert made, seen
        assert all(m["inside"] and m["scrollY"] == 0 for m in seen if m["steps"]), seen
        assert decisions_marked >= 3
        assert log.console_errors == [] and log.page_errors == []
    finally:
        context.close()
