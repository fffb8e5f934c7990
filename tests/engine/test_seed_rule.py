"""One seed rule for the three games and every way in (``core.options``): the options check of
each game (``normalise_options``, ``new_game``, a record's replay), the new-game form's seed
field, ``--seed`` of the command line and the arena accept and refuse the same seeds, with the
same ``OptionsError``; the seeds of the saved fixtures and playthrough files stay valid."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyapp import cli, games
from pyapp.core import arena
from pyapp.core.errors import LoadError, OptionsError
from pyapp.core.options import SEED_RULE, check_seed, seed_from_text

TESTS = Path(__file__).resolve().parents[1]
GAMES = ("park", "pyramids", "caledea")

# (seed, valid?): the brief's list, its edges and a few more
SEEDS = [
    (-1, False),
    (2**63, False),
    (10**40, False),
    (1.5, False),
    (True, False),
    (False, False),
    ("", False),
    ("x" * 65, False),
    ("-1e309", True),
    ("7", True),
    (0, True),
    (7, True),
    (2**63 - 1, True),
    ("x" * 64, True),
    ("é" * 64, True),
    (float("-inf"), False),  # what JSON reads for -1e309
    (None, False),
    ([1], False),
    ("\ud800", False),  # a lone surrogate: the generator could not read its bytes
]


@pytest.mark.parametrize(("seed", "valid"), SEEDS, ids=[repr(s)[:20] for s, _ in SEEDS])
def test_every_game_accepts_and_refuses_the_same_seeds(seed, valid):
    outcomes = {}
    for gid in GAMES:
        game = games.get(gid)
        for check in (game.normalise_options, game.new_game):
            try:
                check({"players": 2, "seed": seed})
                outcomes[gid, check.__name__] = "accepted"
            except OptionsError as e:
                outcomes[gid, check.__name__] = str(e)
    expected = "accepted" if valid else SEED_RULE
    assert set(outcomes.values()) == {expected}, outcomes


@pytest.mark.parametrize(("seed", "valid"), SEEDS, ids=[repr(s)[:20] for s, _ in SEEDS])
def test_check_seed_is_the_rule(seed, valid):
    if valid:
        check_seed(seed)
    else:
        with pytest.raises(OptionsError, match="whole number from 0 to 2"):
            check_seed(seed)


@pytest.mark.parametrize("seed", [-1, 10**40, "", "x" * 65])
def test_a_record_with_a_bad_seed_is_refused_alike_by_every_game(seed):
    for gid in GAMES:
        game = games.get(gid)
        record = {"format": 1, "game": game.record_id, "options": {"players": 2, "seed": seed}}
        with pytest.raises(LoadError, match="options are not valid: the seed"):
            game.from_record({**record, "log": []})


# (typed text, the seed it is, or None when refused)
TYPED = [
    ("7", 7),
    (" 7 ", 7),
    ("007", 7),
    ("0", 0),
    ("9" * 18, int("9" * 18)),
    ("9" * 19, "9" * 19),  # 19 digits and more stay text, as the form always read them
    ("1" + "0" * 40, "1" + "0" * 40),
    ("-1", "-1"),
    ("1.5", "1.5"),
    ("-1e309", "-1e309"),
    ("+7", "+7"),
    ("picnic", "picnic"),
    ("٣", 3),  # other scripts' decimal digits are numbers too
    ("²", "²"),  # a digit that is no decimal digit: text (the form used to fail on it)
    ("x" * 64, "x" * 64),
    ("x" * 65, None),
    ("", None),
    ("   ", None),
    ("\udcff", None),  # an undecodable byte of a command-line argument
]


@pytest.mark.parametrize(("text", "seed"), TYPED, ids=[repr(t)[:20] for t, _ in TYPED])
def test_a_typed_seed_reads_alike_on_the_form_and_the_command_line(text, seed):
    from pyapp.ui.seats import SeatForm

    form = SeatForm(["random"], 2, 2)
    form.seed = text
    parser = cli.build_parser()
    if seed is None:
        with pytest.raises(OptionsError, match="whole number from 0 to 2"):
            seed_from_text(text)
        if text.strip():  # an empty field draws a fresh seed instead
            with pytest.raises(ValueError, match="64 characters"):
                form.seed_value(lambda: 1)
        for command in ("simulate", "arena"):
            with pytest.raises(cli.UsageError, match="--seed: the seed is a whole number"):
                parser.parse_args([command, f"--seed={text}"])
        return
    assert seed_from_text(text) == seed and type(seed_from_text(text)) is type(seed)
    assert form.seed_value(lambda: 1) == seed
    # --seed=TEXT: argparse would take a separate "-1e309" for an option
    assert parser.parse_args(["simulate", f"--seed={text}"]).seed == seed
    for gid in GAMES:  # and every game takes it
        games.get(gid).normalise_options({"players": 2, "seed": seed})


def test_an_empty_seed_field_draws_a_fresh_seed():
    from pyapp.ui.seats import SeatForm

    form = SeatForm(["random"], 2, 2)
    form.seed = "  "
    assert form.seed_value(lambda: 4242) == 4242


@pytest.mark.parametrize(
    ("seed", "words"),
    [
        (-1, "whole number from 0 to 2"),
        (10**40, "whole number from 0 to 2"),
        ("", "whole number from 0 to 2"),
        ("x" * 41, "at most 40 characters"),
    ],
)
def test_the_arena_seed_is_a_seed_with_room_for_each_games_seed(seed, words):
    game = games.get("pyramids")
    with pytest.raises(OptionsError, match=words):
        arena.check_settings(game, ["random"], 2, seed)
    arena.check_settings(game, ["random"], 2, "x" * 40)
    arena.check_settings(game, ["random"], 2, 2**63 - 1)
    # the longest arena seed and the last game's number still make a game seed
    check_seed(f"{'x' * arena.SEED_TEXT}/{arena.MAX_GAMES - 1}")


@pytest.mark.parametrize(
    ("names", "count", "words"),
    [
        ([], 2, "at least one bot"),
        (["random"], 0, "from 1 to 100000"),
        (["random"], arena.MAX_GAMES + 1, "from 1 to 100000"),
        (["random"], 2.0, "from 1 to 100000"),
        (["clever"], 2, "unknown bot"),
    ],
)
def test_the_arena_refuses_bad_counts_and_bots(names, count, words):
    with pytest.raises(ValueError, match=words):
        arena.run_arena(games.get("pyramids"), names, count, 2, 1)


def _seeds(data):
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "seed":
                yield value
            else:
                yield from _seeds(value)
    elif isinstance(data, list):
        for value in data:
            yield from _seeds(value)


def test_the_seeds_of_saved_games_and_playthroughs_stay_valid():
    files = sorted(TESTS.glob("*/playthroughs/*.json")) + sorted(
        (TESTS / "saves" / "old_saves").glob("*.json")
    )
    seeds = [s for f in files for s in _seeds(json.loads(f.read_text(encoding="utf-8")))]
    assert len(files) >= 30 and len(seeds) >= 40
    for seed in seeds:
        check_seed(seed)
