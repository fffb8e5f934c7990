"""PyScript's own Python package, as PyScript ships it inside its JavaScript.

At every start PyScript writes the sources of its Python package (``pyscript/__init__.py``,
``pyscript/context.py``...) into the interpreter's working directory and imports it, so Python
compiles them from source each time: 0.1-0.15 s of a warm start in WebKit, which runs that
compiler from code it has not compiled yet (issue 25). The build reads those sources here, from
the very PyScript core it ships, and puts them in the app's wheel (``tools/app_package.py``),
where ``pyodide py-compile`` turns them into hash-checked bytecode like the app's own;
``pyapp/preload.py``'s ``place_pyscript_bytecode`` writes that bytecode into the package's
``__pycache__`` before PyScript imports it. Python checks each file against the source
PyScript writes (its hash is in the file): bytecode of any other source is never used.

The sources are a JavaScript object literal in PyScript's core chunk, passed with the directory
"." to the function that writes them: ``(".",{pyscript:{"__init__.py":"...",...}})``, its keys
names or double-quoted strings, its values strings or objects (folders).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

MARKER = '(".",{pyscript:{'
_NAME = re.compile(r"[A-Za-z_$][\w$]*")
_ESCAPES = {
    "n": "\n",
    "t": "\t",
    "r": "\r",
    "b": "\b",
    "f": "\f",
    "v": "\v",
    "0": "\0",
    "\\": "\\",
    '"': '"',
    "'": "'",
    "\n": "",  # a line continuation
}


class PyScriptSourceError(Exception):
    """PyScript's Python sources are not where, or not in the form, this module expects."""


def _string(text: str, i: int) -> tuple[str, int]:
    """The double-quoted JavaScript string at ``text[i]``: (its value, the index after it)."""
    out = []
    i += 1
    while True:
        if i >= len(text):
            raise PyScriptSourceError("a string of PyScript's sources does not end")
        c = text[i]
        if c == '"':
            return "".join(out), i + 1
        if c != "\\":
            out.append(c)
            i += 1
            continue
        n = text[i + 1 : i + 2]
        if n == "u" and text[i + 2 : i + 3] == "{":
            end = text.index("}", i)
            out.append(chr(int(text[i + 3 : end], 16)))
            i = end + 1
        elif n in ("u", "x"):
            width = 4 if n == "u" else 2
            out.append(chr(int(text[i + 2 : i + 2 + width], 16)))
            i += 2 + width
        elif n in _ESCAPES:
            out.append(_ESCAPES[n])
            i += 2
        else:
            raise PyScriptSourceError(f"an escape PyScript's sources should not hold: \\{n}")


def _value(text: str, i: int):
    """The string or object literal at ``text[i]``: (its value, the index after it)."""
    if text[i] == '"':
        return _string(text, i)
    if text[i] != "{":
        raise PyScriptSourceError(f"PyScript's sources hold something else: {text[i : i + 40]!r}")
    found = {}
    i += 1
    while text[i] != "}":
        if text[i] == '"':
            key, i = _string(text, i)
        else:
            name = _NAME.match(text, i)
            if name is None:
                raise PyScriptSourceError(f"not a key: {text[i : i + 40]!r}")
            key, i = name.group(0), name.end()
        if text[i] != ":":
            raise PyScriptSourceError(f"no ':' after {key!r}")
        found[key], i = _value(text, i + 1)
        if text[i] == ",":
            i += 1
    return found, i + 1


def _files(tree: dict, prefix: str = "") -> dict[str, str]:
    files = {}
    for name, value in tree.items():
        if isinstance(value, dict):
            files.update(_files(value, f"{prefix}{name}/"))
        else:
            files[f"{prefix}{name}"] = value
    return files


def sources(core_js: str) -> dict[str, str]:
    """``{path: source}`` of PyScript's Python package (paths like ``pyscript/context.py``),
    read from the text of PyScript's core chunk."""
    at = core_js.find(MARKER)
    if at < 0 or core_js.find(MARKER, at + 1) >= 0:
        raise PyScriptSourceError("PyScript's core does not hold its Python package once")
    try:
        tree, _ = _value(core_js, at + len('(".",'))
    except (IndexError, ValueError) as exc:  # cut short, or a bad \u or \x escape
        raise PyScriptSourceError(f"PyScript's sources could not be read: {exc}") from exc
    files = _files(tree)
    if "pyscript/__init__.py" not in files or not all(p.endswith(".py") for p in files):
        raise PyScriptSourceError(f"PyScript's package is not as expected: {sorted(files)}")
    return files


def core_sources(dist: Path) -> dict[str, str]:
    """The sources of PyScript's Python package in ``@pyscript/core/dist`` (its core chunk)."""
    texts = [p.read_text("utf-8") for p in sorted(dist.glob("core-*.js"))]
    chunks = [text for text in texts if MARKER in text]
    if len(chunks) != 1:
        raise PyScriptSourceError(
            f"{len(chunks)} core chunks of {dist} hold PyScript's Python package (one expected)"
        )
    return sources(chunks[0])


def _run_at_import(node: ast.AST):
    """The nodes of ``node`` that run when its module is imported (not inside a function)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        yield child
        yield from _run_at_import(child)


def imported_at_start(files: dict[str, str]) -> dict[str, str]:
    """The part of ``files`` (``sources()``) that PyScript's start imports: its package's
    ``__init__`` and the package's modules it imports as it runs, through each other (imports
    inside functions left out: those modules are compiled from source if ever imported)."""
    modules = {
        path[: -len(".py")].replace("/", ".").removesuffix(".__init__"): path for path in files
    }
    found, todo = set(), ["pyscript"]
    while todo:
        name = todo.pop()
        if name in found or name not in modules:
            continue
        found.add(name)
        for node in _run_at_import(ast.parse(files[modules[name]], modules[name])):
            if isinstance(node, ast.Import):
                todo += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                todo += [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
    return {modules[name]: files[modules[name]] for name in sorted(found)}
