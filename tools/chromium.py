"""The system Chromium the tests and benchmarks drive (never a downloaded browser).

``find_chromium()``: ``$CHROMIUM_PATH``, else ``/usr/bin/chromium`` (Debian's package), else
``chromium`` on PATH. ``CHROMIUM_ARGS``: the flags a headless run as root on this machine needs
(no sandbox for root; no background, update, sync or QUIC traffic, which a closed network
refuses; no GPU).
"""

from __future__ import annotations

import os
import shutil

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-gpu",
    "--disable-dev-shm-usage",
]


def find_chromium() -> str | None:
    candidates = [os.environ.get("CHROMIUM_PATH"), "/usr/bin/chromium", shutil.which("chromium")]
    for path in candidates:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None
