"""Reading community puzzles as players have them (the witnesspuzzles.com
engine's format; The Windmill's puzzle strings, page addresses and snapshots of
its puzzle list; one JSON value or JSON Lines) into panels, one record at a
time: each record gives a :class:`~witness.model.panel.Panel` (with ``meta``)
or a :class:`Skipped` naming the puzzle and, in words, what the model lacks;
and naming the panels' files."""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from witness.errors import InputError
from witness.io import parse_json, read_text
from witness.model.base import PuzzleError, UnsupportedPuzzle
from witness.model.jbz import jbz_extras, panel_from_jbz
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


def _jbz_record(record: object) -> tuple[dict, dict]:
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
            raise UnsupportedPuzzle(
                "the site's compact share code (starting '_'), which is not read: "
                "give the puzzle's JSON"
            )
        try:
            record = json.loads(record)
        except ValueError:
            raise UnsupportedPuzzle("puzzle text that is not JSON") from None
    if not isinstance(record, dict):
        raise UnsupportedPuzzle("a record that holds no puzzle")
    if record.get("name") and "title" not in meta:
        meta["title"] = record["name"]
    return record, meta


def _windmill_record(record: object) -> dict:
    """A snapshot record (with ``contents``) from a record, a contents string or an address."""
    if isinstance(record, str):
        return {"contents": windmill_contents(record)}
    if not isinstance(record, dict) or not isinstance(record.get("contents"), str):
        raise UnsupportedPuzzle("a record without 'contents' (the puzzle's string)")
    return record


WINDMILL_HOST = "thefifthmatt.com"
_CONTENTS = re.compile(r"^[A-Za-z0-9_=+/-]+_0$")
_PUBLISHED_ID = re.compile(r"^[a-z0-9]{7}$")  # the client's play route


def is_windmill_text(text: str) -> bool:
    """Whether ``text`` looks like a Windmill puzzle string or page address."""
    text = text.strip()
    return bool(_CONTENTS.match(text)) or WINDMILL_HOST in text or "://" in text


def windmill_contents(text: str) -> str:
    """The puzzle string a Windmill puzzle string or page address carries: an editor
    address ``.../build/STRING`` (or the old ``build.html#STRING``) carries it; a
    published puzzle's address (``windmill.thefifthmatt.com/abc1234``) does not,
    and nothing is downloaded: UnsupportedPuzzle saying what to give instead."""
    text = text.strip()
    if WINDMILL_HOST not in text and "://" not in text:
        return text
    parts = urlsplit(text if "://" in text else "https://" + text)
    if not parts.netloc.endswith(WINDMILL_HOST):
        raise UnsupportedPuzzle(f"{text} is not an address of The Windmill")
    path = unquote(parts.path).strip("/")
    if parts.fragment or path.startswith("build/"):
        found = unquote(parts.fragment) if parts.fragment else path.removeprefix("build/")
        return found.lstrip("#")
    if _PUBLISHED_ID.match(path):
        raise UnsupportedPuzzle(
            f"the address of published puzzle {path} does not hold the puzzle (nothing is "
            "downloaded): press Edit on its page and give the address it opens "
            "(.../build/..._0) instead"
        )
    raise UnsupportedPuzzle(
        f"{text} holds no puzzle: give an editor address (.../build/..._0) or the puzzle string"
    )


def _records(data: object, source: str) -> list:
    if isinstance(data, list):
        return data
    if source == "windmill" and isinstance(data, dict) and "contents" not in data:
        raise InputError("windmill: expected a list of records with 'contents', or one record")
    return [data]


def _json_lines(text: str, path: str, source: str, error: ValueError) -> list[tuple[str, object]]:
    """(place, record) of each line of a JSON Lines file (with ``--from windmill``
    a line may also be a bare puzzle string or address); ``error`` is why the
    whole file is not one JSON value."""
    out: list[tuple[str, object]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            out.append((f"line {number}", parse_json(line)))
        except ValueError as exc:
            if source == "windmill" and is_windmill_text(line):
                out.append((f"line {number}", line.strip()))
            elif not out:  # not JSON Lines either: the whole file's error says most
                raise InputError(f"community file {path} is not JSON ({error})") from None
            else:
                raise InputError(
                    f"community file {path}, line {number}: not JSON ({exc})"
                ) from None
    return out


def community_records(given: str, source: str) -> list[tuple[str, object]]:
    """(place, record) of every puzzle ``given`` holds: a file of one JSON value
    (a puzzle or a list of them) or of JSON Lines, or with ``--from windmill`` a
    puzzle string or page address (given itself, or a file's lines); the place
    names a puzzle that has no id or title."""
    if source == "windmill" and not os.path.lexists(given) and is_windmill_text(given):
        try:  # refused in one line, exit status 2: the command has nothing else to do
            return [("the puzzle given", windmill_contents(given))]
        except UnsupportedPuzzle as exc:
            raise InputError(str(exc)) from None
    if source == "jbz" and not os.path.lexists(given) and ("://" in given or ".com/" in given):
        raise InputError(
            f"{given}: a witnesspuzzles.com address does not hold the puzzle (nothing is "
            "downloaded): give a file holding the puzzle's JSON"
        )
    text = read_text(given, "community file")
    try:
        data = parse_json(text)
    except ValueError as exc:
        return _json_lines(text, given, source, exc)
    records = _records(data, source)
    if len(records) == 1 and not isinstance(data, list):
        return [(f"the puzzle in {Path(given).name}", records[0])]
    return [(f"puzzle {i + 1} of the list", record) for i, record in enumerate(records)]


def puzzle_name(record: object, place: str) -> str:
    """How a skip line names a puzzle: its title and id, else its place."""
    ident, title = None, None
    if isinstance(record, dict):
        ident = next((record[k] for k in ("id", "display_hash") if record.get(k)), None)
        title = next((record[k] for k in ("title", "name") if record.get(k)), None)
        inner = next((record[k] for k in _JBZ_WRAPPERS if isinstance(record.get(k), dict)), {})
        title = title or inner.get("name")
    if title is not None:
        return f'"{title}" ({ident if ident is not None else place})'
    return str(ident) if ident is not None else place


def read_community(given: str, source: str) -> Iterator[Panel | Skipped]:
    """Every puzzle ``given`` holds (:func:`community_records`), as a Panel or a
    Skipped, in order."""
    if source not in SOURCES:
        raise InputError(f"--from: expected one of {', '.join(SOURCES)}, got {source!r}")
    for place, record in community_records(given, source):
        name = puzzle_name(record, place)
        try:
            if source == "windmill":
                record = _windmill_record(record)
                yield panel_from_windmill(record["contents"], windmill_meta(record))
            else:
                puzzle, meta = _jbz_record(record)
                name = puzzle_name(meta, place)
                yield panel_from_jbz(puzzle, {**meta, **_extras(puzzle)})
        except UnsupportedPuzzle as exc:
            yield Skipped(name, str(exc))
        except PuzzleError as exc:  # the engine accepted what the model calls invalid
            yield Skipped(name, f"invalid here ({str(exc).removeprefix('invalid puzzle: ')})")
        except (KeyError, TypeError, ValueError) as exc:
            yield Skipped(name, f"malformed record ({type(exc).__name__}: {exc})")


def _extras(puzzle: dict) -> dict:
    extras = jbz_extras(puzzle)
    return {"jbz": extras} if extras else {}


# Longest id part of a file name: far below the usual 255-byte limit, with room
# for a collision suffix and witness.io's temporary-name prefix and suffix.
MAX_NAME_ID = 100


def file_name(panel: Panel) -> str:
    """``SOURCE-NAME.json`` for an imported panel, NAME its id, else its title, else
    a hash of the panel (made safe for a file name; a long one cut short, with a
    hash of the whole, which stays in ``meta``)."""
    ident = str(panel.meta.get("id") or panel.meta.get("title") or "")
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", ident).strip("._")
    if not safe:
        safe = hashlib.sha256(panel.to_json().encode()).hexdigest()[:12]
    elif len(safe) > MAX_NAME_ID:
        digest = hashlib.sha256(ident.encode()).hexdigest()[:12]
        safe = f"{safe[: MAX_NAME_ID - 13]}-{digest}"
    return f"{panel.meta.get('source', 'puzzle')}-{safe}.json"


def _holds_other(path: Path, text: str) -> bool:
    if not os.path.lexists(path):
        return False
    return path.is_dir() or not path.is_file() or path.read_bytes() != text.encode()


def place_files(folder: Path, panels: Iterable[Panel]) -> dict[Path, str]:
    """The file of each panel in ``folder`` (path -> text), named by :func:`file_name`;
    a name an earlier panel took (case ignored) or a file there holding other
    text takes ``-2``, ``-3``, ..., so a second import into a folder adds to it
    and importing the same puzzles again writes the same files."""
    files: dict[Path, str] = {}
    taken: set[str] = set()
    for panel in panels:
        text = panel.to_json() + "\n"
        base, number = file_name(panel).removesuffix(".json"), 1
        name = f"{base}.json"
        while name.lower() in taken or _holds_other(folder / name, text):
            number += 1
            name = f"{base}-{number}.json"
        taken.add(name.lower())
        files[folder / name] = text
    return files
