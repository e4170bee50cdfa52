# Memory bomb, bounded: at most 600 MB, touched so it is really resident.
chunks = []
for i in range(60):
    chunks.append(bytearray(10 * 1024 * 1024))
print("allocated 600 MB: the memory limit did not hold")
