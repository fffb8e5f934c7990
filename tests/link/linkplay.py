"""Helpers of the link tests: a game played by links only, each seat a device of its own."""

from __future__ import annotations

from pyapp import games
from pyapp.core.link import LinkGame, decode, new_secret

BASE = "https://example.test/app/"


class Device:
    """One seat's device: its secret, its copy of the game and a bot choosing its moves from
    what its seat may see."""

    def __init__(self, game, seat: int, seed, bot: str | None = None):
        self.game = game
        self.seat = seat
        self.secret = new_secret()
        self.copy: LinkGame | None = None
        self.bot = game.make_bot(bot or game.bot_names[0], f"{seed}/{seat}")

    def open(self, url: str) -> LinkGame:
        """A fresh copy from the link the first time; later the link must extend this copy."""
        if self.copy is None:
            self.copy = LinkGame.from_text(url)
        else:
            self.copy.receive(decode(url))
        return self.copy

    def join(self, url: str) -> str:
        lg = self.open(url)
        self.copy = lg.play(self.secret, self.seat, [])
        return self.copy.url(BASE)

    def turn(self, url: str) -> str:
        """Open the link and make this seat's step: the answer to a chance move waiting for
        it, then its moves while it is to move, up to a chance move; the next link."""
        base = self.open(url)
        acts: list[str] = []
        cur = base.play(self.secret, self.seat, []) if base.pending is not None else base
        while cur.handler() == self.seat and cur.pending is None:
            action = self.bot.choose(self.game.observation(cur.state, self.seat))
            acts.append(str(action))
            cur = base.play(self.secret, self.seat, acts)
        self.copy = cur
        return cur.url(BASE)


def play_by_links(game_id: str, players: int, seed, options=None, join_round=True, bot=None):
    """A whole game between bots by links only; returns (devices, the links in order)."""
    game = games.get(game_id)
    devices = [Device(game, s, seed, bot) for s in range(players)]
    opts = {"players": players, **(options or {})}
    lg = LinkGame.create(game, opts)
    links = [lg.url(BASE)]
    if join_round:
        for d in devices:
            links.append(d.join(links[-1]))
    holder = LinkGame.from_text(links[-1])
    for _ in range(20_000):
        seat = holder.handler()
        if seat is None:
            break
        links.append(devices[seat].turn(links[-1]))
        holder = devices[seat].copy
    else:
        raise AssertionError("the game did not end")
    return devices, links
