/* provenance.h — labels from the code that printed a line.
 *
 * A live run records, through the runtime shim (grader/shims/
 * gradebox_provenance.py), each line its print() calls wrote with plain
 * expressions as arguments, and the same line with each such expression put
 * before its value: "tensor(20.5769) tensor(1.0000)" printed by
 * `print(before, after)` is recorded with "before: tensor(20.5769) after:
 * tensor(1.0000)".  This is what a human grader does when the output has no
 * labels: read the code that printed it.
 *
 * provenance_label() returns the output with each recorded line replaced by
 * its labelled form, line for line (line numbers are unchanged), for the
 * value checks to read.  Records are matched to output lines in order by
 * their exact text; a record that matches nothing within the next
 * PROVENANCE_LOOKAHEAD lines is skipped, as are malformed records: the file
 * lives in the submission's own directory, so it is advisory — it can add
 * labels to lines the run really printed, never values.  A recorded run (a
 * transcript) has no provenance and is read as printed.
 */
#ifndef GB_PROVENANCE_H
#define GB_PROVENANCE_H

#include <stddef.h>

#include "buf.h"
#include "error.h"

/* The work-dir file the shim appends to (GRADEBOX_PROVENANCE). */
#define PROVENANCE_FILE ".gradebox-provenance"
#define PROVENANCE_MAX_BYTES (4u << 20)
#define PROVENANCE_LOOKAHEAD 400

/* out gets output[0..len) with recorded lines labelled; *n_labelled says
 * how many.  Returns 0, or -1 when memory runs out. */
int provenance_label(const char *output, size_t len, const char *records, size_t records_len,
                     struct gb_buf *out, size_t *n_labelled, struct gb_err *err);

#endif
