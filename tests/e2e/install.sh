#!/usr/bin/env bash
# install.sh — `make install` / `make uninstall` with DESTDIR and PREFIX.
#
# Installs the binaries under test (the build $SANITIZE names) into a temporary
# DESTDIR with PREFIX=/opt/gradebox and checks that: the installed binaries are
# those binaries; PREFIX/share/gradebox holds exactly the tree's rubrics,
# course files and shims (a stale rubric left by an older install is gone),
# and not the published sample solutions, which only `make install-samples`
# adds;
# the installed grader, run from another directory with no GRADEBOX_HOME,
# grades the bundled sample in full with that data; the installed reference
# prints what the built one prints; a copy of the grader with no data beside it
# fails with a message saying where it looked; uninstall removes what install
# put there and nothing else; an empty PREFIX is refused.  One grading run
# (~15 s, mostly importing torch).
set -u
cd "$(dirname "$0")/../.."
GRADER=${GRADER:-bin/grader}
REFERENCE=${REFERENCE:-bin/reference}
py=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CONFIG_HOME=$tmp/config     # the result key `grader check` makes
fails=0
fail() { echo "install: FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "install: ok: $*"; }

dest=$tmp/dest
prefix=/opt/gradebox
inst=$dest$prefix
data=$inst/share/gradebox
# The make under test, not the jobserver of a `make check` around it.
mk() {
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
        make --no-print-directory SANITIZE="${SANITIZE:-}" "$@"
}

# What an older install and the operator left in the prefix.
mkdir -p "$data/rubrics" "$inst/share/other" "$inst/bin"
echo '{"format": 1, "exercise": "stale_exercise"}' >"$data/rubrics/stale_exercise.json"
echo keep >"$inst/share/other/keep"
echo keep >"$inst/bin/other-tool"

if ! mk install DESTDIR="$dest" PREFIX="$prefix" >"$tmp/make.log" 2>&1; then
    fail "make install"; tail -5 "$tmp/make.log"; exit 1
fi
cmp -s "$inst/bin/grader" "$GRADER" && cmp -s "$inst/bin/reference" "$REFERENCE" \
    && [ -x "$inst/bin/grader" ] && [ -x "$inst/bin/reference" ] \
    && ok "bin/grader and bin/reference are the binaries under test" \
    || fail "the installed binaries are not $GRADER and $REFERENCE"
for d in rubrics exercises grader/shims grader/client; do
    diff -r -x __pycache__ -x samples "$d" "$data/$d" >"$tmp/diff" \
        && ok "share/gradebox/$d is the tree's" \
        || { fail "share/gradebox/$d differs from the tree's:"; head -5 "$tmp/diff"; }
done
[ ! -e "$data/rubrics/stale_exercise.json" ] && ok "a stale rubric is removed" \
    || fail "the stale rubric of an older install is still there"
[ ! -e "$data/exercises/samples" ] && ok "the published samples are not installed" \
    || fail "make install installed the published samples"
if mk install-samples DESTDIR="$dest" PREFIX="$prefix" >"$tmp/make.log" 2>&1 \
        && diff -r exercises/samples "$data/exercises/samples" >"$tmp/diff"; then
    ok "make install-samples installs exactly the tree's samples"
else
    fail "make install-samples:"; tail -5 "$tmp/make.log" "$tmp/diff"
fi

# The installed grader from a student's folder, nothing pointing at the checkout.
mkdir -p "$tmp/student"
cp exercises/samples/attention_by_hand.py "$tmp/student/"
(cd "$tmp/student" && env -u GRADEBOX_HOME PATH="$inst/bin:$PATH" \
    grader check --format json attention_by_hand.py >"$tmp/result.json" 2>"$tmp/err")
rc=$?
if [ "$rc" -eq 0 ] && "$py" -c 'import json,sys
d = json.load(open(sys.argv[1]))
assert d["exercise"] == "attention_by_hand" and d["status"] == "passed", (d["exercise"], d["status"])
assert d["score"] == d["max_score"] > 0, (d["score"], d["max_score"])
bad = [c["id"] for c in d["checks"] if c["verdict"] != "pass"]
assert d["checks"] and not bad, bad' "$tmp/result.json"; then
    ok "the installed grader grades the sample in full from its share/gradebox"
else
    fail "the installed grader (exit $rc):"; head -5 "$tmp/err" "$tmp/result.json"
fi

"$inst/bin/reference" reviews --n 5 --seed 3 >"$tmp/ref.inst" 2>&1
"$REFERENCE" reviews --n 5 --seed 3 >"$tmp/ref.built" 2>&1
[ -s "$tmp/ref.built" ] && cmp -s "$tmp/ref.inst" "$tmp/ref.built" \
    && ok "the installed reference prints what the built one prints" \
    || fail "the installed reference's output differs"

mkdir -p "$tmp/lonely/bin"
cp "$inst/bin/grader" "$tmp/lonely/bin/"
(cd "$tmp/student" && env -u GRADEBOX_HOME "$tmp/lonely/bin/grader" check attention_by_hand.py \
    >"$tmp/out" 2>&1)
rc=$?
[ "$rc" -eq 2 ] && grep -q "cannot find gradebox's rubrics/ next to $tmp/lonely/bin/grader" "$tmp/out" \
    && grep -q "GRADEBOX_HOME" "$tmp/out" \
    && ok "a grader with no data beside it says where it looked" \
    || { fail "a grader with no data (exit $rc):"; head -3 "$tmp/out"; }

if mk uninstall DESTDIR="$dest" PREFIX="$prefix" >"$tmp/make.log" 2>&1 \
    && [ ! -e "$inst/bin/grader" ] && [ ! -e "$inst/bin/reference" ] && [ ! -e "$data" ] \
    && [ -e "$inst/share/other/keep" ] && [ -e "$inst/bin/other-tool" ]; then
    ok "uninstall removes gradebox's files and keeps the others"
else
    fail "uninstall:"; tail -3 "$tmp/make.log"; find "$inst" | head
fi

if mk install DESTDIR="$tmp/empty" PREFIX= >"$tmp/make.log" 2>&1 \
    || ! grep -q "PREFIX is empty" "$tmp/make.log" || [ -e "$tmp/empty" ]; then
    fail "an empty PREFIX was not refused:"; tail -3 "$tmp/make.log"
else
    ok "an empty PREFIX is refused"
fi

[ "$fails" -eq 0 ] || { echo "install: $fails failed"; exit 1; }
echo "install: all passed"
