"""How the test run is laid out over pytest-xdist's workers (pyproject.toml's
addopts: ``-n auto --dist loadgroup``, one worker a core).

A notebook's cells stay on one worker, in order: they share one kernel (nbval).
Every browser test runs on the same worker, so one Chromium and one pair of
Jupyter servers serve them all. Every other test goes wherever a worker is free
(a module-scoped fixture is then built once a worker). ``python -m pytest -n0``
runs everything in one process.
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
        if BROWSER in path.parents:
            item.add_marker(pytest.mark.xdist_group("browser"))
        elif path.suffix == ".ipynb":
            item.add_marker(pytest.mark.xdist_group(path.name))
