#!/usr/bin/env bash
# serve_accept_kill.sh — an upload answered 202 is on disk: `grader serve` is
# killed -9 the moment a burst of concurrent uploads has its 150th 202, with
# the rest still in flight, and every id a client was given is in the queue
# database with the very bytes sent (sha256), readable by another process
# (SQLite recovers the write-ahead log) and queued again by a restarted
# service.  The uploads are ~45 KB each, so the burst passes the log size at
# which the intake's checkpointer folds the log back (intake.c) — the kill
# can land mid-checkpoint.
# stage-cost: 5
set -u
cd "$(dirname "$0")/../.."
name=serve_accept_kill
tmp=$(mktemp -d)
cleanup() { serve_cleanup; rm -rf "$tmp"; }
trap cleanup EXIT
. tests/e2e/serve/lib.bash

export XDG_CONFIG_HOME=$tmp/config XDG_STATE_HOME=$tmp/state
unset GRADEBOX_WEBHOOK_URL GRADEBOX_SERVE_DB GRADEBOX_TOKEN_KEY_FILE
"$GRADER" token keygen "$tmp/key" >/dev/null || fail "token keygen"
db=$tmp/q.sqlite
total=240 kill_at=150
"$GRADER" token issue $(seq -f 'k%03g' 1 $total) --course ml101 --key "$tmp/key" >"$tmp/tokens" ||
    fail "cannot issue tokens"

serve_start a --db "$db" --workers 0 --per-hour 0 --max-pending 0 --max-queue 0 --max-per-ip 0
disown "${SERVE_PID[a]}"        # its kill -9 is the test, not news for bash to print
$PY - "${URL[a]}" "${SERVE_PID[a]}" "$tmp/tokens" "$SAMPLE" "$kill_at" "$tmp/accepted" <<'EOF' ||
import hashlib, os, sys, threading, urllib.request, json
url, pid, tokens, sample, kill_at, out = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], int(sys.argv[5]), sys.argv[6]
base = open(sample, 'rb').read()
lock, accepted, killed = threading.Lock(), [], threading.Event()
def upload(student, token):
    body = base + b''.join(b'# %s padding line %04d for a larger write\n' % (student.encode(), i) for i in range(1000))
    req = urllib.request.Request(url + '/api/v1/submissions?exercise=attention_by_hand', data=body,
                                 headers={'Authorization': 'Bearer ' + token, 'Content-Type': 'text/x-python'})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            doc = json.load(r)
            if r.status != 202:
                return
    except Exception:
        return                              # refused, or cut off by the kill: not promised
    with lock:
        accepted.append((doc['id'], student, hashlib.sha256(body).hexdigest()))
        if len(accepted) == kill_at and not killed.is_set():
            os.kill(pid, 9)                 # at once, with the rest in flight
            killed.set()
threads = [threading.Thread(target=upload, args=line.split()) for line in open(tokens)]
for t in threads: t.start()
for t in threads: t.join()
with open(out, 'w') as f:
    for a in accepted: print(*a, file=f)
sys.exit(0 if killed.is_set() else 1)
EOF
    fail "the burst never reached $kill_at accepted uploads ($(wc -l <"$tmp/accepted" 2>/dev/null) got 202)"
for _ in $(seq 200); do       # gone (or a zombie: dead all the same)
    st=$(awk '{print $3}' "/proc/${SERVE_PID[a]}/stat" 2>/dev/null) || break
    [ "$st" = Z ] && break
    sleep 0.05
done
SERVE_PID[a]=
n=$(wc -l <"$tmp/accepted")
ok "killed -9 at the ${kill_at}th 202 ($n in all got 202 before the kill landed)"

# Read by another process, as a restarted service would.
$PY - "$db" "$tmp/accepted" <<'EOF' || fail "an accepted upload is missing or altered after the kill"
import hashlib, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
bad = 0
for line in open(sys.argv[2]):
    sid, student, sha = line.split()
    row = db.execute('select student, state, body from submission where id = ?', (sid,)).fetchone()
    if not row or row[0] != student or row[1] != 'queued' or hashlib.sha256(row[2]).hexdigest() != sha:
        print(f'  {sid} ({student}): {"missing" if not row else "altered: " + row[1]}')
        bad += 1
sys.exit(1 if bad else 0)
EOF
ok "every one of the $n accepted uploads is in the database, its bytes intact"

serve_start b --db "$db" --workers 0
prof=$(token prof --instructor)
$PY - "${URL[b]}" "$prof" "$tmp/accepted" <<'EOF' || fail "the restarted service lost an accepted upload"
import json, sys, urllib.request
bad = 0
for line in open(sys.argv[3]):
    sid = line.split()[0]
    req = urllib.request.Request(f'{sys.argv[1]}/api/v1/submissions/{sid}',
                                 headers={'Authorization': 'Bearer ' + sys.argv[2]})
    with urllib.request.urlopen(req, timeout=30) as r:
        status = json.load(r)['status']
    if status != 'queued':
        print(f'  {sid}: {status}')
        bad += 1
sys.exit(1 if bad else 0)
EOF
ok "the restarted service has all $n queued"
serve_stop b
serve_check_logs
