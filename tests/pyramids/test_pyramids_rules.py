"""One test (at least) per rule of Caldera as the NOTES and our rulings read it (see the
docstring of pyapp/pyramids/game.py)."""

from __future__ import annotations

import json

import pytest
from pyramids_helpers import all_pieces, capped, position, stack

from pyapp.core.errors import IllegalActionError, MalformedActionError, OptionsError
from pyapp.pyramids import game
from pyapp.pyramids.actions import Move, Power, parse
from pyapp.pyramids.board import CALDERA, COLOURS, OUTER, SIDE_NEIGHBOURS, SQUARE_NAMES, SQUARE_OF
from pyapp.pyramids.protocol import GAME


def play(state, *texts):
    for t in texts:
        GAME.play(state, t)
    return state


# --------------------------------------------------------------------------- setup


@pytest.mark.parametrize("seed", [0, 1, 2, "caldera", 12345])
def test_setup_nests_caps_and_caldera(seed):
    state = game.new_game(players=2, seed=seed)
    board = state["board"]
    assert board[CALDERA] == []
    colours = {}
    for sq in OUTER:
        c = board[sq][0][0]
        assert board[sq] == [c + "S", c + "M", c + "L"]  # small at the bottom, large on top
        colours[sq] = c
    assert sorted(colours.values()) == sorted(c for c in COLOURS for _ in range(6))
    for sq in OUTER:  # no two nests of a colour share a side
        for t in SIDE_NEIGHBOURS[sq]:
            if t != CALDERA:
                assert colours[t] != colours[sq], (SQUARE_NAMES[sq], SQUARE_NAMES[t])
    assert state["caps"] == sorted(sq for sq in OUTER if colours[sq] == "R")
    assert len(state["caps"]) == 6
    assert all_pieces(state).count("RL") == 6 and len(all_pieces(state)) == 72


def test_setup_is_reproducible_and_varies_with_the_seed():
    a, b = game.new_game(seed=7), game.new_game(seed=7)
    assert a == b
    layouts = {json.dumps(game.new_game(seed=s)["board"]) for s in range(12)}
    assert len(layouts) == 12


def test_first_player_drawn_from_the_seed_or_chosen_without_changing_the_layout():
    firsts = {game.new_game(seed=s)["options"]["first"] for s in range(15)}
    assert firsts == {0, 1}
    drawn = game.new_game(seed=3)
    chosen = game.new_game(seed=3, first=1 - drawn["options"]["first"])
    assert chosen["board"] == drawn["board"]
    assert chosen["turn"]["player"] == 1 - drawn["turn"]["player"]
    three = {game.new_game(players=3, seed=s)["options"]["first"] for s in range(15)}
    assert three == {0, 1, 2}


@pytest.mark.parametrize(
    "options",
    [{"players": 1}, {"players": 4}, {"seed": -1}, {"names": ["a"]}, {"first": 2}, {"x": 1}],
)
def test_bad_options_are_refused(options):
    with pytest.raises(OptionsError):
        GAME.new_game(options)


# --------------------------------------------------------------------------- eruption geometry


def _on(r, c):
    return 0 <= r < 5 and 0 <= c < 5


STEPS = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]
CASES = [
    (sq, step) for sq in range(25) for step in STEPS if _on(sq // 5 + step[0], sq % 5 + step[1])
]


@pytest.mark.parametrize(("origin", "step"), CASES, ids=[f"{SQUARE_NAMES[s]}{d}" for s, d in CASES])
def test_eruption_in_every_direction_from_every_square(origin, step):
    """A lone capped nest: its pieces fly top first, piece k landing k + 1 squares away, while
    on the board; the rest stay; a move whose first landing square is off the board is quiet."""
    r, c = divmod(origin, 5)
    name = SQUARE_NAMES[origin]
    to = SQUARE_NAMES[(r + step[0]) * 5 + c + step[1]]
    state = position({name: "YS YM YL"}, caps=[name])
    play(state, f"{name}-{to}")
    assert capped(state) == [to]
    landings = []
    k = 2
    while _on(r + k * step[0], c + k * step[1]) and len(landings) < 3:
        landings.append(SQUARE_NAMES[(r + k * step[0]) * 5 + c + k * step[1]])
        k += 1
    if not landings:  # quiet: same player moves again, nothing moved
        assert state["turn"]["player"] == 0 and state["turn"]["quiet"] == 1
        assert stack(state, name) == "YS YM YL"
        return
    assert state["turn"]["player"] == 1  # the eruption ended the turn
    for piece, sq in zip(["YL", "YM", "YS"], landings, strict=False):
        assert stack(state, sq) == piece
    assert stack(state, name) == " ".join(["YS", "YM", "YL"][: 3 - len(landings)])
    assert state["collections"] == [[], []]


def test_from_a_corner_the_whole_nest_flows():
    state = play(position({"a1": "GS GM GL"}, caps=["a1"]), "a1-b2")
    assert [stack(state, s) for s in ("c3", "d4", "e5", "a1")] == ["GL", "GM", "GS", ""]


def test_no_eruption_from_an_empty_square():
    state = play(position({"d4": "YS YM YL"}, caps=["c3"]), "c3-c2")
    assert state["turn"] == {**state["turn"], "player": 0, "quiet": 1}
    assert state["last"] is None


def test_no_eruption_when_the_first_landing_square_is_off_the_board():
    state = play(position({"a2": "YS YM YL"}, caps=["a2"]), "a2-a1")
    assert state["turn"]["player"] == 0 and stack(state, "a2") == "YS YM YL"


def test_no_eruption_onto_a_cap():
    state = play(position({"a1": "YS YM YL", "c1": "BS"}, caps=["a1", "c1"]), "a1-b1")
    assert state["turn"]["player"] == 0 and stack(state, "a1") == "YS YM YL"
    assert capped(state) == ["b1", "c1"]


def test_a_cap_never_moves_onto_a_cap_nor_off_the_board():
    state = position({"a1": "YS YM YL"}, caps=["a1", "b1"])
    before = json.dumps(state)
    with pytest.raises(IllegalActionError, match="cap already"):
        GAME.play(state, "a1-b1")
    with pytest.raises(MalformedActionError):
        GAME.play(state, "a1-a3")  # not a neighbour: no such move
    with pytest.raises(IllegalActionError, match="no cap"):
        GAME.play(state, "c3-c2")
    assert json.dumps(state) == before
    assert "a1-a0" not in [str(a) for a in GAME.legal_actions(state)]


def test_flow_blocked_by_a_cap_after_one_piece():
    state = play(position({"a1": "YS YM YL", "d1": "BS"}, caps=["a1", "d1"]), "a1-b1")
    assert state["turn"]["player"] == 1  # still an eruption
    assert stack(state, "c1") == "YL" and stack(state, "a1") == "YS YM"
    assert stack(state, "d1") == "BS"
    assert state["last"]["stay"] == 2 and len(state["last"]["flow"]) == 1


def test_flow_blocked_by_the_edge_after_two_pieces():
    state = play(position({"b1": "YS YM YL"}, caps=["b1"]), "b1-c1")
    assert stack(state, "d1") == "YL" and stack(state, "e1") == "YM"
    assert stack(state, "b1") == "YS" and state["turn"]["player"] == 1


def test_capture_when_the_first_piece_matches_and_the_second_does_not():
    state = play(position({"a1": "YS YM YL", "c1": "GS GM GL", "d1": "BS"}, caps=["a1"]), "a1-b1")
    assert state["collections"] == [["YL"], []]
    assert stack(state, "c1") == "GS GM GL"  # the piece landed on is never captured
    assert stack(state, "d1") == "BS YM"  # a medium on a small stays
    assert stack(state, "e1") == "YS"  # a small on an empty square stays
    assert [f["captured"] for f in state["last"]["flow"]] == [True, False, False]


def test_each_piece_judged_on_its_own():
    state = play(
        position({"a1": "YS YM YL", "c1": "GL", "d1": "BM", "e1": "RL"}, caps=["a1"]), "a1-b1"
    )
    assert state["collections"][0] == ["YL", "YM"]
    assert stack(state, "e1") == "RL YS"
    assert (stack(state, "c1"), stack(state, "d1")) == ("GL", "BM")


def test_only_the_top_piece_counts():
    state = play(position({"a1": "YS YM YL", "c1": "GL BM"}, caps=["a1"]), "a1-b1")
    assert stack(state, "c1") == "GL BM YL" and state["collections"][0] == []


def test_a_tall_stack_flows_as_far_as_the_board_allows():
    state = play(position({"a1": "GS BM RL YS YM YL"}, caps=["a1"]), "a1-b1")
    assert [stack(state, s) for s in ("c1", "d1", "e1")] == ["YL", "YM", "YS"]
    assert stack(state, "a1") == "GS BM RL"


def test_preview_tells_the_eruption_before_it_is_made():
    state = position({"a1": "YS YM YL", "c1": "GL", "d1": "BS"}, caps=["a1", "e5"])
    view = GAME.preview(state, Move(SQUARE_OF["a1"], SQUARE_OF["b1"]))
    assert view == {
        "erupts": True,
        "flow": [
            {"piece": "YL", "to": SQUARE_OF["c1"], "captured": True},
            {"piece": "YM", "to": SQUARE_OF["d1"], "captured": False},
            {"piece": "YS", "to": SQUARE_OF["e1"], "captured": False},
        ],
        "stay": [],
    }
    assert GAME.preview(state, Move(SQUARE_OF["e5"], SQUARE_OF["e4"]))["erupts"] is False
    moves = dict((str(m), e) for m, e in GAME.cap_moves(state))
    assert moves["a1-b1"] is True and moves["e5-e4"] is False
    every = {str(m): p for m, p in GAME.previews(state)}
    assert set(every) == set(moves) and every["a1-b1"] == view


# --------------------------------------------------------------------------- Power Play


def test_power_play_onto_a_stack_or_an_empty_square_not_a_cap():
    state = position({"a1": "YS YM YL", "b3": "GS"}, caps=["a1", "e5"], collections=[["BL"], []])
    texts = {str(a) for a in GAME.legal_actions(state)}
    assert {"power BL c3", "power BL b3", "power BL a2"} <= texts
    assert "power BL a1" not in texts and "power BL e5" not in texts
    with pytest.raises(IllegalActionError, match="cap"):
        GAME.play(state, "power BL a1")
    with pytest.raises(IllegalActionError, match="collection"):
        GAME.play(state, "power GL c3")
    play(state, "power BL b3")
    assert stack(state, "b3") == "GS BL" and state["collections"][0] == []
    assert state["turn"]["player"] == 0  # the Power Play does not end the turn


def test_power_play_once_per_turn_and_again_next_turn():
    state = position({"a1": "YS YM YL"}, caps=["a1"], collections=[["BL", "BM"], ["GS"]])
    play(state, "power BL c3")
    assert not any(isinstance(a, Power) for a in GAME.legal_actions(state))
    with pytest.raises(IllegalActionError, match="once per turn"):
        GAME.play(state, "power BM c3")
    play(state, "a1-b1")  # erupts: next player's turn, their Power Play is open
    assert any(str(a) == "power GS c5" for a in GAME.legal_actions(state))


def test_power_play_enables_a_capture():
    state = position({"a1": "YS YM YL"}, caps=["a1"], collections=[["GL"], []])
    play(state, "power GL c1", "a1-b1")
    assert state["collections"][0] == ["YL"] and stack(state, "c1") == "GL"


def test_no_power_play_without_a_collection():
    state = position({"a1": "YS YM YL"}, caps=["a1"])
    assert not any(a.kind == "power" for a in GAME.legal_actions(state))


# --------------------------------------------------------------------------- trios and the end


@pytest.mark.parametrize(
    ("collection", "expected"),
    [
        ([], 0),
        (["YS", "GM", "BL"], 0),
        (["YS", "YM", "YL"], 1),
        (["YS", "YM", "YL", "YS", "YM"], 1),
        (["YS", "YM", "YL", "YS", "YM", "YL"], 2),  # the same colour gives two trios
        (["YS", "YM", "YL"] * 3, 3),
        (["RS", "RM", "RL", "BS", "BM", "BL", "GS", "GM"], 2),
    ],
)
def test_monochrome_trios(collection, expected):
    assert game.trios(collection) == expected
    assert GAME.trios(collection) == expected


def test_three_trios_win_at_the_end_of_the_turn():
    coll = ["YS", "YM", "YL", "GS", "GM", "GL", "BS", "BM"]
    state = position({"a1": "RS RM BL", "c1": "GL"}, caps=["a1"], collections=[coll, []])
    play(state, "a1-b1")
    result = GAME.result(state)
    assert result["winners"] == [0] and result["reason"] == "trios"
    assert result["scores"] == [3, 0]
    assert GAME.is_over(state) and GAME.legal_actions(state) == []


def test_the_player_not_moving_does_not_win_by_the_mover_turn():
    three = ["YS", "YM", "YL"] * 3
    state = position({"a1": "YS YM YL"}, caps=["a1"], collections=[[], three])
    play(state, "a1-b1")
    assert not GAME.is_over(state)  # only the mover is checked, at the end of their turn


def test_stall_guard_thirty_calm_turns():
    state = position({"a1": "YS YM YL"}, caps=["a1"], calm=0)
    state["calm"] = game.CALM_TURNS - 1
    play(state, "a1-b1")  # an eruption without a capture
    assert GAME.result(state)["reason"] == "calm" and GAME.result(state)["winners"] == []


def test_a_capture_resets_the_calm_count():
    state = position({"a1": "YS YM YL", "c1": "GL"}, caps=["a1"])
    state["calm"] = game.CALM_TURNS - 1
    play(state, "a1-b1")
    assert state["calm"] == 0 and not GAME.is_over(state)


def test_stall_guard_third_repetition():
    state = position({}, caps=["c3"])  # no piece on the board: no eruption can be made
    for n in range(3):
        assert [str(a) for a in GAME.legal_actions(state)][-1] == "pass"
        play(state, "pass")
        assert not GAME.is_over(state), n
    play(state, "pass")  # the first position is met a third time at a turn's start
    assert GAME.result(state)["reason"] == "repetition"


def test_turn_limit():
    state = position({"a1": "YS YM YL"}, caps=["a1"], number=game.MAX_TURNS)
    play(state, "a1-b1")
    assert GAME.result(state)["reason"] == "turns"


def test_pass_only_when_no_eruption_can_be_reached():
    state = game.new_game(seed=1)
    with pytest.raises(IllegalActionError, match="no passing"):
        GAME.play(state, "pass")
    # reachable only after quiet moves: the cap must first walk to the nest
    state = position({"a1": "YS YM YL"}, caps=["e5"])
    assert "pass" not in [str(a) for a in GAME.legal_actions(state)]
    assert game.eruption_reachable(state)
    state["turn"]["quiet"] = game.MAX_QUIET - 2  # too few quiet moves left to get there
    assert not game.eruption_reachable(state)
    play(state, "pass")
    assert state["turn"]["player"] == 1


def test_quiet_moves_per_turn_are_limited():
    state = position({"a1": "YS YM YL"}, caps=["a1", "e5"], quiet=game.MAX_QUIET)
    texts = [str(a) for a in GAME.legal_actions(state)]
    assert "e5-e4" not in texts and "a1-b1" in texts
    with pytest.raises(IllegalActionError, match="quiet"):
        GAME.play(state, "e5-e4")


def test_resignation_gives_the_win_to_the_others():
    state = play(position({"a1": "YS YM YL"}, caps=["a1"]), "resign")
    assert GAME.result(state)["winners"] == [1] and GAME.result(state)["reason"] == "resign"
    state = position(
        {"a1": "YS YM YL"},
        caps=["a1"],
        players=3,
        collections=[[], ["YS", "YM", "YL"], []],
    )
    play(state, "resign")
    assert GAME.result(state)["winners"] == [1]


def test_agreed_draw():
    state = play(game.new_game(seed=2), "draw")
    assert GAME.result(state)["winners"] == [] and GAME.result(state)["reason"] == "agreed"
    assert "draw" not in [str(a) for a in GAME.legal_actions(game.new_game(seed=2))]


def test_three_players_take_turns_in_seat_order():
    state = position(
        {"a1": "YS YM YL", "e1": "GS GM GL", "a5": "BS BM BL"}, caps=["a1", "e1", "a5"], players=3
    )
    play(state, "a1-b1")
    assert state["turn"]["player"] == 1
    play(state, "e1-d2")
    assert state["turn"]["player"] == 2
    play(state, "a5-b4")
    assert state["turn"]["player"] == 0 and state["turn"]["number"] == 4


# --------------------------------------------------------------------------- take-backs


def test_take_back_quiet_moves_and_the_power_play_last_first():
    state = position({"a1": "YS YM YL"}, caps=["c3"], collections=[["GL"], []])
    start = json.dumps(state, sort_keys=True)
    play(state, "c3-b2")
    after_one = json.dumps(state, sort_keys=True)
    play(state, "power GL c1", "b2-a1")
    assert GAME.can_take_back(state)
    GAME.take_back(state)
    assert capped(state) == ["b2"] and stack(state, "c1") == "GL"
    GAME.take_back(state)
    assert json.dumps(state, sort_keys=True) == after_one
    GAME.take_back(state)
    assert json.dumps(state, sort_keys=True) == start
    assert not GAME.can_take_back(state)
    with pytest.raises(IllegalActionError):
        GAME.take_back(state)


def test_no_take_back_after_the_eruption():
    state = position({"a1": "YS YM YL"}, caps=["b2"])
    play(state, "b2-a2", "a2-b1", "b1-a1", "a1-b1")  # three quiet moves, then the eruption
    assert state["turn"]["player"] == 1 and not GAME.can_take_back(state)
    with pytest.raises(IllegalActionError):
        GAME.take_back(state)


def test_a_taken_back_game_replays_from_its_log():
    state = game.new_game(seed=4)
    quiet = next(m for m, e in GAME.cap_moves(state) if not e)
    GAME.play(state, quiet)
    GAME.take_back(state)
    assert GAME.to_json(GAME.from_json(GAME.to_json(state))) == GAME.to_json(state)


# --------------------------------------------------------------------------- actions and views


@pytest.mark.parametrize(
    "text",
    [
        "",
        "a1",
        "a1-a3",
        "f1-e1",
        "a1-b1-c1",
        "power",
        "power XL c3",
        "power YL z9",
        "power YL",
        "PASS",
        "move a1 b1",
        "x" * 100,
    ],
)
def test_malformed_texts(text):
    with pytest.raises(MalformedActionError):
        parse(text)


def test_action_texts():
    assert str(parse("a1-b2")) == "a1-b2" and parse("a1-b2") == Move(0, 6)
    assert parse("power YL c3") == Power("YL", 12)
    assert [str(parse(w)) for w in ("pass", "resign", "draw")] == ["pass", "resign", "draw"]


def test_observation_hides_only_seed_and_generator():
    state = game.new_game(seed=9)
    view = GAME.observation(state, 1)
    assert "rng" not in view and "seed" not in view["options"] and view["viewer"] == 1
    assert view["board"] == state["board"] and view["caps"] == state["caps"]
    with pytest.raises(ValueError):
        GAME.observation(state, 2)


def test_decision():
    state = game.new_game(seed=9, first=1)
    assert GAME.decision(state) == {"player": 1, "kind": "turn", "quiet": 0, "power": False}
    GAME.play(state, "resign")
    assert GAME.decision(state) is None and GAME.to_move(state) is None


def test_save_summary_is_checked():
    state = game.new_game(seed=5)
    summary = GAME.save_summary(state)
    assert summary == {"turn": 1, "trios": [0, 0]} and GAME.check_save_summary(summary)
    for bad in ({"turn": 0, "trios": [0, 0]}, {"turn": 1, "trios": [0]}, {"turn": "1"}, {}):
        assert not GAME.check_save_summary(bad)
    assert GAME.game_length(state) == 1
