"""The app's Python as Pyodide ships packages: a wheel of bytecode in a same-origin lock file.

    python tools/app_package.py [--out DIR]   # the wheel and its pyodide-lock.json, into DIR
                                              # (default .pyodide-build/package)

The pipeline (every step byte-for-byte reproducible, every archive with fixed timestamps):

1. ``source_wheel``: a standard pure-Python wheel of the project (``pyproject.toml``'s name and
   version; every package under ``pyapp/`` with its ``.py`` and ``.json`` files, found by walking
   the tree: a new game's packages come in by themselves); and, under ``PYSCRIPT_BYTECODE``,
   the sources of PyScript's own Python package as the shipped PyScript core writes them at
   every start, the modules its start imports (tools/pyscript_python.py), so that they are
   compiled with the app's and the page imports them as bytecode (pyapp/preload.py's
   ``place_pyscript_bytecode``);
2. ``pyodide py-compile`` (pyodide-build, run by the Python 3.13 of tools/pyodide_env.py) turns
   it into a ``cp313`` wheel of ``.pyc`` files; ``SOURCE_DATE_EPOCH`` makes the bytecode
   hash-based, so it does not depend on file times; ``PYTHONOPTIMIZE=2`` makes it compile as
   ``python -OO`` does (``py_compile`` follows the interpreter's level): no docstrings, no
   ``assert`` statements, a smaller download (nothing the page runs reads ``__doc__`` or relies
   on an ``assert``: tests/packaging/test_app_package.py checks the app's sources);
   ``PYTHONNODEBUGRANGES=1`` leaves out the column positions of every instruction (line
   numbers kept; tracebacks without their ``^^^`` marks), a quarter of the bytes over brotli;
   every ``.pyc``
   must carry the magic number of the pinned Pyodide's own Python (asked of Pyodide itself,
   under Node.js);
3. ``normalise``: entries sorted, fixed timestamps, a RECORD that matches the files;
4. ``pyodide lockfile add-wheels`` (pyodide-lock) adds the wheel, with its SHA-256, to the
   pinned Pyodide's ``pyodide-lock.json``; the lock is then cut down to the packages the site
   serves (the app), so the browser fetches a small lock, and Pyodide checks the wheel against
   that hash when it loads it (subresource integrity).

The same step compiles the Python standard library the site ships (``compile_zip``).
Results are cached in ``.pyodide-build/cache/`` by the hash of their inputs.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyapp import preload
from tools import pyodide_env
from tools.pyscript_python import PyScriptSourceError, core_sources, imported_at_start

ROOT = Path(__file__).resolve().parent.parent
ZIP_DATE = (2020, 1, 1, 0, 0, 0)
SOURCE_DATE_EPOCH = "1577836800"  # 2020-01-01, the date of every archive entry
# bytecode as `python -OO` compiles it: docstrings and asserts left out (py_compile compiles at
# the level of the interpreter that runs it, which PYTHONOPTIMIZE sets)
OPTIMIZE = "2"
# and without the column positions Python 3.11+ keeps for every instruction (``-X
# no_debug_ranges``; the line numbers stay): tracebacks lose their ``^^^`` marks, the page
# nothing; over brotli a quarter less of the library and of the app (issue 25: 0.37 MB less on a
# phone's first visit)
NO_DEBUG_RANGES = "1"
CACHE = pyodide_env.HOME / "cache"
PACKAGE_SUFFIXES = (".py", ".json")
# where the wheel carries PyScript's own package (a folder that is no package of the app, which
# pyapp/preload.py reads as data)
PYSCRIPT_BYTECODE = f"pyapp/{preload.PYSCRIPT_BYTECODE}"


class PackageError(Exception):
    """The app's package cannot be built; the message says why."""


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def project(root: Path = ROOT) -> tuple[str, str]:
    """(distribution name, version) from pyproject.toml."""
    meta = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    return meta["name"], meta["version"]


def _dist(name: str) -> str:
    return name.replace("-", "_")


def package_files(root: Path = ROOT) -> dict[str, bytes]:
    """Every ``.py``/``.json`` file of every package under ``pyapp/`` (a package: a folder with
    an ``__init__.py``, or a data folder inside one), by its path in the wheel."""
    base = root / "pyapp"
    if not (base / "__init__.py").is_file():
        raise PackageError(f"{base}/__init__.py not found")
    files = {}
    for path in sorted(base.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if "__pycache__" in path.parts or not path.is_file():
            continue
        if path.suffix in PACKAGE_SUFFIXES:
            files[rel] = path.read_bytes()
    return files


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _write_zip(entries: dict[str, bytes], level: int = 9) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=level) as zf:
        for name, data in entries.items():
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data, compresslevel=level)
    return buffer.getvalue()


def normalise(wheel: bytes) -> bytes:
    """The wheel with its entries sorted (dist-info last), fixed dates and a matching RECORD."""
    with zipfile.ZipFile(io.BytesIO(wheel)) as zf:
        entries = {i.filename: zf.read(i) for i in zf.infolist() if not i.is_dir()}
    record = next((n for n in entries if n.endswith(".dist-info/RECORD")), None)
    if record is None:
        raise PackageError("the wheel has no RECORD")
    del entries[record]
    order = sorted(entries, key=lambda n: (".dist-info/" in n, n))
    lines = [_record_line(n, entries[n]) for n in order] + [f"{record},,"]
    out = {n: entries[n] for n in order}
    out[record] = ("\n".join(lines) + "\n").encode()
    return _write_zip(out)


def source_wheel(root: Path = ROOT) -> tuple[str, bytes]:
    """(file name, bytes) of the standard pure-Python wheel of the project."""
    name, version = project(root)
    meta = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    info = f"{_dist(name)}-{version}.dist-info"
    entries = package_files(root)
    try:
        pyscript = core_sources(root / "node_modules" / "@pyscript" / "core" / "dist")
    except (OSError, PyScriptSourceError) as exc:
        raise PackageError(f"PyScript's Python package: {exc} (run `npm ci`)") from exc
    for path, text in imported_at_start(pyscript).items():
        entries[f"{PYSCRIPT_BYTECODE}/{path}"] = text.encode("utf-8")
    entries[f"{info}/METADATA"] = (
        "Metadata-Version: 2.1\n"
        f"Name: {name}\nVersion: {version}\n"
        f"Summary: {meta.get('description', '')}\n"
        f"Requires-Python: {meta.get('requires-python', '>=3.11')}\n"
    ).encode()
    entries[f"{info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: caldera-park tools/app_package.py\n"
        b"Root-Is-Purelib: true\nTag: py3-none-any\n"
    )
    entries[f"{info}/top_level.txt"] = b"pyapp\n"
    entries[f"{info}/RECORD"] = b""
    return f"{_dist(name)}-{version}-py3-none-any.whl", normalise(_write_zip(entries))


def ask_pyodide(what: str, code: str, root: Path = ROOT) -> str:
    """The last line the pinned Pyodide (under Node) prints for the Python expression ``code``,
    cached per Pyodide version under the name ``what``."""
    pkg = root / "node_modules" / "pyodide"
    version = json.loads((pkg / "package.json").read_text())["version"]
    cached = CACHE / f"{what}-pyodide-{version}.txt"
    if cached.is_file():
        return cached.read_text().strip()
    script = (
        "const {loadPyodide} = await import(process.argv[1] + '/pyodide.mjs');"
        "const py = await loadPyodide({indexURL: process.argv[1] + '/'});"
        "console.log(py.runPython(process.argv[2]));"
    )
    done = subprocess.run(
        ["node", "--input-type=module", "-e", script, str(pkg), code],
        capture_output=True,
        text=True,
        timeout=300,
    )
    if done.returncode:
        raise PackageError(f"could not ask Pyodide for its {what}:\n{done.stderr[-1500:]}")
    answer = done.stdout.strip().splitlines()[-1]
    CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_text(answer + "\n")
    return answer


def pyodide_magic(root: Path = ROOT) -> bytes:
    """The bytecode magic number of the pinned Pyodide's Python, asked of Pyodide under Node."""
    code = "import importlib.util; importlib.util.MAGIC_NUMBER.hex()"
    return bytes.fromhex(ask_pyodide("magic", code, root))


def pyodide_frozen(root: Path = ROOT) -> list[str]:
    """The standard library modules the pinned Pyodide runs from its frozen copies (built into
    the runtime, found before any file: ``os``, ``site``, ``zipimport``...), and those bound to
    a frozen module by name (importlib's bootstrap is ``_frozen_importlib``): their files in the
    library zip are never read."""
    code = (
        "import _imp, importlib, json, sys\n"
        "names = {n for n in _imp._frozen_module_names() if _imp.find_frozen(n)}\n"
        "names |= {n for n, m in sys.modules.items()\n"
        "          if getattr(getattr(m, '__spec__', None), 'origin', None) == 'frozen'}\n"
        "json.dumps(sorted(names))"
    )
    return json.loads(ask_pyodide("frozen", code, root))


def check_magic(archive: bytes, magic: bytes) -> int:
    """Every ``.pyc`` of the zip starts with ``magic``; returns how many there are."""
    count = 0
    with zipfile.ZipFile(io.BytesIO(archive)) as zf:
        for info in zf.infolist():
            if info.filename.endswith(".pyc"):
                head = zf.read(info)[:4]
                if head != magic:
                    raise PackageError(
                        f"{info.filename}: bytecode magic {head.hex()} is not Pyodide's "
                        f"{magic.hex()}: compile with the Python of Pyodide's version"
                    )
                count += 1
    return count


def _cached(key: str, make) -> dict[str, bytes]:
    """Files made by ``make(dir)`` into a fresh directory, kept under CACHE/key."""
    where = CACHE / key
    if (where / ".done").is_file():
        return {p.name: p.read_bytes() for p in where.iterdir() if p.name != ".done"}
    with tempfile.TemporaryDirectory(prefix="caldera-pkg-") as tmp:
        made = make(Path(tmp))
    shutil.rmtree(where, ignore_errors=True)
    where.mkdir(parents=True)
    for name, data in made.items():
        (where / name).write_bytes(data)
    (where / ".done").write_text("")
    return made


def _tools_key() -> str:
    return sha256(json.dumps(pyodide_env.build_requirements()).encode())[:12]


def compile_zip(name: str, data: bytes, root: Path = ROOT) -> tuple[str, bytes]:
    """``pyodide py-compile`` of a wheel or zip: (new name, normalised bytes), magic checked."""
    key = f"compiled-{sha256(data)[:24]}-{_tools_key()}-O{OPTIMIZE}-nodr{NO_DEBUG_RANGES}"

    def make(tmp: Path) -> dict[str, bytes]:
        (tmp / name).write_bytes(data)
        pyodide_env.pyodide_cli(
            ["py-compile", "--silent", "--no-keep", "--compression-level", "9", name],
            cwd=tmp,
            env={
                "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH,
                "PYTHONOPTIMIZE": OPTIMIZE,
                "PYTHONNODEBUGRANGES": NO_DEBUG_RANGES,
            },
        )
        out = [p for p in tmp.iterdir() if p.suffix in (".whl", ".zip")]
        if len(out) != 1:
            raise PackageError(f"pyodide py-compile left {[p.name for p in out]}")
        raw = out[0].read_bytes()
        if out[0].suffix != ".whl":
            return {out[0].name: _renormalise_zip(raw)}
        new_name, raw = _retag(out[0].name, raw)
        return {new_name: normalise(raw)}

    ((new_name, compiled),) = _cached(key, make).items()
    if not check_magic(compiled, pyodide_magic(root)):
        raise PackageError(f"{new_name} holds no bytecode after pyodide py-compile")
    return new_name, compiled


def _retag(name: str, wheel: bytes) -> tuple[str, bytes]:
    """py-compile names its wheel ``cp313-none-any``, a tag pyodide-lock 0.2.1's add-wheels
    refuses for a pure wheel; ``py313-none-any`` says the same to an installer (Python 3.13
    only, any platform) and is accepted: the wheel and its WHEEL file get that tag."""
    tag = next((t for t in ("-cp313-none-any.whl",) if name.endswith(t)), None)
    if tag is None:
        return name, wheel
    with zipfile.ZipFile(io.BytesIO(wheel)) as zf:
        entries = {i.filename: zf.read(i) for i in zf.infolist() if not i.is_dir()}
    for entry in entries:
        if entry.endswith(".dist-info/WHEEL"):
            text = entries[entry].decode()
            text = "".join(
                "Tag: py313-none-any\n" if line.startswith("Tag:") else line
                for line in text.splitlines(keepends=True)
            )
            entries[entry] = text.encode()
    return name[: -len(tag)] + "-py313-none-any.whl", _write_zip(entries)


def _renormalise_zip(data: bytes) -> bytes:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        entries = {i.filename: zf.read(i) for i in zf.infolist() if not i.is_dir()}
    return _write_zip({n: entries[n] for n in sorted(entries)})


def lock_with(wheel_name: str, wheel: bytes, base_lock: bytes) -> bytes:
    """``pyodide lockfile add-wheels`` of the wheel to ``base_lock``, cut down to the wheel."""
    key = f"lock-{sha256(wheel)[:24]}-{sha256(base_lock)[:12]}-{_tools_key()}"

    def make(tmp: Path) -> dict[str, bytes]:
        (tmp / wheel_name).write_bytes(wheel)
        (tmp / "base-lock.json").write_bytes(base_lock)
        pyodide_env.pyodide_cli(
            ["lockfile", "add-wheels", "--input", "base-lock.json", "--output", "lock.json"]
            + ["--base-path", ".", wheel_name],
            cwd=tmp,
        )
        return {"pyodide-lock.json": (tmp / "lock.json").read_bytes()}

    full = json.loads(_cached(key, make)["pyodide-lock.json"])
    entries = {k: v for k, v in full["packages"].items() if v["file_name"] == wheel_name}
    if len(entries) != 1:
        raise PackageError(f"the lock names {wheel_name} {len(entries)} times")
    ((_, entry),) = entries.items()
    if entry["sha256"] != sha256(wheel):
        raise PackageError("the lock's hash of the app's wheel is not the wheel's")
    # the pinned runtime's own info block as it is (pyodide-lock rewrites it without "version")
    lock = {"info": json.loads(base_lock)["info"], "packages": entries}
    return (json.dumps(lock, indent=1, sort_keys=True) + "\n").encode()


def build_package(root: Path = ROOT) -> dict:
    """{"name": package name in the lock, "wheel_name", "wheel": bytes, "lock": bytes}."""
    src_name, src = source_wheel(root)
    wheel_name, wheel = compile_zip(src_name, src, root)
    base_lock = (root / "node_modules" / "pyodide" / "pyodide-lock.json").read_bytes()
    lock = lock_with(wheel_name, wheel, base_lock)
    (name,) = json.loads(lock)["packages"]
    return {"name": name, "wheel_name": wheel_name, "wheel": wheel, "lock": lock}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(pyodide_env.HOME / "package"))
    args = parser.parse_args(argv)
    try:
        built = build_package()
    except (PackageError, pyodide_env.EnvError) as exc:
        print(f"app_package: {exc}", file=sys.stderr)
        return 1
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / built["wheel_name"]).write_bytes(built["wheel"])
    (out / "pyodide-lock.json").write_bytes(built["lock"])
    print(
        f"{out / built['wheel_name']}: {len(built['wheel'])} bytes, sha256 {sha256(built['wheel'])}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
