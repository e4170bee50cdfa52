# attention_by_hand.py
#
# Worked by hand first. rude = [0, -2, 0, 0]. Dot products with support, was,
# not, rude: 0, 0, 0 and 4. softmax([0, 0, 0, 4]) = e^4 / (e^4 + 3) = 0.948 for
# rude itself and 1 / (e^4 + 3) = 0.017 for each of the other three tokens.
import numpy as np
import torch

# ANSI colours so the rude row stands out in my terminal
BOLD, RED, GREEN, DIM, RESET = "\033[1m", "\033[31m", "\033[32m", "\033[2m", "\033[0m"

words = ["support", "was", "not", "rude"]
E = np.array([[2, 0, 0, 0], [0, 0, 0, 2], [0, 0, 2, 0.5], [0, -2, 0, 0]], dtype=np.float64)


def attend(Q, K, V):
    d = Q.shape[-1]
    s = Q @ K.T / np.sqrt(d)
    e = np.exp(s - s.max(axis=-1, keepdims=True))
    w = e / e.sum(axis=-1, keepdims=True)
    return w, w @ V


def show(title, toks, w, out):
    print(f"{BOLD}{title}{RESET}")
    print(f"{DIM}{'':>8}" + "".join(f"{t:>9}" for t in toks) + f"{'Σ':>8}{RESET}")
    for t, row in zip(toks, w):
        col = RED if t == "rude" else ""
        print(f"{col}{t:>8}" + "".join(f"{x:9.3f}" for x in row) + f"{row.sum():8.3f}{RESET}")
    print(f"{DIM}output rows{RESET}")
    for t, row in zip(toks, out):
        col = GREEN if t == "rude" else ""
        print(f"{col}{t:>8} [" + ", ".join(f"{x:+.3f}" for x in row) + f"]{RESET}")
    print()


w1, o1 = attend(E, E, E)
show("1) self-attention, Q = K = V = E", words, w1, o1)
r = words.index("rude")
print(f"rude row from the code: {', '.join(f'{x:.3f}' for x in w1[r])}  (my hand numbers: 0.017 x3, 0.948)\n")

Wq = np.array([[0, -1, 0, 0], [0, 0, 0, 0], [0, -1, 0, 0], [0, 0, 0, 0]], dtype=np.float64)
Q = E @ Wq.T
w2, o2 = attend(Q, E, E)
show("2) with the query matrix, Q = E Wq^T", words, w2, o2)
# With the query matrix, rude looks at support and at not (0.440 each): the word
# "rude" needs to know who it describes and whether it is negated, and that pair
# turns "not rude" into praise for the support team.

ref = torch.nn.functional.scaled_dot_product_attention(
    torch.from_numpy(Q)[None], torch.from_numpy(E)[None], torch.from_numpy(E)[None])[0].numpy()
print(f"max |mine - torch| = {np.max(np.abs(ref - o2)):.3e}\n")

perm = [3, 1, 0, 2]
Es = E[perm]
w3, o3 = attend(Es @ Wq.T, Es, Es)
show("3) rows shuffled", [words[i] for i in perm], w3, o3)
# After shuffling, the rude row's numbers changed because the tokens now sit at different positions.
# The weights moved around too, since every token is compared with its neighbours first.
# So attention does use word order, which is why it works without an RNN.
