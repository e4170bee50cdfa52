/* extract_inline_labels.c — an inline value after its label: "label: value", key=value, prose.
 *
 * A line is cut into label/value segments at top-level separators and
 * wherever words follow numbers ("min 0.448 mean 0.504"): a label's value
 * is the next free number, never one past a separator where another label
 * opens (extract_pick_inline_value).  A column may be named only above the
 * line (extract_column_above); a number printed right before the column's
 * words may be its value (extract_value_before_label); and prose binds a
 * value to the label in its own clause (extract_value_in_clause).
 */
#include "extract/extract_int.h"

#include <string.h>
#include <strings.h>

#define SEGS_MAX 512

/* ---- inline: "label: value", key=value, dicts, prose ------------------ */

struct seg {
    size_t a0, a1;          /* atoms [a0, a1) */
    int value_first;        /* "297 'very'": the numbers come before their label */
    int hard;               /* opened at a separator, not where words follow numbers */
};

int extract_has_word_between(const struct xatom *a, size_t from, size_t to)
{
    for (size_t k = from; k < to; k++)
        if (a[k].num < 0)
            return 1;
    return 0;
}

static int has_number(const struct xatom *a, size_t from, size_t to)
{
    for (size_t k = from; k < to; k++)
        if (a[k].num >= 0)
            return 1;
    return 0;
}

/* Closes segment [start, end).  Words left alone after a soft cut ("297
 * 'very'" before a comma) label the numbers before them: merge them back. */
static size_t close_seg(const struct xatom *a, struct seg *segs, size_t n, size_t start,
                        size_t end, int soft)
{
    if (soft && n > 0 && !has_number(a, start, end)) {
        segs[n - 1].a1 = end;
        segs[n - 1].value_first = 1;
        return n;
    }
    segs[n].a0 = start;
    segs[n].a1 = end;
    segs[n].value_first = a[start].num >= 0;
    segs[n].hard = !soft;
    return n + 1;
}

/* "Parte 4 -- conferindo com o PyTorch", "largest gap, part 3 inputs:":
 * a whole number right after a structure word names which part, question
 * or task the words are about; it is part of the label, never a reading.
 * After "step" only on a heading ("### Part 3 — a query matrix (Step 6's
 * Wq)"): elsewhere this course's steps are keys a line may be about
 * ("step 50: 1.0", "earliest step above the threshold: step 10"). */
static int names_a_part(const struct extract_transcript *t, const struct xline *ln,
                        const struct xatom *a, size_t i)
{
    const struct numparse_num *n;
    const char *en;

    if (i < 1 || a[i].num < 0 || a[i - 1].num >= 0 || !extract_structure_word(&a[i - 1]))
        return 0;
    en = extract_lexicon_english(a[i - 1].p, a[i - 1].len);
    if ((extract_atom_is(&a[i - 1], "step") || (en && !strcmp(en, "step"))) &&
        ln->kind != XLINE_HEADING)
        return 0;
    if (a[i].p != a[i - 1].p + a[i - 1].len + 1 || a[i].p[-1] != ' ')
        return 0;   /* "Part:4" or "Q\t4" print no name */
    n = &t->nums[a[i].num];
    return (n->flags & NUMPARSE_INTEGER) && n->value >= 1 && n->value <= 1000;
}

/* Cuts a line into label/value segments: at top-level separators, then
 * wherever words follow numbers ("min 0.448 mean 0.504"). */
static size_t segment_line(const struct extract_transcript *t, const struct xline *ln,
                           struct seg *segs, size_t max)
{
    const char *s = t->text + ln->off;
    const struct xatom *a = t->atoms + ln->atom0;
    size_t n = 0, start = 0, depth_pos = 0;
    int depth = 0, soft = 0;

    for (size_t i = 0; i < ln->n_atoms && n + 1 < max; i++) {
        size_t from = i ? (size_t)(a[i - 1].p + a[i - 1].len - s) : 0;
        size_t to = (size_t)(a[i].p - s);
        int hard = 0, cut = 0;
        for (; depth_pos < to; depth_pos++) {
            if (s[depth_pos] == '(' || s[depth_pos] == '[')
                depth++;
            else if ((s[depth_pos] == ')' || s[depth_pos] == ']') && depth > 0)
                depth--;
        }
        if (i > 0 && depth == 0 && extract_gap_separates(s, from, to))
            hard = cut = 1;
        if (!cut && i > 0 && a[i - 1].num >= 0 && a[i].num < 0 && depth == 0 &&
            !names_a_part(t, ln, a, i - 1))
            /* numbers then words: a new label, unless this segment began with
             * its numbers ("297 'very'"), where the words label them. */
            cut = a[start].num < 0 || extract_has_word_between(a, start, i);
        if (cut) {
            n = close_seg(a, segs, n, start, i, soft);
            soft = !hard;
            start = i;
        }
    }
    if (n < max && start < ln->n_atoms)
        n = close_seg(a, segs, n, start, ln->n_atoms, soft);
    return n;
}

int extract_consumed(const struct match *m, int have, size_t idx)
{
    return have && extract_used_at(m, m->n_items, 0, idx);
}

/* A sentence printed after its score ("P 0.000   delivery was not good"):
 * the label is the last segment, has no numbers and at least three words. */
static int text_after_score(const struct xatom *a, const struct seg *sg, size_t n_atoms)
{
    if (sg->a1 != n_atoms || sg->a1 - sg->a0 < 3 || sg->a0 == 0 || a[sg->a0 - 1].num < 0)
        return 0;
    return !has_number(a, sg->a0, sg->a1);
}

/* Words Python, JSON and people print where a value is missing. */
static int is_null_word(const struct xatom *a, size_t n_after)
{
    static const char *const nulls[] = { "none", "null", "nil", "na", "undefined", NULL };
    if (a->num >= 0)
        return 0;
    if (a->len == 1 && (a->p[0] | 0x20) == 'n' && n_after > 1 && a[1].num < 0 &&
        a[1].len == 1 && (a[1].p[0] | 0x20) == 'a' && a[1].p == a->p + 2 && a->p[1] == '/')
        return 1;   /* "n/a" */
    for (const char *const *w = nulls; *w; w++)
        if (strlen(*w) == a->len && strncasecmp(*w, a->p, a->len) == 0)
            return 1;
    return 0;
}

/* Does a segment open with a word (noise like "tensor" aside)?  Then it
 * is another label's, with its own value. */
static int opens_with_word(const struct xatom *a, const struct seg *sg)
{
    for (size_t i = sg->a0; i < sg->a1; i++)
        if (!extract_is_noise_word(&a[i]))
            return a[i].num < 0;
    return 0;
}

/* "trained in 31.2 s and scored 1.000 on training rows": a number with a
 * unit of time is no value of a column whose words say nothing of time —
 * while the line offers a number without one ("t20: 950 ms" alone stays
 * t20's value). */
static int is_timed(const struct numparse_num *n)
{
    double seconds;
    return (n->flags & NUMPARSE_UNIT) && numparse_seconds(n, &seconds) == 0;
}

static int time_for_no_time(const struct numparse_num *n, const struct match *cm)
{
    static const char *const time_words[] = { "s", "sec", "secs", "second", "seconds", "time",
                                              "ms", "wall", "clock", "duration", "min",
                                              "minutes", "took", NULL };
    if (!cm || !cm->phrase || !is_timed(n))
        return 0;
    for (size_t k = 0; k < cm->phrase->n; k++)
        for (const char *const *w = time_words; cm->phrase->items[k].w && *w; w++)
            if (cm->phrase->items[k].wlen == strlen(*w) &&
                !strncasecmp(cm->phrase->items[k].w, *w, cm->phrase->items[k].wlen))
                return 0;
    return 1;
}

/* Whether atoms [lo, hi] hold a free number without a unit of time; a
 * number keying a value ("LSTM@20=4.1s") is a name, not one. */
static int has_untimed(const struct extract_transcript *t, const struct xline *ln, size_t lo,
                       size_t hi, const struct match *rm, int have_r, const struct match *cm)
{
    const struct xatom *a = t->atoms + ln->atom0;
    for (size_t i = lo; i <= hi && i < ln->n_atoms; i++) {
        const struct numparse_num *n;
        size_t end;
        if (a[i].num < 0 || extract_consumed(rm, have_r, i) || extract_consumed(cm, 1, i))
            continue;
        n = &t->nums[a[i].num];
        end = n->end;
        if (extract_glued_to_word(t, ln, n) || is_timed(n) ||
            (end < ln->len && (t->text[ln->off + end] == '=' || t->text[ln->off + end] == ':')))
            continue;
        return 1;
    }
    return 0;
}

static int same_word(const struct xatom *a, const char *w)
{
    return a->num < 0 && a->len == strlen(w) && !strncasecmp(a->p, w, a->len);
}

/* "after clipping with a threshold of 1.0 it is 5.0000": a number that is
 * "of" another noun the query does not name is that noun's value (a
 * setting); when the label's segment goes on to another number, that one
 * is the label's. */
static int noun_of_its_own(const struct xatom *a, size_t i, const struct seg *segs,
                           size_t n_segs, size_t k, const struct match *rm, int have_r,
                           const struct match *cm, int have_c)
{
    size_t end = k < n_segs ? segs[k].a1 : i + 1;

    while (k + 1 < n_segs && !segs[k + 1].hard)   /* "1.0 it is 5.0000": words after a
                                                   * number open no new clause */
        end = segs[++k].a1;

    if (i < 2 || !same_word(&a[i - 1], "of") || a[i - 2].num >= 0 ||
        extract_consumed(rm, have_r, i - 2) || extract_consumed(cm, have_c, i - 2))
        return 0;
    for (size_t j = i + 1; j < end; j++)
        if (a[j].num >= 0)
            return 1;
    return 0;
}

/* "the 64-unit model's 'not' score on 20 fresh test sets": a whole number
 * after a preposition and right before a word counts that word's things
 * (sets, rows, steps, epochs); it is the sentence's quantity, not the
 * value its label asks for. */
static int counts_a_noun(const struct extract_transcript *t, const struct xline *ln, size_t i)
{
    static const char *const before[] = { "on", "over", "across", "for", "in", "with", "from",
                                          "after", "within", "per", "among", "into", NULL };
    const struct xatom *a = t->atoms + ln->atom0;
    const char *gap;

    if (i < 1 || i + 1 >= ln->n_atoms || a[i + 1].num >= 0 ||
        !(t->nums[a[i].num].flags & NUMPARSE_INTEGER))
        return 0;
    gap = a[i].p + a[i].len;
    if (a[i + 1].p != gap + 1 || *gap != ' ')
        return 0;   /* "on 20: 0.57" or "in 20, ..." name no things */
    for (const char *const *w = before; *w; w++)
        if (same_word(&a[i - 1], *w))
            return 1;
    return 0;
}

/* "(seeds 12..31)": an end of a range the student wrote with "..", never
 * a result. */
static int range_end(const struct extract_transcript *t, const struct xline *ln, size_t i)
{
    const struct xatom *a = t->atoms + ln->atom0;
    const char *s = t->text + ln->off, *end = s + ln->len;
    const char *p = a[i].p, *q = a[i].p + a[i].len;

    if (q + 1 < end && q[0] == '.' && q[1] == '.')
        return 1;
    if (q < end && q[0] == '.' && q > p && q[-1] == '.')
        return 1;   /* "12." took the first dot of "12..31" */
    if (p - s >= 1 && p[0] == '.' && p[-1] == '.')
        return 1;   /* ".31" left of "12..31" */
    return p - s >= 2 && p[-1] == '.' && p[-2] == '.';
}

/* A number in a note inside the label: "largest difference (3 decimals):
 * 0.000", "max diff (rounded to 3 dp): 0.0003".  The parenthesis closes
 * before the ':' or '=' that the value follows, so a human reads the
 * number after it; the 3 says how the value was printed. */
static int in_label_note(const struct extract_transcript *t, const struct xline *ln, size_t i)
{
    const struct xatom *a = t->atoms + ln->atom0;
    const char *s = t->text + ln->off;
    size_t at = (size_t)(a[i].p - s), open, close, j;

    if (!extract_enclosing_group(s, ln->len, at, &open, &close) || open == 0 ||
        s[open - 1] != '(')
        return 0;
    for (j = close + 1; j < ln->len && (s[j] == ' ' || s[j] == '\t'); j++)
        ;
    if (j >= ln->len || (s[j] != ':' && s[j] != '='))
        return 0;
    for (size_t k = i + 1; k < ln->n_atoms; k++)
        if (a[k].num >= 0 && (size_t)(a[k].p - s) > j)
            return 1;
    return 0;
}

/* A row read by its numbers' places ("res_rnn_T20 =" over "20.0000  30.7016
 * 1.0000  1.0000"): a number before the first value that is one of the row's
 * own key numbers (length 20) is that key printed again, not a column. */
static int row_key_again(const struct match *rm, int have_r, const struct numparse_num *n)
{
    if (!have_r || !rm->phrase)
        return 0;
    for (size_t k = 0; k < rm->phrase->n; k++)
        if (rm->phrase->items[k].has_num && extract_num_eq(n->value, rm->phrase->items[k].num))
            return 1;
    return 0;
}

/* The nth free value number after the anchor atom, segment-aware.  The
 * value never comes from past a separator where a segment opens with its
 * own label: "step 50: n/a  factor: 0.490" printed no step-50 value, and
 * 0.490 is the factor's ("step 50 blame: 0.076" and "loss 0.2 then nan" go
 * on: no separator).  "step 1: None" printed none either.  A segment that
 * opens with a reading ("target: 0.490  got: 0.620") is the same value's. */
long extract_pick_inline_value(const struct extract_transcript *t, const struct xline *ln,
                               long anchor, const struct match *rm, int have_r,
                               const struct match *cm, int have_c, int nth)
{
    const struct xatom *a = t->atoms + ln->atom0;
    struct seg segs[SEGS_MAX];
    size_t n_segs = segment_line(t, ln, segs, SEGS_MAX), from = 0, home = n_segs, k = 0;
    int seen = 0, crossed = 0, untimed, qualifier, by_place = nth < 0;

    nth = by_place ? -nth : nth;
    if (anchor >= 0) {
        from = (size_t)anchor + 1;
        for (size_t s = 0; s < n_segs; s++) {
            if ((size_t)anchor >= segs[s].a0 && (size_t)anchor < segs[s].a1) {
                home = s;
                if (segs[s].value_first)
                    from = segs[s].a0;   /* "297 'very'": the label follows its numbers */
                else if (s > 0 && text_after_score(a, &segs[s], ln->n_atoms))
                    from = segs[s - 1].a0;   /* "0.000   delivery was not good ..." */
                break;
            }
        }
    }
    untimed = have_c && has_untimed(t, ln, from, ln->n_atoms - 1, rm, have_r, cm);
    if (anchor >= 0 && from == (size_t)anchor + 1 && from < ln->n_atoms &&
        is_null_word(&a[anchor + 1], ln->n_atoms - (size_t)anchor - 1))
        return -1;   /* "step 1: None" printed no value for step 1 */
    /* "largest gap, output  2.22e-16": a label with no number of its own,
     * a comma, then words and a number: those words say which gap, as a
     * qualifier would ("step 50: - | factor 0.911" printed no step 50; a
     * second word segment is another reading's label) */
    qualifier = home + 1 < n_segs && !has_number(a, from, segs[home].a1) &&
                extract_joined_by(&a[segs[home].a1 - 1], &a[segs[home + 1].a0], ',') == 1;
    for (size_t i = from; i < ln->n_atoms; i++) {
        const struct numparse_num *n;
        while (k + 1 < n_segs && i >= segs[k].a1) {
            k++;
            crossed |= k > home && segs[k].hard;   /* a separator between label and value */
        }
        if (home < n_segs && k > home && i == segs[k].a0 && opens_with_word(a, &segs[k]) &&
            crossed && !extract_consumed(rm, have_r, i) && !extract_consumed(cm, have_c, i) &&
            !extract_refmark_opens_reading(a + i, segs[k].a1 - i) &&
            !(qualifier && k == home + 1))
            break;
        if (a[i].num < 0 || extract_consumed(rm, have_r, i) || extract_consumed(cm, have_c, i))
            continue;
        n = &t->nums[a[i].num];
        if (extract_glued_to_word(t, ln, n) || (untimed && time_for_no_time(n, cm)) ||
            (nth == 1 && noun_of_its_own(a, i, segs, n_segs, k, rm, have_r, cm, have_c)) ||
            counts_a_noun(t, ln, i) || range_end(t, ln, i) || names_a_part(t, ln, a, i) ||
            in_label_note(t, ln, i) ||
            (by_place && seen == 0 && row_key_again(rm, have_r, n)))
            continue;
        if (++seen == nth)
            return a[i].num;
    }
    return -1;
}

/* Value numbers (not part of a name) printed after atom anchor. */
static int values_after(const struct extract_transcript *t, const struct xline *ln, long anchor)
{
    const struct xatom *a = t->atoms + ln->atom0;
    int n = 0;
    for (size_t i = anchor < 0 ? 0 : (size_t)anchor + 1; i < ln->n_atoms; i++)
        n += a[i].num >= 0 && !extract_glued_to_word(t, ln, &t->nums[a[i].num]);
    return n;
}

/* The atom of the first value number after atom anchor, or n_atoms. */
static size_t first_value_after(const struct extract_transcript *t, const struct xline *ln,
                                long anchor)
{
    const struct xatom *a = t->atoms + ln->atom0;
    size_t i = anchor < 0 ? 0 : (size_t)anchor + 1;
    while (i < ln->n_atoms && (a[i].num < 0 || extract_glued_to_word(t, ln, &t->nums[a[i].num])))
        i++;
    return i;
}

/* "per-step factor:" over "gain 0.5: 0.490", or {"per_step": {"gain 0.5":
 * 0.49}}: a row named in full on its own line, printing one value, takes
 * its column from its title, enclosing keys or heading.  With several
 * values on the line the words above cannot say which one they name; with
 * words between the row and its value the line is a sentence of its own
 * ("gain 1.0 ... stays above 1/1000 of the last step"), which the words
 * above do not describe. */
/* Is w a word of one of ps's phrases? */
static int phrase_set_word(const struct phrase_set *ps, const struct xatom *w)
{
    for (size_t i = 0; i < ps->n; i++)
        for (size_t k = 0; k < ps->v[i].n; k++)
            if (ps->v[i].items[k].w &&
                extract_word_eq(ps->v[i].items[k].w, ps->v[i].items[k].wlen, w->p, w->len) == 3)
                return 1;
    return 0;
}

/* Does a word of a[from, to) — between the row's words and its value —
 * name something the rubric speaks of (a word of its synonyms, or a label
 * word the lexicon translates: "train" in "logistic train 0.74" under
 * "test:")?  Words it does not know describe the row ("logistic on counts
 * 0.740" under "overall accuracy:" is the logistic model's overall
 * accuracy), as a human reads them. */
static int names_a_measure(const struct finder *f, const struct xatom *a, size_t from, size_t to)
{
    for (size_t k = from; k < to; k++)
        if (a[k].num < 0 && !extract_is_noise_word(&a[k]) &&
            (extract_synonyms_word(f->q->synonyms, a[k].p, a[k].len) ||
             extract_lexicon_english(a[k].p, a[k].len) ||
             phrase_set_word(&f->row, &a[k]) || phrase_set_word(&f->col, &a[k]) ||
             phrase_set_word(&f->exc, &a[k])))
            return 1;
    return 0;
}

int extract_column_above(struct finder *f, const struct xline *ln, const struct match *rm,
                         int have_r, long anchor, struct sources *C, struct match *cm,
                         int *c_extras)
{
    const struct extract_transcript *t = f->t;

    if (!have_r || rm->in_primary != rm->n_items || values_after(t, ln, anchor) != 1 ||
        names_a_measure(f, t->atoms + ln->atom0, anchor < 0 ? 0 : (size_t)anchor + 1,
                        first_value_after(t, ln, anchor)))
        return 0;
    C->n += extract_scope_sources(t, ln, C->s + 1);
    return extract_match_set(t, &f->col, C, anchor, cm, c_extras, NULL, 0);
}

/* Is atom w one of the phrase's own words? */
static int phrase_word(const struct phrase *p, const struct xatom *w)
{
    for (size_t k = 0; p && k < p->n; k++)
        if (p->items[k].w && p->items[k].wlen == w->len &&
            extract_word_eq(p->items[k].w, p->items[k].wlen, w->p, w->len) == 3)
            return 1;
    return 0;
}

/* "by ×0.842 per step: step 50 gets 7.6e-02": the number after the column
 * words is a sibling label's (a word of the query with another number), so
 * the column printed its value just before its words, or not at all.
 * Returns the value to take: num itself when it is no sibling's. */
long extract_value_before_label(const struct extract_transcript *t, const struct xline *ln,
                                long num, const struct match *rm, int have_r,
                                const struct match *cm)
{
    const struct xatom *a = t->atoms + ln->atom0;
    size_t i = 0, c0 = ln->n_atoms;

    while (i < ln->n_atoms && a[i].num != num)
        i++;
    if (i == 0 || i == ln->n_atoms || a[i - 1].num >= 0 || extract_consumed(rm, have_r, i - 1) ||
        extract_consumed(cm, 1, i - 1) ||
        !(phrase_word(cm->phrase, &a[i - 1]) || (have_r && phrase_word(rm->phrase, &a[i - 1]))))
        return num;
    /* "secs=   2.0 train_acc=1.000": a label bound to the number after it by
     * '=' or ':' names that number, whatever stands before its words */
    for (const char *g = a[i - 1].p + a[i - 1].len; g < a[i].p; g++)
        if (*g == '=' || *g == ':')
            return num;
    /* the number right before one of the column's words: "shrinks by
     * ×0.842 per step" has it before "per" */
    for (size_t k = 0; k < cm->n_items; k++) {
        size_t j = cm->pos[k].idx;
        if (cm->pos[k].src != 0 || j == 0 || a[j - 1].num < 0 ||
            extract_consumed(rm, have_r, j - 1) ||
            extract_consumed(cm, 1, j - 1) || extract_glued_to_word(t, ln, &t->nums[a[j - 1].num]))
            continue;
        if (c0 == ln->n_atoms || j - 1 > c0)
            c0 = j - 1;
    }
    return c0 < ln->n_atoms ? a[c0].num : -1;
}

/* Words that join clauses of a sentence: "100.0% on the 'very' rows and
 * 48.5% on the 'not' rows". */
static int is_clause_word(const char *s, size_t b, size_t e)
{
    static const char *const joins[] = { "and", "but", "while", "whereas", NULL };
    for (const char *const *w = joins; *w; w++)
        if (strlen(*w) == e - b && strncasecmp(*w, s + b, e - b) == 0)
            return 1;
    return 0;
}

/* Does the gap between atoms i and i+1 end a clause? */
static int clause_break(const struct xatom *a, size_t i, const char *s)
{
    const char *gap = a[i].p + a[i].len;
    size_t n = (size_t)(a[i + 1].p - gap);

    for (size_t k = 0; k < n; k++)
        if (strchr(",;()[]", gap[k]) && gap[k])
            return 1;
    return (a[i].num < 0 && is_clause_word(s, (size_t)(a[i].p - s), (size_t)(a[i].p - s) + a[i].len)) ||
           (a[i + 1].num < 0 &&
            is_clause_word(s, (size_t)(a[i + 1].p - s), (size_t)(a[i + 1].p - s) + a[i + 1].len));
}

/* "from 20.58 before clipping to 1.00 after clipping", "from a minimum of
 * 0.448 to a maximum of 0.574": a line saying "from <number> ... to
 * <number>" gives each end its own clause, opened by "from" and "to". */
static int from_to_line(const struct xline *ln, const struct xatom *a)
{
    int from = 0, end = 0;

    for (size_t i = 0; i < ln->n_atoms; i++) {
        if (extract_atom_is(&a[i], "from"))
            from = 1, end = 0;
        else if (a[i].num >= 0 && from)
            end = 1;
        else if (end && extract_atom_is(&a[i], "to") && has_number(a, i + 1, ln->n_atoms))
            return 1;
    }
    return 0;
}

static int opens_end(int ft, const struct xatom *a)
{
    return ft && (extract_atom_is(a, "from") || extract_atom_is(a, "to"));
}

/* The clause of a line around atom `at`, atoms [*lo, *hi]: bounded by
 * , ; ( ) [ ] and the joining words (and "from"/"to" of a range). */
static void clause_bounds(const struct xline *ln, const struct xatom *a, const char *s, size_t at,
                          size_t *lo, size_t *hi)
{
    int ft = from_to_line(ln, a);

    for (*lo = at; *lo > 0 && !clause_break(a, *lo - 1, s) && !opens_end(ft, &a[*lo]); (*lo)--)
        ;
    for (*hi = at; *hi + 1 < ln->n_atoms && !clause_break(a, *hi, s) && !opens_end(ft, &a[*hi + 1]);
         (*hi)++)
        ;
}

/* Prose binds a value to the label in its own clause: when the number
 * after the column's words lies in another clause (or there is none), the
 * one free number of the column's clause is taken ("100.0% on the 'very'
 * rows and 48.5% on the 'not' rows"). */
long extract_value_in_clause(const struct extract_transcript *t, const struct xline *ln, long num,
                             const struct match *rm, int have_r, const struct match *cm)
{
    const struct xatom *a = t->atoms + ln->atom0;
    const char *s = t->text + ln->off;
    size_t at = ln->n_atoms, lo, hi;
    long own = -1;
    int untimed;

    for (size_t k = 0; k < cm->n_items; k++)
        if (cm->pos[k].src == 0 && (at == ln->n_atoms || cm->pos[k].idx > at))
            at = cm->pos[k].idx;
    if (at == ln->n_atoms)
        return num;
    clause_bounds(ln, a, s, at, &lo, &hi);
    untimed = has_untimed(t, ln, 0, ln->n_atoms - 1, rm, have_r, cm);
    for (size_t i = lo; i <= hi; i++) {
        if (a[i].num < 0 || extract_consumed(rm, have_r, i) || extract_consumed(cm, 1, i) ||
            extract_glued_to_word(t, ln, &t->nums[a[i].num]) ||
            (untimed && time_for_no_time(&t->nums[a[i].num], cm)) || counts_a_noun(t, ln, i) ||
            range_end(t, ln, i) || names_a_part(t, ln, a, i))
            continue;
        if (a[i].num == num)
            return num;   /* the value found is the clause's own */
        if (own >= 0)
            return num;   /* several: the clause does not decide */
        own = a[i].num;
    }
    return own >= 0 ? own : num;
}
