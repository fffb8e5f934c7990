"""The analysis of a Caldera Park game (the one judge's, ``pyapp/core/judge.py``) in words, and
its screen (pure Python, no DOM).

``miss_text(analysis, finding)`` says one finding of ``pyapp.park.analysis.Analysis`` like
"Round 3, turn 2: bear, bear on the forest (row 2, space 4) would have made about 6 more points
than ..." in the current language; ``report(analysis)`` gives the plain data of
``python -m pyapp analyse --json``.

``AnalysisScreen(state, players)`` is the analysis board of every game
(``pyapp/ui/analysis_board.py``) for a Caldera Park game; ``marks`` draws a move on the deciding
player's park (the space it takes), ``prepare`` shows that park.
"""

from __future__ import annotations

from pyapp.core.errors import GameError
from pyapp.park.game import decision, park_of

from .. import strings_learn
from ..analyse import miss_text as _miss_text
from ..analyse import report as _report
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


BOARD_CLASS = "park"  # the park's svg (a player's park; ``data-player`` says whose)


def AnalysisScreen(state: dict, players=None):  # noqa: N802 - the screens' contract name
    """The analysis board (``pyapp/ui/analysis_board.py``) of a Caldera Park game."""
    import sys

    from pyapp.park.protocol import GAME

    from ..analysis_board import AnalysisBoard

    return AnalysisBoard(GAME, state, sys.modules[__package__], sys.modules[__name__], players)


def prepare(table, player: int | None) -> None:
    """At a decision: the park drawn large is the deciding player's."""
    if player is not None:
        table.viewing = None if table.auto_player() == player else player


def marks(board: dict, before: dict, player: int, texts: list[str], look: str) -> list[E]:
    """A move on the deciding player's park: an outline of the space it puts a token or the
    weather on (solid for the move played, dashed for the suggestion; a pick is outlined off
    the park: ``outlined``; a reveal has no place: said in the legend only)."""
    from pyapp.park.actions import parse

    from . import art

    if board.get("data-player") != str(player):
        return []
    out = []
    for text in texts:
        try:
            at = getattr(parse(text), "at", None)
        except GameError:
            at = None
        if at is None:
            continue
        x, y = art.centre(*at)
        out.append(
            h(
                "polygon",
                {
                    "class": f"analysis-ring {look}",
                    "data-at": f"{at[0]},{at[1]}",
                    "points": art.points_attr(art.corners(x, y, art.R * 0.92)),
                },
            )
        )
    return out


def outlined(before: dict, player: int, texts: list[str]) -> list[tuple[str, str]]:
    """A pick chooses off the park: its action token in the selection row and its terrain
    space (``data-token`` and ``data-terrain`` on the table's elements)."""
    from pyapp.park.actions import parse

    out = []
    for text in texts:
        try:
            a = parse(text)
        except GameError:
            continue
        if a.kind == "pick":
            out += [("data-token", a.action), ("data-terrain", a.terrain)]
    return out


def analyse_file(text, as_json: bool = False, lang: str = "en", error=ValueError) -> str:
    """``python -m pyapp analyse`` (every game of the box: ``pyapp/ui/analyse.py``)."""
    from ..analyse import analyse_file as run

    return run(text, as_json, lang, error)
