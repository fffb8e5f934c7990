"""The shape every game's actions share, so that each game's ``actions`` module keeps only its
own grammar (see ``protocol.py``: an action is a small frozen value with ``kind`` whose text
round-trips, ``parse(str(a)) == a``).

* ``action(kind, form)``: the class decorator making an action type: a frozen, slotted
  dataclass with the class attribute ``kind`` and, given ``form``, the text of its fields
  written into ``form`` (``"pick {action} {terrain}"``); a type whose text needs more writes
  its own ``__str__``.
* ``action_text(action)``: the text of an action value, which the checked ``play`` parses again.
* ``check_text(text, limit)``: the text of an action, or ``MalformedActionError`` when it is no
  text or longer than ``limit``.
* ``by_verb(grammar, words, text)``: the action of a text whose first word is its verb, from a
  grammar ``{verb: (number of words after it, build)}``; ``build(text, *those words)``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from string import Formatter

from .errors import MalformedActionError


def action(kind: str | None = None, form: str | None = None):
    """Class decorator: ``cls`` as a frozen, slotted dataclass of ``kind`` (None: ``kind`` is
    one of its fields) whose text is ``form`` with its fields filled in when ``form`` is given
    (``"pick {action} {terrain}"``)."""

    def make(cls):
        if kind is not None:
            cls.kind = kind
        if form is not None:
            cls.__str__ = _text_method(form)
            cls.__str__.__qualname__ = f"{cls.__qualname__}.__str__"
        return dataclass(frozen=True, slots=True)(cls)

    return make


def _text_method(form: str):
    """``__str__`` writing ``form``'s fields (``{name}``, no format specs) into it: compiled once
    to an f-string, as fast as one written by hand (``dataclasses`` makes ``__init__`` so)."""
    parts = []
    for literal, field, spec, conversion in Formatter().parse(form):
        parts.append(literal.replace("{", "{{").replace("}", "}}"))
        if field is not None:
            if not field.isidentifier() or spec or conversion:
                raise ValueError(f"an action's form names fields only: {form!r}")
            parts.append(f"{{self.{field}}}")
    namespace: dict = {}
    exec(f"def __str__(self):\n    return f{''.join(parts)!r}", namespace)
    return namespace["__str__"]


def action_text(action):
    """The text of an action value (anything with a ``kind``), rebuilt so that a hand-made one
    with a bad field is read or refused like text; ``MalformedActionError`` when it cannot be
    written. Text and anything else come back as they are (for the parser to judge)."""
    if isinstance(action, str) or not hasattr(action, "kind"):
        return action
    try:
        return str(action)
    except (IndexError, TypeError, ValueError) as e:
        raise MalformedActionError(f"not a readable action: {action!r}") from e


def check_text(text, limit: int | None = None) -> str:
    """``text`` itself when it is a ``str`` of at most ``limit`` characters (any length when
    ``limit`` is None), else ``MalformedActionError``."""
    if not isinstance(text, str):
        raise MalformedActionError(f"an action is text, not {type(text).__name__}")
    if limit is not None and len(text) > limit:
        raise MalformedActionError("this action text is too long")
    return text


def by_verb(
    grammar: dict[str, tuple[int, Callable]],
    words: list[str],
    text: str,
    otherwise: Callable | None = None,
):
    """The action that ``words`` (the words of ``text``, the verb first) name in ``grammar``:
    ``build(text, *the words after the verb)`` (``text`` for the messages of what it refuses).

    No words, an unknown verb, or a known one with the wrong number of words after it is
    ``otherwise(text, words)`` when given (a game's other forms and its own message), else
    ``MalformedActionError`` saying which."""
    form = grammar.get(words[0]) if words else None
    if form is not None and len(words) == form[0] + 1:
        return form[1](text, *words[1:])
    if otherwise is not None:
        return otherwise(text, words)
    if not words:
        raise MalformedActionError("an empty action")
    if form is None:
        raise MalformedActionError(f"unknown action {words[0]!r}")
    raise MalformedActionError(f"{words[0]} takes {form[0]} word(s) after it: {text!r}")
