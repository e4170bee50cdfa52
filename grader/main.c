/* main.c — the `grader` command line: a table of subcommands.
 *
 * Each subcommand is one module's entry point taking (argc, argv) with
 * argv[0] = the subcommand's name, and returning the process exit status.
 * Usage errors exit 2 with a message on stderr. */
#include <stdio.h>
#include <string.h>

#include "batch/batch_cmd.h"
#include "batch/batch_review_cmd.h"
#include "deliver/cmd_lti.h"
#include "deliver/cmd_post.h"
#include "check/pipeline.h"
#include "report/report.h"
#include "serve/cmd_token.h"
#include "serve/serve.h"
#include "serve/worker.h"

static const struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} commands[] = {
    { "check", pipeline_check_main, "grade one submission and print the report" },
    { "batch", batch_cmd_main, "grade a cohort (folders or LMS zips) into a gradebook and report" },
    { "review", batch_review_cmd_main, "decide a graded cohort's review items (who, when, why)" },
    { "post", cmd_post, "deliver result JSON files to the LMS (webhook or LTI), durably" },
    { "outbox", cmd_outbox, "list, flush or retry queued deliveries" },
    { "lti", cmd_lti, "the LTI 1.3 tool key (keygen, public-key) and a registration check" },
    { "serve", serve_main, "run the checker service (web page + HTTP API, queue, workers)" },
    { "worker", worker_main, "grade the service's queued submissions (another host's share)" },
    { "token", cmd_token, "issue, show or revoke the service's student tokens" },
};

#define N_COMMANDS (sizeof commands / sizeof commands[0])

static int usage(FILE *f)
{
    fprintf(f, "usage: grader COMMAND [OPTIONS]\n\ncommands:\n");
    for (size_t i = 0; i < N_COMMANDS; i++)
        fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "\n'grader COMMAND --help' describes a command's options.\n");
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
    if (!strcmp(argv[1], "--version")) {
        printf("grader %s\n", GRADER_VERSION);
        return 0;
    }
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "grader: unknown command '%s'\n", argv[1]);
    return usage(stderr);
}
