/* exp_selfcheck.c — the self-check questions' expected values (see exp_selfcheck.h). */
#include "exp_selfcheck.h"

int selfcheck_hops_rnn(int from, int to)
{
    return to > from ? to - from : from - to;
}

int selfcheck_hops_attention(int from, int to)
{
    return from == to ? 0 : 1;
}
