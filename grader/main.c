/* main.c — the `grader` command line: dispatches to check, post and outbox. */
#include <stdio.h>
#include <string.h>

static int usage(FILE *f)
{
    fprintf(f,
            "usage: grader check [--format text|json|gradescope] [--python PATH]\n"
            "                    [--exercise NAME] FILE\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage(stderr);
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        usage(stdout);
        return 0;
    }
    fprintf(stderr, "grader: unknown command '%s'\n", argv[1]);
    return usage(stderr);
}
