# Fork bomb, bounded: at most 200 children, each sleeping at most 30 s.
import os, time
for i in range(200):
    if os.fork() == 0:
        time.sleep(30)
        os._exit(0)
print("forked 200 children: the process limit did not hold")
