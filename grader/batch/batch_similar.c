/* batch_similar.c — winnowing over normalised Python tokens (see batch_similar.h). */
#define _GNU_SOURCE
#include "batch/batch_similar.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

#define SOURCE_MAX (1u << 20)
#define MAX_DOCS 4000                 /* pair counts are a dense triangle */
#define MAX_PAIRS_PER_EXERCISE 100

/* ---- tokens --------------------------------------------------------------- */

static const char *const keywords[] = {
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
    "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
    "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return",
    "try", "while", "with", "yield",
};

struct lexer {
    const char *s;
    size_t n, i;
    int after_dot;                    /* the previous token was '.' */
};

static int is_name_char(unsigned char c)
{
    return isalnum(c) || c == '_' || c >= 0x80;
}

static int is_keyword(const char *s, size_t n)
{
    for (size_t k = 0; k < sizeof keywords / sizeof keywords[0]; k++)
        if (strlen(keywords[k]) == n && !memcmp(keywords[k], s, n))
            return 1;
    return 0;
}

static int is_string_prefix(const char *s, size_t n)
{
    static const char *const prefixes[] = { "r", "b", "f", "u", "rb", "br", "fr", "rf" };

    for (size_t k = 0; k < sizeof prefixes / sizeof prefixes[0]; k++)
        if (strlen(prefixes[k]) == n && !strncasecmp(prefixes[k], s, n))
            return 1;
    return 0;
}

/* Skips a string literal starting at its quote. */
static void skip_string(struct lexer *lx)
{
    char q = lx->s[lx->i];
    int triple = lx->i + 2 < lx->n && lx->s[lx->i + 1] == q && lx->s[lx->i + 2] == q;

    lx->i += triple ? 3 : 1;
    while (lx->i < lx->n) {
        char c = lx->s[lx->i];

        if (c == '\\') {
            lx->i += 2;
            continue;
        }
        if (!triple && (c == q || c == '\n')) {
            lx->i++;
            return;
        }
        if (triple && c == q && lx->i + 2 < lx->n && lx->s[lx->i + 1] == q &&
            lx->s[lx->i + 2] == q) {
            lx->i += 3;
            return;
        }
        lx->i++;
    }
    lx->i = lx->n;
}

static void skip_number(struct lexer *lx)
{
    size_t start = lx->i;

    while (lx->i < lx->n) {
        char c = lx->s[lx->i];

        if (is_name_char((unsigned char)c) || c == '.')
            lx->i++;
        else if ((c == '+' || c == '-') && lx->i > start &&
                 (lx->s[lx->i - 1] == 'e' || lx->s[lx->i - 1] == 'E') &&
                 !(lx->s[start] == '0' && lx->i > start + 1 &&
                   (lx->s[start + 1] == 'x' || lx->s[start + 1] == 'X')))
            lx->i++;
        else
            break;
    }
}

/* The next normalised token: *tok and *len, 0 at the end. */
static int next_token(struct lexer *lx, const char **tok, size_t *len)
{
    while (lx->i < lx->n) {
        unsigned char c = (unsigned char)lx->s[lx->i];
        size_t start = lx->i;

        if (isspace(c) || c == '\\') {
            lx->i++;
        } else if (c == '#') {
            while (lx->i < lx->n && lx->s[lx->i] != '\n')
                lx->i++;
        } else if (c == '"' || c == '\'') {
            skip_string(lx);
            *tok = "S", *len = 1, lx->after_dot = 0;
            return 1;
        } else if (isdigit(c) || (c == '.' && lx->i + 1 < lx->n &&
                                  isdigit((unsigned char)lx->s[lx->i + 1]))) {
            skip_number(lx);
            *tok = "N", *len = 1, lx->after_dot = 0;
            return 1;
        } else if (is_name_char(c)) {
            while (lx->i < lx->n && is_name_char((unsigned char)lx->s[lx->i]))
                lx->i++;
            if (lx->i < lx->n && (lx->s[lx->i] == '"' || lx->s[lx->i] == '\'') &&
                is_string_prefix(lx->s + start, lx->i - start)) {
                skip_string(lx);
                *tok = "S", *len = 1, lx->after_dot = 0;
                return 1;
            }
            if (lx->after_dot || is_keyword(lx->s + start, lx->i - start))
                *tok = lx->s + start, *len = lx->i - start;
            else
                *tok = "V", *len = 1;     /* a name the student chose */
            lx->after_dot = 0;
            return 1;
        } else {
            lx->i++;
            *tok = lx->s + start, *len = 1;
            lx->after_dot = c == '.';
            return 1;
        }
    }
    return 0;
}

int batch_similar_tokens(const char *src, size_t len, char **out, struct gb_err *err)
{
    struct lexer lx = { src, len, 0, 0 };
    struct gb_buf b = GB_BUF_INIT;
    const char *tok;
    size_t n;

    while (next_token(&lx, &tok, &n))
        if ((b.len && gb_buf_puts(&b, " ", err)) || gb_buf_append(&b, tok, n, err)) {
            gb_buf_free(&b);
            return -1;
        }
    if (!b.data && gb_buf_puts(&b, "", err))
        return -1;
    *out = gb_buf_steal(&b);
    return 0;
}

/* ---- fingerprints ----------------------------------------------------------- */

/* The k-gram starting at each token: its hash, and the lines of its first
 * and last token (1-based). */
struct kgrams {
    uint64_t *h;
    size_t *first, *last;
    size_t n, lines;
};

static void kgrams_free(struct kgrams *k)
{
    free(k->h);
    free(k->first);
    free(k->last);
}


static uint64_t fnv1a(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull;

    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

    return (x > y) - (x < y);
}

static size_t sort_unique(uint64_t *v, size_t n)
{
    size_t m = 0;

    if (n == 0)
        return 0;
    qsort(v, n, sizeof *v, cmp_u64);
    for (size_t i = 1; i < n; i++)
        if (v[i] != v[m])
            v[++m] = v[i];
    return m + 1;
}

/* Token hashes of the whole source. */
static int token_hashes(const char *src, size_t len, uint64_t **out, size_t *n,
                        struct gb_err *err)
{
    struct lexer lx = { src, len, 0, 0 };
    uint64_t *v = NULL, *grown;
    size_t cap = 0;
    const char *tok;
    size_t tl;

    *n = 0;
    while (next_token(&lx, &tok, &tl)) {
        if (*n == cap) {
            cap = cap ? cap * 2 : 256;
            if (!(grown = realloc(v, cap * sizeof *v))) {
                free(v);
                return gb_fail(err, "out of memory");
            }
            v = grown;
        }
        v[(*n)++] = fnv1a(tok, tl);
    }
    *out = v;
    return 0;
}

/* Winnowing: the rightmost minimum of every window, each position once. */
static size_t winnow(const uint64_t *kg, size_t n, uint64_t *out)
{
    size_t kept = 0, last = (size_t)-1, w = n < BATCH_SIMILAR_W ? n : BATCH_SIMILAR_W;

    for (size_t start = 0; n && start + w <= n; start++) {
        size_t best = start;

        for (size_t j = start; j < start + w; j++)
            if (kg[j] <= kg[best])
                best = j;
        if (best != last)
            out[kept++] = kg[best];
        last = best;
    }
    return kept;
}

int batch_similar_fingerprint(const char *src, size_t len, struct batch_fingerprints *fp,
                              struct gb_err *err)
{
    uint64_t *tokens = NULL, *kg;
    size_t n, n_kg;

    memset(fp, 0, sizeof *fp);
    if (token_hashes(src, len, &tokens, &n, err))
        return -1;
    n_kg = n >= BATCH_SIMILAR_K ? n - BATCH_SIMILAR_K + 1 : 0;
    kg = calloc(n_kg ? 2 * n_kg : 1, sizeof *kg);
    if (!kg) {
        free(tokens);
        return gb_fail(err, "out of memory");
    }
    for (size_t i = 0; i < n_kg; i++) {
        uint64_t h = 0;

        for (size_t j = 0; j < BATCH_SIMILAR_K; j++)
            h = (h ^ tokens[i + j]) * 1099511628211ull + j;
        kg[i] = h;
    }
    fp->n = sort_unique(kg + n_kg, winnow(kg, n_kg, kg + n_kg));
    memmove(kg, kg + n_kg, fp->n * sizeof *kg);
    fp->v = kg;
    free(tokens);
    return 0;
}

size_t batch_similar_shared(const struct batch_fingerprints *a, const struct batch_fingerprints *b)
{
    size_t i = 0, j = 0, shared = 0;

    while (i < a->n && j < b->n) {
        if (a->v[i] == b->v[j])
            shared++, i++, j++;
        else if (a->v[i] < b->v[j])
            i++;
        else
            j++;
    }
    return shared;
}

void batch_fingerprints_free(struct batch_fingerprints *fp)
{
    free(fp->v);
    fp->v = NULL;
    fp->n = 0;
}

/* Removes from fp every hash in drop (both sorted). */
static void subtract(struct batch_fingerprints *fp, const struct batch_fingerprints *drop)
{
    size_t m = 0, j = 0;

    for (size_t i = 0; i < fp->n; i++) {
        while (j < drop->n && drop->v[j] < fp->v[i])
            j++;
        if (!(j < drop->n && drop->v[j] == fp->v[i]))
            fp->v[m++] = fp->v[i];
    }
    fp->n = m;
}

static int add_all(struct batch_fingerprints *into, const struct batch_fingerprints *more,
                   struct gb_err *err)
{
    uint64_t *grown = realloc(into->v, (into->n + more->n + 1) * sizeof *grown);

    if (!grown)
        return gb_fail(err, "out of memory");
    if (more->n)
        memcpy(grown + into->n, more->v, more->n * sizeof *grown);
    into->v = grown;
    into->n = sort_unique(grown, into->n + more->n);
    return 0;
}

static int fingerprint_file(const char *path, struct batch_fingerprints *fp, struct gb_err *err)
{
    struct gb_buf b = GB_BUF_INIT;
    int rc = gb_read_file(path, SOURCE_MAX, &b, err);

    if (rc == 0)
        rc = batch_similar_fingerprint(b.data ? b.data : "", b.len, fp, err);
    gb_buf_free(&b);
    return rc;
}

/* ---- a cohort ------------------------------------------------------------------ */

struct doc {
    const char *student;
    struct batch_fingerprints fp;
};

static int is_py(const struct dirent *de)
{
    size_t n = strlen(de->d_name);

    return de->d_name[0] != '.' && n > 3 && !strcmp(de->d_name + n - 3, ".py");
}

/* The course's own code: every .py in course_dir. */
static int course_code(const char *course_dir, struct batch_fingerprints *base,
                       struct gb_err *err)
{
    struct dirent **names = NULL;
    char path[PATH_MAX + 300];
    int n = scandir(course_dir, &names, is_py, alphasort), rc = 0;

    memset(base, 0, sizeof *base);
    for (int i = 0; i < n; i++) {
        struct batch_fingerprints fp;

        snprintf(path, sizeof path, "%s/%s", course_dir, names[i]->d_name);
        if (rc == 0 && fingerprint_file(path, &fp, NULL) == 0) {
            rc = add_all(base, &fp, err);
            batch_fingerprints_free(&fp);
        }
        free(names[i]);
    }
    free(names);
    return rc;
}

/* The published sample of exercise, less the course's code; empty when
 * there is none (an installation without `make install-samples`). */
static void sample_code(const char *course_dir, const char *samples_dir, const char *exercise,
                        const struct batch_fingerprints *base, struct batch_fingerprints *fp)
{
    char path[PATH_MAX + 300];

    if (samples_dir)
        snprintf(path, sizeof path, "%s/%s.py", samples_dir, exercise);
    else
        snprintf(path, sizeof path, "%s/samples/%s.py", course_dir, exercise);
    if (fingerprint_file(path, fp, NULL)) {
        memset(fp, 0, sizeof *fp);
        return;
    }
    subtract(fp, base);
}

static int add_sample_match(struct batch_similarity *s, const char *exercise,
                            const char *student, double score, size_t shared,
                            struct gb_err *err)
{
    struct batch_sample_match *grown = realloc(s->samples, (s->n_samples + 1) * sizeof *grown);
    struct batch_sample_match *m;

    if (!grown)
        return gb_fail(err, "out of memory");
    s->samples = grown;
    m = &s->samples[s->n_samples];
    m->exercise = strdup(exercise);
    m->student = strdup(student);
    m->score = score;
    m->shared = shared;
    if (!m->exercise || !m->student) {
        free(m->exercise), free(m->student);
        return gb_fail(err, "out of memory");
    }
    s->n_samples++;
    return 0;
}

/* Each submission against the sample, as a pair is scored.  Before the
 * common-code cut: a sample handed in by many is still the sample. */
static int sample_matches(const char *exercise, const struct doc *docs, size_t n,
                          const struct batch_fingerprints *sample,
                          struct batch_similarity *out, struct gb_err *err)
{
    for (size_t d = 0; d < n && sample->n; d++) {
        size_t shared = batch_similar_shared(&docs[d].fp, sample);
        size_t small = docs[d].fp.n < sample->n ? docs[d].fp.n : sample->n;
        double score = small ? (double)shared / (double)small : 0;

        if (shared >= BATCH_SIMILAR_MIN_SHARED && score >= BATCH_SIMILAR_MIN_SCORE &&
            add_sample_match(out, exercise, docs[d].student, score, shared, err))
            return -1;
    }
    return 0;
}

const struct batch_sample_match *batch_similar_sample_match(const struct batch_similarity *s,
                                                            const char *student,
                                                            const char *exercise)
{
    for (size_t i = 0; s && i < s->n_samples; i++)
        if (!strcmp(s->samples[i].student, student) && !strcmp(s->samples[i].exercise, exercise))
            return &s->samples[i];
    return NULL;
}

static int collect_docs(const struct batch_book *b, const char *exercise, struct doc **docs,
                        size_t *n, struct gb_err *err)
{
    *docs = calloc(b->n_rows ? b->n_rows : 1, sizeof **docs);
    *n = 0;
    if (!*docs)
        return gb_fail(err, "out of memory");
    for (size_t i = 0; i < b->n_rows && *n < MAX_DOCS; i++) {
        const struct batch_row *r = &b->rows[i];
        size_t len = r->path ? strlen(r->path) : 0;

        if (strcmp(r->exercise, exercise) || len < 3 || strcmp(r->path + len - 3, ".py"))
            continue;
        if (fingerprint_file(r->path, &(*docs)[*n].fp, NULL))
            continue;
        (*docs)[*n].student = r->student;
        (*n)++;
    }
    return 0;
}

struct posting {
    uint64_t hash;
    uint32_t doc;
};

static int cmp_posting(const void *a, const void *b)
{
    const struct posting *x = a, *y = b;

    if (x->hash != y->hash)
        return (x->hash > y->hash) - (x->hash < y->hash);
    return (x->doc > y->doc) - (x->doc < y->doc);
}

static size_t tri(size_t i, size_t j)      /* i < j */
{
    return j * (j - 1) / 2 + i;
}

/* Drops hashes in more than BATCH_SIMILAR_COMMON documents, then counts the
 * hashes each pair shares, through a sorted (hash, doc) list. */
static int count_shared(struct doc *docs, size_t n, uint32_t **counts, struct gb_err *err)
{
    size_t total = 0, k = 0;
    struct posting *p;

    for (size_t d = 0; d < n; d++)
        total += docs[d].fp.n;
    p = malloc((total ? total : 1) * sizeof *p);
    *counts = calloc(n > 1 ? n * (n - 1) / 2 : 1, sizeof **counts);
    if (!p || !*counts) {
        free(p);
        return gb_fail(err, "out of memory");
    }
    for (size_t d = 0; d < n; d++)
        for (size_t i = 0; i < docs[d].fp.n; i++)
            p[k++] = (struct posting){ docs[d].fp.v[i], (uint32_t)d };
    qsort(p, total, sizeof *p, cmp_posting);
    for (size_t i = 0, j; i < total; i = j) {
        for (j = i + 1; j < total && p[j].hash == p[i].hash; j++)
            ;
        if (j - i > BATCH_SIMILAR_COMMON)
            continue;
        for (size_t a = i; a < j; a++)
            for (size_t c = a + 1; c < j; c++)
                (*counts)[tri(p[a].doc, p[c].doc)]++;
    }
    free(p);
    return 0;
}

static int add_pair(struct batch_similarity *s, const char *exercise, const char *a,
                    const char *b, double score, size_t shared, struct gb_err *err)
{
    struct batch_pair *grown = realloc(s->v, (s->n + 1) * sizeof *grown), *p;

    if (!grown)
        return gb_fail(err, "out of memory");
    s->v = grown;
    p = &s->v[s->n];
    p->exercise = strdup(exercise);
    p->a = strdup(a);
    p->b = strdup(b);
    p->score = score;
    p->shared = shared;
    if (!p->exercise || !p->a || !p->b) {
        free(p->exercise), free(p->a), free(p->b);
        return gb_fail(err, "out of memory");
    }
    s->n++;
    return 0;
}

static int cmp_pair(const void *x, const void *y)
{
    const struct batch_pair *a = x, *b = y;
    int c = strcmp(a->exercise, b->exercise);

    if (c)
        return c;
    if (a->score != b->score)
        return a->score < b->score ? 1 : -1;
    c = strcmp(a->a, b->a);
    return c ? c : strcmp(a->b, b->b);
}

/* Scores every pair with enough shared fingerprints; keeps the highest. */
static int pairs_of(const char *exercise, struct doc *docs, size_t n, const uint32_t *counts,
                    struct batch_similarity *out, struct gb_err *err)
{
    size_t first = out->n;

    for (size_t j = 1; j < n; j++)
        for (size_t i = 0; i < j; i++) {
            size_t shared = counts[tri(i, j)];
            size_t small = docs[i].fp.n < docs[j].fp.n ? docs[i].fp.n : docs[j].fp.n;
            double score = small ? (double)shared / (double)small : 0;

            if (shared >= BATCH_SIMILAR_MIN_SHARED && score >= BATCH_SIMILAR_MIN_SCORE &&
                add_pair(out, exercise, docs[i].student, docs[j].student, score, shared, err))
                return -1;
        }
    if (out->n > first)
        qsort(out->v + first, out->n - first, sizeof *out->v, cmp_pair);
    while (out->n - first > MAX_PAIRS_PER_EXERCISE) {
        struct batch_pair *p = &out->v[--out->n];

        free(p->exercise), free(p->a), free(p->b);
    }
    return 0;
}

/* Students building on the sample are no pair for it: pairs are scored
 * without the course's code or the sample. */
static int one_exercise(const struct batch_book *b, const char *exercise, const char *course_dir,
                        const char *samples_dir, struct batch_similarity *out,
                        struct gb_err *err)
{
    struct batch_fingerprints base = { 0 }, sample = { 0 };
    struct doc *docs;
    uint32_t *counts = NULL;
    size_t n;
    int rc = collect_docs(b, exercise, &docs, &n, err);

    if (rc == 0 && n > 0) {
        rc = course_code(course_dir, &base, err);
        if (rc == 0)
            sample_code(course_dir, samples_dir, exercise, &base, &sample);
    }
    for (size_t d = 0; rc == 0 && d < n; d++)
        subtract(&docs[d].fp, &base);
    if (rc == 0 && n > 0)
        rc = sample_matches(exercise, docs, n, &sample, out, err);
    for (size_t d = 0; rc == 0 && n > 1 && d < n; d++)
        subtract(&docs[d].fp, &sample);
    if (rc == 0 && n > 1)
        rc = count_shared(docs, n, &counts, err);
    if (rc == 0 && n > 1)
        rc = pairs_of(exercise, docs, n, counts, out, err);
    for (size_t d = 0; d < n; d++)
        batch_fingerprints_free(&docs[d].fp);
    batch_fingerprints_free(&base);
    batch_fingerprints_free(&sample);
    free(docs);
    free(counts);
    return rc;
}

int batch_similar_find(const struct batch_book *book, const char *course_dir,
                       const char *samples_dir, struct batch_similarity *out,
                       struct gb_err *err)
{
    memset(out, 0, sizeof *out);
    for (size_t e = 0; e < book->n_exercises; e++)
        if (one_exercise(book, book->exercises[e], course_dir, samples_dir, out, err)) {
            batch_similarity_free(out);
            return -1;
        }
    return 0;
}

void batch_similarity_free(struct batch_similarity *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free(s->v[i].exercise);
        free(s->v[i].a);
        free(s->v[i].b);
    }
    free(s->v);
    s->v = NULL;
    s->n = 0;
    for (size_t i = 0; i < s->n_samples; i++) {
        free(s->samples[i].exercise);
        free(s->samples[i].student);
    }
    free(s->samples);
    s->samples = NULL;
    s->n_samples = 0;
}

/* ---- shared runs, line by line -------------------------------------------- */

static int kgrams_of(const char *src, size_t len, struct kgrams *k, struct gb_err *err)
{
    struct lexer lx = { src, len, 0, 0 };
    uint64_t *tok = NULL;
    size_t *line = NULL, n = 0, cap = 0, at = 0, ln = 1, tl;
    const char *t;
    int rc = 0;

    memset(k, 0, sizeof *k);
    while (rc == 0 && next_token(&lx, &t, &tl)) {
        if (n == cap) {
            uint64_t *g1 = realloc(tok, (cap = cap ? cap * 2 : 256) * sizeof *tok);
            size_t *g2 = g1 ? realloc(line, cap * sizeof *line) : NULL;

            tok = g1 ? g1 : tok;
            line = g2 ? g2 : line;
            if (!g1 || !g2)
                rc = gb_fail(err, "out of memory");
        }
        for (; rc == 0 && at + 1 < lx.i; at++)      /* the token's last byte is at lx.i - 1 */
            ln += src[at] == '\n';
        if (rc == 0)
            tok[n] = fnv1a(t, tl), line[n++] = ln;
    }
    for (; at < len; at++)
        ln += src[at] == '\n';
    k->lines = ln;
    k->n = rc == 0 && n >= BATCH_SIMILAR_K ? n - BATCH_SIMILAR_K + 1 : 0;
    if (rc == 0 && k->n && (!(k->h = calloc(k->n, sizeof *k->h)) ||
                            !(k->first = calloc(k->n, sizeof *k->first)) ||
                            !(k->last = calloc(k->n, sizeof *k->last))))
        rc = gb_fail(err, "out of memory");
    for (size_t i = 0; rc == 0 && i < k->n; i++) {
        uint64_t h = 0;

        for (size_t j = 0; j < BATCH_SIMILAR_K; j++)   /* as batch_similar_fingerprint */
            h = (h ^ tok[i + j]) * 1099511628211ull + j;
        k->h[i] = h;
        k->first[i] = line[i];
        k->last[i] = line[i + BATCH_SIMILAR_K - 1];
    }
    free(tok);
    free(line);
    if (rc)
        kgrams_free(k);
    return rc;
}

/* Marks the lines of mine's k-grams that theirs has too. */
static int mark(const struct kgrams *mine, const struct kgrams *theirs, unsigned char **out,
                size_t *n, struct gb_err *err)
{
    uint64_t *sorted = malloc((theirs->n ? theirs->n : 1) * sizeof *sorted);
    size_t m;

    *n = mine->lines;
    *out = calloc(mine->lines + 1, 1);
    if (!sorted || !*out) {
        free(sorted);
        free(*out);
        *out = NULL;
        return gb_fail(err, "out of memory");
    }
    memcpy(sorted, theirs->h, theirs->n * sizeof *sorted);
    m = sort_unique(sorted, theirs->n);
    for (size_t i = 0; i < mine->n; i++)
        if (bsearch(&mine->h[i], sorted, m, sizeof *sorted, cmp_u64))
            for (size_t l = mine->first[i]; l <= mine->last[i] && l <= mine->lines; l++)
                (*out)[l - 1] = 1;
    free(sorted);
    return 0;
}

int batch_similar_shared_lines(const char *a, size_t alen, const char *b, size_t blen,
                               unsigned char **la, size_t *na, unsigned char **lb, size_t *nb,
                               struct gb_err *err)
{
    struct kgrams ka, kb;
    int rc;

    *la = *lb = NULL;
    if (kgrams_of(a, alen, &ka, err))
        return -1;
    if (kgrams_of(b, blen, &kb, err)) {
        kgrams_free(&ka);
        return -1;
    }
    rc = mark(&ka, &kb, la, na, err) || mark(&kb, &ka, lb, nb, err) ? -1 : 0;
    kgrams_free(&ka);
    kgrams_free(&kb);
    if (rc) {
        free(*la);
        free(*lb);
        *la = *lb = NULL;
    }
    return rc;
}
