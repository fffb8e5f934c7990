"""Command line: ``python -m pyapp simulate | score | bench``.

Bad input of any kind exits with status 2 and one line on standard error; never a traceback.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from .bots import BOT_NAMES, make_bot
from .rules.errors import CalderaError
from .rules.game import apply, final_scores, is_over, new_game, observation, park_of, to_move
from .rules.position import read_position_text
from .rules.scoring import faces_of, score_position
from .rules.variants import VARIANTS


class UsageError(Exception):
    """Bad command-line input: reported as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line instead of usage + message
        raise UsageError(message)


def play_game(options: dict, bots: list) -> dict:
    """Play a whole game with bots that see only their observation; returns the final state."""
    state = new_game(**options)
    while not is_over(state):
        p = to_move(state)
        apply(state, bots[p].choose(observation(state, p)))
    return state


def _bots_for(names: list[str], players: int, seed) -> list:
    names = (names * players)[:players]
    return [make_bot(name, f"{seed}/bot{seat}") for seat, name in enumerate(names)]


def cmd_simulate(args) -> int:
    options = {"players": args.players, "seed": args.seed, "variant": args.variant}
    names = args.bots.split(",") if args.bots else ["random"]
    for name in names:
        if name not in BOT_NAMES:
            raise UsageError(f"unknown bot {name!r}: expected one of {', '.join(BOT_NAMES)}")
    state = play_game(options, _bots_for(names, args.players, args.seed))
    result = final_scores(state)
    print(json.dumps({"options": state["options"], **result}, indent=1))
    return 0


def cmd_score(args) -> int:
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise UsageError(
            f"cannot read {args.file}: {e.strerror if isinstance(e, OSError) else e}"
        ) from e
    sheet = score_position(*read_position_text(text))
    sheet.pop("flipped_at")
    print(json.dumps(sheet))
    return 0


def bench_figures(games: int = 30, scores: int = 300) -> dict:
    """Median ms for a whole seeded 4-player random game and for scoring one full park."""
    per_game = []
    final = None
    for g in range(games):
        t = time.perf_counter()
        state = play_game({"players": 4, "seed": g}, _bots_for(["random"], 4, g))
        final_scores(state)
        per_game.append((time.perf_counter() - t) * 1000)
        final = state
    park = park_of(final)
    pl = final["G"]["players"][0]
    faces, wx = faces_of(pl["board"], pl["weather"])
    per_score = []
    for _ in range(scores):
        t = time.perf_counter()
        score_position(park, faces, wx)
        per_score.append((time.perf_counter() - t) * 1000)
    return {
        "ms_per_game": round(statistics.median(per_game), 3),
        "ms_per_score": round(statistics.median(per_score), 4),
    }


def cmd_bench(args) -> int:
    figures = bench_figures(args.games)
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"whole 4-player random game: {figures['ms_per_game']} ms (median of {args.games})")
        print(f"scoring one full park:      {figures['ms_per_score']} ms (median of 300)")
    return 0


def _count(text: str) -> int:
    """A whole number of at least 1 (``--games``): 0 or less would time nothing."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid whole number {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


def _seed(text: str):
    try:
        return int(text)
    except ValueError:
        return text


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m pyapp", description="Caldera Park rules engine")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sim = sub.add_parser("simulate", help="play a whole game with bots, print the score sheets")
    sim.add_argument("--players", type=int, default=2)
    sim.add_argument("--seed", type=_seed, default=1)
    sim.add_argument("--variant", default="base", choices=list(VARIANTS))
    sim.add_argument(
        "--bots", default="", help="comma-separated bot names per seat (default random)"
    )
    sim.set_defaults(run=cmd_simulate)
    score = sub.add_parser("score", help="score one park position given as JSON (FILE or -)")
    score.add_argument("file")
    score.set_defaults(run=cmd_score)
    bench = sub.add_parser("bench", help="time a random 4-player game and the scoring of a park")
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--games", type=_count, default=30)
    bench.set_defaults(run=cmd_bench)
    for extra in _EXTRA_COMMANDS:
        extra(sub)
    return parser


#: Hooks that add sub-commands (the arena registers itself here).
_EXTRA_COMMANDS: list = []

from .bots import arena as _arena  # noqa: E402, F401  (registers the arena sub-command)


def main(argv=None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return args.run(args)
    except (UsageError, CalderaError, ValueError) as e:
        message = " ".join(str(e).split()) or e.__class__.__name__
        print(f"error: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
