# A correct submission: prints a small table and exits 0.
import math
print("step | value")
for i in range(3):
    print(f"{i} | {math.sqrt(i):.3f}")
