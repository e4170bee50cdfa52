# Fills the work directory with files each under the file-size limit,
# bounded: argv[1] files (default 10) of argv[2] MB (default 60).  Every
# file passes RLIMIT_FSIZE; together they must hit /work's size.
import sys
n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
mb = int(sys.argv[2]) if len(sys.argv) > 2 else 60
block = b"\0" * (1 << 20)
for i in range(n):
    with open("fill%d.bin" % i, "wb") as f:
        for j in range(mb):
            f.write(block)
print("wrote %d files of %d MB to /work: the disk limit did not hold" % (n, mb))
