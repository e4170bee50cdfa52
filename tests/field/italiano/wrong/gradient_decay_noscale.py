# gradient_decay.py — Esercizio 2: misurare il vanishing gradient, poi romperlo apposta.
import torch, torch.nn as nn
torch.set_num_threads(4)

H, D, B = 32, 16, 64


def make_inputs(T):
    """Stessi input dello Step 3: seed 0, poi x e v (read-out solo all'ULTIMO passo)."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5
    v = torch.randn(H, 1) * 0.2
    return x, v, torch.ones(B, 1)


def rnn_grads(gain, T=50, keep=False):
    """Plain RNN. Norma del gradiente che arriva allo stato nascosto di ogni passo."""
    x, v, y = make_inputs(T)
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
    """LSTM. Norma del gradiente che arriva allo stato di CELLA di ogni passo."""
    x, v, y = make_inputs(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():                    # valvola forget aperta all'inizio
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def factor(c):
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


# ---------------- Parte 1 + Parte 3: una sola tabella ----------------
T = 50
cols = {f"RNN guadagno {g}": rnn_grads(g) for g in (0.5, 0.9, 1.0, 1.2, 1.5)}
cols.update({f"LSTM b_f={fb}": lstm_grads(float(fb)) for fb in (0, 1, 2, 3)})
print("PARTE 1 + 3 — blame che arriva al passo t, loss solo al passo 50")
print(f"{'modello':<18s}" + "".join(f"{'passo ' + str(t):>11s}" for t in (50, 40, 30, 20, 10, 1))
      + f"{'passo1/passo50':>15s}{'fattore per passo':>19s}")
for k, c in cols.items():
    print(f"{k:<18s}" + "".join(f"{c[t - 1]:11.3e}" for t in (50, 40, 30, 20, 10, 1))
          + f"{c[0] / c[-1]:15.2e}{'x' + format(factor(c), '.3f'):>19s}")
g10 = cols["RNN guadagno 1.0"]
print(f"guadagno 1.0: al passo 1 resta il {100 * g10[0] / g10[-1]:.1f}% del blame del passo 50"
      f" (perso il {100 * (1 - g10[0] / g10[-1]):.1f}%)")

# ---------------- Parte 2: lunghezze diverse, guadagno 1.0 ----------------
print("\nPARTE 2 — guadagno 1.0 a lunghezze diverse")
print(f"{'lunghezza':>9s} {'ultimo passo':>13s} {'passo 1':>11s} {'fattore per passo':>18s}"
      f" {'passi indietro sopra 1/1000':>28s}")
for L in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=L)
    last = c[-1]
    # quanti passi indietro (dall'ultimo) il blame resta sopra last/1000
    back = 0
    for t in range(L - 1, -1, -1):
        if c[t] > last / 1000:
            back = L - 1 - t
        else:
            break
    label = f"{back} (tutti)" if back == L - 1 else str(back)
    print(f"{L:9d} {last:13.3e} {c[0]:11.3e} {'x' + format(factor(c), '.3f'):>18s} {label:>28s}")

# ---------------- Parte 4: clipping sulla run a guadagno 1.5 ----------------
print("\nPARTE 4 — clipping sulla run a guadagno 1.5 (soglia 1.0)")
for gain in (1.5, 0.5):
    _, params = rnn_grads(gain, keep=True)
    before = float(nn.utils.clip_grad_norm_(params, 1.0))
    after = float(torch.norm(torch.stack([p.grad.norm() for p in params])))
    print(f"guadagno {gain}: norma totale prima del clip {before:10.4f}   dopo il clip {after:.4f}")

# I miei commenti (Parte 4), dopo aver visto l'output:
# 1. Svaniscono i guadagni 0.5, 0.9 e 1.0: x0,490, x0,842 e x0,911 per passo, e al
#    passo 1 arrivano 5,032e-17, 1,619e-05 e 7,716e-04 contro circa 7,6e-02 al
#    passo 50, quindi anche il guadagno 1.0 perde il 99% del segnale (e a
#    lunghezza 100 il blame resta sopra 1/1000 solo per 90 passi indietro su 99).
# 2. Esplode il guadagno 1.5: circa x1,090 per passo, al passo 1 vale 5,268, cioè
#    68 volte il passo 50; il guadagno 1.2 è al confine (x0,997): scende fino
#    a circa 2,2e-02 al passo 30 e poi risale a 6,5e-02 al passo 1.
# 3. Il forget bias alza il fattore per passo della colonna di cella da x0,629
#    (bias 0) a x0,840, x0,955 e x1,016 (bias 3), e solo con bias 3 il blame al
#    passo 1 (4,782e-02) resta della stessa taglia di quello al passo 50 (2,230e-02).
# 4. Il clipping ripara l'esplosione e non il vanishing: a guadagno 1.5 porta la
#    norma totale da 20,58 a esattamente 1,0000, ma a guadagno 0.5 la norma è
#    0,1564 e il clip la lascia com'è, perché un clip può solo rimpicciolire un
#    gradiente troppo grande, non ridare ai primi passi un segnale già sparito.
