"""Shared helpers for the engine tests (imported as ``engine_helpers``): hand-built parks and
positions, crafted game states, the CLI as a subprocess.

Hand-built parks are small inline dicts checked with ``Park(data, strict=False)``; a space is
written as a short code so each test shows its own map:

* ``"forest"``, ``"prairie"``, ``"mountain"``, optionally ``+river`` and/or ``+waterfall``
  (``"forest+river+waterfall"``): a landscape space;
* ``"geyser"``, ``"volcano"``, ``"weather"``.

Animal faces are written like token names: ``"bear-bear+water"``, ``"eagle-elk-goat"``; any
combination is allowed in hand-built positions (``"bear"`` alone is a bear without water).

Hex neighbours (axial): (q±1, r), (q, r±1), (q+1, r-1), (q-1, r+1).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

from pyapp.park import game
from pyapp.park.components import WEATHER_BY_NAME, make_face
from pyapp.park.park import Park
from pyapp.park.scoring import score_position

REPO = Path(__file__).resolve().parents[2]


def fast(max_examples: int = 30) -> settings:
    """Hypothesis settings for this suite: derandomized (the same examples every run), few
    examples, no deadline (the machine is shared), no example database written into the tree."""
    return settings(
        max_examples=max_examples,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


# --------------------------------------------------------------------------- hand-built parks


def space(at, code: str) -> dict:
    kind, *flags = code.split("+")
    if kind in ("geyser", "volcano", "weather"):
        assert not flags, code
        return {"at": list(at), "kind": kind}
    assert kind in ("forest", "prairie", "mountain"), code
    return {
        "at": list(at),
        "kind": "landscape",
        "terrain": kind,
        "river": "river" in flags,
        "waterfall": "waterfall" in flags,
    }


def make_park(cells: dict, **extra) -> Park:
    """A park from ``{(q, r): code}``."""
    data = {"name": "test", "spaces": [space(at, code) for at, code in cells.items()], **extra}
    return Park(data, strict=False)


def face(name: str):
    """A face from a token-like name: ``bear-bear+water`` -> 2 bears and a watering hole."""
    water = name.endswith("+water")
    animals = name.removesuffix("+water").split("-")
    return make_face(animals, water)


def score(park: Park, tokens: dict | None = None, weather: dict | None = None) -> dict:
    """Score a hand-built position: ``tokens={(q,r): "bear+water"}``, ``weather={(q,r): "fog"}``."""
    faces = [None] * len(park)
    wx = [None] * len(park)
    for at, name in (tokens or {}).items():
        faces[park.index[at]] = face(name)
    for at, name in (weather or {}).items():
        wx[park.index[at]] = WEATHER_BY_NAME[name]
    return score_position(park, faces, wx)


def line(n: int, code: str = "forest", r: int = 0, q0: int = 0) -> dict:
    """``n`` spaces in a row: (q0, r), (q0+1, r), ... Consecutive ones are neighbours."""
    return {(q0 + q, r): code for q in range(n)}


# --------------------------------------------------------------------------- crafted states


def advance(state: dict, until, chooser=None) -> dict:
    """Play legal actions (the first one, or ``chooser(state, legal)``) until ``until(state)``."""
    for _ in range(2000):
        if until(state):
            return state
        legal = game.legal_actions(state)
        assert legal, "the game ended before the wanted decision"
        game.play(state, chooser(state, legal) if chooser else legal[0])
    raise AssertionError("the wanted decision never came")


def at_kind(kind: str):
    def until(state):
        d = game.decision(state)
        return d is not None and d["kind"] == kind

    return until


def play_out(state: dict, rng_seed=0) -> dict:
    """Finish a game with uniformly random legal actions (seeded)."""
    from pyapp.core.rng import Rng

    rng = Rng.from_seed(rng_seed)
    while not game.is_over(state):
        game.apply(state, rng.choice(game.legal_actions(state)))
    return state


# --------------------------------------------------------------------------- the CLI


def run_cli(
    *args: str, stdin: str | None = None, timeout: float = 60
) -> subprocess.CompletedProcess:
    """``python -m pyapp ARGS`` as a subprocess from the repository root."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    return subprocess.run(
        [sys.executable, "-m", "pyapp", *args],
        cwd=REPO,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )
