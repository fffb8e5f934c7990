"""``python -m pyapp analyse FILE [--json]``: the one judge's analysis (``pyapp/core/judge.py``)
of an exported game of any game of the box, read by the app's own import
(``saves.import_file``: every earlier version the app imports, migrated the same way).

The decisions analysed are the people's (the file's session says which seats were people; all
seats when it does not). Text: the misses, biggest first, each with its uncertainty; JSON: every
finding in game order and the misses. A file that is not a game raises ``error`` with one line.
"""

from __future__ import annotations

import json

from pyapp.core.judge import Analysis

from . import i18n
from .i18n import t
from .park.analysis import describe_choice, report
from .saves import SaveError, import_file


def _plain(state: dict, text: str) -> str:
    return text


def analyse_file(text, as_json: bool = False, lang: str = "en", error=ValueError) -> str:
    try:
        game, state, session = import_file(text)
    except SaveError as e:
        reason = e.detail or e.key.rsplit(".", 1)[-1].replace("_", " ")
        raise error(f"not a game file: {' '.join(str(reason).split())}") from None
    seats = (session or {}).get("seats")
    people = [p for p, k in enumerate(seats or []) if k == "human"] or None
    describe = describe_choice if game.id == "park" else _plain
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
