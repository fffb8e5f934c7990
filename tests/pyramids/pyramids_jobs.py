"""Seeded Caldera games played the same way on CPython and, by ``pyramids_pyodide.mjs``, in
Pyodide: ``play_job(job)`` plays ``job["options"]`` with the seeded bots ``job["bots"]`` for at
most ``job["turns"]`` turns and runs ``simulate`` with ``job["argv"]``."""

import contextlib
import io

from pyapp import cli
from pyapp.pyramids.protocol import GAME


def play_job(job: dict) -> dict:
    options = job["options"]
    bots = [GAME.make_bot(n, f"{options['seed']}/{s}") for s, n in enumerate(job["bots"])]
    state = GAME.new_game(options)
    while not GAME.is_over(state) and state["turn"]["number"] <= job["turns"]:
        p = GAME.to_move(state)
        GAME.apply(state, bots[p].choose(GAME.observation(state, p)))
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        status = cli.main(["simulate", *job["argv"]])
    return {
        "log": GAME.log_texts(state),
        "state": GAME.to_json(state),
        "simulate": buf.getvalue(),
        "status": status,
    }
