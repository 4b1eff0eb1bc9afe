"""The side-by-side's ``comparison.md`` from its rows (``runs.json``).

Two tables, one line per bias and learner:

- *over runs*: learning CPU seconds (median and quartiles over tasks and
  seeds), candidates evaluated, false positives and recall on the training
  and on the held-out examples (medians), the verifier's verdicts;
- *pi\\**: the learner's program for the bias, chosen without the test
  puzzles: the run with the best verdict (a refuted program only sorts the
  search), then the highest training recall, then the fewest literals, then
  the first task and seed. Its clauses and
  literals, whether it reads as one Prolog clause per rule (every rule of
  the learner's own result kept, one clause each), the verdict, the cost
  per call, held-out false positives and recall, speedup_E, speedup_t, the
  share of test puzzles slower and those left unsolved; the paper's figures
  on the paper bias's line;

then each clause not proven, with its verdict and counterexample.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from witness.paper import PAPER_TEST

ORDER = ("ilp", "enumerate", "gp", "rules")


def recall(row: dict, prefix: str = "") -> float | None:
    """TP / (TP + FN) on the training (``prefix`` "") or held-out ("heldout_") examples."""
    tp, fn = row.get(f"{prefix}tp"), row.get(f"{prefix}fn")
    if tp is None or fn is None or tp + fn == 0:
        return None
    return tp / (tp + fn)


def quartiles(values: Sequence[float]) -> str:
    """``median (q1-q3)``; the value alone for one."""
    if len(values) == 1:
        return f"{values[0]:.2f}"
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return f"{q2:.2f} ({q1:.2f}-{q3:.2f})"


def _median(values: Sequence[float | None], digits: int = 2) -> str:
    kept = [v for v in values if v is not None]
    return f"{statistics.median(kept):.{digits}f}" if kept else "n/a"


def _fp_recall(rows: Sequence[dict], prefix: str) -> str:
    if not any(f"{prefix}fp" in r for r in rows):
        return "n/a"
    fps = [r[f"{prefix}fp"] for r in rows if f"{prefix}fp" in r]
    return f"{_median(fps, 0)} / {_median([recall(r, prefix) for r in rows])}"


def groups(rows: Sequence[dict]) -> list[tuple[str, str, list[dict]]]:
    """(experiment, learner, its rows), experiments in order of appearance."""
    experiments = list(dict.fromkeys(r["experiment"] for r in rows))
    keys = sorted(
        {(r["experiment"], r["learner"]) for r in rows},
        key=lambda k: (experiments.index(k[0]), ORDER.index(k[1])),
    )
    return [
        (e, lrn, [r for r in rows if (r["experiment"], r["learner"]) == (e, lrn)])
        for e, lrn in keys
    ]


def runs_table(rows: Sequence[dict]) -> str:
    """Learning over runs: one line per bias and learner."""
    head = (
        "| bias | learner | runs | CPU s median (IQR) | candidates (median) | "
        "training FP / recall | held-out FP / recall | verdicts | speedup_E (median) |\n"
        "|---|---|--:|---|--:|---|---|---|--:|\n"
    )
    lines = []
    for exp, learner, group in groups(rows):
        verdicts: dict[str, int] = {}
        for r in group:
            verdicts[r["verdict"]] = verdicts.get(r["verdict"], 0) + 1
        lines.append(
            f"| {exp} | {learner} | {len(group)} | "
            f"{quartiles([r['cpu_seconds'] for r in group])} | "
            f"{statistics.median(r['candidates'] for r in group):.0f} | "
            f"{_fp_recall(group, '')} | {_fp_recall(group, 'heldout_')} | "
            + ", ".join(f"{k} {v}" for k, v in sorted(verdicts.items()))
            + f" | {_median([r.get('speedup_E') for r in group])} |"
        )
    return head + "\n".join(lines) + "\n"


# The verdicts in the order pi* prefers them: a refuted program only sorts the search.
VERDICT_ORDER = ("proven", "bounded", "unknown", "error", "refuted", "empty")


def pi_star(group: Sequence[dict]) -> dict | None:
    """The learner's pi* for a bias, chosen without the test puzzles: among the
    runs with a clause, the best verdict (:data:`VERDICT_ORDER`), then the
    highest training recall, then the fewest literals, then the first (task,
    seed); None without a clause."""
    runs = [r for r in group if r["clauses"]]
    if not runs:
        return None

    def key(r: dict) -> tuple:
        rank = VERDICT_ORDER.index(r["verdict"]) if r["verdict"] in VERDICT_ORDER else 0
        return (-rank, recall(r) or 0.0, -r["literals"], _neg(r["task"]), -r["seed"])

    return max(runs, key=key)


def _neg(text: str) -> tuple[int, ...]:
    """A key that sorts ``text`` in reverse (for max to prefer the first)."""
    return tuple(-ord(c) for c in text)


def _value(row: dict, key: str, fmt: str = ".2f") -> str:
    value = row.get(key)
    return "n/a" if value is None else format(value, fmt)


PAPER_ROW = (
    "| paper | the paper (Table 3) | Popper, 500 tasks | 3 clauses | yes | proven by hand | "
    f"n/a | n/a | {PAPER_TEST['speedup_E']} | {PAPER_TEST['speedup_t']} | "
    f"{PAPER_TEST['share_slower']} | n/a |"
)


def pi_star_line(exp: str, learner: str, r: dict | None) -> str:
    """One line of the pi* table."""
    if r is None:
        return f"| {exp} | {learner} | none | 0 / 0 | n/a | empty |" + " n/a |" * 6
    reads = "yes" if r["one_clause_per_rule"] else "no"
    return (
        f"| {exp} | {learner} | {r['task']}, {r['seed']} | {r['clauses']} / {r['literals']} | "
        f"{reads} ({r['rules_learned']} rule{'s' if r['rules_learned'] != 1 else ''}) | "
        f"{r['verdict']} | "
        f"{_value(r, 'us_per_call')} | {_fp_recall([r], 'heldout_')} | "
        f"{_value(r, 'speedup_E')} | {_value(r, 'speedup_t')} | {_value(r, 'slower')} | "
        f"{r.get('unsolved', 'n/a')} |"
    )


def pi_star_table(rows: Sequence[dict]) -> str:
    """pi* per bias and learner; the paper's figures after the paper bias's lines."""
    head = (
        "| bias | learner | pi* (task, seed) | clauses / literals | one clause per rule | "
        "verdict | µs per call | held-out FP / recall | speedup_E | speedup_t | slower | "
        "unsolved |\n|---|---|---|---|---|---|--:|---|--:|--:|--:|--:|\n"
    )
    lines = []
    parts = groups(rows)
    for i, (exp, learner, group) in enumerate(parts):
        lines.append(pi_star_line(exp, learner, pi_star(group)))
        last = i + 1 == len(parts) or parts[i + 1][0] != exp
        if last and group[0]["bias"] == "paper":
            lines.append(PAPER_ROW)
    return head + "\n".join(lines) + "\n"


def not_proven_text(rows: Sequence[dict]) -> str:
    """Each clause a learner returned that the verifier did not prove, once per
    bias and learner, with how many runs returned it, whether it is in that
    learner's pi*, and a counterexample."""
    stars = {(e, lrn): pi_star(g) for e, lrn, g in groups(rows)}
    seen: dict[tuple[str, str, str], list] = {}
    for r in rows:
        for c in r.get("not_proven", []):
            key = (r["experiment"], r["learner"], c["clause"])
            entry = seen.setdefault(key, [c["status"], 0, c["counterexample"], False])
            entry[1] += 1
            entry[3] = entry[3] or r is stars.get(key[:2])
    if not seen:
        return ""
    lines = [
        "Clauses not proven (bias, learner: clause, verdict, runs, counterexample; "
        "**pi\\*** marks a clause of the learner's pi*):",
        "",
    ]
    for (exp, learner, clause), (status, runs, cx, in_star) in seen.items():
        where = f"`{cx[0]}`" if cx else "no counterexample (not refuted)"
        mark = " **pi\\***" if in_star else ""
        lines.append(f"- {exp}, {learner}{mark}: `{clause}` {status} in {runs} run(s); {where}")
    return "\n".join(lines) + "\n"


def comparison_text(rows: Sequence[dict], config: dict | None = None) -> str:
    """comparison.md: both tables and the clauses not proven."""
    config = config or {}
    heldout = config.get("heldout", {})
    text = [
        "# Learners side by side",
        "",
        f"Run `{config.get('run', '?')}`, seed {config.get('seed', '?')}, "
        f"{config.get('timeout', '?')} s per learner and task; GP seeds "
        f"{', '.join(map(str, config.get('gp_seeds', [])))}. Held-out examples: the "
        f"labelled partial paths of the first {heldout.get('puzzles', 0)} test puzzles "
        f"of at most {heldout.get('max_squares', 16)} squares (at most "
        f"{heldout.get('max_pos')} positive and {heldout.get('max_neg')} negative). "
        "FP: false positives (negative examples covered: a completable path); "
        "recall: TP / (TP + FN). µs per call: the search core's kernel on the held-out "
        "partial paths, per path.",
        "",
        "## Over runs (median and quartiles over tasks and seeds)",
        "",
        runs_table(rows),
        "## pi* per learner (best verdict, then highest training recall, then fewest literals)",
        "",
        pi_star_table(rows),
    ]
    not_proven = not_proven_text(rows)
    return "\n".join(text) + ("\n" + not_proven if not_proven else "")
