# Exercise 3 - memory length lab
# here we are checking till what length the model is able to remember the first token
# (Step 5 of module, plus GRU and plus length 100)
import time, torch, torch.nn as nn

# module is using 4 threads but my machine is having only 2 cores and it is shared with others.
# first i tried with 2 threads but it was very very slow (GRU length 5 took 348 s !!),
# threads are fighting each other for the cores. with 1 thread it is around 5 times faster,
# so i am putting 1 thread only. because of this the seconds will not match with module
torch.set_num_threads(1)

FLAGS, FILLERS = 2, 8   # token 0,1 is the flag, token 2..9 is noise


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
        self.core = {"RNN": nn.RNN, "GRU": nn.GRU, "LSTM": nn.LSTM}[kind](16, hid, batch_first=True)
        if forget_bias:   # opening the forget gate fully at start
            # in pytorch the LSTM gates order is input, forget, cell, output
            # so forget gate is the second block hid:2*hid
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()


def run_one(label, kind, fb, Xtr, ytr, Xte, yte):
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
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)   # clipping at 1.0
            opt.step()
    dt = time.perf_counter() - t0
    net.eval()
    with torch.no_grad():
        tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
        te = float(((net(Xte) > 0).float() == yte).float().mean())
    return dt, tr, te


# ---------------- Part 1 ----------------
# first checking the data itself, label should come only from token 0
print("Part 1 : checking the recall task data")
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    same0 = bool(torch.equal(Xtr[:, 0].float(), ytr)) and bool(torch.equal(Xte[:, 0].float(), yte))
    # other positions are only noise tokens 2..9, they cannot be 0 or 1
    others_noise = bool(((Xtr[:, 1:] >= FLAGS).all() and (Xte[:, 1:] >= FLAGS).all()))
    # also correlation of label with each other position, it should be near 0
    yc = ytr - ytr.mean()
    corr = []
    for t in range(1, T):
        xc = Xtr[:, t].float() - Xtr[:, t].float().mean()
        corr.append(float((xc * yc).sum() / (xc.norm() * yc.norm())))
    max_corr = max(abs(c) for c in corr)
    print("length", T, ": train shape", tuple(Xtr.shape), "test shape", tuple(Xte.shape))
    print("   label is equal to token 0 in all rows ?", same0)
    print("   tokens 1 to", T - 1, "are only noise tokens ?", others_noise)
    print(f"   biggest |correlation| of label with any noise position = {max_corr:.4f}")
    print(f"   label split train : {ytr.mean():.4f} ones, {1 - ytr.mean():.4f} zeros")
    print(f"   label split test  : {yte.mean():.4f} ones, {1 - yte.mean():.4f} zeros")

# ---------------- Part 2 and Part 3 ----------------
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]

print("\nPart 2 and 3 : training, 40 epochs, clip 1.0")
print(f"{'length':>7s} {'model':<11s} {'train s':>8s} {'train acc':>10s} {'test acc':>9s}")
results = {}
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    for label, kind, fb in MODELS:
        # for length 100 only the two extreme models (part 3), otherwise it is taking too long
        if T == 100 and label not in ("RNN", "LSTM b_f=3"):
            continue
        dt, tr, te = run_one(label, kind, fb, Xtr, ytr, Xte, yte)
        results[(T, label)] = (dt, tr, te)
        print(f"{T:7d} {label:<11s} {dt:8.1f} {tr:10.3f} {te:9.3f}")

print("\ngap between train and test accuracy at length 50:")
for label, _, _ in MODELS:
    dt, tr, te = results[(50, label)]
    print(f"   {label:<11s} train {tr:.4f} test {te:.4f} gap {tr - te:.4f}")

print("\nhow much the seconds grew from length 20 to length 50:")
for label, _, _ in MODELS:
    print(f"   {label:<11s} x{results[(50, label)][0] / results[(20, label)][0]:.2f}")
print("LSTM seconds divided by RNN seconds at each length:")
for T in (5, 20, 50, 100):
    print(f"   length {T} : {results[(T, 'LSTM b_f=3')][0] / results[(T, 'RNN')][0]:.2f}")

# ---------------- timing part of Step 5 ----------------
print("\nOne forward pass, batch 32, 128 features: step by step, or all at once")
print(f"{'length':>7s} {'LSTM (sequential)':>19s} {'attention (parallel)':>21s} {'ratio':>7s}")
H = 128
lstm = nn.LSTM(H, H, batch_first=True)
for T in (50, 200, 500, 1000):
    x = torch.randn(32, T, H)
    with torch.no_grad():
        lstm(x[:, :8]); (x @ x.transpose(1, 2))   # warm up
        t0 = time.perf_counter()
        for _ in range(3):
            lstm(x)
        a = (time.perf_counter() - t0) / 3
        t0 = time.perf_counter()
        for _ in range(3):
            torch.softmax(x @ x.transpose(1, 2) / H ** 0.5, -1) @ x
        b = (time.perf_counter() - t0) / 3
    print(f"{T:7d} {a * 1000:16.1f} ms {b * 1000:18.1f} ms {a / b:6.1f}x")

# ---------------- Part 4 : my comments (numbers from my run, memory_lab.out) ----------------
# 1. plain RNN is breaking at length 50. at 5 and 20 it is giving 1.000 train and test, but at 50
#    it is 0.561 train and 0.494 test, means it is guessing only (also 0.581 / 0.508 at length 100).
#    module has 0.539 / 0.507, my numbers are little different, but both are coin toss.
# 2. the LSTM with forget bias 0 at length 50 is 0.839 on train but 0.495 on test, gap is 0.344,
#    more than 0.3. this is memorisation, it has remembered the 4,000 training sequences
#    but not learned the rule "look at token 0", so on new rows it is 50-50 only.
# 3. forget bias 3 changed it to 1.000 train and 1.000 test (at 50 and also at 100), because
#    the forget gate is open from start, so cell state is carrying the first token to the end.
#    step 3 gradient table already told this, bias 0 cell blame shrinks x0.629 per step (5e-12 at step 1)
#    but bias 3 is x1.016, step 1 is getting same blame as step 50, so it is able to learn from token 0.
# 4. seconds: in my run they are not clean, machine was very loaded (load average 8 to 24 on 2 cores,
#    other people running also). from 20 to 50 : RNN x1.60, GRU x2.87, LSTM x1.77, LSTM b_f=3 x1.27,
#    and LSTM/RNN ratio is 2.39, 1.34, 1.06, 2.78 at 5, 20, 50, 100. length 100 RNN (47.4 s) is even faster
#    than length 50 RNN (92.1 s), which is not possible if machine was same, so i cannot able to confirm
#    the "double from 20 to 50" and "LSTM twice of RNN" from module. only thing i can say, time is growing
#    with length because every step must wait for previous step, and gated models are more costly.
#    same for timing table, attention 1000 is 5189 ms here, this is the load, not attention.
# 5. for 30-token inputs i will ship the LSTM with forget bias 3. RNN is fine at 20 (1.000) but at 50 it is
#    already 0.494 test, and 30 is too near to that breaking point. LSTM b_f=3 gave 1.000 test at 50
#    and at 100 also, so at 30 there is big safety margin. GRU also gave 1.000 at 50 so it is second option,
#    but i did not test GRU at 100, so i am choosing the one i measured at longer length.
#
# note: i checked if using 1 thread instead of 4 is changing the accuracy numbers, with a small
# 3-epoch RNN test at length 50 i got bit-wise same loss and weights for 1 and 4 threads,
# so the difference from module (0.561 vs 0.539 etc.) is not from threads. my torch is 1.13
# and module is made on torch 2.9, so as module says "everything off by a little" means library version.
