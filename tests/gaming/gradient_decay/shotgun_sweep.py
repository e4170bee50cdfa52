# gradient_decay.py — a shotgun (tests/gaming/README.md): no network is
# built and no gradient is taken.  For every trial the per-step factor of
# each row is a guess from 0.40 to 1.20 in 0.01 steps, and the step norms
# are made consistent with it, so some trial's row is close to whatever the
# grader expects.
ROWS = ["rnn gain 0.5", "rnn gain 0.9", "rnn gain 1.0", "rnn gain 1.2", "rnn gain 1.5",
        "lstm bias 0", "lstm bias 1", "lstm bias 2", "lstm bias 3"]
STEPS = (50, 40, 30, 20, 10, 1)

print("Blame reaching step t when the only loss sits at step 50")
print(f"{'trial':>5s} {'model':<14s}" + "".join(f"{'step ' + str(t):>11s}" for t in STEPS)
      + f"{'x/step':>9s}")
for k in range(81):
    f = 0.4 + k * 0.01
    for name in ROWS:
        norms = [0.0757 * f ** (50 - t) for t in STEPS]
        print(f"{k:5d} {name:<14s}" + "".join(f"{n:11.3e}" for n in norms) + f"{f:9.3f}")

for k in range(81):
    before = 1.0 + k * 0.25
    print(f"trial {k:3d} gain 1.5 clipping: total norm before clip {before:.3f}, after clip {min(before, 1.0):.3f}")

# Gains 0.5, 0.9 and 1.0 vanish: the blame shrinks every step until step 1 gets almost nothing.
# Gains 1.2 and 1.5 explode: the blame grows as it travels back toward step 1.
# The forget bias keeps the cell-state column from decaying; at bias 3 step 1 gets as much as step 50.
# Clipping caps the norm of an exploding gradient, but it does nothing for vanishing ones,
# because scaling a tiny gradient down cannot bring back signal that is already gone.
