"""Generate: the rule space of a bias as one clingo program, solved size by size.

The program is grounded once. A model is a set of body literals ``lit(I)``
(``I`` indexes :attr:`Generator.candidates`, the well-typed literals over
``max_vars`` variables, in :func:`~ilp.rules.literal_key` order) for
the fixed head ``h(0, ..., a-1)``. The encoding keeps only rules that are

- *safe under the directions*: every input argument of a body literal is a
  head input or an output of another body literal, with no cycle (``bound``
  is a least fixpoint, so some left-to-right order works), and every head
  output is bound;
- well-typed (one type per variable), Datalog (each head variable occurs in
  the body), connected to the head, with no variable twice in one literal
  (singleton variables are allowed, as in Popper; a bias forbids them with a
  constraint, as ``bias/paper.pl`` does);
- *generated about once up to variable renaming*: body variables are
  numbered without gaps and in order of their types, and a lex-leader
  constraint for each transposition of two body-only variables keeps a rule
  only if swapping them gives no smaller rule in the candidate order
  (constraints of transpositions that would change a variable's type are
  switched off in that model). Transpositions do not generate the whole
  symmetry group, so some rules come twice (15% of the paper's bias;
  callers deduplicate: the learner skips a rule whose canonical form it has
  seen), but the smallest type-sorted renaming of every class is always
  generated. Complete lex-leader constraints (one per permutation) generate
  each class once but slow every propagation down; they were dropped after
  a side-by-side measurement of both modes (the figures are in the message
  of the commit that removed them).

Each size (number of body literals) is enumerated by one ``solve`` call with
the assumption ``size(k)``. Learned constraints (see
:mod:`ilp.constrain`) are added between calls through clingo's
backend as ground integrity constraints, one per renaming of the pruned
body; those that also matter for the rest of the current enumeration are
added to it as nogoods (``SolveControl.add_nogood``). Nothing is regrounded.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterable, Iterator, Sequence

from ilp.bias import Bias, PredDecl
from ilp.programs import program_text
from ilp.rules import (
    Literal,
    Rule,
    Symmetries,
    canonical,
    literal_key,
    symmetry_pairs,
    turned,
)

# twins of a rule under turning symmetric literals around that constraints are applied to
MAX_VARIANTS = 16
# clingo's solver configuration: "frumpy" enumerates the rules of a size in 0.42 to
# 0.61 of the CPU time of clingo's default for this program ("tweety"), the same
# rules (benchmarks/popper_suite/bench_generate.py on Popper's 1d_flip, zendo2, dont-touch)
CLINGO_CONFIG = "frumpy"
# The order of the rules of a size (``few_variables_first``): clingo decides
# first that the last body variable goes unused, so the rules that leave one
# free come before those that use them all. A domain heuristic changes the
# order of the models only, never which.
FEW_VARIABLES_FIRST = "#heuristic w_used(V) : w_bodyvar(V), not w_bodyvar(V+1). [1, false]\n"


def _control(program: str, facts: list[str], few_variables_first: bool):
    """A clingo control with the generator's ``program`` and ``facts`` (added, not grounded)."""
    import clingo

    options = ["--models=0", "--warn=none", f"--config={CLINGO_CONFIG}"]
    if few_variables_first and FEW_VARIABLES_FIRST:
        program += FEW_VARIABLES_FIRST
        options.append("--heuristic=Domain")
    ctl = clingo.Control(options)
    ctl.add("base", [], program + "\n".join(facts))
    return ctl


def _tuple(items) -> str:
    """A clingo tuple as Popper writes variable lists: ``(0,1)``, ``(0,)``, ``()``."""
    items = [str(x) for x in items]
    return "(" + ",".join(items) + ("," if len(items) == 1 else "") + ")"


def _type_fits(assigned: list[int], type_of: list[str], k: int, t: int) -> bool:
    """Would mapping variable ``k`` (in mapping order) to ``t`` keep the
    mapped variables' types in target order? The variables before it are
    mapped to ``assigned``; ``type_of``: each variable's type."""
    tv = type_of[k]
    for j in range(k):
        tu, ty = assigned[j], type_of[j]
        if (tu < t and ty > tv) or (tu > t and tv > ty):
            return False
    return True


def bad_body(bias: Bias) -> set[Literal]:
    """Body literals the bias forbids with ``bad_body(P, Vars)`` (over ``vars/2``)."""
    if "bad_body" not in bias.program:
        return set()
    from ilp.bias import ground_bias

    arities = sorted({p.arity for p in bias.body})
    extra = [
        f"vars({k},{_tuple(args)})."
        for k in arities
        for args in itertools.permutations(range(bias.max_vars), k)
    ]
    ctl = ground_bias(bias.program, "\n".join(extra))
    out = set()
    for atom in ctl.symbolic_atoms.by_signature("bad_body", 2):
        pred, args = atom.symbol.arguments
        items = args.arguments if args.name == "" else [args]
        out.add(Literal(str(pred), tuple(x.number for x in items)))
    return out


def candidate_literals(bias: Bias, recursive: bool = False) -> list[Literal]:
    """Every body literal that can occur in some rule of the space, in literal order.

    Arguments are distinct variables (as in Popper); a head variable may only
    sit where its declared type fits; with types and directions, a body-only
    variable may only be an input where some predicate can output its type.
    ``recursive``: the head predicate is a body predicate too (recursive
    literals), except the literal equal to the head (a clause that calls
    itself unchanged adds nothing and never terminates).
    """
    a = bias.head.arity
    head_types = bias.head.types
    preds = body_preds(bias, recursive)
    producible = None
    if bias.has_directions and head_types is not None:
        producible = {p.types[i] for p in preds for i in p.outputs}
    out = []
    for pred in preds:
        for args in itertools.permutations(range(bias.max_vars), pred.arity):
            if recursive and pred is bias.head and args == tuple(range(a)):
                continue
            ok = True
            for pos, v in enumerate(args):
                if pred.types is None:
                    continue
                t = pred.types[pos]
                if v < a and head_types is not None and head_types[v] != t:
                    ok = False
                elif (
                    v >= a and producible is not None and pos in pred.inputs and t not in producible
                ):
                    ok = False
                if not ok:
                    break
            if ok:
                out.append(Literal(pred.name, args))
    forbidden = bad_body(bias)
    return sorted((x for x in out if x not in forbidden), key=literal_key)


def body_preds(bias: Bias, recursive: bool = False) -> tuple[PredDecl, ...]:
    """The predicates a body may use: the bias's, and with ``recursive`` the head's."""
    return (*bias.body, bias.head) if recursive else bias.body


class Generator:
    """Enumerates the rules of a bias, size by size, under learned constraints."""

    def __init__(
        self,
        bias: Bias,
        bk_facts: Sequence[str] = (),
        symmetric: Symmetries = frozenset(),
        recursive: bool = False,
        clause_id: int = 0,
        few_variables_first: bool = False,
    ):
        """``bk_facts``: facts for ``bkcons.lp`` (constraints derived from the
        background knowledge, see :mod:`ilp.bkcons`);
        ``symmetric``: relations whose literals may be turned around, as
        ``(predicate, i, j)`` (see :meth:`variants`); ``recursive``: generate
        recursive clauses, each with exactly one literal of the head
        predicate (``recursive.lp``); ``clause_id``: the number under which
        the bias's rules see each rule (``clause(0)`` but for a recursive
        program's clauses, see :mod:`ilp.recursion`);
        ``few_variables_first``: enumerate the rules that leave the last body
        variable unused first (:data:`FEW_VARIABLES_FIRST`)."""

        t0 = time.perf_counter()
        self.bias = bias
        self.recursive = recursive
        self.symmetric = frozenset(symmetric)
        self._pairs = symmetry_pairs(self.symmetric)
        self.head = Literal(bias.head.name, tuple(range(bias.head.arity)))
        self._decls = {p.name: p for p in body_preds(bias, recursive)}
        self.candidates = candidate_literals(bias, recursive)
        self.index = {lit: i for i, lit in enumerate(self.candidates)}
        # the same by (predicate, arguments): tuples hash faster than literals
        self._by_args = {(lit.pred, lit.args): i for i, lit in enumerate(self.candidates)}
        a, n = bias.head.arity, bias.max_vars
        self.body_var_range = list(range(a, n))
        self.nogoods_added = 0
        self.timed_out = False
        self._pending: list[tuple] = []
        self._now: list[frozenset[int]] = []
        self._now_lits: list[list[int]] = []  # solver literals of nogoods for this size
        # canonical bodies whose specialisations are forbidden: in every solve
        # from now on, and from the next rules() call on
        self._spec_done: set[Rule] = set()
        self._spec_next: set[Rule] = set()

        facts = [
            f"#const w_max_body={bias.max_body}.",
            f"#const w_first_body_var={a}.",
            f"w_size_dom(1..{bias.max_body}).",
        ]
        facts += [f"w_headvar({v})." for v in range(a)]
        facts += [f"w_bodyvar({v})." for v in self.body_var_range]
        if bias.has_directions:
            for v, d in enumerate(bias.head.directions):
                facts.append(f"w_head{d}({v}).")
        facts += self._candidate_facts()
        facts += self._symmetry_facts()

        program = program_text("generate.lp")
        if recursive:
            program += program_text("recursive.lp")
            facts += [
                f"w_rec({i})."
                for i, lit in enumerate(self.candidates)
                if lit.pred == bias.head.name
            ]
        if not bias.non_datalog:
            program += program_text("datalog.lp")
        if bias.has_directions:
            program += program_text("safety.lp")
        if bk_facts:
            program += program_text("bkcons.lp")
            facts += list(bk_facts)
        if bias.program:  # the bias's own rules and constraints, in Popper's vocabulary
            program += program_text("vocabulary.lp") + "\n" + bias.program + "\n"
            facts += [f"#const w_cid={clause_id}.", *self._vocabulary_facts()]
        program += "#defined w_in/2. #defined w_out/2. #defined w_headin/1. #defined w_headout/1.\n"
        program += "#defined w_vtype/3. #defined w_perm/1. #defined w_pre/4. #defined w_pmove/3.\n"

        self.ctl = _control(program, facts, few_variables_first)
        self.ctl.ground([("base", [])])
        lits = self._literals("w_lit", range(len(self.candidates)))
        self._lit = [lits[i] for i in range(len(self.candidates))]
        self._size = self._literals("w_size", range(1, bias.max_body + 1))
        self._single = self._literals("w_single", self.body_var_range)
        self._anchored = self._literals("w_anchored", range(a))
        self.ground_seconds = time.perf_counter() - t0

    def _literals(self, name: str, keys: Iterable[int]) -> dict[int, int | None]:
        """The solver literal of each ground atom ``name(k)`` (None where the
        grounder removed it: it can never be true)."""
        import clingo

        atoms = self.ctl.symbolic_atoms
        found = {k: atoms[clingo.Function(name, [clingo.Number(k)])] for k in keys}
        return {k: (x.literal if x is not None else None) for k, x in found.items()}

    def _candidate_facts(self) -> list[str]:
        """The candidates' variables, with their types and directions."""
        a, facts = self.bias.head.arity, []
        for i, lit in enumerate(self.candidates):
            p = self._decls[lit.pred]
            facts.append(f"w_cand({i}).")
            for pos, v in enumerate(lit.args):
                facts.append(f"w_occ({i},{v}).")
                if p.types is not None and v >= a:
                    facts.append(f'w_vtype({i},{v},"{p.types[pos]}").')
                if p.directions is not None:
                    facts.append(f"w_{p.directions[pos]}({i},{v}).")
        return facts

    def _vocabulary_facts(self) -> list[str]:
        """Facts that tie candidates to Popper's vocabulary (``vocabulary.lp``)."""
        head = self.bias.head
        facts = [f"w_head({head.name},{head.arity},{_tuple(range(head.arity))})."]
        for i, lit in enumerate(self.candidates):
            facts.append(f"w_sig({i},{lit.pred},{len(lit.args)},{_tuple(lit.args)}).")
        if head.types is not None:
            facts += [f"w_headtype({v},{t})." for v, t in enumerate(head.types)]
            names = {t for p in self.bias.body for t in (p.types or ())}
            facts += [f'w_type_name("{t}",{t}).' for t in sorted(names)]
        return facts

    # --------------------------------------------------------------- symmetry
    def _symmetry_facts(self) -> list[str]:
        """``perm/1`` and ``pre/4`` facts for the lex-leader constraints, one per transposition."""
        facts = []
        for pid, (x, y) in enumerate(itertools.combinations(self.body_var_range, 2)):
            perm = {x: y, y: x}
            inverse = perm  # a transposition is its own inverse
            facts.append(f"w_perm({pid}).")
            facts += [f"w_pmove({pid},{v},{w})." for v, w in perm.items() if v != w]
            k = 0
            for i, lit in enumerate(self.candidates):
                j = self.index.get(lit.renamed(inverse))
                if j is None or j == i:
                    continue  # fixed atoms never decide the comparison
                k += 1
                facts.append(f"w_pre({pid},{k},{i},{j}).")
        return facts

    # ------------------------------------------------------------ enumeration
    def rules(self, size: int, deadline: float | None = None) -> Iterator[Rule]:
        """Yield every rule with ``size`` body literals allowed by the constraints so far.

        Stops early (setting :attr:`timed_out`) when ``deadline``
        (``time.perf_counter()`` value) passes.
        """
        self.timed_out = False
        self._flush()
        if self._size.get(size) is None:
            return
        with self.ctl.solve(assumptions=[self._size[size]], yield_=True, async_=True) as handle:
            while True:
                handle.resume()
                # only the deadline ends the size, not a wait() that says "not
                # ready" before its timeout (suspected in a 60 s noisy run that
                # ended after 1.6 s under load; not reproduced)
                while deadline is not None and not handle.wait(
                    max(0.0, deadline - time.perf_counter())
                ):
                    if time.perf_counter() >= deadline:
                        handle.cancel()
                        self.timed_out = True
                        return
                model = handle.model()
                if model is None:
                    return
                ids = sorted(
                    s.arguments[0].number for s in model.symbols(shown=True) if s.name == "w_lit"
                )
                yield Rule(self.head, tuple(self.candidates[i] for i in ids))
                if self._now:  # constraints that matter for the rest of this size
                    for item in self._now:
                        lits = [self._lit[i] for i in item]
                        if None not in lits:
                            model.context.add_nogood(lits)
                    self._now.clear()
                for lits in self._now_lits:
                    model.context.add_nogood(lits)
                self._now_lits.clear()

    def in_space(self, rule: Rule) -> bool:
        """Whether ``rule`` (up to renaming) is a rule of the space under the constraints so far."""
        if rule.head.pred != self.head.pred or len(rule.head.args) != len(self.head.args):
            return False
        k = len(rule.body)
        if self._size.get(k) is None:
            return False
        self._flush()
        named = rule.renamed({v: i for i, v in enumerate(rule.head.args)})
        forms = [
            sorted(ids) for ids in self.renamings(named) if len(ids) == k and self._type_sorted(ids)
        ]
        if not forms:
            return False
        # the smallest type-sorted renaming of a class is always generated
        # (ids follow literal order, so comparing sorted id lists compares bodies)
        assumptions = [self._size[k]] + [self._lit[i] for i in min(forms)]
        return None not in assumptions and self.ctl.solve(assumptions=assumptions).satisfiable

    def _var_types(self, rule: Rule) -> dict[int, str] | None:
        """The type of each body-only variable of ``rule``, or None for an untyped bias."""
        decls = self._decls
        types: dict[int, str] = {}
        for lit in rule.body:
            if decls[lit.pred].types is None:
                return None
            for pos, v in enumerate(lit.args):
                types[v] = decls[lit.pred].types[pos]
        return types

    def _type_sorted(self, ids: frozenset[int]) -> bool:
        """Are the body variables of these literals numbered in type order?"""
        types = self._var_types(Rule(self.head, tuple(self.candidates[i] for i in ids)))
        if types is None:
            return True
        used = sorted(v for v in types if v >= len(self.head.args))
        return all(types[v] <= types[w] for v, w in zip(used, used[1:], strict=False))

    # ------------------------------------------------------------ constraints
    def variants(self, rule: Rule) -> list[Rule]:
        """``rule`` and its twins with literals of symmetric relations turned
        around (their swappable arguments swapped; ``rule`` first; at most
        :data:`MAX_VARIANTS`).

        A twin covers the same examples with the same number of literals and
        the same variables, so whatever a learned constraint says of ``rule``
        holds of its twins (turning ``p(B,A)`` in a rule that also holds
        ``p(A,B)`` would make a smaller rule: not a twin):
        the constraints are applied to each (a cap applies them to fewer,
        which only prunes less)."""
        pairs = self._pairs
        flippable = [n for n, lit in enumerate(rule.body) if lit.pred in pairs]
        if not flippable:
            return [rule]
        out, seen = [], set()
        for k in range(len(flippable) + 1):
            for which in itertools.combinations(flippable, k):
                body = list(rule.body)
                for n in which:
                    body[n] = turned(body[n], pairs[body[n].pred])
                twin = Rule.make(rule.head, body)
                if len(twin.body) < len(rule.body):
                    continue  # p(A,B) and p(B,A) became one literal: another size
                if twin.body not in seen:
                    seen.add(twin.body)
                    out.append(twin)
                if len(out) >= MAX_VARIANTS:
                    return out
        return out

    def _twin_renamings(self, rule: Rule) -> list[frozenset[int]]:
        """:meth:`renamings` (type-sorted) of each twin of ``rule`` (:meth:`variants`), once."""
        found: dict[frozenset[int], None] = {}
        for twin in self.variants(rule):
            found.update(dict.fromkeys(self.renamings(twin, type_sorted=True)))
        return list(found)

    def renamings(self, rule: Rule, type_sorted: bool = False) -> Iterator[frozenset[int]]:
        """Candidate-id sets of every renaming of ``rule``'s body (body-only variables).

        With ``type_sorted``, only renamings that number the variables in type
        order: the others cannot be part of a generated rule, so constraints
        need not mention them.
        """
        for ids, _ in self._renamings(rule, type_sorted):
            yield ids

    def _renamings(
        self, rule: Rule, type_sorted: bool
    ) -> Iterator[tuple[frozenset[int], dict[int, int]]]:
        """:meth:`renamings` with the variable mapping of each.

        Backtracking over the body-only variables in increasing order, each
        given a free target in increasing order (so the mappings come in the
        order of ``itertools.permutations``); a literal is looked up as soon
        as its variables are all mapped, so a partial mapping that makes a
        literal no candidate is abandoned at once.
        """
        variables = rule.body_only_vars()
        types = self._var_types(rule) if type_sorted else None
        position = {v: k for k, v in enumerate(variables)}
        # the literals to check once variable k is mapped: those whose last
        # body-only variable (in mapping order) is k
        ready: list[list[tuple[int, str, tuple[int, ...]]]] = [[] for _ in variables]
        # candidate ids in body order (the order the constraints list them in)
        ids: list[int | None] = [None] * len(rule.body)
        for n, lit in enumerate(rule.body):
            last = max((position[v] for v in lit.args if v in position), default=-1)
            if last < 0:  # no body-only variable
                ids[n] = self.index.get(lit)
                if ids[n] is None:
                    return
            else:
                ready[last].append((n, lit.pred, lit.args))
        if not variables:
            yield frozenset(ids), {}
            return
        # depth first, without recursion (the learner asks for 10,000s of
        # renamings; this was the largest Python cost of zendo1's search)
        targets = self.body_var_range
        index = self._by_args
        type_of = [types[v] for v in variables] if types is not None else None
        now = list(range(1 + max(max(targets), max(v for x in rule.body for v in x.args))))
        free = [True] * len(now)
        assigned = [0] * len(variables)
        nxt = [0] * len(variables)  # the next target to try, by variable
        seen: set[frozenset[int]] = set()
        k = 0
        while k >= 0:
            if k == len(variables):
                key = frozenset(ids)
                if key not in seen:
                    seen.add(key)
                    yield key, dict(zip(variables, assigned, strict=True))
                k -= 1
                free[assigned[k]] = True
                continue
            i, found = nxt[k], False
            while i < len(targets) and not found:
                t = targets[i]
                i += 1
                if not free[t] or (type_of is not None and not _type_fits(assigned, type_of, k, t)):
                    continue
                now[variables[k]] = t
                found = True
                for n, pred, args in ready[k]:
                    ids[n] = index.get((pred, tuple([now[x] for x in args])))
                    if ids[n] is None:
                        found = False
                        break
            nxt[k] = i
            if found:
                assigned[k] = t
                free[t] = False
                k += 1
                if k < len(variables):
                    nxt[k] = 0
            else:
                k -= 1
                if k >= 0:
                    free[assigned[k]] = True

    def prune_specialisations(self, rule: Rule, now: bool = False) -> None:
        """Forbid every rule whose body contains a renaming of ``rule``'s body.

        ``rule`` may be any set of body literals, not only a rule of the space
        (e.g. an unsatisfiable part of a failed rule). The constraint holds
        from the next :meth:`rules` call on; with ``now`` it also applies to
        the rest of the current enumeration (for bodies smaller than the
        size being enumerated).
        """
        # the learner prunes the same part again and again (zendo2: 17,927 calls,
        # 4,015 distinct parts in 60 s); a constraint already in force is skipped
        key = canonical(rule, self.symmetric)
        if key in self._spec_done or (not now and key in self._spec_next):
            return
        (self._spec_done if now else self._spec_next).add(key)
        for ids in self._twin_renamings(rule):
            self._pending.append(("spec", ids))
            if now:
                self._now.append(ids)

    def prune_while_single(self, rule: Rule, single: Sequence[int]) -> None:
        """Forbid every rule whose body contains a renaming of ``rule``'s body
        in which the variables ``single`` occur in one literal only (as they
        do in ``rule``). Applies to the rest of the current enumeration too."""
        for twin in self.variants(rule):
            for ids, mapping in self._renamings(twin, type_sorted=True):
                lits = [self._lit[i] for i in ids]
                lits += [self._single.get(mapping[v]) for v in single]
                if None in lits:
                    continue  # an atom the grounder removed can never be true
                self._pending.append(("lits", lits))
                self._now_lits.append(lits)

    def prune_while_isolated(self, rule: Rule, head_var: int) -> None:
        """Forbid every rule whose body contains a renaming of ``rule``'s body
        in which head variable ``head_var`` is not anchored (``bkcons.lp``: it
        occurs only in literals true for every example, with singletons; see
        :class:`~ilp.bkcons.IsolatedHeads`), from the next
        :meth:`rules` call on (they are larger than ``rule``)."""
        anchored = self._anchored.get(head_var)
        for ids in self._twin_renamings(rule):
            lits = [self._lit[i] for i in ids]
            if None in lits:
                continue  # an atom the grounder removed can never be true
            if anchored is not None:  # else never anchored: no condition needed
                lits.append(-anchored)
            self._pending.append(("lits", lits))

    def prune_generalisations(self, rule: Rule, min_size: int = 1) -> None:
        """Forbid every rule with at least ``min_size`` body literals whose body is
        contained in a renaming of ``rule``'s body.

        Generalisations are never larger than ``rule``; a generator that
        enumerates sizes in increasing order has already produced those
        smaller than the next size, so only sizes ``min_size..len(body)``
        get constraints (none when ``min_size > len(body)``).
        """
        sizes = range(max(1, min_size), len(rule.body) + 1)
        if not sizes:
            return
        for ids in self._twin_renamings(rule):
            for k in sizes:
                self._pending.append(("gen", ids, k))

    def _flush(self) -> None:
        """Add the pending constraints to the solver as ground integrity constraints."""
        self._now_lits.clear()  # in _pending too: from here on, part of the program
        self._spec_done |= self._spec_next
        self._spec_next.clear()
        if not self._pending:
            return
        with self.ctl.backend() as backend:
            for item in self._pending:
                lits = item[1] if item[0] == "lits" else [self._lit[i] for i in item[1]]
                if None in lits:
                    continue  # an atom the grounder removed can never be true
                if item[0] == "lits":
                    backend.add_rule([], item[1])
                elif item[0] == "spec":
                    backend.add_rule([], lits)
                else:  # gen: size k and at least k of these literals chosen
                    size = self._size.get(item[2])
                    if size is None:
                        continue
                    aux = backend.add_atom()
                    backend.add_weight_rule([aux], item[2], [(x, 1) for x in lits])
                    backend.add_rule([], [size, aux])
                self.nogoods_added += 1
        self._pending.clear()
