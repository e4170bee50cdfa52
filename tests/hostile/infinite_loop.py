# Busy loop, bounded at 60 s of wall time.
import time
end = time.monotonic() + 60
n = 0
while time.monotonic() < end:
    n += 1
print("looped 60 s: the CPU limit did not hold")
