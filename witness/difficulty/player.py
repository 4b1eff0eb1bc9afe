"""The player (Chen 2023, section 3.2): the inference rules that define the
logic action function L(s), each a predicate on lines read the same way on
every panel (:meth:`Player.rules`), and a policy (Algorithm 3). Only rules
proven free of false positives on every grid size may model a player
(:func:`player_rules`): an unsound rule could remove every solution and
score a solvable puzzle infinity."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from witness.difficulty.game import HAND_RULES, POLICIES, Line, PanelGame, Rule
from witness.errors import InputError
from witness.learning.translate import load_predicate
from witness.model.base import PuzzleError
from witness.model.puzzle import check_paper_form
from witness.search.panel_features import predicate_holds, program_fires, reads_panel_features
from witness.search.predicates import Predicate, as_program

log = logging.getLogger(__name__)

# Built-in rule sets `witness verify` proves for every grid size (local clauses;
# tests/test_difficulty.py checks this is still what verify says).
PROVEN_BUILTINS = ("baseline", "paper")


@dataclass(frozen=True)
class Player:
    """A player model: the hand rules it knows (names of ``HAND_RULES``), the
    proven programs it knows (:func:`player_rules`) and its policy."""

    hand: tuple[str, ...] = ()
    programs: tuple[Predicate, ...] = ()
    policy: str = "none"

    def __post_init__(self) -> None:
        unknown = [n for n in self.hand if n not in HAND_RULES]
        if unknown:
            raise InputError(
                f"--rules: {unknown[0]!r} is not a hand rule ({', '.join(HAND_RULES)})"
            )
        check_policy(self.policy)
        object.__setattr__(self, "programs", tuple(p for p in self.programs if p.kind != "none"))

    @property
    def label(self) -> str:
        """``hand``, the hand rules' names, the programs' names, joined by ``+``
        (``none`` when it knows no rule), then ``@POLICY``."""
        parts = ["hand"] if self.hand == tuple(HAND_RULES) else list(self.hand)
        parts += [p.name for p in self.programs]
        label = "+".join(parts) or "none"
        return label if self.policy == "none" else f"{label}@{self.policy}"

    def rules(self, game: PanelGame) -> tuple[Rule, ...]:
        """The player's rules as predicates on ``game``'s lines (InputError when
        a triangle program meets a panel with more than triangles)."""
        return (
            *(HAND_RULES[n] for n in self.hand),
            *(program_rule(p, game) for p in self.programs),
        )


def check_policy(policy: str) -> None:
    if policy not in POLICIES:
        raise InputError(f"--policy: {policy!r} is not one of {', '.join(POLICIES)}")


def program_rule(predicate: Predicate, game: PanelGame) -> Rule:
    """A proven program as a player's rule on ``game``: a family program
    (clauses over :mod:`witness.search.panel_features`) on any panel, sound
    when proven (``witness verify``: its argument covers lines that go on past
    an end, a superset of this game's); a triangle program (``paper``,
    ``baseline``, a learned triangle program) on a triangle-only panel, read
    on the line as the triangle search's path (``predicate_holds``). A
    line that solves the panel is never rejected."""
    panel = game.panel
    if reads_panel_features(predicate):

        def family(game: PanelGame, s: Line) -> bool:
            return program_fires(panel, [game.vertex[i] for i in s.path], predicate.clauses)

        return family
    try:
        check_paper_form(panel)  # the paper's form, which a triangle program reads
    except PuzzleError as exc:
        extra = panel.features()
        why = f"on a panel with {', '.join(extra)}" if extra else f"here ({exc})"
        raise InputError(
            f"--rules: {predicate.name} reads triangle puzzles only; {why} the players "
            "are none, hand and learned programs over the panel features"
        ) from None

    def triangle(game: PanelGame, s: Line) -> bool:
        if s.head in game.ends and len(s.path) > 1 and game.solved(s):
            return False
        return predicate_holds(predicate, game.panel, [game.vertex[i] for i in s.path])

    return triangle


def parse_player(spec: str) -> Player:
    """``[hand+]RULES[:CLAUSES][@POLICY]`` -> the player it names. RULES is
    ``none``, ``hand``, ``baseline``, ``paper`` or a learned FILE.pl; ``hand+``
    adds the hand rules to a program; ``:1/4`` keeps only those clauses of it
    (1-based, program order); ``@straight`` adds the straight-line policy.
    Unproven rules are refused (:func:`player_rules`, InputError)."""
    body, _, policy = spec.partition("@")
    hand_too = body.startswith("hand+")
    body = body.removeprefix("hand+")
    path, colon, picked = body.rpartition(":")
    if not colon or not picked.replace("/", "").isdigit():
        path, picked = body, ""
    clauses = parse_clauses(picked.replace("/", ",")) if picked else None
    return make_player(path, clauses, policy or "none", hand_too)


def parse_clauses(text: str | None) -> list[int] | None:
    """``"1,3"`` -> [1, 3] (``--clauses``)."""
    if text is None:
        return None
    try:
        return [int(part) for part in text.split(",")]
    except ValueError:
        raise InputError(f"--clauses: expected clause numbers like 1,3, got {text!r}") from None


def make_player(
    rules: str | Predicate = "none",
    clauses: Sequence[int] | None = None,
    policy: str = "none",
    hand_too: bool = False,
) -> Player:
    """The player ``witness difficulty --rules RULES --clauses ... --policy
    POLICY`` names: ``hand`` (the hand rules) or the proven rules
    :func:`player_rules` gives, with the hand rules too if ``hand_too``."""
    check_policy(policy)  # before player_rules, which may verify a program
    hand = tuple(HAND_RULES) if hand_too or rules == "hand" else ()
    if rules == "hand":
        if clauses is not None:
            raise InputError("--clauses: not with --rules hand")
        return Player(hand, (), policy)
    return Player(hand, (player_rules(rules, clauses),), policy)


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
