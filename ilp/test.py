"""Test: coverage of a rule on the task's examples, in SWI-Prolog through janus-swi.

janus-swi embeds one Prolog engine per process, so each task gets its own
Prolog module (``ilp_task_<n>``): its background knowledge is loaded into it
once, from a stream with a unique source id (SWI refuses to load one
non-module file into two modules), and its examples are stored there as
numbered facts ``'$ilp_pos'(I, Atom)`` / ``'$ilp_neg'(I, Atom)``. Tasks never
see each other's clauses; :meth:`Tester.close` wipes the module.

A rule is tested with one call: it is asserted as a temporary clause, one
``findall`` collects the indices of the covered examples among the candidates
(all examples, or the few that a more general rule covered), and the clause
is erased. Every call is bounded by an inference limit (deterministic) and a
wall-clock limit (a safety net), so a pathological rule cannot hang a run;
such a rule gets status ``"limit"`` or ``"timeout"`` and no coverage.
"""

from __future__ import annotations

import itertools
import logging
import math
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path

from ilp.bias import Bias
from ilp.programs import program_path
from ilp.results import Scores
from ilp.rules import Literal, Rule, connected, evaluation_order, format_rule, is_recursive
from ilp.task import BKError, TaskError

logger = logging.getLogger(__name__)

HELPER_MODULE = "ilp_test"
HELPER_FILE = program_path("test.pl")

# Coverage from the body's answers (Tester._answer_limit): only for this many examples or
# more, within this many inferences per example (then one by one as usual).
ANSWERS_MIN_EXAMPLES = 1000
ANSWER_INFERENCES_PER_EXAMPLE = 20
# rule texts kept for repeated queries about the same rule (then the cache restarts)
TEXT_CACHE = 10_000
# rules whose evaluation order (and callability) the tester keeps (then the cache
# restarts); kept small, as its objects add to garbage collection (zendo2: 3.7 CPU s
# of 25 with 100,000, 3.3 to 3.6 with 20,000, 2.9 to 3.1 with no cache)
ORDER_CACHE = 20_000
# Depth limit of one example's proof by a recursive program (cover_program in test.pl):
# deeper proofs are not looked for and make the answer unknown, never "not covered"
RECURSION_DEPTH = 500

_task_counter = itertools.count()
_helper_loaded = False


def _janus():
    """Import janus-swi and load the helper module once per process."""
    global _helper_loaded
    import janus_swi as janus

    if not _helper_loaded:
        janus.consult(str(HELPER_FILE))
        _helper_loaded = True
    return janus


def to_mask(indices: Sequence[int]) -> int:
    """Bitset (Python int) with the given bits set."""
    if not indices:
        return 0
    buf = bytearray(max(indices) // 8 + 1)
    for i in indices:
        buf[i >> 3] |= 1 << (i & 7)
    return int.from_bytes(buf, "little")


def mask_indices(mask: int) -> list[int]:
    """Indices of the set bits of ``mask``, increasing."""
    bits = bin(mask)[:1:-1]
    if 3 * mask.bit_count() > len(bits):  # dense: one pass over all bits is cheaper
        return [i for i, c in enumerate(bits) if c == "1"]
    # sparse: str.find jumps over the zeros in C, a Python step per set bit only
    found = []
    i = bits.find("1")
    while i >= 0:
        found.append(i)
        i = bits.find("1", i + 1)
    return found


class RescoreFailed(RuntimeError):
    """The final program's re-test hit a limit or ran out of time."""


@dataclass(frozen=True)
class Coverage:
    """The outcome of testing one rule on one kind of example."""

    mask: int  # covered example indices (only meaningful when status == "ok")
    status: str  # ok | limit | timeout | error

    @property
    def ok(self) -> bool:
        return self.status == "ok"


def projection(rows: Iterable[tuple], places: Sequence[int]) -> Iterator[tuple]:
    """Each tuple of ``rows`` cut to ``places`` (in that order), as a tuple."""
    if not places:
        return (() for _ in rows)
    if len(places) == 1:
        return zip(map(itemgetter(places[0]), rows))
    return map(itemgetter(*places), rows)


class Tester:
    """The task's background knowledge and examples, loaded once into a Prolog module."""

    __test__ = False  # not a pytest test class, despite the name

    def __init__(
        self,
        bk: str | Path,
        exs: str | Path,
        bias: Bias,
        eval_timeout: float = 10.0,
        inferences_per_example: int = 200_000,
        load_timeout: float | None = None,
    ):
        self.janus = _janus()
        self.bk = bk
        self.bias = bias
        self.directions = bias.directions
        self.eval_timeout = eval_timeout
        self.inferences_per_example = inferences_per_example
        n = next(_task_counter)
        self.module = f"ilp_task_{n}"
        self._source_id = f"{Path(bk).resolve()}#ilp_task_{n}"
        self.closed = False
        self.error_reported = False  # the first rule test that raised is logged, later ones counted
        self.failed: dict[str, int] = {}  # queries that hit a limit or raised, by status
        # no query runs past this (time.perf_counter()); see _limit
        self.deadline: float | None = None
        # see _numbered_text
        self._texts: dict[tuple[Rule, Literal | None], tuple[str, int, bool]] = {}
        self._text_ids = itertools.count()
        # see order and callable: a rule's body in its text's order (None: no
        # safe order), and whether it is connected and safe to call
        self._orders: dict[Rule, tuple[Literal, ...] | None] = {}
        self._callable: dict[Rule, bool] = {}
        self._rows: dict[str, set[tuple]] = {}  # fact relations, see use_relations
        self._recalls: dict[tuple[str, tuple[bool, ...]], float] = {}
        if bias.recursion:
            # a program's clauses are asserted as the head predicate's own (and
            # override a library predicate of that name, such as last/2)
            self.janus.query_once(f"dynamic({self.module}:{_quote_pi(head_pi(bias))})")
        self._load_bk(load_timeout)
        head = f"{bias.head.name}/{bias.head.arity}"
        try:
            r = self.janus.query_once(
                f"{HELPER_MODULE}:load_examples({self.module}, File, {_quote_pi(head)}, P, N)",
                {"File": str(exs)},
            )
        except self.janus.PrologError as exc:
            self.close()
            raise TaskError(
                f"cannot read examples {exs}: {_first_line(exc)} "
                f"(expected ground pos({head}) and neg({head}) facts)"
            ) from None
        self.n_pos, self.n_neg = r["P"], r["N"]
        if self.n_pos == 0:
            self.close()
            raise TaskError(
                f"{exs} has no positive example (pos({head}) facts); there is nothing to learn"
            )
        if self.n_neg == 0:  # legal (Popper accepts it), but rarely what was meant
            logger.warning(
                "%s has no negative example (neg(%s) facts): every rule is "
                "consistent, so the most general program that covers the "
                "positives wins",
                exs,
                head,
            )
        preds = [f"{p.name}/{p.arity}" for p in bias.body]
        missing = self.janus.query_once(
            f"{HELPER_MODULE}:undefined_preds({self.module}, "
            f"[{', '.join(_quote_pi(p) for p in preds)}], X)"
        )["X"]
        if missing:
            self.close()
            raise BKError(f"body predicate {missing[0]} is not defined in {bk}")
        facts = self.janus.query_once(
            f"{HELPER_MODULE}:fact_preds({self.module}, "
            f"[{', '.join(_quote_pi(p) for p in preds)}], X)"
        )["X"]
        # body predicates defined by ground facts only (see _answer_limit)
        self.fact_preds = {str(name) for name in facts}
        if (
            bias.recursion
            and self.janus.query_once(
                f"{HELPER_MODULE}:own_clauses({self.module}, N, {bias.head.arity}, K)",
                {"N": bias.head.name},
            )["K"]
        ):
            self.close()
            raise TaskError(
                f"{bk} defines the head predicate {head}: with "
                "enable_recursion it must be left to the learned program"
            )

    def _load_bk(self, load_timeout: float | None) -> None:
        """Load the BK into this task's module, its directives and initialization
        goals within ``load_timeout`` seconds (None: no limit); a BKError quoting
        its first error."""
        try:
            error = self.janus.query_once(
                f"{HELPER_MODULE}:load_bk({self.module}, File, Id, Limit, Error)",
                {"File": str(self.bk), "Id": self._source_id, "Limit": load_timeout or 0},
            )["Error"]
        except self.janus.PrologError as exc:
            error = _first_line(exc)
        if error:
            self.close()
            raise BKError(f"error in {self.bk}: {error}")

    def cover(
        self,
        rule: Rule,
        kind: str,
        candidates: int | None = None,
        time_limit: float | None = None,
        first: bool = False,
    ) -> Coverage:
        """Which ``kind`` ("pos" or "neg") examples ``rule`` covers.

        ``candidates`` (a bitset) restricts the test to those examples, e.g.
        the ones a generalisation of ``rule`` covers; None tests all.
        ``time_limit`` (seconds) overrides the tester's ``eval_timeout``.
        With ``first``, stop at the first covered example (the mask then has
        at most one bit: enough to tell "covers some" from "covers none").
        The rule's body must have a safe order under the bias's directions.
        """
        return self._query(rule, kind, candidates, time_limit, "true" if first else "false")

    def cover_program(
        self,
        rules: Sequence[Rule],
        kind: str,
        candidates: int | None = None,
        time_limit: float | None = None,
        first: bool = False,
    ) -> Coverage:
        """:meth:`cover` for a whole program (e.g. a recursive one), its
        clauses in this order. Each example's proof is bounded by
        :data:`RECURSION_DEPTH` and by ``inferences_per_example`` inferences
        of its own; an example that reaches either without a proof makes the
        answer unknown (status ``"depth"`` or ``"limit"``; the query stops
        there: the search can use no answer about a program with an unknown
        example, which is then neither pooled nor learned from). A program
        that never ends on its first example so costs that example's
        inferences, not all examples' (on Popper's andersen, 255 such tests
        took 11.8 of the 12.1 CPU s of its program tests)."""
        cands = [] if candidates is None else mask_indices(candidates)
        if candidates is not None and not cands:
            return Coverage(0, "ok")
        limit = self._limit(time_limit)
        if limit is None:
            return Coverage(0, self._check("timeout", str))
        table = "'$ilp_pos'" if kind == "pos" else "'$ilp_neg'"
        every = "true" if candidates is None else "false"
        r = self.janus.query_once(
            f"{HELPER_MODULE}:cover_program({self.module}, Ts, {table}, {every}, C, "
            f"{'true' if first else 'false'}, {RECURSION_DEPTH}, IL, TL, Cov, St)",
            {
                "Ts": [self._text(rule) for rule in rules],
                "C": cands,
                "IL": self.inferences_per_example,  # each example's own
                "TL": limit,
            },
        )
        status = self._check(
            str(r["St"]), lambda: f"a program with {format_rule(rules[0], self.directions)}"
        )
        mask = to_mask(r["Cov"]) if status == "ok" else 0
        return Coverage(mask, status)

    def _limit(self, time_limit: float | None) -> float | None:
        """One query's wall-clock limit: ``time_limit`` (default the tester's
        ``eval_timeout``) cut to the time left before :attr:`deadline`; None
        once that has passed: the query is not run (status ``"timeout"``).
        The callers compute a limit once for several queries (a rule's
        positives, then its negatives; each part of a body in turn), so
        without this cut each could take the whole time left and the job
        end that long after its deadline."""
        limit = float(time_limit or self.eval_timeout)
        if self.deadline is None:
            return limit
        left = self.deadline - time.perf_counter()
        return min(limit, left) if left > 0 else None

    def _check(self, status: str, testing: Callable[[], str], detail: str = "") -> str:
        """Count a query that hit a limit or raised; an error in the BK stops
        learning. ``testing()``: what was tested, as text (made only for the
        error: formatting each of the 6,088 queries on Popper's zendo1, 37 us
        each, was a tenth of its CPU)."""
        if status != "ok":
            self.failed[status] = self.failed.get(status, 0) + 1
        if status == "bk_error":
            raise BKError(
                f"error in the background knowledge {self.bk} (while testing {testing()}){detail}"
            )
        return status

    def first_missed(
        self, rule: Rule, kind: str, candidates: int | None = None, time_limit: float | None = None
    ) -> Coverage:
        """The first of ``candidates`` (bitset; None: all) ``rule`` does not cover,
        as a one-bit mask (0: it covers them all). Stops there."""
        return self._query(rule, kind, candidates, time_limit, "missed")

    def implied(
        self,
        rule: Rule,
        lit: Literal,
        kind: str = "neg",
        time_limit: float | None = None,
        inference_limit: int | None = None,
    ) -> bool:
        """Does ``lit`` hold (its variables not in ``rule`` existentially)
        under every answer of ``rule``'s body on every ``kind`` example?
        Asked as: ``rule`` with ``\\+ lit`` appended covers none of them.
        False when the test hits a limit (``inference_limit``: for the whole
        query; default the tester's per-example limit times the examples) or
        raises."""
        found = self._query(
            rule, kind, None, time_limit, "true", negated=lit, inference_limit=inference_limit
        )
        return found.ok and found.mask == 0

    def _query(
        self,
        rule: Rule,
        kind: str,
        candidates: int | None,
        time_limit: float | None,
        mode: str,
        negated: Literal | None = None,
        inference_limit: int | None = None,
    ) -> Coverage:
        total = self.n_pos if kind == "pos" else self.n_neg
        if candidates is None:
            cands, n = [], total
        else:
            cands = mask_indices(candidates)
            n = len(cands)
            if n == 0:
                return Coverage(0, "ok")
        limit = self._limit(time_limit)
        if limit is None:
            return Coverage(0, self._check("timeout", str))
        table = "'$ilp_pos'" if kind == "pos" else "'$ilp_neg'"
        every = "true" if candidates is None else "false"
        # from the body's answers: for all examples, or for all candidates (then
        # restricted to them below), never for a first-missed query
        answers = (
            0
            if mode == "missed" or (candidates is not None and mode != "false")
            else self._answer_limit(rule, n, negated)
        )
        if inference_limit is not None:
            answers = min(answers, inference_limit)
        text, text_id, untimed = self._numbered_text(rule, negated)
        # janus keeps every distinct query string it parsed (py_call_cache/8), so
        # what changes from rule to rule is passed as a binding, not in the string
        r = self.janus.query_once(
            f"{HELPER_MODULE}:cover({self.module}, Id, T, {table}, {every}, C, "
            f"{mode}, {answers}, IL, TL, U, Cov, St, Msg)",
            {
                "Id": text_id,
                "U": untimed,
                "T": text,
                "C": cands,
                "IL": inference_limit or max(1, n) * self.inferences_per_example,
                "TL": limit,
            },
        )
        status = self._check(
            str(r["St"]), lambda: format_rule(rule, self.directions), f": {r['Msg']}"
        )
        if status == "error" and not self.error_reported:
            # Often the rule's own fault (e.g. an unbound argument), but it may be a BK
            # predicate that throws: say it once rather than hide it.
            self.error_reported = True
            logger.warning(
                "testing %s raised an error: %s (such rules are neither used nor "
                "learned from; the header counts them)",
                format_rule(rule, self.directions),
                r["Msg"],
            )
        mask = to_mask(r["Cov"]) if status == "ok" else 0
        if candidates is not None:
            mask &= candidates
        return Coverage(mask, status)

    def _text(self, rule: Rule, negated: Literal | None = None) -> str:
        """``rule`` as Prolog text in evaluation order (see :meth:`_numbered_text`)."""
        return self._numbered_text(rule, negated)[0]

    def _numbered_text(self, rule: Rule, negated: Literal | None = None) -> tuple[str, int, bool]:
        """``rule`` as Prolog text in evaluation order, that text's number
        and whether its queries may start without a time limit (True for
        a body of fact-defined predicates, see ``limited/5`` in test.pl),
        cached: a rule is usually asked about several times in a row
        (positives, negatives), and cover/14 keeps the clause it asserts for
        a number until the cache restarts."""
        key = (rule, negated)
        found = self._texts.get(key)
        if found is None:
            if len(self._texts) >= TEXT_CACHE:
                self._forget_texts()
            body = self.order(rule)
            if body is None:  # raises the ValueError evaluation_order raises
                evaluation_order(rule, self.directions)
            # format_rule of ``rule`` (ordered), with its order looked up
            text = format_rule(Rule(rule.head, body), ordered=False, negated=negated)
            lits = [*rule.body, *([negated] if negated is not None else [])]
            untimed = all(lit.pred in self.fact_preds for lit in lits)
            found = self._texts[key] = (text, next(self._text_ids), untimed)
        return found

    def order(self, rule: Rule) -> tuple[Literal, ...] | None:
        """``rule``'s body in :func:`~ilp.rules.evaluation_order` under the
        bias's directions (and, without them, :meth:`recall` once
        :meth:`use_relations` gave relations): the order of its text; None
        if it has no safe order. Cached (a rule's parts are asked about for
        each rule that holds them: the pointless-literal check); the cache
        restarts with the relations."""
        found = self._orders.get(rule, False)
        if found is False:
            if len(self._orders) >= ORDER_CACHE:
                self._orders.clear()
            recall = self.recall if self._rows and self.directions is None else None
            try:
                found = evaluation_order(rule, self.directions, recall)
            except ValueError:
                found = None
            self._orders[rule] = found
        return found

    def callable(self, rule: Rule) -> bool:
        """Is ``rule`` connected and safe to call under the bias's directions?
        Cached (see :meth:`order`); without directions every order is safe."""
        found = self._callable.get(rule)
        if found is None:
            if len(self._callable) >= ORDER_CACHE:
                self._callable.clear()
            found = connected(rule) and (self.directions is None or self.order(rule) is not None)
            self._callable[rule] = found
        return found

    def _forget_texts(self) -> None:
        """Restart the text cache, and drop the clauses cover/14 kept."""
        self._texts.clear()
        if not self.closed:
            self.janus.query_once(f"{HELPER_MODULE}:forget_rules({self.module})")

    def use_relations(self, rows: dict[str, set[tuple]]) -> None:
        """Order rule bodies for testing by what these fact relations
        (predicate -> tuples) say of their literals' answers (:meth:`recall`);
        only without directions, where any order of a body finds the same."""
        self._rows = rows
        self._recalls.clear()
        self._orders.clear()
        self._forget_texts()

    def recall(self, pred: str, bound: tuple[bool, ...]) -> float:
        """The most tuples ``pred`` has for one value of its ``bound``
        arguments (infinity if it is no fact relation known), cached."""
        key = (pred, bound)
        found = self._recalls.get(key)
        if found is None:
            rows = self._rows.get(pred)
            if rows is None:
                found = math.inf
            elif not rows:
                found = 0.0
            else:
                at = [i for i, b in enumerate(bound) if b]
                found = float(max(Counter(projection(rows, at)).values()))
            self._recalls[key] = found
        return found

    def fact_rows(self, name: str, arity: int, max_rows: int) -> set[tuple[str, ...]] | None:
        """The tuples of ``name/arity`` (arguments as Prolog text) when the BK
        defines it by at most ``max_rows`` ground facts and nothing else; else None."""
        r = self.janus.query_once(
            f"{HELPER_MODULE}:fact_rows({self.module}, N, {arity}, {max_rows}, Rows)", {"N": name}
        )
        rows = r["Rows"]
        if not isinstance(rows, list):
            return None
        return {tuple(row) for row in rows}

    def head_place_conflicts(self, place: int) -> tuple[list[int], set[str]] | None:
        """For head argument ``place`` (0-based): for each positive, in order,
        the index of a negative equal to it but at that place, and the distinct
        values there over all examples (Prolog text, as :meth:`fact_rows` gives
        them); None if some positive has no such negative."""
        r = self.janus.query_once(
            f"{HELPER_MODULE}:head_place_conflicts({self.module}, {place + 1}, C, V)"
        )
        if not isinstance(r["C"], list):
            return None
        return r["C"], set(r["V"])

    def _answer_limit(self, rule: Rule, n: int, negated: Literal | None = None) -> int:
        """Inferences for finding ``rule``'s coverage of ``n`` examples from its
        body's answers (0: not that way; see ``by_answers`` in test.pl).

        Only for a body of fact-defined predicates whose positive literals
        bind every head argument: calling facts in any order with any
        arguments bound finds the same answers (and a negated literal is
        called with the same arguments bound), so the covered examples are
        the same. Worth it
        when the body has fewer answers than there are examples to call the
        rule on; beyond the limit the examples are tried one by one.
        """
        lits = [*rule.body, *([negated] if negated is not None else [])]
        if n < ANSWERS_MIN_EXAMPLES or any(lit.pred not in self.fact_preds for lit in lits):
            return 0
        if not set(rule.head.args) <= {v for lit in rule.body for v in lit.args}:
            return 0
        return ANSWER_INFERENCES_PER_EXAMPLE * n

    def score(
        self, rules: Sequence[Rule], deadline: float | None = None
    ) -> tuple[Scores, int, int]:
        """Re-test ``rules`` on every example; returns scores and coverage bitsets.

        A program with a recursive clause is tested as a whole
        (:meth:`cover_program`); the others rule by rule (a non-recursive
        program covers the union of what its rules cover). ``deadline``
        (``time.perf_counter()``): each query is cut to the time left, and
        none starts after it. :class:`RescoreFailed` when a query hits a
        limit or the deadline has passed."""
        tp = fp = 0
        if any(is_recursive(rule) for rule in rules):
            pos = self.cover_program(rules, "pos", time_limit=self._left(deadline))
            neg = self.cover_program(rules, "neg", time_limit=self._left(deadline))
            if not (pos.ok and neg.ok):
                raise RescoreFailed(
                    f"final program could not be re-tested ({pos.status}/{neg.status})"
                )
            rules, tp, fp = (), pos.mask, neg.mask
        for rule in rules:
            pos = self.cover(rule, "pos", time_limit=self._left(deadline))
            neg = self.cover(rule, "neg", time_limit=self._left(deadline))
            if not (pos.ok and neg.ok):
                raise RescoreFailed(
                    f"final rule could not be re-tested ({pos.status}/{neg.status})"
                )
            tp |= pos.mask
            fp |= neg.mask
        n_tp, n_fp = tp.bit_count(), fp.bit_count()
        return Scores(n_tp, self.n_pos - n_tp, self.n_neg - n_fp, n_fp), tp, fp

    def _left(self, deadline: float | None) -> float:
        """The time limit of one query that must end by ``deadline``."""
        if deadline is None:
            return self.eval_timeout
        left = deadline - time.perf_counter()
        if left <= 0:
            raise RescoreFailed("no time left to re-test the final program")
        return min(self.eval_timeout, left)

    def close(self) -> None:
        """Remove this task's clauses from the Prolog engine."""
        if not self.closed:
            self.janus.query_once(
                f"{HELPER_MODULE}:wipe({self.module}, Id)", {"Id": self._source_id}
            )
            self.closed = True

    def __enter__(self) -> Tester:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def head_pi(bias: Bias) -> str:
    return f"{bias.head.name}/{bias.head.arity}"


def _quote_pi(pi: str) -> str:
    name, arity = pi.rsplit("/", 1)
    return f"'{name}'/{arity}"


def _first_line(exc: Exception) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
