"""The strong bot's optional wall-time deadline (set by the browser at the fast pace): without
one, nothing is timed; with one, the search stops after the rollout that ends past it and the
choice rests on the determinisations every candidate was played on."""

from pyapp.park.bots import make_bot
from pyapp.park.bots.strong import StrongBot
from pyapp.park.game import apply, decision, legal_actions, new_game, observation, to_move


def position(kind: str, seed=6, players=2):
    state = new_game(players=players, seed=seed)
    bots = [make_bot("greedy", s) for s in range(players)]
    skip = 2
    while True:
        d = decision(state)
        if d["kind"] == kind:
            if skip == 0:
                return observation(state, d["player"]), d["player"]
            skip -= 1
        p = to_move(state)
        apply(state, bots[p].choose(observation(state, p)))


class Ticks:
    """A clock that moves one second each time it is read."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        self.now += 1.0
        return self.now


class Counting(StrongBot):
    """Counts the rollouts a decision plays."""

    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.rollouts = 0

    def _rollout(self, st, me, rng, end=None):
        self.rollouts += 1
        return (yield from super()._rollout(st, me, rng, end))


def test_no_deadline_no_clock_and_the_same_choices():
    for kind in ("place", "pick", "weather"):
        obs, _ = position(kind)
        clock = Ticks()
        timed = StrongBot(3, clock=clock)
        assert timed.choose(obs) == StrongBot(3).choose(obs)
        assert clock.now == 0.0  # without a deadline the clock is never read
        # a deadline never reached: the same choice as without one
        assert StrongBot(3, deadline_ms=10**9).choose(obs) == StrongBot(3).choose(obs)


def test_a_passed_deadline_stops_the_search_at_once():
    for kind in ("place", "pick"):
        obs, p = position(kind)
        full = Counting(3)
        full.choose(obs)
        assert full.rollouts > full.samples  # several candidates on every determinisation
        late = Counting(3, deadline_ms=500, clock=Ticks())  # past the deadline at once
        think = late.start(obs)
        units = 0
        while think.step(0) is None:
            units += 1
        assert units <= 2 and late.rollouts <= 1 < full.rollouts
        assert think.action in legal_actions(obs, p)


class LateFrom:
    """A clock at 0 until ``when()`` is true, then far past any deadline."""

    def __init__(self, when):
        self.when = when

    def __call__(self):
        return 1e9 if self.when() else 0.0


def test_only_complete_determinisations_count():
    for kind in ("place", "pick"):
        obs, p = position(kind)
        full = Counting(3)
        full.choose(obs)
        cands = full.rollouts // full.samples
        assert cands > 1
        # late during the first rollout of the second determinisation: it is left out
        bot = Counting(3, deadline_ms=1000)
        bot.clock = LateFrom(lambda b=bot, c=cands: b.rollouts > c)
        action = bot.choose(obs)
        assert bot.rollouts == cands + 1
        one = Counting(3, samples=1)
        assert action == one.choose(obs)  # the choice of a search of that one determinisation
        assert one.rollouts == cands
