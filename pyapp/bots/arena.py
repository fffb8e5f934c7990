"""The arena: seeded games between bots, with win rates, scores and decision times.

``python -m pyapp arena --bots strong,greedy [--games 200] [--players 2] [--seed 1]
[--variant base|solo|geyser] [--json]``

Seating: in game ``g`` seat ``s`` is taken by bot ``names[(g + s) % len(names)]`` and the deal
(the game's own seed) changes every ``len(names)`` games, so every bot plays every seat of the
same deals. A single player (``--variant solo``, or ``--players 1`` in Geyser Park) plays each
deal once per bot; ``--games`` is then the number of deals, and a bot "wins" a deal when no other
bot scored more on it. Ties share the win (two tied players get half a win each). Everything is
seeded, so the same command gives the same wins and scores (decision times of course vary).
Decision times are wall-clock; ``median_decision_cpu_ms`` (processor time of this process) is
the same figure without the share of a busy machine taken by other programs.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import time

from ..cli import _EXTRA_COMMANDS, UsageError, _seed
from ..rules.components import SOLO_RATINGS, solo_rating
from ..rules.game import apply, final_scores, is_over, new_game, observation, to_move
from ..rules.variants import VARIANTS
from . import BOT_NAMES, make_bot

Z95 = 1.959963984540054


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


def play_timed(options: dict, bots: list, times: list[list]) -> dict:
    """Play one game; append each seat's decision times (wall-clock ms, processor ms) to
    ``times[seat]``."""
    state = new_game(**options)
    while not is_over(state):
        p = to_move(state)
        view = observation(state, p)
        t, c = time.perf_counter(), time.process_time()
        action = bots[p].choose(view)
        times[p].append(((time.perf_counter() - t) * 1000.0, (time.process_time() - c) * 1000.0))
        apply(state, action)
    return state


def solo_bands(scores: list[int]) -> dict:
    """Share of the scores in each band of the rule book's solo table, best band first."""
    counts = dict.fromkeys((key for _, key in SOLO_RATINGS), 0)
    for s in scores:
        counts[solo_rating(s)] += 1
    n = len(scores) or 1
    return {key: counts[key] / n for key in counts}


def run_arena(names, games=200, players=2, seed=1, variant="base", progress=None) -> dict:
    """Play the games and return ``{"bots": {name: figures}}`` (see the module docstring)."""
    for name in names:
        if name not in BOT_NAMES:
            raise ValueError(f"unknown bot {name!r}: expected one of {', '.join(BOT_NAMES)}")
    if type(games) is not int or games < 1:
        raise ValueError("the number of games is a whole number of at least 1")
    if len(str(seed)) > 40:
        raise ValueError("the arena seed is a number or a text of at most 40 characters")
    distinct = list(dict.fromkeys(names))
    scores = {n: [] for n in distinct}
    wins = dict.fromkeys(distinct, 0.0)
    times = {n: [] for n in distinct}
    played = dict.fromkeys(distinct, 0)
    if players == 1:
        for deal in range(games):
            options = {"players": 1, "seed": f"{seed}/{deal}", "variant": variant}
            totals = {}
            for name in distinct:
                seat_times = [[]]
                bot = make_bot(name, f"{seed}/{deal}/0/{name}")
                state = play_timed(options, [bot], seat_times)
                totals[name] = final_scores(state)["players"][0]["total"]
                times[name] += seat_times[0]
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
            options = {"players": players, "seed": f"{seed}/{g // nb}", "variant": variant}
            bots = [make_bot(n, f"{seed}/{g}/{s}/{n}") for s, n in enumerate(lineup)]
            seat_times = [[] for _ in range(players)]
            state = play_timed(options, bots, seat_times)
            result = final_scores(state)
            for s, name in enumerate(lineup):
                scores[name].append(result["players"][s]["total"])
                played[name] += 1
                times[name] += seat_times[s]
                if s in result["winners"]:
                    wins[name] += 1 / len(result["winners"])
            if progress:
                progress(g + 1, games)
    out = {}
    for name in distinct:
        g, w, sc, ts = played[name], wins[name], scores[name], times[name]
        low, high = wilson(w, g)
        wall = [t for t, _ in ts]
        cpu = [c for _, c in ts]
        entry = {
            "games": g,
            "wins": w,
            "win_rate": w / g,
            "win_rate_95": [low, high],
            "mean_score": statistics.mean(sc),
            "median_score": statistics.median(sc),
            "median_decision_ms": statistics.median(wall),
            "mean_decision_ms": statistics.mean(wall),
            "max_decision_ms": max(wall),
            "median_decision_cpu_ms": statistics.median(cpu),
            "decisions": len(ts),
        }
        if players == 1:
            entry["scores"] = {
                "min": min(sc),
                "quartiles": statistics.quantiles(sc, n=4) if len(sc) > 1 else [sc[0]] * 3,
                "max": max(sc),
                "histogram": _histogram(sc),
            }
            entry["bands"] = solo_bands(sc)
        out[name] = entry
    return {
        "bots": out,
        "settings": {
            "bots": list(names),
            "games": games,
            "players": players,
            "seed": seed,
            "variant": variant,
        },
    }


def _histogram(scores: list[int]) -> dict:
    """Games per 10-point bin, keyed by the bin's lowest score."""
    bins: dict = {}
    for s in sorted(scores):
        b = s // 10 * 10
        bins[str(b)] = bins.get(str(b), 0) + 1
    return bins


def _print_report(report: dict) -> None:
    st = report["settings"]
    solo = st["players"] == 1
    what = "deals per bot" if solo else "games"
    print(
        f"arena: {st['games']} {what}, {st['players']} player(s), {st['variant']} variant, "
        f"seed {st['seed']}, bots {','.join(st['bots'])}"
    )
    head = (
        f"{'bot':<8} {'games':>6} {'wins':>7} {'win rate':>9} {'95% interval':>15} "
        f"{'score mean':>10} {'median':>7} {'ms/decision mean':>16} {'median':>7} {'cpu':>6}"
    )
    print(head)
    for name, e in report["bots"].items():
        low, high = e["win_rate_95"]
        print(
            f"{name:<8} {e['games']:>6} {e['wins']:>7g} {e['win_rate'] * 100:>8.1f}% "
            f"{f'[{low * 100:.1f}, {high * 100:.1f}]':>15} {e['mean_score']:>10.1f} "
            f"{e['median_score']:>7g} {e['mean_decision_ms']:>16.1f} "
            f"{e['median_decision_ms']:>7.1f} {e['median_decision_cpu_ms']:>6.1f}"
        )
    print("(ms/decision: wall-clock; cpu: median processor time per decision, in ms)")
    if solo:
        if len(report["bots"]) > 1:
            print("(solo: a bot wins a deal when no other bot scored more on it)")
        for name, e in report["bots"].items():
            s = e["scores"]
            q1, q2, q3 = s["quartiles"]
            print(
                f"\n{name}: scores min {s['min']}, quartiles {q1:g} / {q2:g} / {q3:g}, "
                f"max {s['max']}"
            )
            print("  histogram: " + ", ".join(f"{b}s: {c}" for b, c in s["histogram"].items()))
            print("  solo table:")
            for minimum, key in SOLO_RATINGS:
                label = f"{minimum}+" if minimum else f"<{SOLO_RATINGS[-2][0]}"
                print(f"    {label:>5} {key:<8} {e['bands'][key] * 100:5.1f}%")


def cmd_arena(args) -> int:
    names = [n.strip() for n in args.bots.split(",") if n.strip()]
    if not names:
        raise UsageError("--bots needs at least one bot name, e.g. --bots strong,greedy")
    # unknown bot names: run_arena's ValueError (main() reports it the same way, exit status 2)
    if args.games < 1:
        raise UsageError(f"--games must be at least 1, not {args.games}")
    if len(str(args.seed)) > 40:
        raise UsageError("--seed is a number or a text of at most 40 characters")
    variant = VARIANTS[args.variant]
    players = args.players
    if players is None:
        players = 1 if args.variant == "solo" else 2
    if not variant.min_players <= players <= variant.max_players:
        span = (
            f"{variant.min_players} player"
            if variant.min_players == variant.max_players
            else f"{variant.min_players}-{variant.max_players} players"
        )
        raise UsageError(f"the {args.variant} variant takes {span}, not {players}")
    progress = None
    if args.progress:

        def progress(done, total):
            print(f"\r{done}/{total}", end="" if done < total else "\n", file=sys.stderr)

    report = run_arena(names, args.games, players, args.seed, args.variant, progress)
    if args.json:
        print(json.dumps(report))
    else:
        _print_report(report)
    return 0


def register(sub) -> None:
    """Add the ``arena`` sub-command to the CLI's sub-parsers."""
    p = sub.add_parser("arena", help="play seeded games between bots, print win rates and scores")
    p.add_argument(
        "--bots",
        default="greedy,random",
        help=f"comma-separated bot names, one of {', '.join(BOT_NAMES)} (default greedy,random)",
    )
    p.add_argument("--games", type=int, default=200, help="games (solo: deals per bot)")
    p.add_argument("--players", type=int, default=None, help="players per game (default 2)")
    p.add_argument("--seed", type=_seed, default=1)
    p.add_argument("--variant", default="base", choices=list(VARIANTS))
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--progress", action="store_true", help="show progress on standard error")
    p.set_defaults(run=cmd_arena)


_EXTRA_COMMANDS.append(register)
