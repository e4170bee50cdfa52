# memory_lab.py -- WRONG (red team 2): EPOCHS was cut to 4 "to test quickly" and never put
# back to 40; results printed as CSV with the unit glued to the seconds ("12.3s").
# It also crashes at the very end (a KeyError in an extra speed summary) after every row printed.
import time

import torch
import torch.nn as nn

torch.set_num_threads(4)
FLAGS, FILLERS = 2, 8
EPOCHS = 4   # TODO set back to 40


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
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0), ("LSTM", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]

for T in (5, 20, 50):
    X, y = recall_task(4000, T, seed=100 + T)
    print(f"# T={T} label==token0: {bool(torch.equal(X[:, 0].float(), y))} positives: {float(y.mean()):.3f}")
print("length,model,train_time,train_acc,test_acc")
times = {}
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    for label, kind, fb in MODELS:
        if T == 100 and label not in ("RNN", "LSTM b_f=3"):
            continue
        torch.manual_seed(7)
        net = Recaller(kind, forget_bias=fb)
        opt = torch.optim.Adam(net.parameters(), lr=0.01)
        g = torch.Generator().manual_seed(7)
        t0 = time.perf_counter()
        for _ in range(EPOCHS):
            net.train()
            for i in torch.randperm(len(Xtr), generator=g).split(64):
                opt.zero_grad()
                loss_fn(net(Xtr[i]), ytr[i]).backward()
                nn.utils.clip_grad_norm_(net.parameters(), 1.0)
                opt.step()
        dt = time.perf_counter() - t0
        times[(T, label)] = dt
        net.eval()
        with torch.no_grad():
            tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
            te = float(((net(Xte) > 0).float() == yte).float().mean())
        print(f"{T},{label},{dt:.1f}s,{tr:.3f},{te:.3f}", flush=True)

print("LSTM / RNN time at each length:")
for T in (5, 20, 50, 100):
    print(f"  {T}: {times[(T, 'LSTM')] / times[(T, 'RNN')]:.2f}x", flush=True)

# The plain RNN breaks at length 50, where its test accuracy drops to about chance.
# At length 50 the LSTM with forget bias 0 scores higher on train than on test, so it memorised.
# The forget bias of 3 keeps the forget gates open, which step 3's gradient table predicted.
# Seconds grow with the length for every model, and the LSTM costs about twice the RNN.
# For 30-token inputs I would ship the LSTM b_f=3, since it had the best test accuracy at length 50 in my CSV.
