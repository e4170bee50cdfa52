#!/usr/bin/env bash
# serve_client.sh — the students' submit client (gradebox_submit.py) end to end
# against a real `grader serve`: downloaded from GET /client with the service's
# address written in, stdlib-only and fork-free (a static look at its imports);
# uploads, waits and prints exactly the text report `grader check` prints, with
# grader check's exit status (0 passed, 1 failed); a one-time --login keeps
# the address and token in a 0600 config file that later runs use; a bad token,
# an unreachable service and a missing file end with a sentence and status 2.
# Also the program's output on the service's result page: the output block,
# the cited lines marked and each check's citation linked to its line.
# stage-cost: 45
set -u
cd "$(dirname "$0")/../.."
name=serve_client
tmp=$(mktemp -d)
cleanup() {
    serve_cleanup
    rm -rf "$tmp"
}
trap cleanup EXIT
. tests/e2e/serve/lib.bash

export LANG=C.UTF-8 LC_ALL=C.UTF-8 PYTHONIOENCODING=utf-8
export XDG_CONFIG_HOME=$tmp/config XDG_STATE_HOME=$tmp/state
unset GRADEBOX_WEBHOOK_SECRET GRADEBOX_CONFIG GRADEBOX_WEBHOOK_URL GRADEBOX_SERVE_DB \
      GRADEBOX_TOKEN_KEY_FILE GRADEBOX_URL GRADEBOX_TOKEN

"$GRADER" token keygen "$tmp/key" >/dev/null || fail "token keygen"
s1=$(token s001)

# What grader check prints for the same file, the run's seconds aside, graded with
# --integrity as the service grades (the hidden-input test of attend).
"$GRADER" check --integrity --student s001 --assignment attention_by_hand "$SAMPLE" >"$tmp/check.txt" 2>"$tmp/check.log"
check_rc=$?
[ "$check_rc" = 0 ] || fail "grader check of the sample exited $check_rc"
mkdir -p "$tmp/hello" "$tmp/home"
printf 'print("hello")\n' >"$tmp/hello/attention_by_hand.py"

serve_start a --db "$tmp/a.sqlite" --workers 1
A=${URL[a]}

# --- GET /client --------------------------------------------------------------------
code=$(curl -sS -m 30 -o "$tmp/gradebox_submit.py" -D "$tmp/headers" -w '%{http_code}' "$A/client")
[ "$code" = 200 ] || fail "GET /client answered $code"
grep -qi '^Content-Disposition: attachment; filename="gradebox_submit.py"' "$tmp/headers" ||
    fail "/client is not offered as gradebox_submit.py"
grep -qx "SERVICE_URL = \"$A\"  # written by the service that served this file (GET /client)" \
    "$tmp/gradebox_submit.py" || fail "the served client does not carry the service's address"
$PY - "$tmp/gradebox_submit.py" <<'EOF' || fail "the client is not a stdlib-only, fork-free Python 3.8 file"
import ast, sys
src = open(sys.argv[1], encoding="utf-8").read()
tree = ast.parse(src, feature_version=(3, 8))
mods = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
mods |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
bad = sorted(m for m in mods if m not in sys.stdlib_module_names)
calls = [w for w in ("subprocess", "fork", "curl", "os.system", "popen") if w in src]
if bad or calls:
    sys.exit("not stdlib: %s; forbidden: %s" % (bad, calls))
EOF
ok "GET /client: gradebox_submit.py with the service's address, stdlib only, no fork or curl"

client() { HOME=$tmp/home USERPROFILE=$tmp/home $PY "$tmp/gradebox_submit.py" "$@"; }

# --- the sample through the client: grader check's report and exit status ------------------
client "$SAMPLE" --token "$s1" >"$tmp/c1.out" 2>"$tmp/c1.err"
rc=$?
[ "$rc" = 0 ] || { cat "$tmp/c1.err"; fail "the client exited $rc on a passing file"; }
norm() { sed -E 's/^(run: .*) \([0-9.]+ s\)$/\1 (N s)/' "$1"; }
diff <(norm "$tmp/check.txt") <(norm "$tmp/c1.out") >"$tmp/diff" ||
    { head -20 "$tmp/diff"; fail "the client's report is not grader check's"; }
grep -q "The program's output: " "$tmp/c1.out" || fail "the report has no output block"
grep -q 'waiting to be graded\|being graded\|graded (' "$tmp/c1.err" || fail "no progress shown"
id=$(sed -n 's/^sent .* as submission \([a-z0-9]*\)$/\1/p' "$tmp/c1.err")
[ -n "$id" ] || fail "the client did not say which submission it sent"
ok "the sample through the client: grader check's report, word for word; exit 0"

# --- the result page: the output, cited lines marked and linked -------------------------
curl -sS -m 30 -H "Authorization: Bearer $s1" "$A/submissions/$id" >"$tmp/page.html"
grep -q '<h2>Your program'"'"'s output</h2>' "$tmp/page.html" || fail "the result page shows no output"
cited=$($PY - "$tmp/page.html" <<'EOF'
import re, sys
page = open(sys.argv[1], encoding="utf-8").read()
marked = set(re.findall(r'<span id="out-(\d+)" class="cited">', page))
linked = set(re.findall(r'<a href="#out-(\d+)">', page))
anchors = set(re.findall(r'<span id="out-(\d+)"', page))
assert marked and linked <= anchors and linked == marked, (marked, linked)
assert "four 4-number meanings" in page
print(len(marked))
EOF
) || fail "the result page's citations are not linked to marked lines"
ok "the result page: the output, $cited cited lines marked, each citation a link to its line"

# --- --login once, then the config file --------------------------------------------------
GRADEBOX_TOKEN=$s1 client --login --url "$A" >"$tmp/login.out" 2>&1 ||
    { cat "$tmp/login.out"; fail "--login"; }
conf=$tmp/home/.gradebox.json
[ "$(stat -c %a "$conf")" = 600 ] || fail "the config file is mode $(stat -c %a "$conf")"
grep -q "$s1" "$conf" || fail "the config file keeps no token"
client "$tmp/hello/attention_by_hand.py" >"$tmp/c2.out" 2>"$tmp/c2.err"
rc=$?
[ "$rc" = 1 ] || { cat "$tmp/c2.err"; fail "a failing file exited $rc, not 1"; }
grep -q '^score: 0/15 points' "$tmp/c2.out" || fail "no score in the failing report"
grep -q '^      1 | hello$' "$tmp/c2.out" || fail "the failing report does not show its output"
ok "--login keeps url and token (mode 600); a failing file prints its report and exits 1"

# The address the service wrote in is enough, with a token from the file.
printf '{"token": "%s"}\n' "$s1" >"$conf"
client "$tmp/hello/attention_by_hand.py" >/dev/null 2>"$tmp/c3.err"
[ $? = 1 ] || { cat "$tmp/c3.err"; fail "the served address was not used"; }
ok "the address written in by GET /client is used when nothing else gives one"

# --- refusals ---------------------------------------------------------------------------
client "$SAMPLE" --token "${s1}x" >"$tmp/c4.out" 2>&1
[ $? = 2 ] && grep -q '401' "$tmp/c4.out" && grep -q -- '--login' "$tmp/c4.out" ||
    { cat "$tmp/c4.out"; fail "a bad token"; }
client "$SAMPLE" --url http://127.0.0.1:9 >"$tmp/c5.out" 2>&1
[ $? = 2 ] && grep -q 'cannot reach the service' "$tmp/c5.out" || { cat "$tmp/c5.out"; fail "unreachable"; }
client "$tmp/nope.py" >"$tmp/c6.out" 2>&1
[ $? = 2 ] && grep -q 'cannot read' "$tmp/c6.out" || { cat "$tmp/c6.out"; fail "a missing file"; }
printf 'x = 1\n' >"$tmp/mine.py"
client "$tmp/mine.py" >"$tmp/c7.out" 2>&1
[ $? = 2 ] && grep -q '422' "$tmp/c7.out" || { cat "$tmp/c7.out"; fail "an unknown exercise"; }
ok "a bad token (401, says --login), no service, no file, no exercise: a sentence and exit 2"

serve_stop a
serve_check_logs
