/* extract_words.c — characters and words: the bottom of the extract stage.
 *
 * What a byte run is (a Latin letter with an accent, decoration drawn for
 * the eye), how a word folds (case, accents), when two words are the same
 * word (plural, abbreviation), whether a number is a library's version, and
 * the growth of the stage's arrays.  It calls nothing of the stage but the
 * reference markers' role words, so every other extract file may call it.
 */
#include "extract/extract_int.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int extract_grow(void **arr, size_t *cap, size_t need, size_t elem, struct gb_err *err)
{
    size_t ncap;
    void *p;

    if (need <= *cap)
        return 0;
    ncap = *cap ? *cap : 64;
    while (ncap < need) {
        if (ncap > SIZE_MAX / 2 / elem)
            return gb_fail(err, "out of memory indexing the output");
        ncap *= 2;
    }
    p = realloc(*arr, ncap * elem);
    if (!p)
        return gb_fail(err, "out of memory indexing the output");
    *arr = p;
    *cap = ncap;
    return 0;
}

/* Base letters of U+00C0..U+017F, lower case ('*' for x and /, which are no
 * letters): "précision" is the word "precision" with an accent, one word. */
static const char latin_base[] =
    "aaaaaaaceeeeiiii" "dnooooo*ouuuuyts" "aaaaaaaceeeeiiii" "dnooooo*ouuuuyty"
    "aaaaaaccccccccdd" "ddeeeeeeeeeegggg" "gggghhhhiiiiiiii" "iijjjjkkklllllll"
    "lllnnnnnnnnnoooo" "oooorrrrrrssssss" "ssttttttuuuuuuuu" "uuuuwwyyyzzzzzzs";

size_t extract_latin_letter(const char *s, size_t len, char *base)
{
    unsigned char c0, c1;
    unsigned cp;

    if (len < 2)
        return 0;
    c0 = (unsigned char)s[0];
    c1 = (unsigned char)s[1];
    if (c0 < 0xC3 || c0 > 0xC5 || (c1 & 0xC0) != 0x80)
        return 0;
    cp = ((unsigned)(c0 & 0x1F) << 6) | (c1 & 0x3F);
    if (cp < 0xC0 || cp > 0x17F || latin_base[cp - 0xC0] == '*')
        return 0;
    if (base)
        *base = latin_base[cp - 0xC0];
    return 2;
}

/* A run of characters drawn for the eye, not read: arrows, block bars
 * ("████▌"), shapes, symbols and emoji ("✅ 📉"), bullets, dots and the
 * norm bars of "‖g‖".  A human reads "before clipping: 20.58 ████" as the
 * label and its value; as words they would end the line in a label. */
int extract_decoration(const char *s, size_t len)
{
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)s[i];
        size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        unsigned cp;
        if (i + n > len || n == 1)
            return 0;
        cp = n == 2 ? (c & 0x1Fu) : n == 3 ? (c & 0x0Fu) : (c & 0x07u);
        for (size_t k = 1; k < n; k++)
            cp = (cp << 6) | ((unsigned char)s[i + k] & 0x3Fu);
        if (!(cp == 0xB7 || cp == 0x2016 || cp == 0x2022 || cp == 0x2026 || cp == 0x200D ||
              cp == 0xFE0F || (cp >= 0x2190 && cp <= 0x21FF) || (cp >= 0x2500 && cp <= 0x27BF) ||
              (cp >= 0x27F0 && cp <= 0x27FF) || (cp >= 0x2B00 && cp <= 0x2BFF) ||
              (cp >= 0x1F000 && cp <= 0x1FAFF)))
            return 0;
        i += n;
    }
    return len > 0;
}

/* A Greek letter (U+0386..U+03CE) folded as a Greek reader compares
 * words: capitals to lower case, the tonos and dialytika dropped, final
 * sigma as sigma ("ΑΚΡΊΒΕΙΑ", "ακρίβεια" and "ακριβεια" are one word);
 * 0 for any other code point. */
static unsigned greek_base(unsigned cp)
{
    /* the accented letters' bases, indexed by code point from U+0386 (a
     * lookup, not a scan: every Greek letter of every word passes here) */
#define GREEK_ACCENT(from, to) [(from) - 0x386] = (to) - 0x380
    static const unsigned char accented[0x3CF - 0x386] = {
        GREEK_ACCENT(0x386, 0x3B1), GREEK_ACCENT(0x388, 0x3B5), GREEK_ACCENT(0x389, 0x3B7),
        GREEK_ACCENT(0x38A, 0x3B9), GREEK_ACCENT(0x38C, 0x3BF), GREEK_ACCENT(0x38E, 0x3C5),
        GREEK_ACCENT(0x38F, 0x3C9), GREEK_ACCENT(0x390, 0x3B9), GREEK_ACCENT(0x3AA, 0x3B9),
        GREEK_ACCENT(0x3AB, 0x3C5), GREEK_ACCENT(0x3AC, 0x3B1), GREEK_ACCENT(0x3AD, 0x3B5),
        GREEK_ACCENT(0x3AE, 0x3B7), GREEK_ACCENT(0x3AF, 0x3B9), GREEK_ACCENT(0x3B0, 0x3C5),
        GREEK_ACCENT(0x3C2, 0x3C3), GREEK_ACCENT(0x3CA, 0x3B9), GREEK_ACCENT(0x3CB, 0x3C5),
        GREEK_ACCENT(0x3CC, 0x3BF), GREEK_ACCENT(0x3CD, 0x3C5), GREEK_ACCENT(0x3CE, 0x3C9),
    };
#undef GREEK_ACCENT

    if (cp >= 0x386 && cp < 0x3CF && accented[cp - 0x386])
        return 0x380u + accented[cp - 0x386];
    if (cp >= 0x391 && cp <= 0x3A9 && cp != 0x3A2)
        return cp + 0x20;
    return cp >= 0x3B1 && cp <= 0x3C9 ? cp : 0;
}

size_t extract_fold_word(const char *w, size_t len, char *out, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < len && n < max;) {
        char base;
        size_t step = extract_latin_letter(w + i, len - i, &base);
        unsigned char c0 = (unsigned char)w[i], c1 = i + 1 < len ? (unsigned char)w[i + 1] : 0;
        if (!step && c0 == 0xD0 && c1 >= 0x80 && c1 <= 0xAF && n + 2 <= max) {
            /* Cyrillic capitals (U+0400..U+042F) to lower case; Ё is Е */
            unsigned cp = c1 == 0x81 ? 0x435 : 0x400u + (c1 & 0x3Fu) + (c1 >= 0x90 ? 0x20 : 0x50);
            out[n++] = (char)(0xC0 | (cp >> 6));
            out[n++] = (char)(0x80 | (cp & 0x3F));
            i += 2;
            continue;
        }
        if (!step && (c0 == 0xCE || c0 == 0xCF) && (c1 & 0xC0) == 0x80 && n + 2 <= max) {
            unsigned g = greek_base(((unsigned)(c0 & 0x1F) << 6) | (c1 & 0x3Fu));
            if (g) {
                out[n++] = (char)(0xC0 | (g >> 6));
                out[n++] = (char)(0x80 | (g & 0x3F));
                i += 2;
                continue;
            }
        }
        if (!step && c0 == 0xD1 && c1 == 0x91 && n + 2 <= max) {
            out[n++] = (char)0xD0;   /* ё is е */
            out[n++] = (char)0xB5;
            i += 2;
            continue;
        }
        out[n++] = step ? base : (char)extract_lower((unsigned char)w[i]);
        i += step ? step : 1;
    }
    return n;
}

/* The byte length of the character that starts at s[0]. */
static size_t char_len(const char *s, size_t len)
{
    unsigned char c = (unsigned char)s[0];
    size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    return n <= len ? n : len;
}

/* Do the characters at a[at] and b[at] stay different when folded?  Then so
 * do the words: the bytes before `at` are the same in both, so they fold
 * alike.  Asked before folding two whole words: a Korean or Russian label
 * meets an English query word at its first character, and folding both
 * words for every such pair was most of grading a Korean or Russian
 * memory_lab. */
static int chars_differ(const char *a, size_t alen, const char *b, size_t blen, size_t at)
{
    char fa[4], fb[4];
    size_t na = extract_fold_word(a + at, char_len(a + at, alen - at), fa, sizeof fa);
    size_t nb = extract_fold_word(b + at, char_len(b + at, blen - at), fb, sizeof fb);
    return na != nb || memcmp(fa, fb, na) != 0;
}

/* The rest of a word after its stem is a verb's inflection with its last
 * consonant doubled ("clip" + "ped", "clip" + "ping"): the participle of a
 * short verb, another word than the verb.  Without the doubling the stem
 * is the word's ("train" of "training", "shuffl" of "shuffled"). */
static int inflected(const char *rest, size_t n, char last)
{
    char c = extract_lower((unsigned char)last);

    if (n < 3 || extract_lower((unsigned char)rest[0]) != c || strchr("aeiou", c))
        return 0;
    return (n == 3 && !strncasecmp(rest + 1, "ed", 2)) ||
           (n == 4 && !strncasecmp(rest + 1, "ing", 3));
}

int extract_word_eq(const char *a0, size_t alen0, const char *b0, size_t blen0)
{
    char fa[128], fb[128];
    const char *a = a0, *b = b0;
    size_t alen = alen0, blen = blen0, n = alen < blen ? alen : blen, k;
    int high;

    for (k = 0; k < n; k++)
        if (extract_lower((unsigned char)a[k]) != extract_lower((unsigned char)b[k]))
            break;
    high = k < n && ((unsigned char)a[k] >= 0x80 || (unsigned char)b[k] >= 0x80);
    if (high) {
        size_t at = k;   /* the start of the character that differs */
        while (at > 0 && ((unsigned char)a[at] & 0xC0) == 0x80)
            at--;
        if (chars_differ(a, alen, b, blen, at))
            return 0;
    }
    if (high || (k == n && alen != blen && (unsigned char)(alen > blen ? a : b)[n] >= 0x80)) {
        /* the rare accented word: compare again with accents dropped */
        alen = extract_fold_word(a0, alen0, fa, sizeof fa);
        blen = extract_fold_word(b0, blen0, fb, sizeof fb);
        a = fa;
        b = fb;
        n = alen < blen ? alen : blen;
        for (k = 0; k < n; k++)
            if (a[k] != b[k])
                break;
    }
    if (k == n && alen == blen)
        return 3;
    if (k < n)
        return 0;
    /* One is a prefix of the other: plural, or an abbreviation. */
    {
        const char *longer = alen > blen ? a : b;
        size_t ll = alen > blen ? alen : blen;
        if (ll == n + 1 && extract_lower((unsigned char)longer[n]) == 's')
            return 3;
        if (ll == n + 2 && extract_lower((unsigned char)longer[n]) == 'e' &&
            extract_lower((unsigned char)longer[n + 1]) == 's')
            return 3;
        /* "min" abbreviates "minimum", never the role word "mine"; and a
         * short verb is no abbreviation of its participle: "clip" names the
         * operation, "clipped" the value after it ("before clip: 20.58") */
        if (n >= 3 && (unsigned char)a0[0] < 0x80 && !extract_refmark_role_word(longer, ll) &&
            !inflected(longer + n, ll - n, longer[n - 1]))
            return 2;
    }
    return 0;
}

/* Words a Python repr adds around values: never part of a label. */
int extract_is_noise_word(const struct xatom *a)
{
    static const char *const noise[] = { "tensor", "array", "dtype", "float", "np",
                                         "torch", "grad", "fn", NULL };
    if (a->num >= 0)
        return 0;
    for (const char *const *w = noise; *w; w++)
        if (strlen(*w) == a->len && extract_word_eq(*w, a->len, a->p, a->len) == 3)
            return 1;
    return 0;
}

int extract_num_eq(double a, double b)
{
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    return a == b;
}

/* "torch 1.13", "numpy 1.24.2", "python 3.11": a number right after a
 * library's name, a single space between, is its version: part of the name,
 * never a measurement ("gap vs torch: 2.22e-16" has a colon between). */
int extract_version_number(const struct extract_transcript *t, const struct xline *ln,
                           const struct numparse_num *n)
{
    static const char *const libraries[] = { "torch", "pytorch", "numpy", "python", "cuda",
                                             NULL };
    const char *s = t->text + ln->off;
    size_t e = n->start, b;

    /* a version is written plainly: "numpy 2.220e-16" or "vs numpy -0.3" is a
     * measurement named after the library it was compared with */
    if (e < 2 || s[e - 1] != ' ' || (n->flags & (NUMPARSE_EXPONENT | NUMPARSE_SIGNED |
                                                 NUMPARSE_PERCENT | NUMPARSE_FACTOR)))
        return 0;
    for (b = --e; b > 0 && (unsigned)((s[b - 1] | 0x20) - 'a') < 26u; b--)
        ;
    for (const char *const *w = libraries; *w; w++)
        if (e - b == strlen(*w) && !strncasecmp(s + b, *w, e - b))
            return 1;
    return 0;
}

int extract_enclosing_group(const char *s, size_t len, size_t at, size_t *open, size_t *close)
{
    int depth = 0;
    size_t i = at;

    while (i-- > 0) {
        if (s[i] == ')' || s[i] == ']')
            depth++;
        else if ((s[i] == '(' || s[i] == '[') && depth-- == 0)
            break;
    }
    if (i == (size_t)-1)
        return 0;
    *open = i + 1;
    for (depth = 0, i = at; i < len; i++) {
        if (s[i] == '(' || s[i] == '[')
            depth++;
        else if ((s[i] == ')' || s[i] == ']') && depth-- == 0)
            break;
    }
    if (i >= len)
        return 0;
    *close = i;
    return 1;
}

/* The dots students print between fields ("train 83.9% · test 49.5%"):
 * U+00B7, U+2022, U+2219, U+22C5.  The length of the one at s[i], else 0. */
static size_t separator_dot(const char *s, size_t i, size_t to)
{
    static const char *const dots[] = { "\xc2\xb7", "\xe2\x80\xa2", "\xe2\x88\x99",
                                        "\xe2\x8b\x85" };
    for (size_t k = 0; k < sizeof dots / sizeof *dots; k++) {
        size_t n = strlen(dots[k]);
        if (i + n <= to && memcmp(s + i, dots[k], n) == 0)
            return n;
    }
    return 0;
}

/* Do the bytes between two atoms separate fields (a comma, a bar, a tab,
 * a brace, a separator dot, or two spaces) rather than join the words of
 * one label?  Spaces after an '=' pad a value to its width ("secs=   2.0"
 * from f"{secs=:6.1f}"): the name and its value stay one field. */
int extract_gap_separates(const char *s, size_t from, size_t to)
{
    int spaces = 0, bound = 0;
    for (size_t i = from; i < to; i++) {
        char c = s[i];
        if (c == ',' || c == ';' || c == '|' || c == '\t' || c == '{' || c == '}' ||
            separator_dot(s, i, to))
            return 1;
        bound |= c == '=';
        spaces = c == ' ' ? spaces + 1 : 0;
        if (spaces >= 2 && !bound)
            return 1;
    }
    return 0;
}

int extract_joined_by(const struct xatom *x, const struct xatom *y, char c)
{
    int seen = 0;

    for (const char *p = x->p + x->len; p < y->p; p++) {
        if (*p == c)
            seen++;
        else if (*p != ' ' && *p != '\t')
            return 0;
    }
    return seen;
}
