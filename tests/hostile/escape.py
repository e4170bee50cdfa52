# setsid + double fork: a daemon that would outlive the run (bounded at
# 60 s) and keep writing into the work directory.
import os, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        end = time.monotonic() + 60
        while time.monotonic() < end:
            with open("daemon.txt", "a") as f:
                f.write("still here\n")
            time.sleep(0.1)
        os._exit(0)
    os._exit(0)
os.wait()
print("detached")
