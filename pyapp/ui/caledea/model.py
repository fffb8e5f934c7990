"""What Caledea's screens read from a state, through the engine's protocol and its helpers for
the screens (``GAME.board``, ``kingdom_card``, ``destinations``, ``battle_dice``): the board as a
``BoardView``, names, the units of a square, the last action's events (moves to animate, dice to
show), and log lines in words. Nothing here decides what is legal.
"""

from __future__ import annotations

from functools import cache

from pyapp.caledea.actions import parse
from pyapp.caledea.protocol import GAME

from ..i18n import plural, t
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
    return plural(f"cal.rank.{RANK[rank]}.count", n)


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
        return plural("cal.log.move", len(a.units), name=who, square=a.square)
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
    if kind == "breach":
        return t("cal.log.breach", name=who)
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
            if ev.get("gained"):  # later rulings: the victor's infantry on the capital's square
                n = ev["gained"]
                out.append(plural("cal.ev.gained", n, name=names[ev["by"]], square=ev["square"]))
        elif kind == "upgrade":
            out.append(t("cal.ev.upgrade", rank=rank_word(ev["rank"])))
        elif kind == "build":
            out.append(t(f"cal.ev.build{ev['level']}", square=ev["square"]))
        elif kind == "withdraw":
            out.append(t("cal.ev.withdraw"))
    return out


# --------------------------------------------------------------------------- dice and their sources

# where a unit's dice come from, in the order they are told: its rank, its kingdom's resources
# on the square (land), its tower or castle (a defender), an ambush or a transport (an attacker)
SOURCES = ("rank", "land", "tower", "castle", "ambush", "transport")


def before_action(state: dict, action) -> dict:
    """What the dice of the battles an action is about to fight depend on and the action may
    change (units removed, an ambush or a transport's die spent): kept before it is played, to
    tell afterwards where each battle's dice came from."""
    c = state.get("combat")
    ambush = c["ambush"] if c is not None else None
    if getattr(action, "kind", "") == "ambush" and action.unit >= 0:
        ambush = action.unit
    return {
        "units": {u["id"]: (u["owner"], u["rank"], bool(u.get("bonus"))) for u in state["units"]},
        "ambush": ambush,
        "structures": list(state["structures"]),
    }


def dice_sources(
    state: dict, sq: int, att, dfn, ambushed: bool, structures, pairs
) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """The attacker's and the defender's dice by source ([(source, n)]) in a battle on square
    ``sq``: ``att``/``dfn`` are (owner, rank, transport bonus) of each unit, ``ambushed``
    whether the attacker ambushes, ``structures`` the board's structures and ``pairs`` each
    player's two resources."""
    here = set(board_info(state)["squares"][sq]["resources"])

    def unit_dice(owner: int, rank: int) -> list[tuple[str, int]]:
        return [("rank", rank), ("land", len(here & set(pairs[owner])))]

    a = unit_dice(att[0], att[1])
    a += [("ambush", 3 if ambushed else 0), ("transport", 1 if att[2] else 0)]
    d = unit_dice(dfn[0], dfn[1])
    s = structures[sq]
    if s is not None and s[0] == dfn[0]:
        d.append((STRUCT[s[1]], s[1]))
    return [x for x in a if x[1] > 0], [x for x in d if x[1] > 0]


def battle_sources(state: dict, before: dict | None, pairs) -> list:
    """For each battle the last action fought (its ``battle`` events, in order): the dice of
    the attacker and of the defender by source, or None where they cannot be told (no record
    of the units before the action, as after loading a save) or do not add up to the dice
    rolled. The units' ambush and transport dice are spent in their first battle, as in play."""
    out = []
    if before is None:
        return [None for ev in state.get("events", []) if ev.get("type") == "battle"]
    units = dict(before["units"])
    ambush = before["ambush"]
    index = square_index(state)
    for ev in state.get("events", []):
        if ev.get("type") != "battle":
            continue
        aid, did = ev["attacker"], ev["defender"]
        att, dfn = units.get(aid), units.get(did)
        sq = index.get(ev["square"])
        if att is None or dfn is None or sq is None:
            out.append(None)
            continue
        a, d = dice_sources(state, sq, att, dfn, ambush == aid, before["structures"], pairs)
        rolled = ev["dice"][0]
        ok = sum(n for _, n in a) == len(rolled[0]) and sum(n for _, n in d) == len(rolled[1])
        out.append((a, d) if ok else None)
        if ambush == aid:
            ambush = None
        units[aid] = (att[0], att[1], False)
    return out


def sources_text(sources: list[tuple[str, int]], rank: int) -> str:
    """ "cavalry 2 + tower 1 = 3 dice"; a unit with its rank's dice only: "2 dice"."""
    total = sum(n for _, n in sources)
    if len(sources) <= 1:
        return plural("cal.dice", total)
    parts = [t("cal.dice.part", source=source_name(s, rank), n=n) for s, n in sources]
    return t("cal.dice.sum", parts=" + ".join(parts), n=total)


def source_name(source: str, rank: int) -> str:
    return rank_word(rank) if source == "rank" else t(f"cal.src.{source}")
