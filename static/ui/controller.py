"""The game screens as a state machine, in pure Python (no DOM): what is on screen, what the
human has selected but not yet confirmed, hand-overs between humans, and the bots' pace.

The browser layer reads ``Controller`` to draw (``screens.render``) and calls
``Controller.handle(action, data)`` with the ``data-action`` of what was clicked or pressed and
its ``data-*`` attributes. The controller never decides what is legal: every choice it offers
comes from ``legal_actions``/``placement_options`` and every move goes through the checked
``play``; if ``play`` ever refuses, its message is shown.

Hooks for the other features:

* ``on_change``: callables ``hook(controller)`` run once after every move (human or bot), after a
  new game and after a resume: the one place to autosave.
* ``Controller.resume(state, seats)``: continue a game from any state (a loaded save).
* ``session()``: what a save needs besides the state (who is a bot, the pace).
* ``menu``: extra header entries (``(key, label_key)``) such as "rules" and "saves"; clicking one
  calls ``menu_handlers[key](controller)``.
* ``handlers``: input handlers of other features, asked before the game's own.
* ``wrap_view``: wraps the drawing of the game screens (overlays, banners).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pyapp.bots import BOT_NAMES, make_bot
from pyapp.rules.actions import ChooseWeather, Pick, Place, RevealWeather, StartWeather
from pyapp.rules.components import TOKENS
from pyapp.rules.errors import CalderaError
from pyapp.rules.game import (
    decision,
    final_scores,
    is_over,
    legal_actions,
    new_game,
    observation,
    park_of,
    play,
)
from pyapp.rules.variants import VARIANTS

from .i18n import t
from .viewmodel import describe_log_entry, place_choices, prompt_text

HUMAN = "human"
MAX_SEATS = 4
PACE_MS = 600  # one bot step, a pace a person can follow
PACE_FAST_MS = 150
PACE_REDUCED_MS = 250  # with prefers-reduced-motion: no animation to wait for
FIRST_FRAME_S = 0.02  # a bot starts thinking after the page had a frame to paint
THINK_SLICE_MS = 12.0  # a bot thinks this long, then lets the page handle input and draw


def parse_at(text) -> tuple[int, int] | None:
    """``"2,-1"`` -> ``(2, -1)``; None for anything else."""
    try:
        q, r = str(text).split(",")
        return int(q), int(r)
    except (ValueError, TypeError):
        return None


def _int(text, default=None):
    try:
        return int(text)
    except (ValueError, TypeError):
        return default


def preferred_bot(bot_names) -> str:
    for name in ("strong", "greedy", "random"):
        if name in bot_names:
            return name
    return bot_names[0]


class SetupForm:
    """The new-game form: up to four seats (name, human or a bot), variant, optional seed."""

    def __init__(self, bot_names):
        self.bot_names = list(bot_names)
        self.count = 2
        self.variant = "base"
        self.seed = ""
        self.names = [t("setup.default_name", n=i + 1) for i in range(MAX_SEATS)]
        self.kinds = [HUMAN] + [preferred_bot(self.bot_names)] * (MAX_SEATS - 1)
        self.error: str | None = None

    def counts(self) -> list[int]:
        v = VARIANTS[self.variant]
        return list(range(v.min_players, v.max_players + 1))

    def set_variant(self, variant: str) -> None:
        if variant not in VARIANTS:
            return
        self.variant = variant
        allowed = self.counts()
        if self.count not in allowed:
            self.count = min(allowed, key=lambda n: abs(n - self.count))

    def seat_kinds(self) -> list[str]:
        return [HUMAN, *self.bot_names]

    def options(self, seed_source: Callable[[], int]) -> tuple[dict, list[str]]:
        """(engine options, seat kinds); raises ValueError with a message to show."""
        names = [n.strip() for n in self.names[: self.count]]
        for i, n in enumerate(names):
            if not n:
                raise ValueError(t("setup.error.name_empty", n=i + 1))
            if len(n) > 40:
                raise ValueError(t("setup.error.name_long", n=i + 1))
        text = self.seed.strip()
        if not text:
            seed = seed_source()
        elif text.isdigit() and len(text) <= 18:
            seed = int(text)
        elif len(text) <= 64:
            seed = text
        else:
            raise ValueError(t("setup.error.seed"))
        options = {"players": self.count, "seed": seed, "variant": self.variant, "names": names}
        return options, list(self.kinds[: self.count])

    def fill_from(self, names: list[str], kinds: list[str], variant: str) -> None:
        self.count = len(names)
        self.variant = variant
        for i, (n, k) in enumerate(zip(names, kinds, strict=True)):
            self.names[i] = n
            self.kinds[i] = k if (k == HUMAN or k in self.bot_names) else HUMAN


class Turn:
    """What the human to move has chosen so far in the current decision (nothing is played)."""

    def __init__(self):
        self.token: int | None = None  # display token selected
        self.space: tuple[int, int] | None = None  # park space selected
        self.slot: int | None = None  # weather display slot selected
        self.action: str | None = None  # action token selected (marmot holder)
        self.pending = None  # a complete engine action waiting for "confirm"


class Controller:
    def __init__(self, bot_names=None, reduced_motion: bool = False, seed_source=None):
        self.bot_names = list(bot_names if bot_names is not None else BOT_NAMES)
        self.form = SetupForm(self.bot_names)
        self.screen = "setup"  # setup, handover, table, end
        self.state: dict | None = None
        self.seats: list[str] = []
        self.bots: dict[int, object] = {}
        self.turn = Turn()
        self.viewing: int | None = None  # park shown large instead of the focus player's
        self.last_human: int | None = None
        self.handover_to: int | None = None
        self.seen: dict[int, int] = {}  # human seat -> log length when they last had the device
        self.result: dict | None = None
        self.error: str | None = None  # the last refused move, shown on the table
        self.notice: str | None = None  # a hint (e.g. "choose a token first")
        self.announcement = ""
        self.focus: str | None = None  # data-key to focus after the next draw
        self.reduced_motion = reduced_motion
        self.fast = False
        self.thinking: int | None = None  # bot seat currently thinking
        self.generation = 0  # bumps when a game starts or resumes: stale bot steps are dropped
        self.on_change: list[Callable[[Controller], None]] = []
        # header slots: (key, label key[, key of the label's language]) drawn as buttons with
        # data-action=key; a click calls menu_handlers[key](controller). Saved games, the rules
        # and the language switch fill "saves", "rules" and "lang".
        self.menu: list[tuple[str, ...]] = []
        self.menu_handlers: dict[str, Callable[[Controller], object]] = {}
        # input handlers of other features, asked first: handler(action, data) returns None
        # when the action is not theirs, else True/False (redraw or not)
        self.handlers: list[Callable[[str, dict], bool | None]] = []
        # a wrapper of the drawing: wrap_view(render_game) -> list of elements (e.g. a banner
        # and an overlay drawn instead of the game screens)
        self.wrap_view: Callable | None = None
        self.seed_source = seed_source or (lambda: random.randrange(1, 10**9))

    # ------------------------------------------------------------------ games

    def start_game(self, options: dict, seats: list[str]) -> None:
        """Start a new game (options as ``new_game`` takes them)."""
        state = new_game(**options)
        self.resume(state, seats)

    def resume(self, state: dict, seats: list[str] | None = None) -> None:
        """Continue ``state`` (a new game or a loaded save); ``seats``: per player "human" or a
        bot name (default: all human)."""
        n = len(state["G"]["players"])
        seats = list(seats) if seats is not None else [HUMAN] * n
        if len(seats) != n:
            raise ValueError(f"{n} seats expected, got {len(seats)}")
        for k in seats:
            if k != HUMAN and k not in self.bot_names:
                raise ValueError(f"unknown seat kind {k!r}")
        self.state = state
        self.seats = seats
        self.generation += 1
        self.bots = {}
        base = state["options"]["seed"]
        base_n = base if isinstance(base, int) else sum(base.encode("utf-8"))
        for p, kind in enumerate(seats):
            if kind != HUMAN:
                self.bots[p] = make_bot(kind, (base_n * 31 + p + 1) % (2**62))
        self.turn = Turn()
        self.viewing = None
        self.last_human = None
        self.seen = {}
        self.result = None
        self.error = self.notice = None
        self.form.fill_from(state["options"]["names"], seats, state["options"]["variant"])
        self._after_change(announce_move=False)

    def session(self) -> dict:
        """What a save needs besides the state: the seat kinds and the pace."""
        return {"seats": list(self.seats), "fast": self.fast}

    # ------------------------------------------------------------------ reading

    def decision(self) -> dict | None:
        return decision(self.state) if self.state is not None else None

    def humans(self) -> list[int]:
        return [p for p, k in enumerate(self.seats) if k == HUMAN]

    def is_human(self, p: int) -> bool:
        return 0 <= p < len(self.seats) and self.seats[p] == HUMAN

    def human_to_move(self) -> int | None:
        """The human whose decision is open and who has the table (not behind a hand-over)."""
        d = self.decision()
        if d is None or self.screen != "table" or not self.is_human(d["player"]):
            return None
        return d["player"]

    def focus_player(self) -> int:
        """Whose park is drawn large: the human to move, else the last human seen, else the
        player deciding (a game of bots)."""
        d = self.decision()
        if d is not None and self.is_human(d["player"]):
            return d["player"]
        if self.last_human is not None:
            return self.last_human
        if self.humans():
            return self.humans()[0]
        return d["player"] if d is not None else 0

    def shown_player(self) -> int:
        return self.viewing if self.viewing is not None else self.focus_player()

    def obs(self, p: int) -> dict:
        return observation(self.state, p)

    def legal(self) -> list:
        p = self.human_to_move()
        return legal_actions(self.obs(p), p) if p is not None else []

    def pace_ms(self) -> int:
        if self.fast:
            return PACE_FAST_MS // 2 if self.reduced_motion else PACE_FAST_MS
        return PACE_REDUCED_MS if self.reduced_motion else PACE_MS

    # ------------------------------------------------------------------ moves

    def _play(self, action) -> bool:
        """Play a move through the engine's checked ``play``; False (and the message shown) if
        it is refused."""
        try:
            play(self.state, action)
        except CalderaError as e:
            self.error = t("error.illegal", reason=str(e))
            return False
        self.error = self.notice = None
        self.turn = Turn()
        self._after_change(announce_move=True)
        return True

    def _after_change(self, announce_move: bool, hooks: bool = True) -> None:
        state = self.state
        if is_over(state):
            self.result = final_scores(state)
            self.screen = "end"
            self.viewing = None
            self.announcement = _join(self._last_move_text(announce_move), t("end.announce"))
            self.focus = "end-title"
        else:
            d = decision(state)
            p = d["player"]
            if self.is_human(p):
                if len(self.humans()) > 1 and self.last_human != p:
                    if self.last_human is not None:  # the device leaves this person now
                        self.seen[self.last_human] = len(state["log"])
                    self.screen = "handover"
                    self.handover_to = p
                    self.focus = "handover-ready"
                else:
                    self.screen = "table"
                    self.last_human = p
                    self._default_focus()
                self.viewing = None
            else:
                self.screen = "table"
            self.announcement = _join(self._last_move_text(announce_move), self.prompt())
        if hooks:
            for hook in list(self.on_change):
                hook(self)

    def _last_move_text(self, announce: bool) -> str:
        if not announce or not self.state["log"]:
            return ""
        p, text = self.state["log"][-1]
        return describe_log_entry(self.state, p, text)

    def prompt(self) -> str:
        """What the player to move must do, in words."""
        return prompt_text(self)

    def _default_focus(self) -> None:
        d = self.decision()
        if d is None:
            return
        kind = d["kind"]
        if kind == "pick":
            revealed = self.state["ctx"]["revealed"]
            self.focus = "terrain-first" if revealed else "action-first"
        elif kind == "place":
            self.focus = "token-first"
        elif kind in ("weather", "reveal"):
            self.focus = "slot-first"
        elif kind == "start":
            self.focus = "space-first"

    # ------------------------------------------------------------------ input

    def handle(self, action: str, data: dict | None = None) -> bool:
        """One input from the page; returns True when the screen must be redrawn."""
        data = data or {}
        for handler in list(self.handlers):
            answer = handler(action, data)
            if answer is not None:
                return bool(answer)
        if action in self.menu_handlers:
            return self.menu_handlers[action](self) is not False
        fn = getattr(self, "_on_" + action.replace("-", "_"), None)
        if fn is None:
            return False
        return fn(data) is not False

    # setup screen
    def _on_seats(self, data):
        n = _int(data.get("value"))
        if n in self.form.counts():
            self.form.count = n

    def _on_variant(self, data):
        self.form.set_variant(data.get("value", ""))

    def _on_kind(self, data):
        i, kind = _int(data.get("seat"), -1), data.get("value")
        if 0 <= i < MAX_SEATS and kind in self.form.seat_kinds():
            self.form.kinds[i] = kind

    def _on_name(self, data):
        i = _int(data.get("seat"), -1)
        if 0 <= i < MAX_SEATS:
            self.form.names[i] = str(data.get("value", ""))[:60]
        return False  # typing: no redraw

    def _on_seed(self, data):
        self.form.seed = str(data.get("value", ""))[:80]
        return False

    def _on_start(self, data):
        try:
            options, seats = self.form.options(self.seed_source)
            self.form.error = None
            self.start_game(options, seats)
        except (ValueError, CalderaError) as e:
            self.form.error = str(e)
            self.focus = "setup-error"

    def _on_continue(self, data):
        if self.state is not None:
            self._after_change(announce_move=False, hooks=False)

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

    # hand-over
    def _on_ready(self, data):
        if self.screen == "handover" and self.handover_to is not None:
            self.screen = "table"
            self.last_human = self.handover_to
            self.seen[self.handover_to] = len(self.state["log"])
            self.handover_to = None
            self.announcement = self.prompt()
            self._default_focus()

    # table: viewing and pace
    def _on_view(self, data):
        p = _int(data.get("player"))
        if self.state is None or p is None or not 0 <= p < len(self.state["G"]["players"]):
            return False
        self.viewing = None if p == self.focus_player() else p
        self.focus = "park-back" if self.viewing is not None else f"thumb-{p}"

    def _on_back(self, data):
        p = self.viewing
        self.viewing = None
        if p is not None:
            self.focus = f"thumb-{p}"

    def _on_speed(self, data):
        self.fast = not self.fast

    # table: the decision of the human to move
    def _on_token(self, data):
        p = self.human_to_move()
        d = self.decision()
        if p is None or d["kind"] != "place":
            return False
        tid = _int(data.get("token"))
        choices = place_choices(self.obs(p), p)
        if tid not in choices.tokens:
            self.notice = choices.reasons.get(tid)
            return
        self.turn.token = tid
        self.notice = None
        self._form_place(p)
        if self.turn.pending is None:
            self.focus = "space-first"

    def _on_space(self, data):
        p = self.human_to_move()
        at = parse_at(data.get("at"))
        if p is None or at is None:
            return False
        kind = self.decision()["kind"]
        if kind == "place":
            if at not in place_choices(self.obs(p), p).spaces:
                return False
            self.turn.space = at
            if self.turn.token is None:
                self.notice = t("notice.choose_token")
                self.focus = "token-first"
            self._form_place(p)
        elif kind == "weather":
            if self.state["ctx"]["phase"] != "setup":
                return False
            self.turn.space = at
            if self.turn.slot is None:
                self.notice = t("notice.choose_weather_token")
                self.focus = "slot-first"
            self._form_weather()
        elif kind == "start":
            action = StartWeather(at)
            if action not in self.legal():
                return False
            self.turn.space = at
            self.turn.pending = action
            self.focus = "confirm"
        else:
            return False

    def _form_place(self, p: int) -> None:
        if self.turn.token is not None and self.turn.space is not None:
            self._propose(Place(TOKENS[self.turn.token].name, self.turn.space))

    def _form_weather(self) -> None:
        slot, at = self.turn.slot, self.turn.space
        if slot is None:
            return
        setup = self.state["ctx"]["phase"] == "setup"
        if setup and at is None:
            self.focus = "space-first"
            return
        action = ChooseWeather(slot, at if setup else None)
        if action in self.legal():
            self._propose(action)

    def _propose(self, action) -> None:
        """``action`` waits for "confirm", which gets the focus."""
        self.turn.pending = action
        self.notice = None
        self.focus = "confirm"

    def _on_slot(self, data):
        p = self.human_to_move()
        slot = _int(data.get("slot"))
        if p is None or slot is None:
            return False
        kind = self.decision()["kind"]
        if kind == "reveal":
            return self._play(RevealWeather(slot))
        if kind != "weather":
            return False
        if not any(a.slot == slot for a in self.legal()):
            return False
        self.turn.slot = slot
        self._form_weather()

    def _on_action(self, data):
        p = self.human_to_move()
        if p is None or self.decision()["kind"] != "pick":
            return False
        a = data.get("value")
        if not any(x.action == a for x in self.legal()):
            return False
        self.turn.action = a
        self.focus = "terrain-first"

    def _on_terrain(self, data):
        p = self.human_to_move()
        if p is None or self.decision()["kind"] != "pick":
            return False
        action = self.turn.action or self.state["ctx"]["revealed"]
        if action is None:
            self.notice = t("notice.choose_action")
            self.focus = "action-first"
            return
        pick = Pick(action, data.get("value", ""))
        if pick not in self.legal():
            self.notice = t("notice.terrain_not_free")
            return
        self._play(pick)

    def _on_confirm(self, data):
        if self.human_to_move() is None or self.turn.pending is None:
            return False
        self._play(self.turn.pending)

    def _on_undo(self, data):
        if self.turn.pending is None and self.turn.token is None and self.turn.slot is None:
            if self.viewing is not None:
                return self._on_back(data)
            return False
        self.turn = Turn()
        self.notice = None
        self._default_focus()

    # ------------------------------------------------------------------ bots

    def bot_to_move(self) -> int | None:
        """The bot seat whose decision is open, if any (and the table is shown)."""
        d = self.decision()
        if d is None or self.screen != "table" or self.is_human(d["player"]):
            return None
        return d["player"]

    def bot_think(self, p: int):
        """A generator deciding bot ``p``'s move from what it may see (``observation``): it
        yields between slices of work and returns the action. A bot with the incremental API
        (``start(obs)`` giving a ``Thinking`` whose ``step(budget_ms)`` returns the action once
        decided) thinks in slices of ``THINK_SLICE_MS``; others answer ``choose`` at once."""
        bot = self.bots[p]
        obs = observation(self.state, p)
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
        if self._play(action):
            return True
        # a bot that answers an illegal move must not stall the game: show it, play a legal one
        message = self.error
        options = legal_actions(self.obs(p), p)
        ok = self._play(options[0])
        self.error = message
        return ok

    # ------------------------------------------------------------------ misc

    def park_of_state(self):
        return park_of(self.state)


def _join(*parts: str) -> str:
    return " ".join(p for p in parts if p)


class BotRunner:
    """Runs the bots' turns step by step at the controller's pace, never blocking for long:
    thinking is sliced (``sleep(0)`` between slices) and each step waits out the pace.

    ``sleep`` is an async ``sleep(seconds)``; ``clock`` returns seconds; ``redraw`` draws.
    """

    def __init__(self, controller: Controller, redraw, sleep, clock):
        self.c = controller
        self.redraw = redraw
        self.sleep = sleep
        self.clock = clock
        self.busy = False
        self.steps = 0

    async def run(self) -> None:
        if self.busy:
            return
        self.busy = True
        c = self.c
        try:
            # a step whose game changed meanwhile (new game, resume) is dropped, and the loop
            # looks again: the new game's bot, if one is to move, is played by this same runner
            while (p := c.bot_to_move()) is not None:
                gen = c.generation
                start = self.clock()
                c.thinking = p
                # let the page paint the last move and answer input before thinking starts
                await self.sleep(FIRST_FRAME_S)
                if c.generation != gen:
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
                if c.generation != gen:
                    continue
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
