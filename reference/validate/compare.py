#!/usr/bin/env python3
"""compare.py — the reference's expected values against real torch's.

    compare.py gradient_decay REFERENCE.json TORCH.json   # norms to 1e-3 relative
    compare.py memory_lab REFERENCE.json TORCH.json       # accuracies to 0.01, chaotic rows shown

TORCH.json comes from torch_experiments.py.  Exit status 1 when a value the
reference does not flag as chaotic disagrees beyond tolerance.
"""
import json, sys


def gradient(ref, tor, tol=1e-3):
    bad, worst = 0, 0.0
    for group in ("rnn", "lstm", "lengths"):
        for key, curve in ref[group].items():
            if not isinstance(curve, dict) or key not in tor[group]:
                continue
            t = tor[group][key]
            rel = max(abs(a - b) / abs(b) for a, b in zip(curve["norms"], t["norms"]))
            worst = max(worst, rel)
            flag = "" if rel <= tol else "   <-- beyond 1e-3"
            bad += rel > tol
            print(f"{group + '.' + key:<22s} step1 {curve['step_1']:.4e} / {t['step_1']:.4e}"
                  f"  factor x{curve['factor']:.4f} / x{t['factor']:.4f}  max rel {rel:.1e}{flag}")
    c, tc = ref["clip"], tor["clip"]
    rel = abs(c["total_norm_before"] - tc["total_norm_before"]) / tc["total_norm_before"]
    print(f"clip before {c['total_norm_before']:.6g} / {tc['total_norm_before']:.6g} (rel {rel:.1e})"
          f"  after {c['total_norm_after']:.9g} / {tc['total_norm_after']:.9g}")
    bad += rel > tol or abs(c["total_norm_after"] - tc["total_norm_after"]) > 1e-6
    print(f"worst relative difference over every norm: {worst:.2e}")
    return bad


def memory(ref, tor, tol=0.01):
    bad = 0
    print(f"{'length':<10s} {'model':<8s} {'reference':>15s} {'torch':>15s}")
    for length, models in ref.items():
        if not length.startswith("length_") or length not in tor:
            continue
        for model, r in models.items():
            t = tor[length].get(model)
            if t is None:
                continue
            gap = max(abs(r["train_acc"] - t["train_acc"]), abs(r["test_acc"] - t["test_acc"]))
            note = "chaotic (flagged)" if r["chaotic"] else ("ok" if gap <= tol else "MISMATCH")
            bad += not r["chaotic"] and gap > tol
            print(f"{length:<10s} {model:<8s} {r['train_acc']:6.3f} / {r['test_acc']:5.3f}"
                  f"   {t['train_acc']:6.3f} / {t['test_acc']:5.3f}   {note}")
    return bad


if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in ("gradient_decay", "memory_lab"):
        sys.exit(__doc__)
    ref = json.load(open(sys.argv[2]))["values"]
    tor = json.load(open(sys.argv[3]))["values"]
    bad = gradient(ref, tor) if sys.argv[1] == "gradient_decay" else memory(ref, tor)
    print(f"{bad} disagreement(s) beyond tolerance")
    sys.exit(1 if bad else 0)
