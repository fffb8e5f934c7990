"""The daily park: a solo challenge whose deal comes from the date alone, and what it shows.

* ``daily_seed(date)``: the seed of a date's deal ("2026-11-23"), the same on every device and
  offline: the date's digits followed by six digits of a SHA-256 of the date, so that the seed
  also says which date it belongs to (``daily_date`` reads it back from a game's options, and a
  saved or exported daily game is known as one without any extra field).
* ``share_text(...)``: the result to share: the date, score and rating, a small picture of
  coloured squares (one per scoring category, by how many points it made) and the streak. It
  never holds the seed nor anything of the deal (tiles, weather, moves).
* ``entry(ctrl)`` and ``result(ctrl)``: the daily park's button on the new-game screen and its
  panel on the end screen, drawn when the app's composition has the statistics feature (``stats``).
"""

from __future__ import annotations

from pyapp.park.daily import VARIANT, daily_date, daily_options, daily_seed  # noqa: F401

from ..i18n import add_texts, plural, t
from ..strings_stats import register
from ..vdom import E, h

register()
# "Streak: 1 day", not "1 days" (issue 23)
add_texts(
    {"daily.streak.one": "Streak: 1 day", "daily.streak.other": "Streak: {n} days in a row"},
    {"daily.streak.one": "Série : 1 jour", "daily.streak.other": "Série : {n} jours d'affilée"},
)

LANDSCAPES = ("waterfalls", "mountains", "prairie", "forest", "river", "geysers")
ANIMALS = ("goat", "bear", "wolf", "elk", "eagle", "bison")
# a category's square by its points: none, a few, many, plenty
SQUARES = ((10, "\U0001f7e9"), (5, "\U0001f7e7"), (1, "\U0001f7e8"), (0, "\u2b1c"))


def square(points) -> str:
    for minimum, mark in SQUARES:
        if points >= minimum:
            return mark
    return SQUARES[-1][1]


def picture(categories: dict) -> list[str]:
    """Two rows of squares: the landscapes, then the animals (a row of the scoring pad each)."""
    return ["".join(square(categories.get(c, 0)) for c in row) for row in (LANDSCAPES, ANIMALS)]


def share_text(
    date: str, score: int, rating: str | None, categories: dict, streak: int, counted: bool
) -> str:
    """The result to share (no seed, no deal)."""
    lines = [t("daily.share.head", date=date), t("daily.share.score", score=score)]
    if rating:
        lines[-1] += " " + t(f"solo.{rating}")
    lines += picture(categories)
    bad = categories.get("bad_weather", 0)
    if bad:
        lines.append(t("daily.share.weather", points=bad))
    if not counted:
        lines.append(t("daily.share.practice"))
    if streak:
        lines.append(plural("daily.streak", streak))
    return "\n".join(lines)


# --------------------------------------------------------------------- drawing


def entry(ctrl) -> E | None:
    """The daily park's button (and today's state) on the new-game screen."""
    feature = ctrl.shell.get("stats")
    if feature is None:
        return None
    today = feature.today()
    day = feature.day(today)
    if day is None:
        note = t("daily.note.new")
    elif day.get("score") is None:
        note = t("daily.note.started")
    else:
        note = t("daily.note.done", score=day["score"])
    streak = feature.current_streak()
    return h(
        "section",
        {"class": "daily-entry", "data-key": "daily-entry", "aria-labelledby": "daily-title"},
        h("h2", {"id": "daily-title"}, t("daily.title", date=today)),
        h("p", {"class": "daily-note"}, note),
        h("p", {"class": "daily-streak"}, plural("daily.streak", streak)) if streak else None,
        h(
            "button",
            {
                "type": "button",
                "class": "secondary",
                "data-action": "daily-start",
                "data-key": "daily-start",
            },
            t("daily.play") if day is None else t("daily.replay"),
        ),
    )


def result(ctrl) -> E | None:
    """The daily park's panel on the end screen: counted or not, the streak, Share."""
    feature = ctrl.shell.get("stats")
    date = daily_date(ctrl.state["options"]) if ctrl.state is not None else None
    if feature is None or date is None:
        return None
    counted = feature.is_counted(ctrl.state)
    text = feature.share_for(ctrl)
    return h(
        "section",
        {"class": "daily-result", "data-key": "daily-result", "aria-labelledby": "daily-r-title"},
        h("h2", {"id": "daily-r-title"}, t("daily.title", date=date)),
        h(
            "p",
            {"class": "daily-counted", "data-counted": "yes" if counted else "no"},
            t("daily.counted") if counted else t("daily.not_counted"),
        ),
        h("pre", {"class": "daily-share-text", "data-key": "daily-share-text"}, text),
        h(
            "button",
            {
                "type": "button",
                "class": "primary",
                "data-action": "daily-share",
                "data-key": "daily-share",
            },
            t("daily.share"),
        ),
        h("p", {"class": "daily-shared", "role": "status"}, feature.shared_note or ""),
    )
