"""Text that is never cut and never broken inside a word (issue 23), measured in Chromium on every
screen of every game of the box, in English and in French, on a 360x740 and a 390x844 phone, a
phone held sideways (740x360) and a 1366x768 laptop.

One page per viewport walks, by clicks: the box and each game's new-game form (each variant of
Caldera Park), a solo start from the form, the header's More panel, the saved games, each
game's table at its main decisions (saved games made here with the engines, the person's seat to
move: found by playing, never listed by hand) with what a click on the table shows (a token or a
cap chosen, an eruption's preview, a move's consequences, another
player's park), each game's hand-over screen, rules and end screen, the statistics, a replay and
each guided first game. Every screen is measured in the language it is shown in, then switched
to the other language and measured again (``text_fit.text_faults``: the words' own boxes, the
boxes that clip them, the window's edge, what a select or a field shows). The console stays
clean."""

from __future__ import annotations

import json

import pytest
from fit_driver import PHONE_390, VIEWPORTS
from saves_driver import put, stop_analysis
from sitetest import PageLog, open_app, reload
from storage_fakes import FakeStorage
from text_fit import text_faults

from pyapp import games
from pyapp.cli import _bots_for
from pyapp.ui.saves import CURRENT_KEY, SaveStore

SIZES = {
    "360x740": VIEWPORTS["360x740"],
    "390x844": PHONE_390,
    "740x360": VIEWPORTS["740x360"],
    "1366x768": VIEWPORTS["1366x768"],
}
APP = "#app"
TABLE = "section[data-screen=table]"
HUMAN_TURN = "section[data-screen=table][data-human-turn=true]"
WAIT = 60_000
# the default names of the forms, in each language (a save keeps the names it was started with)
EN = ["Player 1", "Player 2", "Player 3", "Player 4"]
FR = ["Joueur 1", "Joueur 2", "Joueur 3", "Joueur 4"]


# --------------------------------------------------------------------------- the saved games


def _find(game_id: str, options: dict, wants: dict, bot: str = "random", seeds=range(1, 40)):
    """States of ``game_id`` met when seat 0 is to decide: for each ``name: test`` of ``wants``
    the first state where ``test(state, kind of decision)`` holds, playing computer players
    ``bot`` from seed after seed until each is found; and the first finished game, "end"."""
    game = games.get(game_id)
    found: dict[str, dict] = {}
    for seed in seeds:
        opts = {**options, "seed": seed}
        state = game.new_game(opts)
        bots = _bots_for([bot], opts["players"], seed, game)
        while (p := game.to_move(state)) is not None:
            kind = game.decision(state)["kind"]
            for name, test in wants.items():
                if p == 0 and name not in found and test(state, kind):
                    found[name] = json.loads(json.dumps(state))
            game.apply(state, bots[p].choose(game.observation(state, p)))
        found.setdefault("end", state)
        if all(name in found for name in wants):
            return found
    raise AssertionError(f"{game_id}: nothing for seat 0 of {set(wants) - set(found)}")


def _play(game_id: str, options: dict, kinds: tuple[str, ...], bot: str = "random"):
    """Seat 0's first decision of each of ``kinds``, and a finished game (``_find``)."""
    return _find(game_id, options, {k: (lambda s, kind, k=k: kind == k) for k in kinds}, bot)


def saved_games() -> tuple[dict[str, str], list[tuple[str, str, str]]]:
    """localStorage items with every game to walk, and the walk's list of them: (what, id, the
    game's code name), in the order they are walked."""
    park = _play("park", {"players": 4, "names": FR}, ("weather", "pick", "place"))
    solo = _play("park", {"players": 1, "variant": "solo", "names": EN[:1]}, ("place",))
    geyser_options = {"players": 2, "variant": "geyser", "names": EN[:2]}
    geyser = _play("park", geyser_options, ("start", "reveal"))
    pyr = _play("pyramids", {"players": 3, "names": FR[:3]}, ("turn",))
    # a turn that may start with a Power Play: seat 0 holds captured pieces
    power = {"power": lambda s, kind: s["collections"][0] and s["turn"]["quiet"] == 0}
    pyr_late = _find("pyramids", {"players": 2, "names": EN[:2]}, power, "greedy")["power"]
    cal_kinds = ("capital", "turn", "pair", "withdraw", "ambush", "siege")
    cal = _play("caledea", {"players": 2, "names": EN[:2]}, cal_kinds)
    cal4 = _play("caledea", {"players": 4, "names": FR}, ("turn",))
    bots4 = ["human", "random", "greedy", "strong"]
    plan = [
        # (what, state, seats, game, session's extra)
        ("park weather", park["weather"], bots4, "park", {}),
        ("park pick", park["pick"], bots4, "park", {}),
        ("park place", park["place"], bots4, "park", {}),
        ("park end", park["end"], bots4, "park", {}),
        ("park solo place", solo["place"], ["human"], "park", {}),
        ("park solo end", solo["end"], ["human"], "park", {}),
        ("park geyser start", geyser["start"], ["human", "strong"], "park", {}),
        ("park geyser reveal", geyser["reveal"], ["human", "strong"], "park", {}),
        ("park hand-over", park["pick"], ["human"] * 4, "park", {"hide_between": True}),
        ("pyramids turn", pyr["turn"], ["human", "greedy", "strong"], "pyramids", {}),
        ("pyramids turn, pieces captured", pyr_late, ["human", "strong"], "pyramids", {}),
        ("pyramids end", pyr["end"], ["human", "greedy", "strong"], "pyramids", {}),
        ("pyramids hand-over", pyr["turn"], ["human"] * 3, "pyramids", {"hide_between": True}),
        *[(f"caledea {k}", cal[k], ["human", "strong"], "caledea", {}) for k in cal_kinds],
        ("caledea 4 turn", cal4["turn"], bots4, "caledea", {}),
        ("caledea end", cal4["end"], bots4, "caledea", {}),
        ("caledea hand-over", cal["turn"], ["human", "human"], "caledea", {"hide_between": True}),
    ]
    fake = FakeStorage()
    store = SaveStore(fake, clock=iter(range(1_763_700_000_000, 10**13, 60_000)).__next__)
    walk = []
    for what, state, seats, game_id, extra in plan:
        session = {"seats": seats, "fast": True, **extra}
        gid = store.save(state, session=session, game=games.get(game_id))
        walk.append((what, gid, game_id))
    fake.items.pop(CURRENT_KEY, None)
    return dict(fake.items), walk


# --------------------------------------------------------------------------- the walk


class Walk:
    """One page walked screen by screen; ``faults``: {"LANG where": [fault, ...]}."""

    def __init__(self, page, size: str):
        self.page = page
        self.size = size
        self.lang = "en"
        self.faults: dict[str, list[str]] = {}
        self.screens: list[str] = []

    def renders(self) -> str:
        return self.page.locator(APP).get_attribute("data-renders")

    def settled(self) -> None:
        """Two frames after the last render (the page's own layout steps done)."""
        self.page.evaluate(
            "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )

    def act(self, selector: str, *, hidden: bool = False, force: bool = False) -> None:
        """Click the first ``selector`` (``hidden``: even where it sits behind the header's More,
        as a click event on it; ``force``: one that says it is disabled); wait for the app's
        next render."""
        before = self.renders()
        if hidden:
            self.page.evaluate("s => document.querySelector(s).click()", selector)
        else:
            self.page.locator(selector).first.click(force=force)
        self.page.wait_for_function(
            "n => document.querySelector('#app').getAttribute('data-renders') !== n",
            arg=before,
            timeout=WAIT,
        )

    def header(self, action: str) -> None:
        self.act(f".app-header [data-action={action}]", hidden=True)

    def has(self, selector: str) -> bool:
        return self.page.locator(selector).count() > 0

    def measure(self, where: str) -> None:
        self.settled()
        found = text_faults(self.page)
        key = f"{self.lang} {where}"
        self.screens.append(key)
        if found:
            self.faults[key] = found

    def check(self, where: str) -> None:
        """Measure the screen shown in its language, switch the language, measure again."""
        self.measure(where)
        self.header("lang")
        self.lang = "fr" if self.lang == "en" else "en"
        self.page.wait_for_selector(f"html[lang={self.lang}]")
        self.measure(where)

    def wait(self, selector: str) -> None:
        self.page.wait_for_selector(selector, timeout=WAIT)


def new_game_form(w: Walk, game_id: str) -> None:
    """The new-game screen of ``game_id`` (choosing a game shows its running game, if any)."""
    w.header("menu-new")
    if w.page.locator(APP).get_attribute("data-game") != game_id:
        w.act(f"[data-action=game-choose][data-game={game_id}]")
        if w.page.locator(APP).get_attribute("data-screen") != "setup":
            w.header("menu-new")
    w.wait(f"#app[data-game={game_id}][data-screen=setup]")


def walk_forms(w: Walk) -> None:
    """The box (Caldera Park's form first), each variant, the other games' forms, the More
    panel, a solo start from the form and the guided first games' first tips."""
    w.wait("#app[data-screen=setup]")
    w.check("the box: Caldera Park's new game")
    for variant in ("solo", "geyser"):
        w.act(f"input[data-action=variant][value={variant}]")
        w.check(f"Caldera Park's new game, {variant}")
    w.act("input[data-action=variant][value=base]")
    w.act("input[data-action=seats][value='4']")
    for seat, kind in ((1, "strong"), (2, "greedy"), (3, "random")):
        before = w.renders()
        w.page.locator(f"select[data-seat='{seat}']").select_option(kind)
        w.page.wait_for_function(
            "n => document.querySelector('#app').getAttribute('data-renders') !== n", arg=before
        )
    w.check("Caldera Park's new game, 4 seats")
    for game_id in ("pyramids", "caledea"):
        w.act(f"[data-action=game-choose][data-game={game_id}]")
        w.wait(f"#app[data-game={game_id}][data-screen=setup]")
        w.check(f"{game_id}'s new game")
        if w.has(f"input[data-action=seats][value='{3 if game_id == 'pyramids' else 4}']"):
            n = 3 if game_id == "pyramids" else 4
            w.act(f"input[data-action=seats][value='{n}']")
            w.check(f"{game_id}'s new game, {n} seats")
    # Caledea's guided first game
    w.act("[data-key=cal-guide-offer] [data-action=cal-guide-start]")
    w.wait(f"{HUMAN_TURN} [data-key=cal-guide-tip]")
    w.check("Caledea's guided game")
    # back to Caldera Park's form: its guided first game, then a solo game from the form
    new_game_form(w, "park")
    if w.has("[data-key=guide-offer] [data-action=guide-start]"):
        w.act("[data-key=guide-offer] [data-action=guide-start]")
        w.wait(f"{HUMAN_TURN} [data-key=guide-tip]")
        w.check("Caldera Park's guided game")
        new_game_form(w, "park")
    w.act("input[data-action=variant][value=solo]")
    w.act("[data-action=start]")
    w.wait(HUMAN_TURN)
    w.check("Caldera Park, solo start")
    if w.page.locator("[data-key=menu-more]").is_visible():
        w.act("[data-key=menu-more]")
        w.check("the header's More panel")
        w.act("[data-key=menu-more]")


def walk_park(w: Walk, what: str) -> None:
    """A Caldera Park table: what a click shows at its decision."""
    kind = w.page.locator(TABLE).get_attribute("data-decision")
    enabled = ":not([aria-disabled=true]):not([disabled])"
    if kind == "place":
        w.act(f"button[data-action=token]{enabled}")
        w.check(f"{what}: a token chosen")
        w.act("g[data-action=space]")
        w.check(f"{what}: its space chosen")
    elif kind == "pick" and w.has(f"button[data-action=action]{enabled}"):
        w.act(f"button[data-action=action]{enabled}")
        w.check(f"{what}: an action token chosen")
    elif kind in ("weather", "reveal", "start") and w.has("button[data-action=slot]"):
        w.act("button[data-action=slot]")
        w.check(f"{what}: a weather token chosen")
    # another player's park (a tab on phones, a thumbnail on wide screens)
    other = "button.park-tab:not([aria-pressed=true]):visible, .thumbs [data-action=view]:visible"
    if w.page.locator(other).count():
        w.act(other)
        w.check(f"{what}: another park")
    if w.page.locator("[data-action=families]:visible").count():
        w.act("[data-action=families]:visible")
        w.check(f"{what}: families shown")


def walk_pyramids(w: Walk, what: str) -> None:
    board = "svg.pyr-board g[data-action=sq]"
    if w.has(f"{board}.can-choose"):
        w.act(f"{board}.can-choose")
        w.check(f"{what}: a cap chosen")
        if w.has(f"{board}.dest.erupt"):
            w.act(f"{board}.dest.erupt")
            w.check(f"{what}: an eruption's preview")
            w.act("[data-action=undo]")
    if w.has("button[data-action=piece]:not([disabled])"):
        w.act("button[data-action=piece]:not([disabled])")
        w.check(f"{what}: a Power Play's piece chosen")


def walk_caledea(w: Walk, what: str) -> None:
    kind = w.page.locator(TABLE).get_attribute("data-decision")
    if kind == "capital":
        w.act("[data-action=square]")
        w.check(f"{what}: a square chosen")
    elif kind == "turn" and w.has(".legal-source"):
        w.act(".legal-source")
        w.check(f"{what}: units chosen")
        if w.has(".legal-dest"):
            w.act(".legal-dest")
            w.check(f"{what}: a move's consequences")


TABLES = {"park": walk_park, "pyramids": walk_pyramids, "caledea": walk_caledea}


def walk_end(w: Walk, what: str, game_id: str) -> None:
    """An end screen's replay (one step in) and, where the game has one, its analysis (stopped
    at once)."""
    w.act("[data-action=learn-replay]")
    w.wait("section[data-screen=replay]")
    w.act("[data-action=learn-replay-next]")
    w.check(f"{what}: its replay")
    w.act("[data-action=learn-close]")
    if w.has("[data-action=learn-analyse]"):
        w.act("[data-action=learn-analyse]")
        w.wait("section[data-screen=analysis]")
        stop_analysis(w.page)
        w.check(f"{what}: its analysis")
        w.act("[data-action=learn-close]")


def walk_hint(w: Walk, what: str) -> None:
    """Hints switched on (the header), a hint asked for and shown, hints off again."""
    w.header("learn-hints")
    w.act("[data-action=learn-hint]")
    w.wait(".toast.shown")
    w.check(f"{what}: a hint")
    w.header("learn-hints")


def walk_saved(w: Walk, walk: list[tuple[str, str, str]]) -> None:
    """The saved games, then each one continued: its screen, what clicks show there, its rules
    and its end's replay (once per game); then the statistics and the daily park."""
    ruled: set[str] = set()
    ended: set[str] = set()
    for i, (what, gid, game_id) in enumerate(walk):
        w.header("saves")
        w.wait("section[data-screen=saves]")
        if i == 0:
            w.check("the saved games")
        w.act(f"[data-action=saves-continue][data-id='{gid}']")
        w.wait(f"#app[data-game={game_id}]:not([data-screen=saves])")
        screen = w.page.locator(APP).get_attribute("data-screen")
        if screen == "table":
            w.wait(HUMAN_TURN)
        w.check(what)
        if screen == "handover":
            w.act("[data-action=ready]")
            w.wait(HUMAN_TURN)
            w.check(f"{what}, after Ready")
        elif screen == "table":
            TABLES[game_id](w, what)
            if what == "park place":
                walk_hint(w, what)
        elif screen == "end" and game_id not in ended:
            ended.add(game_id)
            walk_end(w, what, game_id)
        if game_id not in ruled and screen == "table":
            ruled.add(game_id)
            w.header("rules")
            w.wait("section[data-screen=rules]")
            w.check(f"{game_id}'s rules")
            w.act("[data-action=rules-close]")
    assert ended == ruled == set(TABLES), (ended, ruled)
    w.header("stats")
    w.wait("section[data-screen=stats]")
    if w.has("[data-action=stats-rebuild]"):
        w.act("[data-action=stats-rebuild]")
    w.check("the statistics")
    w.act("[data-action=stats-close]")
    # the daily park, from Caldera Park's new-game screen
    new_game_form(w, "park")
    w.act("[data-action=daily-start]")
    w.wait(HUMAN_TURN)
    w.check("the daily park")


@pytest.fixture(scope="module")
def saved():
    return saved_games()


@pytest.mark.parametrize("size", list(SIZES))
def test_no_text_is_cut_or_broken_inside_a_word(browser, site_url, saved, size):
    items, walk = saved
    context = browser.new_context(**SIZES[size], reduced_motion="reduce")
    log = PageLog()
    try:
        page = open_app(context, site_url, log)
        put(page, items)
        reload(page)
        w = Walk(page, size)
        walk_forms(w)
        walk_saved(w, walk)
        report = "\n".join(
            f"{size} {where}:\n  " + "\n  ".join(found) for where, found in w.faults.items()
        )
        assert not w.faults, f"text cut or broken inside a word:\n{report}"
        assert len(w.screens) > 60, w.screens
        assert log.console_errors == [] and log.page_errors == []
    finally:
        context.close()
