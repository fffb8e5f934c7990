"""The odds of a fight, drawn before it is confirmed and at each of its choices (pure Python).

``preview(ctrl)``: under the consequence of a pending move into enemy units, onto an enemy
structure, or of a Bombard: the chance to take the square (without and with Ambush where the
kingdom can pay for one) and a small table of every battle the defender may choose, each
unit's chance to win it. ``annotate(ctrl, items)``: the chance of each choice of the combat
prompt (ambush or not, each pairing the defender may choose, stay or withdraw), written into
its button. The figures are ``pyapp.caledea.odds`` (exact, from the dice the engine rolls); this
module only formats them.
"""

from __future__ import annotations

from pyapp.caledea import odds

from ..i18n import plural, t
from ..vdom import E, h
from . import model


def percent(p: float) -> str:
    """A chance as a whole percentage in the current language, "<1%" and ">99%" short of
    certainty (French: a narrow no-break space before %)."""
    n = round(p * 100)
    text = str(n)
    if n == 0 and p > 0:
        text = "<1"
    elif n == 100 and p < 1:
        text = ">99"
    return t("cal.odds.pct", n=text)


def _memo(ctrl, name: str, key, compute):
    memo = getattr(ctrl, "_memo", None)
    return memo(name, key, compute) if memo is not None else compute()


# ------------------------------------------------------------------ before Confirm


def pending_odds(ctrl) -> dict | None:
    """The odds of the pending action (``odds.attack`` or ``odds.bombard``), or None."""
    a = ctrl.turn.pending
    if a is None or a.kind not in ("move", "bombard"):
        return None
    state = ctrl.state
    if a.kind == "move":
        effect = (ctrl.turn.dest or {}).get("effect")
        if effect not in ("combat", "structure"):
            return None
        return _memo(ctrl, "odds", str(a), lambda: odds.attack(state, a.square, list(a.units)))
    got = _memo(ctrl, "odds", str(a), lambda: odds.bombard(state, a.unit, a.square))
    return None if got is None else {"kind": "bombard", **got}


# a battles table of more rows than this goes after the buttons (Confirm stays in view)
NEAR_ROWS = 2


def preview(ctrl) -> list[E] | None:
    """The odds of the confirm bar (None when the pending action does not fight): the chance
    to take the square, before Confirm; the table of battles, before Confirm when it is small
    and after the buttons when it is not (the decision stays in view on a phone)."""
    got = pending_odds(ctrl)
    if got is None:
        return None
    a = ctrl.turn.pending
    table = None
    rows = []
    if got["kind"] == "structure":
        what = "tower" if got["level"] == 1 else "castle"
        lines = [
            _headline(t(f"cal.odds.break_{what}", square=a.square), got["take"]),
            h(
                "p",
                {"class": "odds-note"},
                t(
                    "cal.odds.tries",
                    units=t("list.and").join(
                        t("cal.odds.try", rank=model.rank_word(u["rank"]), pct=percent(u["win"]))
                        for u in got["units"]
                    ),
                ),
            ),
        ]
    elif got["kind"] == "bombard":
        u = model.unit(ctrl.state, a.unit)
        rows = [({"rank": u["rank"], "bonus": u["bonus"]}, got["options"], "win", "dice")]
        lines = [_headline(t("cal.odds.bombard", square=a.square), got["win"])]
        table = _table(rows, [(o["defender"], o["dice"][1]) for o in got["options"]])
    else:
        level = got["level"]
        key = ("cal.odds.take", "cal.odds.take_tower", "cal.odds.take_castle")[level]
        extra = None
        if got["take_ambush"] is not None:
            extra = plural("cal.odds.with_ambush", got["ambushes"], pct=percent(got["take_ambush"]))
        lines = [_headline(t(key, square=a.square), got["take"], extra, got.get("about"))]
        defenders = []
        for b in got["battles"]:
            if (b["defender"], b["dice"][1]) not in defenders:
                defenders.append((b["defender"], b["dice"][1]))
        kinds = []
        for b in got["battles"]:
            if (b["rank"], b["bonus"]) not in kinds:
                kinds.append((b["rank"], b["bonus"]))
        for rank, bonus in kinds:
            mine = [b for b in got["battles"] if (b["rank"], b["bonus"]) == (rank, bonus)]
            rows.append(({"rank": rank, "bonus": bonus}, mine, "win", "dice"))
            if got["take_ambush"] is not None:
                rows.append(
                    (
                        {"rank": rank, "bonus": bonus, "ambush": True},
                        mine,
                        "ambush_win",
                        "ambush_dice",
                    )
                )
        table = _table(rows, defenders)
    later = " later" if len(rows) > NEAR_ROWS else ""
    return [
        h("div", {"class": "cal-odds", "data-key": "odds", "data-odds": got["kind"]}, lines),
        table
        and h("div", {"class": "cal-odds odds-detail" + later, "data-key": "odds-battles"}, table),
    ]


def _headline(text: str, p: float, extra: str | None = None, about: bool = False) -> E:
    """The chance of the pending action; ``about``: a mass fight's estimate (odds.EXACT_LIMIT)."""
    key = "cal.odds.headline_about" if about else "cal.odds.headline"
    return h(
        "p",
        {"class": "odds-take"},
        h(
            "strong",
            {"data-take": repr(float(p)), "data-about": "1" if about else None},
            t(key, what=text, pct=percent(p)),
        ),
        extra and " ",
        extra and h("span", {"class": "odds-ambush"}, extra),
    )


def _table(rows: list, defenders: list[tuple[int, int]]) -> E:
    """Rows: the attacking kinds; columns: the defending ranks; each cell the attacker's chance
    to win that battle, then the defender's."""
    head = h(
        "tr",
        None,
        h("th", {"scope": "col"}, t("cal.odds.yours")),
        [
            h(
                "th",
                {"scope": "col"},
                _capital(t("cal.odds.unit", rank=model.rank_word(r), dice=plural("cal.dice", n))),
            )
            for r, n in defenders
        ],
    )
    body = []
    for kind, battles, key, dice_key in rows:
        n = battles[0][dice_key][0]
        if kind.get("ambush"):
            label = t(
                "cal.odds.unit_ambush",
                rank=model.rank_word(kind["rank"]),
                dice=plural("cal.dice", n),
            )
        elif kind["bonus"]:
            label = t(
                "cal.odds.unit_transport",
                rank=model.rank_word(kind["rank"]),
                dice=plural("cal.dice", n),
            )
        else:
            label = t(
                "cal.odds.unit", rank=model.rank_word(kind["rank"]), dice=plural("cal.dice", n)
            )
        cells = []
        for r, _ in defenders:
            b = next((x for x in battles if x.get("defender") == r), None)
            if b is None:
                cells.append(h("td", None, "–"))
                continue
            p = b[key]
            cells.append(
                h(
                    "td",
                    {"data-win": repr(float(p))},
                    t("cal.odds.cell", a=percent(p), d=percent(1 - p)),
                )
            )
        body.append(h("tr", None, h("th", {"scope": "row"}, _capital(label)), cells))
    return h(
        "table",
        {"class": "odds-battles"},
        h("caption", None, t("cal.odds.caption")),
        h("thead", None, head),
        h("tbody", None, body),
    )


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# ------------------------------------------------------------------ the combat prompt


def choice_odds(ctrl) -> dict[str, str]:
    """The chance of each choice of the combat prompt, by the choice's ``data-value``."""
    state = ctrl.state
    c = state.get("combat")
    if c is None:
        return {}
    if c.get("bombard"):
        return {}
    got = _memo(ctrl, "combat-odds", c.get("stage"), lambda: odds.combat(state))
    if got is None:
        return {}
    out = {}
    stage = got["stage"]
    if stage == "ambush":
        for o in got["options"]:
            value = "noambush" if o["unit"] < 0 else f"ambush {o['unit']}"
            out[value] = t("cal.odds.choice_take", pct=percent(o["take"]))
    elif stage == "pair":
        # the prompt may name any defending unit of a rank (they are alike): every id is a key
        rank = {u["id"]: u["rank"] for u in state["units"] if u["sq"] == c["sq"]}
        best: dict[int, float] = {}
        for o in got["options"]:
            hold = 1 - o["take"]
            r = rank[o["defender"]]
            best[r] = max(best.get(r, 0.0), hold)
            text = t("cal.odds.choice_pair", win=percent(1 - o["win"]), hold=percent(hold))
            for uid in rank:
                if rank[uid] == r:
                    out[f"pair {uid} {o['attacker']}"] = text
        for uid, r in rank.items():
            if r in best:
                out[f"def {uid}"] = t("cal.odds.choice_hold", pct=percent(best[r]))
    elif stage == "withdraw":
        for o in got["options"]:
            value = "withdraw" if o["withdraw"] else "stay"
            out[value] = t("cal.odds.choice_take", pct=percent(o["take"]))
    return out


def annotate(ctrl, items: list) -> list:
    """Write each choice's chance into its button (a line of its own); ``items`` returned."""
    texts = choice_odds(ctrl)
    for li in items:
        button = _button_of(li)
        if button is None:
            continue
        text = texts.get(button.attrs.get("data-value"))
        if text:
            button.children += [" ", h("span", {"class": "choice-odds"}, text)]
    return items


def _button_of(li: E) -> E | None:
    for e in li.iter():
        if e.tag == "button":
            return e
    return None
