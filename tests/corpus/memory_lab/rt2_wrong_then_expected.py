# memory_lab.py -- WRONG (red team 2): the numbers of a 4-epoch run (pasted from rt2_wrong_4_epochs'
# recorded run: the RNN fails at length 20, no LSTM memorisation at 50), printed first, then the
# MODULE's own Step 5 table, re-aligned like the student's, under "expected (the module's Step 5
# table):".  Only the first table is the student's (compare rt2_wrong_then_course).
MINE = """length model       train s  train acc  test acc
     5 RNN             0.9      1.000     1.000
     5 GRU             4.7      1.000     1.000
     5 LSTM            2.6      1.000     1.000
     5 LSTM b_f=3      0.8      1.000     1.000
    20 RNN             2.4      0.507     0.517
    20 GRU             3.2      1.000     1.000
    20 LSTM            7.2      1.000     1.000
    20 LSTM b_f=3      3.9      1.000     1.000
    50 RNN            11.2      0.500     0.484
    50 GRU             4.1      0.515     0.487
    50 LSTM           10.6      0.517     0.502
    50 LSTM b_f=3     15.4      1.000     1.000
   100 RNN            14.8      0.530     0.511
   100 LSTM b_f=3     16.6      0.513     0.494"""
COURSE = """length model       train s  train acc  test acc
     5 RNN             0.9      1.000     1.000
     5 LSTM            1.5      1.000     1.000
     5 LSTM b_f=3      1.5      1.000     1.000
    20 RNN             1.8      1.000     1.000
    20 LSTM            4.1      1.000     1.000
    20 LSTM b_f=3      4.1      1.000     1.000
    50 RNN             3.8      0.539     0.507
    50 LSTM            9.2      0.858     0.506
    50 LSTM b_f=3      9.2      1.000     1.000"""
print("my results (40 epochs, clip 1.0):")
print(MINE)
print()
print("expected (the module's Step 5 table):")
print(COURSE)

# The plain RNN breaks at length 20 in my run already, earlier than the module's 50.
# My forget-bias-0 LSTM shows no train/test gap at length 50, unlike the module's memorised 0.858 vs 0.506.
# The forget bias of 3 keeps the forget gates open, which step 3's gradient table predicted.
# Seconds grow with length for every model, and the LSTM costs about twice the RNN.
# For 30-token inputs I would ship the LSTM with b_f=3, since it scored 1.000 on test rows at length 50 in my table.
