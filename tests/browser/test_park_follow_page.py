"""Caldera Park, issue 23, in the browser at a 390 x 844 phone and a 1366 x 768 laptop:

* every move seen where it happens: while the computer decides, its park is the one drawn large,
  in the viewport; at the person's next decision their own park is back, and the computer's
  moves since are marked (a chip under the prompt, in the viewport; its park, opened from the
  chip, rings exactly the spaces the log's moves filled); with reduced motion, the marks stand
  still;
* every point explained: each row of the scoring pad (a tap, or Enter) and of the live "Score so
  far" lights exactly the spaces the engine's scoring counted for it, and says how;
* the console stays clean.
"""

from __future__ import annotations

import random

import pytest
from game_driver import (
    HUMAN_TURN,
    game_record,
    new_game,
    play_human_step,
    play_to_end,
    screenshot,
    wait_for_human_or_end,
)
from sitetest import open_app

from pyapp.park.actions import parse
from pyapp.park.components import SPECIES, SUN, TOKENS
from pyapp.park.game import park_of
from pyapp.park.record import from_record
from pyapp.park.scoring import (
    CATEGORIES,
    COVERAGE_POINTS,
    best_family,
    faces_of,
    flipped_spaces,
    score_board,
    surrounded_geysers,
)

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
SIZES = {"390x844": PHONE, "1366x768": LAPTOP}

# every render: whose decision, whether a person has it, which park is drawn large and whether
# it is in the viewport, and the chips of the marked moves (their players, in the viewport)
_WATCH = """() => {
  window.__renders = [];
  const inView = (el) => {
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5
      && r.right <= innerWidth + 0.5;
  };
  const look = () => {
    const s = document.querySelector('section[data-screen=table]');
    if (!s) return;
    const park = s.querySelector('.park-box svg.park');
    const chips = [...s.querySelectorAll('.marks .mark-move')];
    window.__renders.push({
      human: s.getAttribute('data-human-turn'), player: s.getAttribute('data-player'),
      park: park && park.getAttribute('data-player'), parkInView: inView(park),
      chips: chips.map((c) => c.getAttribute('data-player')),
      chipsInView: chips.every(inView),
      chipTop: chips.map((c) => Math.round(c.getBoundingClientRect().top)),
      scroll: s.scrollTop, pageScroll: window.scrollY,
      log: JSON.parse(CalderaGame('record')).log.length,
    });
  };
  new MutationObserver(look).observe(document.getElementById('app'),
    {attributes: true, attributeFilter: ['data-renders']});
}"""

_LIT = """(sel) => [...document.querySelectorAll(sel)].map((e) => {
  const key = e.getAttribute('data-key'); return key.slice(key.indexOf('-') + 1);
})"""


def _at(key: str) -> tuple[int, int]:
    q, r = key.split(",")
    return int(q), int(r)


def _clean(log) -> None:
    assert log.page_errors == []
    assert log.console_errors == []
    assert [m for m in log.console if m.startswith("warning")] == []


def _engine_lit(state: dict, p: int, cat: str) -> set | None:
    """The spaces the engine's scoring counts for ``cat`` in player ``p``'s park, from its own
    primitives (``score_board``, requirement masks, ``surrounded_geysers``); None for a species,
    checked by ``_check_family`` instead (the engine keeps the value of the best family)."""
    park = park_of(state)
    pl = state["G"]["players"][p]
    sheet = score_board(park, pl["board"], pl["weather"])
    if cat == "bad_weather":
        return {tuple(a) for a in sheet["flipped_at"]}
    covered = 0
    for i, t in enumerate(pl["board"]):
        if t >= 0:
            covered |= 1 << i
    if cat in COVERAGE_POINTS:
        if not sheet["categories"][cat]:
            return set()
        req = {"waterfalls": "waterfall", "mountains": "mountain"}.get(cat, cat)
        return {park.at(i) for i in park.requirement[req]}
    if cat == "geysers":
        out = set()
        for k in surrounded_geysers(park, covered):
            out.add(park.at(park.geysers[k]))
            out.update(park.at(j) for j in park.geyser_neighbours[k])
        return out
    return None


def _check_family(state: dict, p: int, cat: str, lit: set) -> None:
    park = park_of(state)
    pl = state["G"]["players"][p]
    faces, wx = faces_of(pl["board"], pl["weather"])
    flipped = flipped_spaces(park, faces, wx)
    suns = [w for w in park.weather_spaces if pl["weather"][w] == SUN]
    value, _, _ = best_family(park, faces, flipped, cat, suns)
    k = SPECIES.index(cat)
    idx = {park.index[a] for a in lit}
    if not value:
        assert idx == set()
        return
    animals = sum(1 if i in suns else TOKENS[pl["board"][i]].counts[k] for i in idx)
    water = sum(0 if i in suns else TOKENS[pl["board"][i]].water for i in idx)
    assert animals * water == value, (cat, animals, water, value)
    for i in idx:
        assert i in suns or (i not in flipped and TOKENS[pl["board"][i]].counts[k])


def _check_row(page, state, p, cat, park_sel: str) -> None:
    lit = {_at(k) for k in page.evaluate(_LIT, f"{park_sel} g.space.explained")}
    want = _engine_lit(state, p, cat)
    if want is None:
        _check_family(state, p, cat, lit)
    else:
        assert lit == want, cat
    note = page.locator(f".explain-note[data-cat={cat}]")
    assert note.is_visible()
    pts = score_board(
        park_of(state), state["G"]["players"][p]["board"], state["G"]["players"][p]["weather"]
    )["categories"][cat]
    if pts:
        assert str(pts) in note.text_content()


@pytest.mark.parametrize(
    ("size", "reduced"), [("390x844", False), ("390x844", True), ("1366x768", False)]
)
def test_the_computers_move_is_seen_and_stays_marked(browser, site_url, size, reduced):
    from sitetest import PageLog

    context = browser.new_context(
        **SIZES[size], reduced_motion="reduce" if reduced else "no-preference"
    )
    log = PageLog()
    log.watch_context(context)
    try:
        page = open_app(context, site_url, log)
        new_game(page, seats=("human", "greedy"), names=("Lin", "Sam"), seed="23")
        page.evaluate(_WATCH)
        rng = random.Random(4)
        checked = 0
        for _ in range(9):
            assert wait_for_human_or_end(page) == "table"
            record = game_record(page)
            state = from_record(record)
            texts = record["log"]
            players = [p for p, _ in state["log"]]
            mine = [i for i, p in enumerate(players) if p == 0]
            since = [i for i in range(mine[-1] + 1 if mine else 0, len(texts)) if players[i] == 1]
            chips = page.locator(".marks .mark-move")
            if since:
                # the computer's moves since are marked, in view: its chip, then its park
                assert chips.count() == 1 and chips.first.get_attribute("data-player") == "1"
                box = chips.first.bounding_box()
                vp = page.viewport_size
                assert box["y"] >= 0 and box["y"] + box["height"] <= vp["height"]
                want = set()
                park = park_of(state)
                for i in since:
                    a = parse(texts[i])
                    if a.kind == "place":
                        want.add(tuple(a.at))
                chips.first.click()
                page.wait_for_selector(".park-box svg.park[data-player='1']")
                marked = {
                    _at(k)
                    for k in page.evaluate(_LIT, ".park-box svg.park g.space.marked")
                    if k.count(",") == 1
                }
                assert want <= marked
                assert all(park.spaces[park.index[m]].kind == "weather" for m in marked - want)
                if reduced:
                    moving = page.evaluate(
                        """() => document.getAnimations().filter((a) => a.playState === 'running'
                          && a.effect && a.effect.target
                          && a.effect.target.closest('.marks, .mark-ring, .space.marked')).length"""
                    )
                    assert moving == 0
                if checked == 0:
                    screenshot(page, f"park-follow-marked-{size}.png", full_page=False)
                page.locator("[data-key=park-back]").click()
                page.wait_for_selector(f"{HUMAN_TURN} .park-box svg.park[data-player='0']")
                checked += 1
            else:
                assert chips.count() == 0
            play_human_step(page, rng)
        assert checked >= 3
        renders = page.evaluate("window.__renders")
        bot_turns = [r for r in renders if r["human"] == "false" and r["player"] == "1"]
        assert bot_turns, "the computer's decisions were drawn"
        for r in bot_turns:  # while it decides, its park is the one drawn large, in view
            assert r["park"] == "1" and r["parkInView"], r
        opened = 0
        prev = None
        for r in renders:  # a person's decision opens with the marks in view (later renders
            # of it may be scrolled by this test's clicks on the pieces lower down)
            if r["human"] == "true" and r["log"] != prev and r["chips"]:
                assert r["chipsInView"] and r["park"] == "0", str(r)
                opened += 1
            prev = r["log"]
        assert opened >= 3
        _clean(log)
    finally:
        context.close()


def test_each_row_of_the_pad_lights_what_the_engine_counted(browser, site_url):
    from sitetest import PageLog

    context = browser.new_context(**PHONE)
    log = PageLog()
    log.watch_context(context)
    try:
        page = open_app(context, site_url, log)
        new_game(page, variant="solo", seats=("human",), seed="2311")
        rng = random.Random(11)
        # live, during play: "Score so far" and each category of it
        for _ in range(40):
            wait_for_human_or_end(page)
            play_human_step(page, rng)
        wait_for_human_or_end(page)
        page.locator("[data-key=score-toggle]").click()
        page.wait_for_selector("[data-key=live-pad]")
        state = from_record(game_record(page))
        for cat in CATEGORIES:
            page.locator(f"[data-key=explain-{cat}-0]").click()
            page.wait_for_selector(f".explain-note[data-cat={cat}]")
            _check_row(page, state, 0, cat, ".park-box svg.park")
        screenshot(page, "park-score-so-far-390x844.png", full_page=False)
        page.locator("[data-key=score-toggle]").click()
        page.wait_for_selector("[data-key=live-pad]", state="detached")
        # the end: every row of the pad, tapped (and one with Enter)
        play_to_end(page, rng)
        state = from_record(game_record(page))
        for n, cat in enumerate(CATEGORIES):
            cell = page.locator(f"[data-key=explain-{cat}-0]")
            if n == 2:
                cell.focus()
                page.keyboard.press("Enter")
            else:
                cell.click()
            page.wait_for_selector(f".explain-box .explain-note[data-cat={cat}]")
            _check_row(page, state, 0, cat, ".explain-box svg.park")
            assert cell.get_attribute("aria-pressed") == "true"
            box = page.locator(".explain-box svg.park").bounding_box()
            assert box["y"] < PHONE["viewport"]["height"]  # the lit park is in view
            if cat == "mountains":
                screenshot(page, "park-pad-explained-390x844.png", full_page=False)
        _clean(log)
    finally:
        context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_start_in_reach_and_the_hint_never_covers_the_park(browser, site_url, size):
    """Issue 23's fixes seen in the browser: on the new-game form "Start the game" is in the
    viewport without scrolling; the hint of the moment leaves the park's top row visible."""
    from sitetest import PageLog

    context = browser.new_context(**SIZES[size])
    log = PageLog()
    log.watch_context(context)
    try:
        page = open_app(context, site_url, log)
        vp = page.viewport_size
        start = page.locator("[data-key=start]").bounding_box()
        assert start["y"] >= 0 and start["y"] + start["height"] <= vp["height"] + 0.5
        new_game(page, seats=("human", "greedy"), names=("Lin", "Sam"), seed="5")
        rng = random.Random(3)
        while True:
            assert wait_for_human_or_end(page) == "table"
            if page.locator(HUMAN_TURN).get_attribute("data-decision") == "place":
                break
            play_human_step(page, rng)
        # a space chosen before a token: the hint says to choose a token first
        page.locator(f"{HUMAN_TURN} g[data-action=space]").first.click()
        page.wait_for_selector(".toast.shown .notice")
        toast = page.locator(".toast.shown").bounding_box()
        top_row = page.evaluate(
            """() => Math.min(...[...document.querySelectorAll('.park-box svg.park g.space')]
                .map((g) => g.getBoundingClientRect().top))"""
        )
        assert toast["y"] + toast["height"] <= top_row + 0.5
        _clean(log)
    finally:
        context.close()


def test_axe_clean_with_a_row_explained_live_and_at_the_end(page, page_log):
    """axe-core finds nothing serious on the table with "Score so far" open and a category
    lit, nor on the end screen with a row of the pad lit."""
    from saves_driver import open_saves, played, put, reload, run_axe, saved_items

    mid = played(44, seed=6, names=["Léa", "Sam"])
    over = played(10_000, seed=9, names=["Léa", "Sam"])
    put(page, saved_items((mid, ["human", "random"]), (over, ["human", "random"]), current=0))
    reload(page)
    page.wait_for_selector(HUMAN_TURN)
    page.locator("[data-key=score-toggle]").click()
    page.locator("[data-key=explain-bear-0]").click()
    page.wait_for_selector(".explain-note[data-cat=bear]")
    assert run_axe(page) == []
    open_saves(page)
    page.locator("li.save-item", has_text="finished").locator(
        "[data-action=saves-continue]"
    ).click()
    page.wait_for_selector("#app[data-screen=end]")
    page.locator("[data-key=explain-mountains-1]").click()
    page.wait_for_selector(".explain-box .explain-note[data-cat=mountains]")
    assert run_axe(page) == []
    _clean(page_log)
