/* lesson.c — the module's Output blocks from computed values (see lesson.h).
 *
 * Owns the command and the step table; the Python/NumPy print formats the
 * module's code uses are in lesson_format.c; the step printers are in lesson_reviews.c (Steps 1-2),
 * lesson_training.c (Steps 3-5) and lesson_attention.c (Step 6).
 */
#include "lesson/lesson.h"

#include <stdlib.h>
#include <string.h>

#include "lesson/lesson_steps.h"

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
