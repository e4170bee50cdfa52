/* extract_phrase.c — words and query phrases: word equality, compiling phrases.
 *
 * A query phrase compiles to items: words, each optionally bound to the
 * number printed right after it ("gain 0.5" is one item), and bare numbers.
 * Every alternative of a field is compiled with its synonym variants: every
 * combination of substitutions, one member per group.  Two words match when
 * equal, a plural, or an abbreviation (extract_word_eq).
 */
#include "extract/extract_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"

#define VARIANTS_MAX 128
#define PHRASE_ATOMS_MAX 64

/* ---- phrases ------------------------------------------------------------ */

struct atom_buf {
    struct xatom a[PHRASE_ATOMS_MAX];
    size_t n;
};

static void emit_local(void *ctx, const struct xatom *a)
{
    struct atom_buf *b = ctx;
    if (b->n < PHRASE_ATOMS_MAX)
        b->a[b->n++] = *a;
}

static void tokenize_phrase(const char *s, struct atom_buf *ab, struct numparse_num *nums,
                            size_t *n_nums)
{
    size_t len = strlen(s);
    *n_nums = numparse_scan(s, len, 0, nums, PHRASE_ATOMS_MAX);
    if (*n_nums > PHRASE_ATOMS_MAX)
        *n_nums = PHRASE_ATOMS_MAX;
    ab->n = 0;
    extract_tokenize(s, len, nums, *n_nums, 0, emit_local, ab);
}

static int compile_phrase(struct phrase *p)
{
    struct atom_buf ab;
    struct numparse_num nums[PHRASE_ATOMS_MAX];
    size_t n_nums;
    int prev_word = 0;

    tokenize_phrase(p->text, &ab, nums, &n_nums);
    p->n = 0;
    for (size_t i = 0; i < ab.n && p->n < ITEMS_MAX; i++) {
        const struct xatom *a = &ab.a[i];
        if (a->num < 0) {
            int glued = a->p[a->len] == '#';
            p->items[p->n++] = (struct pitem){ a->p, a->len, 0, 0.0, 0, glued, 0 };
            prev_word = 1;
        } else if (prev_word && !p->items[p->n - 1].has_num) {
            p->items[p->n - 1].has_num = 1;
            p->items[p->n - 1].num = nums[a->num].value;
            p->items[p->n - 1].point = !(nums[a->num].flags & NUMPARSE_INTEGER);
            prev_word = 0;
        } else {
            p->items[p->n++] = (struct pitem){ NULL, 0, 1, nums[a->num].value, 0, 0, 0 };
            prev_word = 0;
        }
    }
    return p->n > 0;
}

void extract_phrase_set_free(struct phrase_set *ps)
{
    for (size_t i = 0; i < ps->n; i++)
        free(ps->v[i].text);
    free(ps->v);
    ps->v = NULL;
    ps->n = 0;
}

static int add_variant(struct phrase_set *ps, const char *text, const char *orig,
                       unsigned long groups, struct gb_err *err)
{
    struct phrase *p;

    for (size_t i = 0; i < ps->n; i++)
        if (strcasecmp(ps->v[i].text, text) == 0)
            return 0;
    p = realloc(ps->v, (ps->n + 1) * sizeof *p);
    if (!p)
        return gb_fail(err, "out of memory compiling a query");
    ps->v = p;
    p = &ps->v[ps->n];
    p->text = strdup(text);
    if (!p->text)
        return gb_fail(err, "out of memory compiling a query");
    p->orig = orig;
    p->groups = groups;
    if (compile_phrase(p))
        ps->n++;
    else
        free(p->text);
    return 0;
}

/* Where member m's words occur contiguously in s: byte span, or -1. */
static long find_member(const char *s, const char *m, size_t *span_end)
{
    struct atom_buf as, am;
    struct numparse_num ns[PHRASE_ATOMS_MAX], nm[PHRASE_ATOMS_MAX];
    size_t n1, n2;

    tokenize_phrase(s, &as, ns, &n1);
    tokenize_phrase(m, &am, nm, &n2);
    if (am.n == 0)
        return -1;
    for (size_t i = 0; i + am.n <= as.n; i++) {
        size_t k;
        for (k = 0; k < am.n; k++) {
            const struct xatom *x = &as.a[i + k], *y = &am.a[k];
            if ((x->num < 0) != (y->num < 0))
                break;
            if (x->num < 0 ? !(x->len == y->len && extract_word_eq(x->p, x->len, y->p, y->len) == 3)
                           : !extract_num_eq(ns[x->num].value, nm[y->num].value))
                break;
        }
        if (k == am.n) {
            *span_end = (size_t)(as.a[i + k - 1].p + as.a[i + k - 1].len - s);
            return as.a[i].p - s;
        }
    }
    return -1;
}

/* Whether [at, end) of text lies inside a longer span that is a member of
 * another group: in "train s" (a member of the seconds group) the word
 * "train" is no member of the train-accuracy group's, or "train s" would
 * give "train_acc s" and then "train_acc secs" — a query that finds the
 * training accuracy on a log line that also prints the seconds. */
static int inside_longer_member(const struct extract_query *q, const char *text, size_t g,
                                long at, size_t end)
{
    for (size_t h = 0; h < 8 * sizeof(unsigned long); h++) {
        const char *const *members;
        size_t nm;
        if (extract_synonym_groups(q->synonyms, &members, h, &nm) == 0)
            break;
        for (size_t c = 0; h != g && c < nm; c++) {
            size_t e;
            long x = find_member(text, members[c], &e);
            if (x >= 0 && x <= at && e >= end && e - (size_t)x > end - (size_t)at)
                return 1;
        }
    }
    return 0;
}

/* Variant k with one more synonym group substituted, each way it can be:
 * "length 5 LSTM b_f 3" gives "T 5 LSTM b_f 3", and that gives "T 5 LSTM
 * bf 3" (a group is substituted once, so "forget bias" never becomes
 * "forget fb"). */
static int substitute(const struct extract_query *q, struct phrase_set *ps, size_t k,
                      int head_only, struct gb_err *err)
{
    char *text = strdup(ps->v[k].text);
    const char *orig = ps->v[k].orig;
    unsigned long used = ps->v[k].groups;
    int rc = text ? 0 : gb_fail(err, "out of memory compiling a query");

    for (size_t g = 0; rc == 0 && g < 8 * sizeof used; g++) {
        const char *const *members;
        size_t nm;
        if (extract_synonym_groups(q->synonyms, &members, g, &nm) == 0)
            break;
        size_t a = nm, end = 0;
        long at = -1;
        if (used & (1ul << g))
            continue;
        /* the longest member found: in "train acc" the group's member is
         * "train acc", not its "train" (which would give "train acc acc") */
        for (size_t c = 0; c < nm; c++) {
            size_t e;
            long x = find_member(text, members[c], &e);
            if (x >= 0 && (at < 0 || e - (size_t)x > end - (size_t)at))
                a = c, at = x, end = e;
        }
        if (at >= 0 && inside_longer_member(q, text, g, at, end))
            continue;
        if (head_only && a != 0)
            continue;
        for (size_t b = 0; rc == 0 && at >= 0 && b < nm && ps->n < VARIANTS_MAX; b++) {
            struct gb_buf v = GB_BUF_INIT;
            if (b == a)
                continue;
            rc = gb_buf_printf(&v, err, "%.*s%s%s", (int)at, text, members[b], text + end);
            if (rc == 0)
                rc = add_variant(ps, v.data, orig, used | (1ul << g), err);
            gb_buf_free(&v);
        }
    }
    free(text);
    return rc;
}

/* Every alternative of a field, plus its synonym variants: every
 * combination of substitutions, one member per group.  An excluded phrase
 * is read only through the groups it heads: excluding "mean" excludes
 * "average", but excluding "acc" (one way a table heads the "all" column)
 * must not exclude every "total" and "overall" that group also holds. */
int extract_compile_field(const struct extract_query *q, enum extract_field f,
                          struct phrase_set *ps, struct gb_err *err)
{
    ps->v = NULL;
    ps->n = 0;
    for (size_t i = 0; i < q->n_phrases[f]; i++) {
        size_t first = ps->n;
        if (add_variant(ps, q->phrases[f][i], q->phrases[f][i], 0, err) < 0)
            return -1;
        for (size_t k = first; k < ps->n; k++)
            if (substitute(q, ps, k, f == EXTRACT_EXCLUDE, err) < 0)
                return -1;
    }
    return 0;
}
