# memory_lab.py – Exercise 3: the memory-length lab (Step 5 + a GRU + length 100)
# Run on the course machine (2 cores, busy) – my laptop is Windows, so the seconds here are the course box’s, not mine.
import time, torch, torch.nn as nn
torch.set_num_threads(4)

FLAGS, FILLERS = 2, 8          # tokens 0,1 = the flag; tokens 2..9 = noise


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
        # added GRU to the dict from Step 5 (GRU has no forget gate, so forget_bias stays 0 for it)
        self.core = {"RNN": nn.RNN, "GRU": nn.GRU, "LSTM": nn.LSTM}[kind](16, hid, batch_first=True)
        if forget_bias:        # start every forget valve wide open (LSTM gate order: i, f, g, o)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()


def box(headers, rows, aligns):
    """Little Unicode table – I like these better than plain columns."""
    w = [max(len(str(h)), *(len(str(r[i])) for r in rows)) for i, h in enumerate(headers)]
    def line(l, m, r):
        return l + m.join("─" * (x + 2) for x in w) + r
    def cells(vals):
        return "│" + "│".join(" " + (str(v).rjust(x) if a == ">" else str(v).ljust(x)) + " "
                              for v, x, a in zip(vals, w, aligns)) + "│"
    print(line("┌", "┬", "┐"))
    print(cells(headers))
    print(line("├", "┼", "┤"))
    for r in rows:
        print(cells(r))
    print(line("└", "┴", "┘"))


# ---------------- Part one: the task itself ----------------
print("Part 1 – recall task: label = first token, everything after it is noise")
rows = []
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    same0 = bool(torch.equal(Xtr[:, 0].float(), ytr)) and bool(torch.equal(Xte[:, 0].float(), yte))
    # if any later token told you the label, the label would agree with it more than half the time
    # here: best agreement of the label with “token t is odd”, over every later position t
    later = max(float(((Xtr[:, t] % 2).float() == ytr).float().mean()) for t in range(1, T))
    flags_later = int((Xtr[:, 1:] < FLAGS).sum())
    rows.append((T, tuple(Xtr.shape), f"{float(ytr.mean()):.3f}", f"{float(yte.mean()):.3f}",
                 "yes" if same0 else "NO", flags_later, f"{later:.3f}"))
box(["length", "train shape", "train 1s", "test 1s", "label == token 0?",
     "flag tokens after 0", "best later-token agreement"], rows,
    [">", ">", ">", ">", ">", ">", ">"])
print("→ label split ≈ 50/50 at every length; tokens 1..T-1 are only fillers (ids 2–9),")
print("  so no later position carries the label (best agreement ≈ 0.5 = chance)")

# ---------------- Part two + three: train ----------------
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
PLAN = [(T, m) for T in (5, 20, 50) for m in MODELS]
PLAN += [(100, m) for m in MODELS if m[0] in ("RNN", "LSTM b_f=3")]   # Part three: extremes only

print("\nParts 2+3 – 40 epochs, Adam lr 0.01, batch 64, clip_grad_norm_ 1.0, 4000 train / 1000 test")
results = []
for T, (label, kind, fb) in PLAN:
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
    results.append((T, label, dt, tr, te))
    print(f"  done: T={T:<3d} {label:<10s} {dt:7.1f} s  train {tr:.3f}  test {te:.3f}")

print()
box(["length", "model", "train s", "train acc", "test acc", "train − test"],
    [(T, lab, f"{dt:.1f}", f"{tr:.3f}", f"{te:.3f}", f"{tr - te:+.3f}")
     for T, lab, dt, tr, te in results],
    [">", "<", ">", ">", ">", ">"])

# seconds growth 20 → 50 and LSTM/RNN cost ratio
sec = {(T, lab): dt for T, lab, dt, _, _ in results}
print("\ntraining seconds: growth with length, and cost against the plain RNN")
rows = []
for _, lab in [(None, m[0]) for m in MODELS]:
    r = [lab, f"{sec[(5, lab)]:.1f}", f"{sec[(20, lab)]:.1f}", f"{sec[(50, lab)]:.1f}",
         f"{sec[(100, lab)]:.1f}" if (100, lab) in sec else "–",
         f"×{sec[(50, lab)] / sec[(20, lab)]:.2f}",
         " / ".join(f"×{sec[(T, lab)] / sec[(T, 'RNN')]:.2f}" for T in (5, 20, 50))]
    rows.append(r)
box(["model", "T=5 s", "T=20 s", "T=50 s", "T=100 s", "20 → 50", "vs RNN at 5 / 20 / 50"],
    rows, ["<", ">", ">", ">", ">", ">", ">"])


# ───────────── Part four – five sentences (accuracies from my runs – seeded, identical in run 1, run 2 and
# the final run; seconds move around because the course box is shared – see memory_lab_run1/run2.out) ─────────────
# 1. The plain RNN breaks between length 20 and length 50: 1.000 / 1.000 at 5 and 20, then train 0.561 / test 0.494 at
#    50 and 0.581 / 0.508 at 100 – a coin toss, and the low training number says it never found the rule at all.
# 2. The forget-bias-0 LSTM at length 50 reads train 0.839 against test 0.495 (gap +0.344, more than 0.3): that is
#    memorisation – it learned the 4,000 training sequences by their noise tokens instead of “look at token 0”, and
#    only the test number shows it.
# 3. Setting the forget bias to 3 turned that row into 1.000 / 1.000 at 50 and even at 100 – exactly what
#    gradient_decay.py predicted, where the cell-state factor goes from ×0.629 (b_f=0, step-1 blame 5e-12) to
#    ×1.016 (b_f=3, step-1 blame 4.8e-02 ≥ step 50), so the flag at token 0 actually gets trained on.
# 4. Training seconds grow with length overall (RNN 5 → 100: 5.1 → 45.8 s in run 1, 6.7 → 32.0 s in run 2), but the
#    20 → 50 step is pure noise on this shared 2-core box: run 1 gave RNN ×2.85, GRU ×1.92, LSTM b_f=3 ×1.60,
#    LSTM b_f=0 ×7.21 (≈ the module’s “roughly double”), run 2 gave ×1.10, ×0.83, ×1.33, ×1.53 – and the gated models
#    cost ≈ 0.8–5.6× the RNN depending on the run (the two LSTMs are the same size, yet took 115.6 s vs 50.3 s at 50
#    in run 1), so I can’t confirm the module’s timing ratios here; the final .out’s seconds are a third sample.
# 5. For 30-token inputs I’d ship the LSTM with forget bias 3: it is the only model I measured at 1.000 test at 50 and
#    at 100, while the plain RNN, though cheapest (20.7 s / 17.3 s at 50 in runs 1 / 2), went from 1.000 at 20 to 0.494 at 50 and 30 is inside
#    that unmeasured gap; the GRU (1.000 at 50, 63.8 s / 31.6 s) is my fallback, and I’d still run all three at T=30 first.
# Notes: I kept the full 4,000 training rows (did not cut to 2,000) even though the box is slow; whole run ≈ 10 min.
#        The length-5 test split is 0.457 ones (1000 rows) – a bit off 50/50 but just sampling noise; train is 0.505.
#        Vs the module: my length-50 RNN reads 0.561 / 0.494 (module 0.539 / 0.507) and the b_f=0 LSTM 0.839 / 0.495
#        (module 0.858 / 0.506) – same story, but > 1 % off; torch 1.13 here vs 2.9 in the module.
