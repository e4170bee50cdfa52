/* numparse.c — the number scanner behind every value the grader reads.
 *
 * One left-to-right pass.  At each byte we ask "can a number start here?"
 * (a digit, ".5", a sign, x/× before a digit, nan/inf as a whole word); if
 * so, scan_number() reads the longest literal and classifies it.  Bracket
 * depth is tracked on the way so numbers know which list they belong to.
 */
#include "extract/numparse.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define LIST_DEPTH_MAX 64
#define LITERAL_MAX 340   /* longest cleaned literal handed to strtod */

static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static int is_alpha(unsigned char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }
static int is_word(unsigned char c) { return is_alpha(c) || is_digit(c) || c == '_'; }

static int at(const char *s, size_t len, size_t i)
{
    return i < len ? (unsigned char)s[i] : -1;
}

/* U+2212 MINUS SIGN, which some students' f-strings or copy-pastes produce. */
static int is_unicode_minus(const char *s, size_t len, size_t i)
{
    return i + 2 < len && (unsigned char)s[i] == 0xE2 &&
           (unsigned char)s[i + 1] == 0x88 && (unsigned char)s[i + 2] == 0x92;
}

/* U+00D7 MULTIPLICATION SIGN: "×0.490". */
static int is_times_sign(const char *s, size_t len, size_t i)
{
    return i + 1 < len && (unsigned char)s[i] == 0xC3 && (unsigned char)s[i + 1] == 0x97;
}

static int starts_digits(const char *s, size_t len, size_t i)
{
    int c = at(s, len, i);
    return c >= 0 && (is_digit((unsigned char)c) ||
                      (c == '.' && at(s, len, i + 1) >= 0 &&
                       is_digit((unsigned char)s[i + 1])));
}

static int word_boundary_before(const char *s, size_t i)
{
    return i == 0 || !is_word((unsigned char)s[i - 1]);
}

/* Case-insensitive match of a whole word at s[i]. */
static size_t match_word(const char *s, size_t len, size_t i, const char *w)
{
    size_t n = strlen(w);
    if (i + n > len)
        return 0;
    for (size_t k = 0; k < n; k++)
        if (((unsigned char)s[i + k] | 0x20) != (unsigned char)w[k])
            return 0;
    if (i + n < len && is_word((unsigned char)s[i + n]))
        return 0;
    return n;
}

/* A sign only counts where a value can begin: "[-0.1", " -0.1", "=-1";
 * not "3-4" (a range) nor "a-1". */
static int sign_allowed_after(const char *s, size_t i)
{
    if (i == 0)
        return 1;
    unsigned char p = (unsigned char)s[i - 1];
    return !is_word(p) && p != ')' && p != ']' && p != '.';
}

struct literal {
    char buf[LITERAL_MAX + 1];
    size_t n;
};

static void lit_put(struct literal *l, char c)
{
    if (l->n < LITERAL_MAX)
        l->buf[l->n++] = c;
}

/* Reads digits with optional thousands groups of exactly three ("1,217",
 * "1_000_000").  A group that is not three digits means the separator was a
 * list comma after all ("1,2,3"), so grouping is refused for the whole run;
 * so is a number that follows a list comma itself ("10,25,50,100": the
 * 100 after 50 is the list's next item, not 50,100). */
static size_t scan_int_part(const char *s, size_t len, size_t i, unsigned options,
                            struct literal *lit, int *grouped)
{
    size_t start = i, lead;
    while (i < len && is_digit((unsigned char)s[i]))
        i++;
    lead = i - start;
    *grouped = 0;
    if (i < len && s[i] == ',' && start >= 2 && s[start - 1] == ',' &&
        is_digit((unsigned char)s[start - 2]))
        lead = 0;   /* an item of a comma list */
    if (lead >= 1 && lead <= 3 && !(lead == 1 && s[start] == '0') && i < len &&
        (s[i] == '_' || (s[i] == ',' && !(options & (NUMPARSE_OPT_NO_COMMA_GROUPS |
                                                     NUMPARSE_OPT_DECIMAL_COMMA))))) {
        char sep = s[i];
        size_t j = i, groups = 0;
        while (j + 3 < len + 0 && s[j] == sep && is_digit((unsigned char)s[j + 1]) &&
               is_digit((unsigned char)s[j + 2]) && is_digit((unsigned char)s[j + 3]) &&
               (j + 4 >= len || !is_digit((unsigned char)s[j + 4]))) {
            j += 4;
            groups++;
        }
        /* "1,217,3" or "1,2": a leftover separator followed by a digit. */
        int leftover = j + 1 < len && s[j] == sep && is_digit((unsigned char)s[j + 1]);
        if (groups > 0 && !leftover) {
            for (size_t k = start; k < j; k++)
                if (s[k] != sep)
                    lit_put(lit, s[k]);
            *grouped = 1;
            return j;
        }
    }
    for (size_t k = start; k < i; k++)
        lit_put(lit, s[k]);
    return i;
}

/* Does a word ending at s[i] bind the value after it, as a key does
 * ("secs=10.7", "secs: 10.7")? */
static int binds_next(const char *s, size_t len, size_t i)
{
    while (i < len && s[i] == ' ')
        i++;
    return i < len && (s[i] == '=' || s[i] == ':');
}

/* Units that may follow a number: time and size.  Single letters that are
 * also common words or variable names (h, m, b) are deliberately absent. */
static const char *const units[] = {
    "ms", "us", "µs", "ns", "s", "sec", "secs", "second", "seconds",
    "min", "mins", "minute", "minutes", "hr", "hrs", "hour", "hours",
    "kb", "mb", "gb", "kib", "mib", "gib", "bytes", NULL
};

static size_t scan_unit(const char *s, size_t len, size_t i, char unit[8])
{
    size_t j = i;
    if (j < len && s[j] == ' ')
        j++;
    for (const char *const *u = units; *u; u++) {
        size_t n = strlen(*u), k;
        if (j + n > len)
            continue;
        for (k = 0; k < n; k++) {
            unsigned char a = (unsigned char)s[j + k], b = (unsigned char)(*u)[k];
            if (a != b && !(is_alpha(a) && (a | 0x20) == b))
                break;
        }
        if (k < n || (j + n < len && (is_word((unsigned char)s[j + n]) ||
                                      (unsigned char)s[j + n] >= 0x80)))
            continue;
        if (binds_next(s, len, j + n))
            return 0;   /* "loss=0.0000 secs=10.7": the key of the next value */
        memcpy(unit, s + j, n);
        unit[n] = '\0';
        return j + n;
    }
    return 0;
}

/* A superscript digit or sign at s[i] (U+2070..U+2079 with their Latin-1
 * forms for 1, 2, 3; U+207A plus, U+207B minus): its value 0-9, 10 for
 * plus, 11 for minus, with *n its bytes; -1 when none. */
static int superscript(const char *s, size_t len, size_t i, size_t *n)
{
    int c0 = at(s, len, i), c1 = at(s, len, i + 1), c2 = at(s, len, i + 2);
    if (c0 == 0xC2 && (c1 == 0xB9 || c1 == 0xB2 || c1 == 0xB3)) {
        *n = 2;
        return c1 == 0xB9 ? 1 : c1 == 0xB2 ? 2 : 3;
    }
    if (c0 == 0xE2 && c1 == 0x81 && c2 >= 0xB0 && c2 <= 0xBB && c2 != 0xB1 && c2 != 0xB2 &&
        c2 != 0xB3) {
        *n = 3;
        return c2 <= 0xB9 ? c2 - 0xB0 : c2 == 0xBA ? 10 : 11;
    }
    return -1;
}

/* Skips a multiplication sign written as text: 'x', '*', '×', '·',
 * LaTeX's "\times" / "\cdot", with spaces around.  Returns where the
 * factor starts, or 0. */
static size_t skip_times(const char *s, size_t len, size_t j)
{
    while (at(s, len, j) == ' ')
        j++;
    if (at(s, len, j) == 'x' || at(s, len, j) == '*')
        j++;
    else if (is_times_sign(s, len, j) || (at(s, len, j) == 0xC2 && at(s, len, j + 1) == 0xB7))
        j += 2;   /* U+00D7 "×", U+00B7 "·" */
    else if (j + 6 <= len && memcmp(s + j, "\\times", 6) == 0)
        j += 6;
    else if (j + 5 <= len && memcmp(s + j, "\\cdot", 5) == 0)
        j += 5;
    else
        return 0;
    while (at(s, len, j) == ' ')
        j++;
    return j;
}

/* A written-out power of ten after a mantissa: "×10^-2", "x10^−17",
 * "* 10**3", "·10^5", "× 10⁻¹⁷" (superscripts), "\times 10^{-2}" (LaTeX).
 * Returns the end and sets *exp, or 0 when there is none.  "3 x 10"
 * alone (no power) is a product, not a number. */
static size_t scan_times_ten(const char *s, size_t len, size_t i, int *exp)
{
    size_t j = skip_times(s, len, i), n;
    int neg = 0, e = 0, digits = 0, sup, brace = 0;

    if (!j || at(s, len, j) != '1' || at(s, len, j + 1) != '0')
        return 0;
    j += 2;
    if (superscript(s, len, j, &n) >= 0) {
        /* "10⁻¹⁷" */
        while ((sup = superscript(s, len, j, &n)) >= 0) {
            if (sup == 11 || sup == 10) {
                if (digits || neg)
                    break;
                neg = sup == 11;
            } else {
                if (e < 100000)
                    e = e * 10 + sup;
                digits++;
            }
            j += n;
        }
        if (!digits)
            return 0;
        *exp = neg ? -e : e;
        return j;
    }
    if (at(s, len, j) == '^')
        j++;
    else if (at(s, len, j) == '*' && at(s, len, j + 1) == '*')
        j += 2;
    else
        return 0;
    if (at(s, len, j) == '{')
        brace = 1, j++;
    if (at(s, len, j) == '+' || at(s, len, j) == '-')
        neg = s[j++] == '-';
    else if (is_unicode_minus(s, len, j))
        neg = 1, j += 3;
    if (!(at(s, len, j) >= 0 && is_digit((unsigned char)s[j])))
        return 0;
    while (j < len && is_digit((unsigned char)s[j])) {
        if (e < 100000)
            e = e * 10 + (s[j] - '0');
        j++;
    }
    if (brace) {
        if (at(s, len, j) != '}')
            return 0;
        j++;
    }
    *exp = neg ? -e : e;
    return j;
}

/* Is the ',' at s[i] (after integer digits from int_start) a decimal
 * comma?  Always in a decimal-comma text; elsewhere only where a comma can
 * mean nothing else: "2,22e-16" (digits then an exponent) and "0,44" (no
 * thousands group starts with 0), and never in CSV. */
static int decimal_comma(const char *s, size_t len, size_t int_start, size_t i, unsigned options)
{
    size_t j = i + 1;

    if (i >= len || s[i] != ',' || !(j < len && is_digit((unsigned char)s[j])) ||
        (options & NUMPARSE_OPT_NO_COMMA_GROUPS))
        return 0;
    if (options & NUMPARSE_OPT_DECIMAL_COMMA)
        return 1;
    while (j < len && is_digit((unsigned char)s[j]))
        j++;
    if (j + 1 < len && (s[j] == 'e' || s[j] == 'E') &&
        (is_digit((unsigned char)s[j + 1]) ||
         ((s[j + 1] == '-' || s[j + 1] == '+') && j + 2 < len && is_digit((unsigned char)s[j + 2]))))
        return 1;
    return i == int_start + 1 && s[int_start] == '0' &&
           !(j + 1 < len && (s[j] == ',' || s[j] == '.') && is_digit((unsigned char)s[j + 1]));
}

/* Reads the digits, point, fraction and exponent at s[i]; returns the end,
 * or 0 when what follows is a dotted version string like 1.13.0 (which is
 * not a value and is skipped by the caller). */
static size_t scan_mantissa(const char *s, size_t len, size_t i, unsigned options,
                            struct literal *lit, struct numparse_num *n)
{
    int grouped = 0, has_point = 0;
    size_t int_start = i;
    if (is_digit((unsigned char)s[i]))
        i = scan_int_part(s, len, i, options, lit, &grouped);
    if (grouped)
        n->flags |= NUMPARSE_THOUSANDS;
    if (i < len && (s[i] == '.' || (!grouped && decimal_comma(s, len, int_start, i, options)))) {
        has_point = 1;
        lit_put(lit, '.');
        i++;
        while (i < len && is_digit((unsigned char)s[i])) {
            lit_put(lit, s[i++]);
            n->decimals++;
        }
        if (n->decimals == 0)
            n->flags |= NUMPARSE_TRAILING_POINT;
        if (n->decimals > 0 && i + 1 < len && s[i] == '.' && is_digit((unsigned char)s[i + 1]))
            return 0;
    }
    if (i + 1 < len && (s[i] == 'e' || s[i] == 'E')) {
        size_t j = i + 1;
        int neg = 0, e = 0;
        if (j < len && (s[j] == '+' || s[j] == '-'))
            neg = s[j++] == '-';
        if (j < len && is_digit((unsigned char)s[j])) {
            lit_put(lit, 'e');
            if (neg)
                lit_put(lit, '-');
            while (j < len && is_digit((unsigned char)s[j])) {
                if (e < 100000)
                    e = e * 10 + (s[j] - '0');
                lit_put(lit, s[j++]);
            }
            n->exponent = neg ? -e : e;
            n->flags |= NUMPARSE_EXPONENT;
            i = j;
        }
    }
    if (!(n->flags & NUMPARSE_EXPONENT)) {
        int e;
        size_t j = scan_times_ten(s, len, i, &e);
        if (j) {
            char buf[16];
            snprintf(buf, sizeof buf, "e%d", e);
            for (const char *p = buf; *p; p++)
                lit_put(lit, *p);
            n->exponent = e;
            n->flags |= NUMPARSE_EXPONENT;
            i = j;
        }
    }
    if (!has_point && !(n->flags & NUMPARSE_EXPONENT))
        n->flags |= NUMPARSE_INTEGER;
    return i;
}

/* nan / inf / infinity as a whole word at s[i]; returns the end or 0. */
static size_t scan_special(const char *s, size_t len, size_t i, struct numparse_num *n)
{
    size_t k;
    if ((k = match_word(s, len, i, "nan"))) {
        n->value = NAN;
        n->flags |= NUMPARSE_NAN;
        return i + k;
    }
    if ((k = match_word(s, len, i, "infinity")) || (k = match_word(s, len, i, "inf"))) {
        n->value = INFINITY;
        n->flags |= NUMPARSE_INF;
        return i + k;
    }
    return 0;
}

#define NO_NUMBER ((size_t)-1)

/* Where the digits begin after an optional sign and x/× prefix at s[i];
 * NO_NUMBER when no number starts here.  Sets *neg and the SIGNED/FACTOR flags. */
static size_t scan_prefix(const char *s, size_t len, size_t i, int *neg,
                          struct numparse_num *n)
{
    size_t j = i;
    int factor = 0;

    if (s[j] == 'x' && word_boundary_before(s, j) && j + 1 < len && starts_digits(s, len, j + 1)) {
        factor = 1;
        j++;
    } else if (is_times_sign(s, len, j) && starts_digits(s, len, j + 2)) {
        factor = 2;
        j += 2;
    }
    if (!factor && sign_allowed_after(s, j)) {
        if (s[j] == '+' || s[j] == '-') {
            *neg = s[j] == '-';
            j++;
            n->flags |= NUMPARSE_SIGNED;
        } else if (is_unicode_minus(s, len, j)) {
            *neg = 1;
            j += 3;
            n->flags |= NUMPARSE_SIGNED;
        }
        if (j == i)
            ;
        else if (!(starts_digits(s, len, j) ||
                   (j < len && (match_word(s, len, j, "nan") || match_word(s, len, j, "inf") ||
                                match_word(s, len, j, "infinity")))))
            return NO_NUMBER;
    }
    if (factor == 1) {
        /* "x2" is a name (a glued integer); "x0.490" is a factor. */
        size_t k = j;
        while (k < len && is_digit((unsigned char)s[k]))
            k++;
        if (!(k < len && s[k] == '.' && k + 1 < len && is_digit((unsigned char)s[k + 1])))
            return NO_NUMBER;
    }
    if (factor)
        n->flags |= NUMPARSE_FACTOR;
    return j;
}

static void classify_neighbours(const char *s, size_t len, size_t start, size_t end,
                                struct numparse_num *n)
{
    if (start > 0) {
        unsigned char p = (unsigned char)s[start - 1];
        if (is_alpha(p) || p == '_')
            n->flags |= NUMPARSE_GLUED;
        else if (p == '=' && start > 1 && is_word((unsigned char)s[start - 2]))
            n->flags |= NUMPARSE_GLUED;
        else if (p == '-' && start > 1 && is_alpha((unsigned char)s[start - 2]))
            n->flags |= NUMPARSE_GLUED;   /* a name: "mlp-64", "MLP-64", "LSTM-3" */
        else if (p == '#' && (start == 1 || s[start - 2] == ' ' || s[start - 2] == '\t' ||
                              s[start - 2] == '(' || s[start - 2] == '['))
            n->flags |= NUMPARSE_GLUED;   /* a rank or an index: "#2 logistic", "row #3" */
    }
    if (end < len) {
        unsigned char c = (unsigned char)s[end];
        if (is_alpha(c) || c == '_' ||
            (c == '-' && end + 1 < len && is_alpha((unsigned char)s[end + 1])))
            n->flags |= NUMPARSE_GLUED_RIGHT;
    }
}

static size_t scan_denominator(const char *s, size_t len, size_t start, size_t end,
                               unsigned options, struct numparse_num *n);

/* Reads one number starting at s[i] (where a start was detected); returns
 * its end, or i when there is none.  *skip_to is set past text that must
 * not be re-scanned (a version string). */
static size_t scan_number(const char *s, size_t len, size_t i, unsigned options,
                          struct numparse_num *n, size_t *skip_to)
{
    struct literal lit = { .n = 0 };
    int neg = 0;
    size_t j, end;

    memset(n, 0, sizeof *n);
    n->list = -1;
    *skip_to = i;
    j = scan_prefix(s, len, i, &neg, n);
    if (j == NO_NUMBER)
        return i;
    if (!starts_digits(s, len, j)) {
        if (!word_boundary_before(s, j) && j == i)
            return i;
        end = scan_special(s, len, j, n);
        if (!end)
            return i;
        if (neg)
            n->value = -n->value;
    } else {
        end = scan_mantissa(s, len, j, options, &lit, n);
        if (end == 0) {
            size_t k = j;
            while (k < len && (is_digit((unsigned char)s[k]) || s[k] == '.'))
                k++;
            *skip_to = k;
            return i;
        }
        lit.buf[lit.n] = '\0';
        n->value = strtod(lit.buf, NULL);
        if (neg)
            n->value = -n->value;
    }
    /* Suffixes: "2.2x", "74.0%", "74.0 %", "3.8 s", "66.6ms". */
    if (end < len && s[end] == 'x' && !(n->flags & NUMPARSE_FACTOR) &&
        (end + 1 >= len || !is_word((unsigned char)s[end + 1]))) {
        n->flags |= NUMPARSE_FACTOR;
        end++;
    } else if (end < len && s[end] == '%') {
        n->flags |= NUMPARSE_PERCENT;
        end++;
    } else if (end + 1 < len && s[end] == ' ' && s[end + 1] == '%') {
        n->flags |= NUMPARSE_PERCENT;
        end += 2;
    } else {
        end = scan_denominator(s, len, i, end, options, n);
    }
    n->start = i;
    n->end = end;
    if (!(n->flags & (NUMPARSE_PERCENT | NUMPARSE_FACTOR | NUMPARSE_RATIO)) &&
        scan_unit(s, len, end, n->unit))
        n->flags |= NUMPARSE_UNIT;
    classify_neighbours(s, len, i, end, n);
    if (n->flags & NUMPARSE_UNIT)
        n->flags &= ~NUMPARSE_GLUED_RIGHT;
    return end;
}

/* Offset of the first non-space byte at or after i (at most len). */
static size_t skip_spaces(const char *s, size_t len, size_t i)
{
    while (i < len && s[i] == ' ')
        i++;
    return i;
}

/* A plain count: unsigned integer digits only (thousands groups allowed). */
static int is_count(const struct numparse_num *n)
{
    return (n->flags & NUMPARSE_INTEGER) &&
           !(n->flags & (NUMPARSE_SIGNED | NUMPARSE_PERCENT | NUMPARSE_FACTOR |
                         NUMPARSE_NAN | NUMPARSE_INF | NUMPARSE_EXPONENT));
}

/* "2244/4000": after the count n ending at s[end], an optional-space '/'
 * and a count no smaller than n that no further '/' follows.  A slash
 * just before n, or after the denominator, makes a chain (a date): not a
 * ratio.  Returns the ratio's end and sets n->denom, or end unchanged. */
static size_t scan_denominator(const char *s, size_t len, size_t start, size_t end,
                               unsigned options, struct numparse_num *n)
{
    struct numparse_num d;
    size_t b = start, j = skip_spaces(s, len, end), dend, skip;

    while (b > 0 && s[b - 1] == ' ')
        b--;
    if ((options & NUMPARSE_OPT_SLASH_LISTS) || !is_count(n) || (b > 0 && s[b - 1] == '/') ||
        j >= len || s[j] != '/')
        return end;
    j = skip_spaces(s, len, j + 1);
    if (j >= len || !is_digit((unsigned char)s[j]))
        return end;
    dend = scan_number(s, len, j, options, &d, &skip);
    if (dend == j || !is_count(&d) || (d.flags & (NUMPARSE_GLUED_RIGHT | NUMPARSE_UNIT)) ||
        d.value <= 0 || n->value > d.value ||
        (skip_spaces(s, len, dend) < len && s[skip_spaces(s, len, dend)] == '/'))
        return end;
    n->denom = d.value;
    n->flags |= NUMPARSE_RATIO;
    return dend;
}

static int can_start(const char *s, size_t len, size_t i)
{
    unsigned char c = (unsigned char)s[i];
    if (is_digit(c))
        return 1;
    if (c == '.' || c == '+' || c == '-' || c == 'x' || c == 0xE2 || c == 0xC3)
        return 1;
    return (c | 0x20) == 'n' || (c | 0x20) == 'i' ? word_boundary_before(s, i) && len > i : 0;
}

size_t numparse_scan(const char *text, size_t len, unsigned options,
                     struct numparse_num *out, size_t max)
{
    int stack[LIST_DEPTH_MAX];
    int depth = 0, overflow = 0, next_list = 0;
    size_t count = 0, i = 0;

    if (!text)
        return 0;
    while (i < len) {
        unsigned char c = (unsigned char)text[i];
        if (c == '[' || c == '(') {
            if (depth < LIST_DEPTH_MAX)
                stack[depth++] = next_list++;
            else
                overflow++;
            i++;
            continue;
        }
        if (c == ']' || c == ')') {
            if (overflow)
                overflow--;
            else if (depth > 0)
                depth--;
            i++;
            continue;
        }
        if (can_start(text, len, i)) {
            struct numparse_num n;
            size_t skip, end = scan_number(text, len, i, options, &n, &skip);
            if (end > i) {
                if (depth > 0) {
                    n.list = stack[depth - 1];
                    n.flags |= NUMPARSE_IN_LIST;
                }
                if (count < max)
                    out[count] = n;
                count++;
                i = end;
                continue;
            }
            if (skip > i) {
                i = skip;
                continue;
            }
        }
        /* Skip the rest of a word so "abc12" yields only the glued 12 and
         * "info" never reads as "inf". */
        if (is_alpha(c) && c != 'x') {
            while (i < len && is_alpha((unsigned char)text[i]))
                i++;
            continue;
        }
        i++;
    }
    return count;
}

int numparse_one(const char *text, size_t len, struct numparse_num *out)
{
    struct numparse_num n[2];
    size_t b = 0, e = len;

    if (!text)
        return -1;
    while (b < e && (text[b] == ' ' || text[b] == '\t'))
        b++;
    while (e > b && (text[e - 1] == ' ' || text[e - 1] == '\t' || text[e - 1] == '\n'))
        e--;
    if (numparse_scan(text + b, e - b, 0, n, 2) != 1 || n[0].start != 0)
        return -1;
    if (n[0].end != e - b) {
        /* Only a unit may follow: "3.8 s". */
        size_t rest = n[0].end;
        while (rest < e - b && text[b + rest] == ' ')
            rest++;
        if (!(n[0].flags & NUMPARSE_UNIT) || rest + strlen(n[0].unit) != e - b)
            return -1;
    }
    *out = n[0];
    return 0;
}

double numparse_fraction(const struct numparse_num *n)
{
    return (n->flags & NUMPARSE_PERCENT) ? n->value / 100.0 : n->value;
}

double numparse_quotient(const struct numparse_num *n)
{
    return (n->flags & NUMPARSE_RATIO) ? n->value / n->denom : numparse_fraction(n);
}

double numparse_half_ulp(const struct numparse_num *n)
{
    if (n->flags & (NUMPARSE_NAN | NUMPARSE_INF))
        return 0.0;
    return 0.5 * pow(10.0, (double)(n->exponent - n->decimals));
}

int numparse_seconds(const struct numparse_num *n, double *seconds)
{
    static const struct { const char *unit; double scale; } time_units[] = {
        { "ns", 1e-9 }, { "us", 1e-6 }, { "µs", 1e-6 }, { "ms", 1e-3 },
        { "s", 1.0 }, { "sec", 1.0 }, { "secs", 1.0 }, { "second", 1.0 },
        { "seconds", 1.0 }, { "min", 60.0 }, { "mins", 60.0 }, { "minute", 60.0 },
        { "minutes", 60.0 }, { "hr", 3600.0 }, { "hrs", 3600.0 }, { "hour", 3600.0 },
        { "hours", 3600.0 },
    };
    if (!(n->flags & NUMPARSE_UNIT))
        return -1;
    for (size_t k = 0; k < sizeof time_units / sizeof time_units[0]; k++) {
        if (strcasecmp(n->unit, time_units[k].unit) == 0) {
            *seconds = n->value * time_units[k].scale;
            return 0;
        }
    }
    return -1;
}
