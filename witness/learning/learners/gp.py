"""``gp``: strongly typed genetic programming (DEAP) over the bias's features.

A program is a tree of two types that maps one to one onto a Prolog
program: ``or_(Clause, Program) -> Program`` with the empty program ``nil``
at the end of the chain, and ``and_(Clause, Clause) -> Clause`` over the
task's features (:mod:`.space`; each a connected body of the bias's
literals) as the clause terminals. The conjunction of a clause's features is
one Prolog clause; a clause beyond ``max_body``, ``max_vars`` or the
program's ``max_clauses`` counts as no clause (it covers nothing and its
literals still count as size). Fitness, compared in this order: no negative
example covered (fewest first), then positives covered, then literals
(fewest). Bloat is bounded by a static limit on the tree's height. The run
is deterministic for a seed; the best individual of the whole run (a hall of
fame of one) is returned, without its clauses that cover a negative.
"""

from __future__ import annotations

import logging
import operator
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ilp import Program, Scores, Stats
from witness.learning.learners.result import finish
from witness.learning.learners.space import Space

if TYPE_CHECKING:
    from deap import gp

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class GPSettings:
    """Population, generations, crossover and mutation rates, the bloat limit
    (tree height), the tournament size and the seed."""

    population: int = 200
    generations: int = 40
    crossover: float = 0.7
    mutation: float = 0.2
    max_height: int = 8
    tournament: int = 3
    seed: int = 0


class ClauseT:  # the types of the strongly typed trees
    pass


class ProgramT:
    pass


def _and(a, b):  # never called: trees are decoded, not compiled
    return a


def _or(a, b):
    return a


def primitive_set(n_features: int) -> gp.PrimitiveSetTyped:
    """The typed primitives: or_ / nil for programs, and_ and the features for clauses."""
    from deap import gp

    pset = gp.PrimitiveSetTyped("program", [], ProgramT)
    pset.addPrimitive(_or, [ClauseT, ProgramT], ProgramT, name="or_")
    pset.addPrimitive(_and, [ClauseT, ClauseT], ClauseT, name="and_")
    pset.addTerminal((), ProgramT, name="nil")
    for i in range(n_features):
        pset.addTerminal(i, ClauseT, name=f"f{i}")
    return pset


def decode(tree: gp.PrimitiveTree) -> list[tuple[int, ...]]:
    """The clauses (sorted feature indices) a tree stands for, in order."""
    pos = 0

    def clause() -> set[int]:
        nonlocal pos
        node = tree[pos]
        pos += 1
        if node.name == "and_":
            return clause() | clause()
        return {int(node.name[1:])}  # a feature terminal, named f<index>

    clauses: list[tuple[int, ...]] = []
    while pos < len(tree):
        node = tree[pos]
        pos += 1
        if node.name == "or_":
            clauses.append(tuple(sorted(clause())))
    return clauses


def fitness(space: Space, tree: gp.PrimitiveTree) -> tuple[int, int, int]:
    """(-negatives covered, positives covered, -literals) of a tree's program."""
    clauses = decode(tree)
    cap = space.bias.max_clauses or len(clauses)
    pos = neg = size = 0
    for k, parts in enumerate(clauses):
        size += sum(space.features[i].size for i in parts)
        if k < cap and space.fits(parts):
            p, n = space.coverage(parts)
            pos, neg = pos | p, neg | n
    return -neg.bit_count(), pos.bit_count(), -size


def crossover(
    ind1: gp.PrimitiveTree, ind2: gp.PrimitiveTree
) -> tuple[gp.PrimitiveTree, gp.PrimitiveTree]:
    """DEAP's one-point crossover of typed trees, with the node type drawn from
    a sorted list: ``gp.cxOnePoint`` draws it from a set of classes, whose
    order follows their addresses, so a seed gave another program in
    another process."""
    if len(ind1) < 2 or len(ind2) < 2:
        return ind1, ind2
    types1: dict[type, list[int]] = {}
    types2: dict[type, list[int]] = {}
    for idx, node in enumerate(ind1[1:], 1):
        types1.setdefault(node.ret, []).append(idx)
    for idx, node in enumerate(ind2[1:], 1):
        types2.setdefault(node.ret, []).append(idx)
    common = sorted(set(types1) & set(types2), key=lambda t: t.__name__)
    if common:
        type_ = random.choice(common)
        slice1 = ind1.searchSubtree(random.choice(types1[type_]))
        slice2 = ind2.searchSubtree(random.choice(types2[type_]))
        ind1[slice1], ind2[slice2] = ind2[slice2], ind1[slice1]
    return ind1, ind2


def _toolbox(space: Space, settings: GPSettings):
    from deap import base, creator, gp, tools

    if not hasattr(creator, "WitnessLexFitness"):
        creator.create("WitnessLexFitness", base.Fitness, weights=(1.0, 1.0, 1.0))
        creator.create("WitnessTree", gp.PrimitiveTree, fitness=creator.WitnessLexFitness)
    pset = primitive_set(len(space.features))
    tb = base.Toolbox()
    tb.register("expr", gp.genHalfAndHalf, pset=pset, min_=1, max_=4)
    tb.register("individual", tools.initIterate, creator.WitnessTree, tb.expr)
    tb.register("population", tools.initRepeat, list, tb.individual)
    tb.register("evaluate", lambda ind: fitness(space, ind))
    tb.register("select", tools.selTournament, tournsize=settings.tournament)
    tb.register("mate", crossover)
    tb.register("expr_mut", gp.genFull, min_=0, max_=2)
    tb.register("mutate", gp.mutUniform, expr=tb.expr_mut, pset=pset)
    limit = gp.staticLimit(key=operator.attrgetter("height"), max_value=settings.max_height)
    tb.decorate("mate", limit)
    tb.decorate("mutate", limit)
    return tb


def evolve(space: Space, settings: GPSettings, deadline: float | None) -> tuple[object, int, bool]:
    """The best tree of the run, the number of evaluations, whether time ran out."""
    from deap import algorithms, tools

    random.seed(settings.seed)
    tb = _toolbox(space, settings)
    population = tb.population(n=settings.population)
    fame = tools.HallOfFame(1)
    evaluations = 0
    cut = False
    for gen in range(settings.generations + 1):
        if gen:
            population = algorithms.varAnd(
                tb.select(population, len(population)), tb, settings.crossover, settings.mutation
            )
        for ind in population:
            if not ind.fitness.valid:
                ind.fitness.values = tb.evaluate(ind)
                evaluations += 1
        fame.update(population)
        if deadline is not None and time.perf_counter() > deadline:
            cut = gen < settings.generations
            break
    return fame[0], evaluations, cut


def learn_gp(
    space: Space, started: float, deadline: float | None, settings: GPSettings
) -> tuple[Program, Scores, Stats]:
    """The GP learner on a task's features (see the module's docstring)."""
    if not space.features:
        return finish(space, [], "gp", started, {"seed": settings.seed}, timed_out=False)
    best, evaluations, cut = evolve(space, settings, deadline)
    cap = space.bias.max_clauses or len(space.features)
    kept: list[tuple[int, ...]] = []
    covered = 0
    tree_clauses = decode(best)
    for parts in tree_clauses:
        p, n = space.coverage(parts)
        if len(kept) < cap and space.fits(parts) and n == 0 and p & ~covered:
            kept.append(parts)
            covered |= p
    logger.info("gp seed %d: %d evaluations, best %s", settings.seed, evaluations, best)
    run = {
        "features": len(space.features),
        "candidates": evaluations,
        "tree_clauses": len(tree_clauses),
        "seed": settings.seed,
        "population": settings.population,
        "generations": settings.generations,
        "max_height": settings.max_height,
    }
    return finish(space, kept, "gp", started, run, timed_out=cut)
