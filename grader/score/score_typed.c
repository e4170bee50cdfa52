/* score_typed.c — the typed_output check: a student who types the module's
 * numbers into print() passes every value check, because value checks read
 * only what was printed.  This check reads the source too.
 *
 * A small Python tokenizer splits the submission into string literals (cut
 * at f-string and format() fields, which are computed), numeric literals in
 * code, and the rest; comments and docstrings are left out, since numbers
 * cited there are the exercise's own request ("write those numbers in a
 * comment").  Every number a value, vector, each or relation check locates
 * in the output is then looked up:
 *
 *   in a string — the printed number, with the same text just before it,
 *                 sits in one string literal: the line printed a constant;
 *   in code     — a numeric literal with two or more significant digits
 *                 equals it at the printed precision (0.5, 1.0, seeds,
 *                 lengths and epoch counts never count).
 *
 * Most checked numbers printed from strings is a FAIL: that pattern is not
 * a coincidence.  A stray match is REVIEW: a hand-worked number kept for a
 * comparison, or a reference line the extractor happened to read, needs a
 * human's eye, not an automatic zero.
 *
 * Numbers can also be typed in disguise: base64, hex, zlib or xor'ed bytes
 * of a correct run's output, decoded at run time.  A script that decodes
 * data written into it (a decoder call: b64decode, fromhex, decompress,
 * codecs.decode, pickle/json loads, eval ...; or a long bytes literal next
 * to an xor) cannot pass this check: it is a REVIEW that asks the question.
 * This proves nothing either way about an obfuscation it does not name;
 * docs/scoring.md says what the check does and does not prove.
 */
#include "score/score_typed.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "extract/extract.h"
#include "extract/numparse.h"
#include "score/score_returned.h"
#include "score/score_value.h"
#include "score/source_cite.h"

#define TYPED_CONTEXT 8          /* bytes of text before a number compared with the literal */
#define TYPED_PER_CHECK 64       /* numbers looked up per check: a flooded "each" stays cheap */

struct segment {                 /* the constant text of one string literal, between fields */
    size_t line;
    size_t off, len;             /* in the scan's strings buffer */
    int folded;                  /* text the code builds from constants (the shim's notes) */
};

struct number {                  /* a numeric literal in code */
    double value;
    size_t line;
};

struct literals {
    struct gb_buf strings;       /* unescaped string contents, segments back to back */
    struct segment *seg;
    size_t n_seg, cap;
    struct gb_buf code;          /* the source with strings and comments blanked */
    struct number *num;          /* its numeric literals of two or more significant digits */
    size_t n_num, num_cap;
};

/* ---- the tokenizer ---- */

static int push_segment(struct literals *l, size_t line, size_t off, struct gb_err *err)
{
    if (l->strings.len == off)
        return 0;
    if (l->n_seg == l->cap) {
        size_t nc = l->cap ? l->cap * 2 : 64;
        struct segment *g = realloc(l->seg, nc * sizeof *g);
        if (!g)
            return gb_fail(err, "out of memory reading string literals");
        l->seg = g;
        l->cap = nc;
    }
    l->seg[l->n_seg++] = (struct segment){ line, off, l->strings.len - off, 0 };
    return 0;
}

static char unescape(char c)
{
    return c == 'n' ? '\n' : c == 't' ? '\t' : c == 'r' ? '\r' : c;
}

/* Letters just before a quote that make it a prefixed literal (f"", rb''). */
static size_t prefix_len(const char *s, size_t q)
{
    size_t i = q;

    while (i > 0 && q - i < 2 && strchr("rRbBuUfF", s[i - 1]))
        i--;
    if (i > 0 && (isalnum((unsigned char)s[i - 1]) || s[i - 1] == '_'))
        return 0;
    return q - i;
}

/* A literal alone on its line (a docstring, a comment block) is prose. */
static int statement_string(const char *s, size_t start)
{
    while (start > 0 && s[start - 1] != '\n') {
        if (!isspace((unsigned char)s[start - 1]))
            return 0;
        start--;
    }
    return 1;
}

struct cursor {
    const char *s;
    size_t len, i, line;
};

/* Reads the literal whose opening quote is at c->i; records its segments
 * unless it is a statement.  Fields ({...}) end a segment. */
static int read_string(struct cursor *c, struct literals *l, struct gb_err *err)
{
    size_t pre = prefix_len(c->s, c->i), start = c->i - pre, off = l->strings.len;
    int raw = memchr(c->s + start, 'r', pre) || memchr(c->s + start, 'R', pre);
    int keep = !statement_string(c->s, start), depth = 0;
    char q = c->s[c->i];
    int triple = c->i + 2 < c->len && c->s[c->i + 1] == q && c->s[c->i + 2] == q;

    c->i += triple ? 3 : 1;
    while (c->i < c->len) {
        char ch = c->s[c->i];
        if (ch == q && (!triple || (c->i + 2 < c->len && c->s[c->i + 1] == q &&
                                    c->s[c->i + 2] == q))) {
            c->i += triple ? 3 : 1;
            break;
        }
        if (ch == '\n' && !triple)
            break;
        c->line += ch == '\n';
        if (ch == '\\' && c->i + 1 < c->len) {
            if (raw && keep && depth == 0 && gb_buf_append(&l->strings, "\\", 1, err))
                return -1;
            c->i++;
            c->line += c->s[c->i] == '\n';
            ch = raw ? c->s[c->i] : unescape(c->s[c->i]);
        } else if (ch == '{' && !(c->i + 1 < c->len && c->s[c->i + 1] == '{')) {
            if (!depth++ && keep && push_segment(l, c->line, off, err))
                return -1;
            c->i++;
            continue;
        } else if (ch == '{') {
            c->i++;
        } else if (ch == '}' && depth) {
            if (!--depth)
                off = l->strings.len;
            c->i++;
            continue;
        }
        if (keep && depth == 0 && gb_buf_append(&l->strings, &ch, 1, err))
            return -1;
        c->i++;
    }
    return keep ? push_segment(l, c->line, off, err) : 0;
}

static int blank(struct literals *l, const char *s, size_t from, size_t to, struct gb_err *err)
{
    for (size_t i = from; i < to; i++)
        if (gb_buf_append(&l->code, s[i] == '\n' ? "\n" : " ", 1, err))
            return -1;
    return 0;
}

static int scan_source(const char *s, size_t len, struct literals *l, struct gb_err *err)
{
    struct cursor c = { s, len, 0, 1 };

    if (gb_buf_append(&l->code, "", 0, err) || gb_buf_append(&l->strings, "", 0, err))
        return -1;
    while (c.i < len) {
        size_t from = c.i;
        if (s[c.i] == '#') {
            while (c.i < len && s[c.i] != '\n')
                c.i++;
        } else if (s[c.i] == '"' || s[c.i] == '\'') {
            if (read_string(&c, l, err))
                return -1;
        } else {
            c.line += s[c.i] == '\n';
            if (gb_buf_append(&l->code, s + c.i, 1, err))
                return -1;
            c.i++;
            continue;
        }
        if (blank(l, s, from, c.i, err))
            return -1;
    }
    return 0;
}

/* ---- what the code prints from constants ---- */

/* The shim's notes (score_typed.h) become segments like string literals':
 * after the "folded" line, per text "LINE LENGTH\n" and LENGTH bytes and a
 * newline.  A record that does not parse ends the reading: the notes come
 * from the sandbox, and a short read only loses texts, never adds them. */
static int push_folded(struct literals *l, const char *notes, size_t len, struct gb_err *err)
{
    const char *p = notes, *end = notes + len, *nl = memchr(p, '\n', len);

    if (!nl || (size_t)(nl - p) != 6 || memcmp(p, "folded", 6))
        return 0;
    for (p = nl + 1; p < end; ) {
        char head[48], *rest;
        size_t hlen, off = l->strings.len;
        unsigned long long line, n;
        if (!(nl = memchr(p, '\n', (size_t)(end - p))) || (hlen = (size_t)(nl - p)) >= sizeof head)
            break;
        memcpy(head, p, hlen);
        head[hlen] = '\0';
        line = strtoull(head, &rest, 10);
        n = strtoull(rest, &rest, 10);
        if (*rest || n >= (size_t)(end - nl - 1) || nl[1 + n] != '\n')
            break;
        p = nl + 1 + n + 1;
        if (n == 0)
            continue;
        if (gb_buf_append(&l->strings, nl + 1, (size_t)n, err) || push_segment(l, line, off, err))
            return -1;
        l->seg[l->n_seg - 1].folded = 1;
    }
    return 0;
}

int score_typed_code(const char *src, size_t len, struct gb_buf *code, struct gb_err *err)
{
    struct literals l = { GB_BUF_INIT, NULL, 0, 0, GB_BUF_INIT, NULL, 0, 0 };
    int rc = scan_source(src, len, &l, err);

    gb_buf_free(&l.strings);
    free(l.seg);
    if (rc)
        gb_buf_free(&l.code);
    else
        *code = l.code;
    return rc;
}

/* ---- what the checks located ---- */

static int digit_or_point(char c)
{
    return isdigit((unsigned char)c) || c == '.';
}


#define TYPED_LINE_MAX 512        /* bytes of a printed line kept to look a number up */

struct printed {
    size_t check;                /* index of the check that located it */
    size_t line;                 /* output line */
    struct numparse_num num;     /* span relative to text */
    char *text;                  /* the printed line (owned, at most TYPED_LINE_MAX bytes) */
    size_t len;
};

struct located {
    struct printed *v;
    size_t n, cap;
    const struct rubric_check *shotgun;   /* a value check whose output is a guess among
                                           * many readings (SCORE_READ_SHOTGUN), or NULL */
};

/* The printed line of a hit: the transcript's, or for a nested report (JSON
 * read as key paths) the line the extractor quotes. */
static const char *hit_line(const struct score_ctx *ctx, const struct extract_hit *hit,
                            size_t *len)
{
    const char *line = extract_line_text(ctx->out, hit->line, len);

    if (line && *len)
        return line;
    line = hit->line_text ? hit->line_text : "";
    *len = strlen(line);
    return line;
}

/* The hit's span may be relative to the text the extractor read rather than
 * the printed line: then find the number as printed on the line. */
static struct numparse_num anchor(const struct extract_hit *hit, const char *line, size_t len)
{
    struct numparse_num n = hit->num;
    size_t k = hit->text ? strlen(hit->text) : 0;

    if (!k || (n.end <= len && n.end - n.start == k && !memcmp(line + n.start, hit->text, k)))
        return n;
    for (size_t i = 0; i + k <= len; i++)
        if (!memcmp(line + i, hit->text, k) && (!i || !digit_or_point(line[i - 1])) &&
            (i + k == len || !isdigit((unsigned char)line[i + k]))) {
            n.start = i;
            n.end = i + k;
            return n;
        }
    n.end = len + 1;            /* not on its line: never looked up */
    return n;
}

static int push_printed(struct located *pl, size_t check, size_t line,
                        const struct numparse_num *num, const char *text, size_t len,
                        struct gb_err *err)
{
    struct printed *p;

    if (pl->n == pl->cap) {
        size_t nc = pl->cap ? pl->cap * 2 : 64;
        struct printed *g = realloc(pl->v, nc * sizeof *g);
        if (!g)
            return gb_fail(err, "out of memory");
        pl->v = g;
        pl->cap = nc;
    }
    if (len > TYPED_LINE_MAX)
        len = TYPED_LINE_MAX;
    p = &pl->v[pl->n];
    *p = (struct printed){ check, line, *num, malloc(len + 1), len };
    if (!p->text)
        return gb_fail(err, "out of memory");
    memcpy(p->text, text, len);
    p->text[len] = '\0';
    pl->n++;
    return 0;
}

static void located_free(struct located *pl)
{
    for (size_t i = 0; i < pl->n; i++)
        free(pl->v[i].text);
    free(pl->v);
}

static int locate_into(const struct score_ctx *ctx, const cJSON *locate, int shape, int all,
                       size_t check, struct located *pl, struct gb_err *err)
{
    struct extract_result res = EXTRACT_RESULT_INIT;
    int rc = 0;

    if (!locate)
        return 0;
    if (score_locate(ctx, locate, shape, all, &res, err)) {
        extract_result_free(&res);
        return -1;
    }
    for (size_t h = 0; h < res.n_hits && !rc; h++) {
        const struct extract_hit *hit = &res.hits[h];
        size_t len;
        const char *line = hit_line(ctx, hit, &len);
        if (shape == EXTRACT_VECTOR) {
            for (size_t k = 0; k < hit->n_nums && !rc; k++)
                rc = push_printed(pl, check, hit->line, &hit->nums[k], line, len, err);
        } else {
            struct numparse_num n = anchor(hit, line, len);
            rc = push_printed(pl, check, hit->line, &n, line, len, err);
        }
    }
    extract_result_free(&res);
    return rc;
}

/* The number a value check judged (score_value_judged: labels, look-alikes
 * and values recognised by their record alike). */
static int judged_into(const struct score_ctx *ctx, const struct rubric_check *ck,
                       size_t check, struct located *pl, struct gb_err *err)
{
    struct extract_result res = EXTRACT_RESULT_INIT;
    struct gb_buf note = GB_BUF_INIT;
    enum score_reading how;
    size_t which = 0;
    int rc = score_value_judged(ctx, ck, &res, &which, &note, &how, err);

    if (!rc && how == SCORE_READ_SHOTGUN && !pl->shotgun)
        pl->shotgun = ck;
    if (!rc && res.n_hits) {
        const struct extract_hit *hit = &res.hits[which];
        size_t len;
        const char *line = hit_line(ctx, hit, &len);
        struct numparse_num n = anchor(hit, line, len);
        rc = push_printed(pl, check, hit->line, &n, line, len, err);
    }
    gb_buf_free(&note);
    extract_result_free(&res);
    return rc;
}

static int locate_check(const struct score_ctx *ctx, const struct rubric_check *ck, size_t i,
                        struct located *pl, struct gb_err *err)
{
    size_t before = pl->n;

    switch (ck->kind) {
    case CHECK_VALUE:
        (void)before;
        return judged_into(ctx, ck, i, pl, err);
    case CHECK_VECTOR:
        return locate_into(ctx, ck->locate, EXTRACT_VECTOR, 0, i, pl, err);
    case CHECK_EACH:
        return locate_into(ctx, ck->locate, EXTRACT_SCALAR, 1, i, pl, err);
    case CHECK_RELATION:
        for (size_t k = 0; k < ck->n_operands; k++)
            if (locate_into(ctx, ck->operands[k].locate, EXTRACT_SCALAR, 0, i, pl, err))
                return -1;
        return 0;
    default:
        return 0;
    }
}

/* ---- matching ---- */

/* Does segment g hold the number printed at line[ps, pe), preceded by the
 * same text the line has before it? */
static int segment_holds(const char *g, size_t glen, const char *line, size_t ps, size_t pe)
{
    size_t n = pe - ps;

    for (size_t q = 0; q + n <= glen; q++) {
        size_t k;
        if (memcmp(g + q, line + ps, n) || (q && digit_or_point(g[q - 1])) ||
            (q + n < glen && isdigit((unsigned char)g[q + n])))
            continue;
        /* the text before it on the line (a word at least) must be in the
         * literal too: a bare "0.711 " repeated by a flood prints no label */
        k = q < ps ? q : ps;
        if (k > TYPED_CONTEXT)
            k = TYPED_CONTEXT;
        if (k >= (ps < 4 ? ps : 4) && !memcmp(g + q - k, line + ps - k, k))
            return 1;
    }
    return 0;
}

static const struct segment *in_strings(const struct literals *l, const char *line, size_t ps,
                                        size_t pe)
{
    for (size_t i = 0; i < l->n_seg; i++)
        if (segment_holds(l->strings.data + l->seg[i].off, l->seg[i].len, line, ps, pe))
            return &l->seg[i];
    return NULL;
}

/* Significant digits as written: 0.7112 -> 4, 0.50 -> 1, 1.0 -> 1, 1600 -> 2. */
static int significant_digits(const char *s, size_t n)
{
    int count = 0, zeros = 0, started = 0;

    for (size_t i = 0; i < n; i++) {
        if (s[i] == 'e' || s[i] == 'E')
            break;
        if (!isdigit((unsigned char)s[i]))
            continue;
        if (s[i] == '0') {
            zeros += started;
            continue;
        }
        count += started ? zeros + 1 : 1;
        zeros = 0;
        started = 1;
    }
    return count;
}

static int push_number(struct literals *l, double v, size_t line, struct gb_err *err)
{
    if (l->n_num == l->num_cap) {
        size_t nc = l->num_cap ? l->num_cap * 2 : 64;
        struct number *g = realloc(l->num, nc * sizeof *g);
        if (!g)
            return gb_fail(err, "out of memory reading numeric literals");
        l->num = g;
        l->num_cap = nc;
    }
    l->num[l->n_num++] = (struct number){ fabs(v), line };
    return 0;
}

/* The code's numeric literals that could be a result: two or more
 * significant digits, not part of a name (h1, step1). */
static int scan_numbers(struct literals *l, struct gb_err *err)
{
    const char *code = l->code.data;
    size_t line = 1, start = 0;

    for (size_t i = 0; i <= l->code.len; i++) {
        if (i < l->code.len && code[i] != '\n')
            continue;
        struct numparse_num num[64];
        size_t n = numparse_scan(code + start, i - start, 0, num, 64);
        for (size_t k = 0; k < n && k < 64; k++) {
            const struct numparse_num *c = &num[k];
            if (!(c->flags & (NUMPARSE_GLUED | NUMPARSE_NAN | NUMPARSE_INF)) &&
                significant_digits(code + start + c->start, c->end - c->start) >= 2 &&
                push_number(l, c->value, line, err))
                return -1;
        }
        start = i + 1;
        line++;
    }
    return 0;
}

/* A numeric literal equal to the printed number at its precision: its line. */
static size_t in_code(const struct literals *l, const struct numparse_num *p)
{
    double want = fabs(numparse_fraction(p));

    if (p->flags & (NUMPARSE_NAN | NUMPARSE_INF))
        return 0;
    for (size_t i = 0; i < l->n_num; i++)
        if (fabs(l->num[i].value - want) <= numparse_half_ulp(p) ||
            fabs(l->num[i].value - fabs(p->value)) <= numparse_half_ulp(p))
            return l->num[i].line;
    return 0;
}

/* ---- the verdict ---- */

struct finding {
    size_t checks, typed, coded;          /* checks located; typed into strings; equal to code */
    size_t explained;                     /* equal to code, but returned by the function */
    const struct printed *first_typed, *first_coded;
    const struct segment *typed_in;       /* the literal (or folded text) first_typed sits in */
    size_t coded_line;
};

/* A numeric literal equal to a printed number is explained when the
 * check says which function computes the number ("returned") and the run's
 * record shows that function returned it: the code computed it, and the
 * literal is a hand-worked or module number kept for comparison
 * (HAND_RUDE = [0.096, ..., 0.711] beside a table attend filled).  A number
 * inside a string literal is never explained: the line printed a constant. */
static int explained_by_return(const struct rubric *r, const struct printed *p,
                               const struct score_returned_record *rec)
{
    return r->checks[p->check].returned &&
           score_returned_holds(rec, p->text + p->num.start, p->num.end - p->num.start);
}

static void judge(const struct literals *l, const struct located *pl, const struct rubric *r,
                  const struct score_returned_record *rec, struct finding *f)
{
    size_t n_checks = r->n_checks;

    memset(f, 0, sizeof *f);
    for (size_t c = 0; c < n_checks; c++) {
        int seen = 0, typed = 0, coded = 0, explained = 0;
        size_t looked = 0, at;
        const struct segment *in;
        for (size_t i = 0; i < pl->n && looked < TYPED_PER_CHECK; i++) {
            const struct printed *p = &pl->v[i];
            size_t len = p->len;
            const char *line = p->text;
            if (p->check != c || p->num.end > len || p->num.start >= p->num.end)
                continue;
            looked++;
            seen = 1;
            /* 1, 1.0, 0.5 are too plain to tell typed from computed; "64-unit"
             * is a name the extractor may have misread as a value */
            if (significant_digits(line + p->num.start, p->num.end - p->num.start) < 2 ||
                (p->num.flags & (NUMPARSE_GLUED | NUMPARSE_GLUED_RIGHT)))
                continue;
            if (!typed && (in = in_strings(l, line, p->num.start, p->num.end))) {
                typed = 1;
                if (!f->first_typed)
                    f->first_typed = p, f->typed_in = in;
            } else if (!coded && (at = in_code(l, &p->num))) {
                if (explained_by_return(r, p, rec)) {
                    explained = 1;
                    continue;
                }
                coded = 1;
                if (!f->first_coded)
                    f->first_coded = p, f->coded_line = at;
            }
        }
        f->checks += seen;
        f->typed += typed;
        f->coded += coded && !typed;
        f->explained += explained && !coded && !typed;
    }
}

/* ---- literal data decoded at run time ---- */

/* Calls that turn data written into the script into other data.  method:
 * also as obj.name( — eval and exec only bare (model.eval() is torch's). */
static const struct { const char *name; int method; } decoders[] = {
    { "b64decode", 1 }, { "urlsafe_b64decode", 1 }, { "b32decode", 1 }, { "b16decode", 1 },
    { "b85decode", 1 }, { "a85decode", 1 }, { "decodebytes", 1 }, { "unhexlify", 1 },
    { "a2b_base64", 1 }, { "a2b_hex", 1 }, { "fromhex", 1 }, { "decompress", 1 },
    { "loads", 1 }, { "literal_eval", 1 }, { "frombuffer", 1 }, { "codecs.decode", 1 },
    { "eval", 0 }, { "exec", 0 },
};

#define XOR_BYTES_MIN 24   /* a bytes literal this long beside an xor is data in disguise */

static int ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static size_t line_at(const char *code, size_t at)
{
    size_t line = 1;

    for (size_t i = 0; i < at; i++)
        line += code[i] == '\n';
    return line;
}

/* The first decoder called in code (strings and comments blanked), its
 * line in *line; NULL when none. */
static const char *decoder_call(const char *code, size_t *line)
{
    for (size_t i = 0; i < sizeof decoders / sizeof decoders[0]; i++) {
        size_t n = strlen(decoders[i].name);

        for (const char *p = strstr(code, decoders[i].name); p; p = strstr(p + 1, decoders[i].name)) {
            const char *q = p + n;
            char before = p > code ? p[-1] : ' ';

            if (ident_char(before) || ident_char(*q) || (before == '.' && !decoders[i].method))
                continue;
            while (*q == ' ' || *q == '\t')
                q++;
            if (*q == '(') {
                *line = line_at(code, (size_t)(p - code));
                return decoders[i].name;
            }
        }
    }
    return NULL;
}

/* A long bytes literal (b'...' blanked to "b" and spaces) in code that also
 * xors: the classic "bytes(c ^ k for c in b'...')". */
static int xored_bytes(const char *code, size_t *line)
{
    if (!strchr(code, '^'))
        return 0;
    for (const char *p = code; (p = strpbrk(p, "bB")); p++) {
        const char *q = p + 1;
        size_t blanks = 0;

        if (p > code && ident_char(p[-1]))
            continue;
        q += *q == 'r' || *q == 'R';
        while (q[blanks] == ' ')
            blanks++;
        if (blanks >= XOR_BYTES_MIN + 2) {   /* the two quotes are blanked too */
            *line = line_at(code, (size_t)(p - code));
            return 1;
        }
    }
    return 0;
}

/* A pass (or a stray match) becomes a question when the script decodes
 * data written into it: the printed values may be that data. */
static int question_decoding(const struct score_ctx *ctx, const struct literals *l,
                             struct score_outcome *o, struct gb_err *err)
{
    const char *how;
    size_t line = 0;
    char at[SOURCE_CITE_MAX];

    if (!(how = decoder_call(l->code.data, &line)) && xored_bytes(l->code.data, &line))
        how = "xor over a bytes literal";
    if (!how)
        return 0;
    o->verdict = VERDICT_REVIEW;
    gb_buf_free(&o->message);
    return gb_buf_printf(&o->message, err, "needs human review: %s decodes data "
                         "written into the script (%s) — are the printed results computed by "
                         "the code, or decoded from a correct run's output typed in?",
                         source_cite(ctx->in->source_map, ctx->in->rubric->submission, line,
                                     at, sizeof at), how);
}

/* A live run whose note of the code's constant texts is gone or not the
 * shim's: the script removed or rewrote a file of the grader's, so what it
 * prints from constants is not known.  A human looks. */
static int question_lost_notes(struct score_outcome *o, struct gb_err *err)
{
    o->verdict = VERDICT_REVIEW;
    gb_buf_free(&o->message);
    return gb_buf_puts(&o->message, "needs human review: the run removed or rewrote the "
                       "grader's note of what the script prints from constants, so whether "
                       "the checked numbers are typed in disguise could not be read", err);
}

static int report(const struct score_ctx *ctx, const struct finding *f,
                  struct score_outcome *o, struct gb_err *err)
{
    const struct printed *p = f->first_typed ? f->first_typed : f->first_coded;
    char at[SOURCE_CITE_MAX];
    const char *line = p->text;
    int n = (int)(p->num.end - p->num.start);

    int folded = f->first_typed && f->typed_in->folded;

    source_cite(ctx->in->source_map, ctx->in->rubric->submission,
                f->first_typed ? f->typed_in->line : f->coded_line, at, sizeof at);
    if (gb_buf_printf(&o->found, err, "%zu of %zu checked values typed into strings, %zu equal "
                      "to a number in the code", f->typed, f->checks, f->coded) ||
        gb_buf_puts(&o->where, at, err))
        return -1;
    if (f->typed >= 2 && 2 * f->typed >= f->checks) {
        o->verdict = VERDICT_FAIL;
        return gb_buf_printf(&o->message, err, "%.*s (output line %zu) is printed from %s "
                             "at %s, not computed%s; the checked numbers must come from your "
                             "code's own run", n, line + p->num.start, p->line,
                             folded ? "text the code builds from constants" : "the string literal",
                             at, folded ? " (it depends on no value the run computed)" : "");
    }
    o->verdict = VERDICT_REVIEW;
    return gb_buf_printf(&o->message, err, "needs human review: %.*s (output line %zu) %s at %s "
                         "— a result typed in, or a hand-worked number kept for "
                         "comparison?", n, line + p->num.start, p->line,
                         !f->first_typed ? "equals the number written"
                         : folded ? "is also in text the code builds from constants"
                                  : "is also in the string literal", at);
}

int score_typed_check(const struct score_ctx *ctx, const struct rubric_check *ck,
                      struct score_outcome *o, struct gb_err *err)
{
    const struct rubric *r = ctx->in->rubric;
    struct literals l = { GB_BUF_INIT, NULL, 0, 0, GB_BUF_INIT, NULL, 0, 0 };
    struct located pl = { NULL, 0, 0, NULL };
    struct score_returned_record rec = { NULL, 0 };
    struct finding f;
    int rc = -1;

    (void)ck;
    if (gb_buf_puts(&o->expected, "checked values computed by the code, not typed into it", err) ||
        scan_source(ctx->in->source ? ctx->in->source : "", ctx->in->source_len, &l, err) ||
        scan_numbers(&l, err) ||
        (ctx->in->typed_notes &&
         push_folded(&l, ctx->in->typed_notes, ctx->in->typed_notes_len, err)))
        goto out;
    for (size_t i = 0; i < r->n_checks; i++) {
        struct score_ctx under = *ctx;      /* each check read under its own reading */
        const struct rubric_reading *g = rubric_find_reading(r, r->checks[i].reading);
        under.choice = g && ctx->chosen ? &g->choices[ctx->chosen[g - r->readings]] : NULL;
        if (locate_check(&under, &r->checks[i], i, &pl, err))
            goto out;
    }
    if (score_returned_load(ctx->in, &rec, err))
        goto out;
    judge(&l, &pl, r, &rec, &f);
    if (pl.shotgun) {
        /* Printing every plausible value is no computation of one. */
        o->verdict = VERDICT_FAIL;
        rc = gb_buf_puts(&o->found, "a value printed as a guess among many", err) ||
             gb_buf_printf(&o->message, err, "the output prints many different values for "
                           "what %s checks: the checked numbers must be your code's results, "
                           "each printed once", pl.shotgun->id) ? -1 : 0;
    } else if (!f.checks) {
        o->verdict = VERDICT_MISSING;
        rc = gb_buf_puts(&o->message, "no checked value was printed, so there is nothing to "
                         "judge", err);
    } else if (!f.typed && !f.coded) {
        o->verdict = VERDICT_PASS;
        rc = gb_buf_printf(&o->found, err, "none of %zu checked values is typed into %s",
                           f.checks, source_cite_name(ctx->in->source_map, r->submission));
        if (rc == 0 && f.explained)
            rc = gb_buf_printf(&o->found, err, " (%zu equal a number written in the code, "
                               "and the run shows the function that computes %s returned "
                               "%s)", f.explained, f.explained == 1 ? "it" : "them",
                               f.explained == 1 ? "it" : "them");
    } else {
        rc = report(ctx, &f, o, err);
    }
    if (rc == 0 && o->verdict != VERDICT_FAIL && o->verdict != VERDICT_MISSING)
        rc = question_decoding(ctx, &l, o, err);
    if (rc == 0 && o->verdict == VERDICT_PASS && ctx->in->typed_notes_lost)
        rc = question_lost_notes(o, err);
out:
    score_returned_record_free(&rec);
    located_free(&pl);
    free(l.seg);
    free(l.num);
    gb_buf_free(&l.strings);
    gb_buf_free(&l.code);
    return rc;
}
