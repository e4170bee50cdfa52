# attention_by_hand.py — attentionบนกระดาษ แล้วค่อยเขียนด้วยNumPy (แบบฝึกหัดที่4)
import numpy as np, torch
np.set_printoptions(precision=3, suppress=True)

# ---------------- ส่วนที่1: คิดด้วยมือก่อนรันอะไรเลย ----------------
# แถวrude = [0,-2,0,0] ดอทกับทุกโทเค็น:
#   support [2,0,0,0]   -> 0*2 + (-2)*0 + 0 + 0       = 0
#   was     [0,0,0,2]   -> 0                           = 0
#   not     [0,0,2,0.5] -> 0                           = 0
#   rude    [0,-2,0,0]  -> (-2)*(-2)                   = 4
# หารด้วยรากที่สองของ4(=2): คะแนน = [0, 0, 0, 2]
# softmax: e^0 = 1 สามตัว, e^2 = 7.389 ผลรวม = 3 + 7.389 = 10.389
#   support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
#   รวมกัน 0.096*3 + 0.711 = 0.999 ~ 1 (ปัดเศษ)
HAND_RUDE = np.array([0.096, 0.096, 0.096, 0.711])

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]

def attend(Q, K, V):
    """คืนทั้งเมทริกซ์น้ำหนักและผลลัพธ์"""
    scores = Q @ K.T / np.sqrt(d)  # dot productหารรากd
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)  # softmaxทีละแถว
    return w, w @ V

def show(w, out, toks, title):
    print(f"\n--- {title} ---")
    print("น้ำหนักattention (แถว=query คอลัมน์=key):")
    print(f"{'':<9s}" + "".join(f"{t:>10s}" for t in toks) + f"{'ผลรวม':>8s}")
    for t, r in zip(toks, w):
        print(f"{t:<9s}" + "".join(f"{v:10.3f}" for v in r) + f"{r.sum():8.3f}")
    print("ผลลัพธ์ = น้ำหนักคูณเวกเตอร์value:")
    for t, r in zip(toks, out):
        print(f"  {t:<8s} {r}")

print("=== ความหมายของสี่โทเค็น แกน =", AXES, "===")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")

# ---------------- ส่วนที่2 ----------------
print("\n=== ส่วนที่2: query = key = value = ความหมาย ===")
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "A. self-attentionดิบ")
r = TOKENS.index("rude")
print(f"\nแถวrudeที่คิดด้วยมือ: {HAND_RUDE}")
print(f"แถวrudeที่เครื่องคิด: {wA[r]}")
print(f"ต่างกันมากสุด: {np.abs(wA[r] - HAND_RUDE).max():.4f} (มาจากการปัดเป็นสามตำแหน่ง)")
print("แต่ละแถวสนใจโทเค็นไหนมากที่สุด:",
      {t: TOKENS[int(i)] for t, i in zip(TOKENS, wA.argmax(1))})

# ---------------- ส่วนที่3 ----------------
print("\n=== ส่วนที่3: เพิ่มเมทริกซ์queryจากStep6 ===")
Wq = np.array([[0.0, -1.0, 0.0, 0.0],  # คำลบถามว่า: ประธานของฉันคือใคร
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],  # ...และ: มีคำปฏิเสธอยู่ใกล้ๆไหม
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("queryหลังผ่านWq:")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "B. query key valueแยกกัน")
print("\nอ่านแถวrudeออกเสียง:")
for j, t in enumerate(TOKENS):
    print(f"  {wB[r, j]:.3f} ของความหมายใหม่มาจาก'{t}'")
print(f"  ค่าดี/ร้ายเปลี่ยนจาก{E[r, 1]:+.3f}เป็น{outB[r, 1]:+.3f}")
print(f"  ค่าปฏิเสธเปลี่ยนจาก{E[r, 2]:+.3f}เป็น{outB[r, 2]:+.3f}")
# ความเห็นส่วนที่3: rudeแบ่งน้ำหนัก0.440ให้supportและ0.440ให้not ที่เหลือwasกับตัวเองได้0.060
# ถูกต้องสำหรับวลีนี้ เพราะrudeต้องรู้ว่าใครถูกว่า(support)และต้องรู้ว่าถูกปฏิเสธ(not) ความหมายจึงกลายเป็น"supportไม่หยาบคาย"
# ค่าดี/ร้ายของrudeขึ้นจาก-2.000เป็น-0.119 และค่าปฏิเสธ0.881โผล่มา ในhopเดียว
# ส่วนแถวอื่นๆqueryเป็นศูนย์ จึงกระจาย0.250เท่าๆกัน ไม่ได้สนใจใครเป็นพิเศษ

# ---------------- ส่วนที่4 ----------------
print("\n=== ส่วนที่4: เทียบกับฟังก์ชันของPyTorch แล้วสลับลำดับ ===")
F = torch.nn.functional
if hasattr(F, "scaled_dot_product_attention"):
    sdpa = F.scaled_dot_product_attention
    name = "scaled_dot_product_attention"
    t_out = sdpa(torch.tensor(Q), torch.tensor(E), torch.tensor(E)).numpy()
else:  # torch 1.13 ยังไม่มีชื่อสาธารณะ มีแค่เวอร์ชันขีดล่าง ซึ่งคืน(output, weights)
    name = "_scaled_dot_product_attention (torch " + torch.__version__ + ")"
    t_out = F._scaled_dot_product_attention(
        torch.tensor(Q), torch.tensor(E), torch.tensor(E))[0].numpy()
print(f"ฟังก์ชันที่ใช้: torch.nn.functional.{name}")
print(f"ช่องว่างมากสุดเทียบกับattentionของtorch: {np.abs(t_out - outB).max():.2e}")

perm = [2, 0, 3, 1]  # ลำดับใหม่: not support rude was
Es, Qs = E[perm], Q[perm]
toks_s = [TOKENS[i] for i in perm]
wS, outS = attend(Qs, Es, Es)
show(wS, outS, toks_s, "C. สลับแถวโทเค็นเป็น " + " ".join(toks_s))
same_vals = np.abs(outS - outB[perm]).max()
print(f"\nผลลัพธ์หลังสลับ เทียบกับผลลัพธ์เดิมที่สลับตาม: ต่างกันมากสุด{same_vals:.2e}")
print(f"แถวของrudeอยู่ตำแหน่ง{toks_s.index('rude')}แล้ว ค่า: {outS[toks_s.index('rude')]}")
print("hopจาก'not'ไป'rude': RNN 1, attention 1")
print("hopจากโทเค็น1ไปโทเค็น50: RNN 49, attention 1")
# ความเห็นส่วนที่4 (เขียนหลังเห็นผลลัพธ์):
# ผลของเราตรงกับฟังก์ชันของtorchต่างกันแค่2.22e-16 ต่ำกว่า1e-12มาก (torch 1.13ยังไม่มีชื่อscaled_dot_product_attention จึงใช้ตัวขีดล่างแทน)
# 1) สิ่งที่เปลี่ยน: หลังสลับลำดับ แถวผลลัพธ์ย้ายตามโทเค็นของมัน เช่นrudeย้ายจากแถว3ไปแถว2 และคอลัมน์น้ำหนักก็สลับตาม
# 2) สิ่งที่ไม่เปลี่ยน: ค่าในแต่ละแถวเหมือนเดิมทุกตัว rudeยังเป็น[0.881 -0.119 0.881 0.339] ต่างจากเดิมแค่2.22e-16(ปัดเศษ)
# 3) แปลว่าattentionอย่างเดียวมองไม่เห็นลำดับเลย "support was not rude"กับคำเดียวกันเรียงมั่วได้ความหมายเดียวกัน
#    จึงต้องเติมข้อมูลตำแหน่ง(position information)เข้าไปแบบที่บท2.8ทำ
