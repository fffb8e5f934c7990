"""Benchmark of drawing Caledea's table on CPython: the screens' render plus the JSON the page
reads (``vdom.to_json``), as ``App.redraw`` does before the page patches its DOM. Prints figures;
asserts nothing.

For the standard board (10 x 10) and the epic one (20 x 10), a seeded game of a person against
the greedy bot is played through the page's actions (``handle``) until the person has made
``--turns`` moves, then these redraws are timed, each ``--repeat`` times (median and max):

* idle: the same position drawn again (the person's turn, nothing chosen yet);
* choose units: a unit chosen (its destinations shown), then taken back, alternately;
* destination: a destination chosen (the path shown), then taken back;
* pan: the board panned one square (alternately right and down, round the whole torus);
* after a move: every redraw of a few whole moves (units, destination, confirm) and the bot's
  answers, as the page draws them (the drawings of squares whose state changed are new).

Times are processor times (``time.process_time``), so other programs on the machine change them
little; Pyodide in a browser is slower than CPython by a factor (``tools/bench_ui.py`` measures
there). ``--against REV`` first runs the same measures on the ``pyapp`` of git revision REV
(``git archive``), so "before" and "after" come from the same run.

Run ``python tools/bench_caledea_render.py [--turns 8] [--repeat 30] [--against main]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _import_code(code: Path):
    sys.path.insert(0, str(code))
    global Thinking
    from pyapp.core.thinking import Thinking
    from pyapp.ui.caledea import make_table, render
    from pyapp.ui.vdom import to_json

    return make_table, render, to_json


class Bench:
    def __init__(self, code: Path, epic: bool, seed: str):
        self.make_table, self.render, self.to_json = _import_code(code)
        c = self.make_table(seed_source=lambda: 99)
        for action, data in (
            ("seats", {"value": "2"}),
            ("kind", {"seat": "0", "value": "human"}),
            ("kind", {"seat": "1", "value": "greedy"}),
        ):
            c.handle(action, data)
        if epic:
            c.handle("epic", {"value": "1"})
        c.handle("seed", {"value": seed})
        c.handle("start", {})
        self.c = c
        self.rng = random.Random(seed)
        self.drawn: list[float] = []  # every redraw's time (ms)

    # ----- the page's view of the table
    def draw(self) -> str:
        t = time.process_time()
        nodes, _ = self.render(self.c)
        text = self.to_json(nodes)
        self.drawn.append((time.process_time() - t) * 1000)
        return text

    def offered(self, action: str, cls: str | None = None) -> list:
        """The enabled elements acting with ``action`` (of class ``cls``) now drawn."""

        def enabled(e) -> bool:
            a = e.attrs
            return (
                a.get("aria-disabled") != "true"
                and "disabled" not in a
                and (cls is None or cls in e.classes())
            )

        nodes, _ = self.render(self.c)
        return [e for n in nodes for e in n.find_all(enabled, data_action=action)]

    def click(self, e) -> None:
        data = {k[5:]: v for k, v in e.attrs.items() if k.startswith("data-")}
        data.pop("action", None)
        self.c.handle(e.attrs["data-action"], data)

    def bots(self) -> None:
        c = self.c
        while (p := c.bot_to_move()) is not None:
            thinking = Thinking(c.bot_think(p))
            thinking.run()
            c.bot_play(p, thinking.action)
            self.draw()

    def ready(self) -> bool:
        """Bots played, the handover passed: the person's turn, or False at the end."""
        self.bots()
        if self.c.screen == "handover":
            self.click(self.offered("ready")[0])
        return self.c.decision() is not None and self.c.human_to_move() is not None

    def move(self) -> None:
        """One decision of the person, drawn after each click as the page does."""
        kind = self.c.decision()["kind"]
        if kind == "capital":
            self.click(self.rng.choice(self.offered("square")))
            self.draw()
            self.click(self.offered("confirm")[0])
        elif kind == "turn":
            sources = self.offered("square", "legal-source")
            if not sources:
                self.click(self.offered("end-turn")[0])
            else:
                self.click(self.rng.choice(sources))
                self.draw()
                dests = self.offered("square", "legal-dest")
                if not dests:
                    self.click(self.offered("end-turn")[0])
                else:
                    self.click(self.rng.choice(dests))
                    self.draw()
                    self.click(self.offered("confirm")[0])
        else:
            self.click(self.rng.choice(self.offered("choose")))
        self.draw()


def timed(fn) -> float:
    t = time.process_time()
    fn()
    return (time.process_time() - t) * 1000


def both_ways(b: Bench, do, undo, repeat: int) -> list[float]:
    """The redraw after ``do``, ``repeat`` times (``undo`` and its redraw between)."""
    out = []
    for _ in range(repeat):
        do()
        out.append(timed(b.draw))
        undo()
        b.draw()
    return out


def measure(code: Path, epic: bool, turns: int, repeat: int, seed: str) -> dict:
    b = Bench(code, epic, seed)
    made = 0
    while True:
        if not b.ready():
            raise SystemExit("the game ended before the position to measure; try fewer --turns")
        choosing = b.c.decision()["kind"] == "turn" and b.offered("square", "legal-source")
        if choosing and made >= turns:
            break  # the person's turn, units to choose: the position measured
        made += bool(choosing)
        b.move()
    out: dict = {"units": len(b.c.state["units"])}
    b.draw()
    out["idle"] = [timed(b.draw) for _ in range(repeat)]
    src = b.offered("square", "legal-source")[0]
    out["choose units"] = both_ways(b, lambda: b.click(src), lambda: b.click(src), repeat)
    b.click(src)
    b.draw()
    dests = b.offered("square", "legal-dest")
    if dests:
        pick = iter(dests * repeat)
        # a destination chosen, then taken back (Escape)
        undo = lambda: b.c.handle("undo", {})  # noqa: E731
        out["destination"] = both_ways(b, lambda: b.click(next(pick)), undo, repeat)
    b.c.handle("undo", {})  # the units taken back
    pans = []
    for i in range(repeat):
        b.c.handle("pan", {"dx": "1", "dy": "0"} if i % 2 else {"dx": "0", "dy": "1"})
        pans.append(timed(b.draw))
    out["pan"] = pans
    b.c.handle("pan", {"value": "home"})
    b.draw()
    b.drawn = []
    for _ in range(max(3, repeat // 5)):
        if not b.ready():
            break
        b.move()
        b.bots()
    out["after a move"] = b.drawn
    out["json kB"] = len(b.draw().encode()) / 1000
    return out


def run_self(code: Path, args) -> dict:
    results = {}
    for epic in (False, True):
        results["epic" if epic else "standard"] = measure(
            code, epic, args.turns, args.repeat, args.seed
        )
    return results


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def report(title: str, results: dict) -> None:
    print(title)
    print("  redraw (ms, render + JSON)   standard med / max     epic med / max    epic/std")
    std, epic = results["standard"], results["epic"]
    for what in ("idle", "choose units", "destination", "pan", "after a move"):
        if what not in std or what not in epic or not std[what] or not epic[what]:
            continue
        s, e = statistics.median(std[what]), statistics.median(epic[what])
        note = f"  ({len(epic[what])} redraws)" if what == "after a move" else ""
        print(
            f"  {what:<26} {s:8.2f} / {max(std[what]):6.2f}   {e:8.2f} / {max(epic[what]):6.2f}"
            f"   {e / s if s else 0:6.2f}{note}"
        )
    print(
        f"  JSON sent to the page: standard {std['json kB']:.0f} kB, epic {epic['json kB']:.0f} kB;"
        f" units on the boards: {std['units']}, {epic['units']}"
    )


def export_pyapp(rev: str, into: Path) -> None:
    data = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "pyapp"], check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--turns", type=int, default=8, help="the person's moves before measuring")
    ap.add_argument("--repeat", type=int, default=30)
    ap.add_argument("--seed", default="7")
    ap.add_argument("--against", metavar="REV", help="also measure the pyapp of git revision REV")
    ap.add_argument("--code", help=argparse.SUPPRESS)  # internal: measure this copy of pyapp
    ap.add_argument("--pickle", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    if args.code:  # a child run on another revision's pyapp: hand the figures back
        import pickle

        Path(args.pickle).write_bytes(pickle.dumps(run_self(Path(args.code), args)))
        return 0
    print(
        f"Caledea board redraw on CPython {sys.version.split()[0]}, processor time; "
        f"{args.repeat} redraws each after {args.turns} moves of the person (seed {args.seed}); "
        f"machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    if args.against:
        import pickle

        with tempfile.TemporaryDirectory() as tmp:
            export_pyapp(args.against, Path(tmp))
            out = Path(tmp) / "figures.pickle"
            cmd = [sys.executable, __file__, "--code", tmp, "--pickle", str(out)]
            cmd += ["--turns", str(args.turns), "--repeat", str(args.repeat)]
            subprocess.run([*cmd, "--seed", args.seed], check=True, cwd=tmp)
            before = pickle.loads(out.read_bytes())
        report(f"before: {args.against}", before)
    report("this checkout" if not args.against else "after: this checkout", run_self(ROOT, args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
