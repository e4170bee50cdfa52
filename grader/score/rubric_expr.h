/* rubric_expr.h — a relation check's arithmetic expression (rubric_expr.c). */
#ifndef GB_RUBRIC_EXPR_H
#define GB_RUBRIC_EXPR_H

#include "error.h"
#include "score/rubric.h"

/* Evaluates ck->expr over vals (one per operand, in ck->operands' order)
 * into *out; -1 with a sentence for an unknown name or a syntax error (the
 * loader validates a rubric's expression with placeholder values). */
int rubric_expr_eval(const struct rubric_check *ck, const double *vals, double *out,
                     struct gb_err *err);

#endif
