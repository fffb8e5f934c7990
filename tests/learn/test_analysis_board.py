"""The analysis board's model (``pyapp/ui/analysis_board.py``, issue 24), every game of the box:
the entries are the analysis' findings, biggest misses first or in game order; an entry chosen
shows the replay's position before that decision, with the move played (the log's) and the
judge's suggestion (its whole turn where the game's judge plans one) both drawn on the game's
board; the step buttons leave it and "Back to the decision" returns; a decided game is said in
words, never as thousands of points (the board and the command line)."""

from __future__ import annotations

import importlib
import json

import pytest

from pyapp import games
from pyapp.cli import _bots_for, play_game
from pyapp.core import judge
from pyapp.ui import i18n
from pyapp.ui.analyse import analyse_file, miss_text, outcome_of, report
from pyapp.ui.saves import export_record
from pyapp.ui.vdom import E

GAMES = ("park", "pyramids", "caledea")
# the edition of Caledea's cards these games were chosen with (long enough to be analysed in
# several slices), pinned so that a later edition of the cards changes nothing here
PINNED = {"caledea": {"edition": 4}}
_CACHE: dict[str, object] = {}


def finished(game_id: str, seed: int = 4) -> dict:
    game = games.get(game_id)
    bots = _bots_for(["greedy"], 2, seed, game)
    options = {"players": 2, "seed": seed, "names": ["Ann", "Bob"], **PINNED.get(game_id, {})}
    return play_game(options, bots, game)


def part_of(game_id: str):
    return importlib.import_module(importlib.import_module(f"pyapp.ui.{game_id}").ANALYSIS)


def analysed(game_id: str):
    """The analysis board of a finished game, its analysis run in slices to its end (kept:
    the park's takes a while)."""
    if game_id not in _CACHE:
        board = part_of(game_id).AnalysisScreen(finished(game_id), players=[0])
        slices = 0
        while board.step(0.0):  # one unit of work a slice: sliced however fast the machine
            slices += 1
        assert board.finished and not board.running and slices > 1
        _CACHE[game_id] = board
    return _CACHE[game_id]


def layers(nodes) -> dict[str, E]:
    out = {}
    for n in nodes:
        for e in n.iter():
            if "analysis-marks" in (e.attrs.get("class") or "").split():
                out[e.attrs["data-look"]] = e
    return out


def drawn(board) -> dict[str, E]:
    return layers([board.board()])


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_entries_are_the_findings_biggest_misses_first_or_in_game_order(game_id):
    board = analysed(game_id)
    findings = board.analysis.findings
    entries = board.entries()
    assert sorted(map(id, entries)) == sorted(map(id, findings))
    diffs = [f["difference"] for f in entries]
    assert diffs == sorted(diffs, reverse=True)
    assert entries[0]["difference"] == max(f["difference"] for f in findings)
    bar, _, listed = board.render()
    shown = [
        e.attrs["data-value"]
        for e in listed.iter()
        if e.attrs.get("data-action") == "analysis-show"
    ]
    assert shown == [str(f["action"]) for f in entries]
    assert board.handle("analysis-order", {"value": "game"})
    in_order = [f["action"] for f in board.entries()]
    assert in_order == sorted(in_order) == [f["action"] for f in findings]
    board.handle("analysis-order", {"value": "nonsense"})  # kept as it was
    assert board.order == "game"
    board.handle("analysis-order", {"value": "misses"})
    assert bar.attrs["data-done"] == bar.attrs["data-total"] == str(board.analysis.total)


@pytest.mark.parametrize("game_id", GAMES)
def test_an_entry_shows_its_decision_with_both_moves_drawn(game_id):
    board = analysed(game_id)
    game = board.game
    replay = board.view.replay
    candidates = [
        f
        for f in board.entries()
        if f["verdict"] == "miss" and (game_id != "park" or f["kind"] == "place")
    ]
    assert candidates, "a miss to look at"
    for f in candidates[:3]:
        k = f["action"]
        assert board.handle("analysis-show", {"value": str(k)})
        assert board.at_decision() and board.view.pos == k - 1
        # the position of the decision: the engine's replay before it
        vt = board.view.view_table()
        assert vt.state == replay.state_at(k - 1)
        assert game.to_move(vt.state) == f["player"]
        moves = board.moves(k)
        assert moves["played"][0] == replay.texts[k - 1]
        assert moves["suggested"][0] == f["suggested"] != f["played"]
        before = replay.state_at(k - 1)
        obs = game.observation(before, f["player"])
        assert moves["suggested"] == judge.turn_plan(game, before["options"], obs)
        # the played turn is the log's, the same player's actions of the same stage
        n = len(moves["played"])
        assert moves["played"] == replay.texts[k - 1 : k - 1 + n]
        assert all(replay.player_of(j) == f["player"] for j in range(k, k + n))
        got = drawn(board)
        assert set(got) == {"played", "suggested"}
        assert board.view.table.marked_moves() == []  # no earlier move marked beside them
        for look in ("played", "suggested"):
            assert got[look].attrs["data-moves"] == "|".join(moves[look])
            assert got[look].children, f"{game_id} {look}: nothing drawn"
        if game_id == "park":
            from pyapp.park.actions import parse

            for look in ("played", "suggested"):
                ring = next(e for e in got[look].iter() if e.tag == "polygon")
                at = parse(moves[look][0]).at
                assert ring.attrs["data-at"] == f"{at[0]},{at[1]}"
        bar = board.render()[0]
        assert bar.attrs["data-chosen"] == str(k) and bar.attrs["data-at-decision"] == "true"
        detail = next(e for e in bar.iter() if e.attrs.get("data-key") == "analysis-detail")
        assert board.verdict(f) in detail.text()
        assert detail.attrs["data-suggested"] == "|".join(moves["suggested"])


@pytest.mark.parametrize("game_id", GAMES)
def test_steps_go_through_the_game_and_back_to_the_decision(game_id):
    board = analysed(game_id)
    f = board.entries()[0]
    k = f["action"]
    board.handle("analysis-show", {"value": str(k)})
    assert board.handle("learn-replay-next", {})
    assert board.view.pos == k and not board.at_decision()
    assert board.view.view_table().state == board.view.replay.state_at(k)
    assert drawn(board) == {}  # the two moves only on the decision's position
    assert any(e.attrs.get("data-action") == "analysis-back" for e in board.render()[0].iter())
    board.handle("learn-replay-last", {})
    assert board.view.pos == board.view.replay.length
    assert board.handle("analysis-back", {})
    assert board.at_decision() and set(drawn(board)) == {"played", "suggested"}
    # an entry not analysed (or not a number) is refused
    assert not board.handle("analysis-show", {"value": "x"})
    assert not board.handle("analysis-show", {"value": str(board.view.replay.length + 5)})
    assert board.chosen == k


def test_entries_appear_as_they_are_found_and_stop_stops():
    board = part_of("pyramids").AnalysisScreen(finished("pyramids"), players=[0])
    assert board.entries() == [] and not board.finished
    while board.analysis.done < 2:
        board.step(20.0)
    board.stop()
    done = board.analysis.done
    assert not board.step(20.0) and board.analysis.done == done
    assert len(board.entries()) == done
    assert board.choose(board.entries()[0]["action"])
    bar = board.render()[0]
    assert bar.attrs["data-running"] == "false"
    assert any(e.attrs.get("data-action") == "learn-analysis-resume" for e in bar.iter())
    board.resume()
    while board.step(50.0):
        pass
    assert board.finished and len(board.entries()) == board.analysis.total


def test_a_decided_caldera_game_is_said_in_words_not_in_thousands_of_points():
    state = finished("pyramids")
    game = games.get("pyramids")
    a = judge.Analysis.of_state(game, state)
    a.run()
    decided = [f for f in a.misses() if outcome_of(game, f) is not None]
    assert decided, "the greedy game has decisions that won or lost it"
    limit = judge.hook(game).DECISIVE
    for f in decided:
        assert f["difference"] >= limit / 2  # the magnitude a number would have said
        text = miss_text(a, f)
        words = {"misses_win": "would have won the game", "loses": "loses the game"}
        assert words[outcome_of(game, f)] in text
        assert str(round(f["difference"])) not in text and "points" not in text
    for f in a.misses():
        if outcome_of(game, f) is None:  # the others keep their figure
            assert "point" in miss_text(a, f)
    i18n.set_language("fr")
    fr = miss_text(a, decided[0])
    assert "aurait gagné la partie" in fr or "perd la partie" in fr
    i18n.set_language("en")
    data = report(a)
    assert {m["outcome"] for m in data["misses"]} >= {outcome_of(game, decided[0])}
    # the command line says it the same way
    text = analyse_file(export_record(state, exported_at=0, game=game))
    assert miss_text(a, decided[0]) in text.splitlines()
    out = json.loads(analyse_file(export_record(state, exported_at=0, game=game), as_json=True))
    assert [m["outcome"] for m in out["misses"]] == [m["outcome"] for m in data["misses"]]


def test_the_board_says_a_decided_game_in_words():
    board = analysed("pyramids")
    decided = [f for f in board.entries() if outcome_of(board.game, f) is not None]
    assert decided, "seat 1 of this greedy game missed a win"
    f = decided[0]
    words = board.verdict(f)
    assert words in ("misses a win", "loses the game")
    assert decided[0] is board.entries()[0]  # the biggest misses come first


def test_a_pick_is_outlined_off_the_park_both_moves_in_their_looks():
    """Caldera Park's pick (an action token and a terrain space, off the park): the board's
    selection row outlines the token and the terrain space of the move played and of the
    suggestion, each in its look."""
    board = analysed("park")
    picks = [e for e in board.entries() if e["kind"] == "pick" and e["verdict"] == "miss"]
    assert picks, "the game has a pick the judge would have made otherwise"
    for e in picks[:3]:
        assert board.choose(e["action"])
        node = board.board()
        for look, text in (("played", e["played"]), ("suggested", e["suggested"])):
            _pick, token, terrain = text.split()
            marked = {
                (k, x.attrs.get(k))
                for x in node.iter()
                if f"analysis-pick-{look}" in (x.attrs.get("class") or "").split()
                for k in ("data-token", "data-terrain")
                if x.attrs.get(k) is not None
            }
            assert marked == {("data-token", token), ("data-terrain", terrain)}, (look, text)
