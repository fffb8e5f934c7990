"""Benchmark of Caldera (pyramids) on CPython. Prints figures; asserts nothing.

* setup: a new game from a seed (the layout drawn by rejection sampling), median and max over
  ``--setups`` seeds, processor time;
* a whole 3-player game between random bots (median of ``--games``), wall-clock;
* the strong bot's turns: seeded strong-against-greedy games (``--games``), one figure per whole
  turn of the strong bot (its quiet moves, Power Play and eruption: the sum of its calls in that
  turn), processor time and wall-clock: median, 90th percentile and max; and its work units
  (placements and replies examined) per turn.

Run ``python tools/bench_pyramids.py [--games 20] [--setups 200] [--json]``.
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

from pyapp.cli import random_game_ms  # noqa: E402
from pyapp.core.rng import Rng  # noqa: E402
from pyapp.pyramids.game import draw_layout  # noqa: E402
from pyapp.pyramids.protocol import GAME  # noqa: E402


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def setup_ms(n: int) -> list[float]:
    out = []
    for seed in range(n):
        t = time.process_time()
        draw_layout(Rng.from_seed(f"bench/{seed}"))
        out.append((time.process_time() - t) * 1000)
    return out


def strong_turns(games: int) -> tuple[list[float], list[float], list[int]]:
    """Per whole turn of the strong bot: processor ms, wall ms, work units."""
    cpu, wall, units = [], [], []
    for g in range(games):
        state = GAME.new_game({"players": 2, "seed": f"bench/{g}"})
        bots = [GAME.make_bot("strong", f"b{g}"), GAME.make_bot("greedy", f"b{g}")]
        while not GAME.is_over(state):
            p = GAME.to_move(state)
            number = state["turn"]["number"]
            c, w, u = 0.0, 0.0, 0
            while not GAME.is_over(state) and state["turn"]["number"] == number:
                t0, c0 = time.perf_counter(), time.process_time()
                if p == 0:
                    thinking = bots[0].start(GAME.observation(state, p))
                    action = thinking.run()
                    u += thinking.units
                else:
                    action = bots[1].choose(GAME.observation(state, p))
                c += (time.process_time() - c0) * 1000
                w += (time.perf_counter() - t0) * 1000
                GAME.apply(state, action)
            if p == 0:
                cpu.append(c)
                wall.append(w)
                units.append(u)
    return cpu, wall, units


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--setups", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    setups = setup_ms(args.setups)
    per_game, _ = random_game_ms(GAME, args.games, 3)
    cpu, wall, units = strong_turns(args.games)
    figures = {
        "setup_cpu_ms_median": round(statistics.median(setups), 2),
        "setup_cpu_ms_max": round(max(setups), 2),
        "random_3p_game_ms_median": round(statistics.median(per_game), 1),
        "strong_turns": len(cpu),
        "strong_turn_cpu_ms_median": round(statistics.median(cpu), 1),
        "strong_turn_cpu_ms_p90": round(pct(cpu, 0.9), 1),
        "strong_turn_cpu_ms_max": round(max(cpu), 1),
        "strong_turn_wall_ms_median": round(statistics.median(wall), 1),
        "strong_turn_wall_ms_max": round(max(wall), 1),
        "strong_turn_units_median": statistics.median(units),
        "strong_turn_units_max": max(units),
    }
    if args.json:
        print(json.dumps(figures))
    else:
        for k, v in figures.items():
            print(f"{k:<28} {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
