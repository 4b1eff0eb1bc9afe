"""The player's inference rules, which define the logic action function L(s)
(Chen 2023, section 3.2): only rules proven free of false positives on every
grid size may, since an unsound rule could remove every solution and score a
solvable puzzle infinity."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from pathlib import Path

from witness.errors import InputError
from witness.learning.translate import load_predicate
from witness.search.predicates import Predicate, as_program

log = logging.getLogger(__name__)

# Built-in rule sets `witness verify` proves for every grid size (local clauses;
# tests/test_difficulty.py checks this is still what verify says).
PROVEN_BUILTINS = ("baseline", "paper")


def player_rules(
    spec: str | Predicate = "none",
    clauses: Sequence[int] | None = None,
    verify_time_limit: float | None = None,
) -> Predicate:
    """The inference rules that define L(s): ``none`` (L = A), ``baseline``, ``paper``
    or a learned ``FILE.pl``, optionally only its ``clauses`` (1-based, in the
    program's order: clause_N of ``witness translate``).

    Raises InputError unless every chosen clause is proven free of false
    positives on every grid size: the built-ins are (``witness verify
    paper``); a program needs a sibling ``FILE.verify.json`` (written by the
    pipeline) whose status, or the status of every chosen clause, is
    ``proven``; else it is verified here (``witness.verify.verdict.verify_predicate``,
    status ``proven``: every clause holds on every grid size).
    """
    name = spec.name if isinstance(spec, Predicate) else str(spec)
    try:
        pred = full = load_predicate(spec)
    except InputError as exc:
        raise InputError(f"--rules: {exc}") from None
    if clauses is not None:
        if pred.kind == "none":
            raise InputError("--clauses: the rule set 'none' has no clauses")
        bad = [i for i in clauses if not 1 <= i <= len(pred.clauses)]
        if bad or not clauses:
            raise InputError(
                f"--clauses: clause {bad[0] if bad else '(none)'} does not exist "
                f"({name} has clauses 1 to {len(pred.clauses)})"
            )
        chosen = sorted(set(clauses))
        picked = tuple(pred.clauses[i - 1] for i in chosen)
        pred = as_program(
            Predicate(pred.name, "program", picked, pred.description),
            f"{pred.name}[{','.join(map(str, chosen))}]",
        )
    else:
        chosen = list(range(1, len(pred.clauses) + 1))
    if pred.kind == "none" or name in PROVEN_BUILTINS:
        return pred
    if not _proven(Path(name), full, pred, chosen, verify_time_limit):
        raise InputError(
            f"--rules: {name} is not proven free of false positives on every "
            "grid size (witness verify); an unsound rule may remove solutions"
        )
    return pred


def _proven(
    program: Path, full: Predicate, pred: Predicate, chosen: list[int], time_limit: float | None
) -> bool:
    """Is every chosen clause of ``full`` (``pred``: those clauses) proven for all
    grid sizes? The sibling .verify.json is taken at its word only if it records
    the program's clauses as they are now (an edited .pl keeps its old record);
    else ``pred`` is verified here."""
    sidecar = program.with_suffix(".verify.json")
    if sidecar.is_file():
        try:
            data = json.loads(sidecar.read_text())
        except (OSError, ValueError):
            data = None
        if isinstance(data, dict) and not _records(data, full):
            log.warning(
                "%s does not record the clauses of %s as they are now (edited since?): "
                "verifying here",
                sidecar,
                program,
            )
            data = None
        if isinstance(data, dict):
            if data.get("status") == "proven":
                return True
            # _records checked that the record lists the program's clauses in order, so
            # --clauses N is the record's Nth (by place: older records count from 0)
            per_clause = data["clauses"]
            if all(per_clause[i - 1].get("status") == "proven" for i in chosen):
                return True
    from witness.verify.verdict import PROVEN, verify_predicate  # loads clingo: only when needed

    result = verify_predicate(pred, time_limit=time_limit)
    log.info("verify %s: %s", program, result.verdict)
    return result.status == PROVEN


def _records(data: dict, program: Predicate) -> bool:
    """Does a verify record (``witness verify --json``) list exactly ``program``'s clauses?"""
    clauses = data.get("clauses")
    if not isinstance(clauses, list):
        return False
    sources = [c.get("source") if isinstance(c, dict) else None for c in clauses]
    return sources == [c.source for c in program.clauses]
