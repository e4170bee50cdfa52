# attention_by_hand.py — Alıştırma 4: önce kağıtta, sonra NumPy'da attention
import numpy as np, torch
import torch.nn.functional as F

# ---------------- Bölüm 1: kağıt üzerinde (kodu çalıştırmadan ÖNCE yazdım) ---------
# 'rude' satırı = [0, -2, 0, 0]. Her token'la dot product:
#   rude·support = 0*2 + (-2)*0 + 0*0 + 0*0           = 0
#   rude·was     = 0*0 + (-2)*0 + 0*0 + 0*2           = 0
#   rude·not     = 0*0 + (-2)*0 + 0*2 + 0*0,5         = 0
#   rude·rude    = 0*0 + (-2)*(-2) + 0*0 + 0*0        = 4
# sqrt(4) = 2'ye bölünce skorlar: 0 ; 0 ; 0 ; 2
# softmax: e^0 = 1 (üç tane), e^2 ≈ 7,389 -> toplam ≈ 3 + 7,389 = 10,389
#   support: 1 / 10,389     ≈ 0,096
#   was    : 1 / 10,389     ≈ 0,096
#   not    : 1 / 10,389     ≈ 0,096
#   rude   : 7,389 / 10,389 ≈ 0,711
#   toplam : 0,096*3 + 0,711 = 0,999 ≈ 1 (yuvarlama yüzünden)
# Yani query = key iken 'rude' çoğunlukla kendine bakar (0,711).

np.set_printoptions(precision=3, suppress=True)


def tr(x, fmt=".3f"):
    """Sayıyı Türkçe yazar: ondalık ayırıcı virgül (2,22e-16 gibi)."""
    s = format(float(x) + 0.0, fmt)
    return s.replace(",", "_").replace(".", ",").replace("_", ".")


def tr_dizi(a, fmt=".3f"):
    return "[" + " ".join(f"{tr(v, fmt):>6s}" for v in a) + "]"


TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],     # support
              [0.0, 0.0, 0.0, 2.0],     # was
              [0.0, 0.0, 2.0, 0.5],     # not
              [0.0, -2.0, 0.0, 0.0]])   # rude
d = E.shape[1]


# ---------------- Bölüm 2: attend(Q, K, V) ------------------------------------------
def attend(Q, K, V):
    """Ağırlık matrisini ve çıktıyı döndürür: softmax(Q K^T / sqrt(d)) V."""
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(1, keepdims=True))   # taşmaya karşı max çıkar
    w = w / w.sum(0, keepdims=True)                       # satır satır softmax
    return w, w @ V


def yazdir(w, out, tokens, baslik):
    print(f"\n--- {baslik} ---")
    print("attention ağırlıkları (satır = query, sütun = key):")
    print(f"  {'':<9s}" + "".join(f"{t:>10s}" for t in tokens) + f"{'toplam':>9s}")
    for t, r in zip(tokens, w):
        print(f"  {t:<9s}" + "".join(f"{tr(v):>10s}" for v in r) + f"{tr(r.sum()):>9s}")
    print("çıktı = ağırlıklar x value vektörleri:")
    for t, r in zip(tokens, out):
        print(f"  {t:<9s} {tr_dizi(r)}")


print(f"dört token, anlam eksenleri = {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<9s} {tr_dizi(row)}")

wA, outA = attend(E, E, E)
yazdir(wA, outA, TOKENS, "A. query = key = value = anlamlar")
i = TOKENS.index("rude")
el_hesabi = np.array([0.096, 0.096, 0.096, 0.711])
print(f"\nel hesabım (rude satırı): {tr_dizi(el_hesabi)}")
print(f"kodun rude satırı       : {tr_dizi(wA[i])}")
print(f"en büyük fark           : {tr(np.abs(wA[i] - el_hesabi).max(), '.4f')}"
      f"  (3 basamağa yuvarlamaktan)")

# ---------------- Bölüm 3: Step 6'daki query matrisi --------------------------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # kötü bir kelime sorar: öznem kim?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...ve: yakınımda bir olumsuzlayıcı var mı?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nWq'dan sonra query'ler:")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<9s} {tr_dizi(row)}")
wB, outB = attend(Q, E, E)
yazdir(wB, outB, TOKENS, "B. ayrı query (Wq), key = value = anlamlar")
print(f"\n'rude' satırı: support {tr(wB[i, 0])}, was {tr(wB[i, 1])}, not {tr(wB[i, 2])},"
      f" rude {tr(wB[i, 3])}")
print(f"  good/bad sayısı {tr(E[i, 1], '+.3f')} -> {tr(outB[i, 1], '+.3f')}")
print(f"  negation sayısı {tr(E[i, 2], '+.3f')} -> {tr(outB[i, 2], '+.3f')}")
# Bölüm 3 yorumu (çıktıya bakarak): 'rude' 0,440 ile 'support'a ve 0,440 ile 'not'a
# bakıyor, 'was' ve kendisi 0,060'ta kalıyor; bu eşleşme bu ifade için doğru, çünkü
# "support was not rude" cümlesinde rude'un kime ait olduğunu özne (support), ne anlama
# geldiğini de olumsuzlayıcı (not) söylüyor. Diğer üç token'ın query'si sıfır olduğu için
# onlar herkese eşit, 0,250 bakıyor. Sonuç: rude'un good/bad sayısı -2,000'den -0,119'a
# çıktı ve 0,881'lik bir negation sayısı belirdi, tek adımda.

# ---------------- Bölüm 4: PyTorch ile karşılaştırma, sonra karıştırma ----------------
sdpa = getattr(F, "scaled_dot_product_attention", None)
if sdpa is not None:                     # torch 2.x: sadece çıktıyı döndürür
    t_out = sdpa(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
    kaynak = "F.scaled_dot_product_attention"
else:                                    # torch 1.13: özel sürüm (çıktı, ağırlık) döndürür
    t_out = F._scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E),
                                            torch.tensor(E))[0].numpy()
    kaynak = "F._scaled_dot_product_attention (torch 1.13)"
print(f"\nPyTorch {torch.__version__}, {kaynak}")
print(f"PyTorch ile en büyük fark: {tr(np.abs(t_out - outB).max(), '.2e')}"
      f"   1e-12'nin altında mı? {np.abs(t_out - outB).max() < 1e-12}")

perm = [2, 0, 3, 1]                      # yeni sıra: not, support, rude, was
T2 = [TOKENS[j] for j in perm]
E2 = E[perm]
Q2 = E2 @ Wq.T
w2, out2 = attend(Q2, E2, E2)
yazdir(w2, out2, T2, "C. aynı dört token, karıştırılmış sıra")
print(f"\nkarışık çıktı satırları, orijinal çıktının aynı satırlarıyla aynı mı?"
      f" {np.allclose(out2, outB[perm])}   en büyük fark: {tr(np.abs(out2 - outB[perm]).max(), '.2e')}")
print(f"karışık ağırlıklar = orijinal ağırlıkların satır+sütun permütasyonu mu?"
      f" {np.allclose(w2, wB[np.ix_(perm, perm)])}")
print(f"karışık sırada 'rude' çıktısı: {tr_dizi(out2[T2.index('rude')])}")
print("adımlar: 'not' -> 'rude': RNN 1, attention 1;  token 1 -> token 50: RNN 49, attention 1")
# Bölüm 4 yorumları (çıktıya bakarak):
# 1) Karıştırınca değişen tek şey satırların yeri: ağırlık matrisi aynı permütasyonla
#    satır ve sütun olarak yer değiştirdi, 'rude' satırı artık 3. sırada.
# 2) Değişmeyen şey değerler: 'rude' yine 0,440 / 0,440 / 0,060 / 0,060 ağırlık alıyor ve
#    çıktısı yine [0,881 -0,119 0,881 0,339] (fark 2,22e-16, sadece float gürültüsü).
# 3) Demek ki attention tek başına sıraya kördür: çıktı satırları token'larıyla birlikte
#    taşınıyor ama değerleri aynı kalıyor, bu yüzden 2.8 pozisyon bilgisini ayrıca ekliyor.
