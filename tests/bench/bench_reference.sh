#!/usr/bin/env bash
# bench_reference.sh — the reference computing every expected value, against
# Debian's torch running the same experiments (tests/bench/torch_experiments.py:
# same shapes, seeds, epochs and both memory-lab readings), in the same run.
# Prints wall and CPU time of both and their ratio (targets: the reference in
# <= 10 s wall on 2 cores, >= 20x faster than torch), the memory lab's FLOP
# count, the machine's peak measured by an FMA loop (nn/nn_peak.h) and the
# fraction of it the memory lab's training reaches, then how closely the two
# agree (tests/bench/agreement.py).
#
# Slow: torch needs many minutes (its memory lab alone ~5-10 min here).
# BENCH_TORCH_JSON=FILE reuses a saved torch run (its times are then not this run's).
# The machine is shared: the load average is printed before and after; CPU
# time is the steadier measure when it is busy.
set -u
cd "$(dirname "$0")/../.."
: "${REFERENCE:=bin/reference}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
TIMEFORMAT='%R %U %S'
calc() { awk "BEGIN { printf \"%.6f\", $1 }"; }
load() { cut -d' ' -f1-3 /proc/loadavg; }

# timed NAME CMD...: runs CMD, stdout to $tmp/NAME.out; sets wall and cpu.
timed() {
    local name=$1; shift
    { time "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"; } 2>"$tmp/$name.time" ||
        { echo "bench: $name failed:"; cat "$tmp/$name.err"; exit 1; }
    read -r w u k <"$tmp/$name.time"
    wall=$w
    cpu=$(calc "$u + $k")
}

echo "load average before: $(load) on $(nproc) CPUs"
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
printf 'reference, all expected values: %8.2f s wall %8.2f s CPU   (target <= 10 s wall)\n' \
    "$ref_wall" "$ref_cpu"
printf 'torch 1.13, same experiments:   %8.2f s wall %8.2f s CPU\n' "$torch_wall" "$torch_cpu"
printf 'ratio torch / reference:        %8.1fx wall %7.1fx CPU   (target >= 20x)\n' \
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

# The memory lab prints its FLOP count (executed, checked against the shapes),
# the peak an FMA loop reaches on each core and the fraction of it training
# reaches (per core of CPU time, and of all cores over the wall).
grep -E '^(memory lab|peak|hot loops)' "$tmp/memory_lab.out"
/usr/bin/python3 - "$tmp/memory_lab.out" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
m = re.search(r'([0-9.e+]+) matmul FLOP', text)
p = re.search(r'peak \(FMA loop, (\w+)\): ([0-9.]+) GFLOP/s per core, ([0-9.]+) on (\d+); '
              r'training ([0-9.]+) GFLOP/s per core of CPU time = (\d+)% of it, (\d+)%', text)
if m and p:
    print(f"memory lab: {float(m.group(1)):.4g} FLOP of matrix products (both readings, twins)")
    print(f"measured peak: {p.group(2)} GFLOP/s per core ({p.group(1)} FMA loop), "
          f"{p.group(3)} on {p.group(4)} cores")
    print(f"reached: {p.group(5)} GFLOP/s per core of CPU time = {p.group(6)}% of the peak; "
          f"{p.group(7)}% of the {p.group(4)}-core peak over the wall (load included)")
PY
/usr/bin/python3 tests/bench/agreement.py "$tmp" "$tmp/torch.json"
echo "load average after: $(load)"
