#!/usr/bin/python3
"""browser.py — drive headless Chromium through the upload page as a student
on a phone would, over the DevTools protocol (python3-websocket).

    browser.py CHROMIUM URL TOKEN FILE OUTDIR

Emulates a 390x844 phone, opens URL, types the token and taps "Sign in",
picks FILE in the file input and taps "Check my work", then waits — the page
reloads itself (<meta refresh>; the page has no script) — until the report
is there.  Asserts on the rendered text (document.body.innerText), that no
page carries a <script> or needs sideways scrolling, and saves
OUTDIR/serve-upload.png, OUTDIR/serve-report.png and OUTDIR/serve-output.png
(a check's citation followed to its output line).  The test's own
Runtime.evaluate calls only read the page; every action is a tap or typing.
"""
import base64, json, os, shutil, subprocess, sys, tempfile, time, urllib.request
import websocket

FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
         '--disable-background-networking', '--disable-component-update', '--disable-sync',
         '--hide-scrollbars', '--remote-debugging-port=0']


class Page:
    def __init__(self, ws_url):
        self.ws = websocket.create_connection(ws_url, timeout=60, suppress_origin=True)
        self.next_id = 0
        self.events = []

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({'id': self.next_id, 'method': method, 'params': params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get('id') == self.next_id:
                if 'error' in msg:
                    raise RuntimeError(f'{method}: {msg["error"]}')
                return msg.get('result', {})
            self.events.append(msg)

    def wait_event(self, name, seconds=60):
        deadline = time.time() + seconds
        while time.time() < deadline:
            for i, e in enumerate(self.events):
                if e.get('method') == name:
                    del self.events[:i + 1]
                    return e
            self.ws.settimeout(max(0.1, deadline - time.time()))
            try:
                self.events.append(json.loads(self.ws.recv()))
            except websocket.WebSocketTimeoutException:
                break
        raise RuntimeError(f'no {name} within {seconds} s')

    def read(self, expr):
        r = self.call('Runtime.evaluate', expression=expr, returnByValue=True)
        if 'exceptionDetails' in r:
            raise RuntimeError(f'{expr}: {r["exceptionDetails"].get("exception", {}).get("description")}')
        return r['result'].get('value')

    def node(self, selector):
        root = self.call('DOM.getDocument')['root']['nodeId']
        n = self.call('DOM.querySelector', nodeId=root, selector=selector)['nodeId']
        if not n:
            raise RuntimeError(f'no {selector} on {self.read("location.href")}')
        return n

    def tap(self, selector):
        quad = self.call('DOM.getContentQuads', nodeId=self.node(selector))['quads'][0]
        x, y = sum(quad[0::2]) / 4, sum(quad[1::2]) / 4
        for kind in ('mousePressed', 'mouseReleased'):
            self.call('Input.dispatchMouseEvent', type=kind, x=x, y=y, button='left', clickCount=1)

    def type_into(self, selector, text):
        self.call('DOM.focus', nodeId=self.node(selector))
        self.call('Input.insertText', text=text)

    def screenshot(self, path):
        """What the phone's screen shows."""
        data = self.call('Page.captureScreenshot', format='png')['data']
        with open(path, 'wb') as f:
            f.write(base64.b64decode(data))

    def check_page(self, what):
        scripts = self.read('document.querySelectorAll("script").length')
        assert scripts == 0, f'{what}: {scripts} <script> elements'
        wide = self.read('document.documentElement.scrollWidth - window.innerWidth')
        assert wide <= 0, f'{what}: {wide} px wider than the phone screen'


def start_chromium(binary, profile):
    proc = subprocess.Popen([binary, *FLAGS, f'--user-data-dir={profile}', 'about:blank'],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    port_file = os.path.join(profile, 'DevToolsActivePort')
    for _ in range(600):
        if os.path.exists(port_file) and open(port_file).read().count('\n') >= 1:
            break
        time.sleep(0.1)
    port = open(port_file).read().split()[0]
    targets = json.load(urllib.request.urlopen(f'http://127.0.0.1:{port}/json', timeout=30))
    page = next(t for t in targets if t['type'] == 'page')
    return proc, page['webSocketDebuggerUrl']


def run(binary, url, token, path, outdir):
    profile = tempfile.mkdtemp(prefix='gb-chromium.')
    proc, ws_url = start_chromium(binary, profile)
    try:
        p = Page(ws_url)
        for domain in ('Page', 'DOM', 'Runtime'):
            p.call(f'{domain}.enable')
        p.call('Emulation.setDeviceMetricsOverride', width=390, height=844,
               deviceScaleFactor=2, mobile=True)
        p.call('Page.navigate', url=url)
        p.wait_event('Page.loadEventFired')
        p.check_page('sign-in page')
        p.type_into('#token', token)
        p.tap('button[type=submit]')
        p.wait_event('Page.loadEventFired')
        text = p.read('document.body.innerText')
        assert 'Signed in as s101' in text, 'not signed in: ' + text[:300]
        p.check_page('upload page')
        p.call('DOM.setFileInputFiles', nodeId=p.node('#file'), files=[path])
        p.screenshot(os.path.join(outdir, 'serve-upload.png'))
        p.tap('form[action="/submit"] button')
        p.wait_event('Page.loadEventFired')
        where = p.read('location.pathname')
        assert where.startswith('/submissions/'), 'the upload went to ' + where
        print(f'uploaded: {where}', flush=True)
        deadline, text = time.time() + 600, ''
        while time.time() < deadline:      # the page reloads itself every 3 s
            try:
                text = p.read('document.body.innerText') or ''
            except RuntimeError:
                continue                    # caught mid-reload
            if 'checks passed' in text or 'could not be graded' in text:
                break
            time.sleep(1)
        for want in ('passed 15/15', '15 of 15 checks passed', 'run: exited with status 0',
                     'pass 1/1 rows_sum_to_one', 'every row of your weight matrix sums to 1',
                     'found 0.711', 'The report as grader check prints it'):
            assert want in text, f'the report page lacks {want!r}: ' + text[:900]
        p.check_page('report page')
        p.screenshot(os.path.join(outdir, 'serve-report.png'))
        print('report: ' + text.split('\n')[0])
        # The program's output under the checks: a check's citation is a link
        # to its line, which is marked and scrolled into view.
        assert "Your program's output" in text, 'the report page shows no output'
        target = p.read('document.querySelector(\'a[href^="#out-"]\').getAttribute("href")')
        p.tap('a[href^="#out-"]')
        time.sleep(0.5)
        assert p.read('location.hash') == target, 'the citation link did not go to ' + target
        line = p.read(f'(() => {{ const e = document.getElementById("{target[1:]}");'
                      ' const r = e.getBoundingClientRect();'
                      ' return [e.className, r.top > -2 && r.top < innerHeight, r.top, innerHeight,'
                      ' e.innerText]; })()')
        assert line[0] == 'cited' and line[1], f'{target} is not a marked line in view: {line}'
        p.check_page('report page at its output')
        p.screenshot(os.path.join(outdir, 'serve-output.png'))
        print('cited: ' + line[4].strip())
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == '__main__':
    try:
        run(*sys.argv[1:6])
    except (AssertionError, RuntimeError) as e:
        print(f'browser: {e}')
        sys.exit(1)
