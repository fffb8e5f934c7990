"""One judge for every game of the box: the hint of a decision and its analysis come from here.

The judge of a decision is ONE function of the decision's position: the game's strong bot, with
its usual budget, thinking from the deciding player's observation with a seed derived from the
position itself (``position_seed``: a SHA-256 of the game's id, the options' seed and the
canonical JSON of the observation). Never the clock, never a call count: the same position gets
the same suggestion in the page (the hint), in the analysis and on the command line.

* ``start_suggestion(game, options, obs)`` gives a ``Thinking`` (work in slices) whose action is
  the suggestion; ``suggest(game, state, player)`` runs it to the end.
* ``Analysis(game, options, log, players=None)`` takes every real decision of the chosen players
  (more than one legal action, not a chance reveal), asks the judge for its suggestion and, when
  the move played differs, estimates both with the game's own evaluation (its hook
  ``pyapp.<game>.bots.judge.estimate``: Caldera Park's determinised rollouts, Caldera's turn
  search with the next player's best reply, Caledea's expectation over the battles' odds). The
  finding's ``difference`` is the suggestion's estimate minus the played move's, never negative:
  a played move the estimate finds at least as good gets 0 (``raw_difference`` keeps the signed
  figure), and ``error`` is its uncertainty from the evaluation's spread (the standard error of
  the paired rollouts, or the spread of the battles' outcomes; 0 where the evaluation is exact).
  Playing the suggestion is always ``"verdict": "suggestion"`` with difference 0.

Everything is counted, never timed: the same record gives the same findings on any machine.
"""

from __future__ import annotations

import hashlib
import importlib

from . import chance
from .protocol import to_json
from .replay import Replay
from .thinking import Thinking

JUDGE_BOT = "strong"


def position_seed(game, options: dict, obs: dict) -> str:
    """The judge's seed of a position: the same position of the same game, the same seed."""
    seed = options.get("seed") if isinstance(options, dict) else None
    text = "\n".join((game.id, to_json(seed), to_json(obs)))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def hook(game):
    """The game's judge module (``pyapp.<game>.bots.judge``)."""
    return importlib.import_module(f"pyapp.{game.id}.bots.judge")


def start_suggestion(game, options: dict, obs: dict) -> Thinking:
    """The judge's thinking on a position (the deciding player's observation ``obs``). A game
    whose turn is several actions may answer from the plan its judge made at the turn's start
    (its hook's ``start(obs, seed_of)``: still a function of the position, whose log says how
    the turn began), so that following a whole hinted turn is the suggestion at every step."""
    h = hook(game)
    own = getattr(h, "start", None)
    if own is not None:
        return own(obs, lambda o: position_seed(game, options, o))
    return h.make_judge(position_seed(game, options, obs)).start(obs)


def turn_plan(game, options: dict, obs: dict) -> list[str]:
    """The judge's whole decision from a position, as action texts: the rest of the turn it
    plans where its game has one (Caldera: quiet moves, Power Play, eruption), else the one
    suggestion. Each text is the judge's suggestion at the position it is played from."""
    h = hook(game)
    plan = getattr(h, "plan", None)
    if plan is not None:
        return plan(obs, lambda o: position_seed(game, options, o))
    return [str(suggestion(game, options, obs))]


def start_plan(game, options: dict, obs: dict) -> Thinking:
    """``turn_plan`` in slices (for a hint at the table): a ``Thinking`` whose action is the
    list of action texts, the first of them the judge's suggestion."""
    h = hook(game)
    own = getattr(h, "think_plan", None)
    if own is not None:
        return Thinking(own(obs, lambda o: position_seed(game, options, o)))

    def one():
        thinking = start_suggestion(game, options, obs)
        while not thinking.done:
            thinking.step(0)
            yield
        return [str(thinking.action)]

    return Thinking(one())


def suggestion(game, options: dict, obs: dict):
    return start_suggestion(game, options, obs).run()


def suggest(game, state: dict, player: int | None = None):
    """The judge's suggestion for ``player`` (default: whoever decides) in a full state."""
    p = game.to_move(state) if player is None else player
    return suggestion(game, state["options"], game.observation(state, p))


def is_choice(game, state: dict) -> bool:
    d = game.decision(state)
    return d is not None and d.get("kind") != "reveal" and len(game.legal_actions(state)) > 1


class Analysis:
    def __init__(self, game, options: dict, log, players=None, reseeds=None):
        self.game = game
        self.replay = Replay(game, options, log, reseeds=reseeds)  # migrated as the import does
        self.options = options
        n = self.replay.state_at(0)["options"]["players"]
        self.players = set(range(n))
        if players is not None:
            self.players = set(players) & self.players
        self.todo = [
            k
            for k in range(1, self.replay.length + 1)
            if self.replay.player_of(k) in self.players
            and is_choice(game, self.replay.state_at(k - 1))
        ]
        self.findings: list[dict] = []
        self.thinking: Thinking | None = None

    @classmethod
    def of_state(cls, game, state: dict, **kw) -> Analysis:
        return cls(game, state["options"], state["log"], reseeds=state.get(chance.KEY), **kw)

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
        game = self.game
        before = self.replay.state_at(k - 1)
        p = self.replay.player_of(k)
        obs = game.observation(before, p)
        played = game.parse_action(self.replay.texts[k - 1])
        thinking = start_suggestion(game, before["options"], obs)
        while not thinking.done:
            thinking.step(0)
            yield
        suggested = thinking.action
        names = before["options"].get("names") or []
        finding = {
            "action": k,
            "player": p,
            "name": names[p] if p < len(names) else f"Player {p + 1}",
            **self.replay.stage_of(k - 1),
            "kind": getattr(played, "kind", ""),
            "played": str(played),
            "suggested": str(suggested),
            "verdict": "suggestion",
            "difference": 0.0,
            "error": 0.0,
        }
        if str(suggested) == str(played):
            return finding
        seed = position_seed(game, before["options"], obs)
        est = yield from hook(game).estimate(obs, p, played, suggested, seed)
        raw = est["suggested"] - est["played"]
        finding.update(
            {
                "played_estimate": round(est["played"], 1),
                "suggested_estimate": round(est["suggested"], 1),
                "raw_difference": round(raw, 1),
                "difference": round(max(0.0, raw), 1),
                "error": round(est["error"], 1),
                "verdict": "miss" if raw > 0 else "as_good",
            }
        )
        for key in ("odds_played", "odds_suggested"):
            if key in est:
                finding[key] = est[key]
        return finding

    # ------------------------------------------------------------------ reading

    def misses(self, at_least: float = 0.5) -> list[dict]:
        """The findings where the suggestion was estimated at least ``at_least`` points
        better, biggest first (ties: earliest first)."""
        found = [f for f in self.findings if f["difference"] >= at_least]
        return sorted(found, key=lambda f: (-f["difference"], f["action"]))


def paired_estimate(pairs) -> dict:
    """Means of paired samples ``[(played, suggested), ...]`` (the same luck for both) and the
    standard error of their mean difference (0 for a single sample: nothing to spread)."""
    n = len(pairs)
    mp = sum(a for a, _ in pairs) / n
    ms = sum(b for _, b in pairs) / n
    diffs = [b - a for a, b in pairs]
    md = sum(diffs) / n
    if n > 1:
        var = sum((d - md) ** 2 for d in diffs) / (n - 1)
        error = (var / n) ** 0.5
    else:
        error = 0.0
    return {"played": mp, "suggested": ms, "error": error}
