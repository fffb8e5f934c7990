"""The site build (tools/build_site.py), its icons and the pure drawing helpers, on CPython."""

from __future__ import annotations

import hashlib
import io
import json
import math
import re
import struct
import sys
import tomllib
import zipfile
import zlib

import pytest
from sitetest import ROOT, build_site

sys.path.insert(0, str(ROOT))

from pyapp.park.park import NEIGHBOUR_OFFSETS, load_park  # noqa: E402
from pyapp.ui.park import parkview  # noqa: E402
from tools import app_package, icons  # noqa: E402
from tools import build_site as builder  # noqa: E402


def test_build_holds_the_runtime_app_and_pwa_files(site):
    files = set(site.files)
    for path in builder.PYODIDE_FILES:
        assert f"pyodide/{path}" in files
    assert {"index.html", "pyscript.toml", "manifest.webmanifest"} <= files
    assert {"pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json"} <= files
    assert "app.zip" not in files
    assert "pyscript/core.js" in files
    assert (site.path / "sw.js").is_file()
    # only the PyScript chunks the page uses: no editor, terminal, game or other plug-in
    chunks = sorted(f for f in files if f.startswith("pyscript/"))
    assert [re.sub(r"-[\w-]{8}\.js$", "", c) for c in chunks] == [
        "pyscript/core",
        "pyscript/core.js",
        "pyscript/error",
        "pyscript/toml",
    ]
    # one wheel: the app's; no Pyodide package
    assert sorted(f for f in files if f.endswith((".whl", ".tar", ".zip"))) == [
        "pyodide/caldera_park-0.1.0-py313-none-any.whl",
        "pyodide/python_stdlib.zip",
    ]


def test_config_points_at_the_vendored_interpreter(site):
    config = tomllib.loads((site.path / "pyscript.toml").read_text())
    # our loader (which restores Python from a snapshot when it can) wraps the vendored core
    assert config["interpreter"] == "./js/pyodide-loader.mjs"
    loader = (site.path / "js/pyodide-loader.mjs").read_text()
    assert 'from "../pyodide/pyodide.mjs"' in loader
    assert 'new URL("../pyodide/", import.meta.url)' in loader
    assert "files" not in config  # the app comes as a wheel from the lock, not through PyScript
    assert "__APP_BUILD__" not in loader
    for plugin in ("codemirror", "py-editor", "py-terminal", "py-game", "donkey", "error"):
        assert f"!{plugin}" in config["plugins"]
    pinned = json.loads((ROOT / "package.json").read_text())["dependencies"]
    vendored = json.loads((ROOT / "node_modules/pyodide/package.json").read_text())["version"]
    assert vendored == pinned["pyodide"]


def test_only_relative_urls_in_the_page_and_manifest(site):
    html = (site.path / "index.html").read_text()
    urls = re.findall(r"""(?:src|href|config)=["']([^"']+)["']""", html)
    # "#id": a drawing of the first screen using a symbol of the same page (tools/first_screen.py)
    assert urls and all(u.startswith(("./", "#")) for u in urls), urls
    assert any(u.startswith("./") for u in urls)
    manifest = json.loads((site.path / "manifest.webmanifest").read_text())
    assert all(icon["src"].startswith("./") for icon in manifest["icons"])
    sw = (site.path / "sw.js").read_text()
    assert "http://" not in sw and "https://" not in sw


def test_the_page_draws_a_kept_table_before_the_build_templates(site):
    """A returning player's last table (js/first.js) does not wait for the 240 kB of the
    build's templates to be parsed: first.js (the first part of js/page.js, the build's join of
    the scripts after <main>) comes right after <main id="app">, the templates after it, then
    the call that draws the new-game screen from them; Chromium paints nothing before it has run
    (a render-blocking rel=expect on the element just after it)."""
    html = (site.path / "index.html").read_text()
    head, body = html.split("<body>")
    app = body.index('<main id="app"')
    script = f'<script src="./{builder.PAGE_SCRIPT}"></script>'
    first = body.index(script)
    templates = [m.start() for m in re.finditer(r"<template data-first=", body)]
    form = body.index("CalderaFirst.form()")
    assert templates and app < first < min(templates) and max(templates) < form
    assert "<template" not in head and builder.PAGE_SCRIPT not in head
    # only <script> and comments between <main> and first.js: nothing else to parse before it
    between = re.sub(r"<!--.*?-->", "", body[body.index("</main>", app) + 7 : first], flags=re.S)
    assert between.strip() == ""
    (expect,) = re.findall(r'<link rel="expect" href="#([\w-]+)" blocking="render">', head)
    target = body.index(f'id="{expect}"')
    assert html.count(f'id="{expect}"') == 1
    # the element it waits for is the next tag after first.js (so first.js has run by then)
    after = body[first + len(script) : target]
    assert after.count("<") == 1 and after.lstrip().startswith("<") and target < min(templates)


def _wheel(site):
    lock = json.loads((site.path / "pyodide/pyodide-lock.json").read_text())
    ((name, entry),) = lock["packages"].items()
    return name, entry, (site.path / "pyodide" / entry["file_name"]).read_bytes()


def test_the_wheel_carries_every_package_as_bytecode(site):
    _, _, wheel = _wheel(site)
    with zipfile.ZipFile(io.BytesIO(wheel)) as zf:
        names = set(zf.namelist())
    assert "pyapp/park/park.pyc" in names
    assert "pyapp/park/parks/river.json" in names
    assert {"pyapp/ui/__init__.pyc", "pyapp/ui/main.pyc", "pyapp/ui/app.pyc"} <= names
    assert not any(n.endswith(".py") or "__pycache__" in n for n in names)
    # every module and data file of every package under pyapp/, found by walking the tree
    sources = {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "pyapp").rglob("*")
        if p.suffix in (".py", ".json") and "__pycache__" not in p.parts
    }
    assert {n + "c" if n.endswith(".py") else n for n in sources} <= names


def test_the_lock_lists_the_wheel_with_its_hash_and_magic_is_pyodides(site):
    name, entry, wheel = _wheel(site)
    assert name == "caldera-park"
    assert entry["sha256"] == hashlib.sha256(wheel).hexdigest()
    lock = json.loads((site.path / "pyodide/pyodide-lock.json").read_text())
    npm = json.loads((ROOT / "node_modules/pyodide/pyodide-lock.json").read_text())
    assert lock["info"] == npm["info"]  # the pinned runtime's lock, cut down to the app
    magic = app_package.pyodide_magic()
    assert len(magic) == 4 and magic[2:] == b"\r\n"
    assert app_package.check_magic(wheel, magic) > 40
    stdlib = (site.path / "pyodide/python_stdlib.zip").read_bytes()
    assert app_package.check_magic(stdlib, magic) > 40
    with pytest.raises(app_package.PackageError, match="not Pyodide's"):
        app_package.check_magic(wheel, b"\x00\x00\r\n")
    # the loader is stamped with the app's build: it keys the memory snapshot
    loader = (site.path / "js/pyodide-loader.mjs").read_text()
    assert f'APP_BUILD = "{entry["sha256"]}"' in loader


def test_precache_manifest_and_version(site, tmp_path):
    sw = (site.path / "sw.js").read_text()
    assert builder.PRECACHE_MARKER not in sw
    assert f'"version": "{site.version}"' in sw
    html = (site.path / "index.html").read_text()
    assert f'content="{site.version}"' in html
    assert builder.BUILD_PLACEHOLDER not in html
    for path, digest in site.files.items():
        assert hashlib.sha256((site.path / path).read_bytes()).hexdigest() == digest
    # same sources, same build; other stamp, other version (and cache). Built back to back
    # here rather than compared with the session's build, which the tree may have moved past.
    one = build_site(tmp_path / "one")
    two = build_site(tmp_path / "two")
    assert one.manifest == two.manifest
    other = build_site(tmp_path / "other", stamp="x")
    assert other.version != one.version
    assert other.files == {**one.files, "index.html": other.files["index.html"]}


def test_build_refuses_to_clear_a_foreign_directory(tmp_path):
    (tmp_path / "keep.txt").write_text("precious")
    with pytest.raises(builder.BuildError, match="refusing"):
        builder.build(tmp_path)
    assert (tmp_path / "keep.txt").read_text() == "precious"


def test_build_rejects_absolute_urls():
    files = {
        "index.html": b'<script src="/js/boot.js"></script>',
        "manifest.webmanifest": b'{"icons": []}',
        "pyscript.toml": b'interpreter = "./pyodide/pyodide.mjs"\n',
    }
    with pytest.raises(builder.BuildError, match="not a relative URL"):
        builder.check_references(files)
    files["index.html"] = b'<script src="./js/missing.js"></script>'
    with pytest.raises(builder.BuildError, match="not part of the site"):
        builder.check_references(files)


def test_the_stylesheets_are_one_file_in_their_order(site):
    """One stylesheet request before the first paint, not ten: the build joins those the
    source page links, in that order, and ships none of them apart."""
    source = (ROOT / "index.html").read_text()
    linked = re.findall(r'<link rel="stylesheet" href="\./css/([\w-]+\.css)">', source)
    assert len(linked) > 1
    html = (site.path / "index.html").read_text()
    assert re.findall(r'rel="stylesheet" href="([^"]+)"', html) == [f"./{builder.STYLESHEET}"]
    assert [f for f in site.files if f.startswith("css/")] == [builder.STYLESHEET]
    joined = (site.path / builder.STYLESHEET).read_text()
    at = [joined.index(f"/* {n} */\n" + (ROOT / "static/css" / n).read_text()) for n in linked]
    assert at == sorted(at)


def test_the_scripts_after_main_are_one_file_in_their_order(site):
    html = (site.path / "index.html").read_text()
    assert not any(f'"./{path}"' in html for path in builder.PAGE_SCRIPTS)
    assert html.count(f'<script src="./{builder.PAGE_SCRIPT}"></script>') == 1
    assert not set(builder.PAGE_SCRIPTS) & set(site.files)
    joined = (site.path / builder.PAGE_SCRIPT).read_text()
    parts = [(ROOT / "static" / path).read_text() for path in builder.PAGE_SCRIPTS]
    names = [path.split("/", 1)[1] for path in builder.PAGE_SCRIPTS]
    assert joined == "\n".join(f"/* {n} */\n{part}" for n, part in zip(names, parts, strict=True))


def test_joining_scripts_needs_them_one_after_the_other():
    files = {path: f"// {path}\n".encode() for path in builder.PAGE_SCRIPTS}
    tags = [f'  <script src="./{path}"></script>\n' for path in builder.PAGE_SCRIPTS]
    page = "<main></main>\n" + "".join(tags) + "  <div id=after></div>"
    out = builder.join_page_scripts(dict(files), page)
    joined = f'  <script src="./{builder.PAGE_SCRIPT}"></script>\n'
    assert out == "<main></main>\n" + joined + "  <div id=after></div>"
    apart = "<main></main>\n" + tags[0] + "<p>x</p>\n" + "".join(tags[1:])
    swapped = "<main></main>\n" + "".join(reversed(tags))
    for html in (apart, swapped, "<main></main>"):
        with pytest.raises(builder.BuildError, match="one after the other"):
            builder.join_page_scripts(dict(files), html)


def test_joining_stylesheets_keeps_the_page_around_them():
    files = {"css/a.css": b"a {}", "css/b.css": b"b {}", "css/unused.css": b"u {}"}
    html = (
        '<head>\n  <link rel="stylesheet" href="./css/b.css">\n  <script></script>\n'
        '  <link rel="stylesheet" href="./css/a.css">\n</head>'
    )
    out = builder.join_stylesheets(files, html)
    assert out == (
        f'<head>\n  <link rel="stylesheet" href="./{builder.STYLESHEET}">\n  <script></script>\n'
        "</head>"
    )
    assert files == {
        "css/unused.css": b"u {}",
        builder.STYLESHEET: b"/* b.css */\nb {}\n/* a.css */\na {}",
    }
    with pytest.raises(builder.BuildError, match="not part of the site"):
        builder.join_stylesheets({}, html)
    with pytest.raises(builder.BuildError, match="no stylesheet"):
        builder.join_stylesheets(files, "<head></head>")


def _decode_png(data: bytes) -> tuple[int, int, bytes]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, size = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert zlib.crc32(kind + body) & 0xFFFFFFFF == crc
        if kind == b"IHDR":
            size = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height = size
    raw = zlib.decompress(idat)
    assert len(raw) == height * (1 + 4 * width)
    return width, height, raw


def test_icons_are_valid_pngs_of_the_right_size():
    files = icons.all_icons()
    for name, (size, _, full_bleed) in icons.ICONS.items():
        width, height, raw = _decode_png(files[name])
        assert (width, height) == (size, size)
        stride = 1 + 4 * size
        corner_alpha = raw[1 + 3]
        centre = raw[
            (size // 2) * stride + 1 + 4 * (size // 2) : (size // 2) * stride + 5 + 4 * (size // 2)
        ]
        assert centre[3] == 255, name  # the artwork covers the middle
        # maskable / Apple icons fill their square; the others keep transparent corners
        assert corner_alpha == (255 if full_bleed else 0), name
    assert files["icon.svg"].startswith(b"<svg")


def test_park_drawing_geometry():
    park = load_park("river")
    drawing = parkview.draw_park(park)
    assert len(drawing.hexes) == len(park.spaces)
    left, top, width, height = drawing.view_box
    for shape, space in zip(drawing.hexes, park.spaces, strict=True):
        assert shape.at == space.at
        x, y = shape.centre
        assert (x, y) == pytest.approx(
            (math.sqrt(3) * (space.at[0] + space.at[1] / 2), 1.5 * space.at[1])
        )
        corners = [tuple(map(float, p.split(","))) for p in shape.points.split()]
        assert len(corners) == 6
        for cx, cy in corners:
            assert math.hypot(cx - x, cy - y) == pytest.approx(0.97, abs=1e-3)
            assert left <= cx <= left + width and top <= cy <= top + height
    # neighbouring hexes are one hex width apart (pointy-top)
    dq, dr = NEIGHBOUR_OFFSETS[0]
    a, b = parkview.centre(0, 0), parkview.centre(dq, dr)
    assert math.dist(a, b) == pytest.approx(math.sqrt(3))
    for (x1, y1), (x2, y2) in drawing.river_links:
        assert math.dist((x1, y1), (x2, y2)) == pytest.approx(math.sqrt(3))
    assert "river" in parkview.describe(next(s for s in park.spaces if s.river))
