/* cmd_streams.h — the `reference` subcommands that print seeded streams:
 * reviews, randn, init, randperm; and label, Step 1's labeller by hand.  Each matches the real NumPy / PyTorch call
 * it names bit for bit (tests/e2e/streams_cli.sh compares them).  Bad
 * arguments print a usage message and return 2; runtime failures return 1.
 */
#ifndef GB_CMD_STREAMS_H
#define GB_CMD_STREAMS_H

/* `reference reviews --n N --seed S`: make_reviews(N, seed=S), one review per
 * line: the 8 tokens space-separated, a tab, the label, a tab, the kind. */
int cmd_streams_reviews(int argc, char **argv);
/* `reference randn --seed S --shape A,B,... [--dtype float32|float64] [--profile 1.13|2.x]
 *  [--kernels avx2|generic|native]` */
int cmd_streams_randn(int argc, char **argv);
/* `reference init MODEL --seed S [--profile P] [--kernels K]`: flattened initial
 * parameters, in parameters() order. */
int cmd_streams_init(int argc, char **argv);
/* `reference label WORD...`: the label of one review in the course grammar
 * (sequences.h), or why it has none (status 1). */
int cmd_streams_label(int argc, char **argv);
/* `reference randperm --seed S --n N [--times K]`: K permutations from one generator. */
int cmd_streams_randperm(int argc, char **argv);

#endif
