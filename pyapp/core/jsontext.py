"""JSON text from outside the program (imported files, stored entries, links), read with bounds.

Python's JSON parser descends once per level of nesting. CPython stops a file nested 100,000
deep with a ``RecursionError``, but in the browser the same descent overflows the WebAssembly
stack first, a fatal error that leaves the Python runtime dead. So the nesting of untrusted text
is measured before it is parsed, with no recursion, and anything deeper than ``MAX_DEPTH`` (far
more than any file of the app holds: a save is at most about 6 levels deep) is refused as
``TooDeep``.
"""

from __future__ import annotations

import json
import re

MAX_DEPTH = 32
# a JSON string (its escapes whole) or one bracket: brackets inside strings do not count
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')


class TooDeep(ValueError):
    """The text nests arrays and objects deeper than ``MAX_DEPTH``; it was not parsed."""


def depth(text: str, limit: int | None = None) -> int:
    """How deep ``text`` nests its arrays and objects (brackets inside strings do not count);
    with ``limit``, counting stops as soon as the depth exceeds it."""
    level = deepest = 0
    for m in _TOKEN.finditer(text):
        c = m.group()
        if c in "[{":
            level += 1
            if level > deepest:
                deepest = level
                if limit is not None and deepest > limit:
                    break
        elif c in "]}":
            level -= 1
    return deepest


def check_depth(text: str, max_depth: int = MAX_DEPTH) -> None:
    """``TooDeep`` when ``text`` nests deeper than ``max_depth``."""
    if text.count("[") + text.count("{") <= max_depth:
        return  # it cannot nest deeper than it has brackets (most saves: no scan at all)
    if depth(text, max_depth) > max_depth:
        raise TooDeep(f"the JSON text nests deeper than {max_depth} levels")


def loads(text: str, max_depth: int = MAX_DEPTH):
    """``json.loads`` of untrusted text, refusing (``TooDeep``, a ``ValueError``) nesting deeper
    than ``max_depth`` before parsing."""
    check_depth(text, max_depth)
    return json.loads(text)


def raw_decode(decoder: json.JSONDecoder, text: str, at: int, max_depth: int = MAX_DEPTH):
    """``decoder.raw_decode(text, at)`` with the same bound, over the whole of ``text``."""
    check_depth(text, max_depth)
    return decoder.raw_decode(text, at)
