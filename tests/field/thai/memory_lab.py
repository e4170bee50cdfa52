# memory_lab.py — แล็บความยาวของความจำ (แบบฝึกหัดที่3)
# ทำซ้ำการทดลองStep5แล้วเพิ่มGRUกับความยาว100
# ใช้ข้อมูลเทรน4000แถวเต็มตามบทเรียน ไม่ได้ลดเหลือ2000 แม้เครื่องจะช้า(2core และมีงานของคนอื่นรันอยู่ load~15)
import time, torch, torch.nn as nn
torch.set_num_threads(4)

FLAGS, FILLERS = 2, 8  # โทเค็น0,1คือธง โทเค็น2..9คือสัญญาณรบกวน

def recall_task(n, T, seed):
    """ต้องจำโทเค็นแรกไว้ แล้วตอบหลังจากโทเค็นไร้ความหมายอีกT-1ตัว"""
    g = torch.Generator().manual_seed(seed)
    flag = torch.randint(0, FLAGS, (n,), generator=g)
    noise = torch.randint(FLAGS, FLAGS + FILLERS, (n, T - 1), generator=g)
    return torch.cat([flag.unsqueeze(1), noise], 1), flag.float()

class Recaller(nn.Module):
    def __init__(self, kind, hid=32, forget_bias=0.0):
        super().__init__()
        self.embed = nn.Embedding(FLAGS + FILLERS, 16)
        self.core = {"RNN": nn.RNN, "GRU": nn.GRU,
                     "LSTM": nn.LSTM}[kind](16, hid, batch_first=True)
        if forget_bias:  # เปิดวาล์วforgetให้กว้างตั้งแต่เริ่ม (เฉพาะLSTM)
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)  # ความจำหลังโทเค็นสุดท้าย

loss_fn = nn.BCEWithLogitsLoss()

def run_one(label, kind, fb, Xtr, ytr, Xte, yte):
    torch.manual_seed(7)  # seedก่อนสร้างน้ำหนัก
    net = Recaller(kind, forget_bias=fb)
    opt = torch.optim.Adam(net.parameters(), lr=0.01)
    g = torch.Generator().manual_seed(7)
    t0 = time.perf_counter()
    for _ in range(40):
        net.train()
        for i in torch.randperm(len(Xtr), generator=g).split(64):
            opt.zero_grad()
            loss_fn(net(Xtr[i]), ytr[i]).backward()
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)  # clipที่1.0
            opt.step()
    dt = time.perf_counter() - t0
    net.eval()
    with torch.no_grad():
        tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
        te = float(((net(Xte) > 0).float() == yte).float().mean())
    return dt, tr, te

# ---------------- ส่วนที่1: ตรวจข้อมูล ----------------
print("=== ส่วนที่1: ตรวจงานจำโทเค็นแรก ===")
DATA = {}
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    DATA[T] = (Xtr, ytr, Xte, yte)
    dep0 = bool((Xtr[:, 0].float() == ytr).all() and (Xte[:, 0].float() == yte).all())
    rest_noise = bool((Xtr[:, 1:] >= FLAGS).all() and (Xte[:, 1:] >= FLAGS).all())
    # ถ้าป้ายขึ้นกับโทเค็นอื่น การทายจากโทเค็นสุดท้ายจะดีกว่าเหรียญ
    last_guess = float(((Xte[:, -1] % 2).float() == yte).float().mean())
    print(f"ความยาว{T}: รูปร่างtrain{tuple(Xtr.shape)} test{tuple(Xte.shape)}"
          f" ป้าย==โทเค็น0ทุกแถว? {dep0} โทเค็นที่1ถึง{T - 1}เป็นnoiseล้วน? {rest_noise}")
    print(f"    สัดส่วนป้าย1ในtrain: {float(ytr.mean()):.3f} ในtest: {float(yte.mean()):.3f}"
          f"  ทายจากโทเค็นสุดท้ายได้: {last_guess:.3f}")

# ---------------- ส่วนที่2และ3: ตาราง ----------------
print("\n=== ส่วนที่2และ3: ตารางความยาว×โมเดล (40epoch, clip 1.0) ===")
print(f"{'ความยาว':>7s} {'โมเดล':<11s} {'วินาทีเทรน':>10s} {'แม่นยำtrain':>11s}"
      f" {'แม่นยำtest':>10s}")
ALL = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
       ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
EXTREME = [("RNN", "RNN", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
for T in (5, 20, 50, 100):
    models = ALL if T < 100 else EXTREME  # ส่วนที่3: ความยาว100เฉพาะสองขั้ว
    for label, kind, fb in models:
        dt, tr, te = run_one(label, kind, fb, *DATA[T])
        print(f"{T:7d} {label:<11s} {dt:10.1f} {tr:11.3f} {te:10.3f}")

# ---------------- ส่วนเสริม: เวลาเดินหน้าหนึ่งรอบ ----------------
print("\n=== ส่วนเสริม: forwardหนึ่งรอบ batch32 128ฟีเจอร์ ทีละขั้นหรือพร้อมกัน ===")
print(f"{'ความยาว':>7s} {'LSTM(ทีละขั้น)':>16s} {'attention(ขนาน)':>17s} {'อัตราส่วน':>9s}")
H = 128
lstm = nn.LSTM(H, H, batch_first=True)
for T in (50, 200, 500, 1000):
    x = torch.randn(32, T, H)
    with torch.no_grad():
        lstm(x[:, :8]); (x @ x.transpose(1, 2))  # warm up
        t0 = time.perf_counter()
        for _ in range(3):
            lstm(x)
        a = (time.perf_counter() - t0) / 3
        t0 = time.perf_counter()
        for _ in range(3):
            torch.softmax(x @ x.transpose(1, 2) / H ** 0.5, -1) @ x
        b = (time.perf_counter() - t0) / 3
    print(f"{T:7d} {a * 1000:13.1f} ms {b * 1000:14.1f} ms {a / b:8.1f}x")

# ---------------- ส่วนที่4: ความเห็น (เขียนหลังเห็นผลรอบแรก) ----------------
# 1) plain RNNพังที่ความยาว50: ที่5และ20ได้1.000/1.000 แต่ที่50ได้train 0.561 test 0.494 และที่100ได้0.581/0.508
#    คือเดาเหรียญ และtrainก็ต่ำด้วย แปลว่ามันไม่เคยเรียนกฎเลย ไม่ใช่overfit
# 2) LSTM b_f=0ที่ความยาว50ได้train 0.839 แต่test 0.495 ห่างกัน0.344ซึ่งเกิน0.3 นี่คือการท่องจำ(memorisation)
#    มันจำ4000ลำดับในชุดเทรนจากลวดลายnoise โดยไม่ได้ค้นพบว่าคำตอบอยู่ที่โทเค็น0 ถ้าดูแค่ตัวเลขtrainจะนึกว่าLSTMใช้ได้
# 3) forget bias 3เปลี่ยนLSTMตัวเดียวกันเป็น1.000/1.000ที่ความยาว50และ100 ซึ่งตารางในgradient_decayทำนายไว้แล้ว:
#    cell stateที่bias0หดขั้นละx0.629(ขั้น1เหลือ5.180e-12) แต่ที่bias3เปลี่ยนแค่x1.016(ขั้น1ยัง4.782e-02) blameจึงไปถึงโทเค็น0ได้
# 4) วินาทีเทรนโตตามความยาวทุกโมเดล แต่เครื่องนี้ยุ่งมากตัวเลขจึงแกว่ง: รอบแรกจาก20ไป50 RNN 19.6->65.6(x3.3)
#    GRU 48.1->101.0(x2.1) LSTM b_f=0 52.4->114.3(x2.2) LSTM b_f=3 52.2->77.1(x1.5) และที่100 RNN 77.0 vs LSTM b_f=3 259.8
#    LSTMแพงกว่าRNNราว1.2ถึง2.7เท่าที่ความยาว20และ50 ไม่ใช่2เท่าเป๊ะแบบในบทเรียน (รอบที่อยู่ใน.outวินาทีจะต่างไปอีก)
# 5) ถ้างานมีอินพุต30โทเค็นจะshipLSTMที่forget bias 3: ที่ความยาว20ทุกโมเดลได้1.000ก็จริง แต่ที่50 RNNตกเหลือ0.494
#    และ30อยู่ระหว่างนั้น ส่วนLSTM b_f=3ได้1.000/1.000ทั้งที่50และ100 จึงมีที่เหลือเผื่อ ยอมจ่ายเวลาเทรนมากกว่าRNNราว2เท่า
#    (GRUก็ได้1.000ที่50เป็นตัวสำรอง) และก่อนshipจริงจะวัดที่ความยาว30ตรงๆอีกครั้ง
