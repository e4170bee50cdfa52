#!/usr/bin/env bash
# docker/verify.sh — checks docker/Dockerfile on a machine with no Docker
# engine and no registry but Debian's mirror (root; podman, buildah and
# debootstrap installed):
#   1. builds a debian:12 base with debootstrap from the mirror in
#      /etc/apt/sources.list.d/debian.sources, then the image with
#      `podman build --isolation=chroot` (both stages);
#   2. runs commands in the image with `buildah run --isolation chroot` as its
#      user gradebox: the grader's version, a token issued and checked;
#   3. grades in the image: `podman run` does not work on these machines (crun
#      and runc refuse: cgroups in hybrid mode) and a chroot cannot create the
#      user namespaces the sandbox needs (the kernel refuses them to a chrooted
#      process), so the image's file system is mounted (buildah mount) and
#      entered the way a container runtime does — new mount, pid, uts and
#      network namespaces, pivot_root, the image's user — and there
#      `grader serve` grades exercises/samples/attention_by_hand.py through
#      its HTTP API, sandbox and all.
# What this does not exercise is a real runtime's own confinement (its
# seccomp and AppArmor profiles, cgroups): docs/service.md says so.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(id -u)" -eq 0 ] || { echo "verify: run as root" >&2; exit 2; }
for t in podman buildah debootstrap; do
    command -v "$t" >/dev/null || { echo "verify: needs $t (apt-get install $t)" >&2; exit 2; }
done
mirror=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null)
work=$(mktemp -d)
ctr=
cleanup() {
    [ -n "$ctr" ] && { buildah umount "$ctr" >/dev/null 2>&1; buildah rm "$ctr" >/dev/null; }
    rm -rf "$work"
}
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
step "in the image (buildah run), as gradebox:"
in_image sh -c 'id && /opt/gradebox/bin/grader --version && cd /tmp &&
    /opt/gradebox/bin/grader token keygen k >/dev/null &&
    t=$(/opt/gradebox/bin/grader token issue s001 --course ml101 --key k) &&
    /opt/gradebox/bin/grader token show "$t" --key k | tail -1'

step "grading in the image (its file system entered with pivot_root, as gradebox):"
root=$(buildah mount "$ctr")
cat >"$work/enter.sh" <<'ENTER'
set -e
root=$1; shift
ip link set lo up                       # the new network namespace's loopback
mount --make-rprivate /
mount --bind "$root" "$root"
mount -t proc proc "$root/proc"
mount -t tmpfs -o mode=1777 tmpfs "$root/tmp"
for d in null zero full random urandom; do
    touch "$root/dev/$d"
    mount --bind "/dev/$d" "$root/dev/$d"
done
cd "$root"
mkdir -p .oldroot
pivot_root . .oldroot
umount -l /.oldroot
cd /
exec setpriv --reuid gradebox --regid gradebox --init-groups --reset-env \
    /usr/bin/env HOME=/var/lib/gradebox PATH=/usr/bin:/bin "$@"
ENTER
cat >"$root/opt/verify-grade.sh" <<'GRADE'   # not /tmp: a fresh tmpfs goes there
set -e
cd /tmp && mkdir v && cd v
g=/opt/gradebox/bin/grader
$g token keygen key >/dev/null
tok=$($g token issue s001 --course ml101 --key key)
$g serve --listen 127.0.0.1:0 --port-file port --db q.sqlite --token-key key --workers 1 2>serve.log &
pid=$!
for i in $(seq 200); do [ -s port ] && break; sleep 0.1; done
python3 - "$(cat port)" "$tok" <<PY
import json, sys, time, urllib.request
base, tok = "http://127.0.0.1:" + sys.argv[1], sys.argv[2]
auth = {"Authorization": "Bearer " + tok}
body = open("/opt/gradebox/exercises/samples/attention_by_hand.py", "rb").read()
req = urllib.request.Request(base + "/api/v1/submissions?exercise=attention_by_hand", data=body,
                             headers={**auth, "Content-Type": "text/x-python"})
sid = json.load(urllib.request.urlopen(req, timeout=30))["id"]
for _ in range(600):
    doc = json.load(urllib.request.urlopen(urllib.request.Request(
        base + "/api/v1/submissions/" + sid, headers=auth), timeout=30))
    if doc["status"] in ("done", "error"):
        break
    time.sleep(1)
print("graded in the image:", doc["status"], doc.get("score"), "/", doc.get("max_score"),
      doc.get("error") or "", "| run:", (doc.get("result") or {}).get("run", {}).get("summary"))
sys.exit(0 if doc["status"] == "done" and doc["score"] == doc["max_score"] else 1)
PY
rc=$?
kill $pid; wait $pid || true
exit $rc
GRADE
timeout 900 unshare --mount --pid --uts --net --fork sh "$work/enter.sh" "$root" sh /opt/verify-grade.sh
buildah umount "$ctr" >/dev/null
step "verified"
