"""The ILP package's internal layering: which module may import which."""

import ast
import os
import subprocess
import sys
from pathlib import Path

import ilp

PKG = Path(ilp.__file__).parent
ILP = "ilp"


def ilp_imports(name: str) -> set[str]:
    """ilp modules imported by ``name`` (anywhere in the file, lazy
    imports too)."""
    tree = ast.parse((PKG / f"{name}.py").read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(ILP):
            found.add(node.module.removeprefix(ILP).lstrip("."))
        elif isinstance(node, ast.Import):
            found |= {
                a.name.removeprefix(f"{ILP}.") for a in node.names if a.name.startswith(f"{ILP}.")
            }
    return found


def test_engines_do_not_import_each_other():
    assert not {"run_popper", "api"} & ilp_imports("loop")
    assert not {"loop", "api"} & ilp_imports("run_popper")


def test_output_needs_only_the_records():
    assert ilp_imports("output") == {"results"}


def test_program_text_lives_in_package_data_files():
    # Prolog and ASP programs are .pl/.lp files, not strings in the Python modules
    for name in ("test.pl", "generate.lp", "combine.lp"):
        assert (PKG / name).is_file()
    for py in PKG.glob("*.py"):
        text = py.read_text()
        assert ":- module(" not in text and "#minimize" not in text and "#show" not in text, py


def module_graph() -> dict[str, set[str]]:
    """Each module of the package (its ``__init__`` aside: it loads its names
    on first use, nothing when imported) -> the package's modules it imports."""
    names = {p.stem for p in PKG.glob("*.py")} - {"__init__"}
    return {name: ilp_imports(name) & names for name in names}


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """A cycle of ``graph`` as the modules along it (first repeated last), or []."""
    done: set[str] = set()
    path: list[str] = []

    def visit(node: str) -> list[str]:
        if node in path:
            return path[path.index(node) :] + [node]
        if node in done:
            return []
        path.append(node)
        for succ in sorted(graph.get(node, ())):
            if cycle := visit(succ):
                return cycle
        path.pop()
        done.add(node)
        return []

    for node in sorted(graph):
        if cycle := visit(node):
            return cycle
    return []


def test_find_cycle_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_module_imports_point_one_way():
    # lazy imports inside functions count: a cycle through them is still a cycle
    graph = module_graph()
    assert {"api", "isolated", "job", "loop", "cli"} <= graph.keys()
    assert find_cycle(graph) == [], " -> ".join(find_cycle(graph))
    assert "api" not in graph["isolated"] and "api" not in graph["job"]


def test_job_modules_load_without_the_public_api():
    # in a fresh interpreter: importing the package loads no module of it, and the
    # child's side of an isolated job (isolated, job) does not load ilp.api
    code = (
        "import sys, ilp; assert not [m for m in sys.modules if m.startswith('ilp.')]; "
        "import ilp.isolated; assert 'ilp.job' in sys.modules; "
        "assert 'ilp.api' not in sys.modules, sorted(sys.modules)"
    )
    env = {**os.environ, "PYTHONPATH": str(PKG.parent)}
    subprocess.run([sys.executable, "-c", code], check=True, env=env, timeout=120)
