"""Training data for ILP: Popper-format task folders (paper, section 4.1).

A task folder holds exactly what a Popper-style learner loads:

- ``bk.pl``: the general background knowledge (``bk/witness.pl``, Table 1, and
  any extra files the bias names) followed by the per-puzzle facts: squares
  with triangles, their corners, and every partial path used by an example
  (edge list, head, visited vertices, whether it is cut off from the goal,
  and, when the BK reads them, the vertices a completion can still use);
- ``bias.pl``: a copy of the bias file (Popper syntax);
- ``exs.pl``: ``pos(f(Path,Square)).`` and ``neg(f(Path,Square)).`` facts.

Beside them, ``counts.json`` records the full (uncapped) example counts, per
puzzle and per path length, and the SHA-256 of each file written (``files``:
a later run replaces only those of its own files nobody changed, and nothing
else in the folder), and ``index.json`` maps every path and square atom
back to its puzzle and coordinates (for evaluating translated predicates on
the same examples).

Example encoding (per-constraint decomposition, section 4)
-----------------------------------------------------------
The learned predicate pi'(A, B) says "partial path A can never be completed
because of square B", and the search uses pi(A) = OR over the puzzle's
constrained squares B of pi'(A, B). Examples are ``f(A, B)`` for squares B
that carry triangles only.

*Negatives.* A completable path A gives ``neg(f(A, B))`` for every
constrained square B. This is exactly the condition for safe pruning: pi has
no false positive iff pi' covers no (completable path, square) pair.

*Positives.* pi(A) needs just one square to fire on an incompletable path,
but ILP examples cannot say "at least one of these". The paper (section
4.1) makes every constrained square of every incompletable path a positive
(``positives="all"``; ``config.yaml`` reproduces it). This project's
extension, the default of :func:`write_task` and ``witness examples``
(``positives="blamed"``), makes an incompletable path A give
``pos(f(A, B))`` for exactly the squares B *to blame*: no completion of A
(no simple extension to the goal) uses exactly k_B of B's edges, even
ignoring all other constraints. :mod:`witness.learning.labels` computes this
exactly in the same DFS pass as the labels. Why these squares:

1. It is the literal meaning of pi'(A, B): the one-constraint puzzle {B} has
   no solution extending A. A rule whose soundness argument uses only square
   B and the simplicity of paths, like every row of Table 3, can only cover
   blamed pairs; so Table 3 covers no negative and every pair it covers is a
   positive: a learner that finds it is not charged for "missing" noise.
2. With ``positives="all"`` (the paper's encoding) most positives name a
   square whose constraint is still satisfiable. No sound per-square rule can
   cover them; they only lower every candidate's score and, when negatives are
   capped, reward over-general unsound rules.
3. A path that can no longer reach the goal at all blames every square
   (vacuously true); a richer background knowledge can learn that.
4. A path that is incompletable only because of several constraints together
   blames no square and gives no positive; ``counts.json`` reports how many
   (``incompletable_unblamed``).

Pairs (incompletable path, unblamed square) are no example at all: covering
them is harmless for pruning, since the path is incompletable anyway.

Sampling caps are deterministic and stratified: examples are grouped by
(puzzle, path length) and each group gets an equal share of the cap (groups
smaller than their share are kept whole and the rest is shared again), so
short and long paths, and every puzzle of a pool, stay represented. Within a
group examples are drawn with ``random.Random`` seeded from ``seed``.

Bias and background knowledge go together: a bias file names its BK files in
a comment line ``% bk: witness.pl witness_unvisited.pl`` (default
``witness.pl``), each looked up next to the bias file, then in ``../bk/``
from it, then in the repository's ``bk/``; they are concatenated in that order
into ``bk.pl``. So swapping the bias file (``--bias``) swaps the BK too.

Atoms: paths ``p_<tag>_<n>`` (n = the path's node in the DFS tree, stable
across caps), squares ``s_X_Y`` in a one-puzzle task and ``<tag>_s_X_Y`` in a
pooled one (the triangle count differs per puzzle), edges ``e_X1_Y1_X2_Y2``
and vertices ``v_X_Y`` (Table 1's vocabulary, :mod:`witness.learning.facts`).

Panel families (dots, squares, stars, mixed)
--------------------------------------------
A bias with a ``% family: NAME`` line, or named after a family
(``bias/dots.pl``; :data:`witness.search.panel_features.FAMILIES`), makes a
task over panels: examples ``f(Path, Object)`` where Object ranges over the
panel's objects of the family's kinds (dots, coloured squares, stars), paths
are every simple path from any start, a line passing ends (the same
labeller, :func:`witness.learning.labels.family_labelling`, which refuses
panels with symmetry, cancellers or removed parts), and the per-panel facts
are the panel vocabulary of :mod:`witness.learning.facts` (object atoms are
always tagged with the panel's tag). The encoding is the one above, with
objects for squares: a completable path gives a negative for every object;
an incompletable one a positive for every object (``all``) or for the objects
to blame (``blamed``: every line extending the path breaks that object's
rule). Sampling, caps, seeds and pooling are the same; ``counts.json`` adds
``family`` and counts objects under ``constrained_squares``; ``index.json``
adds ``family`` and maps object atoms to ``[panel, kind, index]`` under
``objects``.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from witness.errors import InputError
from witness.io import check_folder, read_text, write_folder
from witness.learning.facts import Vocabulary, vocabulary
from witness.learning.labels import (
    DEFAULT_MAX_PATHS,
    Labelling,
    PathTree,
    build_path_tree,
    family_labelling,
)
from witness.model.panel import Panel
from witness.model.puzzle import check_paper_form
from witness.search.panel_features import FAMILIES

REPO_ROOT = Path(__file__).resolve().parents[2]
BK_DIR = REPO_ROOT / "bk"
BIAS_DIR = REPO_ROOT / "bias"
DEFAULT_BIAS = BIAS_DIR / "paper.pl"
DEFAULT_BK = ("witness.pl",)
POSITIVE_MODES = ("blamed", "all")
# What write_task writes into a task folder (and may later replace there).
TASK_FILES = ("bk.pl", "bias.pl", "exs.pl", "index.json", "counts.json")


class BiasError(InputError):
    """A bias file that cannot be read, or whose background knowledge is missing."""


# ------------------------------------------------------------------- bias
def _bk_names(text: str) -> tuple[str, ...]:
    for line in text.splitlines():
        m = re.match(r"\s*%+\s*bk:\s*(.+)$", line)
        if m:
            return tuple(m.group(1).split())
    return DEFAULT_BK


def resolve_bk(bias_path: Path, names: Sequence[str]) -> tuple[Path, ...]:
    """Find each background-knowledge file named by a bias file.

    Looked up, in order: next to the bias file, in ``../bk/`` from it, and in
    the repository's ``bk/``.
    """
    found = []
    for name in names:
        candidates = [bias_path.parent / name, bias_path.parent.parent / "bk" / name, BK_DIR / name]
        hit = next((c for c in candidates if c.is_file()), None)
        if hit is None:
            raise BiasError(
                f"bias {bias_path}: background knowledge file '{name}' not found "
                f"(looked in {', '.join(str(c.parent) for c in candidates)})"
            )
        found.append(hit)
    return tuple(found)


def bias_family(path: str | Path) -> str | None:
    """The panel family (:data:`witness.search.panel_features.FAMILIES`) a
    bias's examples range over: a ``% family: NAME`` line, else the file's
    name when it is a family's (``bias/dots.pl``), else None (the triangle
    squares of the paper)."""
    path = Path(path)
    for line in read_text(path, "bias file").splitlines():
        m = re.match(r"\s*%+\s*family:\s*(\S+)\s*$", line)
        if m:
            if m.group(1) not in FAMILIES:
                raise BiasError(
                    f"bias {path}: family '{m.group(1)}' is none of {', '.join(FAMILIES)}"
                )
            return m.group(1)
    return path.stem if path.stem in FAMILIES else None


def bias_bk_files(path: str | Path) -> tuple[Path, ...]:
    """Check a bias file with the ILP engine's parser (the one bias model,
    ilp.bias) and return the background-knowledge files its
    ``% bk:`` line names."""
    from ilp import TaskError, read_bias

    path = Path(path)
    try:
        text = read_text(path, "bias file")
        read_bias(path)
    except (InputError, TaskError) as exc:  # the engine's: syntax, missing head, unsupported
        raise BiasError(str(exc)) from None
    return resolve_bk(path, _bk_names(text))


# --------------------------------------------------------------- encoding
@dataclass
class PuzzleCounts:
    """Full and written example counts for one puzzle of a task."""

    name: str
    tag: str
    size: str
    constrained_squares: int
    partial_paths: int
    completable: int
    incompletable: int
    incompletable_unblamed: int  # incompletable, yet every square alone is satisfiable
    solutions: int
    pos_total: int
    neg_total: int
    pos_written: int = 0
    neg_written: int = 0
    seconds: float = 0.0  # enumeration and labelling time
    # path length -> {"paths", "completable", "pos", "neg", "pos_written", "neg_written"}
    by_length: dict[int, dict[str, int]] = field(default_factory=dict)


@dataclass
class TaskSummary:
    out_dir: Path
    bias: str
    bk_files: list[str]
    positives: str
    seed: int
    max_pos: int | None
    max_neg: int | None
    pos_total: int
    neg_total: int
    pos_written: int
    neg_written: int
    paths_written: int
    puzzles: list[PuzzleCounts]
    seconds: float
    family: str | None = None  # a panel family's task; None: triangle squares

    def to_dict(self) -> dict:
        d = asdict(self)
        d["out_dir"] = str(self.out_dir)
        if self.family is None:  # triangle tasks' counts.json as it always was
            del d["family"]
        return d


def puzzle_tag(name: str) -> str:
    """A Prolog-atom-safe tag for a puzzle name: lowercase, [a-z0-9_], starts with a letter."""
    tag = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "q"
    return tag if tag[0].isalpha() else f"q{tag}"


def _unique_tags(names: Sequence[str]) -> list[str]:
    tags: list[str] = []
    for name in names:
        base = tag = puzzle_tag(name)
        n = 2
        while tag in tags:
            tag, n = f"{base}_{n}", n + 1
        tags.append(tag)
    return tags


def _popcount(x: int) -> int:
    return bin(x).count("1")


def _example_squares(tree: PathTree, i: int, positives: str) -> tuple[bool, int]:
    """(is_positive, mask of the squares or objects that get an example) for node ``i``."""
    if tree.completable[i]:
        return False, tree.full_mask
    return True, tree.blamed_mask(i) if positives == "blamed" else tree.full_mask


def allocate(sizes: Sequence[int], cap: int | None) -> list[int]:
    """Split ``cap`` over groups of the given sizes as evenly as possible.

    Water filling: every group gets the same share, groups smaller than it
    are taken whole and their unused share goes to the others. The last few
    units (cap not divisible) go to the earliest groups that still have room.
    """
    if cap is None or sum(sizes) <= cap:
        return list(sizes)
    quota = [0] * len(sizes)
    left = cap
    active = [i for i, n in enumerate(sizes) if n > 0]
    while left > 0 and active:
        share = left // len(active)
        if share == 0:
            for i in active[:left]:
                quota[i] += 1
            break
        still = []
        for i in active:
            take = min(share, sizes[i] - quota[i])
            quota[i] += take
            left -= take
            if quota[i] < sizes[i]:
                still.append(i)
        active = still
    return quota


# A group of examples: (puzzle index, path length) -> list of (node, mask).
Groups = dict[tuple[int, int], list[tuple[int, int]]]
# One example: (puzzle index, node, square bit).
Example = tuple[int, int, int]


def _sample(groups: Groups, cap: int | None, rng: random.Random) -> list[Example]:
    """Stratified sample of (puzzle index, node, square bit) examples."""
    keys = sorted(groups)
    sizes = [sum(_popcount(m) for _, m in groups[k]) for k in keys]
    quotas = allocate(sizes, cap)
    chosen: list[Example] = []
    for key, size, quota in zip(keys, sizes, quotas, strict=True):
        q = key[0]
        picks = range(size) if quota == size else sorted(rng.sample(range(size), quota))
        it = iter(picks)
        want = next(it, None)
        pos = 0
        for node, mask in groups[key]:
            if want is None:
                break
            bits = [j for j in range(mask.bit_length()) if mask >> j & 1]
            while want is not None and want < pos + len(bits):
                chosen.append((q, node, bits[want - pos]))
                want = next(it, None)
            pos += len(bits)
    return chosen


# ---------------------------------------------------------------- writing
def _file_hash(data: str) -> str:
    return hashlib.sha256(data.encode("utf-8")).hexdigest()


def _own_files(out_dir: Path) -> set[str]:
    """The files of ``out_dir`` that an earlier ``write_task`` wrote and nobody
    changed since (``counts.json`` records their hashes). Only these may be
    replaced; anything else in the folder belongs to the user."""
    try:
        record = json.loads((out_dir / "counts.json").read_text(encoding="utf-8"))
        hashes = record["files"]
        if not (isinstance(hashes, dict) and set(hashes) <= set(TASK_FILES)):
            return set()
    except (OSError, ValueError, KeyError, TypeError):
        return set()
    own = {"counts.json"}
    for name, digest in hashes.items():
        try:
            if _file_hash((out_dir / name).read_text(encoding="utf-8")) == digest:
                own.add(name)
        except (OSError, ValueError):  # missing (nothing to protect) or not ours
            pass
    return own


def _check_task_args(
    puzzles: Sequence[Panel], positives: str, max_pos: int | None, max_neg: int | None
) -> None:
    if not puzzles:
        raise InputError("no puzzles given")
    if positives not in POSITIVE_MODES:
        raise InputError(f"positives must be one of {', '.join(POSITIVE_MODES)}, got {positives!r}")
    for label, cap in (("max_pos", max_pos), ("max_neg", max_neg)):
        if cap is not None and cap < 0:
            raise InputError(f"{label} must be >= 0, got {cap}")


def _label_puzzle(
    q: int,
    panel: Panel,
    name: str,
    tag: str,
    positives: str,
    labelling: Labelling,
    max_paths: int | None,
    groups: tuple[Groups, Groups],
) -> tuple[PathTree, PuzzleCounts]:
    """Label every partial path of panel ``q``, add its examples to the
    (positive, negative) groups and count them (full counts, per path length)."""
    pos_groups, neg_groups = groups
    t = time.perf_counter()
    tree = build_path_tree(panel, labelling, max_paths)
    seconds = time.perf_counter() - t
    by_len: dict[int, dict[str, int]] = {}
    unblamed = 0
    for i in range(len(tree)):
        d = tree.depth[i]
        row = by_len.setdefault(
            d,
            {"paths": 0, "completable": 0, "pos": 0, "neg": 0, "pos_written": 0, "neg_written": 0},
        )
        row["paths"] += 1
        row["completable"] += tree.completable[i]
        is_pos, mask = _example_squares(tree, i, positives)
        if not tree.completable[i] and tree.blamed_mask(i) == 0:
            unblamed += 1
        if mask:
            row["pos" if is_pos else "neg"] += _popcount(mask)
            (pos_groups if is_pos else neg_groups).setdefault((q, d), []).append((i, mask))
    n_comp = sum(tree.completable)
    counts = PuzzleCounts(
        name=name,
        tag=tag,
        size=panel.size,
        constrained_squares=tree.n_objects,
        partial_paths=len(tree),
        completable=n_comp,
        incompletable=len(tree) - n_comp,
        incompletable_unblamed=unblamed,
        solutions=tree.n_solutions,
        pos_total=sum(r["pos"] for r in by_len.values()),
        neg_total=sum(r["neg"] for r in by_len.values()),
        seconds=round(seconds, 4),
        by_length=by_len,
    )
    return tree, counts


def _count_written(
    counts: list[PuzzleCounts], trees: list[PathTree], pos: list[Example], neg: list[Example]
) -> None:
    for examples, kind in ((pos, "pos"), (neg, "neg")):
        for q, node, _ in examples:
            c = counts[q]
            setattr(c, f"{kind}_written", getattr(c, f"{kind}_written") + 1)
            c.by_length[trees[q].depth[node]][f"{kind}_written"] += 1


@dataclass
class _Atoms:
    """Prolog atoms of a task's objects (triangle squares, dots, ...) and paths."""

    trees: list[PathTree]
    tags: list[str]
    pooled: bool
    words: Vocabulary

    def square(self, q: int, j: int) -> str:
        tree = self.trees[q]
        return self.words.object_atom(tree.panel, tree.objects[j], self.tags[q], self.pooled)

    def path(self, q: int, node: int) -> str:
        return f"p_{self.tags[q]}_{node}"


def _group_facts(facts: dict[str, list[str]], lines: Sequence[str]) -> None:
    """Add fact lines to ``facts`` under their predicate (``name/arity`` keys):
    each predicate's clauses stay contiguous in bk.pl over every panel of a pool."""
    keys = {key.split("/")[0]: key for key in facts}
    for line in lines:
        facts[keys[line.split("(", 1)[0]]].append(line)


def _task_facts(
    names: Sequence[str], atoms: _Atoms, used: list[tuple[int, int]], free_facts: bool
) -> tuple[dict[str, list[str]], dict]:
    """The per-task facts in the family's vocabulary
    (:mod:`witness.learning.facts`), grouped by predicate so that every
    predicate's clauses are contiguous, and index.json's atom index."""
    words, trees, tags = atoms.words, atoms.trees, atoms.tags
    facts: dict[str, list[str]] = {key: [] for key in words.predicates}
    index: dict = {"puzzles": [], words.objects_key: {}, "paths": {}}
    for q, tree in enumerate(trees):
        panel = tree.panel
        index["puzzles"].append({"name": names[q], "tag": tags[q], "puzzle": panel.to_dict()})
        objects = [(o, atoms.square(q, j)) for j, o in enumerate(tree.objects)]
        _group_facts(facts, words.panel_facts(panel, tags[q], objects))
        for obj, atom in objects:
            index[words.objects_key][atom] = [q, *words.object_index(panel, obj)]
    for q, node in used:
        pid, path, tree = atoms.path(q, node), trees[q].path(node), trees[q]
        sealed = not tree.goal_reachable[node]
        _group_facts(facts, words.path_facts(tree.panel, path, pid, tags[q], sealed, free_facts))
        index["paths"][pid] = [q, [list(v) for v in path]]
    return facts, index


FACTS_HEADER = "% ---- per-task facts (witness/learning/examples.py) ----"


def bk_header(bk_files: Sequence[Path]) -> str:
    """The part of every task's bk.pl that comes from the bias: its background
    knowledge files, in order, each under a comment naming it (the per-task
    facts follow, after ``FACTS_HEADER``)."""
    return "\n".join(
        f"% ---- background knowledge: {f.name} ----\n{read_text(f, 'background knowledge file')}"
        for f in bk_files
    )


def _bk_text(
    bk_files: Sequence[Path],
    puzzles: Sequence[Panel],
    names: Sequence[str],
    tags: Sequence[str],
    facts: dict[str, list[str]],
) -> str:
    """bk.pl: the bias's background knowledge files, then the per-task facts."""
    fact_lines = [FACTS_HEADER]
    for q, puzzle in enumerate(puzzles):
        fact_lines.append(f"% puzzle {tags[q]} ({names[q]}): {puzzle.to_json()}")
    for key, lines in facts.items():
        if not lines:  # keep calls to an empty predicate failing, not raising
            fact_lines.append(f":- dynamic({key}).")
        fact_lines.extend(lines)
    return bk_header(bk_files) + "\n" + "\n".join(fact_lines) + "\n"


def _task_inputs(
    puzzles: Sequence[Panel], names: Sequence[str], family: str | None, bias: Path
) -> list[Panel]:
    """The panels the task labels: for a bias without a family, each must be
    one of the paper's triangle puzzles (written in the paper's form, without
    ``meta``)."""
    panels = [p.to_panel() for p in puzzles]
    if family is not None:
        return panels
    for panel, name in zip(panels, names, strict=True):
        extra = panel.features()
        if extra:
            raise BiasError(
                f"{name}: the panel has {extra[0]}, but bias {bias} has no panel family "
                f"(a '% family:' line, or a file named {'.pl, '.join(FAMILIES)}.pl)"
            )
        check_paper_form(panel)  # the paper's puzzle form holds it, or a PuzzleError
    return [replace(panel, meta={}) for panel in panels]


def _label_task(
    panels: Sequence[Panel],
    names: Sequence[str],
    tags: Sequence[str],
    family: str | None,
    positives: str,
    max_paths: int | None,
) -> tuple[list[PathTree], list[PuzzleCounts], Groups, Groups]:
    """Label every panel of a task: its trees, counts and example groups."""
    labelling = family_labelling(family)
    trees: list[PathTree] = []
    counts: list[PuzzleCounts] = []
    pos_groups: Groups = {}
    neg_groups: Groups = {}
    for q, (panel, name, tag) in enumerate(zip(panels, names, tags, strict=True)):
        groups = (pos_groups, neg_groups)
        tree, c = _label_puzzle(q, panel, name, tag, positives, labelling, max_paths, groups)
        trees.append(tree)
        counts.append(c)
    return trees, counts, pos_groups, neg_groups


def write_task(
    puzzles: Sequence[Panel],
    out_dir: str | Path,
    *,
    names: Sequence[str] | None = None,
    bias_file: str | Path = DEFAULT_BIAS,
    max_pos: int | None = None,
    max_neg: int | None = None,
    seed: int = 0,
    positives: str = "blamed",
    max_paths: int | None = DEFAULT_MAX_PATHS,
) -> TaskSummary:
    """Write one Popper task folder with the examples of ``puzzles`` (one or a pool).

    With a panel family's bias (:func:`bias_family`) the examples are
    ``f(Path, Object)`` over the family's objects of each panel (triangle
    puzzles are taken as panels); otherwise ``f(Path, Square)`` over triangle
    squares (a panel must then hold triangles only). ``names`` (default
    ``q0``, ``q1``, ...) become the atom tags; caps of ``None`` keep every
    example, as the paper does.
    """
    t0 = time.perf_counter()
    _check_task_args(puzzles, positives, max_pos, max_neg)
    # Refuse an unusable --out before the work (and check again when writing).
    check_folder(out_dir, TASK_FILES, _own_files(Path(out_dir)))
    names = list(names) if names is not None else [f"q{i}" for i in range(len(puzzles))]
    if len(names) != len(puzzles):
        raise ValueError("names and puzzles differ in length")
    bk_files = bias_bk_files(bias_file)
    family = bias_family(bias_file)
    puzzles = _task_inputs(puzzles, names, family, Path(bias_file))
    tags = _unique_tags(names)

    trees, counts, pos_groups, neg_groups = _label_task(
        puzzles, names, tags, family, positives, max_paths
    )
    pos = _sample(pos_groups, max_pos, random.Random(f"pos:{seed}"))
    neg = _sample(neg_groups, max_neg, random.Random(f"neg:{seed}"))
    _count_written(counts, trees, pos, neg)

    atoms = _Atoms(trees, tags, len(puzzles) > 1, vocabulary(family))
    exs = [f"pos(f({atoms.path(q, n)},{atoms.square(q, j)}))." for q, n, j in sorted(pos)]
    exs += [f"neg(f({atoms.path(q, n)},{atoms.square(q, j)}))." for q, n, j in sorted(neg)]
    used = sorted({(q, n) for q, n, _ in pos} | {(q, n) for q, n, _ in neg})
    # path_free/2 lists (head's free region) are long: written only for a BK that reads them.
    free_facts = any("path_free(" in f.read_text() for f in bk_files)
    facts, index = _task_facts(names, atoms, used, free_facts)
    if family is not None:
        index = {"family": family, **index}
    bk_text = _bk_text(bk_files, puzzles, names, tags, facts)

    summary = TaskSummary(
        out_dir=Path(out_dir),
        bias=str(Path(bias_file)),
        bk_files=[f.name for f in bk_files],
        positives=positives,
        seed=seed,
        max_pos=max_pos,
        max_neg=max_neg,
        pos_total=sum(c.pos_total for c in counts),
        neg_total=sum(c.neg_total for c in counts),
        pos_written=len(pos),
        neg_written=len(neg),
        paths_written=len(used),
        puzzles=counts,
        seconds=0.0,
        family=family,
    )
    summary.seconds = round(time.perf_counter() - t0, 4)
    files = {
        "bk.pl": bk_text,
        "bias.pl": Path(bias_file).read_text(encoding="utf-8"),
        "exs.pl": "\n".join(exs) + "\n",
        "index.json": json.dumps(index, separators=(",", ":")) + "\n",
    }
    record = {**summary.to_dict(), "files": {n: _file_hash(t) for n, t in files.items()}}
    files["counts.json"] = json.dumps(record, indent=1) + "\n"
    write_folder(out_dir, files, replaceable=_own_files(Path(out_dir)))
    return summary
