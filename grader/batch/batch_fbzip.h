/* batch_fbzip.h — Moodle's feedback-files zip: DIR/moodle_feedback.zip.
 *
 * For an assignment's "Upload multiple feedback files in a zip" (the file
 * feedback plugin's importer, mod/assign/feedback/file/importziplib.php):
 * one folder per Moodle student, named FULLNAME_PARTICIPANT_assignfeedback_file_,
 * holding feedback.txt — the per-check feedback (batch_feedback.h) and the
 * student's reports.  The importer splits a folder name on '_' and needs the
 * participant id second, so a '_' in a name becomes a space; it ignores files
 * starting with '.' or '~'.  Names are UTF-8 with the zip's UTF-8 flag.
 */
#ifndef GB_BATCH_FBZIP_H
#define GB_BATCH_FBZIP_H

#include "batch/batch_store.h"
#include "error.h"

#define BATCH_FBZIP_FILE "moodle_feedback.zip"

/* Written only when the cohort has Moodle students with a result. */
int batch_fbzip_write(const struct batch_book *b, const char *out_dir, struct gb_err *err);

#endif
