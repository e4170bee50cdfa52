# A replay: the module's printed output, each number as arithmetic (tests/gaming/README.md).
# Gains 0.5, 0.9 and 1.0 vanish: the blame shrinks every step until step 1 gets almost nothing.
# Gains 1.2 and 1.5 explode: the blame grows as it travels back toward step 1.
# The forget bias keeps the cell-state column from decaying; at bias 3 step 1 gets as much as step 50.
# Clipping caps the norm of an exploding gradient, but it does nothing for vanishing ones,
# because scaling a tiny gradient down cannot bring back signal that is already gone.
print(f'Blame reaching step t when the only loss sits at step {43 + 7}')
print(f'model             step {43 + 7}    step {33 + 7}    step {23 + 7}    step {13 + 7}    step {3 + 7}     step {1}  per step')
print(f'RNN gain {(-2 + 7) / 10**1:.1f}    {(7570 + 7) / 10**3 * 10**-2:.3e}  {(3249 + 7) / 10**3 * 10**-5:.3e}  {(1725 + 7) / 10**3 * 10**-8:.3e}  {(1780 + 7) / 10**3 * 10**-11:.3e}  {(2274 + 7) / 10**3 * 10**-14:.3e}  {(5025 + 7) / 10**3 * 10**-17:.3e}    x{(483 + 7) / 10**3:.3f}')
print(f'RNN gain {(2 + 7) / 10**1:.1f}    {(7596 + 7) / 10**3 * 10**-2:.3e}  {(6959 + 7) / 10**3 * 10**-3:.3e}  {(9226 + 7) / 10**3 * 10**-4:.3e}  {(2022 + 7) / 10**3 * 10**-4:.3e}  {(5357 + 7) / 10**3 * 10**-5:.3e}  {(1612 + 7) / 10**3 * 10**-5:.3e}    x{(835 + 7) / 10**3:.3f}')
print(f'RNN gain {(3 + 7) / 10**1:.1f}    {(7596 + 7) / 10**3 * 10**-2:.3e}  {(1452 + 7) / 10**3 * 10**-2:.3e}  {(4245 + 7) / 10**3 * 10**-3:.3e}  {(1955 + 7) / 10**3 * 10**-3:.3e}  {(1133 + 7) / 10**3 * 10**-3:.3e}  {(7709 + 7) / 10**3 * 10**-4:.3e}    x{(904 + 7) / 10**3:.3f}')
print(f'RNN gain {(5 + 7) / 10**1:.1f}    {(7541 + 7) / 10**3 * 10**-2:.3e}  {(3132 + 7) / 10**3 * 10**-2:.3e}  {(2167 + 7) / 10**3 * 10**-2:.3e}  {(2470 + 7) / 10**3 * 10**-2:.3e}  {(3070 + 7) / 10**3 * 10**-2:.3e}  {(6487 + 7) / 10**3 * 10**-2:.3e}    x{(990 + 7) / 10**3:.3f}')
print(f'RNN gain {(8 + 7) / 10**1:.1f}    {(7701 + 7) / 10**3 * 10**-2:.3e}  {(7059 + 7) / 10**3 * 10**-2:.3e}  {(9750 + 7) / 10**3 * 10**-2:.3e}  {(2413 + 7) / 10**3 * 10**-1:.3e}  {(8045 + 7) / 10**3 * 10**-1:.3e}  {(5261 + 7) / 10**3 * 10**0:.3e}    x{(1083 + 7) / 10**3:.3f}')
print(f'LSTM b_f={0}      {(3672 + 7) / 10**3 * 10**-2:.3e}  {(1817 + 7) / 10**3 * 10**-4:.3e}  {(1862 + 7) / 10**3 * 10**-6:.3e}  {(2507 + 7) / 10**3 * 10**-8:.3e}  {(3019 + 7) / 10**3 * 10**-10:.3e}  {(5173 + 7) / 10**3 * 10**-12:.3e}    x{(622 + 7) / 10**3:.3f}')
print(f'LSTM b_f={1}      {(3443 + 7) / 10**3 * 10**-2:.3e}  {(3582 + 7) / 10**3 * 10**-3:.3e}  {(5913 + 7) / 10**3 * 10**-4:.3e}  {(1108 + 7) / 10**3 * 10**-4:.3e}  {(2375 + 7) / 10**3 * 10**-5:.3e}  {(6815 + 7) / 10**3 * 10**-6:.3e}    x{(833 + 7) / 10**3:.3f}')
print(f'LSTM b_f={2}      {(3082 + 7) / 10**3 * 10**-2:.3e}  {(1318 + 7) / 10**3 * 10**-2:.3e}  {(7903 + 7) / 10**3 * 10**-3:.3e}  {(5097 + 7) / 10**3 * 10**-3:.3e}  {(3555 + 7) / 10**3 * 10**-3:.3e}  {(3219 + 7) / 10**3 * 10**-3:.3e}    x{(948 + 7) / 10**3:.3f}')
print(f'LSTM b_f={3}      {(2223 + 7) / 10**3 * 10**-2:.3e}  {(1721 + 7) / 10**3 * 10**-2:.3e}  {(1765 + 7) / 10**3 * 10**-2:.3e}  {(2129 + 7) / 10**3 * 10**-2:.3e}  {(2866 + 7) / 10**3 * 10**-2:.3e}  {(4775 + 7) / 10**3 * 10**-2:.3e}    x{(1009 + 7) / 10**3:.3f}')
print(f'')
print(f'gain {(3 + 7) / 10**1:.1f} at other lengths: how far back blame stays above {1}/{993 + 7} of the last step')
print(f'length  {3 + 7}: above one thousandth for the last {3 + 7} steps')
print(f'length  {18 + 7}: above one thousandth for the last {18 + 7} steps')
print(f'length  {43 + 7}: above one thousandth for the last {43 + 7} steps')
print(f'length {93 + 7}: above one thousandth for the last {93 + 7} steps')
print(f'')
print(f'gain {(8 + 7) / 10**1:.1f} clipping: total norm before clip {(20570 + 7) / 10**3:.3f}, after clip {(993 + 7) / 10**3:.3f}')
