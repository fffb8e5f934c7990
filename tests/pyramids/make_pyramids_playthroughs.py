"""Write the fixed-seed playthrough files of Caldera used as a regression test.

    python tests/pyramids/make_pyramids_playthroughs.py

Each file ``tests/pyramids/playthroughs/<name>.json`` holds a game's options, the seats' bots
and seeds, the whole action log, the number of legal actions at every decision and the result.
``test_pyramids_playthroughs.py`` replays each and checks the engine still gives exactly the
same. Regenerate only after a deliberate change of the rules or of the random or greedy bot,
and say so in the commit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[1]), str(HERE.parent)]  # the repository; tests/ (helpers)

from playthrough_helpers import play_counting  # noqa: E402

from pyapp.pyramids import game  # noqa: E402
from pyapp.pyramids.protocol import GAME  # noqa: E402

OUT = HERE / "playthroughs"

#: name -> (options, bot per seat)
GAMES = {
    "random-2p-seed1": ({"players": 2, "seed": 1}, ["random", "random"]),
    "random-3p-seed42-first2": ({"players": 3, "seed": 42, "first": 2}, ["random"] * 3),
    "greedy-random-2p-text-seed": ({"players": 2, "seed": "caldera"}, ["greedy", "random"]),
    "greedy-3p-seed7": ({"players": 3, "seed": 7}, ["greedy", "greedy", "random"]),
}


def bot_seeds(options: dict) -> list[str]:
    return [f"{options['seed']}/playthrough/{seat}" for seat in range(options["players"])]


def play(options: dict, bots: list[str]) -> tuple[dict, list[int]]:
    """The game of a file, played by its bots. The files were made before the rules had
    editions: their options have no ``rules``, so they are old games (edition 1), as a record
    of that time is read (``game.record_options``), and must stay exactly as they were."""
    players = [GAME.make_bot(b, s) for b, s in zip(bots, bot_seeds(options), strict=True)]
    return play_counting(GAME, game.record_options(options), players)


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name, (options, bots) in GAMES.items():
        state, counts = play(options, bots)
        data = {
            "options": options,
            "bots": bots,
            "bot_seeds": bot_seeds(options),
            "log": GAME.log_texts(state),
            "legal_counts": counts,
            "result": GAME.result(state),
        }
        (OUT / f"{name}.json").write_text(json.dumps(data, indent=0) + "\n")
        print(name, len(data["log"]), "actions,", data["result"]["reason"])


if __name__ == "__main__":
    main()
