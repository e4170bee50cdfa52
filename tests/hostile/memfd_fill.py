# Memory held through descriptors, bounded: 16 memfd files of argv[1] MB
# each (default 24, 384 MB in all), filled with os.write and kept open but
# never mapped, then held for a few seconds.  No process maps a byte of it:
# the memory limit must count the files the sandbox holds open.
import os, sys, time
mb = int(sys.argv[1]) if len(sys.argv) > 1 else 24
block = b"x" * (1 << 20)
fds = []
for i in range(16):
    fd = os.memfd_create("gb%d" % i)
    for j in range(mb):
        os.write(fd, block)
    fds.append(fd)
    time.sleep(0.05)
time.sleep(3)
print("held %d MB in memfd files: the memory limit did not hold" % (16 * mb))
