#!/usr/bin/env bash
# bench_reference.sh — the reference computing every expected value, against
# Debian's torch running the same experiments (tests/bench/torch_experiments.py:
# same shapes, seeds and epochs), in the same run.  Prints wall and CPU time of
# both and their ratios (target >= 10x), the memory lab's FLOP count and the
# fraction of the machine's single-precision peak its training reaches, then how
# closely the two agree (tests/bench/agreement.py).
#
# Slow: torch needs several minutes (its memory lab alone ~160-400 s here).
# BENCH_TORCH_JSON=FILE reuses a saved torch run (its times are then not this run's).
# The machine is shared: CPU time is the steadier measure when it is busy.
set -u
cd "$(dirname "$0")/../.."
: "${REFERENCE:=bin/reference}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
TIMEFORMAT='%R %U %S'
calc() { awk "BEGIN { printf \"%.6f\", $1 }"; }

# timed NAME CMD...: runs CMD, stdout to $tmp/NAME.out; sets wall and cpu.
timed() {
    local name=$1; shift
    { time "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"; } 2>"$tmp/$name.time" ||
        { echo "bench: $name failed:"; cat "$tmp/$name.err"; exit 1; }
    read -r w u k <"$tmp/$name.time"
    wall=$w
    cpu=$(calc "$u + $k")
}

wanted="order_matters self_check gradient_decay memory_lab attention_by_hand"
have=" $("$REFERENCE" --help | awk 'NR > 3 { print $1 }' | tr '\n' ' ') "
ref_wall=0
ref_cpu=0
for s in $wanted; do
    case "$have" in *" $s "*) ;; *) echo "bench: reference has no $s"; exit 1 ;; esac
    timed "$s" "$REFERENCE" "$s" --out "$tmp/$s.json"
    printf '  reference %-18s %8.2f s wall %8.2f s CPU\n' "$s" "$wall" "$cpu"
    ref_wall=$(calc "$ref_wall + $wall")
    ref_cpu=$(calc "$ref_cpu + $cpu")
    [ "$s" = memory_lab ] && mem_wall=$wall
done

if [ -n "${BENCH_TORCH_JSON:-}" ]; then
    cp "$BENCH_TORCH_JSON" "$tmp/torch.json"
    torch_wall=$(/usr/bin/python3 -c 'import json,sys; d=json.load(open(sys.argv[1]));
print(sum(v["seconds"] for v in d.values()))' "$tmp/torch.json")
    torch_cpu=nan
    echo "torch: reusing $BENCH_TORCH_JSON (wall time of that run)"
else
    timed torch /usr/bin/python3 tests/bench/torch_experiments.py --threads 2
    torch_wall=$wall
    torch_cpu=$cpu
    cp "$tmp/torch.out" "$tmp/torch.json"
    sed 's/^/  /' "$tmp/torch.err"
fi
printf 'reference, all expected values: %8.2f s wall %8.2f s CPU\n' "$ref_wall" "$ref_cpu"
printf 'torch 1.13, same experiments:   %8.2f s wall %8.2f s CPU\n' "$torch_wall" "$torch_cpu"
printf 'ratio torch / reference:        %8.1fx wall %7.1fx CPU   (target >= 10x)\n' \
    "$(calc "$torch_wall / $ref_wall")" "$(calc "$torch_cpu / $ref_cpu")"

# Like for like: torch trains each memory-lab model once, while the reference
# also re-runs every model from a one-ulp twin start to tell chaotic results
# from stable ones.  Time the reference without those twins against torch's
# memory lab alone, so the ratio compares the same work.
timed memory_lab_no_twins "$REFERENCE" memory_lab --twins 0 --out "$tmp/ml0.json"
torch_mem=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["memory_lab"]["seconds"])' \
    "$tmp/torch.json")
printf 'memory lab without twin re-runs: %8.2f s wall %8.2f s CPU; torch %8.2f s wall: %.1fx wall\n' \
    "$wall" "$cpu" "$torch_mem" "$(calc "$torch_mem / $wall")"

# The memory lab prints its own FLOP count (what its kernels executed, checked
# against the shapes) and CPU-time efficiency; add the fraction of the whole
# machine's peak over wall time: 2 cores x 32 SP FLOP/cycle (AVX2+FMA) x clock.
grep -E '^(memory lab|training):' "$tmp/memory_lab.out"
/usr/bin/python3 - "$tmp/memory_lab.out" "$mem_wall" <<'PY'
import re, sys
text, wall = open(sys.argv[1]).read(), float(sys.argv[2])
m = re.search(r'([0-9.e+]+) matmul FLOP', text)
mhz = max(float(l.split(':')[1]) for l in open('/proc/cpuinfo') if l.startswith('cpu MHz'))
peak = 2 * 32 * mhz * 1e6
if m:
    flops = float(m.group(1))
    print(f"memory lab: {flops:.4g} FLOP in {wall:.1f} s wall = {flops / wall / 1e9:.1f} GFLOP/s"
          f" = {100 * flops / wall / peak:.1f}% of the 2-core peak"
          f" ({peak / 1e9:.0f} GFLOP/s at {mhz:.0f} MHz)")
PY
/usr/bin/python3 tests/bench/agreement.py "$tmp" "$tmp/torch.json"
