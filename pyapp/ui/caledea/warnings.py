"""What a player of Caledea needs to be warned of and told, worked out from the state with the
engine's own path finding (``engine.reach``, ``engine.blocked_squares``): nothing here decides
what is legal, it only reads the board.

* **A capital in danger.** For each enemy unit (of a player still in the game), the squares it
  could reach with one move of its range (infantry 1, cavalry 2, general 3 steps, orthogonal,
  never through enemy units or enemy structures; the last step may enter them), and with two
  moves (twice its range, through the same free squares): a unit whose one move reaches the
  capital is a danger on its owner's next turn ("next"), one whose two moves reach it within two
  of its owner's turns ("later"). Units that moved this turn count as well (they move again on
  their next turn). A Transport jump and units not yet on the board are not counted.
* **A square left open.** Before Confirm of a move: each square the move leaves with none of the
  mover's units, where the mover has their capital, a claimed marker or a structure, and which an
  enemy unit could reach with one move once the move is made.
* **The ways to win and how close each player is**: the castles of the fortified city (castles
  on the capital and its four neighbours, of 5), the enemy capitals still standing, the round
  of the round limit.
* **Gold**: one gold a turn for each claimed square; what it will be next turn (the claimed
  squares as they stand); why a purchase cannot be made ("needs 3 gold, 1 left").
"""

from __future__ import annotations

from pyapp.caledea import engine

from ..i18n import plural, t
from ..vdom import h
from . import model

# ------------------------------------------------------------------ the capital in danger


def _names(state: dict) -> list[str]:
    return model.board_info(state)["squares"]


def threats(state: dict, square: int, owner: int, units=None) -> dict[str, list[dict]]:
    """Enemy units (of ``owner``) that can reach ``square``: ``{"next": [...], "later":
    [...]}``, those one move away and those two moves away (``units``: the units to consider,
    by default the board's)."""
    units = state["units"] if units is None else units
    view = state if units is state["units"] else {**state, "units": units}
    out: dict[str, list[dict]] = {"next": [], "later": []}
    blocked: dict[int, set] = {}
    for u in units:
        q = u["owner"]
        if q == owner or state["out"][q]:
            continue
        if q not in blocked:
            blocked[q] = engine.blocked_squares(view, q)
        r = engine.RANGE[u["rank"]]
        paths = engine.reach(view, u["sq"], 2 * r, blocked[q])
        path = paths.get(square)
        if path is None:
            continue
        out["next" if len(path) - 1 <= r else "later"].append(u)
    return out


def capital_watch(state: dict, p: int) -> dict | None:
    """Player ``p``'s capital: its square, its defenders (units and structure) and the enemy
    units that can reach it (``threats``); None when ``p`` has no capital."""
    if state["phase"] != "play" and state["phase"] != "over":
        return None
    cap = state["capitals"][p] if p < len(state["capitals"]) else None
    if cap is None:
        return None
    defenders = [u for u in state["units"] if u["sq"] == cap and u["owner"] == p]
    s = state["structures"][cap]
    structure = s[1] if s is not None and s[0] == p else None
    found = threats(state, cap, p)
    return {
        "sq": cap,
        "square": _names(state)[cap]["name"],
        "defenders": defenders,
        "structure": structure,
        "next": found["next"],
        "later": found["later"],
    }


def defenders_text(watch: dict) -> str:
    units = watch["defenders"]
    text = model.units_text(units) if units else t("cal.warn.defenders_none")
    if watch["structure"] is not None:
        text = t(f"cal.warn.with.{model.STRUCT[watch['structure']]}", units=text)
    return text


def _enemy_units(state: dict, units: list[dict], names: list[str]) -> str:
    """ "Talaq: 4 infantry on f3, Talaq: 1 cavalry on g4" (grouped by player and square)."""
    squares = _names(state)
    groups: dict[tuple[int, int], list[dict]] = {}
    for u in sorted(units, key=lambda u: (u["owner"], u["sq"])):
        groups.setdefault((u["owner"], u["sq"]), []).append(u)
    words = [
        t(
            "cal.warn.unit",
            name=names[owner],
            units=model.units_text(group),
            square=squares[sq]["name"],
        )
        for (owner, sq), group in groups.items()
    ]
    return t("list.sep").join(words)


def capital_warning(state: dict, watch: dict | None, names: list[str]) -> tuple[str, str] | None:
    """The warning for a capital (``capital_watch``): ("next" | "later", the words), or None
    (no enemy unit within two moves)."""
    if watch is None:
        return None
    for level in ("next", "later"):
        units = watch[level]
        if units:
            return level, plural(
                f"cal.warn.{level}",
                len(units),
                square=watch["square"],
                units=_enemy_units(state, units, names),
                defenders=defenders_text(watch),
            )
    return None


# ------------------------------------------------------------------ a square left open


def left_open(state: dict, action) -> list[str]:
    """The squares a move (``Move``) leaves without any of the mover's units, that hold the
    mover's capital, claimed marker or structure, and that an enemy unit could reach with one
    move once the move is made (names, in the board's order)."""
    if getattr(action, "kind", "") != "move":
        return []
    p = state["player"]
    index = model.square_index(state)
    dest = index.get(action.square)
    moving = set(action.units)
    if dest is None:
        return []
    after = []
    origins = set()
    for u in state["units"]:
        if u["id"] in moving:
            origins.add(u["sq"])
            after.append({**u, "sq": dest})
        else:
            after.append(u)
    out = []
    for sq in sorted(origins):
        if any(u["sq"] == sq and u["owner"] == p for u in after):
            continue
        s = state["structures"][sq]
        valuable = (
            state["capitals"][p] == sq or state["markers"][sq] == p or (s is not None and s[0] == p)
        )
        if valuable and threats(state, sq, p, after)["next"]:
            out.append(_names(state)[sq]["name"])
    return out


def left_open_text(state: dict, action) -> str:
    squares = left_open(state, action)
    if not squares:
        return ""
    return plural("cal.warn.open", len(squares), squares=t("list.and").join(squares))


# ------------------------------------------------------------------ the cards: winning and gold


def city_castles(state: dict, p: int) -> int:
    """Castles of ``p`` on their capital and its four neighbours (5 win)."""
    return sum(
        1
        for sq in engine.structure_zone(state, p)
        if state["structures"][sq] is not None and state["structures"][sq] == [p, 2]
    )


def rivals_standing(state: dict, p: int) -> int:
    """Enemy capitals still on the board."""
    return sum(
        1
        for q, cap in enumerate(state["capitals"])
        if q != p and cap is not None and not state["out"][q]
    )


def ways_to_win(state: dict) -> str:
    return t("cal.win.ways", limit=engine.ROUNDS, round=state["round"])


def card_rows(state: dict, p: int, card: dict, watch: dict | None) -> list[tuple[str, str, str]]:
    """Rows added to ``p``'s kingdom card: (key, term, value) for the gold of next turn, the
    capital (``watch``: its defenders, enemy units near), the fortified city and the enemy
    capitals."""
    if card.get("out"):
        return []
    rows = []
    own = len(card.get("resource_squares", ()))
    rows.append(
        (
            "income",
            t("cal.card.income"),
            plural("cal.card.income_value", card["gold"], claimed=card["gold"], own=own),
        )
    )
    if watch is not None:
        text = t("cal.card.capital_value", square=watch["square"], defenders=defenders_text(watch))
        if watch["next"]:
            near = plural("cal.card.threat_next", len(watch["next"]))
        elif watch["later"]:
            near = plural("cal.card.threat_later", len(watch["later"]))
        else:
            near = t("cal.card.threat_none")
        rows.append(
            ("capital", t("cal.card.capital"), t("cal.card.capital_line", where=text, near=near))
        )
    rows.append(("city", t("cal.card.city"), t("cal.card.city_value", n=city_castles(state, p))))
    rows.append(
        (
            "rivals",
            t("cal.card.rivals"),
            plural("cal.card.rivals_value", rivals_standing(state, p)),
        )
    )
    return rows


def short_of(need: int, left: int) -> str | None:
    """Why a purchase cannot be made for lack of gold: "needs 3 gold, 1 left" (None: enough)."""
    if left >= need:
        return None
    return t("cal.why.gold", need=need, left=left)


# ------------------------------------------------------------------ for the screens


def board_marks(state: dict, watch: dict | None) -> dict:
    """The board's mark for a capital in danger: {(x, y): "next" | "later"} (empty if none)."""
    if watch is None or not (watch["next"] or watch["later"]):
        return {}
    w = model.board_info(state)["width"]
    return {(watch["sq"] % w, watch["sq"] // w): "next" if watch["next"] else "later"}


def panel(ctrl):
    """The warning of the viewer's capital, above the cards (None when it is safe)."""
    state = ctrl.state
    if state["phase"] != "play":
        return None
    p = ctrl.viewer()
    found = capital_warning(state, ctrl.capital_watch(p), ctrl.names())
    if found is None:
        return None
    level, text = found
    return h(
        "p",
        {
            "class": f"cal-warning warn-{level} own-{p}",
            "data-key": "capital-warning",
            "role": "status",
        },
        h("strong", None, t("cal.warn.title"), " "),
        text,
    )


def build_need(state: dict, p: int, costs: dict) -> int | None:
    """The gold the cheapest structure ``p`` could still put up would cost (a tower on a free
    square of the capital's five, else a castle on one of their towers); None: none left."""
    needs = []
    for sq in engine.structure_zone(state, p):
        s = state["structures"][sq]
        if s is None:
            needs.append(costs["tower"])
        elif s[0] == p and s[1] == 1:
            needs.append(costs["castle"])
    return min(needs) if needs else None


def why_label(label, why: str | None):
    """A button's label with why it cannot be used, beside it in small print."""
    if not why:
        return label
    return [label, " ", h("small", {"class": "why"}, why)]
