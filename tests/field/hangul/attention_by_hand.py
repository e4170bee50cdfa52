# attention_by_hand.py — 연습 4: attention을 종이로 먼저, 그다음 NumPy로
import unicodedata
import numpy as np, torch
import torch.nn.functional as F

# ---------------- 파트 1: 종이 계산 (코드 돌리기 전에 씀) ----------------
# 토큰 ["support", "was", "not", "rude"], 축 = (subject, good/bad, negation, filler)
#   support [2,0,0,0], was [0,0,0,2], not [0,0,2,0.5], rude [0,-2,0,0]
# rude 줄의 dot product (query = key = 의미 벡터):
#   rude·support = 0,  rude·was = 0,  rude·not = 0,  rude·rude = (-2)(-2) = 4
# sqrt(4) = 2로 나누면: 0, 0, 0, 2
# softmax: e^0 = 1 (세 번), e^2 = 7.389, 합 = 3 + 7.389 = 10.389
#   support 1/10.389 = 0.096,  was 0.096,  not 0.096,  rude 7.389/10.389 = 0.711
#   합 = 0.096 * 3 + 0.711 = 0.999 (반올림 때문), 실제로는 1
# 그래서 rude는 자기 자신에게 0.711, 나머지 셋에게 0.096씩 attention 한다고 예상.
HAND_RUDE = np.array([0.096, 0.096, 0.096, 0.711])

np.set_printoptions(precision=3, suppress=True)


def w(s):
    """화면 폭: 한글은 두 칸 (표 정렬용)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def R(s, n):
    return " " * max(0, n - w(s)) + s


def L(s, n):
    return s + " " * max(0, n - w(s))


TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],      # support
              [0.0, 0.0, 0.0, 2.0],      # was
              [0.0, 0.0, 2.0, 0.5],      # not
              [0.0, -2.0, 0.0, 0.0]])    # rude
d = E.shape[1]


# ---------------- 파트 2: attend(Q, K, V) ----------------
def attend(Q, K, V):
    """scaled dot-product attention. (weight 행렬, output)을 돌려준다."""
    scores = Q @ K.T / np.sqrt(Q.shape[1])               # dot product를 sqrt(d)로 나눈다
    wts = np.exp(scores - scores.max(axis=1, keepdims=True))
    wts = wts / wts.sum(axis=1, keepdims=True)            # 줄마다 softmax
    return wts, wts @ V


def show(wts, out, toks, title):
    print(f"\n--- {title} ---")
    print("attention weight (줄 = query, 열 = key):")
    print(L("", 9) + "".join(R(t, 10) for t in toks) + R("합", 8))
    for t, r in zip(toks, wts):
        print(L(t, 9) + "".join(R(f"{v:.3f}", 10) for v in r) + R(f"{r.sum():.3f}", 8))
    print("output = weight × value 벡터:")
    for t, r in zip(toks, out):
        print(f"  {t:<8s} {r}")


print("=== 파트 2: query = key = value = 의미 벡터 ===")
print(f"축 = {AXES}")
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "A. raw self-attention")
i = TOKENS.index("rude")
print(f"\n손 계산한 rude 줄: {HAND_RUDE}")
print(f"코드가 계산한 rude 줄: {wA[i]}")
print(f"최대 차이: {np.abs(wA[i] - HAND_RUDE).max():.4f} (손 계산은 소수 셋째 자리 반올림)")
print(f"모든 줄의 합이 1.000인가? {np.allclose(wA.sum(1), 1.0)}")

# ---------------- 파트 3: query 행렬 추가 ----------------
print("\n=== 파트 3: Step 6의 query 행렬 Wq ===")
Wq = np.array([[0.0, -1.0, 0.0, 0.0],    # 나쁜 단어가 묻는다: 내 subject는 누구?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],    # ...그리고: 근처에 부정어(not)가 있나?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("Wq를 거친 query:")
for t, r in zip(TOKENS, Q):
    print(f"  {t:<8s} {r}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "B. query는 따로, key와 value는 의미 벡터")
print(f"\nrude 줄 읽기:")
for j, t in enumerate(TOKENS):
    print(f"  rude의 새 의미 중 {wB[i, j]:.3f}가 '{t}'에서 온다")
print(f"  good/bad 숫자: {E[i, 1]:+.3f} → {outB[i, 1]:+.3f}")
print(f"  negation 숫자: {E[i, 2]:+.3f} → {outB[i, 2]:+.3f}")
print(f"모든 줄의 합이 1.000인가? {np.allclose(wB.sum(1), 1.0)}")
# 코멘트 (결과를 보고 씀):
# rude는 support(0.440)와 not(0.440)에 attention 하고 was와 자기 자신에게는 0.060씩만 준다. 이 phrase에서 rude가 누구에 대한
# 말인지는 support가, 그 뜻이 뒤집혔는지는 not이 정해 주니까 딱 맞는 짝이다. 그 결과 rude의 good/bad 값이 -2.000에서 -0.119로
# 0 근처까지 올라가고, 없던 negation 값 0.881이 생겼다. 나머지 세 토큰은 query가 0이라 모두 0.250씩 고르게 본다.

# ---------------- 파트 4: PyTorch와 비교, 그리고 섞기 ----------------
print("\n=== 파트 4: PyTorch 함수와 비교 ===")
# torch 1.13에는 F.scaled_dot_product_attention이 아직 없어서 (2.0부터 공개 함수),
# 1.13에 들어 있는 F._scaled_dot_product_attention(output, weight 튜플을 돌려줌)을 대신 쓴다.
if hasattr(F, "scaled_dot_product_attention"):
    sdpa = lambda q, k, v: F.scaled_dot_product_attention(q, k, v)
    fname = "F.scaled_dot_product_attention"
else:
    sdpa = lambda q, k, v: F._scaled_dot_product_attention(q, k, v)[0]
    fname = "F._scaled_dot_product_attention (torch 1.13)"
t_out = sdpa(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
gap = np.abs(t_out - outB).max()
print(f"사용한 함수: {fname}, torch {torch.__version__}")
print(f"우리 NumPy output과 PyTorch output의 최대 차이: {gap:.2e}  (1e-12 미만? {gap < 1e-12})")
t_outA = sdpa(torch.tensor(E), torch.tensor(E), torch.tensor(E)).numpy()
print(f"(A의 경우도) 최대 차이: {np.abs(t_outA - outA).max():.2e}")

print("\n=== 파트 4: 토큰 순서 섞기 ===")
perm = [3, 0, 2, 1]                      # rude, support, not, was
toks_s = [TOKENS[p] for p in perm]
Es, Qs = E[perm], Q[perm]
wS, outS = attend(Qs, Es, Es)
show(wS, outS, toks_s, f"B를 섞은 순서로: {' '.join(toks_s)}")
same_vals = np.allclose(outS, outB[perm]) and np.allclose(wS, wB[np.ix_(perm, perm)])
print(f"\n섞은 output이 원래 output을 같은 순서로 섞은 것과 같나? {same_vals}")
print(f"섞은 순서에서 rude 줄: {outS[toks_s.index('rude')]}   원래 rude 줄: {outB[i]}")
# 코멘트 (결과를 보고 씀, 세 문장):
# 바뀐 것: 토큰 줄을 rude, support, not, was 순서로 섞으니 output 줄과 weight 표의 줄·열 위치가 토큰을 따라 같이 움직였다.
# 안 바뀐 것: 값은 하나도 안 바뀌었다 — rude 줄은 여전히 [0.881 -0.119 0.881 0.339]이고 support와 not에 0.440씩 준다.
# 그러니까 attention 혼자서는 순서를 전혀 모른다(순서에 눈이 멀었다); "support was not rude"와 섞인 문장을 구별하려면
# position 정보를 따로 넣어 줘야 하고, 2.8에서 그걸 추가한다.
