"""PyScript's own Python package, read from its core by the build and shipped as bytecode
(tools/pyscript_python.py, tools/app_package.py, pyapp/preload.py's place_pyscript_bytecode;
the browser side: tests/browser/test_pyscript_bytecode.py)."""

from __future__ import annotations

import ast
import io
import sys
import zipfile

import pytest

from pyapp.preload import PYSCRIPT_BYTECODE, place_pyscript_bytecode
from tools import app_package
from tools.pyscript_python import PyScriptSourceError, core_sources, imported_at_start, sources

DIST = app_package.ROOT / "node_modules" / "@pyscript" / "core" / "dist"
# a core chunk in the form PyScript's minifier writes: the sources, the directory ".", a folder
CHUNK = (
    'const a=1;ko(".",{pyscript:{"__init__.py":"import x\\n\\tpass",'
    '"web.py":"s=\'\\u00e9\\x41\\\\\\"q\\"\'",sub:{"m.py":""}}}),vo.push("x");'
)


def test_the_sources_are_read_from_the_object_literal():
    assert sources(CHUNK) == {
        "pyscript/__init__.py": "import x\n\tpass",
        "pyscript/web.py": "s='\u00e9A\\\"q\"'",
        "pyscript/sub/m.py": "",
    }


@pytest.mark.parametrize(
    "chunk",
    [
        "no package here",
        CHUNK + CHUNK,  # twice: which one PyScript writes is unknown
        CHUNK.replace('"web.py"', '"web.txt"'),  # not a module
        CHUNK.replace('"__init__.py"', '"init.py"'),  # no package
        CHUNK.replace("\\x41", "\\q"),  # an escape the form never holds
        CHUNK[:60],  # cut short
        CHUNK.replace("\\x41", "\\xZZ"),  # not a hexadecimal escape
    ],
)
def test_anything_else_is_refused(chunk):
    with pytest.raises(PyScriptSourceError):
        sources(chunk)


def test_the_shipped_pyscript_has_its_package_and_nothing_minus_OO_would_change():
    found = core_sources(DIST)
    assert {"pyscript/__init__.py", "pyscript/context.py", "pyscript/display.py"} <= set(found)
    # compiled as the app's bytecode is (python -OO): no assert, no docstring to lose
    for path, text in found.items():
        tree = ast.parse(text, path)
        assert not any(isinstance(node, ast.Assert) for node in ast.walk(tree)), path
        documented = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
        for node in ast.walk(tree):
            if isinstance(node, documented):
                assert ast.get_docstring(node) is None, (path, getattr(node, "name", ""))


def test_the_source_wheel_carries_them_to_be_compiled():
    _, wheel = app_package.source_wheel()
    with zipfile.ZipFile(io.BytesIO(wheel)) as zf:
        carried = {
            name[len(app_package.PYSCRIPT_BYTECODE) + 1 :]: zf.read(name).decode()
            for name in zf.namelist()
            if name.startswith(app_package.PYSCRIPT_BYTECODE + "/")
        }
    shipped = core_sources(DIST)
    assert carried == imported_at_start(shipped)
    # (what its start imports: tests/browser/test_pyscript_bytecode.py finds each in the cache)
    assert {"pyscript/__init__.py", "pyscript/context.py"} <= set(carried) < set(shipped)


def test_what_the_start_imports_is_followed_through_the_package():
    files = {
        "pyscript/__init__.py": "import json\nfrom pyscript.a import x\nclass C: import pyscript.d",
        "pyscript/a.py": "if True:\n    from pyscript import b\ndef f():\n    import pyscript.c",
        "pyscript/b.py": "try:\n    import pyscript.missing\nexcept ImportError:\n    pass",
        "pyscript/c.py": "",
        "pyscript/d.py": "",
    }
    assert sorted(imported_at_start(files)) == [
        "pyscript/__init__.py",
        "pyscript/a.py",
        "pyscript/b.py",
        "pyscript/d.py",
    ]


def test_the_bytecode_is_placed_in_the_cache_of_the_sources_pyscript_writes(tmp_path):
    shipped = tmp_path / "site" / "pyapp" / PYSCRIPT_BYTECODE / "pyscript"
    shipped.mkdir(parents=True)
    (shipped / "__init__.pyc").write_bytes(b"init")
    (shipped / "web.pyc").write_bytes(b"web")
    (shipped / "notes.txt").write_text("not bytecode")
    work = tmp_path / "work"
    assert place_pyscript_bytecode(site=str(tmp_path / "site"), work=str(work)) == 2
    tag = sys.implementation.cache_tag
    cache = work / "pyscript" / "__pycache__"
    assert sorted(p.name for p in cache.iterdir()) == [f"__init__.{tag}.pyc", f"web.{tag}.pyc"]
    assert (cache / f"web.{tag}.pyc").read_bytes() == b"web"
    # an app without it: nothing placed; a working directory that cannot be written: -1
    assert place_pyscript_bytecode(site=str(tmp_path / "none"), work=str(work)) == 0
    (tmp_path / "file").write_text("")
    assert place_pyscript_bytecode(site=str(tmp_path / "site"), work=str(tmp_path / "file")) == -1
