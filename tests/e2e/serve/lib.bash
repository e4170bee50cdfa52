# tests/e2e/serve/lib.bash — what the `grader serve` end-to-end scripts share
# (sourced by tests/e2e/serve_*.sh and tests/bench/bench_serve_*.sh; not a
# test itself).  The caller sets $tmp (a scratch directory, removed by the
# caller) and $name (its name in messages) and defines nothing else.
#
#   serve_start NAME ARGS...   starts `grader serve` on a free loopback port
#                              (its pid in SERVE_PID[NAME], its URL in URL[NAME])
#   serve_stop NAME            SIGTERM, and waits; serve_kill9 NAME does not ask
#   token STUDENT [ARGS...]    a token for course ml101 signed with $tmp/key
#   api / page ...             curl wrappers that print the HTTP status last
#   wait_done URL TOKEN ID S   polls until the submission is done or error
#   fail / ok                  report and end
: "${GRADER:=$PWD/bin/grader}"
PY=/usr/bin/python3
CLIENT=$PWD/tests/e2e/serve/client.py
SAMPLE=$PWD/exercises/samples/attention_by_hand.py
declare -A SERVE_PID URL
EXTRA_PIDS=()

fail() {
    echo "$name: FAIL: $*"
    for f in "$tmp"/*.log; do
        [ -e "$f" ] || continue
        echo "--- $(basename "$f") (last 25 lines)"
        tail -25 "$f"
    done
    exit 1
}
ok() { echo "$name: ok: $*"; }

# The sanitizer build reports into the logs of processes the test does not
# wait for (workers, a killed service): a report anywhere fails the test.
serve_check_logs() {
    local f
    for f in "$tmp"/*.log; do
        [ -e "$f" ] || continue
        if grep -q -E 'ERROR: (Address|Leak)Sanitizer|runtime error:' "$f"; then
            grep -E -A20 'ERROR: (Address|Leak)Sanitizer|runtime error:' "$f" | head -40
            fail "a sanitizer report in $(basename "$f")"
        fi
    done
    return 0
}

serve_cleanup() {
    local p
    for p in "${SERVE_PID[@]}" "${EXTRA_PIDS[@]}"; do
        [ -n "$p" ] && kill -9 "$p" 2>/dev/null
    done
    for p in "${SERVE_PID[@]}" "${EXTRA_PIDS[@]}"; do
        [ -n "$p" ] && wait "$p" 2>/dev/null
    done
    return 0
}

serve_start() {   # NAME ARGS...
    local n=$1; shift
    rm -f "$tmp/$n.port"
    "$GRADER" serve --listen 127.0.0.1:0 --port-file "$tmp/$n.port" --token-key "$tmp/key" \
        "$@" >>"$tmp/$n.log" 2>&1 &
    SERVE_PID[$n]=$!
    for _ in $(seq 400); do
        [ -s "$tmp/$n.port" ] && break
        kill -0 "${SERVE_PID[$n]}" 2>/dev/null || fail "grader serve ($n) exited at start"
        sleep 0.05
    done
    [ -s "$tmp/$n.port" ] || fail "grader serve ($n) did not start within 20 s"
    URL[$n]=http://127.0.0.1:$(cat "$tmp/$n.port")
}

serve_stop() {   # NAME: SIGTERM, wait, check the exit status
    local n=$1 rc
    kill -TERM "${SERVE_PID[$n]}"
    wait "${SERVE_PID[$n]}"; rc=$?
    SERVE_PID[$n]=
    [ "$rc" -eq 0 ] || fail "grader serve ($n) exited with $rc after SIGTERM"
}

serve_kill9() {   # NAME: the service process only; its workers must die with it
    local n=$1
    kill -9 "${SERVE_PID[$n]}"
    wait "${SERVE_PID[$n]}" 2>/dev/null
    SERVE_PID[$n]=
}

token() {   # STUDENT [--instructor] [--course C]
    local s=$1; shift
    local course=ml101
    [ "${1:-}" = --course ] && { course=$2; shift 2; }
    "$GRADER" token issue "$s" --course "$course" --key "$tmp/key" "$@" ||
        fail "cannot issue a token for $s"
}

# api METHOD URL TOKEN [curl args...]: body to $tmp/body, headers to
# $tmp/headers, prints the status.
api() {
    local m=$1 u=$2 t=$3; shift 3
    curl -sS -m 30 -X "$m" -o "$tmp/body" -D "$tmp/headers" -w '%{http_code}' \
        ${t:+-H "Authorization: Bearer $t"} "$@" "$u"
}

json() {   # json KEY [FILE]: a top-level field of a JSON document
    $PY -c 'import json,sys; v=json.load(open(sys.argv[2])).get(sys.argv[1]); print("" if v is None else v)' \
        "$1" "${2:-$tmp/body}"
}

header() {   # header NAME: from $tmp/headers
    tr -d '\r' <"$tmp/headers" | awk -v h="$(echo "$1" | tr A-Z a-z)" \
        'BEGIN{FS=": "} tolower($1)==h {print $2}' | tail -1
}

wait_done() {   # URL TOKEN ID SECONDS -> prints the final status
    $PY "$CLIENT" wait "$1" "$2" "$3" "$4"
}
