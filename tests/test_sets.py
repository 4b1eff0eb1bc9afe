"""witness.pipeline.sets: a run's sets as its config names them, made in the
pipeline's order, each disjoint from those before it, and made again alike."""

from pathlib import Path

from project_files import ROOT

from witness.pipeline.sets import load_config, set_order, set_spec, write_run_sets

TINY = {
    "seed": 7,
    "sets": {
        "train": {"method": "random", "count": 3, "sizes": [[2, 2]]},
        "test": {"method": "random", "count": 4, "sizes": [[2, 2]]},
    },
    "large": {"method": "path", "count": 2, "sizes": [[3, 3], [3, 4]]},
}


def test_a_config_file_overrides_the_ones_before_it_key_by_key():
    config = load_config([ROOT / "config.yaml", ROOT / "config" / "paper_2core.yaml"])
    assert config["learn"]["timeout"] == 600  # paper_2core's
    assert "engine" in config["learn"] and "test" in config["sets"]  # config.yaml's, kept
    assert config["large"]["count"] == 10


def test_the_sets_come_in_the_pipelines_order():
    assert set_order(TINY) == ["train", "test", "large_3x3", "large_3x4"]
    assert set_spec(TINY, "large_3x4") == {"method": "path", "count": 2, "sizes": [[3, 4]]}
    assert set_spec(TINY, "test") is TINY["sets"]["test"]


def _contents(folder: Path) -> dict[str, bytes]:
    return {f.name: f.read_bytes() for f in sorted(folder.rglob("*.json"))}


def test_sets_are_disjoint_and_a_set_cut_short_is_made_again_alike(tmp_path):
    write_run_sets(TINY, tmp_path, ["large_3x3"])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["large_3x3", "test", "train"]
    made = _contents(tmp_path)
    assert len(made) == 3 + 4 + 2 and len(set(made.values())) == len(made)
    (tmp_path / "test" / "test_00002.json").unlink()
    write_run_sets(TINY, tmp_path, ["large_3x3"])
    assert _contents(tmp_path) == made
