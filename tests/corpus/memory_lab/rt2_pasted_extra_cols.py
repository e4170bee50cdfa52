# memory_lab.py -- red team 2: numbers pasted from rt2_pivot_smoke's recorded run, printed sorted
# by MODEL (then length), with extra columns around the asked ones: parameter count, epochs,
# seconds per epoch, the train-test gap and the time relative to the RNN at the same length.
RUNS = {  # model: {length: (seconds, train acc, test acc)}
    "RNN": {5: (4.3, 1.000, 1.000), 20: (4.7, 1.000, 1.000), 50: (15.2, 0.561, 0.494), 100: (17.9, 0.581, 0.508)},
    "GRU": {5: (7.5, 1.000, 1.000), 20: (11.8, 1.000, 1.000), 50: (30.6, 1.000, 1.000)},
    "LSTM b_f=0": {5: (3.2, 1.000, 1.000), 20: (12.8, 1.000, 1.000), 50: (31.9, 0.839, 0.495)},
    "LSTM b_f=3": {5: (6.1, 1.000, 1.000), 20: (9.6, 1.000, 1.000), 50: (26.4, 1.000, 1.000), 100: (63.7, 1.000, 1.000)},
}
PARAMS = {"RNN": 1761, "GRU": 4929, "LSTM b_f=0": 6513, "LSTM b_f=3": 6513}
print(f"{'model':<12s}{'params':>7s}{'length':>7s}{'epochs':>7s}{'train s':>9s}{'s/epoch':>9s}"
      f"{'train acc':>10s}{'test acc':>9s}{'gap':>7s}{'x RNN':>7s}")
for model, runs in RUNS.items():
    for T, (s, tr, te) in runs.items():
        rel = s / RUNS["RNN"][T][0]
        print(f"{model:<12s}{PARAMS[model]:>7d}{T:>7d}{40:>7d}{s:>9.1f}{s / 40:>9.3f}"
              f"{tr:>10.3f}{te:>9.3f}{tr - te:>7.3f}{rel:>7.2f}")

# The plain RNN breaks at length 50, where its test accuracy is a coin toss.
# At length 50 the forget-bias-0 LSTM has a gap of 0.344 between train and test,
# which is memorisation: it learned the training sequences, not the rule.
# The forget bias of 3 opened the forget gates, as step 3's gradient table predicted.
# Training seconds grow with length for every model, and the LSTM costs about twice the RNN.
# For 30-token inputs I would ship the LSTM with forget bias 3, because it scored 1.000 on test rows at length 50.
