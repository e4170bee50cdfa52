#!/usr/bin/python3
"""gen_streams.py — golden random streams drawn from the real NumPy and PyTorch.

Writes tests/golden/streams.txt (or the path given as argv[1]); with
`--cli DIR` it writes instead what `reference` subcommands must print (see
CLI_CASES), for tests/e2e/streams_cli.sh.  Every case is
a named computation that tests/unit/test_streams.c reproduces in C and compares
bit for bit.  Run with Debian's /usr/bin/python3 (python3-torch 1.13, numpy 1.24):

    /usr/bin/python3 tests/golden/gen_streams.py

File format, one block per case:
    case NAME TYPE COUNT SHA256
    values...            (all of them when COUNT <= 4096, else the first 256)
TYPE is f32 or f64 (IEEE bit patterns in hex) or i64 (decimal).  SHA256 is over
the little-endian binary of all COUNT values, so large cases stay small on disk.
"""
import hashlib
import math
import os
import subprocess
import sys

import numpy as np
import torch
import torch.nn as nn

FULL_LIMIT = 4096
SAMPLE = 256
cases = []


def case(name, kind, values, full=False):
    arr = np.ascontiguousarray(np.asarray(values).ravel())
    if kind == "f32":
        arr = arr.astype(np.float32)
        words = ["%08x" % v for v in arr.view(np.uint32)]
    elif kind == "f64":
        arr = arr.astype(np.float64)
        words = ["%016x" % v for v in arr.view(np.uint64)]
    else:
        arr = arr.astype(np.int64)
        words = ["%d" % v for v in arr]
    digest = hashlib.sha256(arr.astype(arr.dtype.newbyteorder("<")).tobytes()).hexdigest()
    cases.append((name, kind, len(words), digest, words, full))


def flat(params):
    return np.concatenate([p.detach().numpy().ravel() for p in params])


# ---- torch: engine, uniform, normal, randperm, randint ----------------------

def torch_cases():
    torch.manual_seed(0)
    # randint over [0, 2^32-1) is one raw random() per element (bar the top value).
    case("torch.raw32.seed0", "i64", torch.randint(0, 2**32 - 1, (40,)))
    torch.manual_seed(5489)
    case("torch.raw64.seed5489", "i64", torch.randint(0, 2**63 - 1, (20,)))
    torch.manual_seed(2**32 + 7)
    case("torch.seed_low32.seed4294967303", "i64", torch.randint(0, 2**32 - 1, (8,)))

    torch.manual_seed(3)
    case("torch.uniform_f32.seed3.n1000", "f32", torch.empty(1000).uniform_(-0.3, 0.7))
    torch.manual_seed(3)
    case("torch.rand_f32.seed3.n37", "f32", torch.rand(37))
    torch.manual_seed(4)
    case("torch.uniform_f64.seed4.n100", "f64",
         torch.empty(100, dtype=torch.float64).uniform_(-2.0, 5.0))

    # Scalar Box–Muller path: the cache carries across calls.
    torch.manual_seed(5)
    vals = [torch.randn(1) for _ in range(3)] + [torch.randn(7), torch.randn(15)]
    case("torch.randn_scalar.seed5.1_1_1_7_15", "f32", torch.cat(vals))
    torch.manual_seed(6)
    vals = [torch.empty(5).normal_(0.3, 1.7), torch.empty(3).normal_(-2.0, 0.25)]
    case("torch.normal_scalar.seed6.mean_std", "f32", torch.cat(vals))
    torch.manual_seed(8)
    case("torch.randn_f64_scalar.seed8.n9", "f64", torch.randn(9, dtype=torch.float64))

    # Fill path: n = 16 exactly, n % 16 != 0 (the redrawn tail), mean/std.
    for n in (16, 17, 33, 100):
        torch.manual_seed(9)
        case("torch.randn_fill.seed9.n%d" % n, "f32", torch.randn(n))
    torch.manual_seed(10)
    case("torch.normal_fill.seed10.n40.mean0.5.std2", "f32", torch.empty(40).normal_(0.5, 2.0))
    torch.manual_seed(11)
    case("torch.randn_f64_fill.seed11.n40", "f64", torch.randn(40, dtype=torch.float64))
    torch.manual_seed(0)
    case("torch.randn.seed0.50x64x16", "f32", torch.randn(50, 64, 16))

    g = torch.Generator().manual_seed(7)
    case("torch.randperm.seed7.20x3", "i64", torch.cat([torch.randperm(20, generator=g) for _ in range(3)]))
    g = torch.Generator().manual_seed(7)
    case("torch.randperm.seed7.1600x2", "i64", torch.cat([torch.randperm(1600, generator=g) for _ in range(2)]))
    g = torch.Generator().manual_seed(7)
    vals = [torch.randint(0, 4, (50,), generator=g), torch.randint(4, 10, (20, 5), generator=g),
            torch.randint(-3, 2**33, (5,), generator=g)]
    case("torch.randint.seed7.mixed", "i64", torch.cat([v.ravel() for v in vals]))

    # The 2.x profile's scalar path: log1p(-u2) on the same float64 uniforms.
    # 200 values, because the two formulas disagree on only ~3% of them; the
    # case must differ from this runtime's own stream or it proves nothing.
    torch.manual_seed(12)
    u = torch.empty(200, dtype=torch.float64).uniform_().numpy()
    out = []
    for u1, u2 in zip(u[0::2], u[1::2]):
        r = math.sqrt(-2.0 * math.log1p(-u2))
        t = 2.0 * math.pi * u1
        out += [r * math.cos(t), r * math.sin(t)]
    torch.manual_seed(12)
    own = torch.cat([torch.randn(10, dtype=torch.float64) for _ in range(20)]).numpy()
    if torch.__version__.startswith("1.") and not (np.array(out) != own).any():
        sys.exit("gen_streams: the 2.x profile case does not differ from torch 1.13's stream")
    case("torch.profile2x.randn_f64_scalar.seed12.10x20", "f64", np.array(out))


# ---- torch.nn initialisation, as `reference init MODEL --seed S` ------------

class SeqNet(nn.Module):
    """The module's Step 4 model (and Step 5's with vocab 10): embed -> core -> head."""

    def __init__(self, kind, vocab=17, emb=16, hid=32):
        super().__init__()
        self.embed = nn.Embedding(vocab, emb)
        core = {"rnn": nn.RNN, "lstm": nn.LSTM, "gru": nn.GRU}[kind]
        self.core = core(emb, hid, batch_first=True)
        self.head = nn.Linear(hid, 1)


MODELS = {
    "linear:17:1": lambda: nn.Linear(17, 1),
    "linear:5:3": lambda: nn.Linear(5, 3),
    "mlp:17:64:1": lambda: nn.Sequential(nn.Linear(17, 64), nn.ReLU(), nn.Linear(64, 1)),
    "seqnet:rnn": lambda: SeqNet("rnn"),
    "seqnet:gru": lambda: SeqNet("gru"),
    "seqnet:lstm": lambda: SeqNet("lstm"),
    "recaller:rnn": lambda: SeqNet("rnn", vocab=10),
    "recaller:gru": lambda: SeqNet("gru", vocab=10),
    "recaller:lstm": lambda: SeqNet("lstm", vocab=10),
    "lstmcell:3:2": lambda: nn.LSTMCell(3, 2),
    "lstmcell:16:32": lambda: nn.LSTMCell(16, 32),
}


def init_cases():
    for spec, build in MODELS.items():
        for seed in (7, 1):
            torch.manual_seed(seed)
            case("init.%s.seed%d" % (spec, seed), "f32", flat(build().parameters()))


# ---- numpy: SeedSequence -> PCG64 -> Generator -------------------------------

def as_i64(u64):
    return np.asarray(u64, dtype=np.uint64).view(np.int64)


def numpy_cases():
    for seed in (0, 12, 2**32 + 5, 2**64 - 1):
        rng = np.random.default_rng(seed)
        case("numpy.raw64.seed%d" % seed, "i64", as_i64(rng.bit_generator.random_raw(16)))
    case("numpy.random.seed12.n50", "f64", np.random.default_rng(12).random(50))

    # 32-bit draws buffer the spare half of a 64-bit word across random() calls.
    rng = np.random.default_rng(3)
    out = []
    for k in (3, 1, 2, 1):
        out += [int(v) for v in rng.integers(0, 2**32, size=k, dtype=np.uint32)]
        out.append(int(np.array(rng.random()).view(np.int64)))
    case("numpy.next32_interleaved.seed3", "i64", np.array(out, dtype=np.int64))

    rng = np.random.default_rng(5)
    out = [int(rng.integers(0, n)) for n in INTEGER_BOUNDS for _ in range(10)]
    case("numpy.integers.seed5.bounds", "i64", np.array(out, dtype=np.int64))

    rng = np.random.default_rng(9)
    out = np.concatenate([rng.choice(pop, k, replace=False) for pop, k in CHOICE_SIZES])
    case("numpy.choice_noreplace.seed9.sizes", "i64", out)


INTEGER_BOUNDS = (1, 2, 3, 4, 5, 7, 10, 1000, 2**31 + 7, 2**32, 2**40 + 3)
CHOICE_SIZES = ((5, 2), (5, 5), (10, 3), (1, 1), (100, 100), (1000, 30), (10000, 500),
                (20000, 100), (20000, 1000))


# ---- the course's make_reviews (Step 1's sequences.py, verbatim logic) ------

SUBJECTS = ["delivery", "service", "packing", "app", "support"]
POS = ["good", "quick", "clean", "helpful"]
NEG = ["bad", "slow", "dirty", "rude"]
VOCAB = SUBJECTS + POS + NEG + ["was", "and", "very", "not"]
STOI = {w: i for i, w in enumerate(VOCAB)}


def make_reviews(n, seed):
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(n):
        s1, s2 = rng.choice(SUBJECTS, 2, replace=False)
        pol = int(rng.random() < 0.5)
        mod = "very" if rng.random() < 0.5 else "not"
        plain_pool = POS if pol else NEG
        mod_pool = plain_pool if mod == "very" else (NEG if pol else POS)
        if rng.random() < 0.5:
            toks = [s1, "was", mod, str(rng.choice(mod_pool)), "and",
                    s2, "was", str(rng.choice(plain_pool))]
        else:
            toks = [s1, "was", str(rng.choice(plain_pool)), "and",
                    s2, "was", mod, str(rng.choice(mod_pool))]
        rows.append((toks, pol, mod))
    return rows


def review_cases():
    """Each row as 10 integers: the 8 token ids, the label, the kind (0 very, 1 not)."""
    for n, seed, full in ((600, 12, True), (1600, 11, False), (4, 12, True)):
        out = []
        for toks, lab, kind in make_reviews(n, seed):
            out += [STOI[w] for w in toks] + [lab, int(kind == "not")]
        case("reviews.seed%d.n%d" % (seed, n), "i64", np.array(out, dtype=np.int64), full=full)


# ---- what the `reference` CLI must print, for tests/e2e/streams_cli.sh -------

CLI_CASES = [
    ("reviews --n 600 --seed 12", lambda: reviews_text(600, 12)),
    ("reviews --n 1600 --seed 11", lambda: reviews_text(1600, 11)),
    ("randn --seed 0 --shape 50,64,16", lambda: values_text(randn_seeded(0, (50, 64, 16)))),
    ("randn --seed 3 --shape 7", lambda: values_text(randn_seeded(3, (7,)))),
    ("randn --seed 3 --shape 5,3,3", lambda: values_text(randn_seeded(3, (5, 3, 3)))),
    ("randn --seed 4 --shape 21 --dtype float64",
     lambda: values_text(randn_seeded(4, (21,), torch.float64), "%.17g")),
    ("randperm --seed 7 --n 1600 --times 3", lambda: randperm_text(7, 1600, 3)),
    ("randperm --seed 1 --n 10 --times 5", lambda: randperm_text(1, 10, 5)),
] + [("init %s --seed %d" % (spec, seed), (lambda spec=spec, seed=seed: init_text(spec, seed)))
     for spec in MODELS for seed in (7, 0)]


def reviews_text(n, seed):
    return "".join("%s\t%d\t%s\n" % (" ".join(t), lab, kind) for t, lab, kind in make_reviews(n, seed))


def randn_seeded(seed, shape, dtype=torch.float32):
    torch.manual_seed(seed)
    return torch.randn(*shape, dtype=dtype)


def values_text(t, fmt="%.9g"):
    return "".join(fmt % float(v) + "\n" for v in t.numpy().ravel())


def randperm_text(seed, n, times):
    g = torch.Generator().manual_seed(seed)
    return "".join(" ".join(str(int(v)) for v in torch.randperm(n, generator=g)) + "\n"
                   for _ in range(times))


def init_text(spec, seed):
    torch.manual_seed(seed)
    return values_text(torch.from_numpy(flat(MODELS[spec]().parameters())))


def write_cli(directory):
    """One NAME.args / NAME.out pair per case: the CLI arguments and what the
    real libraries say the output must be."""
    for i, (args, text) in enumerate(CLI_CASES):
        with open(os.path.join(directory, "%02d.args" % i), "w") as f:
            f.write(args + "\n")
        with open(os.path.join(directory, "%02d.out" % i), "w") as f:
            f.write(text())


# ---- torch's generic (non-AVX2) kernels, as ATEN_CPU_CAPABILITY=default runs them

def generic_cases():
    """Run in a child process whose torch was started with ATEN_CPU_CAPABILITY=default."""
    # Bounds whose width is not a power of two, so fusing matters.
    torch.manual_seed(3)
    case("generic.torch.uniform_f32.seed3.n1000", "f32", torch.empty(1000).uniform_(-0.3, 0.45))
    torch.manual_seed(4)
    case("generic.torch.uniform_f64.seed4.n100", "f64",
         torch.empty(100, dtype=torch.float64).uniform_(-2.0, 5.0))
    torch.manual_seed(6)
    case("generic.torch.normal_f64_scalar.seed6.15x8", "f64",
         torch.cat([torch.empty(15, dtype=torch.float64).normal_(0.3, 1.7) for _ in range(8)]))
    for n in (33, 100):
        torch.manual_seed(9)
        case("generic.torch.randn_fill.seed9.n%d" % n, "f32", torch.randn(n))
    torch.manual_seed(10)
    case("generic.torch.normal_fill.seed10.n40.mean0.5.std2", "f32", torch.empty(40).normal_(0.5, 2.0))
    torch.manual_seed(11)
    case("generic.torch.normal_f64_fill.seed11.n40.mean0.5.std2", "f64",
         torch.empty(40, dtype=torch.float64).normal_(0.5, 2.0))
    torch.manual_seed(0)
    case("generic.torch.randn.seed0.50x64x16", "f32", torch.randn(50, 64, 16))
    for spec, seed in (("seqnet:lstm", 7), ("mlp:17:64:1", 7), ("lstmcell:16:32", 1)):
        torch.manual_seed(seed)
        case("generic.init.%s.seed%d" % (spec, seed), "f32", flat(MODELS[spec]().parameters()))


def case_lines():
    lines = []
    for name, kind, count, digest, words, full in cases:
        lines.append("case %s %s %d %s" % (name, kind, count, digest))
        kept = words if full or count <= FULL_LIMIT else words[:SAMPLE]
        for i in range(0, len(kept), 8):
            lines.append(" ".join(kept[i:i + 8]))
    return lines


def generic_lines():
    """The generic-kernel cases, from a child torch forced onto those kernels.
    They must differ from this process's own (AVX2) draws, or the child did not
    really run the generic kernels and the cases would prove nothing."""
    env = dict(os.environ, ATEN_CPU_CAPABILITY="default")
    child = subprocess.run([sys.executable, os.path.abspath(__file__), "--generic"], env=env,
                           capture_output=True, text=True, check=True)
    torch.manual_seed(0)
    own = ["%08x" % v for v in torch.randn(50, 64, 16).numpy().ravel()[:SAMPLE].view(np.uint32)]
    lines = child.stdout.splitlines()
    at = next(i for i, l in enumerate(lines) if l.startswith("case generic.torch.randn.seed0"))
    theirs = " ".join(lines[at + 1:at + 1 + SAMPLE // 8]).split()
    if theirs == own and "AVX2" in torch.__config__.show():
        sys.exit("gen_streams: ATEN_CPU_CAPABILITY=default did not change torch's randn kernel")
    return lines


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--cli":
        write_cli(sys.argv[2])
        return
    if len(sys.argv) == 2 and sys.argv[1] == "--generic":
        generic_cases()
        print("\n".join(case_lines()))
        return
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "streams.txt")
    torch_cases()
    init_cases()
    numpy_cases()
    review_cases()
    lines = ["# streams.txt - golden random streams from the real libraries; do not edit.",
             "# Regenerate: /usr/bin/python3 tests/golden/gen_streams.py",
             "# torch %s numpy %s" % (torch.__version__, np.__version__)]
    lines += case_lines() + generic_lines()
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
