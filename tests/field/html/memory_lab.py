# memory_lab.py - exercise 3: how long can each recurrent model remember token 0?
# Reproduces Step 5 of the module, adds a GRU, and adds a length-100 run for
# the two extreme models. I kept the full 4,000 training rows (not 2,000).
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
        core = {"RNN": nn.RNN, "GRU": nn.GRU, "LSTM": nn.LSTM}[kind]
        self.core = core(16, hid, batch_first=True)
        if forget_bias:  # LSTM gate order is input, forget, cell, output
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()


def run(label, kind, fb, Xtr, ytr, Xte, yte):
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
    return dt, tr, te


# ---------- Part 1: the task itself ----------
print("<h2>Part 1: the recall task</h2>")
print("<p>Each row is a flag token (0 or 1) followed by T-1 random filler tokens "
      "(2..9). The label should be the flag and nothing else.</p>")
print("<table>")
print("<tr><th>length</th><th>train rows</th><th>label == token 0</th>"
      "<th>label 1 share (train)</th><th>label 1 share (test)</th>"
      "<th>fillers ever 0/1?</th><th>best guess from token 1</th></tr>")
data = {}
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    data[T] = (Xtr, ytr, Xte, yte)
    same = bool(torch.equal(Xtr[:, 0].float(), ytr)) and bool(torch.equal(Xte[:, 0].float(), yte))
    leak = bool((Xtr[:, 1:] < FLAGS).any())
    # how well could you do if you only looked at token 1 (a filler)?
    best = 0.0
    for v in range(FLAGS, FLAGS + FILLERS):
        m = Xtr[:, 1] == v
        best += max(float(ytr[m].mean()), 1 - float(ytr[m].mean())) * float(m.float().mean())
    print(f"<tr><td>{T}</td><td>{len(Xtr)}</td><td>{same}</td>"
          f"<td>{float(ytr.mean()):.3f}</td><td>{float(yte.mean()):.3f}</td>"
          f"<td>{leak}</td><td>{best:.3f}</td></tr>")
print("</table>")
print("<p>The label equals token 0 in every row at every length, the fillers never use "
      "the flag values, and the split stays close to 50-50, so a model that forgets "
      "token 0 can only score about <b>0.500</b>.</p>")

# ---------- Part 2 and 3: the training table ----------
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
print("<h2>Parts 2 and 3: four models, four lengths, 40 epochs, clip at 1.0</h2>")
print("<table>")
print("<tr><th>length</th><th>model</th><th>train s</th><th>train acc</th>"
      "<th>test acc</th></tr>")
results = {}
for T in (5, 20, 50, 100):
    Xtr, ytr, Xte, yte = data[T]
    models = MODELS if T < 100 else [MODELS[0], MODELS[3]]  # length 100: extremes only
    for label, kind, fb in models:
        dt, tr, te = run(label, kind, fb, Xtr, ytr, Xte, yte)
        results[(T, label)] = (dt, tr, te)
        bold = (lambda s: f"<b>{s}</b>") if T >= 50 else (lambda s: s)
        print(f"<tr><td>{T}</td><td>{label}</td><td>{dt:.1f}</td>"
              f"<td>{bold(f'{tr:.3f}')}</td><td>{bold(f'{te:.3f}')}</td></tr>")
print("</table>")

# ---------- a few derived numbers for the write-up ----------
print("<h2>Part 4: what the table says</h2>")
print("<table>")
print("<tr><th>model</th><th>s at 5</th><th>s at 20</th><th>s at 50</th><th>s at 100</th>"
      "<th>50 / 20</th><th>vs RNN at 5</th><th>vs RNN at 20</th><th>vs RNN at 50</th></tr>")
for label, _, _ in MODELS:
    secs = [results[(T, label)][0] if (T, label) in results else None for T in (5, 20, 50, 100)]
    cells = "".join(f"<td>{x:.1f}</td>" if x is not None else "<td>-</td>" for x in secs)
    vs = "".join(f"<td>{results[(T, label)][0] / results[(T, 'RNN')][0]:.2f}&times;</td>"
                 for T in (5, 20, 50))
    print(f"<tr><td>{label}</td>{cells}<td>{secs[2] / secs[1]:.2f}&times;</td>{vs}</tr>")
print("</table>")
tr, te = results[(50, "LSTM b_f=0")][1:]
print(f"<p>At length 50 the LSTM with forget bias 0 reads {tr:.3f} on training rows and "
      f"{te:.3f} on test rows, a gap of <b>{tr - te:.3f}</b>.</p>")

# My five sentences (accuracies from my runs; they are seeded and came out the same in
# every run, the seconds did not):
# 1. The plain RNN breaks between length 20 and length 50: it reads 1.000 / 1.000 at 5 and
#    20, but only 0.561 train / 0.494 test at 50 and 0.581 / 0.508 at 100, a coin toss
#    (the module had 0.539 / 0.507; mine differs by a few points but it is the same
#    "never learned the rule" result, since both numbers sit near 0.5).
# 2. At length 50 the forget-bias-0 LSTM reads 0.839 on training rows but 0.495 on test
#    rows, a gap of 0.344 (more than 0.3), which means it memorised the 4,000 training
#    sequences instead of learning "look at token 0" - reporting only its training number
#    would make it look like it works.
# 3. Setting the forget bias to 3 takes the same LSTM to 1.000 / 1.000 at 50 and even at
#    100, exactly as my gradient_decay.py table predicted: with bias 0 the cell-state blame
#    shrinks x0.629 per step (5.2e-12 left at step 1), with bias 3 it changes x1.016 per step
#    and step 1 still gets 4.78e-02, so token 0 actually receives a training signal.
# 4. I could not measure clean timings: this 2-core machine was shared and busy, and the
#    seconds jumped around between my runs (run 1: RNN 9.5 s at length 20 -> 62.4 s at 50,
#    LSTM b_f=0 52.4 -> 100.4 s; run 2: RNN 34.6 -> 21.4 s, so it even went down, LSTM
#    b_f=0 41.7 -> 90.8 s), so I cannot confirm the module's "roughly doubles from 20 to 50"
#    or "LSTM about twice the RNN"; what held in both runs is that the gated models were the
#    slowest at length 50 and that length 100 cost several times length 5 for the two models
#    run there (run 2: RNN 16.5 -> 58.8 s, LSTM b_f=3 14.2 -> 256.0 s) - the table above is
#    from a third run, and its seconds will differ again.
# 5. For 30-token inputs I would ship the LSTM with forget bias 3: 30 lies between the
#    length where the plain RNN still works (20) and where it fails (50), so the RNN is a
#    gamble, while the bias-3 LSTM read 1.000 on test rows at 50 and at 100, so 30 tokens is
#    well inside its range (the GRU, 1.000 at 50, would be my second choice; I did not run it
#    at 100).
