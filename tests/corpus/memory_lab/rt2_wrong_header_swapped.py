# memory_lab.py -- WRONG (red team 2): the header names the accuracy columns "test acc" then
# "train acc", but each row prints train first and test second (numbers pasted from
# rt2_pivot_smoke's recorded run).  Read as printed, the forget-bias-0 LSTM at length 50 has a
# test accuracy of 0.839 and shows no memorisation; the RNN's two numbers trade places.
ROWS = [(5, "RNN", 4.3, 1.000, 1.000), (5, "GRU", 7.5, 1.000, 1.000), (5, "LSTM", 3.2, 1.000, 1.000), (5, "LSTM b_f=3", 6.1, 1.000, 1.000),
        (20, "RNN", 4.7, 1.000, 1.000), (20, "GRU", 11.8, 1.000, 1.000), (20, "LSTM", 12.8, 1.000, 1.000), (20, "LSTM b_f=3", 9.6, 1.000, 1.000),
        (50, "RNN", 15.2, 0.561, 0.494), (50, "GRU", 30.6, 1.000, 1.000), (50, "LSTM", 31.9, 0.839, 0.495), (50, "LSTM b_f=3", 26.4, 1.000, 1.000),
        (100, "RNN", 17.9, 0.581, 0.508), (100, "LSTM b_f=3", 63.7, 1.000, 1.000)]
print(f"{'length':>7s} {'model':<11s} {'train s':>8s} {'test acc':>9s} {'train acc':>10s}")   # bug: swapped
for T, m, s, tr, te in ROWS:
    print(f"{T:7d} {m:<11s} {s:8.1f} {tr:9.3f} {te:10.3f}")

# The plain RNN breaks at length 50, where it falls to about 0.5.
# At length 50 the forget-bias-0 LSTM's train and test numbers differ a lot, so it memorised.
# The forget bias of 3 opened the forget gates, as step 3's gradient table predicted.
# Seconds grow with length for every model, and the LSTM costs about twice the RNN.
# For 30-token inputs I would ship the LSTM with b_f=3, since it read 1.000 at length 50.
