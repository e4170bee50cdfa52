#!/usr/bin/env bash
# bench_reference.sh — the reference computing every expected value, against
# Debian's torch running the same experiments (tests/bench/torch_experiments.py:
# same shapes, seeds and epochs), in the same run.  Prints both wall times and
# the ratio (target >= 10x), then the memory lab's FLOP count and the fraction
# of the machine's single-precision peak its training loop reaches, then how
# closely the two agree (tests/bench/agreement.py).
#
# Slow: torch needs several minutes (its memory lab alone ~200-400 s here).
# Set BENCH_TORCH_JSON to a saved torch run to skip re-running torch.
set -u
cd "$(dirname "$0")/../.."
: "${REFERENCE:=bin/reference}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
calc() { awk "BEGIN { printf \"%.6f\", $1 }"; }

# Every experiment the reference has, in the order the torch script runs them.
wanted="order_matters self_check gradient_decay memory_lab attention_by_hand"
have=$("$REFERENCE" --help | awk 'NR > 3 { print $1 }')
subs=""
for s in $wanted; do
    case " $(echo $have) " in *" $s "*) subs="$subs $s" ;; esac
done
echo "reference experiments:$subs"

declare -A secs
t_all0=$(now)
for s in $subs; do
    t0=$(now)
    "$REFERENCE" "$s" --out "$tmp/$s.json" >/dev/null || { echo "bench: reference $s failed"; exit 1; }
    secs[$s]=$(calc "$(now) - $t0")
    printf '  reference %-18s %8.2f s\n' "$s" "${secs[$s]}"
done
ref_total=$(calc "$(now) - $t_all0")

if [ -n "${BENCH_TORCH_JSON:-}" ]; then
    cp "$BENCH_TORCH_JSON" "$tmp/torch.json"
    torch_total=$(/usr/bin/python3 -c 'import json,sys; d=json.load(open(sys.argv[1]));
print(sum(v["seconds"] for v in d.values()))' "$tmp/torch.json")
    echo "torch: reusing $BENCH_TORCH_JSON"
else
    t0=$(now)
    nice -n 5 /usr/bin/python3 tests/bench/torch_experiments.py --threads 2 >"$tmp/torch.json" ||
        { echo "bench: torch_experiments.py failed"; exit 1; }
    torch_total=$(calc "$(now) - $t0")
fi
printf 'reference, all expected values: %8.2f s\n' "$ref_total"
printf 'torch 1.13, same experiments:   %8.2f s\n' "$torch_total"
printf 'ratio torch / reference:        %8.1fx   (target >= 10x)\n' \
    "$(calc "$torch_total / $ref_total")"

# The memory lab's arithmetic, from its shapes (Embedding(10,16) -> core(16,32) ->
# Linear(32,1); 4000 training rows, 40 epochs, then one pass over 4000 + 1000 rows
# to score): matrix FLOPs per sequence step are 2*G*H*(E+H) forward, twice that
# backward.  Peak: 2 cores x 32 single-precision FLOP/cycle (AVX2 + FMA) x clock.
if [ -n "${secs[memory_lab]:-}" ]; then
    /usr/bin/python3 - "${secs[memory_lab]}" <<'PY'
import sys
secs = float(sys.argv[1])
E, H, N, TEST, EPOCHS = 16, 32, 4000, 1000, 40
runs = [(T, g) for T in (5, 20, 50) for g in (1, 3, 4, 4)] + [(100, 1), (100, 4)]
flops = 0
for T, G in runs:
    step = 2 * G * H * (E + H)
    flops += EPOCHS * N * T * 3 * step + (N + TEST) * T * step
mhz = max(float(l.split(':')[1]) for l in open('/proc/cpuinfo') if l.startswith('cpu MHz'))
peak = 2 * 32 * mhz * 1e6
print(f"memory lab: {flops / 1e9:.1f} GFLOP (matrix products) in {secs:.2f} s"
      f" = {flops / secs / 1e9:.2f} GFLOP/s")
print(f"machine peak: 2 cores x 32 SP FLOP/cycle x {mhz:.0f} MHz = {peak / 1e9:.1f} GFLOP/s;"
      f" the memory lab reaches {100 * flops / secs / peak:.2f}% of it")
PY
fi
/usr/bin/python3 tests/bench/agreement.py "$tmp" "$tmp/torch.json"
