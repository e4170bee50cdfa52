/* main.c — the `reference` command: a thin front over the reference library.
 *
 * Each subcommand computes expected values with the library and prints them or
 * writes rubrics/expected/EXERCISE.json.  Subcommands register in the table below.
 */
#include <stdio.h>
#include <string.h>

#include "rng/cmd_streams.h"
#include "exp/exp_attention.h"
#include "exp/exp_order.h"
#include "exp/exp_gradient.h"
#include "exp/exp_memory.h"
#include "exp/exp_selfcheck.h"
#include "lesson/lesson.h"

struct subcommand {
    const char *name;
    const char *summary;
    int (*run)(int argc, char **argv);   /* argv[0] is the subcommand name */
};

static const struct subcommand subcommands[] = {
    { "attention_by_hand", "expected values of the attention exercise", exp_attention_main },
    { "order_matters", "expected values of the order_matters exercise", exp_order_main },
    { "gradient_decay", "expected values of the gradient_decay exercise", exp_gradient_main },
    { "memory_lab", "expected values of the memory_lab exercise (trains 14 models)", exp_memory_main },
    { "self_check", "expected values of the self-check questions", exp_selfcheck_main },
    { "lesson", "print the module's Output block for --step N, recomputed", lesson_main },
    { "reviews", "make_reviews(N, seed): tokens, label, kind per line", cmd_streams_reviews },
    { "randn", "torch.manual_seed(S); torch.randn(shape), one value per line", cmd_streams_randn },
    { "init", "a model's initial parameters in torch's parameters() order", cmd_streams_init },
    { "label", "the label of a review in Step 1's grammar, or why it has none", cmd_streams_label },
    { "randperm", "K successive torch.randperm(N) from one seeded generator", cmd_streams_randperm },
    { NULL, NULL, NULL }
};

static int usage(FILE *f)
{
    fprintf(f, "usage: reference SUBCOMMAND [options]\n\nsubcommands:\n");
    for (const struct subcommand *s = subcommands; s->name; s++)
        fprintf(f, "  %-18s %s\n", s->name, s->summary);
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
    for (const struct subcommand *s = subcommands; s->name; s++)
        if (!strcmp(argv[1], s->name))
            return s->run(argc - 1, argv + 1);
    fprintf(stderr, "reference: unknown subcommand '%s'\n", argv[1]);
    return usage(stderr);
}
