#!/usr/bin/python3
"""serve_load.py — many students, one `grader serve`, a kill -9 in the middle
(driven by tests/bench/bench_serve_restart.sh).

    serve_load.py GRADER WORKDIR STUDENTS EACH WORKERS

STUDENTS threads, one per student, each upload EACH distinct copies of
exercises/samples/attention_by_hand.py (a comment names the student and the
try) one after another, retrying while the service is down.  When a fifth of
the work is graded the service is killed -9 (its workers with it) and
started again on the same port.  At the end: every accepted id is graded
exactly once (one "finished" event, none refused), nothing else was queued,
each result is of the file its student sent, each student sees their own
results and gets 404 for everyone else's.  The peer, measured first in the
same run: `grader check` of the same file, one after another.
"""
import hashlib, json, os, socket, sqlite3, subprocess, sys, threading, time
import urllib.error, urllib.request

SAMPLE = 'exercises/samples/attention_by_hand.py'


def log(msg):
    print(f'  {time.strftime("%H:%M:%S")} {msg}', flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


class Service:
    def __init__(self, grader, work, port, workers, each):
        self.args = [grader, 'serve', '--listen', f'127.0.0.1:{port}', '--db', f'{work}/q.sqlite',
                     '--token-key', f'{work}/key', '--workers', str(workers),
                     '--max-pending', str(each), '--per-hour', '100000', '--max-queue', '0',
                     '--max-per-ip', '0', '--port-file', f'{work}/port']
        self.work, self.proc = work, None

    def start(self):
        port_file = f'{self.work}/port'
        if os.path.exists(port_file):
            os.unlink(port_file)
        self.proc = subprocess.Popen(self.args, stderr=open(f'{self.work}/serve.log', 'a'))
        for _ in range(400):
            if os.path.exists(port_file) and os.path.getsize(port_file):
                return
            time.sleep(0.05)
        raise SystemExit('grader serve did not start')

    def kill9(self):
        self.proc.kill()
        self.proc.wait()

    def stop(self):
        self.proc.terminate()
        self.proc.wait()


def request(url, token, data=None, headers=None):
    h = {'Authorization': 'Bearer ' + token, **(headers or {})}
    req = urllib.request.Request(url, data=data, headers=h)
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.load(r), dict(r.headers)
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b'{}'), dict(e.headers)


def student(base, token, name, files, accepted, latencies, lock):
    for n, (body, sha) in enumerate(files):
        while True:
            t0 = time.time()
            try:
                code, doc, hdr = request(base + '/api/v1/submissions?exercise=attention_by_hand'
                                         f'&filename=attention_by_hand.py', token, body,
                                         {'Content-Type': 'text/x-python'})
            except (urllib.error.URLError, ConnectionError, socket.timeout):
                time.sleep(0.5)                 # down (killed): try again
                continue
            if code == 202:
                with lock:
                    accepted.append((doc['id'], name, sha))
                    latencies.append(time.time() - t0)
                break
            if code in (429, 503):              # our own pending limit: wait for a slot
                time.sleep(min(float(hdr.get('Retry-After', 2)), 5))
                continue
            raise SystemExit(f'{name} try {n}: HTTP {code} {doc}')


def peer_seconds(grader, rounds=3):
    t0 = time.time()
    for _ in range(rounds):
        subprocess.run([grader, 'check', SAMPLE], stdout=subprocess.DEVNULL, check=True)
    return (time.time() - t0) / rounds


def main(grader, work, students, each, workers):
    students, each, workers = int(students), int(each), int(workers)
    total = students * each
    log(f'peer: `grader check` of the sample, 3 times in a row')
    peer = peer_seconds(grader)
    log(f'peer: {peer:.1f} s per grading')
    subprocess.run([grader, 'token', 'keygen', f'{work}/key'], check=True, stdout=subprocess.DEVNULL)
    names = [f'st{i:02d}' for i in range(students)]
    out = subprocess.run([grader, 'token', 'issue', *names, '--course', 'load', '--key',
                          f'{work}/key'], check=True, capture_output=True, text=True).stdout
    tokens = dict(line.split() for line in out.splitlines())
    sample = open(SAMPLE, 'rb').read()
    files = {s: [] for s in names}
    for s in names:
        for n in range(each):
            body = sample + f'# {s}, try {n}\n'.encode()
            files[s].append((body, hashlib.sha256(body).hexdigest()))
    port = free_port()
    base = f'http://127.0.0.1:{port}'
    svc = Service(grader, work, port, workers, each)
    svc.start()
    db = sqlite3.connect(f'{work}/q.sqlite', timeout=30)
    done = lambda: db.execute("select count(*) from submission where state='done'").fetchone()[0]
    accepted, latencies, lock = [], [], threading.Lock()
    t_start = time.time()
    threads = [threading.Thread(target=student, args=(base, tokens[s], s, files[s], accepted,
                                                      latencies, lock)) for s in names]
    for t in threads:
        t.start()
    killed_at, last = None, 0
    while True:
        d = done()
        if killed_at is None and d >= total // 5:
            running = db.execute("select count(*) from submission where state='running'").fetchone()[0]
            svc.kill9()
            killed_at = time.time() - t_start
            log(f'kill -9 of grader serve with {d} done, {running} being graded, '
                f'{len(accepted)} accepted so far')
            svc.start()
            log('started again on the same port')
        if d >= total and all(not t.is_alive() for t in threads):
            break
        if time.time() - last > 30:
            log(f'{len(accepted)}/{total} accepted, {d} graded')
            last = time.time()
        time.sleep(1)
    wall = time.time() - t_start
    for t in threads:
        t.join()
    verify(db, base, tokens, accepted, total)
    svc.stop()
    lat = sorted(latencies)
    rate = total / wall
    interrupted = db.execute("select count(*) from event where what in "
                             "('owner_died', 'lease_expired')").fetchone()[0]
    print(f'  {total} submissions from {students} students, {workers} workers: all graded once '
          f'in {wall:.0f} s ({rate * 60:.1f}/min); kill -9 at {killed_at:.0f} s interrupted '
          f'{interrupted} grading(s), each taken back and graded again')
    print(f'  202 latency under load (client side, incl. the restart): p50 '
          f'{lat[len(lat) // 2] * 1000:.0f} ms, p99 {lat[int(len(lat) * .99)] * 1000:.0f} ms')
    print(f'  throughput ratio service/peer (sequential grader check, {peer:.1f} s each): '
          f'{rate * peer:.2f}')


def verify(db, base, tokens, accepted, total):
    ids = [a[0] for a in accepted]
    assert len(ids) == total == len(set(ids)), f'{len(ids)} accepted of {total}'
    assert db.execute('select count(*) from submission').fetchone()[0] == total, 'extra queued'
    twice = db.execute("select submission, count(*) from event where what='finished' "
                       "group by submission having count(*) != 1").fetchall()
    assert not twice, f'graded other than once: {twice[:5]}'
    assert db.execute("select count(*) from event where what='finished'").fetchone()[0] == total
    refused = db.execute("select count(*) from event where what='finish_refused'").fetchone()[0]
    names = sorted(tokens)
    mine = {s: set() for s in names}
    for i, (sid, s, sha) in enumerate(accepted):
        mine[s].add(sid)
        code, doc, _ = request(f'{base}/api/v1/submissions/{sid}', tokens[s])
        assert code == 200 and doc['status'] == 'done', (sid, code, doc.get('status'))
        r = doc['result']
        assert r['student'] == s and r['submission_sha256'] == sha, f'{sid}: not {s}\'s file'
        assert r['score'] == r['max_score'] == 13, (sid, r['score'])
        other = names[(names.index(s) + 1 + i % (len(names) - 1)) % len(names)]
        code, _, _ = request(f'{base}/api/v1/submissions/{sid}', tokens[other])
        assert code == 404, f'{other} read {s}\'s {sid}: {code}'
    for s in names:
        code, doc, _ = request(f'{base}/api/v1/submissions', tokens[s])
        assert {d['id'] for d in doc['submissions']} == mine[s], f'{s} lists others\' work'
    log(f'verified: {total} ids, each one "finished" event ({refused} late results refused), '
        f'each result the student\'s own file, 404 to every other student ({total} probes), '
        f'every list only its owner\'s')


if __name__ == '__main__':
    main(*sys.argv[1:6])
