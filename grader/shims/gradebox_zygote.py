"""gradebox zygote — one interpreter start (with torch and numpy imported) shared
by many sandboxed runs, each a fresh copy of it (grader/sandbox/sandbox_zygote.h).

Importing torch costs about 1.7 s of CPU, nearly all of a short run.  The
grader starts this interpreter once, outside any sandbox, with the runs'
environment; it imports the modules named on its command line and then only
ever forks.  It never runs a submission itself and never keeps what a request
said: each request is parsed in the forked copy, and the buffer it arrived in
is zeroed before the next.  So no run can see anything of another, only the
state every run would reach by importing the same modules.

A request (one SOCK_SEQPACKET message on fd 3) carries a JSON description and
six descriptors: a pidfd of the sandbox's pid 1, the stdout and stderr write
ends, the sandbox's control socket, the run's cgroup.procs (or /dev/null when
it has none) and the socket the answer goes to (several processes forked
from the grader may ask at once).  The copy moves itself into that cgroup,
enters the sandbox's namespaces (setns with the pidfd: user, mount, pid,
network, IPC, UTS) and forks the run inside the sandbox's pid namespace
through a middle process that exits at once, so that the sandbox's pid 1
adopts the run.  The run then takes the same last steps as a run the grader
execs (sandbox_init.c, exec_submission): default signals, a new session,
descriptors 0-3, the sandbox's ids, no capabilities, no_new_privs, the
system-call filter (its listener handed to the grader) and the limits; then
the interpreter looks as `python3 SCRIPT` started in /work would (argv,
environment, sys.path, __main__, fresh random seeds, the shims'
sitecustomize), runs the script and exits as the interpreter would
(_finish).  The zygote answers "ok" once the run exists, or what went wrong.
The system-call numbers come with the request, from the grader's headers.
"""
import ctypes
import json
import os
import signal
import socket
import struct
import sys

CLONE_NEWNS, CLONE_NEWUTS, CLONE_NEWIPC = 0x00020000, 0x04000000, 0x08000000
CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET = 0x10000000, 0x20000000, 0x40000000
PR_CAPBSET_DROP, PR_SET_NO_NEW_PRIVS, PR_CAP_AMBIENT = 24, 38, 47
PR_CAP_AMBIENT_CLEAR_ALL = 4
SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER = 1, 8
CAPABILITY_VERSION_3 = 0x20080522
REQUEST_MAX = 1 << 20

_libc = ctypes.CDLL(None, use_errno=True)
_libc.syscall.restype = ctypes.c_long


class Refused(Exception):
    """A step of entering the sandbox failed: the run cannot start."""


def _check(rc, what):
    if rc < 0:
        err = ctypes.get_errno()
        raise Refused("cannot %s: %s" % (what, os.strerror(err)))
    return rc


def _preload(names):
    for name in names:
        try:
            __import__(name)
        except Exception:  # noqa: BLE001 - a module the runtime lacks: runs import it themselves
            pass


# ---- the run's side, after the fork ------------------------------------------

class _Ctl:
    """Messages on the sandbox's control socket, laid out as struct
    sandbox_ctl_msg (sandbox_init.h); the grader sends the layout."""

    def __init__(self, layout, fd):
        self.layout, self.fd = layout, fd

    def send(self, kind, status=0, text="", pass_fd=None):
        msg = bytearray(self.layout["size"])
        struct.pack_into("i", msg, self.layout["type_at"], kind)
        struct.pack_into("i", msg, self.layout["status_at"], status)
        raw = text.encode("utf-8", "replace")[: self.layout["text_max"] - 1]
        msg[self.layout["text_at"]: self.layout["text_at"] + len(raw)] = raw
        sock = socket.socket(fileno=os.dup(self.fd))
        try:
            if pass_fd is None:
                sock.send(msg)
            else:
                socket.send_fds(sock, [bytes(msg)], [pass_fd])
        finally:
            sock.close()


def _default_signals():
    for sig in range(1, signal.NSIG):
        if sig in (signal.SIGKILL, signal.SIGSTOP):
            continue
        try:
            signal.signal(sig, signal.SIG_DFL)
        except (OSError, ValueError):
            pass
    # What a fresh interpreter sets at start-up.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_SETMASK, [])


def _arrange_fds(req, out, err, ctl):
    nul = os.open("/dev/null", os.O_RDONLY)
    for fd, to in ((nul, 0), (out, 1), (err, 2), (ctl, 3)):
        os.dup2(fd, to, inheritable=False)
    _check(_libc.syscall(req["nr"]["close_range"], 4, ctypes.c_uint(0xFFFFFFFF), 0),
           "close inherited descriptors")


def _become(req):
    if req["host_root"]:
        os.setgroups([])
    os.setresgid(req["gid"], req["gid"], req["gid"])
    os.setresuid(req["uid"], req["uid"], req["uid"])


def _drop_privileges(req):
    for cap in range(64):
        if _libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) < 0 and ctypes.get_errno() != 22:
            _check(-1, "drop capability %d" % cap)
    _check(_libc.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0),
           "clear ambient capabilities")
    header = ctypes.create_string_buffer(struct.pack("Ii", CAPABILITY_VERSION_3, 0), 8)
    data = ctypes.create_string_buffer(24)
    _check(_libc.syscall(req["nr"]["capset"], header, data), "set capabilities")
    _check(_libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "set no_new_privs")


def _install_filter(req, ctl):
    code = bytes.fromhex(req["filter"])

    class Prog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_char_p)]

    prog = Prog(len(code) // 8, code)
    listener = _check(_libc.syscall(req["nr"]["seccomp"], SECCOMP_SET_MODE_FILTER,
                                    SECCOMP_FILTER_FLAG_NEW_LISTENER, ctypes.byref(prog)),
                      "load the system-call filter")
    try:
        ctl.send(ctl.layout["listener"], pass_fd=listener)
    except OSError as e:
        raise Refused("cannot hand the system-call filter to the grader: %s" % e) from None
    os.close(listener)


def _limits(req):
    import resource
    for res, soft, hard, name in req["rlimits"]:
        cur_soft, cur_hard = resource.getrlimit(res)
        hard = cur_hard if hard < 0 else (hard if cur_hard < 0 else min(hard, cur_hard))
        soft = hard if soft < 0 else (soft if hard < 0 else min(soft, hard))
        try:
            resource.setrlimit(res, (soft, hard))
        except (OSError, ValueError) as e:
            raise Refused("cannot set the %s limit: %s" % (name, e)) from None


def _look_fresh(req):
    """The interpreter state `python3 SCRIPT` in the work dir would start with."""
    import importlib
    argv, env = req["argv"], req["env"]
    os.chdir(req["cwd"])
    os.environ.clear()
    for entry in env:
        key, _, value = entry.partition("=")
        os.environ[key] = value
    script = os.path.abspath(argv[1])
    path = [os.path.dirname(script)]
    for entry in os.environ.get("PYTHONPATH", "").split(os.pathsep):
        if entry:
            path.append(os.path.abspath(entry))
    # The interpreter's own entries stay whether they exist or not (the
    # stdlib zip never does); site.py adds a site directory only if it exists,
    # and the sandbox shows fewer than the host the zygote started on.
    path += [p for p in _BASE_PATH if p in _CORE_PATH or os.path.isdir(p)]
    sys.path[:] = path
    sys.argv[:] = argv[1:]
    sys.orig_argv = list(argv)
    sys.path_importer_cache.clear()
    importlib.invalidate_caches()
    import random
    random.seed()
    # Seeded at import from the system's entropy in a fresh interpreter:
    # each run draws its own, as it would.
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        numpy.random.seed()
    torch = sys.modules.get("torch")
    if torch is not None:
        torch.seed()
    for name in ("sitecustomize", "usercustomize"):
        sys.modules.pop(name, None)
    try:
        import sitecustomize  # noqa: F401 - the shims, when the work dir has them
    except ImportError:
        pass
    except Exception:  # noqa: BLE001 - as site.py does: report, go on
        import traceback
        print("Error in sitecustomize; set PYTHONVERBOSE for traceback:", file=sys.stderr)
        traceback.print_exc()
    return script


def _run_main(script):
    """Runs the script as __main__; returns its exit status as python3 would."""
    import importlib.machinery
    import types
    main = types.ModuleType("__main__")
    main.__file__ = script
    main.__loader__ = importlib.machinery.SourceFileLoader("__main__", script)
    main.__builtins__ = __builtins__
    sys.modules["__main__"] = main
    try:
        with open(script, "rb") as f:
            source = f.read()
        code = compile(source, script, "exec", dont_inherit=True)
    except SyntaxError as e:
        e.__traceback__ = None   # python3 shows no frame for a script that does not compile
        sys.excepthook(type(e), e, None)
        return 1
    except OSError as e:
        print("%s: can't open file %r: [Errno %d] %s" % (sys.executable, script, e.errno,
                                                          e.strerror), file=sys.stderr)
        return 2
    try:
        exec(code, main.__dict__)
    except SystemExit as e:
        return _exit_status(e)
    except BaseException as e:  # noqa: BLE001 - printed as the interpreter would
        tb = e.__traceback__.tb_next if e.__traceback__ else None
        e.__traceback__ = tb   # the script's frames only, as python3 shows them
        sys.excepthook(type(e), e, tb)
        return 1
    return 0


def _exit_status(e):
    """What python3 exits with for an uncaught SystemExit."""
    code = e.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    try:
        print(code, file=sys.stderr)
    except Exception:  # noqa: BLE001 - as the interpreter: nothing more to say
        pass
    return 1


def _flush_std(status):
    """As the interpreter flushes sys.stdout and sys.stderr at exit: a closed
    one is left alone; stdout failing to flush makes a clean exit 120."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None and not stream.closed:
                stream.flush()
        except Exception:  # noqa: BLE001 - as python3: the status says it
            if stream is sys.stdout and status == 0:
                status = 120
    return status


def _finish(status, main):
    """Ends the run as the interpreter's exit would, as far as anyone can
    see, and in its order: threads joined, exit handlers run (the script's,
    then the shims'), the standard streams flushed, the script's globals and
    garbage released (their __del__ may still print), the streams flushed
    again.  The rest of finalization only tears down the imported modules;
    in a copy of the zygote that would write to every page it shares with
    the zygote (most of a second), so the copy exits there."""
    import atexit
    import gc
    threading = sys.modules.get("threading")
    if threading is not None:
        threading._shutdown()
    atexit._run_exitfuncs()
    status = _flush_std(status)
    main.__dict__.clear()
    gc.collect()
    _flush_std(0)
    os._exit(status)


def _run(req, fds):
    pidfd, out, err, ctl_fd, procs = fds
    ctl = _Ctl(req["ctl"], ctl_fd)
    try:
        ctl.send(req["ctl"]["started"], status=os.getpid())
        _default_signals()
        os.setsid()
        _arrange_fds(req, out, err, ctl_fd)
        ctl.fd = 3
        _become(req)
        _drop_privileges(req)
        _install_filter(req, ctl)
        _limits(req)
    except (Refused, OSError) as e:
        try:
            ctl.send(req["ctl"]["error"], text=str(e))
        finally:
            os._exit(127)
    try:
        script = _look_fresh(req)
    except Exception as e:  # noqa: BLE001 - the zygote's fault, not the submission's
        ctl.send(req["ctl"]["error"], text="cannot prepare the interpreter: %s" % e)
        os._exit(127)
    # The script can walk up to these frames: the request held environment
    # entries the shims take out of os.environ before it runs (the rerun's
    # seed key); nothing of it stays.
    req.clear()
    fds.clear()
    status = _run_main(script)
    _finish(status, sys.modules["__main__"])


# ---- the zygote's side --------------------------------------------------------

def _enter(req, fds, report):
    """In the forked copy: into the cgroup and the namespaces, then the run.

    A process is adopted by the pid 1 of the namespace its parent lived in:
    this copy lives in the zygote's, so it forks a middle process inside the
    sandbox's namespace, which forks the run and exits at once; the run is
    then the sandbox's pid 1's to reap, as an exec'd run is."""
    pidfd, procs = fds[0], fds[4]
    try:
        if req["cgroup"]:
            try:
                os.write(procs, b"0\n")
            except OSError as e:
                raise Refused("cannot join the run's cgroup: %s" % e) from None
        flags = (CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC
                 | CLONE_NEWUTS)
        _check(_libc.setns(pidfd, flags), "enter the sandbox's namespaces")
        middle = os.fork()
        if middle == 0:
            if os.fork() == 0:
                os.close(report)
                _run(req, fds)   # never returns
            os._exit(0)
        _, status = os.waitpid(middle, 0)
        if status != 0:
            raise Refused("the run could not be forked (status %d)" % status)
    except (Refused, OSError) as e:
        os.write(report, ("E" + str(e)).encode("utf-8", "replace"))
        os._exit(0)
    os.write(report, b"ok")
    os._exit(0)


def _spawn(sock, reply, buf, n, fds):
    rd, wr = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(rd)
        sock.close()
        reply.close()
        try:
            req = json.loads(bytes(buf[:n]))
            buf[:n] = bytes(n)   # the run's frames below this one can reach buf
            if len(fds) != 5:
                raise Refused("the request carried %d descriptors, not 6" % (len(fds) + 1))
        except (ValueError, Refused) as e:
            os.write(wr, ("E" + str(e)).encode())
            os._exit(0)
        _enter(req, fds, wr)
        os._exit(0)
    buf[:n] = bytes(n)
    os.close(wr)
    for fd in fds:
        os.close(fd)
    answer = b""
    while True:
        chunk = os.read(rd, 4096)
        if not chunk:
            break
        answer += chunk
    os.close(rd)
    os.waitpid(pid, 0)
    if answer == b"ok":
        return b"ok"
    return b"error: " + (answer[1:] or b"the zygote's copy ended without a word")


def _serve():
    sock = socket.socket(fileno=3)
    sock.send(b"ready")
    buf = bytearray(REQUEST_MAX)
    anc = socket.CMSG_SPACE(6 * 4)
    while True:
        try:
            n, ancdata, flags, _ = sock.recvmsg_into([buf], anc)
        except InterruptedError:
            continue
        if n == 0:
            return
        fds = []
        for level, kind, data in ancdata:
            if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                fds += list(struct.unpack("%di" % (len(data) // 4), data[: len(data) // 4 * 4]))
        if not fds:
            buf[:n] = bytes(n)
            continue   # nowhere to answer
        reply = socket.socket(fileno=fds.pop())
        try:
            if flags & (socket.MSG_TRUNC | socket.MSG_CTRUNC):
                for fd in fds:
                    os.close(fd)
                buf[:n] = bytes(n)
                reply.send(b"error: the request was too large")
            else:
                reply.send(_spawn(sock, reply, buf, n, fds))
        except OSError:
            pass   # the asker is gone: its run is its sandbox's to end
        finally:
            reply.close()


_BASE_PATH = [p for p in sys.path[1:] if p]
_CORE_PATH = set(p for p in _BASE_PATH if "-packages" not in p)

if __name__ == "__main__":
    _preload(sys.argv[1:])
    import gc
    gc.collect()
    gc.freeze()   # the copies' collections then leave the zygote's objects (and pages) alone
    _serve()
