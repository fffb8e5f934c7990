"""The replay screen of any game of the box (pure Python, no DOM): navigation through a game's
positions, each drawn by the game's own screens.

``ReplayScreen(game, state, screens, viewer=None)`` replays ``state``'s options and log through
the protocol (``core.replay.Replay``); ``screens`` is the game's screens package (``make_table``
and ``render``). Each position is drawn by a table of that game made for the replay alone, holding
the position's view (the engine's state, or for a running game the ``viewer``'s observation) and
no person to move, so nothing on it can be played: the board as it was, never a move.

Navigation (``handle``): ``learn-replay-first``/``-prev``/``-next``/``-last``, ``-step`` (the
slider's value: a position), ``-jump`` (the stage list's value: the first position of a round
and turn, from the game's ``save_summary``) and ``log-show`` (an entry of the log drawn on the
board, its log index: the position right after that move).

The position drawn marks the move that led to it (the table's ``mark_from``: each game's screens
draw their marks from ``marked_moves``). The game's drawing is shown less its live controls
(``LIVE_ACTIONS``, ``LIVE_KEYS``: Confirm, Take back, Faster bots, the prompt...): nobody plays
here, so nothing offers a move. ``position=True`` (a move chosen in a live game's log): the same
screen titled as that position, with a way back to the game instead of "Close the replay".
"""

from __future__ import annotations

from pyapp.core.replay import Replay

from . import strings_learn
from .i18n import t
from .table import HUMAN, int_or
from .vdom import E, h

strings_learn.install()

# what a game's table offers only to the person to move (or only in a live game): left out of
# a replay's drawing
LIVE_ACTIONS = frozenset(
    {
        "confirm",
        "undo",
        "takeback",
        "speed",
        "pass",
        "resign",
        "draw",
        "answer",
        "skip",
        "upgrade",
        "choose",
        "learn-hint",
    }
)
LIVE_KEYS = frozenset({"prompt", "turn-pass", "combat-prompt"})
LIVE_CLASSES = frozenset({"confirm-bar"})


def is_live(e: E) -> bool:
    """An element of a game's table that only a live game offers (a control, the prompt)."""
    a = e.attrs
    return (
        a.get("data-action") in LIVE_ACTIONS
        or a.get("data-key") in LIVE_KEYS
        or not LIVE_CLASSES.isdisjoint(a.get("class", "").split())
    )


def without_live(e: E) -> E | None:
    """``e`` less its live parts (``is_live``); the same element (frozen ones kept as they
    are) where it holds none; None if it is one."""
    if is_live(e):
        return None
    kids, changed = [], False
    for c in e.children:
        if isinstance(c, E):
            kept = without_live(c)
            changed = changed or kept is not c
            if kept is not None:
                kids.append(kept)
        else:
            kids.append(c)
    return E(e.tag, e.attrs, kids) if changed else e


def stage_text(stage: dict) -> str:
    """ "Round 3, turn 2" from a stage (``core.replay``); the keys it has."""
    if "round" in stage and "turn" in stage:
        if stage["turn"] == 0:
            return t("learn.stage.round_setup", round=stage["round"])
        return t("learn.stage.round_turn", **stage)
    if "round" in stage:
        return t("learn.stage.round", round=stage["round"])
    if "turn" in stage:
        return t("learn.stage.turn", turn=stage["turn"])
    return ""


class ReplayScreen:
    def __init__(
        self,
        game,
        state: dict,
        screens,
        viewer: int | None = None,
        seats=None,
        position: bool = False,
    ):
        self.game = game
        self.position = position  # a live game's position chosen in its log
        self.replay = Replay.of_state(game, state, viewer)
        self.viewer = viewer
        self.screens = screens
        self.names = _names(state)
        self.pos = 0
        self.table = screens.make_table(reduced_motion=True)
        # nobody may move on the replay's table, whatever its seats say
        self.table.watch_only = True
        n = state["options"]["players"]
        known = (HUMAN, *self.table.bot_names)
        if not (isinstance(seats, list) and len(seats) == n and all(k in known for k in seats)):
            seats = [self.table.bot_names[0]] * n
        self.seats = list(seats)
        self._stages = self.replay.stages()

    # ------------------------------------------------------------------ navigation

    def go(self, n) -> bool:
        n = int_or(n)
        if n is None:
            return False
        self.pos = self.replay.clamp(n)
        return True

    def handle(self, action: str, data: dict) -> bool | None:
        moves = {
            "learn-replay-first": lambda: 0,
            "learn-replay-prev": lambda: self.pos - 1,
            "learn-replay-next": lambda: self.pos + 1,
            "learn-replay-last": lambda: self.replay.length,
            "learn-replay-step": lambda: data.get("value"),
            "learn-replay-jump": lambda: data.get("value"),
            # an entry of the log: the position right after that move
            "log-show": lambda: _after(data.get("value")),
        }
        if action not in moves:
            return None
        changed = self.go(moves[action]())
        if changed and action == "log-show":
            # the entry chosen is the newest of the log drawn now
            self.table.focus = f"log-{self.pos - 1}" if self.pos > 0 else "learn-replay-next"
        elif changed and action in ("learn-replay-first", "learn-replay-prev"):
            self.table.focus = action if self.pos > 0 else "learn-replay-next"
        elif changed and action in ("learn-replay-next", "learn-replay-last"):
            end = self.pos >= self.replay.length
            self.table.focus = "learn-replay-prev" if end else action
        return changed

    # ------------------------------------------------------------------ the view

    def view_table(self):
        """The replay's own table of the game at the current position (nobody to move)."""
        vt = self.table
        view = self.replay.view_at(self.pos)
        vt.state = view
        vt.seats = self.seats  # persons and bots as they were (nobody moves: human_to_move)
        vt.screen = "table"
        people = [p for p, k in enumerate(self.seats) if k == HUMAN]
        vt.last_human = self.viewer if self.viewer is not None else (people or [None])[0]
        vt.result = None
        vt.error = vt.notice = None
        vt.mark_from = max(0, self.pos - 1)  # the move that led here is marked
        return vt

    def move_line(self) -> E:
        """The position's count and its move in words (read out as it changes)."""
        return h(
            "p",
            {"class": "replay-move", "role": "status", "data-key": "replay-move"},
            h(
                "span",
                {"class": "replay-count"},
                t("learn.replay.position", n=self.pos, total=self.replay.length),
            ),
            " ",
            self.move_text(),
        )

    def move_text(self) -> str:
        if self.pos == 0:
            return t("learn.replay.start")
        p = self.replay.player_of(self.pos)
        text = self.replay.texts[self.pos - 1]
        return self.table.describe_move(p, text)

    def stage(self) -> int:
        """The first position of the stage the current position is in (for the list)."""
        best = 0
        for n, _ in self._stages:
            if n <= self.pos:
                best = n
        return best

    def render(self) -> list[E]:
        vt = self.view_table()
        nodes, _ = self.screens.render(vt)
        # the game's body and its sprites, without its header and announcement, nor its live
        # controls
        body = [kept for n in nodes[2:] if (kept := without_live(n)) is not None]
        length = self.replay.length
        at_start, at_end = self.pos == 0, self.pos >= length

        def nav(action: str, label: str, symbol: str, disabled: bool) -> E:
            attrs = {
                "type": "button",
                "class": "secondary small",
                "data-action": action,
                "data-key": action,
                "aria-label": label,
                "title": label,
            }
            if disabled:
                attrs["aria-disabled"] = "true"
            return h("button", attrs, symbol)

        stage_options = [
            h("option", {"value": str(n), "selected": n == self.stage()}, stage_text(stage))
            for n, stage in self._stages
        ]
        bar = h(
            "section",
            {
                "class": "learn-screen replay-bar",
                "data-screen": "replay",
                "data-mode": "position" if self.position else "replay",
                # the phone's Back and Escape press its close button (static/js/game-dom.js)
                "data-overlay": "replay",
                "aria-labelledby": "replay-title",
                "data-pos": str(self.pos),
                "data-length": str(length),
            },
            h(
                "div",
                {"class": "replay-head"},
                h(
                    "h1",
                    {"id": "replay-title", "tabindex": "-1", "data-key": "replay-title"},
                    t("learn.position.title", n=self.pos)
                    if self.position
                    else t("learn.replay.title"),
                ),
                h(
                    "button",
                    {
                        "type": "button",
                        "class": ("primary" if self.position else "secondary") + " small",
                        "data-action": "learn-close",
                        "data-key": "learn-close",
                        "aria-keyshortcuts": "Escape",
                        "data-overlay-close": "true",
                    },
                    t("learn.position.back" if self.position else "learn.replay.close"),
                ),
            ),
            h(
                "p",
                {"class": "replay-note"},
                t("learn.position.note" if self.position else "learn.replay.note"),
            ),
            h(
                "div",
                {"class": "replay-nav"},
                nav("learn-replay-first", t("learn.replay.first"), "|◀", at_start),
                nav("learn-replay-prev", t("learn.replay.prev"), "◀", at_start),
                h(
                    "input",
                    {
                        "type": "range",
                        "min": "0",
                        "max": str(length),
                        "value": str(self.pos),
                        "data-action": "learn-replay-step",
                        "data-key": "learn-replay-step",
                        "aria-label": t("learn.replay.slider"),
                        "aria-valuetext": t("learn.replay.position", n=self.pos, total=length),
                    },
                ),
                nav("learn-replay-next", t("learn.replay.next"), "▶", at_end),
                nav("learn-replay-last", t("learn.replay.last"), "▶|", at_end),
                stage_options
                and h(
                    "label",
                    {"class": "replay-jump"},
                    h("span", {"class": "sr-only"}, t("learn.replay.jump")),
                    h(
                        "select",
                        {
                            "data-action": "learn-replay-jump",
                            "data-key": "learn-replay-jump",
                            "value": str(self.stage()),
                        },
                        stage_options,
                    ),
                ),
            ),
            self.move_line(),
            self.viewer is not None
            and h(
                "p",
                {"class": "replay-viewer"},
                t("learn.replay.viewer", name=self.names[self.viewer]),
            ),
        )
        return [bar, h("div", {"class": "replay-board", "data-pos": str(self.pos)}, body)]


def _after(value) -> int | None:
    """The position right after the move of log index ``value`` (None: not a number)."""
    n = int_or(value)
    return None if n is None else n + 1


def _names(state: dict) -> list[str]:
    names = state["options"].get("names")
    n = state["options"]["players"]
    if isinstance(names, list) and len(names) == n:
        return [str(x) for x in names]
    return [t("setup.default_name", n=i + 1) for i in range(n)]
