"""The moves the board marks as new, drawn where they happened (pure Python, no DOM).

Which moves: the table's ``marked_moves()`` (``pyapp/ui/table.py``): on a live table every
other player's move since the viewer's own last action, so the last moves of the computer (or
of another person) stay marked until the viewer's next decision; on a replay's table, or a
position shown from the log, the moves from its ``mark_from``. What each did comes from the
engine (``pyapp/pyramids/explain.effects``): the cap's steps (quiet ones too), the stack that
erupted, where each piece landed and which were captured, a Power Play's piece.

Drawn as still marks (no motion: the flights of the newest move are the screens' own, and
reduced motion leaves these marks as they are): an arrow per cap step (numbered when there are
several), the eruption's path from the cap's new square, a "down" badge on each piece that
landed and the captured pieces outlined where they were taken with a "plus" badge, a "P" on a
piece put back. Each square involved also says it in its label, for screen readers.
"""

from __future__ import annotations

import math

from pyapp.pyramids.explain import effects

from ..i18n import t
from ..vdom import E, h
from . import art, view


class MoveMarks:
    """What the board marks (all read from the controller and the engine)."""

    def __init__(self, ctrl):
        state = ctrl.state
        effs = effects(state) if state is not None else []
        self.moves: list[tuple[int, dict]] = []
        for i, _, _ in ctrl.marked_moves() if state is not None else []:
            e = effs[i] if i < len(effs) else None
            if e is not None:
                self.moves.append((i, e))
        self.steps = [e for _, e in self.moves if e["kind"] == "move"]
        self.eruptions = [e for e in self.steps if e["erupts"]]
        self.powers = [e for _, e in self.moves if e["kind"] == "power"]
        self.labels: dict[int, list[str]] = {}
        names = state["options"]["names"] if state is not None else []

        def name(p) -> str:
            return names[p] if isinstance(p, int) and 0 <= p < len(names) else ""

        def say(sq: int, text: str) -> None:
            self.labels.setdefault(sq, []).append(text)

        for _, e in self.moves:
            who = name(e["player"])
            if e["kind"] == "move":
                if e["erupts"]:
                    say(e["from"], t("pyr.mark.erupted", name=who))
                else:
                    say(e["from"], t("pyr.mark.left", name=who))
                say(e["to"], t("pyr.mark.arrived", name=who))
                for f in e["flow"] or []:
                    piece = view.piece_label(f["piece"])
                    if f["captured"]:
                        say(f["to"], t("pyr.mark.caught", piece=piece, name=who))
                    else:
                        say(f["to"], t("pyr.mark.landed", piece=piece))
            elif e["kind"] == "power":
                say(e["at"], t("pyr.mark.power", name=who, piece=view.piece_label(e["piece"])))

    @property
    def squares(self) -> set[int]:
        return set(self.labels)

    def __bool__(self) -> bool:
        return bool(self.moves)


def _centre(sq: int) -> tuple[float, float]:
    x0, y0 = art.origin(sq)
    return x0 + art.CELL / 2, y0 + art.CELL / 2


def step_arrow(frm: int, to: int, number: int | None) -> E:
    """An arrow from the centre of ``frm`` towards ``to`` (a white halo beneath, so it shows
    over any stack), with its number in the turn when the cap made several steps."""
    (x1, y1), (x2, y2) = _centre(frm), _centre(to)
    dx, dy = x2 - x1, y2 - y1
    d = math.hypot(dx, dy)
    ux, uy = dx / d, dy / d
    # from near the centre it left to the edge of the square it reached (its tip just inside),
    # so that the cap standing there stays in sight
    sx, sy = x1 + ux * 10, y1 + uy * 10
    tip = (x2 - ux * (d / 2 - 3), y2 - uy * (d / 2 - 3))
    ex, ey = tip[0] - ux * 16, tip[1] - uy * 16
    left = (ex - uy * 10, ey + ux * 10)
    right = (ex + uy * 10, ey - ux * 10)
    line = f"{sx:.1f},{sy:.1f} {ex:.1f},{ey:.1f}"
    head = " ".join(f"{x:.1f},{y:.1f}" for x, y in (tip, left, right))
    parts = [
        h("polyline", {"class": "mark-halo", "points": line}),
        h("polygon", {"class": "mark-head-halo", "points": head}),
        h("polyline", {"class": "mark-step", "points": line}),
        h("polygon", {"class": "mark-head", "points": head}),
    ]
    if number is not None:
        mx, my = (sx + ex) / 2, (sy + ey) / 2
        disc = {"class": "mark-n-bg", "cx": f"{mx:.1f}", "cy": f"{my:.1f}", "r": 9}
        parts.append(h("circle", disc))
        parts.append(
            h("text", {"class": "mark-n", "x": f"{mx:.1f}", "y": f"{my + 0.5:.1f}"}, str(number))
        )
    return h("g", {"class": "mark-arrow", "data-from": str(frm), "data-to": str(to)}, parts)


def _badge(cx: float, cy: float, cls: str, text: str) -> list[E]:
    return [
        h("circle", {"class": f"mark-badge {cls}", "cx": f"{cx:.1f}", "cy": f"{cy:.1f}", "r": 10}),
        h("text", {"class": "mark-badge-text", "x": f"{cx:.1f}", "y": f"{cy + 0.5:.1f}"}, text),
    ]


def _burst(sq: int) -> E:
    x0, y0 = art.origin(sq)
    cx, cy = x0 + 16, y0 + 16
    pts = []
    for i in range(16):
        r = 12.0 if i % 2 == 0 else 6.0
        a = math.pi * i / 8 - math.pi / 2
        pts.append(f"{cx + r * math.cos(a):.1f},{cy + r * math.sin(a):.1f}")
    return h("polygon", {"class": "mark-burst", "points": " ".join(pts)})


def overlay(marks: MoveMarks, tops: dict[int, float]) -> list[E]:
    """The drawings of the marked moves, above the pieces (``tops``: each square's top)."""
    if not marks:
        return []
    out: list[E] = []
    numbered = len(marks.steps) > 1
    for e in marks.eruptions:
        if e["flow"]:
            # from the edge of the cap's new square (the cap on it stays in sight) through
            # every landing square
            (x1, y1), (x2, y2) = _centre(e["to"]), _centre(e["flow"][0]["to"])
            pts = [((x1 + x2) / 2, (y1 + y2) / 2), *(_centre(f["to"]) for f in e["flow"])]
            path = h(
                "polyline",
                {"class": "mark-flow", "points": " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)},
            )
            out.append(h("g", {"class": "mark-eruption", "data-from": str(e["from"])}, path))
    for k, e in enumerate(marks.steps):
        out.append(step_arrow(e["from"], e["to"], k + 1 if numbered else None))
    for e in marks.eruptions:
        out.append(_burst(e["from"]))
        for f in e["flow"] or []:
            sq = f["to"]
            x0, y0 = art.origin(sq)
            cx = x0 + art.CELL / 2
            top = tops.get(sq, y0 + art.CELL - 8.0)
            if f["captured"]:
                hgt = art.HEIGHT[f["piece"][1]]
                bottom = max(top, y0 + hgt + 24.0)
                out.append(
                    h(
                        "g",
                        {"class": "mark-caught", "data-at": str(sq), "data-piece": f["piece"]},
                        art.piece_shape(f["piece"], cx, bottom, cls="ghost"),
                        _badge(cx + 32.0, bottom - hgt / 2, "caught", "+"),
                    )
                )
            else:
                out.append(
                    h(
                        "g",
                        {"class": "mark-landed", "data-at": str(sq), "data-piece": f["piece"]},
                        _badge(cx + 32.0, max(top, y0 + 22.0) + 8.0, "landed", "↓"),
                    )
                )
    for e in marks.powers:
        sq = e["at"]
        x0, y0 = art.origin(sq)
        top = tops.get(sq, y0 + art.CELL - 8.0)
        out.append(
            h(
                "g",
                {"class": "mark-power", "data-at": str(sq), "data-piece": e["piece"]},
                _badge(x0 + art.CELL / 2 - 32.0, max(top, y0 + 22.0) + 8.0, "power", "P"),
            )
        )
    return [h("g", {"class": "move-marks", "data-key": "move-marks"}, out)]
