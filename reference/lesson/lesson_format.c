/* lesson_format.c — the Python and NumPy print formats the module's code
 * uses (declared in lesson.h): a NumPy vector as numpy prints it, integers
 * with thousands separators.  Every step printer calls these; they call
 * nothing of the lesson, so the step table in lesson.c stays the top. */
#include "lesson/lesson.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* NumPy (maxprec, unique, trim '.') prints each element with its own shortest
 * digits capped at `precision`, then pads every element to the widest integer
 * part on the left and the widest fraction on the right. */
static void np_element(double x, char *s, size_t size)
{
    char *end;

    snprintf(s, size, "%.3f", x);
    end = s + strlen(s);
    while (end > s && end[-1] == '0')
        *--end = '\0';
}

char *lesson_np_vector(const double *v, int n, char *buf, size_t size)
{
    char el[32][40];
    int left = 0, right = 0, used;
    size_t pos = 0;

    if (n > 32)
        n = 32;
    for (int i = 0; i < n; i++) {
        char *dot;

        np_element(v[i], el[i], sizeof el[i]);
        dot = strchr(el[i], '.');
        if ((int)(dot - el[i]) > left)
            left = (int)(dot - el[i]);
        if ((int)strlen(dot + 1) > right)
            right = (int)strlen(dot + 1);
    }
    used = snprintf(buf, size, "[");
    for (int i = 0; i < n && used >= 0 && (size_t)used < size; i++) {
        char *dot = strchr(el[i], '.');
        int l = (int)(dot - el[i]), r = (int)strlen(dot + 1);

        pos = (size_t)used;
        used += snprintf(buf + pos, size - pos, "%s%*s%s%*s", i ? " " : "",
                         left - l, "", el[i], right - r, "");
    }
    if (used >= 0 && (size_t)used < size)
        snprintf(buf + used, size - (size_t)used, "]");
    return buf;
}

char *lesson_thousands(long n, char *buf, size_t size)
{
    char digits[32], out[48];
    int len, o = 0;

    len = snprintf(digits, sizeof digits, "%ld", labs(n));
    if (n < 0)
        out[o++] = '-';
    for (int i = 0; i < len; i++) {
        if (i && (len - i) % 3 == 0)
            out[o++] = ',';
        out[o++] = digits[i];
    }
    out[o] = '\0';
    snprintf(buf, size, "%s", out);
    return buf;
}
