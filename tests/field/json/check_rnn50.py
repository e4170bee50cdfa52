# check_rnn50.py -- side check for memory_lab: my T=50 RNN / LSTM b_f=0 rows came out
# 0.561/0.494 and 0.839/0.495 instead of the module's 0.539/0.507 and 0.858/0.506.
# Is it my extra GRU model / my changes, or the torch build + thread count?
# This is the module's Step 5 loop unchanged, only T=50, only RNN + LSTM b_f=0,
# once with 4 threads (module) and once with 1 thread.
import json, sys, time, torch, torch.nn as nn

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
        self.core = {"RNN": nn.RNN, "LSTM": nn.LSTM}[kind](16, hid, batch_first=True)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()
T = 50
Xtr, ytr = recall_task(4000, T, seed=100 + T)
Xte, yte = recall_task(1000, T, seed=200 + T)
results = {}
for threads in (4, 1):
    torch.set_num_threads(threads)
    for label, kind in (("RNN", "RNN"), ("LSTM b_f=0", "LSTM")):
        print(f"training {label} T=50 threads={threads} ...", flush=True)
        torch.manual_seed(7)
        net = Recaller(kind)
        opt = torch.optim.Adam(net.parameters(), lr=0.01)
        g = torch.Generator().manual_seed(7)
        losses = []
        for ep in range(40):
            net.train()
            for i in torch.randperm(len(Xtr), generator=g).split(64):
                opt.zero_grad()
                loss = loss_fn(net(Xtr[i]), ytr[i])
                loss.backward()
                nn.utils.clip_grad_norm_(net.parameters(), 1.0)
                opt.step()
            if ep == 0:
                first_epoch_last_loss = float(loss)
        net.eval()
        with torch.no_grad():
            tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
            te = float(((net(Xte) > 0).float() == yte).float().mean())
        results[f"threads_{threads}"] = results.get(f"threads_{threads}", {})
        results[f"threads_{threads}"][label] = {"train_acc": tr, "test_acc": te,
                                                "loss_end_of_epoch_1": first_epoch_last_loss}
print(json.dumps({"torch": torch.__version__, **results}, indent=2))
