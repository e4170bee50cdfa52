# memory_lab.py -- red team 2: pasted results (rt2_pivot_smoke's recorded run) with the times in
# MILLISECONDS and the models named in words ("vanilla RNN", "LSTM, forget-gate bias 3.0").
ROWS = [
    (5, "vanilla RNN", 4300, 1.000, 1.000), (5, "GRU", 7500, 1.000, 1.000),
    (5, "LSTM, no forget bias", 3200, 1.000, 1.000), (5, "LSTM, forget-gate bias 3.0", 6100, 1.000, 1.000),
    (20, "vanilla RNN", 4700, 1.000, 1.000), (20, "GRU", 11800, 1.000, 1.000),
    (20, "LSTM, no forget bias", 12800, 1.000, 1.000), (20, "LSTM, forget-gate bias 3.0", 9600, 1.000, 1.000),
    (50, "vanilla RNN", 15200, 0.561, 0.494), (50, "GRU", 30600, 1.000, 1.000),
    (50, "LSTM, no forget bias", 31900, 0.839, 0.495), (50, "LSTM, forget-gate bias 3.0", 26400, 1.000, 1.000),
    (100, "vanilla RNN", 17900, 0.581, 0.508), (100, "LSTM, forget-gate bias 3.0", 63700, 1.000, 1.000),
]
print(f"{'T':>4s}  {'model':<28s}{'time (ms)':>10s}{'train acc':>11s}{'test acc':>10s}")
for T, m, ms, tr, te in ROWS:
    print(f"{T:>4d}  {m:<28s}{ms:>10d}{tr:>11.3f}{te:>10.3f}")

# The plain RNN breaks at length 50, where its test accuracy is a coin toss.
# At length 50 the forget-bias-0 LSTM is far better on its training rows than on its test rows,
# which is memorisation: it learned the training sequences, not the rule.
# The forget bias of 3 opened the forget gates, as step 3's gradient table predicted.
# Training seconds grow with length for every model, and the LSTM costs about twice the RNN.
# For 30-token inputs I would ship the LSTM with forget bias 3, because it scored 1.000 on test rows at length 50.
