"""What one search reports: :class:`SolveResult` (``witness solve --json``) and
why it stopped (:data:`STATUSES`). Shared by A* (:mod:`~witness.search.panel_search`),
the portfolio (:mod:`~witness.search.portfolio`) and the clingo solver
(:mod:`witness.search.asp_solver`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from witness.model.base import Vertex

# Why a search stopped (SolveResult.status). "unsolvable" is a proof: the open
# list ran empty and every path was dropped by a sound rule (the constraints
# at the goal, pi_baseline, or a predicate proven to have no false positive).
# "exhausted" is the same empty open list under a predicate that may prune a
# solution (e.g. an unverified learned program): no proof of anything.
STATUSES = (
    "solved",
    "unsolvable",
    "exhausted",
    "timed_out",
    "expansion_budget",
    "out_of_memory",
    "stopped",
)


@dataclass
class SolveResult:
    """Metrics of one solve. ``contract_dict`` is the CLI's ``--json`` object."""

    solved: bool
    path: list[Vertex] | None
    expansions: int
    generated: int
    seconds: float
    timed_out: bool
    status: str  # one of STATUSES
    predicate: str = ""
    mode: str = ""
    extra: dict = field(default_factory=dict)

    def contract_dict(self) -> dict:
        return {
            "solved": self.solved,
            "path": [list(v) for v in self.path] if self.path is not None else None,
            "expansions": self.expansions,
            "seconds": self.seconds,
            "timed_out": self.timed_out,
            "status": self.status,
        }

    def to_dict(self) -> dict:
        d = asdict(self)
        d["path"] = self.contract_dict()["path"]
        return d

    def summary(self) -> str:
        head = f"{self.status}: {self.expansions} expansions, {self.generated} generated, "
        head += f"{self.seconds:.4f} s ({self.predicate}, {self.mode})"
        if self.path:
            head += "\npath: " + " ".join(f"{x},{y}" for x, y in self.path)
        return head
