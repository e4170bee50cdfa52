#!/usr/bin/env python3
# Findings:  (full 4,000 training rows, 40 epochs, torch 1.13 on a busy 2-core box)
#   1. The plain RNN breaks at length 50: 1.0000/1.0000 at length 20, but 0.5608 train and
#      0.4940 test at 50 (and 0.5813/0.5080 at 100) -- a coin toss, it never learned the rule.
#   2. The forget-bias-0 LSTM at length 50 reads 0.8388 train against 0.4950 test, a gap of
#      0.3438 (> 0.3): that is memorisation of the 4,000 training sequences, not the rule,
#      and someone reporting only the training number would say the LSTM works.
#   3. Forget bias 3 turned the same LSTM into 1.0000/1.0000 at 50 and at 100, exactly as
#      gradient_decay.py's cell-state column predicted: x0.6294 per step at b_f=0 (step-1
#      blame 5.180e-12) against x1.0157 at b_f=3 (step-1 blame 4.782e-02, bigger than step 50).
#   4. Seconds grow with length for every model, but on this shared 2-core box they are
#      noisy: from 20 to 50 my first run gave RNN x1.69, GRU x2.52, LSTM x1.66, LSTM b_f=3
#      x1.36, and my second run gave x2.59, x1.77, x2.03, x1.67 -- so "roughly double" only
#      on average. The LSTM cost 2.33x / 2.29x the RNN at 20 / 50 in run one and 2.65x /
#      2.07x in run two, so "about twice the RNN" held at 20 and 50 in both runs, while at
#      length 5 (runs of a few seconds) it swung from 3.75x to 1.46x. The seconds printed in
#      memory_lab.out come from a third run (after these comments) and move again; the
#      accuracies are seeded and were identical in runs one and two.
#   5. For 30-token inputs I would ship the LSTM with forget bias 3: it read 1.0000 test at
#      20, 50 and 100, while the plain RNN, perfect at 20, was already at 0.4940 by 50, so 30
#      is in the zone where I have no evidence the RNN still works. The GRU also reached
#      1.0000 at 50, but I never ran it at 100, and its cost against the b_f=3 LSTM flipped
#      between runs (65.1 s vs 34.2 s, then 34.0 s vs 39.4 s), so speed is no reason to pick it.
"""memory_lab.py -- how far back can RNN / GRU / LSTM remember the first token?

Exercise 3 of the module (Step 5's recall experiment plus a GRU and a length-100 row).
Runs with no arguments; every knob has a default.
"""
import argparse
import sys
import time

import torch
import torch.nn as nn

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
        if forget_bias:  # start every forget valve wide open (LSTM only)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()

MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
EXTREMES = [("RNN", "RNN", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]


def bar(done, total, width=20):
    k = int(round(width * done / total))
    return "[" + "#" * k + "." * (width - k) + "]"


def check_task(lengths, n_train, n_test):
    sys.stdout.write("Part 1 -- the recall task: label depends only on token 0\n")
    sys.stdout.write(f"{'length':>7s} {'label==tok0':>12s} {'flags only at pos 0':>20s}"
                     f" {'train pos share':>16s} {'test pos share':>15s}\n")
    for T in lengths:
        Xtr, ytr = recall_task(n_train, T, seed=100 + T)
        Xte, yte = recall_task(n_test, T, seed=200 + T)
        same = float((Xtr[:, 0].float() == ytr).float().mean())
        only0 = bool((Xtr[:, 1:] >= FLAGS).all() and (Xte[:, 1:] >= FLAGS).all())
        sys.stdout.write(f"{T:7d} {same:12.4f} {str(only0):>20s}"
                         f" {float(ytr.mean()):16.4f} {float(yte.mean()):15.4f}\n")
    sys.stdout.write("\n")


def run_one(label, kind, fb, T, Xtr, ytr, Xte, yte, epochs, lr, bs, clip):
    torch.manual_seed(7)
    net = Recaller(kind, forget_bias=fb)
    opt = torch.optim.Adam(net.parameters(), lr=lr)
    g = torch.Generator().manual_seed(7)
    t0 = time.perf_counter()
    for ep in range(1, epochs + 1):
        net.train()
        tot, nb = 0.0, 0
        for i in torch.randperm(len(Xtr), generator=g).split(bs):
            opt.zero_grad()
            loss = loss_fn(net(Xtr[i]), ytr[i])
            loss.backward()
            nn.utils.clip_grad_norm_(net.parameters(), clip)
            opt.step()
            tot += float(loss)
            nb += 1
        sys.stdout.write(f"\r{bar(ep, epochs)} T={T:<3d} {label:<11s} epoch {ep:2d}/{epochs}"
                         f" loss {tot / nb:.4f} {time.perf_counter() - t0:7.1f}s")
        sys.stdout.flush()
    dt = time.perf_counter() - t0
    net.eval()
    with torch.no_grad():
        tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
        te = float(((net(Xte) > 0).float() == yte).float().mean())
    sys.stdout.write(f"  -> train {tr:.4f} test {te:.4f}\n")
    return dt, tr, te


def timing_table():
    sys.stdout.write("\nExtra -- one forward pass, batch 32, 128 features\n")
    sys.stdout.write(f"{'length':>7s} {'LSTM (sequential)':>19s} {'attention (parallel)':>21s}"
                     f" {'ratio':>7s}\n")
    H = 128
    torch.manual_seed(0)
    lstm = nn.LSTM(H, H, batch_first=True)
    for T in (50, 200, 500, 1000):
        x = torch.randn(32, T, H)
        with torch.no_grad():
            lstm(x[:, :8]); (x @ x.transpose(1, 2))  # warm up
            t0 = time.perf_counter()
            for _ in range(3):
                lstm(x)
            a = (time.perf_counter() - t0) / 3
            t0 = time.perf_counter()
            for _ in range(3):
                torch.softmax(x @ x.transpose(1, 2) / H ** 0.5, -1) @ x
            b = (time.perf_counter() - t0) / 3
        sys.stdout.write(f"{T:7d} {a * 1000:16.1f} ms {b * 1000:18.1f} ms {a / b:6.1f}x\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--lengths", type=int, nargs="+", default=[5, 20, 50])
    ap.add_argument("--long", type=int, default=100, help="extra length, extreme models only")
    ap.add_argument("--train-rows", type=int, default=4000)
    ap.add_argument("--test-rows", type=int, default=1000)
    ap.add_argument("--epochs", type=int, default=40)
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--bs", type=int, default=64)
    ap.add_argument("--clip", type=float, default=1.0)
    ap.add_argument("--no-timing", action="store_true")
    args = ap.parse_args()

    sys.stdout.write(f"torch {torch.__version__}, threads {torch.get_num_threads()},"
                     f" {args.train_rows} train rows / {args.test_rows} test rows,"
                     f" {args.epochs} epochs, clip {args.clip}\n\n")
    check_task(args.lengths + [args.long], args.train_rows, args.test_rows)

    sys.stdout.write("Part 2/3 -- training (progress)\n")
    rows = []
    plan = [(T, MODELS) for T in args.lengths] + [(args.long, EXTREMES)]
    for T, models in plan:
        Xtr, ytr = recall_task(args.train_rows, T, seed=100 + T)
        Xte, yte = recall_task(args.test_rows, T, seed=200 + T)
        for label, kind, fb in models:
            dt, tr, te = run_one(label, kind, fb, T, Xtr, ytr, Xte, yte,
                                 args.epochs, args.lr, args.bs, args.clip)
            rows.append((T, label, dt, tr, te))

    sys.stdout.write("\nRESULTS\n")
    sys.stdout.write(f"{'length':>7s} {'model':<11s} {'train s':>8s} {'train acc':>10s}"
                     f" {'test acc':>9s} {'gap':>7s}\n")
    for T, label, dt, tr, te in rows:
        sys.stdout.write(f"{T:7d} {label:<11s} {dt:8.1f} {tr:10.4f} {te:9.4f} {tr - te:7.4f}\n")

    sec = {(T, l): dt for T, l, dt, _, _ in rows}
    sys.stdout.write("\nseconds ratios\n")
    for label, _, _ in MODELS:
        if (20, label) in sec and (50, label) in sec:
            sys.stdout.write(f"  {label:<11s} length 50 / length 20: {sec[(50, label)] / sec[(20, label)]:.4f}\n")
    for T in args.lengths + [args.long]:
        if (T, "RNN") in sec and (T, "LSTM") in sec:
            sys.stdout.write(f"  length {T:<3d} LSTM / RNN: {sec[(T, 'LSTM')] / sec[(T, 'RNN')]:.4f}\n")
    if (args.long, "RNN") in sec and (50, "RNN") in sec:
        for label in ("RNN", "LSTM b_f=3"):
            sys.stdout.write(f"  {label:<11s} length {args.long} / length 50:"
                             f" {sec[(args.long, label)] / sec[(50, label)]:.4f}\n")

    if not args.no_timing:
        timing_table()


if __name__ == "__main__":
    main()
