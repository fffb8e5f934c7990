"""Exact odds of Caledea's fights, from the dice the engine rolls (standard library only).

**One battle.** Each unit rolls its dice (``engine.battle_dice``: rank, land bonus, tower +1 or
castle +2 for a defender, Ambush +3 and Transport +1 for an attacker); the dice, sorted high to
low, are compared pair by pair (``engine.compare``); a complete tie is rolled again. Counting
from the six down, the side with more dice showing the current face wins (the other shows a
lower die at that place, or has run out); equal counts go on to the next face. That is a small
recursion over (face, dice left on each side) with binomial counts, and the chance is
``win / (win + lose)`` (the ties conditioned away). ``battle`` gives it as a float (the bots and
the screens), ``battle_exact`` as a ``Fraction`` (the same recursion with exact arithmetic).

**An undefended structure.** Each unit tries with its rank's dice only: any 5 or 6 breaks a
tower, a 6 a castle. The units try one after another until one succeeds, so the chance that
the structure falls is ``1 - product of each unit's chance to miss``, whatever order they try
in (the order only decides which units end where).

**A combat** (a move into enemy units, or a combat in progress) is solved as the game it is:
before each battle the attacker may ambush (when its kingdom's power is Ambush and gold
allows), then the defender chooses the pairing (which of its units fights which attacker), the
dice decide, and an attacker that won while defenders remain chooses to stay or withdraw. The
figure is the chance that the attack *takes the square* (every defender gone and, where the
square holds the defender's structure, the structure then broken by the attackers left), with
the defender choosing every pairing to make that chance as small as it can and the attacker
choosing every withdrawal (and ambush) to make it as large as it can, each knowing the other
does the same (a minimax over the exact battle chances; the value is what the attacker can be
sure of against a defender who plays best, and what the defender can hold it to).

**Ambush** is given two ways. ``ambushes=0``: the attacker never ambushes. ``ambushes=n``: the
attacker may ambush before any battle while fewer than ``n`` ambushes have been paid for
(``n`` = gold available // the power's cost, the gold being that of the moment the combat
starts: a move costs no gold, and nothing in a combat brings gold), and uses them as well as
it can; the defender, who chooses the pairing *after* seeing the ambush (the engine's order),
may keep that unit waiting until it must fight. An ambush stays on its unit until that unit's
battle; Transport's +1 die is spent in the unit's first battle. Each ambush more multiplies the
positions to solve: a fight of many units of several kinds a side is weighed with as many
ambushes as solve within ``LIMIT`` positions (the figures say how many).

**Bombard**: one battle, the defender choosing which of its units (by rank) answers; the
figure is the chance that the bombarding unit wins against that choice.

The screens use the floats; the tests compare ``exact=True`` figures with an enumeration of
every dice outcome and the floats with the engine's own dice.

**Mass fights.** The page solves at most ``EXACT_LIMIT`` positions at once (a frame must not
wait): beyond it (a score of units of several kinds a side), ``attack`` gives an estimate marked
``"about": True`` (``_rough``: the defender's pairings among its strongest and weakest units,
no withdrawal) and ``combat`` gives no
figures; ``exact=True`` always solves.
"""

from __future__ import annotations

from functools import cache
from math import comb
from typing import TYPE_CHECKING

from . import engine

if TYPE_CHECKING:
    from fractions import Fraction


def _fraction(n: int, d: int = 1) -> Fraction:
    """An exact number, for ``exact=True`` (the tests). ``fractions`` is imported only then:
    the site ships only the standard library modules the app uses (tools/stdlib_keep.txt), and
    the screens use the floats."""
    from fractions import Fraction

    return Fraction(n, d)


# ------------------------------------------------------------------ one battle


@cache
def _outcome(face: int, a: int, d: int, exact: bool = False):
    """(P attacker wins, P defender wins) with ``a`` and ``d`` dice all showing <= ``face``
    (the rest of the chance is a complete tie)."""
    if a == 0 and d == 0:
        return (0, 0)  # complete tie
    if face == 1:
        return (1, 0) if a > d else ((0, 1) if d > a else (0, 0))
    p = _fraction(1, face) if exact else 1.0 / face
    win = lose = 0
    for ka in range(a + 1):
        pa = comb(a, ka) * p**ka * (1 - p) ** (a - ka)
        for kd in range(d + 1):
            pd = comb(d, kd) * p**kd * (1 - p) ** (d - kd)
            w = pa * pd
            if ka > kd:
                win += w
            elif kd > ka:
                lose += w
            else:
                x, y = _outcome(face - 1, a - ka, d - kd, exact)
                win += w * x
                lose += w * y
    return (win, lose)


@cache
def battle(a: int, d: int) -> float:
    """P(the unit rolling ``a`` dice beats the unit rolling ``d``), ties rolled again."""
    win, lose = _outcome(6, a, d)
    return win / (win + lose)


@cache
def battle_exact(a: int, d: int) -> Fraction:
    """``battle`` as an exact fraction."""
    win, lose = _outcome(6, a, d, True)
    return win / (win + lose)


def _battle(a: int, d: int, exact: bool):
    return battle_exact(a, d) if exact else battle(a, d)


@cache
def structure(rank: int, level: int) -> float:
    """P(a unit of ``rank`` dice breaks a tower (level 1: any 5+) or castle (2: a 6))."""
    miss = (4 / 6) if level == 1 else (5 / 6)
    return 1 - miss**rank


def structure_exact(rank: int, level: int) -> Fraction:
    miss = _fraction(4, 6) if level == 1 else _fraction(5, 6)
    return 1 - miss**rank


def breach(ranks, level: int, exact: bool = False):
    """P(at least one of units of these ranks breaks a structure of ``level``), trying one by
    one in any order (1 when there is no structure, ``level`` 0)."""
    if not level:
        return _fraction(1) if exact else 1.0
    miss = _fraction(1) if exact else 1.0
    for r in ranks:
        miss *= 1 - (structure_exact(r, level) if exact else structure(r, level))
    return 1 - miss


# ------------------------------------------------------------------ a combat, abstractly


class Fight:
    """A combat reduced to what decides it. Attackers are *kinds* ``(rank, bonus)`` (bonus:
    transported this turn, +1 die in its next battle); defenders are ranks. ``adice[(kind,
    ambushed)]`` and ``ddice[rank]`` are the dice counts (from ``engine.battle_dice``);
    ``level`` the defender's structure on the square (0 none), broken after the last
    defender falls. ``take(A, D, ambushed, budget)`` is the minimax chance that the attack
    takes the square (module docstring), ``A`` and ``D`` sorted tuples of kinds and ranks,
    ``ambushed`` the kind of the attacker carrying an ambush not yet fought (or None),
    ``budget`` the ambushes still affordable.

    Inside, a side is a tuple of counts (one per kind, one per rank) and each position is
    solved once (memo)."""

    def __init__(self, adice: dict, ddice: dict, level: int = 0, exact: bool = False):
        self.adice = adice
        self.ddice = ddice
        self.level = level
        self.exact = exact
        kinds = sorted({k for k, _ in adice} | {(k[0], False) for k, _ in adice})
        self.kinds = kinds
        self.kix = {k: i for i, k in enumerate(kinds)}
        self.ranks = sorted(ddice)
        self.rix = {r: i for i, r in enumerate(self.ranks)}
        self.spent = [self.kix[(k[0], False)] for k in kinds]  # the kind after its battle
        self.chance = {
            (i, amb, j): _battle(adice[(k, amb)], ddice[r], exact)
            for i, k in enumerate(kinds)
            for amb in (False, True)
            for j, r in enumerate(self.ranks)
            if (k, amb) in adice
        }
        if level:
            one = _fraction(1) if exact else 1.0
            self.miss = [
                one - (structure_exact(k[0], level) if exact else structure(k[0], level))
                for k in kinds
            ]
        self.zero = _fraction(0) if exact else 0.0
        self._memo: dict = {}

    # the boundary: sorted tuples of kinds and ranks
    def _a(self, A) -> tuple:
        out = [0] * len(self.kinds)
        for k in A:
            out[self.kix[k]] += 1
        return tuple(out)

    def _d(self, D) -> tuple:
        out = [0] * len(self.ranks)
        for r in D:
            out[self.rix[r]] += 1
        return tuple(out)

    def _t(self, t) -> int:
        return -1 if t is None else self.kix[t]

    def take(self, A: tuple, D: tuple, t=None, budget: int = 0):
        """Value at the ambush stage (before the next battle)."""
        return self._take(self._a(A), self._d(D), self._t(t), budget)

    def ambush_options(self, A, D, t, budget) -> list[tuple]:
        """The attacker's ambush choices: ``(kind or None, take chance)``."""
        a, d, ti = self._a(A), self._d(D), self._t(t)
        out = [(None, self._pair(a, d, ti, budget))]
        if t is None and budget > 0:
            out += [(k, self._pair(a, d, self.kix[k], budget - 1)) for k in sorted(set(A))]
        return out

    def pair_value(self, A, D, t, budget):
        """Value once the ambush is settled: the defender picks the pairing."""
        return self._pair(self._a(A), self._d(D), self._t(t), budget)

    def after(self, A, D, t, budget, dr, k, amb):
        """(attacker's battle chance, take chance) of the battle of kind ``k`` against rank
        ``dr``, ``amb``: that unit carries the ambush."""
        a, d, ti = self._a(A), self._d(D), self._t(t)
        return self._after(a, d, ti, budget, self.rix[dr], self.kix[k], amb)

    def pairings(self, A, D, t, budget) -> list[tuple]:
        """Every pairing the defender may choose: ``(defender rank, attacker kind, ambushed,
        attacker's battle chance, take chance after it)``."""
        a, d, ti = self._a(A), self._d(D), self._t(t)
        return [
            (self.ranks[j], self.kinds[i], amb, *self._after(a, d, ti, budget, j, i, amb))
            for j, i, amb in self._options(a, d, ti)
        ]

    def withdraw_options(self, rest, winner, D, t, budget) -> tuple:
        """(take chance if the winner stays, if it withdraws)."""
        d, ti = self._d(D), self._t(t)
        return (
            self._take(self._a((*rest, winner)), d, ti, budget),
            self._take(self._a(rest), d, ti, budget),
        )

    # the solver, on counts
    def _options(self, a, d, ti):
        out = []
        for j, nd in enumerate(d):
            if nd:
                for i, na in enumerate(a):
                    if na:
                        if i == ti:
                            out.append((j, i, True))
                            if na > 1:
                                out.append((j, i, False))
                        else:
                            out.append((j, i, False))
        return out

    def _end(self, a):
        if not self.level:
            return _fraction(1) if self.exact else 1.0
        miss = _fraction(1) if self.exact else 1.0
        for i, n in enumerate(a):
            if n:
                miss *= self.miss[i] ** n
        return 1 - miss

    def _take(self, a, d, ti, b):
        key = (0, a, d, ti, b)
        got = self._memo.get(key)
        if got is None:
            got = self._pair(a, d, ti, b)
            if ti < 0 and b > 0 and any(a) and any(d):
                for i, n in enumerate(a):
                    if n:
                        v = self._pair(a, d, i, b - 1)
                        if v > got:
                            got = v
            self._memo[key] = got
        return got

    def _pair(self, a, d, ti, b):
        if not any(d):
            return self._end(a)
        if not any(a):
            return self.zero
        key = (1, a, d, ti, b)
        got = self._memo.get(key)
        if got is None:
            for j, i, amb in self._options(a, d, ti):
                v = self._after(a, d, ti, b, j, i, amb)[1]
                if got is None or v < got:
                    got = v
            self._memo[key] = got
        return got

    def _after(self, a, d, ti, b, j, i, amb):
        p = self.chance[(i, amb, j)]
        rest = list(a)
        rest[i] -= 1
        t2 = -1 if amb else ti
        stays = list(rest)
        stays[self.spent[i]] += 1
        rest, stays = tuple(rest), tuple(stays)
        d2 = list(d)
        d2[j] -= 1
        d2 = tuple(d2)
        if any(d2):
            won = self._take(stays, d2, t2, b)
            leave = self._take(rest, d2, t2, b)
            if leave > won:
                won = leave
        else:
            won = self._end(stays)
        lost = self._take(rest, d, t2, b)
        return p, p * won + (1 - p) * lost


def _without(items: tuple, x) -> tuple:
    i = items.index(x)
    return items[:i] + items[i + 1 :]


def _with(items: tuple, x) -> tuple:
    return tuple(sorted((*items, x)))


# ------------------------------------------------------------------ from a game's state


def _unit(state: dict, uid: int) -> dict:
    u = engine.unit_by_id(state, uid)
    if u is None:
        raise ValueError(f"no unit {uid}")
    return u


def _kind(u: dict) -> tuple:
    return (u["rank"], bool(u["bonus"]))


def _setup(state: dict, sq: int, attackers: list[dict], exact: bool):
    """The ``Fight`` of these attackers against the units on ``sq``, with the kinds."""
    defenders = engine.units_at(state, sq)
    adice, ddice = {}, {}
    for u in attackers:
        for bonus in {bool(u["bonus"]), False}:
            v = {**u, "bonus": bonus}
            for amb in (False, True):
                c = {"sq": sq, "ambush": v["id"] if amb else None}
                adice[((u["rank"], bonus), amb)] = engine.battle_dice(state, c, v, defenders[0])[0]
    c = {"sq": sq, "ambush": None}
    for w in defenders:
        ddice[w["rank"]] = engine.battle_dice(state, c, attackers[0], w)[1]
    s = state["structures"][sq]
    p = attackers[0]["owner"]
    level = s[1] if s is not None and s[0] != p else 0
    fight = Fight(adice, ddice, level, exact)
    A = tuple(sorted(_kind(u) for u in attackers))
    D = tuple(sorted(w["rank"] for w in defenders))
    return fight, A, D


def _budget(state: dict, p: int) -> int:
    k = engine.kingdom_of(state, p)
    if k["power"] != "ambush":
        return 0
    return engine.available(state, p) // k["costs"]["power"]


# positions a figure may need before fewer ambushes are weighed (about 0.2 s in CPython)
LIMIT = 50_000


def _fit(fight: Fight, A: tuple, D: tuple, budget: int, least: int = 0) -> int:
    """The most ambushes (at most ``budget``, at least ``least``) whose figure solves within
    about ``LIMIT`` positions: every ambush more multiplies them. Only a fight of many units
    of several kinds a side, with gold for several ambushes, is weighed with fewer."""
    size = 2
    for n in (*fight._a(A), *fight._d(D)):
        size *= n + 1
    b = budget
    while b > least and size * (1 + b * (len(fight.kinds) + 1)) > LIMIT:
        b -= 1
    return b


# positions the page solves at once (about 0.3 s in CPython): a mass fight beyond it (a score
# of units of several kinds a side) is estimated instead (``_estimate``), and the figures say so
EXACT_LIMIT = 40_000


def _size(fight: Fight, A: tuple, D: tuple) -> int:
    size = 2
    for n in (*fight._a(A), *fight._d(D)):
        size *= n + 1
    return size


@cache
def _rough(att: tuple, dfn: tuple) -> float:
    """An estimate of the chance to take the square (quick, for mass fights only). ``att``:
    the attackers' (dice in their next battle, dice after it) sorted high to low (Transport's
    die is spent in the first battle), ``dfn`` the defenders' dice sorted high to low. The
    defender picks, among its strongest and weakest unit against the attacker's strongest and
    weakest, the pairing that lowers the chance most; no winner withdraws."""
    if not dfn:
        return 1.0
    if not att:
        return 0.0
    best = None
    for a in {att[0], att[-1]}:
        rest = _without(att, a)
        after = tuple(sorted((*rest, (a[1], a[1])), reverse=True))
        for d in {dfn[0], dfn[-1]}:
            p = battle(a[0], d)
            v = p * _rough(after, _without(dfn, d)) + (1 - p) * _rough(rest, dfn)
            if best is None or v < best:
                best = v
    return best


def _estimate(fight: Fight, A: tuple, D: tuple) -> dict:
    """``attack``'s figures of a mass fight, estimated (``"about": True``): the take chance by
    ``_rough`` (times the chance that the attackers break a defended structure, all trying),
    each first battle's chance exact."""

    def dice(k: tuple) -> tuple[int, int]:  # (next battle, after it): Transport's die is spent
        return (fight.adice[(k, False)], fight.adice[((k[0], False), False)])

    att = tuple(sorted((dice(k) for k in A), reverse=True))
    dfn = tuple(sorted((fight.ddice[r] for r in D), reverse=True))
    end = float(fight._end(fight._a(A)))
    battles = []
    for k in sorted(set(A), reverse=True):
        for dr in sorted(set(D), reverse=True):
            na, nd = fight.adice[(k, False)], fight.ddice[dr]
            p = battle(na, nd)
            rest = _without(att, dice(k))
            after = tuple(sorted((*rest, (dice(k)[1],) * 2), reverse=True))
            won = _rough(after, _without(dfn, nd))
            lost = _rough(rest, dfn)
            row = {"rank": k[0], "bonus": k[1], "defender": dr, "dice": [na, nd], "win": p}
            row["take"] = (p * won + (1 - p) * lost) * end
            battles.append(row)
    return {
        "kind": "combat",
        "about": True,
        "take": _rough(att, dfn) * end,
        "take_ambush": None,
        "ambushes": 0,
        "level": fight.level,
        "battles": battles,
    }


def _battles(fight: Fight, A: tuple, D: tuple, budget: int) -> list[dict]:
    """Each first battle the defender may choose: its chances and the take chance after it."""
    out = []
    for k in sorted(set(A), reverse=True):
        for dr in sorted(set(D), reverse=True):
            na, nd = fight.adice[(k, False)], fight.ddice[dr]
            row = {"rank": k[0], "bonus": k[1], "defender": dr, "dice": [na, nd]}
            row["win"], row["take"] = fight.after(A, D, None, 0, dr, k, False)
            if budget:
                na3 = fight.adice[(k, True)]
                row["ambush_dice"] = [na3, nd]
                row["ambush_win"], row["ambush_take"] = fight.after(
                    A, D, k, budget - 1, dr, k, True
                )
            out.append(row)
    return out


def attack(state: dict, square: str | int, unit_ids, exact: bool = False) -> dict | None:
    """The odds of a move of ``unit_ids`` (the player to move's) ending on ``square``, when it
    fights or attacks a structure; None for any other move.

    Into enemy units: ``{"kind": "combat", "take": chance without ambush, "take_ambush": the
    chance with the best use of the ambushes gold allows (None when the kingdom cannot
    ambush now), "ambushes": how many ambushes that figure weighs (all that gold allows but
    in a fight too large to weigh them all quickly, ``_fit``), "level": the defender's
    structure (0, 1, 2), "battles":
    every first pairing the defender may choose, strongest first: {"rank", "bonus",
    "defender", "dice": [attacker's, defender's], "win": attacker's chance, "take": the take
    chance when the defender chooses it (no ambush), and when the attacker can ambush,
    "ambush_dice", "ambush_win", "ambush_take" (that unit ambushed, the other ambushes used as
    well as they can be)}}``.
    Onto an undefended enemy structure: ``{"kind": "structure", "level", "take": chance it
    falls, "units": [{"rank", "win"}, ...] each unit's own chance, strongest first}``."""
    b = engine.board_of(state)
    sq = square if isinstance(square, int) else b.parse(square)
    if sq is None or not unit_ids:
        return None
    p = state["player"]
    units = [_unit(state, i) for i in unit_ids]
    effect = engine.effect_of_move(state, p, sq)
    if effect == "structure":
        level = state["structures"][sq][1]
        ranks = sorted((u["rank"] for u in units), reverse=True)
        return {
            "kind": "structure",
            "level": level,
            "take": breach(ranks, level, exact),
            "units": [
                {"rank": r, "win": structure_exact(r, level) if exact else structure(r, level)}
                for r in ranks
            ],
        }
    if effect != "combat":
        return None
    fight, A, D = _setup(state, sq, units, exact)
    if not exact and _size(fight, A, D) > EXACT_LIMIT:
        return _estimate(fight, A, D)
    budget = _fit(fight, A, D, _budget(state, p))
    return {
        "kind": "combat",
        "take": fight.take(A, D, None, 0),
        "take_ambush": fight.take(A, D, None, budget) if budget else None,
        "ambushes": budget,
        "level": fight.level,
        "battles": _battles(fight, A, D, budget),
    }


def bombard(state: dict, unit_id: int, square: str | int, exact: bool = False) -> dict | None:
    """The odds of ``unit_id`` bombarding ``square``: ``{"win": its chance against the
    defender's best answer, "options": [{"defender": rank, "dice": [a, d], "win"}, ...]
    strongest defender first}``; None when no enemy unit is there."""
    b = engine.board_of(state)
    sq = square if isinstance(square, int) else b.parse(square)
    u = _unit(state, unit_id)
    if sq is None or not any(w["owner"] != u["owner"] for w in engine.units_at(state, sq)):
        return None
    c = {"sq": sq, "ambush": None}
    options = {}
    for w in engine.units_at(state, sq):
        na, nd = engine.battle_dice(state, c, u, w)
        options[w["rank"]] = {
            "defender": w["rank"],
            "dice": [na, nd],
            "win": _battle(na, nd, exact),
        }
    rows = [options[r] for r in sorted(options, reverse=True)]
    return {"win": min(r["win"] for r in rows), "options": rows}


def _offers_ambush(c: dict, t, affordable: int) -> bool:
    return c["stage"] == "ambush" and t is None and affordable > 0


def combat(state: dict, exact: bool = False) -> dict | None:
    """The odds of the combat in progress at its current decision, for the player deciding:
    ``{"stage", "take": the attack's chance to take the square from here (both sides playing
    as the module docstring says), "options": [...]}`` where each option is, by stage:
    ``ambush``: ``{"unit": id or -1, "take"}``; ``pair``: ``{"defender": id, "attacker": id,
    "win": the attacker's battle chance, "take"}`` for every pairing ``legal_actions`` offers;
    ``withdraw``: ``{"withdraw": bool, "take"}``. None when there is no combat, or it is a
    bombard (its one battle: ``bombard``)."""
    c = state.get("combat")
    if c is None or c.get("bombard") or not c.get("attackers"):
        return None
    sq, p = c["sq"], c["attacker"]
    attackers = [_unit(state, i) for i in c["attackers"]]
    if not engine.units_at(state, sq):
        return None
    fight, A, D = _setup(state, sq, attackers, exact)
    if not exact and _size(fight, A, D) > EXACT_LIMIT:
        return None  # a mass fight: its choices are not weighed in the page (see EXACT_LIMIT)
    amb_u = engine.unit_by_id(state, c["ambush"]) if c.get("ambush") is not None else None
    t = _kind(amb_u) if amb_u is not None else None
    affordable = _budget(state, p)
    # an ambush offered is always weighed (the one being chosen, at least)
    budget = _fit(fight, A, D, affordable, 1 if _offers_ambush(c, t, affordable) else 0)
    stage = c["stage"]
    out = {"stage": stage, "options": []}
    if stage == "ambush":
        out["take"] = fight.take(A, D, t, budget)
        values = dict(fight.ambush_options(A, D, t, budget))
        for a in engine.legal_actions(state):
            kind = None if a.unit < 0 else _kind(_unit(state, a.unit))
            out["options"].append({"unit": a.unit, "take": values[kind]})
    elif stage == "pair":
        out["take"] = fight.pair_value(A, D, t, budget)
        for a in engine.legal_actions(state):
            au, du = _unit(state, a.attacker), _unit(state, a.defender)
            pr, v = fight.after(A, D, t, budget, du["rank"], _kind(au), c["ambush"] == au["id"])
            out["options"].append(
                {"defender": du["id"], "attacker": au["id"], "win": pr, "take": v}
            )
    elif stage == "withdraw" and c.get("winner") is not None:
        w = _unit(state, c["winner"])
        rest = _without(A, _kind(w))
        stay, leave = fight.withdraw_options(rest, _kind(w), D, t, budget)
        out["take"] = max(stay, leave)
        out["options"] = [{"withdraw": False, "take": stay}, {"withdraw": True, "take": leave}]
    else:
        return None
    return out
