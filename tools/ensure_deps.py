"""Install what the Makefile targets need, only when it is missing (quick when done).

    python tools/ensure_deps.py python    # the project's test extras (pyproject.toml), editable
    python tools/ensure_deps.py chromium  # a Chromium for the browser tests (Debian's package)
    python tools/ensure_deps.py engines   # Firefox ESR, WebKitGTK's driver and Xvfb (Debian's)

Python: every requirement of ``[project.optional-dependencies] test`` and ``site`` must be
installed at a version the requirement accepts, else ``pip install -e '.[test,site]'`` runs.
Chromium: ``$CHROMIUM_PATH``, ``/usr/bin/chromium`` or ``chromium`` on PATH; if none,
``apt-get install chromium`` (as root).
Engines (the smoke tests in WebKit and Firefox): Debian's ``firefox-esr``, ``webkit2gtk-driver``
(WebKitWebDriver and webkit2gtk-4.1's MiniBrowser) and ``xvfb``; the packages whose programs are
missing are installed with ``apt-get`` (as root). Nothing downloads a browser.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

try:
    from packaging.requirements import Requirement
except ImportError:  # pip always carries a copy
    from pip._vendor.packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.chromium import find_chromium  # noqa: E402

EXTRAS = ("test", "site")


def missing_python_requirements(extras: tuple[str, ...] = EXTRAS) -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = list(project.get("dependencies", []))
    for extra in extras:
        wanted += project.get("optional-dependencies", {}).get(extra, [])
    missing = []
    for text in wanted:
        req = Requirement(text)
        try:
            have = metadata.version(req.name)
        except metadata.PackageNotFoundError:
            missing.append(f"{text} (not installed)")
            continue
        if req.specifier and not req.specifier.contains(have, prereleases=True):
            missing.append(f"{text} (have {have})")
    return missing


def ensure_python() -> int:
    missing = missing_python_requirements()
    if not missing:
        print("python deps: ok")
        return 0
    print("python deps: installing; missing " + ", ".join(missing), flush=True)
    cmd = [
        sys.executable,
        "-m",
        "pip",
        "install",
        "--disable-pip-version-check",
        "-e",
        f".[{','.join(EXTRAS)}]",
    ]
    return subprocess.call(cmd, cwd=ROOT)


def apt_install(what: str, packages: list[str], hint: str = "") -> int:
    """``apt-get update`` and ``apt-get install packages`` (as root); 0 when done."""
    if not shutil.which("apt-get") or os.geteuid() != 0:
        names = " ".join(packages)
        print(f"{what}: not found. Install Debian's {names} (apt-get install {names}){hint}.")
        return 1
    print(f"{what}: not found; installing Debian's {' '.join(packages)}", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", *packages]):
        code = subprocess.call(cmd, env=env, stdin=subprocess.DEVNULL)
        if code:
            print(f"{what}: {' '.join(cmd)} failed with exit code {code}")
            return code
    return 0


def ensure_chromium() -> int:
    found = find_chromium()
    if found:
        print(f"chromium: ok ({found})")
        return 0
    if os.environ.get("CHROMIUM_PATH"):
        print(f"chromium: CHROMIUM_PATH={os.environ['CHROMIUM_PATH']} is not an executable file")
        return 1
    hint = " or set CHROMIUM_PATH to a Chromium executable"
    code = apt_install("chromium", ["chromium"], hint)
    return code or (0 if find_chromium() else 1)


# Debian package: whether what the smoke tests run from it is there
ENGINES = {
    "firefox-esr": lambda: shutil.which("firefox-esr"),
    "webkit2gtk-driver": lambda: (
        shutil.which("WebKitWebDriver") and glob.glob("/usr/lib/*/webkit2gtk-4.1/MiniBrowser")
    ),
    "xvfb": lambda: shutil.which("Xvfb"),
}


def ensure_engines() -> int:
    missing = [package for package, found in ENGINES.items() if not found()]
    if not missing:
        print("engines: ok (firefox-esr, WebKitGTK MiniBrowser and WebKitWebDriver, Xvfb)")
        return 0
    code = apt_install("engines", missing)
    return code or (0 if all(found() for found in ENGINES.values()) else 1)


def main(argv: list[str]) -> int:
    actions = {"python": ensure_python, "chromium": ensure_chromium, "engines": ensure_engines}
    if not argv or any(a not in actions for a in argv):
        print(f"usage: {Path(__file__).name} {{{'|'.join(actions)}}}...", file=sys.stderr)
        return 2
    for name in argv:
        code = actions[name]()
        if code:
            return code
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
