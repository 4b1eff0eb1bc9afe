#!/usr/bin/env bash
# One-step, idempotent install of everything witness-ilp needs on Debian:
#   - SWI-Prolog >= 9.1.12 (system one if new enough, else built once from
#     Debian's trixie source tarball into a cached prefix; see docs/DESIGN.md),
#   - a virtualenv in .venv with the ILP engine (ilp/, its own distribution
#     ilp-lff: clingo, janus-swi), then the witness package and its Python deps
#     (numba, snakemake, pandas, matplotlib, pytest, mypy, ...),
#   - node (Debian's nodejs), which runs the community engine's own rules
#     beside the checker (benchmarks/engine_agreement.py).
# Re-running it is cheap: every step checks whether its work is done.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="${WITNESS_CACHE:-$HOME/.cache/witness-ilp}"
SWIPL_VERSION="9.2.9"
PREFIX="$CACHE/swipl-$SWIPL_VERSION"
VENV="$ROOT/.venv"
MIN_SWIPL="90112"   # 9.1.12, the first release janus-swi supports

log() { printf '[setup] %s\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

swipl_version_num() {  # prints e.g. 90209 for 9.2.9, or 0
  "$1" --dump-runtime-variables 2>/dev/null | sed -n 's/^PLVERSION="\([0-9]*\)".*/\1/p' || echo 0
}

apt_install() {
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  if [ ${#missing[@]} -gt 0 ]; then
    log "apt-get install ${missing[*]}"
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

find_swipl() {  # prints the path of a new-enough swipl, or nothing
  local c
  for c in "$PREFIX/bin/swipl" "$(command -v swipl || true)"; do
    if [ -n "$c" ] && [ -x "$c" ] && [ "$(swipl_version_num "$c")" -ge "$MIN_SWIPL" ] 2>/dev/null; then
      echo "$c"; return
    fi
  done
}

build_swipl() {
  log "building SWI-Prolog $SWIPL_VERSION into $PREFIX (once; about 2-4 minutes)"
  apt_install build-essential cmake ninja-build pkg-config libgmp-dev libssl-dev \
    zlib1g-dev libreadline-dev libyaml-dev libedit-dev libffi-dev python3-dev dpkg-dev
  local src="$CACHE/src"
  mkdir -p "$src"
  local tarball
  tarball="$(ls "$src"/swi-prolog_${SWIPL_VERSION}*.orig.tar.* 2>/dev/null | head -n1 || true)"
  if [ -z "$tarball" ]; then
    # Source packages only: binary packages from trixie would upgrade libc.
    local list=/etc/apt/sources.list.d/witness-trixie-src.sources
    if [ ! -f "$list" ]; then
      printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: trixie\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
        | as_root tee "$list" >/dev/null
    fi
    as_root apt-get update -qq
    (cd "$src" && apt-get source --download-only "swi-prolog=${SWIPL_VERSION}*" >/dev/null 2>&1 \
      || apt-get source --download-only swi-prolog >/dev/null 2>&1 || true)
    tarball="$(ls "$src"/swi-prolog_*.orig.tar.* 2>/dev/null | head -n1 || true)"
    [ -n "$tarball" ] || { echo "setup: could not download the swi-prolog source tarball" >&2; exit 1; }
  fi
  rm -rf "$src/build-tree" && mkdir -p "$src/build-tree"
  tar -xf "$tarball" -C "$src/build-tree" --strip-components=1
  mkdir -p "$src/build-tree/build"
  (cd "$src/build-tree/build" && cmake -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_INSTALL_PREFIX="$PREFIX" -DSWIPL_PACKAGES_X=OFF -DSWIPL_PACKAGES_JAVA=OFF \
      -DSWIPL_PACKAGES_ODBC=OFF -DSWIPL_PACKAGES_QT=OFF -DINSTALL_DOCUMENTATION=OFF \
      -DBUILD_TESTING=OFF .. >"$src/cmake.log" 2>&1 \
    && ninja >"$src/ninja.log" 2>&1 && ninja install >"$src/install.log" 2>&1) \
    || { echo "setup: SWI-Prolog build failed; see $src/*.log" >&2; exit 1; }
  rm -rf "$src/build-tree"
}

SWIPL="$(find_swipl)"
if [ -z "$SWIPL" ]; then
  build_swipl
  SWIPL="$(find_swipl)"
  [ -n "$SWIPL" ] || { echo "setup: no SWI-Prolog >= 9.1.12 after the build" >&2; exit 1; }
fi
log "SWI-Prolog: $SWIPL ($(swipl_version_num "$SWIPL"))"
command -v node >/dev/null || apt_install nodejs
SWIPL_BIN="$(dirname "$SWIPL")"
export PATH="$SWIPL_BIN:$PATH"

if [ ! -x "$VENV/bin/python" ]; then
  log "creating $VENV"
  python3 -m venv "$VENV"
fi
# Record where swipl lives so janus-swi finds it at run time, from any shell.
echo "$SWIPL_BIN" > "$VENV/swipl-bin"
stamp="$VENV/.installed-$(cat "$ROOT/pyproject.toml" "$ROOT/ilp/pyproject.toml" "$VENV/swipl-bin" \
  | sha1sum | cut -c1-12)"
if [ ! -f "$stamp" ]; then
  log "installing Python packages into $VENV"
  "$VENV/bin/pip" install -q --upgrade pip
  # janus-swi compiles against the swipl on PATH; rebuild it if swipl changed.
  "$VENV/bin/pip" install -q --no-cache-dir --force-reinstall --no-deps "janus-swi>=1.5,<2"
  # the ILP engine first: a distribution of its own (ilp/pyproject.toml) that the project needs
  "$VENV/bin/pip" install -q -e "$ROOT/ilp[dev]"
  "$VENV/bin/pip" install -q -e "$ROOT[dev]"
  rm -f "$VENV"/.installed-*
  touch "$stamp"
fi
"$VENV/bin/python" -c "import janus_swi as j; assert j.query_once('X is 6*7')['X'] == 42; import clingo" \
  || { echo "setup: janus-swi or clingo does not work in $VENV" >&2; exit 1; }
# numba compiles the search core on first use (about 45 s of CPU the first time, then its cache
# in witness/search/kernels/panel/__pycache__): do it now, so the first solve and pipeline job start warm
compile_start=$(date +%s)
log "loading the compiled search core (compiling it the first time)"
"$VENV/bin/python" -m witness.search.solvers \
  || { echo "setup: compiling the search core failed" >&2; exit 1; }
log "search core ready in $(( $(date +%s) - compile_start )) s"
log "ready: $VENV/bin/witness"
