/* lesson_steps.h — the step printers behind `reference lesson` (internal to lesson*.c). */
#ifndef GB_LESSON_STEPS_H
#define GB_LESSON_STEPS_H

#include <stdio.h>

#include "error.h"

typedef int (*lesson_step_fn)(FILE *out, struct gb_err *err);

int lesson_step1_order(FILE *out, struct gb_err *err);      /* lesson_reviews.c */
int lesson_step2_hand_rnn(FILE *out, struct gb_err *err);   /* lesson_reviews.c */
int lesson_step3_gradients(FILE *out, struct gb_err *err);  /* lesson_training.c */
int lesson_step4_seqnet(FILE *out, struct gb_err *err);     /* lesson_training.c */
int lesson_step5_memory(FILE *out, struct gb_err *err);     /* lesson_training.c */
int lesson_step6_attention(FILE *out, struct gb_err *err);  /* lesson_attention.c */

#endif
