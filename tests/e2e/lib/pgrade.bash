# tests/e2e/lib/pgrade.bash — grades many submissions at once, for the
# scripts that grade a whole corpus (field.sh, corpus.sh); sourced, not a test.
#
#   pgrade_init NAME          a scratch queue in $tmp/pgrade (the caller owns $tmp);
#                             NAME prefixes the progress lines
#   pgrade_add ID ARGS...     queues `nice $GRADER ARGS...`: stdout to
#                             $PGRADE/ID.out, stderr to ID.err, exit status to ID.status
#   pgrade_run                runs the queue GRADE_JOBS at a time (default: the
#                             machine's cores) and prints a progress line every
#                             tenth of the way; returns when every run has ended
#
# Each grading is its own `grader check` process with its own sandbox, as a
# student's upload is: running several at once shares nothing but the CPU.
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

pgrade_one() {   # INDEX
    local id=${PGRADE_IDS[$1]}
    eval "nice \"\$GRADER\" ${PGRADE_CMDS[$1]}" >"$PGRADE/$id.out" 2>"$PGRADE/$id.err" </dev/null
    echo $? >"$PGRADE/$id.status"
}

pgrade_run() {
    local jobs=${GRADE_JOBS:-$(nproc 2>/dev/null || echo 2)} total=${#PGRADE_IDS[@]}
    local i running=0 finished=0 step
    step=$(( total / 10 > 0 ? total / 10 : 1 ))
    for i in "${!PGRADE_IDS[@]}"; do
        while [ "$running" -ge "$jobs" ]; do
            wait -n 2>/dev/null
            running=$((running - 1)); finished=$((finished + 1))
            [ $((finished % step)) -eq 0 ] && echo "$PGRADE_NAME: graded $finished/$total"
        done
        pgrade_one "$i" &
        running=$((running + 1))
    done
    wait
    echo "$PGRADE_NAME: graded $total/$total ($jobs at a time)"
}
