/* batch_review_tui.h — `grader review DIR` on a terminal: one item at a time.
 *
 * A full screen per pending item: who and which check, how many students its
 * group covers, the rubric's description, the question, the suggested verdict
 * with its reasons, and the evidence.  Keys: a accept the suggestion, p pass,
 * f fail, s points (typed, Enter), n a note for the next decision, A / P / F
 * the whole group (A: each item its own suggestion), j or space next, k back,
 * q quit.  Each
 * decision is recorded at once (batch_review_decide), so quitting or losing
 * the terminal loses nothing decided.  Plain ANSI escapes and termios: the
 * screen needs no library, and any terminal (or tmux) shows it.
 */
#ifndef GB_BATCH_REVIEW_TUI_H
#define GB_BATCH_REVIEW_TUI_H

#include <stddef.h>

#include "batch/batch_review.h"
#include "batch/batch_store.h"
#include "error.h"

struct batch_review_tui {
    struct batch_store *st;
    const struct batch_book *book;       /* names for the header */
    struct batch_review_item *items;
    size_t n;
    const char *by;                      /* who decides */
    const char *dir;
};

/* Runs until q (or the end of input); *decided: decisions recorded.  -1
 * only when the terminal cannot be used or a decision cannot be stored. */
int batch_review_tui_run(struct batch_review_tui *t, size_t *decided, struct gb_err *err);

#endif
