/* extract_int.h — the parsed transcript's internals, shared by extract*.c only.
 *
 * The files form layers; a file calls only files of its own layer or of the
 * layers before it (tests/e2e/layering.sh fails on any cycle of calls):
 * Lexing: bytes into words and atoms.
 *   extract_words.c          characters and words: folding, equality, decoration
 *   extract_lexicon.c        label words of other languages ("après": after)
 *   extract_tokens.c         atoms, Chinese words, structure words, part headings
 * Transcript: lines, their kinds and keys.
 *   extract.c                owns the transcript: lines, atoms, headings and titles
 *   extract_nest.c           joins structures wrapped over lines; gives lines their keys
 *   extract_reshape.c        tables printed as a dict of lists or as record blocks,
 *                            rewritten as tables
 *   extract_spaced.c         tables printed with one space between fields, rewritten
 *                            as pipe tables
 *   extract_refmark.c        numbers printed as someone else's (the course's, expected)
 *   extract_query.c          queries and synonyms
 * Tables: finding them and giving every number a column (extract.c calls
 * extract_table_detect last, so the transcript is done before tables).
 *   extract_table_detect.c   runs of data rows, their headers and axes
 *   extract_table_rows.c     delimiters and fields; where a row's values start
 *   extract_table_columns.c  space-aligned columns, by their gutters
 *   extract_table_ragged.c   ragged rows, delimited and single-spaced tables; storing columns
 *   extract_table_lists.c    tables of lists, Series; the layout of a space-aligned table
 *   extract_table_tidy.c     long ("tidy") format; building a table's columns
 *   extract_table_groups.c   pandas' two levels: group lines over the header, blanked keys
 * Values: compiling query phrases and finding values (extract_find).
 *   extract_phrase.c         compiling a query's phrases
 *   extract_phrase_match.c   matching a phrase against sources of words
 *   extract_candidates.c     candidates: scopes, sections, captions, exclusions
 *   extract_inline_labels.c  inline values after their label: "label: value", key=value, prose
 *   extract_inline.c         inline candidates: label lists, arrows, units, keys, dicts, axes
 *   extract_records.c        record candidates: one flat dict per line (JSON Lines)
 *   extract_legend.c         legend candidates: a matrix under "rows: ... | cols: ..."
 *   extract_cells.c          table candidates: cells by row label and column header
 *   extract_hits.c           extract_find(): choosing the value, hits and explanations
 *   extract_align.c          a value recognised by its record, where no label names it
 *                            (extract_align.h); lines a phrase names in their own words
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
    long outer;           /* a heading's: the heading of a higher level it sits under
                           * ("## Part 2" over "### weights", "Part two" underlined
                           * with '=' over a title underlined with '-'), or -1 */
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
    int decimal_comma;    /* its numbers are written with a decimal comma ("0,740   1,000") */
    int pane;             /* 1 + its pane's place in a side-by-side run; 0 none */
    long inherit;         /* a MultiIndex row printed with its outer keys blanked ("   0.9"
                           * under "RNN gain   0.5"): the row above that printed them, or -1 */
    size_t n_inherit;     /*   and how many of that row's first atoms name this row too */
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
    int keyed;                 /* long ("tidy") format: numeric key columns name each row;
                                * 2 when the header named the value column, so that the
                                * key columns hold no readings */
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
    int decimal_commas;        /* the output writes decimal commas (two lines or more) */
    int panes;                 /* side-by-side panes were read (extract.c): stored lines
                                * are no longer in line-number order, and by_no is
                                * their indices in that order (stable) */
    size_t *by_no;
};

/* "[memory_lab.lstm.len_50]": a TOML or INI section header (a dotted path of
 * names in brackets), a heading whatever numbers its names hold. */
int extract_section_header(const char *s, size_t n);
/* Joins innermost bracket spans wrapped over lines into one line each:
 * compacts t->text in place and records t->soft_breaks.  Runs before the
 * text is split into lines. */
int extract_nest_join(struct extract_transcript *t, struct gb_err *err);

/* Rewrites each line printing a dict of equal-length lists ("part2 = {'length':
 * [5, 20], 'model': ['RNN', 'GRU'], ...}") and each run of record blocks
 * (psql's "-[ RECORD 3 ]" then "field | value" lines) as its table: pipe rows,
 * '\r'-separated segments of one output line.  Runs after extract_nest_join,
 * before the text is split into lines. */
int extract_reshape(struct extract_transcript *t, struct gb_err *err);

/* Rewrites each run of rows printed with single spaces under a header of as
 * many names (print(*row), np.savetxt's "# a b c") as pipe rows, each line
 * in place (extract_spaced.c).  Called by extract_reshape. */
int extract_reshape_spaced(struct extract_transcript *t, struct gb_err *err);
/* extract_structured.c: NumPy structured arrays' reprs, the dtype's names
 * as the header of the tuples above them, rewritten as pipe tables in
 * place. */
int extract_reshape_structured(struct extract_transcript *t, struct gb_err *err);
/* Tables printed side by side (extract_panes.c): the " || " separators of
 * a line s[0..len) — blank on both sides, none a lone '|' of a pipe table
 * nor part of a rule — their offsets into at, how many (at most
 * EXTRACT_PANES_MAX - 1; otherwise 0). */
#define EXTRACT_PANES_MAX 8
size_t extract_pane_bars(const char *s, size_t len, size_t *at);
/* A right pane's bare row takes the left row's key, the header its corner,
 * rewritten in place before the lines are split (extract_panes.c). */
int extract_reshape_panes(struct extract_transcript *t, struct gb_err *err);
/* Nested blocks of "name: value" fields (protocol buffers' text format) as
 * the flat records they hold, each inheriting its blocks' names and short
 * fields (extract_textproto.c). */
int extract_reshape_textproto(struct extract_transcript *t, struct gb_err *err);
/* SQL INSERT statements as the tables they fill (extract_sql.c). */
int extract_reshape_sql(struct extract_transcript *t, struct gb_err *err);
/* extract_repl.c: an interactive session's ">>> expr" over the value it
 * echoes, the echo rewritten in place as "expr: value". */
int extract_reshape_repl(struct extract_transcript *t, struct gb_err *err);

/* out's text becomes t's (the rewrite of a reshape pass); what names the
 * layout in the out-of-memory message (extract_spaced.c). */
struct gb_buf;
int extract_take_text(struct extract_transcript *t, struct gb_buf *out, const char *what,
                      struct gb_err *err);

/* A rewrite pass over the text, span by span (extract_spaced.c): span is
 * called at the start b of each line; it appends the rewrite of the lines
 * it takes to out, sets *end to the end of the last of them (before its
 * newline) and returns 1, or returns 0 to leave the line as printed, -1 on
 * error.  Soft breaks move with their lines; the text is replaced when any
 * span was rewritten. */
typedef int (*extract_span_fn)(void *arg, const char *s, size_t len, size_t b,
                               struct gb_buf *out, size_t *end, struct gb_err *err);
int extract_rewrite_spans(struct extract_transcript *t, const char *what, extract_span_fn span,
                          void *arg, struct gb_err *err);

/* The soft breaks (extract_nest_join) of old line [b, e), now at [new_b,
 * new_e): those of a rewritten line move to its last byte, those of a line
 * kept as it was move with it (extract_spaced.c). */
void extract_move_breaks(struct extract_transcript *t, size_t *soft, size_t b, size_t e,
                         size_t new_b, size_t new_e, int rewritten);

/* The output line number of byte off of stored line li: a joined structure
 * spans several output lines. */
size_t extract_line_at(const struct extract_transcript *t, size_t li, size_t off);

/* Was stored line ln joined from several output lines? */
int extract_joined(const struct extract_transcript *t, const struct xline *ln);

/* Gives every line the path of keys enclosing it (xline.path). */
int extract_nest_paths(struct extract_transcript *t, struct gb_err *err);
/* A nested dict printed on one line, laid out as pprint would (before split_lines). */
void extract_nest_unfold(struct extract_transcript *t);

/* Gives labelled lists their axis line (xline.axis). */
void extract_nest_axes(struct extract_transcript *t);

/* The first bracketed list of numbers on a line: its width, with *first its
 * first atom (relative to the line); 0 when the line has none. */
size_t extract_first_list(const struct extract_transcript *t, const struct xline *ln,
                          size_t *first);

/* The index-th synonym group (members[0] is the declared word); returns the
 * number of groups, 0 when syn is NULL or index is out of range. */
size_t extract_synonym_groups(const struct extract_synonyms *syn,
                              const char *const **members, size_t index, size_t *n);

/* ==== lexing: bytes into words and atoms ==================================
 * extract_words.c < extract_lexicon.c < extract_tokens.c: each calls only
 * those before it (and extract_refmark.c's role words). */

/* ---- extract_words.c: characters and words ------------------------------- */

/* Grows *arr (element size elem) to hold at least need elements. */
int extract_grow(void **arr, size_t *cap, size_t need, size_t elem, struct gb_err *err);

/* Is s[0..len) only characters drawn for the eye (arrows, bars, boxes,
 * emoji)?  Such runs are no atoms. */
int extract_decoration(const char *s, size_t len);

/* A Latin letter with a diacritic (U+00C0..U+017F, not x or /) at s:
 * its bytes (2) and, in *base when not NULL, its lower-case ASCII base
 * letter ('e' for 'é'); 0 when s does not start with one. */
size_t extract_latin_letter(const char *s, size_t len, char *base);
/* A word folded to lower case (Latin and Cyrillic) with accents dropped ("Précision" ->
 * "precision") into out[0..max); its folded length. */
size_t extract_fold_word(const char *w, size_t len, char *out, size_t max);

/* ASCII lower case, whatever the locale: student text is bytes. */
static inline int extract_lower(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') ? c + 32 : c;
}

/* Word equality for matching: 0 none, else a strength (3 exact/plural, 2 prefix). */
int extract_word_eq(const char *a, size_t alen, const char *b, size_t blen);

int extract_is_noise_word(const struct xatom *a);
int extract_num_eq(double a, double b);
/* Do the bytes between two atoms separate fields (a comma, a bar, a tab, a
 * brace, two spaces) rather than join the words of one label? */
int extract_gap_separates(const char *s, size_t from, size_t to);

/* The bracket group ('(' or '[') around byte at of s[0..len): [*open, *close)
 * holds its inside; 0 when at is in none. */
int extract_enclosing_group(const char *s, size_t len, size_t at, size_t *open, size_t *close);
/* How many c stand between atoms x and y when nothing but c, spaces and
 * tabs does ("0.5 : 0.1" for ':', "acc, test" for ','); 0 otherwise. */
int extract_joined_by(const struct xatom *x, const struct xatom *y, char c);

/* "torch 1.13": a library's version, part of a name, never a value. */
int extract_version_number(const struct extract_transcript *t, const struct xline *ln,
                           const struct numparse_num *n);

/* ---- extract_lexicon.c: label words of other languages ------------------ */

/* The English word a label word of another language stands for ("après":
 * "after"), or NULL. */
const char *extract_lexicon_english(const char *w, size_t len);
/* Bytes of the longest Chinese entry s begins with, 0 none. */
size_t extract_lexicon_cjk_word(const char *s, size_t len);
/* extract_word_eq between a query word and an atom, or between the query
 * word and the atom's English word when it has one. */
int extract_label_eq(const char *w, size_t wlen, const struct xatom *a);

/* ---- extract_tokens.c: bytes into atoms --------------------------------- */

/* Tokenises bytes into atoms (words and numbers), given the numbers already
 * scanned from the same bytes. Calls emit for each atom; returns the count. */
size_t extract_tokenize(const char *s, size_t len, const struct numparse_num *nums,
                        size_t n_nums, size_t num_base,
                        void (*emit)(void *ctx, const struct xatom *a), void *ctx);

/* Is the atom the word w (ASCII case-insensitive; never a number)? */
/* The length of a markup element's name at s ("shrink_per_step", "h2"),
 * 0 when s holds none: what a tag names, for the tokenizer and the nesting. */
size_t extract_markup_name(const char *s, size_t len);
int extract_atom_is(const struct xatom *a, const char *w);

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

/* ---- tables: extract_table_*.c ------------------------------------------- */

/* From here on: what the table files, and then the value files, share with
 * each other, grouped by the file that defines it.  Each function is
 * documented at its definition. */

#define WIDTH_MAX 2048       /* wider space tables fall back to ordinal columns */
#define INTERVALS_MAX 256

/* ---- extract_table_rows.c: delimiters, fields and rows ------------------- */

/* "support [0.711 0.096 0.096 0.096]  sum=1.000", "... ]  row sum: 1.0":
 * cells after a row's bracketed list that carry their own label name their
 * own values; their words are not the label of the list before them, and
 * their numbers are no elements of it (they are read inline).  Returns the
 * relative atom where such cells begin, n_atoms when there are none (or no
 * list closes right before them). */
size_t extract_labelled_tail(const struct extract_transcript *t, const struct xline *ln);

/* The atom index (in the line) of number num, or -1 (extract_refmark.c). */
long extract_num_atom(const struct extract_transcript *t, const struct xline *ln, long num);

const char *extract_xline_text(const struct extract_transcript *t, const struct xline *ln);
/* The end of the list marker ("- ", "* ", "+ ") a line's text starts with,
 * or 0; the spaces and tabs before the text into *indent (may be NULL).
 * Outlines (extract_nest.c) and the tables beside them
 * (extract_table_detect.c) read list items the same way. */
size_t extract_list_marker(const struct extract_transcript *t, const struct xline *ln,
                           size_t *indent);
int extract_is_value_num(const struct extract_transcript *t, const struct xline *ln,
                         const struct xatom *a);
int extract_is_noise(const struct xatom *a);
int extract_is_filler(const struct extract_transcript *t, const struct xline *ln,
                      const struct xatom *a);
enum xdelim extract_line_delim(const char *s, size_t len, int decimal_comma);
int extract_decimal_comma_line(const char *s, size_t len, int ambiguous_ok);
int extract_field_of(const char *s, size_t off, enum xdelim d);
size_t extract_value_start(const struct extract_transcript *t, const struct xline *ln,
                           enum xdelim d);
int extract_is_data(const struct xline *ln);
size_t extract_count_values(const struct extract_transcript *t, const struct xline *ln);
int extract_header_like(const struct extract_transcript *t, const struct xline *ln,
                        const struct xline *next);

/* A row whose values are one bracketed list: its width, *first its first atom. */
size_t extract_list_width(const struct extract_transcript *t, const struct xline *ln,
                          size_t *first);
/* pandas indents its header past the index: is ln such a header line? */
int extract_pandas_header(const struct extract_transcript *t, const struct xline *ln);
/* Two spaces or a tab inside the line (margins aside): a table's gutter. */
int extract_wide_gap(const struct xline *ln, const char *s);

/* ---- extract_table_columns.c: space-aligned columns ---------------------- */

/* A table's columns as a layout finds them, before extract_store_columns(). */
struct colbuild {
    long hdr_atoms[INTERVALS_MAX][32];   /* header atom indices per column */
    int n_hdr[INTERVALS_MAX];
    int kind[INTERVALS_MAX];             /* 0 unseen, 1 value, 2 label */
    int key[INTERVALS_MAX];              /* 1: a value column made a key (settle_keys) */
    int value_rows[INTERVALS_MAX];       /* rows whose cell here holds only values */
    int word_rows[INTERVALS_MAX];        /* rows whose cell here holds words */
    long last_row[INTERVALS_MAX];
    int last_words[INTERVALS_MAX];
    int n;
};

void extract_add_header_atom(struct colbuild *cb, int col, long atom);
void extract_note_kind(struct colbuild *cb, int col, long row, int value);
void extract_settle_kinds(struct colbuild *cb);
size_t extract_display_cols(const char *s, size_t len, int *cols, size_t max);
int extract_layout_space(struct extract_transcript *t, struct xtable *tb, struct colbuild *cb);

/* ---- extract_table_ragged.c: ragged rows; storing columns ---------------- */

int extract_table_cells(const struct extract_transcript *t, const struct xtable *tb);
int extract_gutters_fail_full_rows(const struct extract_transcript *t, const struct xtable *tb,
                                   const struct colbuild *cb, int cells);
/* Rows cut into as many cells as the header has fields, each cut at two or
 * more spaces ("5  RNN  5.7  1.0  1.0" under "length  model  seconds  train
 * acc  test acc"): every cell under the header field of its position,
 * whatever the offsets.  1 when every data row is cut so, 0 when not (the
 * table keeps its other layout), -1 when out of memory. */
int extract_layout_cells(struct extract_transcript *t, struct xtable *tb, struct colbuild *cb);
int extract_layout_fields(struct extract_transcript *t, struct xtable *tb, struct colbuild *cb,
                          int cells);
void extract_layout_delimited(struct extract_transcript *t, struct xtable *tb, struct colbuild *cb);
void extract_layout_ordinal(struct extract_transcript *t, struct xtable *tb, struct colbuild *cb);
int extract_store_columns(struct extract_transcript *t, struct xtable *tb, struct colbuild *cb,
                          struct gb_err *err);

/* ---- extract_table_groups.c: two-level headers ------------------------- */

/* A group line right above the table's header ("test accuracy" centred over
 * "all  very rows  not rows") puts its labels' words before the header words
 * of the value columns each names, and becomes part of the header.  1 when
 * it did, 0 when the line above is no group line, -1 out of memory. */
int extract_group_header(struct extract_transcript *t, struct xtable *tb, struct gb_err *err);
/* Rows of a space-aligned table whose outer index keys are left blank (as
 * pandas prints a MultiIndex) get .inherit/.n_inherit: the keys of the row
 * above that printed them. */
void extract_blanked_keys(struct extract_transcript *t, const struct xtable *tb);

/* ---- extract_table_lists.c: tables of lists ------------------------------ */

size_t extract_list_table_width(const struct extract_transcript *t, const struct xtable *tb,
                                size_t *starts);
long extract_names_header(const struct extract_transcript *t, size_t first, size_t last);
int extract_unlabelled_list_row(const struct extract_transcript *t, const struct xline *ln);
void extract_layout_list(struct extract_transcript *t, struct xtable *tb, struct colbuild *cb,
                         size_t width, const size_t *starts);
void extract_series_caption(struct extract_transcript *t, const struct xtable *tb,
                            struct colbuild *cb);
int extract_layout_space_table(struct extract_transcript *t, struct xtable *tb,
                               struct colbuild *cb);

/* ---- extract_table_tidy.c: long format; building columns ----------------- */

int extract_build_columns(struct extract_transcript *t, struct xtable *tb, struct gb_err *err);

/* ---- extract_table_detect.c: runs, headers and axes ---------------------- */

/* Finds tables, marks header/data rows, fills tables, cols, hatoms, num_col. */
int extract_table_detect(struct extract_transcript *t, struct gb_err *err);


/* ---- values: extract_phrase.c ... extract_hits.c ------------------------- */

#define ITEMS_MAX 24
#define LABEL_ATOMS_MAX 512

/* ---- extract_phrase.c: words and phrases --------------------------------- */

struct pitem {
    const char *w;          /* NULL for a bare number */
    uint32_t wlen;
    int has_num;
    double num;
    int whole;              /* 1: the text may abbreviate the word only with at least
                             * EXCLUDE_ABBREV_MIN letters: an exclude's "permuted" is said
                             * by "out2[perm]", not by "one row per token" */
    int glued;              /* 1: written "word#" in a synonym: the word counts only with
                             * its number glued to it ("rnn0.5" for gain 0.5), never alone
                             * (a "rnn" key over "gain 1.0" is no gain) */
    int point;              /* 1: its number is written with a decimal point ("gain 1.0") */
};

/* The shortest abbreviation of an excluded word: three letters are as often
 * a word of their own ("per", "man", "sum") as a cut ("perm", "shuf"). */
#define EXCLUDE_ABBREV_MIN 4

struct phrase {
    char *text;             /* owned; items point into it */
    const char *orig;       /* the rubric's phrase this variant came from */
    unsigned long groups;   /* synonym groups already substituted into it */
    struct pitem items[ITEMS_MAX];
    size_t n;
};

struct phrase_set {
    struct phrase *v;
    size_t n;
};

void extract_phrase_set_free(struct phrase_set *ps);
int extract_compile_field(const struct extract_query *q, enum extract_field f,
                          struct phrase_set *ps, struct gb_err *err);

/* ---- extract_phrase_match.c: a phrase against sources -------------------- */

struct source {
    const struct xatom *a;
    size_t n;
    int pairs;              /* "header value" pairs of a row's other cells (row_context) */
    int whole;              /* a key cell naming a long table's measure ("step 1"): a
                             * phrase found here must use every atom of it */
};

/* Where a phrase may be found: the first n_primary sources are the row
 * itself (its label, its other cells); the rest are headings and titles.
 * taken, when set, is another phrase's match on the same source 0 whose
 * atoms this phrase may not use: one printed word is never both the row
 * and the column. */
#define SCOPES_MAX 4
#define KEY_PAIR_MAX 8          /* header words of a long table's key column */
#define SOURCES_MAX (3 + SCOPES_MAX)
struct match;
struct sources {
    struct source s[SOURCES_MAX];
    int n, n_primary;
    const struct match *taken;
    int taken_src;          /* the source here that is taken's source 0 (the row label:
                             * 1 for the columns of a table read the mixed way) */
};

struct item_pos {
    int src;                /* -1 unmatched */
    size_t idx;             /* the word (or bare number) atom */
    int used_num;           /* 1: idx+1 is the bound number */
    int split;              /* 1: only the number is here; its word was in a heading */
};

struct match {
    struct item_pos pos[ITEMS_MAX];
    size_t n_items;
    size_t in_primary;      /* items found in source 0 */
    long last_primary;      /* highest atom index used in source 0, -1 none */
    const struct phrase *phrase;
};

struct near_miss {
    size_t line;            /* 0 none */
    char text[80];          /* "gain 1.05": the word and the number it was printed with */
};

int extract_used_at(const struct match *m, size_t upto, int src, size_t idx);
int extract_match_compact(const struct extract_transcript *t, const struct phrase *p,
                          const struct sources *S, long after, struct match *m,
                          struct near_miss *nm, size_t line);
int extract_match_set(const struct extract_transcript *t, const struct phrase_set *ps,
                      const struct sources *S, long after, struct match *best,
                      int *best_extras, struct near_miss *nm, size_t line);

/* ---- extract_candidates.c: candidates, scopes, sections ------------------ */

struct cand {
    size_t line;            /* index in t->lines */
    long num;               /* index in t->nums, -1 for a LINE hit without numbers */
    int quality;            /* 1: every query word on the row/line itself */
    int extras;
    enum extract_how how;
    int transposed;
    unsigned ways;          /* table cells: bit k set when reading k (0 straight, 1 the other
                             * way round, 2 mixed) finds it; a diagonal cell is found both ways */
    long col;               /* table column, -1 inline */
    long table;             /* table index, -1 inline */
    int above;              /* 1: its column named only above the line (extract_column_above) */
    int scope_excluded;     /* 1: its heading or title names an excluded word */
    int positional;         /* 1: its column word sits in a label list on the line itself,
                             * mapped by place onto the line's run of numbers */
    int row_words;          /* items of the row phrase it matched, 0 none: the longer
                             * variant ("length 50 LSTM b_f 0") is the closer name */
    int spread;             /* table cells: how many of its table's rows print every query
                             * word it matched on its own line, 0 none matched there
                             * (extract_label_spread) */
    int other_part;         /* 1: its heading or title names another part than the query's
                             * ("Часть 3: отдельный query, key" for part 2) */
    uint64_t rec_fields;    /* record lines: the varying fields it has (bit per field name
                             * of finder.records), and those whose whole value a query */
    uint64_t rec_named;     /* phrase names ("rows": "all" for the column "all") */
};

struct record_keys;
struct legends;
struct finder {
    const struct extract_transcript *t;
    const struct extract_query *q;
    struct phrase_set sec, row, col, exc, rax;
    struct cand *c;
    size_t n_c, cap_c;
    long *opener;           /* per line: the plain line opening its section, or -1 */
    long *caption;          /* per line: the nearest plain caption above it in its block, or -1 */
    long *outer;            /* per line whose caption is only a name ("output:"): the caption
                             * before that one in its block, or -1 */
    /* for explanations */
    int section_seen;
    long sec_head, sec_last;  /* the first line in the section (its heading) and its last */
    int sec_closed;           /* the first run of lines in the section has ended */
    long row_line, row_table_line, col_line, row_nonum_line;
    struct near_miss nm;
    long off_domain_num;      /* a number the query's "within" ruled its row out by, or -1 */
    size_t off_domain_cline;  /*   the candidate's line */
    long marked_num;          /* a dropped value printed as the course's/expected, or -1 */
    size_t marked_cline;      /*   its line */
    struct extract_refmark_at marked;
    struct record_keys *records;  /* which record fields name records (extract_records.c) */
    struct legends *legends;      /* matrices named by a legend line (extract_legend.c) */
    struct gb_err *err;
};

int extract_add_cand(struct finder *f, const struct cand *c);
struct source extract_line_source(const struct extract_transcript *t, long li);
struct source extract_path_source(const struct extract_transcript *t, const struct xline *ln);
int extract_scope_sources(const struct extract_transcript *t, const struct xline *ln,
                          struct source *out);

int extract_glued_to_word(const struct extract_transcript *t, const struct xline *ln,
                          const struct numparse_num *n);
int extract_find_captions(struct finder *f);
int extract_section_ok(struct finder *f, size_t li);
int extract_excluded(struct finder *f, const struct xatom *a, size_t n);
int extract_scope_excluded(struct finder *f, size_t li);
int extract_context_excluded(struct finder *f, const struct xatom *a, size_t n);
int extract_label_header_excluded(struct finder *f, const struct xtable *tb);
/* Whether the line binds the query's row axis to another row ("query=support"). */
int extract_binds_other_row(struct finder *f, const struct xline *ln);
int extract_whole_row_excluded(struct finder *f, const struct xtable *tb, const struct xline *ln);

/* ---- extract_inline_labels.c: a value after its label -------------------- */

int extract_has_word_between(const struct xatom *a, size_t from, size_t to);
int extract_consumed(const struct match *m, int have, size_t idx);
/* nth < 0: the |nth|th, the query reading the row by its numbers' places */
long extract_pick_inline_value(const struct extract_transcript *t, const struct xline *ln,
                               long anchor, const struct match *rm, int have_r,
                               const struct match *cm, int have_c, int nth);
int extract_column_above(struct finder *f, const struct xline *ln, const struct match *rm,
                         int have_r, long anchor, struct sources *C, struct match *cm,
                         int *c_extras);
long extract_value_before_label(const struct extract_transcript *t, const struct xline *ln,
                                long num, const struct match *rm, int have_r,
                                const struct match *cm);
long extract_value_in_clause(const struct extract_transcript *t, const struct xline *ln, long num,
                             const struct match *rm, int have_r, const struct match *cm);

/* ---- extract_inline.c: inline candidates --------------------------------- */

int extract_inline_candidates(struct finder *f, size_t li);
int extract_axis_candidates(struct finder *f, size_t li);
int extract_dict_candidates(struct finder *f, size_t li);

/* ---- extract_legend.c: a matrix named by a legend ("rows: ... | cols: ...") */

/* Line li as a legend or a row of the matrix a legend names: 1 when it is
 * one (its candidates added, and no other reader's), 0 when not, -1 on error. */
int extract_legend_candidates(struct finder *f, size_t li);
void extract_legends_free(struct legends *L);

/* ---- extract_records.c: a value in a record ("field": value, ...) -------- */

/* Line li read as one flat record: 1 when it is one (its candidates added,
 * and no other reader's), 0 when it is not, -1 on error. */
int extract_record_candidates(struct finder *f, size_t li);

/* ---- extract_cells.c: table candidates ----------------------------------- */

size_t extract_row_label(const struct extract_transcript *t, const struct xline *ln,
                         const struct xtable *tb, long skip_col, struct xatom *out, size_t max);
int extract_table_candidates(struct finder *f, size_t li);

/* Are stored lines li and lj printed from one template: the same words
 * (at least one) and whole numbers ("step 3", "seed 7" are keys), other
 * fractions, and at least one of them different?  (extract_align.c) */
int extract_lines_alike(const struct extract_transcript *t, size_t li, size_t lj);

/* Does some alternative of the column name a difference itself ("gap",
 * "difference", "max abs diff")?  Do atoms a[0..n) (a column header) name
 * one?  (extract_inline.c) */
int extract_asks_difference(const struct phrase_set *col);
int extract_names_difference(const struct xatom *a, size_t n);
/* A header naming the quotient of two keys ("step1/step50"), and whether a
 * column phrase asks for one. */
int extract_names_ratio(const struct xatom *a, size_t n);
int extract_asks_ratio(const struct phrase_set *col);

#endif
