"""Every move seen where it happens, on Caldera Park's table (issue 23): while a computer
decides, its park is drawn large (the mover's park), and the person's own comes back for their
decision; the other players' moves since the person's last one stay marked on their parks (the
spaces of the tokens placed, drawn from ``TableController.marked_moves``), said under the prompt,
and on the tabs and thumbnails, until the person's next decision; a replay's position marks the
same way from its ``mark_from``."""

from __future__ import annotations

import random

from uihelpers import render, start

from pyapp.core.replay import Replay
from pyapp.park.actions import parse
from pyapp.park.game import score_player
from pyapp.park.protocol import GAME
from pyapp.ui.park import screens
from pyapp.ui.park.explain import move_spaces
from pyapp.ui.park.viewmodel import gain_text


def _nodes(c):
    nodes, _ = render(c)
    for n in nodes:
        yield from n.iter()


def _by_class(c, cls: str) -> list:
    return [e for e in _nodes(c) if cls in str(e.attrs.get("class", "")).split()]


def _step(c, rng) -> None:
    if c.human_to_move() is None:
        p = c.bot_to_move()
        assert p is not None
        assert c.bot_play(p, c.bot_think(p))
    else:
        assert c.play(rng.choice(c.legal()))


def _engine_marks(c) -> dict[int, set]:
    """Player -> the spaces (q, r) of their moves since the viewer's last one, from the log
    alone (the engine's parser and the park's map, not the screens)."""
    log = c.state["log"]
    me = c.viewer()
    mine = [i for i, (p, _) in enumerate(log) if p == me]
    first = mine[-1] + 1 if mine else 0
    park = c.park_of_state()
    spaces = move_spaces(c.state)
    out: dict[int, set] = {}
    for i in range(first, len(log)):
        p, text = log[i]
        if p == me:
            continue
        a = parse(text)
        if a.kind == "place":
            out.setdefault(p, set()).add(tuple(a.at))
        elif spaces[i] is not None:
            out.setdefault(p, set()).add(park.at(spaces[i]))
    return out


def test_the_computers_park_is_shown_while_it_decides_and_the_persons_for_their_decision():
    c = start(seats=("human", "greedy", "random"), names=("Lin", "Sam", "Ada"), seed="41")
    rng = random.Random(2)
    followed = 0
    for _ in range(80):
        if c.screen != "table":
            break
        d = c.decision()
        shown = c.shown_player()
        if c.human_to_move() is not None:
            assert shown == c.human_to_move()
        else:
            assert shown == d["player"]  # the computer's own park, where its move happens
            followed += 1
        svg = [e for e in _nodes(c) if e.tag == "svg" and "park" in e.attrs.get("class", "")]
        assert svg[0].attrs["data-player"] == str(shown)
        _step(c, rng)
    assert followed > 10


def test_the_others_moves_stay_marked_until_the_persons_next_decision():
    c = start(seats=("human", "greedy"), names=("Lin", "Sam"), seed="42")
    rng = random.Random(5)
    checked = 0
    for _ in range(70):
        if c.screen != "table":
            break
        if c.human_to_move() is not None:
            want = _engine_marks(c)
            # the chips under the prompt: one per player who moved since
            chips = _by_class(c, "mark-move")
            assert sorted(int(e.attrs["data-player"]) for e in chips) == sorted(
                p for p in {p for _, p, _ in c.marked_moves()}
            )
            for p, spaces in want.items():
                # the park of that player, opened from its chip, rings those spaces exactly
                c.handle("view", {"player": str(p)})
                assert c.shown_player() == p
                marked = {
                    tuple(int(x) for x in e.attrs["data-key"][3:].split(","))
                    for e in _by_class(c, "marked")
                    if e.attrs.get("data-key", "").startswith("sp-")
                }
                assert marked == spaces
                tabs = [e for e in _by_class(c, "park-tab") if e.attrs["data-player"] == "1"]
                assert tabs and "marked" not in tabs[0].attrs["class"]  # shown: no dot
                c.handle("back", {})
                assert c.shown_player() == c.human_to_move()
                tabs = [e for e in _by_class(c, "park-tab") if e.attrs["data-player"] == str(p)]
                assert "marked" in tabs[0].attrs["class"].split()
                thumbs = [e for e in _nodes(c) if e.attrs.get("data-key") == f"thumb-{p}"]
                assert any(x.attrs.get("class") == "mini-mark" for x in thumbs[0].iter())
                checked += 1
            _step(c, rng)
            # the person moved: nothing of theirs is marked, the others' earlier moves neither
            if c.human_to_move() is None and c.screen == "table":
                assert all(p != 0 for _, p, _ in c.marked_moves())
                assert not [e for e in _by_class(c, "marked") if "space" in e.attrs["class"]] or (
                    c.shown_player() != 0
                )
        else:
            _step(c, rng)
    assert checked > 5


def test_a_replay_position_marks_its_move_on_the_movers_park():
    c = start(seats=("human", "greedy"), names=("Lin", "Sam"), seed="43")
    rng = random.Random(7)
    for _ in range(30):
        _step(c, rng)
    log = c.state["log"]
    places = [i for i, (_, text) in enumerate(log) if text.startswith("place ")]
    n = places[-1]
    p, text = log[n]
    c.mark_from = n
    c.viewing = None
    c.state = Replay.of_state(GAME, c.state).state_at(n + 1)  # the position right after it
    assert c.shown_player() == p  # the mover's park, without asking
    marked = [
        e.attrs["data-key"]
        for e in _by_class(c, "marked")
        if e.attrs.get("data-key", "").startswith("sp-")
    ]
    at = parse(text).at
    assert f"sp-{at[0]},{at[1]}" in marked


def test_the_pick_taken_is_marked_on_the_board():
    c = start(seats=("human", "greedy"), names=("Lin", "Sam"), seed="44")
    rng = random.Random(9)
    seen = 0
    for _ in range(120):
        if c.screen != "table":
            break
        picks = [t for _, p, t in c.marked_moves() if t.startswith("pick ")]
        if c.human_to_move() is not None and picks:
            a = parse(picks[-1])
            slots = [e for e in _by_class(c, "terrain-slot") if "marked" in e.attrs["class"]]
            assert len(slots) == 1 and f"t-{a.terrain}" in slots[0].attrs["class"]
            seen += 1
        _step(c, rng)
    assert seen


def test_the_log_says_what_every_move_did_for_every_player_alike():
    """Each placement (a token or a weather token) says what it changed in its park's score
    and the score after it, the person's and the computer's alike: compared with the engine's
    score of the positions before and after the move (replayed from the log)."""
    c = start(seats=("human", "greedy"), names=("Lin", "Sam"), seed="45")
    rng = random.Random(1)
    for _ in range(60):
        _step(c, rng)
    replay = Replay.of_state(GAME, c.state)
    lines = list(reversed(screens.log_lines(c.state)))
    said_by = set()
    for n, (p, text) in enumerate(c.state["log"]):
        q, said = lines[n]
        assert q == p and said.startswith(c.state["G"]["players"][p]["name"])
        if text.startswith(("place ", "weather ")):
            before = score_player(replay.state_at(n), p)["total"]
            after = score_player(replay.state_at(n + 1), p)["total"]
            assert said.endswith(gain_text((after - before, after))), said
            said_by.add(p)
        else:
            assert "in all" not in said
    assert said_by == {0, 1}


def test_a_row_of_the_pad_named_or_a_cell_tapped_lights_that_park():
    """At the end, a category's name lights the person's park, a player's cell that player's;
    the same again puts it out."""
    c = start(seats=("human", "greedy"), names=("Lin", "Sam"), seed="46")
    rng = random.Random(2)
    while c.screen != "end":
        _step(c, rng)
    row = [e for e in _nodes(c) if e.attrs.get("data-key") == "explain-row-bear"][0]
    c.handle("explain", {"cat": "bear", "player": row.attrs["data-player"]})
    assert c.explain == ("bear", 0)
    c.handle("explain", {"cat": "mountains", "player": "1"})
    assert c.explain == ("mountains", 1)
    boxes = [e for e in _nodes(c) if e.attrs.get("data-key") == "explain"]
    svgs = [e for e in boxes[0].iter() if e.tag == "svg" and "park" in e.attrs.get("class", "")]
    assert svgs and svgs[0].attrs["data-player"] == "1"
    c.handle("explain", {"cat": "mountains", "player": "1"})
    assert c.explain is None
    assert c.handle("explain", {"cat": "nonsense", "player": "1"}) is False
    assert c.handle("explain", {"cat": "bear", "player": "7"}) is False
