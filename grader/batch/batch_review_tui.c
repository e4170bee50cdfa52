/* batch_review_tui.c — the review screen (see batch_review_tui.h). */
#define _GNU_SOURCE
#include "batch/batch_review_tui.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "batch/batch_status.h"
#include "score/result_id.h"

#define KEY_CTRL_C 3
#define KEY_ESC 27
#define KEY_BACKSPACE 127
#define LINE_MAX_INPUT 400
#define STATUS_MAX (GB_ERR_MAX + 64)

static struct termios saved;
static int raw_on;

static void raw_off(void)
{
    if (raw_on)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
    raw_on = 0;
    fputs("\033[?25h\033[?1049l", stdout);     /* cursor back, the screen as it was */
    fflush(stdout);
}

static void on_signal(int sig)
{
    if (raw_on)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Keys one at a time, no echo; Ctrl-C is a key (quit), not a signal, so the
 * terminal is always restored by the same path. */
static int raw_start(struct gb_err *err)
{
    struct termios t;

    if (tcgetattr(STDIN_FILENO, &saved) < 0)
        return gb_fail_errno(err, "the review screen needs a terminal (--list for scripts)");
    t = saved;
    t.c_lflag &= ~(tcflag_t)(ICANON | ECHO | ISIG);
    t.c_cc[VMIN] = 1;
    t.c_cc[VTIME] = 0;
    if (tcsetattr(STDIN_FILENO, TCSAFLUSH, &t) < 0)
        return gb_fail_errno(err, "cannot set the terminal");
    raw_on = 1;
    signal(SIGTERM, on_signal);
    signal(SIGHUP, on_signal);
    fputs("\033[?1049h", stdout);               /* the alternate screen */
    return 0;
}

static int key(void)
{
    unsigned char c;
    ssize_t n;

    do
        n = read(STDIN_FILENO, &c, 1);
    while (n < 0 && errno == EINTR);
    return n == 1 ? c : -1;
}

static void size_of(int *rows, int *cols)
{
    struct winsize w;

    *rows = 24;
    *cols = 80;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_row > 5 && w.ws_col > 20) {
        *rows = w.ws_row;
        *cols = w.ws_col;
    }
}

/* Prints s wrapped at cols, at most *left lines (counted down); tabs are spaces. */
static void wrapped(const char *s, int cols, int *left)
{
    int col = 0;

    for (; *s && *left > 0; s++) {
        if (*s == '\n' || col >= cols) {
            fputs("\r\n", stdout);
            col = 0;
            if (--*left == 0)
                return;
            if (*s == '\n')
                continue;
        }
        putchar(*s == '\t' ? ' ' : *s);
        col += ((unsigned char)*s & 0xc0) != 0x80;     /* a UTF-8 character counts once */
    }
    if (col) {
        fputs("\r\n", stdout);
        --*left;
    }
}

struct screen {
    struct batch_review_tui *t;
    size_t at;                    /* the item shown */
    char *done;                   /* per item: 0, or the decision taken this session */
    size_t decided;
    char note[LINE_MAX_INPUT];    /* for the next decision */
    char status[STATUS_MAX];      /* the last thing that happened */
};

static size_t group_count(const struct screen *sc, const char *group)
{
    size_t n = 0;

    for (size_t i = 0; i < sc->t->n; i++)
        n += !strcmp(sc->t->items[i].group, group);
    return n;
}

static void draw(const struct screen *sc)
{
    const struct batch_review_item *it = &sc->t->items[sc->at];
    char who[400];
    int rows, cols, left;

    size_of(&rows, &cols);
    batch_status_who(sc->t->book, it->student, who, sizeof who);
    printf("\033[H\033[2J\033[?25l\033[1mgrader review %s\033[0m   item %zu of %zu   %zu decided "
           "this session\r\n", sc->t->dir, sc->at + 1, sc->t->n, sc->decided);
    printf("student:  %s\r\ncheck:    %s / %s (%g point%s)%s\r\n", who, it->exercise, it->check,
           it->max_points, it->max_points == 1 ? "" : "s",
           sc->done[sc->at] ? "   [decided]" : it->decision ? "   [decided before]" : "");
    printf("group:    %s covers %zu student%s\r\n", it->group, group_count(sc, it->group),
           group_count(sc, it->group) == 1 ? "" : "s");
    left = 3;
    fputs("rubric:   ", stdout);
    wrapped(it->description, cols - 10, &left);
    left = 4;
    fputs("question: ", stdout);
    wrapped(it->question, cols - 10, &left);
    left = 5;
    if (it->suggested) {
        printf("suggest:  \033[1m%s\033[0m (a accepts), because\r\n", it->suggested);
        left--;
        wrapped(it->reasons, cols, &left);
    } else {
        fputs("suggest:  none (no evidence either way)\r\n", stdout);
        left--;
    }
    fputs("\033[2m-- evidence --\033[0m\r\n", stdout);
    left = rows - 19 + left > 3 ? rows - 19 + left : 3;
    wrapped(it->evidence, cols, &left);
    printf("\033[%d;1H\033[7m a accept  p pass  f fail  s points  n note  A/P/F whole group"
           "  j next  k back  q quit \033[0m\r\n", rows - 2);
    printf("note: %s\r\n%s", sc->note[0] ? sc->note : "(none)", sc->status);
    fflush(stdout);
}

/* A line typed at the bottom; 0 with Enter, -1 with Esc or end of input. */
static int prompt(const char *label, char *out, size_t size)
{
    size_t n = 0;
    int rows, cols, c;

    size_of(&rows, &cols);
    out[0] = '\0';
    for (;;) {
        printf("\033[%d;1H\033[2K%s%s\033[?25h", rows, label, out);
        fflush(stdout);
        c = key();
        if (c < 0 || c == KEY_ESC || c == KEY_CTRL_C)
            return -1;
        if (c == '\r' || c == '\n')
            return 0;
        if ((c == KEY_BACKSPACE || c == '\b') && n > 0)
            out[--n] = '\0';
        else if (c >= 0x20 && c != KEY_BACKSPACE && n + 1 < size)
            out[n++] = (char)c, out[n] = '\0';
    }
}

/* Records word on the item shown, or on every item of its group ("suggested":
 * each item its own suggestion, items without one left); the note goes with
 * it and is then cleared. */
static int decide(struct screen *sc, const char *word, int whole_group, struct gb_err *err)
{
    const char *group = sc->t->items[sc->at].group;
    char at[RESULT_TIME_MAX];
    size_t n = 0;

    if (result_time_now(at, err))
        return -1;
    for (size_t i = 0; i < sc->t->n; i++) {
        struct batch_review_item *it = &sc->t->items[i];
        struct gb_err why;

        if (whole_group ? strcmp(it->group, group) != 0 : i != sc->at)
            continue;
        if (whole_group && !strcmp(word, "suggested") && !it->suggested)
            continue;
        if (batch_review_decide(sc->t->st, it, word, sc->note[0] ? sc->note : NULL, sc->t->by,
                                at, &why)) {
            snprintf(sc->status, sizeof sc->status, "not recorded: %s", why.msg);
            return strstr(why.msg, "not pass, fail") || strstr(why.msg, "no suggested verdict")
                 ? 0 : gb_fail(err, "%s", why.msg);
        }
        sc->done[i] = 1;
        n++;
    }
    if (n == 0) {
        snprintf(sc->status, sizeof sc->status, "not recorded: no item of the group has a "
                 "suggested verdict");
        return 0;
    }
    sc->decided += n;
    if (!strcmp(word, "suggested") && !whole_group)
        word = sc->t->items[sc->at].suggested;
    snprintf(sc->status, sizeof sc->status, "recorded %s for %zu item%s",
             strcmp(word, "suggested") ? word : "the suggested verdicts", n, n == 1 ? "" : "s");
    sc->note[0] = '\0';
    return 1;
}

/* The next item not decided this session (or the last one). */
static void next(struct screen *sc)
{
    for (size_t i = sc->at + 1; i < sc->t->n; i++)
        if (!sc->done[i]) {
            sc->at = i;
            return;
        }
    if (sc->at + 1 < sc->t->n)
        sc->at++;
}

/* One key: 0 go on, 1 quit, -1 an error that stops the screen. */
static int handle(struct screen *sc, int c, struct gb_err *err)
{
    char typed[LINE_MAX_INPUT];
    int rc = 0;

    sc->status[0] = '\0';
    if (c < 0 || c == 'q' || c == KEY_CTRL_C)
        return 1;
    if (c == 'p' || c == 'f' || c == 'P' || c == 'F')
        rc = decide(sc, c == 'p' || c == 'P' ? "pass" : "fail", c == 'P' || c == 'F', err);
    else if (c == 'a' || c == 'A')
        rc = decide(sc, "suggested", c == 'A', err);
    else if (c == 's' && prompt("points: ", typed, sizeof typed) == 0)
        rc = decide(sc, typed, 0, err);
    else if (c == 'n' && prompt("note: ", typed, sizeof typed) == 0)
        snprintf(sc->note, sizeof sc->note, "%s", typed);
    else if (c == 'j' || c == ' ')
        next(sc);
    else if (c == 'k' && sc->at > 0)
        sc->at--;
    if (rc > 0)
        next(sc);
    return rc < 0 ? -1 : 0;
}

int batch_review_tui_run(struct batch_review_tui *t, size_t *decided, struct gb_err *err)
{
    struct screen sc = { .t = t };
    int rc = 0;

    *decided = 0;
    if (t->n == 0) {
        printf("grader review %s: nothing is waiting for a decision\n", t->dir);
        return 0;
    }
    if (!(sc.done = calloc(t->n, 1)))
        return gb_fail(err, "out of memory");
    for (size_t i = 0; i < t->n && t->items[sc.at].decision; i++)
        sc.at = i;                    /* start at the first item still pending */
    if (raw_start(err)) {
        free(sc.done);
        return -1;
    }
    while (rc == 0) {
        draw(&sc);
        rc = handle(&sc, key(), err);
    }
    raw_off();
    *decided = sc.decided;
    free(sc.done);
    return rc < 0 ? -1 : 0;
}
