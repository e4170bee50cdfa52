#!/usr/bin/env bash
# batch_slurm.sh — `grader batch --slurm` on a real single-node Slurm that this
# test starts itself (munged, slurmctld, slurmd from Debian's slurm-wlm and
# munge, all as root, in a scratch directory on free ports) and stops at the
# end: a small cohort is submitted as one job array, each task grades inside
# its job (sandbox included), the last task runs `grader batch collect`, and
# the gradebook, grades.csv and report hold every result.
#
# Needs root (the daemons); without it the test says SKIP loudly and passes.
set -u
cd "$(dirname "$0")/../.."
root=$PWD
if [ "$(id -u)" -ne 0 ]; then
    echo "batch_slurm: SKIP: NOT RUN — starting slurmctld, slurmd and munged needs root"
    exit 0
fi
for tool in munged mungekey slurmctld slurmd sbatch sinfo squeue; do
    command -v "$tool" >/dev/null || PATH=$PATH:/usr/sbin
    command -v "$tool" >/dev/null || { echo "batch_slurm: FAIL: $tool is missing (.ci/install-deps installs slurm-wlm and munge)"; exit 1; }
done
tmp=$(mktemp -d /tmp/gbslurm.XXXXXX)
chmod 755 "$tmp"                   # munged wants its socket's directory searchable
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
    for p in "${pids[@]}"; do
        for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$p" 2>/dev/null
    done
    rm -rf "$tmp"
}
trap cleanup EXIT
fail() {
    echo "batch_slurm: FAIL: $*"
    for f in "$tmp"/out "$tmp"/err "$tmp"/slurmctld.log "$tmp"/slurmd.log "$tmp"/g/.gradebox/slurm/task-*.log; do
        [ -f "$f" ] && { echo "--- $f"; tail -15 "$f"; }
    done
    exit 1
}
ok() { echo "batch_slurm: ok: $*"; }
PY=/usr/bin/python3
free_port() { $PY -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
host=$(hostname -s)

# ---- the cluster -------------------------------------------------------------------
mungekey --create --keyfile="$tmp/munge.key" || fail "mungekey"
munged -F --force --key-file="$tmp/munge.key" --socket="$tmp/munge.sock" \
    --pid-file="$tmp/munged.pid" --log-file="$tmp/munged.log" --seed-file="$tmp/munge.seed" \
    2>>"$tmp/munged.log" &
pids+=($!)
mkdir -p "$tmp/state" "$tmp/spool"
cat >"$tmp/slurm.conf" <<CONF
ClusterName=gradebox-test
SlurmctldHost=$host
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$tmp/munge.sock
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
MpiDefault=none
NodeName=$host CPUs=2 RealMemory=20000 State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES State=UP MaxTime=INFINITE
CONF
export SLURM_CONF=$tmp/slurm.conf
for _ in $(seq 50); do [ -S "$tmp/munge.sock" ] && break; sleep 0.1; done
[ -S "$tmp/munge.sock" ] || fail "munged did not start"
slurmctld -D -f "$SLURM_CONF" 2>>"$tmp/slurmctld.log" &
pids+=($!)
slurmd -D -f "$SLURM_CONF" 2>>"$tmp/slurmd.log" &
pids+=($!)
for _ in $(seq 120); do
    sinfo -h -o %t 2>/dev/null | grep -q '^idle' && break
    sleep 0.5
done
sinfo -h -o %t | grep -q '^idle' || fail "the node did not come up idle"
ok "single-node Slurm up (munged, slurmctld, slurmd)"

# ---- a cohort through one job array -------------------------------------------------
$PY tests/batch/make_cohort.py folder "$tmp/cohort" --students 2 --memory-lab "$tmp/recorded" \
    || fail "make_cohort"
timeout 120 "$GRADER" batch "$tmp/cohort" --out "$tmp/g" --transcripts "$tmp/recorded" --slurm \
    --partition debug >"$tmp/out" 2>"$tmp/err" || fail "submitting exited $?"
grep -q "submitted Slurm job [0-9]*: 5 uploads in an array of 5 tasks" "$tmp/out" \
    || fail "no job submitted"
echo "batch_slurm: $(cat "$tmp/out")"
for _ in $(seq 600); do
    [ -s "$tmp/g/grades.csv" ] && [ -z "$(squeue -h 2>/dev/null)" ] && break
    sleep 1
done
[ -s "$tmp/g/grades.csv" ] || fail "the last task did not collect within 10 minutes"
[ "$(ls "$tmp"/g/.gradebox/slurm/task-*.log | wc -l)" -eq 5 ] || fail "not 5 task logs"
grep -h "graded$" "$tmp"/g/.gradebox/slurm/task-*.log | sed 's/^/  /'
[ "$(grep -h 'graded$' "$tmp"/g/.gradebox/slurm/task-*.log | wc -l)" -eq 5 ] \
    || fail "not every task graded its upload"
$PY - "$tmp/g" "$root/tests/corpus" <<'PY' || fail "results are not the corpus's verdicts"
import json, os, sqlite3, sys
out, corpus = sys.argv[1:]
db = sqlite3.connect(os.path.join(out, "gradebook.sqlite"))
rows = db.execute("select student, exercise, status from results").fetchall()
assert len(rows) == 5 and all(r[2] != "error" for r in rows), rows
for student, exercise, name in (("s001", "attention_by_hand", "correct_sample"),
                                ("s002", "attention_by_hand", "no_scaling"),
                                ("s002", "memory_lab", "no_forget_bias")):
    want = dict(l.split()[:2] for l in open(os.path.join(corpus, exercise, name + ".expect"))
                if l.strip() and not l.startswith("#"))
    got = {c["id"]: c["verdict"] for c in
           json.load(open(os.path.join(out, student, exercise + ".json")))["checks"]}
    if exercise == "attention_by_hand":     # batch makes the hidden-input test of attend
        want["attend_hidden_input"] = "fail" if name == "no_scaling" else "pass"
    assert got == want, (student, exercise)
PY
grep -q '"s001","","","","15",' "$tmp/g/grades.csv" || fail "grades.csv"
ok "the job array graded every upload in its tasks; the last task collected"

timeout 120 "$GRADER" batch collect "$tmp/g" >"$tmp/out" 2>"$tmp/err" || fail "collect exited $?"
grep -q "2 students, 5 uploads: 5 graded (0 this run)" "$tmp/out" || fail "a second collect"
timeout 120 "$GRADER" batch "$tmp/cohort" --out "$tmp/g" --transcripts "$tmp/recorded" --slurm \
    >"$tmp/out" 2>"$tmp/err" || fail "an unchanged resubmission exited $?"
grep -q "5 graded (0 this run)" "$tmp/out" && ! grep -q "submitted" "$tmp/out" \
    || fail "an unchanged cohort was submitted again"
ok "collect by hand is idempotent; an unchanged cohort submits nothing"
echo "batch_slurm: all passed"
