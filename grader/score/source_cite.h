/* source_cite.h — how a check names a line of the student's source.
 *
 * A script is cited by its file and line: "attention_by_hand.py line 12".
 * A notebook is graded as one generated script (check/notebook.h), whose
 * line numbers mean nothing to the student; its map says where each line of
 * that script came from, so the same citation reads
 * "attention_by_hand.ipynb cell 7, line 3" — the cell counted from the top,
 * markdown cells included, and the line within that cell, both from 1.
 */
#ifndef GB_SOURCE_CITE_H
#define GB_SOURCE_CITE_H

#include <stddef.h>

/* Where one line of a generated script came from; cell 0: a line the
 * grader wrote (the blank line between two cells). */
struct source_origin {
    size_t cell;
    size_t line;
};

struct source_map {
    const char *name;                     /* the file as uploaded: "x.ipynb" */
    const struct source_origin *origin;   /* origin[i] is script line i + 1 */
    size_t n;
};

/* The name checks give the source: map->name, else `script` (the rubric's
 * file name). */
const char *source_cite_name(const struct source_map *map, const char *script);

/* Writes the citation of script line `line` into buf and returns buf:
 * "SCRIPT line N" without a map (or for a line past its end), "NAME cell C,
 * line L" with one ("NAME, between cells" for a line the grader wrote). */
const char *source_cite(const struct source_map *map, const char *script, size_t line,
                        char *buf, size_t size);

#define SOURCE_CITE_MAX 320    /* a buffer that holds any citation of a 200-byte name */

#endif
