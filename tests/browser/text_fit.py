"""Text fitting, measured in the page (issue 23): every visible piece of text is whole (not cut by
an ellipsis, a line clamp, a box that hides its overflow or the edge of the window, and not
spilling out of the box that holds it) and no word is broken across two lines.

``text_faults(page)`` returns one line per fault on the screen shown, e.g.
``broken "Joueur" in nav.park-tabs > button[data-key=tab-0] > span.tab-name: "Joueur 1"``
(the kind, the word, where, the text). The measurement:

- words: the text of each block (its text nodes in order, across inline elements such as
  ``<b>``) split at white space; a line may end inside a word only after a hyphen, a dash, a
  slash, a soft hyphen or a zero-width space, so each part between those is a unit. A unit
  whose boxes (``Range.getClientRects``) lie on more than one line is **broken**.
- **cut**: a unit that lies, even in part, outside the window sideways (the page never scrolls
  sideways); outside, sideways, the padding box of an ancestor that does not let its content
  overflow (hidden, clip, or a box that scrolls sideways: a row that hides the rest of its
  words is cut all the same); outside, up and down, the padding box of an ancestor that hides
  its overflow, up to the nearest one that scrolls up and down (what that hides can be
  scrolled to). An element showing an ellipsis (``text-overflow`` other than clip, with
  ``scrollWidth > clientWidth``) is cut. The value a ``select`` or a text field shows is
  measured with its font against the room inside it (a select keeps room for its arrow).
- **spills**: a unit that reaches beyond the padding box of a box that holds it, up to the
  nearest box laid out on its own (absolute or fixed): a word wider than its button or cell.
- SVG text (labels drawn on boards): cut when a box that clips it cuts across it; a label
  wholly outside is not drawn in that view (a board panned or zoomed) and never "broken".
- what a person does not see is left out: ``display: none``, ``visibility: hidden``,
  transparent, and the screen-reader-only pattern (``clip: rect(0 0 0 0)``, 1 px boxes).
"""

from __future__ import annotations

from pathlib import Path

# a function of ``root`` (a selector of what to check): the faults (its heading comment left out)
_SOURCE = Path(__file__).with_name("text_fit.js").read_text(encoding="utf-8")
TEXT_FAULTS = _SOURCE[_SOURCE.index("(root) =>") :]


def text_faults(page, root: str = "body") -> list[str]:
    """The text faults of the screen shown (see the module's docstring)."""
    return page.evaluate(TEXT_FAULTS, root)
