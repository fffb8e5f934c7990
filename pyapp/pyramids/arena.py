"""Whole turns for the arena and the benchmarks: in Caldera a turn is several actions (quiet
moves, perhaps a Power Play, then the eruption), so a bot's decision is timed and counted per
turn, not per call."""

from __future__ import annotations

import time


def play_turns(game, options: dict, bots: list, times: list[list]) -> dict:
    """Play one game (bots see only their seat's observation) and append, per seat, one
    ``(wall-clock ms, processor ms)`` pair per whole turn to ``times[seat]``: the sum of the
    bot's calls during that turn. Same arguments as ``core.arena.play_timed``."""
    state = game.new_game(options)
    current, wall, cpu = None, 0.0, 0.0
    while (p := game.to_move(state)) is not None:
        key = (p, state["turn"]["number"])
        if key != current:
            if current is not None:
                times[current[0]].append((wall, cpu))
            current, wall, cpu = key, 0.0, 0.0
        view = game.observation(state, p)
        t, c = time.perf_counter(), time.process_time()
        action = bots[p].choose(view)
        wall += (time.perf_counter() - t) * 1000.0
        cpu += (time.process_time() - c) * 1000.0
        game.apply(state, action)
    if current is not None:
        times[current[0]].append((wall, cpu))
    return state
