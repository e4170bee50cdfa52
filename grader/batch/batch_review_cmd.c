/* batch_review_cmd.c — `grader review DIR` (see batch_review_cmd.h). */
#define _GNU_SOURCE
#include "batch/batch_review_cmd.h"

#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "batch/batch_exercises.h"
#include "batch/batch_review.h"
#include "batch/batch_review_tui.h"
#include "batch/batch_run.h"
#include "batch/batch_store.h"
#include "score/result_id.h"

#define EXIT_OK 0
#define EXIT_USAGE 2

static const char usage_text[] =
    "usage: grader review DIR            (the review screen: a accept the suggestion,\n"
    "                                     p pass, f fail, s points, n note, A/P/F whole\n"
    "                                     group, j next, k back, q quit)\n"
    "       grader review DIR --list\n"
    "       grader review DIR --show STUDENT EXERCISE CHECK\n"
    "       grader review DIR --decide STUDENT EXERCISE CHECK pass|fail|POINTS|suggested\n"
    "                                    [--note TEXT]\n"
    "       grader review DIR --decide-group GROUP pass|fail|POINTS|suggested [--note TEXT]\n"
    "       grader review DIR --override STUDENT EXERCISE POINTS --note TEXT\n"
    "       grader review DIR --grade-as STUDENT FILE EXERCISE\n"
    "  DIR          a `grader batch --out` directory\n"
    "  --by NAME    who decides (default: $USER)\n"
    "  --rubrics D  as for grader batch (the outputs are written again)\n"
    "See docs/instructors.md.\n";

struct review_args;
static const char *who(const struct review_args *a);

struct review_args {
    const char *dir, *action, *rubrics, *by, *note;
    const char *pos[4];           /* the action's words */
    int n_pos;
};

/* The cohort's items as graded (decisions not applied: a decided item is
 * still a review check underneath), with the decisions in force. */
struct review_state {
    struct batch_store *st;
    struct batch_book book;
    struct batch_decision *d;
    size_t nd;
    struct batch_review_item *items;
    size_t n;
};

static int load(const char *dir, struct review_state *rs, struct gb_err *err)
{
    char book[4096];

    memset(rs, 0, sizeof *rs);
    snprintf(book, sizeof book, "%s/" BATCH_STORE_FILE, dir);
    if (access(book, F_OK) != 0)      /* never create an empty gradebook in a stray folder */
        return gb_fail_errno(err, "%s is not a graded cohort (`grader batch --out %s` makes "
                             "one): %s", dir, dir, book);
    return batch_store_open(dir, &rs->st, err) || batch_store_book(rs->st, &rs->book, err) ||
           batch_store_decisions(rs->st, &rs->d, &rs->nd, err) ||
           batch_review_items(&rs->book, rs->d, rs->nd, &rs->items, &rs->n, err) ? -1 : 0;
}

static void unload(struct review_state *rs)
{
    batch_review_items_free(rs->items, rs->n);
    batch_decisions_free(rs->d, rs->nd);
    batch_book_free(&rs->book);
    batch_store_close(rs->st);
}

/* Tabs and line breaks would split the line a script reads. */
static void put_field(const char *s)
{
    for (; *s; s++)
        putchar(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s);
}

static int list(struct review_state *rs)
{
    size_t pending = 0, kept = 0, stale = 0, suggested = 0;

    for (size_t i = 0; i < rs->n; i++) {
        const struct batch_review_item *it = &rs->items[i];

        kept += it->decision != NULL;
        stale += it->stale;
        if (it->decision)
            continue;
        pending++;
        suggested += it->suggested != NULL;
        printf("%s\t%s\t%s\t%s\t", it->student, it->exercise, it->check, it->group);
        put_field(it->question);
        printf("\t%s\n", it->suggested ? it->suggested : "-");
    }
    fprintf(stderr, "grader review: %zu pending (%zu asked again: their evidence changed; "
            "%zu with a suggested verdict), %zu decided\n", pending, stale, suggested, kept);
    return EXIT_OK;
}

static struct batch_review_item *find(struct review_state *rs, const char *student,
                                      const char *exercise, const char *check)
{
    for (size_t i = 0; i < rs->n; i++)
        if (!strcmp(rs->items[i].student, student) && !strcmp(rs->items[i].exercise, exercise)
            && !strcmp(rs->items[i].check, check))
            return &rs->items[i];
    return NULL;
}

static size_t group_size(const struct review_state *rs, const char *group)
{
    size_t n = 0;

    for (size_t i = 0; i < rs->n; i++)
        n += !strcmp(rs->items[i].group, group);
    return n;
}

static int show(struct review_state *rs, const struct review_args *a)
{
    const struct batch_review_item *it = find(rs, a->pos[0], a->pos[1], a->pos[2]);

    if (!it) {
        fprintf(stderr, "grader review: %s has no review item %s %s\n", a->pos[0], a->pos[1],
                a->pos[2]);
        return EXIT_USAGE;
    }
    printf("student:     %s\nexercise:    %s\ncheck:       %s (%g points)\n"
           "group:       %s (%zu items)\nrubric:      %s\nquestion:    %s\n",
           it->student, it->exercise, it->check, it->max_points, it->group,
           group_size(rs, it->group), it->description, it->question);
    if (it->decision)
        printf("decided:     %s by %s at %s%s%s\n", it->decision->verdict, it->decision->by,
               it->decision->at, it->decision->note ? ": " : "",
               it->decision->note ? it->decision->note : "");
    if (it->suggested)
        printf("suggested:   %s (`--decide %s %s %s suggested` takes it), because\n%s\n",
               it->suggested, it->student, it->exercise, it->check, it->reasons);
    else
        printf("suggested:   none (no evidence either way in the automatic checks)\n");
    printf("evidence:\n%s\n", it->evidence);
    return EXIT_OK;
}

static const char *who(const struct review_args *a)
{
    const struct passwd *pw;

    if (a->by && a->by[0])
        return a->by;
    if (getenv("USER") && getenv("USER")[0])
        return getenv("USER");
    pw = getpwuid(getuid());
    return pw ? pw->pw_name : "unknown";
}

/* Records the decision on the named item, or on every item of a group (the
 * items of a group are one check's, so one maximum: a bad word is refused
 * before anything is recorded). */
static int record(struct review_state *rs, const struct review_args *a, const char *word,
                  const char *match_group, size_t *done, size_t *skipped, struct gb_err *err)
{
    char at[RESULT_TIME_MAX];

    *done = *skipped = 0;
    if (result_time_now(at, err))
        return -1;
    for (size_t i = 0; i < rs->n; i++) {
        struct batch_review_item *it = &rs->items[i];

        if (match_group ? strcmp(it->group, match_group)
                        : (strcmp(it->student, a->pos[0]) || strcmp(it->exercise, a->pos[1]) ||
                           strcmp(it->check, a->pos[2])))
            continue;
        if (match_group && !strcmp(word, "suggested") && !it->suggested) {
            (*skipped)++;             /* no evidence either way: left for a human */
            continue;
        }
        if (batch_review_decide(rs->st, it, word, a->note, who(a), at, err))
            return -1;
        (*done)++;
    }
    return 0;
}

static int decide(struct review_state *rs, const struct review_args *a)
{
    int group = !strcmp(a->action, "--decide-group");
    const char *word = a->pos[group ? 1 : 3];
    struct gb_err err;
    size_t done, skipped;

    if (record(rs, a, word, group ? a->pos[0] : NULL, &done, &skipped, &err)) {
        fprintf(stderr, "grader review: %s\n", err.msg);
        return EXIT_USAGE;
    }
    if (done == 0) {
        if (group && skipped)
            fprintf(stderr, "grader review: no item of group %s has a suggested verdict\n",
                    a->pos[0]);
        else if (group)
            fprintf(stderr, "grader review: no review item is in group %s\n", a->pos[0]);
        else
            fprintf(stderr, "grader review: %s has no review item %s %s\n", a->pos[0],
                    a->pos[1], a->pos[2]);
        return EXIT_USAGE;
    }
    if (batch_rewrite_outputs(a->dir, a->rubrics, &err)) {
        fprintf(stderr, "grader review: decided, but the outputs were not written again: %s\n"
                "(run `grader review %s --list` or the batch again to retry)\n", err.msg,
                a->dir);
        return EXIT_USAGE;
    }
    printf("grader review: %zu item%s decided %s by %s; %s/grades.csv written again\n", done,
           done == 1 ? "" : "s", word, who(a), a->dir);
    if (skipped)
        printf("grader review: %zu item%s of the group without a suggestion left pending\n",
               skipped, skipped == 1 ? "" : "s");
    return EXIT_OK;
}

/* --override STUDENT EXERCISE POINTS --note TEXT: a human's score for the
 * whole exercise, stored as a decision; the note is required (the student
 * and the LMS see why). */
static int override(struct review_state *rs, const struct review_args *a)
{
    const struct batch_row *r = NULL;
    char at[RESULT_TIME_MAX];
    struct gb_err err;

    for (size_t i = 0; i < rs->book.n_rows && !r; i++)
        if (!strcmp(rs->book.rows[i].student, a->pos[0]) &&
            !strcmp(rs->book.rows[i].exercise, a->pos[1]) && rs->book.rows[i].json)
            r = &rs->book.rows[i];
    if (!r) {
        fprintf(stderr, "grader review: %s has no graded %s to override\n", a->pos[0], a->pos[1]);
        return EXIT_USAGE;
    }
    if (!a->note || !a->note[0]) {
        fprintf(stderr, "grader review: --override needs --note TEXT: the student sees why\n");
        return EXIT_USAGE;
    }
    if (result_time_now(at, &err) ||
        batch_review_override(rs->st, r, a->pos[2], a->note, who(a), at, &err)) {
        fprintf(stderr, "grader review: %s\n", err.msg);
        return EXIT_USAGE;
    }
    if (batch_rewrite_outputs(a->dir, a->rubrics, &err)) {
        fprintf(stderr, "grader review: overridden, but the outputs were not written again: "
                "%s\n", err.msg);
        return EXIT_USAGE;
    }
    printf("grader review: %s's %s overridden to %s of %g points by %s; %s/grades.csv written "
           "again\n", r->student, r->exercise, a->pos[2], r->max_score, who(a), a->dir);
    return EXIT_OK;
}

/* Whether the last batch run named FILE among the student's problems (a
 * file no exercise took): what --grade-as may point at. */
static int named_in_problems(const struct batch_book *b, const char *student, const char *file)
{
    size_t n = strlen(file);

    for (size_t i = 0; i < b->cohort.n_problems; i++) {
        const struct batch_problem *p = &b->cohort.problems[i];
        const char *at = p->what;

        if (!p->student || strcmp(p->student, student))
            continue;
        while ((at = strstr(at, file))) {
            if ((at == p->what || strchr("/_ ", at[-1])) && at[n] == ':')
                return 1;
            at++;
        }
    }
    return 0;
}

/* --grade-as STUDENT FILE EXERCISE: the next batch run grades the student's
 * FILE as EXERCISE (kept as a decision, batch_review.h). */
static int grade_as(struct review_state *rs, const struct review_args *a)
{
    struct batch_decision d = { (char *)a->pos[0], (char *)a->pos[2], BATCH_REVIEW_GRADE_AS,
                                "grade-as", 0, (char *)a->note, (char *)who(a), NULL,
                                (char *)a->pos[1] };
    struct batch_exercises ex;
    char at[RESULT_TIME_MAX];
    struct gb_err err;
    int known;

    if (batch_exercises_load(a->rubrics, &ex, &err)) {
        fprintf(stderr, "grader review: %s\n", err.msg);
        return EXIT_USAGE;
    }
    known = batch_exercises_find(&ex, a->pos[2]) != NULL;
    batch_exercises_free(&ex);
    if (!known) {
        fprintf(stderr, "grader review: %s is not an exercise of the rubrics\n", a->pos[2]);
        return EXIT_USAGE;
    }
    if (!named_in_problems(&rs->book, a->pos[0], a->pos[1])) {
        fprintf(stderr, "grader review: the last batch run found no file %s of %s that no "
                "exercise took (its problem and note lines name them)\n", a->pos[1], a->pos[0]);
        return EXIT_USAGE;
    }
    d.at = at;
    if (result_time_now(at, &err) || batch_store_put_decision(rs->st, &d, &err)) {
        fprintf(stderr, "grader review: %s\n", err.msg);
        return EXIT_USAGE;
    }
    printf("grader review: the next `grader batch` run grades %s's %s as %s\n", a->pos[0],
           a->pos[1], a->pos[2]);
    return EXIT_OK;
}

/* Words each action takes after it. */
static int words_of(const char *action)
{
    return !strcmp(action, "--list") ? 0 : !strcmp(action, "--show") ? 3
         : !strcmp(action, "--decide") ? 4 : !strcmp(action, "--decide-group") ? 2
         : !strcmp(action, "--override") || !strcmp(action, "--grade-as") ? 3 : -1;
}

static int option(struct review_args *a, int argc, char **argv, int *i)
{
    const char **slot = !strcmp(argv[*i], "--by") ? &a->by : !strcmp(argv[*i], "--note")
                      ? &a->note : !strcmp(argv[*i], "--rubrics") ? &a->rubrics : NULL;
    int want = words_of(argv[*i]);

    if (slot && *i + 1 < argc) {
        *slot = argv[++*i];
        return 0;
    }
    if (slot || want < 0 || a->action || *i + want >= argc)
        return -1;
    a->action = argv[*i];
    for (a->n_pos = 0; a->n_pos < want; a->n_pos++)
        a->pos[a->n_pos] = argv[++*i];
    return 0;
}

static int parse(int argc, char **argv, struct review_args *a)
{
    memset(a, 0, sizeof *a);
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] != '-' && !a->dir)
            a->dir = argv[i];
        else if (argv[i][0] != '-' || option(a, argc, argv, &i))
            return -1;
    }
    return a->dir ? 0 : -1;
}

/* No action: the review screen on this terminal, then the outputs once. */
static int screen(struct review_state *rs, const struct review_args *a)
{
    struct batch_review_tui t = { rs->st, &rs->book, rs->items, rs->n, who(a), a->dir };
    struct gb_err err;
    size_t decided;

    if (batch_review_tui_run(&t, &decided, &err)) {
        fprintf(stderr, "grader review: %s\n", err.msg);
        return EXIT_USAGE;
    }
    if (decided && batch_rewrite_outputs(a->dir, a->rubrics, &err)) {
        fprintf(stderr, "grader review: decided, but the outputs were not written again: %s\n",
                err.msg);
        return EXIT_USAGE;
    }
    printf("grader review: %zu decision%s recorded%s\n", decided, decided == 1 ? "" : "s",
           decided ? "; the outputs were written again" : "");
    return EXIT_OK;
}

int batch_review_cmd_main(int argc, char **argv)
{
    struct review_args a;
    struct review_state rs;
    struct gb_err err;
    int rc;

    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        fputs(usage_text, stdout);
        return EXIT_OK;
    }
    if (parse(argc, argv, &a)) {
        fprintf(stderr, "grader review: which DIR and which action?\n%s", usage_text);
        return EXIT_USAGE;
    }
    if (load(a.dir, &rs, &err)) {
        fprintf(stderr, "grader review: %s\n", err.msg);
        unload(&rs);
        return EXIT_USAGE;
    }
    rc = !a.action ? screen(&rs, &a) : !strcmp(a.action, "--list") ? list(&rs)
       : !strcmp(a.action, "--show") ? show(&rs, &a)
       : !strcmp(a.action, "--override") ? override(&rs, &a)
       : !strcmp(a.action, "--grade-as") ? grade_as(&rs, &a) : decide(&rs, &a);
    unload(&rs);
    return rc;
}
