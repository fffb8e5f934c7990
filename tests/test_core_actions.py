"""The shape every game's actions share (``pyapp.core.actions``): the ``action`` class decorator,
``check_text`` and ``by_verb``, with the messages the games' parsers give through them."""

from __future__ import annotations

import dataclasses

import pytest

from pyapp.core.actions import action, action_text, by_verb, check_text
from pyapp.core.errors import MalformedActionError


@action("hop", "hop {frm} to {to} {{twice}} 'it' \\ \"so\"")
class Hop:
    frm: int
    to: str


@action("wait", "wait")
class Wait:
    pass


@action()
class Named:
    kind: str

    def __str__(self) -> str:
        return self.kind.upper()


def test_an_action_is_a_frozen_slotted_dataclass_with_its_kind_and_text():
    a = Hop(3, "c4")
    assert dataclasses.is_dataclass(a) and not hasattr(a, "__dict__")
    assert Hop.kind == a.kind == "hop"
    assert str(a) == "hop 3 to c4 {twice} 'it' \\ \"so\""
    assert a == Hop(3, "c4") and hash(a) == hash(Hop(3, "c4")) and a != Hop(3, "c5")
    assert repr(a) == "Hop(frm=3, to='c4')"
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.frm = 4
    assert str(Wait()) == "wait" and Wait() == Wait()
    assert Hop.__str__.__qualname__ == "Hop.__str__"


def test_an_action_may_keep_its_kind_as_a_field_and_write_its_own_text():
    assert Named("pass").kind == "pass" and str(Named("pass")) == "PASS"
    assert Named("pass") != Named("draw")


@pytest.mark.parametrize("form", ["go {0}", "go {to!r}", "go {to:>3}", "go {a.b}"])
def test_a_form_names_fields_only(form):
    with pytest.raises(ValueError, match="names fields only"):
        action("go", form)(type("Go", (), {"__annotations__": {"to": str}}))


def test_check_text():
    assert check_text("pick bear river") == "pick bear river"
    assert check_text("x" * 41) == "x" * 41
    assert check_text("x" * 40, 40) == "x" * 40
    with pytest.raises(MalformedActionError, match="^this action text is too long$"):
        check_text("x" * 41, 40)
    for bad, name in ((None, "NoneType"), (b"end", "bytes"), (["end"], "list")):
        with pytest.raises(MalformedActionError, match=f"^an action is text, not {name}$"):
            check_text(bad)


GRAMMAR = {
    "wait": (0, lambda text: Wait()),
    "hop": (2, lambda text, frm, to: Hop(int(frm), to)),
    "say": (1, lambda text, word: f"{word} of {text!r}"),
}


def test_by_verb_builds_from_the_words_after_the_verb():
    assert by_verb(GRAMMAR, ["wait"], "wait") == Wait()
    assert by_verb(GRAMMAR, ["hop", "3", "c4"], "hop 3  c4") == Hop(3, "c4")
    assert by_verb(GRAMMAR, ["say", "hi"], " say hi") == "hi of ' say hi'"


@pytest.mark.parametrize(
    "words, text, message",
    [
        ([], "  ", "an empty action"),
        (["jump"], "jump", "unknown action 'jump'"),
        (["Wait"], "Wait", "unknown action 'Wait'"),
        (["wait", "now"], "wait now", "wait takes 0 word(s) after it: 'wait now'"),
        (["hop", "3"], "hop 3", "hop takes 2 word(s) after it: 'hop 3'"),
    ],
)
def test_by_verb_says_what_it_cannot_read(words, text, message):
    with pytest.raises(MalformedActionError) as e:
        by_verb(GRAMMAR, words, text)
    assert str(e.value) == message


def test_by_verb_leaves_other_forms_to_otherwise():
    def otherwise(text, words):
        return ("other", text, words)

    assert by_verb(GRAMMAR, ["hop", "3"], "hop 3", otherwise) == ("other", "hop 3", ["hop", "3"])
    assert by_verb(GRAMMAR, ["b2-c3"], "b2-c3", otherwise) == ("other", "b2-c3", ["b2-c3"])
    assert by_verb(GRAMMAR, [], "", otherwise) == ("other", "", [])
    assert by_verb(GRAMMAR, ["wait"], "wait", otherwise) == Wait()


def test_action_text_writes_action_values_and_passes_anything_else_on():
    assert action_text(Hop(3, "c4")) == str(Hop(3, "c4"))
    assert action_text("hop 3 to c4") == "hop 3 to c4"
    assert action_text(None) is None and action_text(7) == 7

    @action("bad")
    class Bad:
        at: int

        def __str__(self) -> str:
            return ["a1", "b2"][self.at]

    assert action_text(Bad(1)) == "b2"
    with pytest.raises(MalformedActionError, match=r"^not a readable action: .*Bad\(at=5\)$"):
        action_text(Bad(5))
