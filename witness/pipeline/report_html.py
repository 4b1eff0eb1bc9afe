"""report.md and comparison.md as HTML for the front page of ``snakemake
--report``: the markdown the pipeline writes is the one source of both, so the
browsable report and the files cannot disagree. The HTML report is a single
self-contained file, so each figure is embedded (a data URI) instead of linked."""

from __future__ import annotations

import base64
import html
import re
from pathlib import Path

from witness.io import read_text, write_file

# Scoped to the fragment: the Snakemake report's own stylesheet resets tables,
# headings and code blocks to plain text, draws code light on grey and quotes it
# with backticks, and centres its panel vertically and narrowly (the top of a
# long page could not be scrolled to, a wide one hid under the menu): the first
# two rules undo that.
STYLE = """<style>
div.items-center:has(.witness-report) { align-items: flex-start; justify-content: flex-start; }
div.prose:has(.witness-report) { max-width: 64rem; }
.witness-report { line-height: 1.45; color: #111; }
.witness-report code::before, .witness-report code::after { content: none; }
.witness-report h1 { font-size: 1.6em; font-weight: bold; margin: 0.8em 0 0.4em; }
.witness-report h2 { font-size: 1.3em; font-weight: bold; margin: 1.2em 0 0.4em;
  border-bottom: 1px solid #ccc; }
.witness-report h3 { font-size: 1.1em; font-weight: bold; margin: 1em 0 0.3em; }
.witness-report p, .witness-report ul, .witness-report ol, .witness-report table,
.witness-report pre, .witness-report figure { margin: 0.5em 0; }
.witness-report ul { list-style: disc; padding-left: 1.5em; }
.witness-report ol { list-style: decimal; padding-left: 1.5em; }
.witness-report table { border-collapse: collapse; font-size: 0.9em; }
.witness-report th, .witness-report td { border: 1px solid #bbb; padding: 0.2em 0.5em;
  text-align: left; vertical-align: top; }
.witness-report th { background: #eee; }
.witness-report pre { background: #f5f5f5; color: #111; padding: 0.5em; overflow-x: auto;
  white-space: pre; font-size: 0.85em; }
.witness-report code { font-family: monospace; background: #f5f5f5; color: #111;
  font-weight: normal; }
.witness-report img { max-width: 100%; height: auto; border: 1px solid #ddd; }
.witness-report em { color: #333; }
</style>"""

MIME = {".png": "image/png", ".svg": "image/svg+xml", ".jpg": "image/jpeg"}


def markdown_html(md_text: str, base: Path) -> str:
    """``md_text`` (a report the pipeline wrote) as an HTML fragment, each
    image it shows (a path relative to ``base``) embedded as a data URI."""
    import markdown

    body = markdown.markdown(md_text, extensions=["tables", "fenced_code", "toc"])

    def embed(match: re.Match) -> str:
        src = html.unescape(match.group(1))
        path = base / src
        if src.startswith(("data:", "http:", "https:")) or path.suffix not in MIME:
            return match.group(0)
        data = base64.b64encode(path.read_bytes()).decode()
        return f'src="data:{MIME[path.suffix]};base64,{data}" data-file="{match.group(1)}"'

    body = re.sub(r'src="([^"]+)"', embed, body)
    return f'{STYLE}\n<div class="witness-report">\n{body}\n</div>\n'


def write_report_html(md_path: str | Path, out_html: str | Path) -> Path:
    """Write ``markdown_html`` of the report at ``md_path`` (images read beside it)."""
    md_path = Path(md_path)
    text = read_text(md_path, "report")
    return write_file(out_html, markdown_html(text, md_path.parent))
