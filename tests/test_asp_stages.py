"""The clingo solver's stages and settings against the brute force: the
families left to the rules checker, the turns of a staged solve and their
conflicts, clingo's configurations and options, the lazy stage's nogoods,
the checker's second opinion and the time limit."""

import random
from dataclasses import replace

import pytest
from test_asp_panels import (
    CANCELLER_HEAVY,
    NO_POLYOMINO,
    POLY_HEAVY,
    agree,
    brute_force,
    checker_replaced,
    loose_panels,
    random_panel,
    windmill_count,
)

from witness.model.panel import Panel, Polyomino
from witness.model.rules import Verdict, check
from witness.search.asp_solver import (
    AspSettings,
    count_panel_asp,
    panel_lines,
    solve_panel_asp,
)
from witness.search.count import count_with_checker

# A staged solve without its prelude, whose whole encoding stops at its first
# conflict: the stages taking turns on small panels.
ONE_CONFLICT = AspSettings(first_conflicts=1, prelude_conflicts=0)
# ... and whose lazy stage too stops at its first conflict
ONE_CONFLICT_EACH = replace(ONE_CONFLICT, lazy_conflicts=1)


@pytest.mark.parametrize("rules", ["community", "windmill"])
@pytest.mark.parametrize("seed", range(40))
def test_cancellers_without_polyominoes_need_no_checker(seed: int, rules: str, monkeypatch) -> None:
    """Without polyominoes the canceller encoding decides alone, but where the
    engine's order of a region may decide whether cancellers pair off (the
    community's cancellers beside squares, or stars, of two colours): then
    clingo's lines equal the brute force with the checker out of its reach."""
    from witness.search import asp_solver

    settings = AspSettings(lazy=frozenset())  # the canceller encoding itself
    panel = random_panel(random.Random(5000 + seed), max_cells=6, kinds=NO_POLYOMINO)
    panel = windmill_count(panel) if rules == "windmill" else panel
    expected = sorted(brute_force(panel))
    colours = [{c for *_, c in panel.squares}, {c for *_, c in panel.stars}]
    ordered = bool(panel.cancellers) and rules == "community" and any(len(c) > 1 for c in colours)
    assert asp_solver.is_exact(panel, settings) is not ordered

    def no_check(*args, **kwargs):
        raise AssertionError("the rules checker was asked")

    if not ordered:
        checker_replaced(monkeypatch, no_check, no_check)
    assert sorted(panel_lines(panel, settings=settings)) == expected, panel.to_json()


LAZY_CHOICES = {
    "none": AspSettings(lazy=frozenset()),
    "polyominoes": AspSettings(lazy=frozenset({"polyominoes"})),
    "cancellers": AspSettings(lazy=frozenset({"cancellers"})),
    "both": AspSettings(lazy=frozenset({"polyominoes", "cancellers"})),
}


@pytest.mark.parametrize("lazy", sorted(LAZY_CHOICES))
@pytest.mark.parametrize("seed", range(25))
def test_every_lazy_choice_equals_brute_force_small(seed: int, lazy: str) -> None:
    """The families left to the rules checker (AspSettings.lazy), each choice:
    the same solutions and counts as the brute force."""
    panel = random_panel(random.Random(7000 + seed), max_cells=4, kinds=CANCELLER_HEAVY)
    agree(panel, LAZY_CHOICES[lazy])


@pytest.mark.slow
@pytest.mark.parametrize("lazy", sorted(LAZY_CHOICES))
@pytest.mark.parametrize("seed", range(80))
def test_every_lazy_choice_equals_brute_force_up_to_3x3(seed: int, lazy: str) -> None:
    kinds = POLY_HEAVY if seed % 2 else CANCELLER_HEAVY
    agree(random_panel(random.Random(8000 + seed), max_cells=9, kinds=kinds), LAZY_CHOICES[lazy])


@pytest.mark.parametrize("seed", range(30))
def test_a_solve_in_two_stages_equals_brute_force(seed: int) -> None:
    """A solve on a panel with polyominoes that the whole encoding does not
    decide within first_conflicts conflicts (here 1) goes on with the tiling
    and the cancellers left to the rules checker: the same answer."""
    panel = random_panel(random.Random(10000 + seed), max_cells=9, kinds=POLY_HEAVY)
    expected = brute_force(panel)
    result = solve_panel_asp(panel, settings=ONE_CONFLICT)
    assert result.status == ("solved" if expected else "unsolvable"), panel.to_json()
    assert result.path in expected if expected else result.path is None


@pytest.mark.parametrize("seed", range(30))
def test_cancellers_without_polyominoes_in_two_stages_equal_brute_force(
    seed: int, monkeypatch
) -> None:
    """A panel with cancellers and no polyominoes is solved in stages too:
    with first_conflicts at 1 its second stage (the cancellers' regions left
    to the rules checker) runs and gives the same answer as the brute force."""
    from witness.search.asp_solver import driver

    seconds = []
    lazy_families = driver.lazy_families

    def spy(panel, second=False, settings=ONE_CONFLICT):
        seconds.append(lazy_families(panel, second, settings))
        return seconds[-1]

    monkeypatch.setattr(driver, "lazy_families", spy)
    panel = random_panel(random.Random(12000 + seed), max_cells=9, kinds=NO_POLYOMINO)
    expected = brute_force(panel)
    result = solve_panel_asp(panel, settings=ONE_CONFLICT)
    assert result.status == ("solved" if expected else "unsolvable"), panel.to_json()
    assert result.path in expected if expected else result.path is None
    if panel.cancellers:
        assert seconds[0] == frozenset()  # the whole encoding first
    if result.extra["stages"] > 1:
        assert seconds[1] == frozenset({"cancellers"})


def test_some_canceller_solve_needs_its_second_stage() -> None:
    stages = []
    for seed in range(30):
        panel = random_panel(random.Random(12000 + seed), max_cells=9, kinds=NO_POLYOMINO)
        stages.append(solve_panel_asp(panel, settings=ONE_CONFLICT).extra["stages"])
    assert max(stages) > 1


def test_the_second_stage_runs_when_the_first_stops(monkeypatch) -> None:
    from witness.search.asp_solver import driver

    stages = []
    lazy_families = driver.lazy_families

    def spy(panel, second=False, settings=ONE_CONFLICT):
        stages.append(second)
        return lazy_families(panel, second, settings)

    monkeypatch.setattr(driver, "lazy_families", spy)
    for seed in range(30):
        panel = random_panel(random.Random(10000 + seed), max_cells=9, kinds=POLY_HEAVY)
        expected = brute_force(panel)
        assert solve_panel_asp(panel, settings=ONE_CONFLICT).solved == bool(expected)
    assert True in stages  # some first stage stopped at its one conflict


def spy_on_rejected_regions(monkeypatch) -> list[frozenset]:
    """The regions the lazy stage's rules check rejects, in order (the caller
    clears the list between solves); a region rejected twice fails at once."""
    from witness.search import asp_solver

    rejected: list[frozenset] = []
    rejects = asp_solver.LazyCheck.rejects

    def spy(self, region, bound, deadline, through=frozenset()):
        bad = rejects(self, region, bound, deadline, through)
        if bad:
            assert region not in rejected, "a rejected region came back"
            rejected.append(region)
        return bad

    monkeypatch.setattr(asp_solver.LazyCheck, "rejects", spy)
    return rejected


def test_a_rejected_region_is_never_proposed_again(monkeypatch) -> None:
    """A region the rules checker rejects becomes a nogood: within one
    enumeration clingo never proposes the same region again, and the
    nogoods take part (some region is rejected on these panels)."""
    rejected = spy_on_rejected_regions(monkeypatch)
    total = 0
    for seed in range(12):
        panel = random_panel(random.Random(9000 + seed), max_cells=9, kinds=POLY_HEAVY)
        rejected.clear()
        got = sorted(panel_lines(panel, settings=LAZY_CHOICES["both"]))
        assert got == sorted(brute_force(panel)), panel.to_json()
        total += len(rejected)
    assert total > 0


@pytest.fixture
def clingo_arguments(monkeypatch) -> list[list[str]]:
    """The arguments of every clingo.Control the solver makes, as it makes them."""
    import clingo

    seen: list[list[str]] = []
    control = clingo.Control

    def spy(arguments, **kwargs):
        seen.append(list(arguments))
        return control(arguments, **kwargs)

    monkeypatch.setattr(clingo, "Control", spy)
    return seen


@pytest.fixture
def turns(monkeypatch) -> list[tuple[str | None, int | None]]:
    """The configuration and the conflict budget of each turn of a solve."""
    from witness.search import asp_solver

    seen: list[tuple[str | None, int | None]] = []
    lines = asp_solver.Stage.lines

    def spy(self, deadline, record, conflicts):
        seen.append((self.configuration, conflicts))
        return lines(self, deadline, record, conflicts)

    monkeypatch.setattr(asp_solver.Stage, "lines", spy)
    return seen


def test_each_stage_has_its_own_conflicts(turns, clingo_arguments) -> None:
    """After the prelude (prelude_configuration for line_first_conflicts on a
    panel with polyominoes, then for prelude_conflicts), the whole encoding
    stops at first_conflicts conflicts, the lazy stage at
    lazy_conflicts; each has twice its conflicts at its next turn, on
    panels with polyominoes and on panels with cancellers alone. A stage is
    grounded once and goes on at its next turn (one control for each stage
    and configuration, each part of the prelude its own)."""
    default = AspSettings()
    assert default.first_conflicts > default.lazy_conflicts > default.prelude_conflicts
    settings = AspSettings(
        first_conflicts=1, prelude_conflicts=2, lazy_conflicts=3, line_first_conflicts=4
    )
    limits = []
    for seed in range(30):
        for kinds in (POLY_HEAVY, NO_POLYOMINO):
            panel = random_panel(random.Random(10000 + seed), max_cells=9, kinds=kinds)
            turns.clear()
            clingo_arguments.clear()
            result = solve_panel_asp(panel, settings=settings)
            if not (panel.polyominoes or panel.cancellers):
                continue
            prelude = [(settings.prelude_configuration, 4)] if panel.polyominoes else []
            prelude.append((settings.prelude_configuration, 2))
            assert turns[: len(prelude)] == prelude[: len(turns)]
            seen = [conflicts for _configuration, conflicts in turns[len(prelude) :]]
            expected = [(1, 3)[i % 2] * 2 ** (i // 2) for i in range(len(seen))]
            assert seen == expected
            assert len(turns) == result.extra["stages"]
            controls = len(turns[: len(prelude)])
            controls += min(len(seen), 1 + len(settings.whole_configurations))
            assert len(clingo_arguments) == controls
            limits.append(len(seen))
    assert max(limits) >= 5  # some stage went on at a later turn


def test_panels_are_solved_with_the_chosen_configuration(clingo_arguments) -> None:
    """clingo gets the settings' configuration (trendy by default); a staged
    solve's prelude prelude_configuration (tweety) first."""
    seen = clingo_arguments
    panel = random_panel(random.Random(1), max_cells=4)
    no_prelude = AspSettings(prelude_conflicts=0)
    assert solve_panel_asp(panel, settings=no_prelude).status in ("solved", "unsolvable")
    assert seen and all("--configuration=trendy" in args for args in seen)
    seen.clear()
    staged = random_panel(random.Random(1), max_cells=4, kinds=POLY_HEAVY)
    assert staged.polyominoes and AspSettings().prelude_configuration == "tweety"
    assert solve_panel_asp(staged).status in ("solved", "unsolvable")
    assert "--configuration=tweety" in seen[0]


@pytest.mark.parametrize("line_first", [True, False])
def test_the_domain_heuristic_covers_dots_or_draws_the_line_first(
    clingo_arguments, line_first
) -> None:
    """clingo runs with the domain heuristics on every control of a panel
    with dots and no polyominoes (panel_dots.lp: cover the dots first) and,
    on the control of a polyomino panel's prelude that decides the line
    first (panel_polyominoes.lp: the line before the pieces), its first, when
    line_first_conflicts is not 0; nowhere else."""
    settings = AspSettings() if line_first else AspSettings(line_first_conflicts=0)
    seen = clingo_arguments
    kinds = {True: NO_POLYOMINO, False: POLY_HEAVY}
    found = set()
    for seed in range(40):
        panel = random_panel(random.Random(11000 + seed), max_cells=6, kinds=kinds[seed % 2 == 0])
        seen.clear()
        solve_panel_asp(panel, settings=settings)
        domain = ["--heuristic=Domain" in args for args in seen]
        if panel.polyominoes:
            assert domain == [line_first] + [False] * (len(seen) - 1), panel.to_json()
        else:
            assert set(domain) == {bool(panel.dots)}, panel.to_json()
        found.add((bool(panel.polyominoes), bool(panel.dots)))
    assert {(True, True), (False, True), (False, False)} <= found


def test_a_solve_says_how_it_ended(monkeypatch) -> None:
    """extra["stop"]: a line found, the search exhausted, or the time limit;
    extra["stages"]: how many stages ran (here every first stage stops at
    its one conflict)."""

    square = {"rows": 2, "cols": 2, "goal": [2, 2], "squares": [[0, 0, "red"]]}
    assert solve_panel_asp(Panel.from_dict(square)).extra["stop"] == "line"
    apart = {**square, "squares": [[0, 0, "red"], [1, 0, "blue"], [0, 1, "blue"], [1, 1, "red"]]}
    assert solve_panel_asp(Panel.from_dict(apart)).extra["stop"] == "exhausted"
    assert solve_panel_asp(Panel.from_dict(square), time_limit=0).extra["stop"] in (
        "grounding",
        "limit",
    )
    stages = []
    for seed in range(30):
        panel = random_panel(random.Random(10000 + seed), max_cells=9, kinds=POLY_HEAVY)
        result = solve_panel_asp(panel, settings=ONE_CONFLICT)
        assert result.extra["stop"] == ("line" if result.solved else "exhausted")
        stages.append(result.extra["stages"])
    assert max(stages) > 1


def test_the_second_opinion_takes_as_long_as_the_solve(monkeypatch) -> None:
    """The rules checker's word on clingo's line: extra["second_opinion"]
    says it agrees; when it stops (here at once) the line stands and it says
    so (and nothing without a line). It may take as long as the solve did, at least
    second_opinion_seconds, never up to a far time limit; a line it rejects
    is an error."""
    import time

    from witness.model.rules import CheckStopped

    square = Panel.from_dict({"rows": 2, "cols": 2, "goal": [2, 2], "squares": [[0, 0, "red"]]})
    assert solve_panel_asp(square, time_limit=30).extra["second_opinion"] == "agrees"
    blocked = Panel.from_dict(
        {"rows": 1, "cols": 1, "goal": [1, 1], "gaps": [[0, 0, 1, 0], [0, 0, 0, 1]]}
    )
    assert solve_panel_asp(blocked).extra["second_opinion"] == ""
    asked = []

    def stopped(panel, path, deadline=None):
        asked.append(deadline - time.perf_counter())
        raise CheckStopped("past the deadline")

    checker_replaced(monkeypatch, check=stopped)
    t0 = time.perf_counter()
    result = solve_panel_asp(square, time_limit=30)
    took = time.perf_counter() - t0
    assert result.solved and result.extra["second_opinion"] == "stopped"
    least = AspSettings().second_opinion_seconds
    assert len(asked) == 1 and 0 < asked[0] <= max(least, took)

    def rejecting(panel, path, deadline=None):
        return Verdict(False, (), ())

    checker_replaced(monkeypatch, check=rejecting)
    with pytest.raises(RuntimeError, match="the checker rejects"):
        solve_panel_asp(square)


# a canceller may remove the vertical domino, which has the region's area
# but no place on the grid: only the rules checker can say it does not tile
CANCELLER_PANEL = {
    "rows": 1,
    "cols": 2,
    "goal": [2, 1],
    "cancellers": [[0, 0, "none"]],
    "polyominoes": [{"cell": [1, 0], "shape": [[0, 0], [0, 1]]}],
}


def test_a_rules_check_past_the_limit_stops_the_solve(monkeypatch) -> None:
    """The rules check of a line (panels with cancellers) stops at the time
    limit; the solve and the count then say they stopped."""
    from witness.model.rules import CheckStopped

    panel = Panel.from_dict(CANCELLER_PANEL)
    assert count_panel_asp(panel).count == len(brute_force(panel)) > 0

    def stopped_check(panel, path, deadline=None):
        assert deadline is not None  # the limit reaches the checker
        raise CheckStopped("past the deadline")

    def stopped_region(panel, region, present, on_line, deadline=None):
        assert deadline is not None
        raise CheckStopped("past the deadline")

    checker_replaced(monkeypatch, stopped_check, stopped_region)
    result = solve_panel_asp(panel, time_limit=30)
    counted = count_panel_asp(panel, time_limit=30)
    assert (result.status, result.solved, result.path) == ("timed_out", False, None)
    assert counted.status == "timed_out" and counted.count is None


def test_a_rules_check_past_the_limit_stops_the_checker_count(monkeypatch) -> None:
    from witness.model import rules
    from witness.search import count

    panel = Panel.from_dict(CANCELLER_PANEL)

    def stopped(panel, path, deadline=None):
        assert deadline is not None
        raise rules.CheckStopped("past the deadline")

    monkeypatch.setattr(count, "is_solution", stopped)
    counted = count_with_checker(panel, time_limit=30)
    assert counted.status == "timed_out" and counted.count is None


def early_waits(monkeypatch) -> list[float]:
    """Make every first timed wait on a solve handle answer False at once, as
    clasp's does on a spurious wake-up of its condition variable; the
    timeouts asked for are listed."""
    import clingo

    wait = clingo.SolveHandle.wait
    asked: list[float] = []

    def early(self, timeout=None):
        if timeout is not None and timeout > 0:
            asked.append(timeout)
            if len(asked) % 2:
                return False
        return wait(self, timeout)

    monkeypatch.setattr(clingo.SolveHandle, "wait", early)
    return asked


@pytest.mark.parametrize("seed", range(10))
def test_an_early_wait_does_not_stop_the_solve(seed: int, monkeypatch) -> None:
    """A timed wait that answers False long before the limit is no time-out:
    the solve and the count go on (windmill-cpq8n00 once stopped this way
    after 0.07 s of a 10 s limit)."""

    panel = random_panel(random.Random(10000 + seed), max_cells=9, kinds=POLY_HEAVY)
    expected = brute_force(panel)
    asked = early_waits(monkeypatch)
    result = solve_panel_asp(panel, time_limit=60, settings=ONE_CONFLICT)  # both stages
    assert result.status == ("solved" if expected else "unsolvable"), panel.to_json()
    counted = count_panel_asp(panel, time_limit=60, settings=ONE_CONFLICT)
    assert (counted.status, counted.count) == ("counted", len(expected))
    assert asked  # the early waits took place


def test_the_whole_encoding_takes_its_configurations_in_turn(turns) -> None:
    """A staged solve's whole encoding runs with the settings' configuration
    at its first turn and then takes whole_configurations in turn; the lazy
    stage keeps the configuration. The answers stay those of the brute force."""
    settings = ONE_CONFLICT_EACH
    assert settings.whole_configurations[0] is None
    most = 0
    for seed in range(30):
        panel = random_panel(random.Random(10000 + seed), max_cells=9, kinds=POLY_HEAVY)
        turns.clear()
        result = solve_panel_asp(panel, settings=settings)
        assert result.solved == bool(brute_force(panel)), panel.to_json()
        if not (panel.polyominoes or panel.cancellers):
            continue
        for stage, (configuration, _conflicts) in enumerate(turns):
            whole = settings.whole_configurations[(stage // 2) % 2]
            chosen = whole if stage % 2 == 0 else None
            assert configuration == (chosen or settings.configuration)
        most = max(most, len(turns))
    assert most >= 3  # some whole encoding had its second turn


def test_a_rejected_region_stays_out_at_later_turns(monkeypatch) -> None:
    """Each stage goes on at its next turn with the same control: a region
    the checker rejected in the lazy stage is never proposed again within
    one solve, whatever the turn, and the answers stay those of the brute force."""
    regions = spy_on_rejected_regions(monkeypatch)
    seen = most = 0
    for seed in range(40):
        kinds = POLY_HEAVY if seed % 2 else CANCELLER_HEAVY
        panel = random_panel(random.Random(14000 + seed), max_cells=9, kinds=kinds)
        regions.clear()
        expected = brute_force(panel)
        result = solve_panel_asp(panel, settings=ONE_CONFLICT_EACH)
        assert result.status == ("solved" if expected else "unsolvable"), panel.to_json()
        seen += len(regions)
        most = max(most, result.extra["stages"])
    assert seen > 0 and most > 4


def test_a_rejected_unsure_line_stays_out_at_later_turns(monkeypatch) -> None:
    """An unsure answer set's line that the checker rejects is never proposed
    again at the stage's later turns. Here every answer set is unsure (the
    pieces summed over the panel, fact loose) and the checker is made
    stricter (no line of an even number of vertices), so that it rejects
    lines: the last turn, unbounded, gives the strict checker's solutions."""
    from witness.search.asp_solver import Enumeration, Stage

    rejected: list[list] = []

    def strict(panel, line, deadline=None):
        verdict = check(panel, line, deadline)
        if verdict.solved and len(line) % 2 == 0:
            assert line not in rejected, "a rejected line came back"
            rejected.append(line)
            return check(panel, line[:1], deadline)  # a verdict that says no
        return verdict

    checker_replaced(monkeypatch, check=strict)
    total = 0
    for panel in loose_panels(15):
        rejected.clear()
        stage = Stage(panel, frozenset(), None, None)
        for _turn in range(4):
            list(stage.lines(None, Enumeration(), 1))
        got = sorted(stage.lines(None, Enumeration(), None))
        assert got == sorted(line for line in brute_force(panel) if len(line) % 2), panel.to_json()
        total += len(rejected)
    assert total > 0


def test_an_unsure_lines_rejected_regions_stay_out(monkeypatch) -> None:
    """The checker rejects the line of an unsure answer set (the pieces
    summed over the panel, or a canceller removing a piece): the regions of
    pieces and cancellers it rejects become nogoods, as in the lazy stage.
    The whole encoding's lines equal the brute force, a rejected region
    never comes back, and some are rejected on these panels."""
    from witness.search.asp_solver.program import unsure_possible

    regions = spy_on_rejected_regions(monkeypatch)
    # the domino has the region's area, so the canceller may remove it (unsure),
    # but it tiles the region: the canceller has nothing to cancel
    tiled = Panel(
        rows=1,
        cols=2,
        starts=((0, 0),),
        ends=((2, 0),),
        polyominoes=(Polyomino((0, 0), ((0, 0), (1, 0))),),
        cancellers=((1, 0, "white"),),
        polyomino_rules="windmill",
    )
    panels = [tiled, *loose_panels(12)]
    seed = 40000
    while len(panels) < 30:
        seed += 1
        panel = random_panel(random.Random(seed), max_cells=9, kinds=CANCELLER_HEAVY)
        if unsure_possible(panel, frozenset()):
            panels.append(panel)
    seen = 0
    for panel in panels:
        regions.clear()
        got = sorted(panel_lines(panel, lazy=frozenset()))
        assert got == sorted(brute_force(panel)), panel.to_json()
        seen += len(regions)
    assert seen > 0


def windmill_panels(count: int, seed: int, kinds: tuple[str, ...] = POLY_HEAVY) -> list[Panel]:
    """The first ``count`` random panels with polyominoes from ``seed`` on,
    read under the windmill reading."""
    import dataclasses

    out = []
    while len(out) < count:
        seed += 1
        panel = random_panel(random.Random(seed), max_cells=6, kinds=kinds)
        if panel.polyominoes:
            out.append(dataclasses.replace(panel, polyomino_rules="windmill"))
    return out


def test_clingo_tiles_a_region_as_the_checker_does() -> None:
    """region_tiles (clingo, region_tiling.lp) answers as polyominoes_fit on
    every region holding pieces along the first lines of 40 random panels
    under the windmill reading, tilings and misfits both."""
    import itertools

    from witness.model.rules import (
        covered,
        elements,
        enumerate_lines,
        lines_of,
        polyominoes_fit,
        regions,
    )
    from witness.search.asp_solver import region_tiles

    seen = {True: 0, False: 0}
    for panel in windmill_panels(40, 33000):
        symbols = elements(panel)
        seeds = sorted(q for q, e in symbols.items() if e.kind == "polyomino")
        for line in itertools.islice(enumerate_lines(panel), 20):
            for region in regions(panel, covered(lines_of(panel, line)), holding=seeds):
                pieces = [symbols[q].item for q in seeds if q in region]
                fits = polyominoes_fit(panel, region, pieces)
                assert region_tiles(panel, region, pieces, None) == fits, panel.to_json()
                seen[fits] += 1
    assert seen[True] >= 20 and seen[False] >= 20


def test_the_lazy_stage_tiling_by_clingo_equals_brute_force(monkeypatch) -> None:
    """When the checker's own tiling search overruns (here: every check given
    a deadline, the lazy stage's budgeted ones, stops at once), the lazy
    stage has clingo tile the regions without cancellers: the solutions stay
    those of the brute force."""
    from witness.model.rules import CheckStopped, check_region
    from witness.search.asp_solver import lazy, lazy_families

    def overrun(*args):
        if args[-1] is not None:
            raise CheckStopped
        return check_region(*args)

    checker_replaced(monkeypatch, check_region=overrun)
    asked = []
    tiles = lazy.region_tiles
    monkeypatch.setattr(lazy, "region_tiles", lambda *args: asked.append(args) or tiles(*args))
    for panel in windmill_panels(100, 34000, kinds=("polyomino", "polyomino", "square", "star")):
        families = lazy_families(panel, second=True)
        got = sorted(panel_lines(panel, lazy=families))
        assert got == sorted(brute_force(panel)), panel.to_json()
    assert len(asked) >= 15


def test_more_clingo_options_reach_every_control(clingo_arguments) -> None:
    """AspSettings.clingo_options (set by the benchmark's --clingo-option) goes
    to every control of a solve, after the configuration."""
    settings = AspSettings(clingo_options=("--sat-prepro=0",))
    panel = random_panel(random.Random(3), max_cells=4)
    assert solve_panel_asp(panel, settings=settings).status in ("solved", "unsolvable")
    assert clingo_arguments and all(args[-1] == "--sat-prepro=0" for args in clingo_arguments)


def test_a_turn_past_its_deadline_makes_no_choice(monkeypatch) -> None:
    """A turn that starts with no time left does not start clingo's solve (an
    asynchronous solve makes choices before it can be stopped): a zero time
    limit stops before solving, however fast the grounding was."""
    import time

    import clingo

    from witness.search.asp_solver import Enumeration, Stage

    panel = Panel.from_dict({"rows": 2, "cols": 2, "ends": [[2, 2]], "dots": [[1, 1]]})
    stage = Stage(panel, frozenset(), None, None)  # grounded, no deadline
    solves: list[int] = []
    original = clingo.Control.solve
    monkeypatch.setattr(
        clingo.Control, "solve", lambda self, *a, **k: solves.append(1) or original(self, *a, **k)
    )
    record = Enumeration()
    assert list(stage.lines(time.perf_counter(), record, None)) == []
    assert (record.complete, record.stop, record.choices, solves) == (False, "limit", 0, [])
    assert list(stage.lines(None, Enumeration(), None)) and solves  # the same stage solves it
