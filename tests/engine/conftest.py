"""Engine suite setup: make the repository root importable (``pyapp``) and the shared helpers
(``engine_helpers``, beside this file) importable from the test modules."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
for path in (HERE.parents[1], HERE):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))
