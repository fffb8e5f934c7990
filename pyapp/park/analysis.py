"""Analysis of a finished (or running) Caldera Park game: for each decision of each person, the
strong bot's choice and the estimated difference in final points.

For every action of the log whose player is analysed (``players``; default everyone) and that
was a real choice (more than one legal action; a face-down reveal is chance, not a choice):

1. the strong bot decides from that player's observation of the state before the action (the
   same bot as at the table, seeded by the analysis, so its answer is reproducible);
2. when its choice differs from the action played, both are estimated on the same ``samples``
   determinised worlds (hidden parts drawn consistently with what the player saw) with the
   strong bot's own playouts (``horizon`` turns of its fast policy, then its estimate of the
   final points, ``bots/evaluate.py``); ``difference`` = bot's choice minus the move played,
   rounded to a tenth of a point.

Everything is counted, never timed: the same record gives the same findings on any machine.
``Analysis.start()`` gives a ``core.thinking.Thinking`` (work in slices, for a page that must
never freeze); ``progress`` says how far it is; ``misses()`` lists the findings biggest first.
"""

from __future__ import annotations

from ..core.replay import Replay
from ..core.rng import Rng
from ..core.thinking import Thinking
from .bots.strong import StrongBot, determinise
from .game import apply, copy_state
from .protocol import GAME

SAMPLES = 4


class Analysis:
    def __init__(self, options: dict, log, players=None, samples: int = SAMPLES, seed="analysis"):
        self.replay = Replay(GAME, options, log)
        self.players = set(range(self.replay.state_at(0)["options"]["players"]))
        if players is not None:
            self.players = set(players) & self.players
        self.samples = samples
        self.seed = seed
        self.todo = [
            k
            for k in range(1, self.replay.length + 1)
            if self.replay.player_of(k) in self.players and self._is_choice(k)
        ]
        self.findings: list[dict] = []
        self.thinking: Thinking | None = None

    @classmethod
    def of_state(cls, state: dict, **kw) -> Analysis:
        return cls(state["options"], state["log"], **kw)

    def _is_choice(self, k: int) -> bool:
        state = self.replay.state_at(k - 1)
        d = GAME.decision(state)
        return d["kind"] != "reveal" and len(GAME.legal_actions(state)) > 1

    # ------------------------------------------------------------------ running

    @property
    def total(self) -> int:
        return len(self.todo)

    @property
    def done(self) -> int:
        return len(self.findings)

    @property
    def finished(self) -> bool:
        return self.done == self.total

    def start(self) -> Thinking:
        if self.thinking is None:
            self.thinking = Thinking(self._work())
        return self.thinking

    def run(self) -> list[dict]:
        self.start().run()
        return self.findings

    def _work(self):
        for k in self.todo[self.done :]:
            finding = yield from self._decision(k)
            self.findings.append(finding)
            yield
        return self.findings

    def _decision(self, k: int):
        """The finding of action ``k`` (1-based), as a generator yielding between units."""
        before = self.replay.state_at(k - 1)
        p = self.replay.player_of(k)
        obs = GAME.observation(before, p)
        played = GAME.parse_action(self.replay.texts[k - 1])
        bot = StrongBot(seed=f"{self.seed}/{p}")
        thinking = bot.start(obs)
        while not thinking.done:
            thinking.step(0)
            yield
        suggested = thinking.action
        ctx = before["ctx"]
        finding = {
            "action": k,
            "player": p,
            "name": before["G"]["players"][p]["name"],
            "round": ctx["round"],
            "turn": ctx["turn"],
            "kind": played.kind,
            "played": str(played),
            "suggested": str(suggested),
            "difference": 0.0,
        }
        if suggested == played:
            return finding
        rng = Rng.from_seed(f"{self.seed}/estimate/{k}")
        totals = [0.0, 0.0]
        for _ in range(self.samples):
            world = determinise(obs, rng)
            seed = rng.next()
            for c, a in enumerate((played, suggested)):
                st = copy_state(world)
                apply(st, a)
                totals[c] += yield from bot._rollout(st, p, Rng(seed))
        finding["played_estimate"] = round(totals[0] / self.samples, 1)
        finding["suggested_estimate"] = round(totals[1] / self.samples, 1)
        finding["difference"] = round((totals[1] - totals[0]) / self.samples, 1)
        return finding

    # ------------------------------------------------------------------ reading

    def misses(self, at_least: float = 0.5) -> list[dict]:
        """The findings where the bot's choice was estimated at least ``at_least`` points
        better, biggest first (ties: earliest first)."""
        found = [f for f in self.findings if f["difference"] >= at_least]
        return sorted(found, key=lambda f: (-f["difference"], f["action"]))
