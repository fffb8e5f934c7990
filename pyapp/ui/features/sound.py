"""Sound and touch: short sounds for what the engine just did (a token placed, a cap moved, an
eruption, a capture, dice, a battle won or lost), for "your turn" and for the end of a game, and
a short vibration for "your turn" where the device has one; a header entry mutes them all,
remembered in storage.

Pure Python: the sounds are made by the page (``static/js/sound.js``, Web Audio, synthesized;
``platform.play_sounds(kinds, vibrate_ms)``, an optional method of the page's services), which
plays nothing before the person's first tap or key (autoplay rules) and schedules each sound
without ever waiting for it, so a sound never delays a frame. Here only the kinds are chosen:

* after every change (``after_change``), the moves added to the log since the last change of
  the same game (same ``generation``; a take-back, a new game or a resume only sets the new
  starting point) are read with the engine: each game's screens package may have a ``sounds``
  module whose ``move_sounds(game, before, after, player, text, viewer)`` gives the kinds of
  one move from the positions before and after it (a game without one still has "turn" and
  "end"); more than one move at once is stepped through with the engine's ``play``;
* "end" when the game is over after the change; "turn" when a person's decision opens after
  another player's move (a person alone at the table hears no "turn" for their own moves);
* nothing on a replay's table (``watch_only``) nor while a position of the log is shown
  (``mark_from`` set), and the live game heard again from where it is then; nothing at all
  while muted (no vibration either). Reduced motion does not mute.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import json

from ..feature import Feature
from ..strings_sound import register

SOUND_KEY = "caldera-park/sound"  # "off" when muted; the sounds are on by default
SOUND_MENU = "sound"  # the header entry's action (and data-key "menu-sound")
KINDS = ("place", "move", "erupt", "capture", "dice", "won", "lost", "turn", "end")
TURN_VIBRATE_MS = 60  # "your turn" on a device that vibrates
MAX_MOVES = 12  # more moves at once (a game caught up): only "turn" and "end", no clatter
MAX_KINDS = 4  # sounds played for one change, in order


def _copy(state: dict) -> dict:
    return json.loads(json.dumps(state))


def sounds_module(game_id: str):
    """The game's ``pyapp.ui.<game>.sounds`` module, or None when it has none."""
    name = f"pyapp.ui.{game_id}.sounds"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


def viewer_of(table):
    """The person at the device: the last one who had the table, else the first person seated
    (None when only computer players play)."""
    if getattr(table, "last_human", None) is not None:
        return table.last_human
    humans = table.humans() if hasattr(table, "humans") else []
    return humans[0] if humans else None


def change_sounds(game, before: dict, after: dict, is_human, viewer=None, module=None) -> list:
    """The kinds of sound for the change from ``before`` to ``after`` (the same game, its log
    grown): each new move's (``module.move_sounds``), then "end" or "turn". ``is_human(seat)``
    says whether a person plays that seat. [] when ``after``'s log does not extend
    ``before``'s (a take-back: nothing to hear)."""
    old, new = before["log"], after["log"]
    if len(new) <= len(old) or new[: len(old)] != old:
        return []
    added = new[len(old) :]
    kinds: list[str] = []
    if module is not None and len(added) <= MAX_MOVES:
        steps = [(before, after)]
        if len(added) > 1:  # step through with the engine (a copy: ``play`` changes a state)
            steps, state = [], _copy(before)
            for _player, text in added:
                prev = _copy(state)
                state = game.play(state, text)
                steps.append((prev, state))
        for (prev, nxt), (player, text) in zip(steps, added, strict=True):
            kinds += module.move_sounds(game, prev, nxt, player, text, viewer)
    d = game.decision(after)
    if d is None:
        kinds.append("end")
    else:
        p = d["player"]
        was = game.decision(before)
        mover = added[-1][0]
        if is_human(p) and mover != p and (was is None or was["player"] != p):
            kinds.append("turn")
    out: list[str] = []
    for k in kinds:  # each kind once, in order, a few at most
        if k in KINDS and k not in out:
            out.append(k)
    return out[:MAX_KINDS] if "end" not in out[MAX_KINDS:] else [*out[: MAX_KINDS - 1], "end"]


class Sound(Feature):
    """``storage``: localStorage (or a fake, or None); ``platform``: the page's services, whose
    optional ``play_sounds(kinds, vibrate_ms)`` plays them (none in a test without a page)."""

    name = "sound"
    switches = (SOUND_MENU,)

    def __init__(self, storage=None, platform=None):
        register()
        self.storage = storage
        self.platform = platform
        self.muted = False
        if storage is not None:
            with contextlib.suppress(Exception):  # storage refused: sounds on
                self.muted = storage.getItem(SOUND_KEY) == "off"
        self.last: dict[int, tuple[int, dict]] = {}  # id(table) -> (generation, state copy)
        self.played: list[list[str]] = []  # what was handed to the page, in order (tests)

    # ------------------------------------------------------------------ the header's switch

    def menu(self, table) -> list[tuple[str, ...]]:
        return [(SOUND_MENU, "menu.sound.off" if self.muted else "menu.sound.on")]

    def handle(self, action: str, data: dict, table) -> bool | None:
        if action != SOUND_MENU:
            return None
        self.muted = not self.muted
        if self.storage is not None:
            with contextlib.suppress(Exception):  # storage refused: for this visit only
                self.storage.setItem(SOUND_KEY, "off" if self.muted else "on")
        table.focus = f"menu-{SOUND_MENU}"
        return True

    def storage_changed(self, key) -> bool:
        if key is not None and key != SOUND_KEY:
            return False
        muted = False
        with contextlib.suppress(Exception):
            muted = self.storage.getItem(SOUND_KEY) == "off"
        changed, self.muted = muted != self.muted, muted
        return changed

    # ------------------------------------------------------------------ what the engine did

    def after_change(self, table) -> None:
        state = getattr(table, "state", None)
        key = id(table)
        shown = getattr(table, "watch_only", False) or getattr(table, "mark_from", None) is not None
        if state is None or shown:  # a replay, or a position shown from the log: silent, and
            self.last.pop(key, None)  # the live game after it starts from where it is then
            return
        generation = getattr(table, "generation", 0)
        known = self.last.get(key)
        self.last[key] = (generation, _copy(state))
        if known is None or known[0] != generation or self.muted:
            return  # a new game or a resume: its starting point, nothing to hear
        try:
            kinds = change_sounds(
                table.game,
                known[1],
                state,
                table.is_human,
                viewer_of(table),
                sounds_module(table.game.id),
            )
        except Exception:  # noqa: BLE001 - a sound must never cost a move
            return
        if kinds:
            self.play(kinds)

    def play(self, kinds: list[str]) -> None:
        self.played.append(list(kinds))
        play = getattr(self.platform, "play_sounds", None)
        if play is not None:
            play(kinds, TURN_VIBRATE_MS if "turn" in kinds else 0)
