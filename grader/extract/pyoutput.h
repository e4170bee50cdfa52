/* pyoutput.h — telling what a student printed from what Python itself wrote.
 *
 * The grader reads stdout and stderr together (a student may log to stderr),
 * but Python writes its own text there too: tracebacks and warnings.  Those
 * lines carry numbers ("line 42", "shape (64x16)") that a table reader could
 * take for results, so they are set apart here: stripped from the text the
 * scorer reads, and kept for the crash report.
 */
#ifndef GB_PYOUTPUT_H
#define GB_PYOUTPUT_H

#include <stddef.h>

#include "buf.h"
#include "error.h"

/* ASCII record separator: no print() writes it alone on a line by chance. */
#define PYOUTPUT_DROPPED '\x1e'

/* Appends text to *out without Python's own lines: each traceback (from
 * "Traceback (most recent call last):" through its exception line, with the
 * "During handling of the above exception ..." links of a chain), a bare
 * SyntaxError report ('  File "x.py", line 3' ... "SyntaxError: ...") and each
 * warning ("file.py:12: UserWarning: ..." and its indented source line).
 * Each line taken out leaves a line holding only PYOUTPUT_DROPPED, so the
 * lines after it keep the numbers the student's terminal showed; readers of
 * the text count such a line and otherwise skip it.
 * The logging module's prefix ("INFO:root:", or "INFO:" alone) is taken off
 * a line (it would shift a logged table row against its printed header);
 * every other line passes unchanged and in order. */
int pyoutput_strip(const char *text, size_t len, struct gb_buf *out, struct gb_err *err);

/* The last traceback in text (or bare SyntaxError report), from its first
 * line to the end of its exception line: *start and *n, or 0 when text holds
 * none. */
int pyoutput_last_traceback(const char *text, size_t len, size_t *start, size_t *n);

#endif
