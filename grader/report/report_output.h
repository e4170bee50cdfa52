/* report_output.h — the program's output as every report shows it: bounded,
 * with the lines that checks cite ("output line 27") marked.
 *
 * Checks cite lines of what the run printed (stdout and stderr in order, as
 * the sandbox kept them; a recorded transcript's text), counted from 1 as the
 * student's terminal shows them.  A report cannot cite what it does not show,
 * so a view keeps: the whole output when it is short, else its first and
 * last lines and every cited line with a line either side — a bounded number
 * of lines, each cut to a bounded number of bytes.  Which lines a check cites
 * is read from its where and message texts (the scorer's sentences), never
 * recomputed.  Line text is shown escaped: a control character or a byte that
 * is not UTF-8 becomes "\xNN" (a C1 control "\u0080"), so no report (text,
 * JSON, HTML) can be broken or a terminal steered by what a program printed.
 */
#ifndef GB_REPORT_OUTPUT_H
#define GB_REPORT_OUTPUT_H

#include <stddef.h>

#include "buf.h"
#include "error.h"
#include "score/result.h"

#define REPORT_OUTPUT_WHOLE  60    /* an output of this many lines or fewer is shown whole */
#define REPORT_OUTPUT_HEAD   15    /* else: its first lines ... */
#define REPORT_OUTPUT_TAIL   5     /* ... its last lines ... */
#define REPORT_OUTPUT_AROUND 1     /* ... and each cited line with this many either side */
#define REPORT_OUTPUT_CITES  64    /* cited lines shown at most (the first ones cited) */
#define REPORT_OUTPUT_COLS   200   /* bytes of a line shown; a longer line is cut */

struct report_output_line {
    size_t n;             /* line number, from 1, as checks cite it */
    const char *text;     /* into the result's output; not NUL-terminated */
    size_t len;           /* bytes shown: at most REPORT_OUTPUT_COLS, at a character start */
    int cut;              /* the line is longer than what is shown */
    int cited;            /* some check cites this line */
};

struct report_output {
    struct report_output_line *lines;   /* the lines shown, in order */
    size_t n_lines;
    size_t total_lines;   /* lines in the kept output */
    size_t kept_bytes;    /* bytes of the kept output */
    size_t total_bytes;   /* bytes the program wrote (more when the sandbox cut it) */
    int sandbox_cut;      /* the sandbox kept only the head and tail of what was written */
    size_t n_cited;       /* distinct cited lines that exist in the output */
};

/* The view of r's output.  Returns 1 (v empty) when r has none to show: an
 * answers document, a transcript without text, a run that never started. */
int report_output_view(const struct grade_result *r, struct report_output *v,
                       struct gb_err *err);
void report_output_free(struct report_output *v);

/* The output lines c cites, from "output line 27", "output lines 3, 5 and 9"
 * or "output lines 3 and 4" in its where and message: up to max, in the order
 * cited, each once.  Returns how many. */
size_t report_output_cites(const struct check_result *c, size_t *lines, size_t max);

/* One sentence on what is shown: "12 lines, 340 bytes, shown whole" or "412
 * lines, 18233 bytes; shown: the first 15, the last 5 and each cited line with
 * one either side (61 lines)"; the sandbox's cut and long lines' cuts said. */
int report_output_note(const struct report_output *v, struct gb_buf *out, struct gb_err *err);

/* Appends a line's shown text escaped (see the top), then "…" when it was cut. */
int report_output_line_text(const struct report_output_line *l, struct gb_buf *out,
                            struct gb_err *err);

/* The shown lines, one "> 27 | text" each ('>' on a cited line, a blank
 * otherwise), with "    ... lines 16-25 not shown" where lines are left out. */
int report_output_block(const struct report_output *v, struct gb_buf *out, struct gb_err *err);

#endif
