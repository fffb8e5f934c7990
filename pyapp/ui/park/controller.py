"""Caldera Park's table as a state machine, in pure Python (no DOM): the new-game form and
what the person to move has selected but not yet confirmed. Seats, hand-overs, the bots' pace
and the hooks of the shell come from ``pyapp/ui/table.py`` (``TableController``).

The browser layer reads ``Controller`` to draw (``screens.render``) and calls
``Controller.handle(action, data)`` with the ``data-action`` of what was clicked or pressed and
its ``data-*`` attributes. The controller never decides what is legal: every choice it offers
comes from ``legal_actions``/``placement_options`` and every move goes through the checked
``play``; if ``play`` ever refuses, its message is shown.

What the shell uses (``table.TableController``):

* ``Controller.resume(state, seats)``: continue a game from any state (a loaded save).
* ``session()``: what a save needs besides the state (who is a bot, the pace).
* the shell's features (``feature.Shell``, given at construction) are asked for the header's
  entries, input before the game's own, what is drawn over the game and after every move.
"""

from __future__ import annotations

from pyapp.park.actions import ChooseWeather, Pick, Place, RevealWeather, StartWeather
from pyapp.park.components import TOKENS
from pyapp.park.game import copy_state, park_of
from pyapp.park.protocol import GAME
from pyapp.park.variants import VARIANTS

from ..i18n import t
from ..seats import SeatForm, SeatInputs
from ..table import (  # noqa: F401  (the pace constants and BotRunner: imported from here too)
    FIRST_FRAME_S,
    HUMAN,
    PACE_FAST_MS,
    PACE_MS,
    PACE_REDUCED_MS,
    THINK_SLICE_MS,
    BotRunner,
    TableController,
    preferred_bot,
)
from ..table import int_or as _int
from .viewmodel import describe_log_entry, place_choices, prompt_text

MAX_SEATS = 4
# "Faster bots": a bot that searches (the strong bot: ``deadline_ms``) stops its search this
# long after it starts, so that its whole decision (with the first frame before it and the page's
# work between its slices) stays within 1 s in the browser (tools/bench_ui.py measures it)
FAST_THINK_MS = 600


def parse_at(text) -> tuple[int, int] | None:
    """``"2,-1"`` -> ``(2, -1)``; None for anything else."""
    try:
        q, r = str(text).split(",")
        return int(q), int(r)
    except (ValueError, TypeError):
        return None


class SetupForm(SeatForm):
    """The new-game form: up to four seats (name, human or a bot), variant, optional seed."""

    def __init__(self, bot_names):
        super().__init__(bot_names, 1, MAX_SEATS, count=2)
        self.variant = "base"
        # pass-and-play: hand-over screens between people (the table's default: none)
        self.hide_between = Controller.HIDE_BETWEEN_DEFAULT

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

    def extra_options(self) -> dict:
        return {"variant": self.variant}

    def fill_from(self, names: list[str], kinds: list[str], variant: str) -> None:
        self.variant = variant
        self.fill_seats(names, kinds)


class Turn:
    """What the human to move has chosen so far in the current decision (nothing is played)."""

    def __init__(self):
        self.token: int | None = None  # display token selected
        self.space: tuple[int, int] | None = None  # park space selected
        self.slot: int | None = None  # weather display slot selected (Geyser Park setup: the
        # starting token chosen for the ring)
        self.action: str | None = None  # action token selected (marmot holder)
        self.pending = None  # a complete engine action waiting for "confirm"


class Controller(SeatInputs, TableController):
    # nothing of this game is secret from the table: the turn passes with a banner unless the
    # players ask for hand-over screens (kept in saves: ``session``/``restore_session``)
    HIDE_BETWEEN_DEFAULT = False

    def __init__(self, bot_names=None, reduced_motion: bool = False, seed_source=None, shell=None):
        super().__init__(GAME, bot_names, reduced_motion, seed_source, shell)
        self.form = SetupForm(self.bot_names)
        self.turn = Turn()
        self.viewing: int | None = None  # park shown large instead of the focus player's
        self.show_families = False  # the "show families" view of the parks
        # every point explained (``explain.py``): the scoring pad's row chosen, as (category,
        # player), its spaces lit on that park; ``show_score``: the live pad ("Score so far")
        self.explain: tuple[str, int] | None = None
        self.show_score = False
        # take back after Confirm: the state before the last move of a person, kept while that
        # move revealed nothing hidden and nobody else has moved (``can_take_back``)
        self.before_move: dict | None = None
        self.moved: tuple[int, int] | None = None  # (player, log length after the move)

    # ------------------------------------------------------------------ the table's hooks

    def reset_choice(self) -> None:
        self.turn = Turn()

    def after_resume(self) -> None:
        self.viewing = None
        self.explain = None
        self.fill_form(self.state["options"], self.seats)
        self.form.hide_between = self.hide_between  # a rematch keeps the game's setting

    def fill_form(self, options: dict, seats: list[str]) -> None:
        variant = options.get("variant", "base")
        if variant in VARIANTS and len(options["names"]) == len(seats):
            self.form.fill_from(list(options["names"]), list(seats), variant)

    def on_end(self) -> None:
        self.viewing = None
        self.explain = None

    def on_turn(self) -> None:
        self.viewing = None

    def describe_move(self, player: int, text: str) -> str:
        return describe_log_entry(self.state, player, text)

    def bot_think(self, p: int):
        bot = self.bots[p]
        if hasattr(bot, "deadline_ms"):  # a bot with a search deadline: only at the fast pace
            bot.deadline_ms = FAST_THINK_MS if self.fast else None
        return super().bot_think(p)

    # ------------------------------------------------------------------ reading

    def focus_player(self) -> int:
        """Whose park is drawn large: the table's viewer (``TableController.viewer``)."""
        return self.viewer()

    def follow_player(self) -> int | None:
        """While no person decides on this table: the player deciding (a computer), whose park
        is shown large so that its move is seen where it happens; None while a person decides
        (their own park comes back) or when the game is over. On a position shown from the log
        (``mark_from`` set): the player of its newest marked move."""
        if self.mark_from is not None and self.state is not None:
            # a position shown from the log (a replay's): the park of the move just made
            marked = [p for _, p, _ in self.marked_moves() if p is not None]
            return marked[-1] if marked else None
        d = self.decision()
        if d is None or self.screen != "table" or self.human_to_move() is not None:
            return None
        return d["player"] if d["player"] != self.focus_player() else None

    def auto_player(self) -> int:
        """The park drawn large when none is chosen: the mover's while a computer plays, else
        the viewer's."""
        follow = self.follow_player()
        return follow if follow is not None else self.focus_player()

    def shown_player(self) -> int:
        return self.viewing if self.viewing is not None else self.auto_player()

    def prompt(self) -> str:
        """What the player to move must do, in words."""
        return prompt_text(self)

    def default_focus(self) -> None:
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
            self.focus = "start-first" if self._start_tokens() else "space-first"

    # ------------------------------------------------------------------ input

    # setup screen (seats, names, kinds, seed and start: ``SeatInputs``)
    def _on_variant(self, data):
        self.form.set_variant(data.get("value", ""))

    def _on_hide(self, data):
        self.form.hide_between = bool(data.get("value"))

    def _on_start(self, data):
        self.hide_between = self.form.hide_between
        return super()._on_start(data)

    # table: viewing and pace
    def _on_view(self, data):
        p = _int(data.get("player"))
        if self.state is None or p is None or not 0 <= p < len(self.state["G"]["players"]):
            return False
        self.viewing = None if p == self.auto_player() else p
        if data.get("tab"):
            self.focus = f"tab-{p}"
        else:
            self.focus = "park-back" if self.viewing is not None else f"thumb-{p}"

    def _on_families(self, data):
        self.show_families = not self.show_families
        self.focus = "families"

    def _on_explain(self, data):
        """A row of the scoring pad (or of the live "Score so far"): its spaces lit on the
        player's park, said in words; the same row again puts it out."""
        from pyapp.park.scoring import CATEGORIES

        cat, p = data.get("cat"), _int(data.get("player"))
        if self.state is None or cat not in CATEGORIES or p is None:
            return False
        if not 0 <= p < len(self.state["G"]["players"]):
            return False
        self.explain = None if self.explain == (cat, p) else (cat, p)
        self.focus = f"explain-{cat}-{p}"

    def _on_score_so_far(self, data):
        self.show_score = not self.show_score
        if not self.show_score:
            self.explain = None
        self.focus = "score-toggle"

    def _on_back(self, data):
        p = self.viewing
        self.viewing = None
        if p is not None:
            self.focus = f"thumb-{p}"

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
            if not any(a.at == at for a in self.legal()):
                return False
            self.turn.space = at
            self._form_start()
        else:
            return False

    def _start_tokens(self) -> list[int]:
        """Geyser Park setup: the starting tokens the player may put on the ring (none on the
        first geyser side, where only the ring space is chosen)."""
        return sorted({a.token for a in self.legal() if a.kind == "start" and a.token is not None})

    def _form_start(self) -> None:
        """The starting weather tokens: which one goes on the ring (``turn.slot``) and where
        (``turn.space``); the other one goes on the middle space."""
        at, token = self.turn.space, self.turn.slot
        if not self._start_tokens():  # the first geyser side: the ring space is the choice
            if at is not None:
                self._propose(StartWeather(at))
            return
        if token is None:
            if at is not None:
                self.notice = t("notice.choose_start_token")
                self.focus = "start-first"
            return
        if at is None:
            self.focus = "space-first"
            return
        action = StartWeather(at, token)
        if action in self.legal():
            self._propose(action)

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
            return self.play_human(RevealWeather(slot))
        if kind == "start":  # which starting token goes on the ring
            if slot not in self._start_tokens():
                return False
            self.turn.slot = slot
            self.turn.pending = None
            self._form_start()
            return
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
        self.turn.pending = None  # a requirement selected before (a hint's) waits no more
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
        self.play_human(pick)

    def _on_confirm(self, data):
        if self.human_to_move() is None or self.turn.pending is None:
            return False
        self.play_human(self.turn.pending)

    def _on_undo(self, data):
        if self.turn.pending is None and self.turn.token is None and self.turn.slot is None:
            if self.viewing is not None:
                return self._on_back(data)
            return False
        self.turn = Turn()
        self.notice = None
        self.default_focus()

    # ------------------------------------------------------------------ take back after Confirm

    def play_human(self, action) -> bool:
        """A person's move; it may be taken back later if it reveals nothing hidden (the
        reserves, face-down weather, the solo stack: the state's "secret" is unchanged)."""
        p = self.human_to_move()
        before = copy_state(self.state)
        if not self.play(action):
            return False
        if before["secret"] == self.state["secret"] and self.state is not None:
            self.before_move, self.moved = before, (p, len(self.state["log"]))
        else:
            self.before_move = self.moved = None
        return True

    def can_take_back(self) -> int | None:
        """The player whose last confirmed move may be taken back now, or None: only while it
        is the last move of the game's log (nobody has moved since), the game is not over, no
        choice of the current decision is pending and no other person has the table."""
        if self.before_move is None or self.moved is None or self.state is None:
            return None
        p, length = self.moved
        log = self.state["log"]
        if len(log) != length or log[-1][0] != p or self.screen != "table":
            return None
        d = self.decision()
        if d is None or self.turn.pending is not None or self.turn.token is not None:
            return None
        if d["player"] != p and self.is_human(d["player"]):
            return None  # another person has the device now: not theirs to take back
        return p

    def _on_takeback(self, data):
        p = self.can_take_back()
        if p is None:
            return False
        before = self.before_move
        self.before_move = self.moved = None
        # the same state object (the saves know a game by it), back as it was
        self.state.clear()
        self.state.update(before)
        self.generation += 1  # a bot thinking about the next decision drops its answer
        self.thinking = None
        self.reset_choice()
        self.error = None
        self.last_human = p  # the person who takes back keeps the device
        self.viewing = None
        self.after_change(announce_move=False)
        self.notice = t("notice.taken_back")
        self.announcement = t("notice.taken_back") + " " + self.prompt()

    # ------------------------------------------------------------------ misc

    def park_of_state(self):
        return park_of(self.state)
