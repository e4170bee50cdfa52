# memory_lab.py -- WRONG (red team 2): the forget bias is filled and then reset by a later
# "re-initialise the biases" loop, so the "b_f=3" LSTM trains exactly like the plain LSTM (same
# seed): identical accuracies, as printed here (accuracies from rt2_pivot_smoke's recorded run's
# plain LSTM; its own b_f=3 times).  JSON lines.
import json
ROWS = [(5, "RNN", 4.3, 1.000, 1.000), (5, "GRU", 7.5, 1.000, 1.000), (5, "LSTM", 3.2, 1.000, 1.000), (5, "LSTM b_f=3", 6.1, 1.000, 1.000),
        (20, "RNN", 4.7, 1.000, 1.000), (20, "GRU", 11.8, 1.000, 1.000), (20, "LSTM", 12.8, 1.000, 1.000), (20, "LSTM b_f=3", 9.6, 1.000, 1.000),
        (50, "RNN", 15.2, 0.561, 0.494), (50, "GRU", 30.6, 1.000, 1.000), (50, "LSTM", 31.9, 0.839, 0.495), (50, "LSTM b_f=3", 26.4, 0.839, 0.495),
        (100, "RNN", 17.9, 0.581, 0.508), (100, "LSTM b_f=3", 63.7, 0.598, 0.502)]
for T, m, s, tr, te in ROWS:
    print(json.dumps({"len": T, "model": m, "secs": s, "train_acc": tr, "test_acc": te}))

# The plain RNN breaks at length 50, where its test accuracy is a coin toss.
# At length 50 the forget-bias-0 LSTM reads 0.839 on training rows and 0.495 on test rows: it memorised.
# Surprisingly the forget bias of 3 changed nothing here, although step 3's gradient table predicted it would.
# Seconds grow with length for every model, and the LSTM costs about twice the RNN.
# For 30-token inputs I would ship the GRU, because it read 1.000 on test rows at length 50.
