"""Command line: ``python -m pyapp simulate | arena | bench [--game park|pyramids|...]``,
``score`` (Caldera Park), ``analyse FILE [--json]`` (every game) and ``link new | show | play``
(games by link, ``link_cli.py``).

Every command speaks the game protocol (``core/protocol.py``) of the game ``--game`` names
(default ``park``, so the commands of the one-game app work unchanged); Caldera Park adds its
``--variant`` and the ``score`` command. Bad input of any kind exits with status 2 and one line on
standard error; never a traceback: every count is bounded (``--games`` 1 to ``MAX_GAMES``), every
list of bots holds known names only, and ``--seed`` is read by the one rule of every entry point
(``core.options.seed_from_text``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import sys
import time

from . import games
from .core import arena
from .core.arena import MAX_GAMES
from .core.errors import GameError, OptionsError
from .core.options import SEED_RULE, seed_from_text

MAX_SEATS = 99  # --players outside 1 to this is refused before any game hears of it


class UsageError(Exception):
    """Bad command-line input: reported as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line instead of usage + message
        raise UsageError(message)


def _game(args):
    return games.get(args.game)


def play_game(options: dict, bots: list, game=None) -> dict:
    """Play a whole game with bots that see only their observation; returns the final state."""
    game = game or games.get(games.DEFAULT)
    state = game.new_game(options)
    while (p := game.to_move(state)) is not None:
        game.apply(state, bots[p].choose(game.observation(state, p)))
    return state


def _bots_for(names: list[str], players: int, seed, game=None) -> list:
    game = game or games.get(games.DEFAULT)
    names = (names * players)[:players]
    return [game.make_bot(name, f"{seed}/bot{seat}") for seat, name in enumerate(names)]


def _options(game, args, players) -> dict:
    options = {"players": players, "seed": args.seed}
    if args.variant is not None:
        if not game.variants:
            raise UsageError(f"{game.title} has no variants (--variant)")
        if args.variant not in game.variants:
            raise UsageError(
                f"unknown variant {args.variant!r}: expected one of {', '.join(game.variants)}"
            )
        options["variant"] = args.variant
    return options


def _check_bots(game, names) -> None:
    for name in names:
        if name not in game.bot_names:
            raise UsageError(f"unknown bot {name!r}: expected one of {', '.join(game.bot_names)}")


def cmd_simulate(args) -> int:
    game = _game(args)
    players = args.players if args.players is not None else max(2, game.min_players)
    options = _options(game, args, players)
    game.normalise_options(options)  # the game's own refusal first (never 10**12 bots)
    names = args.bots if args.bots is not None else ["random"]
    _check_bots(game, names)
    if len(names) > players:
        raise UsageError(f"--bots: {len(names)} bot names for {players} seats")
    state = play_game(options, _bots_for(names, players, args.seed, game), game)
    print(json.dumps({"options": state["options"], **game.summary(state)}, indent=1))
    return 0


def cmd_score(args) -> int:
    from .park.position import read_position_text
    from .park.scoring import score_position

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


def cmd_analyse(args) -> int:
    from .ui.analyse import analyse_file

    try:
        if args.file == "-":
            text = sys.stdin.buffer.read()
        else:
            with open(args.file, "rb") as f:
                text = f.read()
    except OSError as e:
        raise UsageError(f"cannot read {args.file}: {e.strerror}") from e
    print(analyse_file(text, args.json, args.lang, UsageError))
    return 0


def random_game_ms(game, games_n: int, players: int) -> tuple[list[float], dict]:
    """Wall-clock ms of whole seeded games between random bots, and the last final state."""
    per_game, final = [], None
    for g in range(games_n):
        t = time.perf_counter()
        state = play_game(
            {"players": players, "seed": g}, _bots_for(["random"], players, g, game), game
        )
        game.result(state)
        per_game.append((time.perf_counter() - t) * 1000)
        final = state
    return per_game, final


def bench_figures(games_n: int = 30, scores: int = 300) -> dict:
    """Caldera Park: median ms for a whole seeded 4-player random game and for scoring one
    full park."""
    from .park.game import park_of
    from .park.scoring import faces_of, score_position

    per_game, final = random_game_ms(games.get("park"), games_n, 4)
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
    game = _game(args)
    if game.id == "park":
        figures = bench_figures(args.games)
        lines = [
            f"whole 4-player random game: {figures['ms_per_game']} ms (median of {args.games})",
            f"scoring one full park:      {figures['ms_per_score']} ms (median of 300)",
        ]
    else:
        per_game, _ = random_game_ms(game, args.games, game.max_players)
        figures = {"ms_per_game": round(statistics.median(per_game), 3)}
        lines = [
            f"whole {game.max_players}-player random game of {game.title}: "
            f"{figures['ms_per_game']} ms (median of {args.games})"
        ]
    print(json.dumps(figures) if args.json else "\n".join(lines))
    return 0


def cmd_arena(args) -> int:
    game = _game(args)
    names = args.bots
    _check_bots(game, names)
    arena.check_settings(game, names, args.games, args.seed)  # the arena seed's 40 characters
    options = {}
    players = args.players
    if game.variants:
        variant = args.variant if args.variant is not None else game.variants[0]
        options = _options(game, argparse.Namespace(variant=variant, seed=args.seed), 0)
        options.pop("players"), options.pop("seed")
        if players is None:
            players = 1 if variant == "solo" else 2
    elif args.variant is not None:
        raise UsageError(f"{game.title} has no variants (--variant)")
    if players is None:
        players = max(2, game.min_players)
    try:  # the game's own check of the seat count, said in its words
        game.normalise_options({**options, "players": players, "seed": 1})
    except GameError as e:
        raise UsageError(str(e)) from None
    progress = None
    if args.progress:

        def progress(done, total):
            print(f"\r{done}/{total}", end="" if done < total else "\n", file=sys.stderr)

    if game.id == "park":  # the park's arena module keeps its own names (tests patch them)
        from .park.bots.arena import run_arena

        report = run_arena(names, args.games, players, args.seed, options["variant"], progress)
    else:
        play = getattr(game, "arena_play", None)  # a game may time whole turns of many actions
        report = arena.run_arena(
            game, names, args.games, players, args.seed, options, progress, play
        )
    if args.json:
        print(json.dumps(report))
    else:
        arena.print_report(report)
        game.print_report(report)
    return 0


def _count(text: str) -> int:
    """A number of games (``--games``): a whole number from 1 (0 would time nothing) to
    ``MAX_GAMES`` (more would run for days)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid whole number {_short(text)}") from None
    if not 1 <= n <= MAX_GAMES:
        raise argparse.ArgumentTypeError(
            f"must be a whole number from 1 to {MAX_GAMES}, not {_short(str(n))}"
        )
    return n


def _seats(text: str) -> int:
    """A number of players (``--players``): a whole number from 1 to ``MAX_SEATS``; within
    that, the game checks its own range and says it in its words."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid whole number {_short(text)}") from None
    if not 1 <= n <= MAX_SEATS:
        raise argparse.ArgumentTypeError(
            f"must be a whole number from 1 to {MAX_SEATS}, not {_short(str(n))}"
        )
    return n


def _seed(text: str):
    """``--seed``: read as the new-game form reads it (1 to 18 digits are a number, else the
    text), then checked by the rule of every game (``core.options.check_seed``)."""
    try:
        return seed_from_text(text)
    except OptionsError:
        raise argparse.ArgumentTypeError(SEED_RULE) from None


def _bots(text: str) -> list[str]:
    """``--bots``: comma-separated bot names, spaces around each dropped; none may be empty
    (whether each is one of the game's bots is checked once the game is known)."""
    names = [n.strip() for n in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(
            f"give bot names separated by commas, e.g. greedy,random (not {_short(text)})"
        )
    return names


def _file(text: str) -> str:
    if not text:
        raise argparse.ArgumentTypeError("give a file name, or - for standard input")
    return text


def _short(text: str) -> str:
    """``text`` quoted for a message, cut to 24 characters (an argument may be huge)."""
    return repr(text if len(text) <= 24 else text[:21] + "...")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m pyapp", description="The games of the box, by command")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def with_game(p, variant: bool = True):
        p.add_argument(
            "--game",
            default=games.DEFAULT,
            choices=[e.id for e in games.ENTRIES if e.ready or games.has_engine(e.id)],
            help=f"which game (default {games.DEFAULT})",
        )
        if variant:
            p.add_argument(
                "--variant", default=None, help="a variant of the game (park: base, ...)"
            )
        return p

    sim = with_game(sub.add_parser("simulate", help="play a whole game with bots, print results"))
    sim.add_argument("--players", type=_seats, default=None)
    sim.add_argument("--seed", type=_seed, default=1)
    sim.add_argument(
        "--bots",
        type=_bots,
        default=None,
        help="comma-separated bot names per seat (default random)",
    )
    sim.set_defaults(run=cmd_simulate)
    score = sub.add_parser("score", help="score one park position given as JSON (FILE or -)")
    score.add_argument("file", type=_file)
    score.set_defaults(run=cmd_score)
    analyse = sub.add_parser(
        "analyse", help="a game file's decisions against the one judge's suggestions (FILE or -)"
    )
    analyse.add_argument("file", type=_file)
    analyse.add_argument("--json", action="store_true", help="print one JSON object")
    analyse.add_argument("--lang", choices=("en", "fr"), default="en")
    analyse.set_defaults(run=cmd_analyse)
    bench = with_game(sub.add_parser("bench", help="time whole random games"), variant=False)
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--games", type=_count, default=30)
    bench.set_defaults(run=cmd_bench)
    p = with_game(
        sub.add_parser("arena", help="play seeded games between bots, print win rates and scores")
    )
    p.add_argument(
        "--bots",
        type=_bots,
        default="greedy,random",
        help="comma-separated bot names (default greedy,random)",
    )
    p.add_argument(
        "--games", type=_count, default=200, help=f"games (solo: deals per bot), 1 to {MAX_GAMES}"
    )
    p.add_argument("--players", type=_seats, default=None, help="players per game (default 2)")
    p.add_argument("--seed", type=_seed, default=1)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--progress", action="store_true", help="show progress on standard error")
    p.set_defaults(run=cmd_arena)
    from .link_cli import add_commands  # games by link: link new | show | play

    add_commands(sub, with_game)
    return parser


def main(argv=None) -> int:
    try:
        args = build_parser().parse_args(argv)
        status = args.run(args)
        sys.stdout.flush()  # here, where a closed pipe can be told apart
        return status
    except (UsageError, GameError, ValueError) as e:
        message = " ".join(str(e).split()) or e.__class__.__name__
        print(f"error: {message}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly
        _quiet_stdout()
        return 1
    except KeyboardInterrupt:
        return 130


def _quiet_stdout() -> None:
    """Send what is left of standard output nowhere, so that its flush at exit fails no more."""
    # no file behind it (a captured buffer): nothing to do
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
