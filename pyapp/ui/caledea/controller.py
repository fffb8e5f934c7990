"""Caledea's table as a state machine, in pure Python (no DOM): the new-game form and what the
person to move has chosen but not yet confirmed (units, a destination, a square to build on, the
target of a power). Seats, hand-overs, the bots' pace and the shell's hooks come from
``pyapp/ui/table.py`` (``TableController``).

The controller never decides what is legal: destinations come from the engine's
``destinations``, every other choice is offered only when ``why_illegal`` has no objection or
``legal_actions`` lists it, and every move goes through the checked ``play``.
"""

from __future__ import annotations

from pyapp.caledea.actions import Bombard, Build, Capital, End, Move, Transport, Upgrade
from pyapp.caledea.protocol import GAME
from pyapp.core.errors import GameError

from ..i18n import plural, t
from ..seats import SeatInputs
from ..table import TableController
from ..table import int_or as _int
from . import model, story, trail, warnings
from .setup import SetupForm
from .strings import install as install_strings
from .zoom import ZoomInputs

install_strings()


def parse_at(text) -> tuple[int, int] | None:
    try:
        x, y = str(text).split(",")
        return int(x), int(y)
    except (ValueError, TypeError):
        return None


class Turn:
    """What the person to move has chosen so far (nothing is played)."""

    def __init__(self):
        self.units: list[int] = []  # chosen units (ids)
        self.mode = "move"  # move | build | bombard | transport
        self.pending = None  # a complete action waiting for "confirm"
        self.dest: dict | None = None  # the engine's destination entry of a pending move
        self.defender: int | None = None  # pairing: the defending unit chosen
        self.hinted: str | None = None  # a combat choice a hint marks (``hints.py``)


class Controller(SeatInputs, ZoomInputs, TableController):
    def __init__(self, bot_names=None, reduced_motion: bool = False, seed_source=None, shell=None):
        super().__init__(GAME, bot_names, reduced_motion, seed_source, shell)
        self.form = SetupForm(self.bot_names, [k["name"] for k in GAME.kingdoms()])
        self.turn = Turn()
        self.skip = False  # "skip": the bots play on without pause until a person decides
        self.view = (0, 0)  # the square drawn top left: the board panned round (x, y)
        # (log length after an action, what its battles' dice depended on before it)
        self._before: tuple[int, dict] | None = None
        self._memo_where = None
        self._memo_values: dict = {}
        # what each action did on the board (the marks of the other players' last moves)
        self.trail = trail.Trail()
        # the zoom of a phone (``zoom.py``): the page's size in CSS px as the last input told
        # it, the person's choice (None: zoomed while a move is chosen on a small screen) and
        # how far the zoomed board was panned from the selection it centres on
        self.viewport: tuple[int, int] | None = None
        self.zoom_choice: bool | None = None
        self.zoom_pan: tuple = (None, 0, 0)
        # the kingdoms as chosen on the form for the games it started ("chosen at random"
        # stays so, and is drawn anew), None for a game resumed from a save
        self._form_choice: list[str] | None = None
        self._from_form = False
        # the story of the game (story.py): each action recorded as played, with its events;
        # a resumed game is replayed once from its options and log
        self.chronicle = story.Chronicle()

    # ------------------------------------------------------------------ the table's hooks

    def reset_choice(self) -> None:
        self.turn = Turn()

    def after_resume(self) -> None:
        self.skip = False
        self._before = None
        self.view = (0, 0)
        self.zoom_choice, self.zoom_pan = None, (None, 0, 0)
        self.trail.reset(self.state)
        if not self._from_form:
            self._form_choice = None
        self.fill_form(self.state["options"], self.seats)

    def fill_form(self, options: dict, seats: list[str]) -> None:
        self.form.fill_from(options, seats)
        if self._form_choice is not None:  # as chosen on the form, not as drawn
            self.form.kingdoms = list(self._form_choice)

    def _on_start(self, data):
        choice = list(self.form.kingdoms)
        self._from_form = True
        try:
            super()._on_start(data)
        finally:
            self._from_form = False
        if self.state is not None and self.form.error is None:
            self._form_choice = choice
            self.form.kingdoms = list(choice)

    def _on_rematch(self, data):
        self._from_form = True
        try:
            super()._on_rematch(data)
        finally:
            self._from_form = False

    def end_announcement(self) -> str:
        return t("cal.end.announce")  # Caledea has no scoring pad

    def describe_move(self, player: int, text: str) -> str:
        return story.last_text(self)  # the last action with all it did (battles, claims...)

    def on_turn(self) -> None:
        self.skip = False

    def pace_ms(self) -> int:
        return 0 if self.skip else super().pace_ms()

    def play(self, action) -> bool:
        before = model.before_action(self.state, action)
        n = len(self.state["log"])
        step = trail.before(self.state, action)
        told = self.chronicle.before(self.state, action)

        def engine_call():  # the table's play, with the story's record of the action as played
            self.game.play(self.state, action)
            self.chronicle.after(self.state, told)

        ok = self.change(engine_call, announce_move=True)
        if ok:
            self._before = (len(self.state["log"]), before)
            if step is not None and len(self.state["log"]) == n + 1:
                entry = self.state["log"][n]
                step.player = entry[0] if isinstance(entry, list) else None
                self.trail.record(n, trail.after(self.state, step))
        return ok

    def handle(self, action: str, data: dict | None = None) -> bool:
        size = str((data or {}).get("viewport", ""))
        w, _, hgt = size.partition("x")
        if w.isdigit() and hgt.isdigit():
            self.viewport = (int(w), int(hgt))
        return super().handle(action, data)

    # ------------------------------------------------------------------ reading

    def _memo(self, name: str, key, compute):
        """``compute()`` once per position and choice: one drawing asks several times."""
        st = self.state
        where = (id(st), len(st["log"]), st["spent"], st["moves_left"], st["player"])
        if self._memo_where != where:
            self._memo_where, self._memo_values = where, {}
        if (name, key) not in self._memo_values:
            self._memo_values[(name, key)] = compute()
        return self._memo_values[(name, key)]

    def cards(self) -> list[dict]:
        """Every player's kingdom card as it stands (the engine's ``kingdom_card``)."""
        return self._memo("cards", None, lambda: model.cards(self.state))

    def capital_watch(self, p: int) -> dict | None:
        """Player ``p``'s capital, its defenders and the enemy units near it (``warnings``)."""
        return self._memo("watch", p, lambda: warnings.capital_watch(self.state, p))

    def pairs(self) -> list:
        """Each player's two resources (their kingdom's)."""
        return [card["resources"] for card in self.cards()]

    def battle_sources(self) -> list:
        """The dice by source of each battle the last action fought (``model.battle_sources``;
        None for one whose units were not seen before the action, as after loading a save)."""
        st = self.state
        before = self._before
        known = before[1] if before is not None and before[0] == len(st["log"]) else None
        return model.battle_sources(st, known, self.pairs())

    def pair_sources(self, attacker: int, defender: int):
        """The dice by source the two units of the open combat would roll against each other,
        or None when they do not add up to the engine's ``battle_dice``."""
        st = self.state
        c = st.get("combat")
        a, d = model.unit(st, attacker), model.unit(st, defender)
        dice = GAME.battle_dice(st, attacker, defender)
        if c is None or a is None or d is None or dice is None:
            return None
        sources = model.dice_sources(
            st,
            model.square_index(st)[c["square"]],
            (a["owner"], a["rank"], bool(a.get("bonus"))),
            (d["owner"], d["rank"], bool(d.get("bonus"))),
            c["ambush"] == attacker,
            st["structures"],
            self.pairs(),
        )
        totals = tuple(sum(n for _, n in side) for side in sources)
        return sources if totals == (dice["attacker"], dice["defender"]) else None

    def names(self) -> list[str]:
        return model.player_names(self.state)

    def recent_moves(self) -> list:
        """The other players' moves since the viewer's last decision (``trail.Recent``)."""
        viewer, since = self.viewer(), self.mark_from
        return self._memo(
            "recent", (viewer, since), lambda: self.trail.recent(self.state, viewer, since)
        )

    def prompt(self) -> str:
        d = self.decision()
        if d is None:
            return self.end_announcement()
        p, kind = d["player"], d["kind"]
        name = self.names()[p]
        if not self.is_human(p):
            return t("prompt.bot", name=name)
        if kind == "turn":
            if self.turn.mode == "build":
                return t("cal.prompt.build", name=name)
            if self.turn.mode in ("bombard", "transport"):
                return t(f"cal.prompt.{self.turn.mode}", name=name)
            if self.turn.units:
                return t("cal.prompt.dest", name=name)
            return plural("cal.prompt.turn", self.state["moves_left"], name=name)
        return t(f"cal.prompt.{kind}", name=name)

    def default_focus(self) -> None:
        d = self.decision()
        if d is None:
            return
        kind = d["kind"]
        if kind in ("capital", "turn"):
            self.focus = "square-first"
        else:
            self.focus = "choice-first"

    def obs_now(self) -> dict:
        p = self.human_to_move()
        return self.obs(p if p is not None else self.viewer())

    # the choices of the person to move (all from the engine)

    def choosable_sources(self) -> set[tuple[int, int]]:
        """Squares holding units of the person to move that have not moved this turn."""
        p = self.human_to_move()
        if p is None or self.decision()["kind"] != "turn":
            return set()
        w = model.board_info(self.state)["width"]
        return {
            (u["sq"] % w, u["sq"] // w)
            for u in self.state["units"]
            if u["owner"] == p and not u["moved"]
        }

    def destinations(self) -> dict[tuple[int, int], dict]:
        """at -> the engine's destination entry for the chosen units (empty: none chosen or
        they cannot move together)."""
        if not self.turn.units or self.human_to_move() is None:
            return {}
        return self._memo("dest", tuple(self.turn.units), self._destinations)

    def _destinations(self) -> dict:
        out = {}
        for d in GAME.destinations(self.obs_now(), self.turn.units):
            out[model.at_of(self.state, d["square"])] = d
        return out

    def allowed(self, action) -> bool:
        p = self.human_to_move()
        return p is not None and GAME.why_illegal(self.obs_now(), action, p) is None

    def build_squares(self) -> dict[tuple[int, int], Build]:
        p = self.human_to_move()
        if p is None or self.decision()["kind"] != "turn":
            return {}
        return self._memo(
            "build",
            None,
            # asked square by square (the full list of legal actions would also list every
            # move, far more work)
            lambda: {
                model.at_of(self.state, name): Build(name)
                for name in model.square_index(self.state)
                if self.allowed(Build(name))
            },
        )

    def power(self) -> str:
        return self.cards()[self.state["player"]]["power"]

    def power_targets(self) -> dict[tuple[int, int], object]:
        """Squares the (first) chosen unit can bombard or be transported to."""
        if not self.turn.units or self.human_to_move() is None:
            return {}
        power = self.power()
        kind = {"bombard": Bombard, "transport": Transport}.get(power)
        if kind is None:
            return {}
        uid = self.turn.units[0]

        def targets():
            out = {}
            for name in model.square_index(self.state):
                a = kind(uid, name)
                if self.allowed(a):
                    out[model.at_of(self.state, name)] = a
            return out

        return self._memo("power", uid, targets)

    def upgrade_unit(self) -> int | None:
        """The unit "Upgrade" would promote: the chosen one, or the first of several chosen
        units of one rank (one stack: they are alike)."""
        ranks = {u["rank"] for u in map(model.unit_or_none(self.state), self.turn.units) if u}
        return self.turn.units[0] if len(ranks) == 1 else None

    def upgrade_action(self) -> Upgrade | None:
        """Upgrading that unit, if the engine allows it now."""
        uid = self.upgrade_unit()
        if uid is None:
            return None
        a = Upgrade(uid)
        return a if self.allowed(a) else None

    def capital_squares(self) -> dict[tuple[int, int], Capital]:
        p = self.human_to_move()
        if p is None or self.decision()["kind"] != "capital":
            return {}
        return {model.at_of(self.state, a.square): a for a in GAME.legal_actions(self.obs_now(), p)}

    # ------------------------------------------------------------------ input: setup

    def _on_kingdom(self, data):
        i, k = _int(data.get("seat"), -1), data.get("value")
        if 0 <= i < len(self.form.kingdoms) and k in self.form.kingdom_choices():
            self.form.kingdoms[i] = k

    def _on_epic(self, data):
        self.form.epic = bool(data.get("value"))

    # ------------------------------------------------------------------ input: table

    def _on_pan(self, data):
        """Pan the board round the torus: ``dx``/``dy`` squares (the buttons, a drag), or back
        to the board as set (``value`` "home")."""
        if self.state is None:
            return False
        b = model.board_info(self.state)
        w, hgt = b["width"], b["height"]
        if self.zoomed():  # the zoomed window pans; "home": back to the selection
            dx, dy = _int(data.get("dx"), 0), _int(data.get("dy"), 0)
            if abs(dx) > w or abs(dy) > hgt:
                return False
            return self.pan_zoomed(dx, dy, data.get("value") == "home")
        if data.get("value") == "home":
            view = (0, 0)
        else:
            dx, dy = _int(data.get("dx"), 0), _int(data.get("dy"), 0)
            if abs(dx) > w or abs(dy) > hgt:
                return False
            view = ((self.view[0] + dx) % w, (self.view[1] + dy) % hgt)
        if view == self.view:
            return False
        self.view = view

    def _on_skip(self, data):
        self.skip = True

    def _on_square(self, data):
        p = self.human_to_move()
        at = parse_at(data.get("at"))
        if p is None or at is None:
            return False
        kind = self.decision()["kind"]
        if kind == "capital":
            a = self.capital_squares().get(at)
            if a is None:
                return False
            self._propose(a)
            return
        if kind != "turn":
            return False
        mode = self.turn.mode
        if mode == "build":
            a = self.build_squares().get(at)
            if a is None:
                return False
            self._propose(a)
            return
        if mode in ("bombard", "transport"):
            a = self.power_targets().get(at)
            if a is None:
                return False
            self._propose(a)
            return
        dests = self.destinations()
        if at in dests:
            d = dests[at]
            self._propose(Move(d["square"], tuple(sorted(self.turn.units))))
            self.turn.dest = d
            return
        if at in self.choosable_sources():
            self._toggle_square(p, at)
            return
        return False

    def _toggle_square(self, p: int, at) -> None:
        here = [u["id"] for u in model.units_on(self.state, at, p) if not u["moved"]]
        chosen = set(self.turn.units)
        if here and all(i in chosen for i in here):
            self.turn.units = sorted(chosen - set(here))
        else:
            self.turn.units = sorted(chosen | set(here))
        self.turn.pending = self.turn.dest = None
        self.notice = None
        if self.turn.units and not self.destinations():
            self.notice = t("cal.notice.no_dest")
        self.focus = f"sq-{at[0]},{at[1]}"

    def _on_unit(self, data):
        """Toggle one chosen unit (the chips of the chosen squares)."""
        uid = _int(data.get("unit"))
        p = self.human_to_move()
        u = model.unit(self.state, uid) if uid is not None else None
        if p is None or u is None or u["owner"] != p or u["moved"]:
            return False
        if uid in self.turn.units:
            self.turn.units.remove(uid)
        else:
            self.turn.units = sorted([*self.turn.units, uid])
        self.turn.pending = self.turn.dest = None
        if self.turn.mode in ("bombard", "transport") and not self.turn.units:
            self.turn.mode = "move"
        self.focus = f"unit-{uid}"

    def _on_mode(self, data):
        """The build and power buttons: switch what a click on the board does."""
        mode = data.get("value")
        if self.human_to_move() is None or mode not in ("move", "build", "bombard", "transport"):
            return False
        if self.turn.mode == mode:
            mode = "move"
        self.turn.mode = mode
        self.turn.pending = self.turn.dest = None
        if mode == "build":
            self.turn.units = []
        elif mode != "move":  # a power acts with one unit: the first chosen
            self.turn.units = self.turn.units[:1]
        self.notice = None
        self.focus = "square-first"

    def _on_upgrade(self, data):
        a = self.upgrade_action()
        if a is None:
            return False
        self.play(a)

    def _on_end_turn(self, data):
        if self.human_to_move() is None or self.decision()["kind"] != "turn":
            return False
        self.play(End())

    def _on_choose(self, data):
        """A prompt's answer in combat: ambush, pairing, withdrawal, which unit tries an enemy
        structure next (the engine's actions)."""
        p = self.human_to_move()
        if p is None:
            return False
        kind = self.decision()["kind"]
        text = str(data.get("value", ""))
        if kind == "pair" and text.startswith("def "):
            uid = _int(text[4:])
            if uid is None:
                return False
            self.turn.defender = uid
            self.focus = "choice-first"
            return
        try:
            action = GAME.parse_action(text)
        except GameError:
            return False
        if action.kind != {"siege": "breach"}.get(kind, kind):
            return False
        self.play(action)

    def _propose(self, action) -> None:
        self.turn.pending = action
        self.notice = None
        self.focus = "confirm"

    def _on_confirm(self, data):
        if self.human_to_move() is None or self.turn.pending is None:
            return False
        self.play(self.turn.pending)

    def _on_undo(self, data):
        if (
            self.turn.pending is None
            and not self.turn.units
            and self.turn.mode == "move"
            and self.turn.defender is None
            and self.turn.hinted is None
        ):
            return False
        if self.turn.pending is not None:
            self.turn.pending = self.turn.dest = None
        else:
            self.turn = Turn()
        self.notice = None
        self.default_focus()
