"""The project's own files that tests read, named one by one: a test never
reads whatever a user keeps beside them (a bias copied into bias/ as the bias
guide says, a profile of their own in config/).
``test_project_files.py`` holds these lists to what git tracks."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# biases over (path, square): the paper's triangle puzzles
TRIANGLE_BIASES = tuple(
    ROOT / "bias" / f"{name}.pl" for name in ("paper", "reach", "rich", "unvisited")
)
# biases over (path, object): the panel families
PANEL_BIASES = tuple(ROOT / "bias" / f"{name}.pl" for name in ("dots", "mixed", "squares", "stars"))
BK_FILES = tuple(
    ROOT / "bk" / f"{name}.pl"
    for name in ("panel", "witness", "witness_reach", "witness_rich", "witness_unvisited")
)
PROFILE_NAMES = (
    "dots", "medium", "mixed", "paper_2core", "quick", "rich", "squares", "stars", "tiny",
)  # fmt: skip
PROFILES = (ROOT / "config.yaml", *(ROOT / "config" / f"{name}.yaml" for name in PROFILE_NAMES))
# the learners' side-by-side (docs/synthesis.md): not a pipeline profile
SYNTHESIS_CONFIG = ROOT / "config" / "synthesis.yaml"
REFERENCE_NAMES = (
    "dots", "medium", "mixed", "paper", "ratings", "rich", "squares", "stars", "synthesis",
)  # fmt: skip
REFERENCE_RUNS = tuple(ROOT / "results" / "reference" / name for name in REFERENCE_NAMES)
