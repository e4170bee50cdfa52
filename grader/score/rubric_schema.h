/* rubric_schema.h — a rubric's "schema": the exercise's results declared
 * once, and each check naming the field it reads instead of spelling out
 * where that field is printed.
 *
 * A schema is a set of tables.  A table's rows are keyed by discrete values
 * (memory_lab: sequence length x model), its columns are what is printed for
 * each key (train acc, test acc, train s), and its context says where it is
 * printed (the section or numbered part, what the rows are, phrases that
 * mark another result).  A check then says "field": "runs/5/RNN/train acc"
 * — table, one value per key, column — and rubric_schema_expand() writes
 * the locate object the extract stage reads (grader/extract/extract.h):
 * the row's labels as the product of its keys' labels ("length 5 RNN"),
 * every exclusion the table, the keys and their sibling values imply, the
 * column's label words, and, for tables read by position, the fallback
 * locate of the column's place in its row.  rubrics/README.md documents the
 * format with an example of each part.
 */
#ifndef GB_RUBRIC_SCHEMA_H
#define GB_RUBRIC_SCHEMA_H

#include "error.h"

struct cJSON;

/* Replaces, in the parsed rubric root, every check's (and every relation
 * operand's) "field" with the locate it names, then removes "schema".  A
 * rubric without a schema and without "field" references is left as it is.
 * Returns 0, or -1 with a sentence naming the check, the reference and what
 * is wrong with it (an unknown table, key value or column, a reference that
 * gives too few or too many parts, a check with both "field" and "locate"). */
int rubric_schema_expand(struct cJSON *root, struct gb_err *err);

#endif
