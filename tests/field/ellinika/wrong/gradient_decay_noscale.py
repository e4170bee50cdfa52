# gradient_decay.py — Άσκηση 2: μετράμε το vanishing gradient και μετά το σπάμε
import torch, torch.nn as nn

H, D, B = 32, 16, 64


def make_data(T):
    """Ίδια δεδομένα με το Βήμα 3 (seed 0): T βήματα, 64 ακολουθίες."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5
    v = torch.randn(H, 1) * 0.2      # ανάγνωση μόνο στο ΤΕΛΕΥΤΑΙΟ βήμα
    return x, v


def rnn_grads(gain, T=50, keep=False):
    """Απλό RNN. Νόρμα του gradient που φτάνει στο hidden state κάθε βήματος."""
    x, v = make_data(T)
    y = torch.ones(B, 1)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    g = [float(h.grad.norm()) for h in hs]
    return (g, [Wx, Wh]) if keep else g


def lstm_grads(forget_bias, T=50):
    """LSTM. Νόρμα του gradient που φτάνει στο CELL state κάθε βήματος."""
    x, v = make_data(T)
    y = torch.ones(B, 1)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():            # το forget gate ξεκινάει ανοιχτό
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def shrink(c):
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


# ---------------- Μέρη 1 και 3: ένας πίνακας ----------------
cols = {}
for gain in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols[f"RNN κέρδος {gain}"] = rnn_grads(gain)
for fb in (0, 1, 2, 3):
    cols[f"LSTM b_f={fb}"] = lstm_grads(float(fb))

print("Μέρη 1 και 3 — το gradient που φτάνει στο βήμα t (η απώλεια είναι μόνο στο βήμα 50)")
print("(RNN: hidden state, LSTM: cell state)")
print(f"{'βήμα':>5s}" + "".join(f"{k:>15s}" for k in cols))
for t in [50, 40, 30, 20, 10, 1]:
    print(f"{t:5d}" + "".join(f"{c[t - 1]:15.3e}" for c in cols.values()))

print(f"\n{'μοντέλο':<15s} {'βήμα 50':>11s} {'βήμα 1':>11s} {'βήμα1/βήμα50':>13s}"
      f" {'παράγοντας ανά βήμα':>20s}")
for k, c in cols.items():
    print(f"{k:<15s} {c[-1]:11.3e} {c[0]:11.3e} {c[0] / c[-1]:13.2e}"
          f" {'x' + format(shrink(c), '.3f'):>20s}")
lost = 1 - cols["RNN κέρδος 1.0"][0] / cols["RNN κέρδος 1.0"][-1]
print(f"\nκέρδος 1.0: χάνεται το {100 * lost:.1f}% του σήματος σε 50 βήματα")

# ---------------- Μέρος 2: μήκη 10, 25, 50, 100 στο κέρδος 1.0 ----------------
print("\nΜέρος 2 — κέρδος 1.0 σε διαφορετικά μήκη· όριο = 1/1000 της τιμής στο τελευταίο βήμα")
print(f"{'μήκος':>6s} {'τελευταίο βήμα':>15s} {'βήμα 1':>11s} {'ανά βήμα':>9s}"
      f" {'πιο πίσω βήμα > όριο':>21s} {'βήματα προς τα πίσω':>20s}")
for T in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=T)
    thr = c[-1] / 1000
    # το πιο παλιό βήμα από το οποίο και μετά η ευθύνη μένει πάνω από το όριο
    far = T
    while far > 1 and c[far - 2] > thr:
        far -= 1
    print(f"{T:6d} {c[-1]:15.3e} {c[0]:11.3e} {'x' + format(shrink(c), '.3f'):>9s}"
          f" {far:21d} {T - far:20d}")

# ---------------- Μέρος 4: clipping στο κέρδος 1.5 ----------------
print("\nΜέρος 4 — clip_grad_norm_ στο 1,0 για το κέρδος 1.5")
_, params = rnn_grads(1.5, keep=True)
before = float(nn.utils.clip_grad_norm_(params, 1.0))
after = float(torch.sqrt(sum((p.grad ** 2).sum() for p in params)))
print(f"  συνολική νόρμα gradient πριν το clipping: {before:.4f}")
print(f"  συνολική νόρμα gradient μετά το clipping: {after:.4f}")
_, params = rnn_grads(0.5, keep=True)
before = float(nn.utils.clip_grad_norm_(params, 1.0))
after = float(torch.sqrt(sum((p.grad ** 2).sum() for p in params)))
print(f"  (για σύγκριση, κέρδος 0.5: πριν {before:.4f}, μετά {after:.4f} — τίποτα δεν αλλάζει)")

# Σχόλια για το Μέρος 4 (γραμμένα αφού είδα την έξοδο):
# (1) Σβήνουν τα κέρδη 0,5, 0,9 και 1,0: περίπου ×0,49, ×0,84 και ×0,91 ανά βήμα,
#     οπότε στο βήμα 1 φτάνει 5,032e-17 (έναντι 7,577e-02 στο βήμα 50) για το 0,5
#     και 7,716e-04 για το 1,0, δηλαδή χάνεται το 99% του σήματος σε 50 βήματα·
#     το 1,2 είναι σχεδόν ουδέτερο (×0,997).
# (2) Εκρήγνυται το κέρδος 1,5: περίπου ×1,09 ανά βήμα, και στο βήμα 1 φτάνει
#     5,268e+00, περίπου 68 φορές η τιμή του βήματος 50.
# (3) Το forget bias ανεβάζει τον παράγοντα του cell state από ×0,629 (b_f=0)
#     σε ×0,840, ×0,955 και ×1,016 (b_f=3)· μόνο με b_f=3 το gradient στο βήμα 1
#     (4,782e-02) μένει στο ίδιο μέγεθος με το βήμα 50 (2,230e-02).
# (4) Το clipping κόβει τη νόρμα από 20,58 σε ακριβώς 1,0000, άρα ελέγχει την
#     έκρηξη, αλλά στο κέρδος 0,5 η νόρμα 0,1564 είναι ήδη κάτω από 1 και μένει
#     ίδια: το clipping μόνο μικραίνει gradients, δεν μπορεί να ξαναφέρει πίσω
#     ευθύνη που έχει ήδη σβήσει, οπότε για το vanishing δεν κάνει τίποτα.
# (Μέρος 2) Στο κέρδος 1,0 η ευθύνη μένει πάνω από το 1/1000 σε όλη τη διαδρομή
#     για μήκη 10, 25 και 50, αλλά στο μήκος 100 μόνο μέχρι το βήμα 10, δηλαδή
#     90 βήματα πίσω· τα πρώτα 9 tokens ουσιαστικά δεν παίρνουν ευθύνη.
