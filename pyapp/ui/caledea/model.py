"""What Caledea's screens read from a state, through the engine's protocol and its helpers for
the screens (``GAME.board``, ``kingdom_card``, ``destinations``, ``battle_dice``): the board as a
``BoardView``, names, the units of a square, the last action's events (moves to animate, dice to
show), and log lines in words. Nothing here decides what is legal.
"""

from __future__ import annotations

from functools import cache

from pyapp.caledea.actions import parse
from pyapp.caledea.protocol import GAME

from ..i18n import t
from .boardview import BoardView, SquareView

RANK = {1: "infantry", 2: "cavalry", 3: "general"}
STRUCT = {1: "tower", 2: "castle"}


@cache
def _board(epic: bool) -> dict:
    # the board of a game depends only on whether it is epic: computed once per kind
    return GAME.board({"options": {"epic": epic}})


def board_info(state: dict) -> dict:
    return _board(bool(state["options"]["epic"]))


def square_index(state: dict) -> dict[str, int]:
    return _index(bool(state["options"]["epic"]))


@cache
def _index(epic: bool) -> dict[str, int]:
    return {s["name"]: i for i, s in enumerate(_board(epic)["squares"])}


def at_of(state: dict, name: str) -> tuple[int, int]:
    w = board_info(state)["width"]
    i = square_index(state)[name]
    return i % w, i // w


def name_of(state: dict, at: tuple[int, int]) -> str:
    b = board_info(state)
    return b["squares"][at[1] * b["width"] + at[0]]["name"]


def player_names(state: dict) -> list[str]:
    opts = state["options"]
    names = opts.get("names")
    if isinstance(names, list) and len(names) == opts["players"]:
        return [str(n) for n in names]
    return list(opts["kingdoms"])


def board_view(state: dict) -> BoardView:
    b = board_info(state)
    w, hgt = b["width"], b["height"]
    units: dict[int, list] = {}
    for u in state["units"]:
        units.setdefault(u["sq"], []).append((u["owner"], RANK[u["rank"]], u["moved"]))
    capitals = {sq: p for p, sq in enumerate(state["capitals"]) if sq is not None}
    squares = {}
    for i, s in enumerate(b["squares"]):
        m = state["markers"][i]
        st = state["structures"][i]
        squares[(i % w, i // w)] = SquareView(
            at=(i % w, i // w),
            res=tuple(s["resources"]),
            marker=m if m >= 0 else None,
            salted=m == -2,
            units=tuple(units.get(i, ())),
            structure=(st[0], STRUCT[st[1]]) if st is not None else None,
            capital=capitals.get(i),
            name=s["name"],
        )
    return BoardView(w, hgt, squares)


def units_on(state: dict, at: tuple[int, int], owner: int | None = None) -> list[dict]:
    w = board_info(state)["width"]
    sq = at[1] * w + at[0]
    return [u for u in state["units"] if u["sq"] == sq and (owner is None or u["owner"] == owner)]


def unit(state: dict, uid: int) -> dict | None:
    for u in state["units"]:
        if u["id"] == uid:
            return u
    return None


def unit_or_none(state: dict):
    """``uid -> unit`` (None for a unit no longer on the board)."""
    return lambda uid: unit(state, uid)


def unit_at(state: dict, uid: int) -> tuple[int, int] | None:
    u = unit(state, uid)
    if u is None:
        return None
    w = board_info(state)["width"]
    return u["sq"] % w, u["sq"] // w


def rank_word(rank: int) -> str:
    """One unit's rank: "infantry", "cavalry", "general"."""
    return t(f"cal.rank.{RANK[rank]}.one")


def rank_name(rank: int, n: int = 1) -> str:
    return t(f"cal.rank.{RANK[rank]}.n", n=n)


def units_text(units: list[dict]) -> str:
    """ "2 cavalry and 1 infantry" """
    counts: dict[int, int] = {}
    for u in units:
        counts[u["rank"]] = counts.get(u["rank"], 0) + 1
    parts = [rank_name(r, counts[r]) for r in (3, 2, 1) if r in counts]
    return t("list.and").join(parts) if parts else t("cal.none")


def cards(state: dict) -> list[dict]:
    return [GAME.kingdom_card(state, p) for p in range(state["options"]["players"])]


def power_name(power: str) -> str:
    return t(f"cal.power.{power}")


def effect_text(effect: str, state: dict, dest: str) -> str:
    """What ending a move on ``dest`` will do, in words."""
    return t(f"cal.effect.{effect}", square=dest)


# --------------------------------------------------------------------------- the log in words


def describe(state: dict, player: int | None, text: str) -> str:
    """One action of the log in words."""
    names = player_names(state)
    who = names[player] if player is not None and 0 <= player < len(names) else ""
    try:
        a = parse(text)
    except Exception:  # a log entry this version cannot read: shown as it is
        return text
    kind = a.kind
    if kind == "capital":
        return t("cal.log.capital", name=who, square=a.square)
    if kind == "move":
        return t("cal.log.move", name=who, n=len(a.units), square=a.square)
    if kind == "upgrade":
        return t("cal.log.upgrade", name=who)
    if kind == "build":
        return t("cal.log.build", name=who, square=a.square)
    if kind == "bombard":
        return t("cal.log.bombard", name=who, square=a.square)
    if kind == "transport":
        return t("cal.log.transport", name=who, square=a.square)
    if kind == "end":
        return t("cal.log.end", name=who)
    if kind == "ambush":
        return t("cal.log.ambush" if a.unit >= 0 else "cal.log.noambush", name=who)
    if kind == "pair":
        return t("cal.log.pair", name=who)
    if kind == "withdraw":
        return t("cal.log.withdraw" if a.withdraw else "cal.log.stay", name=who)
    return text


def log_lines(state: dict, last: int) -> list[tuple[int | None, str]]:
    out = []
    for entry in state["log"][-last:] if last > 0 else []:
        p, text = entry if isinstance(entry, list) else (None, entry)
        out.append((p, describe(state, p, text)))
    return out


def event_lines(state: dict) -> list[str]:
    """What the last action did (claims, salting, defeats...), in words."""
    names = player_names(state)
    out = []
    for ev in state.get("events", []):
        kind = ev.get("type")
        if kind == "claim":
            out.append(t("cal.ev.claim", square=ev["square"]))
        elif kind == "reclaim":
            out.append(t("cal.ev.reclaim", square=ev["square"]))
        elif kind == "salt":
            out.append(t("cal.ev.salt", square=ev["square"], name=names[ev["player"]]))
        elif kind == "defeat":
            out.append(t("cal.ev.defeat", name=names[ev["player"]]))
        elif kind == "upgrade":
            out.append(t("cal.ev.upgrade", rank=rank_word(ev["rank"])))
        elif kind == "build":
            out.append(t(f"cal.ev.build{ev['level']}", square=ev["square"]))
        elif kind == "withdraw":
            out.append(t("cal.ev.withdraw"))
    return out
