"""How the test run is laid out over pytest-xdist's workers (pyproject.toml's
addopts: ``-n auto``, one worker a core; ``python -m pytest -n0`` runs everything
in one process).

A notebook's cells stay on one worker, in order: they share one kernel (nbval).
Every browser test runs on the same worker, so one Chromium and one pair of
Jupyter servers serve them all, and so do the tests of the documentation site,
whose session fixture builds it into one folder (two workers building it at once
would delete each other's pages). Every other test goes to whichever worker is
free (a module-scoped fixture is then built once a worker).

The scheduler says so itself (xdist's ``pytest_xdist_make_scheduler`` hook): the
``xdist_group`` marks of ``--dist loadgroup`` are silently ignored with pytest 9.2
(pytest-dev/pytest-xdist#1386), which split notebooks across workers.
"""

from __future__ import annotations

try:
    from xdist.scheduler import LoadScopeScheduling
except ImportError:  # pragma: no cover - xdist is in the test extra
    LoadScopeScheduling = None


SESSION = ("tests/browser/", "tests/test_docs.py")
"""The tests that share session fixtures which must exist once (a browser and
Jupyter servers; the documentation site's build folder)."""


def work_unit(nodeid: str) -> str:
    """The unit of work a test belongs to: the tests of SESSION one unit, a notebook
    one unit, any other test a unit of its own."""
    path = nodeid.split("::", 1)[0]
    if path.startswith(SESSION):
        return "browser and docs"
    if path.endswith(".ipynb"):
        return path
    return nodeid


if LoadScopeScheduling is not None:
    class _Layout(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    def pytest_xdist_make_scheduler(config, log):
        return _Layout(config, log)
