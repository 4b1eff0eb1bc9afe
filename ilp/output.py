"""Write a learned program as a ``.pl`` file whose header records how it was made."""

from __future__ import annotations

from ilp.results import Program, Scores, Stats

# The first line of every program file: a writer can tell a learned program it may
# replace from any other file.
PROGRAM_MARK = "% Learned by ilp"


def program_file_text(program: Program, scores: Scores, stats: Stats) -> str:
    """The ``.pl`` text: a comment header (task, scores, time, settings), then the clauses."""
    s = stats.settings
    how = stats.stop_reason or ("time-out" if stats.timed_out else "")
    settings = " ".join(f"{k}={v}" for k, v in s.items() if k != "max_clauses_is_hard_limit")
    lines = [
        f"{PROGRAM_MARK} "
        + (
            "(real Popper)"
            if stats.engine == "popper"
            else "(learning from failures: clingo generates, SWI-Prolog tests)"
        ),
        f"% task: {stats.task}",
        f"% examples: {stats.n_pos} positive, {stats.n_neg} negative",
        f"% scores: {scores}",
        f"% time: {stats.seconds:.1f} s; search: {how}",
        f"% rules tested: {stats.rules_tested}"
        + (f" and whole programs tested: {stats.programs_tested}" if stats.programs_tested else "")
        + (
            f"; coverage unknown for {sum(stats.failed_tests.values())} of them ("
            + ", ".join(f"{kind} {n}" for kind, n in sorted(stats.failed_tests.items()))
            + ")"
            if stats.failed_tests
            else ""
        )
        + (
            f"; pruning checks that failed: {sum(stats.failed_checks.values())} ("
            + ", ".join(f"{kind} {n}" for kind, n in sorted(stats.failed_checks.items()))
            + ")"
            if stats.failed_checks
            else ""
        ),
        f"% engine: {stats.engine}; {settings} ("
        + (
            "max_clauses is a hard limit)"
            if s.get("max_clauses") is not None
            else "no cap on the number of clauses)"
        ),
        f"% program: {len(program.rules)} clause(s), {program.size} literals",
        "",
    ]
    name, arity = program.head.rsplit("/", 1)
    if program.clauses:
        lines += list(program.clauses)
    else:
        lines.append(f":- dynamic({name}/{arity}).  % no rule found: {program.head} never holds")
    return "\n".join(lines) + "\n"
