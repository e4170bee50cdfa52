"""call_cycles.py — the files of a stage that call each other in a circle.

Reads the object files under each stage folder (a folder of grader/,
reference/ or common/ in the build tree), links every undefined symbol of a
file to the file of the same folder that defines it (nm), and prints each
cycle of that call graph (Tarjan's strongly connected components) as
"STAGE: a.c -> b.c -> ... (calls: a->b sym, ...)".  Exit 1 when there is one.

Calls, not #includes: a stage's internal header is included by all its
files, so includes cannot tell a layer from a tangle; the linker's symbols
can.  An object whose source is gone (a file moved since the last build) is
left out.  Usage: call_cycles.py BUILD_DIR SOURCE_ROOT STAGE_DIR...
"""
import collections
import os
import subprocess
import sys


def symbols(obj):
    out = subprocess.run(["nm", obj], capture_output=True, text=True, check=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "TDBRCGSVW":
            defined.add(parts[2])
        elif len(parts) == 2 and parts[0] == "U":
            undefined.add(parts[1])
    return defined, undefined


def cycles(graph):
    index, low, stack, on, found = {}, {}, [], set(), []
    sys.setrecursionlimit(100000)

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def main():
    build, root, stages = sys.argv[1], sys.argv[2], sys.argv[3:]
    bad = 0
    for stage in stages:
        folder = os.path.join(build, stage)
        objs = sorted(os.path.join(folder, f) for f in os.listdir(folder)
                      if f.endswith(".o") and os.path.exists(os.path.join(root, stage, f[:-2] + ".c")))
        owner, needs = {}, {}
        for o in objs:
            defined, undefined = symbols(o)
            for s in defined:
                owner[s] = o
            needs[o] = undefined
        graph = collections.defaultdict(set)
        why = {}
        for o in objs:
            graph[o]
            for s in needs[o]:
                d = owner.get(s)
                if d and d != o:
                    graph[o].add(d)
                    why.setdefault((o, d), s)
        name = lambda o: os.path.basename(o)[:-2] + ".c"
        for comp in cycles(graph):
            bad += 1
            edges = ["%s->%s %s" % (name(a), name(b), why[(a, b)])
                     for a in comp for b in sorted(graph[a]) if b in comp]
            print("%s: %s call each other in a circle (calls: %s)"
                  % (stage, ", ".join(name(o) for o in comp), "; ".join(edges)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
