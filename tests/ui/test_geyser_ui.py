"""Issue 12 on the table: the Geyser Park setup choice (which starting weather token goes on the
middle space, which on a ring space), a game of the first geyser side resumed, and the solo
rating (the solo challenge only; the same words on the end screen and in the rules reference)."""

from __future__ import annotations

import random
import re

import pytest
from uihelpers import click, offered, play_to_end, render, start

from pyapp.park.actions import StartWeather
from pyapp.park.components import SOLO_RATINGS, solo_rating
from pyapp.park.game import final_scores, legal_actions, new_game, park_of
from pyapp.ui import i18n
from pyapp.ui.park import rules_ref
from pyapp.ui.park.controller import Controller
from pyapp.ui.park.viewmodel import log_lines, prompt_text, weather_name


def all_elements(nodes):
    return [e for n in nodes for e in n.iter()]


def pending_spaces(c: Controller) -> set[str]:
    nodes, _ = render(c)
    return {e.attrs["data-key"] for e in all_elements(nodes) if "is-pending" in e.classes()}


def test_the_setup_shows_both_starting_tokens_and_the_ring_spaces():
    c = start(variant="geyser", seats=("human",))
    pl = c.state["G"]["players"][0]
    assert c.decision()["kind"] == "start"
    assert prompt_text(c) == i18n.t("prompt.start_choice", name=pl["name"])
    tokens = offered(c, "slot")
    assert [e.attrs["data-key"] for e in tokens] == ["start-0", "start-1"]
    for e, wid in zip(tokens, pl["start_tokens"], strict=True):
        assert weather_name(wid) in e.attrs["aria-label"]
    ring = {a.at for a in legal_actions(c.state)}
    spaces = offered(c, "space")
    assert {tuple(map(int, e.attrs["data-at"].split(","))) for e in spaces} == ring
    assert len(ring) == 6
    _, focus = render(c)
    assert focus == "start-0"


def test_token_then_ring_space_then_confirm():
    c = start(variant="geyser", seats=("human",))
    park = park_of(c.state)
    first, second = c.state["G"]["players"][0]["start_tokens"]
    click(c, offered(c, "slot")[1])  # the second token goes on the ring
    assert c.turn.pending is None
    space = offered(c, "space")[2]
    click(c, space)
    at = tuple(map(int, space.attrs["data-at"].split(",")))
    assert c.turn.pending == StartWeather(at, 1)
    middle = park.at(park.middle)
    assert pending_spaces(c) == {f"sp-{at[0]},{at[1]}", f"sp-{middle[0]},{middle[1]}"}
    click(c, offered(c, "confirm")[0])
    wx = c.state["G"]["players"][0]["weather"]
    assert wx[park.index[at]] == second and wx[park.middle] == first
    assert c.state["log"][-1][1] == f"start 1 at {at[0]},{at[1]}"
    line = log_lines(c.state, last=1)[0][1]
    assert line == i18n.t(
        "log.start",
        name=c.state["G"]["players"][0]["name"],
        ring=weather_name(second),
        middle=weather_name(first),
    )
    assert c.decision()["kind"] == "reveal"


def test_ring_space_first_asks_for_the_token_then_a_change_of_mind():
    c = start(variant="geyser", seats=("human",))
    space = offered(c, "space")[0]
    click(c, space)
    at = tuple(map(int, space.attrs["data-at"].split(",")))
    assert c.turn.pending is None and c.notice == i18n.t("notice.choose_start_token")
    _, focus = render(c)
    assert focus == "start-0"
    click(c, offered(c, "slot")[0])
    assert c.turn.pending == StartWeather(at, 0)
    click(c, offered(c, "slot")[1])  # the other token after all: the same ring space
    assert c.turn.pending == StartWeather(at, 1)
    selected = [e for e in offered(c, "slot") if e.attrs["aria-pressed"] == "true"]
    assert [e.attrs["data-key"] for e in selected] == ["start-1"]
    click(c, offered(c, "confirm")[0])
    assert c.state["log"] == [[0, f"start 1 at {at[0]},{at[1]}"]]


def test_a_game_of_the_first_geyser_side_goes_on_with_its_setup():
    state = new_game(players=2, seed=4, variant="geyser", park_version=1)
    c = Controller()
    c.resume(state, ["human", "random"])
    pl = state["G"]["players"][0]
    assert prompt_text(c) == i18n.t("prompt.start", name=pl["name"])
    assert offered(c, "slot") == []  # the middle one is set: only the ring space to choose
    space = offered(c, "space")[0]
    click(c, space)
    at = tuple(map(int, space.attrs["data-at"].split(",")))
    assert c.turn.pending == StartWeather(at)
    click(c, offered(c, "confirm")[0])
    assert c.state["log"] == [[0, f"start {at[0]},{at[1]}"]]


def test_one_player_geyser_park_ends_without_a_rating():
    c = start(variant="geyser", seats=("human",))
    play_to_end(c, random.Random(3))
    assert "solo_rating" not in final_scores(c.state)
    nodes, _ = render(c)
    assert not [e for e in all_elements(nodes) if "solo-rating" in e.classes()]


def _band_of(term: str, score: int) -> bool:
    """Whether a rules-reference band ("Under 80", "De 80 à 109", "220 ou plus") holds score."""
    numbers = [int(n) for n in re.findall(r"\d+", term)]
    if len(numbers) == 2:
        return numbers[0] <= score <= numbers[1]
    (n,) = numbers
    return score < n if n == min(m for m, _ in SOLO_RATINGS if m) else score >= n


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_rating_words_are_the_same_on_the_end_screen_and_in_the_rules(lang):
    i18n.set_language(lang)
    bands = next(s for s in rules_ref.sections(lang) if s["id"] == "solo")["items"]
    assert len(bands) == len(SOLO_RATINGS)
    for score in range(0, 261):
        rules_words = [text for term, text in bands if _band_of(term, score)]
        assert rules_words == [i18n.t(f"solo.{solo_rating(score)}")], score
    # 106 points: the same words on both (issue 12 found two different ones)
    assert [text for term, text in bands if _band_of(term, 106)] == [i18n.t("solo.again")]
    c = start(variant="solo", seats=("human",))
    play_to_end(c, random.Random(9))
    nodes, _ = render(c)
    shown = next(e for e in all_elements(nodes) if "solo-rating" in e.classes())
    score = final_scores(c.state)["players"][0]["total"]
    assert shown.text() == next(text for term, text in bands if _band_of(term, score))
