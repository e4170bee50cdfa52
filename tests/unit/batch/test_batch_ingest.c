/* test_batch_ingest.c — Check suite for reading a cohort (grader/batch/batch_ingest,
 * batch_names, batch_gsmeta, batch_roster): LMS layouts, conflicts, and hostile
 * archives — traversal, bombs, truncation, non-UTF-8 names, 10,000 files. */
#include <fcntl.h>
#include <locale.h>
#include <sys/stat.h>
#include <unistd.h>

#include "batch/batch_names.h"
#include "batch/batch_roster.h"
#include "batch_fixture.h"

#define PY "print('hello')\n"

static char path_in[128];

static const char *in_scratch(const char *name)
{
    snprintf(path_in, sizeof path_in, "%s/%s", scratch, name);
    return path_in;
}

START_TEST(test_names_of_each_lms)
{
    struct batch_name n;
    struct gb_err err;

    ck_assert_int_eq(batch_name_parse("Jane Doe_123_assignsubmission_file_/sub/x.py", NULL, &n,
                                      &err), 0);
    ck_assert_int_eq(n.lms, BATCH_LMS_MOODLE);
    ck_assert_str_eq(n.student, "123");
    ck_assert_str_eq(n.shown, "Jane Doe");
    ck_assert_str_eq(n.file, "x.py");
    ck_assert_int_eq(batch_name_parse("doejane_LATE_123_456_attention_by_hand-1.py", NULL, &n,
                                      &err), 0);
    ck_assert_int_eq(n.lms, BATCH_LMS_CANVAS);
    ck_assert_int_eq(n.late, 1);
    ck_assert_str_eq(n.student, "123");
    ck_assert_str_eq(n.shown, "doejane");
    ck_assert_str_eq(n.file, "attention_by_hand-1.py");
    ck_assert_int_eq(batch_name_parse("export/submission_987/answers.md", NULL, &n, &err), 0);
    ck_assert_int_eq(n.lms, BATCH_LMS_GRADESCOPE);
    ck_assert_str_eq(n.student, "987");
    ck_assert_int_eq(batch_name_parse("cohort/alice/attention_by_hand.py", "cohort", &n, &err), 0);
    ck_assert_int_eq(n.lms, BATCH_LMS_FOLDER);
    ck_assert_str_eq(n.student, "alice");
    ck_assert_int_eq(batch_name_parse("__MACOSX/alice/._attention_by_hand.py", NULL, &n, &err), 0);
    ck_assert_int_eq(n.junk, 1);
}
END_TEST

START_TEST(test_names_refuse_unsafe_paths)
{
    static const char *const bad[] = { "../../etc/x/attention_by_hand.py", "/etc/passwd",
                                       "alice/../../x.py", "..\\..\\x\\y.py", "loose.py" };
    struct batch_name n;
    struct gb_err err;
    char id[32];

    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(batch_name_parse(bad[i], NULL, &n, &err) == -1, "%s accepted", bad[i]);
    batch_name_safe_id("../ev il/\xff\xfe", id, sizeof id);
    ck_assert_str_eq(id, "_._ev_il___");      /* leading dot, slashes, bytes: _ */
    batch_name_safe_id("", id, sizeof id);
    ck_assert_str_eq(id, "_");
    ck_assert_int_eq(batch_name_reserved("report.html"), 1);
    ck_assert_int_eq(batch_name_reserved("alice"), 0);
}
END_TEST

START_TEST(test_moodle_zip)
{
    static const struct zentry e[] = {
        { "Jane Doe_123_assignsubmission_file_/attention_by_hand.py", PY, 0 },
        { "Jane Doe_123_assignsubmission_file_/notes.txt", "n\n", 0 },
        { "John Roe_456_assignsubmission_file_/answers.md", "# q1\nyes\n", 0 },
        { "__MACOSX/John Roe_456_assignsubmission_file_/._answers.md", "junk", 0 },
    };
    struct batch_cohort c;
    const struct batch_student *s;

    write_archive(in_scratch("m.zip"), e, 4, 0);
    ingest_one(path_in, &c, NULL);
    ck_assert_int_eq(c.n_uploads, 2);
    ck_assert_ptr_nonnull(upload_of(&c, "123", "attention_by_hand"));
    ck_assert_ptr_nonnull(upload_of(&c, "456", "self_check"));
    ck_assert_ptr_nonnull(s = batch_cohort_student(&c, "123"));
    ck_assert_str_eq(s->name, "Jane Doe");
    ck_assert_int_eq(s->lms, BATCH_LMS_MOODLE);
    ck_assert_int_eq(c.n_problems, 1);
    ck_assert_int_eq(problems_with(&c, "notes.txt: not the file of any exercise"), 1);
    batch_cohort_free(&c);
}
END_TEST

START_TEST(test_canvas_zip_late_and_conflict)
{
    static const struct zentry e[] = {
        { "doejane_LATE_123_900_attention_by_hand-1.py", "print(1)\n", 0 },
        { "doejane_123_901_attention_by_hand.py", "print(2)\n", 0 },
        { "roejohn_456_902_empty_answers.md", "", 0 },
        { "roejohn_456_903_attention_by_hand.py", "\x7f" "ELF\0\0\0", 7 },
    };
    struct batch_cohort c;
    const struct batch_upload *u;

    write_archive(in_scratch("c.zip"), e, 4, 0);
    ingest_one(path_in, &c, NULL);
    ck_assert_ptr_nonnull(u = upload_of(&c, "123", "attention_by_hand"));
    ck_assert_int_eq(u->data.len, 9);
    ck_assert_mem_eq(u->data.data, "print(2)\n", 9);          /* the later one won */
    ck_assert_int_eq(batch_cohort_student(&c, "123")->late, 1);
    ck_assert_int_eq(problems_with(&c, "two files for attention_by_hand"), 1);
    ck_assert_int_eq(problems_with(&c, "the newest resubmission"), 1);
    ck_assert_int_eq(problems_with(&c, "an empty upload"), 1);
    ck_assert_int_eq(problems_with(&c, "a binary upload"), 1);
    ck_assert_int_eq(c.n_uploads, 1);
    batch_cohort_free(&c);
}
END_TEST

/* Canvas keeps every resubmission: a file handed in again under the same name
 * comes as NAME-1.py, NAME-2.py with a larger attachment id.  The newest is
 * graded, whichever is named exactly as the exercise (issue 27: the older,
 * buggy attention_by_hand.py was graded instead of the fixed -1). */
START_TEST(test_canvas_newest_resubmission_wins)
{
    static const struct zentry same_time[] = {   /* the zip's times say nothing */
        { "nguyenbob_20002_90002_attention_by_hand.py", "print('old')\n", 0 },
        { "nguyenbob_20002_90112_attention_by_hand-1.py", "print('new')\n", 0 },
    };
    static const struct zentry by_time[] = {     /* entries out of order; times decide */
        { "nguyenbob_20002_90112_attention_by_hand-2.py", "print('new')\n", 0 },
        { "nguyenbob_20002_90002_attention_by_hand.py", "print('old')\n", 0 },
    };
    const struct zentry *cases[] = { same_time, by_time };

    for (int k = 0; k < 2; k++) {
        struct batch_cohort c;
        const struct batch_upload *u;
        struct archive *a = archive_write_new();

        ck_assert_int_eq(archive_write_set_format_zip(a), ARCHIVE_OK);
        ck_assert_int_eq(archive_write_open_filename(a, in_scratch("r.zip")), ARCHIVE_OK);
        for (int i = 0; i < 2; i++) {
            struct archive_entry *ae = archive_entry_new();
            const struct zentry *e = &cases[k][i];
            /* by_time: the newer file (first entry) has the later time */
            time_t t = 1700000000 + (k == 1 && i == 0 ? 3600 : 0);

            archive_entry_set_pathname(ae, e->path);
            archive_entry_set_filetype(ae, AE_IFREG);
            archive_entry_set_perm(ae, 0644);
            archive_entry_set_size(ae, (la_int64_t)strlen(e->data));
            archive_entry_set_mtime(ae, t, 0);
            ck_assert_int_eq(archive_write_header(a, ae), ARCHIVE_OK);
            ck_assert_int_eq(archive_write_data(a, e->data, strlen(e->data)),
                             (la_ssize_t)strlen(e->data));
            archive_entry_free(ae);
        }
        ck_assert_int_eq(archive_write_close(a), ARCHIVE_OK);
        archive_write_free(a);
        ingest_one(path_in, &c, NULL);
        ck_assert_ptr_nonnull(u = upload_of(&c, "20002", "attention_by_hand"));
        ck_assert_msg(strstr(u->data.data, "new") != NULL, "case %d graded the old file", k);
        ck_assert_int_eq(problems_with(&c, "the newest resubmission"), 1);
        batch_cohort_free(&c);
    }
}
END_TEST

START_TEST(test_gradescope_zip_and_tar)
{
    static const struct zentry e[] = {
        { "export/submission_metadata.yml",
          "submission_11:\n  :submitters:\n  - :name: Ann Lee\n    :sid: 'S-9'\n"
          "    :email: ann@example.edu\n  - :name: Bo Kim\n    :sid: 'S-10'\n"
          "  :score: 3.0\nsubmission_12:\n  :submitters: []\n", 0 },
        { "export/submission_11/answers.md", "# q1\nA\n", 0 },
        { "export/submission_12/attention_by_hand.py", PY, 0 },
    };
    struct batch_cohort c;
    const struct batch_student *s;

    write_archive(in_scratch("g.tar"), e, 3, 1);
    ingest_one(path_in, &c, NULL);
    ck_assert_ptr_nonnull(upload_of(&c, "S-9", "self_check"));
    ck_assert_ptr_nonnull(upload_of(&c, "gs12", "attention_by_hand"));
    ck_assert_ptr_nonnull(s = batch_cohort_student(&c, "S-9"));
    ck_assert_str_eq(s->name, "Ann Lee");
    ck_assert_str_eq(s->email, "ann@example.edu");
    ck_assert_int_eq(c.n_problems, 0);
    batch_cohort_free(&c);
}
END_TEST

START_TEST(test_shared_top_folder_is_stripped)
{
    static const struct zentry e[] = {
        { "spring/alice/attention_by_hand.py", PY, 0 },
        { "spring/bob/answers.md", "# q1\n", 0 },
    };
    struct batch_cohort c;

    write_archive(in_scratch("f.zip"), e, 2, 0);
    ingest_one(path_in, &c, NULL);
    ck_assert_ptr_nonnull(upload_of(&c, "alice", "attention_by_hand"));
    ck_assert_ptr_nonnull(upload_of(&c, "bob", "self_check"));
    batch_cohort_free(&c);
}
END_TEST

/* A script exercise takes its notebook, in any case; the answers document
 * has no notebook form, and a name with another extension is still refused. */
START_TEST(test_notebooks_and_any_case)
{
    static const struct zentry e[] = {
        { "alice/ATTENTION_BY_HAND.ipynb", "{\"nbformat\": 4, \"cells\": []}\n", 0 },
        { "bob/Attention_By_Hand.PY", PY, 0 },
        { "carol/answers.ipynb", "{\"nbformat\": 4, \"cells\": []}\n", 0 },
        { "dave/attention_by_hand.txt", PY, 0 },
        { "erin/atention_by_hand.py", PY, 0 },
    };
    const struct batch_upload *u;
    struct batch_cohort c;

    write_archive(in_scratch("nb.zip"), e, 5, 0);
    ingest_one(path_in, &c, NULL);
    ck_assert_ptr_nonnull(u = upload_of(&c, "alice", "attention_by_hand"));
    ck_assert_int_eq(u->notebook, 1);
    ck_assert_int_eq(u->exact_name, 1);
    ck_assert_ptr_nonnull(u = upload_of(&c, "bob", "attention_by_hand"));
    ck_assert_int_eq(u->notebook, 0);
    ck_assert_int_eq(u->exact_name, 1);
    ck_assert_ptr_null(upload_of(&c, "carol", "self_check"));
    ck_assert_ptr_null(upload_of(&c, "dave", "attention_by_hand"));
    ck_assert_int_eq(problems_with(&c, "has an exercise's name but not its extension"), 2);
    ck_assert_int_eq(problems_with(&c, "atention_by_hand.py: not the file of any exercise (did "
                                   "you mean attention_by_hand.py?)"), 1);
    batch_cohort_free(&c);
}
END_TEST

START_TEST(test_traversal_is_listed_never_used)
{
    static const struct zentry e[] = {
        { "../../escaped/attention_by_hand.py", PY, 0 },
        { "/tmp/absolute/attention_by_hand.py", PY, 0 },
        { "alice/attention_by_hand.py", PY, 0 },
    };
    struct batch_cohort c;

    write_archive(in_scratch("t.zip"), e, 3, 0);
    ingest_one(path_in, &c, NULL);
    ck_assert_int_eq(c.n_uploads, 1);
    ck_assert_ptr_nonnull(upload_of(&c, "alice", "attention_by_hand"));
    ck_assert_int_eq(problems_with(&c, "unsafe path"), 2);
    batch_cohort_free(&c);
}
END_TEST

START_TEST(test_bomb_is_bounded)
{
    static const struct zentry e[] = {
        { "alice/attention_by_hand.py", PY, 0 },
        { "bob/attention_by_hand.py", NULL, 64u << 20 },      /* 64 MB of zeros */
        { "carol/attention_by_hand.py", NULL, 900u << 10 },
        { "dave/attention_by_hand.py", NULL, 900u << 10 },
        { "erin/attention_by_hand.py", NULL, 900u << 10 },
    };
    struct batch_ingest_limits lim;
    struct batch_cohort c;

    write_archive(in_scratch("b.zip"), e, 5, 0);
    batch_ingest_limits_default(&lim);
    lim.max_bytes = 2u << 20;
    ingest_one(path_in, &c, &lim);
    ck_assert_ptr_nonnull(upload_of(&c, "alice", "attention_by_hand"));
    ck_assert_int_eq(problems_with(&c, "larger than 1 MiB"), 1);       /* bob: read 1 MiB + 1 */
    ck_assert_int_eq(problems_with(&c, "zip bomb?"), 1);                /* then the total */
    ck_assert_ptr_null(upload_of(&c, "erin", "attention_by_hand"));
    batch_cohort_free(&c);
}
END_TEST

START_TEST(test_truncated_and_garbage_archives)
{
    static const struct zentry e[] = {
        { "alice/attention_by_hand.py", PY, 0 },
        { "bob/attention_by_hand.py", NULL, 200000 },
    };
    struct batch_cohort c;
    struct stat st;
    int fd;

    write_archive(in_scratch("tr.zip"), e, 2, 0);
    ck_assert_int_eq(stat(path_in, &st), 0);
    ck_assert_int_eq(truncate(path_in, st.st_size / 2), 0);
    ingest_one(path_in, &c, NULL);
    ck_assert_int_eq(problems_with(&c, "corrupt or truncated archive")
                     + problems_with(&c, "not a readable zip"), 1);
    batch_cohort_free(&c);
    ck_assert_int_ge(fd = open(in_scratch("junk.zip"), O_WRONLY | O_CREAT, 0644), 0);
    ck_assert_int_eq(write(fd, "PK\003\004 this is not a zip at all", 30), 30);
    close(fd);
    ingest_one(path_in, &c, NULL);
    ck_assert_int_eq(c.n_uploads, 0);
    ck_assert_int_eq(c.n_problems, 1);
    batch_cohort_free(&c);
}
END_TEST

START_TEST(test_non_utf8_names)
{
    static const struct zentry e[] = {
        { "Jos\xe9 P\xe9rez_77_assignsubmission_file_/attention_by_hand.py", PY, 0 },
        { "\xff\xfe/attention_by_hand.py", PY, 0 },
    };
    struct batch_cohort c;
    const struct batch_student *s;

    write_archive(in_scratch("u.zip"), e, 2, 0);
    ingest_one(path_in, &c, NULL);
    ck_assert_int_eq(c.n_uploads, 2);
    ck_assert_ptr_nonnull(s = batch_cohort_student(&c, "77"));
    ck_assert_ptr_nonnull(strstr(s->name, "\xef\xbf\xbd"));      /* U+FFFD, valid UTF-8 */
    ck_assert_ptr_nonnull(upload_of(&c, "__", "attention_by_hand"));
    batch_cohort_free(&c);
}
END_TEST

/* A UTF-8 name as Moodle writes it (the zip's UTF-8 flag set) and in a pax
 * tar: the student is graded under the name, whatever the process's locale
 * (the grader runs in the C locale under cron and Slurm). */
START_TEST(test_utf8_names)
{
    static const char *const paths[] = {
        "Chlo\xc3\xa9 Dubois_10003_assignsubmission_file_/attention_by_hand.py",
        "Zo\xc3\xab \xc5\x81uczak_10004_assignsubmission_file_/answers.md",
    };
    static const char *const names[] = { "Chlo\xc3\xa9 Dubois", "Zo\xc3\xab \xc5\x81uczak" };
    static const char *const ids[] = { "10003", "10004" };

    /* The LMS writes in a UTF-8 locale; the grader reads in this test's C one. */
    locale_t utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0), plain;

    ck_assert_ptr_nonnull(utf8);
    for (int tar = 0; tar < 2; tar++) {
        struct archive *a;
        struct batch_cohort c;

        plain = uselocale(utf8);
        a = archive_write_new();

        ck_assert_int_eq(tar ? archive_write_set_format_pax(a) : archive_write_set_format_zip(a),
                         ARCHIVE_OK);
        if (!tar)     /* names as UTF-8 with the zip's UTF-8 flag, as Moodle writes them */
            ck_assert_int_eq(archive_write_set_options(a, "zip:hdrcharset=UTF-8"), ARCHIVE_OK);
        ck_assert_int_eq(archive_write_open_filename(a, in_scratch(tar ? "n.tar" : "n.zip")),
                         ARCHIVE_OK);
        for (int i = 0; i < 2; i++) {
            struct archive_entry *ae = archive_entry_new();

            archive_entry_set_pathname_utf8(ae, paths[i]);
            archive_entry_set_filetype(ae, AE_IFREG);
            archive_entry_set_perm(ae, 0644);
            archive_entry_set_size(ae, (la_int64_t)strlen(PY));
            ck_assert_int_eq(archive_write_header(a, ae), ARCHIVE_OK);
            ck_assert_int_eq(archive_write_data(a, PY, strlen(PY)), (la_ssize_t)strlen(PY));
            archive_entry_free(ae);
        }
        ck_assert_int_eq(archive_write_close(a), ARCHIVE_OK);
        archive_write_free(a);
        uselocale(plain);
        ingest_one(path_in, &c, NULL);
        ck_assert_msg(c.n_problems == 0, "%s", c.n_problems ? c.problems[0].what : "");
        for (int i = 0; i < 2; i++) {
            const struct batch_student *s = batch_cohort_student(&c, ids[i]);

            ck_assert_ptr_nonnull(s);
            ck_assert_str_eq(s->name, names[i]);
        }
        ck_assert_ptr_nonnull(upload_of(&c, "10003", "attention_by_hand"));
        ck_assert_ptr_nonnull(upload_of(&c, "10004", "self_check"));
        batch_cohort_free(&c);
    }
    freelocale(utf8);
}
END_TEST

START_TEST(test_ten_thousand_files)
{
    struct zentry *e = calloc(10001, sizeof *e);
    char (*names)[32] = calloc(10001, sizeof *names);
    struct batch_cohort c;

    ck_assert_ptr_nonnull(e);
    ck_assert_ptr_nonnull(names);
    for (int i = 0; i < 10000; i++) {
        snprintf(names[i], sizeof names[i], "alice/f%05d.txt", i);
        e[i] = (struct zentry){ names[i], "x", 0 };
    }
    e[10000] = (struct zentry){ "alice/attention_by_hand.py", PY, 0 };
    write_archive(in_scratch("many.zip"), e, 10001, 0);
    ingest_one(path_in, &c, NULL);
    ck_assert_ptr_nonnull(upload_of(&c, "alice", "attention_by_hand"));
    ck_assert_int_le(c.n_problems, 22);
    ck_assert_int_eq(batch_cohort_student(&c, "alice")->n_unlisted + c.n_problems - 1, 10000);
    ck_assert_int_eq(problems_with(&c, "more files matched no exercise"), 1);
    batch_cohort_free(&c);
    free(e);
    free(names);
}
END_TEST

START_TEST(test_folder_input_refuses_links)
{
    char dir[128], file[160];
    struct batch_cohort c;
    FILE *f;

    snprintf(dir, sizeof dir, "%s/cohort/alice", scratch);
    ck_assert_int_eq(mkdir(in_scratch("cohort"), 0755), 0);
    ck_assert_int_eq(mkdir(dir, 0755), 0);
    snprintf(file, sizeof file, "%s/answers.md", dir);
    ck_assert_ptr_nonnull(f = fopen(file, "w"));
    fputs("# q1\n", f);
    fclose(f);
    snprintf(file, sizeof file, "%s/attention_by_hand.py", dir);
    ck_assert_int_eq(symlink("/etc/passwd", file), 0);
    ingest_one(in_scratch("cohort"), &c, NULL);
    ck_assert_int_eq(c.n_uploads, 1);
    ck_assert_ptr_nonnull(upload_of(&c, "alice", "self_check"));
    ck_assert_int_eq(problems_with(&c, "not a regular file"), 1);
    batch_cohort_free(&c);
}
END_TEST

START_TEST(test_roster_names_and_absentees)
{
    static const struct zentry e[] = {
        { "Jane Doe_123_assignsubmission_file_/attention_by_hand.py", PY, 0 },
        { "Stranger_999_assignsubmission_file_/attention_by_hand.py", PY, 0 },
    };
    struct batch_cohort c;
    struct gb_err err;
    FILE *f;

    write_archive(in_scratch("r.zip"), e, 2, 0);
    ingest_one(path_in, &c, NULL);
    ck_assert_ptr_nonnull(f = fopen(in_scratch("roster.csv"), "w"));
    fputs("Identifier,Full name,Email address\r\n\"Participant 123\",\"Doe, Jane\",jd@x.edu\r\n"
          "Participant 124,Al Bo,ab@x.edu\r\n", f);
    fclose(f);
    ck_assert_msg(batch_roster_apply(path_in, &c, &err) == 0, "%s", err.msg);
    ck_assert_str_eq(batch_cohort_student(&c, "123")->name, "Doe, Jane");
    ck_assert_str_eq(batch_cohort_student(&c, "123")->email, "jd@x.edu");
    ck_assert_ptr_nonnull(batch_cohort_student(&c, "124"));
    ck_assert_int_eq(problems_with(&c, "no upload"), 1);
    ck_assert_int_eq(problems_with(&c, "not on the roster"), 1);
    batch_cohort_free(&c);
    ck_assert_ptr_nonnull(f = fopen(path_in, "w"));
    fputs("nothing,useful\r\n1,2\r\n", f);
    fclose(f);
    ingest_one(in_scratch("r.zip"), &c, NULL);
    ck_assert_int_eq(batch_roster_apply(in_scratch("roster.csv"), &c, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "no id column"));
    batch_cohort_free(&c);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("batch_ingest");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, scratch_setup, scratch_teardown);
    tcase_add_test(tc, test_names_of_each_lms);
    tcase_add_test(tc, test_names_refuse_unsafe_paths);
    tcase_add_test(tc, test_moodle_zip);
    tcase_add_test(tc, test_canvas_zip_late_and_conflict);
    tcase_add_test(tc, test_canvas_newest_resubmission_wins);
    tcase_add_test(tc, test_gradescope_zip_and_tar);
    tcase_add_test(tc, test_shared_top_folder_is_stripped);
    tcase_add_test(tc, test_notebooks_and_any_case);
    tcase_add_test(tc, test_traversal_is_listed_never_used);
    tcase_add_test(tc, test_bomb_is_bounded);
    tcase_add_test(tc, test_truncated_and_garbage_archives);
    tcase_add_test(tc, test_non_utf8_names);
    tcase_add_test(tc, test_utf8_names);
    tcase_add_test(tc, test_ten_thousand_files);
    tcase_add_test(tc, test_folder_input_refuses_links);
    tcase_add_test(tc, test_roster_names_and_absentees);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
