# Creates empty files in the work directory, bounded: argv[1] of them
# (default 1000000).  Empty files cost no bytes but an inode each: /work's
# inode count must stop it.
import os, sys
n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000000
os.mkdir("many")
for i in range(n):
    os.close(os.open("many/%d" % i, os.O_CREAT | os.O_WRONLY, 0o644))
print("created %d files in /work: the inode limit did not hold" % n)
