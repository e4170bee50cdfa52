# tests/e2e/lib/pgrade.bash — grades many submissions at once, for the
# scripts that grade a whole corpus (field.sh, corpus.sh, notebook.sh);
# sourced, not a test.
#
#   pgrade_init NAME          a scratch queue in $tmp/pgrade (the caller owns $tmp);
#                             NAME prefixes the progress lines
#   pgrade_add ID ARGS...     queues `nice $GRADER ARGS...` (ARGS end with the FILE):
#                             its JSON result to $PGRADE/ID.out, stderr to ID.err,
#                             exit status to ID.status
#   pgrade_run                runs the queue GRADE_JOBS at a time (default: the
#                             machine's cores) and prints a progress line as it
#                             goes; returns when every run has ended
#
# Gradings that differ only in their FILE and are `check --format json`
# without --transcript are graded as a student checking several files is:
# one `grader check ... FILE...` per group of up to PGRADE_GROUP files (40),
# whose runs start from one warm interpreter (grader/sandbox/sandbox_zygote.h),
# each still in its own fresh sandbox; the array it prints is split back
# into one result per ID, with the exit status that file alone would have
# given (from its "status").  Everything else is its own `grader check`.
# The caller then judges the results in its own order, so its report reads
# the same whatever order the runs ended in.

pgrade_init() {
    PGRADE_NAME=$1
    PGRADE=$tmp/pgrade
    rm -rf "$PGRADE" && mkdir -p "$PGRADE"
    PGRADE_IDS=()
    PGRADE_CMDS=()
}

pgrade_add() {   # ID ARGS...
    local id=$1; shift
    PGRADE_IDS+=("$id")
    PGRADE_CMDS+=("$(printf '%q ' "$@")")
}

# Can the queued command share a `grader check` with others?  Its arguments
# without the FILE (printed) when it can.
pgrade_prefix() {   # INDEX
    local -a a
    eval "a=(${PGRADE_CMDS[$1]})"
    local n=${#a[@]} i json=0
    [ "$n" -ge 2 ] && [ "${a[0]}" = check ] || return 1
    for ((i = 0; i < n - 1; i++)); do
        case ${a[i]} in
            --transcript | --transcript-status | --post | --transcript=* | --post=*) return 1 ;;
            --format) [ "${a[i + 1]}" = json ] && json=1 ;;
        esac
    done
    [ "$json" = 1 ] || return 1
    printf '%q ' "${a[@]:0:n-1}"
}

pgrade_one() {   # INDEX
    local id=${PGRADE_IDS[$1]}
    eval "nice \"\$GRADER\" ${PGRADE_CMDS[$1]}" >"$PGRADE/$id.out" 2>"$PGRADE/$id.err" </dev/null
    echo $? >"$PGRADE/$id.status"
}

pgrade_group() {   # GROUP: INDEX...  (their commands share the prefix)
    local g=$1; shift
    local -a files ids
    local i a
    for i in "$@"; do
        eval "a=(${PGRADE_CMDS[$i]})"
        files+=("${a[${#a[@]} - 1]}")
        ids+=("${PGRADE_IDS[$i]}")
    done
    eval "nice \"\$GRADER\" ${PGRADE_PREFIX[$g]} \"\${files[@]}\"" \
        >"$PGRADE/group$g.out" 2>"$PGRADE/group$g.err" </dev/null
    echo $? >"$PGRADE/group$g.status"
    /usr/bin/python3 - "$PGRADE" "$g" "${ids[@]}" <<'PY'
import json, shutil, sys
base, g, ids = sys.argv[1], sys.argv[2], sys.argv[3:]
exit_of = {"passed": 0, "needs_review": 0, "failed": 1}
try:
    results = json.load(open("%s/group%s.out" % (base, g), encoding="utf-8"))
    if len(ids) == 1:
        results = [results] if isinstance(results, dict) else results
    assert isinstance(results, list) and len(results) == len(ids)
except (ValueError, AssertionError):
    results = [None] * len(ids)
for i, r in zip(ids, results):
    shutil.copyfile("%s/group%s.err" % (base, g), "%s/%s.err" % (base, i))
    with open("%s/%s.out" % (base, i), "w", encoding="utf-8") as f:
        if r is not None and r.get("schema") != "gradebox.error/1":
            json.dump(r, f)
    status = 2 if r is None else exit_of.get(r.get("status"), 2)
    with open("%s/%s.status" % (base, i), "w") as f:
        f.write("%d\n" % status)
PY
}

# Work units: groups of up to PGRADE_GROUP files sharing a prefix, and the
# single commands; $PGRADE_UNITS[k] is "g GROUP" or "i INDEX".
pgrade_plan() {
    local size=${PGRADE_GROUP:-40} i p k
    local -A members=()
    local -a order=() singles=()
    PGRADE_UNITS=()
    PGRADE_PREFIX=()
    PGRADE_MEMBERS=()
    for i in "${!PGRADE_IDS[@]}"; do
        if p=$(pgrade_prefix "$i"); then
            [ -n "${members[$p]+x}" ] || order+=("$p")
            members[$p]+="$i "
        else
            singles+=("i $i")
        fi
    done
    for p in "${order[@]}"; do
        local -a all=(${members[$p]})
        local n=${#all[@]} groups j
        groups=$(( (n + size - 1) / size ))
        # interleaved, so that each group holds every kind of file alike
        for ((j = 0; j < groups; j++)); do
            local list=""
            for ((k = j; k < n; k += groups)); do list+="${all[k]} "; done
            PGRADE_PREFIX+=("$p")
            PGRADE_MEMBERS+=("$list")
            PGRADE_UNITS+=("g $((${#PGRADE_PREFIX[@]} - 1))")
        done
    done
    PGRADE_UNITS+=("${singles[@]}")   # the groups, longest, go first
}

pgrade_unit() {   # UNIT
    set -- $1
    if [ "$1" = g ]; then pgrade_group "$2" ${PGRADE_MEMBERS[$2]}; else pgrade_one "$2"; fi
}

pgrade_run() {
    local jobs=${GRADE_JOBS:-$(nproc 2>/dev/null || echo 2)} total=${#PGRADE_IDS[@]}
    local u running=0 finished=0 units
    pgrade_plan
    units=${#PGRADE_UNITS[@]}
    for u in "${PGRADE_UNITS[@]}"; do
        while [ "$running" -ge "$jobs" ]; do
            wait -n 2>/dev/null
            running=$((running - 1)); finished=$((finished + 1))
            echo "$PGRADE_NAME: $finished/$units parts graded"
        done
        pgrade_unit "$u" &
        running=$((running + 1))
    done
    wait
    echo "$PGRADE_NAME: graded $total/$total in $units parts ($jobs at a time)"
}
