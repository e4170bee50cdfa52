# Fills the private /tmp, bounded at 256 MB.
block = b"\0" * (1 << 20)
with open("/tmp/fill.bin", "wb") as f:
    for i in range(256):
        f.write(block)
print("wrote 256 MB to /tmp: the /tmp size did not hold")
