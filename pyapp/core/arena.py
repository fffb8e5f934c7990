"""The arena of every game: seeded games between bots, win rates, scores and decision times.

``python -m pyapp arena --game park|pyramids|... --bots strong,greedy [--games 200]
[--players 2] [--seed 1] [--json]`` (Caldera Park adds ``--variant``).

Speaks only the game protocol (``core.protocol.Game``): ``new_game``, ``to_move``,
``observation``, ``apply``, ``result`` and ``make_bot``.

Seating: in game ``g`` seat ``s`` is taken by bot ``names[(g + s) % len(names)]`` and the deal
(the game's own seed) changes every ``len(names)`` games, so every bot plays every seat of the
same deals. A single player (a solo game) plays each deal once per bot; ``games`` is then the
number of deals, and a bot "wins" a deal when no other bot scored more on it. Ties share the win
(two tied winners get half a win each). Everything is seeded, so the same command gives the same
wins and scores (decision times of course vary). Decision times are wall-clock;
``median_decision_cpu_ms`` (processor time of this process) is the same figure without the share
of a busy machine taken by other programs.
"""

from __future__ import annotations

import math
import statistics
import time

from .errors import OptionsError
from .options import check_seed

Z95 = 1.959963984540054
MAX_GAMES = 100_000  # games (solo: deals) of one arena run: hours of play, never unbounded
SEED_TEXT = 40  # characters of a text seed: "<seed>/<game>" must still be a seed (64)


def wilson(wins: float, games: int) -> tuple[float, float]:
    """95 % Wilson score interval of a win rate (``wins`` may hold half wins)."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = Z95 * Z95
    denom = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_timed(game, options: dict, bots: list, times: list[list]) -> dict:
    """Play one game; append each seat's decision times (wall-clock ms, processor ms) to
    ``times[seat]``. Bots see only their seat's observation."""
    state = game.new_game(options)
    while (p := game.to_move(state)) is not None:
        view = game.observation(state, p)
        t, c = time.perf_counter(), time.process_time()
        action = bots[p].choose(view)
        times[p].append(((time.perf_counter() - t) * 1000.0, (time.process_time() - c) * 1000.0))
        game.apply(state, action)
    return state


def check_settings(game, names, games, seed) -> None:
    """``ValueError`` (``OptionsError`` for the seed) naming what is wrong: an unknown bot, a
    number of games outside 1 to ``MAX_GAMES``, a seed that is no seed (``check_seed``) or a
    text seed over ``SEED_TEXT`` characters."""
    if not names:
        raise ValueError("the arena needs at least one bot")
    for name in names:
        if name not in game.bot_names:
            raise ValueError(f"unknown bot {name!r}: expected one of {', '.join(game.bot_names)}")
    if type(games) is not int or not 1 <= games <= MAX_GAMES:
        raise ValueError(f"the number of games is a whole number from 1 to {MAX_GAMES}")
    check_seed(seed)
    if len(str(seed)) > SEED_TEXT:
        raise OptionsError(
            f"the arena seed is a whole number or a text of at most {SEED_TEXT} characters "
            "(each game's seed is <seed>/<game>)"
        )


def run_arena(
    game, names, games=200, players=2, seed=1, options=None, progress=None, play=None
) -> dict:
    """Play the games and return ``{"bots": {name: figures}, "first_seat": ..., "length": ...,
    "settings": ...}``; ``options`` adds game options (a variant); ``play`` replaces
    ``play_timed`` (same arguments), for a game's own arena module."""
    check_settings(game, names, games, seed)
    play = play or play_timed
    extra = dict(options or {})
    distinct = list(dict.fromkeys(names))
    scores = {n: [] for n in distinct}
    wins = dict.fromkeys(distinct, 0.0)
    times = {n: [] for n in distinct}
    played = dict.fromkeys(distinct, 0)
    first_wins, lengths, finished = 0.0, [], 0
    if players == 1:
        for deal in range(games):
            opts = {**extra, "players": 1, "seed": f"{seed}/{deal}"}
            totals = {}
            for name in distinct:
                seat_times = [[]]
                bot = game.make_bot(name, f"{seed}/{deal}/0/{name}")
                state = play(game, opts, [bot], seat_times)
                totals[name] = game.result(state)["scores"][0]
                times[name] += seat_times[0]
                lengths.append(_length(game, state))
            best = max(totals.values())
            top = [n for n, s in totals.items() if s == best]
            for name, s in totals.items():
                scores[name].append(s)
                played[name] += 1
                if name in top:
                    wins[name] += 1 / len(top)
            if progress:
                progress(deal + 1, games)
    else:
        nb = len(names)
        for g in range(games):
            lineup = [names[(g + s) % nb] for s in range(players)]
            opts = {**extra, "players": players, "seed": f"{seed}/{g // nb}"}
            bots = [game.make_bot(n, f"{seed}/{g}/{s}/{n}") for s, n in enumerate(lineup)]
            seat_times = [[] for _ in range(players)]
            state = play(game, opts, bots, seat_times)
            result = game.result(state)
            winners = result["winners"]
            first = state["options"].get("first", 0)
            if winners:
                finished += 1
                if first in winners:
                    first_wins += 1 / len(winners)
            lengths.append(_length(game, state))
            for s, name in enumerate(lineup):
                score = result["scores"][s]
                if score is not None:
                    scores[name].append(score)
                played[name] += 1
                times[name] += seat_times[s]
                if s in winners:
                    wins[name] += 1 / len(winners)
            if progress:
                progress(g + 1, games)
    out = {name: _figures(played[name], wins[name], scores[name], times[name]) for name in distinct}
    if players == 1:
        for name in distinct:
            out[name].update(game.solo_report(scores[name]) if scores[name] else {})
    report = {
        "bots": out,
        "length": {"median": statistics.median(lengths), "max": max(lengths)},
        "settings": {
            "game": game.id,
            "bots": list(names),
            "games": games,
            "players": players,
            "seed": seed,
            **extra,
        },
    }
    if players > 1:
        low, high = wilson(first_wins, finished)
        report["first_seat"] = {
            "games": finished,
            "win_rate": first_wins / finished if finished else None,
            "win_rate_95": [low, high],
        }
        report["draws"] = games - finished
    return report


def _length(game, state: dict) -> int:
    """The length of a game in the game's own unit (rounds, turns), else in actions."""
    length = getattr(game, "game_length", None)
    return length(state) if length else len(state["log"])


def _figures(g: int, w: float, sc: list, ts: list) -> dict:
    wall = [t for t, _ in ts] or [0.0]
    cpu = [c for _, c in ts] or [0.0]
    return {
        "games": g,
        "wins": w,
        "win_rate": w / g,
        "win_rate_95": list(wilson(w, g)),
        "mean_score": statistics.mean(sc) if sc else None,
        "median_score": statistics.median(sc) if sc else None,
        "median_decision_ms": statistics.median(wall),
        "mean_decision_ms": statistics.mean(wall),
        "max_decision_ms": max(wall),
        "median_decision_cpu_ms": statistics.median(cpu),
        "decisions": len(ts),
    }


def print_report(report: dict) -> None:
    """The report as a table for people."""
    st = report["settings"]
    solo = st["players"] == 1
    what = "deals per bot" if solo else "games"
    variant = f", {st['variant']} variant" if "variant" in st else ""
    seats = "1 player" if st["players"] == 1 else f"{st['players']} players"
    print(
        f"arena ({st['game']}): {st['games']} {what}, {seats}{variant}, "
        f"seed {st['seed']}, bots {','.join(st['bots'])}"
    )
    head = (
        f"{'bot':<8} {'games':>6} {'wins':>7} {'win rate':>9} {'95% interval':>15} "
        f"{'score mean':>10} {'median':>7} {'ms/decision mean':>16} {'median':>7} {'cpu':>6}"
    )
    print(head)
    for name, e in report["bots"].items():
        low, high = e["win_rate_95"]
        mean = "-" if e["mean_score"] is None else f"{e['mean_score']:.1f}"
        median = "-" if e["median_score"] is None else f"{e['median_score']:g}"
        print(
            f"{name:<8} {e['games']:>6} {e['wins']:>7g} {e['win_rate'] * 100:>8.1f}% "
            f"{f'[{low * 100:.1f}, {high * 100:.1f}]':>15} {mean:>10} "
            f"{median:>7} {e['mean_decision_ms']:>16.1f} "
            f"{e['median_decision_ms']:>7.1f} {e['median_decision_cpu_ms']:>6.1f}"
        )
    print("(ms/decision: wall-clock; cpu: median processor time per decision, in ms)")
    if "first_seat" in report:
        f = report["first_seat"]
        if f["win_rate"] is not None:
            low, high = f["win_rate_95"]
            print(
                f"first seat wins {f['win_rate'] * 100:.1f}% of {f['games']} decided games "
                f"[{low * 100:.1f}, {high * 100:.1f}]; draws: {report['draws']}"
            )
    print(f"game length: median {report['length']['median']:g}, max {report['length']['max']}")
