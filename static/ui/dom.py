"""Small DOM helpers for the browser layer: elements are built node by node and text is set
with ``textContent``, never parsed as HTML."""

from __future__ import annotations

from js import document

SVG_NS = "http://www.w3.org/2000/svg"


def _fill(node, attrs, text, children):
    for name, value in (attrs or {}).items():
        if value is None or value is False:
            continue
        node.setAttribute(name, "" if value is True else str(value))
    if text is not None:
        node.textContent = str(text)
    for child in children:
        node.appendChild(child)
    return node


def element(tag: str, attrs: dict | None = None, text=None, children=()):
    """An HTML element with attributes, text content and children."""
    return _fill(document.createElement(tag), attrs, text, children)


def svg_element(tag: str, attrs: dict | None = None, text=None, children=()):
    """An SVG element (created in the SVG namespace)."""
    return _fill(document.createElementNS(SVG_NS, tag), attrs, text, children)


def clear(node) -> None:
    while node.firstChild:
        node.removeChild(node.firstChild)
