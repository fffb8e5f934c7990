"""The analysis of a Caldera Park game (pyapp/park/analysis.py, pyapp/ui/park/analysis.py):
reproducible differences on a fixed record, the strong bot's choice as the suggestion, misses
biggest first, work in slices that can be stopped and continued, its words in English and French
(issue 16)."""

from __future__ import annotations

import pytest
from learn_records import final_state

from pyapp.core import judge
from pyapp.park.analysis import Analysis
from pyapp.park.protocol import GAME
from pyapp.ui import i18n
from pyapp.ui.park.analysis import AnalysisScreen, miss_text, report

PREFIX = 30  # the first actions of the fixed record: a short analysis, a running game


def fixed_record() -> dict:
    game, final = final_state(0)  # Caldera Park, 2 players, seed 3, greedy against random
    return GAME.replay(final["options"], GAME.log_texts(final)[:PREFIX])


@pytest.fixture(scope="module")
def analysed() -> Analysis:
    a = Analysis.of_state(fixed_record())
    a.run()
    return a


def test_differences_are_reproducible_on_a_fixed_record(analysed):
    again = Analysis.of_state(fixed_record())
    again.run()
    assert again.findings == analysed.findings
    # the same figures on any machine: counted work, seeded draws (pinned)
    top = [(f["action"], f["difference"]) for f in analysed.misses()[:3]]
    assert top == PINNED_TOP


PINNED_TOP = [(4, 8.2), (21, 8.0), (7, 7.7)]


def test_every_suggestion_is_the_one_judges_choice(analysed):
    assert analysed.total == len(analysed.findings) > 10
    for f in analysed.findings:
        before = analysed.replay.state_at(f["action"] - 1)
        assert f["suggested"] == str(judge.suggest(GAME, before, f["player"]))
        assert f["played"] == analysed.replay.texts[f["action"] - 1]
        same = f["played"] == f["suggested"]
        assert (f["verdict"] == "suggestion") == same
        if same:
            assert f["difference"] == 0.0 and f["error"] == 0.0
        else:
            assert f["difference"] == max(0.0, f["raw_difference"]) >= 0.0
            assert f["error"] >= 0.0
    # paired rollouts on drawn worlds: the misses have a spread to say
    assert any(f["error"] > 0.0 for f in analysed.misses())


def test_misses_are_listed_biggest_first(analysed):
    misses = analysed.misses()
    assert misses, "the random seat missed something"
    diffs = [f["difference"] for f in misses]
    assert diffs == sorted(diffs, reverse=True)
    assert all(d >= 0.5 for d in diffs)
    for f in misses:
        # both estimates are rounded to a tenth: their difference within two tenths
        assert abs(f["difference"] - (f["suggested_estimate"] - f["played_estimate"])) <= 0.11


def test_only_real_choices_of_the_chosen_people_are_analysed():
    state = fixed_record()
    a = Analysis.of_state(state, players=[1])
    assert a.todo and all(a.replay.player_of(k) == 1 for k in a.todo)
    everyone = Analysis.of_state(state)
    assert set(a.todo) < set(everyone.todo)
    for k in everyone.todo:
        assert GAME.decision(everyone.replay.state_at(k - 1))["kind"] != "reveal"


def test_slices_stop_and_continue_to_the_same_findings(analysed):
    screen = AnalysisScreen(fixed_record())
    steps = 0
    while screen.step(5.0):
        steps += 1
        if steps == 3:
            screen.stop()
            assert not screen.step(5.0) and not screen.finished
            done = screen.analysis.done
            assert screen.render()[0].attrs["data-running"] == "false"
            screen.resume()
            assert screen.analysis.done == done
    assert steps > 10  # many slices: the page draws between them
    assert screen.finished and screen.analysis.findings == analysed.findings
    section, _, listed = screen.render()
    assert section.attrs["data-done"] == section.attrs["data-total"] == str(analysed.total)
    items = [e for e in listed.iter() if e.attrs.get("data-action") == "analysis-show"]
    assert len(items) == analysed.total
    assert items[0].attrs["data-value"] == str(analysed.misses()[0]["action"])


def test_a_miss_in_words_english_and_french(analysed):
    top = next(f for f in analysed.misses() if f["turn"] > 0 and f["error"] >= 1)
    text = miss_text(analysed, top)
    assert text.startswith(f"Round {top['round']}, turn {top['turn']}: ")
    n, e = round(top["difference"]), round(top["error"])
    assert f"would have made about {n} more points, +/- {e}, than" in text
    i18n.set_language("fr")
    fr = miss_text(analysed, top)
    assert fr.startswith(f"Manche {top['round']}, tour {top['turn']}\u00a0: ")
    assert f"aurait rapporté environ {n} points de plus, à {e} près, que" in fr
    data = report(analysed)
    assert fr in [m["text"] for m in data["misses"]] and data["decisions"] == analysed.total
