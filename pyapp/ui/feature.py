"""The shell's feature protocol: what a feature of the app (saved games, the message banner, the
language, the rules, statistics, replay and hints, a game's own extras) may offer, and the
``Shell`` that asks each feature of one composition (``composition.py``), in its order.

The games speak ``core/protocol.py``; the shell's features speak this. A feature never patches
another object nor wraps another's view: it answers the shell's questions, each given the table
on screen (a ``table.TableController``), and needs the other features only through what the
composition hands it. Every method has a default that offers nothing, so a feature defines only
what it does:

* ``start(table)``: once, when the app starts, in the composition's order (the language is
  chosen, then the last game resumed);
* ``menu(table)``: header entries, ``(action, label key[, key of the label's language])``;
  ``switches``: those of its entries that only change a setting (the language, sound, hints):
  the shell gives such an input to its feature first, so that any screen drawn over the table
  stays open (every other header entry closes it);
* ``handle(action, data, table)``: one input from the page; None when it is not the feature's
  (the shell asks the next), else True/False (redraw or not). The first answer wins;
* ``overlay(table)``: a screen drawn instead of the game's (the saved games, the rules...); the
  first feature with one wins. ``overlay_open(table)`` says so without drawing, and ``close(table)``
  closes it: one overlay at a time, so when a feature's input opens its overlay the shell closes
  every other one;
* ``banner(table)``: a message drawn above the table (``role="alert"``);
* ``decorate(body, table)``: the game's own screen with what the feature adds inside it (the
  end screen's replay bar, the hint button); only when no overlay is drawn;
* ``holds_bots(table)``: while true the bots wait; by default while the feature's overlay is
  open (it hides the table: no move is played unseen);
* ``after_change(table)``: after every move, new game, resume, and a change of the game's
  session (hints used): the place to autosave, to count a finished game;
* ``switched(table)``: another game's table is now on screen;
* ``busy()`` and ``work(budget_ms)``: work done in slices between frames (an analysis, a hint
  being thought, the saved games checked ahead); ``work`` returns True while more remains, and
  the page redraws as it goes when the feature ``shows_work`` (the saved games' does not);
* ``storage_changed(key)``: another tab or window of the origin changed the storage (``key``;
  None: cleared); True when the screen must be redrawn;
* ``keeps_game(table)``: the feature keeps the game on the table itself (a game by link: its
  device's copy), so the saved games do not autosave it;
* ``export_extra(table)`` and ``imported(text)``: members a feature adds to an exported game
  file, and its look at an imported one; ``saved_game_actions(game_id, players)``: buttons it
  adds to a game of the saved-games list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .vdom import E


class Feature:
    """A feature of the shell: override what it offers (see the module's docstring)."""

    name = "feature"
    shows_work = True  # the page redraws while this feature works in slices
    switches: tuple[str, ...] = ()  # its header entries that only change a setting

    def start(self, table) -> None:
        """Once, when the app starts."""

    def menu(self, table) -> list[tuple[str, ...]]:
        return []

    def handle(self, action: str, data: dict, table) -> bool | None:
        return None

    def overlay(self, table) -> E | None:
        return None

    def overlay_open(self, table) -> bool:
        return False

    def close(self, table) -> None:
        """Close this feature's overlay (another one opened)."""

    def banner(self, table) -> E | None:
        return None

    def decorate(self, body: E, table) -> E:
        return body

    def holds_bots(self, table) -> bool:
        return self.overlay_open(table)

    def after_change(self, table) -> None:
        """After every move, new game, resume or change of the game's session."""

    def switched(self, table) -> None:
        """Another game's table is on screen."""

    def busy(self) -> bool:
        return False

    def work(self, budget_ms: float) -> bool:
        return False

    def storage_changed(self, key: str | None) -> bool:
        return False

    def keeps_game(self, table) -> bool:
        return False

    def export_extra(self, table) -> dict:
        return {}

    def imported(self, text: str) -> None:
        """An imported game file's text (after the game was imported)."""

    def saved_game_actions(self, game_id: str, players: str) -> list[E]:
        return []


class Overlay(Feature):
    """A feature that draws one screen over the table while ``open`` (the saved games, the
    rules, the statistics): ``screen(table)`` draws it."""

    open = False

    def screen(self, table) -> E:
        raise NotImplementedError

    def overlay_open(self, table) -> bool:
        return self.open

    def close(self, table=None) -> None:
        self.open = False

    def overlay(self, table) -> E | None:
        return self.screen(table) if self.open else None


class Shell:
    """The features of one composition, asked in its order."""

    def __init__(self, features: Iterable[Feature] = ()):
        self.features: list[Feature] = list(features)

    def add(self, *features: Feature) -> None:
        """The composition's features, in its order (``composition.compose``: the features
        need the box, whose tables are made with this shell)."""
        self.features += features

    def start(self, table) -> None:
        for f in self.features:
            f.start(table)

    def get(self, name: str) -> Feature | None:
        """The feature called ``name``, if the composition has one."""
        return next((f for f in self.features if f.name == name), None)

    def menu(self, table) -> list[tuple[str, ...]]:
        entries: list[tuple[str, ...]] = []
        for f in self.features:
            entries += f.menu(table)
        return entries

    def handle(self, action: str, data: dict, table) -> bool | None:
        owner = next((f for f in self.features if action in f.switches), None)
        if owner is not None:  # a setting switched: every overlay stays as it is
            return owner.handle(action, data, table)
        for f in self.features:
            answer = f.handle(action, data, table)
            if answer is None:
                continue
            if f.overlay_open(table):  # one overlay at a time: the one just opened
                for other in self.features:
                    if other is not f and other.overlay_open(table):
                        other.close(table)
            return answer
        return None

    def view(self, table, game_body: Callable[[], E]) -> list[E]:
        """What is drawn under the header: the features' banners, then the first overlay, else
        the game's screen as the features decorate it."""
        body = None
        for f in self.features:
            body = f.overlay(table)
            if body is not None:
                break
        if body is None:
            body = game_body()
            for f in self.features:
                body = f.decorate(body, table)
        banners = [b for f in self.features if (b := f.banner(table)) is not None]
        return [*banners, body]

    def holds_bots(self, table) -> bool:
        return any(f.holds_bots(table) for f in self.features)

    def after_change(self, table) -> None:
        for f in self.features:
            f.after_change(table)

    def switched(self, table) -> None:
        for f in self.features:
            f.switched(table)

    def busy(self) -> bool:
        return any(f.busy() for f in self.features)

    def work(self, budget_ms: float) -> bool:
        """A slice of each busy feature's work; True when one that ``shows_work`` worked."""
        shown = False
        for f in self.features:
            if f.busy():
                f.work(budget_ms)
                shown = shown or f.shows_work
        return shown

    def storage_changed(self, key: str | None) -> bool:
        redraw = False
        for f in self.features:
            redraw = f.storage_changed(key) or redraw
        return redraw

    def export_extra(self, table) -> dict:
        extra: dict = {}
        for f in self.features:
            extra.update(f.export_extra(table))
        return extra

    def imported(self, text: str) -> None:
        for f in self.features:
            f.imported(text)


async def run_work(
    shell: Shell,
    sleep,
    redraw: Callable[[], None],
    delay_s: float = 0.0,
    slice_ms: float = 12.0,
    gap_s: float = 0.01,
    redraw_every: int = 6,
) -> None:
    """Run the features' work in slices until none is busy: ``sleep`` (``asyncio.sleep``) lets
    the page answer input and draw before the first slice (``delay_s``) and between two slices
    (``gap_s``); the page is redrawn every ``redraw_every`` slices and at the end while a
    feature that ``shows_work`` worked."""
    shown = False
    slices = 0
    await sleep(delay_s)
    while shell.busy():
        shown = shell.work(slice_ms) or shown
        slices += 1
        if not shell.busy():
            break
        if shown and slices % redraw_every == 0:
            redraw()
        await sleep(gap_s)
    if shown:
        redraw()
