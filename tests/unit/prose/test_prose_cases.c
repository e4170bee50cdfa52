/* test_prose_cases.c — the prose case tables and the mutation check over the
 * prose lexicon (grader/prose/prose_lexicon.h).
 *
 * tests/cases/prose_*.tsv hold one case a line, tab-separated:
 *
 *   kind  input  query  expected
 *
 * kind       input                 query                        expected
 * stance     a sentence            the mention (first match)    said|unsure|denied
 * own        a sentence            the "not" of a contrast tag  yes|no
 * bound      a sentence            the number                   yes|no
 * negates    a rubric keyword      -                            yes|no
 * compares   a rubric keyword      -                            yes|no
 * sentences  a text                -                            how many sentences
 * ideas      a text                groups: "a|b;c" (window 1)   said|review|unsure|denied|absent
 * claim      a text                claim=a|b;right=..;wrong=..;other=..;step=..;number=N
 *                                                               right|wrong|none
 *
 * Inputs may write \n, \t and \xNN.  Lines starting with '#' are comments.
 * Every failing row is reported (file:line, input, expected, got).
 *
 * The mutation check then blanks each lexicon entry in turn (and moves each
 * limit one step each way), reruns every case, and requires some case to
 * change: an entry no case needs is listed and fails the test.
 */
#include <check.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prose/prose.h"
#include "prose/prose_claim.h"
#include "prose/prose_lexicon.h"
#include "prose/prose_scope.h"
#include "score/rubric.h"

#define MAX_CASES 4096
#define MAX_FIELD 2048

struct pcase {
    char file[128];
    int line;
    char kind[16];
    char input[MAX_FIELD];
    size_t input_len;
    char query[MAX_FIELD];
    char expected[32];
};

static struct pcase cases[MAX_CASES];
static size_t n_cases;

/* ---- reading the tables ---- */

static size_t unescape(const char *s, char *out)
{
    size_t n = 0;

    for (; *s; s++) {
        if (*s == '\\' && s[1] == 'n') {
            out[n++] = '\n';
            s++;
        } else if (*s == '\\' && s[1] == 't') {
            out[n++] = '\t';
            s++;
        } else if (*s == '\\' && s[1] == 'x' && s[2] && s[3]) {
            char hex[3] = { s[2], s[3], 0 };
            out[n++] = (char)strtol(hex, NULL, 16);
            s += 3;
        } else {
            out[n++] = *s;
        }
    }
    out[n] = '\0';
    return n;
}

static void read_table(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[3 * MAX_FIELD];
    int ln = 0;

    ck_assert_msg(f != NULL, "cannot open %s", path);
    while (fgets(line, sizeof line, f)) {
        char *field[4], *save = NULL;
        struct pcase *c = &cases[n_cases];
        int nf = 0;
        ln++;
        line[strcspn(line, "\r\n")] = '\0';
        if (!line[0] || line[0] == '#')
            continue;
        for (char *p = strtok_r(line, "\t", &save); p && nf < 4; p = strtok_r(NULL, "\t", &save))
            field[nf++] = p;
        ck_assert_msg(nf == 4, "%s:%d: want 4 tab-separated fields, have %d", path, ln, nf);
        ck_assert_msg(n_cases < MAX_CASES, "more than %d cases", MAX_CASES);
        snprintf(c->file, sizeof c->file, "%s", path);
        c->line = ln;
        snprintf(c->kind, sizeof c->kind, "%s", field[0]);
        c->input_len = unescape(field[1], c->input);
        unescape(field[2], c->query);
        snprintf(c->expected, sizeof c->expected, "%s", field[3]);
        n_cases++;
    }
    fclose(f);
}

static void read_tables(void)
{
    glob_t g;

    n_cases = 0;
    ck_assert_msg(glob("tests/cases/prose_*.tsv", 0, NULL, &g) == 0,
                  "no tests/cases/prose_*.tsv here: run from the repository root");
    for (size_t i = 0; i < g.gl_pathc; i++)
        read_table(g.gl_pathv[i]);
    globfree(&g);
}

/* ---- running one case ---- */

static const char *const stance_names[] = { "said", "unsure", "denied", "absent" };

/* Splits "a|b|c" in place into v (at most max). */
static size_t split(char *s, char sep, char **v, size_t max)
{
    size_t n = 0;

    if (!*s)
        return 0;
    while (n < max) {
        char *e = strchr(s, sep);
        v[n++] = s;
        if (!e)
            break;
        *e = '\0';
        s = e + 1;
    }
    return n;
}

static const char *yes(int b)
{
    return b ? "yes" : "no";
}

static size_t offset_of(const struct pcase *c)
{
    const char *at = strstr(c->input, c->query);

    ck_assert_msg(at != NULL, "%s:%d: query \"%s\" not in the input", c->file, c->line, c->query);
    return (size_t)(at - c->input);
}

static const char *run_stance(const struct pcase *c)
{
    size_t at = offset_of(c);
    struct prose_scope_hit h;
    struct gb_err err;
    int rc;

    if (prose_scope_negator_at(c->input, c->input_len, at))
        rc = prose_scope_negation(c->input, c->input_len, at, strlen(c->query), &h, &err);
    else
        rc = prose_scope_mention(c->input, c->input_len, at, strlen(c->query), &h, &err);
    ck_assert_int_eq(rc, 0);
    return stance_names[h.stance];
}

static const char *run_ideas(const struct pcase *c)
{
    char q[MAX_FIELD], *gv[8], *kv[8][16];
    struct rubric_strings groups[8];
    size_t ng;
    struct prose p;
    struct prose_ideas f;
    struct gb_err err;
    const char *r;

    snprintf(q, sizeof q, "%s", c->query);
    ng = split(q, ';', gv, 8);
    for (size_t g = 0; g < ng; g++)
        groups[g] = (struct rubric_strings){ kv[g], split(gv[g], '|', kv[g], 16) };
    ck_assert_int_eq(prose_split(c->input, c->input_len, &p, &err), 0);
    ck_assert_int_eq(prose_find_ideas_scoped(&p, groups, ng, 1, &f, &err), 0);
    r = f.first >= 0 ? (f.aside >= 0 ? "review" : "said")
        : f.near >= 0 ? stance_names[f.stance] : "absent";
    prose_free(&p);
    return r;
}

static const char *run_claim(const struct pcase *c)
{
    char q[MAX_FIELD], *fv[8], *kv[6][16];
    struct rubric_strings claim = { NULL, 0 };
    struct rubric_about ab;
    struct prose_claim_spec spec = { &claim, &ab, 0 };
    struct prose_claim_tie tie;
    struct prose p;
    struct gb_err err;
    size_t nf;

    memset(&ab, 0, sizeof ab);
    snprintf(q, sizeof q, "%s", c->query);
    nf = split(q, ';', fv, 8);
    for (size_t i = 0; i < nf && i < 6; i++) {
        char *eq = strchr(fv[i], '=');
        struct rubric_strings *dst;
        ck_assert_msg(eq != NULL, "%s:%d: claim field without '='", c->file, c->line);
        *eq = '\0';
        if (!strcmp(fv[i], "number")) {
            spec.number = strtod(eq + 1, NULL);
            ab.has_number = 1;
            continue;
        }
        dst = !strcmp(fv[i], "claim") ? &claim : !strcmp(fv[i], "right") ? &ab.right
              : !strcmp(fv[i], "wrong") ? &ab.wrong : !strcmp(fv[i], "other") ? &ab.other
              : !strcmp(fv[i], "step") ? &ab.number_words : NULL;
        ck_assert_msg(dst != NULL, "%s:%d: unknown claim field %s", c->file, c->line, fv[i]);
        *dst = (struct rubric_strings){ kv[i], split(eq + 1, '|', kv[i], 16) };
    }
    ck_assert_int_eq(prose_split(c->input, c->input_len, &p, &err), 0);
    ck_assert_int_eq(prose_claim_judge(&p, 0, p.n, &spec, &tie, &err), 0);
    prose_free(&p);
    return tie.verdict == PROSE_CLAIM_RIGHT ? "right"
           : tie.verdict == PROSE_CLAIM_WRONG ? "wrong" : "none";
}

/* The case's result, in buf. */
static const char *run(const struct pcase *c, char *buf, size_t cap)
{
    struct gb_err err;
    struct prose p;
    size_t from;
    int b;

    if (!strcmp(c->kind, "stance"))
        return run_stance(c);
    if (!strcmp(c->kind, "own")) {
        ck_assert_int_eq(prose_scope_own_choice_tag(c->input, c->input_len, offset_of(c), &b,
                                                    &err), 0);
        return yes(b);
    }
    if (!strcmp(c->kind, "bound")) {
        ck_assert_int_eq(prose_scope_bound_at(c->input, c->input_len, offset_of(c), &b, &from,
                                              &err), 0);
        return yes(b);
    }
    if (!strcmp(c->kind, "negates"))
        return yes(prose_scope_keyword_negates(c->input));
    if (!strcmp(c->kind, "compares"))
        return yes(prose_scope_keyword_compares(c->input));
    if (!strcmp(c->kind, "sentences")) {
        ck_assert_int_eq(prose_split(c->input, c->input_len, &p, &err), 0);
        snprintf(buf, cap, "%zu", p.n);
        prose_free(&p);
        return buf;
    }
    if (!strcmp(c->kind, "ideas"))
        return run_ideas(c);
    if (!strcmp(c->kind, "claim"))
        return run_claim(c);
    if (!strcmp(c->kind, "readable"))
        return yes(prose_readable(c->input, c->input_len));
    ck_abort_msg("%s:%d: unknown kind %s", c->file, c->line, c->kind);
    return NULL;
}

/* Results of every case into res (32 bytes each). */
static void run_all(char (*res)[32])
{
    for (size_t i = 0; i < n_cases; i++) {
        char buf[32];
        snprintf(res[i], 32, "%s", run(&cases[i], buf, sizeof buf));
    }
}

START_TEST(test_every_case_holds)
{
    static char res[MAX_CASES][32];
    size_t failed = 0;

    read_tables();
    ck_assert_uint_gt(n_cases, 0);
    run_all(res);
    for (size_t i = 0; i < n_cases; i++)
        if (strcmp(res[i], cases[i].expected)) {
            fprintf(stderr, "%s:%d: %s \"%s\" [%s]: expected %s, got %s\n", cases[i].file,
                    cases[i].line, cases[i].kind, cases[i].input, cases[i].query,
                    cases[i].expected, res[i]);
            failed++;
        }
    fprintf(stderr, "prose cases: %zu rows, %zu failing\n", n_cases, failed);
    ck_assert_msg(!failed, "%zu of %zu prose cases fail (listed above)", failed, n_cases);
}
END_TEST

/* ---- the mutation check ---- */

struct table {
    const char *name;
    const char **v;
};

#define TABLE(t) { #t, prose_lexicon_##t }
static const struct table tables[] = {
    TABLE(negators), TABLE(litotes), TABLE(openers), TABLE(auxiliaries), TABLE(not_a_denial),
    TABLE(undoers), TABLE(hedges), TABLE(comparatives), TABLE(than_words), TABLE(bound_phrases),
    TABLE(negating_keywords), TABLE(compare_keywords),
    TABLE(first_person), TABLE(other_subjects), TABLE(clause_words), TABLE(ordinals),
    TABLE(not_named_after), TABLE(not_named_before), TABLE(pronouns), TABLE(abbreviations),
    TABLE(before_number), TABLE(question_words), TABLE(superlative_clauses),
    TABLE(english_common),
};

struct limit {
    const char *name;
    size_t *v;
};

#define LIMIT(t) { #t, &prose_lexicon_##t }
static const struct limit limits[] = {
    LIMIT(look_back), LIMIT(close), LIMIT(tag_words), LIMIT(undo_reach), LIMIT(aux_run),
    LIMIT(readable_words), LIMIT(readable_min),
};

static char base[MAX_CASES][32], now[MAX_CASES][32];

/* Does some case change from the unmutated run? */
static int some_case_changes(void)
{
    run_all(now);
    for (size_t i = 0; i < n_cases; i++)
        if (strcmp(base[i], now[i]))
            return 1;
    return 0;
}

/* A word no text holds: the entry blanked without shortening its list. */
static const char blank[] = "\x7f";

START_TEST(test_every_entry_has_a_case)
{
    size_t entries = 0, unjustified = 0;

    read_tables();
    run_all(base);
    for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++)
        for (size_t e = 0; tables[t].v[e]; e++) {
            const char *keep = tables[t].v[e];
            entries++;
            tables[t].v[e] = blank;
            if (!some_case_changes()) {
                fprintf(stderr, "unjustified: prose_lexicon_%s \"%s\"\n", tables[t].name, keep);
                unjustified++;
            }
            tables[t].v[e] = keep;
        }
    for (size_t l = 0; l < sizeof limits / sizeof limits[0]; l++)
        for (int step = -1; step <= 1; step += 2) {
            size_t keep = *limits[l].v;
            entries++;
            *limits[l].v = keep + (size_t)step;
            if (!some_case_changes()) {
                fprintf(stderr, "unjustified: prose_lexicon_%s %zu -> %zu\n", limits[l].name,
                        keep, *limits[l].v);
                unjustified++;
            }
            *limits[l].v = keep;
        }
    fprintf(stderr, "prose lexicon: %zu entries and limit moves, %zu without a case\n", entries,
            unjustified);
    ck_assert_msg(!unjustified, "%zu lexicon entries or limits have no case (listed above)",
                  unjustified);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("prose_cases");
    TCase *tc = tcase_create("cases");
    SRunner *sr;
    int failed;

    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_every_case_holds);
    tcase_add_test(tc, test_every_entry_has_a_case);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : 0;
}
