"""The Pyodide packaging of the app (tools/app_package.py, tools/pyodide_env.py,
tools/stdlib_needs.py), the snapshot's import list (pyapp/preload.py) and gzip serving."""

from __future__ import annotations

import gzip
import io
import json
import subprocess
import sys
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pyapp import preload  # noqa: E402
from tools import app_package, pyodide_env, stdlib_needs  # noqa: E402
from tools.serve import make_server, start_in_thread  # noqa: E402

NEEDS_NODE = pytest.mark.skipif(
    not (ROOT / "node_modules/pyodide/pyodide.mjs").is_file(), reason="npm ci not run"
)


def _entries(data: bytes) -> dict[str, zipfile.ZipInfo]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {i.filename: i for i in zf.infolist()}


@NEEDS_NODE
def test_two_builds_from_scratch_are_identical(tmp_path, monkeypatch):
    """Nothing cached: the tools run twice, and the wheel and the lock are byte for byte equal."""
    built = []
    for n in range(2):
        monkeypatch.setattr(app_package, "CACHE", tmp_path / f"cache{n}")
        built.append(app_package.build_package())
    assert built[0] == built[1]
    wheel = built[0]["wheel"]
    assert built[0]["wheel_name"] == "caldera_park-0.1.0-py313-none-any.whl"
    assert {i.date_time for i in _entries(wheel).values()} == {app_package.ZIP_DATE}
    lock = json.loads(built[0]["lock"])
    assert lock["packages"]["caldera-park"]["sha256"] == app_package.sha256(wheel)


def test_every_package_under_pyapp_goes_in_without_a_list(tmp_path):
    (tmp_path / "pyapp/newgame/data").mkdir(parents=True)
    (tmp_path / "pyapp/__init__.py").write_text("")
    (tmp_path / "pyapp/newgame/__init__.py").write_text("X = 1\n")
    (tmp_path / "pyapp/newgame/data/board.json").write_text("{}")
    (tmp_path / "pyapp/newgame/notes.txt").write_text("not shipped")
    assert set(app_package.package_files(tmp_path)) == {
        "pyapp/__init__.py",
        "pyapp/newgame/__init__.py",
        "pyapp/newgame/data/board.json",
    }


def test_source_wheel_is_a_standard_wheel_with_a_true_record():
    name, data = app_package.source_wheel()
    assert name == "caldera_park-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        record = zf.read("caldera_park-0.1.0.dist-info/RECORD").decode().splitlines()
        meta = zf.read("caldera_park-0.1.0.dist-info/METADATA").decode()
        for line in record[:-1]:
            path, digest, size = line.split(",")
            body = zf.read(path)
            assert int(size) == len(body)
            assert digest == app_package._record_line(path, body).split(",")[1]
    assert "Name: caldera-park" in meta and "Version: 0.1.0" in meta
    assert record[-1] == "caldera_park-0.1.0.dist-info/RECORD,,"


def test_retag_names_a_bytecode_wheel_for_python_313():
    wheel = app_package._write_zip(
        {"a-1.dist-info/WHEEL": b"Wheel-Version: 1.0\nTag: cp313-none-any\n", "a.pyc": b"x"}
    )
    name, out = app_package._retag("a-1-cp313-none-any.whl", wheel)
    assert name == "a-1-py313-none-any.whl"
    with zipfile.ZipFile(io.BytesIO(out)) as zf:
        assert b"Tag: py313-none-any" in zf.read("a-1.dist-info/WHEEL")
    assert app_package._retag("b-1-py3-none-any.whl", wheel) == ("b-1-py3-none-any.whl", wheel)


def test_magic_check_refuses_bytecode_of_another_python():
    good = app_package._write_zip({"m.pyc": b"\xf3\r\r\n" + b"\0" * 12})
    assert app_package.check_magic(good, b"\xf3\r\r\n") == 1
    with pytest.raises(app_package.PackageError, match="not Pyodide's"):
        app_package.check_magic(good, b"\xa7\r\r\n")


@NEEDS_NODE
def test_bytecode_is_compiled_as_minus_OO_without_docstrings_or_asserts():
    """pyodide py-compile runs with PYTHONOPTIMIZE=2: a module's docstrings and assert statements
    are not in its bytecode, its other strings are (marshal keeps short strings as they are)."""
    source = (
        '"""DOC-MODULE-7f3a"""\n'
        "def f(x):\n"
        '    """DOC-FUNCTION-7f3a"""\n'
        '    assert x, "ASSERT-MESSAGE-7f3a"\n'
        '    return "KEPT-STRING-7f3a"\n'
    )
    zipped = app_package._write_zip({"probe.py": source.encode()})
    name, compiled = app_package.compile_zip("probe.zip", zipped)
    with zipfile.ZipFile(io.BytesIO(compiled)) as zf:
        code = zf.read("probe.pyc")
    assert name == "probe.zip" and code[:4] == app_package.pyodide_magic()
    assert b"KEPT-STRING-7f3a" in code
    for stripped in (b"DOC-MODULE-7f3a", b"DOC-FUNCTION-7f3a", b"ASSERT-MESSAGE-7f3a"):
        assert stripped not in code


@NEEDS_NODE
def test_bytecode_keeps_line_numbers_but_no_column_positions():
    """pyodide py-compile runs with PYTHONNODEBUGRANGES=1 (issue 25: a quarter of the bytecode's
    bytes over brotli): each instruction keeps its line, not its columns. Read back by the
    venv's Python 3.13 (the bytecode's own version)."""
    source = "def f(x):\n    return [x * 2\n            for _ in range(3)]\n"
    zipped = app_package._write_zip({"probe.py": source.encode()})
    _, compiled = app_package.compile_zip("probe.zip", zipped)
    with zipfile.ZipFile(io.BytesIO(compiled)) as zf:
        code = zf.read("probe.pyc")
    reader = (
        "import marshal, sys\n"
        "code = marshal.loads(sys.stdin.buffer.read()[16:])\n"
        "f = next(c for c in code.co_consts if hasattr(c, 'co_positions'))\n"
        "print(sorted({p[0] for p in f.co_positions() if p[0]}),"
        " {p[2:] for p in f.co_positions()})\n"
    )
    python = pyodide_env.ensure_venv().with_name("python")
    done = subprocess.run(
        [str(python), "-c", reader], input=code, capture_output=True, check=True, timeout=60
    )
    assert done.stdout.decode().split() == ["[1,", "2,", "3]", "{(None,", "None)}"]


def _browser_modules() -> list[Path]:
    """The app's modules the page can import: all of pyapp/ but the command line, the arenas,
    balance runs and other programs (pyapp.preload.SKIP, an ``if __name__ == "__main__"``)."""
    return [
        path
        for path in sorted((ROOT / "pyapp").rglob("*.py"))
        if path.stem not in preload.SKIP and 'if __name__ == "__main__"' not in path.read_text()
    ]


def test_the_page_never_reads_a_docstring_nor_relies_on_an_assert():
    """Compiled as -OO, the shipped app has no docstrings and no asserts: no module the page
    imports may read ``__doc__`` (it would get None) or check anything with ``assert``."""
    import ast

    modules = _browser_modules()
    assert any(p.name == "table.py" for p in modules) and len(modules) > 40
    found = []
    for path in modules:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            reads_doc = (isinstance(node, ast.Attribute) and node.attr == "__doc__") or (
                isinstance(node, ast.Name) and node.id == "__doc__"
            )
            if reads_doc or isinstance(node, ast.Assert):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, f"-OO removes what these lines use: {found}"


def test_shipped_library_leaves_out_the_modules_the_runtime_has_frozen(monkeypatch):
    """Pyodide imports its frozen modules (os, site, zipimport...) from the runtime itself: the
    zip does not carry their files. (tests/pyodide/test_pyodide_wheel.py plays every game with
    the library so shipped.)"""
    monkeypatch.setattr(app_package, "pyodide_frozen", lambda root=None: ["json", "json.decoder"])
    monkeypatch.setattr(app_package, "compile_zip", lambda name, data, root=None: (name, data))
    name, data = stdlib_needs.shipped_stdlib(keep=["json", "json.decoder", "random"])
    kept = {stdlib_needs.module_of(n) for n in _entries(data)}
    assert name == "python_stdlib.zip" and "random" in kept
    assert not {"json", "json.decoder"} & kept
    _, whole = stdlib_needs.shipped_stdlib(keep=stdlib_needs.FULL)
    assert "json" in {stdlib_needs.module_of(n) for n in _entries(whole)}


def test_stdlib_trim_keeps_only_the_named_modules():
    full = app_package._write_zip(
        {
            "json/__init__.py": b"",
            "json/decoder.py": b"",
            "json/tool.py": b"",
            "email/__init__.py": b"",
            "encodings/__init__.py": b"",
            "encodings/utf_8.py": b"",
            "encodings/cp1252.py": b"",
            "encodings/aliases.py": b"",
            "encodings/ascii.py": b"",
            "encodings/latin_1.py": b"",
            "encodings/utf_8_sig.py": b"",
            "random.py": b"",
        }
    )
    kept = set(_entries(stdlib_needs.trim(full, ["json", "json.decoder", "random"])))
    assert kept == {
        "json/__init__.py",
        "json/decoder.py",
        "random.py",
        "encodings/__init__.py",
        "encodings/utf_8.py",
        "encodings/aliases.py",
        "encodings/ascii.py",
        "encodings/latin_1.py",
        "encodings/utf_8_sig.py",
    }
    with pytest.raises(app_package.PackageError, match="lacks"):
        stdlib_needs.trim(full, ["asyncio"])
    assert stdlib_needs.module_of("a/b/__init__.pyc") == "a.b"
    assert stdlib_needs.module_of("a/py.typed") is None


def test_the_measured_library_list_holds_what_every_start_needs():
    keep = set(stdlib_needs.keep_list())
    # the error screen's traceback, Pyodide's own package loader, the app's json
    assert {"traceback", "linecache", "zipfile", "json", "pyodide", "_pyodide"} <= keep
    assert not {"unittest", "xml", "tkinter", "doctest"} & keep


def test_no_python_313_gives_a_clear_message(monkeypatch):
    monkeypatch.setattr(pyodide_env, "candidates", lambda: ["/nonexistent/python3.13"])
    with pytest.raises(pyodide_env.EnvError, match=r"no Python 3\.13 found.*PYTHON313"):
        pyodide_env.find_python313()


def test_build_requirements_are_pinned():
    reqs = pyodide_env.build_requirements()
    assert any(r.startswith("pyodide-build==") for r in reqs)
    assert pyodide_env.pinned("micropip") == "0.11.0"
    assert pyodide_env.pinned("pyodide-lock") == "0.2.1"


def test_preload_imports_what_it_can_and_leaves_the_rest():
    imported = preload.import_pure()
    assert {"pyapp.park.game", "pyapp.ui.box", "pyapp.ui.park", "pyapp.ui.i18n"} <= set(imported)
    # on CPython there is no js module: what imports it is left out, nothing raises
    for page_module in ("pyapp.ui.app", "pyapp.ui.main", "pyapp.ui.webstore"):
        assert page_module not in imported
    assert not any(name.rsplit(".", 1)[-1] in preload.SKIP for name in imported)
    assert "js" not in sys.modules or sys.modules["js"] is not None


def test_preload_blocking_puts_everything_back():
    fake = type(sys)("js")
    sys.modules["js"] = fake
    before = list(sys.meta_path)
    try:
        with preload.blocking(("js",)):
            assert "js" not in sys.modules
            with pytest.raises(ImportError, match="snapshot"):
                __import__("js")
        assert sys.modules["js"] is fake
        assert sys.meta_path == before
    finally:
        del sys.modules["js"]


def test_serve_gzips_what_compresses_and_revalidates(tmp_path):
    (tmp_path / "index.html").write_text("<p>" + "hello " * 200)
    (tmp_path / "a.zip").write_bytes(b"PK" + b"z" * 500)
    server = make_server(tmp_path)
    start_in_thread(server)
    host, port = server.server_address[:2]
    try:

        def get(path, **headers):
            request = urllib.request.Request(f"http://{host}:{port}{path}", headers=headers)
            try:
                with urllib.request.urlopen(request) as response:
                    return response.status, dict(response.headers), response.read()
            except urllib.error.HTTPError as exc:
                return exc.code, dict(exc.headers), b""

        status, headers, body = get("/", **{"Accept-Encoding": "gzip"})
        assert (status, headers["Content-Encoding"]) == (200, "gzip")
        assert gzip.decompress(body).decode().startswith("<p>hello")
        assert len(body) < 200
        status, headers, body = get(
            "/", **{"If-Modified-Since": headers["Last-Modified"], "Accept-Encoding": "gzip"}
        )
        assert status == 304
        status, headers, body = get("/a.zip", **{"Accept-Encoding": "gzip"})
        assert "Content-Encoding" not in headers and body.startswith(b"PKzz")
        status, headers, body = get("/")
        assert "Content-Encoding" not in headers and body.startswith(b"<p>hello")
    finally:
        server.shutdown()
        server.server_close()


def _imports(path: Path) -> set[str]:
    """Absolute module names a Python file imports anywhere (top level or inside functions)."""
    import ast

    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names |= {f"{node.module}.{alias.name}" for alias in node.names}
    return names


@NEEDS_NODE
def test_every_library_module_the_app_imports_is_shipped():
    """A game that starts importing another module of the standard library (anywhere in
    pyapp/ but the command line) fails here until `python tools/stdlib_needs.py` has measured
    the list again."""
    with zipfile.ZipFile(ROOT / "node_modules/pyodide/python_stdlib.zip") as zf:
        library = {stdlib_needs.module_of(n) for n in zf.namelist()} - {None}
    keep = set(stdlib_needs.keep_list())
    wanted = set()
    for path in _browser_modules():  # the command line, arenas and programs never run there
        wanted |= {name for name in _imports(path) if name in library}
    assert "json" in wanted  # the scan sees the app's imports
    missing = sorted(wanted - keep)
    assert not missing, f"run `python tools/stdlib_needs.py`: {missing} not in stdlib_keep.txt"
