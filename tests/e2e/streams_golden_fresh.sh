#!/usr/bin/env bash
# streams_golden_fresh.sh — the committed golden streams (tests/golden/streams.txt)
# must be exactly what the installed NumPy and PyTorch draw today.  Reruns
# gen_streams.py with Debian's /usr/bin/python3; skips, saying so, when that
# Python has no torch or numpy (the Check suite still compares the C code with
# the committed vectors).
# stage-cost: 60
set -u
cd "$(dirname "$0")/../.."
py=/usr/bin/python3
if ! [ -x "$py" ] || ! "$py" -c 'import torch, numpy' >/dev/null 2>&1; then
    echo "streams_golden_fresh: SKIP: $py cannot import torch and numpy; golden vectors not re-verified"
    exit 0
fi
# The committed vectors are what torch's AVX2 kernels draw; torch elsewhere cannot
# reproduce them (docs/reference.md, "Seeded random streams"), though the C code still can.
flags=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null)
case " $flags " in
    *" avx2 "*" fma "*|*" fma "*" avx2 "*) ;;
    *) echo "streams_golden_fresh: SKIP: this CPU lacks AVX2/FMA, so its torch cannot draw the committed AVX2 streams"
       exit 0 ;;
esac
if [ "${ATEN_CPU_CAPABILITY:-}" = default ]; then
    echo "streams_golden_fresh: SKIP: ATEN_CPU_CAPABILITY=default keeps torch off its AVX2 kernels"
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! nice "$py" tests/golden/gen_streams.py "$tmp/streams.txt" >"$tmp/log" 2>&1; then
    echo "streams_golden_fresh: gen_streams.py failed:"; cat "$tmp/log"
    exit 1
fi
if ! cmp -s tests/golden/streams.txt "$tmp/streams.txt"; then
    echo "streams_golden_fresh: tests/golden/streams.txt differs from what this machine's libraries draw"
    echo "  (regenerate with: $py tests/golden/gen_streams.py, then review why the streams moved)"
    diff tests/golden/streams.txt "$tmp/streams.txt" | grep '^[<>] case' | head -20
    exit 1
fi
echo "streams_golden_fresh: $(grep -c '^case ' "$tmp/streams.txt") cases fresh ($(sed -n 3p "$tmp/streams.txt" | cut -c3-))"
