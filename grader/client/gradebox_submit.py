#!/usr/bin/env python3
"""gradebox_submit.py - check your work against your course's gradebox service.

    python3 gradebox_submit.py --login                 # once: the service's address and your token
    python3 gradebox_submit.py attention_by_hand.py    # upload, wait, print the report

Prints the same report `grader check` prints and exits like it: 0 when every
check passed (or only a human review is left), 1 when some check failed, 2 on
a usage or connection error or when the service could not grade the file.

One file, Python 3.8 or newer, the standard library only: it runs the same on
Windows, macOS and Linux.  The service that served this file wrote its own
address into SERVICE_URL below; --url, GRADEBOX_URL or the config file
(~/.gradebox.json, written by --login) take precedence.  The token comes from
--token, GRADEBOX_TOKEN or that file.  See docs/students.md in gradebox.
"""
import argparse
import getpass
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

SERVICE_URL = None  # written by the service that served this file (GET /client)

CONFIG_NAME = ".gradebox.json"
POLL_FIRST_S, POLL_MAX_S = 1.0, 3.0
HTTP_TIMEOUT_S = 60
EXIT_PASSED, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
EXIT_BY_STATUS = {"passed": EXIT_PASSED, "needs_review": EXIT_PASSED, "review": EXIT_PASSED,
                  "failed": EXIT_FAILED}

# A console that cannot show the report's symbols gets grader check's ASCII
# spellings (grader/report/report_text.c).
ASCII = [("✓ pass     ", "[pass]     "), ("✗ FAIL     ", "[FAIL]     "),
         ("✗ MISSING  ", "[MISSING]  "), ("✗ UNREACHED", "[UNREACHED]"),
         ("? REVIEW   ", "[REVIEW]   "), ("! ERROR    ", "[ERROR]    "),
         ("±", "+/-"), ("≈", "~"), ("—", "-"), ("–", "-"), ("−", "-"), ("√", "sqrt"),
         ("ᵀ", "T"), ("×", "x"), ("→", "->"), ("≤", "<="), ("≥", ">="), ("·", "."),
         ("…", "..."), ("’", "'"), ("↳", "->")]


class Refused(Exception):
    """A sentence for the student, and the exit status it ends with."""

    def __init__(self, message, status=EXIT_USAGE):
        super().__init__(message)
        self.status = status


def config_path(given):
    if given:
        return given
    return os.path.join(os.path.expanduser("~"), CONFIG_NAME)


def load_config(path):
    try:
        with open(path, encoding="utf-8") as f:
            conf = json.load(f)
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as e:
        raise Refused("cannot read %s: %s (delete it and sign in again with --login)" % (path, e))
    if not isinstance(conf, dict):
        raise Refused("%s is not a JSON object; delete it and sign in again with --login" % path)
    return conf


def save_config(path, conf):
    """Writes the config readable by its owner only (the token is a password)."""
    tmp = path + ".tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(conf, f, indent=2)
        f.write("\n")
    os.replace(tmp, path)


def settings(args):
    """The service's URL and the token: flags, then environment, then the file."""
    conf = load_config(config_path(args.config))
    url = args.url or os.environ.get("GRADEBOX_URL") or conf.get("url") or SERVICE_URL
    token = args.token or os.environ.get("GRADEBOX_TOKEN") or conf.get("token")
    if not url:
        raise Refused("which service? give --url https://... (your course's gradebox address) "
                      "or sign in once with --login")
    url = url.rstrip("/")
    if not url.startswith(("http://", "https://")):
        raise Refused("the service's address must start with https:// or http://, not %r" % url)
    return url, token


def request(method, url, token=None, body=None, content_type=None):
    """(status, headers, parsed JSON or None); connection problems raise Refused."""
    headers = {"Accept": "application/json", "User-Agent": "gradebox_submit/1"}
    if token:
        headers["Authorization"] = "Bearer " + token
    if content_type:
        headers["Content-Type"] = content_type
    req = urllib.request.Request(url, data=body, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=HTTP_TIMEOUT_S) as r:
            status, hdrs, raw = r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        status, hdrs, raw = e.code, e.headers, e.read()
    except (urllib.error.URLError, OSError) as e:
        reason = getattr(e, "reason", e)
        raise Refused("cannot reach the service at %s: %s" % (url, reason))
    try:
        doc = json.loads(raw.decode("utf-8")) if raw else None
    except ValueError:
        doc = None
    return status, hdrs, doc


def refusal(status, doc, what):
    why = doc.get("error") if isinstance(doc, dict) else None
    text = "%s: the service answered %d%s" % (what, status, ": " + why if why else "")
    if status == 401:
        text += "\nsign in again: python3 gradebox_submit.py --login"
    return Refused(text)


def multipart(filename, data, exercise):
    """A multipart/form-data body, by hand: the file, and the exercise if named."""
    boundary = "gradebox-" + uuid.uuid4().hex
    while boundary.encode() in data:
        boundary = "gradebox-" + uuid.uuid4().hex
    # HTML's rule for a file name in a form: " and newlines percent-encoded.
    name = filename.replace('"', "%22").replace("\r", "%0D").replace("\n", "%0A")
    parts = []
    if exercise:
        parts.append(b"--%s\r\nContent-Disposition: form-data; name=\"exercise\"\r\n\r\n%s\r\n"
                     % (boundary.encode(), exercise.encode("utf-8")))
    parts.append(b"--%s\r\nContent-Disposition: form-data; name=\"file\"; filename=\"%s\"\r\n"
                 b"Content-Type: application/octet-stream\r\n\r\n"
                 % (boundary.encode(), name.encode("utf-8")) + data + b"\r\n")
    parts.append(b"--%s--\r\n" % boundary.encode())
    return b"".join(parts), "multipart/form-data; boundary=" + boundary


def upload(url, token, path, exercise):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise Refused("cannot read %s: %s" % (path, e.strerror or e))
    body, ctype = multipart(os.path.basename(path), data, exercise)
    for attempt in range(4):
        status, hdrs, doc = request("POST", url + "/api/v1/submissions", token, body, ctype)
        if status == 202 and isinstance(doc, dict) and doc.get("id"):
            return doc
        wait = (hdrs.get("Retry-After") or "") if hdrs else ""
        if status == 503 and wait.isdigit() and int(wait) <= 60 and attempt < 3:
            progress("the service is busy; trying again in %s s" % wait, final=True)
            time.sleep(int(wait))
            continue
        raise refusal(status, doc, "%s was not accepted" % os.path.basename(path))
    raise Refused("the service stayed busy; try again in a few minutes")


class Progress:
    """One line on stderr, rewritten in place on a terminal; a line per change otherwise."""

    def __init__(self):
        self.tty = sys.stderr.isatty()
        self.last = None
        self.width = 0

    def __call__(self, text, final=False):
        if self.tty:
            pad = max(0, self.width - len(text))
            sys.stderr.write("\r" + text + " " * pad + ("\n" if final else ""))
            self.width = 0 if final else len(text)
        elif text.split(" (")[0] != self.last or final:
            sys.stderr.write(text + "\n")
        self.last = text.split(" (")[0]
        sys.stderr.flush()


progress = Progress()


def wait_for(url, token, sub, timeout):
    started = time.monotonic()
    where = url + "/api/v1/submissions/" + urllib.parse.quote(sub["id"], safe="")
    pause = POLL_FIRST_S
    while True:
        status, _, doc = request("GET", where, token)
        if status != 200 or not isinstance(doc, dict):
            raise refusal(status, doc, "cannot follow submission %s" % sub["id"])
        state, secs = doc.get("status"), int(time.monotonic() - started)
        if state in ("done", "error"):
            progress("%s (%d s)" % ("graded" if state == "done" else "not graded", secs),
                     final=True)
            return doc
        if state == "queued":
            pos = doc.get("position")
            progress("waiting to be graded%s (%d s)"
                     % (", number %d in line" % pos if isinstance(pos, int) else "", secs))
        else:
            progress("being graded: your program is running (%d s)" % secs)
        if secs > timeout:
            raise Refused("still not graded after %d s; the report will be at %s"
                          % (secs, doc.get("report_url") or where))
        time.sleep(pause)
        pause = min(POLL_MAX_S, pause * 1.5)


def show(text):
    out = sys.stdout
    try:
        text.encode(out.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        for utf8, ascii_ in ASCII:
            text = text.replace(utf8, ascii_)
        text = text.encode("ascii", "replace").decode("ascii")
    out.write(text)
    out.flush()


def report(doc, fmt):
    if doc.get("status") == "error":
        raise Refused("the service could not grade it: %s" % (doc.get("error") or "no reason given"))
    if fmt == "json":
        show(json.dumps(doc.get("result"), indent=2, ensure_ascii=False) + "\n")
    elif isinstance(doc.get("report_text"), str):
        show(doc["report_text"])
    else:
        raise Refused("the service sent no report (is it older than this client?); read it at %s"
                      % doc.get("report_url"))
    if doc.get("report_url"):
        progress("the report on the web: %s" % doc["report_url"], final=True)
    return EXIT_BY_STATUS.get(doc.get("result_status"), EXIT_USAGE)


def login(args):
    """Asks for the token once, checks it with the service, keeps both in the config."""
    path = config_path(args.config)
    conf = load_config(path)
    url = args.url or os.environ.get("GRADEBOX_URL") or conf.get("url") or SERVICE_URL
    if not url:
        url = input("Your course's gradebox address (https://...): ").strip()
    args.url = url
    url, _ = settings(args)
    token = args.token or os.environ.get("GRADEBOX_TOKEN")
    if not token:
        token = getpass.getpass("Your gradebox token (it is not shown as you paste it): ").strip()
    status, _, doc = request("GET", url + "/api/v1/submissions", token)
    if status != 200:
        raise refusal(status, doc, "signing in to %s" % url)
    conf.update({"url": url, "token": token})
    save_config(path, conf)
    print("signed in to %s; kept in %s (only you can read it)" % (url, path))
    return EXIT_PASSED


def main(argv=None):
    p = argparse.ArgumentParser(description="Check your work against your course's gradebox "
                                "service and print the report grader check prints.")
    p.add_argument("file", nargs="?", help="your script, notebook or answers file")
    p.add_argument("--exercise", help="which exercise, whatever the file is called")
    p.add_argument("--login", action="store_true", help="sign in once: keep the service's "
                   "address and your token in the config file")
    p.add_argument("--url", help="the service's address (default: the config file)")
    p.add_argument("--token", help="your token (default: GRADEBOX_TOKEN or the config file)")
    p.add_argument("--config", help="the config file (default: ~/%s)" % CONFIG_NAME)
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help="text: the report; json: the gradebox.result/1 document")
    p.add_argument("--timeout", type=int, default=900, help="seconds to wait (default 900)")
    args = p.parse_args(argv)
    try:
        if args.login:
            return login(args)
        if not args.file:
            p.error("which file? python3 gradebox_submit.py attention_by_hand.py")
        url, token = settings(args)
        if not token:
            raise Refused("no token: sign in once with python3 gradebox_submit.py --login "
                          "(or give --token / GRADEBOX_TOKEN)")
        sub = upload(url, token, args.file, args.exercise)
        progress("sent %s as submission %s" % (os.path.basename(args.file), sub["id"]),
                 final=True)
        return report(wait_for(url, token, sub, args.timeout), args.format)
    except Refused as e:
        if progress.tty and progress.width:
            sys.stderr.write("\n")
        sys.stderr.write("gradebox: %s\n" % e)
        return e.status
    except KeyboardInterrupt:
        sys.stderr.write("\ngradebox: stopped waiting; the service goes on grading it\n")
        return 130


if __name__ == "__main__":
    sys.exit(main())
