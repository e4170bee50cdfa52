# attention_by_hand.py — Άσκηση 4: attention στο χαρτί και μετά σε NumPy
import numpy as np, torch

# ---------------- Μέρος 1: στο χαρτί (γραμμένο ΠΡΙΝ τρέξω οτιδήποτε) ----------------
# Tokens: support=[2,0,0,0], was=[0,0,0,2], not=[0,0,2,0,5], rude=[0,-2,0,0]
# Άξονες: υποκείμενο, καλό/κακό, άρνηση, γέμισμα.
# Γραμμή του rude (query = rude, keys = όλα τα tokens):
#   rude·support = 0·2 + (-2)·0 + 0·0 + 0·0         = 0
#   rude·was     = 0 + 0 + 0 + 0·2                 = 0
#   rude·not     = 0 + 0 + 0·2 + 0·0,5             = 0
#   rude·rude    = 0 + (-2)·(-2) + 0 + 0           = 4
# Διαιρώ με √4 = 2:  σκορ = [0, 0, 0, 2]
# Softmax: e^0 = 1, e^2 ≈ 7,389, άθροισμα = 1 + 1 + 1 + 7,389 = 10,389
#   βάρος support = was = not = 1 / 10,389 ≈ 0,096
#   βάρος rude              = 7,389 / 10,389 ≈ 0,711
#   έλεγχος: 3·0,096 + 0,711 ≈ 1,000 (με στρογγυλοποίηση 0,999)
np.set_printoptions(precision=3, suppress=True)
TOKENS = ["support", "was", "not", "rude"]
AXES = ["υποκείμενο", "καλό/κακό", "άρνηση", "γέμισμα"]
E = np.array([[2.0, 0.0, 0.0, 0.0],     # support
              [0.0, 0.0, 0.0, 2.0],     # was
              [0.0, 0.0, 2.0, 0.5],     # not
              [0.0, -2.0, 0.0, 0.0]])   # rude
d = E.shape[1]
HAND = {"rude": [0.096, 0.096, 0.096, 0.711]}

print(f"τέσσερα νοήματα των 4 αριθμών, άξονες = {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")


# ---------------- Μέρος 2: attend σε NumPy ----------------
def attend(Q, K, V):
    """Επιστρέφει (πίνακας βαρών, έξοδο)."""
    scores = Q @ K.T / np.sqrt(K.shape[1])          # dot product, με κλίμακα
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(0, keepdims=True)                 # softmax ανά γραμμή
    return w, w @ V


def show(w, out, tokens, title):
    print(f"\n--- {title} ---")
    print("βάρη attention (γραμμή = query, στήλη = key):")
    print(f"{'':<9s}" + "".join(f"{t:>9s}" for t in tokens) + f"{'άθροισμα':>10s}")
    for t, r in zip(tokens, w):
        print(f"{t:<9s}" + "".join(f"{v:9.3f}" for v in r) + f"{r.sum():10.3f}")
    print("έξοδος = βάρη επί τα διανύσματα value:")
    for t, r in zip(tokens, out):
        print(f"  {t:<8s} {r}")


print("\nΜέρος 2 — query = key = value = τα νοήματα")
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "Α. απλό self-attention")
i = TOKENS.index("rude")
print("\nέλεγχος με το χαρτί, γραμμή rude:")
print(f"  {'key':<8s} {'στο χαρτί':>10s} {'NumPy':>8s} {'διαφορά':>9s}")
for j, t in enumerate(TOKENS):
    print(f"  {t:<8s} {HAND['rude'][j]:10.3f} {wA[i, j]:8.3f}"
          f" {abs(HAND['rude'][j] - wA[i, j]):9.4f}")

# ---------------- Μέρος 3: ο πίνακας query του Βήματος 6 ----------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],    # μια κακή λέξη ρωτάει: ποιο είναι το υποκείμενό μου;
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],    # ...και: υπάρχει άρνηση κοντά μου;
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nΜέρος 3 — queries μετά τον πίνακα Wq:")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "Β. ξεχωριστό query, key = value = νοήματα")
print("\nη γραμμή rude φωναχτά:")
for j, t in enumerate(TOKENS):
    print(f"  {wB[i, j]:.3f} του νέου νοήματος έρχεται από το '{t}'")
print(f"  το καλό/κακό πήγε από {E[i, 1]:+.3f} σε {outB[i, 1]:+.3f}")
print(f"  η άρνηση πήγε από    {E[i, 2]:+.3f} σε {outB[i, 2]:+.3f}")

# ---------------- Μέρος 4: έλεγχος με PyTorch και ανακάτεμα ----------------
F = torch.nn.functional
if hasattr(F, "scaled_dot_product_attention"):       # torch >= 2.0
    t_out = F.scaled_dot_product_attention(
        torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
    fname = "scaled_dot_product_attention"
else:                                                 # torch 1.13 (Debian)
    t_out, _ = F._scaled_dot_product_attention(
        torch.tensor(Q)[None], torch.tensor(E)[None], torch.tensor(E)[None],
        None, 0.0, True, False)
    t_out = t_out[0].numpy()
    fname = "_scaled_dot_product_attention (torch " + torch.__version__ + ")"
print(f"\nΜέρος 4 — μέγιστη διαφορά από το {fname}: {np.abs(t_out - outB).max():.2e}")

perm = [2, 0, 3, 1]                                    # νέα σειρά: not, support, rude, was
Es = E[perm]
TOK_S = [TOKENS[k] for k in perm]
wS, outS = attend(Es @ Wq.T, Es, Es)
show(wS, outS, TOK_S, "Γ. ίδια tokens, ανακατεμένη σειρά")
same_rows = np.abs(outS - outB[perm]).max()
same_w = np.abs(wS - wB[np.ix_(perm, perm)]).max()
print(f"\nμέγιστη διαφορά εξόδου (ανακατεμένο vs αρχικό, ίδιο token):  {same_rows:.2e}")
print(f"μέγιστη διαφορά βαρών (με αντίστοιχο ανακάτεμα γραμμών/στηλών): {same_w:.2e}")
print(f"μέγιστη διαφορά αν συγκρίνω γραμμή-γραμμή χωρίς αντιστοίχιση:  {np.abs(outS - outB).max():.3f}")

# Σχόλια για το Μέρος 2 (μετά την έξοδο): τα νούμερα του χαρτιού βγήκαν σωστά,
# 0,711 στον εαυτό του και 0,096 σε καθένα από τα άλλα (διαφορά < 0,001, μόνο
# στρογγυλοποίηση)· κάθε γραμμή αθροίζει 1,000.
# Σχόλια για το Μέρος 3 (μετά την έξοδο): με τον Wq το rude κοιτάει 0,440 το
# support και 0,440 το not, και μόνο 0,060 το was και τον εαυτό του. Το ζευγάρι
# είναι σωστό για τη φράση "support was not rude": μια αρνητική λέξη πρέπει να
# βρει για ποιο υποκείμενο μιλάει (support) και αν κάποιος την αρνείται (not).
# Έτσι η έξοδός του γίνεται [0,881, -0,119, 0,881, 0,339]: το καλό/κακό ανεβαίνει
# από -2,000 προς το μηδέν και εμφανίζεται άρνηση 0,881, σε ένα μόνο hop. Τα
# άλλα τρία tokens έχουν query μηδέν, οπότε μοιράζουν 0,250 παντού.
# Σχόλια για το Μέρος 4 (μετά την έξοδο): η διαφορά από τη συνάρτηση του PyTorch
# είναι 2,22e-16, κάτω από το 1e-12 (στο torch 1.13 του Debian δεν υπάρχει ακόμα
# το δημόσιο scaled_dot_product_attention, οπότε χρησιμοποίησα το
# _scaled_dot_product_attention που κάνει τον ίδιο υπολογισμό).
# (1) Αυτό που άλλαξε με το ανακάτεμα είναι μόνο η θέση των γραμμών: οι γραμμές
#     εξόδου μετακινήθηκαν μαζί με τα tokens τους (το rude είναι τώρα 3η γραμμή).
# (2) Αυτό που δεν άλλαξε είναι οι τιμές: το rude δίνει πάλι 0,440 / 0,440 /
#     0,060 / 0,060 και έξοδο [0,881, -0,119, 0,881, 0,339], με διαφορά 2,22e-16.
# (3) Άρα το attention μόνο του είναι τυφλό στη σειρά: "support was not rude" και
#     "not support rude was" δίνουν το ίδιο αποτέλεσμα ανά token, γι' αυτό ο
#     Transformer χρειάζεται πληροφορία θέσης (position information).
