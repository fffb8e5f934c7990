"""Replay of a game through the protocol alone: its options and action log, stepped through.

``Replay(game, options, log, viewer=None)`` rebuilds the states one action at a time (each
checked with the protocol's ``play``, so a damaged log stops with ``LoadError``), keeps them
and offers:

* ``length``: the number of actions; positions go from 0 (the start) to ``length``;
* ``state_at(n)``: the engine's state after the first ``n`` actions (a copy to keep);
* ``view_at(n)``: what the replay may show at ``n``: the state itself for a finished game
  watched by everyone (``viewer`` None), else the viewer's ``observation`` (a running game:
  nothing hidden from that player, no seed, no generator);
* ``stages()``: the positions where a new stage starts (a round and turn, a turn...), read from
  the game's ``save_summary`` so that every game of the box is jumped through the same way.

The module is the same for every game; the screens that draw it are in ``pyapp/ui/replay.py``.
"""

from __future__ import annotations

import json

from . import chance
from .errors import GameError, LoadError, OptionsLoadError
from .protocol import to_json

STAGE_KEYS = ("round", "turn")  # the save summary's keys a stage is made of, when present


def log_texts(log) -> list[str]:
    """The action texts of a log (entries may be texts or ``[player, text]`` pairs)."""
    if not isinstance(log, list):
        raise LoadError("the action log is missing")
    out = []
    for n, e in enumerate(log, 1):
        text = e[1] if isinstance(e, list) and len(e) == 2 else e
        if not isinstance(text, str):
            raise LoadError(f"action {n} of the log is not text")
        out.append(text)
    return out


class Replay:
    def __init__(self, game, options: dict, log, viewer: int | None = None, reseeds=None):
        self.game = game
        self.texts = log_texts(log)
        self.viewer = viewer
        self.reseeds = reseeds  # a game by link's (``chance.py``): the same draws as played
        try:
            state = game.new_game(game.record_options(options))  # earlier versions' too
        except (GameError, TypeError) as e:
            raise OptionsLoadError(f"the game options are not valid: {e}") from e
        seeds = chance.read_reseeds(reseeds, len(self.texts))
        self._states = [to_json(state)]
        self._stages = [self._stage(state)]
        self._players = []
        for n, text in enumerate(self.texts, 1):
            self._players.append(game.to_move(state))
            if n - 1 in seeds:
                game.reseed(state, seeds[n - 1])
            try:
                game.play(state, text)
            except GameError as e:
                raise LoadError(
                    f"action {n} of the log ({text[:40]!r}) cannot be played: {e}"
                ) from e
            self._states.append(to_json(state))
            self._stages.append(self._stage(state))

    def _stage(self, state: dict) -> dict:
        summary = self.game.save_summary(state)
        return {k: summary[k] for k in STAGE_KEYS if k in summary}

    @classmethod
    def of_state(cls, game, state: dict, viewer: int | None = None) -> Replay:
        """The replay of a whole state (a save's or the table's): its options and log."""
        return cls(game, state["options"], state["log"], viewer, state.get(chance.KEY))

    @property
    def length(self) -> int:
        return len(self.texts)

    def clamp(self, n) -> int:
        return max(0, min(self.length, n))

    def state_at(self, n: int) -> dict:
        return json.loads(self._states[self.clamp(n)])

    def view_at(self, n: int) -> dict:
        state = self.state_at(n)
        if self.viewer is None:
            return state
        return self.game.observation(state, self.viewer)

    def player_of(self, n: int) -> int | None:
        """The seat that played action ``n`` (1-based), from the state before it."""
        if not 1 <= n <= self.length:
            return None
        return self._players[n - 1]

    def stage_of(self, n: int) -> dict:
        """The stage of position ``n``: the round and turn of the game's save summary, those it
        has (Caldera Park: round and turn; Caledea: round; Caldera: turn)."""
        return dict(self._stages[self.clamp(n)])

    def stages(self) -> list[tuple[int, dict]]:
        """``(position, stage)`` for the first position of each stage, in order."""
        out, last = [], None
        for n, stage in enumerate(self._stages):
            key = tuple(stage.values())
            if stage and key != last:
                out.append((n, dict(stage)))
                last = key
        return out
