# gradient_decay.py — Alıştırma 2: vanishing gradient'i ölç, sonra bilerek boz
import torch, torch.nn as nn

T0, H, D, B = 50, 32, 16, 64


def tr(x, fmt=".3f"):
    """Sayıyı Türkçe yazar: ondalık ayırıcı virgül (5,032e-17 gibi)."""
    s = format(x, fmt)
    return s.replace(",", "_").replace(".", ",").replace("_", ".")


def girdiler(T):
    """Step 3'teki girdiler; T=50 için modüldekiyle birebir aynı çekilişler."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5          # 64 dizi, her biri T adım
    v = torch.randn(H, 1) * 0.2             # okuma sadece SON adımda
    return x, v, torch.ones(B, 1)


def rnn_grads(gain, T=T0, geri=True):
    """Düz RNN. Her adımın hidden state'ine gelen gradient normu."""
    x, v, y = girdiler(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)        # her adımın gradient'ini sakla
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    return [float(h.grad.norm()) for h in hs], [Wx, Wh]


def lstm_grads(forget_bias, T=T0):
    """LSTM. Her adımın CELL state'ine gelen gradient normu."""
    x, v, y = girdiler(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():                    # forget vanasını açık başlat
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def carpan(c):
    """Adım başına ortalama küçülme/büyüme: (adım1 / adımT) ** (1/(T-1))."""
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


ADIMLAR = [50, 40, 30, 20, 10, 1]

# ---------------- Bölüm 1 + 3: RNN gain taraması ve LSTM forget-bias taraması ----
sutun = {}
for g in (0.5, 0.9, 1.0, 1.2, 1.5):
    sutun[f"RNN gain {tr(g, '.1f')}"] = rnn_grads(g)[0]
for fb in (0, 1, 2, 3):
    sutun[f"LSTM b_f={fb}"] = lstm_grads(float(fb))

print("Bölüm 1 ve 3 — tek loss 50. adımda; t. adıma ulaşan gradient normu (blame)")
print("(RNN satırları hidden state'i, LSTM satırları cell state'i ölçer)")
print(f"{'model':<14s}" + "".join(f"{'adım ' + str(t):>11s}" for t in ADIMLAR)
      + f"{'adım1/adım50':>14s}{'adım başına':>13s}")
for k, c in sutun.items():
    print(f"{k:<14s}" + "".join(f"{tr(c[t - 1], '.3e'):>11s}" for t in ADIMLAR)
          + f"{tr(c[0] / c[-1], '.2e'):>14s}{'x' + tr(carpan(c)):>13s}")

# ---------------- Bölüm 2: gain 1,0'da farklı uzunluklar -----------------------
print("\nBölüm 2 — gain 1,0, farklı dizi uzunlukları; eşik = son adımdaki blame'in binde biri")
print(f"{'uzunluk':>8s} {'son adım':>11s} {'adım 1':>11s} {'adım başına':>12s}"
      f" {'eşiğin üstünde kalan en geri adım':>34s} {'kaç adım geriye':>16s}")
for T in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=T)[0]
    esik = c[-1] / 1000
    en_geri = T                      # sondan geriye doğru: eşiğin altına ilk düşene kadar
    for t in range(T, 0, -1):
        if c[t - 1] < esik:
            break
        en_geri = t
    print(f"{T:8d} {tr(c[-1], '.3e'):>11s} {tr(c[0], '.3e'):>11s} {'x' + tr(carpan(c)):>12s}"
          f" {str(en_geri) + '. adım':>34s} {T - en_geri:>16d}")

# ---------------- Bölüm 4: gain 1,5 + gradient clipping ----------------------------
print("\nBölüm 4 — gain 1,5, clip_grad_norm_ eşiği 1,0")
_, params = rnn_grads(1.5)
once = torch.nn.utils.clip_grad_norm_(params, 1.0)      # döndürdüğü: kırpmadan önceki toplam norm
sonra = torch.norm(torch.stack([p.grad.norm() for p in params]))
print(f"  kırpmadan önce toplam gradient normu : {tr(float(once), '.3f')}")
print(f"  kırptıktan sonra toplam gradient normu: {tr(float(sonra), '.6f')}")
# aynı şeyi gain 0,5 için de dene: clipping kaybolan gradient'e bir şey yapar mı?
c05, params05 = rnn_grads(0.5)
once05 = torch.nn.utils.clip_grad_norm_(params05, 1.0)
sonra05 = torch.norm(torch.stack([p.grad.norm() for p in params05]))
print(f"  (karşılaştırma) gain 0,5: önce {tr(float(once05), '.3f')}, sonra {tr(float(sonra05), '.3f')}"
      f"; adım 1'e ulaşan blame yine {tr(c05[0], '.3e')}")

# Bölüm 4 yorumları (sonuçları gördükten sonra yazdım):
# 1) Gain 0,5, 0,9 ve 1,0 vanishing: adım başına x0,490, x0,842, x0,911 küçülüyor; gain
#    0,5'te adım 1'e sadece 5,032e-17 ulaşıyor (adım 50'de 7,577e-02), gain 1,0 bile 50
#    adımda sinyalin yaklaşık %99'unu kaybediyor (oran 1,01e-02); uzunluk 100'de blame
#    ancak 10. adıma kadar binde birin üstünde kalıyor.
# 2) Gain 1,5 exploding: adım başına x1,090 büyüyor ve adım 1'de 5,268e+00, yani adım
#    50'nin yaklaşık 68 katı; gain 1,2 (x0,997) neredeyse sınırda duruyor.
# 3) Forget bias cell-state sütununu kurtarıyor: b_f=0'da x0,629 (RNN'den iyi değil),
#    1'de x0,840, 2'de x0,955, 3'te x1,016; sadece b_f=3'te adım 1'deki blame (4,782e-02)
#    adım 50'dekiyle (2,230e-02) aynı büyüklükte kalıyor.
# 4) Clipping sadece patlamayı düzeltir: gain 1,5'te toplam norm 20,577'den tam 1,0'a
#    indirildi, ama gain 0,5'te norm zaten 0,156 (< 1) olduğu için hiç dokunmadı ve adım
#    1'in blame'i yine 5,032e-17; clipping büyük gradient'i küçültür, kaybolmuş bir
#    gradient'i geri getiremez.
