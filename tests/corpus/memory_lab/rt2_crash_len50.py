# memory_lab.py -- red team 2: verbose sentences, one per trained model; at length 50 the
# student switches to a bigger batch "to save time" with a typo and the script crashes
# (NameError) before any length-50 row.  Comments were written in advance.
import time

import torch
import torch.nn as nn

torch.set_num_threads(4)
FLAGS, FILLERS = 2, 8


def recall_task(n, T, seed):
    g = torch.Generator().manual_seed(seed)
    flag = torch.randint(0, FLAGS, (n,), generator=g)
    noise = torch.randint(FLAGS, FLAGS + FILLERS, (n, T - 1), generator=g)
    return torch.cat([flag.unsqueeze(1), noise], 1), flag.float()


class Recaller(nn.Module):
    def __init__(self, kind, hid=32, forget_bias=0.0):
        super().__init__()
        self.embed = nn.Embedding(FLAGS + FILLERS, 16)
        self.core = {"RNN": nn.RNN, "GRU": nn.GRU, "LSTM": nn.LSTM}[kind](16, hid, batch_first=True)
        if forget_bias:
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()
MODELS = [("plain RNN", "RNN", 0.0), ("GRU", "GRU", 0.0), ("LSTM with forget bias 0", "LSTM", 0.0),
          ("LSTM with forget bias 3", "LSTM", 3.0)]

for T in (5, 20, 50):
    X, y = recall_task(4000, T, seed=100 + T)
    print(f"Sequence length {T}: the label equals token 0 in every row ({bool(torch.equal(X[:, 0].float(), y))}), "
          f"and {100 * float(y.mean()):.1f}% of the labels are 1.")
print()
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    batch = 64 if T < 50 else batch_size_big  # noqa: F821  (the typo)
    for label, kind, fb in MODELS:
        if T == 100 and kind == "GRU":
            continue
        torch.manual_seed(7)
        net = Recaller(kind, forget_bias=fb)
        opt = torch.optim.Adam(net.parameters(), lr=0.01)
        g = torch.Generator().manual_seed(7)
        t0 = time.perf_counter()
        for _ in range(40):
            net.train()
            for i in torch.randperm(len(Xtr), generator=g).split(batch):
                opt.zero_grad()
                loss_fn(net(Xtr[i]), ytr[i]).backward()
                nn.utils.clip_grad_norm_(net.parameters(), 1.0)
                opt.step()
        dt = time.perf_counter() - t0
        net.eval()
        with torch.no_grad():
            tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
            te = float(((net(Xte) > 0).float() == yte).float().mean())
        print(f"At length {T} the {label} trained for {dt:.1f} seconds and reached "
              f"{100 * tr:.1f}% training accuracy and {100 * te:.1f}% test accuracy.", flush=True)

# The plain RNN breaks at length 50, where its test accuracy should fall to a coin toss.
# The LSTM with forget bias 0 at length 50 should show a big train/test gap, which is memorisation.
# The forget bias of 3 keeps the gates open, as step 3's gradient table predicted.
# Training seconds grow with length for every model, and the LSTM costs about twice the RNN.
# For 30-token inputs I would ship the LSTM with forget bias 3, because it stays at 100.0% at length 20 in my run.
