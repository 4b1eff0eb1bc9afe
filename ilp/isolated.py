"""Learning in a child process, so that nothing the background knowledge does
can take the caller down or mix with its output.

Background knowledge is a Prolog program: loading and querying it runs its
code with the user's rights (as in Popper), so only trusted BK should be
used. What this module guards against is an accident, not an attack: a BK
that calls ``halt`` (``user:halt``, ``system:halt(0)``, from a directive, an
``initialization/1`` goal or a predicate the tests call), that prints, that
crashes the process or that never returns would otherwise end the learner
with exit status 0 and no output, put its text before ``--json``'s, or hang.

:func:`learn_isolated` runs :func:`~ilp.api.learn` in a child process:
a fork of the caller where that is safe (one thread, no SWI-Prolog started
yet), else a fresh Python (``python -m`` this module). The child's standard output is a
file the parent watches: the BK must not print, and the first byte it writes
ends the run. Its standard error is the caller's (progress lines, Prolog's
warnings). A halt is noted by a Prolog ``at_halt`` hook (``isolated.pl``)
before the process ends. The parent ends the child past ``timeout`` plus a
grace for the final combination and check (the child's own deadline covers
loading and the search). Each of these ends with a :class:`BKError` of one
line naming the BK and what happened; the child's result, or its own
:class:`TaskError`, comes back pickled.
"""

from __future__ import annotations

import os
import pickle
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from ilp.job import run_job
from ilp.programs import program_path
from ilp.results import Program, Scores, Stats
from ilp.task import BKError, TaskError, TaskFiles

# After the deadline the learner still combines (at least a second) and checks its
# answer (on 100,000s of examples, or a recursive program's pool rules one by one),
# and a query in flight ends within its own time limit (eval_timeout). The hard
# limit is only a safety net: a halt or a directive that never returns is found
# sooner (the halt note; load_bk's own limit within the time-out).
GRACE_SECONDS = 60.0
# How long a halting child may take to end once its at_halt hook ran.
HALT_SECONDS = 2.0
POLL_SECONDS = 0.05
HALT_HOOK_FILE = program_path("isolated.pl")


@dataclass(frozen=True)
class _Run:
    """The files one isolated run shares between the parent and the child."""

    folder: Path

    @property
    def request(self) -> Path:
        return self.folder / "request.pickle"

    @property
    def result(self) -> Path:
        return self.folder / "result.pickle"

    @property
    def halted(self) -> Path:
        return self.folder / "halted"

    @property
    def stdout(self) -> Path:
        return self.folder / "stdout"


def learn_isolated(
    task_dir: str | Path, timeout: float | None = 600.0, **options: object
) -> tuple[Program, Scores, Stats]:
    """:func:`~ilp.api.learn` (same arguments) in a child
    process; a :class:`BKError` naming the BK when the child halts, prints,
    crashes or outlives ``timeout`` plus the grace."""
    files = TaskFiles.locate(task_dir)  # a missing folder is said at once, here
    eval_timeout = float(options.get("eval_timeout", 10.0))  # type: ignore[arg-type]
    grace = None if timeout is None else eval_timeout + max(GRACE_SECONDS, timeout / 2)
    limit = None if timeout is None else timeout + grace
    with tempfile.TemporaryDirectory(prefix="ilp-learn-") as folder:
        run = _Run(Path(folder))
        run.request.write_bytes(
            pickle.dumps({"task_dir": str(task_dir), "timeout": timeout, "options": options})
        )
        with open(run.stdout, "wb") as stdout:
            if _can_fork():
                child: subprocess.Popen | _Forked = _Forked.start(folder, stdout.fileno())
            else:
                child = subprocess.Popen(
                    [sys.executable, "-m", __name__, folder],
                    stdin=subprocess.DEVNULL,
                    stdout=stdout,
                    env=_child_env(),
                )
            try:
                stopped = _watch(child, run, limit)
            except BaseException:  # e.g. Ctrl-C: the child must not outlive the caller
                child.kill()
                child.wait()
                raise
        return _outcome(run, files.bk, child.returncode, stopped, limit)


def _can_fork() -> bool:
    """Whether the child can be a fork of this process rather than a fresh
    Python: where ``os.fork`` exists, this process runs one thread (a fork
    copies only the calling thread, so a lock another holds would stay held)
    and has not started SWI-Prolog (the child starts its own). The fork
    skips the new interpreter's start and imports (about 0.1 CPU s)."""
    return (
        hasattr(os, "fork")
        and sys.platform.startswith("linux")
        and threading.active_count() == 1
        and "janus_swi" not in sys.modules
    )


class _Forked:
    """A forked child with the part of :class:`subprocess.Popen` that
    :func:`_watch` uses: ``wait(timeout)``, ``kill()``, ``returncode``."""

    def __init__(self, pid: int):
        self.pid = pid
        self.returncode: int | None = None

    @classmethod
    def start(cls, folder: str, stdout: int) -> _Forked:
        sys.stdout.flush()  # nothing buffered here may be written twice
        sys.stderr.flush()
        pid = os.fork()
        if pid:
            return cls(pid)
        try:  # the child: never returns into the caller's code
            os.dup2(stdout, 1)
            devnull = os.open(os.devnull, os.O_RDONLY)
            os.dup2(devnull, 0)
            os.close(devnull)
            _child(folder)
        except BaseException:
            traceback.print_exc()
            sys.stderr.flush()
        finally:
            os._exit(1)

    def poll(self) -> int | None:
        if self.returncode is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        end = None if timeout is None else time.monotonic() + timeout
        delay = 0.0005
        while self.poll() is None:
            if end is not None and time.monotonic() >= end:
                raise subprocess.TimeoutExpired(str(self.pid), timeout or 0.0)
            time.sleep(delay if end is None else min(delay, max(0.0, end - time.monotonic())))
            delay = min(2 * delay, 0.02)
        return self.returncode  # type: ignore[return-value]

    def kill(self) -> None:
        if self.returncode is None:
            os.kill(self.pid, signal.SIGKILL)


def _child_env() -> dict[str, str]:
    """The caller's environment, with this package importable as it is here."""
    env = dict(os.environ)
    root = str(Path(__file__).resolve().parents[1])
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
    return env


def _watch(child: subprocess.Popen | _Forked, run: _Run, limit: float | None) -> str:
    """Wait for the child; end it (and say why) when it prints, halts without
    ending, or outlives ``limit`` seconds. "" when it ended by itself."""
    t0 = time.monotonic()
    halted_at = None
    while True:
        try:
            child.wait(POLL_SECONDS)
            return ""
        except subprocess.TimeoutExpired:
            pass
        now = time.monotonic()
        reason = ""
        if run.stdout.stat().st_size:
            reason = "printed"
        elif run.halted.exists():
            halted_at = halted_at or now
            reason = "halted" if now - halted_at > HALT_SECONDS else ""
        elif limit is not None and now - t0 > limit:
            reason = "time"
        if reason:
            child.kill()
            child.wait()
            return reason


def _outcome(
    run: _Run, bk: Path, returncode: int, stopped: str, limit: float | None
) -> tuple[Program, Scores, Stats]:
    """The child's result, or the one-line error that says what the BK did."""
    where = f"error in {bk}: the background knowledge"
    printed = run.stdout.read_bytes()[:200]
    if printed:
        first = printed.decode("utf-8", "replace").strip().splitlines()[:1] or [""]
        raise BKError(
            f"{where} wrote to standard output ({first[0]!r}); it must not print "
            "(its text would mix with the learner's output)"
        )
    if run.result.exists():
        kind, value = pickle.loads(run.result.read_bytes())
        if kind == "ok":
            return value
        if kind == "task_error":
            raise value
        raise RuntimeError(f"the learner failed in its child process:\n{value}")
    if run.halted.exists() or stopped == "halted":
        raise BKError(f"{where} called halt, which would end the learning process")
    if stopped == "time":
        raise BKError(
            f"{where} kept the learner busy for {limit:.0f} s, past the time-out and "
            "its grace: a predicate that never returns?"
        )
    if returncode < 0:
        name = signal.Signals(-returncode).name
        raise BKError(f"{where} crashed the learning process (signal {name})")
    raise BKError(f"{where} ended the learning process (exit status {returncode}, no result)")


def _child(folder: str) -> NoReturn:
    """The child's side: learn, and leave the result (or the task error) for the parent."""
    import janus_swi as janus

    run = _Run(Path(folder))
    request = pickle.loads(run.request.read_bytes())
    janus.consult(str(HALT_HOOK_FILE))
    janus.query_once("ilp_isolated:note_halt(File)", {"File": str(run.halted)})
    try:
        outcome = ("ok", run_job(request["task_dir"], request["timeout"], **request["options"]))
    except TaskError as exc:
        outcome = ("task_error", exc)
    except Exception:  # an engine failure: its traceback, for the parent to raise
        outcome = ("failed", traceback.format_exc())
    janus.query_once("ilp_isolated:forget_halt")  # the normal exit halts Prolog too
    partial = run.result.with_suffix(".partial")
    partial.write_bytes(pickle.dumps(outcome))
    partial.replace(run.result)
    # the result is written: skip the interpreter's and Prolog's clean-up (most
    # of a second after a large task), which is part of the job's time
    sys.stderr.flush()
    os._exit(0)


if __name__ == "__main__":
    _child(sys.argv[1])
