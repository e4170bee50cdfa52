# check_rnn50.py - side check: my len-50 RNN/LSTM rows differ ~2 points from the module.
# same code as memory_lab.fit, run with 4 threads and with 1 thread. if the numbers move with the
# thread count, the run is sensitive to float summation order -> a build/threads thing, not my logic.
import sys, torch
exec(open("memory_lab.py").read().split("# ---- part 1")[0])   # recall_task, Recaller, pct
from sequences import loss_fn
import time, torch.nn as nn

T = 50
Xtr, ytr = recall_task(4000, T, seed=100 + T)
Xte, yte = recall_task(1000, T, seed=200 + T)
torch.manual_seed(7)
first = [p.detach().clone() for p in Recaller("RNN").parameters()]
print("RNN init first weights:", [round(float(v), 4) for v in first[0].flatten()[:4]])
for th in (4, 1):
    torch.set_num_threads(th)
    torch.manual_seed(7)
    net = Recaller("RNN")
    opt = torch.optim.Adam(net.parameters(), lr=0.01)
    g = torch.Generator().manual_seed(7)
    for _ in range(40):
        net.train()
        for i in torch.randperm(len(Xtr), generator=g).split(64):
            opt.zero_grad()
            loss_fn(net(Xtr[i]), ytr[i]).backward()
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)
            opt.step()
    net.eval()
    with torch.no_grad():
        tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
        te = float(((net(Xte) > 0).float() == yte).float().mean())
    print(f"threads {th}: RNN len 50  train {pct(tr)}  test {pct(te)}")
