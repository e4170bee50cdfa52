# memory_lab.py -- Exercise 3: ang memory-length lab (Step 5 + GRU + haba 100)
# Tandaan ang UNANG token, sagutin pagkatapos ng T-1 na walang-kwentang tokens.
import time, torch, torch.nn as nn
from sequences import *   # para consistent sa course (set_num_threads(4) galing dito)

FLAGS, FILLERS = 2, 8     # tokens 0,1 = yung flag; tokens 2..9 = noise


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
        core = {"RNN": nn.RNN, "GRU": nn.GRU, "LSTM": nn.LSTM}[kind]
        self.core = core(16, hid, batch_first=True)
        if forget_bias:   # buksan nang todo yung forget valve (LSTM lang)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()

# ---------------- Part 1: silipin muna yung data ----------------
print("Part 1: check ng recall task bago mag-train")
print(f"{'haba':>5s} {'rows':>6s} {'label=1 (train)':>16s} {'label=1 (test)':>15s}"
      f" {'label==token0?':>15s} {'flag sa ibang pwesto?':>22s}")
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    same = bool(torch.equal(Xtr[:, 0].float(), ytr)) and bool(torch.equal(Xte[:, 0].float(), yte))
    # kung may flag token (0 o 1) sa position 1..T-1, may leak sana
    leak = int((Xtr[:, 1:] < FLAGS).sum() + (Xte[:, 1:] < FLAGS).sum())
    print(f"{T:5d} {len(Xtr):6d} {float(ytr.mean()):16.3f} {float(yte.mean()):15.3f}"
          f" {str(same):>15s} {leak:22d}")
print("Ibig sabihin: token 0 lang ang may sinasabi tungkol sa label, noise lang yung iba.")

# ---------------- Part 2 + 3: training ----------------
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
PLAN = [(5, MODELS), (20, MODELS), (50, MODELS),
        (100, [MODELS[0], MODELS[3]])]   # Part 3: yung dalawang extreme lang sa haba 100

print("\nPart 2/3: 40 epochs bawat isa, clip_grad_norm_ sa 1.0")
print(f"{'haba':>5s} {'model':<11s} {'train s':>8s} {'train acc':>10s} {'test acc':>9s}")
results = {}
for T, models in PLAN:
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    for label, kind, fb in models:
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
        print(f"{T:5d} {label:<11s} {dt:8.1f} {tr:10.3f} {te:9.3f}")

print("\nGaano lumaki yung training seconds (haba 50 / haba 20):")
for label, _, _ in MODELS:
    r = results[(50, label)][0] / results[(20, label)][0]
    print(f"  {label:<11s} x{r:.2f}")
print("LSTM b_f=0 vs RNN na oras, bawat haba:")
for T in (5, 20, 50):
    r = results[(T, 'LSTM b_f=0')][0] / results[(T, 'RNN')][0]
    print(f"  haba {T:3d}: x{r:.2f}")
gap = results[(50, 'LSTM b_f=0')][1] - results[(50, 'LSTM b_f=0')][2]
print(f"Sa haba 50, train minus test ng LSTM b_f=0: {gap:.3f}")

# ---------------- timing table galing din sa Step 5 ----------------
print("\nIsang forward pass, batch 32, 128 features: step by step, o sabay-sabay")
print(f"{'haba':>5s} {'LSTM (sequential)':>19s} {'attention (parallel)':>21s} {'ratio':>7s}")
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
    print(f"{T:5d} {a * 1000:16.1f} ms {b * 1000:18.1f} ms {a / b:6.1f}x")

# ---------------- Part 4: comments (sinulat pagkatapos ng unang run ko) ----------------
# Note: 4,000 training rows pa rin ang ginamit ko (hindi ko binawasan sa 2,000), kahit mga 15 minutes
# inabot sa busy na 2-core machine; torch 1.13 dito, hindi yung 2.9 ng course.
# 1. Sa haba 50 bumigay yung plain RNN: 1.000/1.000 pa siya sa haba 20, pero 0.561 train at 0.494 test
#    sa haba 50 (at 0.581/0.508 sa haba 100), kaya coin toss na lang siya at hindi niya natutunan yung rule.
# 2. Yung LSTM b_f=0 sa haba 50 ay 0.839 train pero 0.495 test, agwat na 0.344 (lampas 0.3), ibig
#    sabihin memorisation yan -- kinabisado niya yung 4,000 training sequences pero hindi yung rule.
# 3. Yung forget bias 3 lang ang binago, at naging 1.000/1.000 yung LSTM sa haba 50 at pati 100;
#    hinulaan na ito ng gradient_decay.py ko: sa b_f=0 x0.629 bawat step ang cell-state blame
#    (5.180e-12 na lang sa step 1), sa b_f=3 x1.016 (4.782e-02 sa step 1), kaya umaabot yung blame sa token 0.
# 4. Lumalaki yung training seconds kasabay ng haba sa bawat model -- sa unang run ko, haba 50 / haba 20:
#    RNN x3.07, GRU x2.25, LSTM b_f=0 x5.39, LSTM b_f=3 x1.80, at LSTM/RNN x4.50, x1.33, x2.34 sa haba
#    5/20/50 -- mga doble nga pero sobrang ingay kasi busy yung machine (iba-iba bawat run, tingnan yung
#    printed ratios sa taas); yung RNN 53.9 s -> 104.9 s mula haba 50 papuntang 100, halos doble.
# 5. Para sa 30-token inputs, LSTM b_f=3 ang isi-ship ko: 1.000/1.000 siya sa haba 50 at 100, habang yung
#    RNN ay perfect sa 20 pero 0.494 test na sa 50, kaya delikado sa 30 na hindi ko nasukat; yung GRU
#    (1.000/1.000 sa 50, 126.9 s) pwede ring alternative, halos pareho ang oras (LSTM b_f=3 117.8 s).
# Extra: yung timing table (LSTM vs attention) dito, baligtad sa haba 500 at 1000 (mas mabagal yung
#    attention) -- hindi tugma sa 66.6 ms vs 32.1 ms ng course; hinala ko dahil 4 threads sa 2 cores
#    na busy pa, kaya hindi ko ito pinagkakatiwalaan bilang sukat.
