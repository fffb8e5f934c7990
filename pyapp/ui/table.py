"""The table of any game, in pure Python (no DOM): seats, hand-overs, the bots' pace, the hooks
of the shell's other features, all through the game protocol (``core/protocol.py``).

A game's screens subclass ``TableController`` with what only that game knows (its new-game form,
what a person has chosen but not confirmed, its prompt and focus), and draw it with their own
``render``. The browser layer (``app.py``), the features (``features/``) and the bot runner
(``BotRunner``) use only what is defined here:

* ``state`` (``None`` before a game), ``screen`` (``setup``, ``handover``, ``table``, ``end``),
  ``result`` (the protocol's ``summary`` once over), ``seats`` (``"human"`` or a bot name).
* ``handle(action, data)``: one input from the page; True when the screen must be redrawn.
* ``resume(state, seats)`` and ``session()``: continue any state (a loaded save), and what a save
  keeps besides the state.
* The shell's features (``feature.Shell``, handed in by whoever makes the table: the box, from
  the app's composition) are asked, never hooked in: after every move, a new game and a resume
  (``Shell.after_change``: the place to autosave), for the header's entries (``menu``), for
  input before the table's own (``handle``), and whether the bots must wait (``holds_bots``).
  ``changed()`` tells them the game's session changed (hints were used).
* Bots: ``bot_to_move``, ``bot_think`` (a generator that thinks in slices), ``bot_play``.

The controller never decides what is legal: every move goes through the protocol's checked
``play``, and a refusal is shown with the engine's reason.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pyapp.core.errors import GameError

from .feature import Shell
from .i18n import t

HUMAN = "human"
PACE_MS = 600  # one bot step, a pace a person can follow
PACE_FAST_MS = 150
PACE_REDUCED_MS = 250  # with prefers-reduced-motion: no animation to wait for
FIRST_FRAME_S = 0.02  # a bot starts thinking after the page had a frame to paint
THINK_SLICE_MS = 12.0  # a bot thinks this long, then lets the page handle input and draw


def int_or(text, default=None):
    try:
        return int(text)
    except (ValueError, TypeError):
        return default


def preferred_bot(bot_names) -> str:
    for name in ("strong", "greedy", "random"):
        if name in bot_names:
            return name
    return bot_names[0]


def join_words(*parts: str) -> str:
    return " ".join(p for p in parts if p)


def bot_seed(seed, seat: int) -> int:
    """The seed of the bot in ``seat`` of a game with ``seed`` (reproducible, one per seat)."""
    base = seed if isinstance(seed, int) else sum(str(seed).encode("utf-8"))
    return (base * 31 + seat + 1) % (2**62)


class TableController:
    """Everything of a running game that does not depend on which game it is."""

    HIDE_BETWEEN_DEFAULT = True  # pass-and-play: a hand-over screen between two people

    def __init__(
        self, game, bot_names=None, reduced_motion: bool = False, seed_source=None, shell=None
    ):
        self.game = game
        self.shell: Shell = shell if shell is not None else Shell()
        self.bot_names = list(bot_names if bot_names is not None else game.bot_names)
        self.screen = "setup"  # setup, handover, table, end
        self.state: dict | None = None
        self.seats: list[str] = []
        self.bots: dict[int, object] = {}
        self.last_human: int | None = None
        self.handover_to: int | None = None
        # pass-and-play: True shows a hand-over screen between two people; False passes the
        # turn on the table itself (``passed_to``: the person who just received it)
        self.hide_between = self.HIDE_BETWEEN_DEFAULT
        self.passed_to: int | None = None
        self.seen: dict[int, int] = {}  # human seat -> log length when they last had the device
        self.result: dict | None = None
        self.error: str | None = None  # the last refused move, shown on the table
        self.notice: str | None = None  # a hint (e.g. "choose a token first")
        self.announcement = ""
        self.focus: str | None = None  # data-key to focus after the next draw
        self.reduced_motion = reduced_motion
        self.fast = False
        self.hints_used = False  # a hint was shown in this game (kept in the save's session)
        self.thinking: int | None = None  # bot seat currently thinking
        self.generation = 0  # bumps when a game starts or resumes: stale bot steps are dropped
        # the header's "More" panel is open (phones: the entries that do not fit the row)
        self.menu_open = False
        self.watch_only = False  # a replay's table: nobody moves on it, whatever its seats say
        self.seen_from: int | None = None  # a watch-only table drawn from this seat's side
        # a replay's table marks the moves from this log index on (``marks_from``); None: live
        self.mark_from: int | None = None
        self.seed_source = seed_source or (lambda: random.randrange(1, 10**9))

    @property
    def menu(self) -> list[tuple[str, ...]]:
        """The header's entries the features offer: (action, label key[, key of the label's
        language]), drawn as buttons with data-action=action (``frame.header``)."""
        return self.shell.menu(self)

    def changed(self) -> None:
        """Tell the features the game's session changed (e.g. hints were used): it is saved."""
        self.shell.after_change(self)

    # ------------------------------------------------------------------ for a game to fill in

    def reset_choice(self) -> None:
        """Forget what the person to move chose but did not confirm."""

    def after_resume(self) -> None:
        """A game was started or resumed (fill the new-game form from it, for a rematch)."""

    def fill_form(self, options: dict, seats: list[str]) -> None:
        """Fill the new-game form from the options and seats a game last started with."""

    def prompt(self) -> str:
        """What the player to move must do, in words."""
        return ""

    def describe_move(self, player: int, text: str) -> str:
        """A move of the log in words, for screen readers."""
        return text

    def end_announcement(self) -> str:
        """What screen readers hear when the game ends (a game whose end screen is no scoring
        pad says it in its own words)."""
        return t("end.announce")

    def default_focus(self) -> None:
        """Set ``focus`` to the first thing the person to move can choose."""

    # ------------------------------------------------------------------ games

    def start_game(self, options: dict, seats: list[str]) -> None:
        """Start a new game from protocol options."""
        self.resume(self.game.new_game(options), seats)

    def resume(self, state: dict, seats: list[str] | None = None) -> None:
        """Continue ``state`` (a new game or a loaded save); ``seats``: per player "human" or a
        bot name (default: all human)."""
        n = state["options"]["players"]
        seats = list(seats) if seats is not None else [HUMAN] * n
        if len(seats) != n:
            raise ValueError(f"{n} seats expected, got {len(seats)}")
        for k in seats:
            if k != HUMAN and k not in self.bot_names:
                raise ValueError(f"unknown seat kind {k!r}")
        self.state = state
        self.seats = seats
        self.generation += 1
        seed = state["options"]["seed"]
        self.bots = {
            p: self.game.make_bot(kind, bot_seed(seed, p))
            for p, kind in enumerate(seats)
            if kind != HUMAN
        }
        self.reset_choice()
        self.last_human = None
        self.seen = {}
        self.result = None
        self.error = self.notice = None
        self.hints_used = False
        self.after_resume()
        self.after_change(announce_move=False)

    def session(self) -> dict:
        """What a save needs besides the state: the seat kinds, the pace, whether the screen
        is hidden between people and whether hints were used."""
        session = {"seats": list(self.seats), "fast": self.fast, "hide_between": self.hide_between}
        if self.hints_used:
            session["hints_used"] = True
        return session

    def restore_session(self, session: dict | None) -> None:
        """Take the pace and the hand-over setting of a loaded save (before ``resume``, which
        decides whether a hand-over screen is shown); a save without the setting (older
        versions) gets the game's default (``HIDE_BETWEEN_DEFAULT``)."""
        session = session or {}
        if isinstance(session.get("fast"), bool):
            self.fast = session["fast"]
        hide = session.get("hide_between")
        self.hide_between = hide if isinstance(hide, bool) else self.HIDE_BETWEEN_DEFAULT

    # ------------------------------------------------------------------ reading

    def decision(self) -> dict | None:
        return self.game.decision(self.state) if self.state is not None else None

    def humans(self) -> list[int]:
        return [p for p, k in enumerate(self.seats) if k == HUMAN]

    def is_human(self, p: int) -> bool:
        return 0 <= p < len(self.seats) and self.seats[p] == HUMAN

    def viewer(self) -> int:
        """Whose side the table is seen from: the person to move, else the last person seen,
        else the first person, else the player deciding (a game of bots); ``seen_from`` when
        set (a game by link while it waits for another device)."""
        if self.seen_from is not None:
            return self.seen_from
        d = self.decision()
        if d is not None and self.is_human(d["player"]):
            return d["player"]
        if self.last_human is not None:
            return self.last_human
        if self.humans():
            return self.humans()[0]
        return d["player"] if d is not None else 0

    def marks_from(self) -> int:
        """The first log index whose moves the board marks as new. On a replay's table (or a
        position shown from the log) ``mark_from`` says it; on a live table it is every move
        made since the viewer's own last action, so the other players' moves stay marked until
        the viewer's next decision. A function of the state alone: a resumed game marks the
        same moves."""
        if self.mark_from is not None:
            return self.mark_from
        log = self.state["log"] if self.state is not None else []
        me = self.viewer()
        for i in range(len(log) - 1, -1, -1):
            entry = log[i]
            if isinstance(entry, list) and entry and entry[0] == me:
                return i + 1
        return 0

    def marked_moves(self) -> list[tuple[int, int | None, str]]:
        """(log index, player, text) of each move the board marks (``marks_from``): on a live
        table the moves of the other players only."""
        if self.state is None:
            return []
        live = self.mark_from is None
        me = self.viewer()
        out = []
        for i, entry in enumerate(self.state["log"][self.marks_from() :], self.marks_from()):
            p, text = entry if isinstance(entry, list) else (None, entry)
            if live and p == me:
                continue
            out.append((i, p, str(text)))
        return out

    def human_to_move(self) -> int | None:
        """The human whose decision is open and who has the table (not behind a hand-over)."""
        d = self.decision()
        if d is None or self.watch_only or self.screen != "table" or not self.is_human(d["player"]):
            return None
        return d["player"]

    def obs(self, p: int) -> dict:
        return self.game.observation(self.state, p)

    def legal(self) -> list:
        p = self.human_to_move()
        return self.game.legal_actions(self.obs(p), p) if p is not None else []

    def pace_ms(self) -> int:
        if self.fast:
            return PACE_FAST_MS // 2 if self.reduced_motion else PACE_FAST_MS
        return PACE_REDUCED_MS if self.reduced_motion else PACE_MS

    # ------------------------------------------------------------------ moves

    def play(self, action) -> bool:
        """Play a move through the engine's checked ``play``; False (and the message shown) if
        it is refused."""
        return self.change(lambda: self.game.play(self.state, action), announce_move=True)

    def change(self, engine_call: Callable[[], object], announce_move: bool) -> bool:
        """Change the state through ``engine_call`` (the engine's ``play``, or a game's own
        checked change such as a take-back); False (and the engine's message shown) if it
        refuses, else the choice is reset and ``after_change`` runs."""
        try:
            engine_call()
        except GameError as e:
            self.error = t("error.illegal", reason=str(e))
            return False
        self.error = self.notice = None
        self.reset_choice()
        self.after_change(announce_move=announce_move)
        return True

    def after_change(self, announce_move: bool, hooks: bool = True) -> None:
        state = self.state
        d = self.game.decision(state)
        if d is None:
            self.result = self.game.summary(state)
            self.screen = "end"
            self.on_end()
            self.announcement = join_words(
                self.last_move_text(announce_move), self.end_announcement()
            )
            self.focus = "end-title"
        else:
            p = d["player"]
            self.passed_to = None
            if self.is_human(p):
                if len(self.humans()) > 1 and self.last_human != p and self.hide_between:
                    if self.last_human is not None:  # the device leaves this person now
                        self.seen[self.last_human] = len(state["log"])
                    self.screen = "handover"
                    self.handover_to = p
                    self.focus = "handover-ready"
                else:
                    if len(self.humans()) > 1 and self.last_human not in (None, p):
                        self.passed_to = p  # the turn passes on the table, with a banner
                    self.screen = "table"
                    self.last_human = p
                    self.default_focus()
                self.on_turn()
            else:
                self.screen = "table"
            self.announcement = join_words(self.last_move_text(announce_move), self.prompt())
        if hooks:
            self.shell.after_change(self)

    def on_end(self) -> None:
        """The game just ended (a game may reset its views)."""

    def on_turn(self) -> None:
        """A person's decision just opened (a game may reset its views)."""

    def last_move_text(self, announce: bool) -> str:
        if not announce or not self.state["log"]:
            return ""
        entry = self.state["log"][-1]
        p, text = entry if isinstance(entry, list) else (None, entry)
        return self.describe_move(p, text)

    # ------------------------------------------------------------------ input

    def handle(self, action: str, data: dict | None = None) -> bool:
        """One input from the page; returns True when the screen must be redrawn."""
        data = data or {}
        if action in ("menu-more", "menu-close") or self.menu_open:
            answer = self._menu_panel(action)
            if answer is not None:
                return answer
        answer = self.shell.handle(action, data, self)
        if answer is not None:
            return bool(answer)
        fn = getattr(self, "_on_" + action.replace("-", "_"), None)
        if fn is None:
            return False
        return fn(data) is not False

    def _menu_panel(self, action: str) -> bool | None:
        """The header's "More" panel (``frame.header``): "menu-more" opens it (the focus goes
        to its first entry) or closes it; while it is open, a tap outside and Escape
        ("menu-close") and the phone's Back (which presses More) close it with the focus back
        on More, and any other input closes it and then goes on (an entry chosen in it, New
        game). None: the input goes on to the others."""
        if action == "menu-more":
            self.menu_open = not self.menu_open
            self.focus = f"menu-{self.menu[0][0]}" if self.menu_open and self.menu else "menu-more"
            return True
        was_open, self.menu_open = self.menu_open, False
        if action == "menu-close":  # only ever the panel's (a late one changes nothing)
            if was_open:
                self.focus = "menu-more"
            return was_open
        return None

    def _on_continue(self, data):
        if self.state is not None:
            self.after_change(announce_move=False, hooks=False)

    def _on_menu_new(self, data):
        self.screen = "setup"
        self.focus = "setup-title"

    def _on_rematch(self, data):
        if self.state is None:
            return
        opts = dict(self.state["options"])
        opts.pop("first", None)
        opts["seed"] = self.seed_source()
        self.start_game(opts, list(self.seats))

    def _on_ready(self, data):
        if self.screen == "handover" and self.handover_to is not None:
            self.screen = "table"
            self.last_human = self.handover_to
            self.seen[self.handover_to] = len(self.state["log"])
            self.handover_to = None
            self.announcement = self.prompt()
            self.default_focus()

    def _on_speed(self, data):
        self.fast = not self.fast

    # ------------------------------------------------------------------ bots

    def bot_to_move(self) -> int | None:
        """The bot seat whose decision is open, if any (and the table is shown)."""
        d = self.decision()
        if d is None or self.screen != "table" or self.is_human(d["player"]):
            return None
        if self.shell.holds_bots(self):  # an overlay hides the table: no move is played unseen
            return None
        return d["player"]

    def bot_think(self, p: int):
        """A generator deciding bot ``p``'s move from what it may see (``observation``): it
        yields between slices of work and returns the action. A bot with the incremental API
        (``start(obs)`` giving a ``Thinking`` whose ``step(budget_ms)`` returns the action once
        decided) thinks in slices of ``THINK_SLICE_MS``; others answer ``choose`` at once."""
        bot = self.bots[p]
        obs = self.obs(p)
        start = getattr(bot, "start", None)
        if callable(start):
            thinking = start(obs)
            while True:
                action = thinking.step(THINK_SLICE_MS)
                if thinking.done:
                    return action
                yield
        return bot.choose(obs)

    def bot_play(self, p: int, action) -> bool:
        """Play bot ``p``'s chosen move if its decision is still open."""
        if self.bot_to_move() != p:
            return False
        if self.play(action):
            return True
        # a bot that answers an illegal move must not stall the game: show it, play a legal one
        message = self.error
        options = self.game.legal_actions(self.obs(p), p)
        ok = self.play(options[0])
        self.error = message
        return ok


class BotRunner:
    """Runs the bots' turns step by step at the controller's pace, never blocking for long:
    thinking is sliced (``sleep(0)`` between slices) and each step waits out the pace.

    ``controller`` is a ``TableController`` or a callable returning the current one (the shell
    switches games); ``sleep`` is an async ``sleep(seconds)``; ``clock`` returns seconds;
    ``redraw`` draws.
    """

    def __init__(self, controller, redraw, sleep, clock):
        self._controller = controller
        self.redraw = redraw
        self.sleep = sleep
        self.clock = clock
        self.busy = False
        self.steps = 0
        self.decisions_ms: list[float] = []  # wall time of each bot decision (tools/bench_ui.py)

    @property
    def c(self) -> TableController:
        c = self._controller
        return c if isinstance(c, TableController) else c()

    async def run(self) -> None:
        if self.busy:
            return
        self.busy = True
        c = self.c
        try:
            # a step whose game changed meanwhile (new game, resume, another game chosen) is
            # dropped, and the loop looks again with the current controller
            while (p := (c := self.c).bot_to_move()) is not None:
                gen = c.generation
                start = self.clock()
                c.thinking = p
                # let the page paint the last move and answer input before thinking starts
                await self.sleep(FIRST_FRAME_S)
                if c.generation != gen or self.c is not c:
                    c.thinking = None
                    continue
                action = None
                thinking = c.bot_think(p)
                while True:
                    try:
                        next(thinking)
                    except StopIteration as stop:
                        action = stop.value
                        break
                    await self.sleep(0)
                    if c.generation != gen:
                        break
                if c.generation != gen or self.c is not c:
                    c.thinking = None
                    continue
                self.decisions_ms.append((self.clock() - start) * 1000)
                wait = c.pace_ms() / 1000 - (self.clock() - start)
                if wait > 0:
                    await self.sleep(wait)
                if c.generation != gen or c.bot_to_move() != p:
                    continue
                c.thinking = None
                c.bot_play(p, action)
                self.steps += 1
                self.redraw()
        finally:
            self.busy = False
            c.thinking = None
