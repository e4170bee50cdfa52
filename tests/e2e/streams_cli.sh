#!/usr/bin/env bash
# streams_cli.sh — `reference reviews|randn|init|randperm` print exactly what the
# real NumPy / PyTorch print for the same call (byte for byte, %.9g), and refuse
# bad arguments with a usage message and exit status 2.  The library comparison
# needs /usr/bin/python3 with torch; without it that half is skipped, saying so.
set -u
cd "$(dirname "$0")/../.."
REFERENCE=${REFERENCE:-bin/reference}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

fail() { echo "streams_cli: FAIL: $*"; status=1; }

# --- bad arguments: usage on stderr, status 2, nothing on stdout -------------
while IFS= read -r args; do
    # shellcheck disable=SC2086
    "$REFERENCE" $args >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" -ne 2 ] || ! grep -q '^usage: reference' "$tmp/err" || [ -s "$tmp/out" ]; then
        fail "'reference $args' gave status $rc (want 2 and a usage message)"
        head -3 "$tmp/err"
    fi
done <<'ARGS'
reviews
reviews --n 10
reviews --n -1 --seed 3
reviews --n 10 --seed 3x
reviews --n 10 --seed 18446744073709551616
reviews --n 99999999999 --seed 1
reviews --n 10 --seed 1 --bogus 2
randn --seed 0
randn --seed 0 --shape
randn --seed 0 --shape 3,,4
randn --seed 0 --shape 3,
randn --seed 0 --shape 100000,100000
randn --seed 0 --shape 1,2,3,4,5,6,7,8,9
randn --seed 0 --shape 3 --dtype int8
randn --seed 0 --shape 3 --profile 3.0
randn --seed 0 --shape 3 --kernels avx512
init linear:3:4 --seed 1 --kernels
init --seed 1
init linear:3 --seed 1
init seqnet:transformer --seed 1
init recaller:GRU --seed 1
init lstmcell:3:0 --seed 1
init linear:3:4
init mlp:100000:100000:1 --seed 1
init linear:3:4 extra --seed 1
randperm --seed 1
label
label --n 3
randperm --seed 1 --n 10 --times -2
randperm --seed 1 --n 67108864 --times 2
ARGS

# --- shapes that need no Python -----------------------------------------------
n=$("$REFERENCE" init seqnet:lstm --seed 7 | wc -l)
[ "$n" -eq 6705 ] || fail "seqnet:lstm printed $n parameters, not 6,705"
"$REFERENCE" reviews --n 600 --seed 12 >"$tmp/reviews" || fail "reviews exited $?"
kinds=$(cut -f3 "$tmp/reviews" | sort | uniq -c | tr -s ' ' | tr '\n' ' ')
[ "$kinds" = " 303 not  297 very " ] || fail "make_reviews(600, seed=12) kinds are '$kinds'"
# Step 1's twins, labelled by the grammar; a mixed review has no label (status 1).
got=$("$REFERENCE" label delivery was good and service was not slow | cut -f1)
[ "$got" = positive ] || fail "twin A labelled '$got'"
got=$("$REFERENCE" label "delivery was slow and service was not good" | cut -f1)
[ "$got" = negative ] || fail "twin B labelled '$got'"
"$REFERENCE" label delivery was good and service was bad >"$tmp/out"
rc=$?
[ "$rc" -eq 1 ] && grep -q "clauses disagree" "$tmp/out" || fail "a mixed review gave status $rc"
"$REFERENCE" randn --seed 0 --shape 0,5 >"$tmp/empty" && [ ! -s "$tmp/empty" ] ||
    fail "randn of an empty shape printed something or failed"

# --- against the real libraries --------------------------------------------------
py=/usr/bin/python3
if ! [ -x "$py" ] || ! "$py" -c 'import torch, numpy' >/dev/null 2>&1; then
    echo "streams_cli: SKIP library comparison: $py cannot import torch and numpy"
else
    # Pass 1 compares with torch as it runs here: the default (AVX2) streams on
    # an AVX2+FMA CPU, else --kernels native.  Pass 2 forces torch onto its
    # generic kernels and compares with --kernels generic.
    native=""
    flags=$(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null)
    case " $flags " in
        *" avx2 "*" fma "*|*" fma "*" avx2 "*) ;;
        *) native="--kernels native" ;;
    esac
    [ "${ATEN_CPU_CAPABILITY:-}" = default ] && native="--kernels native"
    compare_pass() {    # $1 directory of cases, $2 extra arguments for randn/init
        local a args extra cases=0
        for a in "$1"/*.args; do
            args=$(cat "$a")
            extra=""
            case "$args" in randn*|init*) extra=$2 ;; esac
            # shellcheck disable=SC2086
            if ! "$REFERENCE" $args $extra >"$tmp/got" 2>"$tmp/err"; then
                fail "'reference $args $extra' failed: $(head -1 "$tmp/err")"
            elif ! cmp -s "$tmp/got" "${a%.args}.out"; then
                fail "'reference $args $extra' differs from the library:"
                diff "${a%.args}.out" "$tmp/got" | head -6
            fi
            cases=$((cases + 1))
        done
        [ "$cases" -gt 10 ] || fail "only $cases CLI cases came from gen_streams.py"
        echo "streams_cli: $cases commands${2:+ with $2} compared with torch/numpy"
    }
    mkdir "$tmp/cli" "$tmp/generic"
    nice "$py" tests/golden/gen_streams.py --cli "$tmp/cli" || fail "gen_streams.py --cli failed"
    compare_pass "$tmp/cli" "$native"
    ATEN_CPU_CAPABILITY=default nice "$py" tests/golden/gen_streams.py --cli "$tmp/generic" ||
        fail "gen_streams.py --cli under ATEN_CPU_CAPABILITY=default failed"
    compare_pass "$tmp/generic" "--kernels generic"
fi
[ "$status" -eq 0 ] && echo "streams_cli: ok"
exit $status
