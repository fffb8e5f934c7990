"""Every point explained (issue 23): ``scoring.explain_position`` says, per category of the
scoring pad, which spaces scored it and how; it is compared here with the engine's own scoring
(``score_board``, ``best_family``) on finished random games of both parks, and the explanation
the table draws (``pyapp/ui/park/explain.py``) says it in words in both languages."""

from __future__ import annotations

import random

import pytest

from pyapp.park import game
from pyapp.park.components import SPECIES, SUN, TOKENS, WEATHER
from pyapp.park.park import load_park
from pyapp.park.scoring import (
    CATEGORIES,
    COVERAGE_POINTS,
    best_family,
    explain_board,
    faces_of,
    flipped_spaces,
    score_board,
)
from pyapp.ui import i18n


def _finished(seed: int, variant: str, players: int) -> dict:
    rng = random.Random(seed)
    state = game.new_game(players=players, seed=seed, variant=variant)
    while not game.is_over(state):
        game.play(state, rng.choice(game.legal_actions(state)))
    return state


GAMES = [(seed, v, n) for seed in range(6) for v, n in (("base", 2), ("geyser", 3), ("solo", 1))]


def _connected(park, spaces) -> bool:
    spaces = set(spaces)
    if not spaces:
        return True
    seen, stack = set(), [min(spaces)]
    while stack:
        i = stack.pop()
        if i in seen:
            continue
        seen.add(i)
        stack.extend(j for j in park.neighbours[i] if j in spaces)
    return seen == spaces


@pytest.mark.parametrize(("seed", "variant", "players"), GAMES)
def test_explanation_matches_the_engines_scoring(seed, variant, players):
    state = _finished(seed, variant, players)
    park = game.park_of(state)
    for pl in state["G"]["players"]:
        board, weather = pl["board"], pl["weather"]
        sheet = score_board(park, board, weather)
        exp = explain_board(park, board, weather)
        assert set(exp) == set(CATEGORIES)
        # the points add up to the engine's total, category by category
        for cat in CATEGORIES:
            assert exp[cat]["points"] == sheet["categories"][cat], cat
        assert sum(e["points"] for e in exp.values()) == sheet["total"]
        faces, wx = faces_of(board, weather)
        flipped = flipped_spaces(park, faces, wx)
        # bad weather: exactly the engine's flipped spaces
        assert {park.at(i) for i in exp["bad_weather"]["spaces"]} == {
            tuple(a) for a in sheet["flipped_at"]
        }
        assert exp["bad_weather"]["flipped"] == sheet["flipped"]
        for w in exp["bad_weather"]["weather"]:
            assert WEATHER[weather[w]].bad
        # coverage: a scored category highlights every space of its requirement, all covered
        for cat in COVERAGE_POINTS:
            e = exp[cat]
            if e["points"]:
                assert e["spaces"] and all(board[i] >= 0 for i in e["spaces"])
                assert e["covered"] == e["needed"] == len(e["spaces"]) and not e["missing"]
            else:
                assert e["spaces"] == [] and (e["missing"] or e["needed"] == 0)
                assert all(board[i] < 0 for i in e["missing"])
        # geysers: each surrounded geyser and its landscape neighbours, all covered
        g = exp["geysers"]
        assert g["points"] == 4 * g["surrounded"]
        for i in g["spaces"]:
            assert park.spaces[i].kind == "geyser" or board[i] >= 0
        assert sum(1 for i in g["spaces"] if park.spaces[i].kind == "geyser") == g["surrounded"]
        # species: one connected family of unflipped tokens showing the species (or suns),
        # whose animals x water is the engine's best family
        suns = [w for w in park.weather_spaces if weather[w] == SUN]
        for s in SPECIES:
            e = exp[s]
            value, animals, water = best_family(park, faces, flipped, s, suns)
            assert e["points"] == value
            if value:
                assert (e["animals"], e["water"]) != (0, 0)
                assert e["animals"] * e["water"] == value
                assert _connected(park, e["spaces"])
                k = SPECIES.index(s)
                counted = sum(1 if i in suns else TOKENS[board[i]].counts[k] for i in e["spaces"])
                assert counted == e["animals"]
                for i in e["spaces"]:
                    assert i in suns or (
                        board[i] >= 0 and s in TOKENS[board[i]].animals and i not in flipped
                    )
                # maximal: no neighbour of the family is another member of the species
                for i in e["spaces"]:
                    for j in park.neighbours[i]:
                        if j in e["spaces"]:
                            continue
                        member = j in suns or (
                            board[j] >= 0 and s in TOKENS[board[j]].animals and j not in flipped
                        )
                        assert not member
            else:
                assert e["spaces"] == []


def test_an_empty_park_scores_nothing_and_says_what_is_missing():
    park = load_park("river")
    exp = explain_board(park, [-1] * len(park), [-1] * len(park))
    assert all(e["points"] == 0 and e["spaces"] == [] for e in exp.values())
    assert exp["mountains"]["missing"] == sorted(park.requirement["mountain"])


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_category_said_in_words(lang, seed):
    from pyapp.ui.park.explain import explain_text

    state = _finished(seed, "base", 2)
    park = game.park_of(state)
    i18n.set_language(lang)
    try:
        for pl in state["G"]["players"]:
            exp = explain_board(park, pl["board"], pl["weather"])
            for cat in CATEGORIES:
                text = explain_text(cat, exp[cat])
                assert text and "{" not in text and "." not in text.split(" ")[0]
                if exp[cat]["points"] and cat != "bad_weather":
                    assert str(exp[cat]["points"]) in text
    finally:
        i18n.set_language("en")
