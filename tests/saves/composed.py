"""The app's composition (``pyapp/ui/composition.py``) over fake storage, for the CPython tests of
the shell's features: ``composed(storage, platform)`` gives the box and each feature by name."""

from __future__ import annotations

from dataclasses import dataclass

from pyapp.ui.composition import compose


@dataclass
class Composed:
    box: object

    @property
    def shell(self):
        return self.box.shell

    @property
    def table(self):
        return self.box.table

    def __getattr__(self, name: str):  # saves, banner, rules, language, stats, learn, guide
        feature = self.box.shell.get(name)
        if feature is None:
            raise AttributeError(name)
        return feature


def composed(storage=None, platform=None, start=True, game=None, clock=None) -> Composed:
    """The box and its features as the page composes them; ``start``: the features started
    (the last game resumed, the language chosen); ``game``: that game's table shown first."""
    box = compose(storage, platform, clock=clock)
    if game is not None:
        box.switch(game)
    if start:
        box.shell.start(box.table)
    return Composed(box)


def view(table, body=lambda: None):
    """What is drawn under the header: the features' banners, then an overlay or ``body()``."""
    return table.shell.view(table, body)


class OneTable:
    """What the features use of the box (``table``, ``switch``, ``tables``), over one table: for
    tests that compose a shell of a few features around one game's table."""

    def __init__(self, table):
        self.table = table

    @property
    def tables(self) -> dict:
        return {self.table.game.id: self.table}

    def switch(self, game_id: str):
        assert game_id == self.table.game.id, game_id
        return self.table


def shell_with(make_table, *make_features):
    """A table made by ``make_table(shell)`` with a shell of the features ``make(tables)``
    gives, in that order; returns (table, features)."""
    from pyapp.ui.feature import Shell

    shell = Shell()
    table = make_table(shell)
    tables = OneTable(table)
    features = [make(tables) for make in make_features]
    shell.add(*features)
    return table, features


def record_changes(table) -> list[int]:
    """Add to ``table``'s shell a feature that records the log's length after every change;
    returns that list (it fills as the game goes)."""
    from pyapp.ui.feature import Feature

    class Changes(Feature):
        def __init__(self):
            self.seen: list[int] = []

        def after_change(self, t) -> None:
            self.seen.append(len(t.state["log"]))

    changes = Changes()
    table.shell.add(changes)
    return changes.seen
