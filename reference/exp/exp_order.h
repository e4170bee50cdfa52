/* exp_order.h — the order_matters exercise's expected values:
 * rubrics/expected/order_matters.json.
 *
 * The 1,600 / 600 split and its very/not counts; the logistic and 64-unit bag
 * models scored overall / very / not under both readings of "train the bag
 * models" (Step 1's 60 epochs and train()'s default 30, which Step 4 uses); the
 * 64-unit model's not-score on the 20 test sets of seeds 12..31; the best any
 * reader of word counts can do (the bag ceiling), from make_reviews' own
 * generative rule; and Step 2's hand-set RNN trace of the module's twin pair.
 */
#ifndef GB_EXP_ORDER_H
#define GB_EXP_ORDER_H

#include <cjson/cJSON.h>

#include "error.h"

#define ORDER_TRAIN_ROWS 1600
#define ORDER_TEST_ROWS 600
#define ORDER_TRAIN_SEED 11
#define ORDER_TEST_SEED 12
#define ORDER_FRESH_SETS 20        /* test sets of seeds 12..31 */
#define ORDER_MLP_HIDDEN 64

enum order_model { ORDER_LOGISTIC = 0, ORDER_MLP64 = 1 };

struct order_scores {
    double all, very, nots;        /* accuracy on all / "very" / "not" test rows (Step 1's names) */
};

/* One reading: both bag models trained `epochs` epochs with the module's train(). */
struct order_reading {
    int epochs;
    long params[2];                            /* by enum order_model */
    struct order_scores scores[2];
    double train_seconds[2];                   /* this machine's wall clock for train() */
    double fresh_not[ORDER_FRESH_SETS];        /* the 64-unit model, seeds 12..31 */
    double fresh_min, fresh_mean, fresh_max;
};

/* Trains the logistic then the 64-unit model (seed 7 before each is built, as
 * Step 1 does) on the bag of the 1,600 training reviews and scores them. */
int order_bag_reading(int epochs, struct order_reading *r, struct gb_err *err);

/* Parameters of the bag models, from their layer shapes: 18 and 1,217. */
long order_bag_params(enum order_model model);

/* The best accuracy any function of the bag of words can reach on make_reviews'
 * rows of the given kind (SEQ_KIND_VERY, SEQ_KIND_NOT, or -1 for all rows):
 * under make_reviews' generative distribution, the mass of each bag's majority
 * label.  0.5 on "not" rows: there every bag is as likely positive as negative. */
double order_bag_ceiling(int kind);

/* Fills the "values" object of rubrics/expected/order_matters.json. */
int exp_order_values(cJSON *values, struct gb_err *err);

#endif
