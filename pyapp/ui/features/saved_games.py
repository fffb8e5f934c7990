"""Saved games: every move autosaved, the saved-games list drawn over the table, export and
import of game files, and another tab's changes to the same game (pure Python: the browser
specifics come in through ``platform``).

``SavedGames(tables, store, platform, banner, shell)``, a feature (``pyapp/ui/feature.py``):

* ``tables`` is the box (``table``: the table on screen; ``switch(game_id)``: show another
  game's table); ``store`` the ``SaveStore``; ``banner`` the message banner feature it posts
  to (``messages``); ``shell`` the composition's features, asked for their part of an exported
  file and told of an imported one;
* ``after_change``: autosaves after every move under the running game's id; a new game (a new
  state object) gets a new id, a loaded or imported one keeps its own;
* ``start``: resumes the game that was running last (mid-turn too: the record replays to the
  very decision that was open) and asks for persistent storage where the browser offers it;
* the header's "Saved games" opens the list over the table (the bots wait): the
  ``LIST_PAGE`` last played games and a "Show more" button; the entries are checked for it
  ahead, in slices of ``work`` after the start;
* another tab or window of the origin may play or delete the same game: a save that would
  overwrite its newer save, or bring back the game it deleted, is refused (``SaveConflict``) and
  the banner offers the choice: continue from the stored game, or keep this one as a copy (under
  a new id). ``on_storage(key)`` (the page's ``storage`` event) offers it at once, before the
  next move, and refreshes the saved-games list when another tab changed it.

Nothing read from storage or from an imported file is rendered as anything but text: names go
into text children of ``vdom`` elements, which the page turns into text nodes.

``platform`` provides: ``download(filename, text)``, ``read_file(key, callback)`` (calls
``callback(text_or_None, size)``), ``request_persist(callback)`` (calls ``callback(bool_or_None)``)
and ``tz_offset_min`` (minutes to add to UTC for local time).
"""

from __future__ import annotations

import contextlib
import time

from pyapp import games as box_games

from .. import game_screens, i18n
from ..feature import Overlay
from ..frame import titled_screen
from ..i18n import t
from ..saves import (
    EXPORT_MIME,
    GAME_PREFIX,
    PARK,
    SaveConflict,
    SaveError,
    SaveStore,
    export_filename,
    export_record,
    import_file,
    player_names,
)
from ..strings_saves import EN_SAVES
from ..vdom import h

i18n.add_strings("en", EN_SAVES)

MAX_IMPORT_BYTES = 2_000_000
LIST_PAGE = 40  # saved games drawn at first (last played first), and per "Show more"
# the saved games are checked for the list ahead of its opening, after the start, in slices of
# at most this long between frames (the page stays responsive meanwhile)
PREPARE_SLICE_MS = 8.0
_MONTHS = {
    "en": ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
    "fr": [
        "janv.",
        "févr.",
        "mars",
        "avr.",
        "mai",
        "juin",
        "juil.",
        "août",
        "sept.",
        "oct.",
        "nov.",
        "déc.",
    ],
}


def format_when(ms: int, lang: str, tz_offset_min: int = 0) -> str:
    """A date and time of day: "21 Nov 2026, 10:42" / "21 nov. 2026 à 10:42"."""
    tm = time.gmtime(ms / 1000 + tz_offset_min * 60)
    month = _MONTHS.get(lang, _MONTHS["en"])[tm.tm_mon - 1]
    if lang == "fr":
        return f"{tm.tm_mday}\u00a0{month}\u00a0{tm.tm_year} à {tm.tm_hour:02d}:{tm.tm_min:02d}"
    return f"{tm.tm_mday}\u00a0{month}\u00a0{tm.tm_year}, {tm.tm_hour:02d}:{tm.tm_min:02d}"


def players_text(names) -> str:
    return t("list.sep").join(names)


class SavedGames(Overlay):
    name = "saves"
    shows_work = False  # the list's entries checked ahead: nothing to draw

    def __init__(self, tables, store: SaveStore, platform=None, banner=None, shell=None):
        self.tables = tables
        self.store = store
        self.platform = platform
        self.messages = banner  # the banner feature: this feature's messages go there
        self.shell = shell
        self.game_id: str | None = None
        self._state_ref = None  # the state object saved under game_id
        self.open = False  # the saved-games list is drawn over the game screens
        self.unsaved = False  # the running game is not (fully) in storage
        self.persisted: bool | None = None  # None: unknown or not offered by the browser
        self._persist_asked = False
        self.confirm_delete: str | None = None
        self.shown = LIST_PAGE  # how many saved games the list draws
        self._first_new: int | None = None
        self._prepared = False  # every entry checked for the list ahead (``work``)

    @property
    def c(self):
        """The table on screen."""
        return self.tables.table

    @property
    def message(self) -> tuple[str, dict] | None:
        """The banner's message, (key, params), or None."""
        return self.messages.message if self.messages is not None else None

    @property
    def conflict(self) -> str | None:
        """ "newer", "deleted" (in another tab) or "removed" (outside the app) while the banner
        offers the choice of a conflict with another tab; None otherwise."""
        key = self.messages.key if self.messages is not None else None
        if key is None or not key.startswith("saves.conflict.") or key == "saves.conflict.copied":
            return None
        return key.rsplit(".", 1)[-1]

    def menu(self, table) -> list[tuple[str, ...]]:
        return [("saves", "menu.saves")]

    def after_change(self, table) -> None:
        self.autosave()

    def storage_changed(self, key: str | None) -> bool:
        return self.on_storage(key)

    # ------------------------------------------------------------------ start-up

    def start(self, table=None) -> None:
        self.boot()

    def boot(self) -> bool:
        """Resume the last running game (a finished one shows its scores again); True if one
        was resumed."""
        if self.store.storage is None or not self.store.available:
            self.fail("saves.error.unavailable")
            return False
        try:
            game_id = self.store.current()
            missing = self.store.current_missing()
        except SaveError as e:
            self.fail(e.key, **e.params)
            return False
        if missing is not None:  # said once: the pointer to the vanished game is dropped
            self.fail("saves.error.current_missing")
            with contextlib.suppress(SaveError):
                self.store.set_current(None)
        if game_id is None:
            return False
        try:
            game, state, session = self.store.open_game(game_id)
        except SaveError as e:
            self.fail(e.key, **e.params)
            return False
        self._resume(game_id, state, session, game)  # its autosave reports a quota, if any
        self._ask_persist()
        return True

    def _resume(self, game_id: str | None, state: dict, session: dict | None, game=None) -> None:
        if game is not None and game is not self.c.game:
            self.tables.switch(game.id)  # the saved game's own table, on screen
        self.game_id = game_id
        self._state_ref = state
        seats = (session or {}).get("seats")
        self.c.restore_session(session)  # before resume: it decides on a hand-over screen
        try:
            self.c.resume(state, seats)
        except ValueError:  # a bot this version no longer has: every seat is human
            self.c.resume(state, None)
        if session and session.get("hints_used") is True:
            self.c.hints_used = True

    def _ask_persist(self) -> None:
        """Ask once for storage the browser will not evict (where it offers to)."""
        if self.platform is None or self._persist_asked:
            return
        self._persist_asked = True

        def done(result):
            self.persisted = result

        self.platform.request_persist(done)

    def busy(self) -> bool:
        return not self._prepared

    def work(self, budget_ms: float) -> bool:
        """Check saved games for the list in a short slice (the page idle between slices), so
        that even its first opening is quick with hundreds of games; nothing is drawn."""
        try:
            self._prepared = self.store.prepare_list(min(budget_ms, PREPARE_SLICE_MS) / 1000)
        except Exception:  # noqa: BLE001 - only a head start: the list checks them anyway
            self._prepared = True
        return False

    # ------------------------------------------------------------------ autosave

    def autosave(self) -> bool:
        """Save the running game (the controller's hook after every move); False if it failed."""
        state = self.c.state
        if state is None:
            return False
        if self.shell is not None and any(f.keeps_game(self.c) for f in self.shell.features):
            return False  # a game by link: its device's copy is kept by its feature
        if state is not self._state_ref:  # a new game (or a rematch): a new entry
            self.game_id = None
            self._state_ref = state
        try:
            self.game_id = self.store.save(
                state, self.game_id, session=self.c.session(), game=self.c.game
            )
        except SaveConflict as e:
            self.unsaved = True
            self._offer_conflict(e.key)
            return False
        except SaveError as e:
            self.unsaved = True
            self.fail(e.key, **e.params)
            return False
        key = self.messages.key if self.messages is not None else None
        if self.unsaved or key in _SAVE_FAILURES or self.conflict is not None:
            self._clear()
        self.unsaved = False
        self._ask_persist()
        return True

    # ------------------------------------------------------------------ other tabs

    def _offer_conflict(self, key: str) -> None:
        self.fail(key)

    def on_storage(self, key) -> bool:
        """The page's ``storage`` event (another tab changed ``key``; None: storage cleared);
        True when the screen must be redrawn."""
        if key is not None and not str(key).startswith(GAME_PREFIX):
            return False
        redraw = self.open  # the list shows the other tab's change
        if self.game_id is not None and self.c.state is not None and self.conflict is None:
            try:
                change = self.store.change_since_seen(self.game_id)
            except SaveError:
                return redraw
            if change is not None:
                self._offer_conflict("saves.conflict." + change)
                redraw = True
        return redraw

    def take_newer(self) -> bool:
        """Drop this tab's copy of the game and continue from the stored one."""
        self._clear()
        return self.game_id is None or self._open_stored(self.game_id)

    def keep_copy(self) -> bool:
        """Keep this tab's game as a new saved game; the other tab's one stays as it is."""
        if self.c.state is None:
            return False
        self.store.forget(self.game_id)
        self.game_id = None
        self._clear()
        if self.autosave():
            self.fail("saves.conflict.copied")
        return True

    # ------------------------------------------------------------------ messages

    def fail(self, key: str, **params) -> None:
        """Post ``key`` to the banner, with the choices it calls for: a conflict with another
        tab offers to continue from the stored game (a newer one) or keep this one as a copy;
        while the running game is not stored, an export."""
        if self.messages is None:
            return
        actions = []
        if key in _CONFLICTS and self.c.state is not None:
            actions = [("saves-keep-copy", "saves.conflict.copy", "saves-keep-copy")]
            if key == "saves.conflict.newer":
                actions.insert(0, ("saves-take-newer", "saves.conflict.take", "saves-take-newer"))
        elif self.c.state is not None and (self.unsaved or key in _SAVE_FAILURES):
            actions = [("saves-export-current", "saves.export", "banner-export")]
        self.messages.post(key, actions, **params)

    def _clear(self) -> None:
        if self.messages is not None:
            self.messages.clear()

    # ------------------------------------------------------------------ overlays

    def show(self) -> None:
        self.open = True
        self.confirm_delete = None
        self.shown = LIST_PAGE
        self.c.focus = "saves-title"

    def close(self, table=None) -> None:
        """Close the list (another overlay opened, or its own Back)."""
        super().close(table)
        self.confirm_delete = None

    # ------------------------------------------------------------------ the saved-games screen

    def screen(self, table=None):
        lang = i18n.language()
        try:
            games, problems = self.store.list_games()
        except SaveError as e:
            games, problems = [], []
            self.fail(e.key, **e.params)
        offset = getattr(self.platform, "tz_offset_min", 0) if self.platform else 0
        items = []
        hidden = games[self.shown :]
        if self.confirm_delete in (g["id"] for g in hidden):
            self.shown = games.index(next(g for g in hidden if g["id"] == self.confirm_delete)) + 1
            hidden = games[self.shown :]
        if self._first_new is not None and self._first_new < len(games):
            self.c.focus = f"continue-{games[self._first_new]['id']}"
        self._first_new = None
        for g in games[: self.shown]:
            gid = g["id"]
            who = players_text(g["players"])
            entry = box_games.for_record(g.get("game", PARK))
            when = format_when(g["last_played"], lang, offset)
            label = game_screens.extra(entry.id, "variant_label")
            if "variant" in g and "round" in g and label is not None:  # its variant and round
                kind, stage_label = label(g["variant"]), t("saves.round_label")
                if isinstance(g.get("daily"), str):  # the daily park, by its name and date
                    kind = t("daily.title", date=g["daily"])
                stage = t("saves.round_value", round=g["round"])
            else:
                kind, stage_label = entry.title, t("saves.moves_label")
                stage = str(g["actions"])
            stage = t("saves.over_value") if g["over"] else stage
            running = gid == self.game_id and self.c.state is not None
            if self.confirm_delete == gid:
                actions = [
                    h("p", {"class": "confirm"}, t("saves.delete_confirm", players=who)),
                    h(
                        "button",
                        {
                            "type": "button",
                            "data-action": "saves-delete-yes",
                            "data-id": gid,
                            "data-key": f"delete-yes-{gid}",
                        },
                        t("saves.delete_yes"),
                    ),
                    h(
                        "button",
                        {
                            "type": "button",
                            "data-action": "saves-delete-no",
                            "data-id": gid,
                            "data-key": f"delete-no-{gid}",
                        },
                        t("saves.delete_no"),
                    ),
                ]
            else:
                actions = [
                    h(
                        "button",
                        {
                            "type": "button",
                            "data-action": "saves-continue",
                            "data-id": gid,
                            "data-key": f"continue-{gid}",
                            "aria-label": t("saves.continue_label", players=who),
                        },
                        t("saves.continue"),
                    ),
                    *self._item_actions(gid, who),
                    h(
                        "button",
                        {
                            "type": "button",
                            "data-action": "saves-export",
                            "data-id": gid,
                            "data-key": f"export-{gid}",
                            "aria-label": t("saves.export_label", players=who),
                        },
                        t("saves.export_one"),
                    ),
                    h(
                        "button",
                        {
                            "type": "button",
                            "data-action": "saves-delete",
                            "data-id": gid,
                            "data-key": f"delete-{gid}",
                            "aria-label": t("saves.delete_label", players=who),
                        },
                        t("saves.delete"),
                    ),
                ]
            items.append(
                h(
                    "li",
                    {
                        "class": "save-item" + (" running" if running else ""),
                        "data-id": gid,
                        "data-game": entry.id,
                    },
                    h("p", {"class": "save-game"}, entry.title),
                    h("h2", {"class": "save-players"}, who),
                    h(
                        "dl",
                        {"class": "save-facts"},
                        h("dt", None, t("saves.variant_label")),
                        h("dd", None, kind),
                        h("dt", None, stage_label),
                        h("dd", None, stage),
                        h("dt", None, t("saves.last_played_label")),
                        h("dd", None, when),
                    ),
                    h("p", {"class": "save-running"}, t("saves.running")) if running else None,
                    h("div", {"class": "save-actions"}, actions),
                )
            )
        for p in problems:
            reason = t(p["key"].replace("saves.error.", "saves.reason."), **p["params"])
            items.append(
                h(
                    "li",
                    {"class": "save-item damaged", "data-id": p["id"]},
                    h("p", {"class": "save-problem"}, t("saves.problem_item", reason=reason)),
                    h(
                        "div",
                        {"class": "save-actions"},
                        h(
                            "button",
                            {
                                "type": "button",
                                "data-action": "saves-delete",
                                "data-id": p["id"],
                                "data-key": f"delete-{p['id']}",
                                "aria-label": t("saves.delete_damaged"),
                            },
                            t("saves.delete"),
                        ),
                    ),
                )
            )
        if self.confirm_delete and not any(
            self.confirm_delete == g["id"] for g in games
        ):  # a damaged entry: confirm too
            items.append(
                h(
                    "li",
                    {"class": "save-item confirm"},
                    h("p", None, t("saves.delete_damaged_confirm")),
                    h(
                        "button",
                        {
                            "type": "button",
                            "data-action": "saves-delete-yes",
                            "data-id": self.confirm_delete,
                            "data-key": "delete-yes",
                        },
                        t("saves.delete_yes"),
                    ),
                    h(
                        "button",
                        {
                            "type": "button",
                            "data-action": "saves-delete-no",
                            "data-id": self.confirm_delete,
                            "data-key": "delete-no",
                        },
                        t("saves.delete_no"),
                    ),
                )
            )
        current = []
        if self.c.state is not None:
            current.append(
                h(
                    "button",
                    {
                        "type": "button",
                        "data-action": "saves-export-current",
                        "data-key": "export-current",
                    },
                    t("saves.export"),
                )
            )
        return titled_screen(
            "saves",
            "saves-screen",
            t("saves.title"),
            h("p", {"class": "saves-note"}, t("saves.persist_denied"))
            if self.persisted is False
            else None,
            h("ul", {"class": "save-list"}, items)
            if items
            else h("p", {"class": "saves-empty"}, t("saves.empty")),
            h(
                "p",
                {"class": "saves-more"},
                t("saves.shown", shown=len(games) - len(hidden), total=len(games)),
                " ",
                h(
                    "button",
                    {"type": "button", "data-action": "saves-more", "data-key": "saves-more"},
                    t("saves.more", count=min(LIST_PAGE, len(hidden))),
                ),
            )
            if hidden
            else None,
            h(
                "div",
                {"class": "saves-tools"},
                current,
                h(
                    "label",
                    {"class": "file-button"},
                    t("saves.import"),
                    h(
                        "input",
                        {
                            "type": "file",
                            "accept": ".json,application/json",
                            "data-action": "saves-import",
                            "data-key": "import-file",
                        },
                    ),
                ),
                h(
                    "button",
                    {
                        "type": "button",
                        "data-action": "saves-close",
                        "data-key": "saves-close",
                        "data-overlay-close": "true",
                    },
                    t("saves.back"),
                ),
            ),
            overlay=True,
        )

    # ------------------------------------------------------------------ input

    def handle(self, action: str, data: dict | None = None, table=None):
        """True (redraw) or False for this feature's actions; None when the action is not ours."""
        data = data or {}
        gid = data.get("id")
        if action == "saves":  # the header entry
            self.show()
            return True
        if self.open and not action.startswith(_OWN):
            self.close()  # anything else of the game (e.g. "New game") closes the list
            return None
        if action == "saves-close":
            self.close()
            self.c.focus = "menu-saves"
            return True
        if action == "saves-continue":
            return self.continue_game(gid)
        if action == "saves-delete":
            self.confirm_delete = gid
            self.c.focus = f"delete-no-{gid}" if gid else None
            return True
        if action == "saves-delete-no":
            self.confirm_delete = None
            self.c.focus = f"delete-{gid}"
            return True
        if action == "saves-delete-yes":
            return self.delete(gid)
        if action == "saves-export":
            return self.export_saved(gid)
        if action == "saves-export-current":
            return self.export_current()
        if action == "saves-more":
            self._first_new = self.shown  # the focus goes to the first game it shows
            self.shown += LIST_PAGE
            return True
        if action == "saves-take-newer":
            return self.take_newer()
        if action == "saves-keep-copy":
            return self.keep_copy()
        if action == "saves-import":
            if self.platform is None:
                return False
            self.platform.read_file("import-file", self.import_file)
            return False
        return None

    def continue_game(self, gid) -> bool:
        if not gid:
            return False
        if gid == self.game_id and self.c.state is not None and not self.unsaved:
            self.open = False  # the running game: just go back to it
            return True
        return self._open_stored(gid)

    def _open_stored(self, gid: str) -> bool:
        """Continue the saved game ``gid`` (a banner says why when it cannot be)."""
        try:
            game, state, session = self.store.open_game(gid)
        except SaveError as e:
            self.fail(e.key, **e.params)
            return True
        self.open = False
        self._clear()
        self.unsaved = False
        self._resume(gid, state, session, game)
        return True

    def delete(self, gid) -> bool:
        if not gid:
            return False
        try:
            self.store.delete(gid)
        except SaveError as e:
            self.fail(e.key, **e.params)
            return True
        if gid == self.game_id:
            self.game_id = None
            self._state_ref = None
            self.unsaved = self.c.state is not None
        self.confirm_delete = None
        self.fail("saves.deleted")
        self.c.focus = "saves-title"
        return True

    def _download(self, state, session, game) -> bool:
        if self.platform is None:
            return False
        extra = self.shell.export_extra(self.c) if self.shell is not None else {}
        text = export_record(state, session=session, game=game, extra=extra)
        name = export_filename(state, game=game)
        self.platform.download(name, text, EXPORT_MIME)
        self.fail("saves.exported", filename=name)
        return True

    def export_current(self) -> bool:
        if self.c.state is None:
            return False
        return self._download(self.c.state, self.c.session(), self.c.game)

    def export_saved(self, gid) -> bool:
        if gid == self.game_id and self.c.state is not None:
            return self.export_current()
        try:
            game, state, session = self.store.open_game(gid)
        except SaveError as e:
            self.fail(e.key, **e.params)
            return True
        return self._download(state, session, game)

    def import_file(self, text, size: int = 0) -> None:
        """Callback of ``platform.read_file``: replay the file and continue it as a new game."""
        if text is None:
            key = (
                "saves.import.too_large" if size > MAX_IMPORT_BYTES else "saves.import.read_failed"
            )
            self.fail(key)
            return
        try:
            game, state, session = import_file(text)
        except SaveError as e:
            self.fail(e.key, **e.params)
            return
        self.open = False
        self._resume(None, state, session, game)  # the on_change hook saved it under a new id
        if self.shell is not None:
            self.shell.imported(text)
        if not self.unsaved:
            players = players_text(player_names(state["options"]))
            rnd = game.save_summary(state).get("round")
            if rnd is not None:
                self.fail("saves.imported", players=players, round=rnd)
            else:
                self.fail("saves.imported_game", players=players, game=game.title)

    def _item_actions(self, gid: str, players: str) -> list:
        """Other features' buttons for one saved game of the list (the replay's)."""
        if self.shell is None:
            return []
        return [b for f in self.shell.features for b in f.saved_game_actions(gid, players)]


_SAVE_FAILURES = ("saves.error.quota", "saves.error.unavailable")
_CONFLICTS = ("saves.conflict.newer", "saves.conflict.deleted", "saves.conflict.removed")
_OWN = ("saves-", "banner-")
