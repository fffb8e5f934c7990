"""Caledea's balance arena: every pairing of two kingdoms, both ways round, between bots.

``python -m pyapp.caledea.balance [--games 10] [--bot strong] [--seed 1] [--jobs 1] [--json]
[--players 2|3|4] [--log FILE [--report-only]]``

Two players (the default): for each of the 36 pairings of the nine kingdoms it plays ``games``
games with each kingdom moving first (so ``2 * games`` per pairing, ``16 * games`` per
kingdom), the same bot in every seat, and prints each kingdom's win rate with its 95 % (Wilson)
interval, the first player's win rate, the median game length in rounds and the share of games
that reach the round limit, against the goals of issue 27: every kingdom 42-58 % in a run (and
45-55 % pooled over several runs: ``--report-only`` with several ``--log`` files), first player
at most 53 %, at most 5 % of games at the round limit, median at most 40 rounds.

Three or four players (``--players 3|4``): ``games`` draws of that many kingdoms, each drawn
from the seed, every draw played once with each rotation of its seats (each kingdom once in
each seat); each kingdom's share of wins is reported against its fair share ``1/n``, with the
first seat's share and the round-limit share.

Seeded: the same command gives the same figures. ``--jobs`` plays on several processes.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from itertools import combinations

from ..core.arena import wilson
from ..core.errors import OptionsError
from ..core.options import check_seed, seed_from_text
from . import cards, engine
from .bots import BOT_NAMES, make_bot

GOALS = {
    "kingdom_low": 0.42,  # every kingdom in one run
    "kingdom_high": 0.58,
    "pooled_low": 0.45,  # every kingdom pooled over several runs
    "pooled_high": 0.55,
    "first_high": 0.53,
    "round_limit": 0.05,  # share of games that reach the round limit
    "median_rounds": 40,
}
MAX_GAMES = 10_000  # per pairing and order: 720,000 games, never an unbounded run
MAX_JOBS = 64


def jobs(games: int, seed, players: int = 2) -> list[dict]:
    """One entry per game: the kingdoms in seat order (the first seat moves first) and a seed.
    Two players: round by round (every pairing both ways, then again), so that any number of
    whole rounds gives every kingdom the same number of games. More players: ``games`` draws of
    ``players`` kingdoms (drawn from the seed), each played in every rotation of its seats."""
    out = []
    if players != 2:
        names = cards.kingdom_names()
        for g in range(games):
            drawn = random.Random(f"{seed}/{players}p/{g}").sample(names, players)
            for r in range(players):
                seats = drawn[r:] + drawn[:r]
                out.append({"kingdoms": seats, "seed": f"{seed}/{players}p/{g}/{r}"})
        return out
    for g in range(games):
        for a, b in combinations(cards.kingdom_names(), 2):
            for order in ((a, b), (b, a)):
                out.append({"kingdoms": list(order), "seed": f"{seed}/{a}/{b}/{g}"})
    return out


def check_arguments(games: int, seed: str, jobs_n: int = 1, players: int = 2) -> str | None:
    """Why the command's counts or seed cannot run (``None`` when they can): ``games`` from 1
    to ``MAX_GAMES``, ``jobs_n`` from 1 to ``MAX_JOBS``, and a seed (the rule of every game,
    ``core.options``) that leaves room for each game's ``<seed>/<kingdom>/<kingdom>/<game>``."""
    if not 1 <= games <= MAX_GAMES:
        return f"--games is a whole number from 1 to {MAX_GAMES}, not {games}"
    if not 1 <= jobs_n <= MAX_JOBS:
        return f"--jobs is a whole number from 1 to {MAX_JOBS}, not {jobs_n}"
    if players not in (2, 3, 4):
        return f"--players is 2, 3 or 4, not {players}"
    a, b = sorted(cards.kingdom_names(), key=len)[-2:]
    try:
        seed_from_text(seed)
        check_seed(f"{seed}/{a}/{b}/{games - 1}")
    except OptionsError as e:
        return f"--seed: {e} (each game's seed is <seed>/<kingdom>/<kingdom>/<game>)"
    return None


def play_one(job: dict, bot: str = "strong") -> dict:
    n = len(job["kingdoms"])
    options = {"players": n, "seed": job["seed"], "kingdoms": job["kingdoms"], "first": 0}
    state = engine.new_game(options)
    bots = [make_bot(bot, f"{job['seed']}/{s}") for s in range(n)]
    while (p := engine.to_move(state)) is not None:
        engine.apply(state, bots[p].choose(engine.observation(state, p)))
    res = engine.result(state)
    return {
        "kingdoms": job["kingdoms"],
        "seed": job["seed"],
        "winners": res["winners"],
        "how": res["how"],
        "rounds": state["round"],
    }


def _play_star(args):
    return play_one(*args)


def run(
    games: int = 10,
    bot: str = "strong",
    seed=1,
    jobs_n: int = 1,
    progress=None,
    log=None,
    players: int = 2,
) -> dict:
    """Play the games (on ``jobs_n`` processes) and report. ``log``: a file where each result
    is appended as a JSON line as soon as it is known; results already there (same seed and
    bot) are not played again, so a long run can be stopped and resumed."""
    todo = jobs(games, seed, players)
    done = {}
    if log is not None:
        done = read_log(log, bot)
    results = [done[game_key(j)] for j in todo if game_key(j) in done]
    left = [j for j in todo if game_key(j) not in done]
    out = open(log, "a", encoding="utf-8") if log is not None else None  # noqa: SIM115

    def keep(r, n: int) -> None:
        results.append(r)
        if out is not None:
            out.write(json.dumps({**r, "bot": bot}) + "\n")
            out.flush()
        if progress:
            progress(n, len(todo))

    try:
        if jobs_n > 1:
            from multiprocessing import Pool

            with Pool(jobs_n) as pool:
                for r in pool.imap(_play_star, [(j, bot) for j in left]):
                    keep(r, len(results) + 1)
        else:
            for j in left:
                keep(play_one(j, bot), len(results) + 1)
    finally:
        if out is not None:
            out.close()
    return report(results, games, bot, seed)


def game_key(r: dict) -> tuple:
    """What names a game of a run (a job or its result): its seed and its kingdoms in seat order."""
    return r["seed"], tuple(r["kingdoms"])


def read_log(path: str, bot: str) -> dict:
    """The results of ``bot`` in the log at ``path`` (none when there is no file yet), by
    ``game_key``."""
    done = {}
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                if r.get("bot") == bot:
                    done[game_key(r)] = r
    except FileNotFoundError:
        pass
    return done


def run_seed(game_seed: str) -> str:
    """The run's seed in a game's seed: ``<seed>/<a>/<b>/<game>`` or ``<seed>/<n>p/<draw>/<r>``."""
    return game_seed.rsplit("/", 3)[0]


def report(results: list[dict], games: int, bot: str, seed) -> dict:
    """The figures of ``results`` (games of one number of players) and the goals they meet.
    Results of several runs (several seeds) are pooled: the pooled range of the goals then
    applies to each kingdom."""
    names = cards.kingdom_names()
    sizes = {len(r["kingdoms"]) for r in results}
    if len(sizes) > 1:
        raise ValueError(f"results of games of {sorted(sizes)} players cannot be pooled")
    n_players = sizes.pop() if sizes else 2
    fair = 1 / n_players
    seeds = sorted({run_seed(r["seed"]) for r in results if "seed" in r})
    wins = dict.fromkeys(names, 0.0)
    played = dict.fromkeys(names, 0)
    first = 0.0
    hows: dict[str, int] = {}
    for r in results:
        share = 1 / len(r["winners"])
        for s, k in enumerate(r["kingdoms"]):
            played[k] += 1
            if s in r["winners"]:
                wins[k] += share
        if 0 in r["winners"]:
            first += share
        hows[r["how"]] = hows.get(r["how"], 0) + 1
    rounds = [r["rounds"] for r in results]
    kingdoms = {
        k: {
            "games": played[k],
            "wins": wins[k],
            "win_rate": wins[k] / played[k] if played[k] else None,
            "win_rate_95": list(wilson(wins[k], played[k])),
            "vs_fair_share": wins[k] / played[k] / fair if played[k] else None,
        }
        for k in names
    }
    n = len(results)
    limit = hows.get("rounds", 0)
    out = {
        "settings": {
            "games_per_pairing_and_order": games,
            "players": n_players,
            "bot": bot,
            "seed": seed if len(seeds) <= 1 else seeds,
            "games": n,
        },
        "kingdoms": kingdoms,
        "fair_share": fair,
        "first_player": {"win_rate": first / n, "win_rate_95": list(wilson(first, n))},
        "rounds": {
            "median": statistics.median(rounds),
            "max": max(rounds),
            "at_limit": limit,
            "at_limit_share": limit / n,
        },
        "endings": hows,
    }
    if n_players != 2:
        out["goals_met"] = {}  # the goals are for 2-player games; here: the fair share
        return out
    g = GOALS
    low, high = (
        (g["pooled_low"], g["pooled_high"])
        if len(seeds) > 1
        else (g["kingdom_low"], g["kingdom_high"])
    )
    out["goals_met"] = {
        "kingdoms": all(
            e["win_rate"] is not None and low <= e["win_rate"] <= high for e in kingdoms.values()
        ),
        "first_player": out["first_player"]["win_rate"] <= g["first_high"],
        "round_limit": limit / n <= g["round_limit"],
        "median_rounds": out["rounds"]["median"] <= g["median_rounds"],
    }
    return out


def print_report(rep: dict) -> None:
    st = rep["settings"]
    n = st["players"]
    if n == 2:
        what = f"{st['games_per_pairing_and_order']} per pairing and order"
    else:
        what = f"{n} players, kingdoms drawn, every rotation of the seats"
    seeds = st["seed"]
    seeds = ", ".join(map(str, seeds)) + " pooled" if isinstance(seeds, list) else seeds
    print(f"Caledea balance: {st['games']} games ({what}), bot {st['bot']} in every seat,", end="")
    print(f" seed {seeds}")
    print(
        f"{'kingdom':<10} {'games':>6} {'wins':>7} {'win rate':>9} {'95% interval':>15}"
        + (f" {'x fair':>7}" if n != 2 else "")
    )
    for k, e in sorted(rep["kingdoms"].items(), key=lambda x: -(x[1]["win_rate"] or 0)):
        if not e["games"]:
            continue
        low, high = e["win_rate_95"]
        print(
            f"{k:<10} {e['games']:>6} {e['wins']:>7g} {e['win_rate'] * 100:>8.1f}% "
            f"{f'[{low * 100:.1f}, {high * 100:.1f}]':>15}"
            + (f" {e['vs_fair_share']:>7.2f}" if n != 2 else "")
        )
    if n != 2:
        print(f"fair share of wins: {rep['fair_share'] * 100:.1f}% (1 in {n})")
    f = rep["first_player"]
    print(
        f"first player wins {f['win_rate'] * 100:.1f}% "
        f"[{f['win_rate_95'][0] * 100:.1f}, {f['win_rate_95'][1] * 100:.1f}]"
    )
    r = rep["rounds"]
    print(
        f"game length: median {r['median']:g} rounds, max {r['max']}; at the round limit "
        f"{r['at_limit']} of {st['games']} ({r['at_limit_share'] * 100:.1f}%)"
    )
    print("endings: " + ", ".join(f"{k} {v}" for k, v in sorted(rep["endings"].items())))
    met = rep["goals_met"]
    if met:
        print("goals: " + ", ".join(f"{k} {'met' if v else 'NOT met'}" for k, v in met.items()))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m pyapp.caledea.balance",
        description=(__doc__ or "Caledea balance arena").splitlines()[0],
    )
    ap.add_argument("--games", type=int, default=10, help="games per pairing and order")
    ap.add_argument("--bot", default="strong", choices=BOT_NAMES)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--progress", action="store_true")
    ap.add_argument("--players", type=int, default=2, help="players a game: 2, 3 or 4")
    ap.add_argument(
        "--log",
        action="append",
        default=None,
        help="JSON-lines file of results (resumable); several with --report-only pool them",
    )
    ap.add_argument(
        "--report-only", action="store_true", help="report the results in --log, play nothing"
    )
    args = ap.parse_args(argv)
    problem = check_arguments(args.games, args.seed, args.jobs, args.players)
    if problem is None and args.log and len(args.log) > 1 and not args.report_only:
        problem = "several --log files only with --report-only (to pool them)"
    if problem is not None:
        print(f"error: {problem}", file=sys.stderr)
        return 2

    def progress(done, total):
        print(f"\r{done}/{total}", end="" if done < total else "\n", file=sys.stderr)

    if args.report_only:
        if args.log is None:
            print("error: --report-only needs --log", file=sys.stderr)
            return 2
        results = [r for path in args.log for r in read_log(path, args.bot).values()]
        results = [r for r in results if len(r["kingdoms"]) == args.players]
        if not results:
            print(
                f"error: no {args.players}-player results of {args.bot} in --log", file=sys.stderr
            )
            return 2
        # the settings come from the log: its seeds, and its games per pairing and order (or
        # draws) for each seed
        seeds = sorted({run_seed(r["seed"]) for r in results})
        per_game = len(jobs(1, seeds[0], args.players)) * len(seeds)
        games = len(results) // per_game or args.games
        rep = report(results, games, args.bot, seeds[0] if len(seeds) == 1 else args.seed)
    else:
        rep = run(
            args.games,
            args.bot,
            args.seed,
            args.jobs,
            progress if args.progress else None,
            args.log[0] if args.log else None,
            args.players,
        )
    print(json.dumps(rep) if args.json else "", end="\n" if args.json else "")
    if not args.json:
        print_report(rep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
