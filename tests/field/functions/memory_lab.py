"""memory_lab.py — Exercise 3: the memory-length lab.

Reproduces Step 5 of the module (remember the FIRST token, answer after T-1
meaningless filler tokens) with one addition: a GRU joins the table, and a
fifth length of 100 is run for the two extreme models (plain RNN and the LSTM
with forget bias 3).

Machine note: this was run on a busy 2-core machine with torch 1.13 (the
module pins torch 2.9 on a 4-thread laptop), so the wall-clock seconds are
much larger than the module's. I kept the full 4,000 training rows.
"""
from __future__ import annotations

import time
from typing import Dict, List, Tuple

import torch
import torch.nn as nn

torch.set_num_threads(4)  # as in Step 5 (this machine only has 2 cores)

FLAGS, FILLERS = 2, 8            # tokens 0,1 = the flag; tokens 2..9 = noise
LENGTHS: Tuple[int, ...] = (5, 20, 50)
EXTRA_LENGTH = 100
N_TRAIN, N_TEST = 4000, 1000
EPOCHS, BATCH, LR, CLIP = 40, 64, 0.01, 1.0

# (label, core kind, forget-gate bias)
MODELS: List[Tuple[str, str, float]] = [
    ("RNN", "RNN", 0.0),
    ("GRU", "GRU", 0.0),
    ("LSTM b_f=0", "LSTM", 0.0),
    ("LSTM b_f=3", "LSTM", 3.0),
]
EXTREME_MODELS = [m for m in MODELS if m[0] in ("RNN", "LSTM b_f=3")]


def recall_task(n: int, T: int, seed: int) -> Tuple[torch.Tensor, torch.Tensor]:
    """Remember the FIRST token, answer after T-1 meaningless tokens."""
    g = torch.Generator().manual_seed(seed)
    flag = torch.randint(0, FLAGS, (n,), generator=g)
    noise = torch.randint(FLAGS, FLAGS + FILLERS, (n, T - 1), generator=g)
    return torch.cat([flag.unsqueeze(1), noise], 1), flag.float()


def make_split(T: int) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    """Training and test rows for one length, seeded exactly as in Step 5."""
    Xtr, ytr = recall_task(N_TRAIN, T, seed=100 + T)
    Xte, yte = recall_task(N_TEST, T, seed=200 + T)
    return Xtr, ytr, Xte, yte


def audit_task(T: int, X: torch.Tensor, y: torch.Tensor) -> Dict[str, float]:
    """Show that the label is a function of token 0 only, and is ~50-50.

    - label_equals_token0: fraction of rows where label == token 0 (should be 1).
    - flags_after_token0: how many flag tokens (0 or 1) appear at positions
      1..T-1 (should be 0: every later token is pure noise, so nothing after
      position 0 can carry the answer).
    - max_abs_corr_later: largest |correlation| between the label and the
      token id at any later position (should be ~0, sampling noise only).
    """
    label_equals_token0 = float((X[:, 0].float() == y).float().mean())
    flags_after_token0 = int((X[:, 1:] < FLAGS).sum())
    yc = y - y.mean()
    later = X[:, 1:].float()
    later_c = later - later.mean(0, keepdim=True)
    corr = (yc.unsqueeze(1) * later_c).mean(0) / (yc.std(unbiased=False)
                                                   * later_c.std(0, unbiased=False))
    return {
        "label_equals_token0": label_equals_token0,
        "flags_after_token0": flags_after_token0,
        "max_abs_corr_later": float(corr.abs().max()),
        "positive_fraction": float(y.mean()),
    }


class Recaller(nn.Module):
    """Embed the tokens, run one recurrent layer, read the last memory."""

    def __init__(self, kind: str, hid: int = 32, forget_bias: float = 0.0) -> None:
        super().__init__()
        self.embed = nn.Embedding(FLAGS + FILLERS, 16)
        core = {"RNN": nn.RNN, "GRU": nn.GRU, "LSTM": nn.LSTM}[kind]
        self.core = core(16, hid, batch_first=True)
        if forget_bias:  # start every forget valve wide open (LSTM only)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


@torch.no_grad()
def accuracy(net: nn.Module, X: torch.Tensor, y: torch.Tensor) -> float:
    """Fraction of rows where the sign of the logit matches the label."""
    net.eval()
    return float(((net(X) > 0).float() == y).float().mean())


def train_one(kind: str, forget_bias: float, Xtr: torch.Tensor,
              ytr: torch.Tensor) -> Tuple[nn.Module, float]:
    """Train one Recaller for 40 epochs with clipping; return (net, seconds)."""
    loss_fn = nn.BCEWithLogitsLoss()
    torch.manual_seed(7)  # seed BEFORE the weights are made
    net = Recaller(kind, forget_bias=forget_bias)
    opt = torch.optim.Adam(net.parameters(), lr=LR)
    g = torch.Generator().manual_seed(7)
    t0 = time.perf_counter()
    for _ in range(EPOCHS):
        net.train()
        for i in torch.randperm(len(Xtr), generator=g).split(BATCH):
            opt.zero_grad()
            loss_fn(net(Xtr[i]), ytr[i]).backward()
            nn.utils.clip_grad_norm_(net.parameters(), CLIP)
            opt.step()
    return net, time.perf_counter() - t0


def run_length(T: int, models: List[Tuple[str, str, float]]) -> List[Dict[str, object]]:
    """Train every model in `models` at one length; return one row per model."""
    Xtr, ytr, Xte, yte = make_split(T)
    rows = []
    for label, kind, fb in models:
        net, dt = train_one(kind, fb, Xtr, ytr)
        row = {"length": T, "model": label, "seconds": dt,
               "train_acc": accuracy(net, Xtr, ytr),
               "test_acc": accuracy(net, Xte, yte)}
        print(f"  [progress] T={T:<3d} {label:<11s} {dt:7.1f}s"
              f"  train {row['train_acc']:.3f}  test {row['test_acc']:.3f}")
        rows.append(row)
    return rows


def print_table(rows: List[Dict[str, object]]) -> None:
    """The one table the exercise asks for."""
    print(f"\n{'length':>7s} {'model':<11s} {'train s':>8s} {'train acc':>10s}"
          f" {'test acc':>9s}")
    for r in rows:
        print(f"{r['length']:7d} {r['model']:<11s} {r['seconds']:8.1f}"
              f" {r['train_acc']:10.3f} {r['test_acc']:9.3f}")


def timing_sequential_vs_parallel() -> Dict[int, Tuple[float, float]]:
    """Step 5's second table: one LSTM pass against one attention pass (ms)."""
    H = 128
    torch.manual_seed(0)
    lstm = nn.LSTM(H, H, batch_first=True)
    out = {}
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
        out[T] = (a * 1000, b * 1000)
    return out


# NOTE (Part four) — written after two full runs. The accuracies are seeded
# and came out identical in both runs. Wall-clock seconds did NOT repeat: this
# 2-core machine is shared with other jobs, so memory_lab.out (a third run of
# this final script) has its own seconds; compare its seconds_ratio_* lines.
#   1. The plain RNN breaks between length 20 and length 50: 1.000 / 1.000 at
#      20, but 0.561 train / 0.494 test at 50 (0.581 / 0.508 at 100), a coin
#      toss that says it never found the rule at all.
#   2. The LSTM with forget bias 0 reads 0.839 train against 0.495 test at
#      length 50, a gap of 0.344 (> 0.3), which is memorisation: it learned the
#      noise of the 4,000 training rows, not "look at token 0", and anyone who
#      reports only the training number would wrongly say it works.
#   3. Forget bias 3 turned that same LSTM into 1.000 / 1.000 at 50 (and at
#      100), exactly as gradient_decay.py's cell-state column predicted: the
#      per-step factor moves from x0.629 (step-1 blame 5.180e-12) to x1.016
#      (step-1 blame 4.782e-02, bigger than at step 50), so with the valves
#      open the blame from the answer actually reaches token 0.
#   4. From length 20 to 50 the seconds grew x1.9 / x1.5 (RNN), x2.0 / x2.0
#      (GRU), x2.3 / x1.4 (LSTM b_f=0) and x2.3 / x3.4 (LSTM b_f=3) in run 1 /
#      run 2, so "roughly double" with a lot of load noise, and the LSTM cost
#      x3.2, x1.35, x1.6 (run 1) and x3.6, x2.4, x2.2 (run 2) times the RNN at
#      lengths 5, 20, 50 — about twice or more, never cheaper; single timings
#      on a shared machine are not trustworthy to one decimal.
#   5. For 30-token inputs I would ship the LSTM with forget bias 3: it read
#      1.000 / 1.000 at 50 and at 100, so 30 is well inside its range, while
#      the plain RNN was perfect at 20 but at chance (0.494) at 50, so 30 is
#      untested ground for it; the GRU (1.000 / 1.000 at 50, similar seconds) is an
#      equally good second choice, but I only measured it up to 50.


def main() -> None:
    summary: Dict[str, object] = {}

    print("=== Part one: the recall task, audited ===")
    print(f"{'length':>7s} {'label==token0':>14s} {'flags after t0':>15s}"
          f" {'max|corr| later':>16s} {'positive share':>15s}")
    for T in LENGTHS + (EXTRA_LENGTH,):
        Xtr, ytr, Xte, yte = make_split(T)
        for split, X, y in (("train", Xtr, ytr), ("test", Xte, yte)):
            a = audit_task(T, X, y)
            print(f"{T:7d} {a['label_equals_token0']:14.3f} {a['flags_after_token0']:15d}"
                  f" {a['max_abs_corr_later']:16.3f} {a['positive_fraction']:15.3f}"
                  f"   ({split}, shape {tuple(X.shape)})")
            summary[f"recall_T{T}_{split}_label_equals_token0"] = f"{a['label_equals_token0']:.3f}"
            summary[f"recall_T{T}_{split}_positive_label_share"] = f"{a['positive_fraction']:.3f}"

    print("\n=== Parts two and three: training (40 epochs, clip 1.0) ===")
    rows: List[Dict[str, object]] = []
    for T in LENGTHS:
        rows += run_length(T, MODELS)
    rows += run_length(EXTRA_LENGTH, EXTREME_MODELS)
    print_table(rows)
    for r in rows:
        key = f"T{r['length']}_{r['model'].replace(' ', '_').replace('=', '')}"
        summary[f"{key}_train_seconds"] = f"{r['seconds']:.1f}"
        summary[f"{key}_train_accuracy"] = f"{r['train_acc']:.3f}"
        summary[f"{key}_test_accuracy"] = f"{r['test_acc']:.3f}"

    by = {(r["length"], r["model"]): r for r in rows}
    for label, _, _ in MODELS:
        ratio = by[(50, label)]["seconds"] / by[(20, label)]["seconds"]
        summary[f"seconds_ratio_T50_over_T20_{label.replace(' ', '_').replace('=', '')}"] = f"{ratio:.2f}x"
    for T in LENGTHS:
        ratio = by[(T, "LSTM b_f=0")]["seconds"] / by[(T, "RNN")]["seconds"]
        summary[f"seconds_ratio_LSTM_over_RNN_at_T{T}"] = f"{ratio:.2f}x"
    gap = by[(50, "LSTM b_f=0")]["train_acc"] - by[(50, "LSTM b_f=0")]["test_acc"]
    summary["T50_LSTM_bf0_train_minus_test_gap"] = f"{gap:.3f}"

    print("\n=== Extra: Step 5's timing table (one forward pass, batch 32, 128 features) ===")
    print(f"{'length':>7s} {'LSTM (sequential)':>19s} {'attention (parallel)':>21s} {'ratio':>7s}")
    for T, (a, b) in timing_sequential_vs_parallel().items():
        print(f"{T:7d} {a:16.1f} ms {b:18.1f} ms {a / b:6.1f}x")
        summary[f"forward_pass_ms_T{T}_lstm_vs_attention"] = f"{a:.1f} ms vs {b:.1f} ms"

    print("\nSUMMARY")
    for key, value in summary.items():
        print(f'{key:<44} {value}')


if __name__ == '__main__':
    main()
