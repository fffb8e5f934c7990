"""One test (at least) per rule of Caledea: paths, moves, upgrades, claiming and salting, gold,
combat and its choices, structures, powers, capitals, elimination, fortified city, round limit."""

from __future__ import annotations

import pytest
from caledea_helpers import Dice, claim, claim_until_paid, put, sq, squares_of, started, unit, where

from pyapp.caledea import cards, engine
from pyapp.caledea.actions import Move
from pyapp.caledea.protocol import GAME
from pyapp.core.errors import IllegalActionError

X, T = 0, 1  # seats: Xonavia (capital c1) and Talaq (capital g1) in ``started()``


def cost(state, p, what):
    return engine.kingdom_of(state, p)["costs"][what]


def test_capital_must_be_on_own_resource_square_and_first_player_places_first():
    state = GAME.new_game({"players": 2, "seed": 3, "kingdoms": ["Xonavia", "Talaq"], "first": 1})
    assert GAME.decision(state) == {"player": 1, "kind": "capital"}
    with pytest.raises(IllegalActionError, match="resource"):
        GAME.play(state, "capital c1")  # Xonavia's square, not Talaq's
    GAME.play(state, "capital g1")
    assert GAME.decision(state) == {"player": 0, "kind": "capital"}
    GAME.play(state, "capital c1")
    assert state["markers"][sq("c1")] == 0 and engine.gold(state, 0) == 1
    xon = cards.kingdom("Xonavia")
    assert sum(1 for u in state["units"] if u["owner"] == 0) == xon["infantry"]
    assert GAME.decision(state) == {"player": 1, "kind": "turn"}  # the first player starts


def test_first_player_is_drawn_from_the_seed():
    firsts = {GAME.new_game({"players": 3, "seed": s})["options"]["first"] for s in range(40)}
    assert firsts == {0, 1, 2}


def test_paths_wrap_round_both_edges():
    state = started()
    (a,) = put(state, X, "a1")
    dests = {GAME.board(state)["squares"][d]["name"] for d in engine.destinations(state, [a])}
    assert dests == {"j1", "b1", "a10", "a2"}  # left edge to column j, top edge to row 10
    (c,) = put(state, X, "j10", rank=2)
    dests = {engine.board_of(state).name(d) for d in engine.destinations(state, [c])}
    assert {"a10", "b10", "j1", "j2", "a1"} <= dests and "i9" in dests  # diagonal in two steps
    assert "a2" not in dests  # three steps away


def test_paths_are_blocked_by_enemy_units_and_structures_but_not_own_units():
    state = started()
    (c,) = put(state, X, "e5", rank=2)
    put(state, T, "f5")
    dests = {engine.board_of(state).name(d) for d in engine.destinations(state, [c])}
    assert "f5" in dests  # a path may end on enemy units (an attack)
    assert "g5" not in dests  # but not pass through them
    state["structures"][sq("e6")] = [T, 1]
    dests = {engine.board_of(state).name(d) for d in engine.destinations(state, [c])}
    assert "e6" in dests and "e7" not in dests
    put(state, X, "e4")
    dests = {engine.board_of(state).name(d) for d in engine.destinations(state, [c])}
    assert "e3" in dests  # through an own unit
    assert "f6" not in dests and "d6" in dests  # both ways to f6 blocked; d6 open


def test_several_units_from_several_squares_into_one_square_are_one_move():
    state = started()
    a = put(state, X, "e5")[0]
    b = put(state, X, "f6")[0]
    left = state["moves_left"]
    GAME.play(state, Move("e6", (a, b)))
    assert where(state, a) == where(state, b) == "e6"
    assert state["moves_left"] == left - 1


def test_a_unit_moves_once_a_turn_and_not_after_an_upgrade_nor_the_reverse():
    state = started()
    claim(state, X, "a3"), claim(state, X, "e2")
    a, b = put(state, X, "e5", n=2)
    GAME.play(state, f"move e6 {a}")
    assert "moved" in GAME.why_illegal(state, GAME.parse_action(f"move e7 {a}"))
    assert "moved" in GAME.why_illegal(state, GAME.parse_action(f"upgrade {a}"))
    GAME.play(state, f"upgrade {b}")
    assert "upgraded" in GAME.why_illegal(state, GAME.parse_action(f"move e4 {b}"))


def test_upgrades_cost_gold_and_a_move_and_two_may_happen_in_one_turn():
    state = started(kingdoms=("Talaq", "Xonavia"), capitals=["g1", "c1"])
    for s in squares_of("MR")[1:9]:
        claim(state, 0, s)
    (a,) = put(state, 0, "e5")
    gold = engine.gold(state, 0)
    GAME.play(state, f"upgrade {a}")
    GAME.play(state, f"upgrade {a}")
    assert unit(state, a)["rank"] == 3
    assert state["spent"] == cost(state, 0, "cavalry") + cost(state, 0, "general")
    assert engine.available(state, 0) == gold - state["spent"]
    assert state["moves_left"] == 1


def test_only_one_general_at_a_time():
    state = started()
    for s in squares_of("FM")[1:]:
        claim(state, X, s)
    put(state, X, "e5", rank=3)
    (c,) = put(state, X, "e6", rank=2)
    assert "only one general" in GAME.why_illegal(state, GAME.parse_action(f"upgrade {c}"))


def test_not_enough_gold_is_refused_with_the_figures():
    state = started()
    (a,) = put(state, X, "e5")
    state["spent"] = 0
    assert engine.gold(state, X) == 1
    reason = GAME.why_illegal(state, GAME.parse_action(f"upgrade {a}"))
    assert "not enough gold" in reason and "1 available" in reason


def test_claiming_gives_gold_and_a_new_infantry_that_may_act_at_once():
    state = started()
    (a,) = put(state, X, "e3")
    GAME.play(state, f"move e2 {a}")  # e2 is a Xonavia square
    assert state["markers"][sq("e2")] == X and engine.gold(state, X) == 2
    new = [u for u in state["units"] if u["sq"] == sq("e2") and u["id"] != a]
    assert len(new) == 1 and not new[0]["moved"]
    GAME.play(state, f"move e1 {new[0]['id']}")
    assert where(state, new[0]["id"]) == "e1"


def test_only_own_resource_squares_are_claimed():
    state = started()
    (a,) = put(state, X, "g3")  # g3 is not Xonavia's (it is Sundral's)
    GAME.play(state, f"move g4 {a}")
    assert state["markers"][sq("g4")] == engine.NONE


def test_salting_and_reclaiming():
    state = started()
    claim(state, T, "f3")
    (a,) = put(state, X, "f4")
    talaq_gold = engine.gold(state, T)
    GAME.play(state, f"move f3 {a}")
    assert state["markers"][sq("f3")] == engine.SALTED
    assert engine.gold(state, T) == talaq_gold - 1
    GAME.play(state, "end")
    unit(state, a)["sq"] = sq("a5")  # gone on elsewhere
    (b,) = put(state, T, "f2")
    units = len(state["units"])
    GAME.play(state, f"move f3 {b}")
    assert engine.gold(state, T) == talaq_gold  # reclaimed: the gold back...
    assert len(state["units"]) == units  # ...but no new unit


def test_gold_is_a_budget_for_the_turn_and_gains_are_usable_at_once():
    """The rules page's Xonavia example: 4 gold, a cavalry (2), a claim (5 gold, 3 left), a
    tower (3)."""
    state = started()
    for s in ("a3", "f4", "i5"):
        claim(state, X, s)
    assert engine.gold(state, X) == 4
    a, b = put(state, X, "e3", n=2)
    GAME.play(state, f"upgrade {a}")
    assert engine.available(state, X) == 2
    GAME.play(state, f"move e2 {b}")
    assert engine.gold(state, X) == 5 and engine.available(state, X) == 3
    GAME.play(state, "build c1")
    assert state["structures"][sq("c1")] == [X, 1]
    assert GAME.decision(state)["player"] == T  # three moves: the turn is over
    GAME.play(state, "end")
    assert engine.available(state, X) == 5  # all of it again next turn


def test_losing_a_salted_square_removes_gold_even_if_spent():
    state = started()
    for s in ("a3", "f4"):
        claim(state, X, s)
    state["spent"] = 3
    GAME.play(state, "end")
    (a,) = put(state, T, "a2")
    GAME.play(state, f"move a3 {a}")
    assert engine.gold(state, X) == 2


@pytest.mark.parametrize(
    ("where_", "extra"),
    [("e5", 0), ("c1", 2)],  # e5 (FG): forest is one of Xonavia's; c1 is its resource square
)
def test_land_bonus_dice_for_both_sides(where_, extra):
    state = started()
    (d,) = put(state, X, where_)
    (a,) = put(state, T, "a1")
    c = engine._new_combat(state, T, sq(where_), [a], {a: sq("a1")})
    na, nd = engine.battle_dice(state, c, unit(state, a), unit(state, d))
    b = engine.board_of(state)
    assert nd == 1 + b.land_bonus(sq(where_), "FM")
    assert b.land_bonus(sq("e5"), "FM") == 1 and b.land_bonus(sq("c1"), "FM") == 2
    assert na == 1 + b.land_bonus(sq(where_), "MR")


def test_structure_and_power_bonus_dice():
    state = started()
    (d,) = put(state, X, "c1")
    (a,) = put(state, T, "c2", rank=2)
    c = engine._new_combat(state, T, sq("c1"), [a], {a: sq("c2")})
    base_a, base_d = engine.battle_dice(state, c, unit(state, a), unit(state, d))
    state["structures"][sq("c1")] = [X, 1]
    assert engine.battle_dice(state, c, unit(state, a), unit(state, d))[1] == base_d + 1
    state["structures"][sq("c1")] = [X, 2]
    assert engine.battle_dice(state, c, unit(state, a), unit(state, d))[1] == base_d + 2
    c["ambush"] = a
    assert engine.battle_dice(state, c, unit(state, a), unit(state, d))[0] == base_a + 3
    c["ambush"] = None
    unit(state, a)["bonus"] = True  # transported this turn
    assert engine.battle_dice(state, c, unit(state, a), unit(state, d))[0] == base_a + 1


@pytest.mark.parametrize(
    ("a", "d", "expected"),
    [
        ([6], [5], 1),
        ([5, 1], [6], -1),
        ([6, 3], [6, 2], 1),
        ([6, 2], [6, 2, 1], -1),  # all compared equal, the attacker runs out of dice first
        ([6, 6, 1], [6, 6], 1),
        ([4, 4], [4, 4], 0),  # complete tie: rolled again
        ([], [1], -1),
    ],
)
def test_battle_comparison(a, d, expected):
    assert engine.compare(a, d) == expected


def test_complete_ties_are_rolled_again(monkeypatch):
    state = started()
    (d,) = put(state, X, "e5")  # forest: Xonavia rolls 2 dice
    (a,) = put(state, T, "e6", rank=2)  # e5 shows no Talaq resource: 2 dice
    dice = Dice(monkeypatch, [3, 3], [3, 3], [5, 1], [5, 2])
    GAME.play(state, "end")
    GAME.play(state, f"move e5 {a}")
    assert len(dice.rolls) == 0
    battle = [e for e in state["events"] if e["type"] == "battle"][0]
    assert len(battle["dice"]) == 2 and battle["won"] == "defender"
    assert unit(state, a) is None and unit(state, d) is not None


def test_defender_chooses_pairings_and_attacker_chooses_to_withdraw_or_stay(monkeypatch):
    state = started()
    d1, d2 = put(state, X, "e4", n=2)  # e4 (MG): mountain, Xonavia 2 dice each
    gen = put(state, X, "e4", rank=3)[0]
    a1 = put(state, T, "e5", rank=2)[0]
    a2 = put(state, T, "d4", rank=1)[0]
    GAME.play(state, "end")
    # e4 (MG) shows mountain, a resource of both: +1 die each
    Dice(monkeypatch, [6, 1, 1], [2, 2], [6, 5, 1], [1, 1, 1, 1], [1, 1], [6, 6])
    GAME.play(state, Move("e4", (a1, a2)))
    assert GAME.decision(state) == {"player": X, "kind": "pair"}
    legal = {str(a) for a in GAME.legal_actions(state)}
    assert {f"pair {d1} {a1}", f"pair {gen} {a2}"} <= legal
    assert f"pair {d2} {a1}" not in legal  # d2 is the same as d1 (same rank, same square)
    GAME.play(state, f"pair {d1} {a1}")  # the cavalry (6,1 on 2 dice) beats the infantry
    assert GAME.decision(state) == {"player": T, "kind": "withdraw"}
    GAME.play(state, "stay")
    GAME.play(state, f"pair {gen} {a1}")  # the cavalry wins again: (6,5,1) v four ones
    assert unit(state, gen) is None
    GAME.play(state, "withdraw")
    assert where(state, a1) == "e5"  # back where it came from, out of the combat
    # the infantry fights on alone (no choice left to make) and loses
    assert state["combat"] is None and unit(state, a2) is None and where(state, d2) == "e4"


def test_attackers_take_the_square_only_when_every_defender_is_gone(monkeypatch):
    state = started()
    (d,) = put(state, X, "e7")  # e7 (CG): no Xonavia resource, 1 die
    put(state, X, "a5")
    (a,) = put(state, T, "e6", rank=2)  # fights on e7 (CG): no Talaq resource, 2 dice
    GAME.play(state, "end")
    Dice(monkeypatch, [6, 1], [2])
    GAME.play(state, f"move e7 {a}")
    assert state["combat"] is None and where(state, a) == "e7" and unit(state, d) is None


@pytest.mark.parametrize(
    ("level", "faces", "broken"), [(1, [5], True), (1, [4], False), (2, [5], False), (2, [6], True)]
)
def test_undefended_structures_are_attacked_with_rank_dice_only(monkeypatch, level, faces, broken):
    state = started()
    state["structures"][sq("d1")] = [X, level]
    (a,) = put(state, T, "e1")
    GAME.play(state, "end")
    dice = Dice(monkeypatch, faces)
    GAME.play(state, f"move d1 {a}")
    assert dice.asked == [1]  # an infantry's one die: no land bonus, no power
    assert where(state, a) == ("d1" if broken else "e1")
    assert (state["structures"][sq("d1")] is None) == broken


def test_structures_only_round_the_capital_and_not_under_enemy_units():
    state = started()
    for s in squares_of("FM")[1:]:
        claim(state, X, s)
    assert "capital" in GAME.why_illegal(state, GAME.parse_action("build e5"))
    put(state, T, "d1")
    assert "enemy units" in GAME.why_illegal(state, GAME.parse_action("build d1"))
    GAME.play(state, "build b1")
    GAME.play(state, "build b1")
    assert state["structures"][sq("b1")] == [X, 2]
    assert state["spent"] == cost(state, X, "tower") + cost(state, X, "castle")


def test_fortified_city_wins_at_once():
    state = started()
    for s in squares_of("FM")[1:]:
        claim(state, X, s)
    put(state, X, "e5")
    put(state, T, "g1")
    for s in ("c1", "c10", "b1", "d1"):
        state["structures"][sq(s)] = [X, 2]
    state["structures"][sq("c2")] = [X, 1]
    GAME.play(state, "build c2")
    assert GAME.result(state)["winners"] == [X] and GAME.result(state)["how"] == "fortified"


def test_bombard_kills_without_risk_and_does_not_move(monkeypatch):
    state = started()
    (d,) = put(state, X, "e5")
    (b,) = put(state, T, "e6")
    GAME.play(state, "end")
    claim_until_paid(state, T, squares_of("MR")[1:], powers=2)  # two bombards
    left = state["moves_left"]
    Dice(monkeypatch, [1], [6, 6])  # Talaq's infantry on e6... attacks e5 (no Talaq resource)
    GAME.play(state, f"bombard {b} e5")
    assert unit(state, b) is not None and where(state, b) == "e6"  # lost, but stays
    assert state["moves_left"] == left  # not a move...
    assert unit(state, b)["moved"]  # ...but the unit's move
    assert "moved" in GAME.why_illegal(state, GAME.parse_action(f"bombard {b} e5"))
    (b2,) = put(state, T, "e6")
    Dice(monkeypatch, [6], [1, 1])
    GAME.play(state, f"bombard {b2} e5")
    assert unit(state, d) is None and where(state, b2) == "e6"
    assert state["markers"][sq("e5")] == engine.NONE


def test_ambush_adds_three_dice_to_one_attacker_for_one_battle(monkeypatch):
    state = started(kingdoms=("Orvenne", "Talaq"), capitals=["j1", "g1"])
    for s in squares_of("FR")[1:]:  # 10 gold: two ambushes at 5
        claim(state, 0, s)
    (a,) = put(state, 0, "e5", rank=1)
    d1, d2 = put(state, 1, "e6", n=2)  # e6 (MC): Talaq's mountain, 2 dice
    put(state, 1, "a6")  # Talaq keeps a unit elsewhere (else it is out at once)
    assert GAME.parse_action("ambush 3") is not None
    dice = Dice(monkeypatch, [6, 1, 1, 1], [5, 5], [6, 1, 1, 1], [2, 2])
    GAME.play(state, f"move e6 {a}")
    assert GAME.decision(state)["kind"] == "ambush"
    gold = engine.available(state, 0)
    GAME.play(state, f"ambush {a}")
    assert engine.available(state, 0) == gold - cost(state, 0, "power")
    GAME.play(state, "stay") if GAME.decision(state)["kind"] == "withdraw" else None
    assert dice.asked[:2] == [4, 2]  # 1 die + 3 ambush (e6 shows no Orvenne resource)
    assert GAME.decision(state)["kind"] == "ambush"  # again before the next battle
    GAME.play(state, f"ambush {a}")
    assert unit(state, d1) is None and unit(state, d2) is None and where(state, a) == "e6"


def test_transport_jumps_to_a_fresh_own_unit_and_adds_a_die():
    state = started()
    for s in squares_of("FM")[1:8]:
        claim(state, X, s)
    (a,) = put(state, X, "c1")
    (b,) = put(state, X, "h8")
    left = state["moves_left"]
    GAME.play(state, f"transport {a} h8")
    assert where(state, a) == "h8" and unit(state, a)["bonus"] and state["moves_left"] == left
    GAME.play(state, f"move h9 {b}")
    reason = GAME.why_illegal(state, GAME.parse_action(f"transport {a} h9"))
    assert "has not moved" in reason
    GAME.play(state, f"move h7 {a}")  # it may still move this turn
    assert where(state, a) == "h7"


def test_powers_belong_to_their_kingdom():
    state = started()
    (a,) = put(state, X, "e5")
    put(state, T, "e6")
    for s in squares_of("FM")[1:5]:
        claim(state, X, s)
    assert "transport" in GAME.why_illegal(state, GAME.parse_action(f"bombard {a} e6"))


def test_taking_the_capital_wins_a_two_player_game():
    state = started()
    put(state, X, "a5")
    (a,) = put(state, T, "c2")
    GAME.play(state, "end")
    GAME.play(state, f"move c1 {a}")
    assert GAME.result(state)["winners"] == [T] and GAME.result(state)["how"] == "capital"


def test_taking_a_capital_with_three_players(monkeypatch):
    state = started(kingdoms=("Xonavia", "Talaq", "Orvenne"), capitals=["c1", "g1", "j1"])
    claim(state, X, "e2")
    state["structures"][sq("c2")] = [X, 1]
    put(state, X, "a5")
    (a,) = put(state, T, "d1")
    put(state, 2, "j5")
    GAME.play(state, "end")
    GAME.play(state, f"move c1 {a}")
    assert state["out"] == [True, False, False] and GAME.result(state) is None
    assert sum(1 for u in state["units"] if u["sq"] == sq("c1")) == 1 + engine.CAPTURE_INFANTRY
    assert all(u["owner"] != X for u in state["units"])
    assert X not in state["markers"] and state["structures"][sq("c2")] is None


def test_a_player_with_no_unit_left_is_out(monkeypatch):
    state = started(kingdoms=("Xonavia", "Talaq", "Orvenne"), capitals=["c1", "g1", "j1"])
    (d,) = put(state, X, "e7")
    (a,) = put(state, T, "e6", rank=2)
    put(state, 2, "j5")
    GAME.play(state, "end")
    Dice(monkeypatch, [6, 1], [2])
    GAME.play(state, f"move e7 {a}")
    assert state["out"][X] and GAME.result(state) is None
    GAME.play(state, "end")
    assert GAME.decision(state)["player"] == 2  # the defeated seat is skipped


def test_the_game_ends_after_the_round_limit_ranked_by_squares_then_units():
    state = started()
    put(state, X, "e5", n=2)
    put(state, T, "e7", n=3)
    claim(state, T, "f3")
    state["round"] = engine.ROUNDS
    GAME.play(state, "end")
    assert GAME.result(state) is None
    GAME.play(state, "end")
    res = GAME.result(state)
    assert res["how"] == "rounds" and res["winners"] == [T]
    assert res["scores"] == [1, 2]


def test_turn_ends_when_the_moves_are_used():
    state = started()
    ids = put(state, X, "e5", n=3)
    for uid, dest in zip(ids, ("e4", "e6", "f5"), strict=True):
        GAME.play(state, f"move {dest} {uid}")
    assert GAME.decision(state) == {"player": T, "kind": "turn"}
    assert state["moves_left"] == cards.kingdom("Talaq")["moves"]


def test_illegal_actions_name_the_reason_and_change_nothing():
    state = started()
    (a,) = put(state, X, "e5")
    before = GAME.to_json(state)
    for text, words in [
        (f"move e8 {a}", "can reach"),
        ("move e6 999", "not one of yours"),
        ("build e5", "capital"),
        ("pair 1 2", "not an action of a turn"),
        ("capital c1", "not an action of a turn"),
    ]:
        with pytest.raises(IllegalActionError, match=words):
            GAME.play(state, text)
    assert GAME.to_json(state) == before
