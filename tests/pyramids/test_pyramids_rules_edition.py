"""Edition 2 of our rulings (the NOTES as amended): a player passes only when no eruption can be
reached this turn with the quiet moves left AND the Power Play counted, if still unused. Games
recorded before (options without ``rules``) follow edition 1 and replay exactly as played."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pyramids_helpers import position

from pyapp.core.errors import IllegalActionError, LoadError, OptionsError
from pyapp.pyramids import game
from pyapp.pyramids.board import PIECES, SQUARE_OF
from pyapp.pyramids.protocol import GAME

PLAYTHROUGHS = Path(__file__).resolve().parent / "playthroughs"


def texts(state) -> list[str]:
    return [str(a) for a in GAME.legal_actions(state)]


def c3_example(rules):
    """The NOTES' example: an empty board, a cap on c3, a yellow large in the mover's hand."""
    state = position({}, caps=["c3"], collections=[["YL"], []])
    state["options"]["rules"] = rules
    return state


def test_new_games_follow_edition_2_and_options_check_the_edition():
    assert game.RULES == 2
    assert game.new_game(seed=3)["options"]["rules"] == 2
    assert GAME.new_game({"players": 3, "seed": 3})["options"]["rules"] == 2
    assert game.new_game(seed=3, rules=1)["options"]["rules"] == 1
    for bad in (0, 3, "2", True, 2.0):
        with pytest.raises(OptionsError, match="edition"):
            game.new_game(seed=3, rules=bad)


def test_the_notes_c3_example_has_no_pass_and_the_power_play_erupts():
    state = c3_example(2)
    assert "pass" not in texts(state)
    assert game.eruption_reachable(state)
    with pytest.raises(IllegalActionError, match="no passing"):
        GAME.play(state, "pass")
    GAME.play(state, "power YL c2")
    GAME.play(state, "c3-c2")  # quiet: c3 is empty
    assert state["turn"]["player"] == 0 and state["turn"]["quiet"] == 1
    GAME.play(state, "c2-c3")  # leaves the yellow large's square: it erupts, the turn ends
    assert state["last"]["flow"] == [{"piece": "YL", "to": SQUARE_OF["c4"], "captured": False}]
    assert state["turn"]["player"] == 1


def test_the_c3_example_under_edition_1_passes_as_before():
    state = c3_example(1)
    assert texts(state)[-1] == "pass"
    GAME.play(state, "pass")
    assert state["turn"]["player"] == 1


@pytest.mark.parametrize(
    "why",
    ["no piece in hand", "power play used", "no quiet move left"],
)
def test_positions_where_the_pass_stays_legal(why):
    if why == "no piece in hand":
        state = position({}, caps=["c3"])
    elif why == "power play used":
        state = position({}, caps=["c3"], collections=[["YL"], []], power=True)
    elif why == "no quiet move left":  # the piece cannot go under a cap: one quiet move is needed
        state = position({}, caps=["c3"], collections=[["YL"], []], quiet=game.MAX_QUIET)
    assert state["options"]["rules"] == 2
    assert not game.eruption_reachable(state)
    assert texts(state)[-1] == "pass"
    GAME.play(state, "pass")
    assert state["turn"]["player"] == 1


def test_the_power_play_counts_with_quiet_moves_to_spare_and_only_on_a_free_square():
    # one quiet move left: the piece next to the cap, the cap onto it, then off it (erupting)
    state = position({}, caps=["c3"], collections=[["GS"], []], quiet=game.MAX_QUIET - 1)
    assert "pass" not in texts(state)
    # a piece already on the board but out of reach changes nothing without the Power Play
    state = position({"e5": "RS"}, caps=["a1"], quiet=game.MAX_QUIET - 1)
    assert texts(state)[-1] == "pass"


def test_an_old_record_replays_under_edition_1_exactly():
    """The fixed playthroughs were recorded before the option: read as records, they rebuild
    the same game under edition 1, and the game written back says so."""
    for path in sorted(PLAYTHROUGHS.glob("*.json")):
        data = json.loads(path.read_text())
        assert "rules" not in data["options"]
        record = {"format": 1, "game": "pyramids", "options": data["options"], "log": data["log"]}
        state = GAME.from_record(record)
        assert state["options"]["rules"] == 1
        assert GAME.log_texts(state) == data["log"]
        assert json.loads(json.dumps(GAME.result(state))) == data["result"]
        assert GAME.to_record(state)["options"]["rules"] == 1
        again = GAME.from_record(GAME.to_record(state))
        assert GAME.to_json(again) == GAME.to_json(state)


def test_an_old_saved_state_with_an_old_pass_still_loads_and_plays():
    """A state saved before the option (its options without ``rules``) loads; the pass of the
    c3 position, allowed then, is still allowed in that game, never in a new one."""
    old = game.new_game(seed=5)
    del old["options"]["rules"]
    GAME.play(old, next(str(m) for m, e in game.cap_moves(old) if e))
    text = json.dumps(old)
    loaded = GAME.from_json(text)
    assert loaded["options"]["rules"] == 1 and loaded["log"] == old["log"]
    with pytest.raises(LoadError, match="damaged"):  # the comparison still catches an edit
        GAME.from_json(json.dumps({**old, "calm": old["calm"] + 7}))
    # the same game in the c3 position: the old game passes, a new one may not
    for rules, passes in ((1, True), (2, False)):
        state = game.copy_state(loaded)
        state["options"] = {**loaded["options"], "rules": rules}
        state["board"] = [[] for _ in range(25)]
        state["caps"] = [SQUARE_OF["c3"]]
        state["collections"][state["turn"]["player"]] = ["YL"]
        assert ("pass" in texts(state)) is passes


# ---------------------------------------------------------------- against a brute-force search


def brute_reachable(state) -> bool:
    """An eruption within this turn found by trying the engine's own actions one by one (cap
    moves and Power Plays, on copies), as a person would: independent of the engine's search."""
    seen = set()
    todo = [game.copy_state(state)]
    while todo:
        s = todo.pop()
        key = (tuple(s["caps"]), json.dumps(s["board"]), s["turn"]["power"], s["turn"]["quiet"])
        if key in seen:
            continue
        seen.add(key)
        for action in GAME.legal_actions(s):
            if action.kind == "move":
                if game.preview(s, action)["erupts"]:
                    return True
            elif action.kind != "power":
                continue
            nxt = game.apply(game.copy_state(s), action)
            if nxt["turn"]["player"] == s["turn"]["player"]:
                todo.append(nxt)
    return False


squares = st.sampled_from(sorted(SQUARE_OF))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    stacks=st.dictionaries(squares, st.sampled_from(PIECES), max_size=3),
    caps=st.lists(squares, min_size=1, max_size=6, unique=True),
    hand=st.lists(st.sampled_from(PIECES), max_size=2),
    left=st.integers(0, 2),
    rules=st.sampled_from([1, 2]),
)
def test_pass_is_listed_exactly_when_no_eruption_is_reachable(stacks, caps, hand, left, rules):
    state = position(stacks, caps=caps, collections=[hand, []], quiet=game.MAX_QUIET - left)
    state["options"]["rules"] = rules
    if rules == 1:  # edition 1: the Power Play was not counted
        state["collections"][0] = []
    assert ("pass" in texts(state)) is (not brute_reachable(state))
    if rules == 1:
        state["collections"][0] = sorted(hand)
        assert ("pass" in texts(state)) is (not brute_reachable({**state, "collections": [[], []]}))


def test_bots_play_legal_games_under_edition_2():
    for name in ("random", "greedy", "strong"):
        state = game.new_game(players=2, seed=f"ed2/{name}")
        bots = [GAME.make_bot(name, f"ed2/{s}") for s in range(2)]
        for _ in range(400 if name == "strong" else 3000):
            if GAME.is_over(state):
                break
            p = state["turn"]["player"]
            action = bots[p].choose(GAME.observation(state, p))
            assert GAME.why_illegal(state, action) is None, (name, str(action))
            GAME.play(state, action)
        assert state["options"]["rules"] == 2
