"""The first decisions of seeded Caldera Park bot games, played the same way on CPython and, by
``pyodide_bots.mjs``, in Pyodide: ``play_job(job)`` plays ``job["options"]`` until round
``job["rounds"]`` is over, every seat's bot ``job["bots"][seat]`` seeded ``"<seed>/<seat>"``,
and gives the action texts and each bot's decision times in milliseconds."""

import time

from pyapp.park.bots import make_bot
from pyapp.park.game import apply, is_over, new_game, observation, to_move


def play_job(job: dict) -> dict:
    options = job["options"]
    bots = [make_bot(name, f"{options['seed']}/{seat}") for seat, name in enumerate(job["bots"])]
    state = new_game(**options)
    ms = {name: [] for name in job["bots"]}
    while not is_over(state) and state["ctx"]["round"] <= job["rounds"]:
        p = to_move(state)
        t = time.perf_counter()
        action = bots[p].choose(observation(state, p))
        ms[job["bots"][p]].append((time.perf_counter() - t) * 1000)
        apply(state, action)
    return {"log": [text for _, text in state["log"]], "ms": ms}
