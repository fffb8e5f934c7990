"""The statistics' data: one small line per finished game, kept in localStorage apart from the
saved games (deleting a save keeps its line), and the figures drawn from those lines.

Pure Python (no ``js``): the tests hand ``StatsStore`` the same fake storage as the saves. Layout
of the one key ``caldera-park/stats``::

    {"kind": "caldera-park-stats", "format": 1,
     "games": {"<digest of the game's record>": {
         "game": "park" | "pyramids" | "caledea",    # the box's game id
         "variant": "solo" | "" ...,                  # the options' variant ("" without one)
         "players": 2, "opponents": "greedy+human",   # the seats besides the first person
         "humans": 1, "won": bool, "score": int | None,   # the best score of a person
         "cats": {"river": 8, ...} | None,            # Caldera Park: points per category,
                                                      # the people's sheets added up
         "sheets": 1,                                 # how many sheets ``cats`` adds up
         "when": ms, "daily": "2026-11-23" | None, "hints": bool}},
     "daily": {"2026-11-23": {"game": "<save id of the counted try>",
                              "score": int | None, "rating": str | None}}}

A game's line is keyed by the digest of its record (options and moves), so the same finished game
seen again (a resume, a reload, an import of an exported copy) is counted once. Every figure is a
function of the lines (``figures``), and ``recount`` makes the same lines from the finished games
still in storage: both agree while no save was deleted. A line reads only what the game protocol
gives every game (``result``: winners and scores); the categories come from the game's own
``summary`` where it has score sheets (Caldera Park).

A statistics entry that cannot be read (hand edits, a newer version) is never overwritten:
``StatsError`` says why; ``rebuild`` keeps its text under ``caldera-park/stats-damaged`` and
starts again from the saved games.
"""

from __future__ import annotations

import hashlib
import json

from pyapp import games
from pyapp.core import jsontext

from . import game_screens
from .saves import GAME_PREFIX, PREFIX, SaveError, clean_session, parse_entry, replay_record

STATS_KEY = PREFIX + "stats"
DAMAGED_KEY = PREFIX + "stats-damaged"
STATS_KIND = "caldera-park-stats"
STATS_FORMAT = 1
HUMAN = "human"


class StatsError(Exception):
    """The statistics entry cannot be read; ``key`` names the message to show."""

    def __init__(self, key: str, detail: str = ""):
        super().__init__(detail or key)
        self.key = key


def empty() -> dict:
    return {"kind": STATS_KIND, "format": STATS_FORMAT, "games": {}, "daily": {}}


def record_key(game, state: dict) -> str:
    """The line's key: the digest of the game's record (its options and moves)."""
    text = json.dumps(game.to_record(state), separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def opponents_of(seats: list[str]) -> str:
    """The seats besides the first person's, sorted: "greedy+human" ("" for a solo game)."""
    rest = list(seats)
    if HUMAN in rest:
        rest.remove(HUMAN)
    else:  # a game of bots only: every seat is an opponent of nobody
        return "+".join(sorted(rest)) + "!"
    return "+".join(sorted(rest))


def line_of(game, state: dict, seats, when: int, daily: str | None, hints: bool) -> dict:
    """The statistics line of a finished game."""
    result = game.result(state)
    n = state["options"]["players"]
    seats = list(seats) if seats and len(seats) == n else [HUMAN] * n
    humans = [p for p, k in enumerate(seats) if k == HUMAN]
    scores = result.get("scores") or []
    mine = [scores[p] for p in humans if p < len(scores) and isinstance(scores[p], int | float)]
    cats, sheets = None, 0
    categories = game_screens.extra(game.id, "score_categories")
    if categories is not None:
        cats = {}
        for p in humans:
            for cat, pts in categories(game, state, p).items():
                cats[cat] = cats.get(cat, 0) + pts
            sheets += 1
    return {
        "game": game.id,
        "variant": str(state["options"].get("variant") or ""),
        "players": n,
        "opponents": opponents_of(seats),
        "humans": len(humans),
        "won": n > 1 and any(p in result.get("winners", []) for p in humans),
        "score": max(mine) if mine else None,
        "cats": cats,
        "sheets": sheets,
        "when": int(when),
        "daily": daily,
        "hints": bool(hints),
    }


# --------------------------------------------------------------------- checking


def _check_line(line) -> bool:
    return (
        isinstance(line, dict)
        and line.get("game") in games.GAME_IDS
        and isinstance(line.get("variant"), str)
        and type(line.get("players")) is int
        and isinstance(line.get("opponents"), str)
        and type(line.get("humans")) is int
        and type(line.get("won")) is bool
        and (line.get("score") is None or type(line.get("score")) in (int, float))
        and (
            line.get("cats") is None
            or (
                isinstance(line["cats"], dict)
                and all(type(v) in (int, float) for v in line["cats"].values())
            )
        )
        and type(line.get("sheets")) is int
        and type(line.get("when")) is int
        and (line.get("daily") is None or isinstance(line.get("daily"), str))
        and type(line.get("hints")) is bool
    )


def _check_day(day) -> bool:
    return (
        isinstance(day, dict)
        and isinstance(day.get("game"), str)
        and (day.get("score") is None or type(day.get("score")) is int)
        and (day.get("rating") is None or isinstance(day.get("rating"), str))
    )


def parse_stats(text) -> dict:
    """A stored or exported statistics entry, checked; StatsError says what is wrong."""
    if text is None:
        return empty()
    try:
        data = jsontext.loads(text) if isinstance(text, str) else text
    except (ValueError, RecursionError) as e:
        raise StatsError("stats.error.damaged", f"not JSON ({type(e).__name__})") from e
    if not isinstance(data, dict) or data.get("kind") != STATS_KIND:
        raise StatsError("stats.error.damaged", "not a statistics entry")
    fmt = data.get("format")
    if type(fmt) is not int or fmt < 1:
        raise StatsError("stats.error.damaged", f"unknown format {fmt!r}")
    if fmt > STATS_FORMAT:
        raise StatsError("stats.error.too_new", f"format {fmt} > {STATS_FORMAT}")
    lines, days = data.get("games"), data.get("daily")
    if not isinstance(lines, dict) or not all(_check_line(v) for v in lines.values()):
        raise StatsError("stats.error.damaged", "a game's line is not valid")
    if not isinstance(days, dict) or not all(_check_day(v) for v in days.values()):
        raise StatsError("stats.error.damaged", "a daily entry is not valid")
    return {"kind": STATS_KIND, "format": STATS_FORMAT, "games": lines, "daily": days}


def merge(into: dict, other: dict) -> dict:
    """``into`` with the lines and days of ``other`` it lacks (its own are kept)."""
    for k, line in other["games"].items():
        into["games"].setdefault(k, line)
    for date, day in other["daily"].items():
        mine = into["daily"].get(date)
        if mine is None or (mine.get("score") is None and day.get("score") is not None):
            into["daily"][date] = day
    return into


# --------------------------------------------------------------------- the store


class StatsStore:
    """The statistics entry of one browser profile (``storage``: localStorage-like or None)."""

    def __init__(self, storage):
        self.storage = storage
        self._cache: tuple[str | None, dict] | None = None  # (text, parsed): read once per text

    def raw(self):
        if self.storage is None:
            return None
        try:
            value = self.storage.getItem(STATS_KEY)
        except Exception:  # noqa: BLE001 - storage refused: as if empty, nothing is written
            return None
        return None if value is None else str(value)

    def load(self) -> dict:
        """The statistics (empty when none yet); StatsError when the entry cannot be read.
        Read only: the same text is parsed once (the screens draw from it at every redraw)."""
        text = self.raw()
        if self._cache is not None and self._cache[0] == text:
            return self._cache[1]
        data = parse_stats(text)
        self._cache = (text, data)
        return data

    def write(self, data: dict) -> None:
        """Store ``data`` whole in one ``setItem`` (SaveError on a full quota or no storage)."""
        if self.storage is None:
            raise SaveError("saves.error.unavailable", "no storage")
        text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
        try:
            self.storage.setItem(STATS_KEY, text)
        except Exception as e:  # noqa: BLE001
            raise SaveError("saves.error.quota", str(e)) from e

    def update(self, change) -> dict:
        """Read, ``change(data)``, write; a damaged entry raises StatsError and is kept."""
        data = parse_stats(self.raw())  # a copy of its own: the cached one stays as read
        change(data)
        self.write(data)
        return data

    def rebuild(self, saves) -> dict:
        """Keep the unreadable entry's text aside (``stats-damaged``) and count again from the
        finished games of ``saves`` (a ``SaveStore``)."""
        old = self.raw()
        if old is not None and self.storage is not None:
            try:
                parse_stats(old)
            except StatsError:
                key = DAMAGED_KEY
                n = 1
                while self.storage.getItem(key) is not None:
                    n += 1
                    key = f"{DAMAGED_KEY}-{n}"
                self.storage.setItem(key, old)
        data = recount(saves)
        self.write(data)
        return data


# --------------------------------------------------------------------- recount


def recount(saves) -> dict:
    """The statistics made again from the finished games stored in ``saves``: the same lines
    as those recorded while playing (unreadable entries are skipped). The counted daily try of
    a date is then its first finished game."""
    data = empty()
    found = []
    for key in saves._keys():
        if not key.startswith(GAME_PREFIX):
            continue
        try:
            entry = parse_entry(saves._get(key), key[len(GAME_PREFIX) :])
            if not entry["summary"]["over"]:
                continue
            state = replay_record(entry["record"])
        except SaveError:
            continue
        game = games.for_record(entry["record"].get("game"))
        session = clean_session(entry.get("session"), state["options"]["players"]) or {}
        hints = bool(session.get("hints_used") or entry.get("hints_used"))
        date = game_screens.daily_date(game.id, state["options"])
        when = entry["summary"]["last_played"]
        line = line_of(game, state, session.get("seats"), when, date, hints)
        data["games"][record_key(game, state)] = line
        found.append((entry["summary"]["created"], entry["id"], line))
    for _created, gid, line in sorted(found, key=lambda f: (f[0], f[1])):
        date = line["daily"]
        if date is not None and date not in data["daily"]:
            data["daily"][date] = {"game": gid, "score": line["score"], "rating": None}
            rating = game_screens.extra(line["game"], "solo_rating")
            data["daily"][date]["rating"] = rating(line["score"]) if rating else None
    return data


def is_solo(line: dict) -> bool:
    """A line of a game's solo challenge (its screens' ``SOLO_VARIANT``)."""
    solo = game_screens.extra(line["game"], "SOLO_VARIANT")
    return solo is not None and line["variant"] == solo


# --------------------------------------------------------------------- figures


def _days(date: str) -> int:
    """Days since 1970-01-01 of an ISO date (no ``datetime``: the page's Python lacks it)."""
    y, m, d = (int(x) for x in date.split("-"))
    y -= m <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    return era * 146097 + yoe * 365 + yoe // 4 - yoe // 100 + doy - 719468


def streak(days: dict, today: str) -> int:
    """Days in a row, up to today (or yesterday while today's is not played), with a finished
    counted daily try."""
    done = set()
    for date, v in days.items():
        if v.get("score") is not None:
            try:
                done.add(_days(date))
            except ValueError:
                continue
    day = _days(today)
    if day not in done:
        day -= 1
    n = 0
    while day in done:
        n += 1
        day -= 1
    return n


def figures(data: dict, today: str | None = None) -> dict:
    """Everything the statistics screen shows, from the lines alone."""
    per_game: dict[str, dict] = {}
    cats: dict[str, float] = {}
    sheets = 0
    solo = []
    hints = 0
    for line in data["games"].values():
        g = per_game.setdefault(line["game"], {"played": 0, "won": 0, "rows": {}})
        row = g["rows"].setdefault(
            (line["variant"], line["players"], line["opponents"]), {"played": 0, "won": 0}
        )
        for box in (g, row):
            box["played"] += 1
            box["won"] += line["won"]
        hints += line["hints"]
        if line["cats"] and line["sheets"]:
            for cat, pts in line["cats"].items():
                cats[cat] = cats.get(cat, 0) + pts
            sheets += line["sheets"]
        if is_solo(line) and line["score"] is not None:
            solo.append((line["when"], line["score"], line["hints"]))
    solo.sort()
    counted = [d["score"] for d in data["daily"].values() if d.get("score") is not None]
    return {
        "games": per_game,
        "solo_best": max((s for _, s, _ in solo), default=None),
        "daily_best": max(counted, default=None),
        "daily_played": len(counted),
        "streak": streak(data["daily"], today) if today else 0,
        "solo_series": solo,
        "categories": {c: round(v / sheets, 1) for c, v in cats.items()} if sheets else {},
        "sheets": sheets,
        "hints": hints,
    }
