#!/usr/bin/env bash
# lti_launch.sh — signing in to `grader serve` from the LMS with an LTI 1.3
# resource-link launch, against the loopback platform (tests/e2e/lti_platform.py,
# which signs id_tokens with its own RSA key and serves its JWK Set): the OIDC
# login initiation redirects to the platform with a state and a nonce, the
# platform's auto-post form brings the id_token back, and the browser is signed
# in — a student and an instructor, no token issued by hand — and lands on the
# upload page with the link's exercise chosen.  Refused, each with its reason and
# no cookie: a replayed launch, a replayed id_token under a fresh login (nonce),
# an expired, a forged (another key, same kid), an unsigned ("alg": "none"), another
# audience's and another deployment's id_token, an unknown state, a login from
# another issuer.
# stage-cost: 15
set -u
cd "$(dirname "$0")/../.."
name=lti_launch
tmp=$(mktemp -d)
ppid_=
cleanup() {
    serve_cleanup
    [ -n "$ppid_" ] && kill "$ppid_" 2>/dev/null && wait "$ppid_" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
. tests/e2e/serve/lib.bash

export XDG_CONFIG_HOME=$tmp/config XDG_STATE_HOME=$tmp/state
unset GRADEBOX_WEBHOOK_URL GRADEBOX_SERVE_DB GRADEBOX_TOKEN_KEY_FILE

"$GRADER" token keygen "$tmp/key" >/dev/null || fail "token keygen"
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$tmp/platform.pem" 2>/dev/null ||
    fail "openssl genpkey"
echo '{"keys": []}' >"$tmp/tool.jwks"
echo '[]' >"$tmp/members.json"
: >"$tmp/mode"
$PY tests/e2e/lti_platform.py --port-file "$tmp/p.port" --client-id gradebox-tool \
    --jwks "$tmp/tool.jwks" --members "$tmp/members.json" --mode-file "$tmp/mode" \
    --state "$tmp/pstate" --launch-key "$tmp/platform.pem" 2>"$tmp/platform.log" &
ppid_=$!
for _ in $(seq 100); do [ -s "$tmp/p.port" ] && break; sleep 0.05; done
[ -s "$tmp/p.port" ] || fail "the loopback platform did not start"
P=http://127.0.0.1:$(cat "$tmp/p.port")
cat >"$tmp/platform.json" <<EOF
{"issuer": "$P", "client_id": "gradebox-tool", "deployment_id": "dep-1",
 "auth_url": "$P/auth", "jwks_url": "$P/.well-known/jwks.json"}
EOF
serve_start a --db "$tmp/a.sqlite" --workers 0 --lti-platform "$tmp/platform.json"
A=${URL[a]}

# launch.py MODE ...: one browser's launch, printing what a test needs as JSON.
cat >"$tmp/launch.py" <<'EOF'
import html, json, re, sys, urllib.error, urllib.parse, urllib.request

class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *a):
        return None

opener = urllib.request.build_opener(NoRedirect)

def call(url, data=None, cookie=None):
    rq = urllib.request.Request(url, data=data)
    if cookie:
        rq.add_header('Cookie', cookie)
    try:
        r = opener.open(rq, timeout=30)
    except urllib.error.HTTPError as e:
        r = e
    return r.status if hasattr(r, 'status') else r.code, r.headers, r.read().decode('utf-8', 'replace')

def login(tool, platform, hint, exercise, iss=None):
    q = {'iss': iss or platform, 'login_hint': hint, 'target_link_uri': tool + '/',
         'client_id': 'gradebox-tool', 'lti_deployment_id': 'dep-1'}
    if exercise:
        q['lti_message_hint'] = exercise
    status, headers, body = call(tool + '/lti/login?' + urllib.parse.urlencode(q))
    if status != 303:
        return {'login_status': status, 'body': body}
    status, _, form = call(headers['Location'])
    assert status == 200, (status, form)
    get = lambda n: html.unescape(re.search(r'name="%s" value="([^"]*)"' % n, form).group(1))
    action = html.unescape(re.search(r'action="([^"]*)"', form).group(1))
    return {'action': action, 'id_token': get('id_token'), 'state': get('state')}

def post(action, id_token, state):
    data = urllib.parse.urlencode({'id_token': id_token, 'state': state}).encode()
    status, headers, body = call(action, data)
    return {'status': status, 'cookie': (headers.get('Set-Cookie') or '').split(';')[0],
            'body': body}

tool, platform, what = sys.argv[1:4]
if what == 'launch':            # launch HINT [EXERCISE]: login, the platform, the post
    l = login(tool, platform, sys.argv[4], sys.argv[5] if len(sys.argv) > 5 else None)
    out = dict(l, **post(l['action'], l['id_token'], l['state'])) if 'action' in l else l
elif what == 'login':           # login HINT [ISS]: only the first two legs
    out = login(tool, platform, sys.argv[4], None, sys.argv[5] if len(sys.argv) > 5 else None)
elif what == 'post':            # post ACTION ID_TOKEN STATE
    out = post(*sys.argv[4:7])
elif what == 'get':             # get PATH COOKIE
    status, _, body = call(tool + sys.argv[4], cookie=sys.argv[5])
    out = {'status': status, 'body': body}
print(json.dumps(out))
EOF
L() { $PY "$tmp/launch.py" "$A" "$P" "$@"; }
field() { $PY -c 'import json,sys; print(json.load(sys.stdin).get(sys.argv[1], ""))' "$1"; }

# --- a student: launched, signed in, on the upload page for the link's exercise -----------
L launch s001 attention_by_hand >"$tmp/s.json" || fail "the student's launch"
[ "$(field status <"$tmp/s.json")" = 200 ] || fail "the student's launch: $(cat "$tmp/s.json")"
cookie=$(field cookie <"$tmp/s.json")
case $cookie in gb_token=gbt1.*) ;; *) fail "the launch set no session cookie: $cookie" ;; esac
field body <"$tmp/s.json" >"$tmp/s.html"
grep -q 'http-equiv="refresh" content="0; url=/?exercise=attention_by_hand"' "$tmp/s.html" ||
    fail "the launch does not go on to the exercise's upload page"
L get '/?exercise=attention_by_hand' "$cookie" >"$tmp/home.json"
field body <"$tmp/home.json" >"$tmp/home.html"
grep -q 'Signed in as <b>s001</b> (ml101)</span>' "$tmp/home.html" ||
    fail "the upload page does not say s001 of ml101 is signed in"
grep -q '<option value="attention_by_hand" selected>' "$tmp/home.html" ||
    fail "the link's exercise is not chosen on the upload page"
[ "$(L get /api/v1/submissions "$cookie" | field status)" = 200 ] || fail "the session does not reach the API"
ok "a student launched from the LMS: signed in as s001 (ml101), the upload page for attention_by_hand"

# --- an instructor ---------------------------------------------------------------------------
L launch prof1 >"$tmp/i.json"
[ "$(field status <"$tmp/i.json")" = 200 ] || fail "the instructor's launch: $(cat "$tmp/i.json")"
icookie=$(field cookie <"$tmp/i.json")
L get / "$icookie" | field body >"$tmp/ihome.html"
grep -q 'Signed in as <b>prof1</b> (ml101, instructor)' "$tmp/ihome.html" ||
    fail "the instructor is not signed in as one"
grep -q 'Recent submissions in the course' "$tmp/ihome.html" ||
    fail "the instructor does not see the course"
ok "an instructor launched (roles Instructor): signed in as prof1, instructor of ml101"

# --- refusals ------------------------------------------------------------------------------------
refused() {   # JSON-FILE WHAT PATTERN: a 401 saying PATTERN, and no cookie
    local st ck
    st=$(field status <"$1"); ck=$(field cookie <"$1"); field body <"$1" >"$tmp/refusal.html"
    [ "$st" = 401 ] && [ -z "$ck" ] && grep -q -- "$3" "$tmp/refusal.html" ||
        fail "$2: status $st, cookie '$ck': $(grep -o '<p class="note">.*</p>' "$tmp/refusal.html")"
}
action=$(field action <"$tmp/s.json"); tok=$(field id_token <"$tmp/s.json"); state=$(field state <"$tmp/s.json")
L post "$action" "$tok" "$state" >"$tmp/r1.json"
refused "$tmp/r1.json" "a replayed launch" "already used"
L login s001 >"$tmp/l2.json"
L post "$action" "$tok" "$(field state <"$tmp/l2.json")" >"$tmp/r2.json"
refused "$tmp/r2.json" "a replayed id_token under a fresh login" "nonce"
L post "$action" "$tok" nope >"$tmp/r3.json"
refused "$tmp/r3.json" "an unknown state" "unknown"
for m in "launch-exp -3600:expired" "launch-forge:signature" "launch-alg-none:RS256" \
         "launch-aud someone-else:another tool" "launch-deployment dep-9:deployment"; do
    echo "${m%%:*}" >"$tmp/mode"
    L launch s002 >"$tmp/r.json"
    refused "$tmp/r.json" "${m%%:*}" "${m#*:}"
done
: >"$tmp/mode"
L login s001 "http://evil.example" >"$tmp/r4.json"
[ "$(field login_status <"$tmp/r4.json")" = 400 ] || fail "a login from another issuer: $(cat "$tmp/r4.json")"
L launch s003 >"$tmp/again.json"
[ "$(field status <"$tmp/again.json")" = 200 ] || fail "a good launch after the refusals"
ok "refused with the reason and no cookie: replayed launch, replayed id_token (nonce), unknown" \
   "state, expired, forged, unsigned, another audience, another deployment; another issuer's login 400"

serve_stop a
serve_check_logs
