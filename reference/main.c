/* main.c — the `reference` command: a thin front over the reference library.
 *
 * Each subcommand computes expected values with the library and prints them or
 * writes rubrics/expected/EXERCISE.json.  Subcommands register in the table below.
 * GRADEBOX_NN_ISA=portable|avx2|avx512 runs the engine on a narrower vector
 * path than the CPU's widest (nn/nn_isa.h): the same bits, to prove it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng/cmd_streams.h"
#include "exp/exp_attention.h"
#include "exp/exp_order.h"
#include "exp/exp_gradient.h"
#include "exp/exp_memory.h"
#include "exp/exp_selfcheck.h"
#include "exp/expected_json.h"
#include "lesson/lesson.h"
#include "nn/nn_isa.h"
#include "rng/seed_map.h"

struct subcommand {
    const char *name;
    const char *summary;
    int (*run)(int argc, char **argv);   /* argv[0] is the subcommand name */
    /* or, for an exercise's expected values (run NULL): the function that fills
     * them; expected_json_main() does the rest, the name is the exercise's */
    int (*values)(cJSON *values, struct gb_err *err);
};

static const struct subcommand subcommands[] = {
    { "attention_by_hand", "expected values of the attention exercise", NULL,
      exp_attention_values },
    { "order_matters", "expected values of the order_matters exercise", NULL, exp_order_values },
    { "gradient_decay", "expected values of the gradient_decay exercise", NULL,
      exp_gradient_values },
    { "memory_lab", "expected values of the memory_lab exercise (14 models, 2 readings, twins)",
      exp_memory_main, NULL },
    { "self_check", "expected values of the self-check questions", NULL, exp_selfcheck_values },
    { "lesson", "print the module's Output block for --step N, recomputed", lesson_main, NULL },
    { "reviews", "make_reviews(N, seed): tokens, label, kind per line", cmd_streams_reviews, NULL },
    { "randn", "torch.manual_seed(S); torch.randn(shape), one value per line",
      cmd_streams_randn, NULL },
    { "init", "a model's initial parameters in torch's parameters() order",
      cmd_streams_init, NULL },
    { "label", "the label of a review in Step 1's grammar, or why it has none",
      cmd_streams_label, NULL },
    { "randperm", "K successive torch.randperm(N) from one seeded generator",
      cmd_streams_randperm, NULL },
    { "seed-map", "KEY SEED...: each seed through the integrity rerun's keyed bijection",
      seed_map_main, NULL },
    { NULL, NULL, NULL, NULL }
};

static int usage(FILE *f)
{
    fprintf(f, "usage: reference SUBCOMMAND [options]\n\nsubcommands:\n");
    for (const struct subcommand *s = subcommands; s->name; s++)
        fprintf(f, "  %-18s %s\n", s->name, s->summary);
    return 2;
}

/* GRADEBOX_NN_ISA, when set: a path this CPU runs, else a usage error. */
static int choose_isa(void)
{
    const char *want = getenv("GRADEBOX_NN_ISA");
    struct gb_err err;
    int isa;
    if (!want || !*want)
        return 0;
    if ((isa = nn_isa_parse(want)) < 0) {
        fprintf(stderr, "reference: GRADEBOX_NN_ISA=%s is not one of portable, avx2, avx512\n",
                want);
        return -1;
    }
    if (nn_isa_force((enum nn_isa)isa, &err) < 0) {
        fprintf(stderr, "reference: GRADEBOX_NN_ISA=%s: %s\n", want, err.msg);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (choose_isa() < 0)
        return 2;
    if (argc < 2)
        return usage(stderr);
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        usage(stdout);
        return 0;
    }
    for (const struct subcommand *s = subcommands; s->name; s++)
        if (!strcmp(argv[1], s->name))
            return s->run ? s->run(argc - 1, argv + 1)
                          : expected_json_main(argc - 1, argv + 1, s->name, s->values);
    fprintf(stderr, "reference: unknown subcommand '%s'\n", argv[1]);
    return usage(stderr);
}
