# attention_by_hand.py -- exercício 4: attention no papel, depois em NumPy
import numpy as np, torch
from sequences import VOCAB  # sequences.py fica na pasta

# ---------------- Parte 1: no papel (feito ANTES de rodar qualquer coisa) ----------------
# Tokens ["support", "was", "not", "rude"], eixos (sujeito, bom/ruim, negação, enchimento):
#   support [2,0,0,0] ; was [0,0,0,2] ; not [0,0,2,0.5] ; rude [0,-2,0,0]
# Linha do rude (query = key = as meanings), produtos escalares:
#   rude·support = 0 ; rude·was = 0 ; rude·not = 0 ; rude·rude = (-2)(-2) = 4
# Divididos por raiz de 4 = 2:  0 ; 0 ; 0 ; 2
# Softmax: e^0 = 1 (três vezes), e^2 = 7,389 ; soma = 3 + 7,389 = 10,389
#   support 1/10,389 = 0,096 ; was 0,096 ; not 0,096 ; rude 7,389/10,389 = 0,711
#   (0,096 * 3 + 0,711 = 0,999 por arredondamento; sem arredondar dá 1)


def fmt(x, casas=3):
    """Meu helper: vírgula decimal (0.683 -> 0,683)."""
    return f"{x:.{casas}f}".replace(".", ",")


def fmt_vec(v, casas=3):
    return "[" + "  ".join(fmt(float(a), casas).rjust(casas + 3) for a in v) + "]"


TOKENS = ["support", "was", "not", "rude"]
EIXOS = ["sujeito", "bom/ruim", "negação", "enchimento"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]


def attend(Q, K, V):
    """Attention em NumPy: devolve a matriz de pesos e a saída."""
    scores = Q @ K.T
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)  # softmax linha por linha
    return w, w @ V, scores


def mostra(titulo, tokens, w, out, scores):
    print(f"\n--- {titulo} ---")
    print("scores (linha = query, coluna = key), divididos por raiz de 4:")
    print(f"{'':<9s}" + "".join(f" ; {t:>8s}" for t in tokens))
    for t, r in zip(tokens, scores):
        print(f"{t:<9s}" + "".join(f" ; {fmt(v):>8s}" for v in r))
    print("pesos de attention depois do softmax:")
    print(f"{'':<9s}" + "".join(f" ; {t:>8s}" for t in tokens) + f" ; {'soma':>6s}")
    for t, r in zip(tokens, w):
        print(f"{t:<9s}" + "".join(f" ; {fmt(v):>8s}" for v in r) + f" ; {fmt(r.sum()):>6s}")
    print("saída = pesos vezes os vetores de value:")
    for t, r in zip(tokens, out):
        print(f"  {t:<8s} {fmt_vec(r)}")


print(f"quatro meanings de 4 números, eixos = {EIXOS}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {fmt_vec(row, 1)}")

# ---------------- Parte 2 ----------------
print("\nParte 2 -- query = key = value = as meanings")
wA, outA, sA = attend(E, E, E)
mostra("A. self-attention crua", TOKENS, wA, outA, sA)
mao = np.array([1, 1, 1, np.exp(2)]) / (3 + np.exp(2))
i = TOKENS.index("rude")
print(f"\nlinha do rude na mão : {fmt_vec(np.round(mao, 3))}")
print(f"linha do rude impressa: {fmt_vec(wA[i])}")
print(f"maior diferença: {fmt(np.abs(mao - wA[i]).max(), 6)}")

# ---------------- Parte 3 ----------------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # uma palavra ruim pergunta: quem é meu sujeito?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...e: tem um negador perto de mim?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nParte 3 -- queries depois da matriz de query (Wq) do Passo 6:")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {fmt_vec(row, 1)}")
wB, outB, sB = attend(Q, E, E)
mostra("B. query separada, key e value = meanings", TOKENS, wB, outB, sB)
print("\nlendo a linha do 'rude' em voz alta:")
for j, t in enumerate(TOKENS):
    print(f"  {fmt(wB[i, j])} do novo significado vem de '{t}'")
print(f"  o número bom/ruim foi de {fmt(E[i, 1])} para {fmt(outB[i, 1])}")
print(f"  o número de negação foi de {fmt(E[i, 2])} para {fmt(outB[i, 2])}")
# Comentário da Parte 3 (depois de ver a tabela B): o 'rude' prestou attention em
# 'support' (0,440) e em 'not' (0,440), e só 0,060 em 'was' e nele mesmo. Esse par está
# certo para esta frase: 'rude' precisa saber de quem se fala (o support) e que foi
# negado ('not rude' = elogio), e por isso a saída dele virou [0,881 -0,119 0,881 0,339]:
# o bom/ruim saiu de -2,000 para perto de zero e apareceu negação 0,881. As outras três
# linhas têm query zero, então dão 0,250 para todo mundo -- elas não perguntam nada.

# ---------------- Parte 4 ----------------
print("\nParte 4 -- conferindo com o PyTorch")
F = torch.nn.functional
if hasattr(F, "scaled_dot_product_attention"):
    sdpa = F.scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E), torch.tensor(E))
    nome = "scaled_dot_product_attention"
else:
    # no torch 1.13 do Debian a função pública ainda não existe; a versão interna
    # devolve (saída, pesos) e faz a mesma conta (divide por raiz de d)
    sdpa, _ = F._scaled_dot_product_attention(torch.tensor(Q), torch.tensor(E), torch.tensor(E))
    nome = "_scaled_dot_product_attention (torch 1.13)"
gap = np.abs(sdpa.numpy() - outB).max()
print(f"torch {torch.__version__}, função usada: {nome}")
print(f"maior diferença contra o attention do PyTorch: {gap:.2e}".replace(".", ","))
print(f"abaixo de 1e-12? {gap < 1e-12}")

perm = [2, 0, 3, 1]  # nova ordem: not, support, rude, was
Ep, Qp = E[perm], Q[perm]
TOK_p = [TOKENS[k] for k in perm]
wP, outP, sP = attend(Qp, Ep, Ep)
mostra(f"C. mesmas linhas embaralhadas: {TOK_p}", TOK_p, wP, outP, sP)
print(f"\nsaída embaralhada == saída original reordenada? {np.allclose(outP, outB[perm])}")
print(f"pesos embaralhados == pesos originais reordenados (linhas e colunas)?"
      f" {np.allclose(wP, wB[np.ix_(perm, perm)])}")
print("passos de 'not' até 'rude': RNN 1, attention 1")
print("passos do token 1 ao token 50: RNN 49, attention 1")
# Comentários da Parte 4 (depois de ver a tabela C):
# O que mudou: só a posição das linhas -- a saída do 'rude' agora é a terceira linha
# e não a quarta, porque as linhas da saída andam junto com os seus tokens.
# O que não mudou: os valores; o 'rude' continua com 0,440 em support e em not e saída
# [0,881 -0,119 0,881 0,339], e a comparação com a saída original reordenada deu True.
# Isso mostra que attention sozinho é cego para a ordem: sem informação de posição,
# "support was not rude" e qualquer embaralhamento dão o mesmo resultado por token,
# por isso o Transformer (2.8) precisa somar position information.
