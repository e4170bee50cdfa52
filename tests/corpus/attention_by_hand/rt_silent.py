# attention_by_hand.py -- red team: computes but never prints.
import numpy as np
E = np.array([[2, 0, 0, 0], [0, 0, 0, 2], [0, 0, 2, 0.5], [0, -2, 0, 0]], dtype=float)
s = E @ E.T / 2
w = np.exp(s) / np.exp(s).sum(1, keepdims=True)
# By hand the rude row is 0.096, 0.096, 0.096 and 0.711 after the softmax.
# Shuffled output rows move with their tokens; the values are unchanged, so order is invisible.
