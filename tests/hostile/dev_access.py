# Devices: only null, zero, full, random, urandom exist; nothing can be made.
import os
print(sorted(os.listdir("/dev")))
for path in ["/dev/sda", "/dev/vda", "/dev/mem", "/dev/kmsg", "/dev/tty", "/dev/shm/x"]:
    try:
        open(path, "rb").close()
        print(path, "opened")
    except OSError as e:
        print(path, "errno", e.errno)
try:
    os.mknod("/work/mem", 0o600 | 0o020000, os.makedev(1, 1))
    print("mknod worked")
except OSError as e:
    print("mknod errno", e.errno)
