#!/usr/bin/python3
"""torch_experiments.py — the module's experiments, run in real PyTorch.

The peer of the C reference in `make bench` and the validation oracle for its
numbers: every experiment here is the module's own code (Steps 1-6 and the four
exercises), with the same shapes, seeds and epochs the reference uses.  Prints
one JSON object: {"experiment": {...values..., "seconds": wall time}, ...}.

    /usr/bin/python3 tests/bench/torch_experiments.py [--threads N] [--only a,b]

Experiments: order_matters, step4, gradient_decay, memory_lab, attention.
Run with Debian's /usr/bin/python3 (torch 1.13, numpy 1.24).
"""
import argparse, json, sys, time
import numpy as np
import torch
import torch.nn as nn

# ---- Step 1's sequences.py, verbatim in behaviour --------------------------
SUBJECTS = ["delivery", "service", "packing", "app", "support"]
POS = ["good", "quick", "clean", "helpful"]
NEG = ["bad", "slow", "dirty", "rude"]
VOCAB = SUBJECTS + POS + NEG + ["was", "and", "very", "not"]
STOI = {w: i for i, w in enumerate(VOCAB)}


def make_reviews(n, seed):
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(n):
        s1, s2 = rng.choice(SUBJECTS, 2, replace=False)
        pol = int(rng.random() < 0.5)
        mod = "very" if rng.random() < 0.5 else "not"
        plain_pool = POS if pol else NEG
        mod_pool = plain_pool if mod == "very" else (NEG if pol else POS)
        if rng.random() < 0.5:
            toks = [s1, "was", mod, str(rng.choice(mod_pool)), "and",
                    s2, "was", str(rng.choice(plain_pool))]
        else:
            toks = [s1, "was", str(rng.choice(plain_pool)), "and",
                    s2, "was", mod, str(rng.choice(mod_pool))]
        rows.append((toks, pol, mod))
    return rows


def encode(rows):
    X = torch.tensor([[STOI[w] for w in toks] for toks, _, _ in rows])
    y = torch.tensor([lab for _, lab, _ in rows], dtype=torch.float32)
    return X, y, np.array([k for _, _, k in rows])


def bag(X):
    B = torch.zeros(len(X), len(VOCAB))
    for i, row in enumerate(X):
        for t in row:
            B[i, int(t)] += 1.0
    return B


loss_fn = nn.BCEWithLogitsLoss()


def train(net, X, y, epochs=30, lr=0.01, bs=64, seed=7):
    torch.manual_seed(seed)
    opt = torch.optim.Adam(net.parameters(), lr=lr)
    g = torch.Generator().manual_seed(seed)
    for _ in range(epochs):
        net.train()
        for i in torch.randperm(len(X), generator=g).split(bs):
            opt.zero_grad()
            loss_fn(net(X[i]).squeeze(-1), y[i]).backward()
            opt.step()
    return net


@torch.no_grad()
def acc(net, X, y, mask=None):
    net.eval()
    ok = ((net(X).squeeze(-1) > 0).float() == y).float()
    return float(ok.mean()) if mask is None else float(ok[mask].mean())


def nparams(net):
    return sum(p.numel() for p in net.parameters())


# ---- order_matters: Step 1 and the exercise --------------------------------
BAG_MODELS = (("logistic", lambda: nn.Linear(len(VOCAB), 1)),
              ("mlp64", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                              nn.Linear(64, 1))))


def bag_reading(Btr, ytr, Bte, yte, very, nots, epochs):
    out = {}
    for name, build in BAG_MODELS:
        torch.manual_seed(7)
        net = build()
        train(net, Btr, ytr, epochs=epochs, lr=0.01)
        out[name] = {"params": nparams(net), "all": acc(net, Bte, yte),
                     "very": acc(net, Bte, yte, very), "not": acc(net, Bte, yte, nots)}
    scores = []
    for s in range(12, 32):
        X, y, k = encode(make_reviews(600, seed=s))
        scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
    out["mlp64"]["not_20_sets"] = {"min": min(scores), "mean": sum(scores) / len(scores),
                                   "max": max(scores), "scores": scores}
    return out


def exp_order_matters():
    Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
    Xte, yte, kte = encode(make_reviews(600, seed=12))
    very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
    Btr, Bte = bag(Xtr), bag(Xte)
    return {"train_rows": len(Xtr), "test_rows": len(Xte),
            "test_very": int(very.sum()), "test_not": int(nots.sum()),
            "epochs_60": bag_reading(Btr, ytr, Bte, yte, very, nots, 60),
            "epochs_30": bag_reading(Btr, ytr, Bte, yte, very, nots, 30),
            "step2": step2_trace()}


# ---- Step 2's hand-set NumPy RNN ---------------------------------------------
def step2_trace():
    Wx = np.array([[0.9, -0.9, 0.0], [0.0, 0.0, 2.0], [0.5, 0.5, 0.0]])
    Wh = np.array([[1.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
    b = np.zeros(3)

    def feats(t):
        return np.array([float(t in POS), float(t in NEG), float(t == "not")])

    def run(tokens):
        h, hs = np.zeros(3), []
        for tok in tokens:
            h = np.tanh(Wx @ feats(tok) + Wh @ h + b)
            hs.append(h.tolist())
        return hs
    A = ["delivery", "was", "good", "and", "service", "was", "not", "slow"]
    B = ["delivery", "was", "slow", "and", "service", "was", "not", "good"]
    out = {"A": run(A), "B": run(B), "reversed": run(A[::-1])[-1],
           "shuffled": run([A[i] for i in [4, 0, 7, 2, 6, 1, 5, 3]])[-1]}
    return out


# ---- Step 4: SeqNet against the bag ------------------------------------------
class SeqNet(nn.Module):
    def __init__(self, kind="lstm", emb=16, hid=32):
        super().__init__()
        self.embed = nn.Embedding(len(VOCAB), emb)
        core = {"rnn": nn.RNN, "lstm": nn.LSTM, "gru": nn.GRU}[kind]
        self.core = core(emb, hid, batch_first=True)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :])


HAND_REVIEWS = [["delivery", "was", "good", "and", "service", "was", "not", "slow"],
                ["delivery", "was", "slow", "and", "service", "was", "not", "good"],
                ["delivery", "was", "not", "good", "and", "service", "was", "slow"],
                ["delivery", "was", "very", "good", "and", "service", "was", "helpful"]]


def exp_step4():
    Xtr, ytr, _ = encode(make_reviews(1600, seed=11))
    Xte, yte, kte = encode(make_reviews(600, seed=12))
    very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
    out = {}
    for kind in ("rnn", "gru", "lstm"):
        torch.manual_seed(7)
        net = SeqNet(kind)
        t0 = time.perf_counter()
        train(net, Xtr, ytr, epochs=30, lr=0.01)
        dt = time.perf_counter() - t0
        out[kind] = {"params": nparams(net), "train_s": dt, "all": acc(net, Xte, yte),
                     "very": acc(net, Xte, yte, very), "not": acc(net, Xte, yte, nots)}
    P = torch.tensor([[STOI[w] for w in s] for s in HAND_REVIEWS])
    with torch.no_grad():
        prob = torch.sigmoid(net(P).squeeze(-1))
    out["lstm"]["p_positive"] = [float(p) for p in prob]
    return out


# ---- Step 3 and the gradient_decay exercise ----------------------------------
def exp_gradient_decay():
    H, D, B = 32, 16, 64

    def data(T):
        torch.manual_seed(0)
        x = torch.randn(T, B, D) * 0.5
        v = torch.randn(H, 1) * 0.2
        return x, v, torch.ones(B, 1)

    def rnn_grads(gain, T, clip=False):
        x, v, y = data(T)
        torch.manual_seed(1)
        Wx = (torch.randn(D, H) * 0.1).requires_grad_()
        Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
        h, hs = torch.zeros(B, H), []
        for t in range(T):
            h = torch.tanh(x[t] @ Wx + h @ Wh)
            h.retain_grad()
            hs.append(h)
        nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
        norms = [float(h.grad.norm()) for h in hs]
        if not clip:
            return norms
        pre = float(nn.utils.clip_grad_norm_([Wx, Wh], 1.0))
        post = float(torch.norm(torch.stack([Wx.grad.norm(), Wh.grad.norm()])))
        return norms, pre, post

    def lstm_grads(fb, T=50):
        x, v, y = data(T)
        torch.manual_seed(1)
        cell = nn.LSTMCell(D, H)
        with torch.no_grad():
            cell.bias_ih[H:2 * H].fill_(fb)
            cell.bias_hh[H:2 * H].fill_(0.0)
        h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
        for t in range(T):
            h, c = cell(x[t], (h, c))
            c.retain_grad()
            cs.append(c)
        nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
        return [float(c.grad.norm()) for c in cs]

    def factor(c):
        return (c[0] / c[-1]) ** (1 / (len(c) - 1))
    out = {"rnn": {}, "lengths": {}, "lstm": {}}
    for gain in (0.5, 0.9, 1.0, 1.2, 1.5):
        c = rnn_grads(gain, 50)
        out["rnn"][str(gain)] = {"norms": c, "factor": factor(c)}
    for T in (10, 25, 50, 100):
        c = rnn_grads(1.0, T)
        out["lengths"][str(T)] = {"norms": c, "factor": factor(c)}
    for fb in (0.0, 1.0, 2.0, 3.0):
        c = lstm_grads(fb)
        out["lstm"][str(fb)] = {"norms": c, "factor": factor(c)}
    _, pre, post = rnn_grads(1.5, 50, clip=True)
    out["clip"] = {"pre": pre, "post": post}
    return out


# ---- Step 5 and the memory_lab exercise --------------------------------------
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


MEMORY_MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0), ("LSTM", "LSTM", 0.0),
                 ("LSTM b_f=3", "LSTM", 3.0)]


def memory_run(T, label, kind, fb, rows=4000):
    Xtr, ytr = recall_task(rows, T, seed=100 + T)
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
    return {"length": T, "model": label, "train_s": dt, "train_acc": tr, "test_acc": te,
            "label_balance": float(ytr.mean()), "train_rows": rows}


def exp_memory_lab():
    """The exercise's 14 runs under both of its readings: the module's 4,000
    training rows and the 2,000 it allows on a slower machine (what
    `reference memory_lab` computes, less its chaos twins)."""
    rows = []
    for n in (4000, 2000):
        for T in (5, 20, 50):
            for label, kind, fb in MEMORY_MODELS:
                rows.append(memory_run(T, label, kind, fb, n))
        for label, kind, fb in (MEMORY_MODELS[0], MEMORY_MODELS[3]):
            rows.append(memory_run(100, label, kind, fb, n))
    return {"rows": rows}


# ---- Step 6: attention by hand -----------------------------------------------
def exp_attention():
    E = np.array([[2.0, 0, 0, 0], [0, 0, 0, 2.0], [0, 0, 2.0, 0.5], [0, -2.0, 0, 0]])
    Wq = np.array([[0, -1.0, 0, 0], [0, 0, 0, 0], [0, -1.0, 0, 0], [0, 0, 0, 0]])

    def attend(Q, K, V):
        s = Q @ K.T / np.sqrt(4)
        w = np.exp(s - s.max(1, keepdims=True))
        w = w / w.sum(1, keepdims=True)
        return w, w @ V
    wa, oa = attend(E, E, E)
    wb, ob = attend(E @ Wq.T, E, E)
    return {"A": {"weights": wa.tolist(), "out": oa.tolist()},
            "B": {"weights": wb.tolist(), "out": ob.tolist()}}


EXPERIMENTS = {"order_matters": exp_order_matters, "step4": exp_step4,
               "gradient_decay": exp_gradient_decay, "memory_lab": exp_memory_lab,
               "attention": exp_attention}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--only", default=",".join(EXPERIMENTS))
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    out = {}
    for name in args.only.split(","):
        t0 = time.perf_counter()
        out[name] = EXPERIMENTS[name]()
        out[name]["seconds"] = time.perf_counter() - t0
        print(f"torch_experiments: {name} {out[name]['seconds']:.1f} s", file=sys.stderr)
    json.dump(out, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
