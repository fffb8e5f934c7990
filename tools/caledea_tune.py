"""Paired tuning of Caledea's kingdom cards: replay a balance run's games with changed costs.

    python tools/caledea_tune.py --base s37.jsonl --kingdom Xonavia --games 12 \\
        --set Xonavia.general=6 [--set Brannoch.castle=6 ...] --log t.jsonl [--jobs 2]
    python tools/caledea_tune.py --base s37.jsonl --kingdom Xonavia --log t.jsonl --report-only

A game is fixed by its seed and its cards, and a cost only matters in a game where a bot would
pay it: so a change is measured on the very games of a base run (a log of ``python -m
pyapp.caledea.balance``), game by game, and many of them come out the same. Only the base run's
2-player games that ``--kingdom`` plays (``all``: every game) with a game number under
``--games`` are replayed. The report gives the games that came out the same and, for each
kingdom, its rate on the replayed games before and after, and a prediction: its rate over the
whole base run plus the difference. The changed cards go through the same validation as the
shipped ones (``cards.check_kingdoms``). Tune on seeds you will not report: a prediction picked
as the best of several is flattered by its own noise, so only fresh seeds can confirm it.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pyapp.caledea import balance, cards  # noqa: E402

BOT = "strong"  # the bot of every seat, in the base games and in the replays


def parse_change(text: str) -> tuple[str, str, int]:
    """``Kingdom.cost=N`` → ``(kingdom, cost, N)``; ``ValueError`` says what is wrong."""
    left, sep, value = text.partition("=")
    name, dot, cost = left.partition(".")
    if not (sep and dot and value.strip().isdigit()):
        raise ValueError(f"{text!r}: a change reads Kingdom.cost=N, e.g. Xonavia.general=6")
    names = {k["name"] for k in cards.kingdoms()}
    if name not in names:
        raise ValueError(f"{text!r}: no kingdom {name!r} (one of {', '.join(sorted(names))})")
    if cost not in cards.COSTS:
        raise ValueError(f"{text!r}: no cost {cost!r} (one of {', '.join(cards.COSTS)})")
    return name, cost, int(value)


def changed_cards(changes: dict[str, dict[str, int]]) -> dict:
    """The current cards' data with ``changes`` made, validated as the shipped cards are."""
    data = copy.deepcopy(cards._read("kingdoms.json"))
    for k in data["kingdoms"]:
        k["costs"].update(changes.get(k["name"], {}))
    cards.check_kingdoms(data)  # raises DataError, naming the rule a change breaks
    return data


def use_changes(changes: dict[str, dict[str, int]]) -> None:
    """Play this process's games with ``changes`` made to the current cards."""
    data = changed_cards(changes)
    read = cards._read

    def _read(name: str):
        return copy.deepcopy(data) if name == "kingdoms.json" else read(name)

    cards._read = _read
    cards.kingdoms.cache_clear()


def _plays(r: dict, kingdom: str) -> bool:
    return kingdom == "all" or kingdom in r["kingdoms"]


def games_to_replay(base: list[dict], kingdom: str, games: int) -> list[dict]:
    return [
        {"kingdoms": r["kingdoms"], "seed": r["seed"]}
        for r in base
        if len(r["kingdoms"]) == 2
        and r.get("bot", BOT) == BOT  # the games this tool replays are the strong bot's
        and _plays(r, kingdom)
        and int(r["seed"].rsplit("/", 1)[1]) < games
    ]


def _play(job: dict) -> dict:
    return balance.play_one(job, BOT)


@contextmanager
def _played(changes, jobs_n: int, left: list, play=None):
    """``play`` (default: a strong-bot game) mapped over ``left`` in ``jobs_n`` fresh processes
    whose cards carry ``changes``. Fresh (spawned, not forked) because the bots remember a
    kingdom's figures per edition: a process that has played with other costs would lend its
    memory to these games. This process's cards are never changed."""
    import multiprocessing

    spawn = multiprocessing.get_context("spawn")
    with spawn.Pool(jobs_n, initializer=use_changes, initargs=(changes,)) as pool:
        yield pool.imap_unordered(play or _play, left, chunksize=2)


def _costs(name: str) -> tuple[str, dict]:
    """A kingdom's costs as a worker sees them (for the tests)."""
    return name, cards.kingdom(name)["costs"]


def replay(todo: list[dict], changes, jobs_n: int, log: str | None, progress=None) -> list[dict]:
    """Play ``todo`` with ``changes`` (``jobs_n`` processes), appending each result to ``log``;
    results already in ``log`` are kept, so a run can be stopped and resumed."""
    done = balance.read_log(log, BOT) if log is not None else {}
    left = [j for j in todo if balance.game_key(j) not in done]
    out = open(log, "a", encoding="utf-8") if log is not None else None  # noqa: SIM115
    try:
        with _played(changes, jobs_n, left) as results:
            for n, r in enumerate(results, 1):
                r = done[balance.game_key(r)] = {**r, "bot": BOT}
                if out is not None:
                    out.write(json.dumps(r) + "\n")
                    out.flush()
                if progress:
                    progress(n, len(left))
    finally:
        if out is not None:
            out.close()
    return _in_order(todo, done)


def _in_order(todo: list[dict], done: dict) -> list[dict]:
    """The results of ``todo`` that ``done`` (by ``game_key``) holds, in ``todo``'s order."""
    return [done[k] for k in map(balance.game_key, todo) if k in done]


def _score(r: dict, kingdom: str) -> float:
    seat = r["kingdoms"].index(kingdom)
    return 1 / len(r["winners"]) if seat in r["winners"] else 0.0


def compare(base: list[dict], replayed: list[dict], kingdom: str) -> dict:
    """The replayed games against the same games of ``base`` (the strong bot's results of a
    balance run): how many came out the same, and each kingdom's rate before and after, on
    those games and predicted over the whole base."""
    by_key = {balance.game_key(r): r for r in base}
    pairs = [(by_key[balance.game_key(r)], r) for r in replayed]
    same = sum(
        (b["winners"], b["how"], b["rounds"]) == (r["winners"], r["how"], r["rounds"])
        for b, r in pairs
    )
    two = [r for r in base if len(r["kingdoms"]) == 2]
    overall = balance.report(two, 1, BOT, "base")["kingdoms"] if two else {}
    kingdoms = {}
    for name in cards.kingdom_names():
        mine = [(b, r) for b, r in pairs if name in r["kingdoms"]]
        if not mine:
            continue
        before = sum(_score(b, name) for b, _ in mine) / len(mine)
        after = sum(_score(r, name) for _, r in mine) / len(mine)
        base_rate = overall[name]["win_rate"]
        # the change's share of the base: the replayed games stand for the base games like them
        like = [b for b in two if name in b["kingdoms"] and _plays(b, kingdom)]
        weight = len(like) / overall[name]["games"]
        kingdoms[name] = {
            "games": len(mine),
            "before": before,
            "after": after,
            "base_rate": base_rate,
            "predicted": base_rate + (after - before) * weight,
        }
    against = {}
    if kingdom != "all":
        for b, r in pairs:
            other = r["kingdoms"][1 - r["kingdoms"].index(kingdom)]
            e = against.setdefault(other, {"games": 0, "before": 0.0, "after": 0.0})
            e["games"] += 1
            e["before"] += _score(b, kingdom)
            e["after"] += _score(r, kingdom)
    return {"games": len(pairs), "same": same, "kingdoms": kingdoms, "against": against}


def print_comparison(cmp: dict, kingdom: str) -> None:
    print(f"{cmp['games']} games replayed, {cmp['same']} came out the same")
    print("kingdom     games  before   after  change   base  predicted")
    rows = sorted(cmp["kingdoms"].items(), key=lambda kv: -kv[1]["predicted"])
    for name, e in rows:
        print(
            f"{name:<10} {e['games']:>6} {100 * e['before']:>6.1f}% {100 * e['after']:>6.1f}% "
            f"{100 * (e['after'] - e['before']):>+6.1f} {100 * e['base_rate']:>5.1f}% "
            f"{100 * e['predicted']:>8.1f}%"
        )
    if cmp["against"]:
        print(f"{kingdom} against each kingdom (before -> after):")
        for other, e in sorted(cmp["against"].items()):
            n = e["games"]
            print(
                f"  {other:<10} {n:>4} games  {100 * e['before'] / n:5.1f}% -> "
                f"{100 * e['after'] / n:5.1f}%"
            )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        prog="python tools/caledea_tune.py", description=(__doc__ or "").splitlines()[0]
    )
    ap.add_argument("--base", required=True, help="a log of python -m pyapp.caledea.balance")
    ap.add_argument("--kingdom", required=True, help="replay the games of this kingdom, or all")
    ap.add_argument("--games", type=int, default=25, help="game numbers under this are replayed")
    ap.add_argument("--set", action="append", default=[], help="a change: Kingdom.cost=N")
    ap.add_argument("--log", required=True, help="JSON-lines file of the replayed results")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--report-only", action="store_true", help="compare the --log, play nothing")
    ap.add_argument("--progress", action="store_true")
    args = ap.parse_args(argv)

    def fail(message: str) -> int:
        print(f"error: {message}", file=sys.stderr)
        return 2

    names = cards.kingdom_names()
    if args.kingdom != "all" and args.kingdom not in names:
        return fail(f"--kingdom: one of all, {', '.join(names)}")
    if not 1 <= args.jobs <= balance.MAX_JOBS:
        return fail(f"--jobs is a whole number from 1 to {balance.MAX_JOBS}")
    changes: dict[str, dict[str, int]] = {}
    try:
        for text in args.set:
            name, cost, value = parse_change(text)
            changes.setdefault(name, {})[cost] = value
        changed_cards(changes)
    except (ValueError, cards.DataError) as e:
        return fail(str(e))
    try:
        if not Path(args.base).is_file():
            raise FileNotFoundError(args.base)
        base = list(balance.read_log(args.base, BOT).values())
    except (OSError, ValueError) as e:
        return fail(f"--base: cannot be read ({e.__class__.__name__})")
    todo = games_to_replay(base, args.kingdom, args.games)
    if not todo:
        return fail("--base holds no 2-player game of that kingdom under --games")
    if args.report_only:
        if not Path(args.log).exists():
            return fail("--report-only needs a --log that exists")
        replayed = _in_order(todo, balance.read_log(args.log, BOT))
    else:

        def progress(n, total):
            print(f"\r{n}/{total}", end="" if n < total else "\n", file=sys.stderr)

        replayed = replay(todo, changes, args.jobs, args.log, progress if args.progress else None)
    print_comparison(compare(base, replayed, args.kingdom), args.kingdom)
    return 0


if __name__ == "__main__":
    sys.exit(main())
