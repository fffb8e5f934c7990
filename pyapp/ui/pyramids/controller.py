"""Caldera's table (Looney Pyramids, code name ``pyramids``) as a state machine, in pure Python
(no DOM): the new-game form and what the person to move has chosen but not made yet. Seats,
hand-overs, the bots' pace and the shell's hooks come from ``pyapp/ui/table.py``.

A turn is a run of cap moves ending with an eruption, with at most one Power Play before it:

* choose a cap (``sq`` on a square with a movable cap), then one of its highlighted squares: a
  quiet move is made at once (it can be taken back, ``takeback``); an erupting one waits for
  ``confirm`` while the board shows where every piece would land and what it would capture;
* Power Play: choose a piece of your collection (``piece``), then a highlighted square;
* ``undo`` (Escape) forgets the choice; ``pass`` only when the engine offers it; ``resign`` and,
  between people only, an agreed ``draw``, each asked twice.

The controller never decides legality: the squares it offers are those of ``legal_actions``,
what a move would do comes from the engine (``cap_moves``, ``preview``), every move goes
through the checked ``play`` and take-backs through the engine's ``take_back``.
"""

from __future__ import annotations

from pyapp.pyramids.protocol import GAME

from ..i18n import t
from ..seats import SeatForm, SeatInputs
from ..table import TableController, int_or, join_words
from . import hints, view


class Choice:
    """What the person to move has chosen so far (nothing is played)."""

    def __init__(self):
        self.cap: int | None = None  # square of the chosen cap
        self.piece: str | None = None  # piece of the collection chosen for a Power Play
        self.pending = None  # an erupting Move waiting for "confirm"
        self.asking: str | None = None  # "resign" or "draw": asked once more before it is sent


class Controller(SeatInputs, TableController):
    def __init__(self, bot_names=None, reduced_motion: bool = False, seed_source=None, shell=None):
        super().__init__(GAME, bot_names, reduced_motion, seed_source, shell)
        self.form = SeatForm(self.bot_names, GAME.min_players, GAME.max_players)
        self.choice = Choice()
        self._legal: list = []
        self._legal_key = None
        self.hint: hints.HintPlan | None = None  # the judge's turn shown (``hints.py``)

    # ------------------------------------------------------------------ the table's hooks

    def reset_choice(self) -> None:
        self.choice = Choice()

    def after_resume(self) -> None:
        self.hint = None
        self.fill_form(self.state["options"], self.seats)

    def fill_form(self, options: dict, seats: list[str]) -> None:
        names = options.get("names")
        if isinstance(names, list) and all(isinstance(n, str) for n in names):
            self.form.fill_seats(list(names), list(seats))

    def _on_rematch(self, data):
        """A rematch is a new game: today's edition of the rules, whatever edition the game
        before followed (an old save resumed follows edition 1; ``game.record_options``)."""
        if self.state is None:
            return
        opts = {k: v for k, v in self.state["options"].items() if k not in ("first", "rules")}
        opts["seed"] = self.seed_source()
        self.start_game(opts, list(self.seats))

    def prompt(self) -> str:
        return view.prompt_text(self)

    def describe_move(self, player: int, text: str) -> str:
        return view.describe_action(self.state, player, text)

    def default_focus(self) -> None:
        self.focus = "sq-first"

    def after_change(self, announce_move: bool, hooks: bool = True) -> None:
        super().after_change(announce_move, hooks)
        if hints.remaining(self) is None:
            self.hint = None  # the log left the hinted turn, or it is over
        else:
            hints.preselect(self)  # its eruption, when it is all that is left
        if self.screen == "end":  # the shell's words name another game's scoring pad
            self.announcement = join_words(
                self.last_move_text(announce_move), t("pyr.end.announce")
            )

    # ------------------------------------------------------------------ reading

    def legal(self) -> list:
        """The engine's legal actions for the person to move, asked once per position (a
        drawing asks many times; the state changes only by appending to, or taking back from,
        its log)."""
        p = self.human_to_move()
        if p is None:
            return []
        state = self.state
        log = state["log"]
        key = (
            id(state),
            p,
            len(log),
            tuple(log[-1]) if log else None,
            tuple(map(len, state["collections"])),
        )
        if self._legal_key != key:
            self._legal = super().legal()
            self._legal_key = key
        return self._legal

    def names(self) -> list[str]:
        return self.state["options"]["names"]

    def moves_from(self, sq: int) -> dict[int, bool]:
        """The squares the cap on ``sq`` may move to now, with whether the move erupts (the
        engine's ``cap_moves``, limited to the legal actions)."""
        if self.human_to_move() is None:
            return {}
        legal = set(self.legal())
        return {m.to: e for m, e in GAME.cap_moves(self.state) if m.frm == sq and m in legal}

    def movable_caps(self) -> set[int]:
        return {a.frm for a in self.legal() if a.kind == "move"}

    def power_squares(self, piece: str) -> set[int]:
        return {a.at for a in self.legal() if a.kind == "power" and a.piece == piece}

    def power_pieces(self) -> set[str]:
        return {a.piece for a in self.legal() if a.kind == "power"}

    def can_pass(self) -> bool:
        return any(a.kind == "pass" for a in self.legal())

    def can_take_back(self) -> bool:
        return self.human_to_move() is not None and GAME.can_take_back(self.state)

    def preview(self, move) -> dict:
        return GAME.preview(self.state, move)

    def draw_offer_allowed(self) -> bool:
        """An agreed draw needs every player's word: only when everyone is a person here."""
        return len(self.humans()) == len(self.seats)

    # ------------------------------------------------------------------ input

    def _on_sq(self, data):
        p = self.human_to_move()
        sq = int_or(data.get("at"))
        if p is None or sq is None or not 0 <= sq < 25:
            return False
        c = self.choice
        c.asking = None
        if c.piece is not None:
            if sq in self.power_squares(c.piece) or sq not in self.movable_caps():
                return self._power(c.piece, sq)
            c.piece = None  # a cap instead: the Power Play is put aside
        if c.cap is not None and sq != c.cap:
            moves = self.moves_from(c.cap)
            if sq in moves:
                return self._move(c.cap, sq, moves[sq])
        if sq in self.movable_caps():
            c.cap = None if c.cap == sq else sq
            c.pending = None
            self.notice = None
            self.focus = f"sq-{sq}" if c.cap is None else "dest-first"
            return True
        self.notice = t("pyr.notice.choose_cap")
        return True

    def _move(self, frm: int, to: int, erupts: bool) -> bool:
        move = self.game.parse_action(f"{view.square_name(frm)}-{view.square_name(to)}")
        if erupts:
            self.choice.pending = move
            self.notice = None
            self.focus = "confirm"
            return True
        if self.play(move) and self.choice.pending is None:  # (else a hinted eruption waits)
            # a quiet move: the same cap stays chosen, ready to move on
            if self.human_to_move() is not None and to in self.movable_caps():
                self.choice.cap = to
            self.focus = f"sq-{to}"
        return True

    def _power(self, piece: str, sq: int) -> bool:
        if sq not in self.power_squares(piece):
            self.notice = t("pyr.notice.power_square")
            return True
        if self.play(self.game.parse_action(f"power {piece} {view.square_name(sq)}")):
            self.focus = "confirm" if self.choice.pending is not None else "sq-first"
        return True

    def _on_piece(self, data):
        p = self.human_to_move()
        piece = data.get("piece")
        if p is None or piece not in self.power_pieces():
            return False
        c = self.choice
        c.cap = None
        c.pending = None
        c.asking = None
        c.piece = None if c.piece == piece else piece
        self.notice = None
        self.focus = "dest-first" if c.piece is not None else f"piece-{piece}"

    def _on_confirm(self, data):
        if self.human_to_move() is None or self.choice.pending is None:
            return False
        self.play(self.choice.pending)

    def _on_hint_play(self, data):
        """Play the hinted turn (``hints.play_rest``: each action checked by the engine)."""
        if self.human_to_move() is None:
            return False
        return hints.play_rest(self)

    def _on_undo(self, data):
        c = self.choice
        if self.hint is not None:  # Escape takes the hint back, and what it selected
            self.hint = None
            self.reset_choice()
            self.notice = None
            self.focus = "sq-first"
            return True
        if c.pending is None and c.cap is None and c.piece is None and c.asking is None:
            return False
        back = c.pending.to if c.pending is not None else None
        if c.pending is not None:
            c.pending = None  # back to the chosen cap
        else:
            self.reset_choice()
        self.notice = None
        self.focus = f"sq-{back}" if back is not None else "sq-first"

    def _on_takeback(self, data):
        if not self.can_take_back():
            return False
        if self.change(lambda: GAME.take_back(self.state), announce_move=False):
            self.announcement = t("pyr.announce.taken_back")
            self.focus = "takeback" if self.can_take_back() else "sq-first"

    def _on_pass(self, data):
        if self.human_to_move() is None or not self.can_pass():
            return False
        self.play(self.game.parse_action("pass"))

    def _ask(self, what: str) -> None:
        self.reset_choice()
        self.choice.asking = what
        self.focus = f"{what}-yes"

    def _on_resign(self, data):
        if self.human_to_move() is None:
            return False
        self._ask("resign")

    def _on_draw(self, data):
        if self.human_to_move() is None or not self.draw_offer_allowed():
            return False
        self._ask("draw")

    def _on_answer(self, data):
        what = self.choice.asking
        if self.human_to_move() is None or what is None:
            return False
        if data.get("value") != "yes":
            self.choice.asking = None
            self.focus = what
            return True
        self.play(self.game.parse_action(what))
