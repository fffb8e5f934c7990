"""Sound and touch in Chromium, through the page only, with a stubbed AudioContext and
navigator.vibrate (an init script replaces them with recorders before the page loads).

* In real play of each game (a person against a computer player, by clicks, to the end), the
  sounds the page was asked for after each change are exactly those the engine's replay of the
  game's record gives (``features/sound.change_sounds`` over the record, move by move), each
  kind of the game is among them (Caldera Park: placing; Caldera: a cap moved, an eruption, a
  capture; Caledea: dice, a battle won or lost; all: your turn, the end), and the notes reaching
  the AudioContext are those of the sounds asked, in order; "your turn" vibrates.
* Nothing is played before the person's first tap or key (computer players moving on a page
  nobody touched: the page is asked, the AudioContext is never even made), and it plays after.
* Muted: nothing asked, no note, no vibration; the switch is remembered after a reload.
  Reduced motion does not mute.
* The console stays clean; axe-core finds nothing serious in the header with the switch.
"""

from __future__ import annotations

import json
import random

from game_driver import (
    fill_seats_and_start,
    header_entry,
    play_human_step,
)
from saves_driver import run_axe
from sitetest import open_app, reload

from pyapp import games
from pyapp.ui.features.sound import KINDS, change_sounds, sounds_module

WAIT = 180_000
HUMAN_TURN = "section[data-screen=table][data-human-turn=true]"

STUB = """(() => {
  const rec = { contexts: 0, notes: [], vibrations: [] };
  window.__sound = rec;
  class Param {
    constructor() { this.value = 0; }
    setValueAtTime(v) { this.value = v; return this; }
    linearRampToValueAtTime() { return this; }
    exponentialRampToValueAtTime() { return this; }
  }
  class Node { connect(n) { return n; } disconnect() {} }
  class Osc extends Node {
    constructor() { super(); this.type = "sine"; this.frequency = new Param(); }
    start(t) { rec.notes.push({ f: this.frequency.value, type: this.type, t: t }); }
    stop() {}
  }
  class Gain extends Node { constructor() { super(); this.gain = new Param(); } }
  class Ctx {
    constructor() { rec.contexts++; this.state = "running"; this.currentTime = 0;
                    this.destination = new Node(); }
    createOscillator() { return new Osc(); }
    createGain() { return new Gain(); }
    resume() { this.state = "running"; return Promise.resolve(); }
    close() { this.state = "closed"; return Promise.resolve(); }
  }
  window.AudioContext = Ctx;
  window.webkitAudioContext = Ctx;
  Object.defineProperty(Navigator.prototype, "vibrate", {
    configurable: true,
    value: function (ms) { rec.vibrations.push(ms); return true; },
  });
  // what the page asks sound.js for (played or not): wrapped once sound.js has defined it
  rec.asked = [];
  let real = null;
  Object.defineProperty(window, "CalderaSound", {
    configurable: true,
    get() { return real; },
    set(v) {
      const play = v.play;
      v.play = function (kinds, ms) {
        rec.asked.push([String(kinds), ms]);
        return play(kinds, ms);
      };
      real = v;
    },
  });
})();"""


def stubbed(browser, site_url, viewport=None, **options):
    """A context whose pages have the recorders, and its page log; the app opened."""
    from sitetest import PageLog

    context = browser.new_context(viewport=viewport or {"width": 1366, "height": 768}, **options)
    context.add_init_script(STUB)
    log = PageLog()
    log.watch_context(context)
    page = open_app(context, site_url, log)
    return context, page, log


def rec(page) -> dict:
    return page.evaluate("window.__sound")


def asked(page) -> list[list[str]]:
    return [k.split(",") for k, _ in rec(page)["asked"]]


def record(page) -> dict:
    return json.loads(page.evaluate("CalderaGame('record')"))


def expected_calls(game_id: str, rec_: dict, humans: set[int], start=0) -> list[list[str]]:
    """The sounds of each move of the record from the ``start``-th on (the game was resumed
    there), as the engine's replay of it gives them (the person at the device: the first
    person seated)."""
    game = games.get(game_id)
    module = sounds_module(game_id)
    state = game.new_game(rec_["options"])
    viewer = min(humans)
    out = []
    for i, text in enumerate(rec_["log"]):
        before = json.loads(json.dumps(state))
        state = game.play(state, text)
        if i < start:
            continue
        kinds = change_sounds(game, before, state, lambda p: p in humans, viewer, module)
        if kinds:
            out.append(kinds)
    return out


def wait_notes(page, n: int) -> None:
    """sound.js schedules in a task of its own (setTimeout 0): wait for ``n`` notes."""
    page.wait_for_function("n => window.__sound.notes.length >= n", arg=n, timeout=10_000)


def check_notes(page) -> None:
    """The notes that reached the AudioContext are those of the kinds played, in order."""
    recipes = page.evaluate("CalderaSound.recipes")
    played = page.evaluate("Array.from(CalderaSound.played)")
    want = [n[0] for k in played for n in recipes[k]]
    wait_notes(page, len(want))
    notes = rec(page)["notes"]
    assert [round(n["f"], 2) for n in notes] == [round(f, 2) for f in want]


def assert_clean(log) -> None:
    assert log.console_errors == [] and log.page_errors == [], (
        log.console_errors,
        log.page_errors,
    )
    warnings = [c for c in log.console if c.startswith("warning")]
    assert warnings == [], warnings


def check_real_play(page, game_id: str, must: set[str], start=0) -> None:
    """After a game played to the end by a person (seat 0) and a computer player: the page
    was asked for exactly the engine's sounds, which hold ``must``; their notes were played;
    each "your turn" vibrated once."""
    page.wait_for_selector("#app[data-screen=end]")
    want = expected_calls(game_id, record(page), {0}, start)
    page.wait_for_function("n => window.__sound.asked.length >= n", arg=len(want))
    got = asked(page)
    assert got == want
    heard = {k for call in got for k in call}
    assert must <= heard, (must - heard, heard)
    assert heard <= set(KINDS)
    assert rec(page)["contexts"] == 1
    check_notes(page)
    turns = sum("turn" in call for call in got)
    assert turns and rec(page)["vibrations"] == [60] * turns


# ------------------------------------------------------------------ real play of each game


def test_caldera_park_sounds_in_real_play(browser, site_url):
    context, page, log = stubbed(browser, site_url)
    try:
        page.locator("[data-action=game-choose][data-game=park]").click()
        page.wait_for_selector("#app[data-game=park][data-screen=setup]")
        page.locator("input[data-action=variant][value=base]").check()
        fill_seats_and_start(page, ("human", "random"), None, "7")
        page.locator("[data-action=speed]").click()
        rng = random.Random(3)
        for _ in range(400):
            page.wait_for_selector(
                f"{HUMAN_TURN}, #app[data-screen=handover], #app[data-screen=end]", timeout=WAIT
            )
            if page.locator("#app").get_attribute("data-screen") == "end":
                break
            play_human_step(page, rng)
        check_real_play(page, "park", {"place", "turn", "end"})
        assert_clean(log)
    finally:
        context.close()


def _pyramids_turn(page, rng: random.Random) -> None:
    """One turn of the person: quiet cap moves now and then, then an eruption (or a pass)."""
    square = "svg.pyr-board g.{}[data-action=sq]"
    for _ in range(60):
        if page.locator("[data-action=pass]").count():
            page.locator("[data-action=pass]").click()
            return
        if page.locator("svg.pyr-board g.chosen").count() == 0:
            caps = page.locator(square.format("can-choose"))
            caps.nth(rng.randrange(caps.count())).click()
        erupting = page.locator(square.format("dest.erupt"))
        quiet = page.locator(square.format("dest.quiet"))
        if erupting.count() and (rng.random() < 0.6 or not quiet.count()):
            erupting.nth(rng.randrange(erupting.count())).click()
            page.locator("[data-action=confirm]").click()
            return
        if quiet.count():
            quiet.nth(rng.randrange(quiet.count())).click()
        else:
            page.keyboard.press("Escape")
    raise AssertionError("no eruption found in 60 tries")


def test_caldera_sounds_in_real_play(browser, site_url):
    context, page, log = stubbed(browser, site_url)
    try:
        page.locator("[data-action=game-choose][data-game=pyramids]").click()
        page.wait_for_selector("#app[data-game=pyramids][data-screen=setup]")
        fill_seats_and_start(page, ("human", "greedy"), None, "11")
        page.locator("[data-action=speed]").click()
        rng = random.Random(4)
        for _ in range(300):
            page.wait_for_selector(
                f"#app[data-game=pyramids] {HUMAN_TURN}, #app[data-screen=end]", timeout=WAIT
            )
            if page.locator("#app").get_attribute("data-screen") == "end":
                break
            _pyramids_turn(page, rng)
        check_real_play(page, "pyramids", {"move", "erupt", "capture", "turn", "end"})
        assert_clean(log)
    finally:
        context.close()


def _caledea_step(page, rng: random.Random) -> None:
    """One decision of the person: in their turn, a unit sent somewhere now and then, else the
    turn ended; any fight's choice at random."""
    table = page.locator("section[data-screen=table]")
    kind = table.get_attribute("data-decision")
    before = page.locator("#app").get_attribute("data-renders")
    if kind == "capital":
        squares = page.locator("[data-action=square]")
        squares.nth(rng.randrange(squares.count())).click()
        page.locator("[data-action=confirm]").click()
    elif kind == "turn":
        sources = page.locator(".legal-source")
        if sources.count() == 0 or rng.random() < 0.15:
            page.locator("[data-action=end-turn]").click()
        else:
            sources.nth(rng.randrange(sources.count())).click()
            dests = page.locator(".legal-dest")
            if dests.count() == 0:
                page.locator("[data-action=end-turn]").click()
            else:
                dests.nth(rng.randrange(dests.count())).click()
                page.locator("[data-action=confirm]").click()
    else:
        choices = page.locator("button[data-action=choose]")
        choices.nth(rng.randrange(choices.count())).click()
    page.wait_for_function(
        "n => document.querySelector('#app').getAttribute('data-renders') !== n", arg=before
    )


# Caledea: a saved game where the person's next move attacks the computer's capital (seed 2:
# Xonavia on f4 beside Talaq's capital f3, one infantry already round on e3), then on to the end
FIGHT_OPTIONS = {"players": 2, "seed": 2, "kingdoms": ["Xonavia", "Talaq"], "first": 0}
FIGHT_LOG = ["capital f4", "capital f3", "move e4 1", "end", "end", "move e3 1", "end", "end"]


def test_caledea_sounds_in_real_play(browser, site_url):
    from saves_driver import put, saved_items

    from pyapp.caledea.protocol import GAME
    from pyapp.ui.caledea import model

    context, page, log = stubbed(browser, site_url)
    try:
        state = GAME.replay(FIGHT_OPTIONS, FIGHT_LOG)
        put(page, saved_items((state, ["human", "greedy"]), current=0, game=GAME))
        reload(page)
        page.wait_for_selector(f"#app[data-game=caledea] {HUMAN_TURN}", timeout=WAIT)

        def square(name):
            x, y = model.at_of(state, name)
            return f"[data-action=square][data-at='{x},{y}']"

        page.locator(square("f4")).click()
        page.locator(square("e3")).click()
        x, y = model.at_of(state, "f3")
        page.locator(f".legal-dest[data-at='{x},{y}']").click()
        page.locator("[data-action=confirm]").click()
        rng = random.Random(7)
        for _ in range(600):
            page.wait_for_selector(f"{HUMAN_TURN}, #app[data-screen=end]", timeout=WAIT)
            if page.locator("#app").get_attribute("data-screen") == "end":
                break
            _caledea_step(page, rng)
        check_real_play(page, "caledea", {"move", "dice", "end"}, start=len(FIGHT_LOG))
        heard = {k for call in asked(page) for k in call}
        assert heard & {"won", "lost"}
        assert_clean(log)
    finally:
        context.close()


# ------------------------------------------------------------------ autoplay, mute, header


def start_untouched(page, game_id: str, seats) -> None:
    """Start a game without a gesture: the form set and Start pressed by script (untrusted
    events, as no person made them; the browser gives the page no activation for them)."""
    page.evaluate(
        "g => document.querySelector(`[data-action=game-choose][data-game=${g}]`).click()",
        game_id,
    )
    page.wait_for_selector(f"#app[data-game={game_id}][data-screen=setup]")
    for i, kind in enumerate(seats):
        page.locator(f"select[data-seat='{i}']").select_option(kind)
    page.evaluate("() => document.querySelector('[data-action=start]').click()")


def test_nothing_plays_before_the_first_tap_and_sounds_after(browser, site_url):
    # with reduced motion asked for: it does not mute
    context, page, log = stubbed(browser, site_url, reduced_motion="reduce")
    try:
        assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
        # two computer players on a page nobody has touched yet
        start_untouched(page, "pyramids", ("greedy", "greedy"))
        page.wait_for_function("() => window.__sound.asked.length >= 3", timeout=WAIT)
        r = rec(page)
        assert r["contexts"] == 0 and r["notes"] == [] and r["vibrations"] == []
        assert page.evaluate("CalderaSound.played.length") == 0
        # the first tap (on the game's title: nothing happens but the tap)
        n = len(r["asked"])
        page.locator(".app-name").click()
        page.wait_for_function("n => window.__sound.asked.length >= n + 2", arg=n, timeout=WAIT)
        page.wait_for_function("() => window.__sound.notes.length > 0")
        assert rec(page)["contexts"] == 1
        assert page.evaluate("CalderaSound.played.length") > 0
        assert_clean(log)
    finally:
        context.close()


def test_muted_plays_nothing_is_remembered_and_the_header_passes_axe(browser, site_url):
    for viewport in ({"width": 1366, "height": 768}, {"width": 390, "height": 844}):
        context, page, log = stubbed(browser, site_url, viewport)
        try:
            page.locator("[data-action=game-choose][data-game=pyramids]").click()
            page.wait_for_selector("#app[data-game=pyramids][data-screen=setup]")
            fill_seats_and_start(page, ("human", "greedy"), None, "5")
            entry = header_entry(page, "sound")
            assert entry.text_content() == "Sound: on"
            entry.click()
            page.wait_for_selector(
                ".app-header [data-action=sound]:text('Sound: off')", state="attached"
            )
            assert page.evaluate("localStorage.getItem('caldera-park/sound')") == "off"
            assert run_axe(page, ".app-header") == []
            rng = random.Random(2)
            for _ in range(3):
                page.wait_for_selector(f"#app[data-game=pyramids] {HUMAN_TURN}", timeout=WAIT)
                _pyramids_turn(page, rng)
            page.wait_for_selector(f"#app[data-game=pyramids] {HUMAN_TURN}", timeout=WAIT)
            assert len(record(page)["log"]) >= 4
            r = rec(page)
            assert r["asked"] == [] and r["notes"] == [] and r["vibrations"] == []
            # remembered: after a reload the switch still says off, and still nothing plays
            reload(page)
            page.wait_for_selector(f"#app[data-game=pyramids] {HUMAN_TURN}", timeout=WAIT)
            assert header_entry(page, "sound").text_content() == "Sound: off"
            page.keyboard.press("Escape")
            _pyramids_turn(page, rng)
            page.wait_for_selector(f"#app[data-game=pyramids] {HUMAN_TURN}", timeout=WAIT)
            r = rec(page)
            assert r["asked"] == [] and r["notes"] == [] and r["vibrations"] == []
            # on again: the next moves are heard
            header_entry(page, "sound").click()
            page.wait_for_selector(
                ".app-header [data-action=sound]:text('Sound: on')", state="attached"
            )
            assert run_axe(page, ".app-header") == []
            page.keyboard.press("Escape")
            _pyramids_turn(page, rng)
            page.wait_for_function("() => window.__sound.notes.length > 0", timeout=WAIT)
            # French
            header_entry(page, "lang").click()
            page.wait_for_selector("html[lang=fr]")
            assert header_entry(page, "sound").text_content() == "Son\u00a0: oui"
            assert run_axe(page, ".app-header") == []
            # each entry of the header shown reads on one line, none cut (French, the longest)
            header_entry(page, "sound")
            entries = page.locator(".app-header button").evaluate_all(
                """els => els.filter(e => e.getBoundingClientRect().width > 0).map(e => {
                    const range = document.createRange();
                    range.selectNodeContents(e);
                    const tops = new Set(Array.from(range.getClientRects())
                        .filter(r => r.width > 0).map(r => Math.round(r.top)));
                    return [e.textContent, tops.size, e.scrollWidth <= e.clientWidth + 1];
                })"""
            )
            assert "Son\u00a0: oui" in [t for t, _, _ in entries]
            assert all(lines == 1 and whole for _, lines, whole in entries), entries
            page.keyboard.press("Escape")
            assert_clean(log)
        finally:
            context.close()
