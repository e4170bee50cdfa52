/* batch_cmd.c — `grader batch`'s command line (see batch_cmd.h). */
#define _GNU_SOURCE
#include "batch/batch_cmd.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "batch/batch_run.h"
#include "check/pipeline.h"

static const char usage_text[] =
    "usage: grader batch [OPTIONS] INPUT... --out DIR\n"
    "       grader batch collect DIR [--post ...] [--quiet]\n"
    "       grader batch task DIR            (run by the Slurm job itself)\n"
    "\n"
    "INPUT: a folder with a folder per student, or a Moodle, Canvas or Gradescope\n"
    "       submissions zip (or tar).\n"
    "  --out DIR            gradebook.sqlite, grades.csv, report.html, STUDENT/EXERCISE.txt\n"
    "  --roster FILE.csv    ids to names and e-mails (columns found by name)\n"
    "  --assignment NAME    named in results, and the Canvas import's column\n"
    "  --jobs N             sandboxes at once (default: the cores)\n"
    "  --memory MB          memory the running sandboxes may share (default: 80% free)\n"
    "  --regrade[=EXERCISE|STUDENT]   grade again even if nothing changed\n"
    "  --transcripts DIR    recorded runs: DIR/STUDENT/EXERCISE.stdout (+ .status)\n"
    "  --samples DIR        the published sample solutions, DIR/EXERCISE.py, to flag\n"
    "                       hand-ins that match them (default: exercises/samples)\n"
    "  --rubrics DIR, --python PATH   as for grader check\n"
    "  --quiet              no progress, only the summary and errors\n"
    "  --deadline TIME      e.g. 2026-11-30T23:59:00Z (UTC); with --late-penalty\n"
    "                       PCT%/day[,cap=PCT%][,grace=2h] a late hand-in loses PCT% of\n"
    "                       its total per started day (times from the LMS archive)\n"
    "  --missing-as-zero    a student with nothing gradable gets 0 in the LMS files\n"
    "                       (default: blank, which both importers skip)\n"
    "  --integrity          also the reruns rubrics offer by option (memory_lab's: its\n"
    "                       minutes twice); order_matters and gradient_decay always\n"
    "  --post               queue every new result in the outbox and send it; settings\n"
    "                       as for grader post: --to URL, --secret-file F, --config F,\n"
    "                       --outbox PATH, --format gradebox|lti\n"
    "  --slurm              grade on Slurm: one job array (--partition P, --time T)\n"
    "  --max-files N, --max-mb MB     bounds on reading each input archive\n"
    "See docs/instructors.md.\n";

/* Options that take a value, each a field of the settings. */
static const struct {
    const char *name;
    size_t offset;
} text_flags[] = {
    { "--out", offsetof(struct batch_settings, out) },
    { "--roster", offsetof(struct batch_settings, roster) },
    { "--assignment", offsetof(struct batch_settings, assignment) },
    { "--rubrics", offsetof(struct batch_settings, rubrics) },
    { "--python", offsetof(struct batch_settings, python) },
    { "--transcripts", offsetof(struct batch_settings, transcripts) },
    { "--samples", offsetof(struct batch_settings, samples) },
    { "--deadline", offsetof(struct batch_settings, deadline) },
    { "--late-penalty", offsetof(struct batch_settings, late_penalty) },
    { "--partition", offsetof(struct batch_settings, slurm_opts.partition) },
    { "--time", offsetof(struct batch_settings, slurm_opts.time) },
};

static const char *const deliver_flags[] = { "--to", "--secret-file", "--config", "--outbox",
                                             "--format", "--ca-file", "--timeout",
                                             "--connect-timeout" };

static int number(const char *flag, const char *v, long lo, long hi, long *out)
{
    char *end;

    *out = strtol(v, &end, 10);
    if (end == v || *end || *out < lo || *out > hi) {
        fprintf(stderr, "grader batch: %s: expected a whole number from %ld to %ld, not '%s'\n",
                flag, lo, hi, v);
        return -1;
    }
    return 0;
}

static int numeric_flag(struct batch_settings *s, const char *flag, const char *v)
{
    long n;

    if (!strcmp(flag, "--jobs") || !strcmp(flag, "-j")) {
        if (number(flag, v, 1, 1024, &n))
            return -1;
        s->jobs = (int)n;
    } else if (!strcmp(flag, "--memory")) {
        if (number(flag, v, 64, 1L << 30, &n))
            return -1;
        s->memory = (size_t)n << 20;
    } else if (!strcmp(flag, "--max-files")) {
        if (number(flag, v, 1, 100000000, &n))
            return -1;
        s->limits.max_entries = (size_t)n;
    } else {
        if (number(flag, v, 1, 1L << 20, &n))
            return -1;
        s->limits.max_bytes = (size_t)n << 20;
    }
    return 0;
}

static int is_numeric_flag(const char *f)
{
    return !strcmp(f, "--jobs") || !strcmp(f, "-j") || !strcmp(f, "--memory") ||
           !strcmp(f, "--max-files") || !strcmp(f, "--max-mb");
}

/* A flag with a value; 1 when the name is not one. */
static int value_flag(struct batch_settings *s, const char *flag, const char *v)
{
    char origin[64];

    for (size_t i = 0; i < sizeof text_flags / sizeof text_flags[0]; i++)
        if (!strcmp(flag, text_flags[i].name)) {
            *(const char **)((char *)s + text_flags[i].offset) = v;
            return 0;
        }
    if (is_numeric_flag(flag))
        return numeric_flag(s, flag, v);
    for (size_t i = 0; i < sizeof deliver_flags / sizeof deliver_flags[0]; i++)
        if (!strcmp(flag, deliver_flags[i])) {
            struct gb_err err;

            snprintf(origin, sizeof origin, "%s", flag);
            if (!strcmp(flag, "--config"))
                return 0;      /* read before the others, in load_deliver() */
            if (deliver_config_set(&s->deliver, !strcmp(flag, "--to") ? "url" : flag + 2, v,
                                   origin, &err) == 0)
                return 0;
            fprintf(stderr, "grader batch: %s\n", err.msg);
            return -1;
        }
    return 1;
}

/* --regrade, --regrade=X, or --regrade X when X is not an input on disk. */
static int regrade_flag(struct batch_settings *s, char **argv, int argc, int *i)
{
    const char *eq = strchr(argv[*i], '=');
    struct stat sb;

    s->regrade = 1;
    if (eq) {
        s->regrade_which = eq + 1;
    } else if (*i + 1 < argc && argv[*i + 1][0] != '-' && stat(argv[*i + 1], &sb) < 0) {
        s->regrade_which = argv[++*i];
    }
    return 0;
}

static int switch_flag(struct batch_settings *s, const char *a)
{
    if (!strcmp(a, "--quiet") || !strcmp(a, "-q"))
        s->quiet = 1;
    else if (!strcmp(a, "--slurm"))
        s->slurm = 1;
    else if (!strcmp(a, "--post"))
        s->post = 1;
    else if (!strcmp(a, "--missing-as-zero"))
        s->missing_as_zero = 1;
    else if (!strcmp(a, "--integrity"))
        s->integrity_all = 1;
    else
        return 1;
    return 0;
}

static int parse(int argc, char **argv, int first, struct batch_settings *s)
{
    for (int i = first; i < argc; i++) {
        char *a = argv[i], *eq = strchr(a, '=');
        int rc;

        if (a[0] != '-' || !a[1]) {
            s->inputs[s->n_inputs++] = a;
            continue;
        }
        if (!strncmp(a, "--regrade", 9) && (a[9] == '\0' || a[9] == '=')) {
            regrade_flag(s, argv, argc, &i);
            continue;
        }
        if (switch_flag(s, a) == 0)
            continue;
        if (eq)
            *eq = '\0';
        if (!eq && i + 1 >= argc) {
            fprintf(stderr, "grader batch: %s needs a value\n%s", a, usage_text);
            return -1;
        }
        rc = value_flag(s, a, eq ? eq + 1 : argv[++i]);
        if (rc > 0)
            fprintf(stderr, "grader batch: unknown option '%s'\n%s", a, usage_text);
        if (rc)
            return -1;
    }
    return 0;
}

static int setup(int argc, char **argv, int first, struct batch_settings *s)
{
    struct gb_err err;

    memset(s, 0, sizeof *s);
    batch_ingest_limits_default(&s->limits);
    s->python = PIPELINE_DEFAULT_PYTHON;
    s->inputs = calloc((size_t)argc + 1, sizeof *s->inputs);
    if (!s->inputs) {
        fprintf(stderr, "grader batch: out of memory\n");
        return -1;
    }
    if (deliver_config_load(&s->deliver, deliver_config_flag_file(argc, argv), &err)) {
        fprintf(stderr, "grader batch: %s\n", err.msg);
        return -1;
    }
    return parse(argc, argv, first, s);
}

static int wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return 1;
    return 0;
}

static int run_sub(const char *sub, struct batch_settings *s)
{
    const char *dir = s->n_inputs == 1 ? s->inputs[0] : NULL;

    if (!dir) {
        fprintf(stderr, "grader batch %s: which DIR?\n%s", sub, usage_text);
        return BATCH_EXIT_USAGE;
    }
    if (!strcmp(sub, "collect"))
        return batch_collect(dir, s);
    {
        const char *id = getenv("SLURM_ARRAY_TASK_ID");
        long index;

        if (!id || number("SLURM_ARRAY_TASK_ID", id, 0, 1000000, &index))
            return BATCH_EXIT_USAGE;
        return batch_task(dir, (int)index, s);
    }
}

/* A mistyped path is a usage error, not an empty cohort (a corrupt archive,
 * by contrast, is a problem in the report and the rest is graded). */
static int missing_input(const struct batch_settings *s)
{
    struct stat sb;

    for (size_t i = 0; i < s->n_inputs; i++)
        if (stat(s->inputs[i], &sb) < 0) {
            fprintf(stderr, "grader batch: %s: %s\n", s->inputs[i], strerror(errno));
            return 1;
        }
    return 0;
}

int batch_cmd_main(int argc, char **argv)
{
    struct batch_settings s;
    const char *sub = argc > 1 && (!strcmp(argv[1], "collect") || !strcmp(argv[1], "task"))
                      ? argv[1] : NULL;
    int rc;

    if (wants_help(argc, argv)) {
        fputs(usage_text, stdout);
        return BATCH_EXIT_OK;
    }
    rc = setup(argc, argv, sub ? 2 : 1, &s) ? BATCH_EXIT_USAGE : -1;
    if (rc < 0 && sub) {
        rc = run_sub(sub, &s);
    } else if (rc < 0 && (!s.out || s.n_inputs == 0)) {
        fprintf(stderr, "grader batch: %s\n%s", s.out ? "which INPUT (a folder or an LMS zip)?"
                                                      : "--out DIR is required", usage_text);
        rc = BATCH_EXIT_USAGE;
    } else if (rc < 0 && missing_input(&s)) {
        rc = BATCH_EXIT_USAGE;
    } else if (rc < 0) {
        rc = batch_run(&s);
    }
    free(s.inputs);
    deliver_config_free(&s.deliver);
    return rc;
}
