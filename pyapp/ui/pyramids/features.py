"""Caldera's own features of the shell (``pyapp/ui/feature.py``), added by the composition after
the shell's: the guided first game (``guide.py``), offered on Caldera's new-game screen and
drawn, while it is played, in the table's side column: what to tap just above the turn's
buttons, the lesson after them (``decorate``: nothing is drawn over the board or the buttons)."""

from __future__ import annotations

from ..feature import Feature
from ..vdom import E
from . import guide

GAME_ID = "pyramids"


class PyramidsGuide(Feature):
    name = "pyramids-guide"

    def __init__(self, tables):
        self.tables = tables
        self.guide = guide.Guide()

    def _ours(self, table) -> bool:
        return getattr(getattr(table, "game", None), "id", None) == GAME_ID

    def handle(self, action: str, data: dict, table) -> bool | None:
        if action == "pyr-guide-start":
            table = self.tables.switch(GAME_ID)
            self.guide.start(table)
            return True
        if action == "pyr-guide-stop":
            self.guide.stopped = True
            table.default_focus()
            return True
        return None

    def decorate(self, body: E, table) -> E:
        if not self._ours(table):
            return body
        if table.screen == "setup" or table.state is None:
            return E(body.tag, body.attrs, [*body.children[:1], guide.offer(), *body.children[1:]])
        if not self.guide.active(table):
            return body
        if table.screen == "end":
            end = guide.end_panel(table)
            return body if end is None else E(body.tag, body.attrs, [end, *body.children])
        tip = self.guide.tip(table)
        if tip is None:
            return body
        do, lesson = guide.instruction(tip), guide.panel(tip)
        return E(body.tag, body.attrs, [_with_tip(c, do, lesson) for c in body.children])


def _with_tip(child, do: E | None, lesson: E):
    """The table's side column with what to tap before its first part (the turn's buttons)
    and the lesson after it."""
    if not isinstance(child, E) or "pyr-side" not in child.attrs.get("class", "").split():
        return child
    parts = [do, *child.children[:1], lesson, *child.children[1:]]
    return E(child.tag, child.attrs, [x for x in parts if x is not None])


def features(tables, storage=None, **_services) -> list[Feature]:
    """This game's features, given the box (``tables``)."""
    return [PyramidsGuide(tables)]
