# تمرين 1 — الترتيب يحمل المعنى، ثم نشاهد الذاكرة وهي تحفظه
import numpy as np, torch, torch.nn as nn
from sequences import *

np.set_printoptions(precision=3, suppress=True)

# ================= الجزء الأول: البيانات =================
Xtr, ytr, ktr = encode(make_reviews(1600, seed=11))
Xte, yte, kte = encode(make_reviews(600, seed=12))
very, nots = torch.tensor(kte == "very"), torch.tensor(kte == "not")
print("=== الجزء الأول: البيانات ===")
print(f"حجم المفردات       : {len(VOCAB)} كلمة، وطول كل مراجعة {Xtr.shape[1]} tokens")
print(f"بيانات التدريب     : {tuple(Xtr.shape)}")
print(f"بيانات الاختبار    : {tuple(Xte.shape)}")
print(f"{'نوع الصف':<10s} {'العدد':>6s}")
print(f"{'very':<10s} {int(very.sum()):6d}")
print(f"{'not':<10s} {int(nots.sum()):6d}")


# ================= الجزء الثاني: حقيبة الكلمات والتوائم =================
def bag_of(review):
    """تأخذ مراجعة (قائمة كلمات) وتعيد متجه حقيبة الكلمات: عدد مرات كل كلمة."""
    v = torch.zeros(len(VOCAB))
    for w in review:
        v[STOI[w]] += 1.0
    return v


# نبحث في صفوف الاختبار عن مراجعتين لهما نفس الحقيبة وتسميتان متعاكستان
rows = make_reviews(600, seed=12)
groups = {}
for toks, lab, kind in rows:
    groups.setdefault(tuple(bag_of(toks).tolist()), []).append((toks, lab))
twins = []
for key, members in groups.items():
    pos = [m for m in members if m[1] == 1]
    neg = [m for m in members if m[1] == 0]
    if pos and neg:
        twins.append((pos[0], neg[0]))
    if len(twins) == 3:
        break

print("\n=== الجزء الثاني: ثلاثة أزواج توائم (نفس الحقيبة، تسمية معاكسة) ===")
for n, ((ta, la), (tb, lb)) in enumerate(twins, start=1):
    same_bag = bool(torch.equal(bag_of(ta), bag_of(tb)))
    print(f"\nالزوج {n}:")
    print(f"  أ  (label {la}): {' '.join(ta)}")
    print(f"  ب  (label {lb}): {' '.join(tb)}")
    print(f"  أ مرتّبة : {sorted(ta)}")
    print(f"  ب مرتّبة : {sorted(tb)}")
    print(f"  نفس الكلمات المرتّبة؟ {sorted(ta) == sorted(tb)}   نفس متجه الحقيبة؟ {same_bag}"
          f"   تسميتان متعاكستان؟ {la != lb}")

# ================= الجزء الثالث: نماذج الحقيبة =================
Btr, Bte = bag(Xtr), bag(Xte)
print("\n=== الجزء الثالث: نماذج ترمي الترتيب ===")
print(f"{'النموذج':<24s} {'params':>7s} {'الكل':>7s} {'صفوف very':>10s} {'صفوف not':>9s}")
for name, build in (("logistic على العدّ", lambda: nn.Linear(len(VOCAB), 1)),
                    ("MLP بـ 64 وحدة", lambda: nn.Sequential(nn.Linear(len(VOCAB), 64), nn.ReLU(),
                                                          nn.Linear(64, 1)))):
    torch.manual_seed(7)                      # البذرة قبل إنشاء الأوزان
    net = build()
    train(net, Btr, ytr, epochs=60, lr=0.01)
    print(f"{name:<24s} {sum(p.numel() for p in net.parameters()):7,d}"
          f" {acc(net, Bte, yte):7.3f} {acc(net, Bte, yte, very):10.3f}"
          f" {acc(net, Bte, yte, nots):9.3f}")

scores = []                                   # مجموعة اختبار واحدة = امتحان واحد فقط
for s in range(12, 32):
    X, y, k = encode(make_reviews(600, seed=s))
    scores.append(acc(net, bag(X), y, torch.tensor(k == "not")))
print("\nدقة نموذج الـ 64 وحدة على صفوف not في 20 مجموعة اختبار جديدة:")
print(f"  {'الأدنى':>8s} {'المتوسط':>8s} {'الأعلى':>8s}")
print(f"  {min(scores):8.3f} {sum(scores) / len(scores):8.3f} {max(scores):8.3f}")

# ================= الجزء الرابع: RNN بـ NumPy من الخطوة 2 =================


def features(tok):
    """ثلاثة أرقام لكل token: إيجابي، سلبي، أو كلمة not."""
    return np.array([float(tok in POS), float(tok in NEG), float(tok == "not")])


Wx = np.array([[0.9, -0.9, 0.0],     # h1: المزاج الجاري
               [0.0, 0.0, 2.0],      # h2: هل قرأت not للتو
               [0.5, 0.5, 0.0]])     # h3: كم كلمة رأي حتى الآن
Wh = np.array([[1.0, 0.0, 0.0],      # h1 يحمل نفسه للأمام
               [0.0, 0.0, 0.0],      # h2 ينسى كل شيء في كل خطوة
               [0.0, 0.0, 1.0]])     # h3 يحمل نفسه للأمام
b = np.zeros(3)


def run_rnn(tokens, show=False):
    h = np.zeros(3)                  # الذاكرة تبدأ فارغة
    trace = [h]
    if show:
        print(f"{'خطوة':>4s} {'token':<10s} {'x_t (pos,neg,not)':<20s}"
              f" {'h_t (mood, saw-not, count)':<28s}")
        print(f"{0:4d} {'<start>':<10s} {str(np.zeros(3)):<20s} {str(h):<28s}")
    for t, tok in enumerate(tokens, start=1):
        x = features(tok)
        h = np.tanh(Wx @ x + Wh @ h + b)          # الـ RNN كله في سطر واحد
        trace.append(h)
        if show:
            print(f"{t:4d} {tok:<10s} {str(x):<20s} {str(h):<28s}")
    return h, trace


# نختار زوجًا تأتي فيه not في الموضع نفسه في المراجعتين، حتى لا نخلط بين أثر not وأثر كلمة الرأي
pick = next(n for n, ((ta, _), (tb, _)) in enumerate(twins) if ta.index("not") == tb.index("not"))
(A, la), (B, lb) = twins[pick]
print(f"\n=== الجزء الرابع: RNN يدوي على الزوج {pick + 1} ===")
print(f"المراجعة أ (label {la}):", " ".join(A))
hA, trA = run_rnn(A, show=True)
print(f"\nالمراجعة ب (label {lb}):", " ".join(B))
hB, trB = run_rnn(B, show=True)
print(f"\nالذاكرة النهائية أ : {hA}")
print(f"الذاكرة النهائية ب : {hB}")
print(f"الفرق الأكبر       : {np.abs(hA - hB).max():.3f}")
split = next(t for t in range(1, 9) if np.abs(trA[t] - trB[t]).max() > 1e-9)
print(f"تنفصل الذاكرتان عند الخطوة : {split} (token أ = '{A[split - 1]}'، token ب = '{B[split - 1]}')")
print(f"أول كلمة رأي في أ عند الخطوة: {next(i for i, w in enumerate(A, 1) if w in POS + NEG)}")
print(f"أول كلمة رأي في ب عند الخطوة: {next(i for i, w in enumerate(B, 1) if w in POS + NEG)}")
print(f"كلمة not عند الخطوة        : أ {A.index('not') + 1}، ب {B.index('not') + 1}")
bagA, bagB = sum(features(t) for t in A), sum(features(t) for t in B)
print(f"مجموع الميزات بلا ترتيب: أ {bagA}  ب {bagB}  متطابق؟ {np.array_equal(bagA, bagB)}")

# تعليقات الجزء الرابع (تُكتب بعد رؤية النتائج):
# 1) في الزوج 3 كلمة not تصل عند الخطوة 3 في المراجعتين والذاكرتان ما زالتا متطابقتين [0, 0.964, 0]،
#    ولا تنفصلان إلا عند الخطوة 4 حيث تصل أول كلمة رأي (slow مقابل clean: المزاج -0.716 مقابل +0.716)،
#    أي أن الانفصال يبدأ مع أول كلمة رأي وليس مع كلمة not.
# 2) الوحدة h2 (saw-not) هي ذاكرة الخطوة الواحدة: تقرأ 0.964 عند not ثم تعود إلى 0.000 في الخطوة التالية،
#    لأن صفّها في Wh كله أصفار.
# 3) الوحدة h1 (المزاج) تبهت وحدها بلا دليل جديد: 0.716 ثم 0.615 ثم 0.547 ثم 0.499، لأن tanh يضغطها قليلًا في كل خطوة.
# 4) نموذج الحقيبة الأكبر لا يستطيع سدّ الفجوة لأن التوأمين لهما متجه حقيبة متطابق تمامًا، فأي نموذج يقرأ العدّ فقط
#    يعطيهما الجواب نفسه، ولا يمكنه أن يتجاوز 0.500 على الصفوف ذات الحقائب المتطابقة مهما كبر حجمه.
# ملاحظة عن الجزء الثالث: رقم 0.574 لنموذج الـ 64 وحدة على صفوف not كان حظًّا في امتحان واحد من 303 صفوف وليس تعلّمًا؛
#    على 20 مجموعة اختبار جديدة كان المتوسط 0.504 والمدى من 0.448 إلى 0.574، أي رمي عملة.
# ملاحظة صادقة: هذا الـ RNN اليدوي لا يطبّق النفي فعلًا (h2 لا تدخل في h1)، لذلك قرأ "not slow" كمزاج سلبي -0.716؛
#    المهم هنا أن الذاكرتين مختلفتان (الفرق 0.762) بينما مجموع الميزات متطابق [1, 1, 1].
