# my RNN at length 50 gave 0.561 / 0.494 not 0.539 / 0.507 like the module. check if its the threads or just the torch version
import sys, torch
import memory_lab_funcs as m  # same functions as memory_lab.py

print(torch.__version__)
Xtr, ytr = m.recall_task(4000, 50, seed=150)
Xte, yte = m.recall_task(1000, 50, seed=250)
for th in (4, 4, 1):
    torch.set_num_threads(th)
    print(th, m.run("RNN", 0.0, Xtr, ytr, Xte, yte))
