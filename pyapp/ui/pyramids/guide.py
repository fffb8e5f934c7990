"""Caldera's guided first game: the person (seat 0, first to play) against the greedy bot on a
fixed layout, with a tip beside the board at every step (pure Python; drawn by ``features.py``).

* The layout: ``guide_options()`` (a fixed seed, the person first, edition 2 of the rules pinned
  so that a later edition changes nothing). A guided game is an ordinary game (saved, resumed,
  counted) whose options say it is the guided one (``is_guide``), so a reload keeps the tips.
* Each tip is the next action of the strong bot's plan for the person's turn (``plan``: its
  quiet moves, its Power Play, its eruption; the same seed, so the same plan on any machine),
  said in words with its lesson: what a quiet move is, the eruption and its preview, what a
  capture is, the Power Play, and the trios that win. Followed to the letter, the greedy bot's
  answers make it a win in six turns of the person (``tests/ui/test_pyramids_guide.py`` plays
  it and checks every lesson comes). A person who plays another move gets the plan from the
  new position, with a note.
* ``Tip.target`` is a CSS selector of what to tap now (the cap, its square, a piece of the
  collection, Erupt); it is drawn in the side column, one line above the turn's buttons, and
  the lesson after them: nothing lies over the board or the buttons.
* At the end: who won and what to do next.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyapp.pyramids import game
from pyapp.pyramids.actions import Move, Power
from pyapp.pyramids.bots.strong import StrongBot

from ..guided import GuideBase, tip_panel
from ..i18n import t
from ..vdom import E, h
from . import guide_strings, view

guide_strings.install()

SEED = 13  # the fixed layout (and so the greedy bot's answers)
RULES = 2  # the edition of the rules the guide was written for
BOT = "greedy"
PERSON = 0
PLANNER_SEED = "guide"


def guide_options() -> dict:
    return {
        "players": 2,
        "seed": SEED,
        "first": PERSON,
        "rules": RULES,
        "names": [t("pyr.guide.you"), t("pyr.guide.greedy")],
    }


def is_guide(options) -> bool:
    return (
        isinstance(options, dict)
        and options.get("seed") == SEED
        and options.get("players") == 2
        and options.get("first") == PERSON
        and options.get("rules") == RULES
    )


@dataclass
class Tip:
    topic: str  # "quiet", "erupt", "power" or "bot"
    lesson: str  # what the step teaches
    doing: str  # what to tap now
    target: str | None  # CSS selector of the element to tap (None: nothing to tap)
    note: str | None = None  # the person played another move than the one proposed


class Planner:
    """The guide's suggestion for the person: the strong bot's plan of the turn, remembered
    per position (``suggest`` is asked at every drawing)."""

    def __init__(self):
        self.bot = StrongBot(seed=PLANNER_SEED)
        self.cache: dict[tuple, object] = {}

    def suggest(self, state: dict):
        key = (len(state["log"]), tuple(e[1] for e in state["log"][-3:]), game.position_key(state))
        if key not in self.cache:
            self.cache[key] = self.bot.choose(game.observation(state, PERSON))
        return self.cache[key]


def topic_of(state: dict, action) -> str:
    if isinstance(action, Power):
        return "power"
    if isinstance(action, Move) and game.preview(state, action)["erupts"]:
        return "erupt"
    return "quiet"


def _sel(key: str) -> str:
    return f'[data-key="{key}"]'


def _pieces(pieces) -> str:
    return ", ".join(view.piece_label(p) for p in pieces)


def lesson(state: dict, action) -> str:
    """The words of the step ``action``: at length the first time (the person's first turn),
    shorter after."""
    topic = topic_of(state, action)
    first_turn = state["turn"]["number"] == 1
    parts = []
    if not state["log"]:
        parts.append(t("pyr.guide.goal"))
    if topic == "quiet":
        key = (
            "pyr.guide.quiet"
            if first_turn and state["turn"]["quiet"] == 0
            else "pyr.guide.quiet_again"
        )
        parts.append(t(key, frm=view.square_name(action.frm), to=view.square_name(action.to)))
    elif topic == "power":
        piece, at = view.piece_label(action.piece), view.square_name(action.at)
        parts.append(t("pyr.guide.power", piece=piece, square=at))
    else:
        if first_turn:
            frm, to = view.square_name(action.frm), view.square_name(action.to)
            parts.append(t("pyr.guide.erupt", frm=frm, to=to))
        got = [f["piece"] for f in game.preview(state, action)["flow"] if f["captured"]]
        parts.append(
            t("pyr.guide.capture", pieces=_pieces(got)) if got else t("pyr.guide.no_capture")
        )
        parts.append(trios_text(state["collections"][PERSON]))
    return " ".join(parts)


def trios_text(collection) -> str:
    if not collection:
        return t("pyr.guide.trios_none")
    return t("pyr.guide.trios", pieces=_pieces(collection), trios=game.trios(collection))


def doing(ctrl, action) -> tuple[str, str | None]:
    """What to tap now for ``action``, given what is chosen on the table."""
    c = ctrl.choice
    undo = t("pyr.guide.do.undo"), _sel("undo")
    if isinstance(action, Power):
        if c.pending is not None:
            return undo
        if c.piece != action.piece:
            return t("pyr.guide.do.piece", piece=view.piece_label(action.piece)), _sel(
                f"piece-{action.piece}"
            )
        return t("pyr.guide.do.square", square=view.square_name(action.at)), _sel(f"sq-{action.at}")
    if c.pending is not None:
        if c.pending == action:
            return t("pyr.guide.do.confirm"), _sel("confirm")
        return undo
    if c.cap != action.frm:
        return t("pyr.guide.do.cap", square=view.square_name(action.frm)), _sel(f"sq-{action.frm}")
    return t("pyr.guide.do.dest", square=view.square_name(action.to)), _sel(f"sq-{action.to}")


class Guide(GuideBase):
    PERSON, BOT, DEVIATED = PERSON, BOT, "pyr.guide.deviated"

    def __init__(self):
        super().__init__()
        self.planner = Planner()

    def options(self) -> dict:
        return guide_options()

    def is_guide(self, options) -> bool:
        return is_guide(options)

    def tip(self, ctrl) -> Tip | None:
        if not self.active(ctrl) or ctrl.screen != "table":
            return None
        state = ctrl.state
        if game.is_over(state):
            return None
        note = self.note(state)
        if state["turn"]["player"] != PERSON:
            text = t("pyr.guide.bot", name=view.player_name(state, 1))
            return Tip("bot", text + " " + trios_text(state["collections"][PERSON]), "", None, note)
        action = self.planner.suggest(state)
        self.proposed[len(state["log"])] = str(action)
        words = lesson(state, action)
        do, target = doing(ctrl, action)
        return Tip(topic_of(state, action), words, do, target, note)


# ---------------------------------------------------------------------- drawing


def offer() -> E:
    """The offer on Caldera's new-game screen."""
    return h(
        "section",
        {
            "class": "guide-offer pyr-guide-offer",
            "data-key": "pyr-guide-offer",
            "aria-labelledby": "pyr-guide-o-title",
        },
        h("h2", {"id": "pyr-guide-o-title"}, t("pyr.guide.offer.title")),
        h("p", None, t("pyr.guide.offer.text")),
        h(
            "button",
            {
                "type": "button",
                "class": "primary",
                "data-action": "pyr-guide-start",
                "data-key": "pyr-guide-start",
            },
            t("pyr.guide.offer.start"),
        ),
    )


def instruction(tip: Tip) -> E | None:
    if not tip.doing:
        return None
    return h(
        "p", {"class": "pyr-guide-do", "data-key": "pyr-guide-do"}, h("strong", None, tip.doing)
    )


def panel(tip: Tip) -> E:
    return tip_panel(tip, "pyr")


def end_panel(ctrl) -> E | None:
    state = ctrl.state
    res = state.get("result") if state is not None else None
    if res is None:
        return None
    if PERSON in res["winners"]:
        head = t("pyr.guide.won", turns=(state["turn"]["number"] + 1) // 2)
    else:
        head = t("pyr.guide.lost", name=view.player_name(state, 1))
    return h(
        "aside",
        {
            "class": "pyr-guide-tip guide-end",
            "data-key": "pyr-guide-end",
            "data-tip": "end",
            "aria-label": t("pyr.guide.label"),
        },
        h("p", None, head),
        h("p", None, trios_text(state["collections"][PERSON])),
        h("p", None, t("pyr.guide.next")),
    )
