"""Caledea's computer players: exact dice odds, legal choices from observations in every kind of
decision, thinking in slices, reproducible choices, and greedy's edge over random."""

from __future__ import annotations

import itertools

import pytest
from caledea_helpers import put, started

from pyapp.caledea import engine
from pyapp.caledea.actions import End
from pyapp.caledea.bots import BOT_NAMES, evaluate, make_bot, odds
from pyapp.caledea.bots.greedy import combat_choice, scores
from pyapp.caledea.bots.strong import StrongBot
from pyapp.caledea.protocol import GAME
from pyapp.core import arena


@pytest.mark.parametrize(("a", "d"), [(1, 1), (2, 1), (1, 3), (3, 2), (2, 4)])
def test_battle_odds_are_exact(a, d):
    win = lose = 0
    for roll in itertools.product(range(1, 7), repeat=a + d):
        x = sorted(roll[:a], reverse=True)
        y = sorted(roll[a:], reverse=True)
        r = engine.compare(x, y)
        win += r > 0
        lose += r < 0
    assert odds.battle(a, d) == pytest.approx(win / (win + lose), abs=1e-12)


def test_combat_odds_follow_the_battles():
    assert odds.combat((2,), ()) == (1.0, 0.0, 0.0)
    assert odds.combat((), (2,))[0] == 0.0
    take, lost_a, lost_d = odds.combat((1,), (1,))
    assert take == pytest.approx(0.5) and lost_a == pytest.approx(0.5)
    assert odds.combat((3, 3), (1,))[0] > odds.combat((3,), (1,))[0] > odds.combat((1,), (3,))[0]
    assert odds.structure(1, 1) == pytest.approx(2 / 6) and odds.structure(2, 2) == pytest.approx(
        1 - (5 / 6) ** 2
    )


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", BOT_NAMES)
def test_bots_choose_legal_actions_from_observations(name, players):
    state = GAME.new_game({"players": players, "seed": players * 11})
    bots = [make_bot(name if s == 0 else "greedy", s) for s in range(players)]
    kinds = set()
    for _ in range(250 if name != "strong" else 60):
        p = GAME.to_move(state)
        if p is None:
            break
        view = GAME.observation(state, p)
        assert "rng" not in view
        action = bots[p].choose(view)
        kinds.add(GAME.decision(state)["kind"])
        GAME.play(state, action, player=p)  # checked: raises if illegal
    assert {"capital", "turn"} <= kinds


def test_bots_make_combat_choices(monkeypatch):
    state = started(kingdoms=("Orvenne", "Talaq"), capitals=["j1", "g1"])
    for s in ("h2", "e3", "i4", "g5"):  # 5 gold: one ambush
        state["markers"][engine.board_of(state).parse(s)] = 0
    put(state, 0, "e5", rank=2, n=2)
    put(state, 1, "e6", n=2)
    put(state, 1, "e7", rank=3)
    put(state, 0, "j1")
    greedy = make_bot("greedy", 1)
    attack = engine.Move("e6", tuple(u["id"] for u in state["units"] if u["sq"] == 44))
    GAME.play(state, attack)
    seen = set()
    while state["combat"] is not None:
        d = GAME.decision(state)
        seen.add(d["kind"])
        GAME.play(state, greedy.choose(GAME.observation(state, d["player"])), player=d["player"])
    assert "ambush" in seen


def turn_with_many_actions() -> tuple[dict, dict]:
    """A state at a turn decision with at least 10 legal actions, and its mover's view."""
    state = GAME.new_game({"players": 2, "seed": 4})
    a, b = make_bot("greedy", 0), make_bot("greedy", 1)
    while GAME.decision(state)["kind"] != "turn" or len(GAME.legal_actions(state)) < 10:
        p = GAME.to_move(state)
        GAME.play(state, (a if p == 0 else b).choose(GAME.observation(state, p)))
    return state, GAME.observation(state, GAME.to_move(state))


def think_in_slices(name: str, view: dict):
    """A bot's ``Thinking`` over ``view`` run to its choice, and the slices it needed (less one)."""
    think = make_bot(name, 0).start(view)
    steps = 0
    while think.step(0.0) is None:
        steps += 1
    return think, steps


def test_greedy_thinks_one_action_per_slice_and_chooses_as_in_one_call():
    state, view = turn_with_many_actions()
    think, steps = think_in_slices("greedy", view)
    assert steps >= len(GAME.legal_actions(state)) - 1  # never the whole turn in one slice
    assert str(think.action) == str(make_bot("greedy", 3).choose(view))
    assert GAME.why_illegal(state, think.action) is None


def strong_at_once(view: dict):
    """The strong bot's choice computed in one go, without slices (its search as first written:
    rank every action, then look one action further from the best ``width``): the reference the
    sliced search must agree with."""
    st = evaluate.prepare(view)
    quick = combat_choice(st)
    if quick is not None:
        return quick
    p, sight = engine.to_move(st), StrongBot.sight

    def ranked(s):
        return sorted(((v, -n, a) for v, n, a in scores(s, p, sight)), key=lambda x: (-x[0], -x[1]))

    def follow(o):
        d = engine.decision(o)
        here = evaluate.value(o, p, sight)
        if d is None or d["player"] != p or d["kind"] != "turn" or o["player"] != p:
            return here
        return max(here, ranked(o)[0][0])

    best, best_v = None, None
    for v1, _, a in ranked(st)[: StrongBot.width]:
        v = v1 if isinstance(a, End) else sum(w * follow(o) for w, o in evaluate.outcomes(st, a))
        if best_v is None or v > best_v + 1e-9:
            best, best_v = a, v
    return best


def test_strong_thinks_in_slices_and_always_chooses_the_same():
    state, view = turn_with_many_actions()
    think, steps = think_in_slices("strong", view)
    # one action weighed per unit of work: never the whole ranking of the turn in one slice
    assert steps >= len(GAME.legal_actions(state)) and think.units > steps // 2
    assert str(think.action) == str(make_bot("strong", 9).choose(view))
    assert str(think.action) == str(strong_at_once(view))
    assert GAME.why_illegal(state, think.action) is None


@pytest.mark.parametrize("kingdoms", [("Veloria", "Talaq"), ("Orvenne", "Kethmar")])
def test_strong_in_slices_chooses_as_the_search_in_one_go(kingdoms):
    """A whole game of strong bots: at every decision the sliced search (driven one unit of
    work at a time) chooses what the unsliced search chooses."""
    state = GAME.new_game({"players": 2, "seed": "slices", "kingdoms": list(kingdoms)})
    bots = [make_bot("strong", s) for s in range(2)]
    turns = 0
    while (p := GAME.to_move(state)) is not None and len(state["log"]) < 150:
        view = GAME.observation(state, p)
        think = bots[p].start(view)
        while think.step(0.0) is None:
            pass
        assert str(think.action) == str(strong_at_once(view)), len(state["log"])
        turns += GAME.decision(state)["kind"] == "turn"
        GAME.play(state, think.action, player=p)
    assert turns >= 20


def test_greedy_beats_random():
    report = arena.run_arena(GAME, ["greedy", "random"], games=16, seed="test")
    assert report["bots"]["greedy"]["wins"] >= 14


def test_unknown_bot_is_refused():
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("clever")


def _stalled_position():
    """Both capitals garrisoned, a few units between them: a position to weigh at any round."""
    st = started(("Xonavia", "Talaq"))
    caps = [engine.board_of(st).name(c) for c in st["capitals"]]
    put(st, 0, caps[0], rank=2, n=2)
    put(st, 1, caps[1], rank=3)
    put(st, 1, caps[1], rank=1, n=2)
    return evaluate.prepare(GAME.observation(st, 0))


def test_the_strong_sight_presses_a_stalled_game():
    s = evaluate.LONG_SIGHT
    start, over = s["press"]
    full = evaluate.pressed(s, 1.0)
    assert full["danger"] == pytest.approx([w * evaluate.PRESS_DANGER for w in s["danger"]])
    assert full["threat"] == pytest.approx([w * evaluate.PRESS_THREAT for w in s["threat"]])
    assert full["garrison"] == (0.0, 0.0, 0.0) and evaluate.pressed(s, 0.0)["danger"] == s["danger"]
    st = _stalled_position()

    def at(rnd, sight):
        o = engine.copy_state(st)
        o["round"] = rnd
        return evaluate.value(o, 0, sight)

    # up to round `start` the estimate is the one of the first round; later, pressing, it moves
    assert at(1, s) == at(start, s)
    assert at(start + over, s) != at(start, s)
    assert at(start + over, s) == at(start + 3 * over, s)  # fully pressed from there on
    # the greedy bot's sight has no press: the round changes nothing
    short = evaluate.SHORT_SIGHT
    assert at(1, short) == at(start + over, short)
    # pressed, the garrison at home counts for nothing and the enemy capital pulls harder
    far = engine.copy_state(st)
    for u in far["units"]:
        if u["owner"] == 0:
            u["sq"] = engine.board_of(st).neighbours[u["sq"]][0]  # one step off the capital

    def home_worth(rnd):
        st["round"] = far["round"] = rnd
        return evaluate.value(st, 0, s) - evaluate.value(far, 0, s)

    assert home_worth(start + over) < home_worth(1)  # staying home counts less, pressed


def test_remembered_estimates_equal_fresh_ones():
    st = _stalled_position()
    sight = evaluate.LONG_SIGHT
    seen = []
    for a in engine.legal_actions(st)[:40]:
        for _, o in evaluate.outcomes(st, a):
            for p in (0, 1):
                v = evaluate.value(o, p, sight)
                assert v == evaluate._value(o, p, sight)
                seen.append(v)
    assert len(set(seen)) > 5  # the positions differ, and so do their estimates
    # a change of the position is never answered with the estimate of the old one
    o = engine.copy_state(st)
    before = evaluate.value(o, 0, sight)
    o["units"][0]["rank"] = 1
    assert evaluate.value(o, 0, sight) == evaluate._value(o, 0, sight) != before
