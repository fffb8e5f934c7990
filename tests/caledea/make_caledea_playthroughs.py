"""Write Caledea's fixed-seed playthrough files, used as a regression test.

    python tests/caledea/make_caledea_playthroughs.py

Each ``playthroughs/<name>.json`` holds a game's options, the seats' bots, the whole action log,
the number of legal actions at every decision and the result. ``test_caledea_playthroughs.py``
replays each and checks the engine (and the bots) still give exactly the same. Regenerate only
after a deliberate change of the rules, the data or the bots, and say so in the commit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[1]), str(HERE.parent)]  # the repository; tests/ (helpers)

from playthrough_helpers import play_counting  # noqa: E402

from pyapp.caledea.bots import make_bot  # noqa: E402
from pyapp.caledea.protocol import GAME  # noqa: E402

OUT = HERE / "playthroughs"

GAMES = {  # the first four: edition 1 of the kingdom cards (games saved with it play on)
    "greedy-2p-seed1": ({"players": 2, "seed": 1, "edition": 1}, ["greedy", "greedy"]),
    "mixed-3p-seed5": ({"players": 3, "seed": 5, "edition": 1}, ["greedy", "random", "greedy"]),
    "epic-2p-seed3": ({"players": 2, "seed": 3, "epic": True, "edition": 1}, ["greedy", "random"]),
    "kingdoms-4p-text-seed": (
        {
            "players": 4,
            "seed": "caledea",
            "kingdoms": ["Talaq", "Xonavia", "Veloria", "Idrasse"],
            "edition": 1,
        },
        ["greedy", "greedy", "random", "greedy"],
    ),
    "edition2-greedy-2p-seed1": ({"players": 2, "seed": 1, "edition": 2}, ["greedy", "greedy"]),
    "edition2-strong-2p-veloria-talaq": (
        {"players": 2, "seed": "e2", "kingdoms": ["Veloria", "Talaq"], "edition": 2},
        ["strong", "strong"],
    ),
    "edition2-kingdoms-4p-text-seed": (
        {
            "players": 4,
            "seed": "caledea",
            "kingdoms": ["Talaq", "Xonavia", "Veloria", "Idrasse"],
            "edition": 2,
        },
        ["greedy", "greedy", "random", "greedy"],
    ),
    # edition 3: its cards and its rulings (sieges in the attacker's order, 3-player defeats)
    "edition3-strong-2p-sundral-cormarch": (
        {"players": 2, "seed": "e3", "kingdoms": ["Sundral", "Cormarch"], "edition": 3},
        ["strong", "strong"],
    ),
    "edition3-random-3p-seed5": (
        {"players": 3, "seed": 5, "edition": 3},
        ["random", "random", "random"],
    ),
    "edition3-greedy-4p-seed7": (
        {"players": 4, "seed": 7, "edition": 3},
        ["greedy", "greedy", "greedy", "greedy"],
    ),
    # edition 4: the cards of issue 27's balance (the rulings of edition 3)
    "edition4-strong-2p-brannoch-cormarch": (
        {"players": 2, "seed": "e4", "kingdoms": ["Brannoch", "Cormarch"], "edition": 4},
        ["strong", "strong"],
    ),
    "edition4-greedy-3p-seed8": (
        {"players": 3, "seed": 8, "edition": 4},
        ["greedy", "greedy", "random"],
    ),
    # edition 5: the cards tuned with paired seeds (Idrasse's and Talaq's costs both changed)
    "edition5-strong-2p-idrasse-talaq": (
        {"players": 2, "seed": "e5", "kingdoms": ["Idrasse", "Talaq"], "edition": 5},
        ["strong", "strong"],
    ),
}


def play(options: dict, bots: list[str]) -> dict:
    players = [make_bot(name, f"{options['seed']}/playthrough/{s}") for s, name in enumerate(bots)]
    state, counts = play_counting(GAME, options, players)
    return {
        "options": state["options"],
        "bots": bots,
        "log": GAME.log_texts(state),
        "legal_counts": counts,
        "result": GAME.result(state),
    }


def main() -> int:
    OUT.mkdir(exist_ok=True)
    for name, (options, bots) in GAMES.items():
        data = play(options, bots)
        (OUT / f"{name}.json").write_text(json.dumps(data, indent=0) + "\n")
        print(f"{name}: {len(data['log'])} actions, {data['result']['how']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
