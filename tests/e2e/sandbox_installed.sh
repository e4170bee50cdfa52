#!/usr/bin/env bash
# sandbox_installed.sh — an installed grader's data is not the submission's to
# read.  `make install PREFIX=/usr/local` puts the rubrics, the expected values
# and the samples in /usr/local/share/gradebox; the sandbox used to bind /usr
# whole, so a submission could print the expected values (issue 24).
#
# tests/hostile/read_installed_share.py, graded as attention_by_hand.py by the
# installed grader, tries to read and list the share directory, /usr/share/doc
# and the rest of /usr that Python does not need, and walks every directory it
# can see for the grader's files.  Its report must show every one missing and
# the run must be graded as usual (torch and numpy import in the sandbox: the
# correct sample graded by the same installed grader scores full marks).
#
# As root the install is real, into /usr/local, with the host untouched: in a
# private mount namespace (unshare) /usr is covered by an overlay whose upper
# layer is a tmpfs, so /usr stays one mount as on a real machine (the old mount
# code bound /usr whole, and printed the expected values here).  Without root,
# or where overlayfs cannot be mounted, only the DESTDIR install runs (its share
# directory lies outside /usr, so it proves less) and the real layout prints
# SKIP.
# stage-cost: 40   (seconds: four gradings and two installs; 44 s on a loaded machine)
set -u
cd "$(dirname "$0")/../.."
GRADER=${GRADER:-bin/grader}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "sandbox_installed: FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "sandbox_installed: ok: $*"; }
mk() {
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
        make --no-print-directory SANITIZE="${SANITIZE:-}" "$@"
}

# graded PREFIX LABEL: grades the hostile submission and the sample with
# PREFIX/bin/grader (no GRADEBOX_HOME) and checks what the run printed.  The
# submission looks in /usr/local/share/gradebox (where a DESTDIR install's
# data is not) and walks all it sees (where it would be found).
graded() {
    local prefix=$1 label=$2 share=$1/share/gradebox
    mkdir -p "$tmp/$label/h" "$tmp/$label/s"
    [ -s "$share/rubrics/expected/attention_by_hand.json" ] \
        || { fail "$label: make install left no expected values in $share"; return; }
    cp tests/hostile/read_installed_share.py "$tmp/$label/h/attention_by_hand.py"
    cp exercises/samples/attention_by_hand.py "$tmp/$label/s/attention_by_hand.py"
    (cd "$tmp/$label/h" && env -u GRADEBOX_HOME "$prefix/bin/grader" check --format json \
        attention_by_hand.py >result.json 2>err)
    python3 - "$tmp/$label/h/result.json" <<'EOF' >"$tmp/$label/verdict" 2>&1
import json, sys
d = json.load(open(sys.argv[1]))
share = "/usr/local/share/gradebox"   # where the submission looks first
printed = [l["text"] for l in d["output"]["shown"]]
want = [f"{share} errno 2",
        f"{share}/rubrics/expected/attention_by_hand.json errno 2",
        f"{share}/exercises/samples errno 2"]
want += [f"{p} errno 2" for p in ("/usr/share/gradebox", "/usr/share/doc", "/usr/share",
                                  "/usr/local/share", "/usr/include", "/usr/sbin")]
want += ["walked many entries; found []"]
assert d["run"]["summary"] == "exited with status 0", d["run"]["summary"]
assert printed == want, "\n".join(["printed:"] + printed)
EOF
    [ $? -eq 0 ] && ok "$label: the share dir's expected values, its listing and /usr/share are not visible" \
        || { fail "$label: the submission saw:"; cat "$tmp/$label/verdict"; head -3 "$tmp/$label/h/err"; }
    (cd "$tmp/$label/s" && env -u GRADEBOX_HOME "$prefix/bin/grader" check \
        attention_by_hand.py >out 2>&1)
    local rc=$?
    [ "$rc" -eq 0 ] && grep -q "full marks" "$tmp/$label/s/out" \
        && ok "$label: the sample still scores full marks (torch and numpy import)" \
        || { fail "$label: the sample (exit $rc):"; tail -3 "$tmp/$label/s/out"; }
}

if mk install DESTDIR="$tmp/dest" PREFIX=/usr/local >"$tmp/make.log" 2>&1; then
    graded "$tmp/dest/usr/local" destdir
else
    fail "make install DESTDIR=... PREFIX=/usr/local"; tail -5 "$tmp/make.log"
fi

# The real layout, in a private mount namespace.
if [ "$(id -u)" -ne 0 ] || ! command -v unshare >/dev/null; then
    echo "sandbox_installed: SKIP: the real /usr/local install needs root (and unshare)"
else
    before=$(ls -d /usr/local/share/gradebox /usr/local/bin/grader 2>/dev/null)
    export -f graded fail ok mk
    export tmp
    mkdir -p "$tmp/ovl"
    fails=0 unshare --mount --propagation private bash -c '
        set -u
        mount -t tmpfs -o mode=0755 tmpfs "$tmp/ovl" && mkdir "$tmp/ovl/up" "$tmp/ovl/work" &&
        mount -t overlay overlay \
            -o "lowerdir=/usr,upperdir=$tmp/ovl/up,workdir=$tmp/ovl/work" /usr || exit 3
        mk install PREFIX=/usr/local >"$tmp/make-real.log" 2>&1 \
            || { fail "make install PREFIX=/usr/local"; tail -5 "$tmp/make-real.log"; exit 1; }
        graded /usr/local real
        exit $((fails > 0))'
    case $? in
        0) ;;
        3) echo "sandbox_installed: SKIP: the real /usr/local install (no overlayfs here)" ;;
        *) fails=$((fails + 1)) ;;
    esac
    [ "$(ls -d /usr/local/share/gradebox /usr/local/bin/grader 2>/dev/null)" = "$before" ] \
        && ok "the host's /usr/local is untouched" \
        || fail "the host's /usr/local changed"
fi

[ "$fails" -eq 0 ] || { echo "sandbox_installed: $fails failed"; exit 1; }
echo "sandbox_installed: all passed"
