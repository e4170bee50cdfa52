# gradient_decay.py -- exercício 2: medir o vanishing gradient e depois quebrá-lo de propósito
# Mesma medição do Passo 3: uma sequência, loss só no último passo, e a norma do
# gradient que chega em cada passo anterior.
import torch, torch.nn as nn
from sequences import VOCAB  # sequences.py fica na pasta, como o módulo pede

H, D, B = 32, 16, 64


def fmt(x, casas=3):
    """Meu helper: vírgula decimal (0.683 -> 0,683)."""
    return f"{x:.{casas}f}".replace(".", ",")


def fmt_e(x, casas=3):
    """Notação científica com vírgula (1.2e-09 -> 1,2e-09)."""
    return f"{x:.{casas}e}".replace(".", ",")


def dados(T):
    """Mesmos dados do Passo 3: semente 0, x e depois v."""
    torch.manual_seed(0)
    x = torch.randn(T, B, D) * 0.5   # 64 sequências, T passos cada
    v = torch.randn(H, 1) * 0.2      # leitura só no ÚLTIMO passo
    y = torch.ones(B, 1)
    return x, v, y


def rnn_grads(gain, T=50, devolve_params=False):
    """RNN simples. Norma do gradient que chega no hidden state de cada passo."""
    x, v, y = dados(T)
    torch.manual_seed(1)
    Wx = (torch.randn(D, H) * 0.1).requires_grad_()
    Wh = (torch.randn(H, H) / H ** 0.5 * gain).requires_grad_()
    h, hs = torch.zeros(B, H), []
    for t in range(T):
        h = torch.tanh(x[t] @ Wx + h @ Wh)
        h.retain_grad(); hs.append(h)
    nn.functional.binary_cross_entropy_with_logits(hs[-1] @ v, y).backward()
    g = [float(h.grad.norm()) for h in hs]
    return (g, [Wx, Wh]) if devolve_params else g


def lstm_grads(forget_bias, T=50):
    """LSTM. Norma do gradient que chega no CELL state de cada passo."""
    x, v, y = dados(T)
    torch.manual_seed(1)
    cell = nn.LSTMCell(D, H)
    with torch.no_grad():  # abre a válvula de forget desde o início
        cell.bias_ih[H:2 * H].fill_(forget_bias)
        cell.bias_hh[H:2 * H].fill_(0.0)
    h, c, cs = torch.zeros(B, H), torch.zeros(B, H), []
    for t in range(T):
        h, c = cell(x[t], (h, c))
        c.retain_grad(); cs.append(c)
    nn.functional.binary_cross_entropy_with_logits(h @ v, y).backward()
    return [float(c.grad.norm()) for c in cs]


def fator(c):
    """Fator por passo: média geométrica de passo T até passo 1."""
    return (c[0] / c[-1]) ** (1 / (len(c) - 1))


# ---------------- Partes 1 e 3: uma tabela só ----------------
cols = {}
for gain in (0.5, 0.9, 1.0, 1.2, 1.5):
    cols[f"RNN gain {fmt(gain, 1)}"] = rnn_grads(gain)
for fb in (0, 1, 2, 3):
    cols[f"LSTM b_f={fb}"] = lstm_grads(float(fb))

print("Partes 1 e 3 -- gradient que chega no passo t, loss só no passo 50")
print("(RNN: hidden state ; LSTM: cell state)")
PASSOS = [50, 40, 30, 20, 10, 1]
print(f"{'modelo':<13s}" + "".join(f" ; {'passo ' + str(t):>10s}" for t in PASSOS)
      + f" ; {'passo1/passo50':>14s} ; {'fator por passo':>15s}")
for k, c in cols.items():
    print(f"{k:<13s}" + "".join(f" ; {fmt_e(c[t - 1]):>10s}" for t in PASSOS)
          + f" ; {fmt_e(c[0] / c[-1], 2):>14s} ; {'x' + fmt(fator(c)):>15s}")
perda = 1 - cols["RNN gain 1,0"][0] / cols["RNN gain 1,0"][-1]
print(f"\nRNN gain 1,0 perde {fmt(100 * perda, 1)}% do sinal entre o passo 50 e o passo 1")

# ---------------- Parte 2: comprimentos, só gain 1,0 ----------------
print("\nParte 2 -- RNN gain 1,0 em comprimentos diferentes")
print(f"{'comprimento':>11s} ; {'último passo':>12s} ; {'passo 1':>10s} ; {'fator por passo':>15s} ;"
      f" até onde a blame fica acima de 1/1000 do último passo")
for T in (10, 25, 50, 100):
    c = rnn_grads(1.0, T=T)
    limite = c[-1] / 1000
    # anda para trás a partir do último passo enquanto a blame fica acima do limite
    t = T
    while t > 1 and c[t - 2] > limite:
        t -= 1
    if t == 1:
        alcance = f"todos os {T} passos (até o passo 1)"
    else:
        alcance = f"até o passo {t}, ou seja {T - t} passos para trás"
    print(f"{T:11d} ; {fmt_e(c[-1]):>12s} ; {fmt_e(c[0]):>10s} ; {'x' + fmt(fator(c)):>15s} ;"
          f" {alcance}")

# ---------------- Parte 4: clipping no gain 1,5 ----------------
print("\nParte 4 -- clip_grad_norm_ com limite 1,0 na rodada de gain 1,5")
_, params = rnn_grads(1.5, devolve_params=True)
antes = float(nn.utils.clip_grad_norm_(params, max_norm=1.0))
depois = float(torch.norm(torch.stack([p.grad.norm() for p in params])))
print(f"norma total do gradient antes do clipping : {fmt(antes)}")
print(f"norma total do gradient depois do clipping: {fmt(depois)}")
c15 = cols["RNN gain 1,5"]
print(f"(o passo 1 recebe {fmt(c15[0] / c15[-1], 1)} vezes a blame do passo 50)")

# Comentários da Parte 4 (escritos depois de ver os números acima):
# 1. Os gains 0,5 e 0,9 fazem o gradient sumir (vanishing): x0,490 e x0,842 por passo,
#    e no gain 0,5 o passo 1 recebe 5,032e-17 contra 7,577e-02 no passo 50; o gain 1,0
#    também some devagar (x0,911, perde 99,0% do sinal em 50 passos) e com 100 passos
#    a blame já cai abaixo de 1/1000 antes do passo 10.
# 2. O gain 1,5 explode (x1,090 por passo, passo 1 com 5,268e+00, 68,3 vezes o passo 50),
#    e o gain 1,2 fica quase no ponto de equilíbrio (x0,997).
# 3. O forget bias empurra a coluna do cell state de x0,629 (b_f=0, igual a um RNN ruim)
#    para x0,840, x0,955 e x1,016 (b_f=3), e só no b_f=3 o passo 1 (4,782e-02) fica do
#    mesmo tamanho que o passo 50 (2,230e-02).
# 4. O clipping corta a norma de 20,577 para 1,000, então ele controla a explosão, mas não
#    faz nada pelo vanishing: ele só encolhe gradients grandes e nunca aumenta um 5e-17,
#    então para o gradient que some a solução é outra (gates, forget bias, attention).
