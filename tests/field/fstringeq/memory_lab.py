# Exercise 3: the memory-length lab (Step 5 plus a GRU and a length-100 run).
# Full 4,000 training rows, 40 epochs, clipping at 1.0, as in the module.
import time, torch, torch.nn as nn
torch.set_num_threads(4)

FLAGS, FILLERS = 2, 8  # tokens 0,1 = the flag; tokens 2..9 = noise


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
        if forget_bias:  # open the forget valves (LSTM gate order i, f, g, o)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()


def run(T, label, kind, fb, Xtr, ytr, Xte, yte):
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
    secs = time.perf_counter() - t0
    net.eval()
    with torch.no_grad():
        train_acc = float(((net(Xtr) > 0).float() == ytr).float().mean())
        test_acc = float(((net(Xte) > 0).float() == yte).float().mean())
    print(f"{T=:<4d} {label=:<14s} {secs=:6.1f} {train_acc=:.3f} {test_acc=:.3f}")
    return secs, train_acc, test_acc


# Part one: the task itself
data = {}
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    data[T] = (Xtr, ytr, Xte, yte)
    print(f"{T=} {tuple(Xtr.shape)=} {tuple(Xte.shape)=}")
    print(f"  {bool((Xtr[:, 0].float() == ytr).all())=} "
          f"{bool((Xtr[:, 1:] >= FLAGS).all())=} "
          f"{ytr.mean().item()=:.3f} {yte.mean().item()=:.3f}")

# Parts two and three: one table
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
results = {}
print()
for T in (5, 20, 50):
    for label, kind, fb in MODELS:
        results[T, label] = run(T, label, kind, fb, *data[T])
for label, kind, fb in (MODELS[0], MODELS[3]):
    results[100, label] = run(100, label, kind, fb, *data[100])

print()
for label, *_ in MODELS:
    secs_by_T = {T: round(results[T, label][0], 1) for T in (5, 20, 50, 100)
                 if (T, label) in results}
    print(f"{label=:<14s} {secs_by_T=}")
for T in (5, 20, 50):
    lstm_over_rnn = results[T, "LSTM b_f=0"][0] / results[T, "RNN"][0]
    print(f"{T=:<4d} {lstm_over_rnn=:.2f}")

# What I found (accuracies are seeded and came out identical in all my runs;
# seconds do not - see memory_lab_run1.out and memory_lab_run2.out):
# 1. The plain RNN breaks between length 20 and 50: 1.000/1.000 at 20, then
#    0.561 train / 0.494 test at 50 and 0.581 / 0.508 at 100 - a coin toss.
# 2. The LSTM with forget bias 0 at length 50 reads 0.839 train but 0.495 test;
#    a gap of 0.34 (> 0.3) means it memorised the 4,000 training rows by their
#    noise instead of learning "look at token 0".
# 3. Forget bias 3 turned that into 1.000/1.000 at 50 and still 1.000/1.000 at
#    100. Step 3's table predicted it: the cell-state blame shrinks x0.629 per
#    step at bias 0 (5.180e-12 left at step 1) but x1.016 at bias 3 (4.782e-02).
# 4. On this busy 2-core machine the clock is mostly other people's load: the
#    RNN took 13.3/30.1/29.1/49.8 s (lengths 5/20/50/100) in run 1 and
#    52.0/39.2/52.2/36.2 s in run 2, and LSTM-over-RNN was 1.8-4.0x in run 1 but
#    0.5-1.2x in run 2. So I cannot confirm "doubles from 20 to 50" or "LSTM
#    ~2x RNN"; only LSTM b_f=3 from 50 to 100 roughly doubled both times
#    (91.9 -> 165.4 s, 45.9 -> 86.2 s). The seconds printed above are a third run.
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: 30 sits between
#    the RNN's last good length (20) and its first broken one (50), while LSTM
#    b_f=3 was perfect at 50 and 100, so it has margin. The GRU (1.000 at 50) is
#    the runner-up; I did not test it at 100.
