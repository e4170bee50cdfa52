/* imports.h — the student's own modules a submission imports.
 *
 * Students split their work: `from tables import frame` loads tables.py
 * from beside the script, the way their own `python3 memory_lab.py` did.
 * A human grader runs the hand-in's folder; the sandbox gets one file, so
 * without these modules such a run stops at its first line
 * (ModuleNotFoundError) and every check goes unreached.
 *
 * imports_local() lists every module the submission imports — and those
 * modules import, breadth first — that exists as NAME.py, a regular file,
 * in the submission's own directory.  It reads Python's import statements
 * only (`import a, b as c`, `from a.b import x`, at any indentation); a
 * name that merely looks like one (in a string) costs at most a file that
 * is staged and never imported.  Bounded: IMPORTS_MAX modules of
 * IMPORTS_FILE_MAX_BYTES each.  Names the caller skips (course files,
 * the submission's own name) are never listed: the course's sequences.py
 * is the course's, whatever copy the student kept.
 */
#ifndef GB_IMPORTS_H
#define GB_IMPORTS_H

#include <stddef.h>

#include "error.h"

#define IMPORTS_MAX 16
#define IMPORTS_FILE_MAX_BYTES (1u << 20)

struct imports {
    char *file[IMPORTS_MAX];   /* "tables.py" */
    char *path[IMPORTS_MAX];   /* "DIR/tables.py" */
    size_t n;
};

/* Calls found(name, len, arg) for the top-level module of every import
 * statement in src ("tables" for "from tables.fmt import frame"); relative
 * imports ("from . import x") are skipped.  found returns nonzero to stop. */
void imports_scan(const char *src, size_t len,
                  int (*found)(const char *name, size_t n, void *arg), void *arg);

/* The local modules of the submission at `path` (see above) into out;
 * its source is read from path, or is src[0..len) when src is not NULL (a
 * notebook's script: its JSON holds the imports inside strings).
 * skip(name, arg) says which file names ("sequences.py") are never listed.
 * A module that cannot be read is an error; one that does not exist is not
 * (numpy, torch). */
int imports_local(const char *path, const char *src, size_t len,
                  int (*skip)(const char *file, void *arg), void *skip_arg,
                  struct imports *out, struct gb_err *err);
void imports_free(struct imports *im);

#endif
