"""The arena: reproducible figures for a fixed seed, seat rotation, half wins for ties, the
solo table, the command line (text, JSON, bad input)."""

import functools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pyapp.cli import main
from pyapp.park.bots import BOTS, arena
from pyapp.park.bots.arena import run_arena, solo_bands, wilson
from pyapp.park.bots.strong import StrongBot
from pyapp.park.protocol import ParkGame

ROOT = Path(__file__).resolve().parents[2]  # the repository

TIMING = {"median_decision_ms", "mean_decision_ms", "max_decision_ms", "median_decision_cpu_ms"}


def untimed(report: dict) -> dict:
    return {n: {k: v for k, v in e.items() if k not in TIMING} for n, e in report["bots"].items()}


def test_same_seed_same_figures():
    first = run_arena(["greedy", "random"], games=4, seed=5)
    assert untimed(run_arena(["greedy", "random"], games=4, seed=5)) == untimed(first)
    assert untimed(run_arena(["greedy", "random"], games=4, seed=6)) != untimed(first)
    greedy, rnd = first["bots"]["greedy"], first["bots"]["random"]
    assert greedy["games"] == rnd["games"] == 4
    assert greedy["wins"] + rnd["wins"] == 4
    assert greedy["win_rate"] == greedy["wins"] / 4
    assert greedy["mean_score"] > rnd["mean_score"]


def test_strong_figures_are_reproducible(monkeypatch):
    # the strong bot counts its work instead of timing it, so its results repeat exactly; a
    # lighter search (same code) keeps the test quick
    light = functools.partial(StrongBot, samples=2, candidates=2, horizon=1)
    light.name = "strong"
    monkeypatch.setitem(BOTS, "strong", light)
    a = run_arena(["strong", "greedy"], games=2, players=1, variant="solo", seed=3)
    b = run_arena(["strong", "greedy"], games=2, players=1, variant="solo", seed=3)
    assert untimed(a) == untimed(b)


def test_seats_rotate_over_the_same_deals(monkeypatch):
    seen = []
    real = arena.play_timed

    def spy(options, bots, times):
        seen.append((options["seed"], [b.name for b in bots]))
        return real(options, bots, times)

    monkeypatch.setattr(arena, "play_timed", spy)
    run_arena(["greedy", "random"], games=4, seed=9)
    assert seen == [
        ("9/0", ["greedy", "random"]),
        ("9/0", ["random", "greedy"]),
        ("9/1", ["greedy", "random"]),
        ("9/1", ["random", "greedy"]),
    ]


def test_ties_count_half(monkeypatch):
    def tie(state):
        players = [{"total": 100} for _ in state["G"]["players"]]
        return {"players": players, "winners": [0, 1], "tiebreak": "shared"}

    monkeypatch.setattr(ParkGame, "result", lambda self, state: {**tie(state), "scores": [100] * 2})
    report = run_arena(["greedy", "random"], games=2, seed=1)
    for entry in report["bots"].values():
        assert entry["wins"] == 1.0 and entry["win_rate"] == 0.5


def test_wilson_interval():
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_solo_bands():
    bands = solo_bands([220, 219, 165, 164, 80, 79, 0, 300])
    assert bands["bear"] == 2 / 8 and bands["envy"] == 1 / 8 and bands["goat"] == 1 / 8
    assert bands["natural"] == 1 / 8 and bands["again"] == 1 / 8 and bands["bottom"] == 2 / 8
    assert sum(bands.values()) == pytest.approx(1.0)


def test_cli_json_and_text(capsys):
    assert main(["arena", "--bots", "greedy,random", "--games", "2", "--seed", "4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for name in ("greedy", "random"):
        entry = data["bots"][name]
        for key in ("games", "wins", "win_rate", "mean_score", "median_score"):
            assert key in entry
        assert entry["median_decision_ms"] >= 0
    assert main(["arena", "--bots", "greedy", "--games", "2", "--variant", "solo"]) == 0
    out = capsys.readouterr().out
    assert "solo table:" in out and "165+" in out and "greedy" in out


def test_one_player_geyser_park_gets_no_solo_bands(capsys):
    """Only the solo challenge is rated: alone in Geyser Park, the arena reports the scores but
    no band of the solo table, in JSON and in text."""
    report = run_arena(["random"], games=2, players=1, variant="geyser", seed=2)
    entry = report["bots"]["random"]
    assert "bands" not in entry and entry["scores"]["min"] <= entry["scores"]["max"]
    solo = run_arena(["random"], games=2, players=1, variant="solo", seed=2)
    assert sum(solo["bots"]["random"]["bands"].values()) == pytest.approx(1.0)
    argv = ["arena", "--bots", "random", "--games", "2", "--variant", "geyser", "--players", "1"]
    assert main([*argv, "--json"]) == 0
    assert "bands" not in json.loads(capsys.readouterr().out)["bots"]["random"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "histogram" in out and "not rated" in out
    assert "solo table:" not in out and "165+" not in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--bots", "champion"], "unknown bot 'champion'"),
        (["--bots", ","], "--bots: give bot names separated by commas"),
        (["--games", "0"], "--games: must be a whole number from 1 to 100000, not '0'"),
        (["--games", "100001"], "--games: must be a whole number from 1 to 100000"),
        (["--variant", "solo", "--players", "2"], "1 player, not 2"),
        (["--players", "5"], "takes 2-4 players, not 5"),
        (["--games", "many"], "--games: invalid whole number 'many'"),
    ],
)
def test_cli_bad_input(argv, message):
    run = subprocess.run(
        [sys.executable, "-m", "pyapp", "arena", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2
    assert run.stdout == ""
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], run.stderr
