"""Generate Caledea's board (``pyapp/caledea/data/board.json``), the reconstruction of this edition.

``python tools/caledea_board.py [--seed N] [--check]``

The board is a 10x10 torus; each square shows two of the five resources, so there are ten
pairs. The generator builds a Latin square of the ten pairs (each pair exactly once in every row
and every column, so ten squares each and spread over the whole board) in which no two squares
that touch, even at a corner and across the wrapped edges, show the same pair. It searches
square by square with a seeded generator and backtracks, so the same seed gives the same board.
``--check`` validates the stored file with the game's own validator instead.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyapp.caledea import cards  # noqa: E402

N = 10
OUT = ROOT / "pyapp" / "caledea" / "data" / "board.json"


def generate(seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    pairs = list(cards.PAIR_CODES)
    grid = [[None] * N for _ in range(N)]

    def allowed(r: int, c: int) -> list[str]:
        used = {grid[r][x] for x in range(N)} | {grid[y][c] for y in range(N)}
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                used.add(grid[(r + dr) % N][(c + dc) % N])
        options = [p for p in pairs if p not in used]
        rng.shuffle(options)
        return options

    def fill(i: int) -> bool:
        if i == N * N:
            return True
        r, c = divmod(i, N)
        for p in allowed(r, c):
            grid[r][c] = p
            if fill(i + 1):
                return True
        grid[r][c] = None
        return False

    sys.setrecursionlimit(10_000)
    if not fill(0):
        raise SystemExit(f"no board for seed {seed}")
    return grid


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=2007)
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    if args.check:
        cards.check_board(json.loads(OUT.read_text()))
        print(f"{OUT.name}: valid")
        return 0
    data = {
        "format": 1,
        "about": "Reconstructed for this edition (tools/caledea_board.py), not the printed board.",
        "seed": args.seed,
        "rows": [" ".join(row) for row in generate(args.seed)],
    }
    cards.check_board(data)
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
