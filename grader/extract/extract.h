/* extract.h — locates the values a rubric checks in a student's free-form output.
 *
 * Students print the same table a hundred ways: space-aligned with
 * right-aligned numbers, markdown pipes, CSV, TSV, pandas DataFrames,
 * "label: value" and key=value lines, Python dicts and lists, tables
 * transposed, the same table printed twice with the later one meant.  This
 * module parses a transcript once (lines, blank-line blocks, headings,
 * tables with their column headers, row labels, numbers) and answers
 * queries that rubric data can express:
 *
 *     "locate": { "section": "gradient decay",          heading/title words
 *                 "row":     "RNN gain 0.5",              row label words
 *                 "column":  ["step 1", "first step"],    header words, synonyms
 *                 "nth": 1, "shape": "scalar", "all": false }
 *
 * Matching is by words, never by layout: case-insensitive; '_', '-', '=',
 * ':', brackets and quotes are separators ("test_acc" = "test acc" =
 * "acc(test)" word for word, in any order); plurals and abbreviations of 3+
 * letters match ("rows" = "row", "acc" = "accuracy", "train" = "training");
 * a number in a phrase binds to the word before it and is compared by value
 * ("gain 1.0" matches "gain=1", "gain 1.00", "g=1.0" when "g" is a declared
 * synonym of "gain", and never "gain 1.05", "gain 10", "gain 0.1";
 * "step 1" never matches "step 10").  A phrase's words may be found in the
 * row's own label, in its table's column header, or in the headings and
 * titles above it, so one query finds a value in either orientation.
 *
 * Every answer says where (output line numbers), and every miss or conflict
 * comes with one sentence a student can act on.  No course words are in
 * this code: they all come from the rubric.
 *
 * Hostile output is expected: invalid UTF-8, NUL bytes, CR-only progress
 * bars, megabyte lines.  Parsing is linear in the input; memory is bounded by
 * struct extract_limits; nothing here crashes on any byte string.
 */
#ifndef GB_EXTRACT_H
#define GB_EXTRACT_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "error.h"
#include "extract/numparse.h"

/* ---- the parsed transcript ------------------------------------------- */

struct extract_transcript;   /* opaque; built by extract_parse */

struct extract_limits {
    size_t max_bytes;        /* input beyond this is not read (default 16 MiB) */
    size_t max_lines;        /* lines beyond this are not indexed (default 1,000,000) */
    size_t max_line_numbers; /* numbers indexed per line (default 4,096) */
};

void extract_limits_default(struct extract_limits *limits);

/* Parses text[0..len) (any bytes).  Lines end at "\n", "\r\n" or a lone
 * "\r" (a progress bar's redraw); line numbers count "\n" only, as an editor
 * does, so every segment of a redrawn progress line reports the same line.
 * limits may be NULL for the defaults.  Fails only when out of memory. */
int extract_parse(const char *text, size_t len, const struct extract_limits *limits,
                  struct extract_transcript **out, struct gb_err *err);
void extract_free(struct extract_transcript *t);

/* Output line count (as numbered in hits) and one line's bytes, without its
 * terminator (the last segment when the line was redrawn with "\r").
 * Returns NULL for a line number out of range. */
size_t extract_line_count(const struct extract_transcript *t);
const char *extract_line_text(const struct extract_transcript *t, size_t line_no,
                              size_t *len);

/* The lines in the order a reader reads them: a redrawn line's last
 * segment, and each pane of tables printed side by side (" || ") on its own,
 * pane after pane.  extract_reading_line gives the i-th (0-based, below
 * extract_reading_count), its bytes and its output line number. */
size_t extract_reading_count(const struct extract_transcript *t);
const char *extract_reading_line(const struct extract_transcript *t, size_t i, size_t *len,
                                 size_t *line_no);

/* A sentence about input the parser did not read ("only the beginning of
 * the output was read (size limit)"), or NULL when everything was read. */
const char *extract_notes(const struct extract_transcript *t);

/* ---- synonyms: declared by the rubric, shared by its queries --------- */

struct extract_synonyms;     /* opaque */

/* Word or phrase synonyms, e.g. {"gain": ["g", "Wh gain"], "accuracy":
 * ["acc"], "b_f": ["forget bias"]}: wherever a query phrase contains the
 * key's words, each alternative is tried too. */
int extract_synonyms_new(struct extract_synonyms **out, struct gb_err *err);
int extract_synonyms_add(struct extract_synonyms *syn, const char *word,
                         const char *alternative, struct gb_err *err);

/* Is word (case aside; a member's "#" glue mark aside) a word or member of
 * any of syn's groups? */
int extract_synonyms_has(const struct extract_synonyms *syn, const char *word);
/* Is [w, w+len) one word of a member of any of syn's groups ("train" of
 * "train acc")?  The rubric's vocabulary, word by word. */
int extract_synonyms_word(const struct extract_synonyms *syn, const char *w, size_t len);
/* Reads {"word": "alt" | ["alt", ...], ...}; NULL json gives an empty set. */
int extract_synonyms_from_json(const cJSON *json, struct extract_synonyms **out,
                               struct gb_err *err);
void extract_synonyms_free(struct extract_synonyms *syn);

/* ---- queries ------------------------------------------------------------ */

enum extract_shape {
    EXTRACT_SCALAR = 0,  /* one number */
    EXTRACT_VECTOR,      /* every number of the bracketed list (or table cell) the number sits in */
    EXTRACT_LINE         /* the whole matching line: its text and all its numbers */
};

enum extract_field {
    EXTRACT_SECTION = 0, /* words of a heading, banner or title above the value */
    EXTRACT_ROW,         /* words of the row label ("gain 0.5", "LSTM b_f=3", "T=100") */
    EXTRACT_COLUMN,      /* words of the column header or of the label just before the value */
    EXTRACT_EXCLUDE,     /* phrases that disqualify a row ("b_f=3" when looking for "LSTM") */
    EXTRACT_ROW_AXIS     /* what the query's rows are ("query"): a table whose corner
                          * ("key \ query") or caption ("rows = keys, columns = queries")
                          * puts that axis in its columns is read the other way round */
};

#define EXTRACT_FIELDS 5

/* Each field holds alternatives: a value matches a field when ANY of its
 * phrases matches; an empty field matches everything.  All words of one
 * phrase must be found (in any order).  Build with extract_query_add or
 * extract_query_from_json; release with extract_query_free. */
struct extract_query {
    char **phrases[EXTRACT_FIELDS];   /* indexed by enum extract_field */
    size_t n_phrases[EXTRACT_FIELDS];
    int nth;                   /* 1-based: which number after the label / in the cell; 0 means 1 */
    enum extract_shape shape;
    int all;                   /* 1: return every hit (property checks), not just one */
    const struct extract_synonyms *synonyms;   /* not owned; may be NULL */
    char *what;                /* how to name the value in sentences; NULL: built from row/column */
    int part;                  /* the exercise's numbered part the section is; 0 none */
    int within;                /* 1: the value's row holds only numbers in [lo, hi] */
    double within_lo, within_hi;
};

#define EXTRACT_QUERY_INIT { { NULL, NULL, NULL, NULL, NULL }, { 0, 0, 0, 0, 0 }, 0, \
                             EXTRACT_SCALAR, 0, NULL, NULL, 0, 0, 0, 0 }

int extract_query_add(struct extract_query *q, enum extract_field field,
                      const char *phrase, struct gb_err *err);

/* Reads a rubric's "locate" object:
 *   "section": "phrase" | ["phrase", ...]     alternatives
 *   "row":     "phrase" | ["phrase", ...]
 *   "column":  "phrase" | ["phrase", ...]
 *   "exclude": "phrase" | ["phrase", ...]
 *   "row_axis": "phrase" | ["phrase", ...]    what the rows are ("query")
 *   "nth":     integer >= 1                   (default 1)
 *   "shape":   "scalar" | "vector" | "line"   (default "scalar")
 *   "all":     true | false                   (default false)
 *   "what":    "text used in explanations"
 *   "part":    integer >= 1                   the exercise's numbered part the section
 *                                             is: a heading whose only words are
 *                                             "Part 3" (Step, Task...) names it too
 *   "within":  [lo, hi]                       what the quantity can be: every number
 *                                             of the row it is printed in lies in
 *                                             [lo, hi] (a weights row is a distribution,
 *                                             so a row printing 2.0 holds another
 *                                             quantity: the queries).  A candidate on
 *                                             such a row loses to one on a row that
 *                                             fits; alone, it is still read
 * Unknown keys and wrong types are errors naming the key.  synonyms (may be
 * NULL) is stored in the query, not copied. */
int extract_query_from_json(const cJSON *locate, const struct extract_synonyms *synonyms,
                            struct extract_query *q, struct gb_err *err);
void extract_query_free(struct extract_query *q);

/* ---- answers ------------------------------------------------------------ */

enum extract_how {
    EXTRACT_HOW_TABLE = 0,   /* a table cell: row label x column header */
    EXTRACT_HOW_INLINE       /* a line's own words: "label: value", key=value, dicts, prose */
};

struct extract_hit {
    size_t line;                 /* 1-based output line number */
    struct numparse_num num;     /* the number; span relative to the line's text */
    char *text;                  /* the number as printed ("7.577e-02", "74.0%") */
    struct numparse_num *nums;   /* VECTOR: the list's numbers; LINE: all numbers on the line; */
    size_t n_nums;               /*   SCALAR: just num.  Spans relative to the line's text */
    char *label;                 /* the row label or words before the value, as printed */
    char *column;                /* the column header as printed; NULL for inline hits */
    char *line_text;             /* the whole line (sanitised to printable UTF-8, at most 400 bytes) */
    enum extract_how how;
    int transposed;              /* 1: row words in the header (table printed the other way round);
                                  * 2: the words spread over header and row label */
    int quality;                 /* query words found on the row itself rather than in headings */
    int extras;                  /* label words the query did not ask for (tighter is better) */
};

struct extract_result {
    struct extract_hit *hits;    /* single query: the chosen hit (n_hits <= 1); all: every hit in line order */
    size_t n_hits;
    size_t n_candidates;         /* distinct candidates considered before choosing */
    size_t n_values;             /* single query: the different values printed by the
                                  * candidates as good as the chosen one on lines
                                  * printed alike, which neither labels nor layout
                                  * tell apart (1: they all agree; counted up to
                                  * EXTRACT_VALUES_MAX) */
    char *explain;               /* NULL, or a sentence: why nothing was found, or which of
                                  * conflicting values was taken and why */
    char *ruled_out;             /* nothing found because the rows the labels name print
                                  * what the quantity cannot be ("within"): the first such
                                  * number as printed, on ruled_out_line; else NULL */
    size_t ruled_out_line;
};

#define EXTRACT_VALUES_MAX 64

#define EXTRACT_RESULT_INIT { NULL, 0, 0, 0, NULL, NULL, 0 }

/* Answers one query.  Not finding the value is not an error: it returns 0
 * with n_hits == 0 and explain set ("no line mentions gain 1.2").  Returns
 * -1 only for an invalid query or when out of memory.  Choosing among
 * candidates: most query words found on the row itself, then the tightest
 * label (fewest words the query did not ask for), then the last printed. */
int extract_find(const struct extract_transcript *t, const struct extract_query *q,
                 struct extract_result *res, struct gb_err *err);
void extract_result_free(struct extract_result *res);

/* ---- keys recognised by their values ---------------------------------- */

#define EXTRACT_KEY_VALUES_MAX 64

/* Calls found(header, arg) for every table column whose cells are whole
 * numbers among values[0..n), at least three different ones (all of them
 * when n < 3), with the column's header words joined by one space
 * ("longitud" over 5, 20, 50, 100).  Stops and returns -1 when found does;
 * 0 otherwise (n outside 2..EXTRACT_KEY_VALUES_MAX finds nothing). */
int extract_key_headers(const struct extract_transcript *t, const double *values, size_t n,
                        int (*found)(const char *header, void *arg), void *arg);

/* Calls found(word, arg) for every word (three bytes or more, folded, not
 * in the label lexicon) that whole numbers or fractions among values[0..n)
 * follow as a name's number ("krok 50", "wzmocn. 0.5", "len=5"): at least
 * three different ones (all when n < 3), and never a number outside them.
 * Stops and returns -1 when found does; 0 otherwise. */
int extract_key_words(const struct extract_transcript *t, const double *values, size_t n,
                      int (*found)(const char *word, void *arg), void *arg);

/* How a query names its value in sentences: q->what, else
 * "<row>, <column>" from the first phrases ("gain 0.5, step 1"). */
void extract_query_describe(const struct extract_query *q, char *buf, size_t size);


/* The label words of other languages the extractor reads as English
 * (extract_lexicon.c), for tests and docs: entry i's word, its English in
 * *english; NULL past the end.  extract_word_eq: 3 equal (accents, case and
 * plural aside), 2 an abbreviation, 0 not the same word. */
size_t extract_lexicon_size(void);
const char *extract_lexicon_entry(size_t i, const char **english);
int extract_word_eq(const char *a, size_t alen, const char *b, size_t blen);

#endif
