# memory lab - step 5 again but w/ a gru too and a length 100 for the 2 extreme models
# kept 4000 training rows like the module (machine is slow but ill just wait)
import time, torch, torch.nn as nn
torch.set_num_threads(4)

FLAGS, FILLERS = 2, 8  # tokens 0,1 = the flag, 2..9 = noise

def recall_task(n, T, seed):
    """remember the FIRST token, answer after T-1 meaningless tokens"""
    g = torch.Generator().manual_seed(seed)
    flag = torch.randint(0, FLAGS, (n,), generator=g)
    noise = torch.randint(FLAGS, FLAGS + FILLERS, (n, T - 1), generator=g)
    return torch.cat([flag.unsqueeze(1), noise], 1), flag.float()

class Recaller(nn.Module):
    def __init__(self, kind, hid=32, forget_bias=0.0):
        super().__init__()
        self.embed = nn.Embedding(FLAGS + FILLERS, 16)
        self.core = {"RNN": nn.RNN, "GRU": nn.GRU, "LSTM": nn.LSTM}[kind](16, hid, batch_first=True)
        if forget_bias:  # open the forget valves (lstm only, gate order is i,f,g,o)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)
    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)

loss_fn = nn.BCEWithLogitsLoss()

# part 1 - check the task is what it says
print("part 1: is the label just token 0?")
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    same = bool(torch.equal(Xtr[:, 0].float(), ytr)) and bool(torch.equal(Xte[:, 0].float(), yte))
    rest_noise = bool((Xtr[:, 1:] >= FLAGS).all()) and bool((Xte[:, 1:] >= FLAGS).all())
    # does any later position tell u anything? mean label per filler token, should all be ~0.5
    later = Xtr[:, 1:]
    per_tok = [float(ytr.unsqueeze(1).expand_as(later)[later == k].mean()) for k in range(FLAGS, FLAGS + FILLERS)]
    print(f"  T={T:3d} label==tok0 {same}  rest all noise {rest_noise}  "
          f"pos share tr/te -> {float(ytr.mean()):.3f} / {float(yte.mean()):.3f}  "
          f"label rate given a filler tok: {min(per_tok):.3f}..{max(per_tok):.3f}")

# part 2 + 3 - train stuff
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0), ("LSTM", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
RUNS = [(T, m) for T in (5, 20, 50) for m in MODELS]
RUNS += [(100, MODELS[0]), (100, MODELS[3])]  # part 3: just the extremes at 100

print(f"\n{'len':>4s} {'model':<11s} {'secs':>7s} {'tr acc':>7s} {'te acc':>7s}")
data = {}
for T, (label, kind, fb) in RUNS:
    if T not in data:
        data[T] = (recall_task(4000, T, seed=100 + T), recall_task(1000, T, seed=200 + T))
    (Xtr, ytr), (Xte, yte) = data[T]
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
    print(f"{T:4d} {label:<11s} {dt:7.1f} {tr:7.3f} {te:7.3f}")

# step 5's timing bit too, one fwd pass batch 32 128 feats
print("\nlstm vs attention one fwd pass (ms)")
H = 128
lstm = nn.LSTM(H, H, batch_first=True)
for T in (50, 200, 500, 1000):
    x = torch.randn(32, T, H)
    with torch.no_grad():
        lstm(x[:, :8]); (x @ x.transpose(1, 2))
        t0 = time.perf_counter()
        for _ in range(3):
            lstm(x)
        a = (time.perf_counter() - t0) / 3
        t0 = time.perf_counter()
        for _ in range(3):
            torch.softmax(x @ x.transpose(1, 2) / H ** 0.5, -1) @ x
        b = (time.perf_counter() - t0) / 3
    print(f"  T={T:4d} lstm {a * 1000:7.1f} ms  attn {b * 1000:6.1f} ms  ratio {a / b:.1f}x")

# part 4 comments (numbers from my 1st run, accs are seeded so they repeat, the seconds wobble a lot on this busy 2 core box)
# the plain rnn breaks at length 50, 1.000/1.000 at 5 and 20 but 0.561 train / 0.494 test at 50 (and 0.581/0.508 at 100) so it never learned the rule at all, its a coin flip
# lstm w/ forget bias 0 at 50 got 0.839 train vs 0.495 test, a gap of approx 0.34 (> 0.3) so its memorisation, it learned the 4000 training rows by heart and not the rule bc the test is a coin toss
# the forget bias 3 just opened the forget valves at init and that took the same lstm to 1.000/1.000 at 50 and even at 100, which gradient_decay predicted: cell blame went x0.629 per step at bf 0 (5e-12 left at step 1) vs x1.016 at bf 3 (step 1 same size as step 50)
# secs go up w/ length for every model, 20 -> 50 was approx x1.5 rnn, x1.8 gru, x2.5 lstm, x1.7 lstm bf3 (module says approx double, mine is roughly that, noisy) and the lstm cost approx 1.2x the rnn at 5 up to 2-2.6x at 50, gru in between-ish
# for 30 token inputs id ship the lstm w/ forget bias 3: rnn was perfect at 20 but 0.494 test at 50 so 30 is a gamble, while lstm bf3 was 1.000 test at 50 and 100 so 30 is well inside what i measured, costs approx 2x the rnn time but thats seconds (gru also hit 1.000 at 50 so its the backup, didnt test it at 100 tho)
