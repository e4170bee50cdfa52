import time, numpy as np, torch, torch.nn as nn
torch.set_num_threads(4)
SUBJECTS = ["delivery", "service", "packing", "app", "support"]
POS = ["good", "quick", "clean", "helpful"]
NEG = ["bad", "slow", "dirty", "rude"]
VOCAB = SUBJECTS + POS + NEG + ["was", "and", "very", "not"]
STOI = {w: i for i, w in enumerate(VOCAB)}


def make_reviews(n, seed):
    """Eight-token reviews. One clause carries 'very' or 'not', either clause."""
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(n):
        s1, s2 = rng.choice(SUBJECTS, 2, replace=False)
        pol = int(rng.random() < 0.5)  # 1 = positive review
        mod = "very" if rng.random() < 0.5 else "not"
        plain_pool = POS if pol else NEG  # the clause with no modifier
        mod_pool = plain_pool if mod == "very" else (NEG if pol else POS)
        if rng.random() < 0.5:  # modifier on clause one
            toks = [s1, "was", mod, str(rng.choice(mod_pool)), "and",
                    s2, "was", str(rng.choice(plain_pool))]
        else:  # modifier on clause two
            toks = [s1, "was", str(rng.choice(plain_pool)), "and",
                    s2, "was", mod, str(rng.choice(mod_pool))]
        rows.append((toks, pol, mod))
    return rows


def encode(rows):
    X = torch.tensor([[STOI[w] for w in toks] for toks, _, _ in rows])
    y = torch.tensor([lab for _, lab, _ in rows], dtype=torch.float32)
    return X, y, np.array([k for _, _, k in rows])


def bag(X):
    """Bag of words: how many times each word appears. Order thrown away."""
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
            opt.zero_grad()  # 2.3's five steps, unchanged
            loss_fn(net(X[i]).squeeze(-1), y[i]).backward()
            opt.step()
    return net


@torch.no_grad()
def acc(net, X, y, mask=None):
    net.eval()
    ok = ((net(X).squeeze(-1) > 0).float() == y).float()
    return float(ok.mean()) if mask is None else float(ok[mask].mean())
