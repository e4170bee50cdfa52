#!/usr/bin/env bash
# rerun_memory.sh — memory_lab's rerun with changed seeds is made by option
# (rubrics/memory_lab.json "rerun": "option"; grader/check/rerun.h): `grader
# batch` leaves it out by default and makes it with --integrity, computing the
# remapped values in the reference (exp_memory_fill, every reading with its
# chaos twins).  The submission computes what it prints but trains nothing: it
# predicts each row's label from token 0, so the length-5 and length-20
# accuracy checks pass (1.000) and the rerun has value checks to compare
# (under a secret map that moves a model's accuracy, that constant is caught).
# Skipped (pass) when /usr/bin/python3 has no torch.
# stage-cost: 90
set -u
cd "$(dirname "$0")/../.."
GRADER=${GRADER:-bin/grader}
PY=/usr/bin/python3
if ! "$PY" -c 'import torch' 2>/dev/null; then
    echo "rerun_memory: skipped, $PY has no torch"
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "rerun_memory: FAIL: $*"; exit 1; }
mkdir -p "$tmp/cohort/ada"
cat >"$tmp/cohort/ada/memory_lab.py" <<'EOF'
import time
import torch


def recall_task(n, T, seed):
    g = torch.Generator().manual_seed(seed)
    flag = torch.randint(0, 2, (n,), generator=g)
    noise = torch.randint(2, 10, (n, T - 1), generator=g)
    return torch.cat([flag.unsqueeze(1), noise], 1), flag.float()


print("length model train_s train_acc test_acc")
for T in (5, 20):
    Xtr, ytr = recall_task(4000, T, 100 + T)
    Xte, yte = recall_task(1000, T, 200 + T)
    for model in ("RNN", "GRU", "LSTM", "LSTM_bf3"):
        t0 = time.time()
        train = float((Xtr[:, 0].float() == ytr).float().mean())
        test = float((Xte[:, 0].float() == yte).float().mean())
        print(f"{T} {model} {time.time() - t0:.3f} {train:.3f} {test:.3f}")
EOF

result() { ls "$1"/*ada*/memory_lab.json 2>/dev/null | head -1; }

"$GRADER" batch "$tmp/cohort" --out "$tmp/plain" --quiet >"$tmp/plain.log" 2>&1
[ $? -le 1 ] || { cat "$tmp/plain.log"; fail "grader batch"; }
json=$(result "$tmp/plain")
[ -n "$json" ] || fail "no result from grader batch"
grep -q '"runs":' "$json" && fail "grader batch made memory_lab's rerun without --integrity"
echo "rerun_memory: ok: grader batch leaves memory_lab's rerun out by default"

# Under the sanitizer build the remapped values' 56 models would take most of
# the pass (as in expected_fresh.sh): the plain build makes the rerun.
if [ "${SANITIZE:-}" = 1 ]; then
    echo "rerun_memory: the rerun itself left to the plain build (sanitizer pass)"
    exit 0
fi
"$GRADER" batch "$tmp/cohort" --out "$tmp/strict" --integrity --quiet >"$tmp/strict.log" 2>&1
[ $? -le 1 ] || { cat "$tmp/strict.log"; fail "grader batch --integrity"; }
json=$(result "$tmp/strict")
[ -n "$json" ] || fail "no result from grader batch --integrity"
"$PY" - "$json" <<'EOF' || fail "grader batch --integrity: the rerun"
# The secret map is new on every run.  Under most maps the models reach 1.000
# again and the submission's 1.000 cannot be told apart (untestable: kept);
# under some a model's accuracy moves, and then a constant 1.000 did not
# follow it: printed again unchanged it is read as replayed and fails, and
# when most did not follow the rest wait for a human.  Both are right (the
# submission trains nothing); what must hold under every map is below.
import json, sys
d = json.load(open(sys.argv[1]))
i = d.get("integrity") or {}
lens = [c for c in d["checks"] if c["id"].startswith(("len5_", "len20_"))]
verdicts = {c["id"]: c["verdict"] for c in lens}
assert len(lens) == 16, f"16 length-5 and -20 accuracy checks expected: {verdicts}"
assert i.get("runs") == 2, f"no second run: {i}"
assert i.get("compared", 0) >= 16, f"compared too few: {i}"
moved = i.get("not_followed", 0)
assert i.get("replayed", 0) <= moved, f"a value read as replayed that did not move: {i}"
if moved == 0:
    bad = {k: v for k, v in verdicts.items() if v != "pass"}
    assert not bad, f"nothing moved under the map, yet not passed: {bad}; {i}"
else:
    bad = {k: v for k, v in verdicts.items() if v not in ("pass", "review", "fail")}
    assert not bad, f"a value the rerun judged must pass, wait for review or fail: {bad}"
    held = sum(v in ("review", "fail") for v in verdicts.values())
    assert held >= moved, f"{moved} did not follow, only {held} held back: {verdicts}"
print("rerun_memory: ok: --integrity made the rerun:", i["summary"][:160])
EOF
