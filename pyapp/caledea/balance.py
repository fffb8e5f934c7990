"""Caledea's balance arena: every pairing of two kingdoms, both ways round, between bots.

``python -m pyapp.caledea.balance [--games 10] [--bot strong] [--seed 1] [--jobs 1] [--json]``

For each of the 36 pairings of the nine kingdoms it plays ``games`` games with each kingdom
moving first (so ``2 * games`` per pairing, ``16 * games`` per kingdom), the same bot in every
seat, and prints each kingdom's win rate with its 95 % (Wilson) interval, the first player's win
rate and the median game length in rounds, against the goals of the design notes: every kingdom
40-60 %, first player at most 55 %, median at most 40 rounds. Seeded: the same command gives the
same figures. ``--jobs`` plays on several processes.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from itertools import combinations

from ..core.arena import wilson
from ..core.errors import OptionsError
from ..core.options import check_seed, seed_from_text
from . import cards, engine
from .bots import BOT_NAMES, make_bot

GOALS = {"kingdom_low": 0.40, "kingdom_high": 0.60, "first_high": 0.55, "median_rounds": 40}
MAX_GAMES = 10_000  # per pairing and order: 720,000 games, never an unbounded run
MAX_JOBS = 64


def jobs(games: int, seed) -> list[dict]:
    """One entry per game: the kingdoms in seat order (the first seat moves first) and a seed.
    Round by round (every pairing both ways, then again), so that any number of whole rounds
    gives every kingdom the same number of games."""
    out = []
    for g in range(games):
        for a, b in combinations(cards.kingdom_names(), 2):
            for order in ((a, b), (b, a)):
                out.append({"kingdoms": list(order), "seed": f"{seed}/{a}/{b}/{g}"})
    return out


def check_arguments(games: int, seed: str, jobs_n: int = 1) -> str | None:
    """Why the command's counts or seed cannot run (``None`` when they can): ``games`` from 1
    to ``MAX_GAMES``, ``jobs_n`` from 1 to ``MAX_JOBS``, and a seed (the rule of every game,
    ``core.options``) that leaves room for each game's ``<seed>/<kingdom>/<kingdom>/<game>``."""
    if not 1 <= games <= MAX_GAMES:
        return f"--games is a whole number from 1 to {MAX_GAMES}, not {games}"
    if not 1 <= jobs_n <= MAX_JOBS:
        return f"--jobs is a whole number from 1 to {MAX_JOBS}, not {jobs_n}"
    a, b = sorted(cards.kingdom_names(), key=len)[-2:]
    try:
        seed_from_text(seed)
        check_seed(f"{seed}/{a}/{b}/{games - 1}")
    except OptionsError as e:
        return f"--seed: {e} (each game's seed is <seed>/<kingdom>/<kingdom>/<game>)"
    return None


def play_one(job: dict, bot: str = "strong") -> dict:
    options = {"players": 2, "seed": job["seed"], "kingdoms": job["kingdoms"], "first": 0}
    state = engine.new_game(options)
    bots = [make_bot(bot, f"{job['seed']}/{s}") for s in range(2)]
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
    games: int = 10, bot: str = "strong", seed=1, jobs_n: int = 1, progress=None, log=None
) -> dict:
    """Play the games (on ``jobs_n`` processes) and report. ``log``: a file where each result
    is appended as a JSON line as soon as it is known; results already there (same seed and
    bot) are not played again, so a long run can be stopped and resumed."""
    todo = jobs(games, seed)
    done = {}
    if log is not None:
        done = _read_log(log, bot)
    results = [
        done[j["seed"], tuple(j["kingdoms"])]
        for j in todo
        if (j["seed"], tuple(j["kingdoms"])) in done
    ]
    left = [j for j in todo if (j["seed"], tuple(j["kingdoms"])) not in done]
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


def _read_log(path: str, bot: str) -> dict:
    done = {}
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                if r.get("bot") == bot:
                    done[r["seed"], tuple(r["kingdoms"])] = r
    except FileNotFoundError:
        pass
    return done


def report(results: list[dict], games: int, bot: str, seed) -> dict:
    names = cards.kingdom_names()
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
        }
        for k in names
    }
    n = len(results)
    out = {
        "settings": {"games_per_pairing_and_order": games, "bot": bot, "seed": seed, "games": n},
        "kingdoms": kingdoms,
        "first_player": {"win_rate": first / n, "win_rate_95": list(wilson(first, n))},
        "rounds": {"median": statistics.median(rounds), "max": max(rounds)},
        "endings": hows,
    }
    g = GOALS
    out["goals_met"] = {
        "kingdoms": all(
            e["win_rate"] is not None and g["kingdom_low"] <= e["win_rate"] <= g["kingdom_high"]
            for e in kingdoms.values()
        ),
        "first_player": out["first_player"]["win_rate"] <= g["first_high"],
        "median_rounds": out["rounds"]["median"] <= g["median_rounds"],
    }
    return out


def print_report(rep: dict) -> None:
    st = rep["settings"]
    print(
        f"Caledea balance: {st['games']} games ({st['games_per_pairing_and_order']} per pairing "
        f"and order), bot {st['bot']} in every seat, seed {st['seed']}"
    )
    print(f"{'kingdom':<10} {'games':>6} {'wins':>7} {'win rate':>9} {'95% interval':>15}")
    for k, e in sorted(rep["kingdoms"].items(), key=lambda x: -(x[1]["win_rate"] or 0)):
        if not e["games"]:
            continue
        low, high = e["win_rate_95"]
        print(
            f"{k:<10} {e['games']:>6} {e['wins']:>7g} {e['win_rate'] * 100:>8.1f}% "
            f"{f'[{low * 100:.1f}, {high * 100:.1f}]':>15}"
        )
    f = rep["first_player"]
    print(
        f"first player wins {f['win_rate'] * 100:.1f}% "
        f"[{f['win_rate_95'][0] * 100:.1f}, {f['win_rate_95'][1] * 100:.1f}]"
    )
    print(f"game length: median {rep['rounds']['median']:g} rounds, max {rep['rounds']['max']}")
    print("endings: " + ", ".join(f"{k} {v}" for k, v in sorted(rep["endings"].items())))
    met = rep["goals_met"]
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
    ap.add_argument("--log", default=None, help="JSON-lines file of results (resumable)")
    ap.add_argument(
        "--report-only", action="store_true", help="report the results in --log, play nothing"
    )
    args = ap.parse_args(argv)
    problem = check_arguments(args.games, args.seed, args.jobs)
    if problem is not None:
        print(f"error: {problem}", file=sys.stderr)
        return 2

    def progress(done, total):
        print(f"\r{done}/{total}", end="" if done < total else "\n", file=sys.stderr)

    if args.report_only:
        if args.log is None:
            print("error: --report-only needs --log", file=sys.stderr)
            return 2
        rep = report(list(_read_log(args.log, args.bot).values()), args.games, args.bot, args.seed)
    else:
        rep = run(
            args.games,
            args.bot,
            args.seed,
            args.jobs,
            progress if args.progress else None,
            args.log,
        )
    print(json.dumps(rep) if args.json else "", end="\n" if args.json else "")
    if not args.json:
        print_report(rep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
