"""witness.io's JSON helpers: a round trip, and one-line errors naming the file."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from witness.errors import InputError
from witness.io import read_csv, read_json, read_records, write_csv, write_json, write_records


def test_json_round_trip_is_indented_and_ends_with_a_newline(tmp_path):
    data = {"a": [1, 2.5, None], "b": {"c": "d"}}
    path = write_json(data, tmp_path / "sub" / "x.json")
    assert path.read_text() == '{\n "a": [\n  1,\n  2.5,\n  null\n ],\n "b": {\n  "c": "d"\n }\n}\n'
    assert read_json(path) == data


@pytest.mark.parametrize(
    "content, words",
    [
        (b"{1:", "is not JSON"),
        (b"\xff", "not UTF-8"),
        (b'{"a": 1, "a": 2}', "key 'a' given twice"),  # json.loads would keep 2 silently
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),  # not a RecursionError
    ],
)
def test_bad_json_is_one_line_naming_the_file(tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(InputError, match=words) as exc:
        read_json(path, "verify record")
    assert str(exc.value).startswith(f"verify record {path}")


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(InputError, match="cannot read summary"):
        read_json(tmp_path / "none.json", "summary")


def test_csv_round_trip_keeps_rows_and_column_order(tmp_path):
    rows = [{"b": "x,y", "a": 1}, {"b": 'q"uote', "a": 2}]
    write_csv(rows, ["b", "a"], tmp_path / "t.csv")
    assert (tmp_path / "t.csv").read_text().splitlines()[0] == "b,a"
    assert read_csv(tmp_path / "t.csv") == [{"b": "x,y", "a": "1"}, {"b": 'q"uote', "a": "2"}]


def test_records_round_trip_through_a_csv_with_their_types(tmp_path) -> None:
    @dataclass
    class Row:
        name: str
        seconds: float
        count: int
        kept: bool

    rows = [Row("a", 0.5, 3, True), Row("b", 2.0, 0, False)]
    write_records(rows, Row, tmp_path / "rows.csv")
    assert read_records(tmp_path / "rows.csv", Row) == rows
    (tmp_path / "short.csv").write_text("name,seconds\na,1.0\n")
    with pytest.raises(InputError, match="no column 'count'"):
        read_records(tmp_path / "short.csv", Row, "rows")
