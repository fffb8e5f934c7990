"""Seeded Caledea games played the same way on CPython and, by ``pyodide_caledea.mjs``, in
Pyodide: ``play_job(job)`` plays ``job["options"]`` with the seeded bots ``job["bots"]`` (seat
s's bot seeded ``"<seed>/<s>"``) for at most ``job["actions"]`` actions."""

from pyapp.caledea.protocol import GAME


def play_job(job: dict) -> dict:
    options = job["options"]
    bots = [GAME.make_bot(n, f"{options['seed']}/{s}") for s, n in enumerate(job["bots"])]
    state = GAME.new_game(options)
    for _ in range(job["actions"]):
        p = GAME.to_move(state)
        if p is None:
            break
        GAME.play(state, bots[p].choose(GAME.observation(state, p)), player=p)
    return {
        "log": GAME.log_texts(state),
        "result": GAME.result(state),
        "state": GAME.to_json(state),
    }
