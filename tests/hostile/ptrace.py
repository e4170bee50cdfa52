# ptrace (through libc): denied by the filter.
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
libc.ptrace(16, os.getppid(), 0, 0)   # PTRACE_ATTACH to pid 1
print("ptrace returned")
