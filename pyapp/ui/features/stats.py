"""Statistics and the daily park, a feature of the shell (``pyapp/ui/feature.py``; pure Python).

``Stats(tables, storage, saves, platform)`` (``tables``: the box; ``saves``: the saved-games
feature, for the running game's id and the saved games to count again):

* hears of every change of the table (``after_change``, after the saved games' autosave): a
  game that just ended gets its line (``stats_data.line_of``) in the statistics entry, once per
  game; a daily park started today for the first time becomes the day's counted try;
* adds a header entry "Statistics" and draws its screen over the game (the bots wait meanwhile):
  games played and won per game, variant and opponents, solo and daily best, the streak, a chart
  of the solo scores over time (an SVG drawn here) and the average points per scoring category;
* rides along the saved games' files: an export carries the statistics (``stats`` member), an
  import adds the lines it lacks (files without it import as before);
* offers the daily park (``daily-start``) and shares its result (``daily-share``: the
  platform's ``share(text, callback)``, the Web Share API or the clipboard).

A statistics entry that cannot be read is reported on its screen and kept as it is; "Count again
from the saved games" keeps its text aside and rebuilds (``StatsStore.rebuild``).
"""

from __future__ import annotations

import time

from pyapp import games
from pyapp.core import jsontext

from .. import game_screens
from ..feature import Overlay
from ..frame import titled_screen
from ..i18n import t
from ..saves import SaveError
from ..stats_data import (
    StatsError,
    StatsStore,
    figures,
    line_of,
    merge,
    parse_stats,
    record_key,
    streak,
)
from ..strings_stats import register
from ..vdom import h, svg_num

register()

CHART_W, CHART_H, CHART_PAD = 320, 140, 24


class Stats(Overlay):
    name = "stats"

    def __init__(self, tables, storage, saves=None, platform=None, clock=None):
        self.tables = tables
        self.store = StatsStore(storage)
        self.saves = saves
        self.platform = platform
        self.clock = clock or (lambda: int(time.time() * 1000))
        self.open = False
        self.problem: str | None = None  # message key of an unreadable entry
        self.shared_note: str | None = None
        self._seen_state = None
        self._ended = None  # the state whose end was recorded

    @property
    def c(self):
        """The table on screen."""
        return self.tables.table

    # ------------------------------------------------------------------ the shell's questions

    def menu(self, table) -> list[tuple[str, ...]]:
        return [("stats", "menu.stats")]

    def after_change(self, table) -> None:
        self.observe()

    def imported(self, text: str) -> None:
        self.import_extra(text)

    # ------------------------------------------------------------------ dates

    def today(self) -> str:
        offset = getattr(self.platform, "tz_offset_min", 0) if self.platform else 0
        tm = time.gmtime(self.clock() / 1000 + offset * 60)
        return f"{tm.tm_year:04d}-{tm.tm_mon:02d}-{tm.tm_mday:02d}"

    def _data(self) -> dict | None:
        try:
            data = self.store.load()
        except StatsError as e:
            self.problem = e.key
            return None
        self.problem = None
        return data

    def day(self, date: str) -> dict | None:
        data = self._data()
        return None if data is None else data["daily"].get(date)

    def current_streak(self) -> int:
        data = self._data()
        return 0 if data is None else streak(data["daily"], self.today())

    # ------------------------------------------------------------------ recording

    def _game_id(self) -> str:
        gid = getattr(self.saves, "game_id", None)
        return gid if gid else f"mem-{id(self.c.state)}"

    def _update(self, change) -> None:
        try:
            self.store.update(change)
            self.problem = None
        except StatsError as e:  # kept as it is: the screen says so and offers a rebuild
            self.problem = e.key
        except SaveError:  # a full quota: the saved game still holds it (count again)
            self.problem = "stats.error.write"

    def observe(self, table=None) -> None:
        """The table's hook after every change (after the autosave)."""
        state = self.c.state
        if state is None:
            return
        game = self.c.game
        date = game_screens.daily_date(game.id, state["options"])
        if state is not self._seen_state:
            self._seen_state = state
            self.shared_note = None
            if date is not None and date == self.today() and not game.is_over(state):
                gid = self._game_id()

                def start(data):
                    data["daily"].setdefault(date, {"game": gid, "score": None, "rating": None})

                self._update(start)
        if not game.is_over(state) or self._ended is state:
            return
        self._ended = state
        session = self.c.session()
        hints = bool(session.get("hints_used") or getattr(self.c, "hints_used", False))
        line = line_of(game, state, self.c.seats, self.clock(), date, hints)
        key = record_key(game, state)
        gid = self._game_id()

        def end(data):
            data["games"].setdefault(key, line)
            day = data["daily"].get(date) if date else None
            if day is not None and day["game"] == gid and day["score"] is None:
                day["score"] = line["score"]
                day["rating"] = self.c.result.get("solo_rating") if self.c.result else None

        self._update(end)

    def is_counted(self, state) -> bool:
        date = game_screens.daily_date(self.c.game.id, state["options"])
        day = self.day(date) if date else None
        return day is not None and day["game"] == self._game_id()

    def share_for(self, ctrl) -> str:
        share = game_screens.extra(ctrl.game.id, "daily_share")
        return share(ctrl, self.current_streak(), self.is_counted(ctrl.state))

    # ------------------------------------------------------------------ export and import

    def export_extra(self, table=None) -> dict:
        data = self._data()
        return {"stats": data} if data is not None else {}

    def import_extra(self, text) -> None:
        """An imported file's statistics: the lines and days this profile lacks are added."""
        try:
            parsed = jsontext.loads(str(text).lstrip("\ufeff"))
        except (ValueError, RecursionError):
            return
        other = parsed.get("stats") if isinstance(parsed, dict) else None
        if other is None:
            return
        try:
            theirs = parse_stats(other)
        except StatsError:
            self.problem = "stats.error.import"
            return
        self._update(lambda data: merge(data, theirs))

    # ------------------------------------------------------------------ screens

    def show(self) -> None:
        self.open = True
        self.c.focus = "stats-title"

    def handle(self, action: str, data: dict | None = None, table=None):
        if action == "stats":  # the header entry
            self.show()
            return True
        if action in ("saves", "rules") or (self.open and not action.startswith("stats-")):
            self.open = False  # another overlay or anything of the game closes this screen
            return None
        if action == "stats-close":
            self.open = False
            self.c.focus = "menu-stats"
            return True
        if action == "stats-rebuild":
            if self.saves is None:
                return False
            try:
                self.store.rebuild(self.saves.store)
                self.problem = None
            except SaveError:
                self.problem = "stats.error.write"
            return True
        if action == "daily-start":
            return self.start_daily()
        if action == "daily-share":
            return self.share()
        return None

    def start_daily(self) -> bool:
        game_id = game_screens.daily_game()
        if game_id is None:
            return False
        table = self.tables.switch(game_id)
        form = getattr(table, "form", None)
        name = form.names[0] if form is not None and form.names else t("setup.default_name", n=1)
        table.hide_between = True
        options = game_screens.extra(game_id, "daily_options")(self.today(), name)
        table.start_game(options, ["human"])
        return True

    def share(self) -> bool:
        ctrl = self.c
        if ctrl.state is None or ctrl.result is None:
            return False
        text = self.share_for(ctrl)
        if self.platform is None or not hasattr(self.platform, "share"):
            self.shared_note = t("daily.shared.failed")
            return True

        def done(how):
            # the person closed the share sheet: nothing was shared or copied, nothing to say
            self.shared_note = None if how == "cancelled" else t(f"daily.shared.{how}")

        self.platform.share(text, done)
        return True

    def screen(self, table=None):
        data = self._data()
        body = []
        if self.problem is not None:
            body.append(
                h(
                    "div",
                    {"class": "stats-problem", "role": "alert", "data-problem": self.problem},
                    h("p", None, t(self.problem)),
                    h(
                        "button",
                        {"type": "button", "data-action": "stats-rebuild", "data-key": "rebuild"},
                        t("stats.rebuild"),
                    ),
                )
            )
        if data is not None:
            body += self._figures(figures(data, self.today()))
        return titled_screen(
            "stats",
            "stats-screen",
            t("stats.title"),
            body,
            h(
                "button",
                {"type": "button", "data-action": "stats-close", "data-key": "stats-close"},
                t("saves.back"),
            ),
        )

    def _figures(self, f: dict) -> list:
        out = []
        rows = []
        for entry in games.ENTRIES:
            g = f["games"].get(entry.id)
            if g is None:
                continue
            rows.append(
                h(
                    "tr",
                    {"class": "stats-game", "data-game": entry.id},
                    h("th", {"scope": "row"}, entry.title),
                    h("td", {"data-n": "played"}, str(g["played"])),
                    h("td", {"data-n": "won"}, str(g["won"])),
                )
            )
            for (variant, players, opp), row in sorted(g["rows"].items()):
                rows.append(
                    h(
                        "tr",
                        {"class": "stats-row"},
                        h("th", {"scope": "row"}, self._row_label(entry.id, variant, players, opp)),
                        h("td", None, str(row["played"])),
                        h("td", None, str(row["won"])),
                    )
                )
        if not rows:
            out.append(h("p", {"class": "stats-empty"}, t("stats.empty")))
        else:
            out.append(
                h(
                    "table",
                    {"class": "stats-table", "data-key": "stats-games"},
                    h("caption", None, t("stats.games")),
                    h(
                        "tr",
                        None,
                        h("th", {"scope": "col"}, t("stats.game")),
                        h("th", {"scope": "col"}, t("stats.played")),
                        h("th", {"scope": "col"}, t("stats.won")),
                    ),
                    rows,
                )
            )
        facts = [
            ("stats.solo_best", f["solo_best"]),
            ("stats.daily_best", f["daily_best"]),
            ("stats.daily_played", f["daily_played"]),
            ("stats.streak", f["streak"]),
            ("stats.hints", f["hints"]),
        ]
        out.append(
            h(
                "dl",
                {"class": "stats-facts"},
                [
                    [
                        h("dt", None, t(k)),
                        h("dd", {"data-fact": k[6:]}, "–" if v is None else str(v)),
                    ]
                    for k, v in facts
                ],
            )
        )
        if f["solo_series"]:
            out.append(self._chart(f["solo_series"]))
        if f["categories"]:
            out.append(
                h(
                    "table",
                    {"class": "stats-cats", "data-key": "stats-cats"},
                    h("caption", None, t("stats.categories", n=f["sheets"])),
                    [
                        h(
                            "tr",
                            {"data-cat": cat},
                            h("th", {"scope": "row"}, t(f"cat.{cat}")),
                            h("td", None, _num(pts)),
                        )
                        for cat, pts in f["categories"].items()
                    ],
                )
            )
        return out

    def _row_label(self, game_id: str, variant: str, players: int, opp: str) -> str:
        parts = []
        if variant:
            label = game_screens.extra(game_id, "variant_label")
            parts.append(label(variant) if label is not None else variant)
        if not opp:
            parts.append(t("stats.alone"))
        elif opp.endswith("!"):
            parts.append(t("stats.bots_only", n=players))
        else:
            names = [t("stats.person") if k == "human" else k for k in opp.split("+")]
            parts.append(t("stats.against", who=", ".join(names)))
        return " · ".join(parts)

    def _chart(self, series: list) -> object:
        """The solo scores over time: a line through the games in order, a dot per game (a
        hollow one where hints were used)."""
        best = max(s for _, s, _ in series)
        top = max(50, best)
        n = len(series)
        w, hgt, pad = CHART_W, CHART_H, CHART_PAD

        def x(i):
            return pad + (w - 2 * pad) * (i / (n - 1) if n > 1 else 0.5)

        def y(s):
            return hgt - pad - (hgt - 2 * pad) * s / top

        pts = " ".join(f"{svg_num(x(i))},{svg_num(y(s))}" for i, (_, s, _) in enumerate(series))
        dots = [
            h(
                "circle",
                {
                    "cx": svg_num(x(i)),
                    "cy": svg_num(y(s)),
                    "r": "3",
                    "class": "chart-dot" + (" hinted" if hinted else ""),
                },
            )
            for i, (_, s, hinted) in enumerate(series)
        ]
        label = t("stats.chart_label", n=n, first=series[0][1], last=series[-1][1], best=best)
        return h(
            "figure",
            {"class": "stats-chart", "data-key": "stats-chart"},
            h(
                "svg",
                {
                    "viewBox": f"0 0 {w} {hgt}",
                    "role": "img",
                    "aria-label": label,
                    "class": "chart",
                },
                h(
                    "line",
                    {
                        "x1": str(pad),
                        "y1": str(hgt - pad),
                        "x2": str(w - pad),
                        "y2": str(hgt - pad),
                        "class": "chart-axis",
                    },
                ),  # fmt: skip
                h("text", {"x": "2", "y": str(pad - 6), "class": "chart-text"}, str(top)),
                h("text", {"x": "2", "y": str(hgt - pad + 4), "class": "chart-text"}, "0"),
                h("polyline", {"points": pts, "class": "chart-line", "fill": "none"}),
                dots,
            ),
            h("figcaption", None, t("stats.chart")),
        )


def _num(v) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.1f}"
