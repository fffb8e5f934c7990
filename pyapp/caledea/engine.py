"""Caledea's rules: plain JSON-safe states, checked and unchecked moves, combat as decisions.

A state (format ``FORMAT``)::

    {"format", "options": {"players", "seed", "kingdoms", "epic", "first", "edition"},
     "rng": hex, "phase": "capital" | "play" | "over", "round", "player", "moves_left", "spent",
     "capitals": [square or None per seat], "markers": [per square: -1 none, -2 salted, seat],
     "structures": [per square: None or [seat, 1 tower | 2 castle]],
     "units": [{"id", "owner", "rank" (1 infantry, 2 cavalry, 3 general), "sq", "moved",
                "upgraded", "bonus" (transported this turn: +1 die in its next battle)}],
     "next_id", "out": [seat defeated?], "combat": None | {...}, "result": None | {...},
     "events": [what the last action did, for the screens], "log": [[seat, text], ...]}

A player's gold is the number of squares holding their marker; ``spent`` is what they have set
aside this turn. Every die comes from ``rng`` (``core.rng.Rng``), so a game is its options and
its log. Combat is a series of decisions (``ambush``, ``pair``, ``withdraw``) of the players
who make them; battles whose outcome is forced are rolled at once. An undefended enemy structure
attacked by units of several kinds is a decision too (``siege``: the attacker picks who tries
next), in games that follow the later rulings (see ``later_rulings``).
"""

from __future__ import annotations

from ..core.errors import IllegalActionError, OptionsError
from ..core.options import check_names, check_seed
from ..core.rng import Rng
from . import cards
from .actions import (
    Ambush,
    Bombard,
    Breach,
    Build,
    Capital,
    End,
    Move,
    Pair,
    Transport,
    Upgrade,
    Withdraw,
)

FORMAT = 1
ROUNDS = 100  # app ruling: the game ends after this many rounds
MAX_UNITS = 20  # units in a box's army
RANGE = {1: 1, 2: 2, 3: 3}
RANK_NAMES = {1: "infantry", 2: "cavalry", 3: "general"}
CAPTURE_INFANTRY = 3
NONE, SALTED = -1, -2
LATER_RULINGS = 3  # the first edition of the kingdom cards whose games follow the later rulings


# ------------------------------------------------------------------ options and setup


def normalise_options(options: dict) -> dict:
    if not isinstance(options, dict):
        raise OptionsError("options must be a dict")
    known = {"players", "seed", "kingdoms", "epic", "first", "edition", "names"}
    extra = set(options) - known
    if extra:
        raise OptionsError(f"unknown option(s): {', '.join(sorted(map(str, extra)))}")
    players = options.get("players", 2)
    if type(players) is not int or not 2 <= players <= 4:
        raise OptionsError("Caledea is played by 2 to 4 players")
    seed = options.get("seed", 0)
    check_seed(seed)
    edition = options.get("edition", cards.edition())
    if type(edition) is not int or edition not in cards.editions():
        raise OptionsError(
            f"this game was made with edition {edition} of the kingdoms; this app plays "
            f"editions {', '.join(map(str, cards.editions()))}"
        )
    epic = options.get("epic", False)
    if type(epic) is not bool:
        raise OptionsError("epic is true or false")
    rng = Rng.from_seed(seed)
    names = cards.kingdom_names(edition)
    kingdoms = options.get("kingdoms")
    if kingdoms is None:
        pool = list(names)
        rng.shuffle(pool)
        kingdoms = pool[:players]
    if not isinstance(kingdoms, list) or len(kingdoms) != players:
        raise OptionsError(f"kingdoms: one kingdom per player ({players})")
    for k in kingdoms:
        if k not in names:
            raise OptionsError(f"unknown kingdom {k!r}: one of {', '.join(names)}")
    if len(set(kingdoms)) != players:
        raise OptionsError("each player takes a different kingdom")
    first = options.get("first")
    if first is None:
        first = rng.below(players)  # the die cast for who plays first
    if type(first) is not int or not 0 <= first < players:
        raise OptionsError(f"first is a seat from 0 to {players - 1}")
    out = {
        "players": players,
        "seed": seed,
        "kingdoms": list(kingdoms),
        "epic": epic,
        "first": first,
        "edition": edition,
    }
    if options.get("names") is not None:  # optional: without names, kingdoms name the players
        out["names"] = check_names(options["names"], players)
    return out


def new_game(options: dict) -> dict:
    opts = normalise_options(options)
    b = cards.board(opts["epic"])
    n = opts["players"]
    rng = Rng.from_seed(f"{opts['seed']}/dice")
    return {
        "format": FORMAT,
        "options": opts,
        "rng": rng.hex(),
        "phase": "capital",
        "round": 1,
        "player": opts["first"],
        "moves_left": 0,
        "spent": 0,
        "capitals": [None] * n,
        "markers": [NONE] * b.n,
        "structures": [None] * b.n,
        "units": [],
        "next_id": 1,
        "out": [False] * n,
        "combat": None,
        "result": None,
        "events": [],
        "log": [],
    }


def board_of(state: dict) -> cards.Board:
    return cards.board(state["options"]["epic"])


def kingdom_of(state: dict, p: int) -> dict:
    return cards.kingdom(state["options"]["kingdoms"][p], state["options"]["edition"])


def copy_state(state: dict) -> dict:
    """A deep copy, quick (the state's shape is known)."""
    st = dict(state)
    st["options"] = dict(state["options"])
    st["capitals"] = list(state["capitals"])
    st["markers"] = list(state["markers"])
    st["structures"] = list(state["structures"])
    st["units"] = [dict(u) for u in state["units"]]
    st["out"] = list(state["out"])
    c = state["combat"]
    if c is not None:
        st["combat"] = {**c, "attackers": list(c["attackers"]), "origins": dict(c["origins"])}
    st["events"] = list(state["events"])
    st["log"] = list(state["log"])
    return st


# ------------------------------------------------------------------ small queries


def later_rulings(state: dict) -> bool:
    """Whether this game follows the later rulings of the notes (games of edition 3 of the
    kingdom cards on): with more than 2 players, whoever removes a player's last unit defeats
    them and gets 3 infantry on their capital's square, as does the taker of a capital; the
    attacker chooses the order in which several units try an undefended structure (the
    ``siege`` decision); a unit upgraded this turn may not be transported. Games of editions 1
    and 2 keep the first rulings (the capital's taker alone gains; the strongest unit tries a
    structure first; transport after an upgrade allowed), so that they replay as they were
    played."""
    return state["options"]["edition"] >= LATER_RULINGS


def gold(state: dict, p: int) -> int:
    return state["markers"].count(p)


def available(state: dict, p: int) -> int:
    return max(0, gold(state, p) - state["spent"]) if p == state["player"] else gold(state, p)


def units_at(state: dict, sq: int) -> list[dict]:
    return [u for u in state["units"] if u["sq"] == sq]


def unit_by_id(state: dict, uid: int) -> dict | None:
    for u in state["units"]:
        if u["id"] == uid:
            return u
    return None


def occupant(state: dict, sq: int) -> int | None:
    for u in state["units"]:
        if u["sq"] == sq:
            return u["owner"]
    return None


def structure_zone(state: dict, p: int) -> list[int]:
    cap = state["capitals"][p]
    if cap is None:
        return []
    return [cap, *board_of(state).neighbours[cap]]


def is_resource_square(state: dict, p: int, sq: int) -> bool:
    return board_of(state).pairs[sq] == kingdom_of(state, p)["pair"]


def has_general(state: dict, p: int) -> bool:
    return any(u["owner"] == p and u["rank"] == 3 for u in state["units"])


def decision(state: dict) -> dict | None:
    if state["phase"] == "over":
        return None
    if state["phase"] == "capital":
        return {"player": state["player"], "kind": "capital"}
    c = state["combat"]
    if c is not None:
        who = c["defender"] if c["stage"] == "pair" else c["attacker"]
        return {"player": who, "kind": c["stage"]}
    return {"player": state["player"], "kind": "turn"}


def to_move(state: dict) -> int | None:
    d = decision(state)
    return None if d is None else d["player"]


# ------------------------------------------------------------------ paths


def blocked_squares(state: dict, p: int) -> set[int]:
    """Squares ``p``'s units may not pass through: enemy units and enemy structures."""
    out = {u["sq"] for u in state["units"] if u["owner"] != p}
    for sq, s in enumerate(state["structures"]):
        if s is not None and s[0] != p:
            out.add(sq)
    return out


def reach(state: dict, start: int, steps: int, blocked: set[int]) -> dict[int, list[int]]:
    """Squares reachable from ``start`` in 1..``steps`` orthogonal steps, passing only through
    unblocked squares (a blocked square may end a path), each with one shortest path."""
    nb = board_of(state).neighbours
    paths = {start: [start]}
    frontier = [start]
    for _ in range(steps):
        nxt = []
        for sq in frontier:
            if sq != start and sq in blocked:
                continue
            for t in nb[sq]:
                if t not in paths:
                    paths[t] = [*paths[sq], t]
                    nxt.append(t)
        frontier = nxt
    del paths[start]
    return paths


def movable(u: dict) -> bool:
    return not u["moved"] and not u["upgraded"]


def destinations(state: dict, unit_ids) -> dict[int, dict[int, list[int]]]:
    """For units of the player to move: ``{destination: {unit id: path}}`` of the squares every
    one of them can reach this move (empty if any unit cannot move)."""
    p = state["player"]
    blocked = blocked_squares(state, p)
    common = None
    per = {}
    for uid in unit_ids:
        u = unit_by_id(state, uid)
        if u is None or u["owner"] != p or not movable(u):
            return {}
        r = reach(state, u["sq"], RANGE[u["rank"]], blocked)
        per[uid] = r
        common = set(r) if common is None else common & set(r)
    return {d: {uid: per[uid][d] for uid in per} for d in sorted(common or ())}


def effect_of_move(state: dict, p: int, dest: int) -> str:
    """What ending a move on ``dest`` does: combat, structure, capital, salt, claim, reclaim,
    or move."""
    occ = occupant(state, dest)
    if occ is not None and occ != p:
        return "combat"
    s = state["structures"][dest]
    if s is not None and s[0] != p:
        return "structure"
    if dest in state["capitals"] and state["capitals"].index(dest) != p:
        return "capital"
    m = state["markers"][dest]
    if m >= 0 and m != p:
        return "salt"
    if is_resource_square(state, p, dest):
        if m == NONE:
            return "claim"
        if m == SALTED:
            return "reclaim"
    return "move"


# ------------------------------------------------------------------ legality


def why_illegal(state: dict, action, player: int | None = None) -> str | None:
    d = decision(state)
    if d is None:
        return "the game is over"
    if player is not None and player != d["player"]:
        return f"it is not player {player + 1}'s decision"
    p = d["player"]
    kind = d["kind"]
    b = board_of(state)
    if kind == "capital":
        if not isinstance(action, Capital):
            return "each player first places their capital"
        sq = b.parse(action.square)
        if sq is None:
            return f"there is no square {action.square} on this board"
        if not is_resource_square(state, p, sq):
            return "a capital goes on one of the player's own resource squares"
        if sq in state["capitals"]:
            return "another capital is there"
        return None
    if kind == "ambush":
        if not isinstance(action, Ambush):
            return "the attacker decides whether to ambush before the next battle"
        if action.unit < 0:
            return None
        if action.unit not in state["combat"]["attackers"]:
            return "that unit is not attacking here"
        return None
    if kind == "pair":
        if not isinstance(action, Pair):
            return "the defender chooses which of their units fights which attacker"
        c = state["combat"]
        du = unit_by_id(state, action.defender)
        if du is None or du["owner"] != p or du["sq"] != c["sq"]:
            return "that is not one of the defending units"
        if action.attacker not in c["attackers"]:
            return "that unit is not attacking here"
        return None
    if kind == "withdraw":
        if not isinstance(action, Withdraw):
            return "the attacker decides whether the winning unit withdraws or stays"
        return None
    if kind == "siege":
        if not isinstance(action, Breach):
            return "the attacker chooses which unit tries the undefended structure next"
        c = state["combat"]
        if action.unit in c["attackers"]:
            return None
        if str(action.unit) in c["origins"]:
            return f"unit {action.unit} has tried already (it is back where it came from)"
        return f"unit {action.unit} is not one of the units attacking this structure"
    # the player's turn
    k = kingdom_of(state, p)
    cost = k["costs"]
    avail = available(state, p)
    if isinstance(action, End):
        return None
    if isinstance(action, Move):
        sq = b.parse(action.square)
        if sq is None:
            return f"there is no square {action.square} on this board"
        if not action.units:
            return "a move takes at least one unit"
        for uid in action.units:
            u = unit_by_id(state, uid)
            if u is None or u["owner"] != p:
                return f"unit {uid} is not one of yours"
            if u["moved"]:
                return f"unit {uid} has moved this turn already"
            if u["upgraded"]:
                return f"unit {uid} was upgraded this turn and may not move"
        dests = destinations(state, action.units)
        if sq not in dests:
            return f"not every unit chosen can reach {action.square} (range, or blocked paths)"
        return None
    if isinstance(action, Upgrade):
        u = unit_by_id(state, action.unit)
        if u is None or u["owner"] != p:
            return f"unit {action.unit} is not one of yours"
        if u["moved"]:
            return "a unit that moved this turn may not be upgraded"
        if u["rank"] == 3:
            return "a general is the highest rank"
        need = cost["cavalry"] if u["rank"] == 1 else cost["general"]
        if u["rank"] == 2 and has_general(state, p):
            return "a player may have only one general"
        if avail < need:
            return f"not enough gold ({avail} available, {need} needed)"
        return None
    if isinstance(action, Build):
        sq = b.parse(action.square)
        if sq is None:
            return f"there is no square {action.square} on this board"
        if sq not in structure_zone(state, p):
            return "structures go only on your capital and the four squares beside it"
        occ = occupant(state, sq)
        if occ is not None and occ != p:
            return "enemy units are on that square"
        s = state["structures"][sq]
        if s is not None and s[0] != p:
            return "another player's structure is there"
        if s is not None and s[1] == 2:
            return "a castle is the strongest structure"
        need = cost["tower"] if s is None else cost["castle"]
        if avail < need:
            return f"not enough gold ({avail} available, {need} needed)"
        return None
    if isinstance(action, Bombard | Transport):
        if k["power"] != action.kind:
            return f"{k['name']}'s power is {k['power']}, not {action.kind}"
        if avail < cost["power"]:
            return f"not enough gold ({avail} available, {cost['power']} needed)"
        sq = b.parse(action.square)
        if sq is None:
            return f"there is no square {action.square} on this board"
        u = unit_by_id(state, action.unit)
        if u is None or u["owner"] != p:
            return f"unit {action.unit} is not one of yours"
        if u["moved"]:
            return "that unit has moved this turn already"
        if isinstance(action, Transport) and u["upgraded"] and later_rulings(state):
            return "a unit upgraded this turn may not be transported (the upgrade is its move)"
        if isinstance(action, Bombard):
            if u["upgraded"]:
                return "a unit upgraded this turn may not bombard (it uses the unit's move)"
            if sq not in b.neighbours[u["sq"]]:
                return "bombard reaches only a square beside the unit"
            occ = occupant(state, sq)
            if occ is None or occ == p:
                return "there are no enemy units on that square"
            return None
        if sq == u["sq"]:
            return "the unit is on that square already"
        if not any(
            v["sq"] == sq and v["owner"] == p and not v["moved"] and v["id"] != u["id"]
            for v in state["units"]
        ):
            return "transport goes to a square holding another of your units that has not moved"
        return None
    return "that is not an action of a turn"


# ------------------------------------------------------------------ legal actions


def _groups(state: dict, p: int, pred) -> dict[tuple, list[int]]:
    """Interchangeable units of ``p``: same square, rank and flags, ids in order."""
    out: dict[tuple, list[int]] = {}
    for u in state["units"]:
        if u["owner"] == p and pred(u):
            out.setdefault((u["sq"], u["rank"], u["upgraded"], u["bonus"]), []).append(u["id"])
    for ids in out.values():
        ids.sort()
    return out


def move_actions(state: dict, p: int) -> list[Move]:
    """The canonical moves: for each destination, every choice of how many units of each kind
    come from one square, and all units that can reach it from everywhere together."""
    b = board_of(state)
    blocked = blocked_squares(state, p)
    groups = _groups(state, p, movable)
    by_dest: dict[int, list[tuple]] = {}
    for key in groups:
        for d in reach(state, key[0], RANGE[key[1]], blocked):
            by_dest.setdefault(d, []).append(key)
    out: list[Move] = []
    for d in sorted(by_dest):
        keys = by_dest[d]
        name = b.name(d)
        seen = set()
        sources = sorted({k[0] for k in keys})
        for s in sources:
            ks = [k for k in keys if k[0] == s]
            combos = [()]
            for k in ks:
                combos = [c + (i,) for c in combos for i in range(len(groups[k]) + 1)]
            for c in combos:
                ids = tuple(sorted(i for k, n in zip(ks, c, strict=True) for i in groups[k][:n]))
                if ids and ids not in seen:
                    seen.add(ids)
                    out.append(Move(name, ids))
        if len(sources) > 1:
            ids = tuple(sorted(i for k in keys for i in groups[k]))
            if ids not in seen:
                out.append(Move(name, ids))
    return out


def legal_actions(state: dict, player: int | None = None) -> list:
    d = decision(state)
    if d is None or (player is not None and player != d["player"]):
        return []
    p = d["player"]
    kind = d["kind"]
    b = board_of(state)
    if kind == "capital":
        return [
            Capital(b.name(sq))
            for sq in range(b.n)
            if is_resource_square(state, p, sq) and sq not in state["capitals"]
        ]
    c = state["combat"]
    if kind == "ambush":
        return [Ambush(-1)] + [Ambush(i) for i in _attacker_reps(state, c)]
    if kind == "pair":
        defenders = {}
        for u in units_at(state, c["sq"]):
            defenders.setdefault(u["rank"], u["id"])
        return [Pair(dv, a) for dv in sorted(defenders.values()) for a in _attacker_reps(state, c)]
    if kind == "withdraw":
        return [Withdraw(False), Withdraw(True)]
    if kind == "siege":
        return [Breach(i) for i in _siege_reps(state, c)]
    out: list = [End()]
    out += move_actions(state, p)
    k = kingdom_of(state, p)
    for a in [
        Upgrade(ids[0]) for key, ids in _groups(state, p, lambda u: not u["moved"]).items()
    ] + [Build(b.name(sq)) for sq in structure_zone(state, p)]:
        if why_illegal(state, a) is None:
            out.append(a)
    if available(state, p) >= k["costs"]["power"]:
        if k["power"] == "bombard":
            for key, ids in _groups(state, p, movable).items():
                for t in b.neighbours[key[0]]:
                    occ = occupant(state, t)
                    if occ is not None and occ != p:
                        out.append(Bombard(ids[0], b.name(t)))
        elif k["power"] == "transport":
            fresh = {u["sq"] for u in state["units"] if u["owner"] == p and not u["moved"]}
            later = later_rulings(state)
            carried = _groups(state, p, lambda u: not u["moved"] and not (later and u["upgraded"]))
            for key, ids in carried.items():
                for t in sorted(fresh):
                    if t != key[0]:
                        out.append(Transport(ids[0], b.name(t)))
    return out


def _attacker_reps(state: dict, c: dict) -> list[int]:
    """One attacking unit per kind (rank, bonus, ambush, origin): the others are the same."""
    seen, reps = set(), []
    for uid in sorted(c["attackers"]):
        u = unit_by_id(state, uid)
        key = (u["rank"], u["bonus"], c["ambush"] == uid, c["origins"][str(uid)])
        if key not in seen:
            seen.add(key)
            reps.append(uid)
    return reps


def _siege_reps(state: dict, c: dict) -> list[int]:
    """One untried unit per kind (rank, origin) of a siege, strongest first: only the rank's
    dice count, and a unit that fails stays where it came from."""
    seen, reps = set(), []
    for u in sorted(
        (unit_by_id(state, i) for i in c["attackers"]), key=lambda u: (-u["rank"], u["id"])
    ):
        key = (u["rank"], c["origins"][str(u["id"])])
        if key not in seen:
            seen.add(key)
            reps.append(u["id"])
    return reps


# ------------------------------------------------------------------ applying


def play(state: dict, action, player: int | None = None) -> dict:
    reason = why_illegal(state, action, player)
    if reason is not None:
        raise IllegalActionError(reason)
    return apply(state, action)


def apply(state: dict, action) -> dict:
    """Apply a legal action (unchecked) and log it."""
    p = to_move(state)
    state["events"] = []
    state["log"].append([p, str(action)])
    rng = Rng.from_hex(state["rng"])
    b = board_of(state)
    if isinstance(action, Capital):
        _place_capital(state, p, b.parse(action.square))
    elif isinstance(action, End):
        _end_turn(state)
    elif isinstance(action, Move):
        _move(state, p, b.parse(action.square), action.units, rng)
    elif isinstance(action, Upgrade):
        u = unit_by_id(state, action.unit)
        cost = kingdom_of(state, p)["costs"]
        state["spent"] += cost["cavalry"] if u["rank"] == 1 else cost["general"]
        u["rank"] += 1
        u["upgraded"] = True
        state["events"].append({"type": "upgrade", "unit": u["id"], "rank": u["rank"]})
        _use_move(state)
    elif isinstance(action, Build):
        sq = b.parse(action.square)
        s = state["structures"][sq]
        cost = kingdom_of(state, p)["costs"]
        state["spent"] += cost["tower"] if s is None else cost["castle"]
        state["structures"][sq] = [p, 1 if s is None else 2]
        state["events"].append(
            {"type": "build", "square": action.square, "level": 1 + (s is not None)}
        )
        if all(
            (t := state["structures"][z]) is not None and t == [p, 2]
            for z in structure_zone(state, p)
        ):
            _finish(state, [p], "fortified")
        else:
            _use_move(state)
    elif isinstance(action, Transport):
        u = unit_by_id(state, action.unit)
        state["spent"] += kingdom_of(state, p)["costs"]["power"]
        state["events"].append(
            {"type": "transport", "unit": u["id"], "from": b.name(u["sq"]), "to": action.square}
        )
        u["sq"] = b.parse(action.square)
        u["bonus"] = True
    elif isinstance(action, Bombard):
        u = unit_by_id(state, action.unit)
        state["spent"] += kingdom_of(state, p)["costs"]["power"]
        u["moved"] = True
        sq = b.parse(action.square)
        state["combat"] = _new_combat(state, p, sq, [u["id"]], {u["id"]: u["sq"]}, bombard=True)
        _run_combat(state, rng)
    elif isinstance(action, Ambush):
        c = state["combat"]
        if action.unit >= 0:
            state["spent"] += kingdom_of(state, p)["costs"]["power"]
            c["ambush"] = action.unit
            state["events"].append({"type": "ambush", "unit": action.unit})
        c["stage"] = "pair"
        _run_combat(state, rng)
    elif isinstance(action, Pair):
        _battle(state, action.defender, action.attacker, rng)
        _run_combat(state, rng)
    elif isinstance(action, Withdraw):
        c = state["combat"]
        if action.withdraw:
            c["attackers"].remove(c["winner"])
            state["events"].append({"type": "withdraw", "unit": c["winner"]})
        c["winner"] = None
        _next_battle(state)
        _run_combat(state, rng)
    elif isinstance(action, Breach):
        _run_siege(state, rng, action.unit)
        if state["combat"] is None:
            _turn_over_after_fight(state)
    state["rng"] = rng.hex()
    return state


def _place_capital(state: dict, p: int, sq: int) -> None:
    k = kingdom_of(state, p)
    state["capitals"][p] = sq
    state["markers"][sq] = p
    for _ in range(k["infantry"]):
        _add_unit(state, p, sq)
    state["events"].append({"type": "capital", "player": p, "square": board_of(state).name(sq)})
    n = state["options"]["players"]
    nxt = (p + 1) % n
    if nxt == state["options"]["first"]:
        state["phase"] = "play"
        _start_turn(state, nxt)
    else:
        state["player"] = nxt


def _add_unit(state: dict, p: int, sq: int) -> bool:
    if sum(1 for u in state["units"] if u["owner"] == p) >= MAX_UNITS:
        return False
    state["units"].append(
        {
            "id": state["next_id"],
            "owner": p,
            "rank": 1,
            "sq": sq,
            "moved": False,
            "upgraded": False,
            "bonus": False,
        }
    )
    state["next_id"] += 1
    return True


def _start_turn(state: dict, p: int) -> None:
    state["player"] = p
    state["moves_left"] = kingdom_of(state, p)["moves"]
    state["spent"] = 0
    for u in state["units"]:
        u["moved"] = u["upgraded"] = u["bonus"] = False


def _use_move(state: dict) -> None:
    state["moves_left"] -= 1
    if state["moves_left"] <= 0 and state["combat"] is None and state["phase"] == "play":
        _end_turn(state)


def _end_turn(state: dict) -> None:
    n = state["options"]["players"]
    first = state["options"]["first"]
    p = state["player"]
    order = (p - first) % n
    q = p
    for _ in range(n):
        q = (q + 1) % n
        if not state["out"][q]:
            break
    if (q - first) % n <= order:
        if state["round"] >= ROUNDS:
            _finish_by_rank(state)
            return
        state["round"] += 1
    state["events"].append({"type": "turn", "player": q, "round": state["round"]})
    _start_turn(state, q)


def _move(state: dict, p: int, dest: int, ids, rng: Rng) -> None:
    b = board_of(state)
    units = [unit_by_id(state, i) for i in ids]
    origins = {u["id"]: u["sq"] for u in units}
    for u in units:
        u["moved"] = True
    state["events"].append(
        {
            "type": "move",
            "units": list(ids),
            "to": b.name(dest),
            "from": {str(i): b.name(s) for i, s in origins.items()},
        }
    )
    occ = occupant(state, dest)
    if occ is not None and occ != p:
        state["combat"] = _new_combat(state, p, dest, list(ids), origins)
        state["moves_left"] -= 1
        _run_combat(state, rng)
        return
    s = state["structures"][dest]
    if s is not None and s[0] != p:
        _attack_structure(state, p, dest, list(ids), origins, rng)
    else:
        for u in units:
            u["sq"] = dest
        _arrive(state, p, dest)
    if state["phase"] == "play":
        _use_move(state)


def _new_combat(state, p, sq, ids, origins, bombard=False) -> dict:
    return {
        "sq": sq,
        "square": board_of(state).name(sq),
        "attacker": p,
        "defender": occupant(state, sq),
        "attackers": sorted(ids),
        "origins": {str(i): s for i, s in origins.items()},
        "stage": "ambush",
        "ambush": None,
        "winner": None,
        "bombard": bombard,
    }


def _next_battle(state: dict) -> None:
    state["combat"]["stage"] = "ambush"


def _run_combat(state: dict, rng: Rng) -> None:
    """Carry the combat on until someone must decide, or it is over."""
    c = state["combat"]
    while c is not None:
        p = c["attacker"]
        defenders = _defenders(state, c)
        if not c["attackers"] or not defenders:
            _end_combat(state, rng)
            return
        if c["stage"] == "ambush":
            k = kingdom_of(state, p)
            if (
                k["power"] == "ambush"
                and c["ambush"] is None
                and available(state, p) >= k["costs"]["power"]
            ):
                return
            c["stage"] = "pair"
        if c["stage"] == "pair":
            if len(legal_actions(state)) > 1:
                return
            _battle(state, defenders[0]["id"], _attacker_reps(state, c)[0], rng)
            continue
        return  # withdraw: the attacker decides


def _dice(rng: Rng, n: int) -> list[int]:
    return sorted((1 + rng.below(6) for _ in range(n)), reverse=True)


def compare(a: list[int], d: list[int]) -> int:
    """1 if dice ``a`` beat dice ``d`` (both sorted high to low), -1 if they lose, 0 if every
    die matched (a complete tie: roll again)."""
    for x, y in zip(a, d, strict=False):
        if x != y:
            return 1 if x > y else -1
    if len(a) != len(d):
        return 1 if len(a) > len(d) else -1
    return 0


def battle_dice(state: dict, c: dict, att: dict, dfn: dict) -> tuple[int, int]:
    """The numbers of dice the attacking and defending unit roll in this battle."""
    b = board_of(state)
    sq = c["sq"]
    na = att["rank"] + b.land_bonus(sq, kingdom_of(state, att["owner"])["pair"])
    na += 3 if c["ambush"] == att["id"] else 0
    na += 1 if att["bonus"] else 0
    nd = dfn["rank"] + b.land_bonus(sq, kingdom_of(state, dfn["owner"])["pair"])
    s = state["structures"][sq]
    if s is not None and s[0] == dfn["owner"]:
        nd += s[1]
    return na, nd


def _battle(state: dict, did: int, aid: int, rng: Rng) -> None:
    c = state["combat"]
    att, dfn = unit_by_id(state, aid), unit_by_id(state, did)
    na, nd = battle_dice(state, c, att, dfn)
    rolls = []
    while True:
        a, d = _dice(rng, na), _dice(rng, nd)
        rolls.append([a, d])
        outcome = compare(a, d)
        if outcome:
            break
    if c["ambush"] == aid:
        c["ambush"] = None
    att["bonus"] = False
    ev = {
        "type": "battle",
        "square": c["square"],
        "attacker": aid,
        "defender": did,
        "dice": rolls,
        "won": "attacker" if outcome > 0 else "defender",
    }
    state["events"].append(ev)
    later = later_rulings(state)
    if outcome > 0:
        _remove_unit(state, dfn, c["attacker"] if later else None)
        if c["bombard"]:
            c["attackers"] = []
        elif _defenders(state, c):
            c["winner"] = aid
            c["stage"] = "withdraw"
            return
    elif c["bombard"]:
        c["attackers"] = []  # a bombarding unit that loses stays where it is
    else:
        c["attackers"].remove(aid)
        _remove_unit(state, att, c["defender"] if later else None)
    c["stage"] = "ambush"


def _defenders(state: dict, c: dict) -> list[dict]:
    """The defending units left on the combat's square (the defeat of their player may have
    put the attacker's captured infantry there: those do not defend)."""
    return [u for u in units_at(state, c["sq"]) if u["owner"] == c["defender"]]


def _remove_unit(state: dict, u: dict, by: int | None = None) -> None:
    """Take a unit off the board; its player's last unit gone, they are out, defeated ``by``
    the other side of that battle (``None`` under the first rulings: nobody gains)."""
    state["units"].remove(u)
    p = u["owner"]
    if not any(v["owner"] == p for v in state["units"]) and not state["out"][p]:
        _defeat(state, p, by, "elimination")


def _end_combat(state: dict, rng: Rng) -> None:
    c = state["combat"]
    state["combat"] = None
    if state["phase"] != "play":
        return
    p, sq = c["attacker"], c["sq"]
    if c["attackers"] and not c["bombard"]:
        origins = {int(i): s for i, s in c["origins"].items()}
        s = state["structures"][sq]
        if s is not None and s[0] != p:
            _attack_structure(state, p, sq, c["attackers"], origins, rng)
        else:
            for i in c["attackers"]:
                unit_by_id(state, i)["sq"] = sq
            _arrive(state, p, sq)
    if state["combat"] is None:  # not when a siege decision follows the battles
        _turn_over_after_fight(state)


def _turn_over_after_fight(state: dict) -> None:
    """After a fight that took the turn's last move (or the attacker's last unit)."""
    if state["phase"] == "play" and (state["moves_left"] <= 0 or state["out"][state["player"]]):
        _end_turn(state)


def _attack_structure(state, p, sq, ids, origins, rng: Rng) -> None:
    """Undefended enemy structure: the units try one at a time with their rank's dice only; 5+
    breaks a tower, 6 a castle; the first success lets the rest in. Under the later rulings the
    attacker chooses who tries next (a ``siege`` decision, unless only one kind of unit is
    left); under the first, the strongest tries first."""
    if later_rulings(state):
        s = state["structures"][sq]
        state["combat"] = {
            "sq": sq,
            "square": board_of(state).name(sq),
            "attacker": p,
            "defender": s[0],
            "attackers": sorted(ids),
            "origins": {str(i): origins[i] for i in ids},
            "stage": "siege",
            "ambush": None,
            "winner": None,
            "bombard": False,
            "level": s[1],
        }
        _run_siege(state, rng)
        return
    s = state["structures"][sq]
    need = 5 if s[1] == 1 else 6
    units = sorted((unit_by_id(state, i) for i in ids), key=lambda u: (-u["rank"], u["id"]))
    for n, u in enumerate(units):
        dice = _dice(rng, u["rank"])
        ok = dice[0] >= need
        state["events"].append(
            {
                "type": "siege",
                "square": board_of(state).name(sq),
                "unit": u["id"],
                "dice": dice,
                "level": s[1],
                "won": ok,
            }
        )
        if ok:
            state["structures"][sq] = None
            for v in units[n:]:
                v["sq"] = sq
            _arrive(state, p, sq)
            return
        # failed: the unit stays on (returns to) the square it came from
        u["sq"] = origins[u["id"]]


def _run_siege(state: dict, rng: Rng, chosen: int | None = None) -> None:
    """Units try the structure (``chosen`` first) until one breaks it, all have failed, or the
    attacker must choose who tries next (units of several kinds left untried)."""
    c = state["combat"]
    p, sq = c["attacker"], c["sq"]
    need = 5 if c["level"] == 1 else 6
    while c["attackers"]:
        if chosen is None:
            reps = _siege_reps(state, c)
            if len(reps) > 1:
                return  # the attacker decides
            chosen = reps[0]
        u = unit_by_id(state, chosen)
        chosen = None
        dice = _dice(rng, u["rank"])
        ok = dice[0] >= need
        state["events"].append(
            {
                "type": "siege",
                "square": c["square"],
                "unit": u["id"],
                "dice": dice,
                "level": c["level"],
                "won": ok,
            }
        )
        if ok:
            state["combat"] = None
            state["structures"][sq] = None
            for i in c["attackers"]:  # it and those that have not tried yet
                unit_by_id(state, i)["sq"] = sq
            _arrive(state, p, sq)
            return
        c["attackers"].remove(u["id"])  # failed: it stays on the square it came from
    state["combat"] = None


def _arrive(state: dict, p: int, sq: int) -> None:
    """Units of ``p`` have taken ``sq``: capital, salting, claiming."""
    caps = state["capitals"]
    if sq in caps and caps.index(sq) != p:
        _defeat(state, caps.index(sq), p, "capital")
        if state["phase"] == "over":
            return
    m = state["markers"][sq]
    name = board_of(state).name(sq)
    if m >= 0 and m != p:
        state["markers"][sq] = SALTED
        state["events"].append({"type": "salt", "square": name, "player": m})
    elif is_resource_square(state, p, sq):
        if m == NONE:
            state["markers"][sq] = p
            made = _add_unit(state, p, sq)
            state["events"].append({"type": "claim", "square": name, "unit": made})
        elif m == SALTED:
            state["markers"][sq] = p
            state["events"].append({"type": "reclaim", "square": name})


def _defeat(state: dict, q: int, by: int | None, how: str) -> None:
    """Player ``q`` is out (``how``: ``capital`` taken, or ``elimination``, no unit left): their
    pieces leave the board. If the game goes on, the player who defeated them (``by``) gets 3
    infantry on their capital's square (the box's 20 units at most)."""
    cap = state["capitals"][q]
    state["out"][q] = True
    state["capitals"][q] = None
    state["units"] = [u for u in state["units"] if u["owner"] != q]
    state["markers"] = [NONE if m == q else m for m in state["markers"]]
    state["structures"] = [None if s is not None and s[0] == q else s for s in state["structures"]]
    ev = {"type": "defeat", "player": q, "by": by}
    state["events"].append(ev)
    left = [p for p in range(state["options"]["players"]) if not state["out"][p]]
    if len(left) == 1:
        _finish(state, left, how)
    elif by is not None and cap is not None:
        gained = sum(_add_unit(state, by, cap) for _ in range(CAPTURE_INFANTRY))
        if later_rulings(state):  # for the screens (editions 1-2: the event as it was)
            ev["gained"], ev["square"] = gained, board_of(state).name(cap)


def _finish(state: dict, winners: list[int], how: str) -> None:
    state["phase"] = "over"
    state["combat"] = None
    state["result"] = {"winners": winners, "how": how, "round": state["round"]}
    state["events"].append({"type": "over", "winners": winners, "how": how})


def _finish_by_rank(state: dict) -> None:
    n = state["options"]["players"]
    key = {
        p: (gold(state, p), sum(1 for u in state["units"] if u["owner"] == p))
        for p in range(n)
        if not state["out"][p]
    }
    best = max(key.values())
    _finish(state, [p for p in sorted(key) if key[p] == best], "rounds")


def result(state: dict) -> dict | None:
    if state["phase"] != "over":
        return None
    n = state["options"]["players"]
    return {**state["result"], "scores": [gold(state, p) for p in range(n)]}


def observation(state: dict, player: int) -> dict:
    """Everything is in plain view except the future dice: no seed, no generator."""
    view = {k: v for k, v in state.items() if k != "rng"}
    view["options"] = {k: v for k, v in state["options"].items() if k != "seed"}
    view["viewer"] = player
    return view
