"""The analysis board of every game of the box (pure Python, no DOM), as lichess's analysis
board: the list of decisions drives a replay board.

``AnalysisBoard(game, state, screens, part, players=None)`` runs the one judge's analysis
(``pyapp/core/judge.py``) in slices (``step(budget_ms)``, ``stop``, ``resume``), as the
analysis screen did; the entries appear as they are found. Its screen:

* the list of the decisions analysed, biggest misses first, or in game order (the switch
  ``analysis-order``); each entry is a button (``analysis-show``, its action number ``k``);
* an entry chosen shows the position of that decision (the replay's position ``k - 1``, drawn
  by the game's own screens) with the move played AND the suggested move drawn on the board,
  each in its look (played: solid, in the marks' colour; suggested: a dashed outline), a
  legend, and the estimated difference with its uncertainty ("about 6 points, +/- 2"), or the
  outcome in words where the game was decided ("loses the game", "misses a win");
* the replay's step buttons go through the game from there (``learn-replay-*``), and "Back to
  the decision" returns to the position of the entry chosen.

The game's part (``part``: its ``pyapp/ui/<game>/analysis.py``) draws the two moves:
``BOARD_CLASS`` (the class of its board's ``svg``), ``prepare(table, player)`` (optional: e.g.
show the deciding player's park) and ``marks(board_attrs, before, player, texts, look)``, the
SVG elements of a move (``texts``: the action texts of the decision, a whole turn where the
game's judge plans one) in the board's coordinates; optionally ``outlined(before, player,
texts)``, the ``(attribute, value)`` pairs of elements outside the board that a move chooses
(Caldera Park's action token and terrain space of a pick), each outlined in the move's look.
The shell knows none of this: it asks the game's screens package for ``ANALYSIS`` (the module
of its ``AnalysisScreen``).
"""

from __future__ import annotations

import json

from pyapp.core import judge
from pyapp.core.errors import GameError
from pyapp.core.judge import Analysis

from . import strings_analysis, strings_learn
from .analyse import describe_of, difference_text, outcome_of
from .i18n import language, t
from .replay import ReplayScreen, stage_text, without_live
from .vdom import E, h

strings_learn.install()
strings_analysis.install()

SLICE_MS = 12.0  # the analysis works this long, then the page handles input and draws
LOOKS = ("played", "suggested")
NAV = ("learn-replay-first", "learn-replay-prev", "learn-replay-next", "learn-replay-last")


class AnalysisBoard:
    def __init__(self, game, state: dict, screens, part, players=None):
        self.game = game
        self.part = part
        self.screens = screens
        self.analysis = Analysis.of_state(game, state, players=players)
        # the replay the board is drawn from: the finished game, seen by everyone
        self.view = ReplayScreen(game, state, screens)
        self.running = True
        self.order = "misses"  # or "game"
        self.chosen: int | None = None  # the action number of the entry shown
        self._plans: dict[int, list[str]] = {}
        self._drawn: tuple | None = None  # (what it shows, the board drawn)
        self._describe = describe_of(game)

    # ------------------------------------------------------------------ running

    @property
    def finished(self) -> bool:
        return self.analysis.finished

    def step(self, budget_ms: float = SLICE_MS) -> bool:
        """Work a slice; True while there is more to do (and it is not stopped)."""
        if not self.running or self.finished:
            self.running = False
            return False
        self.analysis.start().step(budget_ms)
        if self.finished:
            self.running = False
        return self.running

    def stop(self) -> None:
        self.running = False

    def resume(self) -> None:
        if not self.finished:
            self.running = True

    # ------------------------------------------------------------------ the model

    def entries(self) -> list[dict]:
        """The findings so far: biggest misses first (ties: earliest first), or in game
        order."""
        found = list(self.analysis.findings)
        if self.order == "game":
            return sorted(found, key=lambda f: f["action"])
        return sorted(found, key=lambda f: (-f["difference"], f["action"]))

    def finding(self, k: int | None) -> dict | None:
        return next((f for f in self.analysis.findings if f["action"] == k), None)

    def choose(self, k) -> bool:
        try:
            k = int(k)
        except (TypeError, ValueError):
            return False
        if self.finding(k) is None:
            return False
        self.chosen = k
        self.view.go(k - 1)
        self.view.table.focus = "analysis-detail"  # in view, the board right under it
        return True

    def at_decision(self) -> bool:
        """The board shows the position of the entry chosen."""
        return self.chosen is not None and self.view.pos == self.chosen - 1

    def played_texts(self, k: int) -> list[str]:
        """The move played at decision ``k``: its action, and for a game whose judge plans a
        whole turn, the rest of that player's turn as played."""
        r = self.view.replay
        texts = [r.texts[k - 1]]
        if getattr(judge.hook(self.game), "plan", None) is None:
            return texts
        p, stage = r.player_of(k), r.stage_of(k - 1)
        j = k + 1
        while j <= r.length and r.player_of(j) == p and r.stage_of(j - 1) == stage:
            texts.append(r.texts[j - 1])
            j += 1
        return texts

    def suggested_texts(self, k: int) -> list[str]:
        """The judge's whole decision at ``k`` (its turn plan where the game has one), its first
        action the finding's suggestion. Kept once asked."""
        if k not in self._plans:
            f = self.finding(k)
            before = self.view.replay.state_at(k - 1)
            obs = self.game.observation(before, f["player"])
            plan = judge.turn_plan(self.game, before["options"], obs)
            if not plan or plan[0] != f["suggested"]:  # never contradict the finding
                plan = [f["suggested"]]
            self._plans[k] = plan
        return self._plans[k]

    def moves(self, k: int) -> dict[str, list[str]]:
        """Both moves of decision ``k``: ``{"played": [...], "suggested": [...]}``."""
        return {"played": self.played_texts(k), "suggested": self.suggested_texts(k)}

    def describe(self, state: dict, player: int, text: str) -> str:
        """An action in words on the state it is played from: the game part's words
        (``describe``), else its screens' ``describe_choice``, else the action's text."""
        own = getattr(self.part, "describe", None)
        if own is not None:
            return own(state, player, text)
        return self._describe(state, text)

    def said(self, before: dict, player: int, texts: list[str]) -> str:
        """A decision's actions in words, each said on the state it is played from."""
        out = []
        state = json.loads(json.dumps(before))
        for text in texts:
            out.append(self.describe(state, player, text))
            try:
                self.game.play(state, text)
            except GameError:
                break
        if all(x.endswith(".") for x in out):  # whole sentences
            return " ".join(out)
        return t("list.sep").join(out)

    def verdict(self, f: dict) -> str:
        """The finding's verdict in words: the outcome, the difference, or agreement."""
        if f["verdict"] == "suggestion":
            return t("analysis.same")
        outcome = outcome_of(self.game, f)
        if outcome is not None:
            return t(f"analysis.outcome.{outcome}")
        if f["verdict"] == "as_good":
            return t("analysis.as_good")
        return difference_text(f)

    # ------------------------------------------------------------------ input

    def handle(self, action: str, data: dict) -> bool | None:
        # any input may change what the board draws (this screen's, or the replayed table's
        # own viewing buttons, which the caller passes on when this answers None)
        self._drawn = None
        if action == "analysis-show":
            return self.choose(data.get("value"))
        if action == "analysis-order":
            value = data.get("value")
            self.order = value if value in ("misses", "game") else self.order
            return True
        if action == "analysis-back":
            if self.chosen is None:
                return False
            self.view.go(self.chosen - 1)
            self.view.table.focus = "analysis-detail"
            return True
        return self.view.handle(action, data)

    # ------------------------------------------------------------------ drawing

    def board(self) -> E:
        """The game's board at the replay's position; at the decision chosen, both moves drawn
        on it. Kept from one drawing to the next while nothing it shows changed (the analysis
        redraws its list between slices: the board is not drawn again each time)."""
        key = (self.view.pos, self.chosen, language())
        if self._drawn is not None and self._drawn[0] == key:
            return self._drawn[1]
        drawn = self._board()
        self._drawn = (key, drawn)
        return drawn

    def _board(self) -> E:
        vt = self.view.view_table()
        f = self.finding(self.chosen) if self.at_decision() else None
        if f is not None:  # at the decision only its two moves are drawn (no earlier mark)
            vt.mark_from = self.view.pos
        prepare = getattr(self.part, "prepare", None)
        if prepare is not None:
            prepare(vt, f["player"] if f is not None else None)
        nodes, _ = self.screens.render(vt)
        body = [kept for n in nodes[2:] if (kept := without_live(n)) is not None]
        if f is not None:
            before = self.view.replay.state_at(f["action"] - 1)
            moves = self.moves(f["action"])
            body = [_add_marks(n, self.part, before, f["player"], moves) for n in body]
            body = [_outline(n, self._outlined(before, f["player"], moves)) for n in body]
        return h(
            "div",
            {
                "class": "replay-board analysis-board",
                "data-pos": str(self.view.pos),
                "data-game": self.game.id,
            },
            body,
        )

    def _outlined(self, before: dict, player: int, moves: dict) -> dict:
        """``{(attribute, value): [looks]}`` of the elements the moves choose off the board."""
        part = getattr(self.part, "outlined", None)
        out: dict = {}
        for look in LOOKS if part is not None else ():
            for pair in part(before, player, moves[look]):
                out.setdefault(pair, []).append(look)
        return out

    def render(self) -> list[E]:
        self.view.view_table()  # the replay's table at its position (the move in words)
        a = self.analysis
        done, total = a.done, a.total
        if self.running:
            status = t("learn.analysis.progress", done=done, total=total)
        elif self.finished:
            status = t("learn.analysis.done", total=total)
        else:
            status = t("learn.analysis.stopped", done=done, total=total)
        buttons = []
        if self.running:
            buttons.append(_button("learn-analysis-stop", t("learn.analysis.stop"), "small"))
        elif not self.finished:
            buttons.append(_button("learn-analysis-resume", t("learn.analysis.resume"), "small"))
        bar = h(
            "section",
            {
                "class": "learn-screen replay-bar analysis-bar",
                "data-screen": "analysis",
                "data-overlay": "analysis",
                "aria-labelledby": "analysis-title",
                "data-done": str(done),
                "data-total": str(total),
                "data-running": "true" if self.running else "false",
                "data-chosen": str(self.chosen) if self.chosen is not None else None,
                "data-pos": str(self.view.pos),
                "data-at-decision": "true" if self.at_decision() else "false",
            },
            h(
                "div",
                {"class": "replay-head"},
                h(
                    "h1",
                    {"id": "analysis-title", "tabindex": "-1", "data-key": "analysis-title"},
                    t("learn.analysis.title"),
                ),
                _button(
                    "learn-close",
                    t("learn.analysis.close"),
                    "secondary small",
                    **{"aria-keyshortcuts": "Escape", "data-overlay-close": "true"},
                ),
            ),
            h(
                "div",
                {"class": "analysis-progress"},
                h(
                    "progress",
                    {
                        "max": str(max(total, 1)),
                        "value": str(done),
                        "aria-labelledby": "analysis-status",
                    },
                ),
                h(
                    "p",
                    {"id": "analysis-status", "role": "status", "data-key": "analysis-status"},
                    status,
                ),
                buttons,
            ),
            self._detail(),
            self._nav(),
        )
        # the list of decisions: beside the board on a wide screen, under it on a phone (the
        # chosen decision, its words and the board come first: static/css/learn.css)
        listed = h(
            "div",
            {"class": "analysis-list-box"},
            self._order_switch(),
            self._list(),
        )
        return [bar, self.board(), listed]

    def _order_switch(self) -> E:
        def choice(value: str) -> E:
            return h(
                "button",
                {
                    "type": "button",
                    "class": "secondary small",
                    "data-action": "analysis-order",
                    "data-value": value,
                    "data-key": f"analysis-order-{value}",
                    "aria-pressed": "true" if self.order == value else "false",
                },
                t(f"analysis.order.{value}"),
            )

        return h(
            "div",
            {"class": "analysis-order", "role": "group", "aria-label": t("analysis.order")},
            choice("misses"),
            choice("game"),
        )

    def _list(self) -> E | None:
        entries = self.entries()
        if not entries:
            if self.finished:
                return h("p", {"class": "analysis-none"}, t("analysis.empty"))
            return None
        items = []
        for f in entries:
            k = f["action"]
            stage = {key: f[key] for key in ("round", "turn") if key in f}
            when = stage_text(stage) or t(
                "learn.replay.position", n=k, total=self.view.replay.length
            )
            label = t("analysis.entry", when=when, name=f["name"], verdict=self.verdict(f))
            items.append(
                h(
                    "li",
                    {"class": f"analysis-entry {f['verdict']}"},
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "analysis-pick",
                            "data-action": "analysis-show",
                            "data-value": str(k),
                            "data-key": f"analysis-{k}",
                            "data-verdict": f["verdict"],
                            "aria-pressed": "true" if self.chosen == k else "false",
                        },
                        label,
                    ),
                )
            )
        return h(
            "ol",
            {"class": "analysis-entries", "aria-label": t("analysis.list")},
            items,
        )

    def _detail(self) -> E | None:
        f = self.finding(self.chosen)
        if f is None:
            return h("p", {"class": "analysis-detail-none"}, t("analysis.choose"))
        before = self.view.replay.state_at(f["action"] - 1)
        moves = self.moves(f["action"])
        p = f["player"]

        def said(texts: list[str]) -> str:
            return self.said(before, p, texts)

        stage = {key: f[key] for key in ("round", "turn") if key in f}
        return h(
            "div",
            {
                "class": "analysis-detail",
                "data-key": "analysis-detail",
                "tabindex": "-1",
                "data-played": "|".join(moves["played"]),
                "data-suggested": "|".join(moves["suggested"]),
            },
            h(
                "p",
                {"class": "analysis-when"},
                t(
                    "analysis.when",
                    when=stage_text(stage)
                    or t("learn.replay.position", n=f["action"], total=self.view.replay.length),
                    name=f["name"],
                    verdict=self.verdict(f),
                ),
            ),
            h(
                "ul",
                {"class": "analysis-legend"},
                h(
                    "li",
                    {"class": "legend-played"},
                    h("span", {"class": "swatch played", "aria-hidden": "true"}),
                    t("analysis.legend.played", move=said(moves["played"])),
                ),
                h(
                    "li",
                    {"class": "legend-suggested"},
                    h("span", {"class": "swatch suggested", "aria-hidden": "true"}),
                    t("analysis.legend.suggested", move=said(moves["suggested"])),
                ),
            ),
        )

    def _nav(self) -> E:
        v = self.view
        length = v.replay.length
        at_start, at_end = v.pos == 0, v.pos >= length
        symbols = {"first": "|◀", "prev": "◀", "next": "▶", "last": "▶|"}
        buttons = []
        for action in NAV:
            which = action.rsplit("-", 1)[-1]
            label = t(f"learn.replay.{which}")
            attrs = {
                "type": "button",
                "class": "secondary small",
                "data-action": action,
                "data-key": action,
                "aria-label": label,
                "title": label,
            }
            if (which in ("first", "prev") and at_start) or (which in ("next", "last") and at_end):
                attrs["aria-disabled"] = "true"
            buttons.append(h("button", attrs, symbols[which]))
        back = None
        if self.chosen is not None and not self.at_decision():
            back = _button("analysis-back", t("analysis.back"), "secondary small")
        return h(
            "div",
            {"class": "replay-nav analysis-nav"},
            buttons,
            v.move_line(),
            back,
        )


def _add_marks(e: E, part, before: dict, player: int, moves: dict) -> E:
    """``e`` with both moves drawn on the game's board (the first ``svg`` of class
    ``part.BOARD_CLASS`` inside it), the suggestion above the move played."""
    if not isinstance(e, E):
        return e
    if e.tag == "svg" and part.BOARD_CLASS in e.attrs.get("class", "").split():
        layers = []
        for look in LOOKS:
            drawn = part.marks(e.attrs, before, player, moves[look], look)
            layers.append(
                h(
                    "g",
                    {
                        "class": f"analysis-marks analysis-{look}",
                        "data-look": look,
                        "data-moves": "|".join(moves[look]),
                        "aria-hidden": "true",
                    },
                    drawn,
                )
            )
        return E(e.tag, e.attrs, [*e.children, *layers])
    kids, changed = [], False
    for c in e.children:
        new = _add_marks(c, part, before, player, moves)
        changed = changed or new is not c
        kids.append(new)
    return E(e.tag, e.attrs, kids) if changed else e


def _outline(e: E, looks_of: dict) -> E:
    """``e`` with each element ``looks_of`` names (an attribute's value) outlined in its looks
    (``analysis-pick analysis-pick-played`` / ``-suggested``)."""
    if not looks_of or not isinstance(e, E):
        return e
    looks = [look for (k, v), ls in looks_of.items() if e.attrs.get(k) == v for look in ls]
    kids, changed = [], False
    for c in e.children:
        new = _outline(c, looks_of)
        changed = changed or new is not c
        kids.append(new)
    if not looks and not changed:
        return e
    attrs = e.attrs
    if looks:
        extra = " ".join(["analysis-pick", *(f"analysis-pick-{look}" for look in looks)])
        attrs = {**attrs, "class": f"{attrs.get('class', '')} {extra}".strip()}
    return E(e.tag, attrs, kids)


def _button(action: str, label: str, cls: str = "", **attrs) -> E:
    return h(
        "button",
        {
            "type": "button",
            "class": cls or None,
            "data-action": action,
            "data-key": action,
            **attrs,
        },
        label,
    )
