"""Learn from a game: the replay (every game), the analysis (games whose screens package has
one: ``ANALYSIS``, the module of its ``AnalysisScreen``) and hints during play, a feature of the
shell (``pyapp/ui/feature.py``; pure Python, no DOM).

``Learn(tables, storage=None, open_saved=None)``:

* ``tables`` is the box (``table``: the table on screen); ``open_saved(gid)`` gives
  ``(game, state, session)`` of a saved game (the saves' ``SaveStore.open_game``);
* the header's hints switch (``menu``), its input (``handle``), the bots waiting while a replay
  or analysis is shown (``holds_bots``), the replay buttons of the saved-games list
  (``saved_game_actions``);
* overlays drawn instead of the game body: the replay (``replay.ReplayScreen``) and the
  analysis board (``analysis_board.AnalysisBoard``, made by the game's ``AnalysisScreen``:
  the decisions drive a replay board, both moves drawn); the end screen gets a bar with "Replay" and
  "Analyse" (and says when hints were used); the saved-games list's "Replay" buttons open the
  replay of a stored game (a running one from its first person's side: observations only);
* hints: a setting (off by default, kept in storage); when on, a "Hint" button while a person
  decides shows the judge's whole decision on the table, selected and ready for Confirm (the
  game's ``show_hint(table, action, plan)``), and the table's ``hints_used`` is set (the
  save's session then holds ``"hints_used": true``);
* work in slices: ``work(budget_ms)`` advances the analysis or the hint being thought; the page's
  driver (``app.py``) calls it between frames while ``busy()`` and redraws, so the page never
  freezes.
"""

from __future__ import annotations

import contextlib
import importlib

from pyapp.core import judge
from pyapp.core.errors import GameError
from pyapp.core.replay import log_texts

from .. import strings_learn
from ..feature import Feature
from ..i18n import t
from ..table import HUMAN, int_or
from ..vdom import E, h

strings_learn.install()

HINTS_KEY = "caldera-park/hints"
HINT_BOT = "strong"
SLICE_MS = 12.0


def screens_of(game):
    return importlib.import_module(f"pyapp.ui.{game.id}")


def analysis_of(game) -> str | None:
    """The module of ``game``'s ``AnalysisScreen`` (its screens package's ``ANALYSIS``), or
    None for a game without an analysis."""
    return getattr(screens_of(game), "ANALYSIS", None)


def first_person(seats, players: int) -> int:
    """The seat whose side a running game is replayed from: the first person's (else seat 0)."""
    if isinstance(seats, list):
        for p, k in enumerate(seats):
            if k == HUMAN and p < players:
                return p
    return 0


class Learn(Feature):
    name = "learn"
    switches = ("learn-hints",)

    def __init__(self, tables, storage=None, open_saved=None):
        self.tables = tables
        self.storage = storage
        self.open_saved = open_saved
        self.showing: str | None = None  # "replay" or "analysis" drawn over the table
        self.replay = None  # ReplayScreen
        self.analysis = None  # AnalysisScreen
        self.analysis_of = None  # the state analysed (a new game starts a new analysis)
        self.hint_thinking = None  # (table, generation, player, Thinking) of a hint
        self.back_to: str | None = None  # the log entry a position shown from the log came from
        self._positions = None  # (key, ReplayScreen) of the last position shown from the log
        self.error: str | None = None
        self.hints = self._read_hints()

    def table_of(self):
        """The table on screen."""
        return self.tables.table

    # ------------------------------------------------------------------ the shell's questions

    def menu(self, table) -> list[tuple[str, ...]]:
        return [("learn-hints", "learn.hints.menu_on" if self.hints else "learn.hints.menu_off")]

    def overlay_open(self, table) -> bool:
        return self.showing is not None

    def saved_game_actions(self, game_id: str, players: str) -> list[E]:
        return [saved_replay_button(game_id, players)]

    # ------------------------------------------------------------------ settings

    def _read_hints(self) -> bool:
        if self.storage is None:
            return False
        try:
            return self.storage.getItem(HINTS_KEY) == "on"
        except Exception:  # noqa: BLE001 - storage refused: the default
            return False

    def toggle_hints(self) -> None:
        self.hints = not self.hints
        if self.storage is not None:
            with contextlib.suppress(Exception):  # storage refused: on for this visit only
                self.storage.setItem(HINTS_KEY, "on" if self.hints else "off")
        self.table_of().focus = "menu-learn-hints"

    # ------------------------------------------------------------------ opening

    def open_replay(
        self, game, state: dict, viewer: int | None, seats=None, position: bool = False
    ) -> bool:
        from ..replay import ReplayScreen

        try:
            self.replay = ReplayScreen(game, state, screens_of(game), viewer, seats, position)
        except GameError as e:  # a record the rules refuse: said, nothing lost
            self.error = str(e)
            return True
        self.error = None
        self.showing = "replay"
        self.back_to = None
        self.table_of().focus = "replay-title"
        return True

    def show_position(self, value) -> bool:
        """An entry of the live table's log chosen (``log-show``, its log index): the board as
        it was right after that move, that move marked, seen from the table's viewer (what was
        hidden from them stays hidden) while the game runs. The live table is left as it is
        (its bots wait) until "Back to the game" or Escape."""
        table = self.table_of()
        n = int_or(value)
        if table.state is None or n is None or not 0 <= n < len(table.state["log"]):
            return False
        over = table.game.is_over(table.state)
        viewer = None if over or not table.humans() else table.viewer()
        seats = list(table.seats)
        # the same game, log and viewer as the last position shown: its replay is kept (a
        # replay rebuilds every position of the game once)
        key = (table.game.id, id(table.state), len(table.state["log"]), viewer, tuple(seats))
        kept = self._positions
        if (
            kept is not None
            and kept[0] == key
            and kept[1].replay.texts == log_texts(table.state["log"])
        ):
            self.replay, self.showing, self.error, self.back_to = kept[1], "replay", None, None
            table.focus = "replay-title"
        else:
            self.open_replay(table.game, table.state, viewer, seats, position=True)
            if self.showing == "replay":
                self._positions = (key, self.replay)
        if self.replay is not None and self.showing == "replay":
            self.replay.go(n + 1)
            self.back_to = f"log-{n}"  # the entry chosen takes the focus back
        return True

    def replay_current(self) -> bool:
        table = self.table_of()
        if table.state is None:
            return False
        over = table.game.is_over(table.state)
        viewer = None if over else first_person(table.seats, table.state["options"]["players"])
        return self.open_replay(table.game, table.state, viewer, list(table.seats))

    def replay_saved(self, gid) -> bool:
        if not gid or self.open_saved is None:
            return False
        try:
            game, state, session = self.open_saved(gid)
        except Exception as e:  # noqa: BLE001 - a damaged save: the message, never a crash
            self.error = t(getattr(e, "key", ""), **getattr(e, "params", {})) or str(e)
            return True
        seats = (session or {}).get("seats")
        over = game.is_over(state)
        viewer = None if over else first_person(seats, state["options"]["players"])
        return self.open_replay(game, state, viewer, seats)

    def open_analysis(self) -> bool:
        table = self.table_of()
        if table.state is None or analysis_of(table.game) is None:
            return False
        if self.analysis is None or self.analysis_of is not table.state:
            module = importlib.import_module(analysis_of(table.game))
            people = table.humans() or None
            self.analysis = module.AnalysisScreen(table.state, players=people)
            self.analysis_of = table.state
        else:
            self.analysis.resume()
        self.showing = "analysis"
        table.focus = "analysis-title"
        return True

    def close(self, table=None) -> None:
        which = self.showing
        self.showing = None
        self.replay = None
        if self.analysis is not None:
            self.analysis.stop()
        table = self.table_of()
        table.focus = "learn-analyse" if which == "analysis" else "learn-replay"
        if self.back_to is not None:
            table.focus, self.back_to = self.back_to, None

    # ------------------------------------------------------------------ hints

    def can_hint(self) -> bool:
        table = self.table_of()
        return (
            self.hints
            and self.showing is None
            and table.state is not None
            and HINT_BOT in table.bot_names
            and table.human_to_move() is not None
        )

    def ask_hint(self) -> bool:
        table = self.table_of()
        if not self.can_hint():
            return False
        p = table.human_to_move()
        # the one judge (core/judge.py): the same suggestion as the analysis and the command
        # line, with the rest of the turn it plans (Caldera), thought in slices
        thinking = judge.start_plan(table.game, table.state["options"], table.obs(p))
        self.hint_thinking = (table, len(table.state["log"]), p, thinking)
        table.notice = None
        return True

    def _show_hint(self, table, p: int, plan: list[str]) -> None:
        screens = screens_of(table.game)
        action = table.game.parse_action(plan[0])
        # the game selects the whole decision on its table, ready for Confirm, and says it
        # (``show_hint(table, action, plan)``: the words, or None)
        select = getattr(screens, "show_hint", None)
        move = select(table, action, plan) if select is not None else None
        if not move:
            describe = getattr(screens, "describe_choice", None)
            text = str(action)
            move = describe(table.state, text) if describe else table.describe_move(p, text)
        table.notice = t("learn.hint.text", move=move)
        table.announcement = table.notice
        if not table.hints_used:
            table.hints_used = True
            table.changed()  # saved at once: the game used hints

    def thinking_hint(self) -> bool:
        return self.hint_thinking is not None

    # ------------------------------------------------------------------ work in slices

    def busy(self) -> bool:
        return self.thinking_hint() or (
            self.showing == "analysis" and self.analysis is not None and self.analysis.running
        )

    def work(self, budget_ms: float = SLICE_MS) -> bool:
        """A slice of the hint being thought, else of the analysis shown; True while more."""
        if self.hint_thinking is not None:
            table, length, p, thinking = self.hint_thinking
            current = self.table_of()
            if current is not table or table.state is None or len(table.state["log"]) != length:
                self.hint_thinking = None  # a move was played meanwhile: the hint is stale
            else:
                plan = thinking.step(budget_ms)
                if thinking.done:
                    self.hint_thinking = None
                    self._show_hint(table, p, plan)
            return self.busy()
        if self.showing == "analysis" and self.analysis is not None:
            self.analysis.step(budget_ms)
        return self.busy()

    # ------------------------------------------------------------------ input

    def handle(self, action: str, data: dict, table=None):
        """True/False (redraw or not) for this module's actions, None for any other."""
        table = self.table_of()
        if action == "learn-hints":
            self.toggle_hints()
            return True
        if action == "learn-replay-saved":
            return self.replay_saved(data.get("id"))
        if action == "learn-replay":
            return self.replay_current()
        if action == "learn-analyse":
            return self.open_analysis()
        if action == "learn-hint":
            return self.ask_hint()
        if action == "learn-error-close":
            self.error = None
            return True
        if action == "log-show" and self.showing is None:
            return self.show_position(data.get("value"))
        if self.showing is None:
            return None
        if action == "learn-close" or action == "undo":  # undo: the Escape key
            self.close()
            return True
        if action == "menu-new" or action in {m[0] for m in table.menu}:
            self.close()  # the header's other entries: leave the replay or analysis, then go
            return None
        if self.showing == "analysis":
            if action == "learn-analysis-stop":
                self.analysis.stop()
                table.focus = "learn-analysis-resume"
                return True
            if action == "learn-analysis-resume":
                self.analysis.resume()
                table.focus = "learn-analysis-stop"
                return True
            return self._board_input(self.analysis, self.analysis.view, action, data)
        return self._board_input(self.replay, self.replay, action, data)

    def _board_input(self, screen, replay, action: str, data: dict) -> bool:
        """An input on a replay (``screen`` is the replay) or on the analysis board (its replay
        ``replay``): its own actions, else the replayed board's viewing buttons."""
        table = self.table_of()
        answer = screen.handle(action, data)
        if answer is not None:
            if replay.table.focus:
                table.focus, replay.table.focus = replay.table.focus, None
            return answer
        # the replayed board's own viewing buttons (another park, families) act on its table
        # only: that table is set back to the replayed position at every drawing
        replay.view_table().handle(action, data)
        return True

    def shown(self):
        """The replay whose board is drawn (a replay's, or the analysis board's), or None."""
        if self.showing == "replay":
            return self.replay
        if self.showing == "analysis" and self.analysis is not None:
            return getattr(self.analysis, "view", None)
        return None

    # ------------------------------------------------------------------ drawing

    def overlay(self, table) -> E | None:
        parts = self._error_parts()
        if self.showing == "replay" and self.replay is not None:
            return h("div", {"class": "learn-wrap"}, parts, self.replay.render())
        if self.showing == "analysis" and self.analysis is not None:
            return h("div", {"class": "learn-wrap"}, parts, self.analysis.render())
        return None

    def _error_parts(self) -> list[E]:
        parts = []
        if self.error:
            parts.append(
                h(
                    "div",
                    {"class": "banner learn-error", "role": "alert"},
                    h("p", None, self.error),
                    h(
                        "button",
                        {
                            "type": "button",
                            "data-action": "learn-error-close",
                            "data-key": "learn-error-close",
                        },
                        t("saves.dismiss"),
                    ),
                )
            )
        return parts

    def decorate(self, body: E, table) -> E:
        parts = self._error_parts()
        # what this feature adds goes inside the game's own screen element (the table's layout
        # fills the viewport as a child of the app root: never wrapped)
        after, hint = [], False
        if table.state is not None and table.screen == "end":
            parts.append(self.end_bar(table))
        elif self.hints and table.state is not None and table.screen == "table":
            hint = True
            after.append(self.hint_button(table))
        if not parts and not after:
            return body
        attrs = body.attrs
        if hint:  # in a corner (position: fixed), with room below the table: it hides nothing
            attrs = {**attrs, "class": (attrs.get("class", "") + " with-hint").strip()}
        return E(body.tag, attrs, [*parts, *body.children, *after])

    def end_bar(self, table) -> E:
        buttons = [
            h(
                "button",
                {
                    "type": "button",
                    "class": "secondary",
                    "data-action": "learn-replay",
                    "data-key": "learn-replay",
                },
                t("learn.replay"),
            )
        ]
        if analysis_of(table.game) is not None:
            buttons.append(
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "secondary",
                        "data-action": "learn-analyse",
                        "data-key": "learn-analyse",
                    },
                    t("learn.analyse"),
                )
            )
        return h(
            "div",
            {"class": "learn-end-bar", "data-hints-used": "true" if table.hints_used else "false"},
            buttons,
            table.hints_used and h("p", {"class": "learn-hints-used"}, t("learn.hint.used")),
        )

    def hint_button(self, table) -> E:
        attrs = {
            "type": "button",
            "class": "secondary learn-hint",
            "data-action": "learn-hint",
            "data-key": "learn-hint",
            "aria-label": t("learn.hint.label"),
            "title": t("learn.hint.label"),
        }
        if not self.can_hint() or self.thinking_hint():
            attrs["aria-disabled"] = "true"
        if self.thinking_hint():
            attrs["aria-busy"] = "true"
        return h("button", attrs, t("learn.hint"))


def saved_replay_button(gid: str, players: str) -> E:
    """The saved-games list's "Replay" button of game ``gid``."""
    return h(
        "button",
        {
            "type": "button",
            "data-action": "learn-replay-saved",
            "data-id": gid,
            "data-key": f"replay-{gid}",
            "aria-label": t("learn.replay_label", players=players),
        },
        t("learn.replay"),
    )
