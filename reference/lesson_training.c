/* lesson_training.c — Steps 3, 4 and 5's Output blocks: gradient tables, the
 * sequence models on the review task, and the memory-length lab. */
#include "lesson.h"
#include "lesson_steps.h"

int lesson_step3_gradients(FILE *out, struct gb_err *err)
{
    (void)out;
    return gb_fail(err, "needs the training engine, which is not on main yet");
}

int lesson_step4_seqnet(FILE *out, struct gb_err *err)
{
    (void)out;
    return gb_fail(err, "needs the training engine, which is not on main yet");
}

int lesson_step5_memory(FILE *out, struct gb_err *err)
{
    (void)out;
    return gb_fail(err, "needs the training engine, which is not on main yet");
}
