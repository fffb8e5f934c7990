"""The daily park and the statistics on the real controllers (CPython, fake browser storage)."""

from __future__ import annotations

import json
import random

import pytest
from composed import composed, view
from storage_fakes import FakeStorage

from pyapp import games
from pyapp.ui import i18n
from pyapp.ui.park import daily
from pyapp.ui.park import screens as park_screens
from pyapp.ui.saves import GAME_PREFIX, SaveStore
from pyapp.ui.stats_data import (
    DAMAGED_KEY,
    STATS_KEY,
    figures,
    parse_stats,
    recount,
    streak,
)

DAY = 1_790_000_000_000  # 2026-09-21 around 14:13 UTC


class Platform:
    def __init__(self, file_text=None):
        self.tz_offset_min = 0
        self.downloads = []
        self.file_text = file_text
        self.shared = []

    def languages(self):
        return ["en"]

    def download(self, filename, text, mime):
        self.downloads.append((filename, text))

    def read_file(self, key, callback):
        callback(self.file_text, len(self.file_text or ""))

    def request_persist(self, callback):
        callback(True)

    def share(self, text, callback):
        self.shared.append(text)
        callback("copied")


class Clock:
    def __init__(self, ms=DAY):
        self.ms = ms

    def __call__(self):
        return self.ms


def setup(storage=None, clock=None, platform=None):
    """(the table, the saved games, the statistics, the storage) as the page composes them."""
    storage = FakeStorage() if storage is None else storage
    app = composed(storage, platform or Platform(), clock=clock or Clock())
    return app.table, app.saves, app.stats, storage


def finish(c, seed=0):
    rng = random.Random(seed)
    g = c.game
    while not g.is_over(c.state):
        d = g.decision(c.state)
        assert c.play(rng.choice(g.legal_actions(c.obs(d["player"]), d["player"])))


def start(c, seed=5, names=("Ann", "Bob"), seats=None, variant="base"):
    opts = {"players": len(names), "seed": seed, "variant": variant, "names": list(names)}
    c.start_game(opts, seats or ["human"] * len(names))


# --------------------------------------------------------------------- the daily deal


def test_daily_seed_is_from_the_date_alone_and_read_back():
    assert daily.daily_seed("2026-11-23") == daily.daily_seed("2026-11-23")
    seeds = {daily.daily_seed(f"2026-11-{d:02d}") for d in range(1, 31)}
    assert len(seeds) == 30
    opts = daily.daily_options("2026-11-23", "Ann")
    assert daily.daily_date(opts) == "2026-11-23"
    assert daily.daily_date({**opts, "seed": opts["seed"] + 1}) is None
    assert daily.daily_date({**opts, "variant": "base"}) is None
    assert daily.daily_date({"variant": "solo", "players": 1, "seed": 7}) is None
    with pytest.raises(ValueError):
        daily.daily_seed("23/11/2026")


def test_the_daily_deal_differs_between_dates():
    g = games.get("park")
    a = g.new_game(daily.daily_options("2026-11-23", "A"))
    b = g.new_game(daily.daily_options("2026-11-24", "A"))
    again = g.new_game(daily.daily_options("2026-11-23", "Z"))
    obs = [g.observation(s, 0) for s in (a, b, again)]
    deal = [o["G"]["players"][0]["display"] for o in obs]
    assert deal[0] == deal[2]
    assert deal[0] != deal[1]


def test_start_from_the_setup_screen_then_a_second_try_is_not_counted():
    c, p, s, storage = setup()
    nodes, _ = park_screens.render(c)
    button = next(
        n.find(data_action="daily-start") for n in nodes if n.find(data_action="daily-start")
    )
    assert button.text() == "Play today's park"
    assert c.handle("daily-start", {})
    assert daily.daily_date(c.state["options"]) == "2026-09-21"
    first_id = p.game_id
    finish(c, seed=1)
    data = json.loads(storage.getItem(STATS_KEY))
    day = data["daily"]["2026-09-21"]
    assert day["game"] == first_id and day["score"] == c.result["players"][0]["total"]
    assert s.is_counted(c.state)
    first_score = day["score"]
    # a second try the same day: played, its line kept, but the day's result stays the first
    c.handle("daily-start", {})
    assert p.game_id != first_id
    finish(c, seed=2)
    data = json.loads(storage.getItem(STATS_KEY))
    assert data["daily"]["2026-09-21"]["score"] == first_score
    assert not s.is_counted(c.state)
    f = figures(data, "2026-09-21")
    assert f["daily_played"] == 1 and f["daily_best"] == first_score and f["streak"] == 1
    assert f["games"]["park"]["played"] == 2
    end = park_screens.render(c)[0]
    counted = next(n.find(data_counted="no") for n in end if n.find(data_counted="no"))
    assert "only the first try" in counted.text()


def test_the_shared_text_holds_no_seed_nor_deal():
    c, p, s, _ = setup()
    c.handle("daily-start", {})
    finish(c, seed=3)
    text = s.share_for(c)
    seed = c.state["options"]["seed"]
    assert str(seed) not in text and str(seed)[-6:] not in text
    assert "2026-09-21" in text and str(c.result["players"][0]["total"]) in text
    for entry in c.state["log"]:  # no move, no tile, no weather
        action = entry[1] if isinstance(entry, list) else entry
        assert action not in text
    for word in ("seed", "tile", "display"):
        assert word not in text.lower()
    assert len(text.splitlines()) <= 8
    assert s.handle("daily-share", {})
    assert p.platform.shared == [text]
    assert s.shared_note.startswith("The result was copied")


def test_streak_counts_days_in_a_row():
    days = {d: {"game": "x", "score": 100, "rating": None}
            for d in ("2026-11-20", "2026-11-21", "2026-11-22")}  # fmt: skip
    assert streak(days, "2026-11-22") == 3
    assert streak(days, "2026-11-23") == 3  # today not played yet
    assert streak(days, "2026-11-24") == 0
    days["2026-11-21"]["score"] = None  # started, not finished
    assert streak(days, "2026-11-22") == 1


def test_a_daily_of_another_date_opened_today_is_not_counted():
    clock = Clock()
    c, p, s, storage = setup(clock=clock)
    c.handle("daily-start", {})
    clock.ms += 86_400_000  # the next day: yesterday's game continued and finished
    finish(c, seed=4)
    data = json.loads(storage.getItem(STATS_KEY))
    assert data["daily"]["2026-09-21"]["score"] is not None  # its own date's try
    assert "2026-09-22" not in data["daily"]


# --------------------------------------------------------------------- statistics


def test_statistics_equal_a_recount_from_the_saved_games():
    c, p, s, storage = setup()
    start(c, seed=11, seats=["human", "greedy"])
    finish(c, 1)
    start(c, seed=12, names=("Ann",), variant="solo")
    finish(c, 2)
    c.handle("daily-start", {})
    finish(c, 3)
    start(c, seed=13, names=("Ann", "Bob", "Cy"), seats=["human", "human", "random"])
    finish(c, 4)
    start(c, seed=14)  # not finished: not counted
    c.play(c.game.legal_actions(c.state)[0])
    data = json.loads(storage.getItem(STATS_KEY))
    again = recount(SaveStore(storage))
    assert data["games"].keys() == again["games"].keys()
    for k, line in data["games"].items():
        assert {**line, "when": 0} == {**again["games"][k], "when": 0}
    assert data["daily"] == again["daily"]
    f = figures(data, "2026-09-21")
    assert f == {**figures(again, "2026-09-21"), "solo_series": f["solo_series"]}
    assert f["games"]["park"]["played"] == 4
    assert f["solo_best"] == max(x for _, x, _ in f["solo_series"])
    assert len(f["solo_series"]) == 2
    assert set(f["categories"]) >= {"river", "bear", "forest"}


def test_every_game_of_the_box_is_counted_through_the_protocol():
    storage = FakeStorage()
    _, p, s, _ = setup(storage)
    for gid in ("pyramids", "caledea"):
        g = games.get(gid)
        table = p.tables.switch(gid)  # the box shows that game's table
        assert p.c is table and s.c is table
        names = ["Ann", "Bob"]
        opts = {"players": 2, "seed": 3, "names": names}
        table.start_game(opts, ["human", "random"])
        finish(table, 5)
        assert g.is_over(table.state)
    data = json.loads(storage.getItem(STATS_KEY))
    f = figures(data)
    assert f["games"]["pyramids"]["played"] == 1 and f["games"]["caledea"]["played"] == 1
    rows = f["games"]["caledea"]["rows"]
    assert list(rows) == [("", 2, "random")]
    assert data["games"].keys() == recount(SaveStore(storage))["games"].keys()


def test_deleting_a_save_keeps_the_statistics():
    c, p, s, storage = setup()
    start(c, seed=21, names=("Ann",), variant="solo")
    finish(c, 1)
    gid = p.game_id
    before = storage.getItem(STATS_KEY)
    assert p.handle("saves-delete-yes", {"id": gid})
    assert storage.getItem(GAME_PREFIX + gid) is None
    assert storage.getItem(STATS_KEY) == before
    assert figures(json.loads(before))["games"]["park"]["played"] == 1
    assert recount(SaveStore(storage))["games"] == {}


def test_export_and_import_carry_the_statistics():
    c, p, s, storage = setup()
    start(c, seed=31, names=("Ann",), variant="solo")
    finish(c, 1)
    start(c, seed=32, seats=["human", "greedy"])
    finish(c, 2)
    assert p.handle("saves-export-current", {})
    text = p.platform.downloads[-1][1]
    exported = json.loads(text)
    assert exported["stats"] == json.loads(storage.getItem(STATS_KEY))
    # a fresh profile imports it: the game and the statistics
    fresh = FakeStorage()
    c2, p2, s2, _ = setup(fresh, platform=Platform(file_text=text))
    assert p2.handle("saves-import", {}) is False
    assert c2.state is not None and c2.game.is_over(c2.state)
    mine = figures(json.loads(storage.getItem(STATS_KEY)))
    theirs = figures(json.loads(fresh.getItem(STATS_KEY)))
    assert mine == theirs and theirs["games"]["park"]["played"] == 2
    # an old export (without statistics) still imports, and adds only its own game
    old = {k: v for k, v in exported.items() if k != "stats"}
    third = FakeStorage()
    c3, p3, _, _ = setup(third, platform=Platform(file_text=json.dumps(old)))
    p3.handle("saves-import", {})
    assert c3.state is not None
    assert figures(json.loads(third.getItem(STATS_KEY)))["games"]["park"]["played"] == 1


def test_a_damaged_statistics_entry_is_reported_and_kept():
    storage = FakeStorage()
    storage.setItem(STATS_KEY, '{"kind": "caldera-park-stats", "format": 1, "games": [')
    c, p, s, _ = setup(storage)
    start(c, seed=41, names=("Ann",), variant="solo")
    finish(c, 1)
    assert storage.getItem(STATS_KEY).endswith("[")  # never overwritten
    s.show()
    nodes = view(c, lambda: None)
    alert = next(n.find(role="alert") for n in nodes if n.find(role="alert"))
    assert "could not be read" in alert.text()
    assert s.handle("stats-rebuild", {})
    assert storage.getItem(DAMAGED_KEY).endswith("[")  # the damaged text kept aside
    data = parse_stats(storage.getItem(STATS_KEY))
    assert figures(data)["games"]["park"]["played"] == 1
    assert s.problem is None
    # a newer version's entry: kept, reported as such
    storage.setItem(STATS_KEY, json.dumps({**data, "format": 9}))
    start(c, seed=42, names=("Ann",), variant="solo")
    finish(c, 2)
    assert json.loads(storage.getItem(STATS_KEY))["format"] == 9
    assert s.problem == "stats.error.too_new"


def test_hints_are_marked():
    c, p, s, storage = setup()
    start(c, seed=51, names=("Ann",), variant="solo")
    c.hints_used = True
    finish(c, 1)
    c.hints_used = False
    start(c, seed=52, names=("Ann",), variant="solo")
    finish(c, 2)
    f = figures(json.loads(storage.getItem(STATS_KEY)))
    assert f["hints"] == 1
    assert [h for _, _, h in f["solo_series"]].count(True) == 1
    s.show()
    screen = view(c, lambda: None)[-1]
    assert screen.find(**{"class": "chart-dot hinted"}) is not None
    assert screen.find(data_fact="hints").text() == "1"


def test_the_statistics_screen_in_both_languages():
    c, p, s, storage = setup()
    start(c, seed=61, seats=["human", "greedy"])
    finish(c, 1)
    for lang, word in (("en", "Games played and won"), ("fr", "Parties jouées et gagnées")):
        i18n.set_language(lang)
        assert c.handle("stats", {})
        assert c.bot_to_move() is None  # the bots wait under the screen
        screen = view(c, lambda: None)[-1]
        assert screen.attrs["data-screen"] == "stats"
        assert word in screen.text()
        assert screen.find(data_game="park").find(data_n="played").text() == "1"
        assert "greedy" in screen.text()
        assert c.handle("stats-close", {})
        assert not s.open


def test_day_numbers_match_the_calendar():
    import datetime as dt

    from pyapp.ui.stats_data import _days

    for date in ("1970-01-01", "2000-02-29", "2026-03-01", "2026-12-31", "2100-03-01"):
        assert _days(date) == (dt.date.fromisoformat(date) - dt.date(1970, 1, 1)).days
    assert (
        streak(
            {"2026-02-28": {"game": "x", "score": 1}, "2026-03-01": {"game": "y", "score": 2}},
            "2026-03-01",
        )
        == 2
    )
