"""The lists of tests/project_files.py are the project's files: every one of
them exists and git tracks every file of their folders that they could name."""

import shutil
import subprocess

import pytest
from project_files import (
    BK_FILES,
    PANEL_BIASES,
    PROFILES,
    REFERENCE_RUNS,
    ROOT,
    SYNTHESIS_CONFIG,
    TRIANGLE_BIASES,
)


def tracked(pattern: str) -> set[str]:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: the lists cannot be compared with what git tracks")
    out = subprocess.run(
        ["git", "ls-files", pattern], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return set(out.stdout.split())


def names(paths) -> set[str]:
    return {str(p.relative_to(ROOT)) for p in paths}


def test_every_listed_file_exists():
    for path in (
        *TRIANGLE_BIASES,
        *PANEL_BIASES,
        *BK_FILES,
        *PROFILES,
        SYNTHESIS_CONFIG,
        *REFERENCE_RUNS,
    ):
        assert path.exists(), path


def test_the_lists_hold_every_tracked_file_of_their_folders():
    assert names(TRIANGLE_BIASES + PANEL_BIASES) == tracked("bias/*.pl")
    assert names(BK_FILES) == tracked("bk/*.pl")
    assert names((*PROFILES, SYNTHESIS_CONFIG)) == tracked("config.yaml") | tracked("config/*.yaml")
    readmes = {f"{run}/README.md" for run in names(REFERENCE_RUNS)}
    assert readmes == tracked("results/reference/*/README.md")
