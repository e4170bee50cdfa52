# "Forever" is 60 s here.
import time
print("sleeping", flush=True)
time.sleep(60)
print("slept 60 s: the wall-clock limit did not hold")
