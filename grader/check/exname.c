/* exname.c — an upload's file name against an exercise's (see exname.h). */
#define _GNU_SOURCE
#include "check/exname.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "check/notebook.h"

/* The length of a file name's stem: up to its last dot. */
static size_t stem_len(const char *name)
{
    const char *dot = strrchr(name, '.');

    return dot && dot != name ? (size_t)(dot - name) : strlen(name);
}

static int is_script(const char *name)
{
    size_t n = strlen(name);

    return n > 3 && !strcasecmp(name + n - 3, ".py");
}

/* "attention_by_hand" from "attention_by_hand.py", found in any case. */
static int contains_stem(const char *name, const char *submission)
{
    size_t n = stem_len(submission);
    char stem[256];

    if (n == 0 || n >= sizeof stem)
        return 0;
    memcpy(stem, submission, n);
    stem[n] = '\0';
    return strcasestr(name, stem) != NULL;
}

int exname_match(const char *name, const char *submission)
{
    size_t n = stem_len(submission);

    if (!strcasecmp(name, submission))
        return 2;
    if (notebook_is_name(name) && is_script(submission) && stem_len(name) == n
        && !strncasecmp(name, submission, n))
        return 2;
    return contains_stem(name, submission);
}

size_t exname_distance(const char *a, const char *b)
{
    size_t la = stem_len(a), lb = stem_len(b), row[EXNAME_FAR + 1];

    if (la > EXNAME_FAR || lb > EXNAME_FAR)
        return EXNAME_FAR;
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];

        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j], best = diag + (tolower((unsigned char)a[i - 1])
                                               != tolower((unsigned char)b[j - 1]));

            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            diag = up;
            row[j] = best;
        }
    }
    return row[lb];
}

/* A typo or two: at most 3 edits, and fewer than a third of the stem (so
 * "order.py" is not "offer"'s near miss). */
int exname_close(const char *name, const char *submission)
{
    size_t d = exname_distance(name, submission);

    return d <= 3 && 3 * d < stem_len(submission);
}
