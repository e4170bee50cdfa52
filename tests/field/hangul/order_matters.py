# order_matters.py — 연습 1: 순서가 의미를 가진다는 것을 증명하고, memory가 그것을 붙잡는 것을 본다
import unicodedata
import numpy as np, torch, torch.nn as nn
from sequences import *


def w(s):
    """화면 폭: 한글은 두 칸 (표 정렬용)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def L(s, n):
    return s + " " * max(0, n - w(s))


def R(s, n):
    return " " * max(0, n - w(s)) + s


# ---------------- 파트 1: 데이터 ----------------
print("=== 파트 1: 데이터 ===")
train_rows = make_reviews(1600, seed=11)
Xtr, ytr, ktr = encode(train_rows)
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print(f"학습 {tuple(Xtr.shape)}, 테스트 {tuple(Xte.shape)}, 단어 수 {len(VOCAB)}개, 리뷰 길이 {Xtr.shape[1]} 토큰")
print(f"테스트 행 나누기: 'very' 행 {int(very.sum())}개, 'not' 행 {int(nots.sum())}개")


# ---------------- 파트 2: bag-of-words 와 쌍둥이 리뷰 ----------------
print("\n=== 파트 2: 쌍둥이 리뷰 (bag 벡터는 같고 라벨은 반대) ===")


def bag_vector(toks):
    """리뷰 하나(단어 리스트)를 받아 bag-of-words 벡터(단어별 개수)를 돌려준다."""
    v = np.zeros(len(VOCAB))
    for t in toks:
        v[STOI[t]] += 1.0
    return v


groups = {}                       # bag 벡터 -> 그 bag을 가진 학습 리뷰들
for toks, lab, kind in train_rows:
    groups.setdefault(tuple(bag_vector(toks)), []).append((toks, lab))

twins = []
for key, rows in groups.items():
    pos = [r for r in rows if r[1] == 1]
    neg = [r for r in rows if r[1] == 0]
    if pos and neg:
        twins.append((pos[0], neg[0]))
    if len(twins) == 3:
        break

for n, ((ta, la), (tb, lb)) in enumerate(twins, start=1):
    same_bag = np.array_equal(bag_vector(ta), bag_vector(tb))
    print(f"쌍둥이 {n}:")
    print(f"  라벨 {la}  {' '.join(ta)}")
    print(f"  라벨 {lb}  {' '.join(tb)}")
    print(f"  정렬 A: {sorted(ta)}")
    print(f"  정렬 B: {sorted(tb)}")
    print(f"  정렬 단어 같음? {sorted(ta) == sorted(tb)}   bag 벡터 같음? {same_bag}"
          f"   라벨 반대? {la != lb}")


# ---------------- 파트 3: 순서를 버린 모델 두 개 ----------------
print("\n=== 파트 3: bag 모델의 정확도 (세 가지로 나눠서) ===")
Btr, Bte = bag(Xtr), bag(Xte)
print(L("모델", 26) + R("파라미터", 10) + R("전체", 8) + R("very 행", 10) + R("not 행", 10))
for name, build in (("logistic (단어 개수)", lambda: nn.Linear(len(VOCAB), 1)),
                    ("64-unit net (단어 개수)",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)                       # weight를 만들기 전에 seed
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    n_par = sum(p.numel() for p in net.parameters())
    print(L(name, 26) + R(f"{n_par:,d}", 10) + R(f"{acc(net, Bte, yte):.3f}", 8)
          + R(f"{acc(net, Bte, yte, very):.3f}", 10) + R(f"{acc(net, Bte, yte, nots):.3f}", 10))

scores = []                                    # 테스트 셋 하나는 시험 한 번일 뿐
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print(f"\n64-unit 모델의 'not' 행 정확도, 새로 만든 테스트 셋 20개 (seed 12~31):")
print(f"  최소 {min(scores):.3f}   평균 {sum(scores) / len(scores):.3f}   최대 {max(scores):.3f}")
print(f"  테스트 셋 하나(seed 12)의 {scores[0]:.3f}는 20번 중 최고값({max(scores):.3f})과 같다 — 학습이 아니라 운이다.")
print("  bag이 같은 쌍둥이 행에서는 개수만 읽는 모델은 어떤 크기든 0.500을 넘을 수 없다.")

# 코멘트 (결과를 보고 씀):
# 64-unit 모델의 'not' 행 0.574는 seed 12 테스트 셋 하나에서 나온 숫자일 뿐이고, 새 테스트 셋 20개에서는
# 최소 0.448, 평균 0.504, 최대 0.574였다. 즉 0.574는 20번 중 가장 운 좋은 시험이었고 학습한 게 아니라 운이다.
# 평균 0.504는 동전 던지기와 같다. logistic의 전체 0.740도 very 행 1.000과 not 행 0.485의 평균이라서 속는 숫자다.


# ---------------- 파트 4: Step 2의 NumPy RNN ----------------
print("\n=== 파트 4: NumPy RNN으로 쌍둥이 1 읽기 ===")
np.set_printoptions(precision=3, suppress=True)


def features(tok):
    """토큰마다 입력 숫자 3개: positive, negative, 또는 'not'."""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0],      # h1: 지금까지의 기분 (mood)
               [0.0, 0.0, 2.0],       # h2: 방금 'not'을 읽었나
               [0.5, 0.5, 0.0]])      # h3: 지금까지 나온 의견 단어 수
Wh = np.array([[1.0, 0.0, 0.0],       # h1은 자기 자신을 다음 step으로 넘긴다
               [0.0, 0.0, 0.0],       # h2는 매 step 전부 잊는다
               [0.0, 0.0, 1.0]])      # h3은 자기 자신을 다음 step으로 넘긴다
b = np.zeros(3)


def run_rnn(tokens, show=False):
    h = np.zeros(3)                   # memory는 비어서 시작
    trace = [h]
    if show:
        print(R("step", 5) + "  " + L("토큰", 10) + L("x_t (pos,neg,not)", 20)
              + L("h_t (mood, saw-not, count)", 28))
        print(f"{0:5d}  {'<start>':<10s}{str(np.zeros(3)):<20s}{str(h):<28s}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)          # RNN 전체가 이 한 줄
        trace.append(h)
        if show:
            print(f"{t:5d}  {tok:<10s}{str(x):<20s}{str(h):<28s}")
    return h, trace


(A, la), (B, lb) = twins[0]
print(f"리뷰 A (라벨 {la}): {' '.join(A)}")
hA, trA = run_rnn(A, show=True)
print(f"\n리뷰 B (라벨 {lb}): {' '.join(B)}")
hB, trB = run_rnn(B, show=True)
print(f"\n최종 memory A: {hA}")
print(f"최종 memory B: {hB}")
print(f"차이(최대)    : {np.abs(hA - hB).max():.3f}  <- 순서가 memory를 바꿨다")
split = next(t for t in range(1, 9) if np.abs(trA[t] - trB[t]).max() > 1e-9)
first_op = next(t for t, tok in enumerate(A, start=1) if tok in POS + NEG)
not_step = A.index("not") + 1
print(f"두 memory가 처음 갈라지는 step: {split} (A '{A[split - 1]}', B '{B[split - 1]}')")
print(f"첫 의견 단어가 나오는 step: {first_op},  'not'이 나오는 step: {not_step}")
bagA, bagB = sum(features(t) for t in A), sum(features(t) for t in B)
print(f"순서를 버리고 feature를 더하면: A {bagA}  B {bagB}  같음? {np.array_equal(bagA, bagB)}")

# 코멘트 (결과를 보고 씀, 네 문장):
# 1) 두 memory trace는 'not'이 나오는 step 7이 아니라 첫 의견 단어(A는 helpful, B는 slow)가 들어오는 step 3에서
#    갈라진다 (step 3에서 mood가 +0.716 대 -0.716, step 7의 'not'에서는 두 리뷰 모두 saw-not 0.964로 똑같이 반응).
# 2) unit 2 (saw-not)는 한 step짜리 memory다 — Wh의 줄이 전부 0이라서 'not'에서 0.964가 되었다가 다음 step에 바로 0.000으로 돌아간다.
# 3) unit 1 (mood)은 새 증거가 없으면 0.716 → 0.615 → 0.547 → 0.499처럼 저절로 줄어든다; tanh가 매 step 조금씩 눌러서 그렇다.
# 4) 더 큰 bag 모델로도 이 차이를 못 메우는 이유: 쌍둥이 리뷰는 bag 벡터가 완전히 같아서 어떤 모델이든 두 리뷰에 같은 답을 줄 수밖에 없고,
#    그래서 개수만 읽는 모델은 bag이 같은 행에서 0.500을 넘을 수 없다 — 이게 천장이다.
