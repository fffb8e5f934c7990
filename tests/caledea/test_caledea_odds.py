"""The exact odds of ``pyapp.caledea.odds`` against the dice themselves.

- One battle: the exact fraction equals an enumeration of every dice outcome (``engine.compare``
  on every roll, complete ties conditioned away), and 20,000 battles rolled by the engine's own
  generator and dice (``core.rng.Rng``, ``engine._dice``, ``engine.compare``) agree within one
  percentage point, for battles whose dice come from rank, land, tower, castle, Ambush and
  Transport (the counts checked against the rules by hand).
- Structures: each unit's chance and the chance that several units break one, against an
  enumeration of their dice and against the engine's sieges.
- A combat: the chance to take the square equals an independent minimax written here over the
  units themselves (every pairing of the defender, every withdrawal and ambush of the attacker),
  and agrees with whole combats played through ``engine.apply`` with both sides choosing as the
  odds say; Bombard likewise.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from functools import cache

import pytest
from caledea_helpers import put, sq, started

from pyapp.caledea import engine, odds
from pyapp.caledea.actions import Ambush, Bombard, Move, Pair, Withdraw
from pyapp.caledea.bots import odds as bot_odds
from pyapp.core.rng import Rng

# Orvenne (ambush, forest+river) against Talaq (bombard, mountain+river); capitals j1 and g1
ORV, TAL = 0, 1


# ------------------------------------------------------------------ enumerations


def enumerate_battle(a: int, d: int) -> Fraction:
    """Every roll of ``a`` and ``d`` dice, compared as the engine does; ties dropped."""
    win = lose = 0
    for roll in itertools.product(range(1, 7), repeat=a + d):
        r = engine.compare(sorted(roll[:a], reverse=True), sorted(roll[a:], reverse=True))
        win += r > 0
        lose += r < 0
    return Fraction(win, win + lose)


def _multisets(n: int):
    """Each sorted roll of ``n`` dice with the number of ordered rolls giving it."""
    for combo in itertools.combinations_with_replacement(range(6, 0, -1), n):
        ways = math.factorial(n)
        for face in set(combo):
            ways //= math.factorial(combo.count(face))
        yield list(combo), ways


def enumerate_battle_grouped(a: int, d: int) -> Fraction:
    """Every outcome again, each sorted roll once with its count of ordered rolls."""
    win = lose = 0
    defence = list(_multisets(d))
    for ra, wa in _multisets(a):
        for rd, wd in defence:
            r = engine.compare(ra, rd)
            if r > 0:
                win += wa * wd
            elif r < 0:
                lose += wa * wd
    return Fraction(win, win + lose)


def enumerate_breach(ranks, level: int) -> Fraction:
    need = 5 if level == 1 else 6
    n = sum(ranks)
    hits = sum(1 for roll in itertools.product(range(1, 7), repeat=n) if max(roll) >= need)
    return Fraction(hits, 6**n)


# ------------------------------------------------------------------ one battle


@pytest.mark.parametrize("a,d", [(a, d) for a in range(1, 6) for d in range(1, 6) if a + d <= 6])
def test_a_battle_equals_the_enumeration_of_every_roll(a, d):
    exact = odds.battle_exact(a, d)
    assert exact == enumerate_battle(a, d)
    assert odds.battle(a, d) == pytest.approx(float(exact), abs=1e-12)


@pytest.mark.parametrize("a,d", [(7, 3), (4, 6), (8, 5), (2, 7), (6, 6)])
def test_larger_battles_equal_the_enumeration_of_every_sorted_roll(a, d):
    assert odds.battle_exact(a, d) == enumerate_battle_grouped(a, d)


def test_the_bots_use_the_same_computation():
    assert bot_odds.battle is odds.battle and bot_odds.structure is odds.structure
    # the bots' combat estimate is unchanged: strongest against strongest, no withdrawal
    p = odds.battle(3, 2)
    assert bot_odds.combat((3,), (2,))[0] == p


def roll_battles(na: int, nd: int, n: int, seed: str) -> float:
    """``n`` battles with the engine's generator and dice (a complete tie is rolled again)."""
    rng = Rng.from_seed(seed)
    wins = 0
    for _ in range(n):
        while True:
            r = engine.compare(engine._dice(rng, na), engine._dice(rng, nd))
            if r:
                break
        wins += r > 0
    return wins / n


def position():
    """Orvenne (seat 0, capital j1) and Talaq (seat 1, capital g1), no unit on the board."""
    return started(("Orvenne", "Talaq"))


# (what it covers, attacker's rank, square attacked, Talaq structure there, transported,
#  ambushed, defender's rank, dice expected by the rules)
BATTLES = [
    # e3 is forest+river: Orvenne's own pair (+2), one of Talaq's (+1); e6 is mountain+cattle:
    # none for Orvenne, one for Talaq (+1); g1, mountain+river: Orvenne +1, Talaq +2
    ("ranks, no land", 3, "e6", None, False, False, 1, (3, 2)),
    ("land +2 for the attacker", 1, "e3", None, False, False, 2, (3, 3)),
    ("tower", 2, "e6", 1, False, False, 1, (2, 3)),
    ("castle", 1, "e6", 2, False, False, 3, (1, 6)),
    ("ambush", 1, "e6", None, False, True, 2, (4, 3)),
    ("transport", 2, "e6", None, True, False, 2, (3, 3)),
    ("ambush and transport on a castle", 3, "g1", 2, True, True, 1, (8, 5)),
]


def battle_case(rank, square, level, bonus, ambush, drank):
    state = position()
    b = engine.board_of(state)
    target = sq(square)
    (aid,) = put(state, ORV, b.name(b.neighbours[target][0]), rank)
    (did,) = put(state, TAL, square, drank)
    if level:
        state["structures"][target] = [TAL, level]
    engine.unit_by_id(state, aid)["bonus"] = bonus
    if ambush:  # gold for one ambush (Orvenne's costs 5)
        for i in range(5):
            state["markers"][70 + i] = ORV
    c = {"sq": target, "ambush": aid if ambush else None}
    return state, c, aid, did


@pytest.mark.parametrize("case", BATTLES, ids=[c[0] for c in BATTLES])
def test_a_battle_agrees_with_20000_battles_of_the_engine(case):
    _, rank, square, level, bonus, ambush, drank, dice = case
    state, c, aid, did = battle_case(rank, square, level, bonus, ambush, drank)
    att, dfn = engine.unit_by_id(state, aid), engine.unit_by_id(state, did)
    assert engine.battle_dice(state, c, att, dfn) == dice  # the rules, counted by hand
    # the odds read the same counts from a move into the square
    state["player"] = ORV
    got = odds.attack(state, square, [aid])
    assert got["kind"] == "combat"
    row = next(r for r in got["battles"] if r["defender"] == drank)
    key = "ambush_dice" if ambush else "dice"
    assert tuple(row[key]) == dice
    p = row["ambush_win" if ambush else "win"]
    rolled = roll_battles(*dice, 20_000, f"odds/{case[0]}")
    assert abs(rolled - p) < 0.01, (case[0], rolled, p)


def test_a_battle_through_the_engines_own_battle_agrees():
    """The engine's ``_battle`` itself (dice counts, rolls, ties), 20,000 times."""
    state, c, aid, did = battle_case(2, "e6", 1, True, False, 1)
    origin = engine.unit_by_id(state, aid)["sq"]
    c.update(engine._new_combat(state, ORV, sq("e6"), [aid], {aid: origin}))
    state["combat"] = c
    rng = Rng.from_seed("odds/engine-battle")
    wins = 0
    n = 20_000
    for _ in range(n):
        st = engine.copy_state(state)
        st["events"] = []
        engine._battle(st, did, aid, rng)
        wins += next(e for e in st["events"] if e["type"] == "battle")["won"] == "attacker"
    state["player"] = ORV
    p = odds.attack(state, "e6", [aid])["battles"][0]["win"]
    assert odds.attack(state, "e6", [aid])["battles"][0]["dice"] == [3, 3]
    assert abs(wins / n - p) < 0.01


# ------------------------------------------------------------------ structures


@pytest.mark.parametrize("level", [1, 2])
def test_a_structure_equals_the_enumeration(level):
    for r in (1, 2, 3):
        assert odds.structure_exact(r, level) == enumerate_breach([r], level)
        assert odds.structure(r, level) == pytest.approx(float(enumerate_breach([r], level)))
    for ranks in ([1, 1], [2, 1], [3, 2], [1, 1, 2]):
        assert odds.breach(ranks, level, exact=True) == enumerate_breach(ranks, level)


def structure_position(level):
    state = position()
    target = sq("g2")  # beside Talaq's capital g1, in its structure zone
    state["structures"][target] = [TAL, level]
    ids = put(state, ORV, "f2", 2) + put(state, ORV, "f2", 1)
    state["player"] = ORV
    return state, ids


@pytest.mark.parametrize("level", [1, 2])
def test_a_structure_attack_agrees_with_the_engines_sieges(level):
    state, ids = structure_position(level)
    got = odds.attack(state, "g2", ids, exact=True)
    assert got["kind"] == "structure" and got["level"] == level
    assert got["take"] == enumerate_breach([2, 1], level)
    assert [u["rank"] for u in got["units"]] == [2, 1]
    assert got["units"][0]["win"] == enumerate_breach([2], level)
    n, broke = 4_000, 0
    for i in range(n):
        st = engine.copy_state(state)
        st["rng"] = Rng.from_seed(f"siege/{level}/{i}").hex()
        play_out(st, Move("g2", tuple(ids)))
        broke += st["structures"][sq("g2")] is None
    assert abs(broke / n - float(got["take"])) < 4 * sigma(float(got["take"]), n)


# ------------------------------------------------------------------ combats


def sigma(p: float, n: int) -> float:
    return math.sqrt(p * (1 - p) / n) + 1e-9


def naive_take(state, square: str, attackers, budget: int) -> Fraction:
    """The take-square chance by a plain minimax over the units themselves (ids kept, no
    grouping into kinds), written from the rules: before each battle the attacker may ambush
    (while ``budget`` lasts), the defender picks any of its units and any attacker, a winner
    may withdraw while defenders remain, and a structure left must then be broken."""
    target = sq(square)
    s = state["structures"][target]
    level = s[1] if s is not None and s[0] != ORV else 0

    @cache
    def amb(atts, defs, amb_id, left):
        if not atts or not defs:
            return pair(atts, defs, amb_id, left)
        best = pair(atts, defs, amb_id, left)
        if amb_id is None and left:
            for a in atts:
                best = max(best, pair(atts, defs, a[0], left - 1))
        return best

    @cache
    def pair(atts, defs, amb_id, left):
        if not defs:
            return odds.breach([a[1] for a in atts], level, exact=True)
        if not atts:
            return Fraction(0)
        worst = None
        for d in defs:
            for a in atts:
                au = {"id": a[0], "owner": ORV, "rank": a[1], "bonus": a[2]}
                du = {"id": d[0], "owner": TAL, "rank": d[1]}
                na, nd = engine.battle_dice(state, {"sq": target, "ambush": amb_id}, au, du)
                p = odds.battle_exact(na, nd)
                rest = tuple(x for x in atts if x != a)
                spent = (a[0], a[1], False)
                amb2 = None if amb_id == a[0] else amb_id
                defs2 = tuple(x for x in defs if x != d)
                if defs2:
                    won = max(
                        amb(tuple(sorted((*rest, spent))), defs2, amb2, left),
                        amb(rest, defs2, amb2, left),
                    )
                else:
                    won = pair(tuple(sorted((*rest, spent))), defs2, amb2, left)
                v = p * won + (1 - p) * amb(rest, defs, amb2, left)
                worst = v if worst is None else min(worst, v)
        return worst

    atts = tuple(sorted((u["id"], u["rank"], u["bonus"]) for u in attackers))
    defs = tuple(sorted((u["id"], u["rank"]) for u in engine.units_at(state, target)))
    return amb(atts, defs, None, budget)


def combat_position(att_ranks, def_ranks, level=0, bonus=(), gold=0):
    """Orvenne's units of ``att_ranks`` on f2 (and e6's neighbour) attacking Talaq's units on
    g2 (with a structure of ``level``); ``gold`` squares claimed by Orvenne (its Ambush costs
    5)."""
    state = position()
    ids = []
    for i, r in enumerate(att_ranks):
        ids += put(state, ORV, "f2" if i % 2 == 0 else "g3", r)
    for r in def_ranks:
        put(state, TAL, "g2", r)
    put(state, TAL, "a10")  # each side has a unit elsewhere: losing the fight is not the game
    put(state, ORV, "a8")
    if level:
        state["structures"][sq("g2")] = [TAL, level]
    for uid in bonus:
        engine.unit_by_id(state, ids[uid])["bonus"] = True
    state["markers"] = [engine.NONE] * len(state["markers"])
    for i in range(gold):
        state["markers"][50 + i] = ORV
    state["player"] = ORV
    state["moves_left"] = 2
    return state, ids


COMBATS = [
    ("cavalry and infantry against two infantry", (2, 1), (1, 1), 0, (), 0),
    ("two infantry against cavalry and infantry", (1, 1), (2, 1), 0, (), 0),
    ("general and infantry against a tower", (3, 1), (1, 2), 1, (), 0),
    ("three against a castle", (2, 1, 1), (1,), 2, (), 0),
    ("transported cavalry", (2, 1), (2, 1), 0, (0,), 0),
    ("one ambush", (1, 2), (2, 1), 0, (), 5),
    ("two ambushes on a tower", (1, 1), (1, 2), 1, (), 10),
]


@pytest.mark.parametrize("case", COMBATS, ids=[c[0] for c in COMBATS])
def test_the_take_chance_equals_a_plain_minimax_over_the_units(case):
    _, att, dfn, level, bonus, gold = case
    state, ids = combat_position(att, dfn, level, bonus, gold)
    got = odds.attack(state, "g2", ids, exact=True)
    units = [engine.unit_by_id(state, i) for i in ids]
    assert got["take"] == naive_take(state, "g2", units, 0)
    # the defender's best first pairing is the one that leaves the least
    assert got["take"] == min(b["take"] for b in got["battles"])
    budget = engine.available(state, ORV) // 5
    assert got["ambushes"] == budget
    if budget:
        assert got["take_ambush"] == naive_take(state, "g2", units, budget)
        assert got["take_ambush"] > got["take"]
    else:
        assert got["take_ambush"] is None
    assert float(got["take"]) == pytest.approx(odds.attack(state, "g2", ids)["take"])


def play_out(state, action, ambush=True, memo=None) -> None:
    """Play ``action`` and the combat it opens to its end, each side choosing as the odds say:
    the defender the pairing that leaves the smallest take chance, the attacker the ambush
    (or none, when ``ambush`` is false) and withdrawal that leave the largest."""
    memo = {} if memo is None else memo
    engine.apply(state, action)
    while state["combat"] is not None:
        c = state["combat"]
        key = (
            c["stage"],
            tuple(c["attackers"]),
            c["ambush"],
            c["winner"],
            tuple(u["id"] for u in engine.units_at(state, c["sq"])),
            tuple(u["bonus"] for u in state["units"]),
            state["spent"],
        )
        if key not in memo:
            legal = engine.legal_actions(state)
            got = odds.combat(state)
            if c["bombard"]:  # the defender answers with the unit of the smallest chance
                aid = c["attackers"][0]
                bo = odds.bombard(state, aid, c["square"])
                rank = min(bo["options"], key=lambda o: o["win"])["defender"]
                units = engine.units_at(state, c["sq"])
                memo[key] = Pair(next(u["id"] for u in units if u["rank"] == rank), aid)
            elif c["stage"] == "ambush":
                opts = [o for o in got["options"] if ambush or o["unit"] < 0]
                best = max(opts, key=lambda o: o["take"])
                memo[key] = Ambush(best["unit"])
            elif c["stage"] == "pair":
                assert len(got["options"]) == len(legal)
                best = min(got["options"], key=lambda o: o["take"])
                memo[key] = Pair(best["defender"], best["attacker"])
            elif c["stage"] == "withdraw":
                best = max(got["options"], key=lambda o: o["take"])
                memo[key] = Withdraw(best["withdraw"])
            else:  # a decision the odds do not weigh (it cannot change them): the first
                memo[key] = legal[0]
        engine.apply(state, memo[key])


@pytest.mark.parametrize("case", COMBATS, ids=[c[0] for c in COMBATS])
def test_the_take_chance_agrees_with_combats_played_through_the_engine(case):
    _, att, dfn, level, bonus, gold = case
    state, ids = combat_position(att, dfn, level, bonus, gold)
    got = odds.attack(state, "g2", ids)
    p = got["take_ambush"] if gold else got["take"]
    n, taken, memo = 5_000, 0, {}
    for i in range(n):
        st = engine.copy_state(state)
        st["rng"] = Rng.from_seed(f"combat/{case[0]}/{i}").hex()
        play_out(st, Move("g2", tuple(ids)), memo=memo)
        target = sq("g2")
        taken += engine.occupant(st, target) == ORV and st["structures"][target] is None
    assert abs(taken / n - p) < 4 * sigma(p, n), (taken / n, p)


def test_the_options_of_a_combat_in_progress():
    state, ids = combat_position((1, 2), (2, 1), 0, (), 5)
    before = odds.attack(state, "g2", ids)
    engine.apply(state, Move("g2", tuple(ids)))
    got = odds.combat(state)
    assert got["stage"] == "ambush"
    assert got["take"] == pytest.approx(before["take_ambush"])
    assert [o["unit"] for o in got["options"]] == [a.unit for a in engine.legal_actions(state)]
    no = next(o for o in got["options"] if o["unit"] < 0)
    assert no["take"] == pytest.approx(before["take"]) or no["take"] >= before["take"]
    assert max(o["take"] for o in got["options"]) == pytest.approx(got["take"])
    engine.apply(state, Ambush(-1))
    got = odds.combat(state)
    assert got["stage"] == "pair"
    pairs = {(o["defender"], o["attacker"]) for o in got["options"]}
    assert pairs == {(a.defender, a.attacker) for a in engine.legal_actions(state)}
    assert min(o["take"] for o in got["options"]) == pytest.approx(got["take"])
    for o in got["options"]:
        na, nd = engine.battle_dice(
            state,
            state["combat"],
            engine.unit_by_id(state, o["attacker"]),
            engine.unit_by_id(state, o["defender"]),
        )
        assert o["win"] == odds.battle(na, nd)


def test_bombard_equals_the_defenders_best_answer_and_the_engines_rolls():
    state = started(("Talaq", "Orvenne"))  # Talaq bombards
    (aid,) = put(state, 0, "f2", 2)
    put(state, 1, "g2", 1)
    put(state, 1, "g2", 3)
    state["player"] = 0
    for i in range(5):
        state["markers"][60 + i] = 0
    got = odds.bombard(state, aid, "g2", exact=True)
    assert [o["defender"] for o in got["options"]] == [3, 1]
    c = {"sq": sq("g2"), "ambush": None}
    for o in got["options"]:
        dfn = next(u for u in engine.units_at(state, sq("g2")) if u["rank"] == o["defender"])
        na, nd = engine.battle_dice(state, c, engine.unit_by_id(state, aid), dfn)
        assert o["dice"] == [na, nd] and o["win"] == enumerate_battle_grouped(na, nd)
    assert got["win"] == min(o["win"] for o in got["options"])
    n, won = 20_000, 0
    memo: dict = {}
    for i in range(n):
        st = engine.copy_state(state)
        st["rng"] = Rng.from_seed(f"bombard/{i}").hex()
        play_out(st, Bombard(aid, "g2"), memo=memo)
        won += len(engine.units_at(st, sq("g2"))) == 1
    assert abs(won / n - float(got["win"])) < 0.01
    assert odds.bombard(state, aid, "f2") is None  # no enemy there


def test_no_odds_for_a_move_that_does_not_fight():
    state, ids = combat_position((1,), (1,))
    assert odds.attack(state, "f3", ids) is None
    assert odds.combat(state) is None


def test_a_fight_too_large_for_every_ambush_weighs_fewer_and_says_so(monkeypatch):
    state, ids = combat_position((3, 2, 1, 1, 2, 1), (1, 2, 1, 2, 1, 3), 0, (), 15)
    assert engine.available(state, ORV) // 5 == 3
    full = odds.attack(state, "g2", ids)
    assert full["ambushes"] == 3
    monkeypatch.setattr(odds, "LIMIT", 8_000)
    cut = odds.attack(state, "g2", ids)
    assert 0 < cut["ambushes"] < 3
    assert cut["take"] == full["take"]
    assert cut["take"] < cut["take_ambush"] <= full["take_ambush"]


# ------------------------------------------------------------------ mass fights (EXACT_LIMIT)


def test_the_mass_fight_estimate_agrees_with_the_exact_solution_within_half_a_point():
    """``_rough`` (used beyond ``EXACT_LIMIT``) against the exact minimax on fights small
    enough to solve: rank, land, Transport's die spent in the first battle."""
    import random

    from pyapp.caledea.odds import Fight, _rough

    rnd = random.Random(5)
    worst = 0.0
    for _ in range(25):
        ranks = [rnd.choice([1, 1, 2, 2, 3]) for _ in range(rnd.randint(3, 8))]
        bonus = [rnd.random() < 0.3 for _ in ranks]
        land, dland = rnd.choice([0, 1, 2]), rnd.choice([0, 1, 2])
        dr = [rnd.choice([1, 1, 2, 3]) for _ in range(rnd.randint(3, 8))]
        kinds = set(zip(ranks, bonus, strict=True)) | {(r, False) for r in ranks}
        adice = {
            ((r, b), amb): r + land + b + (3 if amb else 0)
            for r, b in kinds
            for amb in (False, True)
        }
        ddice = {r: r + dland for r in set(dr)}
        fight = Fight(adice, ddice, 0, False)
        A, D = tuple(sorted(zip(ranks, bonus, strict=True))), tuple(sorted(dr))
        att = tuple(
            sorted(((adice[(k, False)], adice[((k[0], False), False)]) for k in A), reverse=True)
        )
        dfn = tuple(sorted((ddice[r] for r in D), reverse=True))
        worst = max(worst, abs(_rough(att, dfn) - fight.take(A, D, None, 0)))
    assert worst < 0.005


def test_a_mass_fight_is_estimated_and_says_so(monkeypatch):
    """Beyond ``EXACT_LIMIT`` positions the page gets the estimate, marked, and no figures for
    the combat's choices; with the limit lifted the same fight is solved exactly."""
    from pyapp.caledea import odds as odds_module

    state = engine.new_game({"players": 2, "seed": 1, "kingdoms": ["Xonavia", "Talaq"], "first": 0})
    engine.apply(state, engine.legal_actions(state)[0])
    engine.apply(state, engine.legal_actions(state)[0])
    b = engine.board_of(state)
    state["units"] = []
    for i in range(12):
        state["units"].append(
            {
                "id": 100 + i,
                "owner": 0,
                "rank": 1 + i % 2,
                "sq": b.parse("e5"),
                "moved": False,
                "upgraded": False,
                "bonus": i % 5 == 0,
            }
        )
        state["units"].append(
            {
                "id": 200 + i,
                "owner": 1,
                "rank": 1 + i % 2,
                "sq": b.parse("e6"),
                "moved": False,
                "upgraded": False,
                "bonus": False,
            }
        )
    state["player"] = 0
    ids = [100 + i for i in range(12)]
    monkeypatch.setattr(odds_module, "EXACT_LIMIT", 1000)
    rough = odds_module.attack(state, "e6", ids)
    assert rough["about"] is True and rough["take_ambush"] is None
    monkeypatch.setattr(odds_module, "EXACT_LIMIT", 10**9)
    exact = odds_module.attack(state, "e6", ids)
    assert "about" not in exact
    assert abs(rough["take"] - exact["take"]) < 0.005
    by = {(r["rank"], r["bonus"], r["defender"]): r for r in exact["battles"]}
    for r in rough["battles"]:
        e = by[(r["rank"], r["bonus"], r["defender"])]
        assert r["win"] == e["win"] and abs(r["take"] - e["take"]) < 0.01
