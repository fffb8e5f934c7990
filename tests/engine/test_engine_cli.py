"""The command line, run as ``python -m pyapp`` subprocesses from the repository root:
``score`` (file and stdin), ``simulate`` for each variant, ``bench --json``, and bad input of
every kind (exit status 2, exactly one line on standard error, no traceback)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from engine_helpers import run_cli, space

from pyapp.cli import _bots_for, build_parser, main, play_game
from pyapp.park import game
from pyapp.park.park import load_park

CATEGORY_KEYS = {
    "bad_weather",
    "waterfalls",
    "mountains",
    "prairie",
    "forest",
    "river",
    "geysers",
    "goat",
    "bear",
    "wolf",
    "elk",
    "eagle",
    "bison",
}

# An inline park: a forest line (0,0)-(1,0), a weather space (2,0), a forest line (3,0)-(4,0),
# a weather space (2,-1) touching (1,0); one prairie (9,9) left free.
INLINE_PARK = {
    "spaces": [
        space((0, 0), "forest+river"),
        space((1, 0), "forest"),
        space((2, 0), "weather"),
        space((3, 0), "forest+river+waterfall"),
        space((4, 0), "forest"),
        space((2, -1), "weather"),
        space((9, 9), "prairie"),
    ]
}
POSITION = {
    "park": INLINE_PARK,
    "tokens": [
        {"at": [0, 0], "animals": ["bear", "bear"], "water": True},
        {"at": [1, 0], "animals": ["bear"]},
        {"at": [3, 0], "animals": ["bear"], "water": True},
        {"at": [4, 0], "animals": ["bear", "bear", "bear"], "water": False},
    ],
    "weather": [{"at": [2, 0], "kind": "sun"}, {"at": [2, -1], "kind": "fog"}],
}


def ok_json(result) -> dict:
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return json.loads(result.stdout)


def check_sheet(sheet: dict) -> None:
    assert set(sheet) == {"categories", "total", "flipped", "river_covered"}
    assert set(sheet["categories"]) == CATEGORY_KEYS
    assert sheet["total"] == sum(sheet["categories"].values())


def test_score_file(tmp_path):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(POSITION))
    sheet = ok_json(run_cli("score", str(path)))
    check_sheet(sheet)
    # all forest covered (7); the sun joins the two bear families: (2+1+1+3+1) bears x 2 water
    assert sheet["categories"]["forest"] == 7
    assert sheet["categories"]["river"] == 8
    assert sheet["categories"]["waterfalls"] == 4
    assert sheet["categories"]["bear"] == 8 * 2
    assert sheet["total"] == 7 + 8 + 4 + 16
    assert sheet["flipped"] == 0 and sheet["river_covered"] == 2


def test_score_stdin_with_flips():
    storm = {"at": [2, -1], "kind": "thunderstorm", "clouds": 1}
    position = {**POSITION, "weather": [{"at": [2, 0], "kind": "sun"}, storm]}
    sheet = ok_json(run_cli("score", "-", stdin=json.dumps(position)))
    check_sheet(sheet)
    # (1,0) holds one bear: flipped; left: (0,0) = 2 x 1; right with the sun: 5 x 1
    assert sheet["flipped"] == 1
    assert sheet["categories"]["bear"] == 5
    assert sheet["categories"]["forest"] == 7  # the flipped token still covers


def test_score_named_park():
    park = load_park("river")
    river = [list(park.at(i)) for i in park.requirement["river"]]
    position = {
        "park": "river",
        "tokens": [{"at": at, "animals": ["elk", "elk"]} for at in river],
    }
    sheet = ok_json(run_cli("score", "-", stdin=json.dumps(position)))
    check_sheet(sheet)
    assert sheet["river_covered"] == len(river)
    assert sheet["categories"]["river"] == 8
    empty = ok_json(run_cli("score", "-", stdin='{"park": "geyser"}'))
    check_sheet(empty)
    assert empty["total"] == 0 and empty["river_covered"] == 0


def bad_position(**changes) -> str:
    return json.dumps({**POSITION, **changes})


BAD_SCORE_INPUT = {
    "not json": "{park: river}",
    "empty": "",
    "not an object": "[1, 2]",
    "unknown species": bad_position(tokens=[{"at": [0, 0], "animals": ["cat"]}]),
    "too many animals": bad_position(tokens=[{"at": [0, 0], "animals": ["elk"] * 4}]),
    "unknown weather": bad_position(weather=[{"at": [2, 0], "kind": "rain"}]),
    "token on a weather space": bad_position(tokens=[{"at": [2, 0], "animals": ["elk"]}]),
    "token off the park": bad_position(tokens=[{"at": [7, 7], "animals": ["elk"]}]),
    "weather on a landscape space": bad_position(weather=[{"at": [0, 0], "kind": "fog"}]),
    "two pieces on one space": bad_position(
        tokens=[{"at": [0, 0], "animals": ["elk"]}, {"at": [0, 0], "animals": ["bear"]}]
    ),
    "clouds 0": bad_position(weather=[{"at": [2, 0], "kind": "thunderstorm", "clouds": 0}]),
    "clouds 4": bad_position(weather=[{"at": [2, 0], "kind": "thunderstorm", "clouds": 4}]),
    "no clouds": bad_position(weather=[{"at": [2, 0], "kind": "thunderstorm"}]),
    "clouds on fog": bad_position(weather=[{"at": [2, 0], "kind": "fog", "clouds": 1}]),
    "bad coordinates": bad_position(tokens=[{"at": [0], "animals": ["elk"]}]),
    "water not a bool": bad_position(tokens=[{"at": [0, 0], "animals": ["elk"], "water": 1}]),
    "unknown field": bad_position(colour="red"),
    "unknown park": bad_position(park="moon"),
    "broken park": bad_position(park={"spaces": [{"at": [0, 0], "kind": "lake"}]}),
    "deep nesting": "[" * 50_000,
}


def check_refused(result, *words):
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert "Traceback" not in result.stderr
    for word in words:
        assert word in lines[0], lines[0]


@pytest.mark.parametrize("case", sorted(BAD_SCORE_INPUT))
def test_score_bad_input(case):
    check_refused(run_cli("score", "-", stdin=BAD_SCORE_INPUT[case]))


def test_score_bad_files(tmp_path):
    check_refused(run_cli("score", str(tmp_path / "missing.json")), "cannot read")
    check_refused(run_cli("score", str(tmp_path)), "cannot read")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    check_refused(run_cli("score", str(binary)), "cannot read")


@pytest.mark.parametrize(
    "args,words",
    [
        (["simulate", "--players", "9"], ["2-4 players"]),
        (["simulate", "--players", "0", "--variant", "geyser"], ["players"]),
        (["simulate", "--players", "two"], ["--players"]),
        (["simulate", "--variant", "moon"], ["moon"]),
        (["simulate", "--bots", "nobody"], ["unknown bot"]),
        (["simulate", "--seed", ""], ["seed"]),
        (["simulate", "--seed", "x" * 65], ["--seed", "64 characters"]),
        (["simulate", "--colour", "red"], ["--colour"]),
        (["simulate", "--bots", ""], ["--bots", "separated by commas"]),
        (["simulate", "--bots", "random,"], ["--bots", "separated by commas"]),
        (["simulate", "--bots", "random,,greedy", "--players", "3"], ["--bots"]),
        (["simulate", "--bots", "random,greedy,strong"], ["3 bot names for 2 seats"]),
        (["simulate", "--players", "1000000000000"], ["--players", "1 to 99"]),
        (["simulate", "--players", "-1"], ["--players", "1 to 99"]),
        (["bench", "--games", "0"], ["--games"]),
        (["bench", "--games", "100001"], ["--games", "1 to 100000"]),
        (["bench", "--variant", "moon"], ["--variant"]),
        (["arena", "--games", "99999999999999999999"], ["--games", "1 to 100000"]),
        (["arena", "--games", "100001"], ["--games", "1 to 100000"]),
        (["arena", "--games", "0"], ["--games", "1 to 100000"]),
        (["arena", "--games", "-5"], ["--games", "1 to 100000"]),
        (["arena", "--games", "many"], ["--games", "whole number"]),
        (["arena", "--games", "9" * 5000], ["--games", "whole number", "..."]),
        (["arena", "--bots", ""], ["--bots", "separated by commas"]),
        (["arena", "--bots", "greedy,,random"], ["--bots", "separated by commas"]),
        (["arena", "--bots", "nobody"], ["unknown bot 'nobody'"]),
        (["arena", "--seed", ""], ["--seed", "64 characters"]),
        (["arena", "--seed", "x" * 41], ["seed", "at most 40 characters"]),
        (["arena", "--variant", ""], ["unknown variant ''"]),
        (["arena", "--players", "1000000000000"], ["--players", "1 to 99"]),
        (["score", ""], ["file name"]),
        (["analyse", ""], ["file name"]),
        (["score"], ["file"]),
        (["fly"], ["fly"]),
        ([], ["command"]),
    ],
)
def test_bad_options(args, words):
    check_refused(run_cli(*args), *words)


@pytest.mark.parametrize(
    "variant,players", [("base", 3), ("solo", 1), ("geyser", 2), ("geyser", 1)]
)
def test_simulate_prints_the_final_sheets(variant, players):
    args = ["simulate", "--variant", variant, "--players", str(players), "--seed", "17"]
    out = ok_json(run_cli(*args))
    assert out["options"]["variant"] == variant and out["options"]["players"] == players
    assert len(out["players"]) == players
    for sheet in out["players"]:
        assert set(sheet["categories"]) == CATEGORY_KEYS
        assert sheet["total"] == sum(sheet["categories"].values())
        assert {"name", "flipped", "river_covered"} <= set(sheet)
    assert out["tiebreak"] in ("total", "river", "flipped", "shared")
    assert out["winners"] and all(0 <= w < players for w in out["winners"])
    assert ("solo_rating" in out) == (variant == "solo")  # the solo challenge only
    # the same game played in this process gives the same sheets
    options = {"players": players, "seed": 17, "variant": variant}
    state = play_game(options, _bots_for(["random"], players, 17))
    assert out == json.loads(json.dumps({"options": state["options"], **game.final_scores(state)}))
    # and the command is deterministic
    assert run_cli(*args).stdout == run_cli(*args).stdout


def test_a_typed_seed_is_read_by_the_one_rule():
    """``--seed`` is read as the new-game form reads it: "7" and " 007 " are the number 7, a
    text stays a text ("-1" too: a text seed, in every game alike)."""
    parser = build_parser()
    for text, seed in (("7", 7), (" 007 ", 7), ("-1", "-1"), ("caldera", "caldera")):
        for command in ("simulate", "arena"):
            assert parser.parse_args([command, "--seed", text]).seed == seed
    assert main(["simulate", "--seed", "\udcff"]) == 2  # an undecodable byte: refused, no crash


def test_simulate_with_one_bot_name_per_seat_spaces_allowed():
    args = ["simulate", "--game", "pyramids", "--bots", " greedy , random", "--seed", "-1"]
    out = ok_json(run_cli(*args))
    assert out["options"]["seed"] == "-1" and len(out["scores"]) == 2


def test_a_reader_that_leaves_early_gets_no_traceback():
    """``python -m pyapp simulate | head -1``: the command stops quietly when its reader goes."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "pyapp", "simulate", "--seed", "3"],
        cwd=Path(__file__).resolve().parents[2],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    proc.stdout.close()  # before the game ends: its result meets a closed pipe
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 1 and err == "", err


def test_bench_json():
    out = ok_json(run_cli("bench", "--json", "--games", "3"))
    assert set(out) == {"ms_per_game", "ms_per_score"}
    assert all(isinstance(v, int | float) and v > 0 for v in out.values())
