"""The guided first game: a fixed deal of the base game against one greedy bot, with a short
explanation drawn beside each step when it comes up (the starting weather, the forecast of each
round, the marmot holder's choice, placing and both fallbacks, the weather's effect at the end,
the scoring). Pure Python; a feature of the game (``features.GuideFeature``, found by the screens
as ``guide_of(ctrl)``).

* ``Guide(storage)``: ``offered()`` is true on the first visit (nothing of the app stored yet,
  and the guide neither played nor declined); ``start(table)`` starts the fixed deal; the game is
  an ordinary game (saved, resumed, counted in the statistics) whose options say it is the guided
  one (``is_guide``), so a reload keeps the explanations.
* Each explanation has "Got it" (not shown again in this game) and "Skip the guide" (no more
  explanations; the game goes on). Either keeps the explanation's room on the table until the
  decision is taken (``Guide.held``: a short note drawn in the same box), so that nothing under
  the person's finger moves while they choose; the next decision is drawn without it.
* ``offer(ctrl)``, ``panel(ctrl)`` and ``end_panel(ctrl)``: its drawing on the new-game screen,
  the table and the end screen.
"""

from __future__ import annotations

import contextlib

from pyapp.park.game import decision

from ..i18n import t
from ..saves import PREFIX
from ..strings_stats import register
from ..vdom import E, h
from .viewmodel import place_choices

register()

GUIDE_KEY = PREFIX + "guide"  # "played" or "declined": not offered again
GUIDE_SEED = 20_161_616  # the fixed deal (any seed: the guide explains whatever comes up)
BOT = "greedy"
_FIRST_KEYS = ("/lang", "/last-game")  # what a first visit may already have stored


def guide_options(name: str) -> dict:
    return {
        "variant": "base",
        "players": 2,
        "seed": GUIDE_SEED,
        "names": [name, t("guide.bot_name")],
        "first": 0,
    }


def is_guide(options) -> bool:
    return (
        isinstance(options, dict)
        and options.get("seed") == GUIDE_SEED
        and options.get("variant") == "base"
        and options.get("players") == 2
    )


class Guide:
    def __init__(self, storage=None):
        self.storage = storage
        self.skipped = False
        self.dismissed: set[str] = set()
        self._answered = False  # offered once per page, whatever storage says
        # the explanation just put away ("Got it" or "Skip"), kept as an empty box of its size
        # until the decision it was drawn for is taken: (log length, tip id, text, note key)
        self.held: tuple[int, str, str, str] | None = None

    # ------------------------------------------------------------------ first visit

    def _get(self, key: str):
        if self.storage is None:
            return None
        try:
            return self.storage.getItem(key)
        except Exception:  # noqa: BLE001 - storage refused: as on a first visit
            return None

    def offered(self) -> bool:
        """The first visit: nothing of the app in storage, and the guide never answered."""
        if self._answered or self._get(GUIDE_KEY) is not None or self.storage is None:
            return False
        try:
            for i in range(int(self.storage.length)):
                k = self.storage.key(i)
                if isinstance(k, str) and k.startswith(PREFIX) and not k.endswith(_FIRST_KEYS):
                    self._answered = True  # something of the app is stored: not a first visit
                    return False
        except Exception:  # noqa: BLE001
            return False
        return True

    def _answer(self, value: str) -> None:
        self._answered = True
        if self.storage is not None:
            with contextlib.suppress(Exception):
                self.storage.setItem(GUIDE_KEY, value)

    def start(self, table) -> None:
        """Start the guided game on ``table`` (Caldera Park's)."""
        self._answer("played")
        self.skipped = False
        self.dismissed = set()
        form = getattr(table, "form", None)
        name = form.names[0] if form is not None and form.names else t("setup.default_name", n=1)
        table.hide_between = True
        table.start_game(guide_options(name), ["human", BOT])

    def handle(self, action: str, data: dict, table) -> bool | None:
        if action == "guide-start":
            self.start(table)
            return True
        if action == "guide-no":
            self._answer("declined")
            table.focus = "setup-title"
            return True
        if action in ("guide-ok", "guide-skip"):
            self._hold(table, "guide.put_away" if action == "guide-ok" else "guide.skipped")
            if action == "guide-ok":
                self.dismissed.add(str(data.get("tip", "")))
            else:
                self.skipped = True
            table.default_focus()  # the keyboard goes on with the decision's pieces
            return True
        return None

    def _hold(self, table, note: str) -> None:
        found = self.tip(table) if getattr(table, "state", None) is not None else None
        if found is not None and found[0] not in self.dismissed:
            self.held = (len(table.state["log"]), found[0], found[1], note)

    # ------------------------------------------------------------------ what to explain

    def active(self, ctrl) -> bool:
        return ctrl.state is not None and is_guide(ctrl.state["options"]) and not self.skipped

    def tip(self, ctrl) -> tuple[str, str] | None:
        """(tip id, text) of the step on the table now, or None."""
        if not self.active(ctrl):
            return None
        state = ctrl.state
        d = decision(state)
        if d is None:
            return None
        p, kind = d["player"], d["kind"]
        bot_name = state["G"]["players"][1]["name"]
        if not ctrl.is_human(p):
            if kind == "pick":
                return "bot_marmot", t("guide.bot_marmot", name=bot_name)
            return None
        if kind == "weather" and state["ctx"]["phase"] == "setup":
            return "setup", t("guide.setup")
        if kind == "weather":
            return "forecast", t("guide.forecast")
        if kind == "pick":
            return "marmot", t("guide.marmot")
        if kind != "place":
            return None
        choices = place_choices(ctrl.obs(p), p)
        if choices.token_fallback:
            return "fallback_token", t("guide.fallback_token")
        if choices.space_fallback:
            return "fallback_space", t("guide.fallback_space")
        if state["ctx"]["marmot"] != p:  # what to place is in the prompt just above
            return "place_after_bot", t("guide.bot_chose", name=bot_name)
        return "place", t("guide.place")


def _actions(ok: tuple[str, str], other: tuple[str, str], tip=None, live=True, about=None) -> E:
    """A primary and a secondary button, each (action and key, key of its text). Not ``live``:
    drawn only to keep their room (disabled, no action). ``about``: the id of the text they
    answer (their description for screen readers)."""

    def button(action: str, text: str, cls: str) -> E:
        attrs = {"type": "button", "class": cls, "aria-describedby": about}
        if live:
            attrs.update({"data-action": action, "data-key": action, "data-tip": tip})
        else:
            attrs["disabled"] = True
        return h("button", attrs, t(text))

    return h("div", {"class": "guide-actions"}, button(*ok, "primary"), button(*other, "secondary"))


_TIP_ACTIONS = (("guide-ok", "guide.ok"), ("guide-skip", "guide.skip"))


def guide_of(ctrl) -> Guide | None:
    """The guide of the app's composition (its ``guide`` feature), or None without one."""
    feature = ctrl.shell.get("guide")
    return feature.guide if feature is not None else None


def offer(ctrl) -> E | None:
    """The offer of the first visit, on the new-game screen."""
    g = guide_of(ctrl)
    if g is None or not g.offered():
        return None
    return h(
        "section",
        {"class": "guide-offer", "data-key": "guide-offer", "aria-labelledby": "guide-o-title"},
        h("h2", {"id": "guide-o-title"}, t("guide.offer.title")),
        h("p", None, t("guide.offer.text")),
        _actions(("guide-start", "guide.offer.start"), ("guide-no", "guide.offer.no")),
    )


def start_button(ctrl) -> E | None:
    """The guide, offered on every visit after the first, as a small button."""
    g = guide_of(ctrl)
    if g is None or g.offered():
        return None
    return h(
        "button",
        {
            "type": "button",
            "class": "secondary guide-again",
            "data-action": "guide-start",
            "data-key": "guide-start",
        },  # fmt: skip
        t("guide.again"),
    )


def panel(ctrl) -> E | None:
    """The explanation of the step on the table now (just under the prompt), or the room of the
    one just put away while its decision lasts (its note over an invisible copy: same size)."""
    g = guide_of(ctrl)
    if g is None or ctrl.state is None:
        return None
    found = g.tip(ctrl)
    if found is not None and found[0] not in g.dismissed:
        tip, text = found
        return h(
            "aside",
            {
                "class": "guide-tip",
                "data-key": "guide-tip",
                "data-tip": tip,
                "aria-label": t("guide.label"),
            },  # fmt: skip
            h("p", {"id": "guide-text"}, text),
            _actions(*_TIP_ACTIONS, tip=tip, about="guide-text"),
        )
    if g.held is None or g.held[0] != len(ctrl.state["log"]):
        g.held = None
        return None
    _, tip, text, note = g.held
    return h(
        "div",
        {"class": "guide-tip guide-held", "data-key": "guide-held", "data-tip": tip},
        h(
            "div",
            {"class": "guide-room", "aria-hidden": "true"},
            h("p", None, text),
            _actions(*_TIP_ACTIONS, live=False),
        ),
        h("p", {"class": "guide-note", "role": "status"}, t(note)),
    )


def end_panel(ctrl) -> E | None:
    """At the end of the guided game: the weather's effect on the parks, then the scoring."""
    g = guide_of(ctrl)
    if g is None or not g.active(ctrl) or ctrl.result is None:
        return None
    me = ctrl.humans()[0] if ctrl.humans() else 0
    flipped = ctrl.result["players"][me]["flipped"]
    return h(
        "aside",
        {
            "class": "guide-tip guide-end",
            "data-key": "guide-end",
            "data-tip": "end",
            "aria-label": t("guide.label"),
        },  # fmt: skip
        h("p", {"data-tip": "weather"}, t("guide.weather_effect", n=flipped)),
        h("p", {"data-tip": "scoring"}, t("guide.scoring")),
        h("p", None, t("guide.done")),
    )
