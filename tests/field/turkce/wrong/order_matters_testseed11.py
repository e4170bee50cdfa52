# order_matters.py — Alıştırma 1: sıra anlam taşır, sonra bir belleğin onu tutmasını izle
import numpy as np, torch, torch.nn as nn
from sequences import *


def tr(x, fmt=".3f"):
    """Sayıyı Türkçe yazar: ondalık ayırıcı virgül, binlik ayırıcı nokta."""
    s = format(x, fmt)
    return s.replace(",", "_").replace(".", ",").replace("_", ".")


def tr_dizi(a, fmt=".3f"):
    """numpy dizisini [0,716 0,000 0,462] biçiminde yazar."""
    return "[" + " ".join(tr(float(v) + 0.0, fmt) for v in a) + "]"


ETIKET = {1: "olumlu", 0: "olumsuz"}

# ---------------- Bölüm 1: veri -------------------------------------------------
print("Bölüm 1 — veri")
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=11))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print(f"  sözlük {len(VOCAB)} kelime; her yorum {Xtr.shape[1]} token")
print(f"  eğitim {tuple(Xtr.shape)}  test {tuple(Xte.shape)}")
print(f"  test satırları: {int(very.sum())} 'very' satırı, {int(nots.sum())} 'not' satırı"
      f" (toplam {int(very.sum()) + int(nots.sum())})")


# ---------------- Bölüm 2: bag-of-words ve ikiz çiftler -------------------------
def bag_vektoru(tokens):
    """Herhangi bir yorum (kelime listesi) -> her kelimenin kaç kez geçtiği."""
    v = np.zeros(len(VOCAB))
    for w in tokens:
        v[STOI[w]] += 1.0
    return v


print("\nBölüm 2 — ikiz çiftler (aynı bag vektörü, zıt etiket), eğitim verisinden aranarak")
gruplar = {}
for toks, lab, kind in make_reviews(1600, seed=11):
    gruplar.setdefault(tuple(bag_vektoru(toks)), []).append((toks, lab, kind))
ikizler = []
for anahtar, satirlar in gruplar.items():
    pozitif = [r for r in satirlar if r[1] == 1]
    negatif = [r for r in satirlar if r[1] == 0]
    if pozitif and negatif:
        ikizler.append((pozitif[0], negatif[0]))
print(f"  eğitim verisinde zıt etiketli ikiz bulunan farklı bag sayısı: {len(ikizler)}")
# üç çift seç: aynı kelimeleri paylaşmasınlar diye farklı özne ikililerinden al
secilen, gorulen = [], set()
for p, n in ikizler:
    ozne = tuple(sorted(w for w in p[0] if w in SUBJECTS))
    if ozne not in gorulen:
        gorulen.add(ozne)
        secilen.append((p, n))
    if len(secilen) == 3:
        break
for no, (p, n) in enumerate(secilen, start=1):
    ayni_bag = np.array_equal(bag_vektoru(p[0]), bag_vektoru(n[0]))
    print(f"\n  Çift {no}:")
    print(f"    A ({ETIKET[p[1]]}, {p[2]}): {' '.join(p[0])}")
    print(f"    B ({ETIKET[n[1]]}, {n[2]}): {' '.join(n[0])}")
    print(f"    A sıralı: {sorted(p[0])}")
    print(f"    B sıralı: {sorted(n[0])}")
    print(f"    sıralı listeler aynı mı? {sorted(p[0]) == sorted(n[0])}   "
          f"bag vektörleri aynı mı? {ayni_bag}   etiketler zıt mı? {p[1] != n[1]}")

# ---------------- Bölüm 3: iki bag modeli, üç şekilde doğruluk ------------------
print("\nBölüm 3 — sırayı atan modeller")
Btr, Bte = bag(Xtr), bag(Xte)
print(f"  {'model':<32s} {'parametre':>9s} {'tümü':>7s} {'very satırları':>15s}"
      f" {'not satırları':>14s}")
for ad, kur in (("logistic (kelime sayıları)", lambda: nn.Linear(len(VOCAB), 1)),
                ("64 birimlik ağ (kelime sayıları)",
                 lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                       nn.Linear(64, 1)))):
    torch.manual_seed(7)                 # seed ağırlıklar yaratılmadan ÖNCE
    net = kur()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    n_par = sum(p.numel() for p in net.parameters())
    print(f"  {ad:<32s} {tr(n_par, ',d'):>9s} {tr(acc(net, Bte, yte)):>7s}"
          f" {tr(acc(net, Bte, yte, very)):>15s} {tr(acc(net, Bte, yte, nots)):>14s}")

skorlar = []                             # tek test seti = tek sınav
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    skorlar.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print(f"\n  64 birimlik modelin 'not' doğruluğu, 20 yeni test setinde (seed 12..31):")
print(f"    en düşük {tr(min(skorlar))}   ortalama {tr(sum(skorlar) / len(skorlar))}"
      f"   en yüksek {tr(max(skorlar))}")

# ---------------- Bölüm 4: Step 2'deki NumPy RNN ---------------------------------
np.set_printoptions(precision=3, suppress=True)


def features(tok):
    """Token başına üç giriş sayısı: olumlu, olumsuz ya da 'not' kelimesi."""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0],    # h1: süregelen ruh hali (mood)
               [0.0, 0.0, 2.0],     # h2: az önce 'not' okudum mu
               [0.5, 0.5, 0.0]])    # h3: şimdiye kadar kaç görüş kelimesi
Wh = np.array([[1.0, 0.0, 0.0],     # h1 kendini ileri taşır
               [0.0, 0.0, 0.0],     # h2 her adımda her şeyi unutur
               [0.0, 0.0, 1.0]])    # h3 kendini ileri taşır
b = np.zeros(3)


def run_rnn(tokens, show=False):
    h = np.zeros(3)                  # bellek boş başlar
    iz = [h]
    if show:
        print(f"  {'adım':>4s} {'token':<10s} {'x_t (olumlu,olumsuz,not)':<26s}"
              f" {'h_t (mood, not-gördüm, sayaç)':<30s}")
        print(f"  {0:4d} {'<başla>':<10s} {tr_dizi(np.zeros(3)):<26s} {tr_dizi(h):<30s}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)     # bütün RNN, tek satır
        iz.append(h)
        if show:
            print(f"  {t:4d} {tok:<10s} {tr_dizi(x):<26s} {tr_dizi(h):<30s}")
    return h, iz


print("\nBölüm 4 — NumPy RNN, kendi ikiz çiftimde")
# 'not' ikinci cümlede olan bir çift seç ki 'not' adımı ile ilk görüş kelimesi ayrı olsun
p, n = next(((p, n) for p, n in secilen if p[0].index("not") > 4), secilen[0])
A, B = p[0], n[0]
print(f"  YORUM A ({ETIKET[p[1]]}): {' '.join(A)}")
hA, izA = run_rnn(A, show=True)
print(f"\n  YORUM B ({ETIKET[n[1]]}): {' '.join(B)}")
hB, izB = run_rnn(B, show=True)
fark = [float(np.abs(a - c).max()) for a, c in zip(izA, izB)]
ayrilma = next(t for t, f in enumerate(fark) if f > 1e-12)
ilk_gorus = next(t for t, w in enumerate(A, start=1) if w in POS + NEG)
not_adimi = A.index("not") + 1
print(f"\n  her adımda iki bellek arasındaki en büyük fark:")
print("  " + "  ".join(f"{t}:{tr(f)}" for t, f in enumerate(fark)))
print(f"  bellekler ilk kez {ayrilma}. adımda ayrılıyor ('{A[ayrilma - 1]}' / '{B[ayrilma - 1]}')")
print(f"  ilk görüş kelimesi adımı: {ilk_gorus}    'not' adımı: {not_adimi}")
print(f"  son bellek A: {tr_dizi(hA)}")
print(f"  son bellek B: {tr_dizi(hB)}")
print(f"  fark: {tr(np.abs(hA - hB).max())}  <- sıra belleği değiştirdi")
bagA, bagB = sum(features(t) for t in A), sum(features(t) for t in B)
print(f"  aynı özellikler toplanınca (sıra atılınca): A {tr_dizi(bagA)}  B {tr_dizi(bagB)}"
      f"  aynı mı? {np.array_equal(bagA, bagB)}")

# Bölüm 3 yorumu (sonuçları gördükten sonra yazdım):
# 64 birimlik ağın tek test setindeki 0,574'ü öğrenme değil şans: aynı model 20 yeni
# test setinde 0,448 ile 0,574 arasında gezdi ve ortalaması 0,504, yani yazı-tura.
# Logistic model 'very' satırlarında 1,000 ama 'not' satırlarında 0,485; genel 0,740
# bu iki yarının ortalaması olduğu için yalan söylüyor, doğruluğu satır tipine göre böl.
#
# Bölüm 4 yorumları (çıktıya bakarak):
# 1) İki bellek izi 3. adımda, ilk görüş kelimesi ('helpful' / 'slow') gelince ayrılıyor
#    (fark 1,433); 'not' ancak 7. adımda geliyor, yani ayrılma 'not' adımında değil.
# 2) Tek adımlık bellek gibi davranan birim h2 (not-gördüm): 'not' adımında 0,964 oluyor
#    ve bir sonraki adımda 0,000'a dönüyor, çünkü Wh'deki satırı tamamen sıfır.
# 3) Yeni kanıt gelmeden sönen birim h1 (mood): 0,716 -> 0,615 -> 0,547 -> 0,499 diye
#    düşüyor, çünkü tanh her geçişte biraz daha sıkıştırıyor.
# 4) Daha büyük bir bag modeli açığı kapatamaz: ikiz çiftlerin bag vektörleri birebir
#    aynı olduğu için sadece sayıları okuyan HİÇBİR model bu satırlarda 0,500'ün üstüne
#    çıkamaz (tavan 0,500), modelin boyutu ne olursa olsun aynı girdiye aynı cevabı verir.
