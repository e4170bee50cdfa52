"""Exercise 3 — the memory-length lab (module Step 5, plus a GRU and a length-100 round).

Recall task: the label is the FIRST token (0 or 1); it is followed by T-1 noise
tokens. A model has to carry one bit across the whole sequence.
"""
import time, unicodedata, torch, torch.nn as nn
torch.set_num_threads(4)          # as in the module's Step 5
# NOTE: full 4,000 training rows kept (not cut to 2,000), 40 epochs, as the module asks.

# ── my little pretty-printing helpers ──────────────────────────────────────
SUP = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")
def sci(x, digits=2):
    """Tiny / huge numbers as 5.03×10⁻¹⁷, everything else plain."""
    if x != 0 and (abs(x) < 1e-3 or abs(x) >= 1e4):
        m, e = f"{x:.{digits}e}".split("e")
        return f"{m}×10{str(int(e)).translate(SUP)}"
    return f"{x:.{digits + 1}f}"
def bar(v, vmax=1.0, width=20):
    """A block bar: █ for each full cell, ▌ for a half cell."""
    cells = max(0.0, min(1.0, v / vmax)) * width
    full = int(cells)
    return "█" * full + ("▌" if cells - full >= 0.5 else "")
def width(s):
    return sum(0 if ord(c) in (0xFE0F, 0x200D) else
               2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)
def box(title, w=84):
    w = max(w, width(title) + 5)
    print("╭" + "─" * (w - 2) + "╮")
    print("│ " + title + " " * (w - 4 - width(title)) + " │")
    print("╰" + "─" * (w - 2) + "╯")

# ── the task, copied from Step 5 ───────────────────────────────────────────
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
        if forget_bias:          # start every forget valve wide open (LSTM only)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)
    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)

loss_fn = nn.BCEWithLogitsLoss()

def run_one(kind, fb, Xtr, ytr, Xte, yte, epochs=40):
    torch.manual_seed(7)                        # seed BEFORE the weights are made
    net = Recaller(kind, forget_bias=fb)
    opt = torch.optim.Adam(net.parameters(), lr=0.01)
    g = torch.Generator().manual_seed(7)
    t0 = time.perf_counter()
    for _ in range(epochs):
        net.train()
        for i in torch.randperm(len(Xtr), generator=g).split(64):
            opt.zero_grad()
            loss_fn(net(Xtr[i]), ytr[i]).backward()
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)   # clip at 1.0
            opt.step()
    dt = time.perf_counter() - t0
    net.eval()
    with torch.no_grad():
        tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
        te = float(((net(Xte) > 0).float() == yte).float().mean())
    return dt, tr, te

# ── Part one: is the label really just token 0? ─────────────────────────────
box("🧠 Part 1 — the recall task: label = first token, then T-1 noise tokens")
LENGTHS = (5, 20, 50, 100)
data = {}
print(f"{'T':>4s}  {'shape train':>12s}  {'label==tok0':>11s}  {'max |corr| label↔tok t≥1':>25s}"
      f"  {'share label=1 (train → test)':>29s}")
for T in LENGTHS:
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    data[T] = (Xtr, ytr, Xte, yte)
    same = float((Xtr[:, 0].float() == ytr).float().mean())
    # correlation of the label with every later position: should be ~0
    Z = Xtr[:, 1:].float()
    Z = (Z - Z.mean(0)) / Z.std(0)
    yz = (ytr - ytr.mean()) / ytr.std()
    corr = (Z * yz.unsqueeze(1)).mean(0).abs().max()
    print(f"{T:4d}  {str(tuple(Xtr.shape)):>12s}  {same:11.3f}  {float(corr):25.3f}"
          f"  {float(ytr.mean()):13.3f} → {float(yte.mean()):.3f}  {bar(float(ytr.mean()), 1, 20)}")
print("✅ label equals token 0 on every row; later tokens carry ~no information;")
print("   every split sits near 50-50, so 0.5 is the coin-toss floor.\n")

# ── Part two + three: four models at 5/20/50, two extreme ones at 100 ───────
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
PLAN = [(T, m) for T in (5, 20, 50) for m in MODELS] + \
       [(100, m) for m in MODELS if m[0] in ("RNN", "LSTM b_f=3")]

box("🔁 Parts 2+3 — 40 epochs, Adam 0.01, clip_grad_norm_ 1.0, 4,000 train rows")
print(f"{'length':>6s}  {'model':<11s} {'train s':>8s} {'train acc':>10s} {'test acc':>9s}"
      f"   test acc bar (0 → 1)")
results = {}
last_T = None
for T, (label, kind, fb) in PLAN:
    if last_T is not None and T != last_T:
        print("  " + "·" * 70)
    last_T = T
    dt, tr, te = run_one(kind, fb, *data[T])
    results[(T, label)] = (dt, tr, te)
    mark = "✅" if te >= 0.99 else ("⚠️ " if tr - te > 0.3 else "🎲")
    print(f"{T:6d}  {label:<11s} {dt:8.1f} {tr:10.3f} {te:9.3f}   {bar(te, 1, 20):<20s} {mark}")

print("\n✅ = learned the rule   🎲 = coin toss   ⚠️  = train ≫ test (memorised)")

box("📉 seconds per model as the sequence grows")
print(f"{'model':<11s}" + "".join(f"{'T=' + str(T):>9s}" for T in (5, 20, 50, 100))
      + f"{'×(20→50)':>10s}")
for label, _, _ in MODELS:
    row = [results.get((T, label)) for T in (5, 20, 50, 100)]
    cells = "".join(f"{r[0]:9.1f}" if r else f"{'—':>9s}" for r in row)
    print(f"{label:<11s}{cells}{row[2][0] / row[1][0]:9.2f}×")
print()
for lab in ("LSTM b_f=0", "LSTM b_f=3"):
    print(f"{lab + ' ÷ RNN seconds':<26s}" + "".join(
        f"{'T=' + str(T)}: {results[(T, lab)][0] / results[(T, 'RNN')][0]:.2f}×   "
        for T in (5, 20, 50)))
gap = results[(50, "LSTM b_f=0")][1] - results[(50, "LSTM b_f=0")][2]
print(f"LSTM b_f=0 at T=50: train − test = {gap:.3f}"
      f" → {'memorisation 🧠❌' if gap > 0.3 else 'no big gap'}")

# ── Part four: what I read in my table ─────────────────────────────────────
# (accuracies are seeded and repeat exactly; the seconds quoted below are from my first
#  full run on this shared 2-core box with a load average of ~15, so they are noisy and
#  the rerun's .out shows slightly different seconds)
# 1. The plain RNN breaks between length 20 and length 50: 1.000 / 1.000 at 20, then
#    0.561 train / 0.494 test at 50 (module: 0.539 / 0.507) and 0.581 / 0.508 at 100 —
#    a coin toss, and the low TRAIN number says it never found the rule at all.
# 2. At length 50 the forget-bias-0 LSTM reads 0.839 train but 0.495 test (module: 0.858 /
#    0.506), a gap of 0.344 > 0.3: that is memorisation — it fitted the 4,000 particular
#    noise sequences without learning "answer = token 0", and a report of only the training
#    number would wrongly say the LSTM works.
# 3. Setting the forget bias to 3 turned the same LSTM into 1.000 / 1.000 at 50 and still
#    1.000 / 1.000 at 100; gradient_decay.py predicted it, because the cell-state blame fell
#    ×0.629 per step at b_f=0 (5.18×10⁻¹² at step 1) but ×1.016 at b_f=3 (0.048 at step 1
#    vs 0.022 at step 50), so with open valves the signal from token 0 actually arrives.
# 4. Seconds grow with length for every model: from 20 → 50 the RNN went 18.5 → 61.4 s
#    (×3.3), GRU 42.9 → 99.0 (×2.3), LSTM b_f=0 45.8 → 116.2 (×2.5), LSTM b_f=3 92.8 →
#    210.4 (×2.3), i.e. roughly double-plus as the module says, and to 100 the RNN took
#    154.1 s and LSTM b_f=3 329.5 s; the LSTM cost 1.5–2.5× the RNN at each length
#    (module: ~2×), all ~10–20× slower than the module's laptop because this box is shared.
# 5. For 30-token inputs I would ship the GRU: it is the cheapest model that I measured
#    at 1.000 / 1.000 at length 50 (99.0 s vs 210.4 s for LSTM b_f=3), whereas the plain
#    RNN was only verified up to 20 and already fails at 50, so 30 is inside its danger
#    zone; LSTM b_f=3 (1.000 / 1.000 even at 100) is my fallback if inputs grow longer.
