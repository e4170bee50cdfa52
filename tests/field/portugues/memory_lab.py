# memory_lab.py -- Laboratório de comprimento de memória (exercício 3 do módulo)
# Reproduz o experimento do Passo 5 (recall do primeiro token) com uma adição:
# GRU na tabela e um quinto comprimento (100) para os dois modelos extremos.
import time, torch, torch.nn as nn
from sequences import VOCAB  # só para garantir que sequences.py está na pasta
torch.set_num_threads(4)

FLAGS, FILLERS = 2, 8  # tokens 0,1 = a flag; tokens 2..9 = ruído


def fmt(x, casas=3):
    """Meu helper: número com vírgula decimal, do jeito brasileiro."""
    return f"{x:.{casas}f}".replace(".", ",")


def recall_task(n, T, seed):
    """Lembrar o PRIMEIRO token, responder depois de T-1 tokens sem sentido."""
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
        if forget_bias:  # abre todas as válvulas de forget desde o início
            with torch.no_grad():
                self.core.bias_ih_l0[hid:2 * hid].fill_(forget_bias)
                self.core.bias_hh_l0[hid:2 * hid].fill_(0.0)
        self.head = nn.Linear(hid, 1)

    def forward(self, x):
        out, _ = self.core(self.embed(x))
        return self.head(out[:, -1, :]).squeeze(-1)


loss_fn = nn.BCEWithLogitsLoss()
N_TREINO, N_TESTE = 4000, 1000

# ---------------- Parte 1: a tarefa de recall ----------------
print("Parte 1 -- a tarefa de recall: o rótulo depende só do token 0?")
print(f"{'comprimento':>11s} ; {'rótulo == token 0':>17s} ; {'fração de 1 (treino)':>20s} ;"
      f" {'fração de 1 (teste)':>19s} ; {'maior |corr| rótulo x posição 1..T-1':>36s}")
for T in (5, 20, 50, 100):
    Xtr, ytr = recall_task(N_TREINO, T, seed=100 + T)
    Xte, yte = recall_task(N_TESTE, T, seed=200 + T)
    igual = float(((Xtr[:, 0].float() == ytr).float().mean()
                   + (Xte[:, 0].float() == yte).float().mean()) / 2)
    # correlação do rótulo com cada posição de ruído: deve ser ~0
    ruido = Xtr[:, 1:].float()
    rc = ytr - ytr.mean()
    nc = ruido - ruido.mean(0)
    corr = (rc @ nc) / (rc.norm() * nc.norm(dim=0))
    ruido_ok = bool(((Xtr[:, 1:] >= FLAGS) & (Xtr[:, 1:] < FLAGS + FILLERS)).all())
    print(f"{T:11d} ; {fmt(igual):>17s} ; {fmt(float(ytr.mean())):>20s} ;"
          f" {fmt(float(yte.mean())):>19s} ; {fmt(float(corr.abs().max())):>36s}"
          f"   (ruído só tokens 2..9: {ruido_ok})")

# ---------------- Partes 2 e 3: treinar e medir ----------------
MODELOS = [("RNN", "RNN", 0.0), ("GRU", "GRU", 0.0),
           ("LSTM b_f=0", "LSTM", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]
EXTREMOS = [("RNN", "RNN", 0.0), ("LSTM b_f=3", "LSTM", 3.0)]

print("\nPartes 2 e 3 -- 40 epochs, Adam lr 0,01, batch 64, clipping do gradient em 1,0")
print(f"{'comprimento':>11s} ; {'modelo':<11s} ; {'segundos':>8s} ;"
      f" {'acurácia de treino':>18s} ; {'acurácia de teste':>17s}", flush=True)
resultados = {}
for T, lista in ((5, MODELOS), (20, MODELOS), (50, MODELOS), (100, EXTREMOS)):
    Xtr, ytr = recall_task(N_TREINO, T, seed=100 + T)
    Xte, yte = recall_task(N_TESTE, T, seed=200 + T)
    for label, kind, fb in lista:
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
                nn.utils.clip_grad_norm_(net.parameters(), 1.0)
                opt.step()
        dt = time.perf_counter() - t0
        net.eval()
        with torch.no_grad():
            tr = float(((net(Xtr) > 0).float() == ytr).float().mean())
            te = float(((net(Xte) > 0).float() == yte).float().mean())
        resultados[(T, label)] = (dt, tr, te)
        print(f"{T:11d} ; {label:<11s} ; {fmt(dt, 1):>8s} ; {fmt(tr):>18s} ;"
              f" {fmt(te):>17s}", flush=True)

print("\nsegundos relativos (mesma máquina, mesma hora):")
for label, _, _ in MODELOS:
    r = resultados[(50, label)][0] / resultados[(20, label)][0]
    print(f"  {label:<11s} ; comprimento 50 / comprimento 20 = {fmt(r, 2)}x")
for T in (5, 20, 50):
    r = resultados[(T, "LSTM b_f=0")][0] / resultados[(T, "RNN")][0]
    print(f"  comprimento {T:3d} ; LSTM / RNN = {fmt(r, 2)}x")
r = resultados[(100, "LSTM b_f=3")][0] / resultados[(100, "RNN")][0]
print(f"  comprimento 100 ; LSTM b_f=3 / RNN = {fmt(r, 2)}x")

# ---------------- o resto do Passo 5: sequencial x paralelo ----------------
print("\nUm forward, batch 32, 128 features: passo a passo ou tudo de uma vez")
print(f"{'comprimento':>11s} ; {'LSTM (sequencial)':>17s} ; {'attention (paralela)':>20s} ;"
      f" {'razão':>6s}")
H = 128
lstm = nn.LSTM(H, H, batch_first=True)
for T in (50, 200, 500, 1000):
    x = torch.randn(32, T, H)
    with torch.no_grad():
        lstm(x[:, :8]); (x @ x.transpose(1, 2))  # aquecimento
        t0 = time.perf_counter()
        for _ in range(3):
            lstm(x)
        a = (time.perf_counter() - t0) / 3
        t0 = time.perf_counter()
        for _ in range(3):
            torch.softmax(x @ x.transpose(1, 2) / H ** 0.5, -1) @ x
        b = (time.perf_counter() - t0) / 3
    print(f"{T:11d} ; {fmt(a * 1000, 1):>14s} ms ; {fmt(b * 1000, 1):>17s} ms ;"
          f" {fmt(a / b, 1):>5s}x")

# ---------------- Parte 4: comentários (escritos depois de ver os números) ----------------
# Usei as 4.000 linhas de treino do módulo (não cortei para 2.000). As acurácias são
# com semente e se repetem; os segundos citados são da primeira rodada (10:19-10:40,
# máquina de 2 núcleos ocupada com outros alunos), e a rodada final imprime outros.
# 1. O RNN simples quebra no comprimento 50: no 20 ele tira 1,000/1,000, e no 50 cai para
#    0,561 de treino e 0,494 de teste (no 100, 0,581 e 0,508), ou seja, nunca aprendeu a
#    regra -- nem no treino ele passa muito de cara ou coroa.
# 2. No comprimento 50 o LSTM com forget bias 0 tira 0,839 de treino e 0,495 de teste, uma
#    diferença de 0,344 (mais de 0,3): isso é memorização, ele decorou as 4.000 sequências
#    pelo ruído e não descobriu que só o token 0 importa, e quem olhar só o treino acha
#    que o LSTM funciona.
# 3. O forget bias 3 levou o mesmo LSTM para 1,000/1,000 no 50 e também no 100, e a tabela
#    de gradient do Passo 3 (meu gradient_decay.out) já previa: no cell state o fator por
#    passo vai de x0,629 (b_f=0, passo 1 com 5,180e-12) para x1,016 (b_f=3, passo 1 com
#    4,782e-02), então só com a válvula aberta a blame chega ao token 0.
# 4. Os segundos crescem com o comprimento em todos: do 20 para o 50 o GRU foi 2,56x, o
#    LSTM b_f=0 2,78x e o LSTM b_f=3 1,69x (perto do "dobra" do módulo), mas o RNN só
#    1,18x (38,4 -> 45,3 s) e depois 126,3 s no 100; o LSTM custou 2,94x o RNN no 50 e o
#    LSTM b_f=3 1,98x no 100, mas no 5 e no 20 a razão foi 0,70x e 1,25x -- com a máquina
#    ocupada os segundos têm muito ruído, e o "LSTM custa o dobro do RNN" só apareceu
#    limpo nos comprimentos longos.
# 5. Para entradas de 30 tokens eu colocaria em produção o LSTM com forget bias 3: 30 fica
#    entre o 20 (onde todos tiram 1,000) e o 50 (onde o RNN cai para 0,494 e o LSTM b_f=0
#    decora com 0,495 de teste), e ele foi o único que eu medi com 1,000/1,000 no 50 e no
#    100, pagando uns 2-3x os segundos do RNN (120,3 s contra 45,3 s no 50); o GRU (1,000 no
#    50) seria o segundo candidato, e antes de entregar eu mediria no comprimento 30 mesmo.
