"""The compiled cores' files: each self-contained, as numba's disk cache needs.

numba recompiles a cached function when the file that defines it changes, not
when the file of a compiled helper it calls does: a call across kernel files
would keep running the old helper's code after an edit. So no kernel file
imports from another, and the codes the drivers read agree between cores.
"""

import ast
from pathlib import Path

import pytest

import witness.search.kernels as kernels_package

KERNELS = sorted(Path(kernels_package.__file__).parent.glob("*.py"))
CORES = [f for f in KERNELS if f.name != "__init__.py"]


def _imports(tree: ast.Module) -> list[str]:
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            names.append("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
    return names


@pytest.mark.parametrize("path", CORES, ids=lambda p: p.name)
def test_no_kernel_file_calls_into_another(path):
    imported = _imports(ast.parse(path.read_text()))
    assert set(imported) <= {"__future__", "numba", "numpy"}, imported


def test_the_package_loads_no_core_and_the_cores_are_its_files():
    assert [f.name for f in CORES] == ["panel.py", "triangle.py"]
    tree = ast.parse(KERNELS[0].read_text())
    assert KERNELS[0].name == "__init__.py" and _imports(tree) == []


def test_the_cores_share_their_status_codes_and_counter_slots():
    from witness.search.kernels import panel, triangle

    for name in ("RUNNING", "SOLVED", "EXHAUSTED", "NEED_SPACE", "C_NODES", "C_HEAP"):
        assert getattr(panel, name) == getattr(triangle, name), name
    for name in ("C_EXPANSIONS", "C_GENERATED", "C_SOLUTION"):
        assert getattr(panel, name) == getattr(triangle, name), name


def test_a_planted_cross_file_import_is_caught(tmp_path):
    # the check above can fail: a core that imports another core's helper
    planted = "from witness.search.kernels.triangle import step\n"
    assert not set(_imports(ast.parse(planted))) <= {"__future__", "numba", "numpy"}
