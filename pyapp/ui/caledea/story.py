"""The story of a game of Caledea: every action of the log told with what it did (battles with
both sides' dice and how the dice decided them, attacks on towers and castles, claims, salting,
capitals taken, players defeated, gold gained, lost and spent, withdrawals).

The engine's state keeps only the last action's events (``state["events"]``) and the log's
action texts, and its format stays as it is (saves hold the options and the action log). So the
story is rebuilt by replaying the game from its options and its log through the protocol, one
action at a time, noting each action's events and what the units it names were before it
(``Chronicle``). The replay is kept: a new action costs one more step, a redraw costs nothing,
and a reloaded game gets its whole story from its first action. The words (``tell``) are made
at drawing time, in the language of the moment.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pyapp.caledea import engine
from pyapp.caledea.protocol import GAME

from ..i18n import language, plural, t
from ..vdom import E, h
from . import model

# ------------------------------------------------------------------ what each action did


@dataclass
class Record:
    """One action of the log and what it did."""

    seat: int | None
    text: str  # the action as the log holds it ("move f3 1,2")
    kind: str  # the action's kind ("move", "pair"...); "" when it could not be read
    round: int  # the round it was played in
    events: list = field(default_factory=list)  # the engine's events of this action
    units: dict = field(default_factory=dict)  # unit id -> (owner, rank) before the action
    fight: dict | None = None  # the combat this action opened or went on with
    ended: str | None = None  # the combat ended here: "taken" | "held" | "bombard" | None
    gold: int = 0  # what the action cost
    capitals: list = field(default_factory=list)  # the capitals' squares before the action
    new: list = field(default_factory=list)  # (owner, square name) of units added


class Chronicle:
    """The records of a game's actions. An action played at the table is recorded as it is
    played (``before``/``after``: the events the engine reported); actions it did not see (a
    game resumed or loaded) are replayed from the options and the log, once."""

    def __init__(self):
        self.records: list[Record] = []
        self._options: dict | None = None
        self._log: list = []
        self._state: dict | None = None  # the replay, where the last record leaves the game
        self._broken = False  # an action could not be replayed: the rest is told plainly
        self._words: dict = {}  # (language, names, index) -> text

    def update(self, state: dict) -> list[Record]:
        """The records of every action of ``state``'s log (replaying those not seen)."""
        log = state["log"]
        n = len(self.records)
        if self._options != state["options"] or n > len(log) or log[:n] != self._log:
            self._restart(state["options"])
            n = 0
        for entry in log[n:]:
            self.records.append(self._step(entry))
            self._log.append(entry)
        return self.records

    def before(self, state: dict, action) -> tuple | None:
        """Just before ``action`` is played on ``state`` (the table's own game): what the
        record of it needs from before (``after`` completes it)."""
        self.update(state)
        try:
            action = GAME.read_action(action)
        except Exception:
            return None
        return (len(state["log"]), *_before(state, action, None))

    def after(self, state: dict, pending: tuple | None) -> None:
        """``state`` after the action ``before`` saw was played: its record, from the events
        the engine reported, and the replay taken on from here (no second roll of the dice,
        and a position arranged by hand, as tests do, is told as it was played)."""
        if pending is None or len(state["log"]) != pending[0] + 1:
            return
        if len(self.records) != pending[0]:
            return
        _, rec, next_id, action = pending
        entry = state["log"][-1]
        rec.seat = entry[0] if isinstance(entry, list) else None
        _after(rec, state, next_id, action)
        self.records.append(rec)
        self._log.append(entry)
        self._state = engine.copy_state(state)
        self._broken = False

    def _restart(self, options: dict) -> None:
        self.records, self._log, self._words = [], [], {}
        self._options = options
        self._broken = False
        try:
            self._state = GAME.new_game(options)
        except Exception:
            self._state, self._broken = None, True

    def _step(self, entry) -> Record:
        seat, text = entry if isinstance(entry, list) else (None, entry)
        st = self._state
        if self._broken or st is None:
            return Record(seat, str(text), "", 0)
        try:
            action = GAME.parse_action(text)
        except Exception:
            self._broken = True
            return Record(seat, str(text), "", st["round"])
        rec, next_id, _ = _before(st, action, seat)
        try:
            GAME.apply(st, action)
        except Exception:  # an action this version cannot replay: the story stops here
            self._broken = True
            return rec
        _after(rec, st, next_id, action)
        return rec

    def text(self, i: int, names: list[str]) -> str:
        """The words of record ``i`` (kept per language and names)."""
        key = (language(), tuple(names), i)
        if key not in self._words:
            self._words[key] = tell(self.records[i], names)
        return self._words[key]


def _before(st: dict, action, seat) -> tuple[Record, int, object]:
    """The record of ``action`` as far as the state before it tells (units, capitals, the
    open combat, the gold it costs)."""
    names = model.board_info(st)["squares"]
    rec = Record(seat, str(action), action.kind, st["round"])
    rec.units = {u["id"]: (u["owner"], u["rank"]) for u in st["units"]}
    rec.capitals = [None if c is None else names[c]["name"] for c in st["capitals"]]
    if st["combat"] is not None:
        rec.fight = _fight(st["combat"], names)
    try:
        rec.gold = GAME.action_cost(st, action)["gold"] if st["phase"] == "play" else 0
    except Exception:
        rec.gold = 0
    return rec, st["next_id"], action


def _after(rec: Record, st: dict, next_id: int, action) -> None:
    """The rest of the record from the state after the action: its events, the units it
    added, the combat it opened or ended."""
    names = model.board_info(st)["squares"]
    rec.events = list(st["events"])
    rec.new = [(u["owner"], names[u["sq"]]["name"]) for u in st["units"] if u["id"] >= next_id]
    for u in st["units"]:
        rec.units.setdefault(u["id"], (u["owner"], u["rank"]))
    after = st["combat"]
    if rec.fight is None:
        if after is not None:
            rec.fight = _fight(after, names)
        else:
            battle = next((e for e in rec.events if e.get("type") == "battle"), None)
            if battle is not None:
                rec.fight = {
                    "square": battle["square"],
                    "attacker": rec.units.get(battle["attacker"], (None, 0))[0],
                    "defender": rec.units.get(battle["defender"], (None, 0))[0],
                    "bombard": action.kind == "bombard",
                    "origins": {},
                }
    if rec.fight is not None and after is None:
        rec.ended = _outcome(st, rec.fight)


def _fight(c: dict, squares) -> dict:
    return {
        "square": c["square"],
        "attacker": c["attacker"],
        "defender": c["defender"],
        "bombard": bool(c.get("bombard")),
        "origins": {int(i): squares[s]["name"] for i, s in c["origins"].items()},
    }


def _outcome(state: dict, fight: dict) -> str:
    if fight["bombard"]:
        return "bombard"
    sq = model.square_index(state).get(fight["square"])
    if any(u["sq"] == sq and u["owner"] == fight["attacker"] for u in state["units"]):
        return "taken"
    if any(u["sq"] == sq and u["owner"] == fight["defender"] for u in state["units"]):
        return "held"
    return None  # nobody holds it (the game ended with the last defender, say)


# ------------------------------------------------------------------ the dice in words


def dice_text(dice) -> str:
    return ", ".join(str(v) for v in dice)


def _nth(i: int) -> str:
    key = f"cal.die.nth.{i + 1}"
    return t(key) if i < 8 else t("cal.die.nth.n", n=i + 1)


def decided(a: list[int], d: list[int]) -> str:
    """How one roll of a battle was decided, in words: the first pair of dice that differ (the
    dice sorted high to low), or more dice after all equal, or a complete tie (rolled again)."""
    same = []
    for i, (x, y) in enumerate(zip(a, d, strict=False)):
        if x != y:
            side = "att" if x > y else "def"
            hi, lo = max(x, y), min(x, y)
            if i == 0:
                return t(f"cal.dec.first.{side}", hi=hi, lo=lo)
            return t(
                f"cal.dec.later.{side}",
                same=t("list.and").join(map(str, same)),
                hi=hi,
                lo=lo,
                nth=_nth(i),
            )
        same.append(x)
    if len(a) != len(d):
        side = "att" if len(a) > len(d) else "def"
        return t(f"cal.dec.more.{side}", same=dice_text(same))
    return t("cal.dec.tie", same=dice_text(same))


def battle_how(ev: dict) -> str:
    """Every roll of a battle (rerolls included) and how each was decided."""
    parts = []
    rolls = ev["dice"]
    for a, d in rolls:
        how = decided(a, d)
        if len(rolls) > 1:
            how = t("cal.dec.roll", a=dice_text(a), d=dice_text(d), how=how)
        parts.append(how)
    return t("list.sep").join(parts) if len(parts) > 1 else parts[0]


def siege_how(ev: dict) -> str:
    """An attack on a structure: "a 5 breaks the tower", "no 5 or 6: the tower stands"."""
    level = "tower" if ev["level"] == 1 else "castle"
    best = max(ev["dice"]) if ev["dice"] else 0
    if ev["won"]:
        return t(f"cal.dec.siege.won.{level}", n=best)
    return t(f"cal.dec.siege.lost.{level}")


# ------------------------------------------------------------------ the story in words


def _name(names: list[str], p) -> str:
    return names[p] if isinstance(p, int) and 0 <= p < len(names) else "?"


def _unit(rec: Record, uid, names: list[str], start: bool = False) -> str:
    """ "Talaq's infantry" (``start``: at the start of a sentence)"""
    owner, rank = rec.units.get(uid, (None, 1))
    key = "cal.st.Unit" if start else "cal.st.unit"
    return t(key, name=_name(names, owner), rank=model.rank_word(rank))


def _rank(rec: Record, uid) -> str:
    return model.rank_word(rec.units.get(uid, (None, 1))[1])


def _units(rec: Record, ids) -> str:
    return model.units_text([{"rank": rec.units.get(i, (None, 1))[1]} for i in ids])


def battle_text(rec: Record, ev: dict, names: list[str]) -> str:
    """ "Xonavia's infantry (5, 4) against Talaq's infantry (5, 3): both rolled 5, then the
    attacker's 4 beats 3 on the second die. Talaq's infantry falls." """
    a, d = ev["dice"][-1]
    won = ev["won"] == "attacker"
    loser = ev["defender"] if won else ev["attacker"]
    bombard = rec.fight is not None and rec.fight.get("bombard")
    if bombard and not won:
        result = t("cal.st.missed")
    else:
        result = t("cal.st.falls", unit=_unit(rec, loser, names, True))
    return t(
        "cal.st.battle",
        att=_unit(rec, ev["attacker"], names, True),
        a=dice_text(a),
        dfn=_unit(rec, ev["defender"], names),
        d=dice_text(d),
        how=battle_how(ev),
        result=result,
    )


def siege_text(rec: Record, ev: dict, names: list[str]) -> str:
    level = "tower" if ev["level"] == 1 else "castle"
    return t(
        f"cal.st.siege.{level}",
        unit=_unit(rec, ev["unit"], names, True),
        dice=dice_text(ev["dice"]),
        how=siege_how(ev),
    )


def _opening(rec: Record, names: list[str]) -> str:
    who = _name(names, rec.seat)
    kind = rec.kind
    evs = rec.events
    gold = rec.gold
    if kind == "capital":
        sq = rec.text.split()[-1]
        return t("cal.log.capital", name=who, square=sq)
    if kind == "move":
        move = next((e for e in evs if e.get("type") == "move"), None)
        if move is None:
            return model.describe({"options": {"players": len(names), "names": names}}, None, "")
        ids = move["units"]
        froms = t("list.and").join(dict.fromkeys(move["from"].values()))
        said = {"name": who, "units": _units(rec, ids), "frm": froms, "square": move["to"]}
        if any(e.get("type") == "battle" for e in evs) or (
            rec.fight is not None and rec.fight["square"] == move["to"]
        ):
            enemy = _name(names, rec.fight["defender"] if rec.fight else None)
            return t("cal.st.attack", **said, enemy=enemy)
        if any(e.get("type") == "siege" for e in evs):
            return t("cal.st.assault", **said)
        return t("cal.st.move", **said)
    if kind == "upgrade":
        ev = next((e for e in evs if e.get("type") == "upgrade"), None)
        if ev is None:
            return t("cal.log.upgrade", name=who)
        return t(
            "cal.st.upgrade",
            name=who,
            old=model.rank_word(max(1, ev["rank"] - 1)),
            new=model.rank_word(ev["rank"]),
            gold=gold,
        )
    if kind == "build":
        ev = next((e for e in evs if e.get("type") == "build"), None)
        level = ev["level"] if ev else 1
        sq = ev["square"] if ev else rec.text.split()[-1]
        return t(f"cal.st.build{level}", name=who, square=sq, gold=gold)
    if kind == "bombard":
        uid = int(rec.text.split()[1])
        return t(
            "cal.st.bombard",
            name=who,
            rank=_rank(rec, uid),
            square=rec.text.split()[-1],
            gold=gold,
        )
    if kind == "transport":
        ev = next((e for e in evs if e.get("type") == "transport"), None)
        if ev is None:
            return t("cal.log.transport", name=who, square=rec.text.split()[-1])
        return t(
            "cal.st.transport",
            name=who,
            rank=_rank(rec, ev["unit"]),
            frm=ev["from"],
            to=ev["to"],
            gold=gold,
        )
    if kind == "end":
        return t("cal.log.end", name=who)
    if kind == "ambush":
        ev = next((e for e in evs if e.get("type") == "ambush"), None)
        if ev is None:
            return t("cal.st.noambush", name=who)
        return t("cal.st.ambush", name=who, rank=_rank(rec, ev["unit"]), gold=gold)
    if kind == "pair":
        parts = rec.text.split()
        did, aid = int(parts[1]), int(parts[2])
        origin = (rec.fight or {}).get("origins", {}).get(aid, "?")
        return t(
            "cal.st.pair",
            name=who,
            mine=_rank(rec, did),
            rank=_rank(rec, aid),
            square=origin,
        )
    if kind == "withdraw":
        fight = rec.fight or {}
        ev = next((e for e in evs if e.get("type") == "withdraw"), None)
        if ev is not None:
            back = fight.get("origins", {}).get(ev["unit"], "?")
            return t("cal.st.withdraw", unit=_unit(rec, ev["unit"], names, True), square=back)
        return t("cal.st.stay", name=who, square=fight.get("square", "?"))
    return model.describe({"options": {"players": len(names), "names": names}}, rec.seat, rec.text)


def tell(rec: Record, names: list[str]) -> str:
    """One action of the log in words, with all it did."""
    if not rec.kind:
        return rec.text
    parts = [_opening(rec, names)]
    who = rec.seat
    ending = _ending(rec, names)
    fought = [i for i, e in enumerate(rec.events) if e.get("type") in ("battle", "siege")]
    if ending and not fought:
        parts.append(ending)
    for n, ev in enumerate(rec.events):
        kind = ev.get("type")
        if ending and fought and n == fought[-1] + 1:
            parts.append(ending)
        if kind == "battle":
            parts.append(battle_text(rec, ev, names))
        elif kind == "siege":
            parts.append(siege_text(rec, ev, names))
        elif kind == "claim":
            key = "cal.st.claim" if ev.get("unit", True) else "cal.st.claim_full"
            parts.append(t(key, square=ev["square"]))
        elif kind == "reclaim":
            parts.append(t("cal.st.reclaim", square=ev["square"]))
        elif kind == "salt":
            parts.append(t("cal.st.salt", square=ev["square"], name=_name(names, ev["player"])))
        elif kind == "defeat":
            q, by = ev["player"], ev.get("by")
            cap = rec.capitals[q] if q < len(rec.capitals) else None
            if by is not None and cap is not None and cap in _squares_reached(rec):
                parts.append(
                    t("cal.st.capital", name=_name(names, q), by=_name(names, by), square=cap)
                )
            elif by is not None:
                parts.append(t("cal.st.defeat_by", name=_name(names, q), by=_name(names, by)))
            else:
                parts.append(t("cal.st.defeat_units", name=_name(names, q)))
        elif kind == "over":
            winners = ev.get("winners", [])
            parts.append(
                t(
                    "cal.st.over",
                    names=t("list.and").join(_name(names, w) for w in winners),
                    how=t(f"cal.how.{ev.get('how', '')}", round=rec.round),
                )
            )
    # units gained besides claims: the 3 infantry of a capital taken
    gained: dict[tuple, int] = {}
    for owner, sq in rec.new:
        gained[(owner, sq)] = gained.get((owner, sq), 0) + 1
    for (owner, sq), n in gained.items():
        if owner == who:
            n -= sum(
                1
                for e in rec.events
                if e.get("type") == "claim" and e.get("unit") and e["square"] == sq
            )
        if n > 0 and rec.kind != "capital":
            parts.append(plural("cal.st.gain", n, name=_name(names, owner), square=sq))
    if ending and fought and fought[-1] + 1 == len(rec.events):
        parts.append(ending)
    return " ".join(p for p in parts if p)


def _ending(rec: Record, names: list[str]) -> str:
    """How a fight or an attack on a structure ended: the square taken, or held (nothing when
    a capital was taken: that is told by itself)."""
    if rec.ended == "held":
        return t(
            "cal.st.held", name=_name(names, rec.fight["defender"]), square=rec.fight["square"]
        )
    square = None
    if rec.ended == "taken":
        square = rec.fight["square"]
    else:
        won = [e for e in rec.events if e.get("type") == "siege" and e["won"]]
        square = won[-1]["square"] if won else None
    if square is None or square in rec.capitals:
        return ""
    return t("cal.st.taken", name=_name(names, rec.seat), square=square)


def _squares_reached(rec: Record) -> set:
    """The squares this action's units entered or fought on."""
    out = {e["to"] for e in rec.events if e.get("type") == "move"}
    out |= {e["square"] for e in rec.events if e.get("type") in ("battle", "siege")}
    if rec.fight is not None:
        out.add(rec.fight["square"])
    return out


# ------------------------------------------------------------------ for the screens


def quiet(rec: Record) -> bool:
    """An action that says nothing of the war (ending a turn, declining an ambush)."""
    if rec.kind == "end":
        return not any(e.get("type") in ("over", "defeat") for e in rec.events)
    return (
        rec.kind == "ambush"
        and not any(e.get("type") == "ambush" for e in rec.events)
        and not any(e.get("type") == "battle" for e in rec.events)
    )


def log_lines(ctrl, last: int) -> list[tuple[int | None, str]]:
    """The last ``last`` actions of the log in words, oldest first, as (seat, text)."""
    records = ctrl.chronicle.update(ctrl.state)
    names = ctrl.names()
    start = max(0, len(records) - last)
    return [(records[i].seat, ctrl.chronicle.text(i, names)) for i in range(start, len(records))]


def last_text(ctrl) -> str:
    """The last action in words."""
    records = ctrl.chronicle.update(ctrl.state)
    if not records:
        return ""
    return ctrl.chronicle.text(len(records) - 1, ctrl.names())


def by_round(ctrl) -> list[tuple[int, list[tuple[int | None, str]]]]:
    """The whole story, round by round, without the quiet actions: [(round, [(seat, text)])]."""
    records = ctrl.chronicle.update(ctrl.state)
    names = ctrl.names()
    out: list[tuple[int, list]] = []
    for i, rec in enumerate(records):
        if quiet(rec):
            continue
        r = 0 if rec.kind == "capital" else rec.round  # 0: the capitals placed
        if not out or out[-1][0] != r:
            out.append((r, []))
        out[-1][1].append((rec.seat, ctrl.chronicle.text(i, names)))
    return out


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop."""
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def story_panel(ctrl) -> E | None:
    """The whole story of the war, round by round (the end screen), folded away at first."""
    rounds = by_round(ctrl)
    if not rounds:
        return None
    return h(
        "details",
        {"class": "cal-story", "data-key": "story"},
        h("summary", None, t("cal.story.title")),
        [
            h(
                "section",
                {"class": "cal-story-round", "data-round": str(r)},
                h("h2", None, t("cal.story.round", round=r) if r else t("cal.story.capitals")),
                h(
                    "ol",
                    {"class": "log"},
                    [h("li", {"class": f"by-{p}"}, text) for p, text in lines],
                ),
            )
            for r, lines in rounds
        ],
    )
