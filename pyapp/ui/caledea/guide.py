"""Caledea's guided first game: Xonavia (the person) against Brannoch (the greedy bot) on a fixed
deal, with a tip beside the board at every decision (pure Python; drawn by ``features.py``).

* The deal: ``guide_options()`` (edition 2 of the kingdom cards, pinned so that a later tuning
  of the current edition changes nothing; a fixed seed, so fixed dice; the person first). A
  guided game is an ordinary game (saved, resumed, counted) whose options say it is the guided
  one (``is_guide``), so a reload keeps the tips.
* Each tip is the guide's plan for the position on the table (``guideplan.plan``: claim, buy,
  fight, march, take the capital), said in words with its lesson (where gold comes from and
  what it buys, a fight's odds computed exactly before Confirm, the ways to win), and the one
  square or button to tap next (``Tip.target``, a CSS selector of the page). It follows the
  state: a person who plays another move gets the plan from the new position, with a note.
  Followed to the letter, the seeded dice and the greedy bot's answers make it a win in a
  handful of turns (``tests/ui/test_caledea_guide.py`` plays it).
* The tip is drawn in the side column's flow: what to tap, one line just above the decision's
  buttons, and the lesson after them. It never lies over the board or over Confirm.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyapp.caledea import engine
from pyapp.caledea.actions import Capital, End, Move, Upgrade

from ..guided import GuideBase, tip_panel
from ..i18n import language, plural, t
from ..vdom import E, h
from . import guide_strings, guideplan, model

guide_strings.install()

SEED = 27_2701  # the fixed deal's dice
KINGDOMS = ["Xonavia", "Brannoch"]
EDITION = 2  # the kingdom cards the guide was written for
CAPITAL = "e2"
BOT = "greedy"
PERSON = 0


def guide_options() -> dict:
    return {"players": 2, "seed": SEED, "kingdoms": list(KINGDOMS), "first": 0, "edition": EDITION}


def is_guide(options) -> bool:
    return (
        isinstance(options, dict)
        and options.get("seed") == SEED
        and options.get("kingdoms") == KINGDOMS
        and options.get("edition") == EDITION
        and options.get("players") == 2
        and not options.get("epic")
    )


@dataclass
class Tip:
    topic: str  # the plan's topic (or "bot", "capital")
    lesson: str  # what the step teaches
    doing: str  # what to tap now
    target: str | None  # CSS selector of the element to tap (None: nothing to tap)
    note: str | None = None  # the person played another move than the one proposed


def _sq(state: dict, sq: int) -> str:
    return engine.board_of(state).name(sq)


def _key(state: dict, name: str) -> str:
    x, y = model.at_of(state, name)
    return f"sq-{x},{y}"


def _sel_key(key: str) -> str:
    return f'[data-key="{key}"]'


def _pct(p: float | None) -> str:
    """A chance in whole percent, "83%" (French: "83 %", a narrow no-break space)."""
    n = round(100 * (p or 0.0))
    return f"{n}\u202f%" if language() == "fr" else f"{n}%"


def _counts(state: dict, ids) -> dict[tuple[int, int], int]:
    out: dict[tuple[int, int], int] = {}
    for i in ids:
        u = engine.unit_by_id(state, i)
        if u is not None:
            out[(u["sq"], u["rank"])] = out.get((u["sq"], u["rank"]), 0) + 1
    return out


class Guide(GuideBase):
    PERSON, BOT, DEVIATED = PERSON, BOT, "cal.guide.deviated"

    def options(self) -> dict:
        return guide_options()

    def is_guide(self, options) -> bool:
        return is_guide(options)

    def alike(self, want: str, text: str) -> bool:
        return want == text or _same_kind(want, text)

    # ------------------------------------------------------------------ the tip

    def tip(self, ctrl) -> Tip | None:
        if not self.active(ctrl) or ctrl.screen != "table":
            return None
        state = ctrl.state
        d = engine.decision(state)
        if d is None:
            return None
        note = self.note(state)
        if d["player"] != PERSON:
            return Tip("bot", t("cal.guide.bot", name=KINGDOMS[1]), "", None, note)
        if d["kind"] == "capital":
            step = guideplan.capital_step(state, PERSON, CAPITAL)
        else:
            step = guideplan.plan(state, PERSON)
        if step is None:
            return None
        self.proposed[len(state["log"])] = str(step.action)
        lesson = self._lesson(state, step)
        doing, target = self._doing(ctrl, step)
        return Tip(step.topic, lesson, doing, target, note)

    def _lesson(self, state: dict, step: guideplan.Step) -> str:
        k = engine.kingdom_of(state, PERSON)
        costs = k["costs"]
        topic = step.topic
        enemy = KINGDOMS[1]
        cap = state["capitals"][1]
        if topic == "capital":
            return t("cal.guide.capital", square=CAPITAL, n=k["infantry"])
        if topic == "march":
            first = state["round"] <= 1
            dist = engine.board_of(state).dist[step.source][cap] if cap is not None else 0
            where = _sq(state, cap) if cap is not None else "?"
            text = t(
                "cal.guide.march" if first else "cal.guide.march_again",
                square=where,
                enemy=enemy,
                n=dist,
            )
            if step.source == state["capitals"][PERSON]:
                text += " " + t("cal.guide.guard")
            return text + (" " + t("cal.guide.win_ways") if first else "")
        if topic == "claim":
            first = engine.gold(state, PERSON) <= 1
            key = "cal.guide.claim" if first else "cal.guide.claim_again"
            return (
                t(key, square=_sq(state, step.dest))
                + " "
                + plural("cal.guide.gold_now", engine.gold(state, PERSON))
            )
        if topic == "upgrade":
            again = any(u["owner"] == PERSON and u["rank"] > 1 for u in state["units"])
            return t(
                "cal.guide.upgrade_again" if again else "cal.guide.upgrade",
                gold=engine.available(state, PERSON),
                cavalry=costs["cavalry"],
                general=costs["general"],
                tower=costs["tower"],
                castle=costs["castle"],
                square=_sq(state, step.source),
            )
        if topic in ("fight", "attack_capital"):
            mine = model.units_text([engine.unit_by_id(state, i) for i in step.action.units])
            theirs = model.units_text(step.defenders)
            key = "cal.guide.fight" if topic == "fight" else "cal.guide.attack_capital"
            if topic == "attack_capital" and not step.defenders:
                key = "cal.guide.walk_in"
            return t(
                key,
                units=mine,
                defenders=theirs,
                square=_sq(state, step.dest),
                take=_pct(step.take),
                first=_pct(step.first),
                enemy=enemy,
            )
        if topic == "pair":
            return t("cal.guide.pair", square=_sq(state, step.dest), first=_pct(step.first))
        if topic in ("stay", "withdraw"):
            return t(f"cal.guide.{topic}", take=_pct(step.take))
        if topic == "ambush":
            return t("cal.guide.ambush")
        return t("cal.guide.end")

    def _doing(self, ctrl, step: guideplan.Step) -> tuple[str, str | None]:
        """What to tap now for ``step``, given what is already chosen on the table."""
        state = ctrl.state
        turn = ctrl.turn
        a = step.action
        if isinstance(a, Capital):
            if turn.pending == a:
                return t("cal.guide.do.confirm"), _sel_key("confirm")
            return t("cal.guide.do.square", square=a.square), _sel_key(_key(state, a.square))
        if step.topic in ("pair", "stay", "withdraw", "ambush"):
            return self._combat_doing(ctrl, step)
        undo = t("cal.guide.do.undo"), _sel_key("undo")
        if turn.mode != "move":
            return undo
        if isinstance(a, End):
            if turn.pending is not None or turn.units:
                return undo
            return t("cal.guide.do.end"), _sel_key("end-turn")
        source = _sq(state, step.source)
        if isinstance(a, Upgrade):
            if turn.pending is not None:
                return undo
            if not turn.units:
                return t("cal.guide.do.choose", square=source), _sel_key(_key(state, source))
            uid = ctrl.upgrade_unit()
            u = engine.unit_by_id(state, uid) if uid is not None else None
            want = engine.unit_by_id(state, a.unit)
            if (
                u is not None
                and want is not None
                and (u["sq"], u["rank"])
                == (
                    want["sq"],
                    want["rank"],
                )
            ):
                return t("cal.guide.do.upgrade"), _sel_key("upgrade")
            return undo
        if not isinstance(a, Move):
            return undo
        want = _counts(state, a.units)
        if turn.pending is not None:
            p = turn.pending
            if isinstance(p, Move) and p.square == a.square and _counts(state, p.units) == want:
                return t("cal.guide.do.confirm"), _sel_key("confirm")
            return undo
        if not turn.units:
            return t("cal.guide.do.choose", square=source), _sel_key(_key(state, source))
        have = _counts(state, turn.units)
        if any(where[0] != step.source for where in have):
            return undo
        if have == want:
            return t("cal.guide.do.dest", square=a.square), _sel_key(_key(state, a.square))
        for (sq, rank), n in have.items():
            if n > want.get((sq, rank), 0):  # one too many chosen: tap its chip to leave it
                extra = sorted(
                    (i for i in turn.units if i not in a.units and _rank(state, i) == rank),
                    reverse=True,
                ) or sorted((i for i in turn.units if _rank(state, i) == rank), reverse=True)
                return t("cal.guide.do.leave", unit=_unit_word(state, extra[0])), _sel_key(
                    f"unit-{extra[0]}"
                )
        for (sq, rank), n in want.items():
            if have.get((sq, rank), 0) < n:  # one missing: tap its chip to take it along
                missing = [
                    u["id"]
                    for u in engine.units_at(state, sq)
                    if u["owner"] == PERSON
                    and u["rank"] == rank
                    and u["id"] not in turn.units
                    and engine.movable(u)
                ]
                if missing:
                    return t("cal.guide.do.take", unit=_unit_word(state, missing[0])), _sel_key(
                        f"unit-{missing[0]}"
                    )
        return undo

    def _combat_doing(self, ctrl, step: guideplan.Step) -> tuple[str, str | None]:
        a = step.action
        if step.topic == "pair":
            chosen = ctrl.turn.defender
            state = ctrl.state
            c = state["combat"]
            defenders = [u for u in engine.units_at(state, c["sq"]) if u["owner"] == PERSON]
            if chosen is None and len({u["rank"] for u in defenders}) > 1:
                word = _unit_word(state, a.defender)
                return t("cal.guide.do.defender", unit=word), f'[data-value="def {a.defender}"]'
            if chosen is not None and chosen != a.defender:
                return t("cal.guide.do.undo"), _sel_key("undo")
            word = _unit_word(state, a.attacker)
            return t("cal.guide.do.attacker", unit=word), f'[data-value="{a}"]'
        if step.topic in ("stay", "withdraw"):
            return t(f"cal.guide.do.{step.topic}"), f'[data-value="{a}"]'
        return t("cal.guide.do.noambush"), f'[data-value="{a}"]'


def _rank(state: dict, uid: int) -> int:
    u = engine.unit_by_id(state, uid)
    return u["rank"] if u is not None else 0


def _unit_word(state: dict, uid: int) -> str:
    u = engine.unit_by_id(state, uid)
    if u is None:
        return ""
    return t("cal.chip", rank=model.rank_word(u["rank"]), square=_sq(state, u["sq"]))


def _same_kind(want: str, text: str) -> bool:
    """Two moves alike but for which units of one kind went (the same counts)."""
    a, b = want.split(), text.split()
    return (
        len(a) == len(b) == 3
        and a[:2] == b[:2]
        and a[0] == "move"
        and (len(a[2].split(",")) == len(b[2].split(",")))
    )


# ---------------------------------------------------------------------- drawing


def offer() -> E:
    """The offer on Caledea's new-game screen."""
    return h(
        "section",
        {
            "class": "guide-offer cal-guide-offer",
            "data-key": "cal-guide-offer",
            "aria-labelledby": "cal-guide-o-title",
        },
        h("h2", {"id": "cal-guide-o-title"}, t("cal.guide.offer.title")),
        h("p", None, t("cal.guide.offer.text")),
        h(
            "button",
            {
                "type": "button",
                "class": "primary",
                "data-action": "cal-guide-start",
                "data-key": "cal-guide-start",
            },
            t("cal.guide.offer.start"),
        ),
    )


def instruction(tip: Tip) -> E | None:
    """What to tap now, one short line drawn just above the decision's buttons (in view with
    the board and Confirm)."""
    if not tip.doing:
        return None
    return h(
        "p",
        {"class": "cal-guide-do", "data-key": "cal-guide-do"},
        h("strong", None, tip.doing),
    )


def panel(tip: Tip) -> E:
    """The tip's lesson (and a note), drawn after the decision's buttons in the side column;
    ``data-target`` names the element to tap."""
    return tip_panel(tip, "cal")


def end_panel(ctrl) -> E | None:
    """At the end of the guided game: who won, how, and the ways to win."""
    state = ctrl.state
    res = state.get("result") if state is not None else None
    if res is None:
        return None
    won = PERSON in res["winners"]
    return h(
        "aside",
        {
            "class": "cal-guide-tip guide-end",
            "data-key": "cal-guide-end",
            "data-tip": "end",
            "aria-label": t("cal.guide.label"),
        },
        h("p", None, t("cal.guide.won" if won else "cal.guide.lost", rounds=res["round"])),
        h("p", None, t("cal.guide.win_ways")),
    )
