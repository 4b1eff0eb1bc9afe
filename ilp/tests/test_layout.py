"""The ILP package's internal layering: which module may import which."""

import ast
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
