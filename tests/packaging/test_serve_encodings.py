"""The build writes brotli and gzip copies beside the files that compress, and tools/serve.py
sends brotli to a client that accepts it, gzip otherwise, the file itself to one that accepts
neither (issue 25: fewer bytes on a phone's first visit)."""

from __future__ import annotations

import gzip
import os
import urllib.error
import urllib.request

import brotli
import pytest

from tools import build_site
from tools.serve import _accepts, make_server, start_in_thread

TEXT = "<p>" + "hello caldera " * 300


@pytest.fixture
def site(tmp_path):
    files = {
        "index.html": TEXT.encode(),
        "a.zip": b"PK" + b"z" * 500,  # a stored archive: compresses
        "a.png": os.urandom(300),  # an image: never precompressed
        "tiny.txt": b"x",
    }
    for path, data in files.items():
        (tmp_path / path).write_bytes(data)
    sizes = build_site.precompress(tmp_path, files, cache=tmp_path / "cache")
    server = make_server(tmp_path)
    start_in_thread(server)
    host, port = server.server_address[:2]
    yield tmp_path, f"http://{host}:{port}", sizes
    server.shutdown()
    server.server_close()


def get(url, **headers):
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), b""


def test_precompress_writes_smaller_copies_only_where_they_help(site):
    root, _, sizes = site
    assert brotli.decompress((root / "index.html.br").read_bytes()) == TEXT.encode()
    assert gzip.decompress((root / "index.html.gz").read_bytes()) == TEXT.encode()
    assert sizes[".br"]["index.html"] == (root / "index.html.br").stat().st_size < len(TEXT)
    # a PNG is compressed already; one byte cannot get smaller; a stored zip archive is worth it
    assert not (root / "a.png.br").exists() and not (root / "a.png.gz").exists()
    assert (root / "a.zip.br").exists() and (root / "a.zip.gz").exists()
    assert not (root / "tiny.txt.br").exists() and not (root / "tiny.txt.gz").exists()
    # brotli kept per content hash: the next build reads it instead of compressing again
    key = build_site._sha256(TEXT.encode())
    for suffix in (".br", ".gz"):
        (cached,) = (root / "cache").glob(f"{key}.*{suffix}")
        assert cached.read_bytes() == (root / f"index.html{suffix}").read_bytes()
    # gzip made by zopfli: smaller than zlib's best, read by any gzip reader
    assert (root / "index.html.gz").stat().st_size <= len(gzip.compress(TEXT.encode(), 9))


def test_brotli_when_accepted_gzip_otherwise_plain_without(site):
    root, url, _ = site
    status, headers, body = get(url + "/", **{"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert (status, headers["Content-Encoding"], headers["Vary"]) == (200, "br", "Accept-Encoding")
    assert body == (root / "index.html.br").read_bytes()
    assert brotli.decompress(body) == TEXT.encode()
    assert headers["Content-Type"].startswith("text/html")
    status, headers, body = get(url + "/index.html", **{"Accept-Encoding": "gzip"})
    assert (status, headers["Content-Encoding"]) == (200, "gzip")
    assert gzip.decompress(body) == TEXT.encode()
    # br refused with q=0: gzip
    status, headers, body = get(url + "/", **{"Accept-Encoding": "br;q=0, gzip"})
    assert headers["Content-Encoding"] == "gzip"
    status, headers, body = get(url + "/", **{"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in headers and body == TEXT.encode()
    status, headers, body = get(url + "/a.zip", **{"Accept-Encoding": "br, gzip"})
    assert headers["Content-Encoding"] == "br" and brotli.decompress(body).startswith(b"PKzz")
    assert headers["Content-Type"] == "application/zip"
    status, headers, body = get(url + "/a.png", **{"Accept-Encoding": "br, gzip"})
    assert "Content-Encoding" not in headers and len(body) == 300
    # a revalidation answers 304 whichever encoding was sent
    status, first, _ = get(url + "/", **{"Accept-Encoding": "br"})
    status, _, _ = get(
        url + "/", **{"Accept-Encoding": "br", "If-Modified-Since": first["Last-Modified"]}
    )
    assert status == 304


def test_a_server_without_brotli_answers_gzip(site):
    root, _, _ = site
    server = make_server(root, brotli=False)
    start_in_thread(server)
    host, port = server.server_address[:2]
    try:
        _, headers, body = get(f"http://{host}:{port}/", **{"Accept-Encoding": "br, gzip"})
        assert headers["Content-Encoding"] == "gzip"
        assert body == (root / "index.html.gz").read_bytes()
    finally:
        server.shutdown()
        server.server_close()


def test_a_stale_precompressed_copy_is_never_sent(site):
    root, url, _ = site
    newer = "<p>changed after the build"
    (root / "index.html").write_text(newer)
    older = os.stat(root / "index.html").st_mtime_ns - 10**9
    for suffix in (".br", ".gz"):
        os.utime(root / f"index.html{suffix}", ns=(older, older))
    status, headers, body = get(url + "/", **{"Accept-Encoding": "br, gzip"})
    assert headers["Content-Encoding"] == "gzip"  # made from the file itself
    assert gzip.decompress(body).decode() == newer


def test_stored_zip_keeps_every_entry_and_relock_the_hash(tmp_path):
    import io
    import json
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(zipfile.ZipInfo("a/b.pyc", (2020, 1, 1, 0, 0, 0)), b"x" * 1000)
        zf.writestr(zipfile.ZipInfo("c.txt", (2020, 1, 1, 0, 0, 0)), b"hello")
    stored = build_site.stored_zip(buffer.getvalue())
    with zipfile.ZipFile(io.BytesIO(stored)) as zf:
        assert [i.filename for i in zf.infolist()] == ["a/b.pyc", "c.txt"]
        assert {i.compress_type for i in zf.infolist()} == {zipfile.ZIP_STORED}
        assert zf.read("a/b.pyc") == b"x" * 1000 and zf.read("c.txt") == b"hello"
        assert zf.infolist()[0].date_time == (2020, 1, 1, 0, 0, 0)
    lock = json.dumps({"packages": {"p": {"file_name": "p.whl", "sha256": "old"}}}).encode()
    new = json.loads(build_site.relock(lock, "p.whl", stored))
    assert new["packages"]["p"]["sha256"] == build_site._sha256(stored)
    with pytest.raises(build_site.BuildError):
        build_site.relock(lock, "other.whl", stored)


def test_accept_encoding_parsing():
    assert _accepts("gzip, deflate, br", "br")
    assert _accepts("BR;q=0.5", "br")
    assert not _accepts("br;q=0", "br")
    assert not _accepts("gzip", "br")
    assert not _accepts("brotli", "br")


@pytest.mark.parametrize("quiet", [True, False])
def test_a_quiet_server_prints_nothing_even_for_a_missing_file(tmp_path, capfd, quiet):
    """A benchmark's pages ask for files a site lacks (a page without an icon: /favicon.ico);
    a quiet server (the benchmarks', the tests') answers 404 without a line; `make serve` (not
    quiet) prints every request, errors included."""
    (tmp_path / "index.html").write_text(TEXT)
    server = make_server(tmp_path, quiet=quiet)
    start_in_thread(server)
    host, port = server.server_address[:2]
    try:
        assert get(f"http://{host}:{port}/favicon.ico")[0] == 404
        assert get(f"http://{host}:{port}/index.html")[0] == 200
    finally:
        server.shutdown()
        server.server_close()
    err = capfd.readouterr().err
    if quiet:
        assert err == ""
    else:
        assert "404" in err and "favicon.ico" in err and "index.html" in err
