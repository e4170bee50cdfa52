# System V shared memory outlives every process that attaches it (it
# belongs to the IPC namespace), so no per-process count sees it once
# detached.  Bounded: one 64 MB segment.  The sandbox forbids shmget.
import ctypes, sys
libc = ctypes.CDLL(None, use_errno=True)
IPC_PRIVATE, IPC_CREAT = 0, 0o1000
shmid = libc.shmget(IPC_PRIVATE, ctypes.c_size_t(64 << 20), IPC_CREAT | 0o600)
print("shmget returned", shmid, "errno", ctypes.get_errno())
sys.exit(0 if shmid < 0 else 3)
