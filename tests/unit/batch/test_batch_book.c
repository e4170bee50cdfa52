/* test_batch_book.c — Check suite for the gradebook and what is made from it
 * (grader/batch/batch_store, batch_similar, batch_csv, batch_html): what is
 * pending, what a changed upload or rubric makes stale, copies found under
 * renaming, and hostile names escaped in every output. */
#include "batch/batch_csv.h"
#include "batch/batch_html.h"
#include "batch/batch_late.h"
#include "batch/batch_similar.h"
#include "batch/batch_store.h"
#include "batch_fixture.h"
#include "buf.h"

#include <limits.h>
#include <sys/stat.h>

#define RESULT(score, status)                                                              \
    "{\"schema\":\"gradebox.result/1\",\"status\":\"" status "\",\"score\":" #score           \
    ",\"max_score\":13,\"graded_at\":\"2026-12-01T00:00:00Z\",\"triage\":null,"             \
    "\"run\":{\"wall_seconds\":2.5,\"limit\":null,\"summary\":\"exited with status 0\"},"     \
    "\"checks\":[{\"id\":\"c1\",\"verdict\":\"pass\"},{\"id\":\"c2\",\"verdict\":\"fail\","   \
    "\"message\":\"printed 0.9; expected 0.7\"}]}"

/* A cohort of two: alice (attention) and Moodle's 77, whose name is a
 * spreadsheet formula (attention and answers). */
static void cohort_of_two(struct batch_cohort *c, const char *alice_code)
{
    static const struct zentry e[3] = {
        { "alice/attention_by_hand.py", NULL, 0 },
        { "=HYPERLINK(\"x\")_77_assignsubmission_file_/attention_by_hand.py", "print(2)\n", 0 },
        { "=HYPERLINK(\"x\")_77_assignsubmission_file_/answers.md", "# q1\n", 0 },
    };
    struct zentry z[3] = { e[0], e[1], e[2] };
    char zip[128];

    z[0].data = alice_code;
    snprintf(zip, sizeof zip, "%s/in.zip", scratch);
    write_archive(zip, z, 3, 0);
    ingest_one(zip, c, NULL);
    ck_assert_int_eq(c->n_uploads, 3);
}

static struct batch_store *stored(struct batch_cohort *c)
{
    struct batch_store *st;
    struct gb_err err;
    char *paths[3] = { "/nonexistent/a.py", "/nonexistent/b.py", "/nonexistent/c.md" };
    char *trs[3] = { NULL, NULL, NULL };
    char *keys[3];

    for (size_t i = 0; i < 3; i++)
        keys[i] = c->uploads[i].sha256;
    ck_assert_msg(batch_store_open(scratch, &st, &err) == 0, "%s", err.msg);
    ck_assert_msg(batch_store_set_cohort(st, c, paths, trs, keys, &err) == 0, "%s", err.msg);
    return st;
}

static size_t pending(struct batch_store *st)
{
    struct batch_task *t;
    struct gb_err err;
    size_t n;

    ck_assert_msg(batch_store_pending(st, &fixture_exercises, &t, &n, &err) == 0, "%s", err.msg);
    batch_tasks_free(t, n);
    return n;
}

START_TEST(test_pending_until_graded_and_again_when_changed)
{
    struct batch_cohort c;
    struct batch_store *st;
    struct batch_task *t;
    struct gb_err err;
    size_t n, forgot;

    cohort_of_two(&c, "print(1)\n");
    st = stored(&c);
    ck_assert_int_eq(batch_store_pending(st, &fixture_exercises, &t, &n, &err), 0);
    ck_assert_int_eq(n, 3);
    ck_assert_str_eq(t[0].exercise, "attention_by_hand");     /* longest expected first */
    for (size_t i = 0; i < n; i++)
        ck_assert_int_eq(batch_store_put_result(st, &t[i], RESULT(7, "failed"), NULL, &err), 0);
    ck_assert_int_eq(pending(st), 0);
    ck_assert_double_eq(batch_store_mean_wall(st, "attention_by_hand"), 2.5);
    ck_assert_int_eq(batch_store_put_result(st, &t[2], NULL, "the sandbox failed", &err), 0);
    ck_assert_int_eq(pending(st), 1);                        /* an error is retried */
    ck_assert_int_eq(batch_store_put_result(st, &t[2], RESULT(7, "failed"), NULL, &err), 0);
    batch_tasks_free(t, n);
    batch_store_close(st);
    batch_cohort_free(&c);

    cohort_of_two(&c, "print(3)\n");                          /* alice changed her file */
    st = stored(&c);
    ck_assert_int_eq(pending(st), 1);
    ck_assert_int_eq(batch_store_forget(st, "self_check", &forgot, &err), 0);
    ck_assert_int_eq(forgot, 1);
    ck_assert_int_eq(pending(st), 2);
    batch_store_close(st);
    batch_cohort_free(&c);
}
END_TEST

static void graded_book(struct batch_book *book)
{
    struct batch_cohort c;
    struct batch_store *st;
    struct batch_task *t;
    struct gb_err err;
    size_t n;

    cohort_of_two(&c, "print(1)\n");
    st = stored(&c);
    ck_assert_int_eq(batch_store_set_meta(st, "assignment", "HW <3>", &err), 0);
    ck_assert_int_eq(batch_store_pending(st, &fixture_exercises, &t, &n, &err), 0);
    for (size_t i = 0; i < n; i++)
        ck_assert_int_eq(batch_store_put_result(st, &t[i], !strcmp(t[i].student, "alice") ? RESULT(13, "passed")
                                                : RESULT(4.5, "needs_review"), NULL, &err), 0);
    ck_assert_msg(batch_store_book(st, book, &err) == 0, "%s", err.msg);
    batch_tasks_free(t, n);
    batch_store_close(st);
    batch_cohort_free(&c);
}

/* A cohort where Moodle's 78 handed in only an empty file and is named with
 * a leading TAB (a formula once a spreadsheet skips it): alice is graded. */
static void book_with_ungraded(struct batch_book *book, int missing_as_zero)
{
    static const struct zentry e[2] = {
        { "alice/attention_by_hand.py", "print(1)\n", 0 },
        { "\t=cmd|' -C calc'!A0_78_assignsubmission_file_/answers.md", "", 0 },
    };
    struct batch_cohort c;
    struct batch_store *st;
    struct batch_task *t;
    struct gb_err err;
    char zip[128], *paths[1] = { "/nonexistent/a.py" }, *trs[1] = { NULL }, *keys[1];
    size_t n;

    snprintf(zip, sizeof zip, "%s/u.zip", scratch);
    write_archive(zip, e, 2, 0);
    ingest_one(zip, &c, NULL);
    ck_assert_int_eq(c.n_uploads, 1);
    keys[0] = c.uploads[0].sha256;
    ck_assert_msg(batch_store_open(scratch, &st, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(batch_store_set_cohort(st, &c, paths, trs, keys, &err), 0);
    ck_assert_int_eq(batch_store_set_meta(st, "missing_as_zero", missing_as_zero ? "1" : "0",
                                          &err), 0);
    ck_assert_int_eq(batch_store_pending(st, &fixture_exercises, &t, &n, &err), 0);
    ck_assert_int_eq(n, missing_as_zero ? 0 : 1);      /* the second call finds it graded */
    if (n)
        ck_assert_int_eq(batch_store_put_result(st, &t[0], RESULT(13, "passed"), NULL, &err), 0);
    ck_assert_msg(batch_store_book(st, book, &err) == 0, "%s", err.msg);
    batch_tasks_free(t, n);
    batch_store_close(st);
    batch_cohort_free(&c);
}

static char *read_out(const char *name)
{
    struct gb_buf b = GB_BUF_INIT;
    struct gb_err err;
    char path[128];

    snprintf(path, sizeof path, "%s/%s", scratch, name);
    ck_assert_msg(gb_read_file(path, 1 << 20, &b, &err) == 0, "%s", err.msg);
    return gb_buf_steal(&b);
}

/* Issue 27: an ungraded student was 0/0 in grades.csv and 0 in the LMS. */
START_TEST(test_ungraded_is_blank_not_zero)
{
    struct batch_book book;
    struct gb_err err;
    char *grades, *moodle;

    for (int zero = 0; zero < 2; zero++) {
        book_with_ungraded(&book, zero);
        ck_assert_msg(batch_csv_write(&book, NULL, scratch, &err) == 0, "%s", err.msg);
        grades = read_out("grades.csv");
        moodle = read_out("moodle_grades.csv");
        /* total and max_total blank; the note says why */
        ck_assert_msg(strstr(grades, "\"78\",\"'\t=cmd|' -C calc'!A0\",\"\",\"\",\"\",\"\","
                                     "\"\",\"0\",\"0\",\"") != NULL, "%s", grades);
        ck_assert_ptr_nonnull(strstr(grades, "an empty upload"));
        ck_assert_ptr_nonnull(strstr(grades, "\"alice\",\"\",\"\",\"\",\"13\",\"13\",\"13\""));
        ck_assert_msg(strstr(moodle, zero ? "\"Participant 78\",\"'\t=cmd|' -C calc'!A0\",\"\",\"0\","
                                          : "\"Participant 78\",\"'\t=cmd|' -C calc'!A0\",\"\",\"\",")
                      != NULL, "%s", moodle);
        free(grades);
        free(moodle);
        batch_book_free(&book);
    }
}
END_TEST

START_TEST(test_tab_and_cr_are_guarded)
{
    struct batch_book book;
    struct gb_err err;
    char *grades;

    graded_book(&book);
    free(book.cohort.students[0].name);
    book.cohort.students[0].name = strdup("\r=1+1");
    ck_assert_ptr_nonnull(book.cohort.students[0].name);
    ck_assert_int_eq(batch_csv_write(&book, NULL, scratch, &err), 0);
    grades = read_out("grades.csv");
    ck_assert_msg(strstr(grades, "\"'\r=1+1\"") != NULL, "%s", grades);
    free(grades);
    batch_book_free(&book);
}
END_TEST

/* alice handed in at 1700000000 (2023-11-14T22:13:20Z, her entry's time in the
 * zip): 2 days and 10 s after a deadline of 2023-11-12T22:13:10Z. */
static void late_book(struct batch_book *book, const char *penalty)
{
    struct batch_late_policy p;
    struct batch_store *st;
    struct gb_err err;
    char text[128];

    graded_book(book);
    batch_book_free(book);
    ck_assert_msg(batch_late_parse("2023-11-12T22:13:10Z", penalty, &p, &err) == 0, "%s",
                  err.msg);
    batch_late_format(&p, text, sizeof text);
    ck_assert_int_eq(batch_store_open(scratch, &st, &err), 0);
    ck_assert_int_eq(batch_store_set_meta(st, "late_policy", text, &err), 0);
    ck_assert_msg(batch_store_book(st, book, &err) == 0, "%s", err.msg);
    batch_store_close(st);
}

START_TEST(test_late_penalty_per_day_cap_and_grace)
{
    static const struct { const char *penalty, *alice; } cases[] = {
        { "10%/day,cap=25%", "\"alice\",\"\",\"\",\"\",\"13\",\"\",\"9.75\",\"13\"" },
        { "10%/day,grace=20", "\"alice\",\"\",\"\",\"\",\"13\",\"\",\"10.4\",\"13\"" },
    };
    static const char *const tails[] = { "\"3\",\"25\",\"13\",\"\"\r\n",
                                         "\"2\",\"20\",\"13\",\"\"\r\n" };
    struct batch_late_policy p;
    struct batch_book book;
    struct gb_err err;

    for (int i = 0; i < 2; i++) {
        char *grades, *row;

        late_book(&book, cases[i].penalty);
        ck_assert_msg(batch_csv_write(&book, NULL, scratch, &err) == 0, "%s", err.msg);
        grades = read_out("grades.csv");
        ck_assert_msg((row = strstr(grades, cases[i].alice)) != NULL, "%s", grades);
        ck_assert_msg(strstr(row, tails[i]) != NULL, "%s", row);
        free(grades);
        batch_book_free(&book);
    }
    ck_assert_int_eq(batch_late_parse("2023-11-12", "10", &p, &err), -1);
    ck_assert_int_eq(batch_late_parse("2023-11-12 22:13", "10%/week", &p, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "--late-penalty"));
    ck_assert_int_eq(batch_late_parse(NULL, "10", &p, &err), -1);
}
END_TEST

START_TEST(test_csv_totals_and_formula_guard)
{
    struct batch_book book;
    struct gb_buf csv = GB_BUF_INIT;
    struct gb_err err;
    char path[128];
    double total, max;
    int review, errors;

    graded_book(&book);
    batch_csv_totals(&book, "alice", &total, &max, &review, &errors);
    ck_assert_double_eq(total + max, 13 + 13);
    ck_assert_int_eq(batch_csv_write(&book, NULL, scratch, &err), 0);
    snprintf(path, sizeof path, "%s/grades.csv", scratch);
    ck_assert_int_eq(gb_read_file(path, 1 << 20, &csv, &err), 0);
    ck_assert_ptr_nonnull(strstr(csv.data, "\"'=HYPERLINK(\"\"x\"\")\""));   /* not a formula */
    ck_assert_ptr_nonnull(strstr(csv.data, "\"alice\",\"\",\"\",\"\",\"13\""));
    gb_buf_free(&csv);
    batch_book_free(&book);
}
END_TEST

START_TEST(test_html_escapes_and_links)
{
    struct batch_book book;
    struct gb_buf html = GB_BUF_INIT;
    struct gb_err err;

    graded_book(&book);
    ck_assert_int_eq(batch_html_render(&book, NULL, &html, &err), 0);
    ck_assert_ptr_null(strstr(html.data, "HW <3>"));
    ck_assert_ptr_nonnull(strstr(html.data, "HW &lt;3&gt;"));
    ck_assert_ptr_nonnull(strstr(html.data, "<a href=\"alice/attention_by_hand.txt\">"));
    ck_assert_ptr_nonnull(strstr(html.data, "id=\"review\""));
    ck_assert_ptr_nonnull(strstr(html.data, "printed 0.9; expected 0.7"));
    ck_assert_ptr_null(strstr(html.data, "<script"));
    ck_assert_ptr_null(strstr(html.data, "http"));           /* nothing fetched from anywhere */
    gb_buf_free(&html);
    batch_book_free(&book);
}
END_TEST

static const char original[] =
    "import numpy as np\n"
    "# scores first, then the softmax\n"
    "def attend(q, k, v):\n"
    "    scores = q @ k.T / np.sqrt(k.shape[1])\n"
    "    e = np.exp(scores - scores.max(axis=1, keepdims=True))\n"
    "    w = e / e.sum(axis=1, keepdims=True)\n"
    "    return w @ v, w\n"
    "names = ['support', 'was', 'not', 'rude']\n"
    "for i, name in enumerate(names):\n"
    "    print(f'{name}: {i}')\n";

static const char renamed[] =
    "import numpy as np\n\n"
    "def attention(query, key, value):   # my own\n"
    "    s = query @ key.T / np.sqrt(key.shape[1])\n"
    "    ex = np.exp(s - s.max(axis=1, keepdims=True))\n"
    "    weights = ex / ex.sum(axis=1, keepdims=True)  # normalised\n"
    "    return weights @ value, weights\n"
    "tokens = [\"support\", \"was\", \"not\", \"rude\"]\n"
    "for j, tok in enumerate(tokens):\n"
    "    print(f\"{tok}: {j}\")\n";

static const char other[] =
    "import torch\n"
    "x = torch.randn(4, 4)\n"
    "while True:\n"
    "    y = torch.softmax(x, dim=-1)\n"
    "    if y.sum() > 0:\n"
    "        break\n"
    "print(y.tolist())\n";

START_TEST(test_renaming_hides_nothing)
{
    struct batch_fingerprints a, b, c;
    struct gb_err err;
    char *t1, *t2;

    ck_assert_int_eq(batch_similar_tokens(original, strlen(original), &t1, &err), 0);
    ck_assert_int_eq(batch_similar_tokens(renamed, strlen(renamed), &t2, &err), 0);
    ck_assert_str_eq(t1, t2);
    ck_assert_ptr_nonnull(strstr(t1, "def V ( V , V , V ) : V = V @ V . T / V . sqrt"));
    free(t1);
    free(t2);
    ck_assert_int_eq(batch_similar_fingerprint(original, strlen(original), &a, &err), 0);
    ck_assert_int_eq(batch_similar_fingerprint(renamed, strlen(renamed), &b, &err), 0);
    ck_assert_int_eq(batch_similar_fingerprint(other, strlen(other), &c, &err), 0);
    ck_assert_int_gt(a.n, 5);
    ck_assert_int_eq(batch_similar_shared(&a, &b), a.n);
    ck_assert_int_lt(batch_similar_shared(&a, &c), a.n / 4);
    batch_fingerprints_free(&a);
    batch_fingerprints_free(&b);
    batch_fingerprints_free(&c);
}
END_TEST

/* The side-by-side view's highlight: the renamed copy's lines are shared
 * with the original's, a block written apart is not, and the lines count
 * what each file holds. */
START_TEST(test_shared_lines_of_a_pair)
{
    char mixed[sizeof renamed + sizeof other];
    unsigned char *la, *lb;
    size_t na, nb, shared = 0, lines = 0;
    struct gb_err err;

    snprintf(mixed, sizeof mixed, "%s%s", other, renamed);
    ck_assert_int_eq(batch_similar_shared_lines(original, strlen(original), mixed, strlen(mixed),
                                                &la, &na, &lb, &nb, &err), 0);
    for (const char *p = mixed; *p; p++)
        lines += *p == '\n';
    ck_assert_uint_ge(nb, lines);
    for (size_t i = 0; i < 7; i++)          /* other's seven lines: nothing in common */
        ck_assert_msg(!lb[i], "line %zu of the unrelated block is marked", i + 1);
    for (size_t i = 7; i < nb; i++)
        shared += lb[i];
    ck_assert_uint_ge(shared, 5);           /* the copied function and loop */
    shared = 0;
    for (size_t i = 0; i < na; i++)
        shared += la[i];
    ck_assert_uint_ge(shared, 5);           /* and the original's side of them */
    free(la);
    free(lb);
}
END_TEST

/* The published sample is compared with every submission on its own: twelve
 * students handing in a renamed copy of it are each flagged, though its
 * fingerprints are then common code, and are no pair of each other for it
 * (the sample is published: copying it is no collusion); a submission of
 * its own is not flagged. */
START_TEST(test_sample_matched_on_its_own)
{
    enum { COPIES = BATCH_SIMILAR_COMMON + 2 };
    struct batch_row rows[COPIES + 1];
    char *exercises[] = { "attention_by_hand" };
    struct batch_book book = { .rows = rows, .n_rows = COPIES + 1, .exercises = exercises,
                               .n_exercises = 1 };
    struct batch_similarity sim;
    char dir[256], path[COPIES + 1][PATH_MAX], who[COPIES + 1][16];
    struct gb_err err;

    snprintf(dir, sizeof dir, "%s/course/samples", scratch);
    ck_assert_int_eq(gb_make_parent(dir, &err), 0);
    ck_assert_int_eq(mkdir(dir, 0700), 0);
    snprintf(path[0], sizeof path[0], "%s/attention_by_hand.py", dir);
    ck_assert_int_eq(gb_write_file_atomic(path[0], original, strlen(original), &err), 0);
    memset(rows, 0, sizeof rows);
    for (int i = 0; i <= COPIES; i++) {
        const char *src = i < COPIES ? renamed : other;

        snprintf(who[i], sizeof who[i], "s%02d", i);
        snprintf(path[i], sizeof path[i], "%s/%s.py", scratch, who[i]);
        ck_assert_int_eq(gb_write_file_atomic(path[i], src, strlen(src), &err), 0);
        rows[i] = (struct batch_row){ .student = who[i], .exercise = exercises[0],
                                      .path = path[i] };
    }
    snprintf(dir, sizeof dir, "%s/course", scratch);
    ck_assert_msg(batch_similar_find(&book, dir, NULL, &sim, &err) == 0, "%s", err.msg);
    ck_assert_uint_eq(sim.n_samples, COPIES);
    for (int i = 0; i < COPIES; i++) {
        const struct batch_sample_match *m = batch_similar_sample_match(&sim, who[i],
                                                                         exercises[0]);
        ck_assert_ptr_nonnull(m);
        ck_assert_double_eq(m->score, 1);
    }
    ck_assert_ptr_null(batch_similar_sample_match(&sim, who[COPIES], exercises[0]));
    ck_assert_uint_eq(sim.n, 0);
    batch_similarity_free(&sim);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("batch_book");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_checked_fixture(tc, scratch_setup, scratch_teardown);
    tcase_add_test(tc, test_pending_until_graded_and_again_when_changed);
    tcase_add_test(tc, test_csv_totals_and_formula_guard);
    tcase_add_test(tc, test_ungraded_is_blank_not_zero);
    tcase_add_test(tc, test_tab_and_cr_are_guarded);
    tcase_add_test(tc, test_late_penalty_per_day_cap_and_grace);
    tcase_add_test(tc, test_html_escapes_and_links);
    tcase_add_test(tc, test_renaming_hides_nothing);
    tcase_add_test(tc, test_shared_lines_of_a_pair);
    tcase_add_test(tc, test_sample_matched_on_its_own);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
