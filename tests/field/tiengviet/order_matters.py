# Bài tập 1 — chứng minh thứ tự mang ý nghĩa, rồi xem một bộ nhớ (RNN) giữ nó
import numpy as np
import torch, torch.nn as nn
from sequences import *

# ---------------- Phần 1: dữ liệu ----------------
print("Phần 1 — dữ liệu")
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print(f"kích thước tập huấn luyện {tuple(Xtr.shape)}, tập kiểm tra {tuple(Xte.shape)}")
print(f"số hàng 'very' trong tập kiểm tra: {int(very.sum())}")
print(f"số hàng 'not' trong tập kiểm tra:  {int(nots.sum())}")


# ---------------- Phần 2: túi từ và các cặp song sinh ----------------
def review_to_bag(toks):
    """Nhận một bài đánh giá (danh sách từ), trả về vectơ túi từ (bag-of-words)."""
    return bag(torch.tensor([[STOI[w] for w in toks]]))[0]


print("\nPhần 2 — ba cặp song sinh: cùng túi từ, nhãn ngược nhau")
rows = make_reviews(1600, seed=11)
first_seen = {}   # khoá = túi từ, giá trị = {nhãn: bài đánh giá đầu tiên}
twins = []
for toks, lab, kind in rows:
    key = tuple(int(v) for v in review_to_bag(toks))
    seen = first_seen.setdefault(key, {})
    if lab not in seen:
        seen[lab] = toks
        if len(seen) == 2:  # túi này đã có cả nhãn 1 và nhãn 0
            twins.append((seen[1], seen[0]))
    if len(twins) == 3:
        break
for n, (a, b) in enumerate(twins, start=1):
    same_bag = bool(torch.equal(review_to_bag(a), review_to_bag(b)))
    print(f"cặp {n}:")
    print(f"  nhãn 1 (tích cực): {' '.join(a)}")
    print(f"  nhãn 0 (tiêu cực): {' '.join(b)}")
    print(f"  danh sách từ đã sắp xếp của A: {sorted(a)}")
    print(f"  danh sách từ đã sắp xếp của B: {sorted(b)}")
    print(f"  danh sách từ giống nhau? {sorted(a) == sorted(b)}   "
          f"vectơ túi từ giống nhau? {same_bag}")

# ---------------- Phần 3: hai mô hình túi từ ----------------
print("\nPhần 3 — mô hình túi từ (thứ tự bị vứt bỏ)")
Btr, Bte = bag(Xtr), bag(Xte)
print(f"{'mô hình':<26s} {'số tham số':>10s} {'tất cả':>7s}"
      f" {'hàng very':>10s} {'hàng not':>9s}")
for name, build in (("logistic trên số đếm từ", lambda: nn.Linear(len(VOCAB), 1)),
                    ("mạng 64 unit trên số đếm",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)  # đặt seed TRƯỚC khi tạo trọng số
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    print(f"{name:<26s} {sum(p.numel() for p in net.parameters()):10,d}"
          f" {acc(net, Bte, yte):7.3f} {acc(net, Bte, yte, very):10.3f}"
          f" {acc(net, Bte, yte, nots):9.3f}")

scores = []  # một tập kiểm tra chỉ là một bài thi
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print(f"\nđộ chính xác trên hàng 'not' của mạng 64 unit, 20 tập kiểm tra mới (seed 12..31):")
print(f"  nhỏ nhất {min(scores):.3f}   trung bình {sum(scores) / len(scores):.3f}"
      f"   lớn nhất {max(scores):.3f}")
# Con số 0.574 trên một tập kiểm tra duy nhất là do may mắn chứ không phải do học được:
# cùng mô hình đó trên 20 tập mới chỉ dao động từ 0.448 đến 0.574, trung bình 0.504,
# tức là tung đồng xu. Trần lý thuyết: không mô hình nào chỉ đọc số đếm từ có thể vượt
# 0.500 trên những hàng có túi từ giống hệt nhau mà nhãn ngược nhau.

# ---------------- Phần 4: RNN NumPy của Bước 2 ----------------
print("\nPhần 4 — RNN NumPy của Bước 2 trên cặp song sinh của em")
np.set_printoptions(precision=3, suppress=True)


def features(tok):
    """Ba số đầu vào cho mỗi token: tích cực, tiêu cực, hay là từ 'not'."""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0],   # h1: tâm trạng tích luỹ (running mood)
               [0.0, 0.0, 2.0],    # h2: vừa đọc từ "not" hay không
               [0.5, 0.5, 0.0]])   # h3: đã có bao nhiêu từ ý kiến
Wh = np.array([[1.0, 0.0, 0.0],    # h1 tự mang mình sang bước sau
               [0.0, 0.0, 0.0],    # h2 quên sạch sau mỗi bước
               [0.0, 0.0, 1.0]])   # h3 tự mang mình sang bước sau
b = np.zeros(3)


def run_rnn(tokens, show=False):
    h = np.zeros(3)  # bộ nhớ bắt đầu trống
    trace = [h]
    if show:
        print(f"{'bước':>4s} {'token':<10s} {'x_t (pos,neg,not)':<20s}"
              f" {'h_t (tâm trạng, thấy-not, đếm)':<32s}")
        print(f"{0:4d} {'<start>':<10s} {str(np.zeros(3)):<20s} {str(h):<32s}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # cả RNN chỉ là một dòng
        trace.append(h)
        if show:
            print(f"{t:4d} {tok:<10s} {str(x):<20s} {str(h):<32s}")
    return h, trace


A, B = twins[0]
print("bài A (tích cực):", " ".join(A))
hA, trA = run_rnn(A, show=True)
print("\nbài B (tiêu cực):", " ".join(B))
hB, trB = run_rnn(B, show=True)
split = next(t for t in range(1, 9) if np.abs(trA[t] - trB[t]).max() > 1e-9)
not_step = A.index("not") + 1
first_op = next(t for t, w in enumerate(A, start=1) if w in POS or w in NEG)
print(f"\nbộ nhớ cuối của A: {hA}")
print(f"bộ nhớ cuối của B: {hB}")
print(f"chênh lệch lớn nhất: {np.abs(hA - hB).max():.3f}")
print(f"hai vết bộ nhớ tách nhau ở bước {split} (token A '{A[split - 1]}', token B '{B[split - 1]}')")
print(f"bước có từ ý kiến đầu tiên: {first_op};  bước có từ 'not': {not_step}")
bagA, bagB = sum(features(t) for t in A), sum(features(t) for t in B)
print(f"đặc trưng cộng dồn (bỏ thứ tự): A {bagA}  B {bagB}  giống nhau? {np.array_equal(bagA, bagB)}")
# Bốn câu nhận xét (viết sau khi xem kết quả):
# 1) Hai vết bộ nhớ tách nhau ở bước 4, đúng lúc từ ý kiến đầu tiên xuất hiện (A đọc
#    'rude', B đọc 'quick'), chứ không phải ở bước 3 nơi 'not' đến, vì cả hai bài đều có 'not'
#    ở cùng vị trí nên bộ nhớ vẫn y hệt nhau (0, 0.964, 0) tại bước đó.
# 2) Unit h2 (thấy-not) là bộ nhớ một bước: nó lên 0.964 khi đọc 'not' rồi rơi về 0.000
#    ngay bước sau, vì hàng của nó trong Wh toàn số 0.
# 3) Unit h1 (tâm trạng) tự phai dần khi không có bằng chứng mới: ở bài A nó giảm
#    -0.716 -> -0.615 -> -0.547 -> -0.499 qua các từ đệm, vì tanh bóp nhỏ thêm mỗi bước.
# 4) Một mô hình túi từ lớn hơn cũng không lấp được khoảng cách, vì hai bài có vectơ túi từ
#    giống hệt nhau nên mọi mô hình chỉ đọc số đếm phải trả cùng một câu trả lời cho cả hai,
#    và trên những hàng như vậy không thể vượt 0.500.
