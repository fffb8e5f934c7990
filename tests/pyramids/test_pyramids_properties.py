"""Properties of Caldera over random play (hypothesis): games end; the 72 coloured pieces and 6
caps are conserved; JSON and replay round trips hold at every step; illegal actions change
nothing; what ``why_illegal`` accepts is what ``legal_actions`` lists; the eruption preview is
what then happens; a take-back restores the state; the setup constraint holds for any seed;
action texts round-trip."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pyramids_helpers import all_pieces

from pyapp.core.errors import IllegalActionError, MalformedActionError
from pyapp.pyramids import game
from pyapp.pyramids.actions import Move, Pass, Power, parse
from pyapp.pyramids.board import CALDERA, OUTER, PIECES, SIDE_NEIGHBOURS, SQUARE_NAMES
from pyapp.pyramids.protocol import GAME

SLOW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.one_of(st.integers(0, 2**63 - 1), st.text(min_size=1, max_size=64))
ALL_PIECES = sorted(c + s for c in "RYGB" for s in "SML" for _ in range(6))


def every_candidate(state) -> list:
    """Every well-formed move of play: all adjacent cap moves, all Power Plays, the pass."""
    out = [Pass]
    for frm in range(25):
        for to in range(25):
            if game.direction_between(frm, to) is not None:
                out.append(Move(frm, to))
    out += [Power(p, sq) for p in PIECES for sq in range(25)]
    return out


def random_play(seed, players, rng, each=None, limit=None):
    """A seeded random game; with ``limit``, only its first ``limit`` actions."""
    state = game.new_game(players=players, seed=seed)
    for _ in range(limit or 20_000):
        if GAME.is_over(state):
            return state
        legal = GAME.legal_actions(state)
        # fewer Power Plays than uniform (there are up to 12 x 19 of them) to vary the games
        moves = [a for a in legal if a.kind != "power"]
        action = rng.choice(legal if not moves or rng.random() < 0.2 else moves)
        if each:
            each(state, action)
        GAME.play(state, action)
    assert limit, "no end"
    return state


@SLOW
@given(seed=seeds, players=st.sampled_from([2, 3]), bot=st.integers(0, 10**6))
def test_random_play_ends_and_conserves_the_pieces(seed, players, bot):
    def check(state, action):
        assert all_pieces(state) == ALL_PIECES
        assert len(state["caps"]) == len(set(state["caps"])) == 6
        assert state["caps"] == sorted(state["caps"])

    state = random_play(seed, players, random.Random(bot), check)
    check(state, None)
    result = GAME.result(state)
    assert result["reason"] in {"trios", "calm", "repetition", "turns"}
    if result["reason"] == "trios":
        assert result["scores"][result["winners"][0]] >= 3


@SLOW
@given(seed=seeds, bot=st.integers(0, 10**6))
def test_replay_and_json_round_trip_at_every_step(seed, bot):
    rng = random.Random(bot)
    twin = None

    def check(state, action):
        nonlocal twin
        text = GAME.to_json(state)
        if twin is None:
            twin = GAME.new_game(state["options"])
        assert GAME.to_json(twin) == text  # replaying the log step by step gives the same
        if rng.random() < 0.02:
            assert GAME.to_json(GAME.from_json(text)) == text
            record = json.loads(json.dumps(GAME.to_record(state)))
            assert GAME.to_json(GAME.from_record(record)) == text
        GAME.play(twin, str(action))

    random_play(seed, 2, rng, check, limit=400)


@SLOW
@given(seed=st.integers(0, 10**9), bot=st.integers(0, 10**6))
def test_illegal_actions_change_nothing_and_legality_agrees(seed, bot):
    rng = random.Random(bot)
    candidates = every_candidate(None)

    def check(state, action):
        if rng.random() > 0.1:
            return
        legal = {str(a) for a in GAME.legal_actions(state)}
        before = GAME.to_json(state)
        for cand in candidates:
            ok = GAME.why_illegal(state, cand) is None
            assert ok == (str(cand) in legal), str(cand)
        for cand in rng.sample(candidates, 20):
            if str(cand) not in legal:
                try:
                    GAME.play(state, cand)
                except IllegalActionError:
                    pass
                else:
                    raise AssertionError(f"{cand} was played")
                assert GAME.to_json(state) == before
        other = 1 - state["turn"]["player"]
        try:
            GAME.play(state, action, player=other)
        except IllegalActionError:
            pass
        else:
            raise AssertionError("played out of turn")
        assert GAME.to_json(state) == before

    random_play(seed, 2, rng, check, limit=300)


@SLOW
@given(seed=st.integers(0, 10**9), bot=st.integers(0, 10**6))
def test_preview_is_what_happens_and_take_back_restores(seed, bot):
    rng = random.Random(bot)

    def check(state, action):
        if action.kind == "move":
            view = GAME.preview(state, action)
            after = GAME.play(game.copy_state(state), action)
            if view["erupts"]:
                last = after["last"]
                assert view["flow"] == last["flow"]
                assert len(view["stay"]) == last["stay"]
                assert last["player"] == state["turn"]["player"]
            else:
                assert after["turn"]["player"] == state["turn"]["player"]
                assert after["board"] == state["board"]
            assert dict(GAME.cap_moves(state))[action] == view["erupts"]
        if action.kind in ("move", "power"):
            after = GAME.play(game.copy_state(state), action)
            if after["turn"]["number"] == state["turn"]["number"] and not GAME.is_over(after):
                GAME.take_back(after)
                assert GAME.to_json(after) == GAME.to_json(state)

    random_play(seed, 2, rng, check, limit=300)


@settings(max_examples=60, deadline=None)
@given(seed=seeds)
def test_setup_constraint_for_any_seed(seed):
    state = game.new_game(seed=seed)
    board = state["board"]
    assert board[CALDERA] == []
    for sq in OUTER:
        assert len(board[sq]) == 3 and board[sq][-1][1] == "L"
        for t in SIDE_NEIGHBOURS[sq]:
            assert not board[t] or board[t][0][0] != board[sq][0][0]
    assert all(board[c][0][0] == "R" for c in state["caps"])


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(st.text(max_size=20), st.from_regex(r"[a-f][0-6]-[a-f][0-6]")))
def test_any_text_is_read_or_refused_as_malformed(text):
    try:
        action = parse(text)
    except MalformedActionError:
        return
    assert parse(str(action)) == action


def test_every_action_text_round_trips():
    for action in every_candidate(None):
        assert parse(str(action)) == action
    assert len({str(a) for a in every_candidate(None)}) == len(every_candidate(None))
    assert {str(a)[:2] for a in every_candidate(None) if a.kind == "move"} == set(SQUARE_NAMES)
