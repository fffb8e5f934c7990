"""The box: which game's table is on screen, the game chooser of the start screen, and the
options each game last started with. Pure Python (no DOM), so the tests run it on CPython.

Each game's screens are the package ``pyapp.ui.<game id>`` offering ``make_table(...)`` (a
``table.TableController``) and ``render(table)``; the box imports a game's package the first time
it is chosen. Every table is made with the box's ``shell`` (``feature.Shell``: the features of
the app's composition), so saved games, the rules and the language switch work the same in every
game; the shell's features hear of each change of table (``Shell.switched``).

The chooser is drawn above a game's new-game form: one button per game of the registry
(``pyapp/games.py``), a game still to come shown as such and disabled.
"""

from __future__ import annotations

import contextlib
import importlib
import json

from pyapp import games
from pyapp.core import jsontext

from .feature import Shell
from .i18n import t
from .vdom import E, h

PREFIX = "caldera-park/"
LAST_GAME_KEY = PREFIX + "last-game"
LAST_OPTIONS_PREFIX = PREFIX + "last-options/"


class Box:
    def __init__(self, storage=None, reduced_motion: bool = False, seed_source=None, shell=None):
        self.storage = storage  # localStorage-like (getItem/setItem) or None
        self.reduced_motion = reduced_motion
        self.seed_source = seed_source
        self.shell = shell if shell is not None else Shell()
        self.tables: dict[str, object] = {}
        self.screens: dict[str, object] = {}
        self.game_id = ""
        first = self._read(LAST_GAME_KEY)
        if not isinstance(first, str) or first not in games.GAME_IDS:
            first = games.DEFAULT
        if not games.entry(first).ready:
            first = games.DEFAULT
        self.switch(first)

    # ------------------------------------------------------------------ tables

    @property
    def table(self):
        return self.tables[self.game_id]

    def table_for(self, game_id: str):
        """The table of ``game_id``, made (and its package imported) on first use."""
        if game_id not in self.tables:
            module = importlib.import_module(f"pyapp.ui.{game_id}")
            table = module.make_table(
                reduced_motion=self.reduced_motion, seed_source=self.seed_source, shell=self.shell
            )
            last = self._read(LAST_OPTIONS_PREFIX + game_id)
            if isinstance(last, dict):
                # options of another version: the form keeps its defaults
                with contextlib.suppress(TypeError, ValueError, KeyError, AttributeError):
                    table.fill_form(last.get("options") or {}, last.get("seats") or [])
            self.tables[game_id] = table
            self.screens[game_id] = module
        return self.tables[game_id]

    def switch(self, game_id: str):
        """Show ``game_id``'s table (its new-game form if it has no game running)."""
        entry = games.entry(game_id)
        if not entry.ready:
            raise ValueError(f"{entry.title} is not playable yet")
        table = self.table_for(game_id)
        changed = game_id != self.game_id
        self.game_id = game_id
        if changed:
            self._write(LAST_GAME_KEY, game_id)
            self.shell.switched(table)
        return table

    def render(self):
        """(children of the app root, data-key to focus): the game's drawing, with the game
        chooser above its new-game form."""
        table = self.table
        nodes, focus = self.screens[self.game_id].render(table)
        if table.screen == "setup" or table.state is None:
            at = 2 if len(nodes) > 2 else len(nodes)  # after the header and the announcement
            nodes = [*nodes[:at], self.chooser(), *nodes[at:]]
        return nodes, focus

    # ------------------------------------------------------------------ input

    def handle(self, action: str, data: dict) -> bool:
        """The chooser's input (``game-choose``), else the current table's."""
        if action == "game-choose":
            game_id = data.get("game")
            if game_id not in games.GAME_IDS or not games.entry(game_id).ready:
                return False
            self.table.menu_open = False  # the header's panel closes on any input
            self.switch(game_id).focus = "setup-title"
            return True
        table = self.table
        before = table.state
        changed = table.handle(action, data)
        if action in ("start", "rematch") and table.state is not None and table.state is not before:
            self.remember(table)
        return changed

    def remember(self, table) -> None:
        """Keep the options a game just started with (not its seed) for its next form."""
        options = {k: v for k, v in table.state["options"].items() if k not in ("seed", "first")}
        self._write(
            LAST_OPTIONS_PREFIX + table.game.id, {"options": options, "seats": list(table.seats)}
        )

    # ------------------------------------------------------------------ drawing

    def chooser(self) -> E:
        buttons = []
        for e in games.ENTRIES:
            current = e.id == self.game_id
            attrs = {
                "type": "button",
                "class": "game-choice" + (" current" if current else ""),
                "data-key": f"game-{e.id}",
                "aria-pressed": "true" if current else "false",
            }
            label = [h("span", {"class": "game-choice-title"}, e.title)]
            if e.ready:
                attrs["data-action"] = "game-choose"
                attrs["data-game"] = e.id
                seats = f"{e.min_players}–{e.max_players}"
                label.append(h("span", {"class": "game-choice-seats"}, t("box.players", n=seats)))
            else:
                attrs["disabled"] = ""
                attrs["aria-disabled"] = "true"
                label.append(h("span", {"class": "game-choice-soon"}, t("box.coming")))
            buttons.append(h("button", attrs, label))
        return h(
            "nav",
            {"class": "game-chooser", "aria-label": t("box.label"), "data-key": "game-chooser"},
            buttons,
        )

    # ------------------------------------------------------------------ storage

    def _read(self, key: str):
        if self.storage is None:
            return None
        try:
            text = self.storage.getItem(key)
            return jsontext.loads(text) if isinstance(text, str) else None
        except Exception:  # a damaged or foreign value: as if none
            return None

    def _write(self, key: str, value) -> None:
        if self.storage is None:
            return
        # a full quota or storage refused: the form simply forgets
        with contextlib.suppress(Exception):
            self.storage.setItem(key, json.dumps(value))
