"""Caldera Park in the arena (``core/arena.py``): the park's variants and its solo table.

``python -m pyapp arena [--game park] --bots strong,greedy [--games 200] [--players 2]
[--seed 1] [--variant base|solo|geyser] [--json]``: the generic arena with the park's options.
A solo deal is played once per bot, and in the solo challenge (``--variant solo``) each bot's
scores are sorted into the bands of the rule book's solo table. A one-player game of Geyser Park
is not a solo challenge: its report has the score spread but no bands (NOTES.md: the table
judges the solo challenge on the river side only).
"""

from __future__ import annotations

import statistics

from ...core import arena as core_arena
from ...core.arena import wilson  # noqa: F401  (re-exported: the park's arena figures use it)
from ..components import SOLO_RATINGS, solo_rating
from ..protocol import GAME
from ..variants import VARIANTS


def play_timed(options: dict, bots: list, times: list[list]) -> dict:
    """One timed game of Caldera Park (see ``core.arena.play_timed``)."""
    return core_arena.play_timed(GAME, options, bots, times)


def run_arena(names, games=200, players=2, seed=1, variant="base", progress=None) -> dict:
    """The generic arena on Caldera Park with ``variant`` (see ``core/arena.py``); solo bands
    only for the solo challenge."""
    report = core_arena.run_arena(
        GAME,
        names,
        games,
        players,
        seed,
        {"variant": variant},
        progress,
        play=lambda _game, options, bots, times: play_timed(options, bots, times),
    )
    if variant in VARIANTS and not VARIANTS[variant].rated:
        for entry in report["bots"].values():
            entry.pop("bands", None)
    return report


def solo_bands(scores: list[int]) -> dict:
    """Share of the scores in each band of the rule book's solo table, best band first."""
    counts = dict.fromkeys((key for _, key in SOLO_RATINGS), 0)
    for s in scores:
        counts[solo_rating(s)] += 1
    n = len(scores) or 1
    return {key: counts[key] / n for key in counts}


def solo_report(scores: list[int]) -> dict:
    """The spread of a bot's solo scores and its bands of the solo table."""
    return {
        "scores": {
            "min": min(scores),
            "quartiles": statistics.quantiles(scores, n=4) if len(scores) > 1 else [scores[0]] * 3,
            "max": max(scores),
            "histogram": _histogram(scores),
        },
        "bands": solo_bands(scores),
    }


def _histogram(scores: list[int]) -> dict:
    """Games per 10-point bin, keyed by the bin's lowest score."""
    bins: dict = {}
    for s in sorted(scores):
        b = s // 10 * 10
        bins[str(b)] = bins.get(str(b), 0) + 1
    return bins


def print_solo(report: dict) -> None:
    """The solo figures of a report: score spread, histogram and the solo table per bot."""
    if report["settings"]["players"] != 1:
        return
    if len(report["bots"]) > 1:
        print("(solo: a bot wins a deal when no other bot scored more on it)")
    for name, e in report["bots"].items():
        s = e["scores"]
        q1, q2, q3 = s["quartiles"]
        print(
            f"\n{name}: scores min {s['min']}, quartiles {q1:g} / {q2:g} / {q3:g}, max {s['max']}"
        )
        print("  histogram: " + ", ".join(f"{b}s: {c}" for b, c in s["histogram"].items()))
        if "bands" not in e:
            print("  (not rated: the solo table judges the solo challenge only)")
            continue
        print("  solo table:")
        for minimum, key in SOLO_RATINGS:
            label = f"{minimum}+" if minimum else f"<{SOLO_RATINGS[-2][0]}"
            print(f"    {label:>5} {key:<8} {e['bands'][key] * 100:5.1f}%")
