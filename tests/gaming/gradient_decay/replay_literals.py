# A replay: the module's printed output, typed in (tests/gaming/README.md).
# Gains 0.5, 0.9 and 1.0 vanish: the blame shrinks every step until step 1 gets almost nothing.
# Gains 1.2 and 1.5 explode: the blame grows as it travels back toward step 1.
# The forget bias keeps the cell-state column from decaying; at bias 3 step 1 gets as much as step 50.
# Clipping caps the norm of an exploding gradient, but it does nothing for vanishing ones,
# because scaling a tiny gradient down cannot bring back signal that is already gone.
print('Blame reaching step t when the only loss sits at step 50')
print('model             step 50    step 40    step 30    step 20    step 10     step 1  per step')
print('RNN gain 0.5    7.577e-02  3.256e-05  1.732e-08  1.787e-11  2.281e-14  5.032e-17    x0.490')
print('RNN gain 0.9    7.603e-02  6.966e-03  9.233e-04  2.029e-04  5.364e-05  1.619e-05    x0.842')
print('RNN gain 1.0    7.603e-02  1.459e-02  4.252e-03  1.962e-03  1.140e-03  7.716e-04    x0.911')
print('RNN gain 1.2    7.548e-02  3.139e-02  2.174e-02  2.477e-02  3.077e-02  6.494e-02    x0.997')
print('RNN gain 1.5    7.708e-02  7.066e-02  9.757e-02  2.420e-01  8.052e-01  5.268e+00    x1.090')
print('LSTM b_f=0      3.679e-02  1.824e-04  1.869e-06  2.514e-08  3.026e-10  5.180e-12    x0.629')
print('LSTM b_f=1      3.450e-02  3.589e-03  5.920e-04  1.115e-04  2.382e-05  6.822e-06    x0.840')
print('LSTM b_f=2      3.089e-02  1.325e-02  7.910e-03  5.104e-03  3.562e-03  3.226e-03    x0.955')
print('LSTM b_f=3      2.230e-02  1.728e-02  1.772e-02  2.136e-02  2.873e-02  4.782e-02    x1.016')
print('')
print('gain 1.0 at other lengths: how far back blame stays above 1/1000 of the last step')
print('length  10: above one thousandth for the last 10 steps')
print('length  25: above one thousandth for the last 25 steps')
print('length  50: above one thousandth for the last 50 steps')
print('length 100: above one thousandth for the last 100 steps')
print('')
print('gain 1.5 clipping: total norm before clip 20.577, after clip 1.000')
