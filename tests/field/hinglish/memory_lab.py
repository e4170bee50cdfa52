# memory_lab.py -- Exercise 3: memory-length lab (Step 5 + GRU + lambai 100)
# Step 5 wala code hi copy kiya hai, bas GRU add kiya aur lambai 100 ka extra run.
# Training rows 4,000 hi rakhe (cut nahi kiya), chahe machine slow hai.
import time, torch, torch.nn as nn
torch.set_num_threads(4)
FLAGS, FILLERS = 2, 8  # tokens 0,1 = flag; tokens 2..9 = noise


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
        if forget_bias:  # forget valve pura khula se start (sirf LSTM ke liye)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)  # aakhri step ki memory


loss_fn = nn.BCEWithLogitsLoss()


def run_one(kind, fb, Xtr, ytr, Xte, yte, epochs=40):
    torch.manual_seed(7)  # seed weights banne se PEHLE
    net = Recaller(kind, forget_bias=fb)
    opt = torch.optim.Adam(net.parameters(), lr=0.01)
    g = torch.Generator().manual_seed(7)
    t0 = time.perf_counter()
    for _ in range(epochs):
        net.train()
        for i in torch.randperm(len(Xtr), generator=g).split(64):
            opt.zero_grad()
            loss_fn(net(Xtr[i]), ytr[i]).backward()
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)  # clipping 1.0 pe
            opt.step()
    dt = time.perf_counter() - t0
    net.eval()
    with torch.no_grad():
        tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
        te = float(((net(Xte) > 0).float() == yte).float().mean())
    return dt, tr, te


# ---------------- Part 1: data check ----------------
print("=== Part 1: recall task ka data check ===")
print(f"{'lambai':>6s} {'train shape':>12s} {'label==token0':>14s}"
      f" {'baaki sab filler?':>18s} {'train me 1 ka hissa':>20s}"
      f" {'test me 1 ka hissa':>19s}")
DATA = {}
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    DATA[T] = (Xtr, ytr, Xte, yte)
    same = float((Xtr[:, 0].float() == ytr).float().mean())
    filler_only = bool((Xtr[:, 1:] >= FLAGS).all() and (Xte[:, 1:] >= FLAGS).all())
    print(f"{T:6d} {str(tuple(Xtr.shape)):>12s} {same:14.3f}"
          f" {str(filler_only):>18s} {float(ytr.mean()):20.3f}"
          f" {float(yte.mean()):19.3f}")
# ek aur sabut: token 0 badal do to label badalna chahiye, baaki token badlo to kuch nahi
X5, y5, _, _ = DATA[5]
print("pehli 3 rows (lambai 5), label sirf token 0 se aata hai:")
for r, l in zip(X5[:3].tolist(), y5[:3].tolist()):
    print(f"  tokens {r} -> label {int(l)}")

# ---------------- Part 2 + 3: training table ----------------
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
print("\n=== Part 2 + 3: 40 epochs, clip 1.0, 4000 train / 1000 test ===")
print(f"{'lambai':>6s} {'model':<11s} {'samay (s)':>9s} {'train sahi':>10s}"
      f" {'test sahi':>9s}")
results = {}
for T in (5, 20, 50, 100):
    Xtr, ytr, Xte, yte = DATA[T]
    todo = MODELS if T != 100 else [MODELS[0], MODELS[3]]  # 100 pe sirf do extremes
    for label, kind, fb in todo:
        dt, tr, te = run_one(kind, fb, Xtr, ytr, Xte, yte)
        results[(T, label)] = (dt, tr, te)
        print(f"{T:6d} {label:<11s} {dt:9.1f} {tr:10.3f} {te:9.3f}")

print("\nsamay ka ratio (lambai 50 / lambai 20) aur LSTM/RNN samay ratio:")
for label, _, _ in MODELS:
    print(f"  {label:<11s} 50/20 = {results[(50, label)][0] / results[(20, label)][0]:.2f}x")
for T in (5, 20, 50, 100):
    print(f"  lambai {T:3d}: LSTM b_f=3 / RNN = "
          f"{results[(T, 'LSTM b_f=3')][0] / results[(T, 'RNN')][0]:.2f}x")
for T in (50, 100):
    for label in ("LSTM b_f=0", "LSTM b_f=3", "RNN"):
        if (T, label) in results:
            _, tr, te = results[(T, label)]
            print(f"  lambai {T:3d} {label:<11s} train - test gap = {tr - te:+.3f}")

# Comment (Part 4, paanch baatein) -- accuracy seeded hai to har run me same aati hai;
# samay (seconds) is busy 2-core machine pe run-to-run badalta hai, neeche wale seconds mere
# pehle poore run ke hain (kul ~22 min), final .out me ratio lines dobara print hoti hain:
# 1. Plain RNN lambai 50 pe toot jaata hai: lambai 20 tak 1.000 / 1.000, lekin 50 pe train
#    0.561 aur test 0.494 (module: 0.539 / 0.507), aur 100 pe 0.581 / 0.508 -- sikka hi hai.
# 2. Lambai 50 pe forget-bias-0 LSTM train 0.839 aur test 0.495 deta hai (module: 0.858 / 0.506),
#    gap 0.344 jo 0.3 se zyada hai -- yeh memorisation hai: 4,000 training sequences ratt liye,
#    "token 0 yaad rakho" wala rule nahi seekha, isliye naye data pe sikka.
# 3. Forget bias 3 ne wahi LSTM 50 pe 1.000 / 1.000 aur 100 pe bhi 1.000 / 1.000 kar diya;
#    gradient_decay ki table ne yahi predict kiya tha -- cell-state blame b_f=0 pe x0.629 har
#    step (step 1 pe 5.18e-12), b_f=3 pe x1.016 (step 1 pe 4.78e-02), yaani shuru ka token
#    training signal paata hi hai.
# 4. Samay lambai ke saath badhta hai: 20 se 50 pe RNN 20.7 -> 39.8 s (1.93x), GRU 54.9 -> 116.7 s
#    (2.13x), LSTM b_f=3 74.0 -> 135.3 s (1.83x) -- lagbhag double, jaise module kehta hai;
#    LSTM b_f=0 ka 3.76x machine ke load ki wajah se noisy hai. LSTM mere machine pe RNN ka
#    ~3.3-3.6x leta hai (module ke laptop pe ~2x), aur 100 pe RNN 170.9 s vs LSTM b_f=3 327.8 s (1.92x).
# 5. 30-token inputs ke liye LSTM forget bias 3 ship karunga: plain RNN 20 pe 1.000 hai par 50
#    pe 0.494 test, aur 30 unke beech hai (30 maine naapa nahi, to RNN risky hai); LSTM b_f=3
#    akela model hai jo 50 aur 100 dono pe 1.000 / 1.000 measured hai. GRU close second hai
#    (50 pe 1.000 / 1.000, 116.7 s vs 135.3 s) par usko maine 100 pe test nahi kiya.
