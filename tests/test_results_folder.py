"""Results folders are keyed by the bias: two different bias files (or the same
file with other background knowledge) never share results/<run>/<folder>/,
and a rerun of the same bias finds its own folder, old runs' folders included."""

import shutil
from pathlib import Path

import pytest

from witness.errors import InputError
from witness.learning.examples import write_task
from witness.model.puzzle import Puzzle
from witness.pipeline.workflow import (
    BIAS_KEY_FILE,
    bias_file_key,
    claim_folder,
    folder_key,
    results_folder,
)

ROOT = Path(__file__).resolve().parents[1]


def copy_bias(folder: Path, extra: str = "", bk: str | None = None) -> Path:
    """bias/paper.pl copied into ``folder`` as paper.pl, with ``extra`` appended;
    with ``bk``, its BK file (witness.pl) beside it, ``bk`` appended."""
    folder.mkdir(parents=True, exist_ok=True)
    bias = folder / "paper.pl"
    bias.write_text((ROOT / "bias/paper.pl").read_text() + extra)
    if bk is not None:
        (folder / "witness.pl").write_text((ROOT / "bk/witness.pl").read_text() + bk)
    return bias


def test_two_bias_files_of_one_name_get_two_folders(tmp_path):
    run = tmp_path / "results/quick"
    mine = copy_bias(tmp_path / "a", "% my own comment\n")
    theirs = copy_bias(tmp_path / "b", "% their own experiment\n")
    assert results_folder(run, mine) == "paper"  # nothing there yet: the plain name
    claim_folder(run / "paper", mine)
    assert results_folder(run, mine) == "paper"  # a rerun finds its own folder
    other = results_folder(run, theirs)
    assert other == f"paper-{bias_file_key(theirs)[:8]}"
    claim_folder(run / other, theirs)
    assert results_folder(run, theirs) == other
    assert results_folder(run, mine) == "paper"
    # the same text under another path is the same bias: the same folder
    same = copy_bias(tmp_path / "c", "% my own comment\n")
    assert results_folder(run, same) == "paper"
    with pytest.raises(InputError, match="another bias"):
        claim_folder(run / "paper", theirs)


def test_other_background_knowledge_is_another_bias(tmp_path):
    run = tmp_path / "results/quick"
    plain = copy_bias(tmp_path / "a", bk="")
    edited = copy_bias(tmp_path / "b", bk="% an extra line\n")
    assert (tmp_path / "a/paper.pl").read_text() == (tmp_path / "b/paper.pl").read_text()
    assert bias_file_key(plain) != bias_file_key(edited)
    claim_folder(run / results_folder(run, plain), plain)
    assert results_folder(run, edited) != results_folder(run, plain)


def test_a_folder_written_before_keys_is_recognised_by_its_tasks(tmp_path):
    """A results folder of an earlier version has no key file: its tasks' copies of
    the bias and BK say whose it is."""
    run = tmp_path / "results/quick"
    bias = ROOT / "bias/paper.pl"
    puzzle = Puzzle.from_dict({"rows": 1, "cols": 2, "goal": [2, 1], "triangles": [[0, 0, 1]]})
    write_task([puzzle], run / "paper/tasks/pool_000", bias_file=bias)
    assert not (run / "paper" / BIAS_KEY_FILE).exists()
    assert folder_key(run / "paper") == bias_file_key(bias)
    assert results_folder(run, bias) == "paper"
    other = copy_bias(tmp_path / "mine", "% mine\n")
    assert results_folder(run, other).startswith("paper-")
    shutil.rmtree(run / "paper/tasks")  # nothing learned yet: free for the taking
    assert folder_key(run / "paper") is None and results_folder(run, other) == "paper"
