"""order_matters.py -- Exercise 1: prove that order carries meaning, then
watch a memory hold it.

Part one   -- the 1,600-review training set and the 600-review test set, and
              the split of the test rows into "very" rows and "not" rows.
Part two   -- a bag-of-words function for any review, and three twin pairs
              (identical bag vectors, opposite labels) found in the data.
Part three -- the logistic and 64-unit bag models, scored overall, on "very"
              rows and on "not" rows; then the 64-unit model's "not" score on
              20 freshly generated test sets.
Part four  -- Step 2's hand-set NumPy RNN, run on one of my own twin pairs.
"""
from __future__ import annotations

from dataclasses import dataclass
from pprint import pprint
from typing import Callable, Dict, List, Sequence, Tuple

import numpy as np
import torch
import torch.nn as nn

from sequences import (NEG, POS, STOI, VOCAB, acc, bag, encode, make_reviews,
                       train)

Review = Tuple[List[str], int, str]   # (tokens, label, "very" | "not")


# ---------------------------------------------------------------- records
@dataclass
class Split:
    """Sizes of the two data sets and the kind of every test row."""
    train_shape: Tuple[int, int]
    test_shape: Tuple[int, int]
    very_rows: int
    not_rows: int


@dataclass
class TwinPair:
    """Two reviews with identical bag-of-words vectors and opposite labels."""
    positive: str
    negative: str
    sorted_positive: List[str]
    sorted_negative: List[str]
    same_bag: bool

    def __str__(self) -> str:
        return (f"  + (label 1) {self.positive}\n"
                f"  - (label 0) {self.negative}\n"
                f"    sorted +: {self.sorted_positive}\n"
                f"    sorted -: {self.sorted_negative}\n"
                f"    same sorted words? {self.sorted_positive == self.sorted_negative}"
                f"   same bag vector? {self.same_bag}")


@dataclass
class BagResult:
    """One bag model scored three ways on the seed-12 test set."""
    model: str
    params: int
    all_rows: float
    very_rows: float
    not_rows: float


@dataclass
class Spread:
    """The 'not' score of one trained model over many fresh test sets."""
    model: str
    n_test_sets: int
    minimum: float
    mean: float
    maximum: float


# ---------------------------------------------------------------- part two
def bag_vector(tokens: Sequence[str]) -> torch.Tensor:
    """Bag-of-words vector (length len(VOCAB)) of any review given as words."""
    return bag(torch.tensor([[STOI[w] for w in tokens]]))[0]


def find_twin_pairs(rows: List[Review], how_many: int = 3) -> List[TwinPair]:
    """Search the rows for pairs with the same bag and opposite labels.

    Only one pair per distinct set of opinion words is kept, so that the
    three pairs are genuinely different and not the same pair with other
    subjects."""
    seen: Dict[Tuple[float, ...], Dict[int, List[str]]] = {}
    used_opinions: set = set()
    pairs: List[TwinPair] = []
    for toks, lab, _ in rows:
        key = tuple(bag_vector(toks).tolist())
        slot = seen.setdefault(key, {})
        slot.setdefault(lab, toks)
        opinions = frozenset(w for w in toks if w in POS or w in NEG)
        if 0 in slot and 1 in slot and key not in used_opinions \
                and opinions not in used_opinions:
            pos, neg = slot[1], slot[0]
            pairs.append(TwinPair(
                positive=" ".join(pos), negative=" ".join(neg),
                sorted_positive=sorted(pos), sorted_negative=sorted(neg),
                same_bag=bool(torch.equal(bag_vector(pos), bag_vector(neg)))))
            used_opinions.add(key)
            used_opinions.add(opinions)
            if len(pairs) == how_many:
                break
    return pairs


# ---------------------------------------------------------------- part four
class HandRNN:
    """Step 2's three-unit RNN with hand-set weights, copied from the module.

    h1 = running mood, h2 = "did I just read 'not'", h3 = opinion count."""

    Wx = np.array([[0.9, -0.9, 0.0],   # h1: running mood
                   [0.0, 0.0, 2.0],    # h2: did I just read the word "not"
                   [0.5, 0.5, 0.0]])   # h3: how many opinion words so far
    Wh = np.array([[1.0, 0.0, 0.0],    # h1 carries itself forward
                   [0.0, 0.0, 0.0],    # h2 forgets everything each step
                   [0.0, 0.0, 1.0]])   # h3 carries itself forward
    b = np.zeros(3)

    @staticmethod
    def features(tok: str) -> np.ndarray:
        """Three input numbers per token: positive, negative, or 'not'."""
        return np.array([float(tok in POS), float(tok in NEG),
                         float(tok == "not")])

    def run(self, tokens: Sequence[str], show: bool = False) -> np.ndarray:
        h = np.zeros(3)  # the memory starts empty
        if show:
            print(f"{'step':>4s} {'token':<10s} {'x_t (pos,neg,not)':<20s}"
                  f" {'h_t (mood, saw-not, count)':<28s}")
            print(f"{0:4d} {'<start>':<10s} {str(np.zeros(3)):<20s} {str(h):<28s}")
        for t, tok in enumerate(tokens, start=1):
            x = self.features(tok)
            h = np.tanh(self.Wx @ x + self.Wh @ h + self.b)  # the whole RNN
            if show:
                print(f"{t:4d} {tok:<10s} {str(x):<20s} {str(h):<28s}")
        return h

    def trace(self, tokens: Sequence[str]) -> List[np.ndarray]:
        """Memory after every step (used to find where two traces part)."""
        h, out = np.zeros(3), []
        for tok in tokens:
            h = np.tanh(self.Wx @ self.features(tok) + self.Wh @ h + self.b)
            out.append(h)
        return out


def main() -> None:
    np.set_printoptions(precision=3, suppress=True)

    # ------------------------------------------------------------ part one
    train_rows = make_reviews(1600, seed=11)
    Xtr, ytr, ktr = encode(train_rows)
    Xte, yte, kte = encode(make_reviews(600, seed=12))
    very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
    split = Split(train_shape=tuple(Xtr.shape), test_shape=tuple(Xte.shape),
                  very_rows=int(very.sum()), not_rows=int(nots.sum()))
    print("Part one: the data")
    print(f"vocabulary {len(VOCAB)} words; every review is {Xtr.shape[1]} tokens")
    print(split)

    # ------------------------------------------------------------ part two
    print("\nPart two: twin pairs found in the training set")
    pairs = find_twin_pairs(train_rows, 3)
    for n, p in enumerate(pairs, start=1):
        print(f"twin pair {n}:")
        print(p)

    # ----------------------------------------------------------- part three
    print("\nPart three: bag-of-words models, accuracy split by row type")
    Btr, Bte = bag(Xtr), bag(Xte)
    builders: List[Tuple[str, Callable[[], nn.Module]]] = [
        ("logistic on word counts", lambda: nn.Linear(len(VOCAB), 1)),
        ("64-unit net on counts",
         lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                               nn.Linear(64, 1)))]
    results: List[BagResult] = []
    nets: Dict[str, nn.Module] = {}
    for name, build in builders:
        torch.manual_seed(7)  # seed BEFORE the weights are made
        net = build()
        train(net, Btr, ytr, epochs=60, lr=0.01)
        nets[name] = net
        results.append(BagResult(
            model=name, params=sum(p.numel() for p in net.parameters()),
            all_rows=round(acc(net, Bte, yte), 3),
            very_rows=round(acc(net, Bte, yte, very), 3),
            not_rows=round(acc(net, Bte, yte, nots), 3)))
    pprint(results)

    big = nets["64-unit net on counts"]
    scores: List[float] = []  # one test set is one exam
    for s in range(12, 32):
        X, y, k = encode(make_reviews(600, seed=s))
        scores.append(acc(big, bag(X), y, torch.tensor(k == "not")))
    spread = Spread(model="64-unit net on counts", n_test_sets=len(scores),
                    minimum=round(min(scores), 3),
                    mean=round(sum(scores) / len(scores), 3),
                    maximum=round(max(scores), 3))
    print(spread)
    print("per test set (seeds 12..31):", [round(s, 3) for s in scores])

    # The 64-unit model's 0.574 on the "not" rows of the seed-12 test set is
    # luck rather than learning: the same trained network scores between
    # 0.448 and 0.574 on twenty fresh test sets and 0.504 on average, which
    # is the coin toss the logistic model (0.485) already showed.  The
    # ceiling is structural and must be stated plainly: no model that reads
    # only word counts can score above 0.500 on rows whose bags are
    # identical, because a twin pair feeds it the same input twice and asks
    # for two different answers.

    # ------------------------------------------------------------ part four
    print("\nPart four: Step 2's hand-set RNN on one of my own twin pairs")
    A = ["support", "was", "clean", "and", "app", "was", "not", "dirty"]
    B = ["support", "was", "dirty", "and", "app", "was", "not", "clean"]
    print("identical bag vectors?",
          bool(torch.equal(bag_vector(A), bag_vector(B))))
    rnn = HandRNN()
    print("\nREVIEW A (positive):", " ".join(A))
    hA = rnn.run(A, show=True)
    print("\nREVIEW B (negative):", " ".join(B))
    hB = rnn.run(B, show=True)
    gaps = [float(np.abs(a - b).max()) for a, b in zip(rnn.trace(A), rnn.trace(B))]
    first = next(t for t, g in enumerate(gaps, start=1) if g > 0)
    print(f"\nfinal memory A: {hA}")
    print(f"final memory B: {hB}")
    print(f"largest gap per step: {[round(g, 3) for g in gaps]}")
    print(f"the traces first differ at step {first} ('{A[first - 1]}' vs"
          f" '{B[first - 1]}'); 'not' arrives at step {A.index('not') + 1}")

    # Four observations on the trace above.
    # (1) The two memory traces separate at step 3, where the first opinion
    #     word arrives ("clean" in A, "dirty" in B), and not at step 7 where
    #     "not" arrives; from step 3 onward the mood unit h1 holds +0.716 in
    #     one review and -0.716 in the other.
    # (2) Unit h2 is the one-step memory: its row of Wh is all zeros, so it
    #     reads 0.964 at the "not" step and is back to 0.000 one step later.
    # (3) Unit h1 (the mood) fades without new evidence -- 0.716, 0.615,
    #     0.547, 0.499, 0.461 across the filler words -- because tanh squashes
    #     it a little more at every step.
    # (4) A bigger bag model cannot close the gap because the bag vectors of
    #     a twin pair are identical (checked above), so any model reading only
    #     counts must give both reviews the same answer and is capped at 0.500
    #     on such rows whatever its size; the RNN's final memories differ by
    #     0.826 on exactly those two reviews.


if __name__ == "__main__":
    main()
