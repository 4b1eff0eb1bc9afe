"""Community formats: hand-made fixtures in the witnesspuzzles.com engine's
format and The Windmill's, imported through the command line; exporting to the
engine's format and importing again gives the same panel."""

import base64
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_rules_oracle import panels

from profiles import examples
from witness.cli import main
from witness.model.jbz import panel_from_jbz, panel_to_jbz, polyshape_from_shape
from witness.model.panel import Panel
from witness.model.windmill import decode_storage, storage_message
from witness.search.count import count_with_checker


# ------------------------------------------------------------------ the engine's format
def line(**flags):
    return {"type": "line", "line": 0, **flags}


def jbz_1x1(**centre):
    """A 1x1 engine puzzle: start bottom-left, end top-right sticking out of the top."""
    grid = [[line() for _ in range(3)] for _ in range(3)]
    grid[1][1] = centre or None
    grid[0][2] = line(start=True)
    grid[2][0] = line(end="top")
    return {"name": "tiny", "width": 3, "height": 3, "pillar": False, "grid": grid}


def test_an_engine_puzzle_imports_with_y_turned_up(tmp_path, capsys):
    puzzle = jbz_1x1(type="triangle", color="orange", count=2)
    puzzle["grid"][1][0] = line(dot=1)  # the top edge
    puzzle["grid"][0][1] = line(gap=1)  # the left edge
    f = tmp_path / "one.json"
    f.write_text(json.dumps(puzzle))
    assert main(["import", str(f), "--from", "jbz", "--out", str(tmp_path / "out")]) == 0
    assert capsys.readouterr().out == "imported 1, skipped 0\n"
    panel = Panel.load(tmp_path / "out" / "jbz-tiny.json")  # named after its title
    assert panel.to_dict() == {
        "rows": 1,
        "cols": 1,
        "start": [0, 0],
        "goal": [1, 1],
        "triangles": [[0, 0, 2]],
        "dots": [[0, 1, 1, 1]],
        "gaps": [[0, 0, 0, 1]],
        "meta": {"source": "jbz", "title": "tiny", "jbz": {"ends": [[1, 1, "top"]]}},
    }


def test_a_list_with_wrappers_and_unsupported_puzzles(tmp_path, capsys):
    pillar = {**jbz_1x1(), "pillar": False}
    pillar["grid"] = pillar["grid"][:2]  # an even grid that is no pillar
    custom = jbz_1x1(type="bridge", color="red")
    wrapped = {"id": "abc", "title": "Wrapped", "puzzle": json.dumps(jbz_1x1(type="square"))}
    f = tmp_path / "list.json"
    f.write_text(json.dumps([pillar, custom, wrapped, "_AAAA"]))
    assert main(["import", str(f), "--from", "jbz", "--out", str(tmp_path / "out")]) == 0
    out, err = capsys.readouterr()
    assert out == "imported 1, skipped 3\n"
    assert err.splitlines() == [
        'skipped "tiny" (puzzle 1 of the list): a grid of even or ragged size',
        'skipped "tiny" (puzzle 2 of the list): bridges (a custom mechanic)',
        "skipped puzzle 4 of the list: the site's compact share code (starting '_'), "
        "which is not read: give the puzzle's JSON",
    ]
    panel = Panel.load(tmp_path / "out" / "jbz-abc.json")
    assert panel.squares == ((0, 0, "black"),) and panel.meta["title"] == "Wrapped"


def test_symmetry_with_no_axis_is_a_panel_no_line_solves(tmp_path, capsys):
    # the engine mirrors only an axis flagged true, and anything but null makes
    # a symmetry puzzle: with no axis every place is its own mirror image and
    # its solver leaves no start (engine/solve.js): a panel without starts,
    # the starts and the symmetry kept for export
    f = tmp_path / "list.json"
    kinds = [{"x": False, "y": False}, {}, False, None]
    f.write_text(json.dumps([{**jbz_1x1(), "symmetry": sym} for sym in kinds]))
    assert main(["import", str(f), "--from", "jbz", "--out", str(tmp_path / "out")]) == 0
    assert capsys.readouterr() == ("imported 4, skipped 0\n", "")
    panels = [Panel.load(p) for p in sorted((tmp_path / "out").glob("*.json"))]
    assert [len(p.starts) for p in panels].count(0) == 3
    for panel in panels:
        assert panel.symmetry is None and count_with_checker(panel).count == 2 * len(panel.starts)
        again, _ = panel_to_jbz(panel)
        assert again["grid"][0][2] == line(start=True)  # the start written back
        assert again.get("symmetry") == (None if panel.starts else panel.meta["jbz"]["symmetry"])
    both = {**jbz_1x1(), "symmetry": {"x": True, "y": 1}}  # only true flags an axis
    both["grid"][2][2] = line(start=True)
    both["grid"][0][0] = line(end="top")
    assert panel_from_jbz(both).symmetry == "horizontal"


# the last two differ in case only: one file on a case-insensitive file system
IDS = [("x-2", "red"), ("x", "blue"), ("x", "green"), ("X", "white")]


def test_every_record_is_written_when_ids_collide(tmp_path, capsys):
    """ids x-2, x, x: the second x is renamed, never onto the first record's file."""
    records = [{"id": i, "puzzle": jbz_1x1(type="square", color=c)} for i, c in IDS]
    f = tmp_path / "list.json"
    f.write_text(json.dumps(records))
    assert main(["import", str(f), "--from", "jbz", "--out", str(tmp_path / "out")]) == 0
    assert capsys.readouterr().out == "imported 4, skipped 0\n"
    panels = [Panel.load(p) for p in sorted((tmp_path / "out").iterdir())]
    assert sorted((p.meta["id"], p.squares[0][2]) for p in panels) == sorted(IDS)


def test_a_long_id_gives_a_short_file_name_and_stays_in_meta(tmp_path, capsys):
    ids = ["a" * 300, "a" * 299 + "b"]  # the same first 255 characters
    records = [{"id": i, "puzzle": jbz_1x1()} for i in ids]
    f = tmp_path / "list.json"
    f.write_text(json.dumps(records))
    assert main(["import", str(f), "--from", "jbz", "--out", str(tmp_path / "out")]) == 0
    assert capsys.readouterr().out == "imported 2, skipped 0\n"
    files = sorted((tmp_path / "out").iterdir())
    assert all(len(p.name) <= 120 for p in files)
    assert sorted(Panel.load(p).meta["id"] for p in files) == ids


def test_polyshapes_read_as_the_engine_draws_them():
    # an L: (0,0) (0,1) (1,1) in the engine's 4x4 mask, y down -> cells y up
    bits = (1 << 0) | (1 << 1) | (1 << 5)
    panel = panel_from_jbz(jbz_1x1(type="poly", color="yellow", polyshape=bits | (1 << 20)))
    (piece,) = panel.polyominoes
    assert piece.shape == ((0, 0), (0, 1), (1, 0)) and piece.rotatable
    assert polyshape_from_shape(piece.shape, True) == bits | (1 << 20)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=list(HealthCheck))
@given(panels())
def test_export_then_import_gives_the_same_panel(panel):
    if panel.polyomino_rules != "precise" or any(c[-1] == "none" for c in panel.cancellers):
        return  # the engine has neither (export says so)
    if panel.canceller_rules != "community":
        return  # nor The Windmill's count
    data, notes = panel_to_jbz(panel)
    assert notes == []
    again = panel_from_jbz(json.loads(json.dumps(data)))
    assert again == panel


def test_cli_export_writes_what_import_reads(tmp_path, capsys):
    source = Panel.from_dict(
        {
            "rows": 2,
            "cols": 2,
            "starts": [[0, 0], [2, 0]],
            "ends": [[0, 2], [2, 2]],
            "symmetry": "horizontal",
            "stars": [[0, 0, "red"], [1, 1, "red"]],
            "polyominoes": [{"cell": [1, 0], "shape": [[0, 0], [1, 0]], "rotatable": True}],
            "dots": [[1, 1, "blue"]],
            "removed": [[0, 1, 0, 2]],
            "meta": {"title": "both"},
        }
    )
    f = tmp_path / "panel.json"
    source.save(f)
    assert main(["export", str(f), "--to", "jbz", "--out", str(tmp_path / "jbz.json")]) == 0
    exported = json.loads((tmp_path / "jbz.json").read_text())
    assert exported["symmetry"] == {"x": True, "y": False} and exported["name"] == "both"
    assert (
        main(["import", str(tmp_path / "jbz.json"), "--from", "jbz", "--out", str(tmp_path / "o")])
        == 0
    )
    again = Panel.load(tmp_path / "o" / "jbz-both.json")
    assert again == source


# ------------------------------------------------------------------ The Windmill's format
def varint(n):
    out = bytearray()
    while True:
        out.append((n & 0x7F) | (0x80 if n > 0x7F else 0))
        n >>= 7
        if not n:
            return bytes(out)


def field(number, value):
    if isinstance(value, int):
        return varint(number << 3) + varint(value)
    return varint(number << 3 | 2) + varint(len(value)) + value


def entity(kind, colour=None, orientation=None, shape=None, count=None, triangles=None):
    out = field(1, kind)
    if colour:
        out += field(2, colour)
    if orientation:
        zigzag = [(v << 1) ^ (v >> 31) for v in orientation]
        out += field(3, field(1, zigzag[0]) + field(2, zigzag[1]))
    if shape:
        width, grid, free, negative = shape
        out += field(
            4, field(1, width) + field(2, bytes(grid)) + field(3, free) + field(4, negative)
        )
    if count:
        out += field(5, count)
    if triangles:
        out += field(6, triangles)
    return out


NONE, BASIC, START, END, DISJOINT, HEXAGON, SQUARE, TETRIS = 1, 2, 3, 4, 5, 6, 7, 9


def windmill(width, entities, symmetry=None):
    storage = field(1, width) + b"".join(field(2, e) for e in entities)
    if symmetry:
        storage += field(3, symmetry)
    return base64.b64encode(storage).decode().replace("/", "_").replace("+", "-") + "_0"


one_entity = st.fixed_dictionaries(
    {"type": st.integers(1, 11)},
    optional={
        "color": st.integers(1, 9),
        "orientation": st.tuples(st.integers(-1, 1), st.integers(-1, 1)),
        "shape": st.tuples(
            st.integers(1, 3),
            st.lists(st.booleans(), min_size=1, max_size=9),
            st.booleans(),
            st.booleans(),
        ),
        "count": st.integers(2, 4),
        "triangle_count": st.integers(1, 3),
    },
)


@settings(max_examples=examples(60), deadline=None)
@given(entities=st.lists(one_entity, min_size=1, max_size=6), symmetry=st.integers(0, 4))
def test_the_stored_message_reads_back_what_was_written(entities, symmetry):
    written = [
        entity(
            e["type"],
            e.get("color"),
            e.get("orientation"),
            e.get("shape"),
            e.get("count"),
            e.get("triangle_count"),
        )
        for e in entities
    ]
    message = storage_message(windmill(3, written, symmetry))
    assert message["width"] == 3 and message["symmetry"] == symmetry
    for raw, e in zip(message["entity"], entities, strict=True):
        assert raw["type"] == e["type"] and raw.get("color") == e.get("color")
        assert raw.get("count") == e.get("count")
        assert raw.get("triangle_count") == e.get("triangle_count")
        if "orientation" in e:
            assert raw["orientation"] == dict(
                zip(("horizontal", "vertical"), e["orientation"], strict=True)
            )
        if "shape" in e:
            width, grid, free, negative = e["shape"]
            assert raw["shape"] == {
                "width": width,
                "grid": grid,
                "free": free,
                "negative": negative,
            }
    # the named entities are the same messages, run lengths expanded
    if sum(e.get("count", 1) for e in entities) % 3 == 0:  # a whole grid
        _, named, _ = decode_storage(windmill(3, written, symmetry))
        assert len(named) == sum(e.get("count", 1) for e in entities)


def test_a_windmill_record_decodes_row_by_row_from_the_top(tmp_path, capsys):
    rows = [
        # y = 1: a dot on the edge (0,1)-(1,1), a gap on (1,1)-(2,1), the end (2, 1)
        [
            entity(BASIC),
            entity(HEXAGON),
            entity(BASIC),
            entity(DISJOINT),
            entity(END, orientation=(1, 0)),
        ],
        # the cells of y = 0: a monomino, the removed edge (1,0)-(1,1), a red square
        [
            entity(BASIC),
            entity(TETRIS, shape=(1, [1], 0, 0)),
            entity(NONE),
            entity(SQUARE, colour=6),
            entity(BASIC),
        ],
        # y = 0: the start, three empty places run-length encoded, a dot on (2, 0)
        [entity(START), entity(BASIC, count=3), entity(HEXAGON)],
    ]
    good = {
        "id": "w1",
        "title": "fixture",
        "upvotes": 3,
        "solves": 9,
        "createUtc": 0,
        "contents": windmill(5, [e for row in rows for e in row]),
    }
    on_line = [entity(BASIC), entity(START), entity(BASIC, count=13)]
    records = [
        good,
        {"id": "w2", "contents": windmill(5, on_line)},
        {"id": "w3", "contents": "abc_1"},
    ]
    f = tmp_path / "snapshot.json"
    f.write_text(json.dumps(records))
    assert main(["import", str(f), "--from", "windmill", "--out", str(tmp_path / "out")]) == 0
    out, err = capsys.readouterr()
    assert out == "imported 1, skipped 2\n"
    assert err.splitlines() == [
        "skipped w2: a start on a line",
        "skipped w3: contents: not a version-0 Windmill puzzle (no '_0' suffix)",
    ]
    panel = Panel.load(tmp_path / "out" / "windmill-w1.json")
    assert panel.to_dict() == {
        "rows": 1,
        "cols": 2,
        "start": [0, 0],
        "goal": [2, 1],
        "triangles": [],
        "squares": [[1, 0, "red"]],
        "polyominoes": [{"cell": [0, 0], "shape": [[0, 0]]}],
        "dots": [[2, 0], [0, 1, 1, 1]],
        "gaps": [[1, 1, 2, 1]],
        "removed": [[1, 0, 1, 1]],
        "polyomino_rules": "windmill",
        "meta": {
            "source": "windmill",
            "id": "w1",
            "title": "fixture",
            "upvotes": 3,
            "solves": 9,
            "created": "1970-01-01T00:00:00+00:00",
            "windmill": {"createUtc": 0},
        },
    }


def test_a_windmill_canceller_is_white_and_spent_by_count(tmp_path):
    ERROR = 10
    rows = [
        [entity(BASIC, count=4), entity(END, orientation=(1, 0))],
        [entity(BASIC), entity(ERROR), entity(BASIC), entity(SQUARE, colour=6), entity(BASIC)],
        [entity(START), entity(BASIC, count=4)],
    ]
    record = {"id": "w4", "contents": windmill(5, [e for row in rows for e in row])}
    f = tmp_path / "snapshot.json"
    f.write_text(json.dumps([record]))
    assert main(["import", str(f), "--from", "windmill", "--out", str(tmp_path / "out")]) == 0
    panel = Panel.load(tmp_path / "out" / "windmill-w4.json")
    assert panel.cancellers == ((0, 0, "white"),)
    assert panel.canceller_rules == "windmill"
    assert panel.to_dict()["canceller_rules"] == "windmill"


def test_windmill_records_out_of_range_are_skipped_naming_the_field(tmp_path, capsys):
    """A date no calendar holds, and a repeat count of 2**31 - 1 (a 17 GB list if
    built): one skip line each, the other records imported."""
    rows = [entity(BASIC, count=4), entity(END, orientation=(1, 0))]
    rows += [entity(BASIC, count=5), entity(START), entity(BASIC, count=4)]
    good = windmill(5, rows)
    records = [
        {"id": "late", "createUtc": 10**20, "contents": good},
        {"id": "later", "createUtc": 10**400, "contents": good},
        {"id": "many", "contents": windmill(5, [entity(BASIC, count=2**31 - 1)])},
        {"id": "fine", "createUtc": 0, "contents": good},
    ]
    f = tmp_path / "snapshot.json"
    f.write_text(json.dumps(records))
    assert main(["import", str(f), "--from", "windmill", "--out", str(tmp_path / "out")]) == 0
    out, err = capsys.readouterr()
    assert out == "imported 1, skipped 3\n"
    lines = err.splitlines()
    assert [ln.split(":")[0] for ln in lines] == ["skipped late", "skipped later", "skipped many"]
    assert "createUtc" in lines[0] and "createUtc" in lines[1]
    assert "count" in lines[2]


def test_export_says_the_engine_spends_counted_cancellers_its_own_way():
    panel = Panel.from_dict(
        {
            "rows": 1,
            "cols": 2,
            "goal": [2, 0],
            "cancellers": [[0, 0]],
            "canceller_rules": "windmill",
        }
    )
    _, notes = panel_to_jbz(panel)
    assert notes == ["the engine spends cancellers by its own search, not The Windmill's count"]
