/* exname.h — which uploaded file names an exercise's file, and the nearest
 * exercise file for a name that names none.
 *
 * Students rename files: an LMS prefixes them ("s042_attention_by_hand
 * (2).py"), a Windows or macOS habit capitalises them
 * ("Attention_By_Hand.py"), Jupyter saves them as notebooks
 * ("attention_by_hand.ipynb").  The rule is the one `grader check`, `grader
 * batch` and `grader serve` all recognise exercises by.
 */
#ifndef GB_EXNAME_H
#define GB_EXNAME_H

#include <stddef.h>

/* Does an uploaded file's name (no directory) name the exercise whose
 * rubric grades `submission`?  2: exactly that name, in any case, or the
 * notebook of a .py exercise ("ATTENTION_BY_HAND.ipynb"); 1: a renamed
 * upload that still contains its stem, in any case; 0: no. */
int exname_match(const char *name, const char *submission);

/* The edit distance (insertions, deletions, substitutions; case ignored)
 * between the stems of two file names, capped at EXNAME_FAR. */
#define EXNAME_FAR 64
size_t exname_distance(const char *a, const char *b);

/* 1 when `name` is close enough to `submission` to ask "did you mean
 * SUBMISSION?": a typo or two, not another word. */
int exname_close(const char *name, const char *submission);

#endif
