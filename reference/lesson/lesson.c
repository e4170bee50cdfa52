/* lesson.c — the module's Output blocks from computed values (see lesson.h).
 *
 * Owns the command, the step table and the Python/NumPy print formats the
 * module's code uses; the step printers are in lesson_reviews.c (Steps 1-2),
 * lesson_training.c (Steps 3-5) and lesson_attention.c (Step 6).
 */
#include "lesson/lesson.h"

#include <stdlib.h>
#include <string.h>

#include "lesson/lesson_steps.h"

/* NumPy (maxprec, unique, trim '.') prints each element with its own shortest
 * digits capped at `precision`, then pads every element to the widest integer
 * part on the left and the widest fraction on the right. */
static void np_element(double x, char *s, size_t size)
{
    char *end;

    snprintf(s, size, "%.3f", x);
    end = s + strlen(s);
    while (end > s && end[-1] == '0')
        *--end = '\0';
}

char *lesson_np_vector(const double *v, int n, char *buf, size_t size)
{
    char el[32][40];
    int left = 0, right = 0, used;
    size_t pos = 0;

    if (n > 32)
        n = 32;
    for (int i = 0; i < n; i++) {
        char *dot;

        np_element(v[i], el[i], sizeof el[i]);
        dot = strchr(el[i], '.');
        if ((int)(dot - el[i]) > left)
            left = (int)(dot - el[i]);
        if ((int)strlen(dot + 1) > right)
            right = (int)strlen(dot + 1);
    }
    used = snprintf(buf, size, "[");
    for (int i = 0; i < n && used >= 0 && (size_t)used < size; i++) {
        char *dot = strchr(el[i], '.');
        int l = (int)(dot - el[i]), r = (int)strlen(dot + 1);

        pos = (size_t)used;
        used += snprintf(buf + pos, size - pos, "%s%*s%s%*s", i ? " " : "",
                         left - l, "", el[i], right - r, "");
    }
    if (used >= 0 && (size_t)used < size)
        snprintf(buf + used, size - (size_t)used, "]");
    return buf;
}

char *lesson_thousands(long n, char *buf, size_t size)
{
    char digits[32], out[48];
    int len, o = 0;

    len = snprintf(digits, sizeof digits, "%ld", labs(n));
    if (n < 0)
        out[o++] = '-';
    for (int i = 0; i < len; i++) {
        if (i && (len - i) % 3 == 0)
            out[o++] = ',';
        out[o++] = digits[i];
    }
    out[o] = '\0';
    snprintf(buf, size, "%s", out);
    return buf;
}

static const lesson_step_fn steps[LESSON_STEPS] = {
    lesson_step1_order, lesson_step2_hand_rnn, lesson_step3_gradients,
    lesson_step4_seqnet, lesson_step5_memory, lesson_step6_attention,
};

int lesson_print_step(int step, FILE *out, struct gb_err *err)
{
    if (step < 1 || step > LESSON_STEPS)
        return gb_fail(err, "the module has steps 1 to %d, not %d", LESSON_STEPS, step);
    if (steps[step - 1](out, err))
        return gb_err_prefix(err, "step %d", step);
    if (fflush(out) || ferror(out))
        return gb_fail_errno(err, "writing step %d", step);
    return 0;
}

int lesson_main(int argc, char **argv)
{
    struct gb_err err;
    char *end;
    long step = 0;

    if (argc == 3 && !strcmp(argv[1], "--step")) {
        step = strtol(argv[2], &end, 10);
        if (*end || end == argv[2])
            step = 0;
    }
    if (step < 1 || step > LESSON_STEPS) {
        fprintf(stderr, "usage: reference lesson --step N   (N = 1..%d)\n", LESSON_STEPS);
        return 2;
    }
    if (lesson_print_step((int)step, stdout, &err)) {
        fprintf(stderr, "reference lesson: %s\n", err.msg);
        return 1;
    }
    return 0;
}
