#!/usr/bin/env bash
# A new user's first hour, timed: clone this repository into a fresh folder, then
# run the README's commands there one after another (setup, the quick profile, the
# first solve of a panel, the default test tier), each under /usr/bin/time -v.
# Prints one line per step (wall, CPU, peak memory) with the commit and machine;
# run it on an otherwise idle machine when its numbers go into the docs.
#
#     bash benchmarks/first_hour.sh [WORKDIR]    # default: a new folder under /tmp
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-$(mktemp -d /tmp/first-hour.XXXXXX)}"
clone="$work/witness-ilp"
[ -e "$clone" ] && { echo "first_hour: $clone exists; give an empty WORKDIR" >&2; exit 2; }
git clone --quiet "$repo" "$clone"
cd "$clone"
echo "commit $(git rev-parse --short HEAD), $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB," \
    "load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ), clone in $clone"

step() { # NAME COMMAND...: run COMMAND timed, log in $work/NAME.log
    local name="$1"; shift
    if ! /usr/bin/time -v -o "$work/$name.time" "$@" >"$work/$name.log" 2>&1; then
        echo "first_hour: step $name failed, see $work/$name.log" >&2
        exit 1
    fi
    awk -v name="$name" -F': ' '
        /Elapsed \(wall clock\)/ {wall = $2}
        /User time/ {cpu += $2} /System time/ {cpu += $2}
        /Maximum resident/ {rss = $2}
        END {printf "%-14s wall %s, CPU %.0f s, peak %.0f MB\n", name, wall, cpu, rss / 1024}
    ' "$work/$name.time"
}

step setup bash scripts/setup.sh
step quick .venv/bin/snakemake --cores 2 --configfile config/quick.yaml
.venv/bin/witness generate --method random --size 5x5 --count 1 --seed 3 \
    --types squares,stars --out "$work/panels" >/dev/null 2>&1
panel="$(ls "$work"/panels/*.json | head -n 1)"
step first-solve .venv/bin/witness solve "$panel" --json
step tests .venv/bin/python -m pytest -q -p no:cacheprovider
tail -n 1 "$work/tests.log"
