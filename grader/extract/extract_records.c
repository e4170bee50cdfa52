/* extract_records.c — a value in a record: a line that is one flat dict of
 * named fields, as JSON Lines and logging print them:
 *
 *   {"part": 2, "query": "rude", "key": "was", "metric": "weight", "value": 0.096}
 *
 * A human reads such a line as a row whose labels are its fields: the text
 * fields ("query": "rude") and the numbers that set the experiment
 * ("gain": 0.5, "step": 1) say what it is, the measured number ("value")
 * is what it says.  Which numbers are settings is read from the records
 * themselves, as a long table's keys are (extract_table_tidy.c): a number
 * printed before a text field whose values vary from record to record
 * ("metric": "weight" / "row_sum") names the record; a number after the
 * last such field is a measurement.  The row phrase must be found in the
 * record's labels (in the field the query's row axis names, when a field
 * is named so: "query": "rude", not "key": "rude"); the column may also be
 * the measurement's own name ("train_acc": 0.98).  Another measurement's
 * name is never the column of this one.
 */
#include "extract/extract_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define RECORD_FIELDS_MAX 32
#define RECORD_ATOMS_MAX 160
#define RECORD_KEYS_MAX 64
#define RECORD_SHAPES_MAX 32

enum rfield_kind { RF_TEXT, RF_NUMBER, RF_LIST, RF_OTHER };

struct rfield {
    const char *key;            /* the key's bytes, without quotes */
    size_t key_len;
    const char *val;            /* the value's bytes (a text value without quotes) */
    size_t val_len;
    enum rfield_kind kind;
    size_t k0, k1, v0, v1;      /* atom ranges (relative to the line) of key and value */
};

struct record {
    struct rfield f[RECORD_FIELDS_MAX];
    size_t n;
};

/* The text fields whose values differ between records name records; one
 * printed alike in several records ("exp": "attention_by_hand") is a title
 * over all of them, naming none ("hand" in it excludes nothing). */
struct record_keys {
    struct { char key[48]; uint64_t first; int varies, seen; } k[RECORD_KEYS_MAX];
    size_t n;
    /* per shape of record (its field names in order): how many of its
     * numbers, from the left, it takes to tell its records apart */
    struct { uint64_t shape; size_t numeric_keys; } s[RECORD_SHAPES_MAX];
    size_t n_shapes;
};

static const char *skip_ws(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    return p;
}

/* A quoted string at p: its end (past the closing quote), NULL if none. */
static const char *quoted(const char *p, const char *end)
{
    char q = *p++;

    while (p < end && *p != q)
        p += *p == '\\' && p + 1 < end ? 2 : 1;
    return p < end ? p + 1 : NULL;
}

/* A bracketed list at p ('[' or '('), quotes respected: its end, NULL if
 * it does not close on the line or holds a dict. */
static const char *bracketed(const char *p, const char *end)
{
    int depth = 0;

    for (; p < end; p++) {
        if (*p == '"' || *p == '\'') {
            if (!(p = quoted(p, end)))
                return NULL;
            p--;
        } else if (*p == '[' || *p == '(') {
            depth++;
        } else if (*p == ']' || *p == ')') {
            if (--depth == 0)
                return p + 1;
        } else if (*p == '{') {
            return NULL;
        }
    }
    return NULL;
}

/* One "key": value field at *pp; 0 and *pp past it (and its comma), -1 when
 * the text is no flat field. */
static int parse_field(const char **pp, const char *end, struct rfield *f)
{
    const char *p = skip_ws(*pp, end), *q;

    if (p >= end || (*p != '"' && *p != '\'') || !(q = quoted(p, end)))
        return -1;
    f->key = p + 1;
    f->key_len = (size_t)(q - p - 2);
    p = skip_ws(q, end);
    if (p >= end || *p != ':')
        return -1;
    p = skip_ws(p + 1, end);
    if (p < end && (*p == '"' || *p == '\'')) {
        if (!(q = quoted(p, end)))
            return -1;
        f->kind = RF_TEXT;
        f->val = p + 1;
        f->val_len = (size_t)(q - p - 2);
    } else if (p < end && (*p == '[' || *p == '(')) {
        if (!(q = bracketed(p, end)))
            return -1;
        f->kind = RF_LIST;
        f->val = p;
        f->val_len = (size_t)(q - p);
    } else {
        for (q = p; q < end && *q != ',' && *q != '}' && *q != '{'; q++)
            ;
        if (q == p || (q < end && *q == '{'))
            return -1;
        f->kind = RF_OTHER;   /* a number, once its atoms say so (record_atoms) */
        f->val = p;
        f->val_len = (size_t)(q - p);
        while (f->val_len && (f->val[f->val_len - 1] == ' ' || f->val[f->val_len - 1] == '\t'))
            f->val_len--;
    }
    p = skip_ws(q, end);
    if (p < end && *p == ',')
        p++;
    *pp = p;
    return 0;
}

/* One name = value field of a config section joined into one line
 * (extract_nest_join: "length = 5 model = \"RNN\" test_acc = 1.000"); 0 and
 * *pp past it, -1 when the text is no such field. */
static int parse_kv_field(const char **pp, const char *end, struct rfield *f)
{
    const char *p = skip_ws(*pp, end), *q = p;

    while (q < end && (isalnum((unsigned char)*q) || *q == '_' || *q == '-' || *q == '.'))
        q++;
    if (q == p)
        return -1;
    f->key = p;
    f->key_len = (size_t)(q - p);
    p = skip_ws(q, end);
    if (p >= end || *p != '=')
        return -1;
    p = skip_ws(p + 1, end);
    if (p < end && (*p == '"' || *p == '\'')) {
        if (!(q = quoted(p, end)))
            return -1;
        f->kind = RF_TEXT;
        f->val = p + 1;
        f->val_len = (size_t)(q - p - 2);
    } else if (p < end && (*p == '[' || *p == '(')) {
        if (!(q = bracketed(p, end)))
            return -1;
        f->kind = RF_LIST;
        f->val = p;
        f->val_len = (size_t)(q - p);
    } else {
        for (q = p; q < end && *q != ' ' && *q != '\t'; q++)
            ;
        if (q == p)
            return -1;
        f->kind = RF_OTHER;   /* a number, once its atoms say so (record_atoms) */
        f->val = p;
        f->val_len = (size_t)(q - p);
    }
    *pp = q;
    return 0;
}

/* Gives every field its atoms; a bare value that is one number atom is a number. */
static void record_atoms(const struct extract_transcript *t, const struct xline *ln,
                         struct record *r)
{
    const struct xatom *a = t->atoms + ln->atom0;

    for (size_t i = 0; i < r->n; i++) {
        struct rfield *f = &r->f[i];
        size_t k = 0;
        while (k < ln->n_atoms && a[k].p < f->key)
            k++;
        f->k0 = k;
        while (k < ln->n_atoms && a[k].p < f->key + f->key_len)
            k++;
        f->k1 = k;
        while (k < ln->n_atoms && a[k].p < f->val)
            k++;
        f->v0 = k;
        while (k < ln->n_atoms && a[k].p < f->val + f->val_len)
            k++;
        f->v1 = k;
        if (f->kind == RF_OTHER && f->v1 == f->v0 + 1 && a[f->v0].num >= 0 &&
            a[f->v0].p == f->val && a[f->v0].len == f->val_len)
            f->kind = RF_NUMBER;
        if (f->kind == RF_LIST && f->v1 > f->v0 && a[f->v0].num < 0)
            f->kind = RF_OTHER;   /* a list of words ("axes": ["subject", ...]) */
    }
}

/* Is line li one flat record with a text field and a number or list? */
static int parse_record(const struct extract_transcript *t, size_t li, struct record *r)
{
    const struct xline *ln = &t->lines[li];
    const char *s = extract_xline_text(t, ln), *end = s + ln->len, *p;
    int text = 0, value = 0;
    int (*field)(const char **pp, const char *end, struct rfield *f);

    r->n = 0;
    p = skip_ws(s, end);
    while (end > p && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        end--;
    if (end > p && end[-1] == ',')
        end--;   /* one record of a list: "  {...},"*/
    if (p >= end || ln->n_atoms > RECORD_ATOMS_MAX)
        return 0;
    if (*p == '{' && end[-1] == '}') {
        p++;
        end--;
        field = parse_field;
    } else if (extract_joined(t, ln)) {
        field = parse_kv_field;   /* a config section's fields, joined from their lines */
    } else {
        return 0;
    }
    while (skip_ws(p, end) < end) {
        if (r->n == RECORD_FIELDS_MAX || field(&p, end, &r->f[r->n]) < 0)
            return 0;
        r->n++;
    }
    record_atoms(t, ln, r);
    for (size_t i = 0; i < r->n; i++) {
        text |= r->f[i].kind == RF_TEXT;
        value |= r->f[i].kind == RF_NUMBER || r->f[i].kind == RF_LIST;
    }
    return r->n >= 2 && text && value;
}

static uint64_t hash_bytes(const char *p, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)p[i]) * 1099511628211ull;
    return h;
}

/* Which text fields vary over the output's records. */
static void learn_text_fields(struct record_keys *rk, const struct record *r)
{
    for (size_t i = 0; i < r->n; i++) {
        size_t k;
        uint64_t h = hash_bytes(r->f[i].val, r->f[i].val_len);
        if (r->f[i].kind != RF_TEXT || r->f[i].key_len >= sizeof rk->k[0].key)
            continue;
        for (k = 0; k < rk->n; k++)
            if (strlen(rk->k[k].key) == r->f[i].key_len &&
                !memcmp(rk->k[k].key, r->f[i].key, r->f[i].key_len))
                break;
        if (k == rk->n) {
            if (rk->n == RECORD_KEYS_MAX)
                continue;
            memcpy(rk->k[k].key, r->f[i].key, r->f[i].key_len);
            rk->k[k].key[r->f[i].key_len] = '\0';
            rk->k[k].first = h;
            rk->n++;
        } else if (rk->k[k].first != h) {
            rk->k[k].varies = 1;
        }
        rk->k[k].seen++;
    }
}

static uint64_t record_shape(const struct record *r)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < r->n; i++)
        h = (h ^ hash_bytes(r->f[i].key, r->f[i].key_len) ^ r->f[i].kind) * 1099511628211ull;
    return h;
}

static long find_key(const struct record_keys *rk, const struct rfield *fl);

/* Record r told apart by its varying text fields and its first k numbers. */
static uint64_t record_identity(const struct record_keys *rk, const struct record *r, size_t k)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < r->n; i++) {
        long key = r->f[i].kind == RF_TEXT ? find_key(rk, &r->f[i]) : -1;
        int take = key >= 0 ? rk->k[key].varies : r->f[i].kind == RF_NUMBER && k > 0;
        if (r->f[i].kind == RF_NUMBER && k > 0)
            k--;
        if (take)
            h = (h ^ hash_bytes(r->f[i].val, r->f[i].val_len)) * 1099511628211ull;
    }
    return h;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* As a long table's keys (extract_table_tidy.c): the records of one shape
 * whose text fields do not tell them apart take their numbers from the
 * left as keys too ("length": 5, "forget_bias": 3), up to the first set
 * that does; their last number is always a measurement. */
static int learn_numeric_keys(struct finder *f, struct record_keys *rk, size_t sh)
{
    struct record r;
    uint64_t *ids = NULL;
    size_t n = 0, cap = 0, n_num = 0;

    for (size_t li = 0; li < f->t->n_lines; li++) {
        if (!parse_record(f->t, li, &r) || record_shape(&r) != rk->s[sh].shape)
            continue;
        if (extract_grow((void **)&ids, &cap, n + 1, sizeof *ids, f->err) < 0) {
            free(ids);
            return -1;
        }
        n_num = 0;
        for (size_t i = 0; i < r.n; i++)
            n_num += r.f[i].kind == RF_NUMBER;
        n++;
    }
    for (size_t k = 0; k < n_num; k++) {
        size_t m = 0, dup = 0;
        for (size_t li = 0; li < f->t->n_lines; li++)
            if (parse_record(f->t, li, &r) && record_shape(&r) == rk->s[sh].shape)
                ids[m++] = record_identity(rk, &r, k);
        qsort(ids, m, sizeof *ids, cmp_u64);
        for (size_t i = 1; i < m && !dup; i++)
            dup = ids[i] == ids[i - 1];
        if (!dup || k + 1 == n_num) {
            rk->s[sh].numeric_keys = k;
            break;
        }
    }
    free(ids);
    return 0;
}

/* What the output's records say about their fields (once per query). */
static int learn_keys(struct finder *f)
{
    struct record r;
    struct record_keys *rk = calloc(1, sizeof *rk);

    if (!rk)
        return gb_fail(f->err, "out of memory reading records");
    for (size_t li = 0; li < f->t->n_lines; li++) {
        size_t sh;
        uint64_t shape;
        if (!parse_record(f->t, li, &r))
            continue;
        learn_text_fields(rk, &r);
        shape = record_shape(&r);
        for (sh = 0; sh < rk->n_shapes && rk->s[sh].shape != shape; sh++)
            ;
        if (sh == rk->n_shapes && sh < RECORD_SHAPES_MAX)
            rk->s[rk->n_shapes++].shape = shape;
    }
    for (size_t sh = 0; sh < rk->n_shapes; sh++)
        if (learn_numeric_keys(f, rk, sh) < 0) {
            free(rk);
            return -1;
        }
    f->records = rk;
    return 0;
}

static long find_key(const struct record_keys *rk, const struct rfield *fl)
{
    for (size_t k = 0; k < rk->n; k++)
        if (strlen(rk->k[k].key) == fl->key_len && !memcmp(rk->k[k].key, fl->key, fl->key_len))
            return (long)k;
    return -1;
}

static int key_varies(const struct record_keys *rk, const struct rfield *fl)
{
    long k = find_key(rk, fl);
    return k >= 0 && rk->k[k].varies;
}

/* A text field printed alike in several records: a title, not a label. */
static int is_constant(const struct record_keys *rk, const struct rfield *fl)
{
    long k = fl->kind == RF_TEXT ? find_key(rk, fl) : -1;
    return k >= 0 && !rk->k[k].varies && rk->k[k].seen > 1;
}

/* How many numbers from the left name records of r's shape. */
static size_t numeric_keys(const struct record_keys *rk, const struct record *r)
{
    uint64_t shape = record_shape(r);
    for (size_t sh = 0; sh < rk->n_shapes; sh++)
        if (rk->s[sh].shape == shape)
            return rk->s[sh].numeric_keys;
    return 0;
}

/* Is field i a measurement: a number (or list of numbers) after the
 * record's last varying text field, and not among the numbers that tell
 * its records apart? */
static int is_measure(const struct record_keys *rk, const struct record *r, size_t i)
{
    size_t before = 0;

    if (r->f[i].kind != RF_NUMBER && r->f[i].kind != RF_LIST)
        return 0;
    for (size_t j = i + 1; j < r->n; j++)
        if (r->f[j].kind == RF_TEXT && key_varies(rk, &r->f[j]))
            return 0;
    for (size_t j = 0; j < i; j++)
        before += r->f[j].kind == RF_NUMBER;
    return r->f[i].kind == RF_LIST || before >= numeric_keys(rk, r);
}

/* The record's words for measurement mi: every atom of the line but mi's
 * own and its titles', each with the field it came from; the first *n_lo
 * are its labels, the rest the other measurements' fields.  Titles' atoms
 * go to *titles (a heading over the record: they may name its row, but
 * exclude nothing).  Another measurement's field may carry the row ("b_f
 * 3" in "forget_bias": 3, a setting the query names), never the column. */
static size_t label_atoms(const struct extract_transcript *t, const struct xline *ln,
                          const struct record_keys *rk, const struct record *r, size_t mi,
                          struct xatom *out, size_t *field_of, size_t *n_lo,
                          struct xatom *titles, size_t *n_titles)
{
    const struct xatom *a = t->atoms + ln->atom0;
    size_t n = 0;

    *n_titles = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < r->n; i++) {
            int title = is_constant(rk, &r->f[i]);
            if (i == mi || is_measure(rk, r, i) != pass || (title && pass))
                continue;
            for (size_t k = r->f[i].k0; k < r->f[i].v1; k++) {
                if (title) {
                    titles[(*n_titles)++] = a[k];
                    continue;
                }
                field_of[n] = i;
                out[n++] = a[k];
            }
        }
        if (pass == 0)
            *n_lo = n;
    }
    return n;
}

/* With a row axis the record names ("query": "rude"), the row must be
 * read in that field's value. */
static int row_in_axis_field(struct finder *f, const struct xatom *la, size_t n,
                             const size_t *field_of, const struct record *r,
                             const struct match *rm)
{
    long axis = -1;

    if (!f->rax.n)
        return 1;
    for (size_t i = 0; i < r->n && axis < 0; i++) {
        const struct rfield *fl = &r->f[i];
        struct sources K = { .n = 1, .n_primary = 1 };
        struct match km;
        int extras;
        for (size_t k = 0; k < n; k++)
            if (field_of[k] == i) {
                K.s[0] = (struct source){ la + k, fl->k1 - fl->k0, 0, 0 };
                break;
            }
        if (fl->kind == RF_TEXT && K.s[0].n &&
            extract_match_set(f->t, &f->rax, &K, -1, &km, &extras, NULL, 0))
            axis = (long)i;
    }
    if (axis < 0)
        return 1;
    for (size_t k = 0; k < rm->n_items; k++)
        if (rm->pos[k].src == 0 && field_of[rm->pos[k].idx] != (size_t)axis)
            return 0;
    return 1;
}

/* Is the whole value of field fl one of the query's row or column phrases? */
static int whole_value_named(struct finder *f, const struct xatom *a, const struct rfield *fl)
{
    struct sources V = { .s = { { a + fl->v0, fl->v1 - fl->v0, 0, 1 } }, .n = 1,
                         .n_primary = 1 };
    struct match m;
    int extras;

    return fl->v1 > fl->v0 &&
           ((f->row.n && extract_match_set(f->t, &f->row, &V, -1, &m, &extras, NULL, 0)) ||
            (f->col.n && extract_match_set(f->t, &f->col, &V, -1, &m, &extras, NULL, 0)));
}

/* The measurement m of record r, line li, as a candidate; with the record's
 * varying fields and those the query names whole, so that of two records
 * the labels fit alike, the one whose "rows": "all" the column names beats
 * the one printing "rows": "not" there (cand_better). */
static int add_record_cand(struct finder *f, size_t li, const struct record *r,
                           const struct rfield *m, int quality, int extras)
{
    const struct xatom *a = f->t->atoms + f->t->lines[li].atom0;
    struct cand c = { .line = li, .num = a[m->v0].num, .quality = quality, .extras = extras,
                      .how = EXTRACT_HOW_INLINE, .col = -1, .table = -1,
                      .scope_excluded = extract_scope_excluded(f, li) };

    if (a[m->v0].num < 0)
        return 0;
    for (size_t i = 0; i < r->n; i++) {
        long k = r->f[i].kind == RF_TEXT ? find_key(f->records, &r->f[i]) : -1;
        if (k < 0 || !f->records->k[k].varies)
            continue;
        c.rec_fields |= 1ull << k;
        if (whole_value_named(f, a, &r->f[i]))
            c.rec_named |= 1ull << k;
    }
    if (f->row_line < 0)
        f->row_line = (long)li;
    return extract_add_cand(f, &c) < 0 ? -1 : 0;
}

/* Is some of the match on the record itself (its labels or its titles),
 * not all in the headings over it? */
static int on_record(const struct match *m)
{
    for (size_t k = 0; k < m->n_items; k++)
        if (m->pos[k].src == 0 || m->pos[k].src == 2)
            return 1;
    return 0;
}

/* Does the column's match sit in a field naming a quotient of two keys
 * ("metric": "step1_over_step50") when the query asks for no quotient?
 * Then it names neither key: step 1 is another record's.  A field's atoms
 * sit together in la (label_atoms). */
static int in_quotient(struct finder *f, const struct xatom *la, size_t n,
                       const size_t *field_of, const struct match *cm)
{
    if (extract_asks_ratio(&f->col))
        return 0;
    for (size_t k = 0; k < cm->n_items; k++) {
        size_t at = cm->pos[k].idx, from = at, to = at;
        if (cm->pos[k].src != 0)
            continue;
        while (from > 0 && field_of[from - 1] == field_of[at])
            from--;
        while (to < n && field_of[to] == field_of[at])
            to++;
        if (extract_names_ratio(la + from, to - from))
            return 1;
    }
    return 0;
}

static int record_measure(struct finder *f, size_t li, const struct record *r, size_t mi,
                          size_t n_measures)
{
    const struct xline *ln = &f->t->lines[li];
    const struct rfield *m = &r->f[mi];
    struct xatom la[RECORD_ATOMS_MAX], ta[RECORD_ATOMS_MAX];
    size_t field_of[RECORD_ATOMS_MAX], n, n_titles, n_lo = 0;
    struct sources S = { .n = 3, .n_primary = 2 };
    struct match rm, cm;
    int r_extras = 0, c_extras = 0, row_ok = 1, col_ok = 1;

    if ((f->q->shape == EXTRACT_VECTOR) != (m->kind == RF_LIST))
        return 0;
    n = label_atoms(f->t, ln, f->records, r, mi, la, field_of, &n_lo, ta, &n_titles);
    S.s[0] = (struct source){ la, n, 0, 0 };
    S.s[1] = (struct source){ f->t->atoms + ln->atom0 + m->k0, m->k1 - m->k0, 0, 0 };
    S.s[2] = (struct source){ ta, n_titles, 0, 0 };
    S.n += extract_scope_sources(f->t, ln, S.s + 3);
    if (f->row.n) {
        struct sources R = S;
        R.s[1].n = 0;   /* a measurement's own name is never its row */
        row_ok = extract_match_set(f->t, &f->row, &R, -1, &rm, &r_extras, NULL, 0) &&
                 on_record(&rm) && row_in_axis_field(f, la, n, field_of, r, &rm);
    }
    if (!row_ok)
        return 0;
    if (f->col.n) {
        S.taken = f->row.n ? &rm : NULL;
        S.s[0].n = n_lo;   /* the labels only: the row's match stays in them or past them */
        col_ok = extract_match_set(f->t, &f->col, &S, -1, &cm, &c_extras, NULL, 0) &&
                 !in_quotient(f, la, n_lo, field_of, &cm) &&
                 !(S.s[1].n && !extract_asks_ratio(&f->col) &&
                   extract_names_ratio(S.s[1].a, S.s[1].n)) &&   /* "step1_over_step50" */
                 !(S.s[1].n && !extract_asks_difference(&f->col) &&
                   extract_names_difference(S.s[1].a, S.s[1].n));   /* "train_minus_test" */
    } else if (n_measures > 1) {
        col_ok = 0;   /* "train": 1.0, "test": 0.98 and no column to choose */
    }
    if (!col_ok || extract_excluded(f, la, n_lo) || extract_excluded(f, S.s[1].a, S.s[1].n))
        return 0;
    return add_record_cand(f, li, r, m,
                           (!f->row.n || rm.in_primary == rm.n_items) &&
                           (!f->col.n || cm.in_primary == cm.n_items),
                           r_extras + c_extras);
}

/* Record line li's candidates: 1 when li is a record (read as one, and by
 * nothing else), 0 when it is not, -1 on error. */
int extract_record_candidates(struct finder *f, size_t li)
{
    struct record r;
    size_t n_measures = 0;

    if (!parse_record(f->t, li, &r))
        return 0;
    if (!f->records && learn_keys(f) < 0)
        return -1;
    if (f->q->shape == EXTRACT_LINE || f->q->nth > 1)
        return 1;   /* a record has one number per measurement: no nth, no line */
    for (size_t i = 0; i < r.n; i++)
        n_measures += is_measure(f->records, &r, i);
    for (size_t i = 0; i < r.n; i++)
        if (is_measure(f->records, &r, i) && record_measure(f, li, &r, i, n_measures) < 0)
            return -1;
    return 1;
}
