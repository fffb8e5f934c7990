"""Saved games, export/import, the language switch and the rules reference, attached to the
game ``Controller`` (pure Python: the browser specifics come in through ``platform``).

``Persistence(controller, store, platform)``:

* autosaves after every move (the controller's ``on_change`` hook) under the running game's id;
  a new game (a new state object) gets a new id, a loaded or imported one keeps its own;
* ``boot()`` resumes the game that was running last (mid-turn too: the record replays to the
  very decision that was open) and asks for persistent storage where the browser offers it;
* adds header entries (``controller.menu``): saved games, rules, language;
* draws, over the game screens, the saved-games list or the rules reference (``view``: the
  bots wait meanwhile, so nothing redraws the list while nothing changes; the list draws the
  ``LIST_PAGE`` last played games and a "Show more" button; ``prepare_list`` checks the entries
  for it ahead, in idle slices after the start), and a
  message banner (``role="alert"``) for every failure, with an export button while the running
  game is not stored; the game itself is never touched by these screens;
* another tab or window of the origin may play or delete the same game: a save that would
  overwrite its newer save, or bring back the game it deleted, is refused (``SaveConflict``) and
  the banner offers the choice: continue from the stored game, or keep this one as a copy (under
  a new id). ``on_storage(key)`` (the page's ``storage`` event) offers it at once, before the
  next move, and refreshes the saved-games list when another tab changed it;
* ``handle(action, data)`` takes this module's ``data-action`` values (``saves-*``, ``rules-*``,
  ``lang-*``, ``banner-*``) and returns None for anything else.

Nothing read from storage or from an imported file is rendered as anything but text: names go
into text children of ``vdom`` elements, which the page turns into text nodes.

``platform`` provides: ``download(filename, text)``, ``read_file(key, callback)`` (calls
``callback(text_or_None, size)``), ``request_persist(callback)`` (calls ``callback(bool_or_None)``),
``languages()`` (the browser's preferred language tags) and ``tz_offset_min`` (minutes to add to
UTC for local time).
"""

from __future__ import annotations

import contextlib
import importlib
import time

from pyapp import games as box_games

from . import i18n
from .frame import titled_screen
from .i18n import t
from .learn import saved_replay_button
from .saves import (
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
from .strings_saves import EN_SAVES
from .vdom import h

i18n.add_strings("en", EN_SAVES)

OVERLAYS = ("saves", "rules")
# the language switch's label names the other language in that language: its lang attribute too
LANG_SWITCH = ("lang.switch", "lang.switch.lang")
MAX_IMPORT_BYTES = 2_000_000
LIST_PAGE = 40  # saved games drawn at first (last played first), and per "Show more"
# the saved games are checked for the list ahead of its opening: from this long after the start,
# in slices of this long with these gaps between them (the page stays responsive meanwhile)
PREPARE_DELAY_S = 0.1
PREPARE_SLICE_S = 0.008
PREPARE_GAP_S = 0.016
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


def pick_language(tags) -> str:
    """The first of the browser's languages that the app speaks; English otherwise."""
    for tag in tags or ():
        base = str(tag).lower().split("-")[0].split("_")[0]
        if base in i18n.LANGUAGES:
            return base
    return "en"


def format_when(ms: int, lang: str, tz_offset_min: int = 0) -> str:
    """A date and time of day: "21 Nov 2026, 10:42" / "21 nov. 2026 à 10:42"."""
    tm = time.gmtime(ms / 1000 + tz_offset_min * 60)
    month = _MONTHS.get(lang, _MONTHS["en"])[tm.tm_mon - 1]
    if lang == "fr":
        return f"{tm.tm_mday}\u00a0{month}\u00a0{tm.tm_year} à {tm.tm_hour:02d}:{tm.tm_min:02d}"
    return f"{tm.tm_mday}\u00a0{month}\u00a0{tm.tm_year}, {tm.tm_hour:02d}:{tm.tm_min:02d}"


def players_text(names) -> str:
    return t("list.sep").join(names)


class Persistence:
    def __init__(self, controller, store: SaveStore, platform=None):
        self.c = controller
        self.store = store
        self.platform = platform
        # table_for(game) -> the table of that game, shown (the box's switch); None: one game
        self.table_for = None
        self.game_id: str | None = None
        self._state_ref = None  # the state object saved under game_id
        self.overlay: str | None = None  # "saves" or "rules" drawn over the game screens
        self.message: tuple[str, dict] | None = None  # (key, params) of the banner
        self.unsaved = False  # the running game is not (fully) in storage
        self.persisted: bool | None = None  # None: unknown or not offered by the browser
        self._persist_asked = False
        self.confirm_delete: str | None = None
        # "newer", "deleted" (in another tab) or "removed" (outside the app): our game changed
        self.conflict: str | None = None
        self.shown = LIST_PAGE  # how many saved games the list draws
        self._first_new: int | None = None
        # other features' part of an exported file (callables giving extra members) and their
        # look at an imported one (callables given its text, after the game was imported)
        self.export_extras: list = []
        self.import_hooks: list = []
        controller.on_change.append(self.autosave)
        menu = (("saves", "menu.saves"), ("rules", "menu.rules"), ("lang", *LANG_SWITCH))
        for entry in menu:
            if entry not in controller.menu:
                controller.menu.append(entry)
        controller.menu_handlers["saves"] = lambda c: self.open("saves")
        controller.menu_handlers["rules"] = lambda c: self.open("rules")
        controller.menu_handlers["lang"] = lambda c: self.switch_language()
        controller.handlers.append(self.handle)
        controller.wrap_view = self.view
        controller.holds_bots.append(lambda: self.overlay is not None)

    # ------------------------------------------------------------------ start-up

    def boot(self) -> bool:
        """Choose the language, then resume the last running game (a finished one shows its
        scores again); True if one was resumed."""
        lang = self.store.language()
        if lang is None and self.platform is not None:
            lang = pick_language(self.platform.languages())
        self.apply_language(lang or "en")
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
        if game is not None and self.table_for is not None and game is not self.c.game:
            self.c = self.table_for(game)  # the saved game's own table
        self.game_id = game_id
        self.conflict = None
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

    async def prepare_list(self, sleep, delay_s: float = PREPARE_DELAY_S) -> None:
        """Check the saved games for the list in short slices while the page is idle (``sleep``:
        ``asyncio.sleep``), so that even its first opening is quick with hundreds of games."""
        await sleep(delay_s)
        while True:
            try:
                done = self.store.prepare_list(PREPARE_SLICE_S)
            except Exception:  # noqa: BLE001 - only a head start: the list checks them anyway
                return
            if done:
                return
            await sleep(PREPARE_GAP_S)

    # ------------------------------------------------------------------ autosave

    def autosave(self, controller=None) -> bool:
        """Save the running game (the controller's hook after every move); False if it failed."""
        state = self.c.state
        if state is None:
            return False
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
        if self.unsaved or (self.message and self.message[0] in _SAVE_FAILURES):
            self.message = None
        self.unsaved = False
        self.conflict = None
        self._ask_persist()
        return True

    # ------------------------------------------------------------------ other tabs

    def _offer_conflict(self, key: str) -> None:
        self.conflict = key.rsplit(".", 1)[-1]
        self.fail(key)

    def on_storage(self, key) -> bool:
        """The page's ``storage`` event (another tab changed ``key``; None: storage cleared);
        True when the screen must be redrawn."""
        if key is not None and not str(key).startswith(GAME_PREFIX):
            return False
        redraw = self.overlay == "saves"  # the list shows the other tab's change
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
        self.conflict = None
        self.message = None
        return self.game_id is None or self._open_stored(self.game_id)

    def keep_copy(self) -> bool:
        """Keep this tab's game as a new saved game; the other tab's one stays as it is."""
        if self.c.state is None:
            return False
        self.store.forget(self.game_id)
        self.game_id = None
        self.conflict = None
        self.message = None
        if self.autosave():
            self.fail("saves.conflict.copied")
        return True

    # ------------------------------------------------------------------ messages

    def fail(self, key: str, **params) -> None:
        self.message = (key, params)

    def banner(self):
        """The message banner (or None); while the game is not stored, it offers an export."""
        if self.message is None:
            return None
        key, params = self.message
        buttons = []
        if self.conflict is not None and self.c.state is not None:
            choices = [("saves-keep-copy", "saves.conflict.copy")]
            if self.conflict == "newer":
                choices.insert(0, ("saves-take-newer", "saves.conflict.take"))
            for action, label in choices:
                buttons.append(
                    h(
                        "button",
                        {"type": "button", "data-action": action, "data-key": action},
                        t(label),
                    )
                )
        elif self.c.state is not None and (self.unsaved or key in _SAVE_FAILURES):
            buttons.append(
                h(
                    "button",
                    {
                        "type": "button",
                        "data-action": "saves-export-current",
                        "data-key": "banner-export",
                    },
                    t("saves.export"),
                )
            )
        buttons.append(
            h(
                "button",
                {"type": "button", "data-action": "banner-close", "data-key": "banner-close"},
                t("saves.dismiss"),
            )
        )
        return h(
            "div",
            {"class": "banner", "role": "alert", "data-key": "banner", "data-message": key},
            h("p", {"class": "banner-text"}, t(key, **params)),
            h("div", {"class": "banner-actions"}, buttons),
        )

    # ------------------------------------------------------------------ overlays

    def open(self, which: str) -> None:
        if which not in OVERLAYS:
            raise ValueError(which)
        self.overlay = which
        self.confirm_delete = None
        self.shown = LIST_PAGE
        self.c.focus = f"{which}-title"

    def close(self) -> None:
        which = self.overlay or "saves"
        self.overlay = None
        self.confirm_delete = None
        self.c.focus = f"menu-{which}"

    def view(self, render_game):
        """What the page shows: the banner, then the overlay or the game screen
        (``render_game()`` gives the game screens' tree)."""
        if self.overlay == "saves":
            body = self.saves_screen()
        elif self.overlay == "rules":
            body = self.rules_screen()
        else:
            body = render_game()
        banner = self.banner()
        return [banner, body] if banner is not None else [body]

    # ------------------------------------------------------------------ the saved-games screen

    def saves_screen(self):
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
            if "variant" in g:  # Caldera Park: its variant and round
                kind, stage_label = t(f"variant.{g['variant']}"), t("saves.round_label")
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
                    saved_replay_button(gid, who),
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

    # ------------------------------------------------------------------ the rules screen

    def rules_screen(self):
        # the rules of the game on screen: its screens package's ``rules_ref.sections(lang)``,
        # imported on first use (the reference text is big and not needed for the first screen)
        rules_ref = importlib.import_module(f"pyapp.ui.{self.c.game.id}.rules_ref")
        lang = i18n.language()
        # optional: the game's drawings per section id, [(drawing, caption), ...]
        pictures = rules_ref.pictures(lang) if hasattr(rules_ref, "pictures") else {}
        sections, contents = [], []
        for s in rules_ref.sections(lang):
            contents.append(
                h(
                    "li",
                    None,
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "link",
                            "data-action": "rules-goto",
                            "data-section": s["id"],
                            "data-key": f"rules-toc-{s['id']}",
                        },
                        s["title"],
                    ),
                )
            )
            body = []
            if s["intro"]:
                body.append(h("p", None, s["intro"]))
            if pictures.get(s["id"]):
                body.append(
                    h(
                        "ul",
                        {"class": "rules-pictures"},
                        [
                            h("li", None, h("figure", None, drawing, h("figcaption", None, text)))
                            for drawing, text in pictures[s["id"]]
                        ],
                    )
                )
            terms = [(a, b) for a, b in s["items"] if a]
            paras = [b for a, b in s["items"] if not a]
            body += [h("p", None, x) for x in paras]
            if terms:
                body.append(
                    h(
                        "dl",
                        {"class": "rules-terms"},
                        [[h("dt", None, a), h("dd", None, b)] for a, b in terms],
                    )
                )
            sections.append(
                h(
                    "section",
                    {
                        "class": "rules-section",
                        "id": f"rules-{s['id']}",
                        "aria-labelledby": f"rules-h-{s['id']}",
                    },
                    h(
                        "h2",
                        {
                            "id": f"rules-h-{s['id']}",
                            "tabindex": "-1",
                            "data-key": f"rules-h-{s['id']}",
                        },
                        s["title"],
                    ),
                    body,
                )
            )
        back = t("rules.close") if self.c.state is not None else t("saves.back")
        return titled_screen(
            "rules",
            "rules-screen",
            t("rules.title"),
            h(
                "nav",
                {"class": "rules-contents", "aria-labelledby": "rules-contents-title"},
                h("h2", {"id": "rules-contents-title"}, t("rules.contents")),
                h("ol", None, contents),
            ),
            sections,
            h(
                "button",
                {
                    "type": "button",
                    "data-action": "rules-close",
                    "data-key": "rules-close",
                    "data-overlay-close": "true",
                },
                back,
            ),
            heading="h2",
            overlay=True,
        )

    # ------------------------------------------------------------------ language

    def apply_language(self, lang: str) -> None:
        old = i18n.language()
        i18n.set_language(lang)
        form = getattr(self.c, "form", None)
        if form is not None and old != lang:  # default seat names follow the language
            for i, name in enumerate(form.names):
                if name == i18n.t_in(old, "setup.default_name", n=i + 1):
                    form.names[i] = t("setup.default_name", n=i + 1)
        # the page's <html lang> follows, where the platform has a page (optional method)
        set_document_language = getattr(self.platform, "set_document_language", None)
        if set_document_language is not None:
            set_document_language(lang)

    def switch_language(self) -> None:
        lang = "fr" if i18n.language() == "en" else "en"
        self.apply_language(lang)
        self.store.set_language(lang)
        self.c.focus = "menu-lang"
        if getattr(self.c, "state", None) is not None and hasattr(self.c, "prompt"):
            self.c.announcement = self.c.prompt()

    # ------------------------------------------------------------------ input

    def handle(self, action: str, data: dict | None = None):
        """True (redraw) or False for this module's actions; None when the action is not ours."""
        data = data or {}
        gid = data.get("id")
        if action in ("saves", "rules", "lang"):
            return None  # the header entries: menu_handlers
        if self.overlay is not None and not action.startswith(_OWN):
            self.overlay = None  # anything else of the game (e.g. "New game") closes the overlay
            self.confirm_delete = None
            return None
        if action == "banner-close":
            self.message = None
            self.conflict = None  # offered again by the next move's save
            return True
        if action == "rules-close" or action == "saves-close":
            self.close()
            return True
        if action == "rules-goto":  # the table of contents: focus (and show) that section
            self.c.focus = f"rules-h-{data.get('section', '')}"
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
            self.overlay = None  # the running game: just go back to it
            return True
        return self._open_stored(gid)

    def _open_stored(self, gid: str) -> bool:
        """Continue the saved game ``gid`` (a banner says why when it cannot be)."""
        try:
            game, state, session = self.store.open_game(gid)
        except SaveError as e:
            self.fail(e.key, **e.params)
            return True
        self.overlay = None
        self.message = None
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
        extra = {}
        for more in self.export_extras:
            extra.update(more())
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
        self.overlay = None
        self._resume(None, state, session, game)  # the on_change hook saved it under a new id
        for hook in self.import_hooks:
            hook(text)
        if not self.unsaved:
            players = players_text(player_names(state["options"]))
            rnd = game.save_summary(state).get("round")
            if rnd is not None:
                self.fail("saves.imported", players=players, round=rnd)
            else:
                self.fail("saves.imported_game", players=players, game=game.title)


_SAVE_FAILURES = ("saves.error.quota", "saves.error.unavailable")
_OWN = ("saves-", "rules-", "banner-")
