"""Caledea's readable board in CPython (issue 27): the coordinates along the edges (panned and
epic boards too), the zoom of a phone while a move is chosen (a window centred on the
selection that pans round the torus, a toggle), the other players' moves since the viewer's
last decision marked (recorded as played, or replayed for a resumed game), and the fixes seen:
the end said without a scoring pad, the form keeping "Chosen at random", "(computer)" whole."""

from __future__ import annotations

import re

from test_caledea_screens import (
    _my_turn,
    _square_at,
    elements,
    place_capitals,
    run_bots,
    squares,
    start,
)
from uihelpers import click

from pyapp.caledea import engine
from pyapp.caledea.protocol import GAME
from pyapp.ui import i18n
from pyapp.ui.caledea import make_table, model, render
from pyapp.ui.caledea.zoom import TOUCH_PX
from pyapp.ui.vdom import to_json


def board(c):
    nodes, _ = render(c)
    return next(e for n in nodes for e in n.iter() if e.attrs.get("data-key") == "board")


def coords(c, kind: str) -> list[tuple[str, float, float]]:
    """(text, x, y) of the coordinates of ``kind`` (file or rank) drawn on the board."""
    out = []
    for e in board(c).iter():
        if e.tag == "g" and "coord" in e.classes() and kind in e.classes():
            text = next(x for x in e.iter() if x.tag == "text")
            out.append((e.attrs["data-coord"], float(text.attrs["x"]), float(text.attrs["y"])))
    return out


def top_files(c) -> list[str]:
    """The letters above the board (the smallest y), left to right."""
    files = coords(c, "file")
    top = min(y for _, _, y in files)
    return [t for t, _, y in sorted(files, key=lambda f: f[1]) if y == top]


def left_ranks(c) -> list[str]:
    ranks = coords(c, "rank")
    left = min(x for _, x, _ in ranks)
    return [t for t, x, _ in sorted(ranks, key=lambda r: r[2]) if x == left]


# --------------------------------------------------------------------------- coordinates


def test_files_and_ranks_are_drawn_on_all_four_edges_and_follow_the_panning():
    for epic, letters in ((False, "abcdefghij"), (True, "abcdefghijklmnopqrst")):
        c = start(seats=("human", "greedy"), seed="5", epic=epic)
        assert top_files(c) == list(letters)
        assert left_ranks(c) == [str(n) for n in range(1, 11)]
        files, ranks = coords(c, "file"), coords(c, "rank")
        assert len(files) == 2 * len(letters) and len(ranks) == 20  # both edges each
        # the square named a1 is drawn top left, under "a" and beside "1"
        assert model.name_of(c.state, (0, 0)) == "a1"
        assert model.name_of(c.state, (len(letters) - 1, 9)) == f"{letters[-1]}10"
        c.handle("pan", {"dx": "-1", "dy": "2"})  # the last column first, from row 3
        assert top_files(c) == [letters[-1], *letters[:-1]]
        assert left_ranks(c) == ["3", "4", "5", "6", "7", "8", "9", "10", "1", "2"]
        # each letter stands over the column of squares named with it
        hits = [e for e in board(c).iter() if e.tag == "rect" and "sq" in e.classes()]
        size = float(hits[0].attrs["width"])
        for text, x, _ in coords(c, "file"):
            column = next(h for h in hits if abs(float(h.attrs["x"]) + size / 2 - x) < 0.01).attrs[
                "data-key"
            ]
            col = int(column[3:].split(",")[0])
            assert model.name_of(c.state, (col, 0))[0] == text


# --------------------------------------------------------------------------- zoom


def _choose_first_source(c):
    p = c.decision()["player"]
    cap = c.state["capitals"][p]
    w = GAME.board(c.state)["width"]
    click(c, _square_at(squares(c, "source"), cap, w))
    return cap % w, cap // w


def _viewbox(c) -> list[float]:
    return [float(v) for v in board(c).attrs["viewBox"].split()]


def test_a_phone_zooms_on_the_selection_with_squares_of_at_least_44_px():
    c = _my_turn("11")
    c.handle("pan", {"dx": "0", "viewport": "390x844"})  # the page says its size
    assert c.viewport == (390, 844) and not c.zoomed()  # nothing chosen yet
    whole = _viewbox(c)
    x, y = _choose_first_source(c)
    assert c.zoomed()
    k = c.zoom_cells()
    svg = board(c)
    assert svg.attrs["data-zoom"] == str(k) and "zoomed" in svg.classes()
    box = _viewbox(c)
    cell = 20.0
    shown = box[2] / cell  # squares across the window (with half a square each side)
    assert shown == k + 1 and box[2] < whole[2]
    # the board's width on that phone (static/css/caledea.css: the page less 8 px)
    assert (390 - 8) / shown >= TOUCH_PX
    # the selection in the middle of the window; the window wraps round the torus
    ox, oy = map(int, svg.attrs["data-view"].split(","))
    assert ((x - ox) % 10, (y - oy) % 10) == (k // 2, k // 2)
    # only the squares in the window can be chosen
    for e in squares(c):
        sx, sy = map(int, e.attrs["data-at"].split(","))
        assert (sx - ox) % 10 < k and (sy - oy) % 10 < k
    assert squares(c, "dest")
    # the pan buttons move the window, round the edges; "Back to the selection" centres it
    c.handle("pan", {"dx": "-1", "dy": "0"})
    assert board(c).attrs["data-view"] == f"{(ox - 1) % 10},{oy}"
    home = next(e for e in elements(c, "pan") if e.attrs["data-key"] == "pan-home")
    assert "Back to the selection" in to_json(home)
    click(c, home)
    assert board(c).attrs["data-view"] == f"{ox},{oy}"
    assert c.view == (0, 0)  # the board as panned before is kept for after the zoom
    # the toggle: named, pressed while zoomed; off, the whole board comes back
    toggle = elements(c, "zoom")[0]
    assert toggle.attrs["aria-pressed"] == "true" and toggle.attrs["aria-label"]
    click(c, toggle)
    assert not c.zoomed() and "data-zoom" not in board(c).attrs
    assert _viewbox(c) == whole
    click(c, elements(c, "zoom")[0])
    assert c.zoomed()
    # a move chosen and played: the zoom (asked for) stays until turned off
    click(c, squares(c, "dest")[0])
    click(c, elements(c, "confirm")[0])
    click(c, elements(c, "zoom")[0])
    assert not c.zoomed()


def test_no_zoom_by_itself_on_a_laptop_or_before_the_page_says_its_size():
    for size in (None, "1366x768"):
        c = _my_turn("11")
        if size:
            c.handle("pan", {"dx": "0", "viewport": size})
        _choose_first_source(c)
        assert not c.zoomed() and "data-zoom" not in board(c).attrs
        click(c, elements(c, "zoom")[0])  # asked for: a window of 7 squares
        assert c.zoomed() and c.zoom_cells() == 7


def test_the_epic_board_zooms_on_a_phone_held_sideways_too():
    c = start(seats=("human", "human"), seed="5", epic=True)
    place_capitals(c)
    if c.screen == "handover":
        click(c, elements(c, "ready")[0])
    c.handle("pan", {"dx": "0", "viewport": "844x390"})
    _choose_first_source(c)
    assert c.zoomed()
    k = c.zoom_cells()
    assert min(844 - 8, 0.62 * 390) / (k + 1) >= TOUCH_PX


# --------------------------------------------------------------------------- the last moves


def _trails(c) -> list:
    return [e for e in board(c).iter() if e.tag == "g" and "trail" in e.classes()]


def _moves_of(c, player: int) -> list:
    return [r for r in c.recent_moves() if r.player == player]


def test_the_other_players_moves_are_marked_until_the_viewers_next_decision():
    c = start(seats=("human", "greedy"), seed="7")
    place_capitals(c)
    run_bots(c)
    assert c.human_to_move() == 0
    click(c, elements(c, "end-turn")[0])
    log_before = len(c.state["log"])
    run_bots(c)
    assert c.human_to_move() == 0
    played = [e for e in c.state["log"][log_before:] if e[0] == 1]
    moves = [e[1] for e in played if e[1].split()[0] in ("move", "transport", "build")]
    assert moves, played
    recent = _moves_of(c, 1)
    assert [r.to for r in recent] == [m.split()[1] for m in moves]
    for r in recent:
        for path in r.paths:
            assert path[-1] == r.to or r.kind == "build"
            # each step of the path to an orthogonal neighbour (round the torus)
            b = GAME.board(c.state)
            for p, q in zip(path, path[1:], strict=False):
                (px, py), (qx, qy) = model.at_of(c.state, p), model.at_of(c.state, q)
                dx, dy = (qx - px) % b["width"], (qy - py) % b["height"]
                assert (dx, dy) in ((1, 0), (b["width"] - 1, 0), (0, 1), (0, b["height"] - 1))
    drawn = _trails(c)
    assert len(drawn) == len(recent)
    assert all(g.attrs["data-seat"] == "1" for g in drawn)
    last = recent[-1]
    to = model.at_of(c.state, last.to)
    assert drawn[-1].attrs["data-to"] == f"{to[0]},{to[1]}"
    assert any("own-1" in e.classes() for e in drawn[-1].iter() if "trail-end" in e.classes())
    # in words too (the board's marks are hidden from screen readers)
    text = to_json(render(c)[0])
    assert "Since your last move" in text and f"to {last.to}" in text
    # the viewer decides: the marks go
    x, y = _choose_first_source(c)
    assert _trails(c)  # choosing is not deciding
    click(c, squares(c, "dest")[0])
    click(c, elements(c, "confirm")[0])
    assert c.recent_moves() == [] and _trails(c) == []
    assert "Since your last move" not in to_json(render(c)[0])


def test_a_resumed_game_replays_to_mark_the_same_moves():
    c = start(seats=("human", "greedy"), seed="7")
    place_capitals(c)
    run_bots(c)
    click(c, elements(c, "end-turn")[0])
    run_bots(c)
    live = [(r.player, r.kind, r.to, r.paths, r.fight) for r in c.recent_moves()]
    assert live
    d = make_table(seed_source=lambda: 5)
    d.resume(GAME.replay(c.state["options"], c.state["log"]), list(c.seats))
    again = [(r.player, r.kind, r.to, r.paths, r.fight) for r in d.recent_moves()]
    assert again == live


def _attack() -> tuple:
    """Two people; the one to move attacks, from its capital, a lone enemy infantry set by hand
    on a square beside it (not a capital: the game goes on), with an infantry and a cavalry
    (two kinds of attacker: the defender chooses the pairing). (controller, attacker, target)"""
    c = _my_turn("11")
    p = c.decision()["player"]
    q = 1 - p
    b = engine.board_of(c.state)
    home = c.state["capitals"][p]
    target = next(s for s in b.neighbours[home] if s not in c.state["capitals"])
    lone = next(u for u in c.state["units"] if u["owner"] == q)
    lone["sq"], lone["rank"] = target, 1
    mine = [u for u in c.state["units"] if u["owner"] == p]
    mine[0]["rank"] = 2
    c.reset_choice()
    w = b.width
    click(c, _square_at(squares(c, "source"), home, w))
    click(c, _square_at(squares(c, "dest"), target, w))
    click(c, elements(c, "confirm")[0])
    return c, p, b.name(target)


def test_a_fight_is_marked_where_it_was_and_stays_while_the_defender_answers():
    c, attacker, target = _attack()
    defender = 1 - attacker
    answered = 0
    while c.state["player"] == attacker:
        if c.screen == "handover":
            click(c, elements(c, "ready")[0])
            continue
        d = c.decision()
        if d["player"] == defender:  # the defender's pairings: the attack stays marked
            assert [r.to for r in _moves_of(c, attacker)] == [target]
            assert _trails(c)
            answered += 1
        if d["kind"] == "turn":
            click(c, elements(c, "end-turn")[0])
            continue
        click(c, elements(c, "choose")[0])
    assert answered
    if c.screen == "handover":
        click(c, elements(c, "ready")[0])
    assert c.human_to_move() == defender
    attack = next(r for r in _moves_of(c, attacker) if r.to == target)
    assert attack.fight
    marked = next(g for g in _trails(c) if "trail-fight" in g.classes())
    assert any("trail-fight-mark" in e.classes() for e in marked.iter())
    assert f"a fight on {target}" in to_json(render(c)[0])


def test_the_marks_show_the_same_with_reduced_motion():
    drawn = []
    for reduced in (False, True):
        c = make_table(seed_source=lambda: 99, reduced_motion=reduced)
        c.handle("kind", {"seat": "1", "value": "greedy"})
        c.handle("seed", {"value": "7"})
        c.handle("start", {})
        place_capitals(c)
        run_bots(c)
        click(c, elements(c, "end-turn")[0])
        run_bots(c)
        drawn.append(to_json([g for g in _trails(c)]))
    assert drawn[0] and drawn[0] == drawn[1]


# --------------------------------------------------------------------------- fixes


def test_the_end_of_a_game_is_told_without_a_scoring_pad():
    c = start(seats=("random", "random"), seed="3")
    run_bots(c)
    assert c.screen == "end"
    for lang in ("en", "fr"):
        i18n.set_language(lang)
        try:
            words = (c.end_announcement() + " " + c.prompt()).lower()
            assert "pad" not in words and "feuille de score" not in words
            assert words.strip()
        finally:
            i18n.set_language("en")
    assert "pad" not in c.announcement.lower()


def test_the_form_keeps_chosen_at_random_and_draws_anew():
    seeds = iter(range(100, 200))
    c = make_table(seed_source=lambda: next(seeds))
    c.handle("kingdom", {"seat": "0", "value": "Talaq"})
    drawn = set()
    for _ in range(4):
        c.handle("start", {})
        assert c.form.error is None
        assert c.form.kingdoms[:2] == ["Talaq", "random"]
        ks = c.state["options"]["kingdoms"]
        assert ks[0] == "Talaq"
        drawn.add(ks[1])
        c.handle("menu-new", {})
        select = next(e for e in elements(c, "kingdom") if e.attrs["data-seat"] == "1")
        assert select.attrs["value"] == "random"
    assert len(drawn) > 1  # drawn anew each game, not the last one reused
    # a rematch is the same match (same kingdoms), and the form still says "at random"
    c.handle("start", {})
    ks = list(c.state["options"]["kingdoms"])
    c.handle("rematch", {})
    assert c.state["options"]["kingdoms"] == ks and c.form.kingdoms[:2] == ["Talaq", "random"]
    # a saved game resumed: its kingdoms as they were (nothing says which were drawn)
    d = make_table(seed_source=lambda: 5)
    d.resume(GAME.replay(c.state["options"], c.state["log"]), list(c.seats))
    assert d.form.kingdoms[:2] == ks


def test_a_computers_tag_is_never_broken_from_its_name():
    c = start(seats=("human", "greedy"), seed="7")
    for lang, tag in (("en", "(computer)"), ("fr", "(ordinateur)")):
        i18n.set_language(lang)
        try:
            nodes, _ = render(c)
            tags = [e for n in nodes for e in n.iter() if "bot-tag" in e.classes()]
            assert [to_json(e) for e in tags] and all(tag in to_json(e) for e in tags)
            card = next(e for n in nodes for e in n.iter() if e.attrs.get("data-key") == "card-1")
            assert re.search(r"Player 2|Joueur 2", to_json(card))
        finally:
            i18n.set_language("en")
