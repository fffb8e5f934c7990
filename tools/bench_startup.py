"""Startup benchmark: time from navigation to ``data-app-ready``, and bytes on the wire.

    python tools/bench_startup.py [--runs 5] [--json FILE]      (or: make bench-startup)

Builds the site into a temporary directory and serves, on localhost:
- the app;
- a *bare* PyScript page on the same runtime (same PyScript core, the pinned npm Pyodide as it
  comes: its own standard library and lock file; same plug-ins off, no app code: its Python only
  sets ``data-app-ready``);
- the *shell*: the real site (boot screen, service worker, precache, snapshot) whose Python start
  only says ready, to tell the shell's own cost from the game's start (imports, first screen);
and drives Debian's Chromium (headless, a new empty profile per cold run) with Playwright:

- cold: a new empty profile, first visit; bytes = what the server sent until ready, and for the
  whole first visit (until the service worker has finished precaching);
- warm: Chromium relaunched on the same profile, visiting again (the app is served by its
  service worker; the bare page, which has none, from the HTTP cache with revalidation).
  Every visit is a fresh browser process, as when a phone reopens the app. The first warm
  visit is reported apart: Chromium builds its compiled-code cache for files served by the
  service worker then, so later starts are the usual ones ("warm": median of visits 3 on).
  The first warm visit is also the first returning one, on which the app makes its Python
  memory snapshot in the background after ready (static/js/pyodide-loader.mjs); each visit
  lasts until that is stored, as a player's session would, so later starts restore Python
  from it. The bench prints how many counted warm visits did.

Times are read in the page (``performance.now()`` when the attribute appears; the navigation
starts at 0). Medians are reported with min and max, and checked against the goals: app/bare
cold ratio <= 1.1, app/shell warm ratio <= 1.1, first visit over the wire <= 5 MB (the server
gzips as a static host does: tools/serve.py; the bytes of the files are reported too), built site
smaller than 12.66 MB. The ratios are taken of the medians of one run of this tool, every page
interleaved. This is a benchmark that prints figures, not a test: it exits 0 whatever the
figures, and 1 only if a page does not boot.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
import zipfile
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.build_site import PYODIDE_FILES, ROOT, build
from tools.chromium import CHROMIUM_ARGS, find_chromium
from tools.serve import Counter, make_server, start_in_thread

# the runtime's files a page of the pinned Pyodide loads
RUNTIME_FILES = (*PYODIDE_FILES, "python_stdlib.zip", "pyodide-lock.json")
GOALS = {"ratio": 1.1, "warm_ratio_shell": 1.1, "first_visit_mb": 5.0, "site_mb": 12.66}
TIMEOUT_MS = 120_000
READY_PROBE = """
new MutationObserver((_, observer) => {
  if (document.documentElement && document.documentElement.hasAttribute('data-app-ready')) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, childList: true});
"""

BARE_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Bare PyScript page</title>
  <script type="module" src="./pyscript/core.js"></script>
</head>
<body>
  <mpy-config>{"plugins": PLUGINS}</mpy-config>
  <script type="py" config="./pyscript.toml">
import js
js.document.documentElement.setAttribute("data-app-ready", "")
  </script>
</body>
</html>
"""


def make_bare_page(site: Path, out: Path, root: Path = ROOT) -> None:
    """A page with only the runtime: the site's PyScript core and the npm Pyodide as it comes."""
    config = (site / "pyscript.toml").read_text()
    plugins = json.dumps(
        [
            "!codemirror",
            "!deprecations-manager",
            "!donkey",
            "!error",
            "!py-editor",
            "!py-game",
            "!py-terminal",
        ]
    )
    # the pinned Pyodide loaded directly (not through the app's loader), with the same plug-ins
    # off and no app files
    bare_config = re.sub(
        r'^interpreter = ".*"$',
        'interpreter = "./pyodide/pyodide.mjs"',
        config.split("# No files section")[0],
        flags=re.M,
    )
    out.mkdir(parents=True)
    shutil.copytree(site / "pyscript", out / "pyscript")
    (out / "pyodide").mkdir()
    npm = root / "node_modules" / "pyodide"
    for name in RUNTIME_FILES:
        shutil.copy(npm / name, out / "pyodide" / name)
    (out / "pyscript.toml").write_text(bare_config)
    (out / "index.html").write_text(BARE_HTML.replace("PLUGINS", plugins))


SHELL_MAIN = b"""import js


def main():
    js.performance.mark("caldera:drawn")  # the app's last phase mark (tools/bench_engines.py)
    js.CalderaBoot.ready()
"""


def make_shell_page(site: Path, out: Path) -> None:
    """The real site (boot screen, service worker, precache) whose Python start only says ready:
    what the shell costs, without the game's own start (imports and first screen). Its wheel
    carries a ``main.py`` source instead of ``main.pyc`` (Python prefers a source to bytecode);
    the lock's and the precache's hashes are updated to match."""
    shutil.copytree(site, out)
    lock_path = out / "pyodide" / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    ((name, entry),) = lock["packages"].items()
    wheel_path = out / "pyodide" / entry["file_name"]
    old = wheel_path.read_bytes()
    buffer = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(old)) as src, zipfile.ZipFile(buffer, "w") as dst:
        for item in src.infolist():
            if item.filename == "pyapp/ui/main.pyc":
                dst.writestr("pyapp/ui/main.py", SHELL_MAIN)
            else:
                dst.writestr(item, src.read(item))
    new = buffer.getvalue()
    wheel_path.write_bytes(new)
    entry["sha256"] = hashlib.sha256(new).hexdigest()
    old_lock = lock_path.read_bytes()
    lock_path.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    sw = (out / "sw.js").read_text()
    for before, after in ((old, new), (old_lock, lock_path.read_bytes())):
        sw = sw.replace(hashlib.sha256(before).hexdigest(), hashlib.sha256(after).hexdigest())
    (out / "sw.js").write_text(sw)


# The runtime alone, from a snapshot (tools/bench_phone.py and tools/bench_engines.py's
# ``--floor``): the site's pinned Pyodide loaded by a module script, with no PyScript, no page and
# no app; its first visit makes a snapshot of the fresh interpreter and stores it in IndexedDB,
# every later one restores Python from it (read in a worker, transferred, as the app reads its
# own; no checksum), and a service worker of a few lines answers every request with the cache's
# own response (so Chromium's compiled code is used, as for the app). Ready once Python has run a
# line: the least a warm start of any page on this stack costs, before its own work.
RUNTIME_HTML = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>Pyodide from a snapshot</title></head>
<body><p>Pyodide from a snapshot</p>
<script type="module">
const mark = (name) => performance.mark("caldera:" + name);
const html = document.documentElement;
mark("python");
// as the app does (static/js/pyodide-loader.mjs): no stack switching for Pyodide
for (const name of ["Suspending", "promising", "Suspender"]) {
  Reflect.deleteProperty(WebAssembly, name);
}
const KEY = "snapshot";
const open = () => new Promise((resolve, reject) => {
  const request = indexedDB.open("floor", 1);
  request.onupgradeneeded = () => request.result.createObjectStore("snapshots");
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});
const db = await open();
const found = await new Promise((resolve, reject) => {
  const request = db.transaction("snapshots").objectStore("snapshots").count(KEY);
  request.onsuccess = () => resolve(request.result > 0);
  request.onerror = () => reject(request.error);
});
const read = () => new Promise((resolve, reject) => {
  const worker = new Worker("./read.js");
  worker.onmessage = ({ data }) => {
    worker.terminate();
    data ? resolve(data) : reject(new Error("no snapshot stored"));
  };
  worker.onerror = (event) => reject(new Error(event.message));
});
const { loadPyodide } = await import("./pyodide/pyodide.mjs");
const indexURL = new URL("./pyodide/", location.href).href;
let pyodide;
if (found) {
  pyodide = await loadPyodide({ indexURL, _loadSnapshot: read() });
} else {
  pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
  const bytes = pyodide.makeMemorySnapshot();
  await new Promise((resolve, reject) => {
    const tx = db.transaction("snapshots", "readwrite");
    tx.objectStore("snapshots").put(bytes, KEY);
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
}
db.close();
mark("python-started");
pyodide.runPython("import sys");
mark("app");
mark("drawn");
html.setAttribute("data-python-start", found ? "snapshot" : "fresh");
html.setAttribute("data-python-read", found ? "worker" : "");
html.setAttribute("data-python-made", found ? "present" : "stored");
html.setAttribute("data-app-ready", "");
navigator.serviceWorker.register("sw.js");
</script>
</body>
</html>
"""
RUNTIME_READER = """const open = indexedDB.open("floor", 1);
open.onsuccess = () => {
  const request = open.result.transaction("snapshots").objectStore("snapshots").get("snapshot");
  request.onsuccess = () => {
    const bytes = request.result;
    postMessage(bytes, bytes ? [bytes.buffer] : []);
  };
};
"""
CACHE_FIRST_WORKER = """const FILES = __FILES__;
self.addEventListener("install", (e) =>
  e.waitUntil(caches.open("floor").then((c) => c.addAll(FILES)).then(() => self.skipWaiting())));
self.addEventListener("activate", (e) => e.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (e) =>
  e.respondWith(caches.match(e.request).then((r) => r || fetch(e.request))));
"""


def cache_first_worker(files: list[str]) -> str:
    """A service worker of a few lines for the benchmarks' floor pages: it caches ``files`` as
    it installs and answers every request with the cache's own response (else the network)."""
    return CACHE_FIRST_WORKER.replace("__FILES__", json.dumps(files))


def make_runtime_page(site: Path, out: Path) -> None:
    """The runtime alone, restored from a snapshot (RUNTIME_HTML): the site's own Pyodide files
    (the same standard library and lock as the app's), no PyScript, no app."""
    out.mkdir(parents=True)
    (out / "pyodide").mkdir()
    for name in RUNTIME_FILES:
        shutil.copy(site / "pyodide" / name, out / "pyodide" / name)
    (out / "index.html").write_text(RUNTIME_HTML)
    (out / "read.js").write_text(RUNTIME_READER)
    files = ["./", "read.js", *(f"pyodide/{name}" for name in RUNTIME_FILES)]
    (out / "sw.js").write_text(cache_first_worker(files))


class Bench:
    """Each visit launches Chromium on a profile directory and closes it afterwards, so a warm
    start uses only what a relaunched browser has on disk (service-worker cache, HTTP cache,
    code cache), not a renderer process that still holds the compiled runtime."""

    def __init__(self, driver, chromium: str, work: Path, warm_visits: int, served: Path) -> None:
        self.served = served  # the directory the server serves, for the sizes of the files
        self.driver = driver
        self.chromium = chromium
        self.work = work
        self.warm_visits = warm_visits
        self.profiles = 0
        self.crashes: list[str] = []
        self.starts: dict[str, list[str]] = {}  # url -> how Python started, counted warm visits

    def new_profile(self) -> Path:
        self.profiles += 1
        return self.work / f"profile-{self.profiles}"

    def visit(self, profile: Path, url: str, counter: Counter, service_worker: bool) -> dict:
        """One visit; a renderer crash (seen on this shared machine under heavy load) is
        reported in ``self.crashes`` and the visit made once more."""
        try:
            return self._visit(profile, url, counter, service_worker)
        except Exception as exc:
            if "crash" not in str(exc).lower():
                raise
            self.crashes.append(f"{url}: {str(exc).splitlines()[0]}")
            print(f"  (renderer crashed on {url}; visiting again)", flush=True)
            return self._visit(profile, url, counter, service_worker)

    def _visit(self, profile: Path, url: str, counter: Counter, service_worker: bool) -> dict:
        context = self.driver.chromium.launch_persistent_context(
            str(profile), executable_path=self.chromium, args=CHROMIUM_ARGS, headless=True
        )
        try:
            context.add_init_script(READY_PROBE)
            page = context.new_page()
            counter.reset()
            page.goto(url)
            page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS, polling=50)
            seconds = page.evaluate("window.__readyAt") / 1000.0
            bytes_ready = counter.bytes
            files_ready = self.file_bytes(counter)
            if service_worker:
                page.wait_for_function(
                    "navigator.serviceWorker.controller?.state === 'activated'",
                    timeout=TIMEOUT_MS,
                    polling=100,
                )
                # a returning visit makes the Python snapshot in the background after ready:
                # the visit lasts until it is stored, as a player's session would
                page.wait_for_function(
                    "!CalderaBoot.state.makesSnapshot"
                    " || document.documentElement.hasAttribute('data-python-made')",
                    timeout=TIMEOUT_MS,
                    polling=100,
                )
            start = page.evaluate("document.documentElement.getAttribute('data-python-start')")
            time.sleep(1.0)  # let caches settle before the browser closes
            return {
                "s": seconds,
                "bytes_ready": bytes_ready,
                "bytes_visit": counter.bytes,
                "files_ready": files_ready,
                "files_visit": self.file_bytes(counter),
                "python": start or "-",
            }
        finally:
            context.close()

    def file_bytes(self, counter: Counter) -> int:
        """The size of the files the server answered in full (200), as they are on disk."""
        total = 0
        for path, status, _ in list(counter.requests):
            bare = path.split("?", 1)[0].lstrip("/")
            file = self.served / bare
            if bare.endswith("/") or not bare:
                file = file / "index.html"
            if status == 200 and file.is_file():
                total += file.stat().st_size
        return total

    def run(self, url: str, counter: Counter, service_worker: bool) -> dict:
        profile = self.new_profile()
        cold = self.visit(profile, url, counter, service_worker)
        warm = [self.visit(profile, url, counter, service_worker) for _ in range(self.warm_visits)]
        self.starts.setdefault(url, []).extend(w["python"] for w in warm[1:])
        return {
            "cold_s": cold["s"],
            "first_warm_s": warm[0]["s"],
            "warm_s": statistics.median(w["s"] for w in warm[1:]),
            "bytes_until_ready": cold["bytes_ready"],
            "bytes_first_visit": cold["bytes_visit"],
            "files_until_ready": cold["files_ready"],
            "files_first_visit": cold["files_visit"],
            "bytes_warm": max(w["bytes_visit"] for w in warm),
        }


def summarise(runs: list[dict], key: str) -> dict:
    values = [r[key] for r in runs]
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Startup benchmark of the app vs a bare page.")
    parser.add_argument("--runs", type=int, default=5, help="runs of each page (default 5)")
    parser.add_argument(
        "--warm-visits", type=int, default=3, help="warm visits per run (at least 2; default 3)"
    )
    parser.add_argument("--json", help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    if args.warm_visits < 2:
        parser.error("--warm-visits must be at least 2")

    from playwright.sync_api import sync_playwright

    chromium = find_chromium()
    if not chromium:
        print("bench: no Chromium found (make bench-startup installs it)", file=sys.stderr)
        return 1

    load_before = os.getloadavg()[0]
    work = Path(tempfile.mkdtemp(prefix="caldera-bench-"))
    try:
        root = work / "www"
        manifest = build(root / "app")
        # the build's precompressed copies (FILE.br, FILE.gz) are encodings of its files, not files
        site_bytes = sum(
            p.stat().st_size
            for p in (root / "app").rglob("*")
            if p.is_file() and p.suffix not in (".br", ".gz")
        )
        make_bare_page(root / "app", root / "bare")
        make_shell_page(root / "app", root / "shell")
        counter = Counter()
        server = make_server(root, counter=counter)
        start_in_thread(server)
        host, port = server.server_address[:2]
        base = f"http://{host}:{port}/"
        app_runs, shell_runs, bare_runs = [], [], []
        with sync_playwright() as driver:
            bench = Bench(driver, chromium, work, args.warm_visits, root)
            for i in range(args.runs):
                # interleave, so a busy moment of the shared machine hits both alike
                app_runs.append(bench.run(base + "app/", counter, service_worker=True))
                shell_runs.append(bench.run(base + "shell/", counter, service_worker=True))
                bare_runs.append(bench.run(base + "bare/", counter, service_worker=False))
                a, h, b = app_runs[-1], shell_runs[-1], bare_runs[-1]
                print(
                    f"run {i + 1}/{args.runs}: cold/first warm/warm:"
                    f" app {a['cold_s']:.2f}/{a['first_warm_s']:.2f}/{a['warm_s']:.2f} s,"
                    f" shell {h['cold_s']:.2f}/{h['first_warm_s']:.2f}/{h['warm_s']:.2f} s,"
                    f" bare {b['cold_s']:.2f}/{b['first_warm_s']:.2f}/{b['warm_s']:.2f} s",
                    flush=True,
                )
        server.shutdown()
        server.server_close()
        starts = {name: bench.starts[base + name + "/"] for name in ("app", "shell")}
        crashes = bench.crashes
    except Exception as exc:  # a page that does not boot is the one failure worth an exit code
        print(f"bench: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(work, ignore_errors=True)

    result = {
        "runs": args.runs,
        "chromium": chromium,
        "build": manifest["version"],
        "site_bytes": site_bytes,
        "app": {k: summarise(app_runs, k) for k in app_runs[0]},
        "shell": {k: summarise(shell_runs, k) for k in shell_runs[0]},
        "bare": {k: summarise(bare_runs, k) for k in bare_runs[0]},
    }
    app, shell, bare = result["app"], result["shell"], result["bare"]
    ratio = app["cold_s"]["median"] / bare["cold_s"]["median"]
    warm_ratio = app["warm_s"]["median"] / bare["warm_s"]["median"]
    shell_ratio = app["warm_s"]["median"] / shell["warm_s"]["median"]
    visit_mb = app["bytes_first_visit"]["median"] / 1e6
    result.update(ratio_cold=ratio, ratio_warm=warm_ratio, ratio_warm_shell=shell_ratio)

    def fig(d: dict) -> str:
        return f"{d['median']:.2f} s (min {d['min']:.2f}, max {d['max']:.2f})"

    def verdict(ok: bool) -> str:
        return "meets goal" if ok else "MISSES goal"

    print()
    print(f"Startup, navigation to data-app-ready, median of {args.runs} runs")
    load_after = os.getloadavg()[0]
    print(
        f"  (load average before/after: {load_before:.2f}/{load_after:.2f}, {os.cpu_count()} cores)"
    )
    print(f"  app  cold (empty profile):        {fig(app['cold_s'])}")
    print(f"  shell cold (empty profile):       {fig(shell['cold_s'])}")
    print(f"  bare cold (empty profile):        {fig(bare['cold_s'])}")
    print(
        f"  app/bare cold ratio:              {ratio:.2f}  "
        f"(goal <= {GOALS['ratio']}: {verdict(ratio <= GOALS['ratio'])})"
    )
    print(f"  app  first warm (service worker): {fig(app['first_warm_s'])}")
    print(f"  shell first warm:                 {fig(shell['first_warm_s'])}")
    print(f"  bare first warm (HTTP cache):     {fig(bare['first_warm_s'])}")
    print(f"  app  warm (service worker):       {fig(app['warm_s'])}")
    print(f"  shell warm (service worker):      {fig(shell['warm_s'])}")
    print(f"  bare warm (HTTP cache):           {fig(bare['warm_s'])}")
    print(
        f"  app/shell warm ratio:             {shell_ratio:.2f}  "
        f"(goal <= {GOALS['warm_ratio_shell']}: "
        f"{verdict(shell_ratio <= GOALS['warm_ratio_shell'])})"
    )
    print(f"  app/bare warm ratio:              {warm_ratio:.2f}")
    for name, seen in starts.items():
        restored = seen.count("snapshot")
        print(f"  {name} warm visits restoring Python from its snapshot: {restored} of {len(seen)}")
    result["python_starts"] = starts
    result["crashes"] = crashes
    print(f"  renderer crashes (visits made again): {len(crashes)} {crashes if crashes else ''}")
    print("Bytes on the wire (as sent by the server, gzip where it helps, headers included)")
    print("and bytes of the files answered (as on disk):")

    def wire_and_files(label: str, side: dict, when: str, note: str = "") -> None:
        wire, files = side[f"bytes_{when}"]["median"] / 1e6, side[f"files_{when}"]["median"] / 1e6
        print(f"  {label:<34}{wire:.2f} MB wire, {files:.2f} MB files{note}")

    wire_and_files("app first load, until ready:", app, "until_ready")
    visit_ok = verdict(visit_mb <= GOALS["first_visit_mb"])
    goal = f"  (goal <= {GOALS['first_visit_mb']} MB wire: {visit_ok})"
    wire_and_files("app first visit incl. precache:", app, "first_visit", goal)
    print(f"  app warm start:                   {app['bytes_warm']['median'] / 1e3:.1f} kB")
    wire_and_files("bare first load:", bare, "until_ready")
    print(
        f"  size of the built site:           {site_bytes / 1e6:.2f} MB  "
        f"(goal < {GOALS['site_mb']} MB: {verdict(site_bytes / 1e6 < GOALS['site_mb'])})"
    )
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
