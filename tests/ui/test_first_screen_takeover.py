"""The build's first screen (tools/first_screen.py) is the app's own drawing as HTML, and
Python's takeover (pyapp/ui/takeover.py) replays the choices made on it (issue 25)."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest

from pyapp import games
from pyapp.ui import i18n, takeover
from pyapp.ui.composition import compose
from pyapp.ui.vdom import h
from tools import first_screen
from tools.first_screen import FirstScreenError, MemoryStorage, to_html


class Tree(HTMLParser):
    """Tags, attributes and text of an HTML text, as the browser's parser reads them."""

    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def parse(html: str) -> Tree:
    tree = Tree()
    tree.feed(html)
    return tree


def test_text_and_attributes_are_escaped_never_markup():
    name = '<img src=x onerror="alert(1)"> & "Léa"'
    html = to_html(h("p", {"title": name, "data-x": "a\"b'c"}, name))
    tree = parse(html)
    assert tree.tags == [("p", {"title": name, "data-x": "a\"b'c"})]
    assert "".join(tree.text) == name
    assert to_html(h("input", {"type": "text", "value": "x"})) == '<input type="text" value="x">'
    # inside SVG every element is closed (no HTML void rule there)
    assert to_html(h("svg", None, h("use", {"href": "#a"}))) == '<svg><use href="#a"></use></svg>'


@pytest.mark.parametrize(
    "bad",
    [h("script", None, "x"), h("div", None, h("style", None, "x")), h("p", {"onclick": "x"})],
)
def test_anything_that_could_run_fails_the_build(bad):
    with pytest.raises(FirstScreenError):
        to_html(bad)


def test_templates_are_the_apps_drawings_of_each_game_in_both_languages():
    found = first_screen.templates()
    ready = [e for e in games.ENTRIES if e.ready]
    assert i18n.language() == "en"  # the build leaves the language as it was
    for lang in first_screen.LANGUAGES:
        for entry in ready:
            setup = parse(found[f"{entry.id}/setup/{lang}"])
            keys = {a.get("data-key") for _, a in setup.tags}
            assert {"game-chooser", "setup-title", "start", "menu-more"} <= keys
            assert f"game-{entry.id}" in keys
            pressed = [a for t, a in setup.tags if a.get("aria-pressed") == "true"]
            assert [a["data-game"] for a in pressed] == [entry.id]
            rules = parse(found[f"{entry.id}/rules/{lang}"])
            assert any(a.get("class") == "rules-section" for _, a in rules.tags)
            assert {"rules-title", "rules-close"} <= {a.get("data-key") for _, a in rules.tags}
            # the same drawing the app makes on a first visit, in that language
            storage = MemoryStorage({"caldera-park/lang": lang})
            box = compose(storage, None, clock=lambda: first_screen.BUILD_DAY_MS)
            box.shell.start(box.table)
            box.switch(entry.id)
            nodes, _ = box.render()
            i18n.set_language("en")
            assert found[f"{entry.id}/setup/{lang}"] == "".join(to_html(n) for n in nodes)
            table = box.table
            for n in table.form.counts():
                seats = parse(found[f"{entry.id}/seats-{n}/{lang}"])
                assert sum(1 for t, _ in seats.tags if t == "li") == n
    # the French screens speak French
    assert "Nouvelle partie" in found["park/setup/fr"]
    assert "Nouvelle partie" not in found["park/setup/en"]
    assert "Joueur 1" in found["park/setup/fr"] and "Player 1" in found["park/setup/en"]


def test_markup_is_templates_by_name():
    html = first_screen.markup({"park/setup/en": "<p>x</p>"})
    assert html == '<template data-first="park/setup/en"><p>x</p></template>'


def _box():
    return compose(MemoryStorage(), None)


def test_replay_keeps_the_choices_and_starts_the_game():
    box = _box()
    box.shell.start(box.table)
    actions = [
        {"action": "game-choose", "game": "caledea"},
        {"action": "name", "seat": "1", "value": "Ana"},
        {"action": "game-choose", "game": "pyramids"},
        {"action": "seats", "value": "3"},
        {"action": "name", "seat": "0", "value": "Zoé"},
        {"action": "kind", "seat": "2", "value": "human"},
        {"action": "seed", "value": "first 25"},
        {"action": "game-choose", "game": "pyramids"},
        {"action": "start", "key": "start"},
    ]
    assert takeover.replay(box, json.dumps(actions)) == len(actions)
    assert box.game_id == "pyramids"
    state = box.table.state
    assert state is not None
    assert state["options"]["players"] == 3
    assert state["options"]["names"][0] == "Zoé"
    assert box.table.seats[2] == "human"
    assert box.tables["caledea"].form.names[1] == "Ana"
    assert box.tables["caledea"].state is None


def test_replay_without_a_start_leaves_the_focus_alone_and_opens_the_rules():
    box = _box()
    box.shell.start(box.table)
    actions = [{"action": "game-choose", "game": "pyramids"}, {"action": "rules"}]
    assert takeover.replay(box, json.dumps(actions)) == 2
    assert box.game_id == "pyramids" and box.table.state is None
    assert all(t.focus is None for t in box.tables.values())
    nodes, _ = box.render()
    assert any(n.find(**{"data-key": "rules-title"}) for n in nodes)


@pytest.mark.parametrize(
    "text",
    [None, "", "not json", "{}", '"start"', "[1, 2]", '[{"action": 3}]', "[" * 10],
)
def test_replay_ignores_what_is_not_a_list_of_actions(text):
    box = _box()
    box.shell.start(box.table)
    before = (box.game_id, box.table.state)
    assert takeover.replay(box, text) == 0
    assert (box.game_id, box.table.state) == before


def test_a_refused_action_is_skipped_and_the_others_kept():
    box = _box()
    box.shell.start(box.table)
    logged = []

    def broken(action, data):
        if action == "boom":
            raise RuntimeError("no")
        return original(action, data)

    original = box.handle
    box.handle = broken
    actions = [{"action": "boom"}, {"action": "game-choose", "game": "caledea", "n": 3}]
    assert takeover.replay(box, json.dumps(actions), logged.append) == 1
    assert box.game_id == "caledea"
    assert logged == ["takeover: boom: RuntimeError: no"]
    assert takeover.parse(json.dumps([{"action": "x"}] * 500)) == [{"action": "x"}] * 200
