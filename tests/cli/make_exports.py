"""Write the export fixtures of ``tests/cli/exports`` (run once; never regenerate the earlier
versions' files: they stand for files players already hold).

* ``park-v1-*``: Caldera Park records of format 1 (before park versions, issue 12), the first
  actions of the games of ``tests/saves/old_saves`` (written by the code of that time): a game
  exported early is an export of that version too.
* ``*-v{format}-*``: exports of the current format of every game, short seeded games of the
  bots, with a session saying which seats were people.

    python tests/cli/make_exports.py
"""

from __future__ import annotations

import json
from pathlib import Path

from pyapp import games
from pyapp.cli import _bots_for
from pyapp.ui.saves import export_record

HERE = Path(__file__).resolve().parent / "exports"
OLD = Path(__file__).resolve().parents[1] / "saves" / "old_saves"

EARLIER = [  # (old fixture, actions kept)
    ("geyser-3p-round2", 14),
    ("geyser-1p-finished", 12),
    ("base-2p-round3", 12),
]
CURRENT = [  # (game, options, bots, actions kept, seats)
    ("park", {"players": 2, "seed": 11, "variant": "base"}, ["greedy"], 14, ["human", "greedy"]),
    ("park", {"players": 2, "seed": 12, "variant": "geyser"}, ["random"], 12, ["human", "human"]),
    ("pyramids", {"players": 2, "seed": 13}, ["greedy", "random"], 16, ["human", "greedy"]),
    ("caledea", {"players": 2, "seed": 14}, ["random", "greedy"], 24, ["human", "greedy"]),
]


def earlier() -> None:
    for name, keep in EARLIER:
        data = json.loads((OLD / f"{name}.export.json").read_text(encoding="utf-8"))
        data["log"] = data["log"][:keep]
        out = HERE / f"park-v1-{name}.export.json"
        out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def current() -> None:
    for game_id, options, bots, keep, seats in CURRENT:
        game = games.get(game_id)
        state = game.new_game(dict(options))
        players = _bots_for(bots, state["options"]["players"], options["seed"], game)
        while len(state["log"]) < keep and (p := game.to_move(state)) is not None:
            game.apply(state, players[p].choose(game.observation(state, p)))
        variant = f"-{options['variant']}" if "variant" in options else ""
        name = f"{game_id}-v{game.format}{variant}-{options['players']}p.export.json"
        text = export_record(state, exported_at=0, session={"seats": seats}, game=game)
        (HERE / name).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    HERE.mkdir(exist_ok=True)
    earlier()
    current()
