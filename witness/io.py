"""Reading input files and writing outputs: the one place for both chores.

- :func:`read_text` (and :func:`read_json`) turn an unreadable or non-UTF-8
  file into one :class:`~witness.errors.InputError` line instead of a traceback.
- :func:`write_file` writes one file atomically (a temporary file in the same
  folder, then a rename), so an interrupted run never leaves half a file.
- :func:`write_folder` writes several files into a folder and never deletes
  or replaces anything it was not told it may replace: a new folder is filled
  under a temporary name and renamed into place (all or nothing); in an
  existing folder only the named files are written, each atomically.

Files are created with mode ``0666`` and folders with ``0777``, both minus the
process umask (``0644`` / ``0755`` with the usual umask), as ``open`` and
``mkdir`` do: :mod:`tempfile` would make them private (``0600`` / ``0700``).
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import os
import secrets
import shutil
from collections.abc import Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from witness.errors import InputError


class OutputError(InputError):
    """An output path the user gave cannot be written as asked (exit status 2)."""


def read_text(path: str | Path, what: str = "file") -> str:
    """The text of a UTF-8 file, without the byte-order mark some editors put
    first (JSON and Prolog parsers refuse it); an :class:`InputError` naming
    ``what`` and the path when it cannot be read or is not UTF-8 text."""
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"{what} {path} is not UTF-8 text (byte {exc.start} is {exc.object[exc.start]:#04x})"
        ) from None
    except OSError as exc:
        raise InputError(f"cannot read {what} {path}: {exc.strerror}") from None


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    for k in keys:
        if keys.count(k) > 1:  # json would keep the last silently: say so instead
            raise ValueError(f"key {k!r} given twice")
    return dict(pairs)


def parse_json(text: str) -> Any:
    """The JSON value in ``text``; a :class:`ValueError` with a one-line reason
    (and line number) when it is not JSON, nests too deeply for the parser, or
    gives an object's key twice."""
    try:
        return json.loads(text, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{exc.msg} at line {exc.lineno}") from None
    except RecursionError:
        raise ValueError("nested too deeply") from None


def read_json(path: str | Path, what: str = "file") -> Any:
    """The JSON value in a UTF-8 file; an :class:`InputError` naming ``what``
    and the path when it cannot be read or does not hold JSON (:func:`parse_json`)."""
    text = read_text(path, what)
    try:
        return parse_json(text)
    except ValueError as exc:
        raise InputError(f"{what} {path} is not JSON ({exc})") from None


def _temporary(path: Path) -> Path:
    """A fresh hidden name next to ``path`` (same file system, so renames are atomic)."""
    return path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")


def write_new(path: Path, data: bytes) -> None:
    """Create ``path`` (which must not exist) with the umask's usual mode."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)


def _as_bytes(data: str | bytes) -> bytes:
    return data.encode("utf-8") if isinstance(data, str) else data


def check_folder(
    folder: str | Path, names: Collection[str] = (), replaceable: Collection[str] = ()
) -> Path:
    """An :class:`OutputError` unless ``folder`` is a folder or can be made one
    (neither it nor a parent exists as a file) and none of ``names`` is already
    in it except those in ``replaceable``. Callers check before long work."""
    folder = Path(folder)
    for p in (folder, *folder.parents):
        if p.exists() and not p.is_dir():
            raise OutputError(f"{p} is a file, not a folder")
    clash = sorted(n for n in names if n not in replaceable and os.path.lexists(folder / n))
    if clash:
        raise OutputError(
            f"{folder} already holds {', '.join(clash)}, not written by this command "
            "(or changed since); remove them or choose another folder"
        )
    return folder


def make_folder(folder: str | Path) -> Path:
    """Create ``folder`` and its parents if missing; an :class:`OutputError`
    when it, or a parent, exists as a file."""
    folder = check_folder(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot create folder {folder}: {exc.strerror}") from None
    return folder


# How much of an existing file :func:`check_file` reads to find a command's mark.
MARK_BYTES = 4096


def check_file(path: str | Path, mark: bytes | None = None) -> Path:
    """An :class:`OutputError` unless ``path`` can be written as a file (it is
    not a folder, and no parent exists as a file).

    With ``mark`` (a few bytes every output of the calling command holds near
    its start, e.g. a header line) an existing file is also an error unless it
    holds the mark in its first :data:`MARK_BYTES`: a command's ``--out FILE``
    replaces that command's own earlier output, never a file the user wrote
    (a typo such as ``translate prog.pl --out prog.pl`` would destroy it).
    """
    path = Path(path)
    if path.is_dir():
        raise OutputError(f"{path} is a folder, expected a file name")
    check_folder(path.parent)
    if mark is not None and os.path.lexists(path):
        try:
            with open(path, "rb") as fh:
                head = fh.read(MARK_BYTES)
        except OSError as exc:
            raise OutputError(f"cannot read the existing {path}: {exc.strerror}") from None
        if mark not in head:
            raise OutputError(
                f"{path} already exists and was not written by this command; "
                "remove it or choose another file name"
            )
    return path


def write_file(path: str | Path, data: str | bytes, mark: bytes | None = None) -> Path:
    """Write ``data`` (text is UTF-8) to ``path`` atomically, creating missing
    parent folders. An :class:`OutputError` if ``path`` is a folder, or (with
    ``mark``) an existing file without it (:func:`check_file`)."""
    path = check_file(path, mark)
    make_folder(path.parent)
    tmp = _temporary(path)
    try:
        write_new(tmp, _as_bytes(data))
        os.replace(tmp, path)
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror}") from None
    finally:
        tmp.unlink(missing_ok=True)
    return path


def write_files(files: Mapping[str | Path, str | bytes]) -> list[Path]:
    """Write each of ``files`` (path -> content) atomically. A path that already
    holds other content (or is a folder) is an :class:`OutputError` before
    anything is written: writing the same files again is the only overwrite,
    so nothing a user changed or put there is replaced."""
    todo = {Path(p): _as_bytes(data) for p, data in files.items()}
    for path, data in todo.items():
        if path.exists() and (path.is_dir() or path.read_bytes() != data):
            raise OutputError(
                f"{path} already exists with other content; remove it or choose another folder"
            )
    return [write_file(path, data) for path, data in todo.items()]


def write_folder(
    folder: str | Path, files: Mapping[str, str | bytes], replaceable: Collection[str] = ()
) -> Path:
    """Write ``files`` (name -> content) into ``folder``.

    A folder that does not exist is filled under a temporary name and then
    renamed into place, so it appears complete or not at all. In an existing
    folder each file is written atomically; a file of the same name that is
    already there is replaced only if its name is in ``replaceable`` (the
    caller knows it wrote it), otherwise an :class:`OutputError` is raised
    before anything is written. Other files in the folder are never touched.
    """
    folder = check_folder(folder, files, replaceable)
    if folder.is_dir():
        for name, data in files.items():
            write_file(folder / name, data)
        return folder
    make_folder(folder.parent)
    tmp = _temporary(folder)
    try:
        os.mkdir(tmp, 0o777)
        for name, data in files.items():
            write_new(tmp / name, _as_bytes(data))
        os.rename(tmp, folder)
    except OSError as exc:
        raise OutputError(f"cannot write folder {folder}: {exc.strerror}") from None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return folder


def read_csv(path: str | Path, what: str = "table") -> list[dict[str, str]]:
    """The rows of a CSV file with a header line, as dicts of strings (an
    :class:`InputError` naming ``what`` when it cannot be read)."""
    return list(csv.DictReader(io.StringIO(read_text(path, what), newline="")))


def write_csv(rows: Iterable[Mapping], fields: Sequence[str], path: str | Path) -> Path:
    """Write ``rows`` (dicts keyed by ``fields``) as one CSV file, atomically."""
    text = io.StringIO(newline="")
    writer = csv.DictWriter(text, fieldnames=list(fields))
    writer.writeheader()
    writer.writerows(rows)
    return write_file(path, text.getvalue())


# how a CSV's text is read back into a record's field, by the field's type
_CASTS: dict[str, Any] = {
    "str": str,
    "float": float,
    "int": int,
    "bool": lambda text: text == "True",
}


def read_records(path: str | Path, record: type, what: str = "table") -> list[Any]:
    """The rows of a CSV file written by :func:`write_records`, as ``record``
    dataclasses (fields of str, float, int or bool); an :class:`InputError`
    naming ``what`` when the file lacks a column."""
    cast = {
        f.name: _CASTS[f.type if isinstance(f.type, str) else f.type.__name__]
        for f in dataclasses.fields(record)
    }
    rows = read_csv(path, what)
    missing = [name for name in cast if rows and name not in rows[0]]
    if missing:
        raise InputError(f"{what} {path}: no column {missing[0]!r}")
    return [record(**{name: cast[name](row[name]) for name in cast}) for row in rows]


def write_records(rows: Iterable[Any], record: type, path: str | Path) -> Path:
    """Write ``record`` dataclasses as one CSV file (a column a field), atomically."""
    names = [f.name for f in dataclasses.fields(record)]
    return write_csv([dataclasses.asdict(r) for r in rows], names, path)


def write_json(data: object, path: str | Path) -> Path:
    """Write ``data`` as JSON (indented by one space, a final newline), atomically."""
    return write_file(path, json.dumps(data, indent=1) + "\n")
