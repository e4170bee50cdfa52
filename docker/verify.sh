#!/usr/bin/env bash
# docker/verify.sh — checks docker/Dockerfile on a machine with no Docker
# engine and no registry but Debian's mirror (root; podman, buildah and
# debootstrap installed): builds a debian:12 base with debootstrap from the
# mirror in /etc/apt/sources.list.d/debian.sources, builds the image with
# `podman build --isolation=chroot`, then runs inside it, as its "gradebox"
# user, with `buildah run --isolation chroot`: the grader's version, a token,
# and `grader serve` grading the sample submission end to end through its
# HTTP API.  `podman run` itself does not work on these machines (crun and
# runc refuse: cgroups in hybrid mode), so the container runtime's own
# isolation (namespaces, the security options compose.yaml sets) is not what
# is exercised here; docs/service.md says what was and was not verified.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(id -u)" -eq 0 ] || { echo "verify: run as root" >&2; exit 2; }
for t in podman buildah debootstrap; do
    command -v "$t" >/dev/null || { echo "verify: needs $t (apt-get install $t)" >&2; exit 2; }
done
mirror=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null)
work=$(mktemp -d)
ctr=
cleanup() { [ -n "$ctr" ] && buildah rm "$ctr" >/dev/null; rm -rf "$work"; }
trap cleanup EXIT
step() { echo "verify: $(date +%T) $*"; }

if ! podman image exists localhost/debian:12; then
    step "debootstrap bookworm from ${mirror:-deb.debian.org}"
    debootstrap --variant=minbase bookworm "$work/rootfs" "${mirror:-http://deb.debian.org/debian}" \
        >"$work/debootstrap.log"
    tar -C "$work/rootfs" -c . | podman import - localhost/debian:12 >/dev/null
fi
step "podman build"
podman build --isolation=chroot --build-arg BASE=localhost/debian:12 -f docker/Dockerfile \
    -t localhost/gradebox . >"$work/build.log" 2>&1 || { tail -30 "$work/build.log"; exit 1; }
podman image inspect localhost/gradebox --format \
    'image: {{.Id}} {{.Size}} bytes; user {{.Config.User}}; cmd {{.Config.Entrypoint}} {{.Config.Cmd}}'
ctr=$(buildah from localhost/gradebox)
in_image() { buildah run --isolation chroot --user gradebox "$ctr" -- "$@"; }
step "inside the image, as gradebox:"
in_image sh -c 'id; /opt/gradebox/bin/grader --version'
in_image sh -c '
set -e
cd /tmp && rm -rf v && mkdir v && cd v
grader=/opt/gradebox/bin/grader
$grader token keygen key >/dev/null
tok=$($grader token issue s001 --course ml101 --key key)
$grader serve --listen 127.0.0.1:0 --port-file port --db q.sqlite --token-key key --workers 1 2>serve.log &
pid=$!
for i in $(seq 100); do [ -s port ] && break; sleep 0.2; done
python3 - "$(cat port)" "$tok" <<PY
import json, sys, time, urllib.request
base, tok = "http://127.0.0.1:" + sys.argv[1], sys.argv[2]
body = open("/opt/gradebox/exercises/samples/attention_by_hand.py", "rb").read()
req = urllib.request.Request(base + "/api/v1/submissions?exercise=attention_by_hand", data=body,
        headers={"Authorization": "Bearer " + tok, "Content-Type": "text/x-python"})
sid = json.load(urllib.request.urlopen(req, timeout=30))["id"]
for _ in range(600):
    doc = json.load(urllib.request.urlopen(urllib.request.Request(base + "/api/v1/submissions/" + sid,
          headers={"Authorization": "Bearer " + tok}), timeout=30))
    if doc["status"] in ("done", "error"):
        break
    time.sleep(1)
print("graded in the image:", doc["status"], doc.get("score"), "/", doc.get("max_score"), doc.get("error") or "")
sys.exit(0 if doc["status"] == "done" and doc["score"] == doc["max_score"] else 1)
PY
kill $pid; wait $pid || true
'
step "verified"
