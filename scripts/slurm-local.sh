#!/usr/bin/env bash
# Run the pipeline through profiles/slurm on a one-node SLURM brought up on this
# machine, run the same configuration locally, and compare the deterministic results.
#   sudo scripts/slurm-local.sh [CONFIG] [-- EXTRA SNAKEMAKE OPTIONS FOR THE SLURM RUN]
#   sudo scripts/slurm-local.sh config/tiny.yaml -- --slurm-init-seconds-before-status-checks 5
# CONFIG defaults to config/tiny.yaml. Needs root: installs Debian's slurm-wlm and munge
# if missing (apt-get) and runs munged, slurmctld and slurmd directly (no systemd), with
# every file (slurm.conf, munge key and socket, state, logs) in a temporary directory:
# nothing is written to /etc. Without slurmdbd (AccountingStorageType=accounting_storage/none),
# like a cluster without accounting, so the profile's squeue status command is exercised.
# Installs the SLURM executor plugin into .venv (pip install -e '.[cluster]') if missing.
# Every daemon it started is stopped by its pid on exit, failure or interrupt (after
# Snakemake, by its pid, and any job left on the cluster, with scancel).
# Exit status: 0 if the results agree, 1 if they differ or a run failed, 2 on bad usage.
# SLURM_LOCAL_WORK=DIR keeps the runs (results, logs, slurm.conf) there instead of a
# temporary directory that is removed at the end.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PY="$ROOT/.venv/bin/python"
SNAKEMAKE="$ROOT/.venv/bin/snakemake"

CONFIG="$ROOT/config/tiny.yaml"
if [ $# -gt 0 ] && [ "$1" != "--" ]; then CONFIG="$(realpath "$1")"; shift; fi
if [ $# -gt 0 ] && [ "$1" = "--" ]; then shift; fi
EXTRA=("$@")

log() { printf '[slurm-local] %s\n' "$*" >&2; }
die() { log "$*"; exit 2; }

[ "$(id -u)" = 0 ] || die "must run as root (installs packages, runs munged, slurmctld, slurmd)"
[ -f "$CONFIG" ] || die "config: $CONFIG is not a file"
[ -x "$SNAKEMAKE" ] || die "$SNAKEMAKE missing: run scripts/setup.sh first"

# ---- packages: Debian's SLURM and munge, the executor plugin in the project's venv
missing=()
for p in slurm-wlm munge; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  log "apt-get install ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if ! "$PY" -c 'import snakemake_executor_plugin_slurm' 2>/dev/null; then
  log "pip install -e '.[cluster]' (snakemake-executor-plugin-slurm)"
  "$ROOT/.venv/bin/pip" install -q -e "$ROOT[cluster]"
fi

# ---- a private directory for the cluster's files and both runs
if [ -n "${SLURM_LOCAL_WORK:-}" ]; then
  WORK="$(realpath -m "$SLURM_LOCAL_WORK")"; KEEP=1
  mkdir -p "$WORK"
else
  WORK="$(mktemp -d /tmp/slurm-local.XXXXXX)"; KEEP=0
fi
chmod 700 "$WORK"
ETC="$WORK/etc"; RUNDIR="$WORK/run"
rm -rf "$ETC" "$RUNDIR" "$WORK/bin" "$WORK/local" "$WORK/slurm"
mkdir -p "$ETC" "$RUNDIR/state" "$RUNDIR/munge" "$WORK/local" "$WORK/slurm"
chmod 700 "$RUNDIR/munge"
# Unix sockets (munge's, and slurmd's spool where each job step makes one) take at most
# 108 bytes of path: a short directory of their own, whatever the length of WORK.
SOCKETS="$(mktemp -d /tmp/slurm-sockets.XXXXXX)"

PIDS=()
SNAKEMAKE_PID=""
stop_pid() {  # PID: SIGTERM, then SIGKILL after 10 s
  local pid="$1"
  kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  kill -0 "$pid" 2>/dev/null && { log "pid $pid ignored SIGTERM: SIGKILL"; kill -KILL "$pid" 2>/dev/null || true; }
  wait "$pid" 2>/dev/null || true
}
cancel_jobs() {  # jobs left on this cluster after an interrupt: their steps outlive slurmd
  local ids
  ids="$(squeue -h -o %i 2>/dev/null || true)"
  [ -n "$ids" ] || return 0
  log "scancel $(echo $ids)"
  scancel $ids 2>/dev/null || true
  for _ in $(seq 30); do [ -z "$(squeue -h -o %i 2>/dev/null || true)" ] && break; sleep 1; done
}
stop_daemons() {  # each daemon (and the sampler) this script started, by its pid, newest first
  local i
  [ -z "${SLURM_CONF:-}" ] || cancel_jobs
  for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do stop_pid "${PIDS[$i]}"; done
  PIDS=()
}
cleanup() {
  local status=$?
  [ -z "$SNAKEMAKE_PID" ] || stop_pid "$SNAKEMAKE_PID"  # it cancels its jobs on SIGTERM
  stop_daemons
  rm -rf "$SOCKETS"
  if [ "$KEEP" = 0 ]; then rm -rf "$WORK"; else log "runs kept in $WORK"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Two free TCP ports for slurmctld and slurmd (not the defaults, which a real SLURM may hold).
read -r CTLD_PORT SLURMD_PORT < <("$PY" - <<'EOF'
import socket

socks = [socket.socket() for _ in range(2)]
for s in socks:
    s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in socks))
EOF
)
HOST="$(hostname -s)"
CPUS="$(nproc)"
MEM_MB="$(awk '/MemTotal/ {print int($2 / 1024 * 0.85)}' /proc/meminfo)"

# ---- munge: a fresh key, its own socket
MUNGE_SOCKET="$SOCKETS/munge.socket"
head -c 1024 /dev/urandom >"$ETC/munge.key"
chmod 400 "$ETC/munge.key"
nice -n 10 munged --foreground --force --key-file="$ETC/munge.key" --socket="$MUNGE_SOCKET" \
  --pid-file="$RUNDIR/munge/munged.pid" --seed-file="$RUNDIR/munge/munged.seed" \
  --log-file="$RUNDIR/munged.log" >/dev/null 2>&1 &
PIDS+=($!)

# ---- slurm.conf: one node (this machine at 127.0.0.1), no accounting database
cat >"$ETC/slurm.conf" <<EOF
ClusterName=witnesslocal
SlurmctldHost=$HOST(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$MUNGE_SOCKET
StateSaveLocation=$RUNDIR/state
SlurmdSpoolDir=$SOCKETS/slurmd-%n
SlurmctldPidFile=$RUNDIR/slurmctld.pid
SlurmdPidFile=$RUNDIR/slurmd.pid
SlurmctldLogFile=$RUNDIR/slurmctld.log
SlurmdLogFile=$RUNDIR/slurmd.log
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/filetxt
JobCompLoc=$RUNDIR/jobcomp.txt
MinJobAge=300
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
NodeName=$HOST NodeAddr=127.0.0.1 CPUs=$CPUS RealMemory=$MEM_MB State=UNKNOWN
PartitionName=local Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$ETC/slurm.conf"
# Inside a job, the jobstep plugin runs srun with every SLURM_* variable but the job's
# identity removed, SLURM_CONF included; a cluster has its slurm.conf where srun looks by
# default (/etc/slurm), this one does not, so the jobs' srun is given it back here.
mkdir -p "$WORK/bin"
printf '#!/bin/sh\nSLURM_CONF=%s exec %s "$@"\n' "$SLURM_CONF" "$(command -v srun)" >"$WORK/bin/srun"
chmod +x "$WORK/bin/srun"
export PATH="$WORK/bin:$PATH"

for _ in $(seq 50); do [ -S "$MUNGE_SOCKET" ] && break; sleep 0.2; done
[ -S "$MUNGE_SOCKET" ] || { cat "$RUNDIR/munged.log" >&2; log "munged did not start"; exit 1; }

slurmctld -D -f "$SLURM_CONF" -n 10 >"$RUNDIR/slurmctld.out" 2>&1 &
PIDS+=($!)
slurmd -D -f "$SLURM_CONF" -N "$HOST" -n 10 >"$RUNDIR/slurmd.out" 2>&1 &
PIDS+=($!)

state=""
for _ in $(seq 60); do
  state="$(sinfo -h -N -o %T 2>/dev/null || true)"
  [ "$state" = idle ] && break
  sleep 1
done
if [ "$state" != idle ]; then
  tail -n 20 "$RUNDIR/slurmctld.log" "$RUNDIR/slurmd.log" >&2 || true
  log "the node did not come up (sinfo: '${state}')"
  exit 1
fi
log "SLURM $(sinfo -V | cut -d' ' -f2) up: node $HOST, $CPUS CPUs, $MEM_MB MB (munged, slurmctld, slurmd: pids ${PIDS[*]})"

# ---- the configuration through profiles/slurm, then locally
run_snakemake() {  # DIR LOGFILE ARGS...: sets WALL to its wall time in seconds
  local dir="$1" logfile="$2" start=$SECONDS status=0
  shift 2
  # in the background, so that a signal to this script is handled at once (by cleanup)
  (cd "$dir" && exec nice -n 10 "$SNAKEMAKE" -s "$ROOT/Snakefile" --configfile "$CONFIG" "$@" \
    >"$logfile" 2>&1) &
  SNAKEMAKE_PID=$!
  wait "$SNAKEMAKE_PID" || status=$?
  SNAKEMAKE_PID=""
  if [ "$status" != 0 ]; then
    tail -n 40 "$logfile" >&2
    log "snakemake failed in $dir (log: $logfile)"
    return 1
  fi
  WALL=$((SECONDS - start))
}
steps() { grep -o '[0-9]* of [0-9]* steps (100%) done' "$1" | tail -n 1 | cut -d' ' -f1,3; }

# The memory of the Snakemake processes inside each job (the batch step's and srun's):
# their requests must cover it on top of the rule's own peak. Sampled every 2 s.
sample_job_snakemake_rss() {
  while sleep 2; do
    ps -eo rss=,args= | awk '$2 ~ /python/ && $3 == "-m" && $4 == "snakemake" && /--target-jobs/ {print $1}'
  done >>"$RUNDIR/job_snakemake_rss.txt"
}
sample_job_snakemake_rss &
PIDS+=($!)

log "cluster run: snakemake --profile profiles/slurm --configfile $CONFIG ${EXTRA[*]}"
run_snakemake "$WORK/slurm" "$WORK/slurm.log" --profile "$ROOT/profiles/slurm" "${EXTRA[@]}"
SLURM_WALL=$WALL
JOB_SNAKEMAKE_MB="$(sort -n "$RUNDIR/job_snakemake_rss.txt" | tail -n 1 | awk '{print int($1 / 1024)}')"
JOBS="$(wc -l <"$RUNDIR/jobcomp.txt")"
JOBS_DONE="$(grep -c 'JobState=COMPLETED' "$RUNDIR/jobcomp.txt" || true)"
stop_daemons
log "daemons stopped"

log "local run: snakemake --cores $CPUS --configfile $CONFIG"
run_snakemake "$WORK/local" "$WORK/local.log" --cores "$CPUS"
LOCAL_WALL=$WALL

read -r SLURM_STEPS SLURM_TOTAL <<<"$(steps "$WORK/slurm.log")"
read -r LOCAL_STEPS LOCAL_TOTAL <<<"$(steps "$WORK/local.log")"
echo "slurm run: ${SLURM_WALL} s wall, ${SLURM_STEPS}/${SLURM_TOTAL} steps, ${JOBS} sbatch jobs (${JOBS_DONE} COMPLETED)"
echo "slurm run: peak RSS of one Snakemake process inside a job: ${JOB_SNAKEMAKE_MB:-?} MB (two per job)"
echo "local run: ${LOCAL_WALL} s wall, ${LOCAL_STEPS}/${LOCAL_TOTAL} steps"
RUN_NAME="$("$PY" -c 'import sys, yaml; print(yaml.safe_load(open(sys.argv[1]))["run"])' "$CONFIG")"
"$PY" -m witness.pipeline.same_results "$WORK/local/results/$RUN_NAME" "$WORK/slurm/results/$RUN_NAME"
