"""The Windmill's puzzle format, read into a :class:`~witness.model.panel.Panel`.

A Windmill puzzle (``contents`` in a snapshot of its puzzle list) is a
URL-safe base64 protobuf message ``Storage`` followed by ``_0``:
``Storage {int32 width = 1; repeated Entity entity = 2; SymmetryType symmetry = 3}``
with ``Entity {Type type = 1; Color color = 2; Orientation orientation = 3;
Shape shape = 4; int32 count = 5; int32 triangle_count = 6}``,
``Orientation {sint32 horizontal = 1; sint32 vertical = 2}`` and
``Shape {int32 width = 1; repeated bool grid = 2 (packed); bool free = 3;
bool negative = 4}``. Entities fill a doubled grid ``width`` wide row by row
from the top (``count`` repeats one); even/even places are points, odd/odd
cells, the rest lines. The decoder below reads the protobuf wire format
directly (varints, zig-zag, length-delimited fields).
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, field

from witness.model.base import DEFAULT_COLOURS, MAX_SIDE, UnsupportedPuzzle, edge
from witness.model.panel import Dot, Panel, Polyomino

TYPES = {
    0: "unknown",
    1: "none",
    2: "basic",
    3: "start",
    4: "end",
    5: "disjoint",
    6: "hexagon",
    7: "square",
    8: "star",
    9: "tetris",
    10: "error",
    11: "triangle",
}
COLOURS = {
    1: "black",
    2: "white",
    3: "cyan",
    4: "magenta",
    5: "yellow",
    6: "red",
    7: "green",
    8: "blue",
    9: "orange",
}
SYMMETRY = {2: "horizontal", 3: "vertical", 4: "rotational"}
# What a player calls each entity type (for skip lines).
WORDS = {
    "none": "a removed part",
    "start": "a start",
    "end": "an end",
    "disjoint": "a gap",
    "hexagon": "a dot",
    "square": "a square",
    "star": "a star",
    "tetris": "a polyomino",
    "error": "a canceller",
    "triangle": "triangles",
}


# ------------------------------------------------------------------ protobuf wire format
def _varint(data: bytes, i: int) -> tuple[int, int]:
    value, shift = 0, 0
    while True:
        if i >= len(data):
            raise UnsupportedPuzzle("contents: truncated protobuf")
        byte = data[i]
        value |= (byte & 0x7F) << shift
        i += 1
        if byte < 0x80:
            return value, i
        shift += 7


def fields(data: bytes) -> list[tuple[int, int | bytes]]:
    """(field number, value) pairs of one message: ints for varints, bytes for
    length-delimited fields; fixed-width fields are skipped."""
    out, i = [], 0
    while i < len(data):
        key, i = _varint(data, i)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, i = _varint(data, i)
        elif wire == 2:
            size, i = _varint(data, i)
            value, i = data[i : i + size], i + size
        elif wire in (1, 5):
            i += 8 if wire == 1 else 4
            continue
        else:
            raise UnsupportedPuzzle(f"contents: protobuf wire type {wire}")
        out.append((number, value))
    return out


def _signed32(value: int) -> int:
    """An int32 varint (negative values come as 64-bit two's complement)."""
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value >= 1 << 31 else value


def _zigzag(value: int) -> int:
    return (value >> 1) ^ -(value & 1)


@dataclass
class Entity:
    """One decoded ``Entity``."""

    type: str = "basic"
    colour: str | None = None
    orientation: tuple[int, int] | None = None
    shape: dict = field(default_factory=dict)
    count: int = 1
    triangle_count: int = 1


def _shape(data: bytes) -> dict:
    shape: dict = {"width": 0, "grid": [], "free": False, "negative": False}
    for number, value in fields(data):
        if number == 1:
            shape["width"] = _signed32(value)
        elif number == 2 and isinstance(value, bytes):  # packed
            shape["grid"] += [bool(b) for b in value]
        elif number == 2:
            shape["grid"].append(bool(value))
        elif number in (3, 4):
            shape["free" if number == 3 else "negative"] = bool(value)
    return shape


def _orientation(data: bytes) -> dict:
    parts = dict(fields(data))
    return {"horizontal": _zigzag(parts.get(1, 0)), "vertical": _zigzag(parts.get(2, 0))}


# an Entity's fields by number: its name and how its value reads
ENTITY_FIELDS = {
    1: ("type", int),
    2: ("color", int),
    3: ("orientation", _orientation),
    4: ("shape", _shape),
    5: ("count", _signed32),
    6: ("triangle_count", _signed32),
}


def storage_message(contents: str) -> dict:
    """A puzzle string's ``Storage`` message as the protobuf holds it: the
    doubled grid's ``width``, its ``entity`` messages (run-length counts
    kept, enums as numbers, fields the protobuf leaves out absent) and its
    ``symmetry`` number (0 when absent)."""
    if not contents.endswith("_0"):
        raise UnsupportedPuzzle("contents: not a version-0 Windmill puzzle (no '_0' suffix)")
    text = contents[:-2].replace("_", "/").replace("-", "+")
    try:
        data = base64.b64decode(text + "=" * (-len(text) % 4))
    except ValueError as exc:
        raise UnsupportedPuzzle(f"contents: bad base64 ({exc})") from None
    message: dict = {"width": 0, "entity": [], "symmetry": 0}
    for number, value in fields(data):
        if number == 1:
            message["width"] = _signed32(value)
        elif number == 2:
            entity = {}
            for key, raw in fields(value):
                if key in ENTITY_FIELDS:
                    name, read = ENTITY_FIELDS[key]
                    entity[name] = read(raw)
            message["entity"].append(entity)
        elif number == 3:
            message["symmetry"] = value
    return message


def _entity(raw: dict) -> Entity:
    e = Entity()
    if "type" in raw:
        e.type = TYPES.get(raw["type"], f"type {raw['type']}")
    if "color" in raw:
        e.colour = COLOURS.get(raw["color"], f"colour {raw['color']}")
    if "orientation" in raw:
        e.orientation = (raw["orientation"]["horizontal"], raw["orientation"]["vertical"])
    e.shape = raw.get("shape", e.shape)
    e.count = max(raw.get("count", 1), 1)
    e.triangle_count = raw.get("triangle_count", e.triangle_count)
    return e


def decode_storage(contents: str) -> tuple[int, list[Entity], str | None]:
    """(doubled-grid width, entities expanded row by row, symmetry) of a puzzle."""
    message = storage_message(contents)
    width, entities, symmetry = message["width"], [], None
    runs = [_entity(raw) for raw in message["entity"]]
    places = sum(e.count for e in runs)
    if places > (2 * MAX_SIDE + 1) ** 2:  # before a list of them is built
        raise UnsupportedPuzzle(
            f"contents: entity counts add up to {places} places, more than a "
            f"{MAX_SIDE}x{MAX_SIDE} panel has"
        )
    for e in runs:
        entities += [e] * e.count
    if message["symmetry"] not in (0, 1):
        if message["symmetry"] not in SYMMETRY:
            raise UnsupportedPuzzle(f"an unknown kind of symmetry (code {message['symmetry']})")
        symmetry = SYMMETRY[message["symmetry"]]
    if width < 3 or width % 2 == 0 or not entities or len(entities) % width:
        raise UnsupportedPuzzle("contents: the entities do not fill an odd-sized grid")
    return width, entities, symmetry


# ------------------------------------------------------------------ to a panel
def _polyomino(cell: tuple[int, int], shape: dict) -> Polyomino:
    width, grid = shape["width"], shape["grid"]
    if width <= 0 or not any(grid) or len(grid) % width:
        raise UnsupportedPuzzle("tetris: an empty or ragged shape")
    height = len(grid) // width
    cells = [(i % width, height - 1 - i // width) for i, on in enumerate(grid) if on]
    colour = "blue" if shape["negative"] else DEFAULT_COLOURS["polyominoes"]
    return Polyomino(cell, tuple(cells), shape["free"], shape["negative"], colour)


def _words(kind: str) -> str:
    return WORDS.get(kind, f"an unknown symbol ({kind})")


def _place(fieldset: dict, kind: str, at: tuple, e: Entity, cell: bool, line: bool) -> None:
    """Record one entity at doubled place ``at`` (already in y-up panel coordinates)."""
    if kind in ("basic", "unknown"):
        return
    if cell:
        if kind == "none":
            return
        x, y = at
        if kind == "triangle":
            fieldset["triangles"].append((x, y, e.triangle_count, DEFAULT_COLOURS["triangles"]))
        elif kind in ("square", "star"):
            fieldset[kind + "s"].append((x, y, e.colour or "black"))
        elif kind == "error":  # a white symbol to The Windmill's stars
            fieldset["cancellers"].append((x, y, "white"))
        elif kind == "tetris":
            fieldset["polyominoes"].append(_polyomino((x, y), e.shape))
        else:
            raise UnsupportedPuzzle(f"{_words(kind)} in a cell")
    elif line:
        if kind == "none":
            fieldset["removed_edges"].append(at)
        elif kind == "disjoint":
            fieldset["gaps"].append(at)
        elif kind == "hexagon":
            fieldset["dots"].append(Dot(at))
        else:
            raise UnsupportedPuzzle(f"{_words(kind)} on a line")
    else:
        handled = {"none": "removed_vertices", "start": "starts", "end": "ends"}
        if kind == "hexagon":
            fieldset["dots"].append(Dot(at))
        elif kind in handled:
            fieldset[handled[kind]].append(at)
        else:
            raise UnsupportedPuzzle(f"{_words(kind)} on a point")


def panel_from_windmill(contents: str, meta: dict | None = None) -> Panel:
    """The panel a Windmill puzzle string stands for; UnsupportedPuzzle naming
    the feature when the model lacks it (PuzzleError when the result is invalid)."""
    width, entities, symmetry = decode_storage(contents)
    store_height = len(entities) // width
    cols, rows = width // 2, store_height // 2
    fieldset: dict = {
        name: []
        for name in (
            "triangles squares stars cancellers polyominoes dots gaps "
            "removed_edges removed_vertices starts ends"
        ).split()
    }
    for index, e in enumerate(entities):
        a, b = index % width, index // width
        py = 2 * rows - b  # the Windmill counts rows from the top
        if a % 2 == 1 and py % 2 == 1:
            at: tuple = ((a - 1) // 2, (py - 1) // 2)
            _place(fieldset, e.type, at, e, cell=True, line=False)
        elif a % 2 == 0 and py % 2 == 0:
            _place(fieldset, e.type, (a // 2, py // 2), e, cell=False, line=False)
        else:
            x1, y1 = a // 2, py // 2
            other = (x1 + 1, y1) if a % 2 == 1 else (x1, y1 + 1)
            _place(fieldset, e.type, edge((x1, y1), other), e, cell=False, line=True)
    inner = [v for v in fieldset["ends"] if not _finishable(v, fieldset, rows, cols)]
    if inner:
        # an end with all four lines present: The Windmill's player never finishes there
        # (ui.js, pointIsReachable: an end only where no point lies beyond it), so it
        # is left out, noted in meta
        fieldset["ends"] = [v for v in fieldset["ends"] if v not in inner]
        meta = {**(meta or {}), "ends_left_out": [list(v) for v in inner]}
    for name in ("starts", "ends"):
        if not fieldset[name]:
            raise UnsupportedPuzzle(f"no {name[:-1]}")
    # The Windmill's polyominoes are their cells only and may overhang the grid.
    rules = "windmill" if fieldset["polyominoes"] else "precise"
    # and its cancellers are spent by its count (witness.model.rules)
    counted = "windmill" if fieldset["cancellers"] else "community"
    return Panel(
        rows=rows,
        cols=cols,
        symmetry=symmetry,
        polyomino_rules=rules,
        canceller_rules=counted,
        meta=meta or {},
        **fieldset,
    )


def _finishable(v: tuple[int, int], fieldset: dict, rows: int, cols: int) -> bool:
    """Can a line finish at end ``v``: on the rim, or beside a missing line?"""
    x, y = v
    if x in (0, cols) or y in (0, rows):
        return True
    near = [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
    removed = set(fieldset["removed_edges"])
    return any(edge(v, w) in removed or w in fieldset["removed_vertices"] for w in near)


# A snapshot record's keys that meta holds by name (and those export writes anew).
META_NAMES = {"id": "id", "title": "title", "creatorName": "creator"}
META_NAMES |= {"upvotes": "upvotes", "solves": "solves"}
_WRITTEN = {"contents", "url", "exported_by"}


def windmill_meta(record: dict) -> dict:
    """The ``meta`` object of a snapshot record: id, title, creator, upvotes,
    solves, date, and under ``windmill`` the record's other keys (``createUtc``
    among them, as read), which export writes back."""
    from datetime import UTC, datetime

    meta: dict = {"source": "windmill"}
    for key, name in META_NAMES.items():
        if record.get(key) is not None:
            meta[name] = record[key]
    if isinstance(record.get("createUtc"), int):
        try:
            created = datetime.fromtimestamp(record["createUtc"] / 1000, tz=UTC)
        except (OverflowError, OSError, ValueError):
            raise ValueError(f"createUtc {record['createUtc']} is out of range") from None
        meta["created"] = created.isoformat(timespec="seconds")
    extras = {k: v for k, v in record.items() if k not in META_NAMES and k not in _WRITTEN}
    if extras:
        meta["windmill"] = extras
    return meta


# ------------------------------------------------------------------ from a panel
WINDMILL_SITE = "https://windmill.thefifthmatt.com"
TYPE_CODES = {name: code for code, name in TYPES.items()}
COLOUR_CODES = {name: code for code, name in COLOURS.items()}
SYMMETRY_CODES = {name: code for code, name in SYMMETRY.items()}


def _key(number: int, wire: int) -> bytes:
    return _varint_bytes(number << 3 | wire)


def _varint_bytes(value: int) -> bytes:
    out = bytearray()
    while True:
        out.append((value & 0x7F) | (0x80 if value > 0x7F else 0))
        value >>= 7
        if not value:
            return bytes(out)


def _message(parts: list[tuple[int, int | bytes]]) -> bytes:
    """A protobuf message of (field number, int or bytes) pairs; zero ints are
    left out, as proto3 writes its defaults."""
    out = b""
    for number, value in parts:
        if isinstance(value, bytes):
            out += _key(number, 2) + _varint_bytes(len(value)) + value
        elif value:
            out += _key(number, 0) + _varint_bytes(value)
    return out


def _shape_message(p: Polyomino) -> bytes:
    width = max(dx for dx, _ in p.shape) + 1
    height = max(dy for _, dy in p.shape) + 1
    grid = bytes((dx, height - 1 - row) in p.shape for row in range(height) for dx in range(width))
    return _message([(1, width), (2, grid), (3, int(p.rotatable)), (4, int(p.negative))])


def _cell_entities(panel: Panel, notes: list[str]) -> dict[tuple[int, int], bytes]:
    """The entity of every cell symbol, keyed by its doubled place (y up)."""
    out: dict[tuple[int, int], bytes] = {}
    for kind, name in (("square", "squares"), ("star", "stars")):
        for x, y, colour in getattr(panel, name):
            if colour not in COLOUR_CODES:
                names = ", ".join(COLOUR_CODES)
                raise ValueError(f"The Windmill has no {colour} {kind}s (its colours: {names})")
            out[2 * x + 1, 2 * y + 1] = _message([(1, TYPE_CODES[kind]), (2, COLOUR_CODES[colour])])
    for x, y, colour in panel.cancellers:
        if colour != "white":
            notes.append(f"the canceller at {[x, y]} is written white, as The Windmill has them")
        out[2 * x + 1, 2 * y + 1] = _message([(1, TYPE_CODES["error"])])
    for x, y, k, colour in panel.triangles:
        if colour != DEFAULT_COLOURS["triangles"]:
            notes.append(f"the triangles at {[x, y]} are written orange, as The Windmill has them")
        out[2 * x + 1, 2 * y + 1] = _message([(1, TYPE_CODES["triangle"]), (6, k)])
    for p in panel.polyominoes:
        if p.colour != ("blue" if p.negative else DEFAULT_COLOURS["polyominoes"]):
            notes.append(f"the polyomino at {list(p.cell)} is written in The Windmill's colour")
        out[2 * p.cell[0] + 1, 2 * p.cell[1] + 1] = _message(
            [(1, TYPE_CODES["tetris"]), (4, _shape_message(p))]
        )
    return out


def _line_entities(panel: Panel, notes: list[str]) -> dict[tuple[int, int], bytes]:
    """The entity of every point and line (starts, ends, dots, gaps, removed), keyed
    by doubled place (y up); ValueError when two fall on one place."""
    placed: dict[tuple[int, int], tuple[str, str]] = {}

    def put(at: tuple[int, int], kind: str, what: str) -> None:
        if at in placed:
            raise ValueError(f"The Windmill holds one thing per place: {placed[at][1]} and {what}")
        placed[at] = (kind, what)

    for v in panel.starts:
        put((2 * v[0], 2 * v[1]), "start", f"the start {list(v)}")
    for v in panel.ends:
        x, y = v
        open_sides = [edge(v, w) in panel.removed_edges for w in _around(v)]
        if 0 < x < panel.cols and 0 < y < panel.rows and not any(open_sides):
            raise ValueError(
                f"the end {list(v)} sticks out past a removed point; in The Windmill "
                "an end sticks out across the border or a removed edge only"
            )
        put((2 * v[0], 2 * v[1]), "end", f"the end {list(v)}")
    for v in panel.removed_vertices:
        put((2 * v[0], 2 * v[1]), "none", f"the removed point {list(v)}")
    for kind, edges, what in (
        ("disjoint", panel.gaps, "gap"),
        ("none", panel.removed_edges, "removed edge"),
    ):
        for a, b in edges:
            put((a[0] + b[0], a[1] + b[1]), kind, f"the {what} {[*a, *b]}")
    for d in panel.dots:
        where = [*d.at[0], *d.at[1]] if d.on_edge else list(d.at)  # as the panel file has it
        if d.colour != "black":
            notes.append(f"the {d.colour} dot at {where} is written black")
        at = (
            (d.at[0][0] + d.at[1][0], d.at[0][1] + d.at[1][1])
            if d.on_edge
            else (2 * d.at[0], 2 * d.at[1])
        )
        put(at, "hexagon", f"the dot {where}")
    return {at: _message([(1, TYPE_CODES[kind])]) for at, (kind, _) in placed.items()}


def _around(v: tuple[int, int]) -> list[tuple[int, int]]:
    x, y = v
    return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]


def panel_to_windmill(panel: Panel) -> tuple[str, list[str]]:
    """The Windmill's ``contents`` string for ``panel`` and the approximations made
    (colours The Windmill fixes, rules it does not have); ValueError when the
    panel holds what the format cannot (two things on one place, other colours)."""
    notes: list[str] = []
    if panel.polyominoes and panel.polyomino_rules != "windmill":
        notes.append("The Windmill lets polyominoes overhang the grid where negatives cancel")
    if panel.cancellers and panel.canceller_rules != "windmill":
        notes.append("The Windmill spends cancellers by its count, not by a search")
    placed = {**_line_entities(panel, notes), **_cell_entities(panel, notes)}
    width, height = 2 * panel.cols + 1, 2 * panel.rows + 1
    entities, empty = [], 0
    for b in range(height):  # rows from the top, as the client stores them
        for a in range(width):
            entity = placed.get((a, height - 1 - b))
            if entity is None:
                empty += 1
                continue
            if empty:  # the client's run of empty places
                entities.append(_message([(5, empty if empty > 1 else 0)]))
                empty = 0
            entities.append(entity)
    if empty:
        entities.append(_message([(5, empty if empty > 1 else 0)]))
    storage = _message([(1, width)] + [(2, e) for e in entities])
    storage += _message([(3, SYMMETRY_CODES.get(panel.symmetry or "", 0))])
    text = base64.b64encode(storage).decode("ascii")
    return text.replace("/", "_").replace("+", "-") + "_0", notes


def windmill_record(panel: Panel) -> tuple[dict, list[str]]:
    """A record as in a snapshot of The Windmill's puzzle list (``contents``, the
    address that opens it in The Windmill's editor, and the title; when the panel
    came from The Windmill, every other key its record had too)."""
    contents, notes = panel_to_windmill(panel)
    meta = panel.meta
    record: dict = {}
    if meta.get("source") == "windmill":
        kept = meta.get("windmill")
        record.update(kept if isinstance(kept, dict) else {})
        for key, name in META_NAMES.items():
            if meta.get(name) is not None:
                record[key] = meta[name]
    elif meta.get("title") is not None:
        record["title"] = meta["title"]
    record.update(contents=contents, url=f"{WINDMILL_SITE}/build/{contents}")
    return record, notes
