# Reads pid 1's command line: pid 1 is grader code, and the grader's own
# argv (its flags, a --post URL with a password) must not show there.
with open("/proc/1/cmdline", "rb") as f:
    print("pid 1:", f.read()[:200])
