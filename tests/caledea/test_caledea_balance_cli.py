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
    assert rep["rounds"]["at_limit"] == 1 and rep["rounds"]["at_limit_share"] == pytest.approx(
        1 / 3
    )
    assert rep["goals_met"] == {
        "kingdoms": False,
        "first_player": True,
        "round_limit": False,
        "median_rounds": True,
    }


def test_goals_met_judge_each_kingdom_per_run_and_pooled():
    assert balance.GOALS["first_high"] == 0.53 and balance.GOALS["round_limit"] == 0.05
    names = cards.kingdom_names()

    # every kingdom's own games at 50 % but the first's at 36 % (43 % with the games where it
    # is the partner): inside 42-58 % for one run, outside 45-55 % pooled over two seeds
    def results(rate, seed):
        out = []
        for i, k in enumerate(names):
            partner = names[(i + 1) % len(names)]
            for g in range(100):
                won = g < (rate if k == names[0] else 0.5) * 100
                out.append(
                    {
                        "kingdoms": [k, partner],
                        "seed": f"{seed}/{k}/{partner}/{g}",
                        "winners": [0] if won else [1],
                        "how": "capital",
                        "rounds": 12,
                    }
                )
        return out

    rep = balance.report(results(0.36, "a"), 1, "strong", "a")
    assert rep["settings"]["seed"] == "a"
    assert rep["goals_met"]["round_limit"] is True
    both = balance.report(results(0.36, "a") + results(0.36, "b"), 1, "strong", "a")
    assert both["settings"]["seed"] == ["a", "b"]
    r_one = rep["kingdoms"][names[0]]["win_rate"]
    assert r_one == both["kingdoms"][names[0]]["win_rate"] == pytest.approx(0.43)
    assert rep["goals_met"]["kingdoms"] is True
    assert both["goals_met"]["kingdoms"] is False


@pytest.mark.parametrize("n", [3, 4])
def test_more_player_draws_come_from_the_seed_and_rotate_the_seats(n):
    jobs = balance.jobs(6, "s", n)
    assert jobs == balance.jobs(6, "s", n) and jobs != balance.jobs(6, "t", n)
    assert len(jobs) == 6 * n
    draws = set()
    for g in range(6):
        games = jobs[g * n : (g + 1) * n]
        kingdoms = {frozenset(j["kingdoms"]) for j in games}
        assert len(kingdoms) == 1 and len(next(iter(kingdoms))) == n
        draws |= kingdoms
        for seat in range(n):  # each kingdom of the draw once in each seat
            assert len({j["kingdoms"][seat] for j in games}) == n
    assert len(draws) > 1
    assert balance.check_arguments(6, "s", 1, n) is None
    assert "--players is 2, 3 or 4" in balance.check_arguments(6, "s", 1, 5)


def test_more_player_report_weighs_wins_against_the_fair_share():
    names = cards.kingdom_names()
    results = [
        {
            "kingdoms": list(names[:3]),
            "seed": "x/3p/0/0",
            "winners": [0],
            "how": "capital",
            "rounds": 20,
        },
        {
            "kingdoms": [names[1], names[2], names[0]],
            "seed": "x/3p/0/1",
            "winners": [2],
            "how": "rounds",
            "rounds": 100,
        },
        {
            "kingdoms": [names[2], names[0], names[1]],
            "seed": "x/3p/0/2",
            "winners": [1, 2],
            "how": "rounds",
            "rounds": 100,
        },
    ]
    rep = balance.report(results, 1, "greedy", "x")
    assert rep["settings"]["players"] == 3 and rep["fair_share"] == pytest.approx(1 / 3)
    k0, k1 = rep["kingdoms"][names[0]], rep["kingdoms"][names[1]]
    assert k0["games"] == 3 and k0["wins"] == 2.5 and k0["vs_fair_share"] == pytest.approx(2.5)
    assert k1["wins"] == 0.5 and k1["vs_fair_share"] == pytest.approx(0.5)
    assert rep["first_player"]["win_rate"] == pytest.approx(1 / 3)
    assert rep["rounds"]["at_limit"] == 2 and rep["goals_met"] == {}
    with pytest.raises(ValueError, match="cannot be pooled"):
        balance.report(results + [{**results[0], "kingdoms": list(names[:2])}], 1, "greedy", "x")


def test_a_three_player_run_is_logged_and_reported(tmp_path, capsys):
    log = tmp_path / "three.jsonl"
    rep = balance.run(1, "random", seed="m", log=str(log), players=3)
    assert rep["settings"]["games"] == 3 and len(log.read_text().splitlines()) == 3
    args = ["--players", "3", "--games", "1", "--bot", "random", "--log", str(log)]
    assert balance.main([*args, "--report-only"]) == 0
    out = capsys.readouterr().out
    assert "3 players" in out and "fair share of wins: 33.3%" in out and "x fair" in out
    assert balance.main(["--bot", "random", "--log", str(log), "--report-only"]) == 2
    assert "no 2-player results" in capsys.readouterr().err


def test_a_report_of_logs_names_their_seeds_and_games(tmp_path, capsys):
    logs = []
    for seed in ("p", "q"):
        logs.append(tmp_path / f"{seed}.jsonl")
        balance.run(2, "random", seed=seed, jobs_n=2, log=str(logs[-1]))
    assert balance.main(["--bot", "random", "--log", str(logs[0]), "--report-only", "--json"]) == 0
    settings = json.loads(capsys.readouterr().out)["settings"]
    assert settings == {
        "games_per_pairing_and_order": 2,
        "players": 2,
        "bot": "random",
        "seed": "p",
        "games": 144,
    }
    args = ["--bot", "random", "--log", str(logs[0]), "--log", str(logs[1]), "--report-only"]
    assert balance.main(args) == 0
    out = capsys.readouterr().out
    assert "288 games (2 per pairing and order)" in out and "seed p, q pooled" in out


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
        (["--players", "5"], "--players is 2, 3 or 4, not 5"),
        (["--log", "a.jsonl", "--log", "b.jsonl"], "several --log files only with --report-only"),
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
    out = capsys.readouterr().out
    assert "first player wins" in out and "at the round limit" in out
    # two logs pooled: the goals' pooled range, both seeds named
    other = tmp_path / "other.jsonl"
    balance.run(1, "random", seed="log2", log=str(other))
    capsys.readouterr()
    args = ["--bot", "random", "--log", str(log), "--log", str(other), "--report-only"]
    assert balance.main([*args, "--json"]) == 0
    pooled = json.loads(capsys.readouterr().out)
    assert pooled["settings"]["seed"] == ["log", "log2"] and pooled["settings"]["games"] == 144
