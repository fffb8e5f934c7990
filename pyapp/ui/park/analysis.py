"""The analysis of a Caldera Park game (the one judge's, ``pyapp/core/judge.py``) in words, and
its screen (pure Python, no DOM).

``miss_text(analysis, finding)`` says one finding of ``pyapp.park.analysis.Analysis`` like
"Round 3, turn 2: bear, bear on the forest (row 2, space 4) would have made about 6 more points
than ..." in the current language; ``report(analysis)`` gives the plain data of
``python -m pyapp analyse --json``.

``AnalysisScreen`` runs an analysis in slices (``step(budget_ms)``; the page's driver calls it
between frames, so the page never freezes), can be stopped and continued, and draws its progress
bar and the biggest misses first (``render()``).
"""

from __future__ import annotations

from pyapp.core.errors import GameError
from pyapp.park.analysis import Analysis
from pyapp.park.game import decision, park_of

from .. import strings_learn
from ..analyse import miss_text as _miss_text
from ..analyse import report as _report
from ..frame import titled_screen
from ..i18n import t
from ..vdom import E, h
from .viewmodel import (
    requirement_text,
    space_name,
    space_position,
    token_label_by_name,
    weather_name,
)

strings_learn.install()

SLICE_MS = 12.0  # the analysis works this long, then the page handles input and draws
SHOWN = 30  # misses listed at most


def describe_choice(state: dict, text: str) -> str:
    """A Caldera Park action in words for the analysis ("bear on the forest (row 2, space 4)")
    in the park of ``state``."""
    from pyapp.park.actions import parse

    try:
        a = parse(text)
    except GameError:
        return text
    park = park_of(state)
    if a.kind == "place":
        i = park.index[a.at]
        return t(
            "learn.do.place",
            token=token_label_by_name(a.token),
            space=space_name(park, i),
            position=space_position(park, i),
        )
    if a.kind == "pick":
        return t("learn.do.pick", requirement=requirement_text(a.action, a.terrain))
    if a.kind == "start":
        i = park.index[a.at]
        where = {"space": space_name(park, i), "position": space_position(park, i)}
        if a.token is None:
            return t("learn.do.start", **where)
        return t("learn.do.start_token", token=a.token + 1, **where)
    if a.kind == "reveal":
        return t("learn.do.reveal", slot=a.slot + 1)
    # a weather token: on the space chosen (setup) or the next one of the park's order (the
    # rules' forecast), named as the park names its spaces, and the token if it is face up
    d = decision(state)
    pl = state["G"]["players"][d["player"]] if d is not None else {}
    at = getattr(a, "at", None)
    if at is None and pl.get("next_weather") is not None:
        at = park.at(park.weather_order[pl["next_weather"]])
    forecast = pl.get("forecast") or []
    slot = forecast[a.slot] if 0 <= a.slot < len(forecast) else None
    if at is None or slot is None:
        return t("learn.do.weather", slot=a.slot + 1)
    i = park.index[tuple(at)]
    where = {"space": space_name(park, i), "position": space_position(park, i)}
    if not slot["up"]:
        return t("learn.do.weather_down_at", slot=a.slot + 1, **where)
    return t("learn.do.weather_at", slot=a.slot + 1, weather=weather_name(slot["id"]), **where)


def miss_text(analysis, f: dict) -> str:
    """One finding in words, moves said in this game's words."""
    return _miss_text(analysis, f, describe_choice)


def report(analysis) -> dict:
    return _report(analysis, describe_choice)


class AnalysisScreen:
    def __init__(self, state: dict, players=None):
        self.analysis = Analysis.of_state(state, players=players)
        self.running = True

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

    def render(self) -> E:
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
            buttons.append(_button("learn-analysis-stop", t("learn.analysis.stop")))
        elif not self.finished:
            buttons.append(_button("learn-analysis-resume", t("learn.analysis.resume")))
        buttons.append(_button("learn-close", t("learn.analysis.close"), "learn-close"))
        misses = a.misses()
        items = [h("li", {"class": "miss"}, miss_text(a, f)) for f in misses[:SHOWN]]
        agreed = []
        for p in sorted(a.players):
            mine = [f for f in a.findings if f["player"] == p]
            if mine:
                same = sum(f["played"] == f["suggested"] for f in mine)
                text = t("learn.analysis.agreed", name=mine[0]["name"], same=same, total=len(mine))
                agreed.append(h("li", None, text))
        return titled_screen(
            "analysis",
            "learn-screen analysis-screen",
            t("learn.analysis.title"),
            h("p", {"class": "learn-intro"}, t("learn.analysis.intro")),
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
            ),
            h("div", {"class": "learn-buttons"}, buttons),
            agreed and h("ul", {"class": "analysis-agreed"}, agreed),
            h("ol", {"class": "analysis-misses"}, items)
            if items
            else (
                h("p", {"class": "analysis-none"}, t("learn.analysis.none"))
                if self.finished
                else None
            ),
            attrs={
                "data-done": str(done),
                "data-total": str(total),
                "data-running": "true" if self.running else "false",
            },
        )


def _button(action: str, label: str, key: str | None = None, **attrs) -> E:
    return h(
        "button",
        {"type": "button", "data-action": action, "data-key": key or action, **attrs},
        label,
    )


def analyse_file(text, as_json: bool = False, lang: str = "en", error=ValueError) -> str:
    """``python -m pyapp analyse`` (every game of the box: ``pyapp/ui/analyse.py``)."""
    from ..analyse import analyse_file as run

    return run(text, as_json, lang, error)
