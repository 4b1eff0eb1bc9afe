"""Background knowledge proofs with SWI-Prolog (janus-swi) on real task folders.

janus embeds one Prolog for the whole test run, so every task is loaded
into a module of its own (``janus.consult(file, module=...)``).
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import janus_swi as janus
import pytest
from project_files import TRIANGLE_BIASES
from puzzles import neighbours, seeded_puzzles, square_corners, triangle_map
from test_examples import path_puzzle, path_puzzles, read_exs

from ilp.bias import read_bias
from witness.learning.examples import BIAS_DIR, write_task
from witness.model.puzzle import Puzzle, square_edge_counts
from witness.paper import TABLE3_PROLOG

# the triangle biases (f(Path, Square)); panel biases are tests/test_panel_bk.py's
BIASES = list(TRIANGLE_BIASES)
_modules = itertools.count()

RULES = (
    TABLE3_PROLOG.replace("f(A,B)", "table3(A,B)")
    + """
rule1(A,B) :- square(B,C,D), path(A,E), count(D,E,F), greaterThan(F,C).
thesis(A,B) :- needed(A,B,C), unvisited(A,B,D), greaterThan(C,D).
dead(A,B) :- deadEnd(A,B).
"""
)

# probe(M, Text, Result): call the goal read from Text in module M (at most 2s)
# and say how it went: det (one solution, no choice point left), nondet, fail,
# nonground (succeeded leaving an output unbound) or error: <message>.
janus.consult(
    "bk_test_probe",
    data="""
:- use_module(library(time)).
probe(M, Text, Result) :-
    term_string(G, Text),
    catch(call_with_time_limit(2, probe_(M, G, Result)), E,
          ( term_to_atom(E, A), atom_concat('error: ', A, Result) )).
probe_(M, G, Result) :-
    (   call_cleanup(M:G, Det = true)
    ->  (   \\+ ground(G) -> Result = nonground
        ;   Det == true -> Result = det
        ;   Result = nondet
        )
    ;   Result = fail
    ).
warned(M, W) :- catch(M:bk_warning(W), _, fail).
""",
)


def load_task(task: Path, with_rules: bool = True) -> str:
    """Consult a task's bk.pl and exs.pl (and test rules) into a fresh module."""
    m = f"bk_task_{next(_modules)}"
    janus.consult(str(task / "bk.pl"), module=m)
    janus.consult(str(task / "exs.pl"), module=m)
    for kind in ("pos", "neg"):  # exs.pl of an unsolvable puzzle has no neg/1 facts
        janus.query_once(f"current_predicate({m}:{kind}/1) -> true ; dynamic({m}:{kind}/1)")
    if with_rules:
        janus.consult(f"{m}_rules", data=RULES, module=m)
    return m


def count(m: str, goal: str) -> int:
    return janus.query_once(f"aggregate_all(count, {m}:({goal}), N)")["N"]


def pairs_where(m: str, rule: str) -> set[tuple[str, str]]:
    """The (path, square) pairs of the same puzzle for which ``rule`` holds."""
    got = janus.query_once(
        f"findall(_K, {m}:(pair(_P,_S), once({rule}(_P,_S)), "
        f"format(atom(_K), '~w ~w', [_P,_S])), L)"
    )["L"]
    return {tuple(k.split()) for k in got}


def add_pairs(m: str, task: Path) -> list[tuple[str, str, Puzzle, list, tuple]]:
    """Load pair(P, S) for every written path and every constrained square of its
    puzzle; return them with the puzzle, path vertices and square."""
    index = json.loads((task / "index.json").read_text())
    puzzles = [Puzzle.from_dict(p["puzzle"]) for p in index["puzzles"]]
    squares_of: dict[int, list] = {}
    for atom, (q, x, y) in index["squares"].items():
        squares_of.setdefault(q, []).append((atom, (x, y)))
    rows = []
    for pid, (q, verts) in index["paths"].items():
        for atom, s in squares_of.get(q, []):
            rows.append((pid, atom, puzzles[q], [tuple(v) for v in verts], s))
    facts = "".join(f"pair({p},{s}).\n" for p, s, *_ in rows) or ":- dynamic(pair/2).\n"
    janus.consult(f"{m}_pairs", data=facts, module=m)
    return rows


# ------------------------------------------------------------------- tasks
def _tasks_spec() -> list[tuple[str, list[Puzzle], dict]]:
    small = path_puzzles(10, 21, [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (3, 4)])
    rand = [p for p in seeded_puzzles(12, seed=5, min_side=2) if p.triangles]
    big = path_puzzles(3, 22, [(4, 4), (3, 5)])
    spec = [(f"path{i}", [p], {}) for i, p in enumerate(small)]
    spec += [(f"rand{i}", [p], {}) for i, p in enumerate(rand[:6])]
    # 4x4: every negative, a stratified sample of positives
    spec += [(f"big{i}", [p], {"max_pos": 3000}) for i, p in enumerate(big)]
    spec += [("pool", small[:4] + rand[:2], {"max_pos": 4000})]
    spec += [("all-positives", small[4:6], {"positives": "all"})]
    return spec


TASKS = _tasks_spec()


@pytest.fixture(scope="module")
def tasks(tmp_path_factory) -> dict[str, tuple[Path, str]]:
    """Every task of TASKS written with bias/reach.pl (its BK includes Table 1
    and every other BK file) and loaded: name -> (folder, module)."""
    root = tmp_path_factory.mktemp("tasks")
    out = {}
    for name, puzzles, kwargs in TASKS:
        task = root / name
        write_task(
            puzzles,
            task,
            names=[f"z{i}" for i in range(len(puzzles))],
            bias_file=BIAS_DIR / "reach.pl",
            **kwargs,
        )
        out[name] = (task, load_task(task))
    return out


@pytest.mark.parametrize("name", [t[0] for t in TASKS])
def test_table3_covers_no_negative(tasks, name):
    task, m = tasks[name]
    n_neg = count(m, "neg(_)")
    assert count(m, "neg(f(_P,_S)), once(table3(_P,_S))") == 0
    assert count(m, "neg(f(_P,_S)), once(rule1(_P,_S))") == 0
    if name.startswith(("path", "big", "pool")):
        assert n_neg > 0  # solvable puzzles: the check is not vacuous


def test_table3_covers_positives(tasks):
    covered = sum(count(m, "pos(f(_P,_S)), once(table3(_P,_S))") for _, m in tasks.values())
    rows23 = sum(
        count(m, "pos(f(_P,_S)), once(table3(_P,_S)), \\+ rule1(_P,_S)") for _, m in tasks.values()
    )
    rule1 = sum(count(m, "pos(f(_P,_S)), once(rule1(_P,_S))") for _, m in tasks.values())
    assert covered > 1000 and rows23 > 0 and rule1 > 0  # the checks are not vacuous


@pytest.mark.parametrize("name", [t[0] for t in TASKS if not t[2]])
def test_sound_rules_cover_only_positives(tasks, name):
    """Uncapped tasks list every example, so a rule that is sound per square
    (its proof uses one square only) covers positives only, never a pair
    outside the examples: this is what makes Table 3 learnable without noise."""
    task, m = tasks[name]
    add_pairs(m, task)
    pos = {(p, s) for kind, p, s in read_exs(task) if kind == "pos"}
    for rule in ("table3", "thesis", "dead"):
        assert pairs_where(m, rule) <= pos


@pytest.mark.parametrize("name", [t[0] for t in TASKS])
def test_rule1_is_exactly_the_over_count(tasks, name):
    task, m = tasks[name]
    rows = add_pairs(m, task)
    expected = {
        (pid, atom)
        for pid, atom, puzzle, verts, s in rows
        if square_edge_counts(puzzle.rows, puzzle.cols, verts).get(s, 0) > triangle_map(puzzle)[s]
    }
    assert pairs_where(m, "rule1") == expected


@pytest.mark.parametrize("name", ["path0", "path3", "big0", "pool"])
def test_bk_values_match_python(tasks, name):
    """len, count, adjacent/notAdjacent, unvisited, needed and deadEnd against a
    direct computation from the path's vertices."""
    task, m = tasks[name]
    rows = add_pairs(m, task)
    got = janus.query_once(
        f"findall(_K, {m}:(pair(_P,_S), path(_P,_E), len(_E,_L), square(_S,_T,_C), "
        f"count(_C,_E,_N), count(_E,_C,_N2), unvisited(_P,_S,_U), needed(_P,_S,_D), "
        f"(adjacent(_P,_S) -> _J = 1 ; _J = 0), (notAdjacent(_P,_S) -> _J2 = 0 ; _J2 = 1), "
        f"(deadEnd(_P,_S) -> _X = 1 ; _X = 0), "
        f"format(atom(_K), '~w ~w ~w ~w ~w ~w ~w ~w ~w ~w ~w', "
        f"[_P,_S,_L,_T,_N,_N2,_U,_D,_J,_J2,_X])), L)"
    )["L"]
    assert len(got) == len(rows)
    table = {tuple(k.split()[:2]): list(map(int, k.split()[2:])) for k in got}
    for pid, atom, puzzle, verts, s in rows:
        n = square_edge_counts(puzzle.rows, puzzle.cols, verts).get(s, 0)
        k = triangle_map(puzzle)[s]
        corners = square_corners(s)
        adjacent = int(verts[-1] in corners)
        unvisited = sum(c not in verts for c in corners)
        dead = int(not goal_reachable(puzzle, verts))
        assert table[(pid, atom)] == [
            len(verts) - 1,
            k,
            n,
            n,
            unvisited,
            k - n,
            adjacent,
            adjacent,
            dead,
        ]
    assert any(k.endswith(" 1") for k in got) and any(k.endswith(" 0") for k in got)


def goal_reachable(puzzle: Puzzle, verts: list) -> bool:
    """Breadth-first search from the head to the goal through unvisited vertices."""
    seen, frontier = set(verts), [verts[-1]]
    while frontier:
        nxt = []
        for v in frontier:
            for w in neighbours(puzzle, v):
                if w == puzzle.goal:
                    return True
                if w not in seen:
                    seen.add(w)
                    nxt.append(w)
        frontier = nxt
    return False


@pytest.mark.parametrize("bias_file", BIASES, ids=lambda p: p.name)
def test_body_predicates_callable_in_declared_directions(bias_file, tmp_path):
    """Each body predicate, called with real values of its declared input types
    and fresh variables for its outputs, terminates, raises nothing, binds its
    outputs and leaves no choice point."""
    bias = read_bias(bias_file)
    pz = path_puzzles(2, 31, [(3, 3)])
    write_task(pz, tmp_path / "t", bias_file=bias_file, max_pos=300, max_neg=300)
    m = load_task(tmp_path / "t", with_rules=False)
    index = json.loads((tmp_path / "t" / "index.json").read_text())
    rng = random.Random(0)
    paths = rng.sample(sorted(index["paths"]), 6)
    squares = sorted(index["squares"])
    lists = ["[]"]
    for p in paths[:3]:
        lists.append("[" + ",".join(janus.query_once(f"{m}:path({p},L)")["L"]) + "]")
    for s in squares[:2]:
        lists.append("[" + ",".join(janus.query_once(f"{m}:square({s},_,L)")["L"]) + "]")
    values = {"path": paths, "square": squares, "list": lists, "int": ["0", "1", "2", "3", "4"]}
    assert set(values) >= {t for p in (bias.head, *bias.body) for t in p.types}
    for decl in bias.body:
        name, arity, types, dirs = decl.name, decl.arity, decl.types, decl.directions
        choices = [
            values[t] if d == "in" else [f"_O{i}"]
            for i, (t, d) in enumerate(zip(types, dirs, strict=True))
        ]
        combos = list(itertools.product(*choices))
        outcomes = {}
        for combo in rng.sample(combos, min(len(combos), 150)):
            goal = f"{name}({','.join(combo)})"
            outcomes[goal] = janus.query_once("probe(M, T, R)", {"M": m, "T": goal})["R"]
        bad = {g: r for g, r in outcomes.items() if r not in ("det", "fail")}
        assert not bad, f"{name}/{arity}: {bad}"
        assert "det" in outcomes.values(), f"{name}/{arity} never succeeds"


def test_bk_loads_without_warnings(tmp_path):
    """A task's bk.pl (both biases, pooled) consults cleanly in plain swipl terms:
    no singleton, discontiguous or redefinition warnings."""
    pz = path_puzzles(2, 41, [(2, 3)])
    for bias in BIASES:
        write_task(pz, tmp_path / bias.stem, bias_file=bias, max_pos=50, max_neg=50)
        m = f"bk_warn_{next(_modules)}"
        res = janus.query_once(
            "nb_setval(bk_warnings, []), "
            "setup_call_cleanup("
            "  asserta((user:message_hook(_T, _K, _) :- memberchk(_K, [warning, error]), "
            "           nb_getval(bk_warnings, _W0), nb_setval(bk_warnings, [_T|_W0]), fail), "
            "          _Ref), "
            "  load_files(M:F, []), erase(_Ref)), "
            "nb_getval(bk_warnings, _Ws), length(_Ws, N)",
            {"F": str(tmp_path / bias.stem / "bk.pl"), "M": m},
        )
        assert res["N"] == 0, bias.name


def test_unvisited_rule_is_sound_on_a_4x4(tmp_path):
    """The thesis rule (more edges needed than unvisited corners) never fires on a
    completable path: it holds for no negative of an uncapped-negative 4x4 task."""
    p = path_puzzle(random.Random(77), 4, 4)
    write_task([p], tmp_path / "t", bias_file=BIAS_DIR / "unvisited.pl", max_pos=500)
    m = load_task(tmp_path / "t")
    assert count(m, "neg(_)") > 0
    assert count(m, "neg(f(_P,_S)), once(thesis(_P,_S))") == 0
    assert count(m, "pos(f(_P,_S)), once(thesis(_P,_S))") > 0
