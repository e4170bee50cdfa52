#!/usr/bin/python3
"""torch_experiments.py — the gradient_decay and memory_lab experiments run by real
torch, exactly as the module's Step 3 / Step 5 code does them, printed as the same JSON
shape `reference NAME` writes (values only), plus wall-clock seconds per run.

    /usr/bin/python3 reference/validate/torch_experiments.py gradient_decay > torch_gd.json
    nice /usr/bin/python3 reference/validate/torch_experiments.py memory_lab > torch_ml.json

Compare with reference/validate/compare.py.  Needs Debian's python3-torch (1.13).
"""
import json, sys, time
import torch, torch.nn as nn

T0, H, D, B = 50, 32, 16, 64


def rnn_grads(x, v, y, gain, want_params=False):
    T = x.shape[0]
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    norms = [float(h.grad.norm()) for h in hs]
    return (norms, Wx, Wh) if want_params else norms


def lstm_grads(x, v, y, forget_bias):
    T = x.shape[0]
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def inputs(T):
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5
    v = torch.randn(H, 1) * 0.2
    return x, v, torch.ones(B, 1)


def summary(norms):
    T = len(norms)
    return {"norms": norms, "step_last": norms[-1], "step_1": norms[0],
            "ratio": norms[0] / norms[-1],
            "factor": (norms[0] / norms[-1]) ** (1 / (T - 1))}


def gradient_decay():
    x, v, y = inputs(T0)
    out = {"rnn": {}, "lstm": {}, "lengths": {}}
    for g in (0.5, 0.9, 1.0, 1.2, 1.5):
        out["rnn"]["gain_" + str(g).replace(".", "_")] = summary(rnn_grads(x, v, y, g))
    for T in (10, 25, 50, 100):
        xt, vt, yt = inputs(T)
        out["lengths"]["length_%d" % T] = summary(rnn_grads(xt, vt, yt, 1.0))
    for fb in (0, 1, 2, 3):
        out["lstm"]["bias_%d" % fb] = summary(lstm_grads(x, v, y, float(fb)))
    _, Wx, Wh = rnn_grads(x, v, y, 1.5, want_params=True)
    before = float(nn.utils.clip_grad_norm_([Wx, Wh], 1.0))
    after = float(torch.norm(torch.stack([Wx.grad.norm(), Wh.grad.norm()])))
    out["clip"] = {"total_norm_before": before, "total_norm_after": after}
    return out


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


MODELS = [("rnn", "RNN", 0.0), ("gru", "GRU", 0.0), ("lstm_b0", "LSTM", 0.0), ("lstm_b3", "LSTM", 3.0)]


def memory_lab(lengths):
    loss_fn = nn.BCEWithLogitsLoss()
    out = {"seconds": {}}
    for T in lengths:
        Xtr, ytr = recall_task(4000, T, seed=100 + T)
        Xte, yte = recall_task(1000, T, seed=200 + T)
        res = out["length_%d" % T] = {}
        for key, kind, fb in MODELS:
            if T == 100 and key not in ("rnn", "lstm_b3"):
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
            res[key] = {"train_acc": tr, "test_acc": te}
            out["seconds"]["length_%d.%s" % (T, key)] = dt
            print(f"# {T} {key} {dt:.1f}s {tr:.3f} {te:.3f}", file=sys.stderr, flush=True)
    return out


if __name__ == "__main__":
    torch.set_num_threads(1)
    what = sys.argv[1] if len(sys.argv) > 1 else "gradient_decay"
    t0 = time.perf_counter()
    if what == "gradient_decay":
        vals = gradient_decay()
    elif what == "memory_lab":
        lens = [int(a) for a in sys.argv[2:]] or [5, 20, 50, 100]
        vals = memory_lab(lens)
    else:
        sys.exit("usage: torch_experiments.py gradient_decay|memory_lab [LENGTHS...]")
    vals["total_seconds"] = time.perf_counter() - t0
    json.dump({"exercise": what, "generated_by": "torch " + torch.__version__, "values": vals},
              sys.stdout, indent=1)
    print()
