# attention_by_hand.py — תרגיל 4: attention על הנייר, ואז ב-NumPy
#
# חלק 1, על הנייר (נכתב לפני שהרצתי משהו):
#   השורה של rude היא [0,-2,0,0]. מכפלות סקלריות מול כל טוקן:
#     support [2,0,0,0]   -> 0
#     was     [0,0,0,2]   -> 0
#     not     [0,0,2,0.5] -> 0
#     rude    [0,-2,0,0]  -> (-2)*(-2) = 4
#   חלוקה בשורש של 4 (=2): ציונים 0, 0, 0, 2
#   softmax: e^0 = 1 (שלוש פעמים), e^2 = 7.389, סכום = 10.389
#     support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711
#   סכום השורה: 0.096*3 + 0.711 = 0.999 ~ 1 (עיגול), כלומר rude מסתכל בעיקר על עצמו.
import numpy as np, torch
import torch.nn.functional as F
np.set_printoptions(precision=3, suppress=True)

TOKENS = ["support", "was", "not", "rude"]
AXES = ["subject", "good/bad", "negation", "filler"]
E = np.array([[2.0, 0.0, 0.0, 0.0],    # support
              [0.0, 0.0, 0.0, 2.0],    # was
              [0.0, 0.0, 2.0, 0.5],    # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]
HAND = np.array([0.096, 0.096, 0.096, 0.711])  # המספרים מהנייר


def attend(Q, K, V):
    """scores -> softmax לפי שורה -> סכום משוקלל. מחזירה (משקולות, פלט)."""
    scores = Q @ K.T / np.sqrt(K.shape[1])
    w = np.exp(scores - scores.max(1, keepdims=True))
    w = w / w.sum(1, keepdims=True)
    return w, w @ V


def show(w, out, toks, title):
    print(f"\n--- {title} ---")
    print("משקולות attention (שורה = query, עמודה = key):")
    print(f"{'':<9s}" + "".join(f"{t:>9s}" for t in toks) + f"{'סכום':>8s}")
    for t, r in zip(toks, w):
        print(f"{t:<9s}" + "".join(f"{v:9.3f}" for v in r) + f"{r.sum():8.3f}")
    print("פלט (משקולות כפול וקטורי ה-value):")
    for t, r in zip(toks, out):
        print(f"  {t:<8s} {r}")


print(f"ארבע משמעויות, צירים = {AXES}")
for tok, row in zip(TOKENS, E):
    print(f"  {tok:<8s} {row}")

# ---------- חלק 2: query = key = value = המשמעויות ----------
wA, outA = attend(E, E, E)
show(wA, outA, TOKENS, "A. self-attention גולמי: query = key = value")
i = TOKENS.index("rude")
print(f"\nשורת rude מהמחשב: {wA[i]}")
print(f"שורת rude מהנייר: {HAND}")
print(f"פער מקסימלי נייר-מחשב: {np.abs(wA[i] - HAND).max():.4f}")
print(f"כל השורות מסתכמות ל-1: {np.allclose(wA.sum(1), 1.0)}")

# ---------- חלק 3: מטריצת query מ-Step 6 ----------
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # מילה שלילית שואלת: מי הנושא שלי?
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # ...וגם: יש לידי מילת שלילה?
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print("\nqueries אחרי מטריצת Wq:")
for tok, row in zip(TOKENS, Q):
    print(f"  {tok:<8s} {row}")
wB, outB = attend(Q, E, E)
show(wB, outB, TOKENS, "B. query נפרד, key = value = המשמעויות")
print("\nשורת rude בקול רם:")
for j, t in enumerate(TOKENS):
    print(f"  משקל מ-'{t}': {wB[i, j]:.3f}")
print(f"  מספר good/bad של rude: {E[i, 1]:+.3f} -> {outB[i, 1]:+.3f}")
print(f"  מספר negation של rude: {E[i, 2]:+.3f} -> {outB[i, 2]:+.3f}")
print(f"כל השורות מסתכמות ל-1: {np.allclose(wB.sum(1), 1.0)}")
# מי הסתכל על מי: rude הסתכל 0.440 על support ו-0.440 על not, ורק 0.060 על was
# ועל עצמו. זה הזיווג הנכון לביטוי "support was not rude": rude צריך לדעת על מי
# הוא נאמר (support) ושהוא מבוטל (not) - ולכן הפלט שלו עבר מ-good/bad של 2.000-
# ל-0.119- וקיבל negation של 0.881. שאר השורות קיבלו query אפס ולכן 0.250 לכל טוקן.

# ---------- חלק 4: בדיקה מול PyTorch ואז ערבוב ----------
Qt, Et = torch.tensor(Q), torch.tensor(E)
if hasattr(F, "scaled_dot_product_attention"):  # torch 2.x, כמו במודול
    ref_name = "F.scaled_dot_product_attention"
    ref = F.scaled_dot_product_attention(Qt, Et, Et).numpy()
else:  # ב-torch 1.13 שיש לנו הפונקציה עוד פרטית, עם קו תחתון
    ref_name = "F._scaled_dot_product_attention (torch 1.13)"
    ref_out, ref_w = F._scaled_dot_product_attention(
        Qt[None], Et[None], Et[None], None, 0.0, True, False)
    ref = ref_out[0].numpy()
print(f"\nפונקציית הייחוס: {ref_name}")
print(f"פער מקסימלי מול ה-attention של torch: {np.abs(ref - outB).max():.2e}")

perm = [2, 0, 3, 1]  # סדר חדש: not, support, rude, was
Es = E[perm]
toks_s = [TOKENS[p] for p in perm]
ws, outs = attend(Es @ Wq.T, Es, Es)
show(ws, outs, toks_s, "C. אותם ארבעה טוקנים בסדר מעורבב")
print(f"\nהפלט המעורבב == הפלט המקורי באותו ערבוב: {np.allclose(outs, outB[perm])}")
print(f"פער מקסימלי: {np.abs(outs - outB[perm]).max():.2e}")
print(f"הפלט המעורבב == הפלט המקורי בסדר המקורי: {np.allclose(outs, outB)}")
print(f"שורת rude אחרי ערבוב: {outs[toks_s.index('rude')]}")

# שלושה משפטים על הערבוב (אחרי שראיתי את הפלט):
# 1. מה השתנה: רק המקום של השורות והעמודות - rude עבר לשורה 3 והמשקולות 0.440 שלו
#    יושבות עכשיו בעמודות של not ו-support במקומן החדש.
# 2. מה לא השתנה: הערכים עצמם - שורת rude עדיין [0.881, -0.119, 0.881, 0.339]
#    והפער מול הפלט המקורי באותו ערבוב הוא 2.22e-16, כלומר אפס.
# 3. המסקנה: שורות הפלט זזות יחד עם הטוקנים שלהן אבל הערכים לא משתנים, אז
#    attention לבד עיוור לסדר - "support was not rude" ו-"not support rude was" נראים
#    לו אותו דבר, ובגלל זה צריך להוסיף מידע על מיקום (position), כמו ב-2.8.
# הערה: ב-torch 1.13 שמותקן אצלי אין עדיין F.scaled_dot_product_attention (נוספה
# ב-torch 2.0), אז בדקתי מול הגרסה הפרטית F._scaled_dot_product_attention - פער 2.22e-16.
