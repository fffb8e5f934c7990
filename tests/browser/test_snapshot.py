"""Warm starts from a Python memory snapshot (static/js/pyodide-loader.mjs).

A returning visit makes the snapshot, with the app's modules imported, in a background worker
from the offline cache; later starts restore Python and the app from it (data-python-app says
"restored"), work offline, play the game, and draw fresh random numbers. A damaged snapshot, or
one of another Pyodide build, is refused, and one of another app build is never used: Python
starts the ordinary way, nothing is lost, and a good snapshot replaces the bad one.
"""

from __future__ import annotations

import random

from game_driver import game_record, new_game, play_steps, wait_for_human_or_end
from saves_driver import games_in, storage
from sitetest import (
    BOOT_TIMEOUT_MS,
    MADE,
    open_app,
    reload,
    returning_visit,
    wait_for_service_worker,
)

# where the loader keeps snapshots: an IndexedDB database with one store, keyed by the snapshot's
# URL; each record is {bytes: Uint8Array, sha256: hex digest of bytes}
SNAPSHOTS = "caldera-snapshots"
# `snapshots(mode, work)` in the page: runs work(store) in one transaction of the snapshots'
# store, resolves to the result of the request it returns
SNAPSHOT_STORE = """
const snapshots = (mode, work) => new Promise((resolve, reject) => {
  const open = indexedDB.open("caldera-snapshots", 1);
  open.onupgradeneeded = () => open.result.createObjectStore("snapshots");
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result, tx = db.transaction("snapshots", mode);
    let request = null;
    tx.oncomplete = () => { db.close(); resolve(request && request.result); };
    tx.onerror = tx.onabort = () => { db.close(); reject(tx.error); };
    request = work(tx.objectStore("snapshots"));
  };
});
"""


# in the page: a browser where the snapshot's worker cannot start
NO_SNAPSHOT_WORKER = """
const PageWorker = window.Worker;
window.Worker = function Worker(url, options) {
  if (String(url).includes("snapshot-worker")) throw new Error("no worker here");
  return new PageWorker(url, options);
};
"""


def python(page, name: str) -> str | None:
    return page.get_attribute("html", f"data-python-{name}")


def in_snapshots(page, body: str, arg=None):
    """Evaluate `body` (a function body that may use `snapshots` and `arg`) in the page."""
    return page.evaluate(f"async (arg) => {{ {SNAPSHOT_STORE}\n{body} }}", arg)


def snapshot_keys(page) -> list[str]:
    return in_snapshots(page, "return snapshots('readonly', (store) => store.getAllKeys());")


def status(page) -> dict:
    return page.evaluate("import('./js/pyodide-loader.mjs').then(m => ({...m.status}))")


def snapshot_key(page, site_url: str, app_build: str | None = None) -> str:
    """The snapshot's URL for this Pyodide version and this (or another) app build."""
    version, build = page.evaluate(
        "import('./js/pyodide-loader.mjs').then(m => [m.version, m.APP_BUILD])"
    )
    return f"{site_url}pyodide/snapshot-{version}-{(app_build or build)[:16]}.bin"


# In the page's Python: a module the snapshot never imports (the link command line) imports
# from the files written back, and the data files read from disk again (no cache) are what the
# engines loaded: [imported before?, imported now, the park's file, Caledea's board file]
LATER_IMPORT = """
import sys
before = "pyapp.link_cli" in sys.modules
import pyapp.link_cli
from pyapp.caledea import cards
from pyapp.park import park
[before, callable(pyapp.link_cli.describe),
 park._load_file.__wrapped__("river", "river").__dict__ == park.load_park("river").__dict__,
 tuple(cards.check_board(cards._read("board.json"))) == cards.board_squares()]
"""


def in_python(page, code: str):
    return page.evaluate(
        "(code) => import('./js/pyodide-loader.mjs')"
        ".then(m => m.interpreter().runPython(code).toJs())",
        code,
    )


def wheel_requests(page) -> list[str]:
    """The app's wheel as this page requested it (from the service worker or the server)."""
    return page.evaluate(
        "performance.getEntriesByType('resource').map(e => e.name).filter(n => n.endsWith('.whl'))"
    )


def start_game_with_random_seed(page) -> int:
    new_game(page, seats=("human", "random"), seed="")
    return game_record(page)["options"]["seed"]


def test_returning_visit_makes_a_snapshot_and_later_starts_restore_it(context, site_url, served):
    page = open_app(context, site_url)
    wait_for_service_worker(page)
    assert python(page, "start") == "fresh"
    assert python(page, "files") == "wheel"
    assert len(wheel_requests(page)) == 1
    # a first visit only downloads and caches the site
    page.wait_for_timeout(2000)
    assert python(page, "made") is None
    assert snapshot_keys(page) == []

    # a snapshot left by a former Pyodide version is not used, and goes when a new one is stored;
    # so does the Cache Storage where a former build of the app kept its snapshot
    in_snapshots(
        page,
        """await snapshots('readwrite', (store) =>
             store.put({bytes: new Uint8Array(8), sha256: ''}, arg[1]));
           await (await caches.open(arg[0])).put(arg[1], new Response('old'));""",
        [SNAPSHOTS, f"{site_url}pyodide/snapshot-0.0.1.bin"],
    )
    served.counter.reset()
    assert returning_visit(page) == "stored"
    assert python(page, "start") == "fresh"
    # made in the background from the offline cache: no runtime file came from the server
    fetched = [path for path, _, _ in served.counter.requests]
    assert not any("/pyodide/" in path for path in fetched), fetched
    assert snapshot_keys(page) == [snapshot_key(page, site_url)]
    assert page.evaluate("(name) => caches.has(name)", SNAPSHOTS) is False

    # the next start restores Python, even offline, and the game plays
    context.set_offline(True)
    served.counter.reset()
    reload(page)
    assert python(page, "start") == "snapshot"
    # the app's modules came restored with Python (engines, bots, screens, strings)
    assert python(page, "app") == "restored"
    assert int(python(page, "app-modules")) >= 30
    # read and checked off the main thread, by a worker
    assert python(page, "read") == "worker"
    # and its files too: the wheel was neither fetched nor unpacked again
    assert python(page, "files") == "snapshot"
    assert wheel_requests(page) == []
    # what the snapshot did not import imports, and data files read afresh are the engine's
    assert in_python(page, LATER_IMPORT) == [False, True, True, True]
    seed = start_game_with_random_seed(page)
    play_steps(page, random.Random(5), 4)
    assert len(game_record(page)["log"]) >= 4
    page.wait_for_function(MADE, timeout=BOOT_TIMEOUT_MS)
    assert python(page, "made") == "present"  # nothing made twice
    # (Chromium's own update check of sw.js ignores Playwright's offline switch: not the app's)
    reached = [path for path, _, _ in served.counter.requests if not path.endswith("/sw.js")]
    assert reached == [], "an offline start must not reach the server"

    # every restored start draws its own random numbers, not the snapshot's
    reload(page)
    assert python(page, "start") == "snapshot"
    assert game_record(page)["options"]["seed"] == seed  # the running game resumed
    page.locator("[data-action=menu-new]").click()
    assert start_game_with_random_seed(page) != seed

    # where the reading worker cannot start, the page reads and checks the snapshot itself
    page.add_init_script(NO_SNAPSHOT_WORKER)
    reload(page)
    assert (python(page, "start"), python(page, "read")) == ("snapshot", "page")


def _replace_snapshot(page, how: str) -> None:
    """Overwrite the stored snapshot: "damaged" (bytes that fail their digest) or "foreign" (a
    consistent snapshot whose Pyodide build id is not this runtime's)."""
    in_snapshots(
        page,
        """const [key] = await snapshots('readonly', (store) => store.getAllKeys());
           const record = await snapshots('readonly', (store) => store.get(key));
           const bytes = record.bytes;
           if (arg === "damaged") {
             bytes.fill(7, 1000, 2000);
           } else {
             bytes[20] ^= 0xff; // inside the build id Pyodide writes in the snapshot's header
             const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
             record.sha256 = Array.from(digest, b => b.toString(16).padStart(2, "0")).join("");
           }
           await snapshots('readwrite', (store) => store.put(record, key));""",
        how,
    )


def test_a_damaged_or_foreign_snapshot_is_refused_and_replaced(context, site_url):
    page = open_app(context, site_url)
    wait_for_service_worker(page)
    assert returning_visit(page) == "stored"
    new_game(page, seats=("human", "random"), seed="11")
    wait_for_human_or_end(page)
    saved = {key: game["record"] for key, game in games_in(storage(page)).items()}
    assert len(saved) == 1

    for how, why in (("damaged", "damaged"), ("foreign", "build id")):
        _replace_snapshot(page, how)
        assert returning_visit(page) == "stored", how  # a good one replaces it
        assert python(page, "start") == "refused", how
        assert why in status(page)["detail"], (how, status(page))
        assert python(page, "read") == "worker", how  # (its digest checked there)
        # the app starts the ordinary way, resumes the game, and nothing saved is lost
        wait_for_human_or_end(page)
        assert game_record(page)["options"]["seed"] == 11
        assert {key: game["record"] for key, game in games_in(storage(page)).items()} == saved

    reload(page)
    assert python(page, "start") == "snapshot"


def test_a_snapshot_of_another_app_build_is_not_used(context, site_url):
    """Same Pyodide, another build of the app: its snapshot (whose modules are another
    version's) is never restored; the app starts fresh and stores its own, dropping the other."""
    page = open_app(context, site_url)
    wait_for_service_worker(page)
    assert returning_visit(page) == "stored"
    ours, other = snapshot_key(page, site_url), snapshot_key(page, site_url, "0" * 16)
    in_snapshots(
        page,
        """const record = await snapshots('readonly', (store) => store.get(arg[0]));
           await snapshots('readwrite',
                           (store) => (store.delete(arg[0]), store.put(record, arg[1])));""",
        [ours, other],
    )
    assert snapshot_keys(page) == [other]
    assert returning_visit(page) == "stored"
    assert python(page, "start") == "fresh"
    assert python(page, "app") == "imported"
    assert snapshot_keys(page) == [ours]
    reload(page)
    assert python(page, "start") == "snapshot"
    assert python(page, "app") == "restored"
