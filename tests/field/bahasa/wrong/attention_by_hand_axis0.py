# Latihan 4 — attention di kertas, lalu di NumPy (attention_by_hand.py)
import numpy as np, torch
np.set_printoptions(precision=3, suppress=True)

# ---------------- Bagian 1: di kertas (ditulis SEBELUM menjalankan apa pun) ----------------
# Baris "rude" = [0, -2, 0, 0]. Dot product dengan setiap token:
#   support [2,0,0,0]   -> 0
#   was     [0,0,0,2]   -> 0
#   not     [0,0,2,0.5] -> 0
#   rude    [0,-2,0,0]  -> (-2)(-2) = 4
# dibagi sqrt(4) = 2  -> skor [0, 0, 0, 2]
# softmax: e^0 = 1 (tiga kali), e^2 = 7.389, jumlah = 3 + 7.389 = 10.389
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
# jumlahnya 0.096*3 + 0.711 = 0.999 ~ 1 (pembulatan)
HAND = np.array([0.096, 0.096, 0.096, 0.711])

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],     # support
              [0.0, 0.0, 0.0, 2.0],     # was
              [0.0, 0.0, 2.0, 0.5],     # not
              [0.0, -2.0, 0.0, 0.0]])   # rude
d = E.shape[1]
print(f"Bagian 1: empat makna, sumbu = {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")
print(f"  hitungan tangan baris 'rude': {HAND}")

# ---------------- Bagian 2: attend(Q, K, V) ----------------
def attend(Q, K, V):
    """Kembalikan (matriks bobot, output). Skor = Q K^T / sqrt(d), softmax per baris."""
    scores = Q @ K.T / np.sqrt(d)
    w = np.exp(scores - scores.max(0, keepdims=True))
    w = w / w.sum(0, keepdims=True)
    return w, w @ V

def show(w, out, tokens, judul):
    print(f"\n--- {judul} ---")
    print("bobot attention (baris = query, kolom = key):")
    print(f"  {'':<8s}" + "".join(f"{t:>9s}" for t in tokens) + f"{'jumlah':>9s}")
    for t, r in zip(tokens, w):
        print(f"  {t:<8s}" + "".join(f"{v:9.3f}" for v in r) + f"{r.sum():9.3f}")
    print("output = bobot x vektor value:")
    for t, r in zip(tokens, out):
        print(f"  {t:<8s} {r}")

wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "Bagian 2: query = key = value = makna")
i = TOKENS.index("rude")
print(f"\n  baris 'rude' tercetak   : {wA[i]}")
print(f"  hitungan tangan saya    : {HAND}")
print(f"  selisih terbesar        : {np.abs(wA[i] - HAND).max():.4f} (hanya pembulatan 3 desimal)")

# ---------------- Bagian 3: matriks query dari Step 6 ----------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # kata buruk bertanya: siapa subjek saya?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...dan: ada kata negasi di dekat saya?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nBagian 3: query setelah matriks Wq")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "Bagian 3: query terpisah, key = value = makna")
print("\n  membaca baris 'rude':")
for j, t in enumerate(TOKENS):
    print(f"    {wB[i, j]:.3f} dari makna barunya datang dari '{t}'")
print(f"    angka good/bad berubah dari {E[i, 1]:+.3f} ke {outB[i, 1]:+.3f}")
print(f"    angka negation berubah dari {E[i, 2]:+.3f} ke {outB[i, 2]:+.3f}")
# Token 'rude' memberi attention 0.440 ke 'support' dan 0.440 ke 'not' (0.060 ke 'was'
# dan ke dirinya sendiri), sedangkan tiga token lain punya query nol jadi rata 0.250.
# Pasangan ini benar untuk frasa "support was not rude": kata buruk 'rude' memang perlu
# tahu siapa subjeknya (support) dan bahwa ia dinegasikan (not), sehingga angka
# good/bad-nya naik dari -2.000 ke -0.119 dan muncul angka negation 0.881.

# ---------------- Bagian 4: cek dengan PyTorch, lalu acak urutan ----------------
# torch 1.13 di mesin saya belum punya torch.nn.functional.scaled_dot_product_attention
# (baru ada di torch 2.x), jadi saya pakai versi lamanya _scaled_dot_product_attention,
# yang mengembalikan (output, bobot).
sdpa = getattr(torch.nn.functional, "scaled_dot_product_attention", None)
if sdpa is not None:
    t_out = sdpa(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
else:
    t_out = torch.nn.functional._scaled_dot_product_attention(
        torch.tensor(Q)[None], torch.tensor(E)[None], torch.tensor(E)[None])[0][0].numpy()
print(f"\nBagian 4: selisih terbesar terhadap attention milik torch: {np.abs(t_out - outB).max():.2e}")

perm = [2, 0, 3, 1]                      # urutan baru: not, support, rude, was
Ts = [TOKENS[p] for p in perm]
Es, Qs = E[perm], Q[perm]
wS, outS = attend(Qs, Es, Es)
show(wS, outS, Ts, "Bagian 4: baris token diacak (not, support, rude, was)")
same_rows = np.abs(outS - outB[perm]).max()
print(f"\n  output acak vs output asli yang diurutkan ulang, selisih terbesar: {same_rows:.2e}")
print(f"  bobot acak vs bobot asli (baris & kolom diurutkan ulang), selisih: "
      f"{np.abs(wS - wB[np.ix_(perm, perm)]).max():.2e}")
print(f"  output 'rude' sebelum acak: {outB[i]}")
print(f"  output 'rude' sesudah acak: {outS[Ts.index('rude')]}")
# Yang berubah hanya posisi baris: output 'rude' sekarang ada di baris 3, bukan baris 4,
# dan kolom bobotnya ikut pindah bersama token-nya.
# Yang tidak berubah adalah nilainya: output setiap token sama (selisih terbesar 2.22e-16, cuma pembulatan float),
# 'rude' tetap [0.881 -0.119 0.881 0.339] dan tetap 0.440 ke 'support' dan 'not'.
# Artinya attention saja buta terhadap urutan: ia tidak tahu token mana yang datang
# duluan, jadi informasi posisi harus ditambahkan sendiri (itu yang dilakukan 2.8).

print("\n  lompatan dari 'not' ke 'rude': RNN 1, attention 1")
print("  lompatan dari token 1 ke token 50: RNN 49, attention 1")
