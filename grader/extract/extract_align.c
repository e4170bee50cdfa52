/* extract_align.c — a reference value found by the company it keeps (see
 * extract_align.h): evidence from the record's other values printed with
 * it, as a human grader reads unlabelled output. */
#include "extract/extract_align.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "extract/extract_int.h"

/* How far from the target's line evidence may sit: a table row spread over
 * a sentence and its continuation, "all / very / not" one per line. */
#define SPAN_LINES 4
/* Bounds that keep hostile output linear: values of a record tried, and
 * numbers of one line looked at. */
#define RECORD_MAX 256
#define LINE_NUMS_MAX 512

int extract_common_value(double v)
{
    double a = fabs(v);

    if (a <= 4 && fabs(a * 4 - round(a * 4)) < 1e-12)
        return 1;
    return a == floor(a) && (a <= 10 || fmod(a, 10) == 0);
}

/* Does printed number n show record value k?  Its printed rounding counts,
 * but a number printed too coarsely to tell (0.5 for 0.490) is no evidence.
 * The value sought is judged within the check's tolerance; the record's
 * other values, which only vouch for it, must be the reference's to their
 * printed digits (EVIDENCE_REL): seeded runs reproduce them, and a looser
 * match would let 77.7% (another model's accuracy) vouch for 0.785. */
#define EVIDENCE_REL 0.002


static int shows_within(const struct extract_record *r, size_t k, const struct numparse_num *n,
                        double allowed)
{
    double v = r->v[k];
    double hu = numparse_half_ulp(n), value = n->value;

    if (n->flags & (NUMPARSE_NAN | NUMPARSE_INF))
        return 0;
    if (n->flags & NUMPARSE_PERCENT) {
        value = numparse_fraction(n);
        hu /= 100;
    } else if (n->flags & NUMPARSE_RATIO) {
        value = numparse_quotient(n);
        hu = 0;
    }
    if ((n->flags & NUMPARSE_INTEGER) && v == floor(v))
        return value == v;      /* a count is printed exactly */
    if (fabs(value - v) <= allowed)
        return 1;               /* close enough whatever its precision: "1.0" for 1.000 */
    if (v != 0 && hu > fmax(allowed, 0.02 * fabs(v)))
        return 0;
    return fabs(value - v) <= allowed + hu;
}

static int shows(const struct extract_record *r, size_t k, const struct numparse_num *n)
{
    double v = r->v[k], hu = numparse_half_ulp(n);

    if (n->flags & NUMPARSE_PERCENT)
        hu /= 100;
    if (k == r->target)
        return shows_within(r, k, n, fmax(r->abs_tol, r->rel_tol * fabs(v)));
    /* the reference's value to the printed digits ("0.06" for 0.0596), but no
     * digit fewer than one in ten */
    return shows_within(r, k, n, fmax(EVIDENCE_REL * fabs(v), fmin(hu, 0.1 * fabs(v))));
}

/* Values a printed number cannot tell apart ([0.096, 0.096, 0.096, 0.711]
 * is a weight row, not three quantities): when half the record or more is
 * such repeats, its identity lies in the order it prints them.  A single
 * alias (the reference's step_last beside step_50) does not count. */
static int mostly_repeats(const struct extract_record *r)
{
    size_t distinct = 0;

    for (size_t i = 0; i < r->n; i++) {
        size_t k = 0;
        while (k < i && fabs(r->v[i] - r->v[k]) > fmax(r->abs_tol, r->rel_tol * fabs(r->v[i])))
            k++;
        distinct += k == i;
    }
    return distinct * 2 <= r->n;
}

static int any_particular(const struct extract_record *r)
{
    for (size_t i = 0; i < r->n; i++)
        if (!extract_common_value(r->v[i]))
            return 1;
    return 0;
}

struct aligner {
    const struct extract_transcript *t;
    const struct extract_record *r;
    unsigned char *excluded;      /* per stored line: it names another row */
    size_t taken[RECORD_MAX];     /* numbers taken as evidence for the current target */
    size_t n_taken;
    /* the best alignment so far */
    double best;
    size_t best_line, best_num, first_line, last_line, n_with, run0, run_n;
};

static size_t out_line(const struct extract_transcript *t, size_t li, size_t num)
{
    return extract_line_at(t, li, t->nums[num].start);
}

/* Marks the stored lines holding any of the excluded output lines (a joined
 * structure spans several).  NULL only when out of memory. */
static unsigned char *excluded_map(const struct extract_transcript *t, const size_t *lines,
                                   size_t n)
{
    unsigned char *map = calloc(t->n_lines ? t->n_lines : 1, 1);

    for (size_t li = 0; map && n && li < t->n_lines; li++) {
        size_t first = t->lines[li].no, last = extract_line_at(t, li, t->lines[li].len);
        for (size_t i = 0; i < n && !map[li]; i++)
            map[li] = lines[i] >= first && lines[i] <= last;
    }
    return map;
}

static int taken(const struct aligner *a, size_t num)
{
    for (size_t i = 0; i < a->n_taken; i++)
        if (a->taken[i] == num)
            return 1;
    return 0;
}

/* Printed as someone else's ("expected 0.490", a "course" column). */
static int marked(const struct extract_transcript *t, size_t li, size_t num)
{
    const struct xline *ln = &t->lines[li];
    long scopes[2] = { ln->title, ln->heading };
    struct extract_refmark_at at;

    return extract_refmark(t, li, (long)num, scopes, 2, &at);
}

/* Numbers worked by hand are what the student expects, not what the code
 * computed: a row labelled "rude (by hand)" under the code's rude row is no
 * evidence that the code printed those values. */
static const char *const hand_words[] = { "hand", "paper", "manual", "manually", NULL };

static int hand_worked(const struct extract_transcript *t, const struct xline *ln)
{
    for (size_t i = 0; i < ln->n_atoms; i++) {
        const struct xatom *a = &t->atoms[ln->atom0 + i];
        /* in the student's language too: "с бумаги", "papier", "手算" */
        const char *en = a->num < 0 ? extract_lexicon_english(a->p, a->len) : NULL;
        for (const char *const *w = hand_words; a->num < 0 && *w; w++)
            if ((a->len == strlen(*w) && !strncasecmp(a->p, *w, a->len)) ||
                (en && !strcmp(en, *w)))
                return 1;
    }
    return 0;
}


/* A table row with words of its own before its values: its label. */
static int labelled_row(const struct extract_transcript *t, const struct xline *ln)
{
    if (ln->table < 0 || ln->role != XROW_DATA)
        return 0;
    for (size_t i = 0; i < ln->value_atom && i < ln->n_atoms; i++)
        if (t->atoms[ln->atom0 + i].num < 0)
            return 1;
    return 0;
}

static size_t line_nums(const struct xline *ln)
{
    return ln->n_nums < LINE_NUMS_MAX ? ln->n_nums : LINE_NUMS_MAX;
}

static void consider(struct aligner *a, double evidence, size_t li, size_t num,
                     size_t first, size_t last, size_t with, size_t run0, size_t run_n)
{
    if (evidence < EXTRACT_ALIGN_MIN_EVIDENCE || evidence < a->best)
        return;
    /* equal evidence: the later print wins, as extract_find's choice does */
    a->best = evidence;
    a->best_line = li;
    a->best_num = num;
    a->first_line = first;
    a->last_line = last;
    a->n_with = with;
    a->run0 = run0;
    a->run_n = run_n;
}

/* A vector record: the whole record as consecutive numbers of one line. */
static void ordered_runs(struct aligner *a, size_t li)
{
    const struct xline *ln = &a->t->lines[li];
    const struct extract_record *r = a->r;
    size_t n = line_nums(ln);

    for (size_t s = 0; s + r->n <= n; s++) {
        size_t k = 0;
        while (k < r->n && shows(r, k, &a->t->nums[ln->num0 + s + k]) &&
               !marked(a->t, li, ln->num0 + s + k))
            k++;
        if (k == r->n) {
            size_t o = out_line(a->t, li, ln->num0 + s);
            consider(a, (double)r->n, li, ln->num0 + s + r->target, o, o, r->n - 1,
                     ln->num0 + s, r->n);
        }
    }
}

/* The unused number of line li showing value k, or -1. */
static long take_on_line(struct aligner *a, size_t li, size_t k)
{
    const struct xline *ln = &a->t->lines[li];

    for (size_t j = 0; j < line_nums(ln); j++) {
        size_t num = ln->num0 + j;
        if (!taken(a, num) && shows(a->r, k, &a->t->nums[num]) && !marked(a->t, li, num)) {
            a->taken[a->n_taken++] = num;
            return (long)num;
        }
    }
    return -1;
}

/* The lines evidence for a target on line li may come from: its paragraph,
 * at most SPAN_LINES away, not past a line naming another row. */
static void span_of(const struct aligner *a, size_t li, size_t *lo, size_t *hi)
{
    const struct extract_transcript *t = a->t;
    long block = t->lines[li].block;

    *lo = *hi = li;
    while (*lo > 0 && li - (*lo - 1) <= SPAN_LINES && t->lines[*lo - 1].block == block &&
           !a->excluded[*lo - 1])
        (*lo)--;
    while (*hi + 1 < t->n_lines && *hi + 1 - li <= SPAN_LINES &&
           t->lines[*hi + 1].block == block && !a->excluded[*hi + 1])
        (*hi)++;
}

/* Measured values of line li that are no value of the record (nor the
 * target).  Small whole numbers are left out: they are labels ("step 1",
 * "T=50", "64-unit"), not measurements. */
static size_t foreign_values(const struct aligner *a, size_t li)
{
    const struct xline *ln = &a->t->lines[li];
    size_t n = 0;

    for (size_t j = 0; j < line_nums(ln); j++) {
        const struct numparse_num *x = &a->t->nums[ln->num0 + j];
        size_t k = 0;
        if ((x->flags & NUMPARSE_INTEGER) && !(x->flags & NUMPARSE_PERCENT) && fabs(x->value) <= 100)
            continue;
        while (k < a->r->n && !shows(a->r, k, x))
            k++;
        n += k == a->r->n;
    }
    return n;
}

/* Did the record's values found on the target's own line print in the
 * record's order?  pos[k] is value k's number index there, -1 elsewhere. */
static int in_record_order(const long *pos, size_t n, size_t *on_line)
{
    long prev = -1;

    *on_line = 0;
    for (size_t k = 0; k < n; k++) {
        if (pos[k] < 0)
            continue;
        if (pos[k] < prev)
            return 0;
        prev = pos[k];
        (*on_line)++;
    }
    return 1;
}

/* Any other record: evidence from the record's other values near the
 * target number (line li, number num). */
static void unordered_at(struct aligner *a, size_t li, size_t num)
{
    const struct extract_record *r = a->r;
    long pos[RECORD_MAX];
    size_t lo, hi, with = 0, first, last, on_line;
    double evidence = 0;

    a->n_taken = 0;
    a->taken[a->n_taken++] = num;
    span_of(a, li, &lo, &hi);
    /* a line printing measurements of its own is a record of its own: its
     * neighbours' values are not its company ("0.448 0.504 0.574", the 20
     * test sets' min/mean/max, under the 64-unit model's row) */
    if (foreign_values(a, li) >= 2)
        lo = hi = li;
    first = last = out_line(a->t, li, num);
    for (size_t k = 0; k < r->n; k++) {
        size_t at = li, o;
        long got;
        pos[k] = k == r->target ? (long)num : -1;
        if (k == r->target)
            continue;
        got = take_on_line(a, li, k);
        for (size_t d = 1; got < 0 && d <= SPAN_LINES; d++) {
            if (li >= lo + d && (got = take_on_line(a, at = li - d, k)) >= 0)
                break;
            if (li + d <= hi && (got = take_on_line(a, at = li + d, k)) >= 0)
                break;
        }
        if (got < 0)
            continue;
        with++;
        evidence += extract_common_value(r->v[k]) ? 0.5 : 1.0;
        if (at == li)
            pos[k] = got;
        o = out_line(a->t, at, (size_t)got);
        first = o < first ? o : first;
        last = o > last ? o : last;
    }
    /* three or more of the record on one line, in the record's own order */
    if (in_record_order(pos, r->n, &on_line) && on_line >= 3)
        evidence += 1.0;
    consider(a, evidence, li, num, first, last, with, num, 1);
}

static char *printable_copy(const char *s, size_t len, size_t max)
{
    char *out;

    if (len > max)
        len = max;
    if (!(out = malloc(len + 1)))
        return NULL;
    for (size_t i = 0; i < len; i++)
        out[i] = ((unsigned char)s[i] < 0x20 && s[i] != '\t') || s[i] == 0x7F ? '?' : s[i];
    out[len] = '\0';
    return out;
}

/* Do two atoms print alike?  Words and whole numbers (keys: "step 3",
 * "seed 7", "T=50") must be the same; numbers with a fraction are the
 * values a template is filled with; with ints_differ whole numbers may differ
 * too (a counter beside the words). */
static int atom_alike(const struct extract_transcript *t, const struct xatom *x,
                      const struct xatom *y, int ints_differ, int *differs)
{
    if ((x->num < 0) != (y->num < 0))
        return 0;
    if (x->num >= 0) {
        const struct numparse_num *a = &t->nums[x->num], *b = &t->nums[y->num];
        int ints = (a->flags & NUMPARSE_INTEGER) || (b->flags & NUMPARSE_INTEGER);
        if (a->value != b->value) {
            *differs |= !ints;
            return !ints || ints_differ;
        }
        return 1;
    }
    return x->len == y->len && !memcmp(x->p, y->p, x->len);
}

static int lines_alike(const struct extract_transcript *t, size_t li, size_t lj,
                       int ints_differ)
{
    const struct xline *a = &t->lines[li], *b = &t->lines[lj];
    int same = li != lj && a->n_atoms == b->n_atoms && a->n_nums == b->n_nums, differs = 0;
    int worded = 0;

    for (size_t i = 0; same && i < a->n_atoms; i++) {
        const struct xatom *x = &t->atoms[a->atom0 + i];
        worded |= x->num < 0;
        same = atom_alike(t, x, &t->atoms[b->atom0 + i], ints_differ, &differs);
    }
    /* Rows of bare numbers are a matrix's rows, each its own row: only a
     * line that names what it prints can print the same thing again. */
    return same && differs && worded;
}

int extract_lines_alike(const struct extract_transcript *t, size_t li, size_t lj)
{
    return lines_alike(t, li, lj, 0);
}

/* How many other lines print the hit's line from the same template
 * ("rude  0.333 0.333 ..." under guess 0, guess 1, ...).  Many such lines
 * are many readings of one thing, and score/ will not let the expected
 * value pick one of them.  Lines that differ in a whole number as well
 * ("17 rnn gain 0.5 ... 0.385", "18 rnn gain 0.5 ... 0.390": a trial
 * counter) count too when one of them comes after the hit: the last of a
 * series (a training log's final epoch) is the one the output designates,
 * any earlier one was picked by its value alone. */
static size_t alike_lines(const struct extract_transcript *t, size_t li)
{
    size_t n = 0, n_counted = 0;
    int later = 0;

    for (size_t o = 0; o < t->n_lines; o++) {
        if (!lines_alike(t, li, o, 1))
            continue;       /* alike at all: the strict test can only narrow it */
        n += extract_lines_alike(t, li, o);
        n_counted++;
        later |= o > li;
    }
    return later && n_counted > n ? n_counted : n;
}

static int fill_hit(const struct aligner *a, struct extract_alignment *out, struct gb_err *err)
{
    const struct extract_transcript *t = a->t;
    const struct xline *ln = &t->lines[a->best_line];
    const char *s = t->text + ln->off;
    struct extract_hit *h = &out->hit;

    memset(out, 0, sizeof *out);
    h->line = out_line(t, a->best_line, a->best_num);
    h->num = t->nums[a->best_num];
    h->how = EXTRACT_HOW_INLINE;
    h->text = printable_copy(s + h->num.start, h->num.end - h->num.start, 64);
    h->label = strdup("");
    h->line_text = printable_copy(s, ln->len, 400);
    h->nums = malloc(a->run_n * sizeof *h->nums);
    if (!h->text || !h->label || !h->line_text || !h->nums) {
        extract_alignment_free(out);
        return gb_fail(err, "out of memory aligning a value");
    }
    memcpy(h->nums, t->nums + a->run0, a->run_n * sizeof *h->nums);
    h->n_nums = a->run_n;
    out->evidence = a->best;
    out->n_with = a->n_with;
    out->first_line = a->first_line;
    out->last_line = a->last_line;
    out->n_alike = alike_lines(t, a->best_line);
    return 0;
}

int extract_align(const struct extract_transcript *t, const struct extract_record *rec,
                  const struct extract_align_lines *lines, struct extract_alignment *out,
                  struct gb_err *err)
{
    struct aligner a = { .t = t, .r = rec };
    unsigned char *named = NULL;
    int ordered, rc;

    memset(out, 0, sizeof *out);
    if (!t || !rec || rec->n < 2 || rec->n > RECORD_MAX || rec->target >= rec->n ||
        !any_particular(rec) || !t->n_nums)
        return 0;
    if (!(a.excluded = excluded_map(t, lines->excluded, lines->n_excluded)) ||
        (lines->has_row && !(named = excluded_map(t, lines->named, lines->n_named)))) {
        free(a.excluded);
        return gb_fail(err, "out of memory aligning a value");
    }
    ordered = rec->ordered || mostly_repeats(rec);
    for (size_t li = 0; li < t->n_lines; li++) {
        const struct xline *ln = &t->lines[li];
        if (!ln->n_nums || a.excluded[li] || (named && labelled_row(t, ln) && !named[li]) ||
            hand_worked(t, ln))
            continue;
        if (ordered) {
            ordered_runs(&a, li);
            continue;
        }
        for (size_t j = 0; j < line_nums(ln); j++)
            if (shows(rec, rec->target, &t->nums[ln->num0 + j]) &&
                !marked(t, li, ln->num0 + j))
                unordered_at(&a, li, ln->num0 + j);
    }
    free(a.excluded);
    free(named);
    if (a.best < EXTRACT_ALIGN_MIN_EVIDENCE)
        return 0;
    rc = fill_hit(&a, out, err);
    return rc ? -1 : 1;
}

void extract_alignment_free(struct extract_alignment *a)
{
    if (!a)
        return;
    free(a->hit.text);
    free(a->hit.label);
    free(a->hit.line_text);
    free(a->hit.nums);
    memset(a, 0, sizeof *a);
}

int extract_hand_worked(const struct extract_transcript *t, size_t line)
{
    for (size_t li = 0; li < t->n_lines; li++)
        if (t->lines[li].no <= line && extract_line_at(t, li, t->lines[li].len) >= line)
            return hand_worked(t, &t->lines[li]);
    return 0;
}

int extract_line_is_heading(const struct extract_transcript *t, size_t line)
{
    for (size_t li = 0; li < t->n_lines; li++)
        if (t->lines[li].no <= line && extract_line_at(t, li, t->lines[li].len) >= line)
            return t->lines[li].kind == XLINE_HEADING || t->lines[li].kind == XLINE_TITLE;
    return 0;
}

/* ---- lines a phrase names ---------------------------------------------------- */

static int push_line(size_t **lines, size_t *n, size_t *cap, size_t line, struct gb_err *err)
{
    if (*n == *cap) {
        size_t nc = *cap ? 2 * *cap : 16;
        size_t *g = realloc(*lines, nc * sizeof *g);
        if (!g)
            return gb_fail(err, "out of memory");
        *lines = g;
        *cap = nc;
    }
    (*lines)[(*n)++] = line;
    return 0;
}

/* Only a line's own words count here, never the headings above it: "output"
 * in a section title does not make every line under it an output row. */
int extract_lines_naming(const struct extract_transcript *t, const struct extract_query *q,
                         enum extract_field field, int labels_only, size_t **lines, size_t *n,
                         struct gb_err *err)
{
    struct phrase_set ps;
    size_t cap = 0;
    int rc = 0;

    *lines = NULL;
    *n = 0;
    if (extract_compile_field(q, field, &ps, err) < 0)
        return -1;
    for (size_t li = 0; ps.n && li < t->n_lines && !rc; li++) {
        const struct xline *ln = &t->lines[li];
        size_t own = ln->n_atoms;
        if (labels_only && ln->table >= 0 && ln->role == XROW_DATA && ln->value_atom < own)
            own = ln->value_atom;    /* a table row's label cells, not its values' keys */
        struct sources S = { .s = { { t->atoms + ln->atom0, own, 0, 0 } }, .n = 1,
                             .n_primary = 1 };
        struct match m;
        int extras;
        if (ln->kind == XLINE_RULE || !own)
            continue;
        if (extract_match_set(t, &ps, &S, -1, &m, &extras, NULL, li))
            rc = push_line(lines, n, &cap, ln->no, err);
    }
    extract_phrase_set_free(&ps);
    if (rc) {
        free(*lines);
        *lines = NULL;
        *n = 0;
    }
    return rc;
}
