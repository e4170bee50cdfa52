# Упражнение 4 — attention на бумаге, потом в NumPy (attention_by_hand.py)
#
# Часть 1, на бумаге (посчитано ДО запуска кода):
# токены support=[2,0,0,0], was=[0,0,0,2], not=[0,0,2,0.5], rude=[0,-2,0,0]
# строка rude (query = rude) против каждого key:
#   rude·support = 0*2 + (-2)*0 + 0*0 + 0*0       = 0  -> 0/sqrt(4) = 0.000
#   rude·was     = 0 + 0 + 0 + 0*2                = 0  -> 0/2       = 0.000
#   rude·not     = 0 + 0 + 0*2 + 0*0.5            = 0  -> 0/2       = 0.000
#   rude·rude    = (-2)*(-2)                      = 4  -> 4/2       = 2.000
# softmax: e^0 = 1, e^2 = 7.389; сумма = 1 + 1 + 1 + 7.389 = 10.389
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
#   (0.711 + 3*0.096 = 0.999 из-за округления, точно будет 1.000)
# Значит без отдельного query слово rude смотрит в основном само на себя.
import numpy as np, torch

np.set_printoptions(precision=3, suppress=True)
TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]
HAND = np.array([0.096, 0.096, 0.096, 0.711])  # мои числа с бумаги, строка rude


def attend(Q, K, V):
    """Scaled dot-product attention. Возвращает (веса, выход)."""
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)  # softmax по строкам
    return w, w @ V


def show(w, out, tokens, title):
    print(f"\n--- {title} ---")
    print("веса attention (строка = query, столбец = key):")
    print(f"{'':<9s}" + "".join(f"{t:>9s}" for t in tokens) + f"{'сумма':>8s}")
    for t, r in zip(tokens, w):
        print(f"{t:<9s}" + "".join(f"{v:9.3f}" for v in r) + f"{r.sum():8.3f}")
    print("выход = веса x value-векторы:")
    for t, r in zip(tokens, out):
        print(f"  {t:<8s} {r}")


print(f"четыре смысла, оси = {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")

# ========== Часть 2: query = key = value = смыслы ==========
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "Часть 2: query = key = value = смыслы")
r = TOKENS.index("rude")
print(f"\nстрока rude из кода:   {wA[r]}")
print(f"строка rude с бумаги: {HAND}")
print(f"макс. расхождение с ручным расчётом: {np.abs(wA[r] - HAND).max():.4f}"
      f" (руками округлял до 3 знаков)")
print(f"все строки в сумме 1.000? {np.allclose(wA.sum(1), 1.0)}")

# ========== Часть 3: query matrix из Step 6 ==========
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # плохое слово спрашивает: кто мой subject?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...и: есть ли рядом отрицание?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nqueries после query matrix (Wq):")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "Часть 3: отдельный query, key и value = смыслы")
print(f"\nстрока rude: support {wB[r, 0]:.3f}, was {wB[r, 1]:.3f},"
      f" not {wB[r, 2]:.3f}, rude {wB[r, 3]:.3f}")
print(f"good/bad у rude: {E[r, 1]:+.3f} -> {outB[r, 1]:+.3f};"
      f" negation: {E[r, 2]:+.3f} -> {outB[r, 2]:+.3f}")
print(f"все строки в сумме 1.000? {np.allclose(wB.sum(1), 1.0)}")

# ========== Часть 4: сверка с PyTorch и перемешивание ==========
print("\n--- Часть 4: сверка с torch и перемешивание токенов ---")
# В моём torch 1.13 публичной scaled_dot_product_attention ещё нет (она с torch 2.0),
# есть только приватная _scaled_dot_product_attention, она возвращает (выход, веса).
def torch_sdpa(Qn, Kn, Vn):
    F = torch.nn.functional
    q, k, v = (torch.tensor(a).unsqueeze(0) for a in (Qn, Kn, Vn))  # batch 1
    if hasattr(F, "scaled_dot_product_attention"):
        return F.scaled_dot_product_attention(q, k, v)[0].numpy(), None
    o, w = F._scaled_dot_product_attention(q, k, v, need_attn_weights=True)
    return o[0].numpy(), w[0].numpy()


print(f"версия torch: {torch.__version__}")
t, tw = torch_sdpa(Q, E, E)
print(f"макс. разница с torch scaled_dot_product_attention: {np.abs(t - outB).max():.2e}")
if tw is not None:
    print(f"макс. разница весов с torch: {np.abs(tw - wB).max():.2e}")
tA, _ = torch_sdpa(E, E, E)
print(f"то же для Части 2 (query = key = value): {np.abs(tA - outA).max():.2e}")

perm = [2, 0, 3, 1]  # новый порядок: not, support, rude, was
Es, Qs = E[perm], Q[perm]
TS = [TOKENS[i] for i in perm]
wS, outS = attend(Qs, Es, Es)
show(wS, outS, TS, "перемешанный порядок: " + " ".join(TS))
print(f"\nмакс. разница выхода (перемешанный против исходного, переставленного так же):"
      f" {np.abs(outS - outB[perm]).max():.2e}")
print(f"строки выхода на своих местах совпадают с исходными? "
      f"{np.allclose(outS, outB)}")
print(f"rude в новом порядке: {outS[TS.index('rude')]}  (было {outB[r]})")

# ========== Комментарии ==========
# Проверка ручного расчёта (Часть 2): код дал для строки rude 0.096, 0.096, 0.096
# и 0.711 — ровно мои числа с бумаги (расхождение 0.0003 только от округления).
# Каждая строка весов в сумме 1.000, как и должно быть после softmax.
#
# Часть 3 — кто на кого смотрит: rude смотрит на support (0.440) и на not (0.440),
# а на was и на себя только по 0.060. Это правильная пара для фразы "support was
# not rude": rude — плохое слово, ему нужен его subject (support — о ком речь) и
# отрицание (not — оно переворачивает смысл). В результате good/bad у rude вырос
# от -2.000 до -0.119, и появилось negation 0.881 — за один hop, без памяти через
# промежуточные слова. Остальные три токена получили query [0,0,0,0], поэтому
# смотрят на всех одинаково, по 0.250.
#
# Часть 4 — сверка: разница с torch 2.22e-16 (меньше 1e-12), т.е. мой NumPy считает
# то же самое, что PyTorch (в torch 1.13 пришлось взять _scaled_dot_product_attention).
# Перемешивание, три предложения:
# 1) Изменилось только место строк: выход rude переехал вместе с токеном rude
#    (с позиции 4 на позицию 3), и столбцы весов переставились так же.
# 2) Не изменились сами значения: rude всё так же [0.881 -0.119 0.881 0.339] с
#    весами 0.440 / 0.440 / 0.060 / 0.060, разница с исходным выходом 2.22e-16.
# 3) Значит attention сам по себе слеп к порядку (permutation-equivariant): "not
#    rude" и "rude ... not" для него одно и то же, поэтому в Transformer нужно
#    отдельно добавлять position information (об этом модуль 2.8).
