"""README.md's Python examples run, in order, in one fresh interpreter (later
examples use names the earlier ones define, as a reader's notebook would).

A block may be left out only with a reason written just above it:
``<!-- readme-test: not run: <why> -->`` (e.g. it needs a cluster of your own).
Each block's time is written to ``tests/artifacts/readme_examples.json`` (no
timing is asserted here; the README promises examples of under a minute, and the
file is where to check it)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SKIP = re.compile(r"<!--\s*readme-test:\s*not run:\s*(.+?)\s*-->\s*$")

DRIVER = r"""
import json, sys, time, traceback
blocks = json.load(open(sys.argv[1]))
ns = {"__name__": "__main__"}
out = []
for b in blocks:
    t0 = time.perf_counter()
    try:
        exec(compile(b["code"], f"README.md:{b['line']}", "exec"), ns)
        error = None
    except BaseException:
        error = traceback.format_exc()[-3000:]
    out.append({"line": b["line"], "seconds": round(time.perf_counter() - t0, 2), "error": error})
    if error:
        break
json.dump(out, open(sys.argv[2], "w"), indent=1)
"""


def python_blocks(text: str) -> list[dict]:
    """Every ```python block: its first line number, code, and the reason it is not
    run (None: it is run)."""
    lines = text.splitlines()
    blocks, i = [], 0
    while i < len(lines):
        if lines[i].strip() == "```python":
            start = i + 1
            end = next(j for j in range(start, len(lines)) if lines[j].strip() == "```")
            before = next((lines[j] for j in range(i - 1, -1, -1) if lines[j].strip()), "")
            m = SKIP.search(before)
            blocks.append({"line": start + 1, "code": "\n".join(lines[start:end]) + "\n",
                           "skip": m.group(1) if m else None})
            i = end
        i += 1
    return blocks


def test_the_parser_sees_blocks_and_reasons():
    text = ("intro\n```python\nx = 1\n```\n<!-- readme-test: not run: needs a cluster -->\n"
            "```python\nimport nowhere\n```\n")
    got = python_blocks(text)
    assert [(b["line"], b["skip"]) for b in got] == [(3, None), (7, "needs a cluster")]


def test_readme_python_examples_run(tmp_path):
    blocks = python_blocks((ROOT / "README.md").read_text(encoding="utf-8"))
    run = [b for b in blocks if b["skip"] is None]
    assert len(run) >= 5, "README.md should show runnable Python examples"
    assert all(len(b["skip"]) > 10 for b in blocks if b["skip"] is not None)
    (tmp_path / "blocks.json").write_text(json.dumps(run))
    (tmp_path / "driver.py").write_text(DRIVER)
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
               MPLBACKEND="Agg")
    r = subprocess.run([sys.executable, str(tmp_path / "driver.py"), str(tmp_path / "blocks.json"),
                        str(tmp_path / "times.json")], capture_output=True, text=True, cwd=tmp_path,
                       env=env, timeout=900)
    assert r.returncode == 0, r.stderr[-3000:]
    results = json.loads((tmp_path / "times.json").read_text())
    artifacts = ROOT / "tests" / "artifacts"
    artifacts.mkdir(parents=True, exist_ok=True)
    (artifacts / "readme_examples.json").write_text(json.dumps(results, indent=1))
    failed = [r for r in results if r["error"]]
    assert not failed, f"README.md line {failed[0]['line']}:\n{failed[0]['error']}"
    assert len(results) == len(run)
