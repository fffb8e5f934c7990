"""The game protocol: the few functions every game in the box offers, and nothing else is used.

The shell (new-game screen, table frame, hand-overs, bot runner, saves), the command line and
the arena speak only this protocol, so a game is a package of its own and adding one touches no
other (see ``pyapp/games.py`` for the registry). Modelled on OpenSpiel's ``Game``/``State`` and
boardgame.io's game objects, with states as plain data:

* A **state** is a JSON-safe dict ``{"format": N, "options": {...}, ..., "log": [...]}``. The
  options hold the seed; randomness lives in the state (a ``core.rng.Rng`` kept as hex), so a
  game is its options and its action log, and ``replay`` rebuilds it exactly.
* An **action** is a small frozen value with ``kind`` and a text form: ``parse_action(str(a))
  == a`` (python-chess's ``Move``). ``play`` takes an action or its text and checks it;
  ``apply`` is the unchecked fast path for bots and search.
* **Errors** say why: ``MalformedActionError`` (unreadable text), ``IllegalActionError`` (a
  well-formed move the rules refuse now; the state is untouched), ``OptionsError``,
  ``LoadError`` (a damaged, foreign or newer record or save).
* **Observations**: ``observation(state, player)`` is what that player may see, holding nothing
  from which hidden information (or future chance) can be worked out: no seed, no generator.
  Bots decide from observations only, and ``legal_actions`` works on an observation too.
* A **record** ``{"format", "game", "options", "log"}`` is the portable form of a game (exports,
  playthrough files); ``game`` is the game's ``record_id``.

A game subclasses ``Game`` and fills in the abstract methods; the rest (checked ``play``,
``replay``, records, JSON round trips) comes from here and is the same for every game.
"""

from __future__ import annotations

import json
from typing import Any

from . import chance, jsontext
from .actions import action_text
from .errors import (
    GameError,
    IllegalActionError,
    LoadError,
    MalformedActionError,
    OptionsLoadError,
)

MAX_TEXT = 2_000_000  # characters: far above any real save, far below a memory problem


class Game:
    """Base of every game's protocol object (one instance per game, ``GAME`` in its package).

    Class attributes a game sets:

    * ``id``: the code name (``park``, ``pyramids``, ``caledea``), as on the command line.
    * ``record_id``: the name written in records and saves (``caldera-park`` for Caldera Park,
      whose records predate the box; the code name otherwise).
    * ``title``: the game's name for people.
    * ``format``: the version of the state and record format this engine writes and reads.
    * ``min_players`` / ``max_players``; ``bot_names`` (weakest first).
    """

    id: str = ""
    record_id: str = ""
    title: str = ""
    format: int = 1
    min_players: int = 2
    max_players: int = 2
    bot_names: tuple[str, ...] = ()

    # ------------------------------------------------------------------ to fill in

    def normalise_options(self, options: dict) -> dict:
        """Check options (players, seed, names, variant...) and return the plain dict kept in
        the state; raise ``OptionsError`` naming what is wrong."""
        raise NotImplementedError

    def new_game(self, options: dict) -> dict:
        """A new state from options (normalised here); the seed decides every chance event."""
        raise NotImplementedError

    def decision(self, state: dict) -> dict | None:
        """The open decision, ``{"player": seat, "kind": ...}``, or ``None`` once over."""
        raise NotImplementedError

    def legal_actions(self, state: dict, player: int | None = None) -> list:
        """Every legal action of ``player`` (default: whoever decides now); works on an
        observation too."""
        raise NotImplementedError

    def parse_action(self, text: str):
        """The action a text names; ``MalformedActionError`` if it cannot be read."""
        raise NotImplementedError

    def why_illegal(self, state: dict, action, player: int | None = None) -> str | None:
        """``None`` when ``action`` is legal now, else the reason in plain words."""
        raise NotImplementedError

    def apply(self, state: dict, action) -> dict:
        """Unchecked fast move (the action must be legal); mutates and returns ``state``."""
        raise NotImplementedError

    def observation(self, state: dict, player: int) -> dict:
        """What ``player`` may see (no seed, no generator, nothing hidden)."""
        raise NotImplementedError

    def result(self, state: dict) -> dict | None:
        """``None`` while the game runs; once over ``{"winners": [seats], "scores": [one
        number per seat, or None], ...}`` with anything game-specific beside."""
        raise NotImplementedError

    def make_bot(self, name: str, seed=0):
        """A computer player by name (one of ``bot_names``): ``choose(observation)`` returns an
        action; an optional ``start(observation)`` returns a ``Thinking`` that works in slices."""
        raise NotImplementedError

    # ------------------------------------------------------------------ optional

    variants: tuple[str, ...] = ()  # named variants (an option ``variant``), if the game has any

    def summary(self, state: dict) -> dict:
        """The full report of a finished game, for the end screen and ``python -m pyapp
        simulate``: the result by default; a game may give its whole score sheets instead."""
        return self.result(state)

    def save_summary(self, state: dict) -> dict:
        """What the saved-games list shows of where a game stands, besides the players and
        whether it is over (plain JSON values); checked on reading by ``check_save_summary``."""
        return {}

    def check_save_summary(self, summary: dict) -> bool:
        """Whether a stored summary holds valid values of ``save_summary``'s keys."""
        return True

    def solo_report(self, scores: list) -> dict:
        """Extra arena figures for a one-player game's scores (a solo rating table)."""
        return {}

    def print_report(self, report: dict) -> None:
        """Print what ``solo_report`` added to an arena report (nothing by default)."""

    # ------------------------------------------------------------------ play by link (optional)
    # A game with chance after its setup says where its generator is and lets ``core.link``
    # reseed it with the players' revealed values (see ``core/link.py``); a game without (the
    # defaults) has no chance once set up.

    def chance_state(self, state: dict) -> str | None:
        """The hex state of the generator every later chance event draws from, or ``None``
        when the game has no chance after its setup."""
        return None

    def reseed(self, state: dict, entropy: bytes) -> None:
        """Replace the generator of ``state`` by one made from ``entropy`` (at least 8 bytes)."""
        raise NotImplementedError(f"{self.title} has no chance after its setup")

    def link_options(self, options: dict) -> dict:
        """The options of a game played by link: the game's rules flag, if it needs one, that
        makes every draw at the moment it is made instead of from an order fixed at setup."""
        return options

    def chance_answerer(self, state: dict, action, player: int) -> int | None:
        """The seat whose revealed value, besides the mover's, decides the chance of ``action``
        (Caledea: the other side of the battle); ``None``: the next seat that has joined."""
        return None

    def record_options(self, options: dict) -> dict:
        """A record's (or a state's) options as ``new_game`` must read them to replay its log:
        the options themselves, unless a game's earlier records need a migration."""
        return options

    # ------------------------------------------------------------------ shared

    def to_move(self, state: dict) -> int | None:
        """The seat that decides now, or ``None`` once the game is over."""
        d = self.decision(state)
        return None if d is None else d["player"]

    def is_over(self, state: dict) -> bool:
        return self.decision(state) is None

    def read_action(self, action):
        """An action from its text, or from a hand-built action rebuilt through its text (so a
        bad field is refused like bad text and never fails halfway through ``apply``)."""
        if not isinstance(action, str) and not hasattr(action, "kind"):
            raise MalformedActionError(f"not an action: {action!r}")
        return self.parse_action(action_text(action))

    def play(self, state: dict, action, player: int | None = None) -> dict:
        """Checked move for interfaces: read, validate, apply. ``IllegalActionError`` leaves the
        state untouched."""
        action = self.read_action(action)
        reason = self.why_illegal(state, action, player)
        if reason is not None:
            raise IllegalActionError(reason)
        return self.apply(state, action)

    def log_texts(self, state: dict) -> list[str]:
        """The action texts of the log (entries may be texts or ``[player, text]`` pairs)."""
        return [e[1] if isinstance(e, list) else e for e in state["log"]]

    def to_record(self, state: dict) -> dict:
        """The portable record of a game: format, game, options and the action texts (and the
        reseeds of a game played by link, ``core/chance.py``)."""
        out = {
            "format": self.format,
            "game": self.record_id,
            "options": state["options"],
            "log": self.log_texts(state),
        }
        if chance.KEY in state:
            out[chance.KEY] = state[chance.KEY]
        return out

    def replay(self, options, log, reseeds=None) -> dict:
        """Rebuild a game from its options and action texts, checking every action; raises
        ``LoadError`` naming the first problem. ``reseeds``: a linked game's (``chance``)."""
        if not isinstance(options, dict):
            raise LoadError("the game options are missing")
        try:
            state = self.new_game(options)
        except (GameError, TypeError) as e:
            raise OptionsLoadError(f"the game options are not valid: {e}") from e
        if not isinstance(log, list):
            raise LoadError("the action log is missing")
        seeds = chance.read_reseeds(reseeds, len(log))
        for n, text in enumerate(log, 1):
            if isinstance(text, list) and len(text) == 2:
                text = text[1]
            if not isinstance(text, str):
                raise LoadError(f"action {n} of the log is not text")
            if n - 1 in seeds:
                self.reseed(state, seeds[n - 1])
            try:
                self.play(state, text)
            except GameError as e:
                raise LoadError(
                    f"action {n} of the log ({text[:40]!r}) cannot be played: {e}"
                ) from e
        chance.kept(state, seeds)
        return state

    def check_format(self, data: dict, what: str) -> None:
        check_format(data, what, self.format, self.title)

    def from_record(self, data) -> dict:
        """Rebuild the game of a record (text or dict) by replaying it."""
        if not isinstance(data, dict):
            data = read_json(data, "game file")
        if data.get("game") != self.record_id:
            raise LoadError(f"this file is not a {self.title} game record")
        self.check_format(data, "game file")
        return self.replay(data.get("options"), data.get("log"), data.get(chance.KEY))

    def to_json(self, state: dict) -> str:
        return to_json(state)

    def from_json(self, text) -> dict:
        """Load a whole state saved with ``to_json``: replayed from its own options and log and
        compared, so a damaged or edited save is refused as a whole, never half built."""
        data = read_json(text, "saved game")
        self.check_format(data, "saved game")
        state = self.replay(data.get("options"), data.get("log"), data.get(chance.KEY))
        if to_json(state) != to_json(data):
            raise LoadError("this saved game is damaged: it does not match its own action log")
        return state


def to_json(state: Any) -> str:
    """Compact JSON with sorted keys, so equal states give equal text."""
    return json.dumps(state, separators=(",", ":"), sort_keys=True)


def read_json(text, what: str = "file", kind: str = "game") -> dict:
    """A JSON object from text or bytes, or ``LoadError`` saying plainly what is wrong (``kind``
    names the file the messages expect: "this ... is not a <kind> file")."""
    if isinstance(text, bytes | bytearray):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise LoadError(f"this {what} is not UTF-8 text") from e
    if not isinstance(text, str):
        raise LoadError(f"a {what} is JSON text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise LoadError(f"this {what} is too large to be a {kind} file")
    try:
        data = jsontext.loads(text)
    except jsontext.TooDeep as e:
        raise LoadError(f"this {what} is nested too deeply to be a {kind} file") from e
    except (ValueError, RecursionError) as e:
        raise LoadError(f"this {what} is not valid JSON ({e.__class__.__name__})") from e
    if not isinstance(data, dict):
        raise LoadError(f"this {what} is not a {kind} file (no JSON object)")
    return data


def check_format(data: dict, what: str, version: int, title: str, newer: str = "") -> None:
    """``LoadError`` unless ``data["format"]`` is a version from 1 to ``version`` (the one this
    engine writes); ``title`` names the game's files, ``newer`` (default ``title``) what a newer
    version would be a newer version of."""
    fmt = data.get("format")
    if type(fmt) is not int:
        raise LoadError(f"this {what} has no format version: not a {title} file")
    if fmt > version:
        raise LoadError(
            f"this {what} was saved by a newer version of {newer or title} (format {fmt}, "
            f"this one reads format {version}): update the app to open it"
        )
    if fmt < 1:
        raise LoadError(f"this {what} has an unknown format version {fmt}")
