# Latihan 1 — urutan membawa makna (order_matters.py)
import numpy as np, torch, torch.nn as nn
from sequences import *

# ---------------- Bagian 1: data ----------------
print("Bagian 1: data")
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=11))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print(f"  ukuran latih {tuple(Xtr.shape)}, ukuran uji {tuple(Xte.shape)}")
print(f"  baris uji 'very': {int(very.sum())}")
print(f"  baris uji 'not' : {int(nots.sum())}")

# ---------------- Bagian 2: bag-of-words dan pasangan kembar ----------------
def bag_vector(toks):
    """Ulasan (daftar kata) -> vektor hitungan kata sepanjang VOCAB."""
    v = np.zeros(len(VOCAB))
    for w in toks:
        v[STOI[w]] += 1
    return v

print("\nBagian 2: tiga pasangan kembar (bag sama persis, label berlawanan)")
# cari di data latih: kelompokkan ulasan menurut vektor bag-nya
groups = {}
for toks, lab, kind in make_reviews(1600, seed=11):
    groups.setdefault(tuple(bag_vector(toks)), {}).setdefault(lab, toks)
twins = [(g[1], g[0]) for g in groups.values() if 0 in g and 1 in g][:3]
for n, (pos, neg) in enumerate(twins, start=1):
    same_bag = np.array_equal(bag_vector(pos), bag_vector(neg))
    print(f"  kembar {n}:")
    print(f"    label 1 (positif): {' '.join(pos)}")
    print(f"    label 0 (negatif): {' '.join(neg)}")
    print(f"    terurut positif : {sorted(pos)}")
    print(f"    terurut negatif : {sorted(neg)}")
    print(f"    daftar terurut sama? {sorted(pos) == sorted(neg)}   vektor bag sama? {same_bag}")

# ---------------- Bagian 3: model bag-of-words ----------------
print("\nBagian 3: model yang membuang urutan")
Btr, Bte = bag(Xtr), bag(Xte)
print(f"  {'model':<26s} {'param':>6s} {'semua':>7s} {'baris very':>11s} {'baris not':>10s}")
for name, build in (("logistic (hitungan kata)", lambda: nn.Linear(len(VOCAB), 1)),
                    ("jaringan 64-unit",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)                 # seed SEBELUM bobot dibuat
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    print(f"  {name:<26s} {sum(p.numel() for p in net.parameters()):6,d}"
          f" {acc(net, Bte, yte):7.3f} {acc(net, Bte, yte, very):11.3f}"
          f" {acc(net, Bte, yte, nots):10.3f}")
scores = []                              # satu test set = satu ujian saja
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print(f"  model 64-unit, baris 'not' di 20 test set baru (seed 12..31):")
print(f"    min {min(scores):.3f}   rata-rata {sum(scores) / len(scores):.3f}"
      f"   maks {max(scores):.3f}")
# Angka 0.574 di test set seed 12 itu keberuntungan, bukan hasil belajar: model yang
# sama hanya rata-rata 0.504 di 20 test set baru (rentang 0.448 sampai 0.574), jadi
# 0.574 cuma satu ujian yang kebetulan mujur di 303 baris.

# ---------------- Bagian 4: RNN NumPy dari Step 2 ----------------
np.set_printoptions(precision=3, suppress=True)

def features(tok):
    """Tiga angka input per token: positif, negatif, atau kata 'not'."""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])

Wx = np.array([[0.9, -0.9, 0.0],     # h1: mood berjalan
               [0.0, 0.0, 2.0],      # h2: apakah barusan membaca "not"
               [0.5, 0.5, 0.0]])     # h3: berapa kata opini sejauh ini
Wh = np.array([[1.0, 0.0, 0.0],      # h1 membawa dirinya ke depan
               [0.0, 0.0, 0.0],      # h2 lupa semuanya tiap langkah
               [0.0, 0.0, 1.0]])     # h3 membawa dirinya ke depan
b = np.zeros(3)

def run_rnn(tokens, show=False):
    h = np.zeros(3)                  # memori mulai kosong
    trace = [h]
    if show:
        print(f"  {'langkah':>7s}  {'token':<10s} {'x_t (pos,neg,not)':<20s}"
              f" {'h_t (mood, lihat-not, hitung)':<30s}")
        print(f"  {0:7d}  {'<start>':<10s} {str(np.zeros(3)):<20s} {str(h):<30s}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)     # seluruh RNN, satu baris
        trace.append(h)
        if show:
            print(f"  {t:7d}  {tok:<10s} {str(x):<20s} {str(h):<30s}")
    return h, trace

print("\nBagian 4: RNN NumPy pada pasangan kembar 1 saya")
A, B = twins[0]
print(f"ULASAN A (positif): {' '.join(A)}")
hA, trA = run_rnn(A, show=True)
print(f"\nULASAN B (negatif): {' '.join(B)}")
hB, trB = run_rnn(B, show=True)
diff = [float(np.abs(a - c).max()) for a, c in zip(trA, trB)]
first = next(t for t, d in enumerate(diff) if d > 1e-9)
print(f"\n  memori akhir A: {hA}")
print(f"  memori akhir B: {hB}")
print(f"  beda maksimum : {np.abs(hA - hB).max():.3f}")
print(f"  jejak memori A dan B pertama berpisah di langkah {first}"
      f" (token A '{A[first - 1]}', token B '{B[first - 1]}');"
      f" 'not' ada di langkah {A.index('not') + 1} (A) dan {B.index('not') + 1} (B)")

# Jejak memori A dan B sudah berpisah di langkah 3, saat kata opini pertama datang
# (A membaca 'helpful', B membaca 'slow'), bukan di langkah 7 saat 'not' muncul.
# Unit h2 (lihat-not) adalah memori satu langkah: 0.964 di langkah 'not', lalu
# kembali ke 0.000 di langkah berikutnya karena baris Wh-nya nol semua.
# Unit h1 (mood) memudar sendiri tanpa bukti baru, 0.716 -> 0.615 -> 0.547 -> 0.499,
# karena tanh menekan sedikit lagi di setiap langkah.
# Model bag yang lebih besar tidak bisa menutup celah ini karena kedua ulasan kembar
# punya vektor hitungan yang identik, jadi model apa pun yang hanya membaca hitungan
# wajib memberi jawaban yang sama untuk keduanya dan tidak bisa melewati 0.500 pada
# baris seperti itu, sebesar apa pun modelnya.
