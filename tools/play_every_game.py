"""Play a seeded game of every game in the box to its end with its bots; print a digest of each.

    python tools/play_every_game.py            # on CPython
    (run as is by Pyodide: tests/pyodide/*.mjs and tools/stdlib_needs.py read this file)

For each game the registry marks ready, with two players and at its largest table, the weakest
bots of the game play it from a fixed seed through the shared protocol (as
``pyapp.cli.play_game`` does, without the command line's imports); the result is the SHA-256
of its final state (plain JSON data), so two Pythons that play the same
games give the same digests. The game's screens package is imported too (what opening it
imports). ``results()`` is the list; run as a program it prints it as JSON.
"""

import hashlib
import importlib
import json
import sys
from pathlib import Path

if __name__ == "__main__" and "__file__" in globals():  # run from a checkout: its pyapp
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyapp import games  # noqa: E402

SEED = "caldera-7"


def results() -> list[dict]:
    out = []
    for entry in games.ENTRIES:
        if not entry.ready:
            continue
        game = games.get(entry.id)
        importlib.import_module(f"pyapp.ui.{entry.id}")
        for players in sorted({max(2, entry.min_players), entry.max_players}):
            bots = [game.make_bot(game.bot_names[0], f"{SEED}/bot{i}") for i in range(players)]
            state = game.new_game({"players": players, "seed": SEED})
            while (seat := game.to_move(state)) is not None:
                game.apply(state, bots[seat].choose(game.observation(state, seat)))
            assert game.to_move(state) is None, f"{entry.id}: the game did not end"
            digest = hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()
            out.append({"game": entry.id, "players": players, "state_sha256": digest})
    return out


if __name__ == "__main__":
    print(json.dumps(results()))
