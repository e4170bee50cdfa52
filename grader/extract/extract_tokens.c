/* extract_tokens.c — bytes into atoms: words, numbers and Chinese words.
 *
 * extract_tokenize() cuts a line into the atoms every reader works on; the
 * label lexicon cuts runs of Chinese characters, which print no spaces
 * between words.  Also the atom-level facts the transcript and the readers
 * share: is an atom a given word, a structure word ("Part", "Teil"), is a
 * line a part's heading ("[Part 2]").
 */
#include "extract/extract_int.h"

#include <stdint.h>
#include <string.h>
#include <strings.h>

#define ATOMS_PER_LINE_MAX 16384

static int is_alpha(unsigned char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }

/* Bytes of the letter at s[0..len): 1 for an ASCII letter, 2 for a Latin
 * one with a diacritic, 0 for anything else. */
static size_t letter_at(const char *s, size_t len)
{
    return is_alpha((unsigned char)s[0]) ? 1 : extract_latin_letter(s, len, NULL);
}

/* ---- Chinese ---------------------------------------------------------- */

/* The code point of the three-byte character at s, 0 for any other. */
static unsigned cp3(const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;

    if (len < 3 || (u[0] & 0xF0) != 0xE0 || (u[1] & 0xC0) != 0x80 || (u[2] & 0xC0) != 0x80)
        return 0;
    return ((unsigned)(u[0] & 0x0F) << 12) | ((unsigned)(u[1] & 0x3F) << 6) | (u[2] & 0x3Fu);
}

/* A letter of a script written without spaces between words: Chinese
 * ideographs, and Thai, Lao, Khmer and Myanmar letters and vowel marks. */
static int is_ideograph(unsigned cp)
{
    return (cp >= 0x3400 && cp <= 0x4DBF) || (cp >= 0x4E00 && cp <= 0x9FFF) ||
           (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0x0E01 && cp <= 0x0E4E) ||
           (cp >= 0x0E81 && cp <= 0x0ECE) || (cp >= 0x1780 && cp <= 0x17D3) ||
           (cp >= 0x1000 && cp <= 0x103F);
}

/* Chinese and full-width punctuation: "：", "，", "（", "。", "、". */
static int is_cjk_punct(unsigned cp)
{
    return (cp >= 0x3000 && cp <= 0x303F) || (cp >= 0xFF01 && cp <= 0xFF0F) ||
           (cp >= 0xFF1A && cp <= 0xFF20) || (cp >= 0xFF3B && cp <= 0xFF40) ||
           (cp >= 0xFF5B && cp <= 0xFF65);
}

/* 1: an ideograph, 2: Chinese punctuation, 0: neither. */
static int cjk_at(const char *s, size_t len)
{
    unsigned cp = cp3(s, len);
    return is_ideograph(cp) ? 1 : is_cjk_punct(cp) ? 2 : 0;
}

/* Chinese (and Thai) print no spaces between words: a run of ideographs
 * is cut at the label lexicon's words, longest first ("训练准确率" is train +
 * accuracy, "วินาทีเทรน" seconds + train); the characters between known words stay one atom each run,
 * and punctuation ends a word as a space would.  Returns where the run
 * ended. */
static size_t cjk_words(const char *s, size_t i, size_t stop,
                        void (*emit)(void *ctx, const struct xatom *a), void *ctx,
                        size_t *count)
{
    size_t unknown = i;

    while (i < stop && *count < ATOMS_PER_LINE_MAX) {
        int kind = cjk_at(s + i, stop - i);
        size_t known = kind == 1 ? extract_lexicon_cjk_word(s + i, stop - i) : 0;
        if (kind == 1 && !known) {
            i += 3;
            continue;
        }
        if (i > unknown) {
            struct xatom a = { s + unknown, (uint32_t)(i - unknown), -1 };
            emit(ctx, &a);
            (*count)++;
        }
        if (!kind)
            return i;
        if (known) {
            struct xatom a = { s + i, (uint32_t)known, -1 };
            emit(ctx, &a);
            (*count)++;
        }
        i += known ? known : 3;
        unknown = i;
    }
    if (i > unknown && *count < ATOMS_PER_LINE_MAX) {
        struct xatom a = { s + unknown, (uint32_t)(i - unknown), -1 };
        emit(ctx, &a);
        (*count)++;
    }
    return i;
}

/* LaTeX commands that dress a value or a title ("\\textbf{1.0000}",
 * "\\section*{Part 4: ...}") are markup around the words, never one of
 * them; the commands that build a table ("\\hline", "\\begin{tabular}")
 * stay words, which the table reader knows. */
static int latex_markup(const char *s, size_t i, size_t j)
{
    static const char *const commands[] = { "textbf", "textit", "texttt", "emph", "mathbf",
                                            "mathrm", "text", "underline", "section",
                                            "subsection", "subsubsection", "paragraph", NULL };

    if (i == 0 || s[i - 1] != '\\' || (i > 1 && s[i - 2] == '\\'))
        return 0;
    for (const char *const *c = commands; *c; c++)
        if (strlen(*c) == j - i && !strncmp(s + i, *c, j - i))
            return 1;
    return 0;
}

size_t extract_markup_name(const char *s, size_t len)
{
    size_t n = 0;

    if (len == 0 || !is_alpha((unsigned char)s[0]))
        return 0;
    while (n < len && (is_alpha((unsigned char)s[n]) || (s[n] >= '0' && s[n] <= '9') ||
                       s[n] == '_' || s[n] == '-' || s[n] == '.' || s[n] == ':'))
        n++;
    return n;
}

/* The end of a closing markup tag at s[i] ("</shrink_per_step>"), or i. */
static size_t closing_tag(const char *s, size_t len, size_t i)
{
    size_t j, n;

    if (i + 2 >= len || s[i + 1] != '/' || !(n = extract_markup_name(s + i + 2, len - i - 2)))
        return i;
    j = i + 2 + n;
    return j < len && s[j] == '>' ? j + 1 : i;
}

size_t extract_tokenize(const char *s, size_t len, const struct numparse_num *nums,
                        size_t n_nums, size_t num_base,
                        void (*emit)(void *ctx, const struct xatom *a), void *ctx)
{
    size_t i = 0, k = 0, count = 0, tag_end;

    while (i < len && count < ATOMS_PER_LINE_MAX) {
        unsigned char c = (unsigned char)s[i];
        if (k < n_nums && i >= nums[k].start) {
            struct xatom a = { s + nums[k].start, (uint32_t)(nums[k].end - nums[k].start),
                               (int32_t)(num_base + k) };
            emit(ctx, &a);
            count++;
            i = nums[k].end;
            if (nums[k].flags & NUMPARSE_UNIT) {
                /* The unit belongs to the number, not to the words. */
                size_t j = i;
                while (j < len && s[j] == ' ')
                    j++;
                j += strlen(nums[k].unit);
                if (j <= len)
                    i = j;
            }
            k++;
            continue;
        }
        if (c == '<' && (tag_end = closing_tag(s, len, i)) > i) {
            /* "</grad>": the element's name again, no label of its value */
            i = tag_end;
            while (k < n_nums && nums[k].start < i)
                k++;
            continue;
        }
        if (c >= 0xE0 && cjk_at(s + i, (k < n_nums ? nums[k].start : len) - i)) {
            size_t stop = k < n_nums ? nums[k].start : len;
            i = cjk_words(s, i, stop, emit, ctx, &count);
            continue;
        }
        if (is_alpha(c) || c >= 0x80) {
            size_t j = i, stop = k < n_nums ? nums[k].start : len, step;
            if (letter_at(s + i, stop - i)) {
                /* a word: ASCII letters and accented Latin ones ("après") */
                while (j < stop && (step = letter_at(s + j, stop - j)))
                    j += step;
            } else {
                /* other non-ASCII (Greek, maths): its own atom; decoration is none */
                while (j < stop && (unsigned char)s[j] >= 0x80 && !letter_at(s + j, stop - j))
                    j++;
                if (extract_decoration(s + i, j - i)) {
                    i = j;
                    continue;
                }
            }
            if (latex_markup(s, i, j)) {
                i = j;
                continue;
            }
            struct xatom a = { s + i, (uint32_t)(j - i), -1 };
            emit(ctx, &a);
            count++;
            i = j;
            continue;
        }
        i++;
    }
    return count;
}

int extract_atom_is(const struct xatom *a, const char *w)
{
    return a->num < 0 && a->len == strlen(w) && !strncasecmp(a->p, w, a->len);
}

/* "Part", "Step", "Exercise", "Q": a word that says how a text is
 * organised, not what any course is about — in the student's language too
 * ("Parte 4", "Teil 2", "Sawaal 3": the label lexicon gives its English). */
int extract_structure_word(const struct xatom *a)
{
    static const char *const words[] = { "part", "section", "step", "task", "exercise",
                                          "question", "q", "problem", "stage", NULL };
    const char *en = a->num < 0 ? extract_lexicon_english(a->p, a->len) : NULL;

    for (const char *const *w = words; *w; w++)
        if (extract_atom_is(a, *w) || (en && !strcmp(en, *w)))
            return 1;
    return 0;
}

/* "[Part 2]", "--- Step 3 ---", "Part 2:": a line whose only words are a
 * structure word and its number; that number, else 0. */
long extract_part_number(const struct extract_transcript *t, const struct xline *ln)
{
    const struct xatom *a = t->atoms + ln->atom0;
    const struct numparse_num *n;

    if (ln->n_atoms != 2 || !extract_structure_word(&a[0]) || a[1].num < 0)
        return 0;
    n = &t->nums[a[1].num];
    if (!(n->flags & NUMPARSE_INTEGER) || n->value < 1 || n->value > 1000)
        return 0;
    return (long)n->value;
}
