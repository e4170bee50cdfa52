"""investigate_recall50.py -- scratch check for memory_lab.py.

My length-50 rows (RNN 0.561 / 0.494, LSTM 0.839 / 0.495) are a few percent
away from the module's (0.539 / 0.507 and 0.858 / 0.506) although every seed
is the same.  Following the module's triage order (library version first),
this script checks whether the seeded length-50 RNN run is even stable
against the number of CPU threads on THIS torch build.  If the thread count
alone moves the numbers, the run is numerically chaotic and a different torch
build (2.9 vs my 1.13) is enough to explain the gap.  It also repeats the
forward-pass timing with 2 threads, because this machine only has 2 cores.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from pprint import pprint
from typing import List

import torch
import torch.nn as nn

import memory_lab as ml


@dataclass
class ThreadRun:
    threads: int
    model: str
    length: int
    train_acc: float
    test_acc: float
    first_batch_loss: str   # printed with many digits to see tiny drifts


def first_loss(spec: ml.ModelSpec, T: int) -> str:
    Xtr, ytr = ml.recall_task(ml.N_TRAIN, T, seed=100 + T)
    torch.manual_seed(7)
    net = ml.Recaller(spec.kind, forget_bias=spec.forget_bias)
    g = torch.Generator().manual_seed(7)
    i = next(iter(torch.randperm(len(Xtr), generator=g).split(64)))
    return f"{float(nn.BCEWithLogitsLoss()(net(Xtr[i]), ytr[i])):.10f}"


def main() -> None:
    runs: List[ThreadRun] = []
    spec = ml.ALL_MODELS[0]  # plain RNN: the cheapest length-50 row
    for n in (1, 2):
        torch.set_num_threads(n)
        r = ml.RecallExperiment(50, spec).run()
        runs.append(ThreadRun(threads=n, model=r.model, length=50,
                              train_acc=r.train_acc, test_acc=r.test_acc,
                              first_batch_loss=first_loss(spec, 50)))
        print(runs[-1])
    print("(memory_lab.py itself ran with 4 threads: RNN 0.561 / 0.494)")

    torch.set_num_threads(2)
    print("\nforward-pass timing again, 2 threads (memory_lab.py used 4):")
    for row in ml.timing_table():
        print(row)


if __name__ == "__main__":
    main()
