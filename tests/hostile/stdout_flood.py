# Output flood, bounded at 64 MB.
import sys
line = "x" * 1023 + "\n"
for i in range(64 * 1024):
    sys.stdout.write(line)
print("wrote 64 MB: the output limit did not hold")
