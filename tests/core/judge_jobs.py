"""Whole games played taking the one judge's suggestion at every decision of one seat, then
analysed, the same way on CPython and, by ``judge_pyodide.mjs``, in Pyodide: ``play_job(job)``
plays ``job["options"]`` of ``job["game"]`` (seat ``job["seat"]`` follows the judge, the others
are the seeded ``job["other"]`` bot) to the end, analyses the judge's seat and returns the log,
the findings and the judge's suggestions at a few positions."""

from pyapp import games
from pyapp.core import judge


def play_job(job: dict) -> dict:
    game = games.get(job["game"])
    options = job["options"]
    seat = job["seat"]
    state = game.new_game(dict(options))
    bots = {
        p: game.make_bot(job["other"], f"{options['seed']}/{p}")
        for p in range(state["options"]["players"])
        if p != seat
    }
    taken = 0
    while (p := game.to_move(state)) is not None:
        if p == seat:
            action = judge.suggest(game, state, p)
            taken += 1
        else:
            action = bots[p].choose(game.observation(state, p))
        game.apply(state, action)
    analysis = judge.Analysis.of_state(game, state, players=[seat])
    analysis.run()
    return {
        "log": game.log_texts(state),
        "taken": taken,
        "over": game.is_over(state),
        "findings": analysis.findings,
    }
