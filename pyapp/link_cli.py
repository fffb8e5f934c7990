"""``python -m pyapp link new | show | play``: games by link from a terminal (see ``core/link.py``).

The secret file (``--secret FILE``) is this device: a JSON object with its secret (made when the
file is missing) and, per game id, the last link it knows, its copy of the game. A link that
changes what that copy holds is refused; a link behind it (already played on) opens the copy.
Every refusal is one line on standard error and exit status 2 (``cli.main``).

Computer seats (``link new --computer SEAT:BOT``, as the app's form makes them): the device that
starts the game hosts them (they join with it) and plays their steps whenever the link reaches
one of them, right after its own step or when ``link play`` is given such a link (``core.link.
computer_turns``); ``link show`` says which seats are the computer and whose device plays them.
"""

from __future__ import annotations

import json
import os
import sys

from . import games
from .core import jsontext
from .core.errors import GameError
from .core.link import LinkError, LinkGame, decode, new_secret, run_computer_turns

DEFAULT_URL = "http://127.0.0.1:8000/"
MAX_FILE = 4_000_000


def _usage(message: str):
    from .cli import UsageError

    return UsageError(message)


def _base(args) -> str:
    return args.app_url or os.environ.get("PYAPP_LINK_URL") or DEFAULT_URL


def read_device(path: str, make: bool) -> dict:
    """The device of a secret file (made, with a new secret, when missing and ``make``)."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read(MAX_FILE + 1)
    except FileNotFoundError:
        if not make:
            raise _usage(f"no secret file {path}") from None
        return {"secret": new_secret(), "games": {}}
    except (OSError, UnicodeDecodeError) as e:
        raise _usage(f"cannot read the secret file {path}: {e}") from None
    try:
        data = jsontext.loads(text) if len(text) <= MAX_FILE else None
    except ValueError:
        data = None
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("secret"), str)
        or len(data["secret"]) != 64
        or not isinstance(data.get("games"), dict)
        or not all(isinstance(v, str) for v in data["games"].values())
    ):
        raise _usage(f"{path} is not a secret file of this app")
    return data


def write_device(path: str, device: dict) -> None:
    tmp = f"{path}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(device, f, sort_keys=True)
    os.replace(tmp, path)


def _open(device: dict | None, text: str) -> tuple[LinkGame, str]:
    """The game of a link on this device: its copy brought up to the link (``"new"``,
    ``"same"``, ``"old"``: the copy is newer) or, without a copy, the link replayed whole."""
    payload = decode(text)
    stored = (device or {}).get("games", {}).get(payload["i"])
    if stored is None:
        return LinkGame.from_payload(payload), "new"
    lg = LinkGame.from_text(stored)
    return lg, lg.receive(payload)


def describe(lg: LinkGame) -> dict:
    seat = lg.handler()
    turn = None
    if seat is not None:
        does = "answer" if lg.pending is not None else "move"
        turn = {"seat": seat, "name": lg.name(seat), "does": does}
    result = lg.game.result(lg.state) if lg.over() else None
    return {
        "game": lg.game.id,
        "title": lg.game.title,
        "id": lg.gid,
        "options": lg.options,
        "players": [
            {
                "seat": i,
                "name": n,
                "joined": lg.commits[i] is not None,
                "computer": lg.bots[i],
                "played_by": lg.device_of(i),
            }
            for i, n in enumerate(lg.names())
        ],
        "moves": lg.moves,
        "log": lg.log(),
        "pending": None if lg.pending is None else str(lg.pending["action"]),
        "turn": turn,
        "over": lg.over(),
        "result": result,
    }


def _turn_line(lg: LinkGame) -> str:
    seat = lg.handler()
    if seat is None:
        res = lg.game.result(lg.state) or {}
        won = [lg.name(w) for w in res.get("winners", [])]
        return "The game is over: " + (f"won by {', '.join(won)}" if won else "no winner")
    if lg.pending is not None:
        who = lg.name(lg.pending["seat"])
        return (
            f"Turn: {lg.name(seat)} (seat {seat + 1}) answers the chance move of {who}: "
            f"{lg.pending['action']}"
        )
    if lg.is_computer(seat):
        host = lg.device_of(seat)
        does = "answers a chance move" if lg.pending is not None else "moves"
        return (
            f"Turn: {lg.name(seat)} (seat {seat + 1}, the computer) {does}, played by the device "
            f"of {lg.name(host)} (seat {host + 1})"
        )
    joined = "" if lg.commits[seat] is not None else " (joins with this move)"
    return f"Turn: {lg.name(seat)} (seat {seat + 1}) to move{joined}"


def cmd_show(args) -> int:
    device = read_device(args.secret, False) if args.secret else None
    lg, status = _open(device, args.url_text)
    info = describe(lg)
    if status == "old":
        info["note"] = "this link is older than your copy: your copy is shown"
    if args.json:
        print(json.dumps(info, sort_keys=True))
        return 0
    lines = [f"{lg.game.title}, played by link (game {lg.gid[:8]})"]
    for p in info["players"]:
        joined = "joined" if p["joined"] else "not joined yet"
        if p["computer"] is not None:
            host = p["played_by"]
            joined = f"the computer, {p['computer']}, played by {lg.name(host)}'s device; {joined}"
        lines.append(f"  seat {p['seat'] + 1}: {p['name']} ({joined})")
    last = f"; last: {info['log'][-1]}" if info["log"] else ""
    lines.append(f"{lg.moves} move(s) played{last}")
    if status == "old":
        lines.append(info["note"])
    lines.append(_turn_line(lg))
    print("\n".join(lines))
    return 0


def _finish(args, device: dict, lg: LinkGame) -> int:
    lg = run_computer_turns(lg, device["secret"])  # the computer seats this device hosts
    device["games"][lg.gid] = lg.text()
    write_device(args.secret, device)
    print(lg.url(_base(args)))
    print(_turn_line(lg), file=sys.stderr)
    return 0


def cmd_new(args) -> int:
    game = games.get(args.game)
    device = read_device(args.secret, True)
    options: dict = {"players": args.players}
    if args.names is not None:
        options["names"] = [n.strip() for n in args.names.split(",")]
    if args.variant is not None:
        if not game.variants:
            raise _usage(f"{game.title} has no variants (--variant)")
        options["variant"] = args.variant
    players = args.players
    bots: list = [None] * players
    for text in args.computer or []:
        seat, _, name = text.partition(":")
        k = int(seat) - 1 if seat.isdigit() else -1
        if not 0 <= k < players or name not in game.bot_names:
            raise _usage(
                f"--computer {text[:30]!r}: SEAT:BOT, a seat from 1 to {players} and a bot of "
                f"{', '.join(game.bot_names)}"
            )
        bots[k] = name
    if not 0 <= args.seat < players:
        raise _usage(f"--seat: a seat from 1 to {players}")
    if bots[args.seat] is not None:
        raise _usage("--seat: this device's own seat cannot be the computer's")
    lg = LinkGame.create(game, options, bots=bots)
    lg = lg.play(device["secret"], args.seat, [])  # this device takes its seat
    for k in lg.computer_seats():  # and its computer seats join with it
        lg = lg.play(device["secret"], k, [])
    return _finish(args, device, lg)


def cmd_play(args) -> int:
    device = read_device(args.secret, True)
    secret = device["secret"]
    lg, _status = _open(device, args.url_text)
    seat = lg.seat_of(secret)
    handler = lg.handler()
    if handler is None:
        raise LinkError("the game is over: there is nothing left to play", "over")
    if seat is None and not args.action:
        free = [s for s, c in enumerate(lg.commits) if c is None and not lg.is_computer(s)]
        if free and handler not in free:  # a seat free while another plays: join it
            return _finish(args, device, lg.play(secret, free[0], []))
    if handler in lg.hosted(secret):  # the computer's turn: this device plays it
        if args.action:
            raise _usage(f"it is {lg.name(handler)}'s turn: the computer plays it (no action)")
        lg = run_computer_turns(lg, secret)
        handler = lg.handler()
        if args.bot is None or handler != seat:  # then this device's own turn, with --bot
            return _finish(args, device, lg)
    if lg.is_computer(handler):
        raise LinkError(
            f"it is {lg.name(handler)}'s turn, played by {lg.name(lg.device_of(handler))}'s device",
            "not_your_turn",
        )
    if seat is None:
        if lg.commits[handler] is not None:
            raise LinkError(
                f"your secret holds no seat in this game, and it is {lg.name(handler)}'s turn",
                "seat",
            )
        seat = handler  # the seat to play has not joined: this device takes it
    if handler != seat:
        if not args.action and lg.commits[seat] is None:
            return _finish(args, device, lg.play(secret, seat, []))
        raise LinkError(f"it is {lg.name(handler)}'s turn, not {lg.name(seat)}'s", "not_your_turn")
    actions = [" ".join(args.action)] if args.action else []
    if args.bot is not None:
        if actions:
            raise _usage("give an action or --bot, not both")
        return _finish(args, device, _bot_step(lg, secret, seat, args.bot))
    if not actions and lg.pending is None:
        raise _usage(f"give the action {lg.name(seat)} plays (or --bot NAME)")
    return _finish(args, device, lg.play(secret, seat, actions))


def _bot_step(lg: LinkGame, secret: str, seat: int, name: str) -> LinkGame:
    game = lg.game
    if name not in game.bot_names:
        raise _usage(f"unknown bot {name!r}: expected one of {', '.join(game.bot_names)}")
    bot = game.make_bot(name, f"{lg.gid}/{seat}/{lg.moves}")
    acts: list[str] = []
    cur = lg.play(secret, seat, []) if lg.pending is not None else lg
    while cur.handler() == seat and cur.pending is None:
        acts.append(str(bot.choose(game.observation(cur.state, seat))))
        try:
            cur = lg.play(secret, seat, acts)
        except LinkError as e:
            if e.kind != "join_first" or len(acts) == 1:
                raise
            acts.pop()  # this chance move waits for another player's joining: stop before it
            break
    return cur


def add_commands(sub, with_game) -> None:
    """The ``link`` command and its three subcommands, on the main parser's ``sub``."""
    from .cli import _Parser, _seats

    link = sub.add_parser("link", help="play a game by links: new, show, play")
    lsub = link.add_subparsers(dest="link_command", required=True, parser_class=_Parser)
    new = with_game(lsub.add_parser("new", help="start a game by link and print its first link"))
    new.add_argument("--players", type=_seats, required=True)
    new.add_argument("--secret", required=True, help="this seat's secret file (made if missing)")
    new.add_argument("--names", default=None, help="comma-separated names, one per seat")
    new.add_argument("--seat", type=_seat, default=0, help="this device's seat (default 1)")
    new.add_argument(
        "--computer",
        action="append",
        metavar="SEAT:BOT",
        help="a computer seat this device plays (repeat for more), e.g. 3:greedy",
    )
    new.add_argument(
        "--app-url", default=None, help=f"the app's address in links (default {DEFAULT_URL})"
    )
    new.set_defaults(run=cmd_new)
    show = lsub.add_parser("show", help="print the game of a link and whose turn it is")
    show.add_argument("url_text", metavar="URL")
    show.add_argument("--json", action="store_true")
    show.add_argument("--secret", default=None, help="compare with this device's copy")
    show.set_defaults(run=cmd_show)
    play = lsub.add_parser("play", help="check an action on a link and print the next link")
    play.add_argument("url_text", metavar="URL")
    play.add_argument(
        "action", nargs="*", help="the action to play, quoted or not (none: answer or join)"
    )
    play.add_argument("--secret", required=True, help="this seat's secret file (made if missing)")
    play.add_argument("--bot", default=None, help="let this computer player choose the moves")
    play.add_argument(
        "--app-url", default=None, help=f"the app's address in links (default {DEFAULT_URL})"
    )
    play.set_defaults(run=cmd_play)


def _seat(text: str) -> int:
    import argparse

    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid seat {text[:24]!r}") from None
    if not 1 <= n <= 4:
        raise argparse.ArgumentTypeError("a seat from 1 to 4")
    return n - 1


__all__ = ["GameError", "add_commands", "cmd_new", "cmd_play", "cmd_show"]
