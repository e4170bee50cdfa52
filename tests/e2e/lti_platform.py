#!/usr/bin/python3
"""lti_platform.py — a loopback LTI 1.3 platform for tests/e2e/lti.sh: an
OAuth2 token endpoint, Assignment and Grade Services line items and scores,
and a Names and Role Provisioning Service, checking what a real LMS checks.

Token endpoint (POST /login/oauth2/token): form-encoded client credentials
with a JWT client assertion (RFC 7523).  The assertion's RS256 signature is
verified against the tool's registered public key (the JWK Set in --jwks,
re-read on every request, so a test can "revoke" the key by replacing it),
its kid must name that key, iss and sub must be the client id, aud the token
URL, exp in the future (and at most an hour after iat), and its jti never
seen before.  Refusals are 400 {"error": "invalid_client"} like Moodle's and
Canvas's.  Granted scopes are the requested ones the platform knows.

Services check the bearer token (known, not expired, not revoked: else 401),
its scope (else 403) and the media types (Accept / Content-Type: else 406 /
415); scores must name an enrolled userId (else 422) and may not be older
than the score on record (else 400, as Canvas answers).  Line item URLs
carry a query (?type_id=7, as Moodle's do), so the scores URL must be built
by appending /scores to the path.  Names and Role pages hold two members and
link the next page with rel="next".

Launches (with --launch-key, the platform's RSA signing key, PEM): its JWK Set
at GET /.well-known/jwks.json (kid "platform-1"), and the OpenID Connect
authentication endpoint GET /auth that a tool's login initiation redirects the
browser to.  It checks the request as a platform does (scope openid,
response_type id_token, response_mode form_post, prompt none, the client id,
a redirect_uri, state, nonce, login_hint: else 400) and answers the auto-post
form a browser would submit: id_token and state to redirect_uri.  The id_token
is a resource-link launch for login_hint as sub ("prof..." an Instructor, anyone
else a Learner) in context "ml101", deployment "dep-1", with custom parameter
exercise = lti_message_hint when given; signed RS256.

Behaviour is re-read from --mode-file on every request, one setting a line:
    token-lifetime SECONDS      lifetime of new tokens (default 3600)
    token-status N K            answer N to the next K token requests
    score-status N K [AFTER]    answer N to the next K score POSTs, with
                                Retry-After: AFTER (default 1) on 429/503
    revoke-tokens-once          the next score POST revokes every token (401)
    launch-exp SECONDS          id_tokens expire SECONDS after now (default 300; < 0: expired)
    launch-forge                sign id_tokens with another key under the same kid
    launch-aud AUD              id_tokens for another audience
    launch-deployment ID        id_tokens for another deployment
    launch-alg-none             unsigned id_tokens ("alg": "none")
A changed mode file starts its counters afresh.

Log (--state/log), a line per event:
    token ISSUED-SECONDS SCOPES | token-refused REASON | token-status-N
    unauthorized PATH REASON | lineitems-get QUERY | lineitem-created ID RESOURCEID
    score ITEM USERID SCOREGIVEN GRADINGPROGRESS TIMESTAMP | score-refused REASON
    score-status-N | members-page N
Scores on record: --state/scores.json {item: {userId: score}}.  Binds 127.0.0.1.
"""
import argparse, base64, datetime, http.server, json, os, secrets, threading, time
import html, urllib.parse

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa

LOCK = threading.Lock()
COURSE = '/api/lti/courses/42'
SCORE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score'
LINEITEM = 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem'
MEMBERSHIP = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly'
KNOWN_SCOPES = {SCORE, LINEITEM, MEMBERSHIP}
T_ITEM = 'application/vnd.ims.lis.v2.lineitem+json'
T_ITEMS = 'application/vnd.ims.lis.v2.lineitemcontainer+json'
T_SCORE = 'application/vnd.ims.lis.v1.score+json'
T_NRPS = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json'
PROGRESS = {'FullyGraded', 'Pending', 'PendingManual', 'Failed', 'NotReady'}
ACTIVITY = {'Initialized', 'Started', 'InProgress', 'Submitted', 'Completed'}


class State:
    def __init__(self, args):
        self.args = args
        self.jtis = set()
        self.tokens = {}            # token -> (expires, scopes, revoked)
        self.items = []             # line items, as the platform returns them
        self.scores = {}
        self.mode_text = None
        self.counters = {}
        self.launch_key = self.forge_key = None
        if args.launch_key:
            with open(args.launch_key, 'rb') as f:
                self.launch_key = serialization.load_pem_private_key(f.read(), None)
            self.forge_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)

    def log(self, line):
        with open(os.path.join(self.args.state, 'log'), 'a') as f:
            f.write(line + '\n')

    def mode(self):
        """The settings, with counters reset whenever the file changes."""
        try:
            text = open(self.args.mode_file).read()
        except OSError:
            text = ''
        if text != self.mode_text:
            self.mode_text, self.counters = text, {}
        return {w[0]: w[1:] for w in (l.split() for l in text.splitlines()) if w}

    def take(self, key, limit):
        """True for the first `limit` calls under this mode."""
        n = self.counters.get(key, 0)
        self.counters[key] = n + 1
        return n < limit

    def save_scores(self):
        path = os.path.join(self.args.state, 'scores.json')
        with open(path + '.tmp', 'w') as f:
            json.dump(self.scores, f, indent=1, sort_keys=True)
        os.replace(path + '.tmp', path)


def b64url_decode(s):
    return base64.urlsafe_b64decode(s + '=' * (-len(s) % 4))


def b64url_int(s):
    return int.from_bytes(b64url_decode(s), 'big')


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b'=').decode()


def int_b64url(n):
    return b64url(n.to_bytes((n.bit_length() + 7) // 8, 'big'))


LAUNCH_KID = 'platform-1'
CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/'
LIS = 'http://purl.imsglobal.org/vocab/lis/v2/membership#'


def launch_jwks(st):
    pub = st.launch_key.public_key().public_numbers()
    return {'keys': [{'kty': 'RSA', 'alg': 'RS256', 'use': 'sig', 'kid': LAUNCH_KID,
                      'n': int_b64url(pub.n), 'e': int_b64url(pub.e)}]}


def id_token(st, issuer, q, mode):
    """The signed resource-link launch for the authentication request q."""
    now = int(time.time())
    hint = q['login_hint']
    claims = {
        'iss': issuer, 'sub': hint, 'aud': mode.get('launch-aud', st.args.client_id),
        'iat': now, 'exp': now + int(mode.get('launch-exp', 300)), 'nonce': q['nonce'],
        'name': hint,
        CLAIM + 'message_type': 'LtiResourceLinkRequest', CLAIM + 'version': '1.3.0',
        CLAIM + 'deployment_id': mode.get('launch-deployment', 'dep-1'),
        CLAIM + 'target_link_uri': q['redirect_uri'].rsplit('/lti/', 1)[0] + '/',
        CLAIM + 'resource_link': {'id': 'rl-1', 'title': 'Check your work'},
        CLAIM + 'context': {'id': 'ml101', 'label': 'ML 101'},
        CLAIM + 'roles': [LIS + ('Instructor' if hint.startswith('prof') else 'Learner')],
    }
    if q.get('lti_message_hint'):
        claims[CLAIM + 'custom'] = {'exercise': q['lti_message_hint']}
    if 'launch-alg-none' in mode:
        head = {'alg': 'none', 'typ': 'JWT'}
        return f"{b64url(json.dumps(head).encode())}.{b64url(json.dumps(claims).encode())}."
    head = {'alg': 'RS256', 'typ': 'JWT', 'kid': LAUNCH_KID}
    signing = f"{b64url(json.dumps(head).encode())}.{b64url(json.dumps(claims).encode())}"
    key = st.forge_key if 'launch-forge' in mode else st.launch_key
    sig = key.sign(signing.encode(), padding.PKCS1v15(), hashes.SHA256())
    return signing + '.' + b64url(sig)


def verify_assertion(st, jwt, token_url):
    """None when the client assertion holds, else why not."""
    try:
        h64, c64, s64 = jwt.split('.')
        header, claims = json.loads(b64url_decode(h64)), json.loads(b64url_decode(c64))
    except ValueError:
        return 'malformed JWT'
    if header.get('alg') != 'RS256':
        return 'alg is not RS256'
    keys = json.load(open(st.args.jwks)).get('keys', [])
    key = next((k for k in keys if k.get('kid') == header.get('kid')), None)
    if key is None:
        return 'unknown kid'
    pub = rsa.RSAPublicNumbers(b64url_int(key['e']), b64url_int(key['n'])).public_key()
    try:
        pub.verify(b64url_decode(s64), f'{h64}.{c64}'.encode(), padding.PKCS1v15(),
                   hashes.SHA256())
    except InvalidSignature:
        return 'bad signature'
    now, cid = time.time(), st.args.client_id
    aud = claims.get('aud')
    if claims.get('iss') != cid or claims.get('sub') != cid:
        return 'iss/sub is not the client id'
    if token_url not in (aud if isinstance(aud, list) else [aud]):
        return 'wrong aud'
    exp, iat = claims.get('exp', 0), claims.get('iat', 0)
    if not exp > now or exp - iat > 3600 or iat > now + 60:
        return 'expired or too long-lived'
    jti = claims.get('jti')
    if not jti or jti in st.jtis:
        return 'jti reused'
    st.jtis.add(jti)
    return None


def make_handler(st):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = 'HTTP/1.1'

        def log_message(self, *a):
            pass

        def send(self, code, body=b'', ctype='application/json', headers=()):
            if isinstance(body, (dict, list)):
                body = json.dumps(body).encode()
            try:
                self.send_response(code)
                self.send_header('content-type', ctype)
                self.send_header('content-length', str(len(body)))
                for k, v in headers:
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass

        def body(self):
            return self.rfile.read(int(self.headers.get('content-length', 0)))

        def base(self):
            return f'http://127.0.0.1:{self.server.server_address[1]}'

        def bearer(self, scope):
            """The caller's token is good for scope; else answers and False."""
            auth = self.headers.get('authorization', '')
            tok = auth[7:] if auth.startswith('Bearer ') else None
            entry = st.tokens.get(tok)
            why = ('no bearer token' if tok is None else 'unknown token' if entry is None
                   else 'revoked token' if entry[2] else 'expired token'
                   if entry[0] < time.time() else None)
            if why:
                st.log(f'unauthorized {self.path} {why.replace(" ", "-")}')
                self.send(401, {'error': why})
                return False
            if scope not in entry[1]:
                st.log(f'unauthorized {self.path} missing-scope')
                self.send(403, {'error': 'scope'})
                return False
            return True

        def do_POST(self):
            with LOCK:
                path = urllib.parse.urlsplit(self.path).path
                if path == '/login/oauth2/token':
                    return self.token()
                if path == COURSE + '/line_items':
                    return self.create_item()
                if path.startswith(COURSE + '/line_items/') and path.endswith('/lineitem/scores'):
                    return self.score()
                self.send(404, {'error': 'no such endpoint'})

        def do_GET(self):
            with LOCK:
                path = urllib.parse.urlsplit(self.path).path
                if path == COURSE + '/line_items':
                    return self.list_items()
                if path == COURSE + '/names_and_roles':
                    return self.members()
                if path == '/.well-known/jwks.json' and st.launch_key:
                    return self.send(200, launch_jwks(st))
                if path == '/auth' and st.launch_key:
                    return self.auth()
                self.send(404, {'error': 'no such endpoint'})

        def auth(self):
            """The OIDC authentication request: the auto-post form with the id_token."""
            q = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(self.path).query))
            want = {'scope': 'openid', 'response_type': 'id_token', 'response_mode': 'form_post',
                    'prompt': 'none', 'client_id': st.args.client_id}
            bad = [k for k, v in want.items() if q.get(k) != v]
            bad += [k for k in ('redirect_uri', 'state', 'nonce', 'login_hint') if not q.get(k)]
            if bad:
                st.log('auth-refused ' + ','.join(bad))
                return self.send(400, {'error': 'invalid_request', 'fields': bad})
            mode = {k: (v[0] if v else '') for k, v in st.mode().items()
                    if k.startswith('launch-')}
            tok = id_token(st, self.base(), q, mode)
            st.log(f'launch-issued {q["login_hint"]}')
            page = ('<!DOCTYPE html><html><body onload="document.forms[0].submit()">'
                    f'<form method="post" action="{html.escape(q["redirect_uri"])}">'
                    f'<input type="hidden" name="id_token" value="{html.escape(tok)}">'
                    f'<input type="hidden" name="state" value="{html.escape(q["state"])}">'
                    '</form></body></html>')
            self.send(200, page.encode(), 'text/html; charset=utf-8')

        def token(self):
            mode = st.mode()
            if 'token-status' in mode and st.take('token', int(mode['token-status'][1])):
                code = int(mode['token-status'][0])
                st.log(f'token-status-{code}')
                return self.send(code, {'error': 'temporarily_unavailable'})
            if self.headers.get('content-type', '').split(';')[0] != \
                    'application/x-www-form-urlencoded':
                return self.send(400, {'error': 'invalid_request'})
            form = urllib.parse.parse_qs(self.body().decode())
            one = lambda k: (form.get(k) or [''])[0]
            if one('grant_type') != 'client_credentials' or one('client_assertion_type') != \
                    'urn:ietf:params:oauth:client-assertion-type:jwt-bearer':
                return self.send(400, {'error': 'unsupported_grant_type'})
            why = verify_assertion(st, one('client_assertion'), self.base() + self.path)
            if why:
                st.log(f'token-refused {why.replace(" ", "-")}')
                return self.send(400, {'error': 'invalid_client', 'error_description': why})
            granted = [s for s in one('scope').split() if s in KNOWN_SCOPES]
            if not granted:
                return self.send(400, {'error': 'invalid_scope'})
            life = int((mode.get('token-lifetime') or ['3600'])[0])
            tok = secrets.token_urlsafe(24)
            st.tokens[tok] = (time.time() + life, set(granted), False)
            with open(os.path.join(st.args.state, 'tokens'), 'a') as f:
                f.write(tok + '\n')
            st.log(f'token {life} {",".join(sorted(s.rsplit("/", 1)[1] for s in granted))}')
            self.send(200, {'access_token': tok, 'token_type': 'Bearer', 'expires_in': life,
                            'scope': ' '.join(granted)})

        def list_items(self):
            if not self.bearer(LINEITEM):
                return
            if T_ITEMS not in self.headers.get('accept', ''):
                return self.send(406, {'error': 'accept'})
            q = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
            st.log('lineitems-get ' + urllib.parse.urlsplit(self.path).query)
            found = [i for i in st.items
                     if all(i.get(k) == q[p][0] for p, k in
                            (('resource_id', 'resourceId'), ('tag', 'tag')) if p in q)]
            self.send(200, found, T_ITEMS)

        def create_item(self):
            if not self.bearer(LINEITEM):
                return
            if self.headers.get('content-type') != T_ITEM:
                return self.send(415, {'error': 'content-type'})
            item = json.loads(self.body())
            if not isinstance(item.get('label'), str) or \
                    not isinstance(item.get('scoreMaximum'), (int, float)) or \
                    item['scoreMaximum'] <= 0:
                return self.send(400, {'error': 'label and scoreMaximum are required'})
            n = len(st.items) + 1
            item['id'] = f'{self.base()}{COURSE}/line_items/{n}/lineitem?type_id=7'
            st.items.append(item)
            st.log(f'lineitem-created {n} {item.get("resourceId")}')
            self.send(201, item, T_ITEM)

        def score(self):
            parts = urllib.parse.urlsplit(self.path)
            n = parts.path.split('/')[-3]
            mode = st.mode()
            if 'revoke-tokens-once' in mode and st.take('revoke', 1):
                st.tokens = {t: (e, s, True) for t, (e, s, _) in st.tokens.items()}
            if not self.bearer(SCORE):
                return
            if 'score-status' in mode and st.take('score', int(mode['score-status'][1])):
                code, after = int(mode['score-status'][0]), (mode['score-status'][2:] or ['1'])[0]
                st.log(f'score-status-{code}')
                return self.send(code, {'error': 'busy'}, headers=[('Retry-After', after)]
                                 if code in (429, 503) else ())
            if self.headers.get('content-type') != T_SCORE:
                return self.send(415, {'error': 'content-type'})
            if parts.query != 'type_id=7' or not any(i['id'].startswith(
                    f'{self.base()}{COURSE}/line_items/{n}/') for i in st.items):
                return self.send(404, {'error': 'no such line item'})
            self.record(n, json.loads(self.body()))

        def record(self, n, s):
            members = json.load(open(st.args.members))
            if s.get('userId') not in {m['user_id'] for m in members}:
                st.log(f'score-refused unknown-user-{s.get("userId")}')
                return self.send(422, {'error': 'user not found in course'})
            try:
                when = datetime.datetime.fromisoformat(s['timestamp'].replace('Z', '+00:00'))
            except (KeyError, ValueError):
                return self.send(400, {'error': 'timestamp'})
            if s.get('gradingProgress') not in PROGRESS or \
                    s.get('activityProgress') not in ACTIVITY or \
                    not isinstance(s.get('scoreGiven'), (int, float)) or \
                    not isinstance(s.get('scoreMaximum'), (int, float)):
                return self.send(400, {'error': 'score fields'})
            old = st.scores.get(n, {}).get(s['userId'])
            if old and datetime.datetime.fromisoformat(
                    old['timestamp'].replace('Z', '+00:00')) > when:
                st.log(f'score-refused older-than-on-record {s["userId"]}')
                return self.send(400, {'error': f'Provided timestamp of {s["timestamp"]} '
                                                f'before last updated timestamp'})
            st.scores.setdefault(n, {})[s['userId']] = s
            st.save_scores()
            st.log(f'score {n} {s["userId"]} {s["scoreGiven"]} {s["gradingProgress"]} '
                   f'{s["timestamp"]}')
            self.send(200, {'resultUrl': f'{self.base()}{COURSE}/results/{n}'}, T_SCORE)

        def members(self):
            if not self.bearer(MEMBERSHIP):
                return
            if T_NRPS not in self.headers.get('accept', ''):
                return self.send(406, {'error': 'accept'})
            q = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
            page = int((q.get('page') or ['1'])[0])
            members = json.load(open(st.args.members))
            chunk = members[2 * (page - 1):2 * page]
            st.log(f'members-page {page}')
            links = []
            if 2 * page < len(members):
                links = [('Link', f'<{self.base()}{COURSE}/names_and_roles?page={page + 1}>; '
                                  f'rel="next"')]
            self.send(200, {'id': self.base() + self.path, 'members': chunk}, T_NRPS, links)

    return Handler


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--port-file', required=True)
    p.add_argument('--client-id', required=True)
    p.add_argument('--jwks', required=True)
    p.add_argument('--members', required=True)
    p.add_argument('--mode-file', required=True)
    p.add_argument('--state', required=True)
    p.add_argument('--launch-key', help="the platform's RSA key for signing id_tokens (PEM)")
    args = p.parse_args()
    os.makedirs(args.state, exist_ok=True)
    http.server.ThreadingHTTPServer.request_queue_size = 128
    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), make_handler(State(args)))
    server.daemon_threads = True
    with open(args.port_file + '.tmp', 'w') as f:
        f.write(str(server.server_address[1]))
    os.rename(args.port_file + '.tmp', args.port_file)
    server.serve_forever()


if __name__ == '__main__':
    main()
