"""The bots' estimate of a position, and their expected outcomes of chance actions.

``value(state, p)`` is ``p``'s score minus the best opponent's. A player's score counts claimed
squares, units by rank, structures, the pull of unclaimed resource squares and of the enemy
capital, and subtracts the danger to their capital: the odds (``odds.combat``) that the enemy
units able to reach it in one move take it.

The strong bot's sight also presses a stalled game (see ``LONG_SIGHT["press"]``): the later the
round, the less its own capital's danger and the more the enemy capital weigh.

``outcomes(state, action)`` lists ``(probability, state)`` after an action: one state for actions
without dice, two (taken, failed) for attacks, with losses set to their expected counts.
Bot states carry a fixed generator so the engine's ``apply`` runs on them; their dice are never
used for a decision.
"""

from __future__ import annotations

from .. import engine
from ..actions import Bombard, Move
from . import odds

RANGE = engine.RANGE

WIN = 1000.0
SQUARE = 3.0
UNIT = {1: 1.0, 2: 2.2, 3: 3.6}
STRUCTURE = {1: 1.2, 2: 2.6}
# weights of the odds of losing the capital within 1, 2, 3 turns, and of the first units kept
# on it (per rank): the greedy bot sees the next turn only, the strong bot further
# threat: the same odds against each opponent's capital (they move first, so they weigh less);
# exposure: what the next opponent turn (or ours, for the opponents) can destroy of the stacks
SHORT_SIGHT = {"danger": (25.0,), "threat": (6.0,), "garrison": (), "exposure": (0.0, 0.0)}
LONG_SIGHT = {
    "danger": (25.0, 10.0, 4.0),
    "threat": (12.0, 6.0, 3.0),
    "garrison": (1.5, 1.0, 0.5),
    "exposure": (0.8, 0.4),
    "press": (25, 25),
}
# press (from, over): a stalled game is pressed to an end. From round ``from`` on, over the next
# ``over`` rounds, the weight of the own capital's danger falls to PRESS_DANGER of itself, the
# garrison's to nothing, the threat to the enemy capitals rises to PRESS_THREAT times itself
# and the pull of the enemy capitals to PRESS_PULL times itself (the strong bot only)
PRESS_DANGER = 0.4
PRESS_THREAT = 3.0
PRESS_PULL = 5.0
PULL_SQUARE = 0.6
PULL_CAPITAL = 0.08
ZERO_RNG = "0" * 16


def prepare(view: dict) -> dict:
    """A working copy of an observation the engine can apply actions to."""
    st = engine.copy_state(view)
    st["rng"] = ZERO_RNG
    return st


def torus_distance(b, s: int, t: int) -> int:
    return b.dist[s][t]


def attack_dice(state: dict, p: int, units: list[dict], sq: int, ambush: bool) -> tuple:
    b = engine.board_of(state)
    bonus = b.land_bonus(sq, _kingdom(state, p)["pair"])
    dice = sorted((u["rank"] + bonus + (1 if u["bonus"] else 0) for u in units), reverse=True)
    if ambush and dice:
        dice[0] += 3
    return tuple(dice)


def defence_dice(state: dict, q: int, sq: int) -> tuple:
    b = engine.board_of(state)
    bonus = b.land_bonus(sq, _kingdom(state, q)["pair"])
    s = state["structures"][sq]
    bonus += s[1] if s is not None and s[0] == q else 0
    return tuple(sorted((u["rank"] + bonus for u in state["units"] if u["sq"] == sq), reverse=True))


def breach_odds(units, level: int) -> float:
    """P(at least one of ``units``, trying one after the other, breaks a structure)."""
    miss = 1.0
    for u in units:
        miss *= 1 - odds.structure(u["rank"], level)
    return 1 - miss


def take_odds(state: dict, p: int, attackers: list[dict], sq: int, ambush=False) -> float:
    """P(``p``'s ``attackers`` take ``sq`` (defenders, structure) in one move)."""
    if not attackers:
        return 0.0
    q = engine.occupant(state, sq)
    if q is not None and q != p:
        take = odds.combat(
            attack_dice(state, p, attackers, sq, ambush), defence_dice(state, q, sq)
        )[0]
    else:
        take = 1.0
    s = state["structures"][sq]
    if s is not None and s[0] != p:
        take *= breach_odds(attackers, s[1])
    return take


def capital_threat(state: dict, q: int, by: int, turns: int = 1) -> float:
    """P(player ``by`` takes ``q``'s capital in ``turns`` turns): every unit of ``by`` that
    can get there in that many turns (paths checked for one turn only) against every unit of
    ``q`` that can be back on the capital in time (for one turn: those on it)."""
    return capital_threats(state, q, by, turns)[turns - 1]


def capital_threats(state: dict, q: int, by: int, horizon: int) -> list[float]:
    """``[capital_threat(state, q, by, t) for t in 1..horizon]``, in one pass over the units
    (the same figures, computed once per unit rather than once per horizon)."""
    cap = state["capitals"][q]
    if cap is None:
        return [0.0] * horizon
    b = engine.board_of(state)
    row = b.dist[cap]
    movers: list[list[dict]] = [[] for _ in range(horizon)]
    guards: list[list[dict]] = [[] for _ in range(horizon)]
    blocked = None
    nb = b.neighbours
    for u in state["units"]:
        owner = u["owner"]
        if owner == q:
            dist = row[u["sq"]]
            steps = RANGE[u["rank"]]
            for t in range(1, horizon + 1):
                if dist <= steps * (t - 1):
                    guards[t - 1].append(u)
        elif owner == by:
            dist = row[u["sq"]]
            steps = RANGE[u["rank"]]
            if dist <= steps:
                if blocked is None:
                    blocked = engine.blocked_squares(state, by)
                if reaches(nb, u["sq"], cap, steps, blocked):
                    movers[0].append(u)
            for t in range(2, horizon + 1):
                if dist <= steps * t:
                    movers[t - 1].append(u)
    out = [0.0] * horizon
    if not any(movers):
        return out
    ambush = None
    for t in range(horizon):
        mv = movers[t]
        if not mv:
            continue
        if ambush is None:
            k = _kingdom(state, by)
            ambush = k["power"] == "ambush" and engine.gold(state, by) >= k["costs"]["power"]
            bonus = b.land_bonus(cap, _kingdom(state, q)["pair"])
            s = state["structures"][cap]
            bonus += s[1] if s is not None and s[0] == q else 0
        att = attack_dice(state, by, mv, cap, ambush)
        dfn = tuple(sorted((u["rank"] + bonus for u in guards[t]), reverse=True))
        take = odds.combat(att, dfn)[0]
        if s is not None and s[0] != by:
            take *= breach_odds(mv, s[1])
        out[t] = take
    return out


def _spread(nb, start: int, steps: int, blocked):
    """The squares ``engine.reach`` finds (not ``start``), nearest first, without building
    paths: a blocked square may end a path, not pass one on."""
    seen = {start}
    frontier = [start]
    for _ in range(steps):
        nxt = []
        for sq in frontier:
            if sq != start and sq in blocked:
                continue
            for t in nb[sq]:
                if t not in seen:
                    seen.add(t)
                    nxt.append(t)
                    yield t
        frontier = nxt


def reaches(nb, start: int, target: int, steps: int, blocked) -> bool:
    """``target in engine.reach(state, start, steps, blocked)``, stopping once it is found."""
    return any(t == target for t in _spread(nb, start, steps, blocked))


def reach_set(nb, start: int, steps: int, blocked) -> set[int]:
    """``set(engine.reach(state, start, steps, blocked))``."""
    return set(_spread(nb, start, steps, blocked))


_KINGDOMS: dict = {}


def _kingdom(state: dict, p: int) -> dict:
    """``engine.kingdom_of``, remembered per (name, edition)."""
    o = state["options"]
    key = (o["kingdoms"][p], o["edition"])
    k = _KINGDOMS.get(key)
    if k is None:
        k = _KINGDOMS[key] = engine.kingdom_of(state, p)
    return k


_RESOURCE_SQUARES: dict = {}


def resource_squares(b, pair: str) -> list[int]:
    key = (b.width, pair)
    if key not in _RESOURCE_SQUARES:
        _RESOURCE_SQUARES[key] = [sq for sq in range(b.n) if b.pairs[sq] == pair]
    return _RESOURCE_SQUARES[key]


def score(state: dict, p: int, garrison=(), pull: float = PULL_CAPITAL) -> float:
    """``p``'s material and prospects; ``garrison`` values the first units on the capital."""
    if state["out"][p]:
        return -WIN
    b = engine.board_of(state)
    s = engine.gold(state, p) * SQUARE
    mine = []
    for u in state["units"]:
        if u["owner"] == p:
            s += UNIT[u["rank"]]
            mine.append(u)
    for st in state["structures"]:
        if st is not None and st[0] == p:
            s += STRUCTURE[st[1]]
    pair = engine.kingdom_of(state, p)["pair"]
    markers = state["markers"]
    if mine:
        dist = b.dist
        rows = [dist[sq] for sq in {u["sq"] for u in mine}]
        for sq in resource_squares(b, pair):
            if markers[sq] != p:
                d = min([row[sq] for row in rows]) if len(rows) > 1 else rows[0][sq]
                s += PULL_SQUARE / (1 + d)
        for q in range(len(state["capitals"])):
            cap = state["capitals"][q]
            if q == p or cap is None:
                continue
            row = dist[cap]
            for u in mine:
                s -= pull * u["rank"] * row[u["sq"]]
    cap = state["capitals"][p]
    if garrison and cap is not None:
        home = sorted((u["rank"] for u in mine if u["sq"] == cap), reverse=True)
        s += sum(w * r for w, r in zip(garrison, home, strict=False))
    return s


def exposure(state: dict, p: int, by: int) -> float:
    """What ``by`` can expect to destroy of ``p``'s stacks next turn: for each square of
    ``p``'s units, the odds that every unit of ``by`` able to reach it takes it, times what
    stands there; the ``by``'s best few (one per move) added up."""
    stacks: dict[int, list[dict]] = {}
    for u in state["units"]:
        if u["owner"] == p:
            stacks.setdefault(u["sq"], []).append(u)
    stacks.pop(state["capitals"][p], None)  # the capital has its own term
    if not stacks:
        return 0.0
    blocked = engine.blocked_squares(state, by)
    b = engine.board_of(state)
    nb, dist = b.neighbours, b.dist
    reached: dict[int, list[dict]] = {}
    seen: dict[tuple, list[int]] = {}
    for u in state["units"]:
        if u["owner"] != by:
            continue
        key = (u["sq"], u["rank"])
        if key not in seen:
            steps = RANGE[u["rank"]]
            row = dist[u["sq"]]
            near = [t for t in stacks if row[t] <= steps]
            if near:
                r = reach_set(nb, u["sq"], steps, blocked)
                near = [t for t in near if t in r]
            seen[key] = near
        for t in seen[key]:
            reached.setdefault(t, []).append(u)
    losses = []
    for sq, movers in reached.items():
        worth = sum(UNIT[u["rank"]] for u in stacks[sq])
        worth += SQUARE if state["markers"][sq] == p else 0
        losses.append(take_odds(state, by, movers, sq) * worth)
    losses.sort(reverse=True)
    return sum(losses[: _kingdom(state, by)["moves"]])


_VALUES: dict = {}
VALUES_KEPT = 20_000  # remembered estimates (a bound on memory: all forgotten when full)


def value(state: dict, p: int, sight=SHORT_SIGHT) -> float:
    """``p``'s estimate of the position: own score minus the best opponent's, with the danger
    to each capital in the next turns.

    Remembered by everything it reads (the units in list order, so the same sums in the same
    order, markers, structures, capitals, players out, round, cards): the search meets the same
    positions again (the ranking of a turn's next decision weighs the positions the previous
    decision looked at one action further), and the figure is the one computed afresh."""
    if state["phase"] == "over":
        return WIN if p in state["result"]["winners"] else -WIN
    o = state["options"]
    key = (
        p,
        id(sight),
        state["round"],
        tuple(o["kingdoms"]),
        o["edition"],
        o["epic"],
        tuple([(u["id"], u["sq"], u["rank"], u["owner"], u["bonus"]) for u in state["units"]]),
        tuple(state["markers"]),
        tuple([s if s is None else tuple(s) for s in state["structures"]]),
        tuple(state["capitals"]),
        tuple(state["out"]),
    )
    v = _VALUES.get(key)
    if v is None:
        if len(_VALUES) >= VALUES_KEPT:
            _VALUES.clear()
        v = _VALUES[key] = _value(state, p, sight)
    return v


def _value(state: dict, p: int, sight) -> float:
    n = len(state["capitals"])
    pull = PULL_CAPITAL
    press = sight.get("press")
    if press is not None and state["round"] > press[0]:
        f = min(1.0, (state["round"] - press[0]) / press[1])
        sight = pressed(sight, f)
        pull = PULL_CAPITAL * (1 + (PRESS_PULL - 1) * f)
    mine = score(state, p, sight["garrison"], pull)
    others = []
    for q in range(n):
        if q == p or state["out"][q]:
            continue
        danger = sight["danger"]
        for w, c in zip(danger, capital_threats(state, p, q, len(danger)), strict=True):
            mine -= w * c
        guard, hit = sight["exposure"]
        if guard:
            mine -= guard * exposure(state, p, q)
        sq = score(state, q, sight["garrison"], pull)
        threat = sight["threat"]
        for w, c in zip(threat, capital_threats(state, q, p, len(threat)), strict=True):
            sq -= w * c
        if hit:
            sq -= hit * exposure(state, q, p)
        others.append(sq)
    return mine - (max(others) if others else 0.0)


_PRESSED: dict = {}


def pressed(sight: dict, f: float) -> dict:
    """``sight`` with its weights moved a share ``f`` (0 to 1) of the way to pressing."""
    key = (id(sight), f)
    out = _PRESSED.get(key)
    if out is None:
        out = _PRESSED[key] = {
            **sight,
            "danger": tuple(w * (1 - (1 - PRESS_DANGER) * f) for w in sight["danger"]),
            "threat": tuple(w * (1 + (PRESS_THREAT - 1) * f) for w in sight["threat"]),
            "garrison": tuple(w * (1 - f) for w in sight["garrison"]),
        }
    return out


# ------------------------------------------------------------------ expected outcomes


def _remove(state: dict, units: list[dict]) -> None:
    for u in units:
        if u in state["units"] and state["phase"] != "over":
            engine._remove_unit(state, u)


def outcomes(state: dict, action) -> list[tuple[float, dict]]:
    """(probability, state) after ``action`` by the player to move (a prepared state)."""
    p = engine.to_move(state)
    if isinstance(action, Move) and engine.decision(state)["kind"] == "turn":
        b = engine.board_of(state)
        dest = b.parse(action.square)
        effect = engine.effect_of_move(state, p, dest)
        if effect in ("combat", "structure"):
            return _attack_outcomes(state, p, dest, action.units)
    if isinstance(action, Bombard):
        return _bombard_outcomes(state, p, action)
    st = engine.copy_state(state)
    engine.apply(st, action)
    return [(1.0, st)]


def _attack_outcomes(state: dict, p: int, dest: int, ids) -> list:
    units = [engine.unit_by_id(state, i) for i in ids]
    k = engine.kingdom_of(state, p)
    ambush = k["power"] == "ambush" and engine.available(state, p) >= k["costs"]["power"]
    q = engine.occupant(state, dest)
    att = attack_dice(state, p, units, dest, ambush)
    if q is not None and q != p:
        take, al, dl = odds.combat(att, defence_dice(state, q, dest))
    else:
        take, al, dl = 1.0, 0.0, 0.0
    s = state["structures"][dest]
    if s is not None and s[0] != p:
        take *= breach_odds(units, s[1])
    out = []
    order = sorted(ids, key=lambda i: engine.unit_by_id(state, i)["rank"])  # weakest first
    if take > 0.0:
        st = engine.copy_state(state)
        if ambush:
            st["spent"] += k["costs"]["power"]
        lost = min(len(order) - 1, int(al * 0.6 + 0.5))
        _remove(st, [engine.unit_by_id(st, i) for i in order[:lost]])
        if q is not None and q != p:
            _remove(st, [u for u in st["units"] if u["sq"] == dest])
        if st["phase"] != "over":
            st["structures"][dest] = None
            for i in order[lost:]:
                u = engine.unit_by_id(st, i)
                u["sq"], u["moved"] = dest, True
            engine._arrive(st, p, dest)
            if st["phase"] == "play":
                engine._use_move(st)
        out.append((take, st))
    if take < 1.0:
        st = engine.copy_state(state)
        if q is not None and q != p:
            defenders = sorted((u for u in st["units"] if u["sq"] == dest), key=lambda u: u["rank"])
            gone = min(len(defenders) - 1, int(dl + 0.5))
            _remove(st, defenders[:gone])
            _remove(st, [engine.unit_by_id(st, i) for i in ids])
        else:
            for i in ids:
                engine.unit_by_id(st, i)["moved"] = True
        if st["phase"] == "play" and not st["out"][p]:
            engine._use_move(st)
        elif st["phase"] == "play":
            engine._end_turn(st)
        out.append((1.0 - take, st))
    return out


def _bombard_outcomes(state: dict, p: int, action) -> list:
    b = engine.board_of(state)
    sq = b.parse(action.square)
    u = engine.unit_by_id(state, action.unit)
    q = engine.occupant(state, sq)
    defenders = [v for v in state["units"] if v["sq"] == sq]
    best = max(defenders, key=lambda v: v["rank"])
    a = attack_dice(state, p, [u], sq, False)[0]
    d = defence_dice(state, q, sq)[0]
    pw = odds.battle(a, d)
    cost = engine.kingdom_of(state, p)["costs"]["power"]
    win = engine.copy_state(state)
    win["spent"] += cost
    engine.unit_by_id(win, u["id"])["moved"] = True
    _remove(win, [engine.unit_by_id(win, best["id"])])
    lose = engine.copy_state(state)
    lose["spent"] += cost
    engine.unit_by_id(lose, u["id"])["moved"] = True
    return [(pw, win), (1 - pw, lose)]


def expected(state: dict, action, p: int, sight=SHORT_SIGHT) -> float:
    return sum(w * value(st, p, sight) for w, st in outcomes(state, action))
