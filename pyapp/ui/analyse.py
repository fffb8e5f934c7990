"""``python -m pyapp analyse FILE [--json]``: the one judge's analysis (``pyapp/core/judge.py``)
of an exported game of any game of the box, read by the app's own import
(``saves.import_file``: every earlier version the app imports, migrated the same way).

The decisions analysed are the people's (the file's session says which seats were people; all
seats when it does not). Text: the misses, biggest first, each with its uncertainty; JSON: every
finding in game order and the misses. A file that is not a game raises ``error`` with one line.
"""

from __future__ import annotations

import importlib
import json

from pyapp.core import judge
from pyapp.core.judge import Analysis

from . import i18n, strings_analysis, strings_learn
from .i18n import plural, t
from .replay import stage_text
from .saves import SaveError, import_file

strings_learn.install()
strings_analysis.install()


def _plain(state: dict, text: str) -> str:
    return text


def describe_of(game):
    """A game's moves in words for the analysis (its screens package's ``describe_choice``), or
    the action texts."""
    screens = importlib.import_module(f"pyapp.ui.{game.id}")
    return getattr(screens, "describe_choice", None) or _plain


def figure(x: float) -> str:
    """An uncertainty for people: a whole number from 1 on, else one decimal (French comma)."""
    if x <= 0:  # an exact estimate (no chance, nothing sampled)
        return "0"
    text = str(round(x)) if x >= 1 else f"{x:.1f}"
    return text.replace(".", ",") if i18n.language() == "fr" else text


def outcome_of(game, f: dict) -> str | None:
    """``"loses"`` (the move played let the game be lost where the suggestion did not) or
    ``"misses_win"`` (the suggestion wins, the move played does not), for a game whose
    evaluation gives a decided game a magnitude of its own (its judge's ``DECISIVE``: an
    estimate beyond it is a win, beyond its opposite a loss); else None. Such a difference is
    no number of points: it is said in words."""
    limit = getattr(judge.hook(game), "DECISIVE", None)
    if limit is None or f.get("verdict") != "miss":
        return None
    played, suggested = f.get("played_estimate", 0.0), f.get("suggested_estimate", 0.0)
    if suggested >= limit > played:
        return "misses_win"
    if played <= -limit < suggested:
        return "loses"
    return None


def difference_text(f: dict) -> str:
    """ "about 6 points, +/- 2" for a finding's difference."""
    n = max(1, round(f["difference"]))
    return plural("analysis.about", n, error=figure(f.get("error", 0.0)))


def miss_text(analysis, f: dict, describe=None) -> str:
    """One finding in words (``describe(state, text)``: a move in words; default: its text)."""
    describe = describe or _plain
    state = analysis.replay.state_at(f["action"] - 1)
    n = max(1, round(f["difference"]))
    stage = {k: f[k] for k in ("round", "turn") if k in f}
    outcome = outcome_of(analysis.game, f)
    if outcome is not None:
        return t(
            f"analysis.miss.{outcome}",
            when=stage_text(stage),
            choice=describe(state, f["suggested"]),
            played=describe(state, f["played"]),
            name=f["name"],
        )
    text = plural(
        "learn.miss",
        n,
        when=stage_text(stage),
        choice=describe(state, f["suggested"]),
        played=describe(state, f["played"]),
        name=f["name"],
        error=figure(f.get("error", 0.0)),
    )
    return " ".join(filter(None, (text, odds_text(f))))


def percent(p: float) -> str:
    """A chance as a whole percentage ("<1%" and ">99%" short of certainty)."""
    n = round(p * 100)
    shown = "<1" if n == 0 and p > 0 else ">99" if n == 100 and p < 1 else str(n)
    return t("learn.pct", n=shown)


def odds_text(f: dict) -> str:
    """The chance of taking the square of each attack of a finding (a game whose estimate
    weighs battles by their odds says them: ``odds_suggested``, ``odds_played``), or ""."""
    have = [k for k in ("suggested", "played") if f.get(f"odds_{k}") is not None]
    if not have:
        return ""
    key = "both" if len(have) == 2 else have[0]
    return t(f"learn.odds.{key}", **{k: percent(f[f"odds_{k}"]) for k in have})


def report(analysis, describe=None) -> dict:
    """Plain data: every finding (in game order) and the misses, biggest first, in words."""
    return {
        "decisions": analysis.total,
        "analysed": analysis.done,
        "findings": analysis.findings,
        "misses": [
            {
                **f,
                "outcome": outcome_of(analysis.game, f),
                "text": miss_text(analysis, f, describe),
            }
            for f in analysis.misses()
        ],
    }


def analyse_file(text, as_json: bool = False, lang: str = "en", error=ValueError) -> str:
    try:
        game, state, session = import_file(text)
    except SaveError as e:
        reason = e.detail or e.key.rsplit(".", 1)[-1].replace("_", " ")
        raise error(f"not a game file: {' '.join(str(reason).split())}") from None
    seats = (session or {}).get("seats")
    people = [p for p, k in enumerate(seats or []) if k == "human"] or None
    describe = describe_of(game)
    previous = i18n.language()
    i18n.set_language(lang)
    try:
        analysis = Analysis.of_state(game, state, players=people)
        analysis.run()
        data = {"game": game.id, **report(analysis, describe)}
        if as_json:
            return json.dumps(data, ensure_ascii=False, sort_keys=True)
        lines = [t("learn.analysis.done", total=analysis.total)]
        lines += [m["text"] for m in data["misses"]] or [t("learn.analysis.none")]
        return "\n".join(lines)
    finally:
        i18n.set_language(previous)
