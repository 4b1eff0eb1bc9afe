"""A Popper task folder: ``bk.pl``, ``bias.pl`` and ``exs.pl``, and its input errors."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

TASK_FILES = ("bk.pl", "bias.pl", "exs.pl")


class TaskError(ValueError):
    """A task folder, bias or example file the engine cannot use (bad input: a
    command line reports it in one line, exit status 2). The message is one line."""


class BKError(TaskError):
    """The background knowledge is broken (a load error, an undefined procedure or
    a halt): every task built from the same BK files would fail the same way."""


@dataclass(frozen=True)
class TaskFiles:
    """The three files of a Popper task folder."""

    folder: Path
    bk: Path
    bias: Path
    exs: Path

    @classmethod
    def locate(cls, folder: str | Path) -> TaskFiles:
        folder = Path(folder)
        if not folder.is_dir():
            raise TaskError(
                f"task folder {folder} is a file, not a folder"
                if folder.exists()
                else f"task folder not found: {folder}"
            )
        missing = [name for name in TASK_FILES if not (folder / name).is_file()]
        if missing:
            raise TaskError(f"task folder {folder}: missing {', '.join(missing)}")
        files = cls(folder, folder / "bk.pl", folder / "bias.pl", folder / "exs.pl")
        # SWI-Prolog would only warn and read the bytes some other way; the bias is
        # checked where it is parsed.
        for path, what in ((files.bk, "background knowledge"), (files.exs, "examples")):
            read_text(path, what)
        return files


def read_text(path: str | Path, what: str = "file") -> str:
    """The text of a UTF-8 file without a leading byte-order mark (Prolog and
    JSON parsers refuse one); a :class:`TaskError` naming ``what`` and the path
    when it cannot be read or is not UTF-8."""
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise TaskError(
            f"{what} {path} is not UTF-8 text (byte {exc.start} is {exc.object[exc.start]:#04x})"
        ) from None
    except OSError as exc:
        raise TaskError(f"cannot read {what} {path}: {exc.strerror}") from None
