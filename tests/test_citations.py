"""Everything the repository cites is in the repository (issue 30): no absolute path
of one machine and no file outside the repository is named in code, docs, tests,
notebooks or data. A path a file names (``dir/name.ext``, ``../x``) must resolve
inside the repository: from the repository's root, from the folder of the file
that names it or one above it, or from the package (``core/state.py``). Generated
places (.gitignore: the built site, bench/out, tests/artifacts, ...) count as the
repository's. Component provenance lives beside each title's data
(``nbgames/games/<title>/components.md``); rulebooks are cited by section name.
Notebook outputs are not read (what code printed, such as a temporary folder)."""

from __future__ import annotations

import fnmatch
import json
import re
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[1]

# Absolute paths are refused, but for these system programs named where Debian
# installs them (the shebang's env; the Chromium the browser tests launch, which
# NBGAMES_CHROMIUM overrides) and the null device.
SYSTEM_PATHS = {"/usr/bin/env", "/usr/bin/chromium", "/dev/null"}
# Paths that name files a test writes itself, in a temporary folder.
WRITTEN_BY_TESTS = {
    "tests/test_platform.py": {"js/kit.js", "js/grid.js", "js/board.js"},   # compose_files' input
    "tests/test_docs.py": {"howto/index.html"},                             # a page of the built site
}

ABSOLUTE = re.compile(
    r"(?<![\w.:/~@-])(/(?:work|home|Users|tmp|root|mnt|media|opt|srv|var|usr|etc|private|Volumes|"
    r"data|shared|run|dev|lib|bin|sbin|proc|sys|boot)(?:/[\w.+-]+)+)|(?<![\w])([A-Za-z]:\\[\w\\.-]+)")
RELATIVE = re.compile(
    r"(?<![\w.:/@<{$%-])((?:\.\./)+[\w.-]+(?:/[\w.-]+)*/?|(?:\./)?[\w.-]+(?:/[\w.-]+)+"
    r"\.(?:md|txt|json|py|rst|ipynb|toml|cfg|csv|js|mjs|css|ya?ml|html|sh))(?![\w/])")
SUFFIXES = {".py", ".md", ".rst", ".txt", ".json", ".toml", ".cfg", ".js", ".mjs", ".css",
            ".ipynb", ".yml", ".yaml", ".html", ".sh", ""}


def _ignored_patterns() -> list[str]:
    lines = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    return [x.strip() for x in lines if x.strip() and not x.startswith("#")]


IGNORED = _ignored_patterns()


def generated(rel: str) -> bool:
    """Is ``rel`` (relative to the root) a place .gitignore keeps out: a generated file?"""
    parts = PurePosixPath(rel).parts
    for pattern in IGNORED:
        p = pattern.strip("/")
        if "/" in p:
            if rel == p or rel.startswith(p + "/"):
                return True
        elif any(fnmatch.fnmatch(part, p) for part in parts):
            return True
    return False


def sources():
    """(path relative to the root, text) of every file the repository keeps: code,
    docs, tests, data, notebooks (their cells' sources), CI and Binder files."""
    for path in sorted(ROOT.rglob("*")):
        rel = path.relative_to(ROOT).as_posix()
        if not path.is_file() or rel.split("/")[0] == ".git" or generated(rel) \
                or path.suffix not in SUFFIXES or rel == "tests/test_citations.py":   # its plants
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if path.suffix == ".ipynb":
            text = "\n".join("".join(c["source"]) for c in json.loads(text)["cells"])
        yield rel, text


def resolves(rel: str, name: str) -> bool:
    """Does ``name``, cited in the file ``rel``, name something in the repository?
    A ``../`` path without a file's suffix (a folder, or a URL such as a page's
    ``../ws/TOKEN``) only has to stay inside it."""
    if name.startswith("./") and "/" not in name[2:]:
        return True                        # a module beside its importer ("./shared.js")
    folder = name.startswith("../") and not re.search(r"\.\w+$", name)
    here = (ROOT / rel).parent
    bases = [here]                         # "../x" is relative to the file's own folder
    if not name.startswith("../"):
        bases = [ROOT, ROOT / "nbgames"]
        while here != ROOT and ROOT in here.parents:
            bases.append(here)
            here = here.parent
    for base in bases:
        target = (base / name).resolve()
        if target != ROOT and ROOT not in target.parents:
            continue
        inside = target.relative_to(ROOT).as_posix()
        if folder or target.exists() or generated(inside):
            return True
    return False


def bad_citations(files) -> list[str]:
    bad = []
    for rel, text in files:
        for i, line in enumerate(text.splitlines(), 1):
            for m in ABSOLUTE.finditer(line):
                found = m.group(1) or m.group(2)
                if found not in SYSTEM_PATHS and not (i == 1 and line.startswith("#!")):
                    bad.append(f"{rel}:{i}: absolute path {found}")
            for m in RELATIVE.finditer(line):
                name = m.group(1)
                if line[m.end():m.end() + 1] in ("{", "$"):
                    continue                       # a template: the path goes on in a variable
                if name in WRITTEN_BY_TESTS.get(rel, ()) or resolves(rel, name):
                    continue
                bad.append(f"{rel}:{i}: {name} is not in the repository")
    return bad


def test_everything_cited_is_in_the_repository():
    files = list(sources())
    assert len(files) > 150 and any(rel == "ARCHITECTURE.md" for rel, _ in files)
    bad = bad_citations(files)
    assert not bad, "citations of paths outside the repository:\n" + "\n".join(bad)


def test_the_check_catches_planted_citations():
    planted = [("nbgames/games/x/components.py", 'SOURCE = "reconstructed (data/README.md)"\n'
                "# rules in /work/shared/rules/x.txt; see ../../../../shared/data\n"),
               ("tests/test_x.py",
                '"""Checks C:\\\\Users\\\\me\\\\rules.txt and shared/data/README.md."""\n'),
               ("README.md", "The rulebooks are in `../shared/`.\n")]
    assert bad_citations(planted) == [
        "nbgames/games/x/components.py:1: data/README.md is not in the repository",
        "nbgames/games/x/components.py:2: absolute path /work/shared/rules/x.txt",
        "nbgames/games/x/components.py:2: ../../../../shared/data is not in the repository",
        "tests/test_x.py:1: absolute path C:\\\\Users\\\\me\\\\rules.txt",
        "tests/test_x.py:1: shared/data/README.md is not in the repository",
        "README.md:1: ../shared/ is not in the repository"]
    fine = [("nbgames/arena/table.py", "see ../core/state.py and arena/seats.py\n"),
            ("ARCHITECTURE.md", "`core/state.py`, `tests/test_layers.py`, build/docs/html/index.html\n")]
    assert bad_citations(fine) == []
