"""Following every move of Caldera and understanding every point (issue 23), in CPython,
compared with the engine (never with fixed lists):

* the board marks the other players' moves (``TableController.marked_moves``) where they
  happened: the marked squares, cap arrows, captured and landed pieces and Power Plays equal
  what the engine's replay of the log says those moves did; the marks last until the viewer's
  next decision, and a resumed game, a replay's position and reduced motion mark the same;
* the log tells every eruption with its captures, whoever made it, equal to the engine's;
* each collection shows its trios and what its next trio lacks, checked against the engine's
  win count (``game.trios``) over random collections and games;
* the side view tells the sizes apart: pips, widths and heights by size.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement

import pytest
from uihelpers import FakeTime, fill_and_start, run_sync

from pyapp.core.replay import Replay
from pyapp.pyramids import explain
from pyapp.pyramids import game as rules
from pyapp.pyramids.board import PIECES, SQUARE_NAMES
from pyapp.pyramids.protocol import GAME
from pyapp.ui import i18n
from pyapp.ui.i18n import t
from pyapp.ui.pyramids import art, make_table, render, screens, view
from pyapp.ui.pyramids.marks import MoveMarks
from pyapp.ui.table import BotRunner

# --------------------------------------------------------------------------- driving


def start(kinds=("human", "random"), seed="7", reduced_motion=False):
    c = make_table(seed_source=lambda: 99, reduced_motion=reduced_motion)
    return fill_and_start(c, kinds, None, seed)


def elements(c):
    nodes, _ = render(c)
    return [e for n in nodes for e in n.iter()]


def board(c):
    return next(e for e in elements(c) if e.tag == "svg" and "pyr-board" in e.classes())


def bot_step(c) -> bool:
    """One move of the bot to move (as the page's runner plays it); False when none."""
    p = c.bot_to_move()
    if p is None:
        return False
    action = run_sync(_think(c, p))
    assert c.bot_play(p, action)
    return True


async def _think(c, p):
    gen = c.bot_think(p)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def human_step(c, rng: random.Random) -> None:
    """One action of the person to move among the engine's legal ones (sometimes a take-back
    first, so the log also shrinks and grows again)."""
    if c.screen == "handover":
        c.handle("ready", {})
        return
    if c.can_take_back() and rng.random() < 0.15:
        assert c.handle("takeback", {})
        return
    legal = c.legal()
    moves = [a for a in legal if a.kind == "move"]
    erupting = {m for m, e in GAME.cap_moves(c.state) if e}
    pool = [a for a in moves if a in erupting] if rng.random() < 0.5 else legal
    assert c.play(rng.choice(pool or legal)), c.error


# --------------------------------------------------------------------------- the engine's word


def engine_moves(state: dict, indices) -> list[dict]:
    """What the moves at ``indices`` of the log did, from the engine alone: the state before
    each (``core.replay``), the cap move's ``preview`` and the collections before and after."""
    replay = Replay.of_state(GAME, state)
    out = []
    for i in indices:
        before, after = replay.state_at(i), replay.state_at(i + 1)
        p = replay.player_of(i + 1)
        action = GAME.parse_action(replay.texts[i])
        won = Counter(after["collections"][p]) - Counter(before["collections"][p])
        move = {"kind": action.kind, "player": p, "won": won, "squares": set(), "flow": []}
        if action.kind == "move":
            preview = rules.preview(before, action)
            move.update(step=(action.frm, action.to), erupts=preview["erupts"])
            move["flow"] = preview["flow"]
            move["squares"] = {action.frm, action.to, *(f["to"] for f in preview["flow"])}
        elif action.kind == "power":
            move.update(at=action.at, piece=action.piece, squares={action.at})
        out.append(move)
    return out


def check_marks(c) -> int:
    """The board's marks equal the engine's account of ``marked_moves()``; returns how many
    moves are marked."""
    marked = [i for i, _, _ in c.marked_moves()]
    moves = engine_moves(c.state, marked)
    svg = board(c)
    squares = {
        int(e.attrs["data-sq"])
        for e in svg.iter()
        if e.tag == "g" and {"sq", "marked"} <= e.classes()
    }
    assert squares == set().union(*(m["squares"] for m in moves))
    arrows = [
        (int(e.attrs["data-from"]), int(e.attrs["data-to"]))
        for e in svg.iter()
        if "mark-arrow" in e.classes()
    ]
    assert arrows == [m["step"] for m in moves if m["kind"] == "move"]
    caught = Counter(
        (int(e.attrs["data-at"]), e.attrs["data-piece"])
        for e in svg.iter()
        if "mark-caught" in e.classes()
    )
    landed = Counter(
        (int(e.attrs["data-at"]), e.attrs["data-piece"])
        for e in svg.iter()
        if "mark-landed" in e.classes()
    )
    flows = [f for m in moves for f in m["flow"]]
    assert caught == Counter((f["to"], f["piece"]) for f in flows if f["captured"])
    assert landed == Counter((f["to"], f["piece"]) for f in flows if not f["captured"])
    # the captured pieces marked are exactly those the movers' collections gained
    assert Counter(p for _, p in caught.elements()) == sum((m["won"] for m in moves), Counter())
    powers = Counter(
        (int(e.attrs["data-at"]), e.attrs["data-piece"])
        for e in svg.iter()
        if "mark-power" in e.classes()
    )
    assert powers == Counter((m["at"], m["piece"]) for m in moves if m["kind"] == "power")
    # every marked square says so to screen readers
    for e in svg.iter():
        if e.tag == "g" and "marked" in e.classes():
            sq = int(e.attrs["data-sq"])
            assert all(x in e.attrs["aria-label"] for x in MoveMarks(c).labels[sq])
    return len(marked)


# --------------------------------------------------------------------------- marks


@pytest.mark.parametrize(
    "kinds,seed", [(("human", "random"), "7"), (("random", "human", "greedy"), "12")]
)
def test_the_other_players_moves_are_marked_as_the_engine_made_them(kinds, seed):
    c = start(kinds, seed)
    rng = random.Random(seed)
    me = kinds.index("human")
    seen_while_made = seen_at_decision = 0
    for _ in range(160):
        if c.screen == "end":
            break
        if bot_step(c):
            n = check_marks(c)
            if c.human_to_move() is None:  # the computer's turn goes on: marked as it is made
                seen_while_made += n > 0
            continue
        assert c.human_to_move() == me
        seen_at_decision += check_marks(c) > 0
        # the marks are the other players' moves since my own last action
        log = c.state["log"]
        mine = [i for i, (p, _) in enumerate(log) if p == me]
        assert all(log[i][0] != me for i, _, _ in c.marked_moves())
        assert [i for i, _, _ in c.marked_moves()] == [
            i for i in range(mine[-1] + 1 if mine else 0, len(log)) if log[i][0] != me
        ]
        human_step(c, rng)
        if c.human_to_move() == me and c.state["log"] and c.state["log"][-1][0] == me:
            # my decision is made: the marks are gone
            assert check_marks(c) == 0
            assert not [e for e in board(c).iter() if "mark-arrow" in e.classes()]
    assert seen_while_made and seen_at_decision


def test_a_resumed_game_a_replay_position_and_an_observation_mark_the_same():
    c = start(("human", "random"), "21")
    rng = random.Random(5)
    for _ in range(40):
        if not bot_step(c):
            human_step(c, rng)
    while bot_step(c):
        pass
    before = (MoveMarks(c).labels, check_marks(c))
    d = make_table()
    d.resume(GAME.from_json(GAME.to_json(c.state)), list(c.seats))
    assert (MoveMarks(d).labels, check_marks(d)) == before
    # a replay's position: the moves from its mark_from on, every player's
    replay = Replay.of_state(GAME, c.state)
    for n in range(2, replay.length + 1, 7):
        r = make_table(reduced_motion=True)
        r.watch_only = True
        r.state = replay.state_at(n)
        r.seats = list(c.seats)
        r.screen = "table"
        r.mark_from = n - 2
        assert [i for i, _, _ in r.marked_moves()] == [n - 2, n - 1]
        assert check_marks(r) == 2
        # the viewer's observation (no seed: the game cannot be played again) marks its last
        # move the same
        o = make_table(reduced_motion=True)
        o.watch_only = True
        o.state = GAME.observation(replay.state_at(n), 0)
        o.seats = list(c.seats)
        o.screen = "table"
        o.mark_from = n - 1
        assert MoveMarks(o).labels == MoveMarks(_marking(r, n - 1)).labels


def _marking(c, k):
    c.mark_from = k
    return c


def test_reduced_motion_keeps_the_marks_without_motion():
    c = start(("human", "random"), "7", reduced_motion=True)
    rng = random.Random(1)
    for _ in range(30):
        if not bot_step(c):
            if c.marked_moves():
                break
            human_step(c, rng)
    assert c.human_to_move() is not None and c.marked_moves()
    els = list(board(c).iter())
    assert check_marks(c) > 0
    assert [e for e in els if "mark-arrow" in e.classes()]
    assert not [e for e in els if {"fly", "caught-fly", "cap-fly"} & e.classes()]
    c.reduced_motion = False  # with motion: the newest move flies in as before, marked too
    els = list(board(c).iter())
    assert [e for e in els if "cap-fly" in e.classes() or "fly" in e.classes()]
    assert check_marks(c) > 0


def test_the_bots_turn_is_marked_step_by_step_while_it_is_made():
    """The page's runner, paced as in the browser: after each of the computer's steps the
    drawing marks all its moves of the turn so far (quiet ones too)."""
    c = start(("human", "random"), "3")
    rng = random.Random(8)
    drawn = []
    runner = BotRunner(c, lambda: drawn.append(check_marks(c)), FakeTime().sleep, FakeTime().clock)
    for _ in range(12):
        run_sync(runner.run())
        if c.screen == "end":
            break
        human_step(c, rng)
        while c.human_to_move() is not None and c.state["log"][-1][0] == c.human_to_move():
            human_step(c, rng)  # finish my turn (quiet moves, a Power Play)
    # each step of a computer's turn marked one more move than the step before
    runs = [b - a for a, b in zip(drawn, drawn[1:], strict=False) if b > a]
    assert drawn and runs and set(runs) == {1}


# --------------------------------------------------------------------------- the log


@pytest.mark.parametrize("kinds", [("human", "greedy"), ("human", "human", "random")])
def test_the_log_tells_every_eruption_with_the_engines_captures(kinds):
    c = start(kinds, "9")
    rng = random.Random(11)
    for _ in range(120):
        if c.screen == "end":
            break
        if not bot_step(c):
            human_step(c, rng)
    state = c.state
    moves = engine_moves(state, range(len(state["log"])))
    names = state["options"]["names"]
    told = {p: 0 for p in range(len(kinds))}
    for i, m in enumerate(moves):
        text = view.describe_entry(state, i)
        name = names[m["player"]]
        if m["kind"] == "move":
            frm, to = (SQUARE_NAMES[x] for x in m["step"])
            if m["erupts"]:
                won = [f["piece"] for f in m["flow"] if f["captured"]]
                assert Counter(won) == m["won"]  # the engine's captures
                caught = t("list.sep").join(view.piece_label(p) for p in won)
                caught = caught or t("pyr.log.nothing")
                assert text == t("pyr.log.erupt", name=name, frm=frm, to=to, caught=caught)
                told[m["player"]] += 1
            else:
                assert text == t("pyr.log.move", name=name, frm=frm, to=to) and not m["won"]
        elif m["kind"] == "power":
            piece = view.piece_label(m["piece"])
            assert text == t("pyr.log.power", name=name, piece=piece, sq=SQUARE_NAMES[m["at"]])
        else:
            assert text == t(f"pyr.log.{m['kind']}", name=name)
    assert all(told.values()), told  # people's and computers' eruptions alike
    # the log panel shows those very lines, and a replay's position tells its move the same
    panel = [e.text() for e in screens.log_panel(c).iter() if e.tag == "li"]
    n = len(state["log"])
    last = max(0, n - screens.LOG_LINES) - 1
    assert panel == [view.describe_entry(state, i) for i in range(n - 1, last, -1)]
    replay = Replay.of_state(GAME, state)
    for k in range(1, n + 1, 5):
        at = replay.state_at(k)
        p, text = at["log"][-1]
        assert view.describe_action(at, p, text) == view.describe_entry(state, k - 1)
        obs = GAME.observation(at, 0)  # no seed: the last move is still told in full
        assert view.describe_action(obs, p, text) == view.describe_entry(state, k - 1)


def test_the_effects_cache_follows_take_backs_and_other_games():
    c = start(("human", "random"), "4")
    rng = random.Random(2)
    for _ in range(80):
        if c.screen == "end":
            break
        if not bot_step(c):
            human_step(c, rng)
        mine = explain.effects(c.state)
        explain._CACHE.clear()
        explain._LAST[0] = None
        assert explain.effects(c.state) == mine
        other = start(("human", "random"), "5")
        bot_step(other)
        assert len(explain.effects(other.state)) == len(other.state["log"])


# --------------------------------------------------------------------------- trios


def test_trio_report_agrees_with_the_engines_win_count():
    rng = random.Random(23)
    collections = [[]]
    for _ in range(400):
        collections.append([rng.choice(PIECES) for _ in range(rng.randrange(1, 16))])
    for coll in collections:
        report = explain.trio_report(coll)
        trios = rules.trios(coll)
        assert report["trios"] == trios == sum(report["by_colour"].values())
        k = report["missing"]
        assert 1 <= k <= 3 and report["next"]
        for alt in report["next"]:  # each named way completes one more trio
            assert len(alt) == k and rules.trios(coll + alt) == trios + 1
        # and no fewer pieces would do, and no other k pieces would
        for extra in range(k):
            for add in combinations_with_replacement(PIECES, extra):
                assert rules.trios(coll + list(add)) == trios
        ways = {
            tuple(sorted(add))
            for add in combinations_with_replacement(PIECES, k)
            if rules.trios(coll + list(add)) > trios
        }
        assert ways == {tuple(sorted(alt)) for alt in report["next"]}


def test_each_collection_shows_its_trios_and_what_the_next_one_lacks():
    c = start(("human", "random"), "7")
    rng = random.Random(3)
    checked = 0
    for _ in range(150):
        if c.screen == "end":
            break
        if not bot_step(c):
            human_step(c, rng)
        for p, coll in enumerate(c.state["collections"]):
            card = next(e for e in elements(c) if e.attrs.get("data-key") == f"player-{p}")
            report = explain.trio_report(coll)
            badges = {
                e.attrs["data-colour"]: int(e.attrs["data-n"])
                for e in card.iter()
                if "trio-badge" in e.classes()
            }
            assert badges == report["by_colour"]
            assert sum(badges.values()) == rules.trios(coll)
            assert int(card.find(**{"class": "trios"}).attrs["data-trios"]) == rules.trios(coll)
            ghosts = {e.attrs["data-piece"] for e in card.iter() if "pc-missing" in e.classes()}
            line = card.find(**{"class": "next-trio"})
            if not coll:
                assert line is None and not ghosts
                continue
            checked += 1
            assert line.text() == view.next_trio_text(report)
            assert int(line.attrs["data-missing"]) == report["missing"]
            if report["missing"] < 3:
                assert ghosts == {x for alt in report["next"] for x in alt}
                for alt in report["next"]:
                    assert all(view.piece_label(x) in line.text() for x in alt)
    assert checked


def test_next_trio_words_in_both_languages():
    report = explain.trio_report(["RS", "RM", "YL", "YM"])
    assert report["next"] == [["RL"], ["YS"]] and report["missing"] == 1
    assert view.next_trio_text(report) == (
        "Next trio: 1 piece missing (red large, or yellow small)."
    )
    try:
        i18n.set_language("fr")
        assert view.next_trio_text(report) == (
            "Prochain trio\u00a0: il manque 1 pièce (grande rouge, ou petite jaune)."
        )
        assert view.next_trio_text(explain.trio_report(["GS"])).startswith("Prochain trio")
    finally:
        i18n.set_language("en")


# --------------------------------------------------------------------------- sizes


def test_the_side_view_tells_the_sizes_apart_by_pips_width_and_height():
    c = start(("human", "random"), "7")
    state = c.state
    els = elements(c)
    for sq in range(25):
        drawing = next(e for e in els if e.attrs.get("data-key") == f"sq-art-{sq}")
        polys = [e for e in drawing.iter() if e.tag == "polygon" and "pc" in e.classes()]
        pips = [e for e in drawing.iter() if "pip" in e.classes()]
        stack = state["board"][sq]
        assert len(polys) == len(stack)
        assert len(pips) == sum(art.PIPS[p[1]] for p in stack)
        for e, piece in zip(polys, stack, strict=True):
            xs = [float(pt.split(",")[0]) for pt in e.attrs["points"].split()]
            ys = [float(pt.split(",")[1]) for pt in e.attrs["points"].split()]
            assert max(xs) - min(xs) == pytest.approx(art.WIDTH[piece[1]], abs=0.2)
            assert max(ys) - min(ys) == pytest.approx(
                art.HEIGHT[piece[1]] * art.stack_scale(stack, sq in state["caps"]), abs=0.2
            )
    assert art.PIPS == {"S": 1, "M": 2, "L": 3}
    assert art.WIDTH["S"] < art.WIDTH["M"] < art.WIDTH["L"]
    assert art.HEIGHT["S"] < art.HEIGHT["M"] < art.HEIGHT["L"]
    for piece in PIECES:  # the collections' pieces too
        mini = art.mini_piece(piece)
        assert len([e for e in mini.iter() if "pip" in e.classes()]) == art.PIPS[piece[1]]
