"""Engine puzzle objects of pillars, as witnesspuzzles.com's engine writes them
(shared by the pillar tests)."""


def engine(cols: int, rows: int, marks: dict, symmetry: dict | None = None) -> dict:
    """An engine puzzle object of a pillar ``cols`` cells round and ``rows``
    high: ``marks`` maps an engine grid place (x, y from the top) to what it
    holds (a dict of flags for a point or segment, a symbol for a cell)."""
    grid = [
        [None if x % 2 and y % 2 else {"type": "line", "line": 0} for y in range(2 * rows + 1)]
        for x in range(2 * cols)
    ]
    for (x, y), value in marks.items():
        if x % 2 and y % 2:
            grid[x][y] = value
        else:
            grid[x][y].update(value)
    data = {"name": "t", "pillar": True, "grid": grid}
    if symmetry is not None:
        data["symmetry"] = symmetry
    return data


START, TOP, BOTTOM = {"start": True}, {"end": "top"}, {"end": "bottom"}
