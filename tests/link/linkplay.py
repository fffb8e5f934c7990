"""Helpers of the link tests: a game played by links only, each seat a device of its own."""

from __future__ import annotations

from pyapp import games
from pyapp.core.link import LinkGame, decode, new_secret

BASE = "https://example.test/app/"
# each game with each of its player counts (Caldera: 2 and 3; the others 2 to 4)
CASES = [
    (game_id, players)
    for game_id in ("park", "pyramids", "caledea")
    for players in range(
        max(2, games.entry(game_id).min_players), games.entry(game_id).max_players + 1
    )
]


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


def measure(seeds=(1, 2)) -> list[dict]:
    """The length of the last link of finished games between greedy bots, every game and
    player count, ``seeds`` each; and of two long games between random bots. The secrets and
    game ids are drawn from a generator seeded by the case: the figures are the same at every
    run (they change when the engines, the bots or the link's format do)."""
    import hashlib
    import random

    from pyapp.core import link

    class Tokens:
        def __init__(self, name: str):
            self.rng = random.Random(hashlib.sha256(name.encode()).digest())

        def token_hex(self, n: int) -> str:
            return self.rng.randbytes(n).hex()

    kept = link._secrets
    cases = [(g, n, s, "greedy") for g in ("pyramids", "caledea", "park") for n in
             range(max(2, games.entry(g).min_players), games.entry(g).max_players + 1)
             for s in seeds]  # fmt: skip
    cases += [("pyramids", 2, 1, "random"), ("caledea", 4, 1, "random")]
    out = []
    try:
        for game_id, players, seed, bot in cases:
            link._secrets = Tokens(f"{game_id}/{players}/{seed}/{bot}")
            _, links = play_by_links(game_id, players, seed, bot=bot)
            last = LinkGame.from_text(links[-1])
            out.append(
                {"game": game_id, "players": players, "seed": seed, "bot": bot,
                 "moves": last.moves, "steps": len(last.steps), "chars": len(links[-1])}
            )  # fmt: skip
    finally:
        link._secrets = kept
    return out


if __name__ == "__main__":  # python -m tests.link.linkplay (from the repository's root)
    print(f"a finished game's last link, with a {len(BASE)}-character app address")
    for row in measure():
        print("{game} {players} players, {bot} bots, seed {seed}: {moves} moves, "
              "{steps} steps, {chars} characters".format(**row))  # fmt: skip
