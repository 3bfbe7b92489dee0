"""How the test run is laid out over pytest-xdist's workers (pyproject.toml's
addopts: ``-n auto --dist loadgroup``, one worker a core).

Every test file stays on one worker: a notebook's cells share one kernel and run
in order (nbval), and a module's fixtures are built once. Every browser test runs
on the same worker, so one Chromium and one pair of Jupyter servers serve them
all. ``python -m pytest -n0`` runs everything in one process.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
BROWSER = ROOT / "tests" / "browser"


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    for item in items:
        path = Path(str(item.path))
        group = "browser" if BROWSER in path.parents else str(path.relative_to(ROOT)) \
            if ROOT in path.parents else str(path)
        item.add_marker(pytest.mark.xdist_group(group))
