"""Layer 4, puzzle difficulty: MUSE and ReMUSE (Chen 2023).

- :mod:`~witness.difficulty.entropy`: the definitions, line by line over any puzzle;
- :mod:`~witness.difficulty.game`: a panel as the thesis's puzzle (state, move,
  solved state), the hand rules and the straight-line policy;
- :mod:`~witness.difficulty.player`: a player, its rules (proven ones only) and policy;
- :mod:`~witness.difficulty.muse`: :func:`~witness.difficulty.muse.score`, the one
  entry point, and the general core;
- :mod:`~witness.difficulty.compiled`: the compiled core for triangle-only panels,
  behind ``score``;
- :mod:`~witness.difficulty.ranking`: ranking a folder, the pipeline's sample, the command;
- :mod:`~witness.difficulty.ratings`: difficulty against people's ratings.
"""
