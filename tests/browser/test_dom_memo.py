"""static/js/game-dom.js in Chromium: an element whose ``data-memo`` is the one it already has
keeps its children (they are not walked: a kept drawing, ``vdom.frozen``), its own attributes
still patched; a new ``data-memo``, or none, patches its children as before."""

from __future__ import annotations

import json

from sitetest import ROOT, PageLog

from pyapp.ui.vdom import MEMO, h, to_json

SCRIPT = ROOT / "static" / "js" / "game-dom.js"


def tree(memo: str | None, cls: str, text: str) -> str:
    return to_json(
        h("div", {"data-key": "box"}, h("p", {"class": cls, MEMO: memo, "data-key": "p"}, text))
    )


def test_children_of_an_unchanged_memo_are_kept_and_a_new_memo_patches_them(context):
    log = PageLog()
    page = context.new_page()
    log.watch_page(page)
    page.set_content("<main id=app></main>")
    page.add_script_tag(path=str(SCRIPT))

    def render(json_text: str) -> None:
        page.evaluate("j => CalderaDom.render(document.getElementById('app'), j)", json_text)

    def shown() -> list:
        return page.evaluate(
            "() => { const p = document.querySelector('#app p');"
            " return [p.className, p.textContent, p.getAttribute('data-memo')]; }"
        )

    render(tree("s1", "a", "first"))
    assert shown() == ["a", "first", "s1"]
    # the same memo: the children are taken as they are (a stand-in text shows they were not
    # walked), the element's own attributes are patched
    render(tree("s1", "b", "not walked"))
    assert shown() == ["b", "first", "s1"]
    # a new memo: the children are patched
    render(tree("s2", "b", "second"))
    assert shown() == ["b", "second", "s2"]
    # no memo: always patched
    render(tree(None, "c", "third"))
    assert shown() == ["c", "third", None]
    render(tree(None, "c", "fourth"))
    assert shown() == ["c", "fourth", None]
    # an element made anew with a memo gets its children
    render(json.dumps([["section", {}, "gone"]]))
    render(tree("s2", "d", "made"))
    assert shown() == ["d", "made", "s2"]
    assert not log.console_errors and not log.page_errors
