"""Property tests (hypothesis, derandomized and small) over whole random games of Caledea:
random legal play always ends; gold always equals the claimed squares held (all on the holder's
own resource squares); no player ever has two generals or more units than a box holds; every
listed action is legal and other actions are refused without changing anything; records and
saves replay exactly; observations hold no seed and no generator."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyapp.caledea import cards, engine
from pyapp.caledea.protocol import GAME
from pyapp.core.errors import IllegalActionError, MalformedActionError

FAST = settings(
    max_examples=6,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

options_st = st.builds(
    lambda players, seed, epic: {"players": players, "seed": seed, "epic": epic},
    st.integers(2, 4),
    st.integers(0, 10_000),
    st.booleans(),
)


def check_invariants(state: dict) -> None:
    b = engine.board_of(state)
    n = state["options"]["players"]
    for p in range(n):
        pair = engine.kingdom_of(state, p)["pair"]
        held = [sq for sq, m in enumerate(state["markers"]) if m == p]
        assert engine.gold(state, p) == len(held)
        assert all(b.pairs[sq] == pair for sq in held)
        mine = [u for u in state["units"] if u["owner"] == p]
        assert sum(u["rank"] == 3 for u in mine) <= 1
        assert len(mine) <= engine.MAX_UNITS
        if state["out"][p]:
            assert not mine and not held
    ids = [u["id"] for u in state["units"]]
    assert len(ids) == len(set(ids))
    for s in state["structures"]:
        assert s is None or (0 <= s[0] < n and s[1] in (1, 2))


def played(options: dict, stop: int, rng: random.Random) -> dict:
    """A game after ``stop`` random legal actions (or over before)."""
    state = GAME.new_game(options)
    for _ in range(stop):
        if GAME.is_over(state):
            break
        GAME.play(state, rng.choice(GAME.legal_actions(state)))
    return state


@FAST
@given(options_st)
def test_random_play_ends_and_keeps_the_invariants(options):
    rng = random.Random(options["seed"])
    state = GAME.new_game(options)
    steps = 0
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        assert legal
        GAME.play(state, rng.choice(legal))
        check_invariants(state)
        steps += 1
        assert state["round"] <= engine.ROUNDS
    res = GAME.result(state)
    assert res["winners"] and res["how"] in ("capital", "elimination", "fortified", "rounds")
    assert len(res["scores"]) == options["players"]


@FAST
@given(options_st, st.integers(0, 400))
def test_listed_actions_are_legal_others_change_nothing(options, stop):
    rng = random.Random(stop)
    state = played(options, stop, rng)
    if GAME.is_over(state):
        return
    legal = GAME.legal_actions(state)
    for a in legal:
        assert GAME.why_illegal(state, a) is None, a
        assert GAME.parse_action(str(a)) == a
    before = GAME.to_json(state)
    b = engine.board_of(state)
    wrong = [
        "end" if GAME.decision(state)["kind"] != "turn" else "stay",
        f"capital {b.name(rng.randrange(b.n))}",
        f"move {b.name(rng.randrange(b.n))} {state['next_id'] + 5}",
        f"upgrade {state['next_id'] + 1}",
        f"pair {state['next_id']} {state['next_id'] + 1}",
        "build a1" if GAME.why_illegal(state, GAME.parse_action("build a1")) else "end",
    ]
    for text in wrong:
        a = GAME.parse_action(text)
        if GAME.why_illegal(state, a) is None:
            continue
        with pytest.raises(IllegalActionError):
            GAME.play(state, a)
        assert GAME.to_json(state) == before
    other = (GAME.to_move(state) + 1) % options["players"]
    with pytest.raises(IllegalActionError):
        GAME.play(state, legal[0], player=other)
    assert GAME.to_json(state) == before


@FAST
@given(options_st, st.integers(1, 300))
def test_records_and_saves_replay_exactly(options, stop):
    rng = random.Random(stop)
    state = played(options, stop, rng)
    record = json.loads(json.dumps(GAME.to_record(state)))
    assert GAME.to_json(GAME.from_record(record)) == GAME.to_json(state)
    assert GAME.to_json(GAME.from_json(GAME.to_json(state))) == GAME.to_json(state)
    for p in range(options["players"]):
        view = GAME.observation(state, p)
        assert "rng" not in view and "seed" not in view["options"]
        text = json.dumps(view)
        assert state["rng"] not in text


square_st = st.builds(
    lambda c, r: f"{c}{r}", st.sampled_from("abcdefghijklmnopqrst"), st.integers(1, 10)
)
unit_st = st.integers(0, 999_999)
action_text_st = st.one_of(
    st.builds(lambda s: f"capital {s}", square_st),
    st.builds(
        lambda s, us: f"move {s} {','.join(map(str, sorted(us)))}",
        square_st,
        st.sets(unit_st, min_size=1, max_size=8),
    ),
    st.builds(lambda u: f"upgrade {u}", unit_st),
    st.builds(lambda s: f"build {s}", square_st),
    st.builds(lambda u, s: f"bombard {u} {s}", unit_st, square_st),
    st.builds(lambda u, s: f"transport {u} {s}", unit_st, square_st),
    st.builds(lambda u: f"ambush {u}", unit_st),
    st.builds(lambda d, a: f"pair {d} {a}", unit_st, unit_st),
    st.sampled_from(["end", "noambush", "withdraw", "stay"]),
)


@settings(max_examples=200, derandomize=True, deadline=None, database=None)
@given(action_text_st)
def test_every_well_formed_text_round_trips(text):
    a = GAME.parse_action(text)
    assert str(a) == text
    assert GAME.parse_action(str(a)) == a


@settings(max_examples=200, derandomize=True, deadline=None, database=None)
@given(st.text(max_size=40) | st.from_regex(r"(move|pair|capital|bombard) [a-z0-9, ]{0,12}"))
def test_any_text_parses_to_a_round_tripping_action_or_is_refused_plainly(text):
    try:
        a = GAME.parse_action(text)
    except MalformedActionError as e:
        assert str(e)
        return
    assert GAME.parse_action(str(a)) == a


@pytest.mark.parametrize(
    "text", ["capital a\u00b2", "bombard \u00b2 a1", "capital a\u0661", "move \u0661 to a1"]
)
def test_digits_other_than_ascii_are_refused_plainly(text):
    """``str.isdigit`` says yes to "²" (int() then raises ValueError) and to "١" (int() reads
    it as 1): an action text takes ASCII digits only."""
    with pytest.raises(MalformedActionError):
        GAME.parse_action(text)
    assert cards.board(False).parse("a\u0661") is None


def test_board_squares_name_round_trip():
    for epic in (False, True):
        b = cards.board(epic)
        for sq in range(b.n):
            assert b.parse(b.name(sq)) == sq
