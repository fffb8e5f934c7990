"""The paired tuning tool (``tools/caledea_tune.py``): changes are parsed and validated as the
shipped cards are, a replay with no change gives the base games back exactly, a change is played
in fresh processes (never in this one), and the comparison's arithmetic."""

from __future__ import annotations

import json

import pytest

from pyapp.caledea import balance, cards
from tools import caledea_tune as tune


def test_a_change_reads_kingdom_cost_value_and_says_what_is_wrong():
    assert tune.parse_change("Xonavia.general=6") == ("Xonavia", "general", 6)
    with pytest.raises(ValueError, match="reads Kingdom.cost=N"):
        tune.parse_change("Xonavia general 6")
    with pytest.raises(ValueError, match="no kingdom 'Atlantis'"):
        tune.parse_change("Atlantis.general=6")
    with pytest.raises(ValueError, match="no cost 'navy'"):
        tune.parse_change("Xonavia.navy=6")


def test_changed_cards_are_validated_as_the_shipped_cards_are():
    data = tune.changed_cards({"Xonavia": {"general": 7}})
    costs = {k["name"]: k["costs"] for k in data["kingdoms"]}
    assert costs["Xonavia"]["general"] == 7
    assert costs["Talaq"] == cards.kingdom("Talaq")["costs"]
    with pytest.raises(cards.DataError, match="cost of general must be a whole number 1 to 12"):
        tune.changed_cards({"Xonavia": {"general": 13}})
    assert cards.kingdom("Xonavia")["costs"]["general"] != 13  # the shipped cards untouched


def _base(n: int) -> list[dict]:
    jobs = [j for j in balance.jobs(1, "tune-test") if "Sundral" in j["kingdoms"]][:n]
    return [{**balance.play_one(j), "bot": "strong"} for j in jobs]


def test_a_replay_without_changes_gives_the_base_games_back(tmp_path):
    base = _base(2)
    todo = tune.games_to_replay(base, "Sundral", 1)
    assert len(todo) == 2
    log = tmp_path / "t.jsonl"
    replayed = tune.replay(todo, {}, 1, str(log))
    cmp = tune.compare(base, replayed, "Sundral")
    assert cmp["games"] == 2 and cmp["same"] == 2
    assert cmp["kingdoms"]["Sundral"]["before"] == cmp["kingdoms"]["Sundral"]["after"]
    # the log resumes: nothing is played again, the same results come back
    assert tune.replay(todo, {"Sundral": {"cavalry": 1}}, 1, str(log)) == replayed


def test_a_change_is_played_in_fresh_processes_and_never_here():
    before = cards.kingdom("Sundral")["costs"]
    assert before["cavalry"] != 1
    with tune._played({"Sundral": {"cavalry": 1}}, 2, ["Sundral", "Talaq"], tune._costs) as seen:
        seen = dict(seen)
    assert seen == {"Sundral": {**before, "cavalry": 1}, "Talaq": cards.kingdom("Talaq")["costs"]}
    assert cards.kingdom("Sundral")["costs"] == before  # this process's cards unchanged


def test_the_comparison_pairs_games_and_predicts_from_the_whole_base():
    names = cards.kingdom_names()
    a, b, c = names[:3]

    def game(kingdoms, winner, g):
        return {
            "kingdoms": kingdoms,
            "seed": f"s/{kingdoms[0]}/{kingdoms[1]}/{g}",
            "winners": [winner],
            "how": "capital",
            "rounds": 9,
        }

    # a wins 2 of its 4 games against b; b and c split their 2 games
    base = [
        game([a, b], 0, 0),
        game([b, a], 0, 0),
        game([a, b], 0, 1),
        game([b, a], 1, 1),
        game([b, c], 0, 0),
        game([c, b], 0, 0),
    ]
    # the change: a now loses the first two (game 0) and the rest is not replayed (--games 1)
    todo = tune.games_to_replay(base, a, 1)
    assert [j["seed"] for j in todo] == [base[0]["seed"], base[1]["seed"]]
    # another bot's games are not the strong bot's to replay
    assert tune.games_to_replay([{**base[0], "bot": "greedy"}], a, 1) == []
    replayed = [{**base[0], "winners": [1]}, {**base[1], "winners": [0], "rounds": 9}]
    cmp = tune.compare(base, replayed, a)
    assert cmp["games"] == 2 and cmp["same"] == 1
    ka = cmp["kingdoms"][a]
    assert (ka["before"], ka["after"], ka["base_rate"]) == (0.5, 0.0, 0.75)
    assert ka["predicted"] == pytest.approx(0.25)  # all of a's games are like the replayed ones
    kb = cmp["kingdoms"][b]
    assert (kb["before"], kb["after"]) == (0.5, 1.0)
    # b's games against a are 4 of its 6: the difference counts for two thirds of its rate
    assert kb["predicted"] == pytest.approx(kb["base_rate"] + 0.5 * 4 / 6)
    assert cmp["against"][b] == {"games": 2, "before": 1.0, "after": 0.0}
    json.dumps(cmp)


def test_the_command_refuses_bad_input_with_a_message(tmp_path, capsys):
    base = tmp_path / "base.jsonl"
    base.write_text("not json\n")
    log = str(tmp_path / "t.jsonl")
    assert tune.main(["--base", str(base), "--kingdom", "Xonavia", "--log", log]) == 2
    assert "--base: cannot be read" in capsys.readouterr().err
    assert tune.main(["--base", str(base), "--kingdom", "Nowhere", "--log", log]) == 2
    assert "--kingdom: one of all" in capsys.readouterr().err
    args = ["--base", str(base), "--kingdom", "Xonavia", "--log", log, "--set", "Xonavia.x=1"]
    assert tune.main(args) == 2
    assert "no cost 'x'" in capsys.readouterr().err
