/* home.h — where gradebox's data lives: rubrics/, exercises/, grader/shims/.
 *
 * The grader is run from anywhere (a student's folder, a cohort script, CI),
 * so it finds its data without relying on the current directory:
 *   1. --rubrics DIR for the rubrics alone (an instructor's private set);
 *   2. $GRADEBOX_HOME, a directory holding rubrics/, exercises/ and grader/shims/;
 *   3. otherwise from the executable's path (/proc/self/exe), see
 *      home_root_for_exe(): an installed PREFIX/bin/grader finds
 *      PREFIX/share/gradebox (what `make install` lays out), and bin/grader or
 *      build/san/bin/grader find the checkout they were built in.
 * An installation and a checkout have the same layout under their root.
 */
#ifndef GB_HOME_H
#define GB_HOME_H

#include <limits.h>
#include <stddef.h>

#include "error.h"

struct gb_home {
    char root[PATH_MAX];       /* the gradebox checkout / installation */
    char rubrics[PATH_MAX];    /* rubric files and expected/ */
    char exercises[PATH_MAX];  /* course-provided files (sequences.py) */
    char shims[PATH_MAX];      /* Python-side runtime shims */
};

/* rubrics_override may be NULL. */
int home_find(const char *rubrics_override, struct gb_home *home, struct gb_err *err);

/* The data root of the executable at the absolute path exe: first
 * DIR/../share/gradebox (DIR being exe's directory) when it holds rubrics/,
 * else the nearest of DIR and its three parents that holds rubrics/.
 * Writes the root (without "..") to root[size]. */
int home_root_for_exe(const char *exe, char *root, size_t size, struct gb_err *err);

#endif
