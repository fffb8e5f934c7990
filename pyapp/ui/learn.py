"""Learn from a game: the replay (every game), the analysis (games that have one: Caldera Park)
and hints during play, hooked into the tables like the saved games (pure Python, no DOM).

``Learn(table_of, storage=None, open_saved=None)``:

* ``table_of()`` gives the table on screen (the box's current one); ``open_saved(gid)`` gives
  ``(game, state, session)`` of a saved game (the saves' ``SaveStore.open_game``);
* ``attach(table)`` hooks into a table (``handlers``, ``wrap_view`` around the saved games' view,
  ``holds_bots``: the bots wait while a replay or analysis is shown, ``menu``: the hints
  switch); the box shares the hooks with every table;
* overlays drawn instead of the game body: the replay (``replay.ReplayScreen``) and the
  analysis (``analysis.AnalysisScreen``); the end screen gets a bar with "Replay" and
  "Analyse" (and says when hints were used); the saved-games list's "Replay" buttons open the
  replay of a stored game (a running one from its first person's side: observations only);
* hints: a setting (off by default, kept in storage); when on, a "Hint" button while a person
  decides shows the strong bot's choice on the table, and the table's ``hints_used`` is set (the
  save's session then holds ``"hints_used": true``);
* work in slices: ``work(budget_ms)`` advances the analysis or the hint being thought; the page's
  driver (``install``) calls it between frames and redraws, so the page never freezes.
"""

from __future__ import annotations

import contextlib
import importlib

from pyapp.core.errors import GameError

from . import strings_learn
from .i18n import t
from .table import HUMAN, bot_seed
from .vdom import E, h

strings_learn.install()

HINTS_KEY = "caldera-park/hints"
HINT_BOT = "strong"
SLICE_MS = 12.0
# games with an analysis: game id -> module of its AnalysisScreen
ANALYSES = {"park": "pyapp.ui.analysis"}
HINTS_MENU = ("learn-hints", "learn.hints.menu_off")
KEEP_OPEN = ("lang",)  # header entries that leave a replay or an analysis open


def screens_of(game):
    return importlib.import_module(f"pyapp.ui.{game.id}")


def first_person(seats, players: int) -> int:
    """The seat whose side a running game is replayed from: the first person's (else seat 0)."""
    if isinstance(seats, list):
        for p, k in enumerate(seats):
            if k == HUMAN and p < players:
                return p
    return 0


class Learn:
    def __init__(self, table_of, storage=None, open_saved=None):
        self.table_of = table_of
        self.storage = storage
        self.open_saved = open_saved
        self.overlay: str | None = None  # "replay" or "analysis"
        self.replay = None  # ReplayScreen
        self.analysis = None  # AnalysisScreen
        self.analysis_of = None  # the state analysed (a new game starts a new analysis)
        self.hint_thinking = None  # (table, generation, player, Thinking) of a hint
        self.error: str | None = None
        self.kick = None  # the page's driver: called when there is work to do in slices
        self.hints = self._read_hints()
        self._attached: set[int] = set()

    # ------------------------------------------------------------------ hooks

    def attach(self, table) -> None:
        if id(table) in self._attached:
            return
        self._attached.add(id(table))
        if self.handle not in table.handlers:
            table.handlers.append(self.handle)
        hold = self._holds
        if hold not in table.holds_bots:
            table.holds_bots.append(hold)
        if not any(m[0] == HINTS_MENU[0] for m in table.menu):
            table.menu.append(self._hints_menu())
        previous = table.wrap_view
        if getattr(previous, "learn_wrap", False):
            return

        def wrap(render_game):
            inner = lambda: self.view(render_game)  # noqa: E731
            return previous(inner) if previous is not None else [inner()]

        wrap.learn_wrap = True
        table.wrap_view = wrap

    def _holds(self) -> bool:
        return self.overlay is not None

    def _hints_menu(self) -> tuple[str, str]:
        return ("learn-hints", "learn.hints.menu_on" if self.hints else "learn.hints.menu_off")

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
        menu = self.table_of().menu
        for i, m in enumerate(menu):
            if m[0] == HINTS_MENU[0]:
                menu[i] = self._hints_menu()
        self.table_of().focus = "menu-learn-hints"

    # ------------------------------------------------------------------ opening

    def open_replay(self, game, state: dict, viewer: int | None, seats=None) -> bool:
        from .replay import ReplayScreen

        try:
            self.replay = ReplayScreen(game, state, screens_of(game), viewer, seats)
        except GameError as e:  # a record the rules refuse: said, nothing lost
            self.error = str(e)
            return True
        self.error = None
        self.overlay = "replay"
        self.table_of().focus = "replay-title"
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
        if table.state is None or table.game.id not in ANALYSES:
            return False
        if self.analysis is None or self.analysis_of is not table.state:
            module = importlib.import_module(ANALYSES[table.game.id])
            people = table.humans() or None
            self.analysis = module.AnalysisScreen(table.state, players=people)
            self.analysis_of = table.state
        else:
            self.analysis.resume()
        self.overlay = "analysis"
        table.focus = "analysis-title"
        self._kick()
        return True

    def close(self) -> None:
        which = self.overlay
        self.overlay = None
        self.replay = None
        if self.analysis is not None:
            self.analysis.stop()
        table = self.table_of()
        table.focus = "learn-analyse" if which == "analysis" else "learn-replay"

    # ------------------------------------------------------------------ hints

    def can_hint(self) -> bool:
        table = self.table_of()
        return (
            self.hints
            and self.overlay is None
            and table.state is not None
            and HINT_BOT in table.bot_names
            and table.human_to_move() is not None
        )

    def ask_hint(self) -> bool:
        table = self.table_of()
        if not self.can_hint():
            return False
        p = table.human_to_move()
        bot = table.game.make_bot(HINT_BOT, bot_seed(table.state["options"]["seed"], p))
        obs = table.obs(p)
        start = getattr(bot, "start", None)
        if callable(start):
            self.hint_thinking = (table, len(table.state["log"]), p, start(obs))
            table.notice = None
            self._kick()
        else:
            self._show_hint(table, p, bot.choose(obs))
        return True

    def _show_hint(self, table, p: int, action) -> None:
        screens = screens_of(table.game)
        describe = getattr(screens, "describe_choice", None)
        text = str(action)
        move = describe(table.state, text) if describe else table.describe_move(p, text)
        select = getattr(screens, "show_hint", None)  # a game may select the move on its table
        if select is not None:
            select(table, action)
        table.notice = t("learn.hint.text", move=move)
        table.announcement = table.notice
        if not table.hints_used:
            table.hints_used = True
            for hook in list(table.on_change):  # saved at once: the game used hints
                hook(table)

    def thinking_hint(self) -> bool:
        return self.hint_thinking is not None

    # ------------------------------------------------------------------ work in slices

    def busy(self) -> bool:
        return self.thinking_hint() or (
            self.overlay == "analysis" and self.analysis is not None and self.analysis.running
        )

    def work(self, budget_ms: float = SLICE_MS) -> bool:
        """A slice of the hint being thought, else of the analysis shown; True while more."""
        if self.hint_thinking is not None:
            table, length, p, thinking = self.hint_thinking
            current = self.table_of()
            if current is not table or table.state is None or len(table.state["log"]) != length:
                self.hint_thinking = None  # a move was played meanwhile: the hint is stale
            else:
                action = thinking.step(budget_ms)
                if thinking.done:
                    self.hint_thinking = None
                    self._show_hint(table, p, action)
            return self.busy()
        if self.overlay == "analysis" and self.analysis is not None:
            self.analysis.step(budget_ms)
        return self.busy()

    def _kick(self) -> None:
        if self.kick is not None:
            self.kick()

    # ------------------------------------------------------------------ input

    def handle(self, action: str, data: dict):
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
        if self.overlay is None:
            return None
        if action == "learn-close" or action == "undo":  # undo: the Escape key
            self.close()
            return True
        if action in KEEP_OPEN:
            return None  # the language switch: the replay or analysis stays, in the other one
        if action in table.menu_handlers or action == "menu-new":
            self.close()  # the header's other entries: leave the replay or analysis, then go
            return None
        if self.overlay == "analysis":
            if action == "learn-analysis-stop":
                self.analysis.stop()
                table.focus = "learn-analysis-resume"
                return True
            if action == "learn-analysis-resume":
                self.analysis.resume()
                table.focus = "learn-analysis-stop"
                self._kick()
                return True
            return False
        answer = self.replay.handle(action, data)
        if answer is not None:
            if self.replay.table.focus:
                table.focus, self.replay.table.focus = self.replay.table.focus, None
            return answer
        # the replayed board's own viewing buttons (another park, families) act on its table
        # only: that table is set back to the replayed position at every drawing
        self.replay.view_table().handle(action, data)
        return True

    # ------------------------------------------------------------------ drawing

    def view(self, render_game) -> E:
        table = self.table_of()
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
        if self.overlay == "replay" and self.replay is not None:
            return h("div", {"class": "learn-wrap"}, parts, self.replay.render())
        if self.overlay == "analysis" and self.analysis is not None:
            return h("div", {"class": "learn-wrap"}, parts, self.analysis.render())
        body = render_game()
        # what this feature adds goes inside the game's own screen element (the table's layout
        # fills the viewport as a child of the app root: never wrapped)
        attrs, after = body.attrs, []
        if table.state is not None and table.screen == "end":
            parts.append(self.end_bar(table))
        elif self.hints and table.state is not None and table.screen == "table":
            # in a corner (position: fixed), with room below the table so that it hides nothing
            attrs = {**attrs, "class": (attrs.get("class", "") + " with-hint").strip()}
            after.append(self.hint_button(table))
        if not parts and not after:
            return body
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
        if table.game.id in ANALYSES:
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


def install(app, persistence=None) -> Learn:
    """Wire the feature into the page: every table of the box, the saved games, and a driver
    that works in slices between frames (asyncio) and redraws as it goes."""
    import asyncio

    open_saved = persistence.store.open_game if persistence is not None else None
    learn = Learn(lambda: app.box.table, app.box.storage, open_saved)
    for table in list(app.box.tables.values()):
        learn.attach(table)
    app.box.on_switch.append(learn.attach)
    app.learn = learn
    state = {"task": None}

    async def drive():
        frames = 0
        try:
            while learn.work():
                frames += 1
                if frames % 6 == 0:
                    app.redraw()
                await asyncio.sleep(0.01)
        finally:
            state["task"] = None
        app.redraw()

    def kick():
        if state["task"] is None:
            state["task"] = asyncio.ensure_future(drive())

    learn.kick = kick
    return learn
