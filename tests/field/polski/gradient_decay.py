# Ćwiczenie 2 — zanikający (i eksplodujący) gradient, zmierzony, a nie opisany
import torch, torch.nn as nn
H, D, B = 32, 16, 64
STEPS = [50, 40, 30, 20, 10, 1]

def data(T):
    """Te same dane co w kroku 3: seed 0, x potem v (dla T=50 identyczne)."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5
    v = torch.randn(H, 1) * 0.2 # odczyt tylko na OSTATNIM kroku
    return x, v, torch.ones(B, 1)

def rnn_grads(gain, T=50, clip=None):
    """Zwykła RNN. Norma gradientu docierającego do stanu ukrytego w każdym kroku."""
    x, v, y = data(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    norms = [float(h.grad.norm()) for h in hs]
    if clip is None:
        return norms
    params = [Wx, Wh]
    before = float(nn.utils.clip_grad_norm_(params, clip)) # zwraca normę PRZED
    after = float(torch.norm(torch.stack([p.grad.norm() for p in params])))
    return norms, before, after

def lstm_grads(forget_bias, T=50):
    """LSTM. Norma gradientu docierającego do stanu KOMÓRKI w każdym kroku."""
    x, v, y = data(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]

def factor(c):
    return (c[0] / c[-1]) ** (1 / (len(c) - 1)) # średni mnożnik na krok

# ---------- Części 1 i 3: jedna tabela, RNN (wzmocnienia) + LSTM (bias bramki) ----------
rows = {f"RNN wzmocn. {g}": rnn_grads(g) for g in (0.5, 0.9, 1.0, 1.2, 1.5)}
rows.update({f"LSTM b_f={b}": lstm_grads(float(b)) for b in (0, 1, 2, 3)})
print("Części 1 i 3: „wina” (norma gradientu) docierająca do kroku t; strata tylko w kroku 50")
print(f"{'model':<17s}" + "".join(f"{'krok ' + str(s):>11s}" for s in STEPS)
      + f"{'krok1/krok50':>14s}{'mnożnik/krok':>14s}")
for k, c in rows.items():
    print(f"{k:<17s}" + "".join(f"{c[s - 1]:11.3e}" for s in STEPS)
          + f"{c[0] / c[-1]:14.2e}{'x' + format(factor(c), '.3f'):>14s}")

# ---------- Część 2: długość sekwencji, tylko wzmocnienie 1.0 ----------
print("\nCzęść 2: RNN wzmocn. 1.0 przy różnych długościach; próg = 0.001 x wina w ostatnim kroku")
print(f"{'długość':>8s} {'ostatni krok':>13s} {'krok 1':>11s} {'krok1/ostatni':>14s}"
      f" {'mnożnik/krok':>13s} {'najwcz. krok > progu':>21s} {'zasięg wstecz [kroki]':>22s}")
for T in (10, 25, 50, 100):
    c = rnn_grads(1.0, T)
    thr = 1e-3 * c[-1]
    first = next(t for t in range(1, T + 1) if all(n > thr for n in c[t - 1:]))
    print(f"{T:8d} {c[-1]:13.3e} {c[0]:11.3e} {c[0] / c[-1]:14.2e}"
          f" {'x' + format(factor(c), '.3f'):>13s} {first:21d} {T - first:22d}")

# ---------- Część 4: przycinanie gradientu przy wzmocnieniu 1.5 ----------
_, before, after = rnn_grads(1.5, clip=1.0)
print("\nCzęść 4: clip_grad_norm_(max_norm=1.0), RNN wzmocn. 1.5, parametry Wx i Wh")
print(f"{'':<24s} {'norma całkowita':>16s}")
print(f"{'przed przycięciem':<24s} {before:16.3f}")
print(f"{'po przycięciu':<24s} {after:16.3f}")

# ---------- Komentarze (po zobaczeniu moich wyników) ----------
# 1. Zanikają wzmocnienia 0.5, 0.9 i 1.0: mnożniki x0.490, x0.842 i x0.911 na krok, więc przy
#    0.5 do kroku 1 dociera 5.032e-17 wobec 7.577e-02 w kroku 50, a nawet przy 1.0 zostaje tylko
#    ok. 1% (7.716e-04 / 7.603e-02 = 1.01e-02), czyli ginie ok. 99% sygnału.
# 2. Eksploduje wzmocnienie 1.5 (x1.090 na krok, krok 1 dostaje 5.268e+00, czyli 68 razy więcej niż
#    krok 50), a 1.2 wyszło u mnie prawie na granicy (x0.997) — wina najpierw maleje, potem rośnie.
# 3. Bias bramki zapominania przesuwa mnożnik stanu komórki z x0.629 (b_f=0) przez x0.840 i x0.955
#    do x1.016 (b_f=3); tylko przy b_f=3 wina w kroku 1 (4.782e-02) jest tego samego rzędu co w kroku 50
#    (2.230e-02), przy b_f=0 spada do 5.180e-12, więc samo LSTM bez otwartych bramek nic nie daje.
# 4. Przycinanie ścięło normę z 20.577 do dokładnie 1.000, czyli opanowuje eksplozję, ale nic nie
#    pomaga przy zanikaniu: przycinanie tylko ZMNIEJSZA za duże gradienty, a gradientu 5e-17 nie
#    powiększy — na to trzeba zmienić architekturę lub inicjalizację (bramki, bias, uwaga).
# Część 2: przy wzmocnieniu 1.0 wina zostaje powyżej 0.001 ostatniej wartości na całej długości 10, 25
#    i 50, a dopiero przy 100 krokach spada pod próg — sięga tylko ok. 90 kroków wstecz (od kroku 10).
