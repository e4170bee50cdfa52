/* home.h — where gradebox's data lives: rubrics/, exercises/, grader/shims/.
 *
 * The grader is run from anywhere (a student's folder, a cohort script, CI),
 * so it finds its data without relying on the current directory:
 *   1. --rubrics DIR for the rubrics alone (an instructor's private set);
 *   2. $GRADEBOX_HOME, a directory holding rubrics/, exercises/ and grader/shims/;
 *   3. otherwise the nearest ancestor of the executable's directory
 *      (/proc/self/exe) that holds rubrics/: bin/grader and build/san/bin/grader
 *      both find the checkout they were built in.
 */
#ifndef GB_HOME_H
#define GB_HOME_H

#include <limits.h>

#include "error.h"

struct gb_home {
    char root[PATH_MAX];       /* the gradebox checkout / installation */
    char rubrics[PATH_MAX];    /* rubric files and expected/ */
    char exercises[PATH_MAX];  /* course-provided files (sequences.py) */
    char shims[PATH_MAX];      /* Python-side runtime shims */
};

/* rubrics_override may be NULL. */
int home_find(const char *rubrics_override, struct gb_home *home, struct gb_err *err);

#endif
