"""The Popper-suite benchmark scores both engines' printed programs with one
yardstick (benchmarks/popper_suite/score_program.py) instead of trusting their own reports."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ZOO = ROOT / "ilp" / "tests" / "tasks" / "zoo"
SCORER = ROOT / "benchmarks" / "popper_suite" / "score_program.py"

# eats a human: mosquito, tick; carnivores: cobra, scorpion, lion, tiger, bear,
# orca (positives) and cat, fox (negatives); jellyfish is missed
PROGRAM = "dangerous(V0):- eats(V0,V1),human(V1). dangerous(V0):- carnivore(V0)."
EXPECTED = {"tp": 8, "fn": 1, "tn": 6, "fp": 2, "size": 5}


def load_bench():
    spec = importlib.util.spec_from_file_location(
        "bench_popper_suite", ROOT / "benchmarks" / "popper_suite" / "bench_popper_suite.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_score_program_counts_examples_each_once(tmp_path):
    # tick eats two animals; it is still one covered positive
    prog = tmp_path / "p.pl"
    prog.write_text(PROGRAM.replace(". ", ".\n"))
    out = subprocess.run(
        [sys.executable, str(SCORER), str(ZOO), str(prog)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert json.loads(out) == EXPECTED


def test_score_program_refuses_what_it_cannot_parse(tmp_path):
    proc = subprocess.run(
        [sys.executable, str(SCORER), str(ZOO), "-"],
        input="dangerous(V0) :- eats(V0, bob).",
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 1
    assert "only variables" in proc.stderr


def test_bench_replaces_an_engines_own_report():
    bench = load_bench()
    run = bench.Run(status="ok", tp=9, fn=0, tn=8, fp=0, clauses=PROGRAM)
    bench.rescore(ZOO, run, limit=120)
    assert (run.tp, run.fn, run.tn, run.fp) == (8, 1, 6, 2)
    assert run.reported == "9/0/8/0"
    assert "own report 9/0/8/0" in bench.fmt(run)
    # the verdict uses the yardstick's counts: 8 positives at FP 2 is not consistent
    popper = bench.Run(status="ok", tp=3, fn=6, tn=8, fp=0, size=2)
    assert bench.at_least_as_good(run, popper, noisy=False) is False


def test_rescore_csv_round_trip(tmp_path):
    bench = load_bench()
    examples = tmp_path / "examples"
    examples.mkdir()
    (examples / "zoo").symlink_to(ZOO)
    old = tmp_path / "old.csv"
    ours = bench.Run(
        status="ok",
        tp=9,
        fn=0,
        tn=8,
        fp=0,
        size=5,
        seconds=1.0,
        cpu=1.0,
        peak_mb=50.0,
        clauses=PROGRAM,
    )
    bench.write_csv([("zoo", False, ours, None, None)], old)
    rows = bench.rescore_csv(old, examples)
    ((name, noisy, run, popper, good),) = rows
    assert (name, noisy, popper, good) == ("zoo", False, None, None)
    assert (run.tp, run.fn, run.tn, run.fp, run.reported) == (8, 1, 6, 2, "9/0/8/0")
    assert run.seconds == 1.0 and run.clauses == PROGRAM
    # several CSVs: a task's row in a later one replaces the earlier one's
    later = tmp_path / "later.csv"
    bench.write_csv([("zoo", False, bench.Run(status="refused", why="x"), None, None)], later)
    ((name, _, run, _, _),) = bench.rescore_csv([old, later], examples)
    assert (name, run.status, run.why) == ("zoo", "refused", "x")


# spins for S CPU seconds in a thread and in a child process it waits for
SPIN = """
import subprocess, sys, threading, time
def spin(s):
    end = time.thread_time() + s
    while time.thread_time() < end:
        pass
S = float(sys.argv[1])
t = threading.Thread(target=spin, args=(S,))
t.start()
subprocess.run([sys.executable, "-c", f"import time\\nwhile time.process_time() < {S}: pass"])
t.join()
"""


def test_run_child_counts_threads_and_waited_children():
    bench = load_bench()
    code, _, _, _, cpu, _ = bench.run_child([sys.executable, "-c", SPIN, "0.4"], 30)
    assert code == 0
    assert cpu >= 0.75  # the thread's 0.4 s and the grandchild's 0.4 s


def test_run_child_past_limit_kills_the_whole_group(tmp_path):
    bench = load_bench()
    mark = tmp_path / "alive"
    # the grandchild would write the file after 1.5 s; its parent hangs
    grandchild = f"import time, pathlib\ntime.sleep(1.5)\npathlib.Path({str(mark)!r}).touch()"
    script = (
        f"import subprocess, sys, time\nsubprocess.Popen([sys.executable, '-c', {grandchild!r}])\n"
        "time.sleep(60)"
    )
    code, *_ = bench.run_child([sys.executable, "-c", script], 0.5)
    assert code is None  # killed
    time.sleep(2.0)
    assert not mark.exists()


def test_summary_counts_ratios_and_cpu_share(capsys):
    bench = load_bench()
    Run = bench.Run

    def run(status, seconds, cpu, fp=0):
        return Run(
            status=status, tp=1, fn=0, tn=0, fp=fp, size=2, seconds=seconds, cpu=cpu, peak_mb=cpu
        )

    rows = [
        ("a", False, run("ok", 1.0, 1.0), run("ok", 2.0, 2.0), True),  # 0.5
        ("b", False, run("ok", 3.0, 3.0), run("ok", 1.0, 1.0), True),  # 3.0
        ("c", False, run("timed_out", 60.0, 30.0), run("timed_out", 60.0, 45.0, fp=1), True),
    ]
    bench.summarise(rows, 60.0)
    out = capsys.readouterr().out
    assert "ratio ours/popper (3 tasks): median 0.67; at most 0.7 on 2, below 1 on 2" in out
    assert "above 2: b 3.00" in out
    assert "where both finish (2 tasks): median 1.75; at most 0.7 on 1" in out
    assert "where both time out (1 tasks), median CPU / wall: ours 0.50, popper 0.75" in out
    assert "timed out: ours 1, popper 1 (no answer: 0)" in out
    assert "Popper's program as good as ours on 2 of 3" in out
    assert "median peak MB (3 tasks): ours 3.0, popper 2.0; ours lower on 2" in out
