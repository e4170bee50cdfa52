# تمرين 4 — الـ attention على الورق ثم بـ NumPy
#
# ===== الجزء الأول: على الورق (كُتب قبل تشغيل أي شيء) =====
# صفّ rude = [0, -2, 0, 0]
#   rude · support = 0*2 + (-2)*0 + 0 + 0           = 0   ← ÷ sqrt(4)=2 → 0.0
#   rude · was     = 0 + 0 + 0 + 0*2                 = 0   ← ÷ 2 → 0.0
#   rude · not     = 0 + 0 + 0*2 + 0*0.5             = 0   ← ÷ 2 → 0.0
#   rude · rude    = (-2)*(-2)                        = 4   ← ÷ 2 → 2.0
# softmax: e^0 = 1 ثلاث مرات، e^2 ≈ 7.389، المجموع ≈ 10.389
#   support ≈ 1/10.389 ≈ 0.096 ، was ≈ 0.096 ، not ≈ 0.096 ، rude ≈ 7.389/10.389 ≈ 0.711
#   المجموع = 0.096*3 + 0.711 ≈ 0.999 (تقريب؛ الدقيق 1)
import numpy as np, torch
import torch.nn.functional as F

np.set_printoptions(precision=3, suppress=True)
TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],      # support
              [0.0, 0.0, 0.0, 2.0],      # was
              [0.0, 0.0, 2.0, 0.5],      # not
              [0.0, -2.0, 0.0, 0.0]])    # rude
d = E.shape[1]
HAND = {"support": 0.096, "was": 0.096, "not": 0.096, "rude": 0.711}   # أرقامي من الورق


def attend(Q, K, V):
    """تعيد مصفوفة الأوزان والمخرج معًا."""
    scores = Q @ K.T                                      # الضرب النقطي
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)                       # softmax صفًّا صفًّا
    return w, w @ V


def show(w, out, tokens, title):
    print(f"\n--- {title} ---")
    print("أوزان الـ attention (الصف = query، العمود = key):")
    print(f"{'':<9s}" + "".join(f"{t:>9s}" for t in tokens) + f"{'المجموع':>9s}")
    for t, r in zip(tokens, w):
        print(f"{t:<9s}" + "".join(f"{v:9.3f}" for v in r) + f"{r.sum():9.3f}")
    print("المخرج = الأوزان × متجهات value:")
    for t, r in zip(tokens, out):
        print(f"  {t:<8s} {r}")


print(f"المعاني (المحاور = {AXES}):")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")

# ===== الجزء الثاني: query = key = value = المعاني =====
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "أ. self-attention خام: query = key = value")
i = TOKENS.index("rude")
print("\nمقارنة صف rude مع حسابي اليدوي:")
print(f"  {'key':<8s} {'اليدوي':>7s} {'المطبوع':>8s} {'الفرق':>7s}")
for j, t in enumerate(TOKENS):
    print(f"  {t:<8s} {HAND[t]:7.3f} {wA[i, j]:8.3f} {abs(HAND[t] - wA[i, j]):7.3f}")

# ===== الجزء الثالث: مصفوفة query من الخطوة 6 =====
Wq = np.array([[0.0, -1.0, 0.0, 0.0],    # الكلمة السيئة تسأل: من هو فاعلي؟
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],    # ...وهل يوجد نافٍ قربي؟
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nالـ queries بعد مصفوفة Wq:")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "ب. query منفصل، key و value = المعاني")
print("\nقراءة صف rude:")
for j, t in enumerate(TOKENS):
    print(f"  {wB[i, j]:.3f} من معناه الجديد يأتي من '{t}'")
print(f"  رقم good/bad تحرّك من {E[i, 1]:+.3f} إلى {outB[i, 1]:+.3f}")
print(f"  رقم negation تحرّك من {E[i, 2]:+.3f} إلى {outB[i, 2]:+.3f}")

# ===== الجزء الرابع: مقارنة مع torch ثم خلط الترتيب =====
# torch 1.13 المثبّت هنا لا يملك الاسم العام F.scaled_dot_product_attention (ظهر في torch 2.0)،
# لذلك أستخدم نسخته الداخلية في 1.13 التي تعيد (المخرج، الأوزان) إن لم يوجد الاسم العام.
def torch_sdpa(Q, K, V):
    q, k, v = (torch.tensor(a).unsqueeze(0) for a in (Q, K, V))
    if hasattr(F, "scaled_dot_product_attention"):
        return F.scaled_dot_product_attention(q, k, v)[0].numpy()
    return F._scaled_dot_product_attention(q, k, v)[0][0].numpy()


gap = np.abs(torch_sdpa(Q, E, E) - outB).max()
print(f"\nأكبر فرق مقابل attention الخاص بـ torch: {gap:.2e}   (أقل من 1e-12؟ {gap < 1e-12})")

perm = [2, 0, 3, 1]                                 # ترتيب جديد: not, support, rude, was
Es, Ts = E[perm], [TOKENS[p] for p in perm]
Qs = Es @ Wq.T
wS, outS = attend(Qs, Es, Es)
show(wS, outS, Ts, "ج. نفس الرموز بترتيب مخلوط")
back = np.argsort(perm)                             # نعيد الصفوف إلى الترتيب الأصلي
print(f"\nبعد إعادة الصفوف إلى مكانها: أكبر فرق في المخرج = {np.abs(outS[back] - outB).max():.2e}")
print(f"أكبر فرق في الأوزان (صفوفًا وأعمدة)  = {np.abs(wS[np.ix_(back, back)] - wB).max():.2e}")
print(f"gap الخلط مقابل torch                  = {np.abs(torch_sdpa(Qs, Es, Es) - outS).max():.2e}")
print("عدد القفزات من 'not' إلى 'rude': RNN 1، attention 1")
print("عدد القفزات من token 1 إلى token 50: RNN 49، attention 1")

# تعليقات (بعد رؤية النتائج):
# الجزء الثاني: حسابي اليدوي طابق الصف المطبوع تمامًا (0.711 لنفسه و 0.096 لكل من الآخرين)، وكل صف مجموعه 1.000.
# الجزء الثالث: بعد Wq صار query الخاص بـ rude هو [2, 0, 2, 0] فانتبه rude إلى support بوزن 0.440 وإلى not بوزن 0.440
#    و 0.060 لكل من was و rude؛ هذا الاقتران صحيح لهذه العبارة لأن rude يحتاج فاعله (support) ويحتاج النافي (not)
#    الذي يقلب معناه، فصار رقم good/bad من -2.000 إلى -0.119 وظهر رقم negation بقيمة 0.881.
#    أما support و was و not فالـ query عندها صفر، فتوزّع انتباهها بالتساوي 0.250.
# الجزء الرابع (الخلط):
# 1) ما تغيّر: ترتيب الصفوف في جدول الأوزان وفي المخرج فقط، فصفّ rude انتقل من المكان 4 إلى المكان 3 وأخذ معه أوزانه ومخرجه.
# 2) ما لم يتغيّر: القيم نفسها، فبعد إعادة الصفوف إلى مكانها كان أكبر فرق 2.22e-16 (خطأ تقريب فقط)، ومخرج rude ما زال [0.881, -0.119, 0.881, 0.339].
# 3) إذن الـ attention وحده أعمى عن الترتيب: المخرج يتحرك مع الـ token لكن قيمته لا تتغير، ولهذا يحتاج الـ Transformer
#    إلى إضافة معلومات الموضع (position) كما في 2.8.
