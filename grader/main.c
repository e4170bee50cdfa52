/* main.c — the `grader` command line: dispatches to check, post and outbox. */
#include <stdio.h>
#include <string.h>

#include "cmd_post.h"

static int usage(FILE *f)
{
    fprintf(f,
            "usage: grader check [--format text|json|gradescope] [--python PATH]\n"
            "                    [--exercise NAME] FILE\n"
            "       grader post [--to URL] [SETTING...] RESULT.json...\n"
            "       grader outbox list | flush [--wait SECONDS] | retry ID\n");
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
    if (!strcmp(argv[1], "post"))
        return cmd_post(argc - 1, argv + 1);
    if (!strcmp(argv[1], "outbox"))
        return cmd_outbox(argc - 1, argv + 1);
    fprintf(stderr, "grader: unknown command '%s'\n", argv[1]);
    return usage(stderr);
}
