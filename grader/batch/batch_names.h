/* batch_names.h — who uploaded a file, read from the names an LMS gives it.
 *
 * A cohort arrives as paths inside a directory or a zip.  Each LMS encodes the
 * student differently:
 *   folder      STUDENT/attention_by_hand.py            (the first folder is the id)
 *   Moodle      Full Name_12345_assignsubmission_file_/attention_by_hand.py
 *   Canvas      doejane_12345_67890_attention_by_hand.py  (or doejane_LATE_12345_...;
 *               a file handed in again under one name is attention_by_hand-1.py)
 *   Gradescope  submission_987654/attention_by_hand.py   (ids in submission_metadata.yml)
 * batch_name_parse() turns one relative path into the student's raw id, the
 * name the LMS showed, the late mark and the upload's own file name.  It never
 * touches the file system, so hostile names (../../etc/x, non-UTF-8 bytes) are
 * only data here; batch_name_safe_id() makes the id safe as a folder name.
 */
#ifndef GB_BATCH_NAMES_H
#define GB_BATCH_NAMES_H

#include <stddef.h>

#include "error.h"

#define BATCH_ID_MAX 128
#define BATCH_FILE_MAX 256

enum batch_lms {
    BATCH_LMS_FOLDER = 0,
    BATCH_LMS_MOODLE,
    BATCH_LMS_CANVAS,
    BATCH_LMS_GRADESCOPE
};

struct batch_name {
    enum batch_lms lms;
    char student[BATCH_ID_MAX];   /* raw id: folder name, Moodle/Canvas user id,
                                   * Gradescope submission id */
    char shown[BATCH_ID_MAX];     /* the name the LMS wrote ("Jane Doe", "doejane"), or "" */
    char file[BATCH_FILE_MAX];    /* the upload's own name, LMS prefix removed */
    int late;                     /* Canvas's _LATE_ mark */
    int versioned;                /* the LMS keeps every resubmission (Canvas): the
                                   * newest of a student's files for one exercise wins */
    long revision;                /* Canvas's -N before the extension: the Nth file
                                   * handed in again under the same name, else 0 */
    long long attachment;         /* Canvas's attachment id: larger is newer */
    int junk;                     /* __MACOSX/, .DS_Store, ._x: ignore without a word */
};

/* Parses a relative path ("a/b/c.py").  strip is a leading folder every
 * entry of the archive shares (a zip of one cohort folder), or NULL.
 * -1 with err for a path that must not be used: absolute, with a ".."
 * component, or a loose file outside any student's folder. */
int batch_name_parse(const char *path, const char *strip, struct batch_name *out,
                     struct gb_err *err);

/* The id as a folder name: [A-Za-z0-9._@+-] kept, anything else (spaces,
 * slashes, non-ASCII bytes) '_', no leading '.', at most size-1 bytes.
 * "" becomes "_". */
void batch_name_safe_id(const char *raw, char *out, size_t size);

/* 1 for a name the output directory uses itself (grades.csv, report.html,
 * gradebook.sqlite, ...): no student's folder may take it. */
int batch_name_reserved(const char *id);

const char *batch_lms_name(enum batch_lms lms);   /* "folder", "moodle", ... */

#endif
