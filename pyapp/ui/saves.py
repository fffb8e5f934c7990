"""Saved games in localStorage, export and import of game files, and the remembered language.

Pure Python (no ``js``, no ``pyscript``): the browser layer hands ``SaveStore`` a small wrapper of
``window.localStorage`` (``getItem``/``setItem``/``removeItem``/``key``/``length``); the tests hand
it fakes. Layout of the storage, every key under the ``caldera-park/`` prefix::

    caldera-park/game/<id>   one entry per game (nothing else is ever written to it):
        {"kind": "caldera-park-save", "format": 1, "id": "<id>",
         "rev": <revision: 1 for the first save, one more for each save after>,
         "w": "<the writer's token: 8 random hex digits, new for each write>",
         "summary": {"game", "players": [names], "over", "actions", "created", "last_played",
                     ...the game's own: Caldera Park adds "variant", "round", "turn"},
         "session": {"seats": ["human" | bot name, ...], "fast": bool},   # optional
         "check": "<sha-256 of the record's canonical text, 16 hex digits>",
         "record": {"format", "game", "options", "log"}}      # the game's to_record
    written in that order, compact, the record last in its canonical text (sorted keys), so
    the list reads the summary and checks the digest without parsing the record
    (``quick_summary``; entries of older versions, in another order, are parsed whole)
    caldera-park/current     the id of the game that was running last (resumed on boot)
    caldera-park/deleted     the ids of the last games deleted in the app (a JSON list): a
                             tab holding one of them says "deleted", not "removed"
    caldera-park/lang        the chosen interface language ("en" or "fr")

Safety:

* Saving a game writes only its own key, in one ``setItem``: the browser stores the new value
  whole or throws (``QuotaExceededError``) and keeps the old one, so an entry is never half
  written, and no other game's key is read or touched. The ``check`` digest also catches an entry
  damaged outside the app (hand edits, a truncated copy).
* There is no index that could disagree with the entries: the list is built from the keys.
* A damaged, foreign or too-new entry is reported (``SaveError`` with a message key) and left in
  place; it is only removed when the player deletes it.
* Several tabs or windows of the origin share the storage. Each ``SaveStore`` remembers the
  revision and writer's token of every entry it read or wrote (``seen``); ``save`` refuses
  (``SaveConflict``) to overwrite an entry that another tab saved since (another revision or
  token) or deleted since, so a move is never silently lost and a deleted game never comes
  back: the caller offers the choice (continue from the stored game, or keep its own as a copy
  under a new id). Two tabs may still both read revision N and both write N+1 at the same
  moment (a tab's reads and writes are not atomic across tabs); the later write wins, and the
  tab whose write was overwritten learns it from the ``storage`` event of the other's write:
  ``change_since_seen`` finds another token at the revision it wrote. Entries written before
  revisions existed count as revision 0; before tokens, as token None.
* Untrusted text (stored entries, imported files) is measured before it is parsed
  (``core.jsontext``): nesting deeper than any file of the app holds is refused unparsed.
* Loading replays the action log through the game's engine (its protocol's ``replay``), so a
  loaded game is always one the rules allow.

Every failure is a ``SaveError`` whose ``key`` names a message of the interface catalogue
(``saves.error.*``, ``saves.import.*``) and whose ``params`` fill its placeholders; ``detail``
holds the engine's English explanation, for the console only.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import secrets
import time

from pyapp import games
from pyapp.core import jsontext
from pyapp.core.errors import GameError, LoadError, OptionsError, OptionsLoadError
from pyapp.core.options import check_names, check_seed
from pyapp.core.protocol import MAX_TEXT

from .i18n import t

PREFIX = "caldera-park/"
GAME_PREFIX = PREFIX + "game/"
CURRENT_KEY = PREFIX + "current"
DELETED_KEY = PREFIX + "deleted"  # the ids of the games deleted in the app, last ones only
DELETED_KEEP = 50
LANG_KEY = PREFIX + "lang"
SAVE_KIND = "caldera-park-save"
SAVE_FORMAT = 1
LANGUAGES = ("en", "fr")
EXPORT_MIME = "application/json"
# the record name of the box's first game: saves written before the box (no game name) are its
PARK = games.entry(games.DEFAULT).record_id


class SaveError(Exception):
    """A save, load, list, delete or import that failed; ``key`` is the message to show."""

    def __init__(self, key: str, detail: str = "", **params):
        super().__init__(detail or key)
        self.key = key
        self.params = params
        self.detail = detail


class SaveConflict(SaveError):
    """``save`` would overwrite a newer save of another tab (``saves.conflict.newer``) or bring
    back a game deleted there (``saves.conflict.deleted``); nothing was written."""

    def __init__(self, key: str, game_id: str, stored_rev: int | None, detail: str = ""):
        super().__init__(key, detail or f"{key} ({game_id})")
        self.game_id = game_id
        self.stored_rev = stored_rev


def revision_of(data) -> int:
    """The revision of a parsed entry (0 for entries saved before revisions existed)."""
    rev = data.get("rev") if isinstance(data, dict) else None
    return rev if type(rev) is int and rev >= 0 else 0


def mark_of(data) -> tuple[int, str | None]:
    """What tells one write of an entry from another: its revision and its writer's token
    (None in entries written before tokens existed). Two tabs that both save revision 5 of a
    game at the same moment write different tokens, so the one whose write was overwritten sees
    it (``SaveStore.change_since_seen``)."""
    token = data.get("w") if isinstance(data, dict) else None
    return revision_of(data), token if isinstance(token, str) else None


def new_token() -> str:
    """A writer's token for one write of an entry (32 random bits)."""
    return secrets.token_hex(4)


def _loose(text) -> dict | None:
    """A stored entry's raw text as a dict, unchecked; None when absent or not a JSON object."""
    if not isinstance(text, str):
        return None
    try:
        data = jsontext.loads(text)
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def _loose_list(text) -> list:
    """A stored list's raw text as a list, unchecked; [] when absent or not a JSON array."""
    if not isinstance(text, str) or len(text) > 10_000:
        return []
    try:
        data = jsontext.loads(text)
    except (ValueError, RecursionError):
        return []
    return data if isinstance(data, list) else []


def is_quota_error(exc: BaseException) -> bool:
    """True for a full storage quota, whatever the browser calls it."""
    name = str(getattr(exc, "name", "") or type(exc).__name__)
    if name in ("QuotaExceededError", "NS_ERROR_DOM_QUOTA_REACHED"):
        return True
    if getattr(exc, "code", None) in (22, 1014):
        return True
    text = str(exc)
    return "QuotaExceeded" in text or "quota" in text.lower()


def now_ms() -> int:
    return int(time.time() * 1000)


def new_id() -> str:
    """A short random id for a new game (never reused: 48 random bits)."""
    return secrets.token_hex(6)


def _canonical(record: dict) -> str:
    """The record's JSON text in the one form its digest is taken of (and stored in)."""
    return json.dumps(record, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def _text_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _digest(record: dict) -> str:
    return _text_digest(_canonical(record))


def entry_text(entry: dict, record_text: str) -> str:
    """The stored text of an entry: its small members first (kind, format, id, rev, summary,
    session, check), the record last in its canonical form, so that ``quick_summary`` can read
    the summary and check the record's digest without parsing the record."""
    head = {k: v for k, v in entry.items() if k != "record"}
    text = json.dumps(head, separators=(",", ":"), ensure_ascii=False)
    return text[:-1] + ',"record":' + record_text + "}"


_QUICK_HEAD = re.compile(
    r'\{"kind":"caldera-park-save","format":(\d{1,4}),"id":"([A-Za-z0-9_-]{1,64})",'
    r'"rev":\d{1,15},(?:"w":"[0-9a-f]{1,32}",)?"summary":'
)
_QUICK_CHECK = re.compile(r',"check":"([0-9a-f]{16})","record":')
_DECODER = json.JSONDecoder()


def quick_summary(text: str, game_id: str) -> dict | None:
    """The summary of an entry written in ``entry_text``'s layout, checked as ``parse_entry``
    checks it for the list (kind, format, id, summary, the record's digest) but without parsing
    the record; None when the text is not in that layout or anything is wrong (``parse_entry``
    then says what)."""
    m = _QUICK_HEAD.match(text)
    if m is None or m.group(2) != game_id or not 1 <= int(m.group(1)) <= SAVE_FORMAT:
        return None
    if len(text) > MAX_TEXT or not text.endswith("}"):
        return None
    try:
        summary, i = jsontext.raw_decode(_DECODER, text, m.end())
        if text.startswith(',"session":', i):
            _, i = _DECODER.raw_decode(text, i + len(',"session":'))
    except (ValueError, RecursionError):
        return None
    c = _QUICK_CHECK.match(text, i)
    if c is None or _text_digest(text[c.end() : -1]) != c.group(1):
        return None
    try:
        _check_summary(summary)
    except SaveError:
        return None
    return {"id": game_id, **summary}


def _valid_id(game_id) -> bool:
    return (
        isinstance(game_id, str)
        and 0 < len(game_id) <= 64
        and all(c.isalnum() or c in "-_" for c in game_id)
    )


def _game(game):
    """The protocol object of ``game`` (None: Caldera Park, as before the box)."""
    return game if game is not None else games.get(games.DEFAULT)


def player_names(options: dict) -> list[str]:
    """The players' names a game's options hold; a game whose options name nobody shows the
    seats' default names in the language of the moment ("Player 1", "Joueur 1"... for its
    ``players`` count)."""
    names = options.get("names")
    if isinstance(names, list) and names:
        return [str(n) for n in names]
    return [t("setup.default_name", n=i + 1) for i in range(int(options.get("players", 0)))]


def _count(options) -> int | None:
    n = options.get("players") if isinstance(options, dict) else None
    if type(n) is int:
        return n
    names = options.get("names") if isinstance(options, dict) else None
    return len(names) if isinstance(names, list) else None


def summary_of(
    state: dict, created: int | None = None, last_played: int | None = None, game=None
) -> dict:
    """What the list of saved games shows: the game, players, over, dates, and what the game
    adds (``save_summary``: Caldera Park's variant, round and turn)."""
    game = _game(game)
    opts = state["options"]
    when = now_ms() if last_played is None else last_played
    return {
        "game": game.record_id,
        "players": player_names(opts),
        **game.save_summary(state),
        "over": game.is_over(state),
        "actions": len(state["log"]),
        "created": when if created is None else created,
        "last_played": when,
    }


def _check_summary(summary) -> dict:
    if not isinstance(summary, dict):
        raise SaveError("saves.error.damaged", "the summary is missing")
    players = summary.get("players")
    name = summary.get("game", PARK)
    ok = (
        isinstance(players, list)
        and 1 <= len(players) <= 4
        and all(isinstance(p, str) and 0 < len(p) <= 40 for p in players)
        and type(summary.get("over")) is bool
        and type(summary.get("last_played")) is int
        and type(summary.get("created")) is int
    )
    try:
        ok = ok and games.for_record(name).check_save_summary(summary)
    except LoadError:
        ok = False
    if not ok:
        raise SaveError("saves.error.damaged", "the summary is not valid")
    return summary


def game_of_record(record, where: str = "error"):
    """The game (protocol object) a record names; SaveError (foreign) if none of the box's."""
    name = record.get("game") if isinstance(record, dict) else None
    try:
        return games.for_record(name)
    except LoadError as e:
        raise SaveError(f"saves.{where}.foreign", "not a game record of this app") from e


def _check_record_shape(record, where: str) -> dict:
    """Format and shape of a record (no replay); raises SaveError with the right key (its
    ``game`` parameter names the game, for the messages of an import)."""
    game = game_of_record(record, where)
    broken = "saves.import.broken" if where == "import" else "saves.error.damaged"
    fmt = record.get("format")
    if type(fmt) is not int or fmt < 1:
        raise SaveError(broken, f"unknown record format {fmt!r}", game=game.title)
    if fmt > game.format:
        raise SaveError(
            f"saves.{where}.too_new",
            f"record format {fmt} > {game.format}",
            version=fmt,
            game=game.title,
        )
    log = record.get("log")
    if not isinstance(record.get("options"), dict) or not isinstance(log, list):
        raise SaveError(broken, "options or log missing", game=game.title)
    if not all(isinstance(a, str) and len(a) <= 80 for a in log):
        raise SaveError(broken, "the log holds something else than actions", game=game.title)
    return record


def _check_shared_options(options: dict, title: str) -> None:
    """The options every game shares (the seed, the players' names), checked by the one rule
    of ``core.options`` so that an import says which of them is wrong."""
    try:
        if "seed" in options:
            check_seed(options["seed"])
    except OptionsError as e:
        raise SaveError("saves.import.bad_seed", str(e), game=title) from e
    players = _count(options)
    if "names" in options and players is not None:
        try:
            check_names(options["names"], players)
        except OptionsError as e:
            raise SaveError("saves.import.bad_names", str(e), game=title) from e


def replay_record(record: dict, where: str = "error") -> dict:
    """The state of a record, replayed through the engine (every action checked). For an
    import, options the rules refuse are told apart from moves they refuse."""
    _check_record_shape(record, where)
    game = game_of_record(record, where)
    if where == "import":
        _check_shared_options(record["options"], game.title)
    try:
        # a game played by link keeps its reseeds (``core/chance.py``): the same draws
        return game.replay(record["options"], record["log"], record.get("reseeds"))
    except (OptionsError, OptionsLoadError) as e:
        key = "bad_options" if where == "import" else "damaged"
        raise SaveError(f"saves.{where}.{key}", str(e), game=game.title) from e
    except LoadError as e:
        raise SaveError(f"saves.{where}.damaged", str(e), game=game.title) from e
    except (GameError, ValueError, TypeError, KeyError, IndexError) as e:
        raise SaveError(
            f"saves.{where}.damaged", f"{type(e).__name__}: {e}", game=game.title
        ) from e


MAX_SESSION = 2000  # characters of JSON


def clean_session(session, players: int | None = None) -> dict | None:
    """The interface's extra data of a game (seat kinds, pace), or None if it is not usable:
    it is never needed to rebuild the game, so a bad one is dropped rather than refused."""
    if not isinstance(session, dict):
        return None
    try:
        text = json.dumps(session, ensure_ascii=False)
    except (TypeError, ValueError):
        return None
    if len(text) > MAX_SESSION:
        return None
    seats = session.get("seats")
    if seats is not None and not (
        isinstance(seats, list)
        and all(isinstance(k, str) and 0 < len(k) <= 40 for k in seats)
        and (players is None or len(seats) == players)
    ):
        return None
    return json.loads(text)


def parse_entry(text, game_id: str = "") -> dict:
    """Check a stored entry (JSON, kind, format, digest, summary) without replaying it."""
    if not isinstance(text, str):
        raise SaveError("saves.error.damaged", "the entry is not text")
    if len(text) > MAX_TEXT:
        raise SaveError("saves.error.damaged", "the entry is too large")
    try:
        data = jsontext.loads(text)
    except (ValueError, RecursionError) as e:
        raise SaveError("saves.error.damaged", f"not JSON ({type(e).__name__})") from e
    if not isinstance(data, dict):
        raise SaveError("saves.error.damaged", "not a JSON object")
    if data.get("kind") != SAVE_KIND:
        raise SaveError("saves.error.foreign", "not a Caldera Park saved game")
    fmt = data.get("format")
    if type(fmt) is not int or fmt < 1:
        raise SaveError("saves.error.damaged", f"unknown save format {fmt!r}")
    if fmt > SAVE_FORMAT:
        raise SaveError("saves.error.too_new", f"save format {fmt} > {SAVE_FORMAT}", version=fmt)
    if game_id and data.get("id") != game_id:
        raise SaveError("saves.error.damaged", "the entry's id does not match its key")
    record = _check_record_shape(data.get("record"), "error")
    if data.get("check") != _digest(record):
        raise SaveError("saves.error.damaged", "the record does not match its check digest")
    _check_summary(data.get("summary"))
    return data


class SaveStore:
    """Saved games of one browser profile, over a localStorage-like object.

    ``storage`` is ``None`` when the browser gives no storage at all (private modes, storage
    blocked): every call then raises ``SaveError("saves.error.unavailable")``, and the game runs
    from memory only. ``clock`` returns milliseconds since the epoch.
    """

    def __init__(self, storage, clock=now_ms):
        self.storage = storage
        self.clock = clock
        # game id -> (revision, writer's token, record digest) of the entry this store last
        # read or wrote
        self.seen: dict[str, tuple[int, str | None, str | None]] = {}
        # key -> (text, summary or SaveError): the list checks each entry once per new text
        self._listed: dict[str, tuple[str, dict | SaveError]] = {}
        self._todo: list[str] | None = None  # keys ``prepare_list`` has still to check

    # ----------------------------------------------------------------- raw access

    def _call(self, what: str, *args):
        if self.storage is None:
            raise SaveError("saves.error.unavailable", "no storage")
        try:
            return getattr(self.storage, what)(*args)
        except SaveError:
            raise
        except Exception as e:  # the browser's DOMException arrives as a foreign error type
            if what == "setItem" and is_quota_error(e):
                raise SaveError("saves.error.quota", str(e)) from e
            raise SaveError("saves.error.unavailable", f"{type(e).__name__}: {e}") from e

    def _get(self, key: str):
        value = self._call("getItem", key)
        return None if value is None else str(value)

    def _keys(self) -> list[str]:
        n = self._length()
        keys = []
        for i in range(n):
            k = self._call("key", i)
            if k is not None:
                keys.append(str(k))
        return keys

    def _length(self) -> int:
        if self.storage is None:
            raise SaveError("saves.error.unavailable", "no storage")
        try:
            return int(self.storage.length)
        except Exception as e:
            raise SaveError("saves.error.unavailable", f"{type(e).__name__}: {e}") from e

    @property
    def available(self) -> bool:
        """Whether the storage can be read at all (writing may still hit the quota)."""
        try:
            self._length()
            self._get(CURRENT_KEY)
        except SaveError:
            return False
        return True

    # ----------------------------------------------------------------- games

    def save(
        self, state: dict, game_id: str | None = None, session: dict | None = None, game=None
    ) -> str:
        """Store ``state`` (a game of ``game``, a protocol object; default Caldera Park) under
        ``game_id`` (a new id when ``None``); returns the id. ``session`` is the interface's
        extra data (seat kinds, pace), kept beside the record.

        Only this game's key is written. On failure (quota, no storage) the stored entry of this
        game stays as it was and ``SaveError`` says why; the caller keeps the state in memory.
        If this store read or wrote the game before (``seen``) and another tab has saved it
        since, or deleted it, ``SaveConflict`` is raised and nothing is written.
        """
        if game_id is None:
            game_id = new_id()
        if not _valid_id(game_id):
            raise ValueError(f"not a game id: {game_id!r}")
        key = GAME_PREFIX + game_id
        old = self._get(key)
        prev = _loose(old)
        stored_rev = None if old is None else revision_of(prev)
        known = self.seen.get(game_id)
        if known is not None:
            if old is None:
                raise SaveConflict(self._gone(game_id), game_id, None)
            if not self._as_seen(game_id, prev):
                raise SaveConflict("saves.conflict.newer", game_id, stored_rev)
        summary = prev.get("summary") if prev is not None else None
        created = summary.get("created") if isinstance(summary, dict) else None
        created = created if type(created) is int else None
        game = _game(game)
        record = game.to_record(state)
        record_text = _canonical(record)
        check = _text_digest(record_text)
        session = clean_session(session, state["options"]["players"])
        # the same game as stored (a resume: only its date changes) keeps its revision and its
        # writer's token, so that other tabs holding it see no conflict
        same = prev is not None and prev.get("check") == check and prev.get("session") == session
        keep = same and bool(stored_rev)
        token = mark_of(prev)[1] if keep else new_token()
        when = self.clock()
        entry = {
            "kind": SAVE_KIND,
            "format": SAVE_FORMAT,
            "id": game_id,
            "rev": (stored_rev or 0) + (0 if keep else 1),
        }
        if token is not None:
            entry["w"] = token
        entry["summary"] = summary_of(state, created if created is not None else when, when, game)
        if session is not None:
            entry["session"] = session
        entry["check"] = check
        text = entry_text(entry, record_text)
        self._call("setItem", key, text)
        self.seen[game_id] = (entry["rev"], token, check)
        self.set_current(game_id)
        return game_id

    def _as_seen(self, game_id: str, data) -> bool:
        """Whether the stored entry ``data`` is the one this store last read or wrote, or holds
        the very same game (another tab saved the same move: nothing is lost, and it is
        adopted as seen)."""
        rev, token, check = self.seen[game_id]
        if mark_of(data) == (rev, token):
            return True
        stored_check = data.get("check") if isinstance(data, dict) else None
        if check is not None and stored_check == check:
            self.seen[game_id] = (*mark_of(data), check)
            return True
        return False

    def change_since_seen(self, game_id: str | None) -> str | None:
        """What another tab did to ``game_id`` since this store last read or wrote it:
        "newer" (saved it: a later revision, or the same revision written by another tab at
        the same moment, which overwrote this one's), "deleted" (deleted in the app),
        "removed" (gone from storage otherwise: cleared outside the app), or None (nothing, or
        a game this store never saw)."""
        if game_id is None or game_id not in self.seen:
            return None
        text = self._get(GAME_PREFIX + game_id)
        if text is None:
            return self._gone(game_id).rsplit(".", 1)[-1]
        return None if self._as_seen(game_id, _loose(text)) else "newer"

    def _gone(self, game_id: str) -> str:
        """The conflict key of a game no longer in storage: deleted in the app (another tab's
        list), or removed outside it."""
        deleted = game_id in self.deleted_ids()
        return "saves.conflict.deleted" if deleted else "saves.conflict.removed"

    def deleted_ids(self) -> list[str]:
        """The ids of the games last deleted in the app (``DELETED_KEEP`` at most)."""
        try:
            data = _loose_list(self._get(DELETED_KEY))
        except SaveError:
            return []
        return [x for x in data if _valid_id(x)]

    def forget(self, game_id: str | None) -> None:
        """Stop checking ``game_id`` against other tabs (its next save overwrites)."""
        self.seen.pop(game_id, None)

    def _load_entry(self, game_id: str) -> tuple[dict, dict]:
        """(state, checked entry) of a saved game; SaveError if it cannot be replayed."""
        if not _valid_id(game_id):
            raise SaveError("saves.error.missing", f"no game {game_id!r}")
        text = self._get(GAME_PREFIX + game_id)
        if text is None:
            raise SaveError("saves.error.missing", f"no game {game_id!r}")
        data = parse_entry(text, game_id)
        state = replay_record(data["record"], "error")
        self.seen[game_id] = (*mark_of(data), data.get("check"))
        return state, data

    def load(self, game_id: str) -> dict:
        """The state of a saved game, replayed through the engine; SaveError if it cannot be."""
        return self._load_entry(game_id)[0]

    def load_game(self, game_id: str) -> tuple[dict, dict | None]:
        """(state, session) of a saved game; the session is None when absent or unusable."""
        state, data = self._load_entry(game_id)
        return state, clean_session(data.get("session"), state["options"]["players"])

    def open_game(self, game_id: str) -> tuple[object, dict, dict | None]:
        """(game, state, session) of a saved game: the game is the protocol object its record
        names, so the caller can show the right table."""
        state, data = self._load_entry(game_id)
        session = clean_session(data.get("session"), state["options"]["players"])
        return game_of_record(data["record"]), state, session

    def summary(self, game_id: str) -> dict:
        text = self._get(GAME_PREFIX + game_id)
        if text is None:
            raise SaveError("saves.error.missing", f"no game {game_id!r}")
        data = parse_entry(text, game_id)
        return {"id": game_id, **data["summary"]}

    def _checked_summary(self, key: str, text: str) -> dict | SaveError:
        """The summary of the entry ``text`` under ``key`` (with its ``id``) or the SaveError
        saying why it cannot be read; each text is checked once (``_listed``)."""
        seen = self._listed.get(key)
        if seen is not None and seen[0] == text:
            return seen[1]
        game_id = key[len(GAME_PREFIX) :]
        found = quick_summary(text, game_id)
        if found is None:  # an older layout, or something is wrong: the full check says what
            try:
                found = {"id": game_id, **parse_entry(text, game_id)["summary"]}
            except SaveError as e:
                found = e
        self._listed[key] = (text, found)
        return found

    def list_games(self) -> tuple[list[dict], list[dict]]:
        """(games, problems): the readable saves, last played first, each a summary with its
        ``id``; and one ``{"id", "key", "params"}`` per entry that cannot be read (kept as is).
        An entry is checked once per text (an entry another tab rewrote is checked again);
        ``prepare_list`` does that work ahead, in slices."""
        games, problems = [], []
        listed = {}
        for k in self._keys():
            if not k.startswith(GAME_PREFIX):
                continue
            text = self._get(k)
            if text is None:
                continue
            found = self._checked_summary(k, text)
            listed[k] = (text, found)
            if isinstance(found, SaveError):
                problems.append(
                    {"id": k[len(GAME_PREFIX) :], "key": found.key, "params": found.params}
                )
            else:
                games.append(dict(found))
        self._listed = listed
        self._todo = []  # all checked
        games.sort(key=lambda g: (-g["last_played"], g["id"]))
        problems.sort(key=lambda p: p["id"])
        return games, problems

    def prepare_list(self, budget_s: float, clock=time.perf_counter) -> bool:
        """Check saved entries for the list ahead of time, for about ``budget_s`` seconds (at
        least one entry); True once every entry is checked. Called in idle slices after the
        start, so that even the first opening of the list only reads texts it has seen."""
        start = clock()
        try:
            if self._todo is None:
                self._todo = [k for k in self._keys() if k.startswith(GAME_PREFIX)]
                self._todo.reverse()
            while self._todo:
                key = self._todo.pop()
                text = self._get(key)
                if text is not None:
                    self._checked_summary(key, text)
                if clock() - start >= budget_s:
                    break
        except SaveError:
            self._todo = []  # no storage: nothing to prepare
        return not self._todo

    def delete(self, game_id: str) -> None:
        """Remove one game (readable or not); the other games are not touched."""
        if not isinstance(game_id, str) or not game_id:
            raise ValueError(f"not a game id: {game_id!r}")
        if _valid_id(game_id):  # other tabs holding it say it was deleted here (best effort)
            gone = [x for x in self.deleted_ids() if x != game_id][-(DELETED_KEEP - 1) :]
            with contextlib.suppress(SaveError):
                self._call("setItem", DELETED_KEY, json.dumps([*gone, game_id]))
        self._call("removeItem", GAME_PREFIX + game_id)
        self.seen.pop(game_id, None)
        if self.current() == game_id:
            self._call("removeItem", CURRENT_KEY)

    # ----------------------------------------------------------------- current game, language

    def current(self) -> str | None:
        """The id of the game that was running last, if its entry still exists."""
        game_id = self._get(CURRENT_KEY)
        if not game_id or not _valid_id(game_id):
            return None
        if self._get(GAME_PREFIX + game_id) is None:
            return None
        return game_id

    def current_missing(self) -> str | None:
        """The id the last running game had, when its entry is gone from storage (removed
        outside the app: the app's own delete forgets the running game too); None otherwise."""
        game_id = self._get(CURRENT_KEY)
        if not game_id or not _valid_id(game_id):
            return None
        return game_id if self._get(GAME_PREFIX + game_id) is None else None

    def set_current(self, game_id: str | None) -> None:
        if game_id is None:
            self._call("removeItem", CURRENT_KEY)
        else:
            self._call("setItem", CURRENT_KEY, game_id)

    def language(self) -> str | None:
        """The language the player chose, or ``None`` (never chosen, or storage unreadable)."""
        try:
            lang = self._get(LANG_KEY)
        except SaveError:
            return None
        return lang if lang in LANGUAGES else None

    def set_language(self, lang: str) -> bool:
        """Remember the language; False when it cannot be stored (it still applies now)."""
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}")
        try:
            self._call("setItem", LANG_KEY, lang)
        except SaveError:
            return False
        return True


# --------------------------------------------------------------------- export and import


def export_record(
    state: dict,
    exported_at: int | None = None,
    session: dict | None = None,
    game=None,
    extra: dict | None = None,
) -> str:
    """The game file: format version, game, seed, options and action log (and the interface's
    session: seat kinds, pace; and ``extra`` members of other features, such as ``stats``,
    which an import of the game alone ignores), as JSON text."""
    record = _game(game).to_record(state)
    data = {
        "format": record["format"],
        "game": record["game"],
        "seed": record["options"]["seed"],
        "options": record["options"],
        "log": record["log"],
        "exported": now_ms() if exported_at is None else exported_at,
    }
    if "reseeds" in record:  # a game played by link: the draws it made (``core/chance.py``)
        data["reseeds"] = record["reseeds"]
    session = clean_session(session, _count(record["options"]))
    if session is not None:
        data["session"] = session
    for k, v in (extra or {}).items():
        data.setdefault(k, v)
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def export_filename(state: dict, when_ms: int | None = None, game=None) -> str:
    """A safe file name such as ``caldera-park-2026-11-21-round-3.json`` (the game's record
    name, the date, and where the game stands when the game says: Caldera Park's round)."""
    game = _game(game)
    t = time.gmtime((now_ms() if when_ms is None else when_ms) / 1000)
    rnd = game.save_summary(state).get("round")
    where = f"-round-{rnd}" if type(rnd) is int else f"-move-{len(state['log'])}"
    return f"{game.record_id}-{t.tm_year:04d}-{t.tm_mon:02d}-{t.tm_mday:02d}{where}.json"


def import_record(text) -> dict:
    """The game of an exported file, replayed through the engine (see ``import_game``)."""
    return import_game(text)[0]


def import_game(text) -> tuple[dict, dict | None]:
    """(state, session) of an exported file (see ``import_file``)."""
    return import_file(text)[1:]


_SNIFF = re.compile(r'"game"\s*:\s*"([a-z0-9-]{1,40})"')


def named_game(text: str) -> str | None:
    """The title of the game a file's text names in its first characters (``"game": "..."``),
    read without parsing it (for the messages of a file too large or too deep to parse); None
    when it names none of the box's."""
    m = _SNIFF.search(text, 0, 4096)
    if m is None:
        return None
    try:
        return games.for_record(m.group(1)).title
    except LoadError:
        return None


def _unparsed(key: str, detail: str, text: str) -> SaveError:
    """The error ``key`` of a file refused unparsed, naming the game the file names in its
    first characters (``key`` + "_game", with its title) where it names one of the box's."""
    title = named_game(text)
    return SaveError(key + "_game", detail, game=title) if title else SaveError(key, detail)


def import_file(text) -> tuple[object, dict, dict | None]:
    """(game, state, session) of an exported file, replayed through the engine of the game it
    names; SaveError says what is wrong, naming the file's game where it can be read.

    Keys: ``saves.import.not_json`` (not JSON text), ``saves.import.not_game`` (JSON, but not an
    object), ``saves.import.too_deep`` (nested deeper than any game file: refused unparsed),
    ``saves.import.too_large`` (these two with ``_game`` when the file's first characters
    name its game), ``saves.import.foreign`` (an object, but no game of the box),
    ``saves.import.too_new``, ``saves.import.bad_seed``, ``saves.import.bad_names``,
    ``saves.import.bad_options`` (the game's other options), ``saves.import.damaged`` (moves the
    rules refuse, or a broken record).
    """
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise SaveError("saves.import.not_json", "not UTF-8 text") from e
    if not isinstance(text, str):
        raise SaveError("saves.import.not_json", f"not text: {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise _unparsed("saves.import.too_large", f"{len(text)} characters", text)
    text = text.lstrip("\ufeff")
    try:
        data = jsontext.loads(text)
    except jsontext.TooDeep as e:
        raise _unparsed("saves.import.too_deep", str(e), text) from e
    except (ValueError, RecursionError) as e:
        raise SaveError("saves.import.not_json", f"not JSON ({type(e).__name__})") from e
    if not isinstance(data, dict):
        raise SaveError("saves.import.not_game", f"JSON {type(data).__name__}, not an object")
    session = data.get("session")
    if data.get("kind") == SAVE_KIND:  # an entry copied out of storage: take its record
        data = data.get("record")
    if (
        isinstance(data, dict)
        and "seed" in data
        and isinstance(data.get("options"), dict)
        and data["seed"] != data["options"].get("seed")
    ):
        title = game_of_record(data, "import").title
        raise SaveError("saves.import.broken", "the seed does not match the options", game=title)
    state = replay_record(data, "import")
    return game_of_record(data), state, clean_session(session, state["options"]["players"])
