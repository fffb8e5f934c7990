"""The screens' state machine: new game, choices offered from the engine, unconfirmed
placements, hand-overs, hooks, resume and the bots' pace."""

from __future__ import annotations

import random

import pytest
from uihelpers import (
    FakeTime,
    click,
    human_step,
    offered,
    play_to_end,
    run_bots,
    run_sync,
    start,
)

from pyapp.park.actions import Place
from pyapp.park.bots import BOTS
from pyapp.park.components import TOKEN_BY_NAME, TOKENS
from pyapp.park.game import (
    copy_state,
    decision,
    final_scores,
    legal_actions,
    new_game,
    park_of,
    placement_options,
    play,
)
from pyapp.ui.feature import Feature, Shell
from pyapp.ui.park.controller import (
    FAST_THINK_MS,
    FIRST_FRAME_S,
    PACE_FAST_MS,
    PACE_MS,
    PACE_REDUCED_MS,
    Controller,
)


def advance_to(c: Controller, kind: str, rng=None) -> None:
    """Play (humans at random, bots by the runner) until a human must take ``kind``."""
    rng = rng or random.Random(3)
    for _ in range(500):
        if c.bot_to_move() is not None:
            run_bots(c)
            continue
        if c.screen == "handover":
            human_step(c, rng)
            continue
        if c.decision()["kind"] == kind:
            return
        human_step(c, rng)
    raise AssertionError(f"never reached {kind}")


# ------------------------------------------------------------------ new game


def test_form_defaults_and_variant_limits():
    c = Controller()
    assert c.screen == "setup"
    assert c.form.count == 2 and c.form.kinds[0] == "human" and c.form.kinds[1] in BOTS
    assert c.form.seat_kinds() == ["human", *BOTS]
    c.handle("variant", {"value": "solo"})
    assert c.form.counts() == [1] and c.form.count == 1
    c.handle("variant", {"value": "base"})
    assert c.form.counts() == [2, 3, 4] and c.form.count == 2
    c.handle("seats", {"value": "7"})  # not offered: ignored
    assert c.form.count == 2
    c.handle("variant", {"value": "geyser"})
    assert c.form.counts() == [1, 2, 3, 4]


def test_start_checks_names_and_reads_the_seed():
    c = Controller(seed_source=lambda: 4242)
    c.handle("name", {"seat": "0", "value": "   "})
    c.handle("start", {})
    assert c.screen == "setup" and "Player 1" in c.form.error and c.state is None
    c.handle("name", {"seat": "0", "value": "Lin"})
    c.handle("start", {})
    assert c.form.error is None and c.state["options"]["seed"] == 4242  # empty seed: random
    assert c.state["options"]["names"][0] == "Lin"
    c = start(seed="123")
    assert c.state["options"]["seed"] == 123
    c = start(seed="picnic")
    assert c.state["options"]["seed"] == "picnic"


def test_one_human_goes_straight_to_the_table_two_humans_get_a_handover():
    c = start(seats=("human", "random"))
    assert c.screen == "table" and c.human_to_move() == 0
    c = start(seats=("human", "human"), names=("Lin", "Sam"), hide_between=True)
    assert c.screen == "handover" and c.handover_to == 0
    assert c.human_to_move() is None  # nothing can be played behind the hand-over
    c.handle("ready", {})
    assert c.screen == "table" and c.human_to_move() == 0
    human_step(c, random.Random(1))  # Lin's first weather token: now Sam decides
    assert c.screen == "handover" and c.handover_to == 1
    from pyapp.ui.park.screens import handover_screen

    recent = handover_screen(c).find_all(lambda e: e.tag == "li")
    assert len(recent) == 1 and recent[0].text().startswith("Lin placed a weather token")
    c.handle("ready", {})
    human_step(c, random.Random(1))  # Sam's weather token: back to Lin, who sees only Sam's
    recent = handover_screen(c).find_all(lambda e: e.tag == "li")
    assert len(recent) == 1 and recent[0].text().startswith("Sam placed a weather token")


# ------------------------------------------------------------------ choices come from the engine


def test_offered_tokens_and_spaces_are_the_engines():
    c = start()
    advance_to(c, "place")
    p = c.human_to_move()
    tokens, spaces, _, _ = placement_options(c.state, p)
    park = park_of(c.state)
    enabled = {int(e.attrs["data-token"]) for e in offered(c, "token")}
    assert enabled == set(tokens)
    c.handle("token", {"token": str(tokens[0])})
    at = {e.attrs["data-at"] for e in offered(c, "space")}
    assert at == {f"{park.at(i)[0]},{park.at(i)[1]}" for i in spaces}


def test_disabled_tokens_say_why_and_cannot_be_chosen():
    c = start()
    advance_to(c, "place")
    p = c.human_to_move()
    action, _ = c.state["ctx"]["requirement"]
    showing = [t.id for t in TOKENS if t.shows(action)]
    not_showing = [t.id for t in TOKENS if not t.shows(action)]
    c.state["G"]["players"][p]["display"] = showing[:2] + not_showing[:5]
    nodes = offered(c, "token")
    assert {int(e.attrs["data-token"]) for e in nodes} == set(showing[:2])
    from pyapp.ui.park.screens import render

    drawn, _ = render(c)
    off = [
        e
        for n in drawn
        for e in n.iter()
        if e.attrs.get("data-action") == "token" and e.attrs.get("aria-disabled") == "true"
    ]
    assert len(off) == 5
    assert all("not allowed" in e.text() for e in off)  # the name: sr-only text
    c.handle("token", {"token": str(not_showing[0])})
    assert c.turn.token is None and c.notice and "does not show" in c.notice


def test_fallback_enables_every_token_and_the_prompt_says_so():
    c = start()
    advance_to(c, "place")
    p = c.human_to_move()
    action, _ = c.state["ctx"]["requirement"]
    c.state["G"]["players"][p]["display"] = [t.id for t in TOKENS if not t.shows(action)][:7]
    assert len(offered(c, "token")) == 7
    assert "any token may be placed" in c.prompt()


def test_a_placement_is_pending_until_confirmed_and_can_be_taken_back():
    c = start()
    advance_to(c, "place")
    p = c.human_to_move()
    log = len(c.state["log"])
    display = list(c.state["G"]["players"][p]["display"])
    click(c, offered(c, "token")[0])
    space = offered(c, "space")[0]
    click(c, space)
    assert c.turn.pending is not None and c.turn.pending.kind == "place"
    assert len(c.state["log"]) == log and c.state["G"]["players"][p]["display"] == display
    assert c.focus == "confirm"
    c.handle("undo", {})
    assert c.turn.pending is None and c.turn.token is None
    click(c, offered(c, "token")[0])
    click(c, offered(c, "space")[1])
    pending = c.turn.pending
    assert c.handle("confirm", {})
    assert c.state["log"][log] == [p, str(pending)]
    park = park_of(c.state)
    assert (
        c.state["G"]["players"][p]["board"][park.index[pending.at]]
        == TOKEN_BY_NAME[pending.token].id
    )


def test_space_first_then_token_also_forms_the_placement():
    c = start()
    advance_to(c, "place")
    click(c, offered(c, "space")[0])
    assert c.turn.pending is None and "token" in c.notice
    click(c, offered(c, "token")[0])
    assert c.turn.pending is not None


def test_marmot_holder_is_offered_only_legal_pairs():
    c = start()
    advance_to(c, "pick")
    p = c.human_to_move()
    legal = legal_actions(c.state, p)
    actions = {e.attrs["data-value"] for e in offered(c, "action")}
    assert actions == {a.action for a in legal}
    c.handle("action", {"value": "water"})
    assert {e.attrs["data-value"] for e in offered(c, "terrain")} == {"any"}
    log = len(c.state["log"])
    c.handle("terrain", {"value": "forest"})  # the watering hole cannot go there
    assert len(c.state["log"]) == log and c.notice
    c.handle("action", {"value": "bear"})
    assert "any" not in {e.attrs["data-value"] for e in offered(c, "terrain")}
    c.handle("terrain", {"value": "river"})
    assert c.state["log"][-1] == [p, "pick bear river"]
    assert c.decision()["kind"] == "place"


def test_a_refused_move_shows_the_engines_message_and_changes_nothing():
    c = start()
    advance_to(c, "place")
    before = copy_state(c.state)
    c.turn.pending = Place("bear-bear-bear", (99, 99))  # stale or forged: the engine refuses
    c.handle("confirm", {})
    assert c.error and "not allowed" in c.error
    assert c.state["log"] == before["log"]


def test_base_game_first_weather_needs_token_and_space():
    c = start()
    assert c.decision()["kind"] == "weather"
    click(c, offered(c, "slot")[0])
    assert c.turn.pending is None and c.focus == "space-first"
    spaces = offered(c, "space")
    assert len(spaces) == 6  # the six weather spaces of the river side
    click(c, spaces[2])
    assert c.turn.pending.at is not None
    c.handle("confirm", {})
    assert c.state["log"][0][1].startswith("weather 0 at")


def test_geyser_reveal_then_choose_between_the_face_up_tokens():
    c = start(variant="geyser", seats=("human",))
    assert c.decision()["kind"] == "start"
    human_step(c, random.Random(2))
    assert c.decision()["kind"] == "reveal"
    slots = offered(c, "slot")
    # the face-down ones look the same: one is offered, not a choice between identical
    # tokens (issue 23)
    assert len(slots) == 1
    click(c, slots[0])
    assert c.decision()["kind"] == "weather"
    assert len(offered(c, "slot")) == 2  # the sun and the revealed token


# ------------------------------------------------------------------ hooks, resume, rematch


class Recorder(Feature):
    """A feature that records the log's length after every change, and answers "x-ping"."""

    def __init__(self):
        self.seen = []
        self.called = []

    def after_change(self, table) -> None:
        self.seen.append(len(table.state["log"]))

    def menu(self, table):
        return [("saves", "menu.saves")]

    def handle(self, action, data, table):
        if action == "saves":
            self.called.append("saves")
            return True
        return True if action == "x-ping" else None


def test_on_change_runs_once_per_move_human_or_bot():
    recorder = Recorder()
    c = start(shell=Shell([recorder]))
    seen = recorder.seen
    seen.clear()  # the start itself
    rng = random.Random(4)
    for _ in range(12):
        if c.bot_to_move() is not None:
            run_bots(c)
        else:
            human_step(c, rng)
    assert seen == list(range(1, len(c.state["log"]) + 1))


def test_resume_continues_any_state_with_its_seats():
    state = new_game(players=3, seed=5, names=["A", "B", "C"])
    for _ in range(20):
        play(state, legal_actions(state)[0])
    c = Controller()
    c.resume(state, ["random", "human", "greedy"])
    assert c.state is state and c.seats == ["random", "human", "greedy"]
    assert c.session() == {
        "seats": ["random", "human", "greedy"],
        "fast": False,
        "hide_between": False,
    }
    d = decision(state)
    assert (c.bot_to_move() == d["player"]) == (c.seats[d["player"]] != "human")
    with pytest.raises(ValueError):
        c.resume(state, ["human"])
    with pytest.raises(ValueError):
        c.resume(state, ["human", "nobody", "human"])


def test_rematch_keeps_players_and_variant_with_a_new_seed():
    c = start(seats=("human", "random"), names=("Lin", "Bot"))
    old = c.state
    c.handle("rematch", {})
    assert c.state is not old and c.state["log"] == []
    assert c.state["options"]["names"] == ["Lin", "Bot"] and c.seats == ["human", "random"]


def test_viewing_another_park_and_back():
    c = start(seats=("human", "random", "random"))
    c.handle("view", {"player": "2"})
    assert c.shown_player() == 2 and c.focus == "park-back"
    c.handle("back", {})
    assert c.shown_player() == 0 and c.viewing is None


def test_menu_slots_and_extra_handlers():
    recorder = Recorder()
    c = start(shell=Shell([recorder]))
    called = recorder.called
    assert c.menu == [("saves", "menu.saves")]
    assert c.handle("saves", {}) and called == ["saves"]
    assert c.handle("x-ping", {})
    assert not c.handle("no-such-action", {})


# ------------------------------------------------------------------ bots


def test_bot_runner_paces_every_step_and_stops_at_the_human():
    c = start(seats=("human", "random", "random"))
    human_step(c, random.Random(1))  # the human's first weather token; the bots follow
    fake = FakeTime()
    runner = run_bots(c, fake)
    assert runner.steps == 2 and c.human_to_move() == 0
    # a frame for the page, then the rest of the pace
    assert fake.sleeps == [FIRST_FRAME_S, pytest.approx(PACE_MS / 1000 - FIRST_FRAME_S)] * 2
    c.fast = True
    assert c.pace_ms() == PACE_FAST_MS
    c.reduced_motion, c.fast = True, False
    assert c.pace_ms() == PACE_REDUCED_MS < PACE_MS


def test_bot_runner_drops_a_step_when_a_new_game_starts():
    c = start(seats=("human", "random"))
    human_step(c, random.Random(1))
    fake = FakeTime()

    async def sleep(s):
        await fake.sleep(s)
        c.start_game({"players": 2, "seed": 1, "names": ["X", "Y"]}, ["human", "random"])

    from pyapp.ui.park.controller import BotRunner

    runner = BotRunner(c, lambda: None, sleep, fake.clock)
    run_sync(runner.run())
    assert runner.steps == 0 and c.state["log"] == []


def test_bot_runner_plays_the_new_games_bot_after_dropping_a_stale_step():
    from pyapp.ui.park.controller import BotRunner

    c = start(seats=("human", "random"))
    human_step(c, random.Random(1))  # now the bot is to move
    fake = FakeTime()
    switched = []

    async def sleep(s):
        await fake.sleep(s)
        if not switched:  # the first pause: a new game where a bot moves first
            switched.append(True)
            c.start_game({"players": 2, "seed": 5, "names": ["Bot", "Me"]}, ["random", "human"])

    runner = BotRunner(c, lambda: None, sleep, fake.clock)
    run_sync(runner.run())
    assert c.state["options"]["names"] == ["Bot", "Me"]
    assert runner.steps == 1 and c.state["log"][0][0] == 0  # the new game's bot moved
    assert c.human_to_move() == 1 and not runner.busy


def test_strong_bot_thinks_in_slices_from_its_observation():
    c = start(seats=("human", "strong"))
    human_step(c, random.Random(1))
    p = c.bot_to_move()
    assert p == 1
    gen = c.bot_think(p)
    slices = 0
    while True:
        try:
            next(gen)
            slices += 1
        except StopIteration as stop:
            action = stop.value
            break
    assert action in legal_actions(c.state, p)
    assert slices >= 1
    assert c.bot_play(p, action) and c.state["log"][-1] == [p, str(action)]


@pytest.mark.parametrize(
    "variant,seats",
    [
        ("base", ("human", "random")),
        ("solo", ("human",)),
        ("geyser", ("human", "human", "random")),
        ("base", ("random", "random", "random", "random")),
    ],
)
def test_whole_games_reach_the_scoring_pad(variant, seats):
    c = start(variant=variant, seats=seats)
    play_to_end(c, random.Random(8))
    assert c.screen == "end"
    assert c.result == final_scores(c.state)
    assert len(c.state["log"]) > 35 * len(seats)


def test_faster_bots_give_a_searching_bot_a_deadline():
    c = start(seats=("strong", "human"))
    assert c.bot_to_move() == 0 and hasattr(c.bots[0], "deadline_ms")
    next(c.bot_think(0), None)
    assert c.bots[0].deadline_ms is None  # the normal pace: counted work only
    c.handle("speed", {})
    assert c.fast
    next(c.bot_think(0), None)
    assert c.bots[0].deadline_ms == FAST_THINK_MS < 1000
    c.handle("speed", {})
    next(c.bot_think(0), None)
    assert c.bots[0].deadline_ms is None
