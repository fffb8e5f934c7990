"""The strong bot: plans a whole turn, weighing the next player's best reply.

At the first call of a turn the bot

1. walks the placements of the caps it can reach with quiet moves (breadth first, up to
   ``depth`` quiet moves and ``max_configs`` placements; a quiet move never moves a piece, so
   the board stays as it is and only the caps move);
2. lists, for every placement, each erupting move and its captures (read from the board: each
   landing square gets at most one piece), and, when its Power Play is unused, the same move with
   a piece of its collection put first on the landing square of an erupting piece of that size
   (so the piece is captured);
3. keeps the ``keep`` best of these by the gain of its own collection's value (``evaluate.py``;
   ties in an order drawn from the bot's generator) and, for each, plays it on a copy and finds
   the next player's best eruption after one quiet move at most;
4. takes the plan with the best gain minus ``reply_weight`` times that reply's gain, and keeps it:
   the next calls of the same turn answer from the plan (the quiet moves, the Power Play, then the
   eruption) as long as the log shows the plan followed.

The work is counted, never timed: the same seed and observation give the same plan on any
machine. ``start(observation)`` returns a ``Thinking`` that works in slices (a unit: one
placement of the caps, its own or the next player's); ``choose(observation)`` runs it to the end.
"""

from __future__ import annotations

from ...core.rng import Rng
from ...core.thinking import Thinking
from ..actions import Move, Pass, Power, parse
from ..board import direction_between
from ..game import MAX_QUIET, flow, flow_of_move, legal_actions, moved, steps
from .evaluate import INDEX, WIN, counts_of, gain, value


def _eruptions(board, caps: tuple, capset: set):
    """Every erupting move of a placement with its flow and the pieces it captures:
    ``(frm, to, flow, captured)``."""
    for _, frm, d, to, erupting in steps(board, caps, capset):
        if erupting:
            out, _ = flow_of_move(board, capset, frm, d, to)
            yield frm, to, out, [p for p, _, c in out if c]


def _quiet(board, caps: tuple, capset: set):
    """Every quiet move of a placement, with the placement it leads to."""
    for i, frm, _, to, erupting in steps(board, caps, capset):
        if not erupting:
            yield frm, to, moved(caps, i, to)


def best_reply(board, caps: tuple, counts: list[int], quiet: bool = True) -> float:
    """The best gain a collection can make with one eruption, after one quiet move at most."""
    work = reply_search(board, caps, counts, quiet)
    try:
        while True:
            next(work)
    except StopIteration as done:
        return done.value


def reply_search(board, caps: tuple, counts: list[int], quiet: bool = True):
    """``best_reply`` as a generator yielding after each placement of the caps (a unit of
    work for ``Thinking``); returns the gain."""
    base = value(counts)
    best = 0.0
    placements = [caps]
    if quiet:
        placements += [c for _, _, c in _quiet(board, caps, set(caps))]
    for pl in placements:
        yield
        capset = set(pl)
        for _, _, _, got in _eruptions(board, pl, capset):
            if got:
                g = gain(counts, base, got)
                if g > best:
                    best = g
                    if best >= WIN:
                        return best
    return best


class StrongBot:
    name = "strong"

    def __init__(self, seed=0, depth=2, max_configs=700, keep=24, reply_weight=0.9):
        self.seed = seed
        self.depth = depth
        self.max_configs = max_configs
        self.keep = keep
        self.reply_weight = reply_weight
        self._plan: tuple | None = None  # (log length at its start, texts, log, boards)
        self.score: float | None = None  # the last search's value of its plan (the judge's)

    # ------------------------------------------------------------------ the plan of a turn

    def _planned(self, view: dict):
        """The next action of the kept plan, if the game is the one planned for (same log
        before the plan, the plan followed so far, the board as the plan leaves it)."""
        if self._plan is None:
            return None
        start, texts, before, boards = self._plan
        log = view["log"]
        done = len(log) - start
        if not 0 <= done < len(texts) or view["turn"]["start"] > start:
            return None
        if [e[1] for e in log[start:]] != texts[:done] or _texts(log[:start]) != before:
            return None
        if any(e[0] != view["turn"]["player"] for e in log[start:]):
            return None
        if view["board"] != boards[done]:
            return None
        return parse(texts[done])

    def choose(self, view: dict):
        return self.start(view).run()

    def start(self, view: dict) -> Thinking:
        return Thinking(self._think(view))

    def _think(self, view: dict):
        planned = self._planned(view)
        if planned is not None:
            return planned
        texts = yield from self._search(view)
        # the board before each planned action: only the Power Play changes it
        boards, board = [], [st[:] for st in view["board"]]
        for text in texts:
            boards.append([st[:] for st in board])
            action = parse(text)
            if action.kind == "power":
                board[action.at].append(action.piece)
        self._plan = (len(view["log"]), texts, _texts(view["log"]), boards)
        return parse(texts[0])

    # ------------------------------------------------------------------ the search

    def _search(self, view: dict):
        rng = Rng.from_seed(f"{self.seed}/{len(view['log'])}")
        board = view["board"]
        me = view["turn"]["player"]
        n = view["options"]["players"]
        nxt = (me + 1) % n
        coll = view["collections"][me]
        counts = counts_of(coll)
        base = value(counts)
        opp_counts = counts_of(view["collections"][nxt])
        power_free = not view["turn"]["power"] and bool(coll)
        held = sorted(set(coll))
        depth = min(self.depth, MAX_QUIET - view["turn"]["quiet"])

        # 1-2. placements reachable with quiet moves, and their eruptions
        start = tuple(view["caps"])
        path = {start: ()}
        frontier = [start]
        cands = []  # (gain, tie, path, move, power)
        for level in range(depth + 1):
            nxt_frontier = []
            for caps in frontier:
                yield
                capset = set(caps)
                for frm, to, out, got in _eruptions(board, caps, capset):
                    g = gain(counts, base, got)
                    cands.append((g, rng.next(), caps, (frm, to), None))
                    if power_free:
                        for piece, t, c in out:
                            if c:
                                continue
                            for x in held:
                                if x[1] != piece[1]:
                                    continue
                                less = counts[:]
                                less[INDEX[x]] -= 1
                                g2 = value(_plus(less, got + [piece])) - base
                                if g2 > g:
                                    cands.append((g2, rng.next(), caps, (frm, to), (x, t)))
                if level < depth and len(path) < self.max_configs:
                    for frm, to, new in _quiet(board, caps, capset):
                        if new not in path and len(path) < self.max_configs:
                            path[new] = (*path[caps], (frm, to))
                            nxt_frontier.append(new)
            frontier = nxt_frontier

        if not cands:
            self.score = None  # no eruption in reach: no plan to value
            legal = legal_actions(view)
            quiet = [a for a in legal if isinstance(a, Move)]
            if quiet:
                return [str(rng.choice(quiet))]
            return [str(Pass if Pass in legal else legal[0])]

        # 3-4. the best few, weighed against the next player's best reply
        cands.sort(key=lambda c: (-c[0], c[1]))
        best, best_score = None, None
        for g, _, caps, (frm, to), power in cands[: self.keep]:
            if g >= WIN:
                best, best_score = (caps, (frm, to), power), g
                break
            after = [s[:] for s in board]
            if power is not None:
                after[power[1]].append(power[0])
            capset = (set(caps) - {frm}) | {to}
            d = direction_between(frm, to)
            out, stay = flow(after, capset, frm, d)
            for piece, t, c in out:
                if not c:
                    after[t].append(piece)
            del after[frm][stay:]
            reply = yield from reply_search(after, tuple(sorted(capset)), opp_counts)
            score = g - self.reply_weight * reply
            if best_score is None or score > best_score:
                best, best_score = (caps, (frm, to), power), score
        caps, (frm, to), power = best
        self.score = best_score
        texts = [str(Move(a, b)) for a, b in path[caps]]
        if power is not None:
            texts.append(str(Power(power[0], power[1])))
        texts.append(str(Move(frm, to)))
        return texts


def _texts(log) -> list[str]:
    return [e[1] if isinstance(e, list) else e for e in log]


def _plus(counts: list[int], pieces) -> list[int]:
    for p in pieces:
        counts[INDEX[p]] += 1
    return counts
