# check_deviations.py -- my own side check, not one of the exercises.
#
# memory_lab.py gave the plain RNN 0.561 / 0.494 at length 50 where the
# module prints 0.539 / 0.507. Following the module's triage: this is a
# fresh python run top to bottom, so stale state is out; my torch is 1.13,
# not the pinned 2.9. Here I rerun exactly the same training twice with 4
# threads and once with 1 thread, to see whether my run is deterministic and
# whether the thread count alone moves the numbers.

import time, torch, torch.nn as nn

# the task, the model and run_one() copied from memory_lab.py
FLAGS, FILLERS = 2, 8            # tokens 0,1 = the flag; tokens 2..9 = noise


def recall_task(n, T, seed):
    """Remember the FIRST token, answer after T-1 meaningless tokens."""
    g = torch.Generator().manual_seed(seed)
    flag = torch.randint(0, FLAGS, (n,), generator=g)
    noise = torch.randint(FLAGS, FLAGS + FILLERS, (n, T - 1), generator=g)
    return torch.cat([flag.unsqueeze(1), noise], 1), flag.float()


class Recaller(nn.Module):
    def __init__(self, kind, hid=32, forget_bias=0.0):
        super().__init__()
        self.embed = nn.Embedding(FLAGS + FILLERS, 16)
        self.core = {"RNN": nn.RNN, "GRU": nn.GRU,
                     "LSTM": nn.LSTM}[kind](16, hid, batch_first=True)
        if forget_bias:                       # start every forget valve wide open
            with torch.no_grad():             # (LSTM gate order is i, f, g, o)
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()


def run_one(label, kind, fb, T):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    torch.manual_seed(7)
    net = Recaller(kind, forget_bias=fb)
    opt = torch.optim.Adam(net.parameters(), lr=0.01)
    g = torch.Generator().manual_seed(7)
    t0 = time.perf_counter()
    for _ in range(40):
        net.train()
        for i in torch.randperm(len(Xtr), generator=g).split(64):
            opt.zero_grad()
            loss_fn(net(Xtr[i]), ytr[i]).backward()
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)
            opt.step()
    dt = time.perf_counter() - t0
    net.eval()
    with torch.no_grad():
        tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
        te = float(((net(Xte) > 0).float() == yte).float().mean())
    print("At length %d the %s trained in %.1f s and scored %.3f on training rows and %.3f on test rows."
          % (T, label, dt, tr, te))
    return dt, tr, te



for threads in (4, 4, 1):
    torch.set_num_threads(threads)
    dt, tr, te = run_one("plain RNN", "RNN", 0.0, 50)
    print("With %d threads the length-50 plain RNN gives %.3f train and %.3f test." % (threads, tr, te))

# Second check: memory_lab.py's timing table came out upside down (attention
# slower than the LSTM at 500 and 1000 tokens). The machine has 2 cores
# shared with other jobs and the module's code asks for 4 threads, so here
# the same timing with 1, 2 and 4 threads, 1000 tokens only.
H = 128
lstm = nn.LSTM(H, H, batch_first=True)
x = torch.randn(32, 1000, H)
for threads in (1, 2, 4):
    torch.set_num_threads(threads)
    with torch.no_grad():
        lstm(x[:, :8]); (x @ x.transpose(1, 2))
        t0 = time.perf_counter()
        for _ in range(3):
            lstm(x)
        a = (time.perf_counter() - t0) / 3
        t0 = time.perf_counter()
        for _ in range(3):
            torch.softmax(x @ x.transpose(1, 2) / H ** 0.5, -1) @ x
        b = (time.perf_counter() - t0) / 3
    print("With %d threads at length 1000 the LSTM pass takes %.1f ms and the attention pass %.1f ms, a ratio of %.1fx."
          % (threads, a * 1000, b * 1000, a / b))

# What the check said (written after the run). The length-50 plain RNN gave
# 0.561 and 0.494 in all three runs, with 4, 4 and 1 threads, so my
# memory_lab result is deterministic and the thread count is not what moves
# it away from the module's 0.539 and 0.507; the remaining suspect is the
# torch version (1.13 here, 2.9 in the module). The timing, on the other
# hand, is noise: at 1000 tokens the LSTM took 4339 ms, 77688 ms and 6009 ms
# with 1, 2 and 4 threads while attention took about 13 to 14 seconds each
# time, so on this loaded 2-core machine I cannot reproduce the module's
# 66.6 ms against 32.1 ms and I do not draw any conclusion from my own
# milliseconds.
