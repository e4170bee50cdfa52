"""
Memory-length lab: can a recurrent model remember token 0 after T-1 noise tokens?
Exercise 3 of the module (Step 5's experiment plus a GRU and a length-100 run).
"""
import time, torch, torch.nn as nn
from sequences import *  # keeps torch.set_num_threads(4) like the module

torch.set_num_threads(4)
FLAGS, FILLERS = 2, 8  # tokens 0,1 = the flag; tokens 2..9 = noise


def println(label, value):
    print(f"{label} = {value}")


def objLiteral(**fields):
    parts = []
    for k, v in fields.items():
        parts.append(f"{k}: {v:.3f}" if isinstance(v, float) else f"{k}: {v}")
    return "{ " + ", ".join(parts) + " }"


def recallTask(n, T, seed):
    """Remember the FIRST token, answer after T-1 meaningless tokens."""
    g = torch.Generator().manual_seed(seed)
    flag = torch.randint(0, FLAGS, (n,), generator=g)
    noise = torch.randint(FLAGS, FLAGS + FILLERS, (n, T - 1), generator=g)
    return torch.cat([flag.unsqueeze(1), noise], 1), flag.float()


class Recaller(nn.Module):
    def __init__(self, kind, hid=32, forgetBias=0.0):
        super().__init__()
        self.embed = nn.Embedding(FLAGS + FILLERS, 16)
        self.core = {"RNN": nn.RNN, "GRU": nn.GRU, "LSTM": nn.LSTM}[kind](16, hid, batch_first=True)
        if forgetBias:  # start every forget valve wide open (LSTM gate order: i, f, g, o)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forgetBias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


lossFn = nn.BCEWithLogitsLoss()


def trainAndScore(kind, forgetBias, Xtr, ytr, Xte, yte, epochs=40):
    torch.manual_seed(7)
    net = Recaller(kind, forgetBias=forgetBias)
    opt = torch.optim.Adam(net.parameters(), lr=0.01)
    g = torch.Generator().manual_seed(7)
    t0 = time.perf_counter()
    for _ in range(epochs):
        net.train()
        for i in torch.randperm(len(Xtr), generator=g).split(64):
            opt.zero_grad()
            lossFn(net(Xtr[i]), ytr[i]).backward()
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)
            opt.step()
    secs = time.perf_counter() - t0
    net.eval()
    with torch.no_grad():
        trainAcc = float(((net(Xtr) > 0).float() == ytr).float().mean())
        testAcc = float(((net(Xte) > 0).float() == yte).float().mean())
    return secs, trainAcc, testAcc


# ---- Part one: the task itself ----
print("// part one: the recall task")
for T in (5, 20, 50, 100):
    Xtr, ytr = recallTask(4000, T, seed=100 + T)
    Xte, yte = recallTask(1000, T, seed=200 + T)
    labelIsToken0 = bool(torch.equal(ytr, Xtr[:, 0].float())) and bool(torch.equal(yte, Xte[:, 0].float()))
    restIsNoise = bool((Xtr[:, 1:] >= FLAGS).all()) and bool((Xte[:, 1:] >= FLAGS).all())
    print(objLiteral(len=T, trainShape=tuple(Xtr.shape), testShape=tuple(Xte.shape),
                     labelIsToken0=labelIsToken0, flagOnlyAtToken0=restIsNoise,
                     trainPosFrac=float(ytr.mean()), testPosFrac=float(yte.mean())))

# ---- Parts two and three: the table ----
MODELS = [("rnn", "RNN", 0.0), ("gru", "GRU", 0.0),
          ("lstmBf0", "LSTM", 0.0), ("lstmBf3", "LSTM", 3.0)]
print("\n// parts two and three: 40 epochs, Adam 0.01, clip 1.0, 4000 train / 1000 test rows")
results = {}
for T in (5, 20, 50, 100):
    Xtr, ytr = recallTask(4000, T, seed=100 + T)
    Xte, yte = recallTask(1000, T, seed=200 + T)
    for label, kind, fb in MODELS:
        if T == 100 and label not in ("rnn", "lstmBf3"):
            continue  # length 100 only for the two extreme models
        secs, trainAcc, testAcc = trainAndScore(kind, fb, Xtr, ytr, Xte, yte)
        results[(T, label)] = (secs, trainAcc, testAcc)
        print(objLiteral(len=T, model=label, secs=f"{secs:.1f}", trainAcc=trainAcc, testAcc=testAcc))

print("\n// summary numbers")
for label, _, _ in MODELS:
    if (20, label) in results and (50, label) in results:
        println(f"{label}SecsRatioLen50OverLen20", f"{results[(50, label)][0] / results[(20, label)][0]:.2f}")
for T in (5, 20, 50):
    println(f"lstmBf0OverRnnSecsLen{T}", f"{results[(T, 'lstmBf0')][0] / results[(T, 'rnn')][0]:.2f}")
println("lstmBf0TrainMinusTestLen50", f"{results[(50, 'lstmBf0')][1] - results[(50, 'lstmBf0')][2]:.3f}")

# @result The plain RNN breaks at length 50: 1.000 / 1.000 at lengths 5 and 20, then 0.561 train
#         and 0.494 test at 50 (0.581 / 0.508 at 100), so it never even learned the rule on the
#         training rows.
# @result At length 50 the forget-bias-0 LSTM reads 0.839 train but 0.495 test, a gap of 0.344
#         (> 0.3): that is memorisation of the 4,000 training sequences, not the rule, and
#         reporting only the training number would make it look like it works.
# @result Forget bias 3 turned that same LSTM into 1.000 / 1.000 at length 50 and still 1.000 /
#         1.000 at length 100; gradient_decay.py predicted it, because bias 3 moved the cell-state
#         blame factor from x0.629 to x1.016 per step, so step 1 still gets as much blame as
#         step 50 (4.782e-02 vs 2.230e-02) instead of 5.180e-12.
# @note   Seconds on this busy 2-core machine (other students' runs share it) are noisy; first
#         run (memory_lab.firstRun.out): RNN 3.3 -> 23.9 -> 85.7 -> 101.7 s for lengths 5/20/50/100,
#         GRU 21.8 -> 71.7 -> 145.4, LSTM bf0 7.4 -> 163.5 -> 136.0, LSTM bf3 17.4 -> 112.6 ->
#         160.9 -> 345.3; so cost grows with length for every model (about x2 from 20 to 50 for
#         the GRU, x3.6 for the RNN, but LSTM bf0 even got faster, which is load noise, not the
#         model), and the LSTMs cost about 1.6x-7x the RNN; the rerun's own ratios are printed
#         in the summary lines and differ again. I kept 4,000 training rows (did not cut to 2,000).
# @note   For 30-token inputs I would ship the LSTM with forget bias 3 (or the GRU): both read
#         1.000 train and test at 20 and 50 tokens in my runs, while the plain RNN, though
#         1.000 at 20 and cheapest, fell to 0.494 test at 50, and 30 is too close to that wall
#         to trust it without a measurement at 30.
