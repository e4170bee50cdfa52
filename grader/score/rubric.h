/* rubric.h — a rubric: the data that says how one exercise is graded.
 *
 * A rubric file (rubrics/EXERCISE.json, format documented in rubrics/README.md)
 * names the submission file, whether it is run or only read, the course files
 * the run needs, the reference's expected-values file, sandbox limit overrides,
 * accepted "readings" of open choices, and the checks.  rubric_load() validates
 * everything up front, so a malformed rubric fails with a sentence naming the
 * file, the check and the field — never half-way through grading a student.
 */
#ifndef GB_RUBRIC_H
#define GB_RUBRIC_H

#include <stddef.h>

#include "error.h"
#include "sandbox/sandbox.h"
#include "score/check_kind.h"

#define RUBRIC_FORMAT_MAX 1      /* newest rubric format this grader reads */

enum rubric_mode {
    RUBRIC_MODE_RUN = 0,         /* a script: run it in the sandbox, grade stdout + source */
    RUBRIC_MODE_READ             /* a document (self-check answers): read only */
};

struct rubric_strings {
    char **v;
    size_t n;
};

/* A number the rubric compares against: a dotted path into the expected
 * values (may contain "{reading}" placeholders), or a literal for a fact the
 * exercise states as a parameter (the clip threshold 1.0). */
struct rubric_number {
    char *ref;                   /* NULL for a literal */
    double literal;
};

enum target_op {
    TARGET_NONE = 0,
    TARGET_APPROX,               /* |found - expected| <= max(abs, rel * |expected|) */
    TARGET_RANGE,                /* lo <= found <= hi */
    TARGET_GT, TARGET_GE, TARGET_LT, TARGET_LE
};

struct rubric_target {
    enum target_op op;
    struct rubric_number expected;   /* APPROX, and the bound of GT/GE/LT/LE */
    double abs_tol, rel_tol;         /* APPROX */
    double lo, hi;                   /* RANGE */
    int has_review_band;             /* outside the target but inside [review_lo, review_hi]: */
    double review_lo, review_hi;     /* VERDICT_REVIEW, not FAIL (machine-dependent timings) */
};

struct cJSON;

/* Where a number is in the student's output: the rubric's "locate" object,
 * kept as JSON and validated by extract_query_from_json() (extract.h owns
 * the query language: section / row / column / exclude / nth / shape / all). */
struct rubric_operand {              /* CHECK_RELATION: a named located number */
    char *name;
    struct cJSON *locate;
    struct cJSON *or_locate;         /* tried when locate finds nothing (a schema table
                                      * read by position), or NULL */
    char *reads;                     /* the expected-values key of the number it reads
                                      * ("rnn.gain_1_5.step_1"), or NULL: lets the grader
                                      * recognise it by value where no label names it */
};

struct rubric_answer_number {        /* CHECK_ANSWER_NUMBERS */
    char *label;                     /* "the per-step factor" */
    struct rubric_target target;
    struct rubric_strings subject;   /* optional: words naming what the number is of
                                      * ("lstm"); said of another number's subject, it
                                      * is a wrong claim */
    struct rubric_strings context;   /* optional: the number's sentence must carry one of
                                      * these ("1.000" is an accuracy only near "accura…") */
};

/* *_IDEA "about": what the claim (its own keywords, or the first idea group)
 * must be said of.  A sentence ties each claim keyword to the nearest subject
 * in its clause; a claim tied to a wrong subject fails the check; with right
 * subjects listed, one tied to a right subject is needed to pass
 * (prose_claim.h). */
struct rubric_about {
    struct rubric_strings claim;     /* the keywords tied; empty: the first idea group */
    struct rubric_strings right;     /* "h2$", "saw-not", "second unit" */
    struct rubric_strings wrong;     /* the other unit: the claim said of it is false */
    struct rubric_strings other;     /* subjects the claim may be said of without harm */
    struct rubric_strings number_words;   /* "step": a number after one is a subject */
    struct rubric_number number;     /* ... the right one when it equals this */
    int has_number;
    int own_trace;                   /* the number is the separation step of the run's own
                                      * printed RNN trace, when it printed one */
};

/* VALUE, VECTOR, EACH, RELATION "mistakes": what a known mistake prints
 * instead (computed by the reference, or a literal), and the sentence that
 * names the mistake; the report and the triage say it when the student's
 * value matches.  Tolerance: the mistake's own, else the check's. */
struct rubric_mistake {
    struct rubric_number expected;   /* a number key (an array key for VECTOR), or literal */
    double abs_tol, rel_tol;
    char *says;                      /* "5.000 is what max_norm=5.0 leaves ..." */
};

struct rubric_check {
    char *id;
    char *description;
    double points;
    enum check_kind kind;
    char *reading;                   /* reading group this check's refs depend on, or NULL */

    struct cJSON *locate;            /* VALUE, VECTOR, EACH (owned) */
    struct cJSON *or_locate;         /* VALUE: tried when locate finds nothing, e.g. by
                                      * position in an unlabelled list row; or NULL */
    struct rubric_target target;     /* VALUE, EACH, RELATION */
    struct rubric_number vector;     /* VECTOR: ref to an array (or literal via target) */
    double vector_abs_tol, vector_rel_tol;
    struct rubric_strings elements;  /* VECTOR, optional: the elements' names in order
                                      * ("subject", "good/bad", ...), to read a vector
                                      * printed as a dict of them */
    size_t min_count;                /* EACH: at least this many numbers located */
    struct rubric_mistake *mistakes; /* VALUE, VECTOR, EACH, RELATION; or NULL */
    size_t n_mistakes;

    struct rubric_operand *operands; /* RELATION */
    size_t n_operands;
    char *expr;                      /* RELATION: "train - test", "t50 / t20" */

    size_t min_pairs;                /* TWIN_PAIRS */
    int require_sorted;              /* TWIN_PAIRS: each pair's sorted word list is printed */

    char *section;                   /* ANSWER_*: the answers section ("q1", "friend") */
    struct rubric_strings *ideas;    /* *_IDEA, CITES_OUTPUT: keyword groups, all must match */
    size_t n_ideas;
    size_t window;                   /* *_IDEA, CITES_OUTPUT: consecutive sentences that may
                                      * share the ideas ("Clipping caps explosions. It does
                                      * nothing for vanishing." is one idea); default 2 */
    size_t min_sentences, max_sentences;   /* *_SENTENCES (max 0 = unbounded) */
    struct rubric_strings forbidden; /* ANSWER_WORDS */
    struct rubric_strings everyday;  /* ANSWER_WORDS: phrases where a forbidden word is
                                      * not maths ("complaint log", "integral part") */
    struct rubric_strings ambiguous; /* ANSWER_WORDS: forbidden words with an everyday
                                      * sense: elsewhere they need human review */
    struct rubric_answer_number *numbers;  /* ANSWER_NUMBERS */
    size_t n_numbers;
    size_t min_numbers;              /* ANSWER_NUMBERS: how many must be present */
    struct rubric_strings not_after; /* ANSWER_NUMBERS: a number right after one of these
                                      * words is a parameter ("gain 1.0"), never a result */
    struct rubric_about *about;      /* *_IDEA: optional claim binding, or NULL */
    int absent_ok;                   /* *_IDEA with about: no claim at all passes (the
                                      * check only forbids the wrong one) */
    char *prompt;                    /* REVIEW: what the human reviewer judges */
    char *returned;                  /* VALUE, VECTOR, optional: a function of the script
                                      * ("attend") that must have returned the numbers
                                      * read (score_returned.h), or NULL */
};

struct rubric_reading_choice {
    char *name;                      /* "60 epochs (the module's Step 1 code)" */
    char *key;                       /* substituted for "{group}" in refs: "epochs_60" */
    char *source_name;               /* optional "source": the choice is the one the code
                                      * makes when it sets this name ("epochs") ... */
    double source_value;             /* ... to this literal (60); NULL name: no such rule */
    char *source_call;               /* ... or passes the literal as the first argument of
                                      * a call to this function ("recall_task"), or NULL */
    struct rubric_strings source_comment;  /* ... or, when the code does not decide, a
                                      * comment line says the literal beside one of these
                                      * words ("# on 2,000 training rows") */
};

struct rubric_reading {
    char *group;                     /* "bag_epochs" */
    struct rubric_reading_choice *choices;
    size_t n_choices;
};

/* Sandbox limits a rubric overrides; 0 keeps sandbox_limits_default()'s value. */
struct rubric_limits {
    double wall_seconds;
    double cpu_seconds;
    size_t memory_bytes;
    size_t output_bytes;
    size_t disk_bytes;               /* 0: the sandbox's default, else limits.disk_mb */
    size_t tmp_bytes;
};

/* How an answers document may name a section besides its name (the
 * "sections" object; prose/answers_outline.h). */
struct rubric_section {
    char *name;
    struct rubric_strings aliases;   /* the question's type, its follow-up's words */
    int number;                      /* its place in the document's own numbering */
    char *inside;                    /* the section it is often written inside, or NULL */
    char *question;                  /* the question as the module asks it, or NULL: a
                                      * quote that reads like it is the question pasted */
};

/* "rerun" (run mode only): the integrity rerun with remapped seeds. */
enum rubric_rerun {
    RUBRIC_RERUN_NEVER = 0,      /* absent: the exercise has no seeded values to follow */
    RUBRIC_RERUN_OPTION,         /* "option": only when asked for (a rerun costs minutes) */
    RUBRIC_RERUN_DEFAULT         /* "default": made wherever integrity is on by default */
};

struct rubric {
    char *path;                      /* the file it was loaded from, for messages */
    int format;
    char *exercise;                  /* "attention_by_hand" */
    char *title;
    char *submission;                /* file name graded: "attention_by_hand.py" */
    enum rubric_mode mode;
    struct rubric_strings provides;  /* course files, relative to exercises/: "sequences.py" */
    struct rubric_strings expected;  /* expected-values files, resolved against the
                                      * rubric's directory; the first is the primary */
    struct rubric_limits limits;
    int seeded;                      /* "seeded" (default true): the exercise draws seeded
                                      * random numbers, so triage may blame stale state */
    enum rubric_rerun rerun;         /* "rerun": when the integrity rerun is made
                                      * (grader/check/rerun.h) */
    struct cJSON *synonyms;          /* {"word": ["alt", ...]} shared by every locate */
    struct cJSON *keys;              /* {"length": [5, 20, 50, 100]}: the values a table
                                      * key takes; a column holding them is that key
                                      * whatever its header says (NULL: none) */
    struct rubric_reading *readings;
    size_t n_readings;
    struct rubric_check *checks;
    size_t n_checks;
    struct rubric_section *sections;
    size_t n_sections;
};

int rubric_load(const char *path, struct rubric **out, struct gb_err *err);
void rubric_free(struct rubric *r);

/* Applies the rubric's overrides on top of limits (which the caller first
 * fills with sandbox_limits_default()). */
void rubric_apply_limits(const struct rubric *r, struct sandbox_limits *limits);

const struct rubric_reading *rubric_find_reading(const struct rubric *r, const char *group);

#endif
