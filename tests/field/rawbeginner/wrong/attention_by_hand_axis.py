# attention by hand - exercise 4
import numpy as np, torch
np.set_printoptions(precision=3, suppress=True)

# part 1 on paper (did this before running)
# rude = [0,-2,0,0]
# rude . support = 0, rude . was = 0, rude . not = 0, rude . rude = 0+4+0+0 = 4
# divide by sqrt(4)=2 -> 0, 0, 0, 2
# softmax: e^0=1 three times, e^2=7.389, sum = 10.389
# -> support 1/10.389 = 0.096, was 0.096, not 0.096, rude 7.389/10.389 = 0.711  (0.096*3+0.711 = 0.999 ~ 1 rounding)

TOKENS = ["support", "was", "not", "rude"]
E = np.array([[2.0, 0.0, 0.0, 0.0],   # support
              [0.0, 0.0, 0.0, 2.0],   # was
              [0.0, 0.0, 2.0, 0.5],   # not
              [0.0, -2.0, 0.0, 0.0]])  # rude
d = E.shape[1]


# part 2
def attend(Q, K, V):
    scores = Q @ K.T / np.sqrt(d)
    w = np.exp(scores - scores.max(0, keepdims=True))
    w = w / w.sum(0, keepdims=True)  # softmax over each row
    return w, w @ V


w, out = attend(E, E, E)
print(w)
print(w.sum(1))
print(out)
print(w[3])  # rude row, same as my hand numbers 0.096 0.096 0.096 0.711

# part 3 - query matrix from step 6
Wq = np.array([[0.0, -1.0, 0.0, 0.0],   # bad word asks for the subject
               [0.0, 0.0, 0.0, 0.0],
               [0.0, -1.0, 0.0, 0.0],   # and for a negator
               [0.0, 0.0, 0.0, 0.0]])
Q = E @ Wq.T
print(Q)
w2, out2 = attend(Q, E, E)
print(w2)
print(w2.sum(1))
print(out2)
print(E[3], out2[3])  # rude before and after
# rude attends 0.440 to support and 0.440 to not, and 0.060 to was and to itself. the other 3 tokens have a zero query
# so they just spread 0.25 everywhere. thats the right pairing: "rude" is about support (its subject) and it is negated by "not",
# so "not rude" -> its good/bad number goes from -2 to -0.119 and it gets negation 0.881.

# part 4 - check with torch
# torch 1.13 does not have torch.nn.functional.scaled_dot_product_attention (came in torch 2.0),
# there is only the private _scaled_dot_product_attention which returns (output, weights), so i use that one
t_out, t_w = torch.nn.functional._scaled_dot_product_attention(
    torch.tensor(Q), torch.tensor(E), torch.tensor(E))
print(t_out.numpy())
print(np.abs(t_out.numpy() - out2).max())
print(np.abs(t_w.numpy() - w2).max())

# shuffle the tokens
perm = [2, 0, 3, 1]
print([TOKENS[i] for i in perm])
Es = E[perm]
w3, out3 = attend(Es @ Wq.T, Es, Es)
print(w3)
print(out3)
print(np.abs(out3 - out2[perm]).max())  # same rows just moved
# what changed: the rows of the output (and rows+columns of the weights) are in the new order, rude is now row 2 not row 3.
# what didnt change: every token gets exactly the same output vector as before, rude is still [0.881 -0.119 0.881 0.339].
# so attention alone does not know the order of the tokens at all, "not rude" and "rude not" look the same, you have to add position information.
