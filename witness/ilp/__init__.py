"""The project's ILP engine: Popper-compatible learning from failures.

``learn(task_dir, timeout=...) -> (program, scores, stats)`` reads a Popper
task folder (``bk.pl``, ``bias.pl``, ``exs.pl``) and returns the best program
it finds. Modules, one job each:

- :mod:`~witness.ilp.task`: the task folder and its input errors;
- :mod:`~witness.ilp.bias`: read ``bias.pl``;
- :mod:`~witness.ilp.rules`: rules, canonical forms, safe literal order, printing;
- :mod:`~witness.ilp.generate`: the rule space as a clingo program;
- :mod:`~witness.ilp.test`: coverage in SWI-Prolog (janus-swi);
- :mod:`~witness.ilp.constrain`: pruning learned from failures;
- :mod:`~witness.ilp.combine`: the best combination of consistent rules;
- :mod:`~witness.ilp.learn`: the loop and the public API;
- :mod:`~witness.ilp.output`: the ``.pl`` file with its header;
- :mod:`~witness.ilp.run_popper`: the real Popper, when it is installed.
"""

from witness.ilp.learn import Program, Scores, Stats, learn
from witness.ilp.output import program_file_text, write_program
from witness.ilp.task import TaskError

__all__ = ["Program", "Scores", "Stats", "TaskError", "learn", "program_file_text",
           "write_program"]
