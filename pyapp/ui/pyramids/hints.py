"""A hint on Caldera's table is the judge's whole turn (``pyapp.core.judge.turn_plan``): its
quiet cap moves, the Power Play and the eruption, drawn on the board (numbered arrows for the
cap's steps, the Power Play's piece on its square, the eruption's path and where each piece
would land, captured or not) and said in words; then playable with one control, **Play the
hinted turn**, which plays the plan's actions one by one through the engine's checked ``play``,
each first found in the engine's legal actions (the hint never decides legality). A plan whose
only step left is the eruption is selected as a pending move instead, its preview shown, for
Confirm.

The plan stays on the board while the log follows it (the person may also play its steps by
hand: each following step is still the judge's suggestion, since the judge answers the later
steps of a turn from its plan) and is dropped when the log leaves it, by Escape or at the turn's
end. Pure Python, no DOM.
"""

from __future__ import annotations

from pyapp.core.errors import GameError
from pyapp.pyramids.game import copy_state
from pyapp.pyramids.protocol import GAME

from ..i18n import add_texts, t
from ..vdom import E, h
from . import art, view
from .marks import step_arrow

EN = {
    "pyr.hint.plan": "this whole turn: {steps}.",
    "pyr.hint.left": "Hinted turn: {steps}.",
    "pyr.hint.sep": "; ",
    "pyr.hint.step.move": "{n}. cap {frm} to {to}",
    "pyr.hint.step.erupt": "{n}. cap {frm} to {to}, eruption: {flow}",
    "pyr.hint.step.power": "{n}. Power Play: {piece} on {sq}",
    "pyr.hint.step.pass": "{n}. pass",
    "pyr.hint.play": "Play the hinted turn",
    "pyr.hint.sq": "hinted turn, step {n}",
    "pyr.hint.stale": "The hinted turn no longer fits the board: ask for a new hint.",
}
FR = {
    "pyr.hint.plan": "tout ce tour : {steps}.",
    "pyr.hint.left": "Tour conseillé : {steps}.",
    "pyr.hint.sep": " ; ",
    "pyr.hint.step.move": "{n}. chapeau de {frm} en {to}",
    "pyr.hint.step.erupt": "{n}. chapeau de {frm} en {to}, éruption : {flow}",
    "pyr.hint.step.power": "{n}. coup de force : {piece} en {sq}",
    "pyr.hint.step.pass": "{n}. passer",
    "pyr.hint.play": "Jouer le tour conseillé",
    "pyr.hint.sq": "tour conseillé, étape {n}",
    "pyr.hint.stale": "Le tour conseillé ne correspond plus au plateau : demandez un nouveau "
    "conseil.",
}
add_texts(EN, FR)


class HintPlan:
    """The judge's plan for the rest of a turn, from the log length where it was given."""

    def __init__(self, state: dict, player: int, texts: list[str]):
        self.state_id = id(state)
        self.start = len(state["log"])
        self.player = player
        self.texts = list(texts)


def remaining(ctrl) -> list[str] | None:
    """The plan's steps still to play while the log follows it, else None."""
    plan = getattr(ctrl, "hint", None)
    state = ctrl.state
    if plan is None or state is None or id(state) != plan.state_id:
        return None
    log = state["log"]
    done = len(log) - plan.start
    if not 0 <= done < len(plan.texts) or ctrl.human_to_move() != plan.player:
        return None
    if [e[1] for e in log[plan.start :]] != plan.texts[:done]:
        return None
    return plan.texts[done:]


def steps(state: dict, texts: list[str]) -> list[dict]:
    """Each step of ``texts`` played on a copy of ``state`` (the engine's checked ``play``):
    ``{"n", "action", "erupts", "preview"}``; stops at the first the engine refuses."""
    st = copy_state(state)
    out = []
    for n, text in enumerate(texts, 1):
        try:
            action = GAME.parse_action(text)
            item = {"n": n, "action": action, "erupts": False, "preview": None}
            if action.kind == "move":
                item["preview"] = GAME.preview(st, action)
                item["erupts"] = item["preview"]["erupts"]
            GAME.play(st, action)
        except GameError:
            break
        out.append(item)
    return out


def _steps(ctrl, texts: list[str]) -> list[dict]:
    """``steps`` once per position and plan (a drawing asks several times)."""
    state = ctrl.state
    key = (id(state), len(state["log"]), tuple(texts))
    kept = getattr(ctrl, "_hint_steps", None)
    if kept is None or kept[0] != key:
        kept = (key, steps(state, texts))
        ctrl._hint_steps = kept
    return kept[1]


def step_text(item: dict) -> str:
    a, n = item["action"], item["n"]
    if a.kind == "move":
        frm, to = view.square_name(a.frm), view.square_name(a.to)
        if item["erupts"]:
            p = item["preview"]
            flow = view.flow_text(p["flow"], p["stay"])
            return t("pyr.hint.step.erupt", n=n, frm=frm, to=to, flow=flow)
        return t("pyr.hint.step.move", n=n, frm=frm, to=to)
    if a.kind == "power":
        piece = view.piece_label(a.piece)
        return t("pyr.hint.step.power", n=n, piece=piece, sq=view.square_name(a.at))
    if a.kind == "pass":
        return t("pyr.hint.step.pass", n=n)
    return f"{n}. {a}"


def plan_words(state: dict, texts: list[str]) -> str:
    return t("pyr.hint.sep").join(step_text(x) for x in steps(state, texts))


def show_hint(ctrl, action, plan=None) -> str | None:
    """The hint of the person to move: ``action`` (the judge's suggestion) and the rest of the
    turn it plans (``plan``: action texts, the first being ``action``). Returns the words."""
    p = ctrl.human_to_move()
    if p is None or action not in ctrl.legal():
        return None
    texts = list(plan) if plan else [str(action)]
    if texts[0] != str(action):
        texts = [str(action)]
    ctrl.hint = HintPlan(ctrl.state, p, texts)
    ctrl.reset_choice()
    ctrl.notice = None
    ctrl.focus = "hint-play"
    preselect(ctrl)
    return t("pyr.hint.plan", steps=plan_words(ctrl.state, texts))


def preselect(ctrl) -> None:
    """When the plan's only step left is the eruption, it waits for Confirm (its cap chosen,
    its preview drawn) as if the person had chosen it."""
    rest = remaining(ctrl)
    if not rest or len(rest) != 1:
        return
    items = _steps(ctrl, rest)
    if not items or not items[0]["erupts"]:
        return
    move = items[0]["action"]
    if move not in ctrl.legal():
        return
    ctrl.choice.cap = move.frm
    ctrl.choice.pending = move
    ctrl.focus = "confirm"


def button_shown(ctrl) -> bool:
    """Whether "Play the hinted turn" is offered: a plan left that Confirm alone does not
    play."""
    rest = remaining(ctrl)
    if not rest:
        return False
    pending = ctrl.choice.pending
    return not (len(rest) == 1 and pending is not None and str(pending) == rest[0])


def play_rest(ctrl) -> bool:
    """Play what is left of the plan, one action at a time through the engine."""
    rest = remaining(ctrl)
    if not rest:
        return False
    for text in rest:
        if ctrl.human_to_move() is None:
            break
        action = ctrl.game.parse_action(text)
        if action not in ctrl.legal():  # the engine's list decides, never the hint
            ctrl.notice = t("pyr.hint.stale")
            break
        if not ctrl.play(action):
            break
    ctrl.hint = None
    return True


def left_text(ctrl) -> str:
    """The plan still to play, in words, for the turn's bar ("" without one)."""
    rest = remaining(ctrl)
    if not rest:
        return ""
    done = len(ctrl.hint.texts) - len(rest)
    items = _steps(ctrl, rest)  # numbered in the whole plan
    words = t("pyr.hint.sep").join(step_text({**x, "n": x["n"] + done}) for x in items)
    return t("pyr.hint.left", steps=words)


def square_labels(ctrl) -> dict[int, list[str]]:
    """What each square of the plan says to screen readers."""
    rest = remaining(ctrl)
    out: dict[int, list[str]] = {}
    if not rest:
        return out
    done = len(ctrl.hint.texts) - len(rest)
    for x in _steps(ctrl, rest):
        a = x["action"]
        squares = (a.frm, a.to) if a.kind == "move" else (a.at,) if a.kind == "power" else ()
        for sq in squares:
            out.setdefault(sq, []).append(t("pyr.hint.sq", n=x["n"] + done))
    return out


def overlay(ctrl, tops: dict[int, float]) -> list[E]:
    """The plan drawn above the pieces: numbered arrows, the Power Play, the eruption."""
    rest = remaining(ctrl)
    if not rest:
        return []
    done = len(ctrl.hint.texts) - len(rest)
    out: list[E] = []
    tops = dict(tops)  # a piece played back raises its stack for what lands on it later
    for x in _steps(ctrl, rest):
        a, n = x["action"], x["n"] + done
        if a.kind == "move":
            if x["erupts"]:
                out.extend(_eruption(a, x["preview"], tops))
            out.append(step_arrow(a.frm, a.to, n))
        elif a.kind == "power":
            out.append(_power(a, n, tops))
            x0, y0 = art.origin(a.at)
            top = tops.get(a.at, y0 + art.CELL - 8.0)
            bottom = max(top, y0 + art.HEIGHT[a.piece[1]] + 22.0)
            tops[a.at] = bottom - art.HEIGHT[a.piece[1]]
    return [h("g", {"class": "hint-plan", "data-key": "hint-plan"}, out)] if out else []


def _eruption(move, preview: dict, tops: dict[int, float]) -> list[E]:
    flow = preview["flow"]
    out = []
    if flow:
        out.append(art.path_line(move.to, [f["to"] for f in flow], "hint-flow"))
    for i, f in enumerate(flow):
        sq = f["to"]
        top = tops.get(sq, art.origin(sq)[1] + art.CELL - 8.0)
        out.append(
            h(
                "g",
                {
                    "class": "ghost-piece hint-ghost" + (" caught" if f["captured"] else ""),
                    "data-to": str(sq),
                },
                art.ghost(f["piece"], sq, top, f["captured"], i + 1),
            )
        )
    return out


def _power(action, n: int, tops: dict[int, float]) -> E:
    sq = action.at
    x0, y0 = art.origin(sq)
    cx = x0 + art.CELL / 2
    top = tops.get(sq, y0 + art.CELL - 8.0)
    bottom = max(top, y0 + art.HEIGHT[action.piece[1]] + 22.0)
    by = y0 + art.CELL - 14.0
    return h(
        "g",
        {"class": "hint-power", "data-at": str(sq), "data-piece": action.piece},
        art.piece_shape(action.piece, cx, bottom, cls="ghost"),
        # its number in the turn, in the square's lower left corner (the upper one numbers the
        # pieces of an eruption's preview)
        h("circle", {"class": "mark-n-bg", "cx": f"{x0 + 14:.1f}", "cy": f"{by:.1f}", "r": 9}),
        h("text", {"class": "mark-n", "x": f"{x0 + 14:.1f}", "y": f"{by + 0.5:.1f}"}, str(n)),
    )
