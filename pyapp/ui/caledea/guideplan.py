"""The guided first game's plan: from any position of the person's decision, the one action the
guide proposes and why (a ``Step``). Pure engine logic (no text, no DOM): ``guide.py`` turns a
step into words and into the square or button to tap.

The plan is a short list of plain priorities a newcomer can follow and see the point of:

1. take the enemy capital when a stack can reach it with good odds (the win);
2. fight an enemy stack in reach with good odds, nearest your capital first;
3. buy a cavalry when your gold pays for it (what gold buys);
4. claim one of your unclaimed resource squares in reach, sending one unit (gold comes from
   claimed squares: each is one gold every turn, and a new infantry);
5. march the biggest stack one square nearer the enemy capital, leaving two at home;
6. else end the turn.

In a fight the plan keeps a winning unit in (``stay``) while the attack more likely succeeds,
pairs its defenders to make each battle cost the attacker most, and never ambushes. The odds are
the bots' exact ones (``bots/odds.py``: ``battle`` for one pairing, ``combat`` for a square).
On the fixed deal (``guide.py``'s options) the greedy bot's answers and the seeded dice make the
game the same every time the person follows the plan; the tests play it to the win.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pyapp.caledea import engine
from pyapp.caledea.actions import Capital, End, Move, Pair, Upgrade, Withdraw
from pyapp.caledea.bots import evaluate, odds

CAPITAL_ODDS = 0.5  # attack the enemy capital from this chance of taking it
FIGHT_ODDS = 0.6  # attack an enemy stack from this chance of taking its square
HOME_GUARD = 2  # units the marching stack leaves on the capital


@dataclass
class Step:
    """The action proposed and why: ``topic`` (capital, attack_capital, fight, upgrade, claim,
    march, end, pair, stay, withdraw, ambush), ``source`` (square number of the units moved or
    upgraded), ``take`` (P of taking the square, attacks), ``first`` (P of the first battle),
    ``defenders`` (enemy units there), ``left`` (units left behind on the source)."""

    topic: str
    action: object
    source: int | None = None
    dest: int | None = None
    take: float | None = None
    first: float | None = None
    defenders: list = field(default_factory=list)
    left: int = 0


def _enemy(state: dict, p: int) -> int | None:
    for q in range(state["options"]["players"]):
        if q != p and not state["out"][q]:
            return q
    return None


def _stacks(state: dict, p: int) -> dict[int, list[dict]]:
    """The unmoved units of ``p`` that may move, by square (strongest first, then by id)."""
    out: dict[int, list[dict]] = {}
    for u in state["units"]:
        if u["owner"] == p and engine.movable(u):
            out.setdefault(u["sq"], []).append(u)
    for units in out.values():
        units.sort(key=lambda u: (-u["rank"], u["id"]))
    return out


def _reach(state: dict, units: list[dict], blocked: set[int]) -> set[int]:
    """Squares every one of ``units`` (all on one square) can end a move on."""
    common = None
    for u in units:
        r = set(engine.reach(state, u["sq"], engine.RANGE[u["rank"]], blocked))
        common = r if common is None else common & r
    return common or set()


def _move(units: list[dict], dest: int, state: dict) -> Move:
    return Move(engine.board_of(state).name(dest), tuple(sorted(u["id"] for u in units)))


def battle_odds(state: dict, p: int, attackers: list[dict], sq: int) -> tuple[float, float]:
    """(P the attackers take ``sq``, P their strongest wins the first battle) against the
    enemy units there (their square's land for both sides, the defenders' structure)."""
    q = engine.occupant(state, sq)
    if q is None or q == p:
        return 1.0, 1.0
    att = evaluate.attack_dice(state, p, attackers, sq, False)
    dfn = evaluate.defence_dice(state, q, sq)
    return odds.combat(att, dfn)[0], odds.battle(att[0], dfn[0])


def plan(state: dict, p: int) -> Step | None:
    """The guide's proposal for ``p``'s open decision (None when it is not ``p``'s)."""
    d = engine.decision(state)
    if d is None or d["player"] != p:
        return None
    kind = d["kind"]
    if kind == "capital":
        return None  # the guide names the square itself (its fixed deal)
    if kind == "turn":
        return turn_plan(state, p)
    c = state["combat"]
    legal = engine.legal_actions(state, p)
    if kind == "ambush":
        return Step("ambush", next(a for a in legal if a.unit < 0), dest=c["sq"])
    if kind == "pair":

        def gain(a: Pair) -> tuple[float, int, int]:
            du, au = engine.unit_by_id(state, a.defender), engine.unit_by_id(state, a.attacker)
            na, nd = engine.battle_dice(state, c, au, du)
            win = odds.battle(nd, na)
            value = win * evaluate.UNIT[au["rank"]] - (1 - win) * evaluate.UNIT[du["rank"]]
            return value, -a.defender, -a.attacker

        best = max(legal, key=gain)
        du, au = engine.unit_by_id(state, best.defender), engine.unit_by_id(state, best.attacker)
        na, nd = engine.battle_dice(state, c, au, du)
        return Step("pair", best, dest=c["sq"], first=odds.battle(nd, na))
    # withdraw or stay: stay while the attack more likely takes the square than not
    staying = [engine.unit_by_id(state, i) for i in c["attackers"]]
    take, _ = battle_odds(state, c["attacker"], staying, c["sq"])
    topic = "stay" if take >= 0.5 else "withdraw"
    return Step(topic, Withdraw(topic == "withdraw"), dest=c["sq"], take=take)


def turn_plan(state: dict, p: int) -> Step:
    b = engine.board_of(state)
    q = _enemy(state, p)
    home = state["capitals"][p]
    target = state["capitals"][q] if q is not None else None
    blocked = engine.blocked_squares(state, p)
    stacks = _stacks(state, p)
    order = sorted(stacks, key=lambda sq: (-len(stacks[sq]), sq))
    # 1. the enemy capital
    if target is not None and state["structures"][target] is None:
        for sq in order:
            units = stacks[sq]
            if target in _reach(state, units, blocked):
                take, first = battle_odds(state, p, units, target)
                if take >= CAPITAL_ODDS:
                    return Step(
                        "attack_capital",
                        _move(units, target, state),
                        sq,
                        target,
                        take,
                        first,
                        engine.units_at(state, target),
                    )
    # 2. a fight (never against a structure: one stack of units against units only)
    best = None
    for sq in order:
        units = stacks[sq]
        for dest in sorted(_reach(state, units, blocked)):
            occ = engine.occupant(state, dest)
            if occ is None or occ == p or state["structures"][dest] is not None:
                continue
            if dest == target:
                continue  # the capital is step 1's
            take, first = battle_odds(state, p, units, dest)
            near = b.dist[home][dest] if home is not None else 0
            key = (near, -take, sq, dest)
            if take >= FIGHT_ODDS and (best is None or key < best[0]):
                best = (key, Step("fight", _move(units, dest, state), sq, dest, take, first))
    if best is not None:
        step = best[1]
        step.defenders = engine.units_at(state, step.dest)
        return step
    # 3. a cavalry, when the gold pays for it
    k = engine.kingdom_of(state, p)
    if engine.available(state, p) >= k["costs"]["cavalry"]:
        for sq in order:
            infantry = [u for u in stacks[sq] if u["rank"] == 1]
            if infantry and all(u["rank"] == 1 for u in stacks[sq]):
                return Step("upgrade", Upgrade(infantry[0]["id"]), sq, sq)
    # 4. a claim: one unit to the nearest unclaimed resource square in reach
    for sq in order:
        units = stacks[sq]
        if len(units) < 2 and sq == home:
            continue
        one = [units[-1]]
        claims = [
            d
            for d in _reach(state, one, blocked)
            if engine.effect_of_move(state, p, d) in ("claim", "reclaim")
        ]
        if claims:
            dest = min(claims, key=lambda d: (b.dist[sq][d], d))
            return Step("claim", _move(one, dest, state), sq, dest, left=len(units) - 1)
    # 5. march on the enemy capital
    if target is not None:
        for sq in order:
            units = stacks[sq]
            left = HOME_GUARD if sq == home else 0
            movers = units[: len(units) - left] if left else units
            if len(movers) < 2:
                continue
            here = b.dist[sq][target]
            steps = [
                d
                for d in _reach(state, movers, blocked)
                if b.dist[d][target] < here
                and engine.occupant(state, d) is None
                and state["structures"][d] is None
                and d not in state["capitals"]
            ]
            if steps:
                dest = min(steps, key=lambda d: (b.dist[d][target], d))
                return Step(
                    "march", _move(movers, dest, state), sq, dest, left=len(units) - len(movers)
                )
    return Step("end", End())


def capital_step(state: dict, p: int, square: str) -> Step:
    sq = engine.board_of(state).parse(square)
    return Step("capital", Capital(square), sq, sq)
