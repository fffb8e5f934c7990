"""The strong bot's thinking in slices (for the browser) gives the same choice as ``choose``, and
its search budget is counted, not timed."""

import asyncio

from pyapp.park.bots import choose_async, make_bot, start_thinking
from pyapp.park.bots.strong import StrongBot
from pyapp.park.game import apply, decision, new_game, observation, to_move


def position(kind: str, seed=4):
    state = new_game(players=2, seed=seed)
    bots = [make_bot("greedy", s) for s in range(2)]
    skip = 3
    while True:
        d = decision(state)
        if d["kind"] == kind and skip == 0:
            return observation(state, d["player"])
        if d["kind"] == kind:
            skip -= 1
        p = to_move(state)
        apply(state, bots[p].choose(observation(state, p)))


def test_slices_give_the_same_choice():
    for kind in ("place", "pick", "weather"):
        obs = position(kind)
        expected = StrongBot(8).choose(obs)
        think = StrongBot(8).start(obs)
        slices = 0
        while (action := think.step(0)) is None:
            slices += 1
            assert slices < 10_000
        assert action == expected
        assert think.done and think.step(5) == expected  # stays decided
        if kind != "weather":
            assert slices > 10  # a zero budget does one unit of work per slice


def test_choice_does_not_depend_on_earlier_calls():
    obs = position("place")
    fresh = StrongBot(3).choose(obs)
    used = StrongBot(3)
    used.choose(position("pick"))
    assert used.choose(obs) == fresh


def test_more_search_is_more_work():
    obs = position("place")
    small = StrongBot(1, samples=1, candidates=2).start(obs)
    small.run()
    big = StrongBot(1, samples=4, candidates=4).start(obs)
    big.run()
    assert big.units > small.units


def test_choose_async_yields_between_slices():
    obs = position("pick")
    expected = StrongBot(5).choose(obs)
    ticks = 0

    async def main():
        nonlocal ticks
        task = asyncio.ensure_future(choose_async(StrongBot(5), obs, slice_ms=0))
        while not task.done():
            ticks += 1  # the event loop runs other work while the bot thinks
            await asyncio.sleep(0)
        return task.result()

    assert asyncio.run(main()) == expected
    assert ticks > 10
    # any bot works through the same helpers; the quick ones answer at the first step
    greedy = start_thinking(make_bot("greedy", 1), obs)
    assert greedy.step(0) == make_bot("greedy", 1).choose(obs) and greedy.done
