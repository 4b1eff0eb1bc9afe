"""The install provides a working SWI-Prolog (through janus-swi) and clingo."""


def test_janus_swi_runs_a_query():
    import janus_swi as janus

    assert janus.query_once("X is 6 * 7")["X"] == 42
    version = janus.query_once("current_prolog_flag(version, V)")["V"]
    assert version >= 90112  # janus needs SWI-Prolog >= 9.1.12


def test_clingo_solves_a_program():
    import clingo

    ctl = clingo.Control(["0"])
    ctl.add("base", [], "{a; b}. :- a, b. :- not a, not b.")
    ctl.ground([("base", [])])
    models = []
    ctl.solve(on_model=lambda m: models.append(sorted(str(s) for s in m.symbols(atoms=True))))
    assert sorted(models) == [["a"], ["b"]]
