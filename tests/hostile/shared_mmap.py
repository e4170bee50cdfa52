# Shared memory past the memory limit, bounded: one MAP_SHARED anonymous
# mapping of argv[1] MB (default 384), every page written so it is really
# resident, then held for a few seconds.  RLIMIT_DATA does not count shared
# mappings, and their pages are shmem, not anonymous memory: the memory
# limit must count them all the same.
import mmap, sys, time
mb = int(sys.argv[1]) if len(sys.argv) > 1 else 384
m = mmap.mmap(-1, mb << 20)
block = b"x" * (1 << 20)
for i in range(mb):
    m[i << 20:(i + 1) << 20] = block
    if i % 16 == 15:
        time.sleep(0.02)
time.sleep(3)
print("held %d MB of shared memory: the memory limit did not hold" % mb)
