"""The Python 3.13 tool environment of the build: pyodide-build in a virtual environment, and the
wheels fetched from the package registry (micropip), all under ``.pyodide-build/`` (gitignored).

    python tools/pyodide_env.py           # make it (quick when done); prints where it is

Why a second Python: the app runs in Pyodide's Python 3.13. Its bytecode must be made by a 3.13
(``pyodide py-compile`` compiles with the interpreter it runs in), and the pyodide-build releases
that know Pyodide 0.29 need Python >= 3.12. The project's own tools run on the machine's default
Python (3.11 here); this module finds the machine's 3.13 (``$PYTHON313``, ``python3.13`` on PATH,
pyenv's versions, the usual prefixes) and makes a virtual environment from it with the packages
the ``build`` extra of ``pyproject.toml`` pins. With no 3.13 it fails with a clear message.
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOME = ROOT / ".pyodide-build"
VENV = HOME / "venv"
WHEELS = HOME / "wheels"
WANTED = (3, 13)
# the packages installed into the venv; the others of the build extra are fetched as wheels
VENV_PACKAGES = ("pyodide-build", "pyodide-lock")


class EnvError(Exception):
    """The tool environment cannot be made; the message says why and what to do."""


def build_requirements(root: Path = ROOT) -> list[str]:
    """The ``build`` extra of pyproject.toml: exact pins such as ``pyodide-build==0.39.2``."""
    project = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    reqs = project.get("optional-dependencies", {}).get("build", [])
    for req in reqs:
        if "==" not in req:
            raise EnvError(f"pyproject.toml: build requirement {req!r} must pin one version (==)")
    return reqs


def pinned(name: str, root: Path = ROOT) -> str:
    """The version the build extra pins for ``name``."""
    for req in build_requirements(root):
        base = req.split("==")[0].split("[")[0].strip()
        if base.lower() == name.lower():
            return req.split("==")[1].strip()
    raise EnvError(f"pyproject.toml: the build extra does not pin {name}")


def _version_of(python: str) -> tuple[int, int] | None:
    try:
        out = subprocess.run(
            [python, "-c", "import sys; print(*sys.version_info[:2])"],
            capture_output=True,
            text=True,
            timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if out.returncode:
        return None
    major, minor = out.stdout.split()
    return int(major), int(minor)


def candidates() -> list[str]:
    found = []
    if os.environ.get("PYTHON313"):
        found.append(os.environ["PYTHON313"])
    if shutil.which("python3.13"):
        found.append(shutil.which("python3.13"))
    roots = [os.environ.get("PYENV_ROOT", ""), str(Path.home() / ".pyenv")]
    for root in filter(None, roots):
        found += sorted(glob.glob(f"{root}/versions/3.13*/bin/python3.13"), reverse=True)
    found += ["/usr/local/bin/python3.13", "/usr/bin/python3.13"]
    return found


def find_python313() -> str:
    for python in candidates():
        if _version_of(python) == WANTED:
            return python
    raise EnvError(
        "no Python 3.13 found. The build compiles the app's bytecode for Pyodide's Python 3.13 "
        "with pyodide-build, which needs a Python 3.13 on this machine: install one (for example "
        "`pyenv install 3.13`, or Debian's python3.13) or point $PYTHON313 at its executable."
    )


def _bin(name: str) -> Path:
    return VENV / "bin" / name


def _run(cmd: list[str], what: str) -> None:
    print(f"pyodide env: {what}", flush=True)
    done = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    if done.returncode:
        tail = (done.stdout + done.stderr)[-2000:]
        raise EnvError(f"{what} failed (exit {done.returncode}):\n{tail}")


def ensure_venv() -> Path:
    """The venv with pyodide-build, made or brought up to the pins; returns its ``pyodide``."""
    reqs = [r for r in build_requirements() if r.split("==")[0].split("[")[0] in VENV_PACKAGES]
    stamp = VENV / "caldera-requirements.json"
    if stamp.is_file() and json.loads(stamp.read_text()) == reqs and _bin("pyodide").is_file():
        return _bin("pyodide")
    python = find_python313()
    if not _bin("python").is_file() or _version_of(str(_bin("python"))) != WANTED:
        shutil.rmtree(VENV, ignore_errors=True)
        _run([python, "-m", "venv", str(VENV)], f"making a Python 3.13 venv from {python}")
    pip = [str(_bin("python")), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    _run([*pip, *reqs], "installing " + " ".join(reqs))
    stamp.write_text(json.dumps(reqs))
    return _bin("pyodide")


def wheel(name: str) -> Path:
    """The registry's pure-Python wheel of ``name`` at the version pinned, fetched once."""
    version = pinned(name)
    want = f"{name.replace('-', '_')}-{version}-py3-none-any.whl"
    path = WHEELS / want
    if path.is_file():
        return path
    WHEELS.mkdir(parents=True, exist_ok=True)
    ensure_venv()
    cmd = [str(_bin("python")), "-m", "pip", "download", "--disable-pip-version-check", "-q"]
    cmd += ["--no-deps", "--only-binary=:all:", "-d", str(WHEELS), f"{name}=={version}"]
    _run(cmd, f"fetching the {name} {version} wheel")
    if not path.is_file():
        raise EnvError(f"pip download did not give {want} in {WHEELS}")
    return path


def pyodide_cli(args: list[str], cwd: Path | None = None, env: dict | None = None) -> str:
    """Run ``pyodide ARGS`` from the venv; returns its output, raises EnvError on failure."""
    cli = ensure_venv()
    done = subprocess.run(
        [str(cli), *args],
        cwd=cwd,
        env={**os.environ, **(env or {})},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise EnvError(f"pyodide {' '.join(args)} failed:\n{(done.stdout + done.stderr)[-2000:]}")
    return done.stdout


def main() -> int:
    try:
        cli = ensure_venv()
        micropip = wheel("micropip")
    except EnvError as exc:
        print(f"pyodide env: {exc}", file=sys.stderr)
        return 1
    print(f"pyodide env: ok ({cli}, {micropip.name})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
