"""The repository's promises: README's two set-up commands are exactly what CI runs."""

import importlib
import re
import subprocess
import sys
from pathlib import Path

import nbgames

ROOT = Path(__file__).resolve().parents[1]


def readme_commands():
    text = (ROOT / "README.md").read_text()
    section = text.split("## Set up on a fresh machine", 1)[1]
    block = re.search(r"```bash\n(.*?)```", section, re.S).group(1)
    return [line for line in block.splitlines() if line.strip()]


def test_readme_has_exactly_two_setup_commands_and_ci_runs_them():
    install, test = readme_commands()
    assert "pip install" in install and ".[test]" in install
    assert "pytest" in test
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert install in ci and test in ci


def test_games_stays_callable_after_importing_a_title():
    importlib.import_module(f"nbgames.games.{nbgames.games()[0]}")
    assert nbgames.games() == sorted(nbgames.games()) and len(nbgames.games()) >= 2


def test_title_modules_resolve_from_a_fresh_interpreter():
    """README: ``help(nbgames.games.<title>)`` works without importing anything else
    first, for every title, and is the title's page: its name, its options and its
    action labels (``SPEC.help()``); ``nbgames.games()`` still lists them."""
    code = ("import nbgames, pydoc\n"
            "for t in nbgames.games():\n"
            "    mod = getattr(nbgames.games, t)\n"
            "    assert mod.SPEC.title == t, (t, mod.SPEC.title)\n"
            "    page = pydoc.render_doc(mod)\n"
            "    for part in (mod.SPEC.game.name, 'Options', 'Decisions (action labels)'):\n"
            "        assert part in page, (t, part)\n"
            "print(len(nbgames.games()))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert int(r.stdout) == len(nbgames.games())


def test_every_title_folder_has_the_same_shape():
    shape = {"__init__.py", "components.json", "components.py", "components.md", "rules.py",
             "scoring.py", "render.py", "bot.py"}
    for title in nbgames.games():
        folder = ROOT / "nbgames" / "games" / title
        files = {p.name for p in folder.iterdir() if p.suffix in (".py", ".json", ".md")}
        assert shape <= files, (title, shape - files)


def test_engine_never_imports_the_widget():
    for path in list((ROOT / "nbgames" / "core").rglob("*.py")) + \
            list((ROOT / "nbgames" / "games").rglob("*.py")):
        src = path.read_text()
        assert "widget" not in re.findall(r"^\s*(?:from|import)\s+\S+", src, re.M).__str__(), path


def test_ruff_finds_nothing():
    """pyproject.toml's ruff configuration holds for the package, bench, tests and docs."""
    r = subprocess.run([sys.executable, "-m", "ruff", "check", "nbgames", "bench", "tests", "docs"],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]


CODE = ("nbgames", "js", "tests", "bench", "notebooks", "binder", ".ci")
SUFFIXES = (".py", ".js", ".mjs", ".css", ".ipynb", ".toml", ".txt", "")


def _code_files():
    for folder in CODE:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in SUFFIXES and "__pycache__" not in path.parts:
                yield path


def test_code_cites_the_map_in_the_repository_never_the_design_page():
    """ARCHITECTURE.md is the map of the code, in the repository; code cites its
    sections as ARCHITECTURE.md, "<section>", and every cited section exists. The
    design page the project was started from lives outside the repository: no code
    cites it."""
    design = "DESIGN" + ".md"
    headings = set(re.findall(r"^## (.+)$", (ROOT / "ARCHITECTURE.md").read_text(), re.M))
    assert {"The layers", "A click, an action, a render", "Hidden information"} <= headings
    citing, bad = set(), []
    for path in _code_files():
        if path == Path(__file__).resolve():
            continue                              # this check names what it looks for
        text = path.read_text(encoding="utf-8", errors="replace")
        where = path.relative_to(ROOT)
        if design in text or re.search(r"\bDESIGN\b", text):
            bad.append(f"{where}: cites the design page")
        for section in re.findall(r'ARCHITECTURE\.md,\s+(?:section\s+)?"([^"]+)"', text):
            section = " ".join(section.split())
            citing.add(str(where))
            if section not in headings:
                bad.append(f"{where}: cites ARCHITECTURE.md section {section!r}, which does not exist")
    assert not bad, "\n".join(bad)
    for module in ("nbgames/core/errors.py", "nbgames/widget/base.py", "nbgames/widget/view.py",
                   "nbgames/arena/advice.py"):
        assert module in citing, f"{module} does not cite ARCHITECTURE.md"


def test_the_just_play_install_pulls_only_what_playing_needs():
    """Issue 21: README documents ``pip install -e ".[lab]"`` (the package and
    JupyterLab) beside the test install; neither it nor the package itself pulls
    the test tooling, and the theory extra asks for a pygambit with wheels."""
    import tomllib
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]

    def names(reqs):
        return {re.split(r"[<>=!~ ;\[]", r, maxsplit=1)[0].lower() for r in reqs}

    base = names(meta["dependencies"])
    extras = meta["optional-dependencies"]
    assert base == {"anywidget", "ipywidgets", "traitlets", "numpy", "tqdm"}
    assert names(extras["lab"]) == {"jupyterlab"}
    tooling = {"pytest", "pytest-xdist", "nbval", "hypothesis", "playwright", "ruff", "marimo"}
    assert not tooling & (base | names(extras["lab"])) and tooling <= names(extras["test"])
    for extra in ("test", "theory"):
        gambit = [r for r in extras[extra] if r.startswith("pygambit")]
        assert gambit == ["pygambit>=17.0.0b2,<18"], (extra, gambit)
    readme = (ROOT / "README.md").read_text()
    assert 'pip install -e ".[lab]"' in readme and 'pip install -e ".[lab,theory]"' in readme


def test_notebooks_and_browser_tests_stay_together_on_the_xdist_workers():
    """conftest.py's scheduler: a notebook's cells share a kernel and the browser
    tests a Chromium, so each is one unit of work; other tests are spread."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("root_conftest", ROOT / "conftest.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    unit = mod.work_unit
    assert unit("notebooks/01_api_tour.ipynb::Cell 3") == unit("notebooks/01_api_tour.ipynb::Cell 9")
    assert unit("notebooks/01_api_tour.ipynb::Cell 3") != unit("notebooks/00_start_here.ipynb::Cell 3")
    assert unit("tests/browser/test_export_e2e.py::test_x[a]") == unit("tests/browser/test_docs_e2e.py::t")
    assert unit("tests/test_docs.py::test_the_site_builds") == unit("tests/browser/test_docs_e2e.py::t")
    assert unit("tests/test_cli.py::test_a") != unit("tests/test_cli.py::test_b")
    assert "-n auto" in (ROOT / "pyproject.toml").read_text()
