"""Community puzzles as players have them: Windmill puzzle strings, files of
them and page addresses, JSON Lines, one file per puzzle named after it (a
second import into a folder adds to it), skip lines in words, and export that
keeps what import read and writes The Windmill's format. Hand-made fixtures."""

import base64
import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from random_panels import grid_places, mirrored, panel_or_none
from test_community import entity, jbz_1x1, line, windmill

from profiles import examples
from witness.cli import main
from witness.model.base import DEFAULT_COLOURS, UnsupportedPuzzle
from witness.model.panel import Dot, Panel, Polyomino
from witness.model.windmill import COLOURS, panel_from_windmill, panel_to_windmill

NONE, BASIC, START, END, DISJOINT, HEXAGON, SQUARE = 1, 2, 3, 4, 5, 6, 7


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def names(folder):
    return sorted(p.name for p in folder.iterdir())


# ------------------------------------------------------------------ file names
def test_a_second_import_into_one_folder_adds_its_puzzles(tmp_path, capsys):
    """Untitled puzzles without ids (the engine's plain serialisation) once all
    went to jbz-0.json, so the second import stopped on the first one's file."""
    first, second = jbz_1x1(type="square"), jbz_1x1(type="star", color="red")
    for p in (first, second):
        del p["name"]
    (tmp_path / "a.json").write_text(json.dumps(first))
    (tmp_path / "b.json").write_text(json.dumps(second))
    out = tmp_path / "out"
    assert run(capsys, "import", tmp_path / "a.json", "--from", "jbz", "--out", out)[0] == 0
    assert run(capsys, "import", tmp_path / "b.json", "--from", "jbz", "--out", out)[0] == 0
    assert len(names(out)) == 2
    # the same puzzle again writes the same file: nothing new, nothing replaced
    assert run(capsys, "import", tmp_path / "a.json", "--from", "jbz", "--out", out)[0] == 0
    assert len(names(out)) == 2
    kinds = sorted(Panel.load(out / n).features()[0] for n in names(out))
    assert kinds == ["squares", "stars"]


def test_a_title_taken_by_another_puzzle_in_the_folder_takes_a_number(tmp_path, capsys):
    out = tmp_path / "out"
    for i, colour in enumerate(["red", "blue", "red"]):
        f = tmp_path / f"{i}.json"
        f.write_text(json.dumps(jbz_1x1(type="square", color=colour)))  # all titled "tiny"
        assert run(capsys, "import", f, "--from", "jbz", "--out", out)[0] == 0
    assert names(out) == ["jbz-tiny-2.json", "jbz-tiny.json"]
    assert Panel.load(out / "jbz-tiny.json").squares == ((0, 0, "red"),)
    assert Panel.load(out / "jbz-tiny-2.json").squares == ((0, 0, "blue"),)


# ------------------------------------------------------------------ JSON Lines
def test_json_lines_are_read_one_puzzle_a_line(tmp_path, capsys):
    records = [{"id": "p1", "puzzle": jbz_1x1(type="square")}, jbz_1x1(type="star")]
    f = tmp_path / "puzzles.jsonl"
    f.write_text("\n".join(json.dumps(r) for r in records) + "\n\n")
    code, out, _ = run(capsys, "import", f, "--from", "jbz", "--out", tmp_path / "out")
    assert (code, out) == (0, "imported 2, skipped 0\n")
    assert names(tmp_path / "out") == ["jbz-p1.json", "jbz-tiny.json"]


def test_a_line_that_is_not_json_is_named(tmp_path, capsys):
    f = tmp_path / "puzzles.jsonl"
    f.write_text(json.dumps(jbz_1x1()) + "\n" + json.dumps(jbz_1x1()) + "\n{oops\n")
    code, _, err = run(capsys, "import", f, "--from", "jbz", "--out", tmp_path / "out")
    assert code == 2 and "line 3: not JSON" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "out").exists()


# ------------------------------------------------------------------ The Windmill as players have it
def tiny_windmill():
    """A 1x2 panel: start bottom-left, end top-right, a red square in the left cell."""
    rows = [
        [entity(BASIC, count=4), entity(END)],
        [entity(BASIC), entity(SQUARE, colour=6), entity(BASIC, count=3)],
        [entity(START), entity(BASIC, count=4)],
    ]
    return windmill(5, [e for row in rows for e in row])


def test_a_puzzle_string_and_the_addresses_that_carry_it(tmp_path, capsys):
    contents = tiny_windmill()
    given = [
        contents,
        f"https://windmill.thefifthmatt.com/build/{contents}",
        f"windmill.thefifthmatt.com/build/{contents}",
        f"http://thefifthmatt.com/witness/build.html#{contents}",
    ]
    for text in given:
        out = tmp_path / "out"
        code, printed, _ = run(capsys, "import", text, "--from", "windmill", "--out", out)
        assert (code, printed) == (0, "imported 1, skipped 0\n")
        (panel_file,) = out.iterdir()
        assert Panel.load(panel_file).squares == ((0, 0, "red"),)


def test_a_file_of_strings_addresses_and_records(tmp_path, capsys):
    contents = tiny_windmill()
    f = tmp_path / "mine.txt"
    f.write_text(
        f"{contents}\n"
        f"https://windmill.thefifthmatt.com/build/{contents}\n"
        f'{{"id": "abc1234", "title": "Named", "contents": "{contents}"}}\n'
        "https://windmill.thefifthmatt.com/xyz9876\n"
    )
    code, out, err = run(capsys, "import", f, "--from", "windmill", "--out", tmp_path / "o")
    assert (code, out) == (0, "imported 3, skipped 1\n")
    assert err.startswith("skipped line 4: the address of published puzzle xyz9876 does not")
    assert "windmill-abc1234.json" in names(tmp_path / "o")


def test_an_address_without_the_puzzle_is_refused_saying_what_to_give(tmp_path, capsys):
    address = "https://windmill.thefifthmatt.com/abc1234"
    code, _, err = run(capsys, "import", address, "--from", "windmill", "--out", tmp_path / "o")
    assert code == 2 and len(err.splitlines()) == 1
    assert "press Edit" in err and "/build/" in err and "nothing is downloaded" in err
    assert not (tmp_path / "o").exists()


def test_a_witnesspuzzles_address_is_refused_saying_what_to_give(tmp_path, capsys):
    for address in ("https://witnesspuzzles.com/play/ABCD1234", "witnesspuzzles.com/play/AB"):
        code, _, err = run(capsys, "import", address, "--from", "jbz", "--out", tmp_path / "o")
        assert code == 2 and "give a file holding the puzzle's JSON" in err


# ------------------------------------------------------------------ skip lines in words
@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"grid_dot": -1}, "an unknown kind of dot (the site's code -1)"),
        ({"pillar": False, "grid_narrow": 2}, "a grid of even or ragged size"),
        ({"grid_centre": {"type": "arrow", "color": "red"}}, "arrows (a custom mechanic)"),
    ],
)
def test_jbz_skip_lines_name_the_puzzle_and_the_feature(tmp_path, capsys, change, words):
    puzzle = jbz_1x1()
    if "grid_dot" in change:
        puzzle["grid"][1][0] = line(dot=change.pop("grid_dot"))
    if "grid_narrow" in change:  # a pillar's grid is as wide as its cells
        puzzle["grid"] = puzzle["grid"][: change.pop("grid_narrow")]
    if "grid_centre" in change:
        puzzle["grid"][1][1] = change.pop("grid_centre")
    puzzle.update(change)
    f = tmp_path / "one.json"
    f.write_text(json.dumps({"id": "2238DED9", "puzzle": puzzle}))
    code, _, err = run(capsys, "import", f, "--from", "jbz", "--out", tmp_path / "o")
    assert code == 0
    assert err == f'skipped "tiny" (2238DED9): {words}\n'


def test_windmill_skip_lines_say_what_is_where(tmp_path, capsys):
    rows = [
        [entity(BASIC, count=4), entity(END)],
        [entity(BASIC), entity(HEXAGON), entity(BASIC, count=3)],  # a dot in a cell
        [entity(START), entity(BASIC, count=4)],
    ]
    record = {"title": "Dotty", "contents": windmill(5, [e for row in rows for e in row])}
    f = tmp_path / "snapshot.json"
    f.write_text(json.dumps([record]))
    code, _, err = run(capsys, "import", f, "--from", "windmill", "--out", tmp_path / "o")
    assert code == 0 and err == 'skipped "Dotty" (puzzle 1 of the list): a dot in a cell\n'


# ------------------------------------------------------------------ export keeps what it read
def test_export_keeps_end_sides_largezero_and_settings(tmp_path, capsys):
    puzzle = jbz_1x1()
    puzzle["grid"][2][0] = line(end="right")  # a corner: it could stick out of the top too
    puzzle.update(largezero=9, autoSolved=True)
    puzzle["settings"] = {"FLASH_FOR_ERRORS": False, "FAT_STARTPOINTS": True}
    f = tmp_path / "one.json"
    f.write_text(json.dumps(puzzle))
    assert run(capsys, "import", f, "--from", "jbz", "--out", tmp_path / "o")[0] == 0
    code, out, _ = run(capsys, "export", tmp_path / "o" / "jbz-tiny.json", "--to", "jbz")
    exported = json.loads(out)
    assert code == 0 and exported["grid"][2][0]["end"] == "right"
    assert exported["largezero"] == 9 and exported["autoSolved"] is True
    assert exported["settings"]["FLASH_FOR_ERRORS"] is False
    assert exported["settings"]["FAT_STARTPOINTS"] is True


def test_export_writes_largezero_as_the_engine_sets_it(tmp_path, capsys):
    f = tmp_path / "p.json"
    Panel(rows=1, cols=2, ends=((2, 1),)).save(f)
    code, out, _ = run(capsys, "export", f, "--to", "jbz")
    assert code == 0 and json.loads(out)["largezero"] == 5 * 3


def test_export_to_windmill_gives_back_the_snapshot_record(tmp_path, capsys):
    record = {
        "id": "abc1234",
        "title": "Round",
        "creatorName": "someone",
        "upvotes": 4,
        "solves": 11,
        "createUtc": 1500000000123,  # milliseconds: kept as read
        "size": "1x2",  # a key the model has no name for
        "contents": tiny_windmill(),
    }
    f = tmp_path / "snapshot.json"
    f.write_text(json.dumps([record]))
    assert run(capsys, "import", f, "--from", "windmill", "--out", tmp_path / "o")[0] == 0
    panel_file = tmp_path / "o" / "windmill-abc1234.json"
    out_file = tmp_path / "w.json"
    assert run(capsys, "export", panel_file, "--to", "windmill", "--out", out_file)[0] == 0
    exported = json.loads(out_file.read_text())
    assert exported["url"] == f"https://windmill.thefifthmatt.com/build/{exported['contents']}"
    assert {k: exported[k] for k in record if k != "contents"} == {
        k: v for k, v in record.items() if k != "contents"
    }
    assert panel_from_windmill(exported["contents"]) == Panel.load(panel_file)
    # and the record imports again, as a snapshot's would
    again = tmp_path / "again"
    assert run(capsys, "import", out_file, "--from", "windmill", "--out", again)[0] == 0
    assert Panel.load(again / "windmill-abc1234.json") == Panel.load(panel_file)


def test_the_client_s_own_string_is_written_back_byte_for_byte():
    """The client stores a run of empty places as one entity with no type and a
    count (none when the run is one place), fields at their default left out."""

    def empty(count=0):
        return b"" if count < 2 else bytes([5 << 3]) + bytes([count])

    rows = [empty(4), entity(END)]
    rows += [empty(), entity(SQUARE, colour=6), empty(3)]
    rows += [entity(START), empty(4)]
    contents = windmill(5, rows, symmetry=None)
    assert panel_to_windmill(panel_from_windmill(contents)) == (contents, [])


def test_what_the_windmill_cannot_hold_is_refused_or_noted(tmp_path, capsys):
    f = tmp_path / "p.json"
    Panel(rows=1, cols=1, ends=((1, 1),), squares=((0, 0, "purple"),)).save(f)
    code, _, err = run(capsys, "export", f, "--to", "windmill")
    assert code == 2 and "no purple squares" in err and len(err.splitlines()) == 1
    sym = Panel(
        rows=1,
        cols=2,
        starts=((0, 0), (2, 0)),
        ends=((0, 1), (2, 1)),
        symmetry="horizontal",
        dots=(Dot(((0, 0), (1, 0)), "blue"),),
    )
    sym.save(f)
    code, out, err = run(capsys, "export", f, "--to", "windmill")
    assert code == 0 and "the blue dot at [0, 0, 1, 0] is written black" in err
    assert panel_from_windmill(json.loads(out)["contents"]).dots == (Dot(((0, 0), (1, 0))),)


# ------------------------------------------------------------------ the round trip
@st.composite
def windmill_panels(draw):
    """Random panels The Windmill's format holds: its colours, black dots, one
    thing a place, its polyomino and canceller rules where those occur."""
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    verts, border, edges = grid_places(cols, rows)
    points = draw(st.lists(st.sampled_from(verts), min_size=2, max_size=5, unique=True))
    starts = points[:1] + [v for v in points[2:] if draw(st.booleans())]
    ends = [v for v in points[1:] if v in border and v not in starts]
    removed_points = [v for v in points[1:] if v not in starts and v not in ends]
    symmetry = draw(st.sampled_from([None, None, "horizontal", "vertical", "rotational"]))
    if symmetry:  # every start and end has its mirror image among them
        starts = mirrored(cols, rows, symmetry, starts)
        ends = mirrored(cols, rows, symmetry, ends)
        points = [*points, *starts, *ends]
        assume(not set(starts) & set(ends))
        assume(not (set(starts) | set(ends)) & set(removed_points))
    assume(starts and ends)  # The Windmill's format holds no panel without (its import refuses)
    on_edges = draw(st.lists(st.sampled_from(edges), max_size=6, unique=True))
    kinds = [draw(st.sampled_from(["gap", "removed", "dot"])) for _ in on_edges]
    cells = {}
    for x in range(cols):
        for y in range(rows):
            kind = draw(st.sampled_from([None, None, "square", "star", "canceller", "tri", "poly"]))
            cells[kind] = [*cells.get(kind, []), (x, y)]
    colour = st.sampled_from(sorted(COLOURS.values()))
    polyominoes = tuple(
        Polyomino(
            c,
            draw(st.sampled_from([((0, 0),), ((0, 0), (1, 0)), ((0, 0), (0, 1), (1, 1))])),
            rotatable=draw(st.booleans()),
            negative=(negative := draw(st.booleans())),
            colour="blue" if negative else DEFAULT_COLOURS["polyominoes"],
        )
        for c in cells.get("poly", [])
    )
    panel = panel_or_none(
        rows,
        cols,
        starts,
        ends,
        removed_vertices=tuple(removed_points),
        gaps=tuple(e for e, k in zip(on_edges, kinds, strict=True) if k == "gap"),
        removed_edges=tuple(e for e, k in zip(on_edges, kinds, strict=True) if k == "removed"),
        dots=tuple(
            Dot(v)
            for v in [e for e, k in zip(on_edges, kinds, strict=True) if k == "dot"]
            + draw(st.lists(st.sampled_from(verts), max_size=2, unique=True))
            if v not in points
        ),
        squares=tuple((x, y, draw(colour)) for x, y in cells.get("square", [])),
        stars=tuple((x, y, draw(colour)) for x, y in cells.get("star", [])),
        cancellers=tuple((x, y, "white") for x, y in cells.get("canceller", [])),
        triangles=tuple((x, y, draw(st.integers(1, 3)), "orange") for x, y in cells.get("tri", [])),
        polyominoes=polyominoes,
        symmetry=symmetry,
        polyomino_rules="windmill" if polyominoes else "precise",
        canceller_rules="windmill" if cells.get("canceller") else "community",
    )
    assume(panel is not None)
    return panel


@settings(max_examples=examples(150), deadline=None, suppress_health_check=list(HealthCheck))
@given(windmill_panels())
def test_import_of_a_windmill_export_gives_the_same_panel(panel):
    contents, notes = panel_to_windmill(panel)
    assert notes == []
    assert base64.urlsafe_b64decode(contents[:-2].encode())  # the client's alphabet
    assert panel_from_windmill(contents) == panel


def test_an_old_puzzle_s_end_list_keeps_its_sides(tmp_path, capsys):
    """The engine's older form lists ends apart from the grid, each with its side."""
    puzzle = jbz_1x1()
    puzzle["grid"][2][0] = line()
    puzzle["endPoints"] = [{"x": 2, "y": 0, "dir": "right"}]
    f = tmp_path / "old.json"
    f.write_text(json.dumps(puzzle))
    assert run(capsys, "import", f, "--from", "jbz", "--out", tmp_path / "o")[0] == 0
    code, out, _ = run(capsys, "export", tmp_path / "o" / "jbz-tiny.json", "--to", "jbz")
    assert code == 0 and json.loads(out)["grid"][2][0]["end"] == "right"


def test_an_end_the_windmill_cannot_place_is_refused():
    """An inner end beside a removed point: The Windmill's client finds a side for
    an end only across the border or a removed edge."""
    panel = Panel(rows=2, cols=2, ends=((1, 1),), removed_vertices=((1, 2),))
    with pytest.raises(ValueError, match="across the border or a removed edge"):
        panel_to_windmill(panel)


def test_a_windmill_end_no_line_can_finish_at_is_left_out():
    # an end at the centre of a 2x2 grid, all four lines present: The Windmill's
    # player never finishes there (ui.js offers an end only where no point lies beyond)
    entities = [entity(BASIC) for _ in range(25)]
    entities[0 + 5 * 4] = entity(START)  # bottom left (rows from the top)
    entities[4 + 5 * 0] = entity(END)  # top right
    entities[2 + 5 * 2] = entity(END)  # the centre
    panel = panel_from_windmill(windmill(5, entities))
    assert panel.ends == ((2, 2),) and panel.meta["ends_left_out"] == [[1, 1]]
    entities[4 + 5 * 0] = entity(BASIC)
    with pytest.raises(UnsupportedPuzzle, match="no end"):
        panel_from_windmill(windmill(5, entities))
