"""A game's guided first game as a feature of the shell (``feature.py``), for the games whose
guide is played in the table's side column (a game's ``features.py`` makes one): offered on
the game's new-game screen, and drawn, while it is played, around the side column's first part
(the decision's buttons): what to tap just before it, the lesson after it. Nothing is drawn
over the board or the buttons.

``guide`` is the game's guide module: ``Guide()`` (``start``, ``active``, ``tip``,
``stopped``), ``offer()``, ``end_panel(table)``, ``instruction(tip)`` and ``panel(tip)``."""

from __future__ import annotations

from .feature import Feature
from .i18n import t
from .table import HUMAN
from .vdom import E, h


class GuideBase:
    """What every guided first game shares: the person in seat ``PERSON`` against the bot
    ``BOT`` on the game's fixed deal (``options()``, recognised by ``is_guide(options)``), the
    action proposed at each log length, and a note when the person played another one.

    A game's ``Guide`` sets ``PERSON``, ``BOT`` and ``DEVIATED`` (the note's string key) and
    defines ``options()``, ``is_guide(options)`` and ``tip(table)``; ``alike(want, text)`` may
    count two different texts as the same move."""

    PERSON = 0
    BOT = "greedy"
    DEVIATED = ""

    def __init__(self):
        self.stopped = False
        self.proposed: dict[int, str] = {}  # log length -> the action proposed there

    def options(self) -> dict:
        raise NotImplementedError

    def is_guide(self, options) -> bool:
        raise NotImplementedError

    def alike(self, want: str, text: str) -> bool:
        return want == text

    def start(self, table) -> None:
        self.stopped = False
        self.proposed = {}
        table.start_game(self.options(), [HUMAN, self.BOT])

    def active(self, ctrl) -> bool:
        return (
            not self.stopped
            and ctrl.state is not None
            and self.is_guide(ctrl.state["options"])
            and list(ctrl.seats) == [HUMAN, self.BOT]
        )

    def note(self, state: dict) -> str | None:
        """A note when the person's last action was not the one proposed there."""
        log = state["log"]
        for n in range(len(log) - 1, -1, -1):
            who, text = log[n]
            if who == self.PERSON:
                want = self.proposed.get(n)
                if want is not None and not self.alike(want, text):
                    return t(self.DEVIATED)
                return None
        return None


def tip_panel(tip, prefix: str) -> E:
    """A guide tip's lesson (and its note) with the button that stops the guide, drawn after the
    decision's buttons; ``data-target`` names the element to tap. ``prefix``: the game's prefix
    of classes, keys, actions and strings (``<prefix>.guide.label``, ``<prefix>.guide.stop``)."""
    attrs = {
        "class": f"{prefix}-guide-tip",
        "data-key": f"{prefix}-guide-tip",
        "data-tip": tip.topic,
        "aria-label": t(f"{prefix}.guide.label"),
    }
    if tip.target is not None:
        attrs["data-target"] = tip.target
    stop = {
        "type": "button",
        "class": "secondary small",
        "data-action": f"{prefix}-guide-stop",
        "data-key": f"{prefix}-guide-stop",
    }
    return h(
        "aside",
        attrs,
        tip.note and h("p", {"class": f"{prefix}-guide-note"}, tip.note),
        h("p", {"class": f"{prefix}-guide-lesson"}, tip.lesson),
        h("button", stop, t(f"{prefix}.guide.stop")),
    )


class SideGuide(Feature):
    def __init__(self, tables, *, name: str, game_id: str, prefix: str, side: str, guide):
        self.name = name
        self.tables = tables
        self.game_id = game_id
        self.start_action, self.stop_action = f"{prefix}-guide-start", f"{prefix}-guide-stop"
        self.side = side  # the class of the table's side column
        self.module = guide
        self.guide = guide.Guide()

    def _ours(self, table) -> bool:
        return getattr(getattr(table, "game", None), "id", None) == self.game_id

    def handle(self, action: str, data: dict, table) -> bool | None:
        if action == self.start_action:
            table = self.tables.switch(self.game_id)
            self.guide.start(table)
            return True
        if action == self.stop_action:
            self.guide.stopped = True
            table.default_focus()
            return True
        return None

    def decorate(self, body: E, table) -> E:
        if not self._ours(table):
            return body
        m = self.module
        if table.screen == "setup" or table.state is None:
            # the offer, just under the new-game screen's title
            return E(body.tag, body.attrs, [*body.children[:1], m.offer(), *body.children[1:]])
        if not self.guide.active(table):
            return body
        if table.screen == "end":
            end = m.end_panel(table)
            return body if end is None else E(body.tag, body.attrs, [end, *body.children])
        tip = self.guide.tip(table)
        if tip is None:
            return body
        do, lesson = m.instruction(tip), m.panel(tip)
        return E(body.tag, body.attrs, [self._with_tip(c, do, lesson) for c in body.children])

    def _with_tip(self, child, do: E | None, lesson: E):
        """The side column with what to tap before its first part and the lesson after it."""
        if not isinstance(child, E) or self.side not in child.attrs.get("class", "").split():
            return child
        parts = [do, *child.children[:1], lesson, *child.children[1:]]
        return E(child.tag, child.attrs, [x for x in parts if x is not None])
