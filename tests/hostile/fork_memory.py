# Memory spread over processes, bounded: 8 processes of 100 MB each, every
# page written so it is really resident.  Each stays under a 256 MB
# per-process limit; together they pass it, and the run must be stopped.
import os, time
pids = []
for i in range(7):
    pid = os.fork()
    if pid == 0:
        block = b"x" * (100 * 1024 * 1024)
        time.sleep(20)
        os._exit(0)
    pids.append(pid)
block = b"x" * (100 * 1024 * 1024)
for pid in pids:
    os.waitpid(pid, 0)
print("held 800 MB in 8 processes: the memory limit did not hold")
