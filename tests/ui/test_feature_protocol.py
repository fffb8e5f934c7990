"""The shell speaks to its features through one protocol (``pyapp/ui/feature.py``), listed in one
composition (``pyapp/ui/composition.py``), and no module hooks into another object (issue 22):
checked on the source itself, and on the composed app."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

from storage_fakes import FakeStorage

import pyapp
import pyapp.ui
from pyapp import games
from pyapp.ui.composition import compose
from pyapp.ui.feature import Feature, Shell

ROOT = Path(pyapp.__file__).resolve().parent
UI = ROOT / "ui"
GAME_PACKAGES = {UI / e.id for e in games.ENTRIES}
PAGE_ONLY = ("pyapp.ui.app", "pyapp.ui.main", "pyapp.ui.webstore")  # need the page (``js``)


def sources(root: Path):
    for path in sorted(root.rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def is_self(node) -> bool:
    return isinstance(node, ast.Name) and node.id in ("self", "cls")


def hooks_in(tree) -> list[str]:
    """Places that hook into another object: ``other.x = lambda/self.method``,
    ``other.x.append(lambda/self.method)``, ``setattr(...)``."""
    methods = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}

    def is_hook(value) -> bool:
        """A callable handed over: a lambda, or a method of ``self``."""
        return isinstance(value, ast.Lambda) or (
            isinstance(value, ast.Attribute) and is_self(value.value) and value.attr in methods
        )

    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                attr = isinstance(target, ast.Attribute) and not is_self(target.value)
                if attr and is_hook(node.value):
                    found.append(f"line {node.lineno}: .{target.attr} = a callable")
        if isinstance(node, ast.Call):
            fn = node.func
            if isinstance(fn, ast.Name) and fn.id == "setattr":
                found.append(f"line {node.lineno}: setattr")
            if (
                isinstance(fn, ast.Attribute)
                and fn.attr in ("append", "insert", "extend")
                and isinstance(fn.value, ast.Attribute)
                and not is_self(fn.value.value)
                and any(is_hook(a) for a in node.args)
            ):
                found.append(f"line {node.lineno}: .{fn.value.attr}.{fn.attr}(a callable)")
    return found


def test_no_module_of_pyapp_hooks_into_another_object():
    bad = {}
    for path, tree in sources(ROOT):
        found = hooks_in(tree)
        if found:
            bad[str(path.relative_to(ROOT))] = found
    assert bad == {}
    words = ("wrap_view", "menu_handlers", "on_switch", ".kick =", "on_change.append")
    for path, _ in sources(ROOT):
        text = path.read_text(encoding="utf-8")
        assert not [w for w in words if w in text], path


def test_the_checker_finds_hooks():
    caught = hooks_in(
        ast.parse(
            "table.wrap_view = lambda r: r()\n"
            "learn.kick = self.kick\n"
            "self.form.names = self.names\n"
            "table.on_change.append(self.autosave)\n"
            "setattr(p, 'c', table)\n"
            "self.ok = lambda: 1\n"
            "table.focus = 'x'\n"
            "def kick(self): pass\n"
            "def autosave(self): pass\n"
        )
    )
    assert len(caught) == 4


def feature_classes() -> set[type]:
    found = set()
    for info in pkgutil.walk_packages(pyapp.ui.__path__, "pyapp.ui."):
        if info.name in PAGE_ONLY:
            continue
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            base = info.name == "pyapp.ui.feature"  # the protocol and its bases
            if issubclass(cls, Feature) and not base and cls.__module__ == info.name:
                found.add(cls)
    # a base that games' features share (``guided.SideGuide``) is not itself a feature
    return {cls for cls in found if not any(o is not cls and issubclass(o, cls) for o in found)}


def test_every_feature_of_the_app_is_in_the_one_composition_in_its_order():
    box = compose(FakeStorage())
    composed = [type(f) for f in box.shell.features]
    assert set(composed) == feature_classes()
    names = [f.name for f in box.shell.features]
    assert names == [
        "banner",
        "saves",
        "rules",
        "language",
        "stats",
        "guide",
        "pyramids-guide",
        "caledea-guide",
        "learn",
        "link",
        "sound",
    ]
    # every table of the box is made with that one shell
    for e in games.ENTRIES:
        if e.ready:
            assert box.switch(e.id).shell is box.shell


def test_the_shell_modules_name_no_game():
    """Nothing in pyapp/ui outside a game's own package knows a game's name: no literal of a
    game's code or record name, no import of a game's package."""
    names = {e.id for e in games.ENTRIES} | {e.record_id for e in games.ENTRIES}
    packages = tuple(f"pyapp.{e.id}" for e in games.ENTRIES) + tuple(
        f"pyapp.ui.{e.id}" for e in games.ENTRIES
    )
    bad = []
    for path, tree in sources(UI):
        if any(package in path.parents for package in GAME_PACKAGES):
            continue
        docstrings = {
            id(n.body[0].value)
            for n in ast.walk(tree)
            if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef)
            and n.body
            and isinstance(n.body[0], ast.Expr)
            and isinstance(n.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and node.value in names
                and id(node) not in docstrings
            ):
                bad.append(f"{path.name}:{node.lineno} {node.value!r}")
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                relative = node.level and module.split(".")[0] in {e.id for e in games.ENTRIES}
                if module.startswith(packages) or relative:
                    bad.append(f"{path.name}:{node.lineno} imports {module}")
    assert bad == []


def test_one_overlay_at_a_time_and_the_first_answer_wins():
    class Panel(Feature):
        def __init__(self, name, action):
            self.name, self.action, self.open = name, action, False

        def handle(self, action, data, table):
            if action == self.action:
                self.open = True
                return True
            return None

        def overlay_open(self, table):
            return self.open

        def close(self, table):
            self.open = False

        def overlay(self, table):
            return f"{self.name} screen" if self.open else None

    a, b = Panel("a", "open-a"), Panel("b", "open-b")
    shell = Shell([a, b])
    assert shell.handle("open-a", {}, None) is True and a.open
    assert shell.view(None, lambda: "game") == ["a screen"]
    assert shell.handle("open-b", {}, None) is True and b.open and not a.open
    assert shell.view(None, lambda: "game") == ["b screen"]
    assert shell.handle("other", {}, None) is None


def test_every_header_switch_keeps_every_overlay_open_and_other_entries_close_it():
    """A switch (``Feature.switches``: language, sound, hints) goes to its own feature first, so
    the rules, the saved games, the statistics and a replay stay open and the setting changes;
    another header entry closes the screen."""
    from pyapp.ui import i18n

    box = compose(FakeStorage())
    table = box.switch(games.ENTRIES[0].id)
    table.start_game(table.game.normalise_options({"players": 2, "seed": 3}), ["human", "human"])
    switches = [(f, s) for f in box.shell.features for s in f.switches]
    assert {s for _, s in switches} >= {"lang", "sound", "learn-hints"}
    entries = {m[0] for m in table.menu}
    assert {s for _, s in switches} <= entries  # each switch is a header entry
    openers = {"rules": "rules", "saves": "saves", "stats": "stats", "learn-replay": "learn"}
    for opener, name in openers.items():
        feature = box.shell.get(name)
        assert box.shell.handle(opener, {}, table) and feature.overlay_open(table), opener
        for owner, switch in switches:
            before = (i18n.language(), getattr(owner, "muted", None), getattr(owner, "hints", None))
            assert box.shell.handle(switch, {}, table) is True
            after = (i18n.language(), getattr(owner, "muted", None), getattr(owner, "hints", None))
            assert after != before, switch  # the setting changed
            assert feature.overlay_open(table), (opener, switch)
        others = sorted(entries - {s for _, s in switches} - {opener})
        box.shell.handle(others[0] if opener != others[0] else others[1], {}, table)
        assert not feature.overlay_open(table), opener
        box.shell.handle("menu-new", {}, table)  # nothing open now, whatever the entry opened
        for f in box.shell.features:
            f.close(table)
    i18n.set_language("en")
