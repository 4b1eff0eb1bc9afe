#!/usr/bin/env bash
# Screenshots of a run's HTML report, to look at it as a reader would:
#
#   bash scripts/render-report.sh REPORT.html [OUT_DIR] [WIDTH] [HEIGHT]
#
# REPORT.html is what `snakemake --report` wrote (the run's hint says how, e.g.
# .venv/bin/snakemake --report results/quick/paper/report.html --configfile
# config/quick.yaml). Writes OUT_DIR/front.png (the front page: report.md with
# its figures, in a window WIDTH x HEIGHT px, default 1400 x 20000) and the same
# cut into pages, front_01.png, ..., with headless Chromium (Debian's `chromium`
# package, installed here if missing: as root or with sudo, apt must be
# reachable). OUT_DIR defaults to screenshots/ beside the report. The test
# suite does not need it.
set -euo pipefail

report="${1:?usage: render-report.sh REPORT.html [OUT_DIR] [WIDTH] [HEIGHT]}"
out="${2:-$(dirname "$report")/screenshots}"
width="${3:-1400}"
height="${4:-20000}"
[ -f "$report" ] || { echo "render-report: $report is not a file" >&2; exit 2; }

if ! command -v chromium >/dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "[render-report] installing Debian's chromium" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi

mkdir -p "$out"
url="file://$(realpath "$report")"
# The report scrolls inside a panel as tall as the window, so the window is made
# taller than the front page; the shot is then cut into pages a screen high.
chromium --headless --disable-gpu --no-sandbox --hide-scrollbars --virtual-time-budget=10000 \
  --window-size="$width,$height" --screenshot="$out/front.png" "$url" 2>/dev/null
python="$(dirname "$0")/../.venv/bin/python"
[ -x "$python" ] || python=python3
"$python" - "$out/front.png" "$width" <<'PY'
import sys
from pathlib import Path

from PIL import Image

shot, width = Path(sys.argv[1]), int(sys.argv[2])
image = Image.open(shot).convert("RGB")
# the page ends at the last row with something on it, right of the menu
right = image.crop((width // 4, 0, width, image.height)).convert("L")
rows = [y for y in range(0, image.height, 10) if right.crop((0, y, right.width, y + 1)).getextrema()[0] < 250]
bottom = (rows[-1] + 20) if rows else image.height
page = int(width * 1.3)
for i, top in enumerate(range(0, bottom, page), 1):
    out = shot.with_name(f"front_{i:02d}.png")
    image.crop((0, top, width, min(top + page, bottom))).save(out)
    print(out)
PY
