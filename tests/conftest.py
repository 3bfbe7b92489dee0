"""Fixtures shared by the test modules of more than one folder."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "build" / "docs" / "html"
#: README's command; -E: read every page afresh, so that a warning is never hidden by
#: a page that an earlier build already read
DOCS_BUILD = [sys.executable, "-m", "sphinx", "-E", "-W", "-n", "--keep-going", "-q",
              "-b", "html", "docs", str(SITE.relative_to(ROOT))]


@pytest.fixture(scope="session")
def docs_site():
    """The documentation site, built once a session (strict) into build/docs/html,
    where README says to open it. Returns (folder, completed process, seconds)."""
    env = dict(os.environ)
    # the kernels that run the how-to pages import this checkout's nbgames
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    env.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    shutil.rmtree(SITE, ignore_errors=True)     # nothing left over from an earlier build
    t0 = time.perf_counter()
    proc = subprocess.run(DOCS_BUILD, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=900)
    return SITE, proc, time.perf_counter() - t0
