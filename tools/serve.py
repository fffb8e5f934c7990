"""Serve a built site (``dist/``) as plain static files on localhost.

Used by ``make serve`` and, as a library, by the browser tests and the startup benchmark. It is
a threaded ``http.server`` with the MIME types the site needs (``.mjs``, ``.wasm``,
``.webmanifest``) and ``Cache-Control: no-cache``, so a browser revalidates every file and a new
build is picked up at once. Like a static host, it answers with compressed bodies when the
browser accepts them: the build's precompressed ``FILE.br`` (brotli, ``Content-Encoding: br``)
when the request's ``Accept-Encoding`` names ``br``, else its ``FILE.gz``; a file without them
(a directory built without precompressed files) is gzip-compressed here, once per file version
and kept in memory, unless it is a zip archive, a wheel or a PNG image, usually compressed
already. Optionally the site is mounted under a sub-path (``--prefix``) to show that it only
uses relative URLs, and every response's size is counted.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import http.server
import os
import sys
import threading
from pathlib import Path

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".toml": "text/plain; charset=utf-8",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".txt": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
}


# already compressed: sent as they are
INCOMPRESSIBLE = (".zip", ".whl", ".png", ".gz", ".br")
_GZIP_CACHE: dict[tuple[str, int, int], bytes] = {}
_GZIP_LOCK = threading.Lock()


def _accepts(header: str, coding: str) -> bool:
    """Whether an Accept-Encoding header accepts ``coding`` (named with a q other than 0)."""
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        if name.strip().lower() != coding:
            continue
        q = params.strip().lower().replace(" ", "")
        return not (q.startswith("q=") and q[2:] in ("0", "0.", "0.0", "0.00", "0.000"))
    return False


def encoded(path: str, accept: str, brotli: bool = True) -> tuple[str, bytes] | None:
    """(content coding, body) for ``path`` under the request's Accept-Encoding: the build's
    precompressed ``.br``, else its ``.gz``, else gzip made here; None to send the file as is."""
    for coding, suffix in (("br", ".br"), ("gzip", ".gz")):
        if coding == "br" and not brotli:
            continue
        stored = path + suffix
        fresh = os.path.isfile(stored) and os.stat(stored).st_mtime_ns >= os.stat(path).st_mtime_ns
        if _accepts(accept, coding) and fresh:  # never a copy older than its file
            with open(stored, "rb") as f:
                return coding, f.read()
    if _accepts(accept, "gzip") and not path.endswith(INCOMPRESSIBLE):
        return "gzip", gzipped(path)
    return None


def gzipped(path: str) -> bytes:
    """The file's bytes gzip-compressed (level 6, no timestamp), cached per (path, mtime, size)."""
    stat = os.stat(path)
    key = (path, stat.st_mtime_ns, stat.st_size)
    with _GZIP_LOCK:
        found = _GZIP_CACHE.get(key)
    if found is None:
        with open(path, "rb") as f:
            found = gzip.compress(f.read(), compresslevel=6, mtime=0)
        with _GZIP_LOCK:
            _GZIP_CACHE[key] = found
    return found


class Counter:
    """Bytes and requests answered, shared by every handler thread of one server."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.bytes = 0
        self.requests: list[tuple[str, int, int]] = []  # (path, status, bytes)

    def add(self, path: str, status: int, size: int) -> None:
        with self.lock:
            self.bytes += size
            self.requests.append((path, status, size))

    def reset(self) -> None:
        with self.lock:
            self.bytes = 0
            self.requests.clear()


class _CountingWriter:
    def __init__(self, raw, handler: SiteHandler) -> None:
        self.raw = raw
        self.handler = handler

    def write(self, data) -> int:
        self.handler.bytes_sent += len(data)
        return self.raw.write(data)

    def flush(self) -> None:
        self.raw.flush()

    def __getattr__(self, name):
        return getattr(self.raw, name)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    prefix = "/"
    counter: Counter | None = None
    quiet = True
    brotli = True  # False: gzip only, as a host without brotli (the phone benchmark's figures)

    def setup(self) -> None:
        super().setup()
        self.bytes_sent = 0
        self.wfile = _CountingWriter(self.wfile, self)

    def translate_path(self, path: str) -> str:
        bare = path.split("?", 1)[0].split("#", 1)[0]
        if not bare.startswith(self.prefix):
            return os.path.join(self.directory, ".outside-the-mount", "missing")  # 404
        return super().translate_path("/" + path[len(self.prefix) :])

    def do_GET(self) -> None:
        if self.prefix != "/" and self.path == self.prefix.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if self._send_encoded():
            return
        super().do_GET()

    def _send_encoded(self) -> bool:
        """Answer with the compressed file (brotli or gzip) when it is one worth compressing and
        the client accepts it; False to let the plain handler answer (directories, 404s,
        ranges...)."""
        accepts = self.headers.get("Accept-Encoding", "")
        if not (_accepts(accepts, "br") or _accepts(accepts, "gzip")) or self.headers.get("Range"):
            return False
        path = self.translate_path(self.path)
        if os.path.isdir(path) and not self.path.split("?", 1)[0].endswith("/"):
            return False  # the plain handler redirects to the slash
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path) or path.endswith((".br", ".gz")):
            return False
        mtime = int(os.stat(path).st_mtime)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                unchanged = email.utils.parsedate_to_datetime(since).timestamp() >= mtime
            except (TypeError, ValueError, IndexError, OverflowError):
                unchanged = False
            if unchanged:  # revalidation of a cached copy, as the plain handler answers it
                self.send_response(304)
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return True
        answer = encoded(path, accepts, self.brotli)
        if answer is None:
            return False
        coding, body = answer
        self.send_response(200)
        self.send_header("Last-Modified", self.date_time_string(mtime))
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", coding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        return True

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_request(self, code="-", size="-") -> None:
        self._status = int(code) if str(code).isdigit() else 0
        if not self.quiet:
            super().log_request(code, size)

    def log_error(self, format, *args) -> None:  # noqa: A002 (the base class's name)
        """An answered error (a 404: a browser asks a page without an icon for /favicon.ico) is
        a request like any other: printed only when the server is not quiet."""
        if not self.quiet:
            super().log_error(format, *args)

    def handle_one_request(self) -> None:
        self.bytes_sent = 0
        self._status = 0
        super().handle_one_request()
        if self.counter is not None and getattr(self, "command", None):
            self.counter.add(self.path, self._status, self.bytes_sent)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        """A browser that goes away mid-answer (a page closed or navigated while a file was
        sent) is normal: no traceback for it; anything else is printed as usual."""
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_server(
    directory: str | Path,
    host: str = "127.0.0.1",
    port: int = 0,
    prefix: str = "/",
    counter: Counter | None = None,
    quiet: bool = True,
    brotli: bool = True,
) -> SiteServer:
    """A server for ``directory`` mounted at ``prefix`` (port 0 picks a free port); ``brotli``
    False answers gzip even to a browser that accepts br."""
    if not prefix.startswith("/") or not prefix.endswith("/"):
        raise ValueError(f"prefix must start and end with '/': {prefix!r}")
    handler = type(
        "BoundSiteHandler",
        (SiteHandler,),
        {"prefix": prefix, "counter": counter, "quiet": quiet, "brotli": brotli},
    )
    return SiteServer((host, port), functools.partial(handler, directory=str(directory)))


def start_in_thread(server: SiteServer) -> threading.Thread:
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    return thread


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "directory", nargs="?", default="dist", help="the built site (default dist)"
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/", help="serve the site under this sub-path")
    args = parser.parse_args(argv)
    directory = Path(args.directory)
    if not (directory / "index.html").is_file():
        print(
            f"serve: {directory}/index.html not found; build the site first (make site)",
            file=sys.stderr,
        )
        return 2
    try:
        server = make_server(directory, args.host, args.port, args.prefix, quiet=False)
    except OSError as exc:
        print(f"serve: cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return 2
    host, port = server.server_address[:2]
    print(f"Serving {directory}/ at http://{host}:{port}{args.prefix}  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
