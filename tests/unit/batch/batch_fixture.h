/* batch_fixture.h — what the batch suites share: a scratch directory, a
 * two-exercise catalogue, and archives written with libarchive as an LMS
 * would write them. */
#ifndef GB_BATCH_FIXTURE_H
#define GB_BATCH_FIXTURE_H

#include <archive.h>
#include <archive_entry.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch/batch_exercises.h"
#include "batch/batch_ingest.h"

static char scratch[64];

static void scratch_setup(void)
{
    snprintf(scratch, sizeof scratch, "/tmp/gbbatchXXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(scratch));
}

static void scratch_teardown(void)
{
    char cmd[128];

    snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch);
    ck_assert_int_eq(system(cmd), 0);
}

static struct batch_exercise fixture_ex[] = {
    { "attention_by_hand", "attention_by_hand.py", 1, (size_t)2 << 30, 60, "d1" },
    { "self_check", "answers.md", 0, 0, 900, "d2" },
};

static const struct batch_exercises fixture_exercises = { fixture_ex, 2, "", "" };

struct zentry {
    const char *path;
    const char *data;          /* NULL: a run of `size` zero bytes */
    size_t size;
};

/* Writes a zip (or, with tar set, a ustar archive) of the entries. */
static void write_archive(const char *path, const struct zentry *e, size_t n, int tar)
{
    struct archive *a = archive_write_new();
    char *zeros = NULL;

    ck_assert_ptr_nonnull(a);
    ck_assert_int_eq(tar ? archive_write_set_format_ustar(a) : archive_write_set_format_zip(a),
                     ARCHIVE_OK);
    ck_assert_int_eq(archive_write_open_filename(a, path), ARCHIVE_OK);
    for (size_t i = 0; i < n; i++) {
        struct archive_entry *ae = archive_entry_new();
        size_t size = e[i].size ? e[i].size : strlen(e[i].data);

        archive_entry_set_pathname(ae, e[i].path);
        archive_entry_set_filetype(ae, AE_IFREG);
        archive_entry_set_perm(ae, 0644);
        archive_entry_set_size(ae, (la_int64_t)size);
        archive_entry_set_mtime(ae, 1700000000 + (time_t)i, 0);
        ck_assert_int_eq(archive_write_header(a, ae), ARCHIVE_OK);
        if (!e[i].data && !zeros)
            ck_assert_ptr_nonnull(zeros = calloc(1, 1 << 20));
        for (size_t done = 0; done < size;) {
            size_t chunk = size - done < (1u << 20) ? size - done : (1u << 20);

            ck_assert_int_eq(archive_write_data(a, e[i].data ? e[i].data + done : zeros, chunk),
                             (la_ssize_t)chunk);
            done += chunk;
        }
        archive_entry_free(ae);
    }
    ck_assert_int_eq(archive_write_close(a), ARCHIVE_OK);
    archive_write_free(a);
    free(zeros);
}

static void ingest_one(const char *input, struct batch_cohort *c,
                       const struct batch_ingest_limits *lim)
{
    struct batch_ingest_limits def;
    struct gb_err err;
    const char *inputs[1] = { input };

    batch_ingest_limits_default(&def);
    memset(c, 0, sizeof *c);
    ck_assert_msg(batch_ingest(inputs, 1, &fixture_exercises, lim ? lim : &def, c, &err) == 0,
                  "%s", err.msg);
}

static inline const struct batch_upload *upload_of(const struct batch_cohort *c, const char *student,
                                            const char *exercise)
{
    for (size_t i = 0; i < c->n_uploads; i++)
        if (!strcmp(c->uploads[i].student, student) &&
            !strcmp(c->uploads[i].exercise->name, exercise))
            return &c->uploads[i];
    return NULL;
}

/* The problems mentioning `needle`. */
static inline size_t problems_with(const struct batch_cohort *c, const char *needle)
{
    size_t n = 0;

    for (size_t i = 0; i < c->n_problems; i++)
        n += strstr(c->problems[i].what, needle) != NULL;
    return n;
}

#endif
