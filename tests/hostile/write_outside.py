# Writes outside the work directory; argv[1] is the host's parent of it.
import os, sys
for path in ["/escape", "/usr/escape", "/etc/passwd", "/proc/sys/kernel/hostname",
             "/sys/devices/system/cpu/escape", sys.argv[1] + "/escape", "../escape"]:
    try:
        with open(path, "a") as f:
            f.write("x")
        print(path, "written")
    except OSError as e:
        print(path, "errno", e.errno)
