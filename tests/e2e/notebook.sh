#!/usr/bin/env bash
# notebook.sh — a Jupyter notebook grades as the script it was written as.
#
# For each field-corpus style (tests/field/STYLE/), the notebook version of its
# attention_by_hand.py and order_matters.py is derived from the script
# (tests/e2e/lib/make_notebook.py: cells cut at blank lines between top-level
# statements, comment runs as markdown cells, a `%matplotlib inline` first
# cell, made-up saved outputs), both are graded live through `grader check`,
# and the two results must agree check by check: the same verdict and points,
# and every citation of the source must name, in the notebook, the line the
# script's citation names ("x.py line 40" and "x.ipynb cell 9, line 2" must
# hold the same text).  A typed-in corpus case (rt_hardcoded) does the same for
# the typed-value check's citation.  Then: a notebook's traceback cites its
# cell, a missing module is triaged with the probed runtime's versions, broken
# notebooks are refused with their reason (never run), and `grader batch` and
# `grader serve` grade a .ipynb like the script.
#
# Live runs are the cost: NOTEBOOK_STYLES (space-separated, or "all") picks
# the styles, two by default (a Jupyter export pasted into a .py, CRLF
# Windows files); about 10 live gradings.  GRADE_JOBS run at once.
# stage-cost: 250
set -u
cd "$(dirname "$0")/../.."
GRADER=${GRADER:-bin/grader}
PY=/usr/bin/python3
tmp=$(mktemp -d)
trap 'declare -F serve_cleanup >/dev/null && serve_cleanup; rm -rf "$tmp"' EXIT
export GRADEBOX_CACHE=$tmp/cache
fails=0
fail() { echo "notebook: FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "notebook: ok: $*"; }

styles=${NOTEBOOK_STYLES:-notebook windows}
[ "$styles" = all ] && styles=$(cd tests/field && ls -d */ | tr -d /)

# ---- 1. each style's two scripts and their notebooks -----------------------------
. tests/e2e/lib/pgrade.bash
pgrade_init notebook
pairs=()
add_pair() {   # ID SCRIPT EXERCISE
    local id=$1 py=$2 ex=$3 dir=$tmp/nb/$1
    mkdir -p "$dir"
    $PY tests/e2e/lib/make_notebook.py "$py" "$dir/$(basename "${py%.py}").ipynb" \
        || { fail "$py: cannot derive its notebook"; return; }
    pairs+=("$id $py $dir/$(basename "${py%.py}").ipynb")
    # attention_by_hand with the hidden-input test of attend, as batch and serve grade it
    # (sections 4 and 5 compare with them), so a notebook's attend is called too
    local integrity=()
    [ "$ex" = attention_by_hand ] && integrity=(--integrity)
    pgrade_add "$id.py" check "${integrity[@]}" --format json --exercise "$ex" "$py"
    pgrade_add "$id.ipynb" check "${integrity[@]}" --format json --exercise "$ex" \
        "$dir/$(basename "${py%.py}").ipynb"
}
for style in $styles; do
    for ex in attention_by_hand order_matters; do
        [ -f "tests/field/$style/$ex.py" ] && add_pair "$style-$ex" "tests/field/$style/$ex.py" "$ex"
    done
done
add_pair typed-rt_hardcoded tests/corpus/attention_by_hand/rt_hardcoded.py attention_by_hand
pgrade_run

# compare PY_JSON NB_JSON SCRIPT NOTEBOOK: every check alike, citations mapped
compare() {
    $PY - "$@" <<'PY'
import json, re, sys
py_res, nb_res, script, notebook = sys.argv[1:5]
a, b = json.load(open(py_res)), json.load(open(nb_res))
with open(script, encoding="utf-8", newline="") as f:
    script_lines = f.read().splitlines()
cells = json.load(open(notebook, encoding="utf-8"))["cells"]
def cell_lines(c):
    src = cells[c - 1]["source"]
    return ("".join(src) if isinstance(src, list) else src).splitlines()
def text(line):   # a comment line and its markdown line hold the same words
    return line.strip().lstrip("#").strip()
bad, cited = [], 0
if [c["id"] for c in a["checks"]] != [c["id"] for c in b["checks"]]:
    bad.append("the checks differ")
for x, y in zip(a["checks"], b["checks"]):
    if (x["verdict"], x["points"]) != (y["verdict"], y["points"]):
        bad.append("%s: script %s %s, notebook %s %s" % (x["id"], x["verdict"], x["points"],
                                                        y["verdict"], y["points"]))
    m = re.fullmatch(r".*\.py line (\d+)", x.get("where") or "")
    if not m:
        if (x.get("where") or "") != (y.get("where") or "") and "output line" in (x.get("where") or ""):
            bad.append("%s: cited %r, notebook %r" % (x["id"], x.get("where"), y.get("where")))
        continue
    n = re.fullmatch(r".*\.ipynb cell (\d+), line (\d+)", y.get("where") or "")
    if not n:
        bad.append("%s: the notebook cites %r, not a cell" % (x["id"], y.get("where")))
        continue
    want = text(script_lines[int(m.group(1)) - 1])
    got = text(cell_lines(int(n.group(1)))[int(n.group(2)) - 1])
    if want != got:
        bad.append("%s: script line holds %r, the cited cell line %r" % (x["id"], want, got))
    cited += 1
if a["score"] != b["score"]:
    bad.append("score %s vs %s" % (a["score"], b["score"]))
if "cell 1, line 1 (`%matplotlib inline`" not in b["run"]["summary"]:
    bad.append("the run summary does not note the dropped magic: %s" % b["run"]["summary"])
for line in bad:
    print("    " + line)
print(cited)
sys.exit(1 if bad else 0)
PY
}

compared=0 checks=0 cited=0
for pair in "${pairs[@]}"; do
    set -- $pair
    id=$1
    for side in py ipynb; do
        if [ "$(cat "$PGRADE/$id.$side.status")" -gt 1 ]; then
            fail "$id.$side: grader exited $(cat "$PGRADE/$id.$side.status")"
            sed 's/^/    /' "$PGRADE/$id.$side.err" | head -3
            continue 2
        fi
    done
    if compare "$PGRADE/$id.py.out" "$PGRADE/$id.ipynb.out" "$2" "$3" >"$tmp/cmp"; then
        compared=$((compared + 1)) cited=$((cited + $(tail -1 "$tmp/cmp")))
        checks=$((checks + $($PY -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["checks"]))' \
                                  "$PGRADE/$id.py.out")))
    else
        fail "$id: the notebook does not grade as its script"
        sed '$d' "$tmp/cmp"
    fi
done
ok "$compared notebooks graded as their scripts: $checks checks alike, $cited source citations" \
   "name the same line (styles: $(echo $styles))"
[ "$cited" -gt 0 ] || fail "no check cited a source line, so no citation was compared"
[ "$compared" -eq "${#pairs[@]}" ] || fail "only $compared of ${#pairs[@]} pairs compared"

# ---- 2. a notebook's crash cites its cell; a missing module names the runtime ------
nbjson() {   # OUT.ipynb CELL-SOURCES...: code cells (a "md:" prefix makes markdown)
    local out=$1; shift
    $PY - "$out" "$@" <<'PY'
import json, sys
cells = [{"cell_type": "markdown", "metadata": {}, "source": s[3:]} if s.startswith("md:") else
         {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
          "source": s.splitlines(keepends=True)} for s in sys.argv[2:]]
json.dump({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5},
          open(sys.argv[1], "w"))
PY
}
mkdir -p "$tmp/crash" "$tmp/import"
nbjson "$tmp/crash/attention_by_hand.ipynb" 'import torch' 'md:# Part 1' \
    $'x = torch.ones(3)\nprint(x.sum())\nprint(undefined_name)\n'
"$GRADER" check --format json "$tmp/crash/attention_by_hand.ipynb" >"$tmp/crash.json" 2>"$tmp/err"
if $PY -c 'import json,sys; t = json.load(open(sys.argv[1]))["crash_tail"]
sys.exit(0 if "File \"attention_by_hand.ipynb\", cell 3, line 3, in <module>" in t else 1)' "$tmp/crash.json"
then ok "a notebook's traceback cites cell 3, line 3"
else fail "the traceback does not cite the cell: $(head -c 600 "$tmp/crash.json")"; fi

nbjson "$tmp/import/Attention_By_Hand.ipynb" '%matplotlib inline' $'import numpy as np\nimport matplotlib.pyplot as plt\n'
"$GRADER" check --format json "$tmp/import/Attention_By_Hand.ipynb" >"$tmp/import.json" 2>"$tmp/err"
if $PY -c 'import json,sys; d = json.load(open(sys.argv[1])); rt = d["runtime"]
mm = lambda v: ".".join(v.split("+")[0].split(".")[:2])
want = "has Python %s, numpy %s, torch %s and the standard library; matplotlib is not available" % (
    mm(rt["python"]), mm(rt["numpy"]), mm(rt["torch"]))
sys.exit(0 if want in d["triage"] else 1)' "$tmp/import.json"
then ok "a missing module is triaged with the probed runtime (Attention_By_Hand.ipynb recognised)"
else fail "import triage: $(head -c 800 "$tmp/import.json")"; fi

# ---- 3. broken notebooks: a sentence naming the problem, exit 2, nothing run -------
refuse() {   # PATTERN FILE
    "$GRADER" check "$2" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ $rc -eq 2 ] && grep -q -- "$1" "$tmp/err" && ! grep -q "NameError" "$tmp/out" "$tmp/err"
    then ok "$(basename "$2"): $1"
    else fail "$(basename "$2") -> exit $rc: $(head -c 300 "$tmp/err")"; fi
}
mkdir -p "$tmp/bad"
head -c 300 "$tmp/crash/attention_by_hand.ipynb" >"$tmp/bad/attention_by_hand.ipynb"
refuse "attention_by_hand.ipynb is not valid JSON" "$tmp/bad/attention_by_hand.ipynb"
printf '{"nbformat": 3, "nbformat_minor": 0, "worksheets": [{"cells": []}]}' >"$tmp/bad/order_matters.ipynb"
refuse "format 3, and the grader reads format 4" "$tmp/bad/order_matters.ipynb"
nbjson "$tmp/bad/memory_lab.ipynb" 'md:only prose, no code'
refuse "memory_lab.ipynb has no code cells" "$tmp/bad/memory_lab.ipynb"
cp "$tmp/crash/attention_by_hand.ipynb" "$tmp/bad/gradient_decay.py"   # renamed, with null
sed -i 's/"outputs": \[\]/"outputs": null/' "$tmp/bad/gradient_decay.py"
"$GRADER" check --format json "$tmp/bad/gradient_decay.py" >"$tmp/out" 2>"$tmp/err"
if ! grep -q "name 'null' is not defined" "$tmp/out" && grep -q 'notebook: its 2 code cells' "$tmp/out"
then ok "a notebook renamed to .py is read as a notebook, not run as JSON"
else fail "renamed notebook: $(head -c 400 "$tmp/out" "$tmp/err")"; fi
cp "$tmp/crash/attention_by_hand.ipynb" "$tmp/bad/attenton_by_hand.ipynb"
refuse "did you mean attention_by_hand.ipynb?" "$tmp/bad/attenton_by_hand.ipynb"

# ---- 4. grader batch: a cohort's notebook is graded like the script ---------------
first=${pairs[0]}
set -- $first
mkdir -p "$tmp/cohort/s001" "$tmp/cohort/s002"
cp "$3" "$tmp/cohort/s001/$(basename "$3" | tr '[:lower:]' '[:upper:]' | sed 's/IPYNB$/ipynb/')"
cp "$tmp/bad/attention_by_hand.ipynb" "$tmp/cohort/s002/attention_by_hand.ipynb"
ex=$(basename "$3" .ipynb)
timeout 600 "$GRADER" batch "$tmp/cohort" --out "$tmp/graded" --jobs 1 >"$tmp/out" 2>"$tmp/err"
if [ -f "$tmp/graded/s001/$ex.json" ] && $PY -c 'import json,sys
a, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
sys.exit(0 if [(c["id"], c["verdict"]) for c in a["checks"]] ==
              [(c["id"], c["verdict"]) for c in b["checks"]] else 1)' \
        "$PGRADE/$1.py.out" "$tmp/graded/s001/$ex.json" \
   && grep -rq "not valid JSON" "$tmp/graded/grades.csv" "$tmp/graded/report.html" "$tmp/out" 2>/dev/null
then ok "grader batch grades an upper-case .ipynb like its script and names the broken one"
else fail "batch: $(tail -5 "$tmp/out" "$tmp/err"; ls "$tmp/graded" "$tmp/graded/s001" 2>&1 | head)"; fi

# ---- 5. grader serve: a notebook upload is graded like the script -----------------
name=notebook
. tests/e2e/serve/lib.bash
export XDG_CONFIG_HOME=$tmp/config XDG_STATE_HOME=$tmp/state
unset GRADEBOX_CONFIG GRADEBOX_WEBHOOK_URL GRADEBOX_SERVE_DB GRADEBOX_TOKEN_KEY_FILE
set -- $first
"$GRADER" token keygen "$tmp/key" >/dev/null && s1=$(token s001) || { fail "token"; s1=; }
serve_start nb --db "$tmp/serve.sqlite" --workers 1
upper=$(basename "$3" | tr '[:lower:]' '[:upper:]' | sed 's/IPYNB$/ipynb/')
if [ "$(api POST "${URL[nb]}/api/v1/submissions" "$s1" -F "file=@$3;filename=$upper")" = 202 ]; then
    id=$(json id)
    [ "$(wait_done "${URL[nb]}" "$s1" "$id" 600)" = done ] &&
        [ "$(api GET "${URL[nb]}/api/v1/submissions/$id" "$s1")" = 200 ] &&
        $PY -c 'import json,sys
served, checked = json.load(open(sys.argv[1]))["result"], json.load(open(sys.argv[2]))
sys.exit(0 if [(c["id"], c["verdict"], c["points"]) for c in served["checks"]] ==
              [(c["id"], c["verdict"], c["points"]) for c in checked["checks"]] else 1)'             "$tmp/body" "$PGRADE/$1.py.out"         && ok "grader serve grades $upper (no exercise named) like its script"         || fail "serve: the notebook's result differs: $(head -c 400 "$tmp/body")"
else
    fail "serve refused the notebook: $(cat "$tmp/body")"
fi
code=$(api POST "${URL[nb]}/api/v1/submissions" "$s1" \
           -F "file=@$tmp/bad/attention_by_hand.ipynb;filename=attention_by_hand.ipynb")
[ "$code" = 422 ] && grep -q "attention_by_hand.ipynb is not valid JSON" "$tmp/body" \
    && ok "serve refuses a broken notebook at upload (422, with the reason)" \
    || fail "broken notebook upload -> $code $(cat "$tmp/body")"
serve_stop nb

[ "$fails" -eq 0 ] && echo "notebook: all passed" || echo "notebook: $fails failed"
[ "$fails" -eq 0 ]
