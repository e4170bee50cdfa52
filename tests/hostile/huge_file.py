# Huge file, bounded at 256 MB.
block = b"\0" * (1 << 20)
with open("big.bin", "wb") as f:
    for i in range(256):
        f.write(block)
print("wrote 256 MB: the file-size limit did not hold")
