"""The balance arena's bookkeeping (pairings, seats, figures, goals) and the command line of
Caledea (``python -m pyapp simulate|arena|bench --game caledea``, ``python -m
pyapp.caledea.balance``)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from pyapp import cli
from pyapp.caledea import balance, cards


def test_jobs_cover_every_pairing_both_ways_round():
    jobs = balance.jobs(3, seed=1)
    assert len(jobs) == 36 * 2 * 3
    firsts = Counter(j["kingdoms"][0] for j in jobs)
    seconds = Counter(j["kingdoms"][1] for j in jobs)
    assert set(firsts.values()) == {24} and set(seconds.values()) == {24}
    pairs = Counter(frozenset(j["kingdoms"]) for j in jobs)
    assert len(pairs) == 36 and set(pairs.values()) == {6}


def test_report_counts_wins_first_player_and_length():
    names = cards.kingdom_names()
    results = [
        {"kingdoms": [names[0], names[1]], "winners": [0], "how": "capital", "rounds": 10},
        {"kingdoms": [names[1], names[0]], "winners": [1], "how": "elimination", "rounds": 20},
        {"kingdoms": [names[2], names[3]], "winners": [0, 1], "how": "rounds", "rounds": 100},
    ]
    rep = balance.report(results, 1, "greedy", 1)
    k = rep["kingdoms"]
    assert k[names[0]]["wins"] == 2 and k[names[0]]["games"] == 2
    assert k[names[1]]["wins"] == 0
    assert k[names[2]]["wins"] == 0.5
    assert rep["first_player"]["win_rate"] == pytest.approx(1.5 / 3)
    assert rep["rounds"]["median"] == 20
    assert rep["goals_met"] == {"kingdoms": False, "first_player": True, "median_rounds": True}


def test_one_balance_game_is_played_with_the_kingdoms_in_order():
    r = balance.play_one({"kingdoms": ["Talaq", "Xonavia"], "seed": "t"}, "greedy")
    assert r["kingdoms"] == ["Talaq", "Xonavia"] and r["winners"] and r["rounds"] >= 1


def test_cli_simulate_arena_and_bench(capsys):
    assert cli.main(["simulate", "--game", "caledea", "--bots", "greedy,random"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["options"]["players"] == 2 and out["winners"]
    assert cli.main(["arena", "--game", "caledea", "--bots", "greedy,random", "--games", "2"]) == 0
    assert "first seat wins" in capsys.readouterr().out
    assert cli.main(["bench", "--game", "caledea", "--games", "1", "--json"]) == 0
    assert "ms_per_game" in json.loads(capsys.readouterr().out)
    assert cli.main(["arena", "--game", "caledea", "--bots", "clever"]) == 2
    assert "unknown bot" in capsys.readouterr().err
    assert cli.main(["simulate", "--game", "caledea", "--players", "5"]) == 2
    assert "2 to 4" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--games", "0"], "--games is a whole number from 1 to 10000"),
        (["--games", "10001"], "--games is a whole number from 1 to 10000"),
        (["--games", "99999999999999999999"], "--games is a whole number from 1 to 10000"),
        (["--jobs", "0"], "--jobs is a whole number from 1 to 64"),
        (["--jobs", "65"], "--jobs is a whole number from 1 to 64"),
        (["--seed", ""], "--seed: the seed is a whole number"),
        (["--seed", "x" * 45], "<seed>/<kingdom>/<kingdom>/<game>"),
    ],
)
def test_balance_command_refuses_bad_counts(capsys, args, words):
    assert balance.main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and words in err and err.count("\n") == 1


def test_balance_seeds_leave_room_for_every_games_seed():
    assert balance.check_arguments(10, "1") is None
    longest = max(balance.jobs(2, "x" * 40), key=lambda j: len(j["seed"]))["seed"]
    assert len(longest) <= 64 and balance.check_arguments(2, "x" * 40) is None
    # the game number's digits count: "<42 x>/Brannoch/Cormarch/9999" is 65 characters
    assert balance.check_arguments(1, "x" * 42) is None
    assert balance.check_arguments(balance.MAX_GAMES, "x" * 42) is not None


def test_a_logged_run_resumes_without_playing_again(tmp_path, capsys):
    log = tmp_path / "results.jsonl"
    first = balance.run(1, "random", seed="log", log=str(log))
    lines = log.read_text().splitlines()
    assert len(lines) == 72 and first["settings"]["games"] == 72
    again = balance.run(1, "random", seed="log", log=str(log))
    assert log.read_text().splitlines() == lines  # nothing played twice
    assert again["kingdoms"] == first["kingdoms"]
    assert (
        balance.main(["--games", "1", "--bot", "random", "--log", str(log), "--report-only"]) == 0
    )
    assert "first player wins" in capsys.readouterr().out
