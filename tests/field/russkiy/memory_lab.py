# Упражнение 3 — лаборатория длины памяти (memory-length lab).
# Повторяю Step 5 модуля + одна добавка: GRU и длина 100 для двух крайних моделей.
# Замечание: машина у меня — загруженный 2-ядерный сервер, не ноутбук на 4 потока,
# поэтому секунды будут намного больше, чем в модуле. Строки обучения НЕ урезаю (4000).
import time, torch, torch.nn as nn
torch.set_num_threads(4)

FLAGS, FILLERS = 2, 8  # токены 0,1 = флаг; токены 2..9 = шум


def recall_task(n, T, seed):
    """Запомнить ПЕРВЫЙ токен, ответить после T-1 бессмысленных токенов."""
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
        if forget_bias:  # открыть все forget-вентили с самого начала
            with torch.no_grad():
                # у LSTM порядок блоков в bias: input, forget, cell, output
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()

# ---------------- Часть 1: проверяем саму задачу ----------------
print("Часть 1: задача recall — метка зависит только от токена 0")
print(f"{'длина':>6s} {'строк':>6s} {'метка==токен0':>14s} {'доля меток 1':>13s}"
      f" {'макс. |corr| метки с токенами 1..T-1':>37s}")
for T in (5, 20, 50, 100):
    X, y = recall_task(4000, T, seed=100 + T)
    same = float((X[:, 0].float() == y).float().mean())
    # корреляция метки с каждым шумовым токеном: должна быть около нуля
    yc = y - y.mean()
    Xn = X[:, 1:].float()
    Xc = Xn - Xn.mean(0)
    corr = (Xc * yc[:, None]).sum(0) / (Xc.norm(dim=0) * yc.norm())
    print(f"{T:6d} {len(X):6d} {same:14.3f} {float(y.mean()):13.3f}"
          f" {float(corr.abs().max()):37.3f}")


def run(T, label, kind, fb):
    Xtr, ytr = recall_task(4000, T, seed=100 + T)
    Xte, yte = recall_task(1000, T, seed=200 + T)
    torch.manual_seed(7)
    net = Recaller(kind, forget_bias=fb)
    opt = torch.optim.Adam(net.parameters(), lr=0.01)
    g = torch.Generator().manual_seed(7)
    t0 = time.perf_counter()
    for _ in range(40):
        net.train()
        for i in torch.randperm(len(Xtr), generator=g).split(64):
            opt.zero_grad()
            loss_fn(net(Xtr[i]), ytr[i]).backward()
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)  # clipping на 1.0
            opt.step()
    dt = time.perf_counter() - t0
    net.eval()
    with torch.no_grad():
        tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
        te = float(((net(Xte) > 0).float() == yte).float().mean())
    print(f"{T:6d} {label:<12s} {dt:9.1f} {tr:20.3f} {te:17.3f}")
    return dt, tr, te


# ---------------- Часть 2 и Часть 3: одна общая таблица ----------------
MODELS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
          ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
print("\nЧасть 2 + Часть 3: 40 эпох, clip_grad_norm_ 1.0, 4000 строк обучения, 1000 теста")
print(f"{'длина':>6s} {'модель':<12s} {'секунды':>9s} {'точность на обучении':>20s}"
      f" {'точность на тесте':>17s}")
res = {}
for T in (5, 20, 50):
    for label, kind, fb in MODELS:
        res[(T, label)] = run(T, label, kind, fb)
# Часть 3: длина 100 — только две крайние модели
for label, kind, fb in (MODELS[0], MODELS[3]):
    res[(100, label)] = run(100, label, kind, fb)

print("\nкак растут секунды обучения с длиной (отношение к длине 20):")
for label, _, _ in MODELS:
    s = [res[(T, label)][0] for T in (5, 20, 50, 100) if (T, label) in res]
    r50 = res[(50, label)][0] / res[(20, label)][0]
    print(f"  {label:<12s} секунды {' '.join(f'{v:.1f}' for v in s):<26s}"
          f" 50/20 = x{r50:.2f}")
for T in (5, 20, 50):
    print(f"  длина {T:3d}: LSTM b_f=0 / RNN = x{res[(T, 'LSTM b_f=0')][0] / res[(T, 'RNN')][0]:.2f},"
          f" LSTM b_f=3 / RNN = x{res[(T, 'LSTM b_f=3')][0] / res[(T, 'RNN')][0]:.2f}")
gap = res[(50, "LSTM b_f=0")][1] - res[(50, "LSTM b_f=0")][2]
print(f"  разрыв обучение - тест у LSTM b_f=0 на длине 50: {gap:.3f}")

# ---------------- из Step 5: последовательно или всё сразу ----------------
print("\nОдин прямой проход, batch 32, 128 признаков: шаг за шагом или всё сразу")
print(f"{'длина':>6s} {'LSTM (последоват.)':>19s} {'attention (паралл.)':>21s}"
      f" {'отношение':>10s}")
H = 128
lstm = nn.LSTM(H, H, batch_first=True)
for T in (50, 200, 500, 1000):
    x = torch.randn(32, T, H)
    with torch.no_grad():
        lstm(x[:, :8]); (x @ x.transpose(1, 2))  # прогрев
        t0 = time.perf_counter()
        for _ in range(3):
            lstm(x)
        a = (time.perf_counter() - t0) / 3
        t0 = time.perf_counter()
        for _ in range(3):
            torch.softmax(x @ x.transpose(1, 2) / H ** 0.5, -1) @ x
        b = (time.perf_counter() - t0) / 3
    print(f"{T:6d} {a * 1000:16.1f} ms {b * 1000:18.1f} ms {a / b:9.1f}x")

# ---------------- Часть 4: выводы ----------------
# (написано после первого полного прогона; точности ниже — мои, они seeded и при
#  повторном прогоне должны совпасть; секунды на этой машине каждый раз другие)
#
# 1) Plain RNN ломается на длине 50: 0.567 на обучении и 0.504 на тесте (в модуле
#    0.539 / 0.507) — это монетка, и низкая training accuracy говорит, что он правило
#    вообще не выучил; на 5 и 20 он даёт 1.000 / 1.000. Странно: на длине 100 с этим
#    seed RNN выдал 1.000 / 1.000 — это одна попытка с одним seed, видимо повезло с
#    инициализацией (clipping + 4000 строк), и без нескольких seed я этому не верю;
#    но это значит, что «граница» у RNN не жёсткая, а вероятностная.
# 2) LSTM с forget bias 0 на длине 50: 0.874 на обучении и 0.511 на тесте, разрыв
#    0.363 (больше 0.3) — это memorisation: он запомнил 4000 обучающих строк по шуму,
#    а правило «ответ = токен 0» не нашёл, и на тесте снова монетка.
# 3) Forget bias 3 всё исправил: та же LSTM даёт 1.000 / 1.000 на длине 50 и на длине
#    100; это предсказала таблица из gradient_decay.py — cell-state blame при b_f=0
#    падает в x0.629 раза за шаг (5.180e-12 на шаге 1), а при b_f=3 меняется в x1.016
#    (4.782e-02 на шаге 1), т.е. сигнал от токена 0 доходит до весов.
# 4) Секунды: на этой машине (2 ядра, параллельно крутились ещё ~8 таких же
#    обучений) время определяется загрузкой, а не моделью: в первом прогоне RNN на
#    длине 5 занял 40.2 s, а на длине 50 — 26.3 s; от 20 к 50 рост был x1.48 (RNN),
#    x1.02 (GRU), x0.83 (LSTM b_f=0), x3.42 (LSTM b_f=3), а от 50 к 100 — x7.8 (RNN)
#    и x4.0 (LSTM b_f=3). Поэтому «примерно x2 от 20 к 50» и «LSTM примерно в 2 раза
#    дороже RNN» (в модуле 1.8 -> 3.8 s и 3.8 -> 9.2 s) я своими секундами честно
#    подтвердить не могу; в целом LSTM медленнее RNN (x1.7..x6 на длинах 20 и 50), и
#    длинные последовательности дороже, но точные цифры — шум. Таблица «LSTM против
#    attention» внизу по той же причине тоже не похожа на модульную (66.6 / 32.1 ms).
# 5) Для входов по 30 токенов я бы отправил в прод LSTM с forget bias 3: 30 лежит
#    между 20, где все модели дают 1.000, и 50, где plain RNN уже 0.504, а LSTM b_f=0
#    0.511 на тесте; LSTM b_f=3 у меня 1.000 / 1.000 и на 50, и на 100, с запасом.
#    GRU тоже дал 1.000 / 1.000 на 50 и был бы вторым вариантом, если нужна скорость,
#    но на 100 я его не мерил.
