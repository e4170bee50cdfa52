# Non-UTF-8 and NUL bytes on both streams.
import sys
sys.stdout.buffer.write(b"ok \xff\xfe\x00 end\n")
sys.stderr.buffer.write(b"\xc3\x28\n")
