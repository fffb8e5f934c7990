"""Build the self-contained static site in ``dist/``.

What goes in, all behind relative URLs so the site works from any sub-path of any static host:

- ``index.html``, ``pyscript.toml`` (from the repository root);
- ``pyscript/``: the PyScript core modules the page actually loads (the entry, its core chunk and
  the chunks for the config parser and the error hook), found by following the imports of
  ``@pyscript/core/dist/core.js`` in ``node_modules``; the chunks of the plug-ins the config turns
  off (code editor, terminal, pygame, ...) are left out;
- ``pyodide/``: the Pyodide core from the npm ``pyodide`` package (loader, asm.js, wasm); the
  Python standard library cut down to what the app needs (tools/stdlib_needs.py) and compiled
  to bytecode; and the app itself, ``pyapp/`` (engines, data, bots and the browser layer) as a
  wheel of bytecode listed with its hash in the site's own ``pyodide-lock.json``
  (tools/app_package.py: pyodide-build's ``py-compile`` and ``lockfile add-wheels``), which the
  loader ``js/pyodide-loader.mjs`` loads with ``loadPackage`` (stamped with the wheel's hash,
  the app's build, which keys its memory snapshots);
- ``js/``, ``manifest.webmanifest``, ``sw.js`` from ``static/``, with ``static/css/``'s
  stylesheets joined into ``css/style.css`` in the order ``index.html`` links them, and the three
  scripts it runs right after ``<main>`` (first.js, game-dom.js, sound.js) into ``js/page.js``;
  the icons, drawn by ``tools/icons.py``; the licences of the vendored runtime;
- the first screen in ``index.html``: each game's new-game screen and rules, drawn by the app's
  own view code in English and French (tools/first_screen.py), shown by ``js/first.js`` before
  Python runs;
- precompressed copies, ``FILE.br`` (brotli) and ``FILE.gz``, beside every file that compresses,
  for ``tools/serve.py`` and static hosts that serve them (not part of the precache);
- the precache manifest: every file with its SHA-256, written into ``sw.js`` together with a
  build version made from those hashes (a new build gets a new service-worker cache), and the
  same version stamped into ``index.html``.

Run ``python tools/build_site.py [--out DIR] [--stamp TEXT]``; ``--stamp`` mixes extra text into the
version (the update test uses it to make a second, different build).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import io
import json
import os
import re
import shutil
import sys
import zipfile
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import app_package, first_screen, icons, pyodide_env, stdlib_needs

ROOT = Path(__file__).resolve().parent.parent

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
)
APP_BUILD_PLACEHOLDER = "__APP_BUILD__"
APP_WHEEL_PLACEHOLDER = "__APP_WHEEL__"
# dynamic imports of the PyScript core that the page needs: the TOML config parser and the
# error hook (imported even when "!error" turns its banner off); all other lazy chunks belong to
# plug-ins or features the app does not use
PYSCRIPT_LAZY_KEEP = ("toml-", "error-")
PRECACHE_MARKER = "/*__PRECACHE__*/"
BUILD_PLACEHOLDER = "__BUILD_VERSION__"
PRELOAD_MARKER = "<!--__PRELOAD__-->"
# the page's stylesheets, joined by the build into one file in their order (one request before
# the first paint instead of ten: each costs the main thread time, issue 25)
STYLESHEET = "css/style.css"
STYLESHEET_LINK = re.compile(r'[ \t]*<link rel="stylesheet" href="\./(css/[\w-]+\.css)">\n?')
# the scripts the page runs right after <main id="app">, one after the other, joined the same way
# into one file (two requests fewer before the first paint)
PAGE_SCRIPTS = ("js/first.js", "js/game-dom.js", "js/sound.js")
PAGE_SCRIPT = "js/page.js"
SCRIPT_TAG = re.compile(r'[ \t]*<script src="\./(js/[\w-]+\.js)"></script>\n?')
# where static/js/first.js keeps a returning player's last table: the key is read from it
LAST_TABLE_KEY = re.compile(r'var PREVIEW_KEY = ("[\w/-]+");')
FIRST_SCREEN_MARKER = "<!--__FIRST_SCREEN__-->"
# fetched with fetch() by PyScript / Pyodide: asked for at once by a small script at the top of
# the page (``early_fetch_script``), whose responses js/boot.js hands to the runtime's own fetch
# of each. Not <link rel="preload" as="fetch">: WebKit never hands a preloaded response to
# fetch(), so it downloaded these twice and warned that the preloads went unused. Pyodide loads
# pyodide.asm.js with import(), so a modulepreload. Left out: the app's wheel, asked for by
# js/pyodide-loader.mjs once the WebAssembly has arrived (it downloads while Python starts; any
# sooner, it would slow the WebAssembly down) and handed to loadPackage's integrity-checked
# fetch if its hash is the lock's; and pyodide.asm.wasm, whose preload
# made warm starts about 0.7 s slower in Chromium (measured with tools/bench_startup.py):
# Pyodide's own streaming fetch of it is faster from a cache.
EARLY_FETCH = (
    "pyscript.toml",
    "pyodide/pyodide-lock.json",
    "pyodide/python_stdlib.zip",
)
ZIP_DATE = (2020, 1, 1, 0, 0, 0)
# precompressed copies written beside each file that compresses (FILE.br, FILE.gz), which
# tools/serve.py sends as static hosts do (Content-Encoding br or gzip); PNG images are compressed
# already (the zip archives are stored uncompressed for this: see ``stored_zip``). They are
# transfer encodings of the site's files, not files
# of the site: the precache and the site's size leave them out.
INCOMPRESSIBLE = (".png",)
ENCODINGS = (".br", ".gz")
BROTLI_QUALITY = 11
ZOPFLI_ITERATIONS = 5
# brotli at its best quality and zopfli take about half a minute each for the wasm: kept per
# content hash between builds, in the user's cache directory (outside the tree;
# $CALDERA_BUILD_CACHE puts it elsewhere)
COMPRESS_CACHE = (
    Path(os.environ["CALDERA_BUILD_CACHE"])
    if os.environ.get("CALDERA_BUILD_CACHE")
    else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    / "caldera-park"
    / "brotli"
)


class BuildError(Exception):
    """The site cannot be built; the message says why and what to do."""


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _package_version(package_dir: Path) -> str:
    try:
        return json.loads((package_dir / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError) as exc:
        raise BuildError(
            f"{package_dir} is missing or broken; run `npm ci` (or `make site`)"
        ) from exc


def check_node_modules(root: Path = ROOT) -> dict[str, Path]:
    """The npm packages the site vendors, checked against the versions package.json pins."""
    wanted = json.loads((root / "package.json").read_text())["dependencies"]
    found = {}
    for name, version in wanted.items():
        pkg = root / "node_modules" / name
        have = _package_version(pkg)
        if have != version:
            raise BuildError(
                f"node_modules has {name} {have}, package.json pins {version}; run `npm ci`"
            )
        found[name] = pkg
    return found


_STATIC_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*["'](\./[^"']+\.js)["']""")
_DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*["'](\./[^"']+\.js)["']\s*\)""")


def pyscript_files(dist: Path) -> list[str]:
    """Names of the ``@pyscript/core/dist`` modules the page loads, from the entry ``core.js``."""
    keep: list[str] = []
    todo = ["core.js"]
    while todo:
        name = todo.pop()
        if name in keep:
            continue
        path = dist / name
        if not path.is_file():
            raise BuildError(f"@pyscript/core is missing {name}; run `npm ci`")
        keep.append(name)
        text = path.read_text(encoding="utf-8")
        todo += [m[2:] for m in _STATIC_IMPORT.findall(text)]
        todo += [
            m[2:] for m in _DYNAMIC_IMPORT.findall(text) if m[2:].startswith(PYSCRIPT_LAZY_KEEP)
        ]
    return sorted(keep)


def _prepare_out(out: Path) -> None:
    if out.exists():
        if not out.is_dir():
            raise BuildError(f"{out} exists and is not a directory")
        made_here = (out / "sw.js").is_file() and (out / "index.html").is_file()
        if any(out.iterdir()) and not made_here:
            raise BuildError(f"{out} is not empty and holds no built site; refusing to clear it")
        shutil.rmtree(out)
    out.mkdir(parents=True)


def stored_zip(data: bytes) -> bytes:
    """The zip archive ``data`` with every entry stored (not compressed), in the same order with
    the same names, dates and attributes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(buffer, "w") as dst:
        for info in src.infolist():
            body = src.read(info)
            copy = zipfile.ZipInfo(info.filename, info.date_time)
            copy.external_attr = info.external_attr
            copy.compress_type = zipfile.ZIP_STORED
            dst.writestr(copy, body)
    return buffer.getvalue()


def relock(lock: bytes, wheel_name: str, wheel: bytes) -> bytes:
    """The lock file with the hash of ``wheel`` for the package whose file is ``wheel_name``."""
    data = json.loads(lock)
    entries = [e for e in data["packages"].values() if e.get("file_name") == wheel_name]
    if len(entries) != 1:
        raise BuildError(f"the lock does not list {wheel_name} once")
    entries[0]["sha256"] = _sha256(wheel)
    return (json.dumps(data, indent=1, sort_keys=True) + "\n").encode()


def collect(root: Path = ROOT, stdlib_keep=None) -> dict[str, bytes]:
    """Every file of the site except ``sw.js``, as relative path -> bytes (index.html unstamped)."""
    packages = check_node_modules(root)
    files: dict[str, bytes] = {}
    core_dist = packages["@pyscript/core"] / "dist"
    for name in pyscript_files(core_dist):
        files[f"pyscript/{name}"] = (core_dist / name).read_bytes()
    pyodide = packages["pyodide"]
    for name in PYODIDE_FILES:
        path = pyodide / name
        if not path.is_file():
            raise BuildError(f"the pyodide package lacks {name}; run `npm ci`")
        files[f"pyodide/{name}"] = path.read_bytes()
    for name, pkg in packages.items():
        for lic in ("LICENSE", "LICENSE.md", "LICENSE.txt"):
            if (pkg / lic).is_file():
                files[f"licenses/{name.replace('@', '').replace('/', '-')}.txt"] = (
                    pkg / lic
                ).read_bytes()
                break
    try:
        package = app_package.build_package(root)
        stdlib_name, stdlib = stdlib_needs.shipped_stdlib(root, stdlib_keep)
    except (app_package.PackageError, pyodide_env.EnvError) as exc:
        raise BuildError(str(exc)) from exc
    if stdlib_name != "python_stdlib.zip":
        raise BuildError(f"the compiled standard library is {stdlib_name}, not python_stdlib.zip")
    # both archives stored uncompressed: the server's brotli (or gzip) compresses each one
    # whole, across its modules, which per-entry deflate cannot (issue 25: 0.59 MB less with
    # brotli, 0.15 MB less with gzip, on a phone's first visit)
    files["pyodide/python_stdlib.zip"] = stored_zip(stdlib)
    wheel = stored_zip(package["wheel"])
    files[f"pyodide/{package['wheel_name']}"] = wheel
    files["pyodide/pyodide-lock.json"] = relock(package["lock"], package["wheel_name"], wheel)
    package = {**package, "wheel": wheel}
    files["index.html"] = (root / "index.html").read_bytes()
    files["pyscript.toml"] = (root / "pyscript.toml").read_bytes()
    static = root / "static"
    files["manifest.webmanifest"] = (static / "manifest.webmanifest").read_bytes()
    for sub in ("css", "js"):
        for path in sorted((static / sub).glob("*")):
            if path.is_file():
                files[f"{sub}/{path.name}"] = path.read_bytes()
    loader = files["js/pyodide-loader.mjs"].decode()
    for placeholder in (APP_BUILD_PLACEHOLDER, APP_WHEEL_PLACEHOLDER):
        if loader.count(placeholder) != 1:
            raise BuildError(f"js/pyodide-loader.mjs must hold {placeholder} exactly once")
    app_build = app_package.sha256(package["wheel"])
    loader = loader.replace(APP_BUILD_PLACEHOLDER, app_build)
    files["js/pyodide-loader.mjs"] = loader.replace(
        APP_WHEEL_PLACEHOLDER, package["wheel_name"]
    ).encode()
    for name, data in icons.all_icons().items():
        files[f"icons/{name}"] = data
    return files


def check_references(files: dict[str, bytes]) -> None:
    """Every local URL that index.html, the manifest and pyscript.toml name must be in the site."""
    html = files["index.html"].decode()
    refs = re.findall(r"""(?:src|href)=["']([^"']+)["']""", html)
    refs += re.findall(r"""config=["']([^"']+)["']""", html)
    manifest = json.loads(files["manifest.webmanifest"])
    refs += [icon["src"] for icon in manifest.get("icons", [])]
    toml = files["pyscript.toml"].decode()
    refs += re.findall(r"""^\s*interpreter\s*=\s*["']([^"']+)["']""", toml, re.M)
    refs += re.findall(r"""^\s*["'](\./[^"']+)["']\s*=""", toml, re.M)
    for ref in refs:
        if re.match(r"^[a-z][a-z0-9+.-]*:|^//|^/", ref, re.I):
            raise BuildError(f"{ref!r} is not a relative URL: the site must work from any sub-path")
        path = ref.split("?", 1)[0].split("#", 1)[0].removeprefix("./")
        if path and path not in files:
            raise BuildError(f"{ref!r} is referenced but not part of the site")


EARLY_SCRIPT = """<script>
    // the runtime's modules hinted and its first downloads started: at once, or after the
    // first frame when the last table is kept (js/boot.js hands them to its fetch())
    window.CalderaEarly = {};
    (function (modules, paths) {
      var plainFetch = window.fetch;
      function start() {
        modules.forEach(function (path) {
          var link = document.createElement("link");
          link.rel = "modulepreload";
          link.href = path;
          document.head.appendChild(link);
        });
        if (plainFetch) paths.forEach(function (path) {
          var url = new URL(path, document.baseURI).href;
          if (url in window.CalderaEarly) return; // the runtime asked for it already
          var early = (window.CalderaEarly[url] = plainFetch.call(window, url));
          early.catch(function () {}); // a failure is reported where the runtime uses it
        });
      }
      var kept = false;
      try {
        kept = localStorage.getItem(__LAST_TABLE_KEY__) !== null;
      } catch (e) {}
      if (kept && window.requestAnimationFrame) {
        requestAnimationFrame(function () { setTimeout(start, 0); });
      } else {
        start();
      }
    })(__MODULES__, __PATHS__);
  </script>"""


def preload_links(files: dict[str, bytes]) -> str:
    """The script that hints every runtime module the page is known to load (``modulepreload``
    links) and starts the runtime's first fetches (``EARLY_FETCH``)."""
    modules = [p for p in sorted(files) if p.startswith("pyscript/") and p.endswith(".js")]
    modules = [p for p in modules if re.match(r"pyscript/core(\.js|-)", p)]
    modules += ["js/pyodide-loader.mjs", "pyodide/pyodide.mjs", "pyodide/pyodide.asm.js"]
    missing = [p for p in [*modules, *EARLY_FETCH] if p not in files]
    if missing:
        raise BuildError(f"preload hints name files the site lacks: {missing}")
    found = LAST_TABLE_KEY.search(files["js/first.js"].decode())
    if not found:
        raise BuildError("js/first.js no longer names its PREVIEW_KEY as the build reads it")
    return early_fetch_script(modules, EARLY_FETCH, json.loads(found.group(1)))


def early_fetch_script(modules, paths, last_table_key: str) -> str:
    """An inline script (before the stylesheets, which hold back every later script) that adds
    a ``modulepreload`` link for each of ``modules`` and fetches each of ``paths`` as the runtime
    will: js/boot.js answers the runtime's own fetch of each with these responses, once
    (``window.CalderaEarly``: absolute URL -> promise; js/boot.js marks a URL the runtime asked
    for first, which is then not fetched again).

    At once on a first visit. When js/first.js will draw a returning player's last table
    (``last_table_key`` is kept), after that first frame instead: each request costs the page's
    main thread time before its first paint (about 7 ms at a phone's 4x CPU), and the runtime
    cannot use them before the document is parsed anyway."""
    return (
        EARLY_SCRIPT.replace("__LAST_TABLE_KEY__", json.dumps(last_table_key))
        .replace("__MODULES__", json.dumps([f"./{p}" for p in modules]))
        .replace("__PATHS__", json.dumps([f"./{p}" for p in paths]))
    )


def join_files(files: dict[str, bytes], html: str, tags: list, target: str, tag: str) -> str:
    """Join the files that ``tags`` (matches whose group 1 is a path of the site) load, in
    their order, into ``target`` (each under a comment naming it; a line of its own between
    them), drop them from ``files``, and put ``tag`` where the first of them was and none of
    the others; returns the new html."""
    parts = []
    for match in tags:
        path = match.group(1)
        if path not in files:
            raise BuildError(f"{path!r} is referenced but not part of the site")
        name = path.split("/", 1)[1]
        parts.append(f"/* {name} */\n".encode() + files.pop(path))
    if target in files:
        raise BuildError(f"static/{target} would be overwritten by the files joined into it")
    files[target] = b"\n".join(parts)
    first = tags[0].group(0)
    indent = first[: len(first) - len(first.lstrip())]
    for match in reversed(tags[1:]):
        html = html[: match.start()] + html[match.end() :]
    start, end = tags[0].span()
    return html[:start] + f"{indent}{tag}\n" + html[end:]


def join_stylesheets(files: dict[str, bytes], html: str) -> str:
    """Join the stylesheets ``html`` links, in their order, into ``STYLESHEET`` (the files share
    css/, so their relative URLs still hold), linked where the first was."""
    links = list(STYLESHEET_LINK.finditer(html))
    if not links:
        raise BuildError("index.html links no stylesheet of css/")
    return join_files(
        files, html, links, STYLESHEET, f'<link rel="stylesheet" href="./{STYLESHEET}">'
    )


def join_page_scripts(files: dict[str, bytes], html: str) -> str:
    """Join ``PAGE_SCRIPTS`` (each a function run at once; "use strict" inside it) into
    ``PAGE_SCRIPT``, loaded where the first was; ``html`` must load them one right after the
    other, in that order."""
    tags = [m for m in SCRIPT_TAG.finditer(html) if m.group(1) in PAGE_SCRIPTS]
    paths = tuple(m.group(1) for m in tags)
    between = [html[a.end() : b.start()] for a, b in zip(tags, tags[1:], strict=False)]
    if paths != PAGE_SCRIPTS or any(gap.strip() for gap in between):
        raise BuildError(f"index.html must load {', '.join(PAGE_SCRIPTS)} one after the other")
    return join_files(files, html, tags, PAGE_SCRIPT, f'<script src="./{PAGE_SCRIPT}"></script>')


def _encoder(name: str):
    """The build dependency ``name`` (brotli, zopfli): the site's precompressed files need it."""
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise BuildError(
            f"the {name} package is missing: the site's precompressed files need it; "
            "install it with `make deps-python` (pip install -e '.[test,site]')"
        ) from exc


def compressed(data: bytes, encoding: str, cache: Path | None = COMPRESS_CACHE) -> bytes:
    """``data`` as brotli (quality 11) or gzip (made by zopfli, ``ZOPFLI_ITERATIONS``: 3 to 6 %
    smaller than zlib's level 9, read by every gzip reader); kept in ``cache`` per content hash,
    so a build after the first one does not spend a minute on the wasm."""
    if encoding == ".br":
        tag, make = (
            f"q{BROTLI_QUALITY}.br",
            lambda: _encoder("brotli").compress(data, quality=BROTLI_QUALITY),
        )
    else:
        tag, make = (
            f"z{ZOPFLI_ITERATIONS}.gz",
            lambda: _encoder("zopfli.gzip").compress(data, numiterations=ZOPFLI_ITERATIONS),
        )
    key = cache / f"{_sha256(data)}.{tag}" if cache is not None else None
    if key is not None and key.is_file():
        return key.read_bytes()
    packed = make()
    if key is not None:
        key.parent.mkdir(parents=True, exist_ok=True)
        tmp = key.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(packed)
        tmp.replace(key)  # atomic: parallel builds (test workers) never read half a file
    return packed


def precompress(out: Path, files: dict[str, bytes], cache: Path | None = COMPRESS_CACHE) -> dict:
    """Write FILE.br and FILE.gz beside every file of ``files`` that compresses (only when
    smaller); returns {encoding: {path: size}}."""
    for name in ("brotli", "zopfli.gzip"):
        _encoder(name)  # fail loudly before writing anything
    sizes: dict[str, dict[str, int]] = {e: {} for e in ENCODINGS}
    for path, data in sorted(files.items()):
        if path.endswith(INCOMPRESSIBLE):
            continue
        for encoding in ENCODINGS:
            packed = compressed(data, encoding, cache)
            if len(packed) < len(data):
                (out / (path + encoding)).write_bytes(packed)
                sizes[encoding][path] = len(packed)
    return sizes


def build(out: Path, root: Path = ROOT, stamp: str = "", stdlib_keep=None) -> dict:
    """Build the site into ``out``; returns the precache manifest written into ``sw.js``.
    ``stdlib_keep``: the standard library to ship (default: tools/stdlib_keep.txt's list)."""
    files = collect(root, stdlib_keep)
    html = files["index.html"].decode()
    if html.count(PRELOAD_MARKER) != 1:
        raise BuildError(f"index.html must hold the marker {PRELOAD_MARKER} exactly once")
    html = html.replace(PRELOAD_MARKER, preload_links(files))
    html = join_page_scripts(files, join_stylesheets(files, html))
    if html.count(FIRST_SCREEN_MARKER) != 1:
        raise BuildError(f"index.html must hold the marker {FIRST_SCREEN_MARKER} exactly once")
    try:
        first = first_screen.markup()
    except first_screen.FirstScreenError as exc:
        raise BuildError(f"the first screen: {exc}") from exc
    files["index.html"] = html.replace(FIRST_SCREEN_MARKER, first).encode()
    check_references(files)
    content = hashlib.sha256(stamp.encode())
    for path in sorted(files):
        if path != "index.html":
            content.update(f"{path}\0{_sha256(files[path])}\n".encode())
    content.update(_sha256(files["index.html"]).encode())
    version = content.hexdigest()[:16]
    html = files["index.html"].decode()
    if BUILD_PLACEHOLDER not in html:
        raise BuildError(f"index.html lacks the {BUILD_PLACEHOLDER} placeholder")
    files["index.html"] = html.replace(BUILD_PLACEHOLDER, version).encode()
    manifest = {
        "version": version,
        "files": {path: _sha256(data) for path, data in sorted(files.items())},
    }
    sw = (root / "static" / "sw.js").read_text(encoding="utf-8")
    if sw.count(PRECACHE_MARKER) != 1:
        raise BuildError(f"static/sw.js must hold the marker {PRECACHE_MARKER} exactly once")
    files["sw.js"] = sw.replace(PRECACHE_MARKER, json.dumps(manifest, indent=1)).encode()

    _prepare_out(out)
    for path, data in files.items():
        target = out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    precompress(out, files)
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the static site.")
    parser.add_argument(
        "--out", default=str(ROOT / "dist"), help="output directory (default dist/)"
    )
    parser.add_argument("--stamp", default="", help="extra text mixed into the build version")
    args = parser.parse_args(argv)
    try:
        manifest = build(Path(args.out), stamp=args.stamp)
    except BuildError as exc:
        print(f"build_site: {exc}", file=sys.stderr)
        return 1
    out = Path(args.out)
    total = sum((out / p).stat().st_size for p in manifest["files"])
    packed = {
        e: sum(
            (out / (p + e)).stat().st_size for p in manifest["files"] if (out / (p + e)).is_file()
        )
        for e in ENCODINGS
    }
    print(
        f"built {args.out}: {len(manifest['files'])} files, {total / 1e6:.1f} MB, "
        f"version {manifest['version']}; precompressed .br {packed['.br'] / 1e6:.1f} MB, "
        f".gz {packed['.gz'] / 1e6:.1f} MB"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
