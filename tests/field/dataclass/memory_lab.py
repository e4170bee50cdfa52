"""memory_lab.py -- Exercise 3: the memory-length lab.

Reproduces Step 5 of the module (remember the FIRST token, answer after T-1
meaningless tokens) with the additions the exercise asks for:

* Part one   -- build the recall task at lengths 5, 20 and 50 and confirm that
                the label depends only on token 0 and is split about 50-50.
* Part two   -- train plain RNN, GRU, LSTM (forget bias 0) and LSTM (forget
                bias 3) at each length for 40 epochs with clipping at 1.0.
* Part three -- add length 100 for the two extreme models only.
* Part four  -- the five comment sentences, at the bottom of this file.

The sequential-versus-parallel timing table of Step 5 is kept at the end as
well, because it belongs to the same experiment.

Note on the environment: the module was written for torch 2.9; this machine
has torch 1.13 and only two (shared) cores.  Everything used here exists in
1.13.  I kept ``torch.set_num_threads(4)`` as the module gives it, so the
wall-clock seconds are not comparable with the module's laptop; only the
ratios between rows are meaningful.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pprint import pprint
from typing import Dict, List, Tuple

import torch
import torch.nn as nn

torch.set_num_threads(4)

FLAGS, FILLERS = 2, 8  # tokens 0,1 = the flag; tokens 2..9 = noise
EPOCHS: int = 40
CLIP: float = 1.0
N_TRAIN: int = 4000  # the module's 4,000 rows; not reduced
N_TEST: int = 1000


def recall_task(n: int, T: int, seed: int) -> Tuple[torch.Tensor, torch.Tensor]:
    """Remember the FIRST token, answer after T-1 meaningless tokens."""
    g = torch.Generator().manual_seed(seed)
    flag = torch.randint(0, FLAGS, (n,), generator=g)
    noise = torch.randint(FLAGS, FLAGS + FILLERS, (n, T - 1), generator=g)
    return torch.cat([flag.unsqueeze(1), noise], 1), flag.float()


@dataclass
class TaskCheck:
    """Part one: one row per length, confirming how the labels are built."""
    length: int
    train_shape: Tuple[int, int]
    test_shape: Tuple[int, int]
    label_is_token0: bool          # y == X[:, 0] on every train and test row
    later_tokens_are_noise: bool   # positions 1..T-1 only hold tokens 2..9
    train_positive_share: float
    test_positive_share: float


@dataclass(frozen=True)
class ModelSpec:
    """Which recurrent core to build, and how to initialise its forget gate."""
    label: str
    kind: str
    forget_bias: float = 0.0


@dataclass
class Result:
    """One trained model at one sequence length (one row of the table)."""
    length: int
    model: str
    seconds: float
    train_acc: float
    test_acc: float

    def __str__(self) -> str:
        return (f"{self.length:7d} {self.model:<11s} {self.seconds:8.1f}"
                f" {self.train_acc:10.3f} {self.test_acc:9.3f}")


@dataclass
class TimingRow:
    """One forward pass, batch 32, 128 features: LSTM against attention."""
    length: int
    lstm_ms: float
    attention_ms: float

    @property
    def ratio(self) -> float:
        return self.lstm_ms / self.attention_ms

    def __str__(self) -> str:
        return (f"{self.length:7d} {self.lstm_ms:16.1f} ms"
                f" {self.attention_ms:18.1f} ms {self.ratio:6.1f}x")


class Recaller(nn.Module):
    """Step 5's model, extended with a GRU core (the module's version only
    knew RNN and LSTM).  The forget-bias slice [hid:2*hid] is the forget gate
    in PyTorch's LSTM gate order (input, forget, cell, output)."""

    CORES: Dict[str, type] = {"RNN": nn.RNN, "GRU": nn.GRU, "LSTM": nn.LSTM}

    def __init__(self, kind: str, hid: int = 32, forget_bias: float = 0.0) -> None:
        super().__init__()
        self.embed = nn.Embedding(FLAGS + FILLERS, 16)
        self.core = self.CORES[kind](16, hid, batch_first=True)
        if forget_bias:  # start every forget valve wide open
            assert kind == "LSTM", "a forget bias only makes sense for an LSTM"
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


@dataclass
class RecallExperiment:
    """Trains and scores one model on one length of the recall task."""
    length: int
    spec: ModelSpec
    epochs: int = EPOCHS
    clip: float = CLIP
    loss_fn: nn.Module = field(default_factory=nn.BCEWithLogitsLoss, repr=False)

    def data(self) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        Xtr, ytr = recall_task(N_TRAIN, self.length, seed=100 + self.length)
        Xte, yte = recall_task(N_TEST, self.length, seed=200 + self.length)
        return Xtr, ytr, Xte, yte

    def run(self) -> Result:
        Xtr, ytr, Xte, yte = self.data()
        torch.manual_seed(7)
        net = Recaller(self.spec.kind, forget_bias=self.spec.forget_bias)
        opt = torch.optim.Adam(net.parameters(), lr=0.01)
        g = torch.Generator().manual_seed(7)
        t0 = time.perf_counter()
        for _ in range(self.epochs):
            net.train()
            for i in torch.randperm(len(Xtr), generator=g).split(64):
                opt.zero_grad()
                self.loss_fn(net(Xtr[i]), ytr[i]).backward()
                nn.utils.clip_grad_norm_(net.parameters(), self.clip)
                opt.step()
        dt = time.perf_counter() - t0
        net.eval()
        with torch.no_grad():
            tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
            te = float(((net(Xte) > 0).float() == yte).float().mean())
        return Result(length=self.length, model=self.spec.label,
                      seconds=round(dt, 1), train_acc=round(tr, 3),
                      test_acc=round(te, 3))


ALL_MODELS: List[ModelSpec] = [ModelSpec("RNN", "RNN"),
                               ModelSpec("GRU", "GRU"),
                               ModelSpec("LSTM", "LSTM", 0.0),
                               ModelSpec("LSTM b_f=3", "LSTM", 3.0)]
EXTREME_MODELS: List[ModelSpec] = [ALL_MODELS[0], ALL_MODELS[3]]


def check_task(T: int) -> TaskCheck:
    Xtr, ytr = recall_task(N_TRAIN, T, seed=100 + T)
    Xte, yte = recall_task(N_TEST, T, seed=200 + T)
    token0 = bool(torch.equal(Xtr[:, 0].float(), ytr)
                  and torch.equal(Xte[:, 0].float(), yte))
    rest = torch.cat([Xtr[:, 1:].flatten(), Xte[:, 1:].flatten()])
    noise = bool((rest >= FLAGS).all() and (rest < FLAGS + FILLERS).all())
    return TaskCheck(length=T, train_shape=tuple(Xtr.shape),
                     test_shape=tuple(Xte.shape), label_is_token0=token0,
                     later_tokens_are_noise=noise,
                     train_positive_share=round(float(ytr.mean()), 3),
                     test_positive_share=round(float(yte.mean()), 3))


def timing_table() -> List[TimingRow]:
    H = 128
    lstm = nn.LSTM(H, H, batch_first=True)
    rows: List[TimingRow] = []
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
        rows.append(TimingRow(length=T, lstm_ms=round(a * 1000, 1),
                              attention_ms=round(b * 1000, 1)))
    return rows


def main() -> None:
    print(f"torch {torch.__version__}, {torch.get_num_threads()} threads,"
          f" {N_TRAIN} train / {N_TEST} test rows, {EPOCHS} epochs, clip {CLIP}")

    # Part one -- what the task is
    print("\nPart one: the recall task at each length")
    checks = [check_task(T) for T in (5, 20, 50, 100)]
    pprint(checks)
    Xs, ys = recall_task(3, 5, seed=105)
    print("three length-5 training rows (token 0 is the flag):")
    for row, lab in zip(Xs.tolist(), ys.tolist()):
        print(f"  {row}  label {int(lab)}")

    # Part two -- four models at 5, 20, 50
    print("\nPart two: four models x three lengths")
    results: List[Result] = []
    print(f"{'length':>7s} {'model':<11s} {'train s':>8s} {'train acc':>10s}"
          f" {'test acc':>9s}")
    for T in (5, 20, 50):
        for spec in ALL_MODELS:
            r = RecallExperiment(T, spec).run()
            results.append(r)
            print(r)

    # Part three -- length 100, extreme models only
    print("\nPart three: length 100, plain RNN and LSTM b_f=3 only")
    for spec in EXTREME_MODELS:
        r = RecallExperiment(100, spec).run()
        results.append(r)
        print(r)

    print("\nAll results (dataclass records):")
    pprint(results)

    print("\nTraining seconds per model, and growth from length 20 to 50:")
    for spec in ALL_MODELS:
        by_len = {r.length: r.seconds for r in results if r.model == spec.label}
        grow = by_len[50] / by_len[20]
        print(f"  {spec.label:<11s} {by_len}  x{grow:.2f} from 20 to 50")
    for T in (5, 20, 50):
        sec = {r.model: r.seconds for r in results if r.length == T}
        print(f"  length {T:3d}: LSTM / RNN = {sec['LSTM'] / sec['RNN']:.2f},"
              f" GRU / RNN = {sec['GRU'] / sec['RNN']:.2f}")

    print("\nOne forward pass, batch 32, 128 features: step by step, or all at once")
    print(f"{'length':>7s} {'LSTM (sequential)':>19s} {'attention (parallel)':>21s}"
          f" {'ratio':>7s}")
    for row in timing_table():
        print(row)


# ------------------------------------------------------------------ part four
# Conclusions from my run (memory_lab.out; torch 1.13, 4 threads requested on
# a shared 2-core machine whose load average was about 13 during the run).
#
# (1) The plain RNN breaks between length 20 and length 50: it reads 1.000 /
#     1.000 at lengths 5 and 20, but only 0.561 training and 0.494 test
#     accuracy at length 50 (0.581 / 0.508 at length 100), i.e. it never
#     learned the rule and is guessing on a balanced two-class task.
# (2) The forget-bias-0 LSTM at length 50 reads 0.839 on training rows and
#     0.495 on test rows; a gap of 0.344 (more than 0.3) with a coin-toss test
#     score means it memorised the 4,000 training sequences by their filler
#     tokens instead of learning "the answer is token 0" -- its training
#     number alone would wrongly say that the LSTM works.
# (3) Setting the forget bias to 3 changed length 50 from 0.839 / 0.495 to
#     1.000 / 1.000 (and 1.000 / 1.000 at length 100 as well), which is what
#     Step 3's gradient table predicted: on the cell state the blame changes by
#     x0.629 per step at bias 0 (5.180e-12 left at step 1) but by x1.016 at
#     bias 3 (4.782e-02 at step 1), so only the open-gate LSTM ever receives a
#     usable signal from token 0.
# (4) Training seconds grow roughly in proportion to length: from length 20 to
#     50 the RNN went 15.5 -> 32.1 s (x2.07), the LSTM 44.0 -> 107.7 s
#     (x2.45) and the LSTM b_f=3 40.1 -> 99.9 s (x2.49, and 268.5 s at length
#     100), with the LSTM costing about 2.0x to 3.4x the RNN at every length;
#     the GRU row (8.1, 66.1, 61.6 s) and the RNN at length 100 (30.6 s, less
#     than at 50) are clearly distorted by other jobs on this shared machine,
#     so those particular seconds should not be read as a trend.
# (5) For 30-token inputs I would ship the LSTM with forget bias 3: it is the
#     only model I measured at 1.000 / 1.000 at length 50 AND at length 100,
#     more than three times the target length, whereas the plain RNN is only
#     verified up to length 20 and collapses to 0.494 at length 50, and the
#     forget-bias-0 LSTM collapses to 0.495; the GRU (1.000 / 1.000 at length
#     50, cheaper per step) is the fallback if training time matters, and
#     before shipping either I would add one run at length 30 itself, which
#     this table does not contain.


if __name__ == "__main__":
    main()
