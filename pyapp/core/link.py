"""Games played by link: no server, each device its own copy, chance that nobody can foresee.

A **link** is the app's address with the game in its fragment, ``URL#g=DATA`` (the fragment
never reaches a server). ``DATA`` is base64url (no padding) of zlib-compressed canonical JSON::

    {"v": 1, "g": record id, "i": game id (32 hex), "o": options without the seed,
     "c": [each seat's commitment (32 hex) or null before it joined],
     "r": [each seat's latest revealed chain value (32 hex) or null],
     "s": [[seat, action text, ...], ...],            # the steps, in order
     "b": [each seat's computer player (a bot name) or null]}   # only with computer seats

The game's seed is its id, so the setup (Caldera's layout, Caledea's random kingdoms and first
player, Caldera Park's first displays) is public and the same on every device.

**Steps.** Each time a seat's device adds to the game it appends one step (its seat and the
actions it played, maybe none) and reveals the next value of its **hash chain**: the device
draws a secret once; for each game and seat it derives ``seed`` and the chain ``seed, H(seed),
H(H(seed)), ...``, ``CHAIN`` hashes long; the chain's end is the seat's commitment (``c``,
published with its first step); the k-th step reveals the value k hashes before the end, which
anyone checks by hashing it k times back to the commitment. Only the latest value travels: the
earlier ones are its hashes. Nobody else can compute a seat's next value, so nobody can play a
step in another seat's name once it has joined.

**Chance.** Randomness lives in the state (``Game.chance_state``). An action whose playing draws
from it (found by playing it on a copy) is a **chance move**: it ends its step, and waits. The
generator is reseeded (``Game.reseed``) with SHA-256 of the game id, the move's number, the value
its mover revealed with it and the next value of its **answerer** (``Game.chance_answerer``:
Caledea's other side of the battle; otherwise the next seat that has joined), which the
answerer's device reveals in its next step, once the move is in the link. So the mover cannot
know the draw when choosing (the answerer's value is unrevealed), the answerer cannot choose it
(committed earlier, and the mover's value came only with the move), and nobody else can know it
beforehand.

**Computer seats** (``"b"``): a seat may be a computer player, played by the device of the
game's first step (its **host**, a person): its chain comes from the host's secret, its first
step follows the host's, and the host's device plays its steps (the bot chooses) whenever the
link reaches it. The answerer of a chance move is never a seat of the mover's device (the host
and its computer seats are one device): the game's choice, else the next joined seat, skipping
the mover's device. So the host never knows a draw before the move that causes it is committed,
whoever of its seats moves, and a game by link has at least two people.

A game that draws from an order fixed at setup keeps a rules flag for links
(``Game.link_options``: Caldera Park's ``late_draws``) so every draw is made when it happens.

Reading a link never evaluates anything: its size is bounded before and during decompression,
its JSON depth before parsing, every field is checked, and the game is replayed through the
engine, every move checked. Each refusal is a ``LinkError`` with a ``kind`` and one sentence.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import secrets as _secrets
import zlib

from . import chance, jsontext
from .errors import GameError, LoadError

VERSION = 1
CHAIN = 4096  # values in a seat's chain: the steps one seat can make in a game
MAX_LINK = 24_000  # characters of a link's data (a long finished game is under 4,000)
MAX_JSON = 400_000  # bytes of its JSON once decompressed
MAX_STEPS = 20_000
MAX_ACTION = 200  # characters of one action's text
PREFIX = "#g="
_HEX32 = re.compile(r"[0-9a-f]{32}\Z")
_DATA = re.compile(r"[A-Za-z0-9_-]*\Z")
_KEYS = frozenset({"v", "g", "i", "o", "c", "r", "s"})
MAX_BOT = 20  # characters of a computer player's name


class LinkError(LoadError):
    """A link (or a step) refused, ``kind`` saying which way: damaged, too_long, other_game,
    changed, reveal, skipped, illegal, join_first, seat, options; the device's layers add
    not_your_turn, over and storage."""

    kind = "damaged"

    def __init__(self, message: str, kind: str | None = None):
        super().__init__(message)
        if kind is not None:
            self.kind = kind


# ------------------------------------------------------------------ hash chains


def _h(value: bytes) -> bytes:
    return hashlib.sha256(b"caldera-link/chain/" + value).digest()[:16]


def new_secret() -> str:
    """A device's secret: 32 random bytes as hex."""
    return _secrets.token_hex(32)


def new_game_id() -> str:
    return _secrets.token_hex(16)


_CHAINS: dict = {}  # (secret, gid, seat) -> the chain, commitment first (a device's own seats)


def chain_value(secret: str, gid: str, seat: int, k: int) -> str:
    """The value a seat reveals with its k-th step (k = 0: its commitment), as hex."""
    if not 0 <= k <= CHAIN:
        raise LinkError("this game is longer than a seat's chain allows", "too_long")
    key = (secret, gid, seat)
    chain = _CHAINS.get(key)
    if chain is None:
        v = hashlib.sha256(f"caldera-link/seed/{secret}/{gid}/{seat}".encode()).digest()[:16]
        out = [v]
        for _ in range(CHAIN):
            v = _h(v)
            out.append(v)
        out.reverse()
        if len(_CHAINS) > 64:
            _CHAINS.clear()
        chain = _CHAINS[key] = [x.hex() for x in out]
    return chain[k]


def commitment(secret: str, gid: str, seat: int) -> str:
    return chain_value(secret, gid, seat, 0)


def _back(value: str, steps: int) -> list[str]:
    """``value`` and its ``steps`` hashes: [H^steps(value), ..., H(value), value]."""
    out = [bytes.fromhex(value)]
    for _ in range(steps):
        out.append(_h(out[-1]))
    return [v.hex() for v in reversed(out)]


def entropy(gid: str, index: int, mover: int, mover_value: str, answerer: int, value: str):
    """The bytes that reseed the generator for the chance move number ``index``."""
    text = f"caldera-link/chance/{gid}/{index}/{mover}/{mover_value}/{answerer}/{value}"
    return hashlib.sha256(text.encode()).digest()


# ------------------------------------------------------------------ text <-> payload


def canonical(payload: dict) -> str:
    return json.dumps(payload, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def encode(payload: dict) -> str:
    """The fragment data of a payload (no ``#g=``)."""
    raw = zlib.compress(canonical(payload).encode("utf-8"), 9)
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def make_url(base: str, payload: dict) -> str:
    return base.split("#", 1)[0] + PREFIX + encode(payload)


def data_of(text) -> str:
    """The data part of a link given as a whole URL, its fragment or the data alone."""
    if not isinstance(text, str):
        raise LinkError("a game link is text")
    if len(text) > MAX_LINK + 4_000:  # before anything else: never work on megabytes
        raise LinkError("this link is too long to be a game link", "too_long")
    text = text.strip()
    if "#" in text:
        text = text.split("#", 1)[1]
        if not text.startswith("g="):
            raise LinkError("this address holds no game (no #g= part)")
        text = text[2:]
    elif text.startswith("g="):
        text = text[2:]
    if len(text) > MAX_LINK:
        raise LinkError("this link is too long to be a game link", "too_long")
    if not text or not _DATA.match(text):
        raise LinkError("this is not a game link, or it was cut or changed")
    return text


def decode(text) -> dict:
    """The payload of a link, its shape checked; ``LinkError`` if it cannot be one."""
    data = data_of(text)
    try:
        raw = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError):
        raise LinkError("this link is damaged (cut or changed)") from None
    d = zlib.decompressobj()
    try:
        out = d.decompress(raw, MAX_JSON)
    except zlib.error:
        raise LinkError("this link is damaged (cut or changed)") from None
    if d.unconsumed_tail:
        raise LinkError("this link holds too much to be a game link", "too_long")
    if not d.eof or d.unused_data:
        raise LinkError("this link is damaged (cut or changed)")
    try:
        js = out.decode("utf-8")
        payload = jsontext.loads(js)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise LinkError("this link is damaged (cut or changed)") from None
    check_shape(payload)
    if canonical(payload) != js:
        raise LinkError("this link is damaged (not written the way the app writes links)")
    return payload


def check_shape(p) -> None:
    bad = LinkError("this link is damaged (its game data is not complete)")
    if not isinstance(p, dict) or set(p) not in (_KEYS, _KEYS | {"b"}):
        raise bad
    if type(p["v"]) is not int:
        raise bad
    if p["v"] > VERSION:
        raise LinkError("this link was made by a newer version of the app: update it to open it")
    if p["v"] != VERSION:
        raise bad
    if not isinstance(p["g"], str) or not isinstance(p["i"], str) or not _HEX32.match(p["i"]):
        raise bad
    if not isinstance(p["o"], dict) or "seed" in p["o"]:
        raise bad
    c, r, s = p["c"], p["r"], p["s"]
    if not isinstance(c, list) or not isinstance(r, list) or len(c) != len(r) or not c:
        raise bad
    for v in (*c, *r):
        if v is not None and not (isinstance(v, str) and _HEX32.match(v)):
            raise bad
    if not isinstance(s, list) or len(s) > MAX_STEPS:
        raise bad
    for step in s:
        if not isinstance(step, list) or not step or type(step[0]) is not int:
            raise bad
        if not 0 <= step[0] < len(c):
            raise bad
        if not all(isinstance(a, str) and 0 < len(a) <= MAX_ACTION for a in step[1:]):
            raise bad
    if "b" in p:  # computer seats: one entry per seat, null for a person, at least one bot
        b = p["b"]
        if not isinstance(b, list) or len(b) != len(c):
            raise bad
        if not all(x is None or (isinstance(x, str) and 0 < len(x) <= MAX_BOT) for x in b):
            raise bad
        if all(x is None for x in b):
            raise bad


# ------------------------------------------------------------------ the game of a link


class LinkGame:
    """A game played by link as one device holds it: the state replayed from the steps, the
    chance move waiting for its answer (``pending``) and the payload it came from."""

    def __init__(self, game, gid: str, options: dict, bots: list | None = None):
        """A new game (no steps yet): ``options`` as the game reads them, without a seed;
        ``bots``: each seat's computer player (a bot name) or None for a person."""
        self.game = game
        self.gid = gid
        opts = dict(options)
        opts["seed"] = gid
        try:
            state = game.new_game(opts)
        except (GameError, TypeError, ValueError) as e:
            raise LinkError(f"the game options of this link are not valid: {e}") from e
        norm = {k: v for k, v in state["options"].items() if k != "seed"}
        if canonical(norm) != canonical(options) or canonical(game.link_options(norm)) != canonical(
            norm
        ):
            raise LinkError("this link's game options are not those of a game by link")
        self.options = norm
        self.state = state
        n = len(self.names())
        if bots is None or all(b is None for b in bots):
            bots = [None] * n
        elif len(bots) != n or any(b is not None and b not in game.bot_names for b in bots):
            raise LinkError("this link's computer players are not those of this game", "options")
        elif sum(b is None for b in bots) < 2:
            raise LinkError("a game by link has at least two people", "options")
        self.bots: list[str | None] = list(bots)
        self.commits: list[str | None] = [None] * n
        self.reveals: list[str | None] = [None] * n
        self.values: list[list[str]] = [[] for _ in range(n)]  # each seat's revealed values
        self.joined_at: list[int | None] = [None] * n
        self.counts = [0] * n  # steps of each seat replayed
        self.steps: list[list] = []
        self.pending: dict | None = None  # {"seat", "action", "value", "index", "answerer"}
        self.moves = 0

    # -------------------------------------------------------------- reading

    @classmethod
    def create(
        cls, game, options: dict, gid: str | None = None, bots: list | None = None
    ) -> LinkGame:
        """A new game by link from the new-game options (players, names, variant...);
        ``bots``: each seat's computer player or None (a person)."""
        gid = gid or new_game_id()
        opts = {k: v for k, v in options.items() if k != "seed"}
        opts["seed"] = gid
        try:
            norm = game.new_game(game.link_options(opts))["options"]
        except (GameError, TypeError, ValueError) as e:
            raise LinkError(str(e), "options") from e
        if norm["players"] < 2:
            raise LinkError("a game by link has at least two players", "options")
        return cls(game, gid, {k: v for k, v in norm.items() if k != "seed"}, bots)

    @classmethod
    def from_payload(cls, payload: dict) -> LinkGame:
        from .. import games

        try:
            game = games.for_record(payload["g"])
        except LoadError:
            raise LinkError("this link is not a game of this app") from None
        lg = cls(game, payload["i"], payload["o"], payload.get("b"))
        if len(payload["c"]) != len(lg.commits):
            raise LinkError("this link is damaged (its seats do not match the game)")
        lg.receive(payload)
        return lg

    @classmethod
    def from_text(cls, text) -> LinkGame:
        return cls.from_payload(decode(text))

    def names(self) -> list[str]:
        o = self.state["options"]
        names = o.get("names")
        if names:
            return list(names)
        return [f"{k} ({i + 1})" for i, k in enumerate(o.get("kingdoms") or [])] or [
            f"Player {i + 1}" for i in range(o["players"])
        ]

    def name(self, seat: int) -> str:
        return self.names()[seat]

    def payload(self) -> dict:
        out = {
            "v": VERSION,
            "g": self.game.record_id,
            "i": self.gid,
            "o": self.options,
            "c": list(self.commits),
            "r": list(self.reveals),
            "s": [list(s) for s in self.steps],
        }
        if any(b is not None for b in self.bots):
            out["b"] = list(self.bots)
        return out

    def text(self) -> str:
        return encode(self.payload())

    def url(self, base: str) -> str:
        return make_url(base, self.payload())

    def copy(self) -> LinkGame:
        """An independent copy (the state through JSON, the rest list by list)."""
        out = object.__new__(LinkGame)
        out.__dict__.update(self.__dict__)
        out.state = json.loads(json.dumps(self.state))
        out.commits, out.reveals = list(self.commits), list(self.reveals)
        out.bots = list(self.bots)
        out.values = [list(v) for v in self.values]
        out.joined_at, out.counts = list(self.joined_at), list(self.counts)
        out.steps = list(self.steps)  # steps are never changed in place
        out.pending = None if self.pending is None else dict(self.pending)
        return out

    def log(self) -> list[str]:
        return [a for s in self.steps for a in s[1:]]

    # -------------------------------------------------------------- computer seats

    def host(self) -> int | None:
        """The person whose device plays the computer seats: the seat of the first step."""
        return self.steps[0][0] if self.steps else None

    def is_computer(self, seat: int) -> bool:
        return self.bots[seat] is not None

    def device_of(self, seat: int) -> int:
        """The seat of the person whose device plays ``seat`` (itself, or the host for a
        computer seat)."""
        if self.bots[seat] is None:
            return seat
        host = self.host()
        return seat if host is None else host

    def computer_seats(self) -> list[int]:
        return [s for s, b in enumerate(self.bots) if b is not None]

    # -------------------------------------------------------------- whose turn

    def handler(self) -> int | None:
        """The seat whose device the link goes to now (the answer of a chance move first),
        ``None`` once the game is over."""
        if self.pending is not None:
            return self.pending["answerer"]
        return self.game.to_move(self.state)

    def over(self) -> bool:
        return self.pending is None and self.game.to_move(self.state) is None

    # -------------------------------------------------------------- checking steps

    def receive(self, payload: dict) -> str:
        """Take a link of this game: its steps must extend this copy's. Returns ``"new"``
        (steps added), ``"same"`` or ``"old"`` (a link behind this copy: nothing changes).
        ``LinkError`` (this copy unchanged) for a link of another game, a change to a move
        already played, a bad revealed value, a skipped seat or an illegal move."""
        if (
            payload["g"] != self.game.record_id
            or payload["i"] != self.gid
            or canonical(payload["o"]) != canonical(self.options)
            or len(payload["c"]) != len(self.commits)
            or payload.get("b", [None] * len(self.commits)) != self.bots
        ):
            raise LinkError("this link is of another game than this one", "other_game")
        steps = payload["s"]
        mine = self.steps
        common = min(len(steps), len(mine))
        for n in range(common):
            if steps[n] != mine[n]:
                raise LinkError(
                    f"this link changes what was already played (step {n + 1}): refused",
                    "changed",
                )
        older = len(steps) < len(mine)
        for seat, (c, old) in enumerate(zip(payload["c"], self.commits, strict=True)):
            # an older link may come from before a seat joined: no commitment yet
            if old is not None and c != old and not (older and c is None):
                raise LinkError(
                    f"this link changes {self.name(seat)}'s commitment: it is of another game "
                    "or was changed",
                    "other_game",
                )
        if older:
            return "old"
        if len(steps) == len(mine):
            if payload["r"] != self.reveals or payload["c"] != self.commits:
                raise LinkError("this link changes a revealed value: refused", "reveal")
            return "same"
        work = self.copy()
        work._take_values(payload, steps[len(mine) :])
        for step in steps[len(mine) :]:
            work._step(step)
        self.__dict__.update(work.__dict__)
        return "new"

    def _take_values(self, payload: dict, new_steps: list) -> None:
        """Check the revealed values of the seats that made ``new_steps`` against what this
        copy knows (the commitment, or the seat's last value) and keep them."""
        counts = [len(v) for v in self.values]
        for step in new_steps:
            counts[step[0]] += 1
        for seat, n in enumerate(counts):
            c, r = payload["c"][seat], payload["r"][seat]
            have = len(self.values[seat])
            if n == have:
                if r != self.reveals[seat] or (have == 0 and c != self.commits[seat]):
                    if have == 0 and r is None:  # a commitment without a step: not allowed
                        raise LinkError(
                            f"this link gives {self.name(seat)} a commitment without a step",
                            "reveal",
                        )
                    raise LinkError(
                        f"this link changes a value {self.name(seat)} revealed: refused", "reveal"
                    )
                continue
            if c is None or r is None:
                raise LinkError(
                    f"this link has steps of {self.name(seat)} without their revealed value",
                    "reveal",
                )
            if n > CHAIN:
                raise LinkError("this game is longer than a seat's chain allows", "too_long")
            chain = _back(r, n - have)  # chain[0] must be what we know; chain[1:] the new values
            known = self.values[seat][-1] if have else c
            if chain[0] != known:
                raise LinkError(
                    f"a value {self.name(seat)} revealed does not match their commitment: "
                    "the link was changed",
                    "reveal",
                )
            self.commits[seat] = c
            self.values[seat] = self.values[seat] + chain[1:]
            self.reveals[seat] = r

    def _step(self, step: list) -> None:
        """Play one step of the link (its values already taken), checking everything."""
        game, state = self.game, self.state
        seat, actions = step[0], step[1:]
        index = len(self.steps)
        first = self.joined_at[seat] is None
        if index == 0 and self.bots[seat] is not None:
            raise LinkError("this link's first step is a computer seat's: a person starts it")
        # the step's value: the seat's k-th, k = its steps so far including this one
        self.counts[seat] += 1
        value = self.values[seat][self.counts[seat] - 1]
        if first:
            self.joined_at[seat] = index
        if self.pending is not None:
            pend = self.pending
            if seat != pend["answerer"]:
                raise LinkError(
                    f"this link skips {self.name(pend['answerer'])}, who must answer the chance "
                    f"move of {self.name(pend['seat'])} before anyone plays on",
                    "skipped",
                )
            drawn = entropy(self.gid, pend["index"], pend["seat"], pend["value"], seat, value)
            game.reseed(state, drawn)
            chance.note(state, drawn)  # kept in the state: its replays draw the same
            game.apply(state, pend["action"])
            self.pending = None
        elif not actions and not first:
            raise LinkError(
                f"this link has a step of {self.name(seat)} with nothing in it", "skipped"
            )
        for j, text in enumerate(actions):
            self.moves += 1
            mover = game.to_move(state)
            if mover is None:
                raise LinkError(
                    f"move {self.moves} of this link comes after the end of the game", "illegal"
                )
            if mover != seat:
                raise LinkError(
                    f"move {self.moves} of this link is played for {self.name(seat)} in "
                    f"{self.name(mover)}'s turn: {self.name(mover)} was skipped",
                    "skipped",
                )
            try:
                action = game.read_action(text)
                reason = game.why_illegal(state, action, seat)
            except GameError as e:
                reason = str(e)
            if reason is not None:
                raise LinkError(
                    f"move {self.moves} of this link ({text[:40]!r}) is not allowed: {reason}",
                    "illegal",
                )
            if self._is_chance(action):
                q = self.answerer(action, seat, index)
                if q is None:
                    raise LinkError(
                        f"move {self.moves} needs the chance of a player who has not joined yet",
                        "join_first",
                    )
                if j != len(actions) - 1:
                    raise LinkError(
                        f"move {self.moves} of this link is played before the answer to the "
                        "chance move before it",
                        "skipped",
                    )
                self.pending = {
                    "seat": seat,
                    "action": action,
                    "value": value,
                    "index": self.moves,
                    "answerer": q,
                }
            else:
                game.apply(state, action)
        self.steps.append(list(step))

    def _is_chance(self, action) -> bool:
        before = self.game.chance_state(self.state)
        if before is None:
            return False
        probe = json.loads(json.dumps(self.state))
        self.game.apply(probe, action)
        return self.game.chance_state(probe) != before

    def answerer(self, action, seat: int, index: int | None = None) -> int | None:
        """Who answers a chance move of ``seat``: the game's choice, else the next seat (in
        seat order) that joined before the step at ``index`` (default: now)."""
        index = len(self.steps) if index is None else index

        mine = self.device_of(seat)  # the mover's device: its seats never answer

        def joined(q):
            return self.joined_at[q] is not None and self.joined_at[q] < index

        q = self.game.chance_answerer(self.state, action, seat)
        if q is not None and self.device_of(q) != mine:
            return q if joined(q) else None
        n = len(self.commits)
        for i in range(1, n):
            q = (seat + i) % n
            if self.device_of(q) != mine and joined(q):
                return q
        return None

    # -------------------------------------------------------------- a device's step

    def seat_of(self, secret: str) -> int | None:
        """The person's seat this secret holds in the game (its commitment), or ``None``."""
        for seat, c in enumerate(self.commits):
            if self.bots[seat] is not None:
                continue
            if c is not None and c == commitment(secret, self.gid, seat):
                return seat
        return None

    def hosted(self, secret: str) -> list[int]:
        """The computer seats this secret's device plays: all of them when it holds the
        host's seat, else none."""
        host = self.host()
        if host is None or self.seat_of(secret) != host:
            return []
        return self.computer_seats()

    def play(self, secret: str, seat: int, actions: list) -> LinkGame:
        """A new copy with the step of ``seat`` (whose device holds ``secret``): the answer to
        a chance move waiting for it, if any, then ``actions``. Checked like a received link."""
        if self.commits[seat] is not None:
            if self.commits[seat] != commitment(secret, self.gid, seat):
                raise LinkError(
                    f"{self.name(seat)}'s seat in this game was taken with another secret",
                    "seat",
                )
        elif self.joined_at[seat] is not None:
            raise LinkError("this link is damaged (a seat joined without a commitment)")
        k = len(self.values[seat]) + 1
        payload = self.payload()
        payload["c"][seat] = commitment(secret, self.gid, seat)
        payload["r"][seat] = chain_value(secret, self.gid, seat, k)
        payload["s"].append([seat, *[str(a) for a in actions]])
        work = self.copy()
        work.receive(payload)
        return work

    def view(self, seat: int | None = None) -> dict:
        """What a device shows: the state (a seat's observation when ``seat`` is given)."""
        if seat is None:
            return self.state
        return self.game.observation(self.state, seat)


# ------------------------------------------------------------------ computer seats


def computer_turns(lg: LinkGame, secret: str, slice_ms: float | None = None):
    """A generator playing the steps of the computer seats this device hosts (``secret``: the
    host's) while the link is with one of them, once every seat has joined: each seat's bot
    chooses from what its seat may see (seeded by the game id, the seat and the moves so
    far), answering a chance move waiting for it first; a computer seat that has not joined
    joins first. With ``slice_ms``, a bot that thinks
    in slices (``start``) yields between them; it yields after each move too. Returns the
    game after those steps (``lg`` itself when there was none)."""
    hosted = lg.hosted(secret)
    for seat in hosted:  # a computer seat joins with its host (a link made otherwise: now)
        if lg.commits[seat] is None and lg.pending is None:
            lg = lg.play(secret, seat, [])
    while hosted and all(c is not None for c in lg.commits) and lg.handler() in hosted:
        lg = yield from _computer_step(lg, secret, lg.handler(), slice_ms)
    return lg


def _computer_step(lg: LinkGame, secret: str, seat: int, slice_ms: float | None):
    game = lg.game
    bot = game.make_bot(lg.bots[seat], f"{lg.gid}/{seat}/{lg.moves}")
    acts: list[str] = []
    cur = lg.play(secret, seat, []) if lg.pending is not None else lg
    while cur.handler() == seat and cur.pending is None:
        obs = game.observation(cur.state, seat)
        start = getattr(bot, "start", None) if slice_ms is not None else None
        if callable(start):
            thinking = start(obs)
            while True:
                action = thinking.step(slice_ms)
                if thinking.done:
                    break
                yield
        else:
            action = bot.choose(obs)
        acts.append(str(action))
        cur = lg.play(secret, seat, acts)
        yield
    return cur


def run_computer_turns(lg: LinkGame, secret: str) -> LinkGame:
    """``computer_turns`` played at once (the command line)."""
    gen = computer_turns(lg, secret)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value
