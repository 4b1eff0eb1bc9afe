"""The compiled cores' files and numba's cache of them.

numba recompiles a cached function when the file that defines it changes, not
when the file of a compiled helper it calls does: a call across files would
keep running the old helper's code after an edit. So a kernel file imports
nothing but numba, numpy, the standard library and files of its own core; a
core of several files (the panel core) has its cache cleared on import when
any of its files changed (witness.search.kernels.refresh_core_cache), which
the end-to-end test below checks on a core of two files; and the codes the
drivers read agree between cores.
"""

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import witness.search.kernels as kernels_package
from witness.search.kernels import (
    STAMP_NAME,
    clear_stale_cache,
    core_stamp,
    numba_cache_dir,
)

ROOT = Path(__file__).resolve().parents[1]
KERNELS = Path(kernels_package.__file__).parent
# each core: its package (or module) name and its files
CORES = {
    "witness.search.kernels.triangle": [KERNELS / "triangle.py"],
    "witness.search.kernels.panel": sorted((KERNELS / "panel").glob("*.py")),
}
ALLOWED = {"__future__", "numba", "numpy", *sys.stdlib_module_names}


def _imports(tree: ast.Module) -> list[str]:
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            names.append("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
    return names


def foreign_imports(source: str, core: str) -> list[str]:
    """What a file of ``core`` imports besides numba, numpy, the standard
    library, the files of its core and (the core's package file only, for its
    cache) the kernels package."""
    own = (core + ".") if core.endswith(".panel") else None
    return [
        m
        for m in _imports(ast.parse(source))
        if m.split(".")[0] not in ALLOWED
        and not (own and m.startswith(own))
        and m != "witness.search.kernels"
    ]


@pytest.mark.parametrize(
    ("core", "path"),
    [(core, path) for core, files in CORES.items() for path in files],
    ids=lambda x: x.name if isinstance(x, Path) else x.rsplit(".", 1)[1],
)
def test_a_kernel_file_imports_only_numba_numpy_the_standard_library_and_its_core(core, path):
    assert foreign_imports(path.read_text(), core) == []
    if path.name != "__init__.py":  # (the package file alone runs the cache check)
        assert "witness.search.kernels" not in _imports(ast.parse(path.read_text()))


def test_a_planted_import_of_another_core_or_layer_is_caught():
    panel = "witness.search.kernels.panel"
    assert foreign_imports("from witness.search.kernels.triangle import step\n", panel)
    assert foreign_imports("from witness.model.panel import Panel\n", panel)
    assert foreign_imports("from witness.search.kernels.panel.run import x\n", "x.triangle")
    assert not foreign_imports("from witness.search.kernels.panel.run import x\n", panel)


def test_the_package_loads_no_core_and_the_cores_are_its_files():
    assert sorted(p.name for p in KERNELS.iterdir() if p.name != "__pycache__") == [
        "__init__.py",
        "panel",
        "triangle.py",
    ]
    package = _imports(ast.parse((KERNELS / "__init__.py").read_text()))
    assert all(m.split(".")[0] in ALLOWED for m in package), package
    assert [p.name for p in CORES["witness.search.kernels.panel"]] == [
        "__init__.py",
        "base.py",
        "dead_ends.py",
        "programs.py",
        "regions.py",
        "run.py",
        "verdicts.py",
    ]
    assert all(len(p.read_text().splitlines()) < 1000 for f in CORES.values() for p in f)


def test_the_panel_core_checks_its_cache_before_it_loads_a_file():
    tree = ast.parse((KERNELS / "panel" / "__init__.py").read_text())
    calls = [
        n.lineno
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "refresh_core_cache"
    ]
    loads = [
        n.lineno
        for n in ast.walk(tree)
        if isinstance(n, ast.ImportFrom) and (n.module or "").startswith("witness.search.kernels.")
    ]
    assert len(calls) == 1 and loads and calls[0] < min(loads)


def test_the_stamp_covers_every_file_of_a_core(tmp_path):
    core = tmp_path / "panel"
    shutil.copytree(KERNELS / "panel", core, ignore=shutil.ignore_patterns("__pycache__"))
    first = core_stamp(str(core))
    assert first == core_stamp(str(KERNELS / "panel"))
    for path in sorted(core.glob("*.py")):
        original = path.read_bytes()
        path.write_bytes(original[:-2] + bytes([original[-2] ^ 1]) + original[-1:])
        assert core_stamp(str(core)) != first, path.name
        path.write_bytes(original)
    assert core_stamp(str(core)) == first
    (core / "extra.py").write_text("")
    assert core_stamp(str(core)) != first
    (core / "notes.txt").write_text("not a source")
    (core / "extra.py").unlink()
    assert core_stamp(str(core)) == first


def test_a_stale_cache_loses_the_cores_numba_files_and_nothing_else(tmp_path):
    core, cache = tmp_path / "core", tmp_path / "cache"
    core.mkdir()
    cache.mkdir()
    (core / "__init__.py").write_text("")
    (core / "run.py").write_text("x = 1\n")
    ours = ["run.step-10.py311.nbi", "run.step-10.py311.1.nbc", "__init__.f-3.py311.nbi"]
    theirs = ["other.step-10.py311.nbi", "run.py", "runner.f-1.py311.nbi", "run.notes.txt"]
    for name in ours + theirs:
        (cache / name).write_text("")
    assert clear_stale_cache(str(core), str(cache)) == len(ours)
    assert sorted(p.name for p in cache.iterdir()) == sorted([*theirs, STAMP_NAME])
    for name in ours:
        (cache / name).write_text("")
    assert clear_stale_cache(str(core), str(cache)) == 0  # fresh: nothing goes
    (core / "run.py").write_text("x = 2\n")
    assert clear_stale_cache(str(core), str(cache)) == len(ours)


HELPER = """\
import numba


@numba.njit(cache=True)
def value():
    return {value}
"""
CALLER = """\
import numba

from {package}.helper import value


@numba.njit(cache=True)
def run():
    return value() + 1000
"""
CHECKED = """\
from witness.search.kernels import refresh_core_cache

refresh_core_cache(__file__)
"""


def _two_file_cores(root: Path, value: int) -> None:
    """Two cores of two files each (a caller and the helper it calls), the
    first with the panel core's cache check, the second without."""
    for package, init in (("checked", CHECKED), ("unchecked", "")):
        (root / package).mkdir(exist_ok=True)
        (root / package / "__init__.py").write_text(init)
        (root / package / "caller.py").write_text(CALLER.format(package=package))
        (root / package / "helper.py").write_text(HELPER.format(value=value))


def _run_cores(root: Path, cache: Path | None) -> tuple[int, int, str, str]:
    """Each core's result in a new process, the folder the check kept its stamp
    in and the folder numba caches the caller in."""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["PYTHONPATH"] = os.pathsep.join([str(root), str(ROOT)])
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # (an edit within the same second: no old .pyc)
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = str(cache)
    code = (
        "import os, checked.caller as a, unchecked.caller as b; "
        "from witness.search.kernels import numba_cache_dir as d; "
        "print(a.run(), b.run(), d(os.path.dirname(a.__file__)), a.run.stats.cache_path)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    return int(out[0]), int(out[1]), out[2], out[3]


@pytest.mark.parametrize("where", ["NUMBA_CACHE_DIR", "beside the sources"])
def test_an_edit_to_a_helpers_file_recompiles_its_callers(tmp_path, where):
    """Run a two-file core, edit its helper, run it again in a new process: the
    cache check gives the new helper's value; without it numba's cache still
    gives the old one (what the check prevents: this test can fail)."""
    cache = tmp_path / "cache" if where == "NUMBA_CACHE_DIR" else None
    root = tmp_path / "src"
    root.mkdir()
    _two_file_cores(root, 1)
    checked, unchecked, folder, numbas = _run_cores(root, cache)
    assert (checked, unchecked) == (1001, 1001)
    # the stamp sits where numba put the core's cache files
    assert folder == numbas
    assert list(Path(folder).glob("caller.run-*.nbi")) != []
    assert (Path(folder) / STAMP_NAME).is_file()
    if cache is None:
        assert Path(folder) == root / "checked" / "__pycache__"
    else:
        assert Path(folder).parent == cache
    _two_file_cores(root, 22)  # the helper files change; the callers' files do not
    checked, unchecked, _, _ = _run_cores(root, cache)
    assert checked == 1022
    assert unchecked == 1001  # numba alone: the caller still runs the old helper


def test_the_cache_folder_is_numbas_for_the_panel_core():
    from witness.search.kernels.panel import panel_astar_run

    folder = numba_cache_dir(str(KERNELS / "panel"))
    assert folder == panel_astar_run.stats.cache_path  # (numba's own, read without compiling)
    assert (Path(folder) / STAMP_NAME).read_text().strip() == core_stamp(str(KERNELS / "panel"))
