/* batch_sidebyside.h — a page per listed similar pair: the two submissions
 * side by side, each line that lies in a run both share highlighted
 * (batch_similar_shared_lines), with both students' names.
 *
 * DIR/similar/EXERCISE--A--B.html (student ids are folder-safe already), one
 * self-contained file each — inline CSS, no JavaScript — linked from
 * report.html's similarity table.  Read from the stored copies only.
 */
#ifndef GB_BATCH_SIDEBYSIDE_H
#define GB_BATCH_SIDEBYSIDE_H

#include <stddef.h>

#include "batch/batch_similar.h"
#include "batch/batch_store.h"
#include "error.h"

#define BATCH_SIDEBYSIDE_DIR "similar"

/* The page of a pair, relative to DIR. */
void batch_sidebyside_name(const struct batch_pair *p, char *out, size_t size);

/* Writes every listed pair's page; a pair whose sources cannot be read is
 * skipped (its link then leads nowhere, and the table still lists it). */
int batch_sidebyside_write(const struct batch_book *b, const struct batch_similarity *sim,
                           const char *out_dir, struct gb_err *err);

#endif
