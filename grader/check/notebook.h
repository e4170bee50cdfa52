/* notebook.h — a Jupyter notebook (nbformat 4) as the one script the grader runs.
 *
 * Students in ML courses hand in .ipynb files.  notebook_read() turns the
 * notebook's JSON into the Python script a kernel would have run top to
 * bottom, and a map of where each of its lines came from
 * (score/source_cite.h), so every check cites "cell 7, line 3":
 *
 *   - code cells, in order, each line kept, a blank line between cells;
 *   - markdown cells become '#' comment lines (a blank markdown line a bare
 *     '#'), so the comment and idea checks read the student's prose and
 *     answers as they read the comments of a .py;
 *   - raw cells and saved outputs are ignored: the grader runs the code;
 *   - IPython-only lines are dropped, each with a note: line magics
 *     (%matplotlib inline), shell escapes (!pip install x, files = !ls),
 *     help (np.dot?, ?np.dot), and a cell magic's whole cell (%%time);
 *     a dropped line becomes `pass` at its indentation, so the blocks
 *     around it still parse and no line moves.  A line inside a
 *     triple-quoted string, a bracket or a backslash continuation is Python,
 *     never a magic;
 *   - a `from __future__ import` line in any cell is moved to the top of
 *     the script (a blank line keeps its place): Jupyter compiles each cell
 *     on its own, so it is legal there after other cells, and a script
 *     allows it only at its beginning.
 *
 * A file that is not valid JSON, not nbformat 4, shaped unlike a notebook,
 * without code cells, or too large gets one sentence naming the problem:
 * it is never run as Python.
 */
#ifndef GB_NOTEBOOK_H
#define GB_NOTEBOOK_H

#include <stddef.h>

#include "buf.h"
#include "error.h"
#include "score/source_cite.h"

#define NOTEBOOK_MAX_BYTES  (16u << 20)   /* saved plots make notebooks large */
#define NOTEBOOK_MAX_CELLS  5000
#define NOTEBOOK_MAX_SCRIPT (1u << 20)    /* the generated script: a .py's limit */
#define NOTEBOOK_NOTES_LISTED 8           /* notes listed one by one, then counted */

struct notebook {
    struct gb_buf script;             /* the notebook as one Python script */
    struct source_origin *origin;     /* per script line: its cell and line */
    size_t n_lines, cap_lines;
    size_t n_cells, n_code, n_markdown;
    struct gb_buf notes;              /* "cell 1, line 1: `%matplotlib inline` ..." */
    size_t n_notes;                   /* all dropped lines and cells, listed or not */
    struct gb_buf future;             /* `from __future__` lines, hoisted to the top */
    size_t n_future;
};

/* 1 when `name` is a notebook's file name (.ipynb, any case). */
int notebook_is_name(const char *name);

/* 1 when `text` is JSON, an object with "cells" or "nbformat": a notebook
 * under another name (renamed to .py, or uploaded without a name), which
 * must not be run as Python.  A script that merely starts with '{' is not
 * JSON and stays a script. */
int notebook_looks_like(const char *text, size_t len);

/* Reads text[0..len) (a notebook called `name`, for messages) into *nb,
 * which the caller frees with notebook_free() whatever the outcome. */
int notebook_read(const char *text, size_t len, const char *name, struct notebook *nb,
                  struct gb_err *err);
void notebook_free(struct notebook *nb);

/* The map score/source_cite.h reads; valid while nb is. */
struct source_map notebook_map(const struct notebook *nb, const char *name);

/* Copies a traceback (or any run output) into out with every frame of the
 * generated script — `File "/work/SCRIPT", line N` — cited by its cell:
 * `File "NAME", cell C, line L`. */
int notebook_map_traceback(const struct notebook *nb, const char *script, const char *name,
                           const char *text, size_t len, struct gb_buf *out,
                           struct gb_err *err);

#endif
