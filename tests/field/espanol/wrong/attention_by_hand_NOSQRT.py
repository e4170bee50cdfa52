# attention_by_hand.py -- Ejercicio 4: attention en papel y luego en NumPy.
import numpy as np, torch

np.set_printoptions(precision=3, suppress=True)

# ---------------- Parte 1: en papel (escrito ANTES de correr nada) ----------------
# Fila de 'rude' = [0, -2, 0, 0]. Dot products contra cada token:
#   support [2,0,0,0]   -> 0
#   was     [0,0,0,2]   -> 0
#   not     [0,0,2,0.5] -> 0
#   rude    [0,-2,0,0]  -> (-2)(-2) = 4
# Divididos por sqrt(4) = 2  ->  scores 0, 0, 0, 2
# Softmax: e^0 = 1 (tres veces), e^2 = 7.389; suma = 3 + 7.389 = 10.389
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
#   (suma 0.096*3 + 0.711 = 0.999 ~ 1.000 por el redondeo)
# Salida de rude = 0.096*support + 0.096*was + 0.096*not + 0.711*rude
#   = [0.193, -1.422, 0.193, 0.241] más o menos.

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]


def attend(Q, K, V):
    """Scaled dot-product attention en NumPy. Devuelve (pesos, salida)."""
    scores = Q @ K.T                               # dot product escalado
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)               # softmax fila por fila
    return w, w @ V


def show(w, out, tokens, title):
    print(f"\n--- {title} ---")
    print("pesos de atención (fila = query, columna = key):")
    print(f"{'':<9s}" + "".join(f"{t:>10s}" for t in tokens) + f"{'suma':>8s}")
    for t, r in zip(tokens, w):
        print(f"{t:<9s}" + "".join(f"{v:10.3f}" for v in r) + f"{r.sum():8.3f}")
    print("salida = pesos por los vectores value:")
    for t, r in zip(tokens, out):
        print(f"  {t:<8s} {r}")


print(f"cuatro significados, ejes = {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")

# ---------------- Parte 2: query = key = value = significados ----------------
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "A. query = key = value = los significados")
i = TOKENS.index("rude")
print(f"fila 'rude' calculada: {wA[i]}   a mano: [0.096 0.096 0.096 0.711]")
print(f"¿coincide con mi cuenta a mano (a 3 decimales)? "
      f"{np.allclose(np.round(wA[i], 3), [0.096, 0.096, 0.096, 0.711])}")

# ---------------- Parte 3: la matriz de query del Step 6 ----------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # una palabra mala pregunta: ¿quién es mi sujeto?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...y: ¿hay un negador cerca?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nqueries después de Wq:")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "B. query con Wq, key = value = significados")
print(f"\nla fila 'rude' leída en voz alta:")
for j, t in enumerate(TOKENS):
    print(f"  {wB[i, j]:.3f} de su nuevo significado viene de '{t}'")
print(f"  su número good/bad pasó de {E[i, 1]:+.3f} a {outB[i, 1]:+.3f}")
print(f"  su número de negación pasó de {E[i, 2]:+.3f} a {outB[i, 2]:+.3f}")
# Comentario Parte 3: 'rude' atiende 0.440 a 'support' y 0.440 a 'not' (y solo 0.060
# a 'was' y a sí mismo). Es el emparejamiento correcto para "support was not rude":
# 'rude' necesita saber DE QUIÉN habla (support) y que está negado (not), y eso le
# sube el good/bad de -2.000 a -0.119 y le pone negación 0.881. Las otras tres filas
# tienen query cero, así que reparten 0.250 a todos (no preguntan nada).

# ---------------- Parte 4: contra PyTorch, y barajar ----------------
# En torch 1.13 (el python de Debian) la función pública
# torch.nn.functional.scaled_dot_product_attention todavía no existe (llegó en 2.0);
# la 1.13 trae la misma cuenta como _scaled_dot_product_attention, que devuelve
# (salida, pesos). Uso la pública si existe y si no la privada.
F = torch.nn.functional


def torch_sdpa(Q, K, V):
    q, k, v = (torch.tensor(a).unsqueeze(0) for a in (Q, K, V))  # lote de 1
    if hasattr(F, "scaled_dot_product_attention"):
        return F.scaled_dot_product_attention(q, k, v)[0].numpy()
    return F._scaled_dot_product_attention(q, k, v)[0][0].numpy()


gap = np.abs(torch_sdpa(Q, E, E) - outB).max()
print(f"\ndiferencia máxima contra la attention de torch {torch.__version__}: {gap:.2e}"
      f"   ¿menor que 1e-12? {gap < 1e-12}")

perm = [2, 0, 3, 1]  # nuevo orden: not, support, rude, was
Ts = [TOKENS[p] for p in perm]
Es = E[perm]
ws, outs = attend(Es @ Wq.T, Es, Es)
show(ws, outs, Ts, "C. los mismos cuatro tokens barajados: " + " ".join(Ts))
print(f"\n¿la salida barajada es la salida original en el nuevo orden? "
      f"{np.allclose(outs, outB[perm])}")
print(f"¿los pesos barajados son los originales permutados en filas y columnas? "
      f"{np.allclose(ws, wB[np.ix_(perm, perm)])}")
print(f"diferencia máxima contra torch (barajado): "
      f"{np.abs(torch_sdpa(Es @ Wq.T, Es, Es) - outs).max():.2e}")
print("saltos de 'not' a 'rude': RNN 1, attention 1")
print("saltos del token 1 al token 50: RNN 49, attention 1")
# Comentarios Parte 4 (después de ver el barajado):
# (1) Lo que cambió: solo el orden de las filas; 'rude' ahora es la fila 3 en vez de
#     la 4, y sus pesos se movieron de columna junto con sus tokens.
# (2) Lo que no cambió: los valores, 'rude' sigue dando 0.440 a support y a not y la
#     misma salida [0.881, -0.119, 0.881, 0.339]; las salidas se mueven con sus tokens.
# (3) O sea, attention sola es ciega al orden: "support was not rude" y cualquier
#     barajado dan el mismo resultado por token, por eso el 2.8 tiene que añadir
#     información de posición.
