#!/usr/bin/env bash
# engine_vs_torch.sh — the training engine against real torch where torch is
# installed: Step 3's gradient tables (every norm of every curve, clipping)
# computed by `reference gradient_decay` must agree with torch 1.13 to 1e-3
# relative.  Skipped (pass) when /usr/bin/python3 has no torch.
# stage-cost: 55
set -u
cd "$(dirname "$0")/../.."
if ! /usr/bin/python3 -c 'import torch' 2>/dev/null; then
    echo "engine_vs_torch: skipped, /usr/bin/python3 has no torch"
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$REFERENCE" gradient_decay --out "$tmp/ref.json" >/dev/null || exit 1
/usr/bin/python3 reference/validate/torch_experiments.py gradient_decay >"$tmp/torch.json" || exit 1
python3 reference/validate/compare.py gradient_decay "$tmp/ref.json" "$tmp/torch.json"
