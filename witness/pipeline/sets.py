"""A run's puzzle sets as its config names them: the training, filter and
test sets, then one large set a size, each disjoint from those before it.
The pipeline's ``generate_set`` rule makes one of them; the benchmarks that
time a reference run's stages again regenerate them here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import yaml

from witness.model.base import size_pair
from witness.model.panel import Panel
from witness.search.generate import write_named_set


def load_config(paths: Sequence[str | Path]) -> dict:
    """The config the pipeline reads from these YAML files, each overriding the
    ones before it key by key, as snakemake's ``--configfile`` does (e.g.
    ``config.yaml`` then ``config/paper_2core.yaml``)."""
    config: dict = {}
    for path in paths:
        _overlay(config, yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {})
    return config


def _overlay(base: dict, over: dict) -> None:
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            _overlay(base[key], value)
        else:
            base[key] = value


def large_names(config: dict) -> list[str]:
    """The large sets, ``large_RxC``, one a size of the config's ``large``."""
    return [f"large_{r}x{c}" for r, c in config["large"]["sizes"]]


def set_order(config: dict) -> list[str]:
    """Every set, in the order they are made (each disjoint from the earlier)."""
    return list(config["sets"]) + large_names(config)


def set_spec(config: dict, name: str) -> dict:
    """The set's method, sizes and count."""
    if name in config["sets"]:
        return config["sets"][name]
    r, c = size_pair(name.removeprefix("large_"))
    large = config["large"]
    return {"method": large["method"], "count": large["count"], "sizes": [[r, c]]}


def set_generator(panels: dict | None) -> Callable[..., Sequence[Panel]] | None:
    """The generator of the config's ``panels`` types, or None: triangle puzzles."""
    if not panels:
        return None
    from witness.search.generate_panels import PanelSpec, panel_set_generator

    spec = PanelSpec(
        types=tuple(panels["types"]),
        densities=dict(panels.get("densities", {})),
        colours=panels.get("colours", 2),
    )
    return panel_set_generator(spec)


def write_run_sets(config: dict, sets_dir: Path, names: Sequence[str] | None = None) -> None:
    """Make the sets ``names`` (default every set) under ``sets_dir`` as the
    pipeline does, with every set before them; a set already there whole is
    kept (one cut short is made again: the same files)."""
    order = set_order(config)
    last = max(order.index(n) for n in names) if names else len(order) - 1
    for i, name in enumerate(order[: last + 1]):
        spec = set_spec(config, name)
        if len(list((sets_dir / name).glob("*.json"))) == int(spec["count"]):
            continue
        write_named_set(
            sets_dir / name,
            name,
            spec["method"],
            spec["sizes"],
            spec["count"],
            config["seed"],
            exclude_dirs=[sets_dir / n for n in order[:i]],
            generator=set_generator(config.get("panels")),
        )
