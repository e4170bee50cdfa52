/* batch_html.h — report.html: the cohort on one self-contained offline page.
 *
 * One file, no JavaScript, no fonts or scripts from anywhere: inline CSS and
 * inline SVG charts, so it opens from a USB stick or an e-mail attachment.
 * Sections: totals; per exercise the score distribution and the pass rate
 * of every check; the most common failure reasons and triage advice; runs
 * stopped by a sandbox limit; the slowest runs; submissions waiting for a
 * human (each linked to its report); uploads that could not be graded;
 * similar pairs (a prompt to look, never a verdict); problems with the
 * inputs; and the grade table.  Every student-controlled string is escaped.
 */
#ifndef GB_BATCH_HTML_H
#define GB_BATCH_HTML_H

#include "batch/batch_similar.h"
#include "batch/batch_store.h"
#include "buf.h"
#include "error.h"

int batch_html_render(const struct batch_book *book, const struct batch_similarity *sim,
                      struct gb_buf *out, struct gb_err *err);
/* Renders into DIR/report.html. */
int batch_html_write(const struct batch_book *book, const struct batch_similarity *sim,
                     const char *out_dir, struct gb_err *err);

#endif
