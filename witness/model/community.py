"""Reading community puzzle files (the witnesspuzzles.com engine's format or a
snapshot of The Windmill's puzzle list) into panels, one record at a time:
each record gives a :class:`~witness.model.panel.Panel` (with ``meta``) or a
:class:`Skipped` naming the puzzle and the feature the model lacks."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass

from witness.errors import InputError
from witness.io import read_json
from witness.model.base import PuzzleError, UnsupportedPuzzle
from witness.model.jbz import panel_from_jbz
from witness.model.panel import Panel
from witness.model.windmill import panel_from_windmill, windmill_meta

SOURCES = ("jbz", "windmill")
# Keys a record wrapping an engine puzzle may carry, and the meta names they get.
_JBZ_META = {
    "id": "id",
    "display_hash": "id",
    "title": "title",
    "name": "title",
    "upvotes": "upvotes",
    "solves": "solves",
    "solve_count": "solves",
    "created": "created",
    "date": "created",
}
_JBZ_WRAPPERS = ("puzzle", "puzzle_json", "data", "json")


@dataclass(frozen=True)
class Skipped:
    """A puzzle not imported: its name (id or title) and why, in a few words."""

    name: str
    feature: str

    def line(self) -> str:
        return f"skipped {self.name}: {self.feature}"


def _jbz_record(record: object, index: int) -> tuple[dict, dict]:
    """(engine puzzle object, meta) of one record: a puzzle object, its JSON
    text, or an object wrapping either with id/title/... beside it."""
    meta: dict = {"source": "jbz"}
    if isinstance(record, dict) and "grid" not in record:
        for key, name in _JBZ_META.items():
            if record.get(key) is not None and name not in meta:
                meta[name] = record[key]
        inner = next((record[k] for k in _JBZ_WRAPPERS if k in record), None)
        record = inner
    if isinstance(record, str):
        if record.startswith("_"):
            raise UnsupportedPuzzle("the engine's binary serialisation")
        try:
            record = json.loads(record)
        except ValueError:
            raise UnsupportedPuzzle("puzzle text that is not JSON") from None
    if not isinstance(record, dict):
        raise UnsupportedPuzzle("a record that holds no puzzle")
    if record.get("name") and "title" not in meta:
        meta["title"] = record["name"]
    meta.setdefault("id", f"#{index}")
    return record, meta


def _records(data: object, source: str) -> list:
    if isinstance(data, list):
        return data
    if source == "windmill" and isinstance(data, dict) and "contents" not in data:
        raise InputError("windmill: expected a list of records with 'contents', or one record")
    return [data]


def read_community(path: str, source: str) -> Iterator[Panel | Skipped]:
    """Every puzzle of a community file, as a Panel or a Skipped (in file order)."""
    if source not in SOURCES:
        raise InputError(f"--from: expected one of {', '.join(SOURCES)}, got {source!r}")
    for index, record in enumerate(_records(read_json(path, "community file"), source)):
        name = f"#{index}"
        try:
            if source == "windmill":
                if not isinstance(record, dict) or not isinstance(record.get("contents"), str):
                    raise UnsupportedPuzzle("a record without 'contents'")
                name = str(record.get("id") or name)
                meta = windmill_meta(record)
                yield panel_from_windmill(record["contents"], meta)
            else:
                puzzle, meta = _jbz_record(record, index)
                name = str(meta["id"])
                yield panel_from_jbz(puzzle, meta)
        except UnsupportedPuzzle as exc:
            yield Skipped(name, str(exc))
        except PuzzleError as exc:  # the engine accepted what the model calls invalid
            yield Skipped(name, f"invalid here ({str(exc).removeprefix('invalid puzzle: ')})")
        except (KeyError, TypeError, ValueError) as exc:
            yield Skipped(name, f"malformed record ({type(exc).__name__}: {exc})")


# Longest id part of a file name: far below the usual 255-byte limit, with room
# for a collision suffix and witness.io's temporary-name prefix and suffix.
MAX_NAME_ID = 100


def file_name(panel: Panel, index: int) -> str:
    """``SOURCE-ID.json`` for an imported panel (the id made safe for a file name;
    a long one cut short, with a hash of the whole id, which stays in ``meta``)."""
    ident = str(panel.meta.get("id") or f"{index:05d}")
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", ident).strip("._") or f"{index:05d}"
    if len(safe) > MAX_NAME_ID:
        digest = hashlib.sha256(ident.encode()).hexdigest()[:12]
        safe = f"{safe[: MAX_NAME_ID - 13]}-{digest}"
    return f"{panel.meta.get('source', 'puzzle')}-{safe}.json"
