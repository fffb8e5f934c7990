"""Python takes over the first screen the page drew before it ran (issue 25).

Before Python starts, ``static/js/first.js`` shows the build's new-game screen (or the last
table, inert) and lets the player choose: another game, the form's fields, the rules, a start.
At the start (``app.start``), just before Python's first drawing, the page hands those choices
over as the app's own actions (``CalderaFirst.takeover()``: a JSON list of
``{"action": ..., other data-* fields}``, as the page's listeners read them); ``replay`` gives
them to the box in order, as if the player had made them now, so the first drawing shows
the same screen with the same choices (and a start tapped early starts the game).

The text comes from our own page but is read defensively: anything but a list of objects of
text is ignored, at most ``MAX_ACTIONS`` are taken, and an action the box refuses or fails on
is skipped (logged) without losing the others. Pure Python: the tests run it in CPython.
"""

from __future__ import annotations

import json
from collections.abc import Callable

MAX_ACTIONS = 200
MAX_TEXT = 200_000
STARTS = ("start", "daily-start", "guide-start", "pyr-guide-start", "cal-guide-start")


def parse(text) -> list[dict[str, str]]:
    """The actions of ``text`` (a JSON list of objects whose values are text)."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        return []
    try:
        data = json.loads(text)
    except ValueError:
        return []
    if not isinstance(data, list):
        return []
    out = []
    for item in data[:MAX_ACTIONS]:
        if not isinstance(item, dict) or not isinstance(item.get("action"), str):
            continue
        out.append({str(k): v for k, v in item.items() if isinstance(v, str)})
    return out


def replay(box, text, log: Callable[[str], None] = print) -> int:
    """Give the actions of ``text`` to ``box`` in order; returns how many it took. Unless a game
    was started, the focus stays where the player left it (no action's focus is kept)."""
    taken = 0
    started = False
    for data in parse(text):
        data = dict(data)
        action = data.pop("action")
        try:
            before = box.table.state
            box.handle(action, data)
            taken += 1
            started = started or (action in STARTS and box.table.state is not before)
        except Exception as exc:  # one refused choice never loses the others
            log(f"takeover: {action}: {type(exc).__name__}: {exc}")
    if not started:
        for table in box.tables.values():
            table.focus = None
    return taken
