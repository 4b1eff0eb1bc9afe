"""Layer 4, puzzle difficulty: MUSE and ReMUSE (Chen 2023).

- :mod:`~witness.difficulty.entropy`: the definitions, line by line over any puzzle;
- :mod:`~witness.difficulty.player`: the player's inference rules (proven ones only);
- :mod:`~witness.difficulty.muse`: the same recursion on triangle puzzles, compiled;
- :mod:`~witness.difficulty.ranking`: ranking a folder, the pipeline's sample, the command.
"""
