# memory_lab.py -- exercise 3: the memory-length lab (Step 5 plus one addition)
# notes-to-self style: everything printed as nested bullets
import time, torch, torch.nn as nn
from sequences import *          # gives torch.set_num_threads(4) like step 5

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
        if forget_bias:                                # start every forget valve wide open
            with torch.no_grad():                      # LSTM gate order: input, FORGET, cell, output
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()

# ---------- part one: the task, and proof the label is token 0 only ----------
LENGTHS = (5, 20, 50, 100)
print("- part 1: the recall task (4,000 train rows, 1,000 test rows)")
data = {}
for T in LENGTHS:
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    data[T] = (Xtr, ytr, Xte, yte)
    same = float((Xtr[:, 0].float() == ytr).float().mean())
    same_te = float((Xte[:, 0].float() == yte).float().mean())
    # any later position: does its token say anything about the label?
    # (label rate per noise token value at the last position -> should sit near 0.5)
    last = Xtr[:, -1]
    rates = [float(ytr[last == v].mean()) for v in range(FLAGS, FLAGS + FILLERS)]
    noise_ok = bool(((Xtr[:, 1:] >= FLAGS)).all())
    print(f"  - length {T}: X train {tuple(Xtr.shape)}, X test {tuple(Xte.shape)}")
    print(f"    - label == token 0: **{same:.3f}** of train rows, {same_te:.3f} of test rows")
    print(f"    - tokens 1..{T - 1} are all noise (ids 2..9): {noise_ok}")
    print(f"    - label rate by last token's value: {min(rates):.3f} to {max(rates):.3f}"
          f" (no signal there)")
    print(f"    - label split: train {float(ytr.mean()):.3f} ones / {1 - float(ytr.mean()):.3f}"
          f" zeros, test {float(yte.mean()):.3f} ones")

# ---------- parts two and three: train, time, score ----------
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
PLAN = {5: MODELS, 20: MODELS, 50: MODELS,
        100: [MODELS[0], MODELS[3]]}       # part three: only the two extremes at 100
results = {}
print("\n- parts 2 + 3: 40 epochs, Adam lr 0.01, batch 64, clip_grad_norm_ at 1.0")
for T in LENGTHS:
    Xtr, ytr, Xte, yte = data[T]
    print(f"  - length {T}")
    for label, kind, fb in PLAN[T]:
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
        results[(T, label)] = (dt, tr, te)
        flag = "  <- gap > 0.3, memorising" if tr - te > 0.3 else ""
        print(f"    - {label}: train **{tr:.3f}**, test **{te:.3f}**, {dt:.1f} s{flag}")

# ---------- the one table the exercise asks for, bullets per length ----------
print("\n- summary table (length / model / seconds / train acc / test acc)")
for T in LENGTHS:
    print(f"  - length {T}")
    for label, _, _ in PLAN[T]:
        dt, tr, te = results[(T, label)]
        print(f"    - {label:<10s} | {dt:6.1f} s | train {tr:.3f} | test {te:.3f}")

print("\n- how the clock grows")
print("  - seconds ratio, length 50 / length 20")
for label, _, _ in MODELS:
    print(f"    - {label}: x{results[(50, label)][0] / results[(20, label)][0]:.2f}")
print("  - seconds ratio, length 100 / length 50")
for label in ("RNN", "LSTM b_f=3"):
    print(f"    - {label}: x{results[(100, label)][0] / results[(50, label)][0]:.2f}")
print("  - LSTM b_f=0 seconds / RNN seconds")
for T in (5, 20, 50):
    print(f"    - length {T}: x{results[(T, 'LSTM b_f=0')][0] / results[(T, 'RNN')][0]:.2f}")

# ---------- part four: my five comment sentences (written after my first two full runs) ----------
# - The plain RNN breaks between length 20 and length 50: 1.000 / 1.000 at 5 and 20, then
#   train 0.561 / test 0.494 at 50 and 0.581 / 0.508 at 100 -- it never learned the rule at all.
# - At length 50 the forget-bias-0 LSTM reads 0.839 on training but 0.495 on test, a gap of
#   0.344 (> 0.3): that is memorisation of the 4,000 training rows, not the "look at token 0"
#   rule, and anyone reporting only the training number would say the LSTM works.
# - Forget bias 3 turned that same LSTM into 1.000 / 1.000 at 50 (and still 1.000 / 1.000 at
#   100), which gradient_decay.py predicted: the cell-state factor went from x0.629 per step at
#   bias 0 (step 1 gets 5.180e-12) to x1.016 at bias 3 (step 1 gets 4.782e-02).
# - Seconds grow with length for every model and the LSTM costs about 2x the RNN, but my clock
#   is very noisy because other students' jobs share this 2-core box: in my first run
#   (memory_lab_firstrun.txt) 20 -> 50 went RNN 35.6 -> 61.4 s (x1.73), GRU 69.1 -> 129.7 s
#   (x1.88), LSTM b_f=0 83.8 -> 127.1 s (x1.52), LSTM b_f=3 65.2 -> 123.3 s (x1.89) with
#   LSTM/RNN x2.01, x2.35, x2.07 at lengths 5/20/50, while my second run gave ratios from x1.87
#   to x6.22 and LSTM/RNN x1.46 to x4.88 -- so only "roughly doubles" survives; the printed
#   ratios at the end of this .out are from the latest run and will move again.
# - For 30-token inputs I would ship the LSTM with forget bias 3 (or the GRU): 30 is already
#   past 20, where all models were perfect, and heading toward 50, where my plain RNN fell to
#   0.494 test, while LSTM b_f=3 and GRU both read 1.000 / 1.000 at 50 for about 2x the
#   RNN's seconds (first run: 123.3 s / 129.7 s vs 61.4 s) -- a price worth paying for a model
#   that works.
# - note: I kept the full 4,000 training rows (did not cut to 2,000) even though it ran ~17 min
#   here (the accuracies were identical in every run); my RNN / LSTM b_f=0 numbers at 50 differ by ~0.01-0.02 from the module's
#   (0.539/0.507 and 0.858/0.506) -- my torch is 1.13, not the pinned 2.9.
