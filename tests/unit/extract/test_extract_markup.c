/* test_extract_markup.c — Check suite for results printed as markup and
 * packed notation (grader/extract/extract_nest.c, extract_tokens.c,
 * extract_inline.c, extract_candidates.c, extract.c): XML elements whose
 * opening tags label the lines inside them, YAML lists of mappings, a
 * legend naming the places of '/'-joined numbers, rates written "x.490/step",
 * '#' comment lines that describe the data below them, and lines that bind
 * the row axis to another row ("query=support").
 *
 * Lines count from 1, as reports cite them.  Each case is the smallest transcript in the shape a student's print
 * produced (tests/field holds the full runs) and fails when its rule goes.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "extract/extract.h"
#include "extract_fixture.h"

static const char *const SYNONYMS =
    "{\"gain\": [\"g\"], \"b_f\": [\"forget bias\", \"bf\", \"forget_bias\"],"
    " \"per step\": [\"factor\", \"shrink\"], \"step\": [\"t\"],"
    " \"train acc\": [\"train accuracy\", \"train\", \"tr\"], \"test acc\": [\"test\", \"te\"]}";

static struct found query(const struct extract_transcript *t, const char *locate_json)
{
    return extract_fixture_query(t, SYNONYMS, locate_json);
}

/* XML: the opening tag of an element labels every line inside it. */
static const char XML[] =
    "<results exercise=\"gradient_decay_by_hand\">\n"              /* 1 */
    "  <model kind=\"RNN\" gain=\"0.5\">\n"                        /* 2 */
    "    <grad step=\"50\">7.577e-02</grad>\n"                     /* 3 */
    "    <grad step=\"1\">5.032e-17</grad>\n"                      /* 4 */
    "    <shrink_per_step>x0.490</shrink_per_step>\n"              /* 5 */
    "  </model>\n"                                                 /* 6 */
    "  <model kind=\"RNN\" gain=\"0.9\">\n"                        /* 7 */
    "    <grad step=\"50\">7.603e-02</grad>\n"                     /* 8 */
    "    <grad step=\"1\">1.619e-05</grad>\n"                      /* 9 */
    "    <shrink_per_step>x0.842</shrink_per_step>\n"              /* 10 */
    "  </model>\n"                                                 /* 11 */
    "  <torch_check>2.22e-16</torch_check>\n"                      /* 12 */
    "</results>\n";

START_TEST(test_an_element_labels_the_lines_inside_it)
{
    struct extract_transcript *t = extract_fixture_parse(XML);
    struct found f;

    /* the gain is in the opening tag, the step on the line: '>' closes the tag */
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 1\", \"exclude\": \"gain 0.9\"}");
    ASSERT_HIT(f, 5.032e-17, 4, "5.032e-17");
    f = query(t, "{\"row\": \"gain 0.9\", \"column\": \"step 1\", \"exclude\": \"gain 0.5\"}");
    ASSERT_HIT(f, 1.619e-05, 9, "1.619e-05");
    f = query(t, "{\"row\": \"gain 0.9\", \"column\": \"per step\", \"exclude\": \"gain 0.5\"}");
    ASSERT_HIT(f, 0.842, 10, "x0.842");
    /* the document's element around everything names no result: its
     * 'hand' is no hand-worked value, and its closing tags no labels */
    f = query(t, "{\"column\": [\"gap\", \"torch\"], \"exclude\": \"hand\"}");
    ASSERT_HIT(f, 2.22e-16, 12, "2.22e-16");
    extract_free(t);
}
END_TEST

/* An attribute binds the row axis: the support row's weight on rude is no
 * reading of the rude row, and several numbers make a vector. */
static const char XML_ATTN[] =
    "  <attention case=\"A: query=key=value=meanings\">\n"        /* 1 */
    "    <row query=\"support\">\n"                               /* 2 */
    "      <weight query=\"support\" key=\"support\">0.711</weight>\n" /* 3 */
    "      <weight query=\"support\" key=\"was\">0.096</weight>\n" /* 4 */
    "      <weight query=\"support\" key=\"not\">0.096</weight>\n" /* 5 */
    "      <weight query=\"support\" key=\"rude\">0.096</weight>\n" /* 6 */
    "      <sum>1.000</sum>\n"                                    /* 7 */
    "      <output>1.422 -0.193 0.193 0.241</output>\n"           /* 8 */
    "    </row>\n"                                                /* 9 */
    "    <row query=\"rude\">\n"                                  /* 10 */
    "      <weight query=\"rude\" key=\"support\">0.096</weight>\n" /* 11 */
    "      <weight query=\"rude\" key=\"was\">0.096</weight>\n"   /* 12 */
    "      <weight query=\"rude\" key=\"not\">0.096</weight>\n"   /* 13 */
    "      <weight query=\"rude\" key=\"rude\">0.711</weight>\n"  /* 14 */
    "      <sum>1.000</sum>\n"                                    /* 15 */
    "      <output>0.193 -1.422 0.193 0.241</output>\n"           /* 16 */
    "    </row>\n"                                                /* 17 */
    "  </attention>\n"                                            /* 18 */
    "<note>done</note>\n";

START_TEST(test_an_attribute_binding_the_row_axis_names_the_row)
{
    struct extract_transcript *t = extract_fixture_parse(XML_ATTN);
    struct found f;

    f = query(t, "{\"row\": \"rude\", \"column\": \"rude\", \"row_axis\": [\"query\", \"q\"]}");
    ASSERT_HIT(f, 0.711, 14, "0.711");
    f = query(t, "{\"row\": \"rude\", \"shape\": \"vector\", \"exclude\": \"sum\"}");
    ck_assert_msg(f.n == 1 && f.line == 16 && f.n_nums == 4, "line %zu, %zu numbers: %s", f.line,
                  f.n_nums, f.explain);
    extract_free(t);
    /* an equation in a label ("q=k=v") binds no row */
    t = extract_fixture_parse("A(q=k=v) support: w=[0.711 0.096]\nA(q=k=v) rude: w=[0.096 0.711]\n");
    f = query(t, "{\"row\": \"rude\", \"row_axis\": [\"query\", \"q\"], \"nth\": 2}");
    ASSERT_HIT(f, 0.711, 2, "0.711");
    extract_free(t);
}
END_TEST

/* YAML: "- key: value" heads the mapping indented under it, and a key's
 * list may sit at the key's own indentation. */
static const char YAML[] =
    "rows:\n"                                   /* 1 */
    "- model: RNN gain 0.5\n"                   /* 2 */
    "  blame_at_step:\n"                        /* 3 */
    "    step_50: 7.577e-02\n"                  /* 4 */
    "    step_1: 5.032e-17\n"                   /* 5 */
    "  per_step_factor: 0.490\n"                /* 6 */
    "- model: RNN gain 0.9\n"                   /* 7 */
    "  blame_at_step:\n"                        /* 8 */
    "    step_50: 7.603e-02\n"                  /* 9 */
    "    step_1: 1.619e-05\n"                   /* 10 */
    "  per_step_factor: 0.842\n"                /* 11 */
    "\n"
    "clip:\n"                                   /* 13 */
    "  norms:\n"                                /* 14 */
    "  - 20.577\n"                              /* 15 */
    "  - 1.000\n";                              /* 16 */

START_TEST(test_a_yaml_list_item_heads_its_mapping)
{
    struct extract_transcript *t = extract_fixture_parse(YAML);
    struct found f;

    f = query(t, "{\"row\": \"gain 0.9\", \"column\": \"step 1\", \"exclude\": \"gain 0.5\"}");
    ASSERT_HIT(f, 1.619e-05, 10, "1.619e-05");
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"per step\", \"exclude\": \"gain 0.9\"}");
    ASSERT_HIT(f, 0.490, 6, "0.490");
    f = query(t, "{\"row\": \"norms\", \"nth\": 2}");
    ck_assert_msg(f.n == 1 && f.value == 1.0, "value %g: %s", f.value, f.explain);
    extract_free(t);
}
END_TEST

/* A legend names the places of a '/'-joined run; '#' lines that assign,
 * tabulate or map describe the data and close no section. */
static const char SLASHES[] =
    "--- A. q = k ---\n"                                                         /* 1 */
    "# format: q=token -> w(support/was/not/rude) = weights | row sum | output\n" /* 2 */
    "q=support -> w = .711/.096/.096/.096 | sum 1.000 | out [1.422 -0.193]\n"   /* 3 */
    "q=rude    -> w = .096/.096/.096/.711 | sum 1.000 | out [0.193 -1.422]\n"   /* 4 */
    "q=not     -> scores 1.5/2.5/3.5/4.5 | w = .083/.137/.696/.083\n"           /* 5 */
    "\n"
    "rnn g0.5   @50/@1 = 7.577e-02/5.032e-17  x.490/step\n"                      /* 7 */
    "rnn g0.9   step1/step50 = 2.13e-04  x.842/step\n";                          /* 8 */

START_TEST(test_a_legend_names_the_places_of_a_slash_run)
{
    struct extract_transcript *t = extract_fixture_parse(SLASHES);
    struct found f;

    f = query(t, "{\"section\": \"q = k\", \"row\": \"rude\", \"column\": \"was\", "
                 "\"row_axis\": [\"query\", \"q\"], \"exclude\": \"output\"}");
    ASSERT_HIT(f, 0.096, 4, ".096");
    f = query(t, "{\"section\": \"q = k\", \"row\": \"rude\", \"column\": \"rude\", "
                 "\"row_axis\": [\"query\", \"q\"], \"exclude\": \"output\"}");
    ASSERT_HIT(f, 0.711, 4, ".711");
    f = query(t, "{\"section\": \"q = k\", \"row\": \"support\", \"column\": \"support\", "
                 "\"row_axis\": [\"query\", \"q\"], \"exclude\": \"output\"}");
    ASSERT_HIT(f, 0.711, 3, ".711");
    /* the run the legend's "w" heads, not the first run of four */
    f = query(t, "{\"section\": \"q = k\", \"row\": \"not\", \"column\": \"was\", "
                 "\"row_axis\": [\"query\", \"q\"], \"exclude\": \"output\"}");
    ASSERT_HIT(f, 0.137, 5, ".137");
    extract_free(t);
}
END_TEST

/* A title may say "query = key"; only bars and arrows make a '#' line a
 * comment on the data. */
static const char TITLES[] =
    "## Part 2: raw self-attention (query = key)\n"     /* 1 */
    "rude: 0.711\n"                                     /* 2 */
    "## Part 3: a query matrix\n"                       /* 3 */
    "rude: 0.060\n";                                    /* 4 */

START_TEST(test_a_title_may_say_query_equals_key)
{
    struct extract_transcript *t = extract_fixture_parse(TITLES);
    struct found f;

    f = query(t, "{\"section\": \"query = key\", \"row\": \"rude\"}");
    ASSERT_HIT(f, 0.711, 2, "0.711");
    extract_free(t);
}
END_TEST

START_TEST(test_a_number_over_a_unit_word_is_a_rate)
{
    struct extract_transcript *t = extract_fixture_parse(SLASHES);
    struct found f;

    /* "x.490/step" is 0.490 per step; "step1/step50" is a quotient of labels */
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": [\"per step\"]}");
    ASSERT_HIT(f, 0.490, 7, "x.490");
    f = query(t, "{\"row\": \"gain 0.9\", \"column\": [\"per step\"]}");
    ASSERT_HIT(f, 0.842, 8, "x.842");
    extract_free(t);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("extract_markup");
    TCase *tc = tcase_create("markup");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_an_element_labels_the_lines_inside_it);
    tcase_add_test(tc, test_an_attribute_binding_the_row_axis_names_the_row);
    tcase_add_test(tc, test_a_yaml_list_item_heads_its_mapping);
    tcase_add_test(tc, test_a_legend_names_the_places_of_a_slash_run);
    tcase_add_test(tc, test_a_number_over_a_unit_word_is_a_rate);
    tcase_add_test(tc, test_a_title_may_say_query_equals_key);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
