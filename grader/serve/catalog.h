/* catalog.h — which exercises `grader serve` grades, and what an acceptable
 * upload for one of them is.
 *
 * Loaded once at start-up from the rubrics the pipeline uses (home.h finds
 * them), so the service refuses an unknown exercise before queueing it.
 * An upload is refused (with the HTTP status and a sentence) when:
 *   its exercise is unknown, or none was named and the file name is not an
 *   exercise's submission file (422);
 *   its file name is path-like ("../x.py", "C:\\x.py", "a/b.py"), a dot
 *   name, has control characters, is not UTF-8 or is over 200 bytes (400);
 *   it is empty (422);
 *   it is not text: a zip/.docx, PDF, RTF, old .doc or binary data — a
 *   UTF-16 answers document is text (415);
 *   it is a notebook (.ipynb) for an exercise that is read, not run (415),
 *   or a notebook check/notebook.h cannot read (422, with its reason).
 * An exercise's file name matches in any case, and a script exercise's
 * notebook ("attention_by_hand.ipynb") names it too (check/exname.h).
 */
#ifndef GB_CATALOG_H
#define GB_CATALOG_H

#include <stddef.h>

#include "error.h"

#define CATALOG_NAME_MAX 200

struct catalog_exercise {
    char *name;                   /* "attention_by_hand" */
    char *title;
    char *submission;             /* "attention_by_hand.py" */
    int reads;                    /* 1: an answers document, read not run */
};

struct catalog {
    struct catalog_exercise *v;
    size_t n;
};

/* rubrics_dir NULL: the pipeline's own search (--rubrics, $GRADEBOX_HOME, ...). */
int catalog_load(struct catalog *cat, const char *rubrics_dir, struct gb_err *err);
void catalog_free(struct catalog *cat);
const struct catalog_exercise *catalog_find(const struct catalog *cat, const char *name);

/* Judges an upload; returns 0 (accept; *ex is its exercise) or the HTTP
 * status of the refusal with err saying why.  exercise may be NULL or "";
 * filename may be NULL (a raw upload: the exercise's own file name). */
int catalog_check_upload(const struct catalog *cat, const char *exercise, const char *filename,
                         const void *body, size_t len, const struct catalog_exercise **ex,
                         struct gb_err *err);

#endif
