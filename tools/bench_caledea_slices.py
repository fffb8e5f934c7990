"""Benchmark of the Caledea bots' thinking in slices on CPython. Prints figures; asserts nothing.

The page lets a bot think ``THINK_SLICE_MS`` (12 ms) at a time (``Thinking.step``); a slice runs
whole units of work and stops once the budget is used, so a slice overruns the budget by at most
the last unit's length. Over seeded 2-player games between two bots of the same kind (``--bot``,
strong by default) this drives every decision of the bots slice by slice, as the page does, and
prints:

* the units of work: how many per decision, and their length (median, 99th percentile, max);
* the slices: their length (median, 99th percentile, max) and how many went past the budget by
  more than 5 ms;
* the whole decision (all its slices): median and max.

Times are processor times (``time.process_time``), so other programs on the machine change them
little; Pyodide in a browser is slower than CPython by a factor (measure there for its figures).

Run ``python tools/bench_caledea_slices.py [--games 6] [--bot strong] [--budget 12] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pyapp.caledea import engine  # noqa: E402
from pyapp.caledea.bots import make_bot  # noqa: E402
from pyapp.core.thinking import Thinking  # noqa: E402


class TimedThinking(Thinking):
    """``Thinking`` that also records the length of each unit of work (ms, processor time)."""

    def __init__(self, gen):
        self.unit_ms: list[float] = []

        def timed():
            it = iter(gen)
            while True:
                t = time.process_time()
                try:
                    next(it)
                except StopIteration as stop:
                    self.unit_ms.append((time.process_time() - t) * 1000)
                    return stop.value
                self.unit_ms.append((time.process_time() - t) * 1000)
                yield

        super().__init__(timed())


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def measure(games: int, bot: str, budget: float, kingdoms=("Veloria", "Talaq")) -> dict:
    units, slices, decisions, per_decision = [], [], [], []
    for g in range(games):
        order = list(kingdoms) if g % 2 == 0 else list(reversed(kingdoms))
        state = engine.new_game({"players": 2, "seed": f"slices/{g}", "kingdoms": order})
        bots = [make_bot(bot, f"slices/{g}/{s}") for s in range(2)]
        while (p := engine.to_move(state)) is not None:
            # the bot's own generator, with each unit of work timed
            thinking = TimedThinking(bots[p].start(engine.observation(state, p))._gen)
            total = 0.0
            while True:
                t = time.process_time()
                action = thinking.step(budget)
                ms = (time.process_time() - t) * 1000
                slices.append(ms)
                total += ms
                if thinking.done:
                    break
            units.extend(thinking.unit_ms)
            per_decision.append(len(thinking.unit_ms))
            decisions.append(total)
            engine.apply(state, action)
    return {
        "bot": bot,
        "games": games,
        "budget_ms": budget,
        "decisions": len(decisions),
        "units_per_decision": {
            "median": statistics.median(per_decision),
            "max": max(per_decision),
        },
        "unit_ms": {
            "n": len(units),
            "median": statistics.median(units),
            "p99": pct(units, 0.99),
            "max": max(units),
        },
        "slice_ms": {
            "n": len(slices),
            "median": statistics.median(slices),
            "p99": pct(slices, 0.99),
            "max": max(slices),
            "over_budget_by_5ms": sum(s > budget + 5 for s in slices),
        },
        "decision_ms": {"median": statistics.median(decisions), "max": max(decisions)},
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--bot", default="strong")
    ap.add_argument("--budget", type=float, default=12.0, help="slice budget in ms (the page's)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    r = measure(args.games, args.bot, args.budget)
    if args.json:
        print(json.dumps(r))
        return 0
    u, s, d = r["unit_ms"], r["slice_ms"], r["decision_ms"]
    print(
        f"Caledea {r['bot']} bot, {r['games']} games, {r['decisions']} decisions, "
        f"slices of {r['budget_ms']:g} ms (processor time)"
    )
    print(
        f"units of work: {u['n']} ({r['units_per_decision']['median']:g} per decision median, "
        f"{r['units_per_decision']['max']} max); length median {u['median']:.2f} ms, "
        f"99th percentile {u['p99']:.2f} ms, max {u['max']:.2f} ms"
    )
    print(
        f"slices: {s['n']}; length median {s['median']:.2f} ms, 99th percentile {s['p99']:.2f} ms, "
        f"max {s['max']:.2f} ms; {s['over_budget_by_5ms']} over the budget by more than 5 ms"
    )
    print(f"whole decision: median {d['median']:.2f} ms, max {d['max']:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
