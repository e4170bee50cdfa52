#!/usr/bin/env bash
# serve_browser.sh — the upload page in a real browser: headless Chromium,
# sized and flagged as a phone, signs in with a token, uploads
# exercises/samples/attention_by_hand.py, and waits on the page (which
# reloads itself; it has no script) for the report, asserting on the text
# the browser rendered (tests/e2e/serve/browser.py drives it over the
# DevTools protocol).  Screenshots go to $SERVE_SCREENSHOTS when set (the
# README's docs/img/serve-*.png are made so), else to a scratch directory.
#
# Under the sanitizers the browser adds nothing to the C code under test, so
# the same sign-in, upload and self-reloading page are walked with curl.
set -u
cd "$(dirname "$0")/../.."
name=serve_browser
tmp=$(mktemp -d)
cleanup() { serve_cleanup; rm -rf "$tmp"; }
trap cleanup EXIT
. tests/e2e/serve/lib.bash

export XDG_CONFIG_HOME=$tmp/config XDG_STATE_HOME=$tmp/state
unset GRADEBOX_WEBHOOK_URL GRADEBOX_SERVE_DB GRADEBOX_TOKEN_KEY_FILE
"$GRADER" token keygen "$tmp/key" >/dev/null || fail "token keygen"
t=$(token s101)
serve_start w --db "$tmp/q.sqlite" --workers 1
A=${URL[w]}

if [ "${SANITIZE:-}" = 1 ]; then
    [ "$(curl -sS -m 30 -o /dev/null -w '%{http_code}' -c "$tmp/jar" -H "Origin: $A" \
         --data-urlencode "token=$t" "$A/login")" = 303 ] || fail "sign in"
    loc=$(curl -sS -m 30 -o /dev/null -w '%{redirect_url}' -b "$tmp/jar" -H "Origin: $A" \
          -F exercise=attention_by_hand -F "file=@$SAMPLE" "$A/submit")
    case $loc in */submissions/*) ;; *) fail "upload went to '$loc'" ;; esac
    for _ in $(seq 300); do
        curl -sS -m 30 -b "$tmp/jar" "$loc" >"$tmp/page.html"
        grep -q 'http-equiv="refresh"' "$tmp/page.html" || break
        sleep 3
    done
    grep -q 'total: 15/15 points' "$tmp/page.html" || fail "no report on $loc"
    serve_stop w
    serve_check_logs
    ok "sign-in, upload and the self-reloading page, walked with curl (sanitizer build)"
    exit 0
fi

chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
    echo "$name: SKIPPED: no chromium (Debian's chromium package; .ci/install-deps installs it)"
    exit 0
fi
if ! $PY -c 'import websocket' 2>/dev/null; then
    echo "$name: SKIPPED: no python3-websocket (.ci/install-deps installs it)"
    exit 0
fi
out=${SERVE_SCREENSHOTS:-$tmp/shots}
mkdir -p "$out"
$PY tests/e2e/serve/browser.py "$chromium" "$A/" "$t" "$SAMPLE" "$out" >"$tmp/browser.log" 2>&1 ||
    fail "$(cat "$tmp/browser.log")"
for f in serve-upload.png serve-report.png serve-output.png; do
    [ "$(head -c 8 "$out/$f" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "$f is not a PNG"
done
serve_stop w
ok "Chromium as a phone: signed in, uploaded, read '$(sed -n 's/^report: //p' "$tmp/browser.log")' on the page," \
   "followed a citation to output line '$(sed -n 's/^cited: //p' "$tmp/browser.log")'; screenshots in $out"
serve_check_logs
