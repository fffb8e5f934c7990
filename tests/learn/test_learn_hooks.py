"""The replay, analysis and hints composed with the tables and the saved games
(pyapp/ui/features/learn.py):
opened from the end screen and the saved-games list, the bots waiting meanwhile, hints off by
default and recorded as ``hints_used`` in the save (CPython, fake storage)."""

from __future__ import annotations

import json
import random

import pytest
from composed import composed, shell_with
from storage_fakes import FakeStorage

from pyapp.park.game import legal_actions
from pyapp.ui import i18n
from pyapp.ui.features.learn import HINTS_KEY, Learn
from pyapp.ui.park import screens
from pyapp.ui.saves import GAME_PREFIX

Storage = FakeStorage  # localStorage in memory (tests/saves/storage_fakes.py)


def make(storage=None):
    """(table, saved games, learn, storage) composed as the page composes them."""
    storage = storage if storage is not None else Storage()
    app = composed(storage)
    return app.table, app.saves, app.learn, storage


def start(c, seats=("human", "random"), seed=5, variant="base"):
    names = [f"P{i + 1}" for i in range(len(seats))]
    c.start_game(
        {"players": len(seats), "seed": seed, "variant": variant, "names": names}, list(seats)
    )


def play_out(c, limit=None, seed=1):
    """Play the game (every seat: random legal moves through the table) to its end."""
    rng = random.Random(seed)
    n = 0
    while c.decision() is not None and (limit is None or n < limit):
        assert c.play(rng.choice(legal_actions(c.state)))
        n += 1


def draw(c):
    nodes, focus = screens.render(c)
    return nodes


def find(nodes, **attrs):
    for n in nodes:
        if not hasattr(n, "iter"):
            continue
        for e in n.iter():
            if all(e.attrs.get(k) == v for k, v in attrs.items()):
                return e
    return None


def text_of(nodes) -> str:
    return " ".join(n.text() for n in nodes if hasattr(n, "text"))


def test_the_end_screen_offers_replay_and_analysis_and_the_replay_steps():
    c, p, learn, _ = make()
    start(c)
    play_out(c)
    assert c.screen == "end"
    nodes = draw(c)
    assert find(nodes, **{"data-action": "learn-analyse"}) is not None
    assert find(nodes, **{"class": "learn-end-bar"}).attrs["data-hints-used"] == "false"
    assert c.handle("learn-replay", {}) is True
    assert learn.showing == "replay" and c.bot_to_move() is None
    nodes = draw(c)
    bar = find(nodes, **{"data-screen": "replay"})
    assert bar.attrs["data-pos"] == "0"
    assert bar.attrs["data-length"] == str(len(c.state["log"]))
    assert find(nodes, **{"data-screen": "table"}) is not None  # the park's own table drawing
    assert find(nodes, **{"data-screen": "end"}) is None
    assert c.handle("learn-replay-next", {}) is True
    assert find(draw(c), **{"data-screen": "replay"}).attrs["data-pos"] == "1"
    assert c.handle("learn-replay-last", {}) is True
    assert learn.replay.view_table().state == c.state  # the last position: the game as it ended
    # the replayed board's own park tabs: another park than the one it shows by itself (the
    # mover's, at a position with a move marked)
    other = next(q for q in (0, 1) if q != learn.replay.table.auto_player())
    assert c.handle("view", {"player": str(other)}) is True
    assert learn.replay.table.viewing == other and c.viewing is None
    assert learn.replay.table.shown_player() == other
    assert c.handle("learn-close", {}) is True and learn.showing is None
    assert c.focus == "learn-replay" and c.screen == "end"


def test_header_entries_leave_the_replay():
    c, p, learn, _ = make()
    start(c)
    play_out(c)
    c.handle("learn-replay", {})
    assert c.handle("saves", {}) is True
    assert learn.showing is None and p.open


def test_the_saved_games_list_replays_a_running_game_from_its_persons_side():
    c, p, learn, storage = make()
    start(c, seats=("random", "human"), seed=8)
    play_out(c, limit=40)
    assert c.decision() is not None
    gid = p.game_id
    p.show()
    nodes = draw(c)
    button = find(nodes, **{"data-action": "learn-replay-saved", "data-id": gid})
    assert button is not None and button.attrs["data-key"] == f"replay-{gid}"
    assert c.handle("learn-replay-saved", {"id": gid}) is True
    assert not p.open and learn.showing == "replay"
    assert learn.replay.viewer == 1  # the first person's seat
    log = c.state["log"]
    for n in range(len(log) + 1):
        learn.replay.go(n)
        view = learn.replay.view_table().state
        assert "secret" not in view and "seed" not in view["options"]
    nodes = draw(c)
    assert "Seen by P2" in text_of(nodes)
    # a damaged save: a message, the game kept
    storage.items[GAME_PREFIX + gid] = storage.items[GAME_PREFIX + gid][:-30]
    learn.close()
    assert c.handle("learn-replay-saved", {"id": gid}) is True
    assert learn.showing is None and learn.error
    assert find(draw(c), **{"class": "banner learn-error"}) is not None
    assert c.handle("learn-error-close", {}) is True and learn.error is None


def test_a_finished_saved_game_replays_everything():
    c, p, learn, _ = make()
    start(c)
    play_out(c)
    gid = p.game_id
    start(c, seed=6)  # another game now
    assert c.handle("learn-replay-saved", {"id": gid}) is True
    assert learn.replay.viewer is None
    learn.replay.go(learn.replay.replay.length)
    assert "secret" in learn.replay.view_table().state


def test_hints_are_off_by_default_then_shown_and_recorded_in_the_save():
    c, p, learn, storage = make()
    start(c, seats=("human", "random"), seed=12)
    assert not learn.hints and find(draw(c), **{"data-action": "learn-hint"}) is None
    assert ("learn-hints", "learn.hints.menu_off") in c.menu
    assert c.handle("learn-hints", {}) is True
    assert learn.hints and storage.items[HINTS_KEY] == "on"
    assert ("learn-hints", "learn.hints.menu_on") in c.menu
    assert Learn(None, storage).hints  # remembered for the next visit
    button = find(draw(c), **{"data-action": "learn-hint"})
    assert button is not None and "aria-disabled" not in button.attrs
    assert c.handle("learn-hint", {}) is True
    slices = 0
    while learn.work(2.0):
        slices += 1
    assert c.notice.startswith("Hint: the strong computer player would choose: ")
    assert c.hints_used is True
    entry = json.loads(storage.items[GAME_PREFIX + p.game_id].split("\n", 1)[0])
    assert entry["session"]["hints_used"] is True
    assert c.session()["hints_used"] is True
    # the hint is the strong bot's choice for that position
    from pyapp.ui.table import bot_seed

    p0 = c.human_to_move()
    bot = c.game.make_bot("strong", bot_seed(c.state["options"]["seed"], p0))
    choice = str(bot.choose(c.obs(p0)))
    assert c.notice.endswith(screens_describe(c, choice))
    # a new visit: the save still says so, and so does the end screen
    c2, p2, learn2, _ = make(storage)
    assert c2.hints_used is True
    play_out(c2)
    bar = find(draw(c2), **{"class": "learn-end-bar"})
    assert bar.attrs["data-hints-used"] == "true"
    assert "Hints were used in this game." in bar.text()
    start(c2, seed=13)  # a new game: no hint used yet
    assert c2.hints_used is False and "hints_used" not in c2.session()


def screens_describe(c, text):
    from pyapp.ui.park import describe_choice

    return describe_choice(c.state, text)


def test_a_hint_thought_while_a_move_is_played_is_dropped():
    c, p, learn, _ = make()
    c.hide_between = False
    start(c, seats=("human", "human"), seed=3)
    learn.toggle_hints()
    assert c.handle("learn-hint", {}) is True and learn.thinking_hint()
    play_out(c, limit=1)
    while learn.work(2.0):
        pass
    assert c.notice is None and c.hints_used is False


def test_the_analysis_runs_in_slices_and_can_be_stopped():
    c, p, learn, _ = make()
    start(c, seats=("human", "random"), seed=4)
    play_out(c, limit=20)  # a running game may be analysed too (from the table's state)
    c.screen = "end"
    c.result = c.game.summary(c.state)
    assert c.handle("learn-analyse", {}) is True and learn.showing == "analysis"
    assert c.bot_to_move() is None
    assert learn.work(5.0) is True
    c.handle("learn-analysis-stop", {})
    assert learn.work(5.0) is False and not learn.analysis.finished
    section = find(draw(c), **{"data-screen": "analysis"})
    assert section.attrs["data-running"] == "false"
    assert find(draw(c), **{"data-action": "learn-analysis-resume"}) is not None
    c.handle("learn-analysis-resume", {})
    while learn.work(20.0):
        pass
    section = find(draw(c), **{"data-screen": "analysis"})
    assert section.attrs["data-done"] == section.attrs["data-total"]
    assert {f["player"] for f in learn.analysis.analysis.findings} == {0}  # the person only
    progress = find([section], tag="progress") or next(
        e for e in section.iter() if e.tag == "progress"
    )
    assert progress.attrs["value"] == progress.attrs["max"]
    c.handle("learn-close", {})
    assert learn.showing is None and c.focus == "learn-analyse"


def test_no_analysis_offered_for_a_game_without_one():
    from pyapp.ui.pyramids import make_table

    c, p, learn, _ = make()
    t = p.tables.switch("pyramids")
    assert isinstance(t, type(make_table())) and learn.table_of() is t
    assert learn.open_analysis() is False


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_new_screens_in_both_languages(lang):
    c, p, learn, _ = make()
    i18n.set_language(lang)
    start(c)
    play_out(c)
    end = text_of(draw(c))
    assert ("Replay" if lang == "en" else "Revoir") in end
    c.handle("learn-replay", {})
    text = text_of(draw(c))
    assert ("Move 0 of" if lang == "en" else "Coup 0 sur") in text
    assert ("Start of the game" if lang == "en" else "Début de la partie") in text


def test_the_language_switch_keeps_the_replay_open():
    c, p, learn, _ = make()
    start(c)
    play_out(c)
    c.handle("learn-replay", {})
    c.handle("learn-replay-next", {})
    assert c.handle("lang", {}) is True
    assert learn.showing == "replay" and learn.replay.pos == 1
    assert "Coup 1 sur" in text_of(draw(c))


def test_the_replayed_table_keeps_its_seats_and_nobody_moves_on_it():
    c, p, learn, _ = make()
    start(c, seats=("human", "random"), seed=21)
    play_out(c, limit=30)
    c.handle("learn-replay", {})
    vt = learn.replay.view_table()
    assert vt.seats == ["human", "random"] and vt.human_to_move() is None
    for n in range(31):
        learn.replay.go(n)
        nodes = draw(c)
        table = find(nodes, **{"data-screen": "table"})
        assert table.attrs["data-human-turn"] == "false"
        assert find(nodes, **{"data-action": "confirm"}) is None or (
            find(nodes, **{"data-action": "confirm"}).attrs.get("aria-disabled") == "true"
            or "disabled" in find(nodes, **{"data-action": "confirm"}).attrs
        )
        assert find(nodes, **{"data-action": "token"}) is None or all(
            e.attrs.get("aria-disabled") == "true"
            for n_ in nodes
            if hasattr(n_, "iter")
            for e in n_.iter()
            if e.attrs.get("data-action") == "token"
        )


def test_hints_used_travels_with_an_exported_game():
    from pyapp.ui.saves import export_record, import_file

    c, p, learn, _ = make()
    start(c, seats=("human", "random"), seed=12)
    c.hints_used = True
    text = export_record(c.state, exported_at=0, session=c.session(), game=c.game)
    game, state, session = import_file(text)
    assert session["hints_used"] is True
    c2, p2, _, _ = make()
    p2.import_file(text)
    assert c2.hints_used is True


def test_both_languages_have_every_text_with_the_same_placeholders():
    import string

    from pyapp.ui.strings_learn import EN, FR

    assert set(EN) == set(FR)

    def fields(text):
        return {f for _, f, _, _ in string.Formatter().parse(text) if f}

    for key in EN:
        assert fields(EN[key]) == fields(FR[key]), key


def test_escape_closes_the_replay_and_the_analysis():
    c, p, learn, _ = make()
    start(c)
    play_out(c)
    c.handle("learn-replay", {})
    assert c.handle("undo", {}) is True and learn.showing is None  # the page's Escape key
    c.handle("learn-analyse", {})
    assert c.handle("undo", {}) is True and learn.showing is None
    assert not learn.analysis.running


@pytest.mark.parametrize("kind", ["place", "pick", "weather"])
def test_a_hint_selects_the_strong_bots_move_on_the_park_table(kind):
    from pyapp.core import judge

    c, p, learn, _ = make()
    c.hide_between = False  # pass and play on the table itself
    start(c, seats=("human", "human"), seed=31)
    rng = random.Random(2)
    while c.decision()["kind"] != kind:
        assert c.play(rng.choice(legal_actions(c.state)))
    learn.toggle_hints()
    me = c.human_to_move()
    choice = judge.suggest(c.game, c.state, me)  # the one judge: the analysis's suggestion
    c.handle("learn-hint", {})
    while learn.work(5.0):
        pass
    assert c.notice.startswith("Hint: ")
    # the whole decision selected (the marmot's action token and terrain space too): Confirm
    # plays it without another tap
    assert c.turn.pending == choice and c.focus == "confirm"
    c.handle("confirm", {})
    assert c.state["log"][-1] == [me, str(choice)]


@pytest.mark.parametrize("game_id", ["pyramids", "caledea"])
def test_hints_in_the_other_games_say_the_strong_bots_move(game_id):
    import importlib

    from pyapp.core import judge

    screens_pkg = importlib.import_module(f"pyapp.ui.{game_id}")
    t, (learn,) = shell_with(
        lambda shell: screens_pkg.make_table(shell=shell),
        lambda tables: Learn(tables, Storage()),
    )
    t.start_game({"players": 2, "seed": 4}, ["human", "random"])
    while (b := t.bot_to_move()) is not None:  # the bot may open the game
        assert t.bot_play(b, t.bots[b].choose(t.obs(b)))
    learn.toggle_hints()
    me = t.human_to_move()
    assert me == 0 and learn.can_hint()
    nodes, _ = screens_pkg.render(t)
    assert find(nodes, **{"data-action": "learn-hint"}) is not None
    choice = str(judge.suggest(t.game, t.state, me))  # the one judge's suggestion
    assert t.handle("learn-hint", {}) is True
    while learn.work(5.0):
        pass
    notice = t.notice
    plan = judge.turn_plan(t.game, t.state["options"], t.obs(me))  # the whole decision
    assert plan[0] == choice
    said = screens_pkg.show_hint(t, t.game.parse_action(choice), plan)  # the game's words
    assert said and notice == f"Hint: the strong computer player would choose: {said}"
    assert t.hints_used is True
