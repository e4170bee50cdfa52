# Thread bomb, bounded: at most 200 threads, each sleeping at most 30 s.
import threading, time
for i in range(200):
    threading.Thread(target=time.sleep, args=(30,), daemon=True).start()
print("started 200 threads: the process limit did not hold")
