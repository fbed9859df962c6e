#!/usr/bin/env bash
# Proves a sharded execret run on a real Slurm cluster: starts a one-node cluster from Debian's packages (munge,
# slurmctld, slurmd; `apt-get install -y --no-install-recommends slurmctld slurmd slurm-client munge`), runs `mini`
# with the default systems unsharded for reference, then submits the clusters' template
# (docs/clusters/execret-array.sbatch) as a stepped array (--array=0-6:2: task ids 0, 2, 4, 6, shards 1-4 of 4) with
# its dependent jobs, and on that real cluster:
#   - cancels run task 4 once it has recorded its place, checks the merge job then waits forever
#     (DependencyNeverSatisfied) and cancels it;
#   - submits a task alone into a folder that records no place: it must fail with exit code 2, saying why;
#   - resubmits task 4 alone (--array=4): it takes its place from its folder's record; then the merge job again;
#   - checks the merged run against the unsharded one (apps/bench/scripts/check-sharded-run.mjs: byte-identical files,
#     files identical apart from the named fields that record the run, nothing executed or embedded after the merge,
#     every shard's executions its own);
# prints the jobs' records (scontrol, sacct -c) and the time taken, and stops everything it started. Waits are bounded
# (EXECRET_SLURM_WAIT_S, default 900 s per wait). Runs as root. EXECRET_SLURM_KEEP=1 keeps the state folder.
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TEMPLATE="$REPO/docs/clusters/execret-array.sbatch"
CLI="$REPO/apps/bench/bin/execret.js"
WAIT_S="${EXECRET_SLURM_WAIT_S:-900}"
STARTED=$(date +%s)
say() { echo "[slurm-sharded-run $(($(date +%s) - STARTED))s] $*"; }
fail() {
  echo "slurm-sharded-run: $*" >&2
  exit 1
}

for tool in slurmctld slurmd sbatch squeue scontrol sinfo scancel sacct munged runuser setsid node; do
  command -v "$tool" >/dev/null 2>&1 ||
    fail "$tool is missing: apt-get install -y --no-install-recommends slurmctld slurmd slurm-client munge"
done
[ "$(id -u)" -eq 0 ] || fail "run as root: the one-node cluster runs slurmctld, slurmd and the jobs as root"
node "$CLI" --version >/dev/null 2>&1 || (cd "$REPO" && pnpm turbo run build --filter=@execret/bench... --output-logs=errors-only)

STATE="$(mktemp -d /tmp/execret-slurm.XXXXXX)"
chmod 755 "$STATE"
GROUPS_STARTED=() # process groups of the daemons started here (each by setsid)
JOBS=()           # jobs submitted here
MUNGE_PID=""
cleanup() {
  local rc=$?
  set +e
  [ ${#JOBS[@]} -gt 0 ] && scancel "${JOBS[@]}" >/dev/null 2>&1
  for pgid in "${GROUPS_STARTED[@]}"; do kill -TERM -- "-$pgid" 2>/dev/null; done
  [ -n "$MUNGE_PID" ] && kill -TERM "$MUNGE_PID" 2>/dev/null
  for _ in $(seq 1 50); do
    local alive=0
    for pgid in "${GROUPS_STARTED[@]}"; do kill -0 -- "-$pgid" 2>/dev/null && alive=1; done
    [ -n "$MUNGE_PID" ] && kill -0 "$MUNGE_PID" 2>/dev/null && alive=1
    [ $alive -eq 0 ] && break
    sleep 0.2
  done
  for pgid in "${GROUPS_STARTED[@]}"; do kill -KILL -- "-$pgid" 2>/dev/null; done
  if [ $rc -ne 0 ]; then
    echo "--- logs (the run failed) ---" >&2
    tail -n 30 "$STATE"/log/*.log "$STATE"/work/logs/*.log "$STATE"/work-unplaced/logs/*.log 2>/dev/null >&2
  fi
  if [ "${EXECRET_SLURM_KEEP:-0}" = 1 ]; then echo "state kept in $STATE" >&2; else rm -rf "$STATE"; fi
  say "stopped everything started here (exit $rc)"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }

# ---- munge: its own key and socket under the state folder, run as the munge user ----
mkdir -p "$STATE/munge" "$STATE/munge-private" "$STATE/spool/ctld" "$STATE/spool/d" "$STATE/log"
chown munge:munge "$STATE/munge" "$STATE/munge-private"
chmod 755 "$STATE/munge"
chmod 700 "$STATE/munge-private"
head -c 1024 /dev/urandom >"$STATE/munge-private/munge.key"
chown munge:munge "$STATE/munge-private/munge.key"
chmod 400 "$STATE/munge-private/munge.key"
runuser -u munge -- munged --foreground --socket="$STATE/munge/socket" --key-file="$STATE/munge-private/munge.key" \
  --pid-file="$STATE/munge-private/munged.pid" --seed-file="$STATE/munge-private/seed" \
  --log-file="$STATE/munge-private/munged.log" >"$STATE/log/munged.log" 2>&1 &
for _ in $(seq 1 100); do [ -S "$STATE/munge/socket" ] && break; sleep 0.1; done
[ -S "$STATE/munge/socket" ] || fail "munged did not start: $(cat "$STATE/log/munged.log")"
MUNGE_PID="$(cat "$STATE/munge-private/munged.pid")"

# ---- slurm.conf: one node (this machine as slurmd -C sees it), state under the state folder ----
HOST="$(hostname -s)"
NODE="$(slurmd -C | head -1 | sed "s/^NodeName=[^ ]*/NodeName=$HOST/")"
export SLURM_CONF="$STATE/slurm.conf"
cat >"$SLURM_CONF" <<CONF
ClusterName=execret-check
SlurmctldHost=$HOST(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$STATE/munge/socket
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$STATE/spool/ctld
SlurmdSpoolDir=$STATE/spool/d
SlurmctldPidFile=$STATE/slurmctld.pid
SlurmdPidFile=$STATE/slurmd.pid
SlurmctldLogFile=$STATE/log/slurmctld.log
SlurmdLogFile=$STATE/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SchedulerType=sched/backfill
MailProg=/bin/true
ReturnToService=2
MinJobAge=3600
JobCompType=jobcomp/filetxt
JobCompLoc=$STATE/log/jobcomp.txt
$NODE NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=execret Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
setsid slurmctld -D -f "$SLURM_CONF" >"$STATE/log/slurmctld.out" 2>&1 &
GROUPS_STARTED+=($!)
setsid slurmd -D -f "$SLURM_CONF" >"$STATE/log/slurmd.out" 2>&1 &
GROUPS_STARTED+=($!)
for _ in $(seq 1 120); do [ "$(sinfo -h -o %t 2>/dev/null)" = idle ] && break; sleep 0.5; done
[ "$(sinfo -h -o %t 2>/dev/null)" = idle ] || fail "the node did not come up idle: $(sinfo 2>&1)"
say "cluster up: $(sinfo -h -N -o '%N %c CPUs %m MB %t')"

wait_gone() { # waits until none of the given jobs is queued any more
  local deadline=$(($(date +%s) + WAIT_S))
  while [ -n "$(squeue -h -j "$(IFS=,; echo "$*")" 2>/dev/null)" ]; do
    [ "$(date +%s)" -lt "$deadline" ] || fail "jobs $* still queued after ${WAIT_S}s: $(squeue)"
    sleep 1
  done
}
field() { scontrol show job -o "$1" | head -1 | tr ' ' '\n' | sed -n "s/^$2=//p"; }
records() { # the job records of the given jobs: one line per task
  for job in "$@"; do
    scontrol show job -o "$job" | awk '{ line = ""; for (i = 1; i <= NF; i++) if ($i ~ /^(JobId|ArrayJobId|ArrayTaskId|JobName|JobState|Reason|ExitCode|Dependency)=/) line = line " " $i; print " " line }'
  done
}

# ---- the unsharded run, for reference ----
export EXECRET_OFFLINE=1 EXECRET_DATASET=mini
EXECRET_CACHE_DIR="$STATE/reference-cache" node "$CLI" run --out "$STATE/reference" >"$STATE/log/reference.log" 2>&1 ||
  fail "the unsharded run failed: $(tail -5 "$STATE/log/reference.log")"
say "unsharded run done: $(tail -1 "$STATE/log/reference.log")"

# ---- the template, submitted as a stepped array ----
export EXECRET_WORK="$STATE/work"
cd "$STATE" # any folder: the template finds its checkout itself
SUBMITTED="$("$TEMPLATE" 0-6:2)"
echo "$SUBMITTED"
EMBED="$(echo "$SUBMITTED" | sed -n 's/^embed \([0-9]*\) .*/\1/p')"
RUN="$(echo "$SUBMITTED" | sed -n 's/.* run \([0-9]*\) .*/\1/p')"
MERGE="$(echo "$SUBMITTED" | sed -n 's/.* merge \([0-9]*\) .*/\1/p')"
[ -n "$EMBED" ] && [ -n "$RUN" ] && [ -n "$MERGE" ] || fail "could not read the job ids from the template's output"
JOBS+=("$EMBED" "$RUN" "$MERGE")
CPUS="$(field "${EMBED}_0" NumCPUs)"
MEM="$(scontrol show job -o "${EMBED}_0" | tr ' ' '\n' | sed -n 's/^MinMemoryNode=//p')"

# run task 4 is cancelled as soon as it has recorded its place (a task that dies mid-run)
deadline=$(($(date +%s) + WAIT_S))
until [ -s "$EXECRET_WORK/run-4/shard.json" ]; do
  [ "$(date +%s)" -lt "$deadline" ] || fail "run task 4 never started: $(squeue)"
  sleep 0.2
done
scancel "${RUN}_4"
say "cancelled ${RUN}_4 once it recorded $(tr -d ' \n' <"$EXECRET_WORK/run-4/shard.json" | cut -c1-60)…"
wait_gone "$EMBED" "$RUN"
for _ in $(seq 1 60); do [ "$(field "$MERGE" Reason)" = DependencyNeverSatisfied ] && break; sleep 1; done
echo "the merge job after the cancelled task:"
records "$MERGE"
[ "$(field "$MERGE" Reason)" = DependencyNeverSatisfied ] || fail "the merge job should wait forever on the failed array"
scancel "$MERGE"

# a task alone in a folder with no record cannot know its shard: it fails, saying so (and finds the CLI by itself)
mkdir -p "$STATE/work-unplaced/embed-0" "$STATE/work-unplaced/logs"
UNPLACED="$(env -u EXECRET_BIN sbatch --parsable --array=4 --job-name=execret-run --cpus-per-task="$CPUS" --mem="$MEM" \
  --output="$STATE/work-unplaced/logs/%x-%A_%a.log" --export="ALL,EXECRET_STEP=run,EXECRET_WORK=$STATE/work-unplaced" "$TEMPLATE")"
JOBS+=("$UNPLACED")

# task 4 resubmitted alone into its folder takes its recorded place; then the merge job again
RESUBMITTED="$(sbatch --parsable --array=4 --job-name=execret-run --cpus-per-task="$CPUS" --mem="$MEM" \
  --output="$EXECRET_WORK/logs/%x-%A_%a.log" --export="ALL,EXECRET_STEP=run" "$TEMPLATE")"
MERGED="$(sbatch --parsable --job-name=execret-merge --dependency="afterok:$RESUBMITTED" --cpus-per-task="$CPUS" \
  --mem="$MEM" --output="$EXECRET_WORK/logs/%x-%j.log" --export="ALL,EXECRET_STEP=merge" "$TEMPLATE")"
JOBS+=("$RESUBMITTED" "$MERGED")
wait_gone "$UNPLACED" "$RESUBMITTED" "$MERGED"
say "all jobs done"

echo "job records (scontrol show job):"
records "$EMBED" "$RUN" "$MERGE" "$UNPLACED" "$RESUBMITTED" "$MERGED"
echo "job records (sacct -c, jobcomp/filetxt):"
sacct -c --format=JobID,JobName%14,State,ExitCode,Start,End 2>/dev/null | sed 's/^/  /'
grep -h "^shard \|records no place\|execret run:" "$EXECRET_WORK"/logs/execret-run-*.log "$STATE"/work-unplaced/logs/*.log |
  sed 's/^/  log: /'

[ "$(field "${UNPLACED}_4" JobState)" = FAILED ] && [ "$(field "${UNPLACED}_4" ExitCode)" = 2:0 ] ||
  fail "the task with no recorded place should fail with exit code 2"
grep -q 'is alone in its array' "$STATE"/work-unplaced/logs/*.log || fail "the unplaced task should say why it failed"
[ "$(field "${RESUBMITTED}_4" JobState)" = COMPLETED ] || fail "the resubmitted task 4 did not complete"
grep -q "shard 3/4 (recorded in $EXECRET_WORK/run-4/shard.json" "$EXECRET_WORK/logs/execret-run-${RESUBMITTED}_4.log" ||
  fail "the resubmitted task 4 should take shard 3/4 from its record"
[ "$(field "$MERGED" JobState)" = COMPLETED ] || fail "the merge job did not complete: $(tail -5 "$EXECRET_WORK"/logs/execret-merge-*.log)"

node "$REPO/apps/bench/scripts/check-sharded-run.mjs" "$STATE/reference" "$EXECRET_WORK/results" "$EXECRET_WORK"/run-*
say "done: a stepped array, a cancelled task resubmitted alone, a task that could not be placed, the merged run equal to the unsharded one"
