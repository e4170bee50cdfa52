# memory_lab.py -- Exercise 3, the memory-length lab.
#
# This is Step 5's recall experiment with a GRU added and a fifth length of
# 100 for the two extreme models. The model must remember token 0 (a flag,
# 0 or 1) and answer only after T-1 filler tokens, so everything depends on
# how far the memory reaches back.
#
# I kept the full 4,000 training rows. My machine only has 2 cores (shared),
# so the seconds are much slower than the module's 4-thread laptop, but the
# accuracies are seeded and should not care about that. The comments at the
# bottom were written after the run, from its output.

import time, torch, torch.nn as nn
torch.set_num_threads(4)

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


# Part one: is the task what it claims to be? The label has to be token 0
# and nothing else, and the two labels should be about half and half.
print("Part one: checking the recall task.")
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    same = bool(torch.equal(Xtr[:, 0].float(), ytr)) and bool(torch.equal(Xte[:, 0].float(), yte))
    rest_ok = bool((Xtr[:, 1:] >= FLAGS).all()) and bool((Xte[:, 1:] >= FLAGS).all())
    print("At length %d the inputs are %s and %s, the label equals token 0 in every row (%s), "
          "no flag token appears after position 0 (%s), and %.3f of training rows and %.3f of test rows are label 1."
          % (T, tuple(Xtr.shape), tuple(Xte.shape), same, rest_ok, float(ytr.mean()), float(yte.mean())))

# Part two and three: four models at 5, 20 and 50, then only the two
# extremes at 100.
MODELS = [("plain RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM with forget bias 0", "LSTM", 0.0),
          ("LSTM with forget bias 3", "LSTM", 3.0)]
print("\nParts two and three: 40 epochs each, gradients clipped at 1.0.")
results = {}
for T in (5, 20, 50):
    for label, kind, fb in MODELS:
        results[(T, label)] = run_one(label, kind, fb, T)
for label, kind, fb in (MODELS[0], MODELS[3]):
    results[(100, label)] = run_one(label, kind, fb, 100)

print("")
for label, _, _ in MODELS:
    s20, s50 = results[(20, label)][0], results[(50, label)][0]
    print("The %s took %.1f times as long at length 50 as at length 20." % (label, s50 / s20))
for T in (5, 20, 50):
    r = results[(T, "plain RNN")][0]
    print("At length %d the forget-bias-0 LSTM cost %.1f times the plain RNN's seconds and the GRU %.1f times."
          % (T, results[(T, "LSTM with forget bias 0")][0] / r, results[(T, "GRU")][0] / r))
gap = results[(50, "LSTM with forget bias 0")][1] - results[(50, "LSTM with forget bias 0")][2]
print("At length 50 the forget-bias-0 LSTM's training score is %.3f above its test score." % gap)

# The rest of Step 5: one forward pass, step by step against all at once.
print("\nOne forward pass, batch 32, 128 features, LSTM against attention.")
H = 128
lstm = nn.LSTM(H, H, batch_first=True)
for T in (50, 200, 500, 1000):
    x = torch.randn(32, T, H)
    with torch.no_grad():
        lstm(x[:, :8]); (x @ x.transpose(1, 2))          # warm up
        t0 = time.perf_counter()
        for _ in range(3):
            lstm(x)
        a = (time.perf_counter() - t0) / 3
        t0 = time.perf_counter()
        for _ in range(3):
            torch.softmax(x @ x.transpose(1, 2) / H ** 0.5, -1) @ x
        b = (time.perf_counter() - t0) / 3
    print("At length %d the LSTM pass took %.1f ms and the attention pass %.1f ms, a ratio of %.1fx."
          % (T, a * 1000, b * 1000, a / b))

# What I take from my run. The plain RNN breaks between length 20 and
# length 50: it is perfect at 5 and 20, but at 50 it reads 0.561 on training
# rows and 0.494 on test rows, and at 100 it reads 0.581 and 0.508, so it
# never found the rule at all. At length 50 the forget-bias-0 LSTM reads
# 0.839 on training rows and 0.495 on test rows, a gap of 0.344, which is
# memorisation: it learned the 4,000 particular noise sequences by heart
# instead of the rule "copy token 0", and anyone who only looked at the
# training number would say the LSTM works. Setting the forget bias to 3
# took the same LSTM to 1.000 and 1.000 at 50 and also at 100, and
# gradient_decay.py predicted exactly that, because the cell-state blame
# went from x0.629 per step at bias 0 (5e-12 left at step 1) to x1.016 at
# bias 3, so with open gates the blame from the answer still reaches token
# 0 at full size. My seconds
# are not trustworthy for fine comparisons, because this 2-core machine was
# shared with a load of around 17 to 24 and every run is 10 to 40 times
# slower than the module's, but the rough picture still shows: from length
# 20 to 50 the RNN took 1.6 times as long, the GRU 2.2, the bias-0 LSTM 2.4
# and the bias-3 LSTM 1.3, from 50 to 100 the RNN and the bias-3 LSTM took
# 2.2 and 3.2 times as long, and the LSTM cost about 2 to 3 times the RNN at
# every length (2.1, 1.9 and 2.9 for the bias-0 LSTM). For 30-token inputs I
# would ship the LSTM with forget bias 3, because it is the only model I
# measured at 1.000 on test rows at both 50 and 100 tokens, so 30 is well
# inside what it handles, whereas the plain RNN is perfect at 20 but a coin
# toss (0.494) at 50 and I have not measured it at 30; the GRU (1.000 at 50)
# would be my second choice if it also held at 30 and turned out cheaper.
#
# Two smaller notes. The label split at length 5 is 0.457 on the test rows,
# a bit further from 50-50 than the others, which is just 1,000 random draws.
# And the timing table at the end came out upside down on this machine
# (attention slower than the LSTM at 500 and 1000 tokens); I wrote
# check_deviations.py to look at that, see MANIFEST.md. I put the timing
# loops inside torch.no_grad(), since the module's exported code lost its
# indentation and timing a forward pass with autograd switched on would
# not be a fair comparison.
