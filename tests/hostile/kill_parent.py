# Kills its parent, pid 1 and everything it can signal; it must survive
# only as itself, and the grader not at all.
import os, signal
for target in (os.getppid(), 1):
    try:
        os.kill(target, signal.SIGKILL)
        print("signalled", target)
    except OSError as e:
        print("kill", target, "errno", e.errno)
try:
    os.kill(-1, signal.SIGKILL)
except OSError as e:
    print("kill -1 errno", e.errno)
print("alive, parent", os.getppid())
