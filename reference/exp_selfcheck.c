/* exp_selfcheck.c — the self-check questions' expected values (see exp_selfcheck.h).
 *
 * One section per question, named by the question's type; each section gathers
 * what that question's answer must contain from the experiment that computes it.
 */
#include "exp_selfcheck.h"

#include <math.h>
#include <stdio.h>

#include "attention.h"
#include "exp_attention.h"
#include "expected_json.h"

int selfcheck_hops_rnn(int from, int to)
{
    return to > from ? to - from : from - to;
}

int selfcheck_hops_attention(int from, int to)
{
    return from == to ? 0 : 1;
}

/* Matrix FLOPs of one recurrent step for one sequence: G gate blocks of
 * H x (E + H) multiply-adds. */
static double recurrent_step_flops(int gates, int emb, int hid)
{
    return 2.0 * gates * hid * (emb + hid);
}

/* output-prediction: query = key = value = the four meanings of the question. */
static int add_output_prediction(cJSON *values, struct gb_err *err)
{
    const double *e = exp_attention_meanings;   /* the question's four meanings */
    struct attention_result r;
    double most_index[EXP_ATTENTION_N], sums[EXP_ATTENTION_N], first_max = 0.0;
    int all_one = 1;
    cJSON *q;

    if (attention_attend(e, e, e, EXP_ATTENTION_N, EXP_ATTENTION_D, ATTENTION_SCALED, &r, err))
        return -1;
    for (int i = 0; i < EXP_ATTENTION_N; i++) {
        const double *w = r.weights + i * EXP_ATTENTION_N;
        int best = 0;

        sums[i] = 0.0;
        for (int j = 0; j < EXP_ATTENTION_N; j++) {
            sums[i] += w[j];
            if (w[j] > w[best])
                best = j;
        }
        most_index[i] = best;
        all_one &= fabs(sums[i] - 1.0) < 1e-12;
    }
    for (int j = 0; j < EXP_ATTENTION_N; j++)
        first_max = fmax(first_max, r.weights[j]);
    if (!(q = expected_json_object(values, "output_prediction", err)) ||
        expected_json_vector(q, "most_attended_index", most_index, EXP_ATTENTION_N, err) ||
        expected_json_bool(q, "every_row_attends_most_to_itself",
                           most_index[0] == 0 && most_index[1] == 1 && most_index[2] == 2 &&
                           most_index[3] == 3, err) ||
        expected_json_number(q, "first_row_largest_weight", first_max, err) ||
        expected_json_number(q, "first_row_largest_weight_2dp", round(first_max * 100.0) / 100.0,
                             err) ||
        expected_json_vector(q, "row_sums", sums, EXP_ATTENTION_N, err) ||
        expected_json_bool(q, "rows_sum_to_one", all_one, err))
        return -1;
    return 0;
}
