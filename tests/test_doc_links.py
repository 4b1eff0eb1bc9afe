"""Every relative link in the README, docs/ and the reference runs' READMEs
points at a file that exists, and every #anchor at a heading of its page, by
GitHub's rule for heading ids (lowercase, punctuation dropped, spaces to -)."""

import os
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted(
    [
        ROOT / "README.md",
        *(ROOT / "docs").glob("*.md"),
        *(ROOT / "results/reference").glob("*/README.md"),
    ]
)
FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
CODE_SPAN = re.compile(r"`[^`]*`")


def prose_lines(text: str) -> list[str]:
    """The page's lines outside fenced code blocks (a `#` there is no heading)."""
    lines, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    return lines


def slug(heading: str) -> str:
    """GitHub's id for a heading: link text kept, code marks dropped, lowercase,
    every character but letters, digits, _, - and space dropped, spaces to -."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "").lower()
    text = "".join(ch for ch in text if ch.isalnum() or ch in "_- ")
    return text.replace(" ", "-")


@cache
def anchors(page: Path) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    for line in prose_lines(page.read_text(encoding="utf-8")):
        match = HEADING.match(line)
        if match:
            base = slug(match.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            out.add(base if count == 0 else f"{base}-{count}")
    return out


def links(page: Path) -> list[str]:
    found = []
    for line in prose_lines(page.read_text(encoding="utf-8")):
        found.extend(LINK.findall(CODE_SPAN.sub("", line)))
    return [t for t in found if not re.match(r"[a-z][a-z0-9+.-]*:", t)]  # http:, mailto:


def broken_links(page: Path) -> list[str]:
    broken = []
    for target in links(page):
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            broken.append(f"{target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            broken.append(f"{target}: no heading with that id in {os.path.relpath(dest, ROOT)}")
    return broken


def test_slug_follows_githubs_rule() -> None:
    assert slug("The paper-scale run (`config/paper_2core.yaml`)") == (
        "the-paper-scale-run-configpaper_2coreyaml"
    )
    assert slug("The Windmill's own rules, on commit 8c168fc") == (
        "the-windmills-own-rules-on-commit-8c168fc"
    )


def test_a_broken_anchor_is_found(tmp_path: Path) -> None:
    page = tmp_path / "a.md"
    page.write_text("# Top\n\n```\n# not a heading\n```\n[ok](#top) [bad](#not-a-heading)\n")
    broken = broken_links(page)
    assert len(broken) == 1 and broken[0].startswith("#not-a-heading: no heading")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page: Path) -> None:
    assert broken_links(page) == []
