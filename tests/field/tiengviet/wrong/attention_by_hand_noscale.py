# Bài tập 4 — attention trên giấy, rồi bằng NumPy
import numpy as np, torch
import torch.nn.functional as F

np.set_printoptions(precision=3, suppress=True)

# ---------------- Phần 1: tính tay (viết TRƯỚC khi chạy) ----------------
# Hàng 'rude' = [0,-2,0,0]. Tích vô hướng với từng token:
#   support [2,0,0,0]   -> 0      was [0,0,0,2] -> 0
#   not     [0,0,2,0.5] -> 0      rude [0,-2,0,0] -> 4
# Chia cho căn bậc hai của 4 (= 2): điểm = [0, 0, 0, 2].
# Softmax: e^0 = 1, e^2 = 7.389; tổng = 1 + 1 + 1 + 7.389 = 10.389
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
# Tổng hàng: 0.096*3 + 0.711 = 0.999 ~ 1.000 (chỉ lệch do làm tròn).

TOKENS = ["support", "was", "not", "rude"]
AXES = ["chủ ngữ", "tốt/xấu", "phủ định", "từ đệm"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]
HAND_RUDE = np.array([0.096, 0.096, 0.096, 0.711])  # số tính tay ở trên


def attend(Q, K, V):
    """Trả về ma trận trọng số attention và đầu ra."""
    scores = Q @ K.T
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)  # softmax theo từng hàng
    return w, w @ V


def show(w, out, names, title):
    print(f"\n--- {title} ---")
    print("trọng số attention (hàng = query, cột = key):")
    print(f"{'':<9s}" + "".join(f"{t:>10s}" for t in names) + f"{'tổng':>8s}")
    for t, r in zip(names, w):
        print(f"{t:<9s}" + "".join(f"{v:10.3f}" for v in r) + f"{r.sum():8.3f}")
    print("đầu ra = trọng số nhân các vectơ value:")
    for t, r in zip(names, out):
        print(f"  {t:<8s} {r}")


print(f"bốn ý nghĩa 4 số, các trục = {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")

# ---------------- Phần 2: query = key = value = ý nghĩa ----------------
print("\nPhần 2")
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "A. self-attention thô: query = key = value = ý nghĩa")
r = TOKENS.index("rude")
print(f"hàng 'rude' tính tay:  {HAND_RUDE}")
print(f"hàng 'rude' máy tính: {wA[r]}")
print(f"lệch lớn nhất giữa số tính tay và số máy tính: {np.abs(wA[r] - HAND_RUDE).max():.4f}"
      f" (do làm tròn 3 chữ số)")

# ---------------- Phần 3: thêm ma trận query của Bước 6 ----------------
print("\nPhần 3")
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # từ xấu hỏi: chủ ngữ của tôi là ai?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...và: có từ phủ định gần tôi không?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("các query sau ma trận Wq:")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "B. query riêng, key và value là ý nghĩa")
print(f"\nđọc to hàng 'rude':")
for j, t in enumerate(TOKENS):
    print(f"  {wB[r, j]:.3f} ý nghĩa mới của nó đến từ '{t}'")
print(f"  số tốt/xấu của nó đổi từ {E[r, 1]:+.3f} thành {outB[r, 1]:+.3f}")
print(f"  số phủ định của nó đổi từ {E[r, 2]:+.3f} thành {outB[r, 2]:+.3f}")
# Nhận xét Phần 3: chỉ có 'rude' có query khác 0 ([2, 0, 2, 0]), nên chỉ nó thật sự "nhìn"
# có chọn lọc: nó dồn 0.440 vào 'support' và 0.440 vào 'not', còn 'was' và chính nó chỉ
# 0.060; ba token kia có query bằng 0 nên chia đều 0.250 cho mọi token. Cặp này đúng với cụm
# "support was not rude", vì 'rude' cần biết nó nói về ai (support) và nó có bị phủ định
# không (not) — nhờ vậy số tốt/xấu của nó lên từ -2.000 gần về 0 (-0.119) và xuất hiện số
# phủ định 0.881, chỉ sau 1 bước nhảy (hop).

# ---------------- Phần 4: so với PyTorch, rồi xáo trộn ----------------
print("\nPhần 4")
sdpa = getattr(F, "scaled_dot_product_attention", None)
Qt, Et = torch.tensor(Q), torch.tensor(E)
if sdpa is not None:
    ref = sdpa(Qt, Et, Et).numpy()
    which = "torch.nn.functional.scaled_dot_product_attention"
else:
    # torch 1.13 chưa có bản công khai; bản riêng _scaled_dot_product_attention làm cùng
    # phép tính và trả về (đầu ra, trọng số)
    ref = F._scaled_dot_product_attention(Qt, Et, Et)[0].numpy()
    which = "torch.nn.functional._scaled_dot_product_attention (torch " + torch.__version__ + ")"
print(f"hàm PyTorch dùng để so: {which}")
print(f"khoảng cách lớn nhất so với attention của torch: {np.abs(ref - outB).max():.2e}")

perm = [2, 0, 3, 1]  # thứ tự mới: not, support, rude, was
names_s = [TOKENS[i] for i in perm]
Es = E[perm]
Qs = Es @ Wq.T
wS, outS = attend(Qs, Es, Es)
show(wS, outS, names_s, "C. bốn hàng token xáo trộn: " + " ".join(names_s))
print(f"\nhàng đầu ra có đổi vị trí không? {not np.allclose(outS, outB)}")
print(f"sau khi xếp lại theo token, lệch lớn nhất của đầu ra: {np.abs(outS - outB[perm]).max():.2e}")
print(f"sau khi xếp lại theo token, lệch lớn nhất của trọng số: "
      f"{np.abs(wS - wB[np.ix_(perm, perm)]).max():.2e}")
print("số bước nhảy từ 'not' đến 'rude': RNN 1, attention 1")
print("số bước nhảy từ token 1 đến token 50: RNN 49, attention 1")
# Ba câu nhận xét Phần 4:
# 1) Cái thay đổi: các hàng đầu ra đổi chỗ theo token — hàng của 'rude' giờ nằm ở vị trí 3
#    thay vì vị trí 4, và ma trận trọng số bị hoán vị cả hàng lẫn cột.
# 2) Cái không đổi: giá trị của mỗi token thì giữ nguyên; sau khi xếp lại, đầu ra chỉ lệch 2.22e-16
#    (sai số dấu phẩy động) và 'rude' vẫn ra [0.881, -0.119, 0.881, 0.339] với trọng số 0.440/0.440/0.060/0.060.
# 3) Vậy attention một mình không biết thứ tự (mù thứ tự): "support was not rude" và bất kỳ
#    cách xáo trộn nào cũng cho cùng ý nghĩa cho từng token, nên mô hình cần thêm thông tin
#    vị trí (positional information) như Bài 2.8 sẽ thêm vào.
