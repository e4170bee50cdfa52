#!/usr/bin/python3
"""client.py — the `grader serve` test clients that curl cannot be.

    wait URL TOKEN ID SECONDS          poll a submission until done/error; print the status
    forge KEYFILE STUDENT COURSE IAT EXP [ROLE]
                                       a token made from the documented format
                                       (docs/service.md) by this independent code
    slowloris HOST PORT DRIP MAX       send a request head one line every DRIP s;
                                       print when the server hung up (fail after MAX s)
    truncated HOST PORT TOKEN          announce a 10000-byte upload, send 500 bytes, hang up
    metrics URL                        parse /metrics with prometheus_client; print
                                       "name{label=value,...} value" per sample
"""
import base64, hashlib, hmac, json, socket, sys, time, urllib.request, urllib.error


def get_json(url, token):
    req = urllib.request.Request(url, headers={'Authorization': 'Bearer ' + token})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


def wait(url, token, sid, seconds):
    deadline = time.time() + float(seconds)
    while time.time() < deadline:
        try:
            doc = get_json(f'{url}/api/v1/submissions/{sid}', token)
            if doc['status'] in ('done', 'error'):
                print(doc['status'])
                return 0
        except (urllib.error.URLError, ConnectionError):
            pass                        # a restarting service: keep asking
        time.sleep(0.5)
    print('timeout')
    return 1


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b'=').decode()


def forge(keyfile, student, course, iat, exp, role='student'):
    key = open(keyfile, 'rb').read().rstrip(b' \t\r\n')
    payload = json.dumps({'sub': student, 'crs': course, 'role': role, 'iat': int(iat),
                          'exp': int(exp), 'jti': '0' * 31 + '1'}, separators=(',', ':'))
    signed = 'gbt1.' + b64url(payload.encode())
    mac = hmac.new(key, signed.encode(), hashlib.sha256).digest()
    print(signed + '.' + b64url(mac))
    return 0


def slowloris(host, port, drip, most):
    s = socket.create_connection((host, int(port)), timeout=float(most))
    start = time.time()
    s.sendall(b'GET / HTTP/1.1\r\nHost: x\r\n')
    s.settimeout(float(drip))
    n = 0
    while time.time() - start < float(most):
        try:
            if s.recv(4096) == b'':
                break                   # the server hung up
        except socket.timeout:
            pass
        except ConnectionError:
            break
        try:
            s.sendall(b'X-Drip-%d: %s\r\n' % (n, b'a' * 10))
            n += 1
        except (BrokenPipeError, ConnectionError):
            break
    else:
        print(f'still connected after {most} s ({n} header lines sent)')
        return 1
    print(f'closed after {time.time() - start:.1f} s ({n} header lines sent)')
    return 0


def truncated(host, port, token):
    s = socket.create_connection((host, int(port)), timeout=10)
    s.sendall(('POST /api/v1/submissions?exercise=attention_by_hand HTTP/1.1\r\n'
               f'Host: {host}\r\nAuthorization: Bearer {token}\r\n'
               'Content-Type: application/octet-stream\r\nContent-Length: 10000\r\n\r\n')
              .encode() + b'print(1)\n' * 50 + b'x' * 50)
    s.close()
    print('sent 500 of 10000 bytes, then hung up')
    return 0


def metrics(url):
    from prometheus_client.parser import text_string_to_metric_families
    text = urllib.request.urlopen(url, timeout=30).read().decode()
    for fam in text_string_to_metric_families(text):
        for s in fam.samples:
            labels = ','.join(f'{k}={v}' for k, v in sorted(s.labels.items()))
            print(f'{s.name}{{{labels}}} {s.value:g}')
    return 0


if __name__ == '__main__':
    cmd, args = sys.argv[1], sys.argv[2:]
    sys.exit({'wait': wait, 'forge': forge, 'slowloris': slowloris, 'truncated': truncated,
              'metrics': metrics}[cmd](*args))
