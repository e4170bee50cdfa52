# memory_lab.py -- red team 2: results kept in a dict-of-dicts keyed by length then model,
# printed at the end with json.dumps(indent=2), followed by a verbose summary in sentences
# (percentages) -- the shape a student who "logs everything to JSON" prints.
import json
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
MODELS = [("rnn", "RNN", 0.0), ("gru", "GRU", 0.0), ("lstm_fb0", "LSTM", 0.0), ("lstm_fb3", "LSTM", 3.0)]

checks = {}
for T in (5, 20, 50):
    X, y = recall_task(4000, T, seed=100 + T)
    checks[f"T={T}"] = {"label_is_token0": bool(torch.equal(X[:, 0].float(), y)),
                        "positive_share": round(float(y.mean()), 3)}
print("task checks:", json.dumps(checks))

results = {}
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    for key, kind, fb in MODELS:
        if T == 100 and key not in ("rnn", "lstm_fb3"):
            continue
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
        results.setdefault(f"length_{T}", {})[key] = {
            "seconds": round(dt, 2), "train_acc": round(tr, 4), "test_acc": round(te, 4)}

print(json.dumps({"epochs": 40, "clip": 1.0, "results": results}, indent=2))

r50 = results["length_50"]
print()
print(f"Summary: at length 50 the plain RNN got {100 * r50['rnn']['train_acc']:.1f}% on training data "
      f"and {100 * r50['rnn']['test_acc']:.1f}% on test data.")
print(f"The LSTM with forget bias 0 got {100 * r50['lstm_fb0']['train_acc']:.1f}% train vs "
      f"{100 * r50['lstm_fb0']['test_acc']:.1f}% test, while forget bias 3 got "
      f"{100 * r50['lstm_fb3']['train_acc']:.1f}% and {100 * r50['lstm_fb3']['test_acc']:.1f}%.")

# The plain RNN breaks at length 50, where it does no better than a coin toss on test data.
# The forget-bias-0 LSTM at length 50 is far better on training data than on test data,
# so it memorised the training set rather than learning to read token 0.
# Setting the forget bias to 3 kept the forget gates open, which step 3's gradient table
# predicted, since the bias-3 cell state kept its blame over 50 steps.
# Seconds grow roughly in proportion to length for each model, and the LSTM is about twice as slow as the RNN.
# For 30-token inputs I would pick the LSTM with forget bias 3, because it scored 1.0 on test data at length 50 in my results.
