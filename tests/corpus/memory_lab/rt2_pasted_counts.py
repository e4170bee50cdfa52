# memory_lab.py -- red team 2: numbers pasted from rt2_pivot_smoke's recorded run; accuracies given
# as correct/total counts (2244/4000), the way a student who printed (pred == y).sum() writes them.
ROWS = [(5, "RNN", 4.3, 4000, 1000), (5, "GRU", 7.5, 4000, 1000), (5, "LSTM", 3.2, 4000, 1000), (5, "LSTM b_f=3", 6.1, 4000, 1000),
        (20, "RNN", 4.7, 4000, 1000), (20, "GRU", 11.8, 4000, 1000), (20, "LSTM", 12.8, 4000, 1000), (20, "LSTM b_f=3", 9.6, 4000, 1000),
        (50, "RNN", 15.2, 2244, 494), (50, "GRU", 30.6, 4000, 1000), (50, "LSTM", 31.9, 3356, 495), (50, "LSTM b_f=3", 26.4, 4000, 1000),
        (100, "RNN", 17.9, 2324, 508), (100, "LSTM b_f=3", 63.7, 4000, 1000)]
print(f"{'length':>7s} {'model':<11s} {'train s':>8s} {'train acc':>10s} {'test acc':>9s}")
for T, m, s, tr, te in ROWS:
    print(f"{T:7d} {m:<11s} {s:8.1f} {f'{tr}/4000':>10s} {f'{te}/1000':>9s}")

# The plain RNN breaks at length 50, where its test accuracy is a coin toss.
# At length 50 the forget-bias-0 LSTM gets 3356/4000 on training rows but only 495/1000 on test rows,
# which is memorisation: it learned the training sequences, not the rule.
# The forget bias of 3 opened the forget gates, as step 3's gradient table predicted.
# Training seconds grow with length for every model, and the LSTM costs about twice the RNN.
# For 30-token inputs I would ship the LSTM with forget bias 3, because it got 1000/1000 test rows right at length 50.
