/* extract_int.h — the parsed transcript's internals, shared by extract*.c only.
 *
 * extract.c      owns the transcript: lines, atoms, headings and titles.
 * extract_table.c finds tables and gives every number a column.
 * extract_nest.c  joins structures wrapped over lines and gives lines their keys.
 * extract_match.c compiles query phrases and finds values.
 * Nothing outside these files includes this header.
 */
#ifndef GB_EXTRACT_INT_H
#define GB_EXTRACT_INT_H

#include <stddef.h>
#include <stdint.h>

#include "extract/extract.h"
#include "extract/numparse.h"

/* An atom is a word ([A-Za-z]+ or a run of non-ASCII bytes) or a number,
 * pointing into the transcript text.  Separators are never atoms. */
struct xatom {
    const char *p;
    uint32_t len;
    int32_t num;          /* index into t->nums, or -1 for a word */
};

enum xline_kind {
    XLINE_TEXT = 0,
    XLINE_BLANK,
    XLINE_RULE,           /* "-----", "=====", "|---|---|" */
    XLINE_HEADING,        /* banner, markdown "#", underlined title */
    XLINE_TITLE           /* a caption: "Part 2:", "scores (query row, key column):" */
};

enum xrow_role { XROW_NONE = 0, XROW_HEADER, XROW_DATA };

enum xdelim { XDELIM_SPACE = 0, XDELIM_PIPE, XDELIM_TAB, XDELIM_COMMA, XDELIM_SEMICOLON,
              XDELIM_AMPERSAND };

struct xline {
    size_t no;            /* 1-based output line number */
    size_t off, len;      /* bytes in t->text */
    size_t num0, n_nums;  /* t->nums[num0 .. num0+n_nums) */
    size_t atom0, n_atoms;
    enum xline_kind kind;
    long heading;         /* governing heading line index, or -1 */
    long title;           /* governing title line index, or -1 */
    long block;           /* blank-line separated block number */
    long table;           /* index in t->tables, or -1 */
    long path;            /* enclosing keys of nested output (index in t->paths), or -1 */
    long name0;           /* a row printed without a label ("[0.1 0.2]" of a matrix under */
    size_t n_name;        /*   "rows/cols: a b"): its name, t->atoms[name0 ..+n_name); -1 none */
    long axis;            /* "steps: [50 40 ... 1]" above a labelled list of as many
                           * numbers: that line's index (its numbers name the list's
                           * elements), or -1 */
    enum xrow_role role;
    size_t axes_at;       /* a caption saying what a table's rows are ("rows = keys"): 1 + the
                           * atom (relative) where it says so; 0 none.  Those words describe
                           * the table's shape, not the section it is in */
    size_t value_atom;    /* DATA rows: first atom of the value region (relative) */
};

/* The keys enclosing a line of nested output ('"rnn": {' then '"gain 0.5": {'),
 * outermost first, as copied atoms t->patoms[atom0 .. atom0+n_atoms). */
struct xpath {
    size_t atom0, n_atoms;
    size_t n_key;         /* the innermost key: the last n_key of those atoms */
};

/* A column of a table: its header words (copied atoms) and whether values sit in it. */
struct xcolumn {
    size_t hatom0, n_hatoms;   /* t->hatoms[...] */
    int is_value;
    int is_key;                /* a number column made a key of a long table (settle_keys) */
};

#define AXIS_ATOMS_MAX 4

/* What a table's rows or columns are, as its corner ("key \ query") or
 * caption ("rows = keys, columns = queries") says: copied atoms, n == 0
 * when it does not say. */
struct xaxis {
    struct xatom a[AXIS_ATOMS_MAX];
    size_t n;
};

struct xtable {
    long header;               /* header line index, or -1 for a headerless run */
    struct xaxis rows_are, cols_are;
    long index_line;           /* pandas' index-name line under the header, or -1 */
    size_t first, last;        /* data line indices, inclusive */
    enum xdelim delim;
    size_t col0, n_cols;       /* t->cols[...] */
    int keyed;                 /* long ("tidy") format: numeric key columns name each row */
};

struct extract_transcript {
    char *text;                /* copy of the input, NUL-terminated */
    size_t len;
    struct xline *lines;
    size_t n_lines, cap_lines;
    struct numparse_num *nums; /* spans relative to the line */
    int32_t *num_col;          /* per number: column within its table, -1 none */
    size_t n_nums, cap_nums;
    struct xatom *atoms;
    size_t n_atoms, cap_atoms;
    struct xtable *tables;
    size_t n_tables, cap_tables;
    struct xcolumn *cols;
    size_t n_cols, cap_cols;
    struct xatom *hatoms;      /* header atoms, grouped per column */
    size_t n_hatoms, cap_hatoms;
    struct xpath *paths;
    size_t n_paths, cap_paths;
    struct xatom *patoms;      /* path atoms, grouped per path */
    size_t n_patoms, cap_patoms;
    size_t *soft_breaks;       /* offsets in text where a newline inside a joined
                                * bracket span was replaced by a space, ascending */
    size_t n_soft, cap_soft;
    size_t n_output_lines;
    const char *notes;         /* static sentence, or NULL */
    struct extract_limits limits;
};

/* Grows *arr (element size elem) to hold at least need elements. */
int extract_grow(void **arr, size_t *cap, size_t need, size_t elem, struct gb_err *err);

/* Finds tables, marks header/data rows, fills tables, cols, hatoms, num_col. */
int extract_table_detect(struct extract_transcript *t, struct gb_err *err);

/* Joins innermost bracket spans wrapped over lines into one line each:
 * compacts t->text in place and records t->soft_breaks.  Runs before the
 * text is split into lines. */
int extract_nest_join(struct extract_transcript *t, struct gb_err *err);

/* The output line number of byte off of stored line li: a joined structure
 * spans several output lines. */
size_t extract_line_at(const struct extract_transcript *t, size_t li, size_t off);

/* Gives every line the path of keys enclosing it (xline.path). */
int extract_nest_paths(struct extract_transcript *t, struct gb_err *err);

/* Gives labelled lists their axis line (xline.axis). */
void extract_nest_axes(struct extract_transcript *t);

/* The first bracketed list of numbers on a line: its width, with *first its
 * first atom (relative to the line); 0 when the line has none. */
size_t extract_first_list(const struct extract_transcript *t, const struct xline *ln,
                          size_t *first);

/* "support [0.711 0.096 0.096 0.096]  sum=1.000", "... ]  row sum: 1.0":
 * cells after a row's bracketed list that carry their own label name their
 * own values; their words are not the label of the list before them, and
 * their numbers are no elements of it (they are read inline).  Returns the
 * relative atom where such cells begin, n_atoms when there are none (or no
 * list closes right before them). */
size_t extract_labelled_tail(const struct extract_transcript *t, const struct xline *ln);

/* Word equality for matching: 0 none, else a strength (3 exact/plural, 2 prefix). */
int extract_word_eq(const char *a, size_t alen, const char *b, size_t blen);

/* Tokenises bytes into atoms (words and numbers), given the numbers already
 * scanned from the same bytes. Calls emit for each atom; returns the count. */
size_t extract_tokenize(const char *s, size_t len, const struct numparse_num *nums,
                        size_t n_nums, size_t num_base,
                        void (*emit)(void *ctx, const struct xatom *a), void *ctx);

/* The index-th synonym group (members[0] is the declared word); returns the
 * number of groups, 0 when syn is NULL or index is out of range. */
size_t extract_synonym_groups(const struct extract_synonyms *syn,
                              const char *const **members, size_t index, size_t *n);

/* "part", "step", "exercise", "q"...: a word saying how a text is organised. */
int extract_structure_word(const struct xatom *a);

/* A line whose only words are a structure word and its whole number
 * ("[Part 2]", "--- Step 3 ---"): that number, else 0. */
long extract_part_number(const struct extract_transcript *t, const struct xline *ln);

/* ---- extract_refmark.c: numbers printed as someone else's ------------- */

struct extract_refmark_at {
    long line;                 /* the line index holding the marker */
    const char *marker;        /* the marker phrase found ("expected", "for comparison") */
};

/* Is number num of line li bound to a reference marker ("expected",
 * "course", "target", "for comparison"...)?  scopes are the lines that may
 * head it (title, caption, section opener, heading; -1 for none), nearest
 * first.  Returns 1 and fills *at when marked, else 0. */
int extract_refmark(const struct extract_transcript *t, size_t li, long num,
                    const long *scopes, size_t n_scopes, struct extract_refmark_at *at);

/* The student's own value beside marked number num of line li, or -1:
 * the number in the own column paired with num's marked one ("mine" beside
 * "course"), or the value right after the parenthetical holding num
 * ("gap (should be ~2e-16): 7.6e-01"), or a later number the line labels
 * as the student's ("target: 0.49  got: 0.62"). */
long extract_refmark_own_value(const struct extract_transcript *t, size_t li, long num);

/* A role word ("mine", "expected", "course"): never an abbreviation of a name. */
int extract_refmark_role_word(const char *w, size_t len);

/* Do the words a[0..n) open with whose reading a value is ("got", "target",
 * "expected", "measured", "mine")?  Such a label names no other quantity:
 * "per step  target: 0.490  got: 0.620" prints the factor twice. */
int extract_refmark_opens_reading(const struct xatom *a, size_t n);

#endif
