"""The rules of Caldera (Kristin Looney, Looney Pyramids, 2011): setup, turns, eruptions, the end.

A state is plain JSON-safe data::

    {"format": 1, "options": {"players", "seed", "names", "first", "rules"},
     "board": [[piece, ...] x 25],      # each square's stack, bottom first ("YS", "YM", "YL")
     "caps": [square, ...],             # the squares a cap stands on (sorted)
     "collections": [[piece, ...], ...],  # each seat's captured pieces (sorted)
     "turn": {"player", "number", "start", "quiet", "power"},  # the turn under way
     "calm": n,                         # turns in a row without a capture
     "seen": {position key: count},     # positions at the start of a turn (stall guard)
     "last": {...} | None,              # the last eruption, for the screens (see ``erupt``)
     "result": None | {"winners", "reason", "by"},
     "rng": "hex", "log": [[player, "action text"], ...]}

Nothing is hidden in this game: an observation is the state without the seed and the generator.
The generator is used at setup only (layout, first player) and kept for the format's sake.

How the rules are read (the NOTES beside the rules decide most; these are our rulings):

* **Nests** (NOTES): small at the bottom, then medium, large on top, so a full nest erupts
  large first.
* **Setup**: the 24 nests fill the outer squares in a uniformly drawn layout with no two nests of
  a colour side by side: shuffles are drawn from the seed and rejected until one fits (a shuffle
  is abandoned as soon as a placed square clashes, which keeps the draw uniform). The first
  player is then drawn from the generator, unless the host names one (option ``first``: the
  draw is made all the same, so the layout never depends on it).
* **Take-backs**: the quiet moves and the Power Play of the turn under way can be taken back, last
  first (``take_back``), until the eruption; they are then gone from the log as if never made.
* **Quiet moves per turn**: at most ``MAX_QUIET`` (40) per turn, so every turn ends; after that
  only an erupting move (or the Power Play, or a pass) is left.
* **Pass** (NOTES): allowed only when no erupting move can be reached with the quiet moves left
  this turn and, while it is unused and the mover holds a piece, the Power Play (searched over
  every placement of the caps and every square the Power Play may fill). A pass ends the turn
  without an eruption. This is edition 2 of our rules (option ``rules``); under edition 1 (the
  games recorded before it, whose options have no ``rules``) the Power Play was not counted,
  so those games replay exactly as they were played (``record_options``).
* **Resignation and agreed draw** are actions of the player to move (``resign``, ``draw``: the
  interface asks the other players before sending a draw). They are always allowed while the
  game runs but are not listed by ``legal_actions`` (which lists the moves of play). After a
  resignation the other players with the most monochrome trios share the win.
* **Stall guard** (NOTES): a draw after 30 turns in a row without a capture, or when a position
  (board, caps, collections, player to move) is met for the third time at the start of a turn.
  The win is checked first, then the 30 calm turns, then the repetition.
* **Turn limit** (ours, beyond the NOTES): the game is a draw once ``MAX_TURNS`` (300) turns have
  been played. Power Plays let pieces go back and forth for ever with a capture now and then (so
  the 30 calm turns never come), which random play showed: games of thousands of turns.
"""

from __future__ import annotations

import functools
import hashlib

from ..core.errors import IllegalActionError, OptionsError
from ..core.module_game import public_view
from ..core.options import check_names, check_seed
from ..core.rng import Rng
from .actions import Move, Pass, Power, Word, parse
from .board import (
    CALDERA,
    COLOURS,
    N_SQUARES,
    NEST_COUNT,
    OUTER,
    PIECES,
    RAY,
    SIDE_NEIGHBOURS,
    SQUARE_NAMES,
    direction_between,
)

FORMAT = 1
MIN_PLAYERS, MAX_PLAYERS = 2, 3
WIN_TRIOS = 3
CALM_TURNS = 30  # turns in a row without a capture: a draw
REPEATS = 3  # a position met this many times at the start of a turn: a draw
MAX_QUIET = 40  # quiet moves per turn
MAX_TURNS = 300  # turns in all: a draw
RULES = 2  # the edition of our rulings new games follow (the Power Play counts against a pass)
RULES_EDITIONS = (1, 2)  # every edition this app plays
OLD_RULES = 1  # the edition of the games recorded before the option existed


# --------------------------------------------------------------------------- setup


def normalise_options(players=2, seed=1, names=None, first=None, rules=None, **extra) -> dict:
    """Check the options of a game and return them as the plain dict kept in the state
    (``rules``: the edition of our rulings, ``RULES`` for a new game when not given; a record
    without it is read with ``record_options``)."""
    if extra:
        raise OptionsError(f"unknown option {sorted(extra)[0]!r}")
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise OptionsError(f"Caldera takes 2 or 3 players, not {players!r}")
    check_seed(seed)
    names = check_names(names, players)
    if first is not None and (type(first) is not int or not 0 <= first < players):
        raise OptionsError(f"the first player is a seat from 0 to {players - 1}")
    if rules is None:
        rules = RULES
    if type(rules) is not int or rules not in RULES_EDITIONS:
        raise OptionsError(
            f"this game was played with edition {rules!r} of the rules; this app plays "
            f"editions {', '.join(map(str, RULES_EDITIONS))}"
        )
    return {"players": players, "seed": seed, "names": names, "first": first, "rules": rules}


def record_options(options):
    """The options of a recorded game (a save, an export) as the engine reads them: a record
    made before the rules had editions has no ``rules`` and follows edition 1 (``OLD_RULES``).
    Anything not a dict is returned as it is (the caller refuses it)."""
    if isinstance(options, dict) and "rules" not in options:
        return {**options, "rules": OLD_RULES}
    return options


def rules_of(state: dict) -> int:
    """The edition of the rulings a game (or an observation) follows."""
    return state["options"].get("rules", OLD_RULES)


_SLOT_OF = {sq: i for i, sq in enumerate(OUTER)}
# for each slot of OUTER, its side neighbours among the later slots (the caldera is no slot)
_LATER_SIDES = tuple(
    tuple(_SLOT_OF[t] for t in SIDE_NEIGHBOURS[sq] if t != CALDERA and _SLOT_OF[t] > i)
    for i, sq in enumerate(OUTER)
)
_MASK = (1 << 64) - 1


def draw_layout(rng: Rng) -> list[str]:
    """The colours of the 24 outer squares (in ``OUTER`` order): a uniform draw among the
    layouts where no two nests of a colour share a side, by rejection of shuffles.

    Each shuffle is ``Rng.shuffle`` (Fisher-Yates from the end) with the generator's steps
    written out for speed (the same numbers as ``rng.below``). After step ``i`` slot ``i``
    holds its final colour, so a clash with a final neighbour (a later slot) rejects the
    shuffle at once: the accepted layouts are those of whole shuffles, so still uniform."""
    base = [c for c in COLOURS for _ in range(NEST_COUNT)]
    later = _LATER_SIDES
    st = rng.state
    while True:
        items = base[:]
        for i in range(len(items) - 1, -1, -1):
            if i:
                st = (st + 0x9E3779B97F4A7C15) & _MASK
                z = ((st ^ (st >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                j = ((z ^ (z >> 31)) * (i + 1)) >> 64
                items[i], items[j] = items[j], items[i]
            c = items[i]
            for k in later[i]:
                if items[k] == c:
                    break
            else:
                continue
            break
        else:
            rng.state = st
            return items


@functools.lru_cache(maxsize=16)
def _layout_of_seed(seed) -> tuple[tuple[str, ...], int]:
    """The layout a seed draws and the generator's state after it (kept for replays: a game
    is rebuilt from its seed each time a save is loaded)."""
    rng = Rng.from_seed(seed)
    return tuple(draw_layout(rng)), rng.state


def new_game(**options) -> dict:
    """Set up a game from options (see ``normalise_options``): the nests by the seed, caps on
    the red nests, the caldera empty."""
    options = normalise_options(**options)
    players = options["players"]
    colours, rng_state = _layout_of_seed(options["seed"])
    rng = Rng(rng_state)
    drawn = rng.below(players)
    if options["first"] is None:
        options["first"] = drawn
    board: list[list[str]] = [[] for _ in range(N_SQUARES)]
    for sq, c in zip(OUTER, colours, strict=True):
        board[sq] = [c + "S", c + "M", c + "L"]
    caps = sorted(sq for sq, c in zip(OUTER, colours, strict=True) if c == "R")
    p = options["first"]
    state = {
        "format": FORMAT,
        "options": options,
        "board": board,
        "caps": caps,
        "collections": [[] for _ in range(players)],
        "turn": {"player": p, "number": 1, "start": 0, "quiet": 0, "power": False},
        "calm": 0,
        "seen": {},
        "last": None,
        "result": None,
        "rng": rng.hex(),
        "log": [],
    }
    state["seen"][position_key(state)] = 1
    return state


# --------------------------------------------------------------------------- reading a state


def to_move(state: dict) -> int | None:
    return None if state["result"] is not None else state["turn"]["player"]


def is_over(state: dict) -> bool:
    return state["result"] is not None


def decision(state: dict) -> dict | None:
    """``{"player", "kind": "turn", "quiet", "power"}`` while the game runs (``quiet``: quiet
    moves made this turn; ``power``: whether the Power Play is used), else ``None``."""
    if state["result"] is not None:
        return None
    t = state["turn"]
    return {"player": t["player"], "kind": "turn", "quiet": t["quiet"], "power": t["power"]}


def trios(collection) -> int:
    """Monochrome trios in a collection: per colour, the fewest of its three sizes, summed."""
    counts = dict.fromkeys(PIECES, 0)
    for piece in collection:
        counts[piece] += 1
    return sum(min(counts[c + "S"], counts[c + "M"], counts[c + "L"]) for c in COLOURS)


def position_key(state: dict) -> str:
    """A short fingerprint of board, caps, collections and player to move (the stall guard)."""
    text = "|".join(
        [
            "/".join("".join(stack) for stack in state["board"]),
            ",".join(map(str, state["caps"])),
            ";".join("".join(c) for c in state["collections"]),
            str(state["turn"]["player"]),
        ]
    )
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:16]


def flow(board, caps, frm: int, d: int) -> tuple[list, int]:
    """The eruption of a cap leaving ``frm`` in direction ``d`` (the cap already on its new
    square, so not in ``caps`` at ``frm``): ``([(piece, square, captured), ...], stay)`` where
    ``stay`` counts the pieces that cannot land and stay on ``frm``. Reads, never writes.

    Each landing square receives at most one piece (they lie at different distances), so a
    piece is captured exactly when the top of its landing square is of its size."""
    stack = board[frm]
    ray = RAY[frm][d]
    out = []
    k = len(stack) - 1
    for t in ray[1:]:
        if k < 0 or t in caps:
            break
        piece = stack[k]
        target = board[t]
        out.append((piece, t, bool(target) and target[-1][1] == piece[1]))
        k -= 1
    return out, k + 1


def erupts(board, caps, frm: int, d: int) -> bool:
    """Whether moving the cap on ``frm`` in direction ``d`` (a legal move) erupts: pieces are
    left under it and the first landing square is on the board and bears no cap."""
    ray = RAY[frm][d]
    return bool(board[frm]) and len(ray) >= 2 and ray[1] not in caps


def steps(board, caps: tuple, capset: set):
    """Every legal one-square step of a cap in a placement (``caps`` sorted, ``capset`` the
    same squares): ``(i, frm, d, to, erupting)`` with ``i`` the cap's index in ``caps``."""
    for i, frm in enumerate(caps):
        loaded = bool(board[frm])
        for d in range(8):
            ray = RAY[frm][d]
            if not ray or ray[0] in capset:
                continue
            yield i, frm, d, ray[0], loaded and len(ray) >= 2 and ray[1] not in capset


def moved(caps: tuple, i: int, to: int) -> tuple:
    """The placement after cap ``i`` of ``caps`` steps to ``to`` (sorted)."""
    return tuple(sorted(caps[:i] + (to,) + caps[i + 1 :]))


def flow_of_move(board, capset: set, frm: int, d: int, to: int) -> tuple[list, int]:
    """``flow`` of the cap on ``frm`` stepping to ``to``, for a placement ``capset`` before
    the step (changed for the time of the call only)."""
    capset.discard(frm)
    capset.add(to)
    try:
        return flow(board, capset, frm, d)
    finally:
        capset.discard(to)
        capset.add(frm)


def cap_moves(state: dict) -> list[tuple[Move, bool]]:
    """Every legal cap move now, with whether it erupts (quiet moves only while allowed)."""
    caps = tuple(state["caps"])
    more_quiet = state["turn"]["quiet"] < MAX_QUIET
    return [
        (Move(frm, to), e)
        for _, frm, _, to, e in steps(state["board"], caps, set(caps))
        if e or more_quiet
    ]


def preview(state: dict, move: Move) -> dict:
    """What a legal cap move would do: ``{"erupts": bool, "flow": [{"piece", "to", "captured"}],
    "stay": [pieces left on the origin]}`` (the screens show this before the move is made)."""
    d = direction_between(move.frm, move.to)
    caps = (set(state["caps"]) - {move.frm}) | {move.to}
    if not erupts(state["board"], caps, move.frm, d):
        return {"erupts": False, "flow": [], "stay": []}
    out, stay = flow(state["board"], caps, move.frm, d)
    return {
        "erupts": True,
        "flow": [{"piece": p, "to": t, "captured": c} for p, t, c in out],
        "stay": state["board"][move.frm][:stay],
    }


def previews(state: dict) -> list[tuple[Move, dict]]:
    """Every legal cap move now with its ``preview`` (what the screens highlight)."""
    return [(m, preview(state, m)) for m, _ in cap_moves(state)]


def eruption_reachable(state: dict) -> bool:
    """Whether the player to move can still make an eruption this turn, with the quiet moves
    left and (edition 2 of the rules, ``rules_of``) the Power Play when it is unused and the
    mover holds a piece. Breadth-first searches over the placements of the caps: the pieces
    never move during quiet moves, and the Power Play matters only on an empty square."""
    board = state["board"]
    left = MAX_QUIET - state["turn"]["quiet"]
    start = tuple(state["caps"])
    if _reachable(board, start, left):
        return True
    p = state["turn"]["player"]
    if rules_of(state) < 2 or state["turn"]["power"] or not state["collections"][p]:
        return False
    return _reachable_with_power(board, start, left)


def _reachable(board, start: tuple, left: int) -> bool:
    """An erupting move within ``left`` quiet moves of placement ``start``, board unchanged."""
    seen = {start}
    frontier = [start]
    depth = 0
    while frontier:
        nxt = []
        for caps in frontier:
            for i, _, _, to, erupting in steps(board, caps, set(caps)):
                if erupting:
                    return True
                if depth < left:
                    new = moved(caps, i, to)
                    if new not in seen:
                        seen.add(new)
                        nxt.append(new)
        frontier = nxt
        depth += 1
    return False


def _reachable_with_power(board, start: tuple, left: int) -> bool:
    """An erupting move within ``left`` quiet moves of ``start`` when one piece may be put, at
    any time before it, on a square without a cap (the Power Play). A node is a placement and
    the square the piece went to (``-1``: not yet played); playing it costs no quiet move.
    Only empty squares are tried: a piece on a stack changes no move from quiet to erupting."""
    filled = {}
    for sq in range(N_SQUARES):
        if not board[sq]:
            b = list(board)
            b[sq] = ["power"]
            filled[sq] = b
    seen = set()
    frontier = []

    def add(node, to):
        if node not in seen:
            seen.add(node)
            to.append(node)

    add((start, -1), frontier)
    depth = 0
    while frontier:
        for caps, at in list(frontier):  # the Power Play now, at no cost (same depth)
            if at == -1:
                for sq in filled:
                    if sq not in caps:
                        add((caps, sq), frontier)
        nxt = []
        for caps, at in frontier:
            b = board if at == -1 else filled[at]
            for i, _, _, to, erupting in steps(b, caps, set(caps)):
                if erupting:
                    return True
                if depth < left:
                    add((moved(caps, i, to), at), nxt)
        frontier = nxt
        depth += 1
    return False


def legal_actions(state: dict, player: int | None = None) -> list:
    """The moves of play open to ``player`` (default: the player to move): cap moves, then
    Power Plays, or ``pass`` when no eruption can be reached. Resignation and agreed draw are
    always allowed besides (not listed). Works on an observation too."""
    if state["result"] is not None:
        return []
    p = state["turn"]["player"]
    if player is not None and player != p:
        return []
    out: list = [m for m, _ in cap_moves(state)]
    if not state["turn"]["power"] and state["collections"][p]:
        capset = set(state["caps"])
        squares = [sq for sq in range(N_SQUARES) if sq not in capset]
        for piece in sorted(set(state["collections"][p])):
            out.extend(Power(piece, sq) for sq in squares)
    if not eruption_reachable(state):
        out.append(Pass)
    return out


def why_illegal(state: dict, action, player: int | None = None) -> str | None:
    """``None`` when ``action`` is legal now, else the reason in plain words."""
    if state["result"] is not None:
        return "the game is over"
    p = state["turn"]["player"]
    if player is not None and player != p:
        return f"it is {state['options']['names'][p]}'s turn"
    if isinstance(action, Word) and action.kind in ("resign", "draw"):
        return None
    if isinstance(action, Move):
        if action.frm not in state["caps"]:
            return f"there is no cap on {SQUARE_NAMES[action.frm]}"
        if action.to in state["caps"]:
            return f"a cap already stands on {SQUARE_NAMES[action.to]}"
        d = direction_between(action.frm, action.to)
        if d is None:
            return "a cap moves one square, to a neighbour"
        caps = (set(state["caps"]) - {action.frm}) | {action.to}
        if state["turn"]["quiet"] >= MAX_QUIET and not erupts(state["board"], caps, action.frm, d):
            return f"after {MAX_QUIET} quiet moves in a turn, only an erupting move is left"
        return None
    if isinstance(action, Power):
        if state["turn"]["power"]:
            return "the Power Play is used once per turn at most"
        if action.piece not in state["collections"][p]:
            return "that piece is not in your collection"
        if action.at in state["caps"]:
            return "nothing is ever placed on a cap"
        return None
    if action == Pass:
        if eruption_reachable(state):
            return "no passing: an eruption can still be made this turn"
        return None
    return "not an action of this game"


# --------------------------------------------------------------------------- playing


def apply(state: dict, action) -> dict:
    """Unchecked move (``action`` must be legal); mutates and returns ``state``."""
    turn = state["turn"]
    p = turn["player"]
    state["log"].append([p, str(action)])
    kind = action.kind
    if kind == "move":
        caps = state["caps"]
        caps.remove(action.frm)
        caps.append(action.to)
        caps.sort()
        d = direction_between(action.frm, action.to)
        if erupts(state["board"], caps, action.frm, d):
            captured = erupt(state, action.frm, d)
            _end_turn(state, captured)
        else:
            turn["quiet"] += 1
    elif kind == "power":
        coll = state["collections"][p]
        coll.remove(action.piece)
        state["board"][action.at].append(action.piece)
        turn["power"] = True
    elif kind == "pass":
        state["last"] = None
        _end_turn(state, 0)
    elif kind == "resign":
        others = [s for s in range(state["options"]["players"]) if s != p]
        best = max(trios(state["collections"][s]) for s in others)
        winners = [s for s in others if trios(state["collections"][s]) == best]
        state["result"] = {"winners": winners, "reason": "resign", "by": p}
    elif kind == "draw":
        state["result"] = {"winners": [], "reason": "agreed", "by": p}
    return state


def erupt(state: dict, frm: int, d: int) -> int:
    """Carry out the eruption from ``frm`` (the cap already moved); returns the number of pieces
    captured. ``state["last"]`` tells the screens what happened: ``{"player", "from", "to",
    "flow": [{"piece", "to", "captured"}], "stay": n}``."""
    board = state["board"]
    p = state["turn"]["player"]
    out, stay = flow(board, set(state["caps"]), frm, d)
    coll = state["collections"][p]
    captured = 0
    for piece, t, cap in out:
        if cap:
            coll.append(piece)
            captured += 1
        else:
            board[t].append(piece)
    del board[frm][stay:]
    coll.sort()
    state["last"] = {
        "player": p,
        "from": frm,
        "to": RAY[frm][d][0],
        "flow": [{"piece": piece, "to": t, "captured": c} for piece, t, c in out],
        "stay": stay,
    }
    return captured


def _end_turn(state: dict, captured: int) -> None:
    turn = state["turn"]
    p = turn["player"]
    n = state["options"]["players"]
    state["calm"] = 0 if captured else state["calm"] + 1
    if trios(state["collections"][p]) >= WIN_TRIOS:
        state["result"] = {"winners": [p], "reason": "trios", "by": p}
        return
    if state["calm"] >= CALM_TURNS:
        state["result"] = {"winners": [], "reason": "calm", "by": p}
        return
    if turn["number"] >= MAX_TURNS:
        state["result"] = {"winners": [], "reason": "turns", "by": p}
        return
    state["turn"] = {
        "player": (p + 1) % n,
        "number": turn["number"] + 1,
        "start": len(state["log"]),
        "quiet": 0,
        "power": False,
    }
    key = position_key(state)
    seen = state["seen"]
    seen[key] = seen.get(key, 0) + 1
    if seen[key] >= REPEATS:
        state["result"] = {"winners": [], "reason": "repetition", "by": p}


def can_take_back(state: dict) -> bool:
    """Whether the turn under way has a quiet move or a Power Play to take back."""
    return state["result"] is None and len(state["log"]) > state["turn"]["start"]


def take_back(state: dict) -> dict:
    """Undo the last quiet move or Power Play of the turn under way (``IllegalActionError`` if
    there is none): the state is exactly as before it, its log one entry shorter."""
    if not can_take_back(state):
        raise IllegalActionError("nothing to take back in this turn")
    turn = state["turn"]
    _, text = state["log"].pop()
    action = parse(text)
    if action.kind == "move":
        caps = state["caps"]
        caps.remove(action.to)
        caps.append(action.frm)
        caps.sort()
        turn["quiet"] -= 1
    else:  # power
        state["board"][action.at].pop()
        coll = state["collections"][turn["player"]]
        coll.append(action.piece)
        coll.sort()
        turn["power"] = False
    return state


def observation(state: dict, player: int) -> dict:
    """What ``player`` sees: everything but the seed and the generator (nothing else is
    hidden). A read-only view sharing the state's lists: copy before changing anything."""
    return public_view(state, player, state["options"]["players"], "rng")


def copy_state(state: dict) -> dict:
    """A deep copy of a state or observation (faster than ``copy.deepcopy`` for this shape)."""
    out = dict(state)
    out["board"] = [s[:] for s in state["board"]]
    out["caps"] = state["caps"][:]
    out["collections"] = [c[:] for c in state["collections"]]
    out["turn"] = dict(state["turn"])
    out["seen"] = dict(state["seen"])
    out["log"] = state["log"][:]
    return out


def result(state: dict) -> dict | None:
    """``None`` while the game runs; else ``{"winners", "scores" (monochrome trios per seat),
    "reason" (trios, resign, agreed, calm, repetition, turns), "by", "turns", "collections"}``."""
    r = state["result"]
    if r is None:
        return None
    return {
        **r,
        "scores": [trios(c) for c in state["collections"]],
        "turns": state["turn"]["number"],
        "collections": [c[:] for c in state["collections"]],
    }
