# order_matters.py — พิสูจน์ว่าลำดับคำมีความหมาย แล้วดูความจำของRNN (แบบฝึกหัดที่1)
import numpy as np, torch, torch.nn as nn
from sequences import *

# ---------------- ส่วนที่1 ----------------
print("=== ส่วนที่1: ชุดข้อมูลรีวิว ===")
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print(f"คำศัพท์{len(VOCAB)}คำ รีวิวละ{Xtr.shape[1]}โทเค็น")
print(f"train{tuple(Xtr.shape)} test{tuple(Xte.shape)}")
print(f"แถวทดสอบที่มี'very': {int(very.sum())} แถวทดสอบที่มี'not': {int(nots.sum())}")

# ---------------- ส่วนที่2 ----------------
print("\n=== ส่วนที่2: คู่แฝดที่ถุงคำเหมือนกันแต่ป้ายตรงข้าม ===")
def bag_of(tokens):
    """รับรีวิวหนึ่งอัน(ลิสต์คำ) คืนเวกเตอร์นับคำ ลำดับหายไป"""
    v = np.zeros(len(VOCAB))
    for w in tokens:
        v[STOI[w]] += 1.0
    return v

rows = make_reviews(1600, seed=11)
groups = {}
for toks, lab, kind in rows:
    groups.setdefault(tuple(bag_of(toks)), []).append((toks, lab))
twins = []
for key, members in groups.items():
    pos = [m for m in members if m[1] == 1]
    neg = [m for m in members if m[1] == 0]
    if pos and neg:
        twins.append((pos[0], neg[0]))
    if len(twins) == 3:
        break
for n, ((ta, la), (tb, lb)) in enumerate(twins, start=1):
    same_bag = np.array_equal(bag_of(ta), bag_of(tb))
    print(f"คู่ที่{n}:")
    print(f"  ป้าย{la}: {' '.join(ta)}")
    print(f"  ป้าย{lb}: {' '.join(tb)}")
    print(f"  เรียงคำของตัวแรก: {sorted(ta)}")
    print(f"  เรียงคำของตัวที่สอง: {sorted(tb)}")
    print(f"  รายการคำเรียงแล้วเหมือนกัน? {sorted(ta) == sorted(tb)}"
          f"  เวกเตอร์ถุงคำเหมือนกัน? {same_bag}  ป้ายตรงข้าม? {la != lb}")

# ---------------- ส่วนที่3 ----------------
print("\n=== ส่วนที่3: โมเดลถุงคำ วัดความแม่นยำสามแบบ ===")
Btr, Bte = bag(Xtr), bag(Xte)
print(f"{'โมเดล(ทิ้งลำดับ)':<22s} {'พารามิเตอร์':>11s} {'ทั้งหมด':>7s}"
      f" {'แถวvery':>8s} {'แถวnot':>7s}")
for name, build in (("logisticบนจำนวนคำ", lambda: nn.Linear(len(VOCAB), 1)),
                    ("โครงข่าย64หน่วยบนจำนวนคำ",
                     lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                           nn.Linear(64, 1)))):
    torch.manual_seed(7)  # seedก่อนสร้างน้ำหนัก
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    print(f"{name:<22s} {sum(p.numel() for p in net.parameters()):11,d}"
          f" {acc(net, Bte, yte):7.3f} {acc(net, Bte, yte, very):8.3f}"
          f" {acc(net, Bte, yte, nots):7.3f}")
scores = []  # ชุดทดสอบเดียวก็คือข้อสอบครั้งเดียว
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, nots))
print(f"คะแนนแถวnotของโมเดล64หน่วยบนชุดทดสอบใหม่{len(scores)}ชุด:")
print(f"  ต่ำสุด{min(scores):.3f} เฉลี่ย{sum(scores) / len(scores):.3f}"
      f" สูงสุด{max(scores):.3f}")
# ความเห็นส่วนที่3: logisticได้0.740รวม 1.000บนแถวvery แต่แถวnotแค่0.485 คือโยนเหรียญ
# โมเดล64หน่วยได้0.574บนแถวnotของชุดทดสอบชุดเดียว ดูเหมือนเก่งขึ้นแต่เป็นโชค ไม่ใช่การเรียนรู้
# เพราะบนชุดทดสอบใหม่20ชุดมันได้ตั้งแต่0.448ถึง0.574 เฉลี่ยแค่0.504 คือยังเท่าเหรียญ

# ---------------- ส่วนที่4 ----------------
print("\n=== ส่วนที่4: RNNของStep2บนคู่แฝดของเรา ===")
np.set_printoptions(precision=3, suppress=True)

def features(tok):
    """สามตัวเลขต่อโทเค็น: คำบวก คำลบ หรือคำว่าnot"""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])

Wx = np.array([[0.9, -0.9, 0.0],   # h1: อารมณ์สะสม
               [0.0, 0.0, 2.0],    # h2: เพิ่งอ่านคำว่าnotหรือเปล่า
               [0.5, 0.5, 0.0]])   # h3: นับคำแสดงความเห็นมาแล้วกี่คำ
Wh = np.array([[1.0, 0.0, 0.0],    # h1 ส่งต่อตัวเอง
               [0.0, 0.0, 0.0],    # h2 ลืมทุกอย่างทุกขั้น
               [0.0, 0.0, 1.0]])   # h3 ส่งต่อตัวเอง
b = np.zeros(3)

def run_rnn(tokens, show=False):
    h = np.zeros(3)  # ความจำเริ่มว่าง
    trace = [h]
    if show:
        print(f"{'ขั้น':>4s} {'โทเค็น':<10s} {'x_t(บวก,ลบ,not)':<20s}"
              f" {'h_t(อารมณ์,เห็นnot,จำนวน)':<28s}")
        print(f"{0:4d} {'<start>':<10s} {str(np.zeros(3)):<20s} {str(h):<28s}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)  # RNNทั้งตัวในบรรทัดเดียว
        trace.append(h)
        if show:
            print(f"{t:4d} {tok:<10s} {str(x):<20s} {str(h):<28s}")
    return h, trace

(A, la), (B, lb) = twins[0]
print(f"รีวิวA(ป้าย{la}): {' '.join(A)}")
hA, trA = run_rnn(A, show=True)
print(f"\nรีวิวB(ป้าย{lb}): {' '.join(B)}")
hB, trB = run_rnn(B, show=True)
print(f"\nความจำสุดท้ายA: {hA}")
print(f"ความจำสุดท้ายB: {hB}")
print(f"ต่างกันมากสุด: {np.abs(hA - hB).max():.3f} <- ลำดับทำให้ความจำต่างกัน")
split = next(t for t in range(len(trA)) if np.abs(trA[t] - trB[t]).max() > 1e-9)
first_op = next(t for t, w in enumerate(A, start=1) if w in POS or w in NEG)
not_step = A.index("not") + 1
print(f"ความจำสองเส้นแยกกันครั้งแรกที่ขั้น{split} (คำ'{A[split - 1]}'กับ'{B[split - 1]}')")
print(f"คำแสดงความเห็นคำแรกมาถึงที่ขั้น{first_op} คำnotมาถึงที่ขั้น{not_step}")
print(f"ผลรวมฟีเจอร์แบบทิ้งลำดับ A: {sum(features(t) for t in A)}"
      f" B: {sum(features(t) for t in B)}")

# ความเห็นส่วนที่4 (เขียนหลังเห็นผลลัพธ์):
# 1) ความจำสองเส้นแยกกันที่ขั้น3 ตอนที่คำแสดงความเห็นคำแรกมาถึง(helpfulกับslow) ไม่ใช่ขั้น7ที่notมาถึง
#    เพราะที่ขั้น7ทั้งสองรีวิวอ่านnotเหมือนกันและh2ขึ้นเป็น0.964เท่ากันทั้งคู่
# 2) หน่วยh2(เห็นnot)คือความจำหนึ่งขั้น: แถวของWhเป็นศูนย์หมด มันขึ้นเป็น0.964ที่ขั้น7แล้วกลับเป็น0ที่ขั้น8ทันที
# 3) หน่วยh1(อารมณ์)จางลงเองเมื่อไม่มีหลักฐานใหม่: 0.716 -> 0.615 -> 0.547 -> 0.499 -> 0.461 เพราะtanhบีบทุกรอบ
# 4) โมเดลถุงคำที่ใหญ่ขึ้นปิดช่องว่างไม่ได้ เพราะคู่แฝดมีเวกเตอร์ถุงคำเหมือนกันเป๊ะ(ผลรวมฟีเจอร์[1,1,1]ทั้งคู่)
#    โมเดลใดๆที่อ่านแค่จำนวนคำต้องตอบคู่นี้เหมือนกัน จึงทำได้ไม่เกิน0.500บนแถวที่ถุงคำเหมือนกัน ไม่ว่าโมเดลจะใหญ่แค่ไหน
