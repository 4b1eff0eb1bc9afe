"""The small graph tasks of the ILP oracle tests: nodes, e/2 edges, red/1, blue/1."""

from __future__ import annotations

from pathlib import Path


def write_graph_task(folder: Path, edges, red, blue, labels, bias_text: str | None = None) -> Path:
    """Write bk.pl and exs.pl (and bias.pl if given) of a graph task into ``folder``.

    ``labels`` maps an example (a node, or a tuple of nodes for a head of
    higher arity) to True (positive) or False (negative).
    """
    folder.mkdir(parents=True, exist_ok=True)
    if bias_text is not None:
        (folder / "bias.pl").write_text(bias_text)
    (folder / "bk.pl").write_text(
        "".join(f"e({a},{b}).\n" for a, b in sorted(edges))
        + "".join(f"red({n}).\n" for n in sorted(red))
        + "".join(f"blue({n}).\n" for n in sorted(blue))
        + ":- dynamic e/2, red/1, blue/1.\n"
    )
    (folder / "exs.pl").write_text(
        "".join(
            f"{'pos' if label else 'neg'}(f({','.join(n) if isinstance(n, tuple) else n})).\n"
            for n, label in labels.items()
        )
    )
    return folder
