"""``python -m pyapp simulate | arena | bench --game pyramids``: the generic commands work for
Caldera (its engine exists though its screens are not ready), count whole turns, and refuse bad
input with one line and exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pyapp.cli import main

REPO = Path(__file__).resolve().parents[2]


def run(capsys, *args):
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_simulate(capsys):
    status, out, _ = run(capsys, "simulate", "--game", "pyramids", "--bots", "greedy,random")
    assert status == 0
    data = json.loads(out)
    assert data["options"]["players"] == 2 and data["reason"] in {"trios", "calm", "turns"}
    assert len(data["scores"]) == 2


def test_simulate_three_players(capsys):
    status, out, _ = run(capsys, "simulate", "--game", "pyramids", "--players", "3", "--seed", "x")
    assert status == 0 and len(json.loads(out)["scores"]) == 3


def test_arena_counts_whole_turns(capsys):
    status, out, _ = run(
        capsys, "arena", "--game", "pyramids", "--bots", "greedy,random", "--games", "4", "--json"
    )
    assert status == 0
    report = json.loads(out)
    assert report["settings"]["game"] == "pyramids"
    greedy = report["bots"]["greedy"]
    assert greedy["wins"] >= 3
    # decisions are whole turns: about half the turns of the four games each
    assert greedy["decisions"] <= 4 * report["length"]["max"]


def test_arena_table(capsys):
    status, out, _ = run(capsys, "arena", "--game", "pyramids", "--games", "2")
    assert status == 0 and "arena (pyramids)" in out and "greedy" in out


def test_bench(capsys):
    status, out, _ = run(capsys, "bench", "--game", "pyramids", "--games", "2", "--json")
    assert status == 0 and json.loads(out)["ms_per_game"] > 0


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["simulate", "--game", "pyramids", "--players", "4"], "2 or 3 players"),
        (["arena", "--game", "pyramids", "--bots", "clever"], "unknown bot"),
        (["simulate", "--game", "pyramids", "--variant", "geyser"], "no variants"),
        (["arena", "--game", "pyramids", "--players", "1"], "2 or 3 players"),
    ],
)
def test_bad_input(capsys, args, words):
    status, out, err = run(capsys, *args)
    assert status == 2 and out == ""
    assert err.startswith("error:") and words in err and err.count("\n") == 1


def test_as_a_process():
    done = subprocess.run(
        [sys.executable, "-m", "pyapp", "simulate", "--game", "pyramids", "--seed", "3"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["options"]["seed"] == 3
