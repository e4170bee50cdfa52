/* check_kind.c — the table of check kinds (check_kind.h) and the loaders of
 * each kind's own fields.
 *
 * A row says everything loading and reporting need to know about a kind:
 * rubric.c accepts only the row's fields and calls its loader; score.c asks
 * it what the kind reads (and keeps the kind's scorer in its own table, so
 * loading a rubric never reaches the scorers).  The loaders validate strictly, like
 * the rest of rubric loading: a typo in a rubric must never become a silently
 * lenient check.
 */
#include "score/check_kind.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "score/rubric.h"
#include "score/rubric_expr.h"
#include "score/rubric_field.h"

/* An operand is a locate object that may also say which reference number
 * it reads ("reads": "rnn.gain_1_5.step_1") and where to look when the
 * locate finds nothing ("or_locate": a schema table read by position); both
 * are kept apart, the rest is the locate. */
static int load_operand(const cJSON *el, const char *field, struct rubric_operand *op,
                        struct gb_err *err)
{
    const cJSON *reads = cJSON_IsObject(el) ? cJSON_GetObjectItemCaseSensitive(el, "reads") : NULL;
    const cJSON *or_loc = cJSON_IsObject(el) ? cJSON_GetObjectItemCaseSensitive(el, "or_locate")
                                             : NULL;
    char or_field[128];
    cJSON *loc;
    int rc;

    if (!reads && !or_loc)
        return rubric_field_locate(el, field, &op->locate, err);
    if (reads && (!cJSON_IsString(reads) || !reads->valuestring[0]))
        return gb_fail(err, "field '%s.reads' must be an expected-values key", field);
    if ((reads && !(op->reads = rubric_field_dup(reads->valuestring, err))) ||
        !(loc = cJSON_Duplicate(el, 1)))
        return gb_fail(err, "out of memory");
    cJSON_DeleteItemFromObjectCaseSensitive(loc, "reads");
    cJSON_DeleteItemFromObjectCaseSensitive(loc, "or_locate");
    snprintf(or_field, sizeof or_field, "%s.or_locate", field);
    rc = rubric_field_locate(loc, field, &op->locate, err) ||
         (or_loc && rubric_field_locate(or_loc, or_field, &op->or_locate, err)) ? -1 : 0;
    cJSON_Delete(loc);
    return rc;
}

static int load_operands(const cJSON *vals, struct rubric_check *ck, struct gb_err *err)
{
    const cJSON *el;
    char field[96];

    if (!cJSON_IsObject(vals) || !cJSON_GetArraySize(vals))
        return gb_fail(err, "field 'values' must be an object of named locations");
    ck->operands = calloc((size_t)cJSON_GetArraySize(vals), sizeof *ck->operands);
    if (!ck->operands)
        return gb_fail(err, "out of memory");
    cJSON_ArrayForEach(el, vals) {
        struct rubric_operand *op = &ck->operands[ck->n_operands++];
        snprintf(field, sizeof field, "values.%s", el->string);
        if (!(op->name = rubric_field_dup(el->string, err)) || load_operand(el, field, op, err))
            return -1;
    }
    return 0;
}

static int load_ideas(const cJSON *ideas, struct rubric_check *ck, struct gb_err *err)
{
    const cJSON *el;

    if (!cJSON_IsArray(ideas) || !cJSON_GetArraySize(ideas))
        return gb_fail(err, "field 'ideas' must be an array of keyword groups");
    ck->ideas = calloc((size_t)cJSON_GetArraySize(ideas), sizeof *ck->ideas);
    if (!ck->ideas)
        return gb_fail(err, "out of memory");
    cJSON_ArrayForEach(el, ideas) {
        if (rubric_field_strings(el, "ideas", &ck->ideas[ck->n_ideas++], err))
            return -1;
        if (!ck->ideas[ck->n_ideas - 1].n)
            return gb_fail(err, "field 'ideas' has an empty keyword group");
    }
    return 0;
}

/* "about": {"claim": [...], "right": [...], "wrong": [...], "other": [...],
 *            "number": {"after": ["step"], "expected": KEY, "own_trace": true}} */
static int load_about_number(const cJSON *num, struct rubric_about *a, struct gb_err *err)
{
    const cJSON *f;

    if (!cJSON_IsObject(num))
        return gb_fail(err, "field 'about.number' must be an object with 'after' and 'expected'");
    cJSON_ArrayForEach(f, num) {
        if (!rubric_field_word_in(f->string, "after expected own_trace"))
            return gb_fail(err, "field 'about.number' has unknown member '%s'", f->string);
    }
    f = cJSON_GetObjectItemCaseSensitive(num, "own_trace");
    if (f && !cJSON_IsBool(f))
        return gb_fail(err, "field 'about.number.own_trace' must be true or false");
    a->own_trace = cJSON_IsTrue(f);
    a->has_number = 1;
    if (rubric_field_strings(cJSON_GetObjectItemCaseSensitive(num, "after"), "about.number.after",
                             &a->number_words, err))
        return -1;
    if (!a->number_words.n)
        return gb_fail(err, "field 'about.number.after' must name the words a number follows");
    f = cJSON_GetObjectItemCaseSensitive(num, "expected");
    if (!f)
        return gb_fail(err, "field 'about.number' needs 'expected'");
    return rubric_field_number(f, "about.number.expected", &a->number, err);
}

static int load_about(const cJSON *about, struct rubric_check *ck, struct gb_err *err)
{
    const cJSON *f;
    struct rubric_about *a;

    if (!about)
        return 0;
    if (!cJSON_IsObject(about))
        return gb_fail(err, "field 'about' must be an object with 'right' and 'wrong' subjects");
    cJSON_ArrayForEach(f, about) {
        if (!rubric_field_word_in(f->string, "claim right wrong other number"))
            return gb_fail(err, "field 'about' has unknown member '%s'", f->string);
    }
    if (!(a = ck->about = calloc(1, sizeof *a)))
        return gb_fail(err, "out of memory");
    if (rubric_field_strings(cJSON_GetObjectItemCaseSensitive(about, "claim"), "about.claim",
                             &a->claim, err) ||
        rubric_field_strings(cJSON_GetObjectItemCaseSensitive(about, "right"), "about.right",
                             &a->right, err) ||
        rubric_field_strings(cJSON_GetObjectItemCaseSensitive(about, "wrong"), "about.wrong",
                             &a->wrong, err) ||
        rubric_field_strings(cJSON_GetObjectItemCaseSensitive(about, "other"), "about.other",
                             &a->other, err))
        return -1;
    f = cJSON_GetObjectItemCaseSensitive(about, "number");
    if (f && load_about_number(f, a, err))
        return -1;
    return 0;
}

static int load_answer_numbers(const cJSON *nums, struct rubric_check *ck, struct gb_err *err)
{
    const cJSON *el;

    if (!cJSON_IsArray(nums) || !cJSON_GetArraySize(nums))
        return gb_fail(err, "field 'numbers' must be a non-empty array");
    ck->numbers = calloc((size_t)cJSON_GetArraySize(nums), sizeof *ck->numbers);
    if (!ck->numbers)
        return gb_fail(err, "out of memory");
    cJSON_ArrayForEach(el, nums) {
        struct rubric_answer_number *an = &ck->numbers[ck->n_numbers++];
        const cJSON *label = cJSON_GetObjectItemCaseSensitive(el, "label");
        const cJSON *f;
        if (!cJSON_IsString(label))
            return gb_fail(err, "field 'numbers[%zu].label' must be a string", ck->n_numbers - 1);
        cJSON_ArrayForEach(f, el) {
            if (!rubric_field_word_in(f->string,
                                      "label expected tolerance range greater_than at_least "
                                      "less_than at_most subject context"))
                return gb_fail(err, "field 'numbers[%zu]' has unknown member '%s'",
                               ck->n_numbers - 1, f->string);
        }
        if (!(an->label = rubric_field_dup(label->valuestring, err)) ||
            rubric_field_target(el, &an->target, err) ||
            rubric_field_strings(cJSON_GetObjectItemCaseSensitive(el, "subject"), "subject",
                                 &an->subject, err) ||
            rubric_field_strings(cJSON_GetObjectItemCaseSensitive(el, "context"), "context",
                                 &an->context, err))
            return gb_err_prefix(err, "numbers[%zu]", ck->n_numbers - 1);
    }
    if (!ck->min_numbers)
        ck->min_numbers = ck->n_numbers;
    if (ck->min_numbers > ck->n_numbers)
        return gb_fail(err, "field 'min_numbers' is larger than the number of 'numbers'");
    return 0;
}

static int load_vector(const cJSON *c, struct rubric_check *ck, struct gb_err *err)
{
    const cJSON *exp = cJSON_GetObjectItemCaseSensitive(c, "expected");
    struct rubric_target t = { 0 };

    if (!cJSON_IsString(exp))
        return gb_fail(err, "field 'expected' must be a key of an array in the expected values");
    if (rubric_field_require(c, "tolerance", err) ||
        rubric_field_tolerance(cJSON_GetObjectItemCaseSensitive(c, "tolerance"), &t, err))
        return -1;
    ck->vector_abs_tol = t.abs_tol;
    ck->vector_rel_tol = t.rel_tol;
    if (rubric_field_strings(cJSON_GetObjectItemCaseSensitive(c, "elements"), "elements",
                             &ck->elements, err))
        return -1;
    if (cJSON_GetObjectItemCaseSensitive(c, "elements") && ck->elements.n < 2)
        return gb_fail(err, "field 'elements' must name at least two elements");
    return (ck->vector.ref = rubric_field_dup(exp->valuestring, err)) ? 0 : -1;
}

/* Evaluating over ones catches unknown names and syntax errors at load time. */
static int validate_expr(const struct rubric_check *ck, struct gb_err *err)
{
    double *ones = malloc(ck->n_operands * sizeof *ones), v;
    int rc;

    if (!ones)
        return gb_fail(err, "out of memory");
    for (size_t i = 0; i < ck->n_operands; i++)
        ones[i] = 1;
    rc = rubric_expr_eval(ck, ones, &v, err);
    free(ones);
    return rc;
}

/* "ambiguous" words have an everyday sense too ("log", "integral"): each must
 * also be forbidden, so the rubric says what happens to it. */
static int load_answer_words(const cJSON *c, struct rubric_check *ck, struct gb_err *err)
{
    if (rubric_field_require(c, "forbidden", err) ||
        rubric_field_strings(cJSON_GetObjectItemCaseSensitive(c, "forbidden"), "forbidden",
                             &ck->forbidden, err) ||
        rubric_field_strings(cJSON_GetObjectItemCaseSensitive(c, "everyday"), "everyday",
                             &ck->everyday, err) ||
        rubric_field_strings(cJSON_GetObjectItemCaseSensitive(c, "ambiguous"), "ambiguous",
                             &ck->ambiguous, err))
        return -1;
    if (!ck->forbidden.n)
        return gb_fail(err, "field 'forbidden' is empty");
    for (size_t i = 0; i < ck->ambiguous.n; i++) {
        size_t k = 0;
        while (k < ck->forbidden.n && strcmp(ck->forbidden.v[k], ck->ambiguous.v[i]))
            k++;
        if (k == ck->forbidden.n)
            return gb_fail(err, "field 'ambiguous': '%s' is not in 'forbidden'",
                           ck->ambiguous.v[i]);
    }
    return 0;
}

/* ---- one loader per kind (or per family of kinds sharing fields) ---- */

/* "returned": the name of a function the script defines (attend): the
 * numbers this check reads must be among what that function returned in the
 * run (score_returned.h). */
static int load_returned(const cJSON *c, struct rubric_check *ck, struct gb_err *err)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(c, "returned");
    const char *p;

    if (!f)
        return 0;
    if (!cJSON_IsString(f) || !f->valuestring[0])
        return gb_fail(err, "field 'returned' must name a function of the script, like \"attend\"");
    for (p = f->valuestring; *p; p++)
        if (!(*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
              (p > f->valuestring && *p >= '0' && *p <= '9')))
            return gb_fail(err, "field 'returned': '%s' is not a Python function name",
                           f->valuestring);
    return (ck->returned = rubric_field_dup(f->valuestring, err)) ? 0 : -1;
}

static int load_located(const cJSON *c, struct rubric_check *ck, struct gb_err *err)
{
    const cJSON *f;

    if (rubric_field_require(c, "locate", err) ||
        rubric_field_locate(cJSON_GetObjectItemCaseSensitive(c, "locate"), "locate", &ck->locate,
                            err) ||
        rubric_field_target(c, &ck->target, err) ||
        rubric_field_size(c, "min_count", &ck->min_count, err) ||
        (ck->kind == CHECK_VALUE && load_returned(c, ck, err)))
        return -1;
    f = cJSON_GetObjectItemCaseSensitive(c, "or_locate");
    if (f && rubric_field_locate(f, "or_locate", &ck->or_locate, err))
        return -1;
    if (ck->kind == CHECK_EACH && !ck->min_count)
        ck->min_count = 1;
    return 0;
}

static int load_vector_check(const cJSON *c, struct rubric_check *ck, struct gb_err *err)
{
    return rubric_field_require(c, "locate", err) ||
           rubric_field_locate(cJSON_GetObjectItemCaseSensitive(c, "locate"), "locate",
                               &ck->locate, err) ||
           load_vector(c, ck, err) || load_returned(c, ck, err) ? -1 : 0;
}

static int load_relation(const cJSON *c, struct rubric_check *ck, struct gb_err *err)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(c, "expr");

    if (!cJSON_IsString(f) || !f->valuestring[0])
        return gb_fail(err, "field 'expr' must be an expression like \"train - test\"");
    if (!(ck->expr = rubric_field_dup(f->valuestring, err)))
        return -1;
    if (rubric_field_require(c, "values", err) ||
        load_operands(cJSON_GetObjectItemCaseSensitive(c, "values"), ck, err) ||
        rubric_field_target(c, &ck->target, err))
        return -1;
    return validate_expr(ck, err);
}

static int load_twin_pairs(const cJSON *c, struct rubric_check *ck, struct gb_err *err)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(c, "require_sorted");

    ck->min_pairs = 1;
    if (f && !cJSON_IsBool(f))
        return gb_fail(err, "field 'require_sorted' must be true or false");
    ck->require_sorted = cJSON_IsTrue(f);
    return rubric_field_size(c, "min_pairs", &ck->min_pairs, err);
}

static int load_sentences(const cJSON *c, struct rubric_check *ck, struct gb_err *err)
{
    if (rubric_field_size(c, "min", &ck->min_sentences, err) ||
        rubric_field_size(c, "max", &ck->max_sentences, err))
        return -1;
    if (!ck->min_sentences && !ck->max_sentences)
        return gb_fail(err, "needs 'min' or 'max'");
    return 0;
}

static int load_idea(const cJSON *c, struct rubric_check *ck, struct gb_err *err)
{
    const cJSON *absent = cJSON_GetObjectItemCaseSensitive(c, "absent_ok");

    ck->window = 2;
    if (rubric_field_size(c, "window", &ck->window, err))
        return -1;
    if (!ck->window)
        return gb_fail(err, "field 'window' must be at least 1");
    if (absent && !cJSON_IsBool(absent))
        return gb_fail(err, "field 'absent_ok' must be true or false");
    ck->absent_ok = cJSON_IsTrue(absent);
    if (rubric_field_require(c, "ideas", err) ||
        load_ideas(cJSON_GetObjectItemCaseSensitive(c, "ideas"), ck, err) ||
        load_about(cJSON_GetObjectItemCaseSensitive(c, "about"), ck, err))
        return -1;
    if (ck->absent_ok && (!ck->about || ck->about->right.n || ck->about->has_number))
        return gb_fail(err, "field 'absent_ok' needs an 'about' that lists only wrong "
                       "subjects: the check forbids a claim, it asks for none");
    return 0;
}

static int load_answer_numbers_check(const cJSON *c, struct rubric_check *ck, struct gb_err *err)
{
    return rubric_field_size(c, "min_numbers", &ck->min_numbers, err) ||
           rubric_field_require(c, "numbers", err) ||
           load_answer_numbers(cJSON_GetObjectItemCaseSensitive(c, "numbers"), ck, err) ||
           rubric_field_strings(cJSON_GetObjectItemCaseSensitive(c, "not_after"), "not_after",
                                &ck->not_after, err) ? -1 : 0;
}

static int load_review(const cJSON *c, struct rubric_check *ck, struct gb_err *err)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(c, "prompt");

    if (!cJSON_IsString(f))
        return gb_fail(err, "field 'prompt' must say what the reviewer judges");
    return (ck->prompt = rubric_field_dup(f->valuestring, err)) ? 0 : -1;
}

/* ---- the table ---- */

#define TARGET_FIELDS "expected tolerance range greater_than at_least less_than at_most"

static const struct check_kind_row rows[] = {
    [CHECK_VALUE] = { "value", "locate or_locate " TARGET_FIELDS " review_range mistakes returned",
                      load_located, CHECK_KIND_READS_OUTPUT },
    [CHECK_VECTOR] = { "vector", "locate expected tolerance elements mistakes returned",
                       load_vector_check, CHECK_KIND_READS_OUTPUT },
    [CHECK_EACH] = { "each", "locate " TARGET_FIELDS " min_count mistakes",
                     load_located, CHECK_KIND_READS_OUTPUT },
    [CHECK_RELATION] = { "relation", "values expr " TARGET_FIELDS " review_range mistakes",
                         load_relation, CHECK_KIND_READS_OUTPUT },
    [CHECK_TWIN_PAIRS] = { "twin_pairs", "min_pairs require_sorted",
                           load_twin_pairs, CHECK_KIND_READS_OUTPUT },
    [CHECK_RNN_TRACE] = { "rnn_trace", "", NULL,
                          CHECK_KIND_READS_OUTPUT },
    [CHECK_COMMENT_SENTENCES] = { "comment_sentences", "min max",
                                  load_sentences,
                                  CHECK_KIND_READS_COMMENTS },
    [CHECK_COMMENT_IDEA] = { "comment_idea", "ideas window about absent_ok",
                             load_idea, CHECK_KIND_READS_COMMENTS },
    [CHECK_COMMENT_CITES_OUTPUT] = { "comment_cites_output", "ideas window",
                                     load_idea,
                                     CHECK_KIND_READS_COMMENTS },
    [CHECK_ANSWER_NUMBERS] = { "answer_numbers", "section numbers min_numbers not_after",
                               load_answer_numbers_check,
                               CHECK_KIND_READS_ANSWERS },
    [CHECK_ANSWER_IDEA] = { "answer_idea", "section ideas window about absent_ok",
                            load_idea, CHECK_KIND_READS_ANSWERS },
    [CHECK_ANSWER_SENTENCES] = { "answer_sentences", "section min max",
                                 load_sentences,
                                 CHECK_KIND_READS_ANSWERS },
    [CHECK_ANSWER_WORDS] = { "answer_words", "section forbidden everyday ambiguous",
                             load_answer_words,
                             CHECK_KIND_READS_ANSWERS },
    [CHECK_REVIEW] = { "review", "section prompt", load_review, 0 },
    [CHECK_TYPED_OUTPUT] = { "typed_output", "", NULL,
                             CHECK_KIND_NEEDS_RUN },
    [CHECK_ATTEND_HIDDEN_INPUT] = { "attend_hidden_input", "", NULL, CHECK_KIND_NEEDS_RUN },
};
#define N_KINDS (sizeof rows / sizeof rows[0])
_Static_assert(N_KINDS == CHECK_KIND_COUNT, "every check kind needs its row");

size_t check_kind_count(void)
{
    return N_KINDS;
}

const struct check_kind_row *check_kind_row(enum check_kind kind)
{
    return (unsigned)kind < N_KINDS ? &rows[kind] : NULL;
}

int check_kind_from_name(const char *name, enum check_kind *out)
{
    for (size_t i = 0; i < N_KINDS; i++)
        if (rows[i].name && !strcmp(name, rows[i].name)) {
            *out = (enum check_kind)i;
            return 0;
        }
    return -1;
}

const char *check_kind_name(enum check_kind kind)
{
    const struct check_kind_row *row = check_kind_row(kind);

    return row && row->name ? row->name : "unknown";
}

int check_kind_reads(enum check_kind kind, unsigned what)
{
    const struct check_kind_row *row = check_kind_row(kind);

    return row && (row->reads & what);
}

void check_kind_list(char *buf, size_t size)
{
    size_t len = 0;

    if (!size)
        return;
    buf[0] = 0;
    for (size_t i = 0; i < N_KINDS && len < size; i++) {
        int n = snprintf(buf + len, size - len, "%s%s", i ? ", " : "", rows[i].name);
        if (n < 0)
            return;
        len += (size_t)n;
    }
}
