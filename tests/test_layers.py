"""The package's layers point one way (puzzle model -> search -> learning ->
ASP tools -> pipeline -> command line): no module imports from a layer above
its own, not even inside a function, and importing the search loads neither
the learner nor a solver."""

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest
from project_files import BK_FILES, PANEL_BIASES, PROFILES, TRIANGLE_BIASES

PACKAGE = Path(__file__).resolve().parents[1] / "witness"
ENGINE = PACKAGE.parent / "ilp"  # the ILP engine, a package of its own
# its modules (ilp/tests holds its own suite: test files, checked with the project's tests)
ENGINE_MODULES = sorted(ENGINE.glob("*.py"))

# Every module of the package, by layer (a name stands for its submodules too);
# a new top-level module or subpackage must be placed here.
LAYERS = {
    0: {"witness.errors", "witness.io", "witness.paper", "witness.model"},
    1: {"witness.search"},
    2: {"witness.learning"},
    3: {"witness.verify"},
    4: {"witness.pipeline", "witness.difficulty"},
    5: {"witness.cli"},
}
# The package itself (witness/__init__.py, the Python API) sits above every
# layer: it calls into all of them, and no module imports it.
TOP = max(LAYERS) + 1


def layer_of(module: str) -> int:
    parts = module.split(".")
    if module == "witness":
        return TOP
    for n in range(len(parts), 1, -1):  # "witness" alone does not place a submodule
        prefix = ".".join(parts[:n])
        for layer, names in LAYERS.items():
            if prefix in names:
                return layer
    raise AssertionError(f"{module} is in no layer of tests/test_layers.py: place it")


def test_the_package_itself_is_above_every_layer():
    """``witness/__init__.py`` (the Python API) calls into every layer, so no
    module may import it (``import witness`` or ``from witness import x``)."""
    assert all(layer_of("witness") > layer_of(m) for names in LAYERS.values() for m in names)


def modules() -> list[tuple[str, Path]]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        name = ".".join(rel.parts).removesuffix(".__init__")
        out.append((name, path))
    return out


def imported(path: Path, name: str) -> set[str]:
    """Every witness module ``path`` imports, at the top or inside a function."""
    found = set()
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("witness")}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            if base.startswith("witness"):
                found.add(base)
    return found


@pytest.mark.parametrize("name, path", modules(), ids=[m for m, _ in modules()])
def test_no_import_points_up_a_layer(name, path):
    mine = layer_of(name)
    upward = sorted(m for m in imported(path, name) if layer_of(m) > mine)
    assert not upward, f"{name} (layer {mine}) imports from higher layers: {upward}"


def test_importing_the_search_loads_no_learner_and_no_solver():
    code = (
        "import sys, witness.search, witness.search.solvers, witness.search.generate, "
        "witness.search.portfolio, witness.search.result; "
        "from witness.search import solve; "
        "print(' '.join(m for m in ('clingo', 'janus_swi', 'witness.learning', "
        "'witness.verify', 'witness.search.asp_solver') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == ""


def test_importing_the_package_loads_no_core_no_clingo_and_no_prolog():
    """``import witness`` (the Python API) is cheap: each API function loads
    what it needs when it is called."""
    code = (
        "import sys, witness; "
        "print(' '.join(m for m in ('numba', 'clingo', 'janus_swi', 'matplotlib', 'ilp', "
        "'witness.model', 'witness.search') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == ""


def test_no_import_cycles():
    """No two modules import each other, directly or through others (inside a
    layer too): each module can be read after the ones it imports."""
    names = {name for name, _ in modules()}

    def targets(path: Path, name: str) -> set[str]:
        # ``from witness.a import b`` imports the module witness.a.b when there is one
        found = set()
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                found |= {
                    f"{base}.{a.name}" if f"{base}.{a.name}" in names else base for a in node.names
                }
            elif isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
        return (found & names) - {name}

    graph = {name: targets(path, name) for name, path in modules()}
    done: set[str] = set()

    def visit(name: str, trail: tuple[str, ...]) -> None:
        assert name not in trail, "import cycle: " + " -> ".join([*trail, name])
        if name not in done:
            for dep in sorted(graph[name]):
                visit(dep, (*trail, name))
            done.add(name)

    for name in sorted(graph):
        visit(name, ())


def code_lines(lines: list[str]) -> int:
    """Lines of code: not blank, not a comment, not only closing brackets (the
    formatter puts those on lines of their own)."""
    return sum(
        1
        for line in lines
        if line.strip() and not line.strip().startswith("#") and line.strip(" )]}:,")
    )


def test_no_function_is_longer_than_80_lines():
    """Long functions are split into named steps (the numba core and the ILP engine included)."""
    long = []
    for path in [*sorted(PACKAGE.rglob("*.py")), *ENGINE_MODULES]:
        source = path.read_text()
        lines = source.splitlines()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = code_lines(lines[node.lineno - 1 : node.end_lineno])
                if length > 80:
                    long.append(f"{path.relative_to(PACKAGE.parent)}:{node.name} ({length} lines)")
    assert not long, long


def test_code_cites_no_issue_tracker():
    """The package, the workflow, the bias and BK files, the tests and the
    benchmarks stand alone: no comment points to an issue tracker that is not
    in the repository (the design notes are in docs/)."""
    root = PACKAGE.parent
    files = [
        *PACKAGE.rglob("*.py"),
        *PACKAGE.rglob("*.lp"),
        *PACKAGE.rglob("*.pl"),
        *(root / "workflow").rglob("*.*"),
        root / "Snakefile",
        root / "config.yaml",
        *PROFILES[1:],
        *TRIANGLE_BIASES,
        *PANEL_BIASES,
        *BK_FILES,
        *(root / "tests").glob("*.py"),
        *(root / "benchmarks").glob("*.py"),
    ]
    cited = [
        f"{f.relative_to(root)}:{n}"
        for f in files
        if "__pycache__" not in f.parts
        for n, line in enumerate(f.read_text().splitlines(), 1)
        if re.search(r"\bissues? \d", line, re.IGNORECASE)
    ]
    assert not cited, cited


def test_no_module_imports_another_modules_private_names():
    """An underscore name is its module's own: another module uses public names only."""
    found = []
    for path in [*PACKAGE.rglob("*.py"), *ENGINE_MODULES]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                found += [
                    f"{path.relative_to(PACKAGE.parent)}: {node.module}.{a.name}"
                    for a in node.names
                    if a.name.startswith("_") and not a.name.startswith("__")
                ]
    assert not found, found


def _our_modules_bound(tree: ast.AST) -> set[str]:
    """The names a file binds to a module of the package or the engine."""
    bound = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            bound |= {
                a.asname or a.name.split(".")[0]
                for a in node.names
                if a.name.split(".")[0] in ("witness", "ilp")
            }
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in (
            "witness",
            "ilp",
        ):
            bound |= {a.asname or a.name for a in node.names}
    return bound


def test_no_file_reaches_into_another_modules_private_names():
    """Tests, benchmarks and workflow scripts too use a module's public names
    only (``module._name`` is that module's own)."""
    root = PACKAGE.parent
    files = [
        *PACKAGE.rglob("*.py"),
        *ENGINE_MODULES,
        *(ENGINE / "tests").rglob("*.py"),
        *(root / "tests").rglob("*.py"),
        *(root / "benchmarks").rglob("*.py"),
        *(root / "workflow").rglob("*.py"),
    ]
    found = []
    for path in files:
        tree = ast.parse(path.read_text())
        bound = _our_modules_bound(tree)
        found += [
            f"{path.relative_to(root)}:{node.lineno}: {node.value.id}.{node.attr}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in bound
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ]
    assert not found, found


def test_the_ilp_engine_imports_no_witness_module():
    """The ILP engine is general: it knows nothing of puzzles, and loads without them."""
    named = [
        f"{path.relative_to(ENGINE.parent)}: {m}"
        for path in ENGINE.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for m in (
            [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
        )
        if m.split(".")[0] == "witness"
    ]
    assert not named, named
    code = (
        "import sys, ilp; ilp.learn, ilp.Tester, ilp.read_bias; "
        "print(' '.join(m for m in sys.modules if m.split('.')[0] == 'witness'))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == ""


def test_no_file_of_the_ilp_engine_names_this_project():
    """The engine is a package of its own (pip install ./ilp): its code, Prolog and
    ASP files, docs and tests say nothing of its host, whose name is witness."""
    skipped = {"__pycache__", "build", ".pytest_cache", ".mypy_cache"}
    files = [
        p
        for p in ENGINE.rglob("*")
        if p.is_file()
        and not skipped & set(p.relative_to(ENGINE).parts)
        and not any(part.endswith(".egg-info") for part in p.parts)
    ]
    assert len(files) > 30  # the engine's modules, data files, tests
    named = [str(p.relative_to(ENGINE)) for p in files if b"witness" in p.read_bytes().lower()]
    assert not named, named


def test_test_modules_have_unique_names():
    """pytest imports test modules by their file name: two test_x.py files in
    different folders stop the whole run at collection."""
    folders = (PACKAGE.parent / "tests", ENGINE / "tests")  # one pytest run collects both
    names = sorted(p.name for folder in folders for p in folder.rglob("test_*.py"))
    assert len(names) == len(set(names)), [n for n in set(names) if names.count(n) > 1]
