"""What the moves of a Caldera game did and what a collection is worth, for the screens: pure
helpers that read the engine (``game``) and never change a rule or a state they are given.

* ``effects(state)``: for every entry of the log, what it did: the cap's step (quiet or
  erupting), each erupting piece's landing square and whether it was captured, the pieces
  that stayed, a Power Play's piece and square, a pass. Worked out by playing the log again
  from the game's options with the engine (``new_game``, ``preview``, ``apply``), so every
  eruption of the game is told with its captures, not only the last one. The work is kept
  between calls and extended as the log grows (a drawing asks many times per move).
  An observation has no seed, so its game cannot be played again: there the entries are read
  from their text and their order (a cap move followed by another player's entry ended its
  turn: an eruption), and only the last eruption (the state's ``last``) has its pieces.
* ``trio_report(collection)``: the one-colour trios a collection holds (the engine's win
  count, ``game.trios``) and, for the next trio, the fewest pieces missing and which.
"""

from __future__ import annotations

from . import game
from .actions import parse
from .board import COLOURS, SIZES

_CACHE: dict[str, tuple[list, dict | None, list]] = {}  # options -> (log, replayed, effects)
_CACHE_SIZE = 4
_LAST: list = [None]  # (log, its length, its last entry, effects): the same log asked again


def _options_key(options: dict) -> str:
    return repr(sorted(options.items()))


def _effect_of_text(player, text: str) -> dict | None:
    """What an entry says by its text alone (a cap move: ``erupts`` is not known here)."""
    try:
        action = parse(text)
    except Exception:  # a damaged entry: nothing to tell
        return None
    kind = action.kind
    if kind == "move":
        return {
            "kind": "move",
            "player": player,
            "from": action.frm,
            "to": action.to,
            "erupts": False,
            "flow": [],
            "stay": 0,
            "captured": [],
        }
    if kind == "power":
        return {"kind": "power", "player": player, "piece": action.piece, "at": action.at}
    return {"kind": kind, "player": player}


def _replay_step(replayed: dict, entry) -> dict | None:
    """Play one log entry on ``replayed`` (the engine's checked way) and return what it did;
    None if it cannot be played there (the state was not reached by its log)."""
    if not isinstance(entry, list) or len(entry) != 2:
        return None
    player, text = entry
    if game.to_move(replayed) != player:
        return None
    try:
        action = parse(text)
    except Exception:
        return None
    if game.why_illegal(replayed, action, player) is not None:
        return None
    effect = _effect_of_text(player, text)
    if action.kind == "move":
        p = game.preview(replayed, action)
        if p["erupts"]:
            effect["erupts"] = True
            effect["flow"] = [dict(f) for f in p["flow"]]
            effect["stay"] = len(p["stay"])
            effect["captured"] = [f["piece"] for f in p["flow"] if f["captured"]]
    game.apply(replayed, action)
    return effect


def _by_text(state: dict, start: int) -> list:
    """The effects of the log's entries from ``start`` on, read from their text and order;
    the last eruption's pieces from ``state["last"]``."""
    log = state["log"]
    n = len(log)
    out = []
    for i in range(start, n):
        entry = log[i]
        player, text = entry if isinstance(entry, list) and len(entry) == 2 else (None, entry)
        effect = _effect_of_text(player, str(text))
        if effect is not None and effect["kind"] == "move":
            if i + 1 < n:
                nxt = log[i + 1]
                ended = isinstance(nxt, list) and nxt[0] != player
            else:
                ended = state["result"] is not None or state["turn"]["start"] == n
            if ended:
                effect["erupts"] = True
                effect["flow"] = effect["captured"] = effect["stay"] = None  # not known here
        out.append(effect)
    # the state's last eruption: the newest erupting cap move
    last = state.get("last")
    for k in range(len(out) - 1, -1, -1):
        e = out[k]
        if e is not None and e["kind"] == "move" and e["erupts"]:
            if last and last.get("from") == e["from"] and last.get("to") == e["to"]:
                e["flow"] = [dict(f) for f in last["flow"]]
                e["stay"] = last["stay"]
                e["captured"] = [f["piece"] for f in last["flow"] if f["captured"]]
            break
    return out


def effects(state: dict) -> list:
    """One dict (or None for an entry that cannot be read) per log entry, in order::

        {"kind": "move", "player", "from", "to", "erupts", "flow": [{"piece", "to",
         "captured"}], "stay": n, "captured": [pieces]}
        {"kind": "power", "player", "piece", "at"}
        {"kind": "pass" | "resign" | "draw", "player"}

    For an eruption whose pieces cannot be known (an observation's older eruptions) ``flow``,
    ``stay`` and ``captured`` are None. Entries are shared with a cache: do not change them."""
    log = state["log"]
    options = state["options"]
    seeded = "seed" in options
    here = (log, len(log), _tail(log), seeded)
    fast = _LAST[0]
    if (
        fast is not None
        and fast[0] is log
        and fast[1] == here[1]
        and fast[2] is here[2]
        and fast[3] == seeded
    ):
        return fast[4]
    out = _effects(state, _options_key(options)) if seeded else _by_text(state, 0)
    _LAST[0] = (*here, out)  # the log is held: its id is not reused
    return out


def _tail(log: list):
    return log[-1] if log else None


def _effects(state: dict, key: str) -> list:
    log = state["log"]
    options = state["options"]
    cached = _CACHE.get(key)
    n = len(log)
    if cached is not None:
        clog, replayed, effs = cached
        m = len(clog)
        if m >= n and clog[:n] == log:
            if m > n and replayed is not None:  # moves taken back: the engine takes them back
                while len(replayed["log"]) > n and game.can_take_back(replayed):
                    game.take_back(replayed)
                if len(replayed["log"]) == n:
                    _CACHE[key] = (clog[:n], replayed, effs[:n])
                else:  # not within the turn: rebuilt when the log grows again
                    _CACHE[key] = (clog, None, effs)
            return effs[:n]
        if m < n and log[:m] == clog and replayed is not None:
            return _extend(key, state, clog, replayed, effs)
    try:
        replayed = game.new_game(**options)
    except Exception:
        return _by_text(state, 0)
    return _extend(key, state, [], replayed, [])


def _extend(key: str, state: dict, clog: list, replayed: dict, effs: list) -> list:
    log = state["log"]
    clog = list(clog)
    effs = list(effs)
    for i in range(len(clog), len(log)):
        effect = _replay_step(replayed, log[i])
        if effect is None:  # the log was not played from these options: read the rest
            effs.extend(_by_text(state, i))
            clog.extend([e[:] if isinstance(e, list) else e for e in log[i:]])
            replayed = None
            break
        effs.append(effect)
        clog.append(log[i][:])
    if len(_CACHE) >= _CACHE_SIZE and key not in _CACHE:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[key] = (clog, replayed, effs)
    return effs[: len(log)]


def effect_at(state: dict, index: int) -> dict | None:
    """``effects(state)[index]`` (None out of range)."""
    effs = effects(state)
    return effs[index] if 0 <= index < len(effs) else None


def move_squares(effect: dict | None) -> set[int]:
    """The squares a move touched: a cap's two squares and an eruption's landing squares, a
    Power Play's square; none for a pass."""
    if effect is None:
        return set()
    if effect["kind"] == "move":
        return {effect["from"], effect["to"], *(f["to"] for f in effect["flow"] or [])}
    if effect["kind"] == "power":
        return {effect["at"]}
    return set()


# --------------------------------------------------------------------------- trios


def counts_of(collection) -> dict[str, int]:
    counts = {c + s: 0 for c in COLOURS for s in SIZES}
    for piece in collection:
        if piece in counts:
            counts[piece] += 1
    return counts


def trio_report(collection) -> dict:
    """``{"trios": n, "by_colour": {colour: trios}, "missing": k, "next": [[piece, ...], ...]}``:
    ``trios`` is the engine's count (``game.trios``), ``by_colour`` the colours that make them;
    ``next`` lists, for each colour that comes closest, the pieces that would complete its
    next trio (``k`` of them each, the fewest over the colours)."""
    counts = counts_of(collection)
    by_colour = {}
    need = {}
    for c in COLOURS:
        have = [counts[c + s] for s in SIZES]
        done = min(have)
        if done:
            by_colour[c] = done
        need[c] = [c + s for s, k in zip(SIZES, have, strict=True) if k == done]
    fewest = min(len(v) for v in need.values())
    return {
        "trios": game.trios(collection),
        "by_colour": by_colour,
        "missing": fewest,
        "next": [need[c] for c in COLOURS if len(need[c]) == fewest],
    }
