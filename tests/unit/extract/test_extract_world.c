/* test_extract_world.c — Check suite for output written the way students
 * around the world write it: pandas' two levels (a group line over the
 * header, a MultiIndex with its outer keys blanked, a long index name), a
 * text cell after a row's values, accented words, decimal commas, and the
 * label words of other languages (extract_table_groups.c, extract_lexicon.c,
 * extract.c, extract_table_rows.c).
 *
 * The label-word lexicon is checked entry by entry against
 * tests/cases/extract_labels.tsv: every entry has a case, and a case whose
 * entry is blanked fails (test_every_lexicon_entry_has_a_case).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "extract/extract.h"
#include "extract_fixture.h"

static const char *synonyms_json = "{\"gain\": [\"g\"], \"b_f\": [\"bf\", \"forget bias\"]}";

static struct found query(const struct extract_transcript *t, const char *locate_json)
{
    return extract_fixture_query(t, synonyms_json, locate_json);
}

START_TEST(test_group_line_names_the_columns_under_it)
{
    struct extract_transcript *t = extract_fixture_parse(
        "                                         test accuracy\n"
        "                           params    all  very rows  not rows\n"
        "model (order thrown away)\n"
        "logistic on counts             18  0.740      1.000     0.485\n"
        "64-unit net on counts       1,217  0.785      1.000     0.574\n");
    struct found f;

    f = query(t, "{\"row\": \"64-unit\", \"column\": \"test accuracy not rows\"}");
    ASSERT_HIT(f, 0.574, 5, "0.574");
    ck_assert_msg(strstr(f.column, "test accuracy"), "column '%s'", f.column);
    f = query(t, "{\"row\": \"logistic\", \"column\": \"params\"}");
    ASSERT_HIT(f, 18, 4, "18");
    ck_assert_msg(!strstr(f.column, "accuracy"), "params is no accuracy: '%s'", f.column);
    extract_free(t);
}
END_TEST

START_TEST(test_group_line_with_pipes_aligns_by_its_pipes)
{
    /* the student's group line is typed a few columns off: its '||' say
     * which columns it names, not where its letters fall */
    struct extract_transcript *t = extract_fixture_parse(
        "           |   (wall clock) ||  ----- train accuracy -----   ||  ----- test accuracy -----\n"
        " len model | train s module ||  train | module |  diff | ok ||   test | module |  diff | ok\n"
        "  50 RNN   |   47.0     3.8 ||  0.561 |  0.539 | +0.02 | XX ||  0.494 |  0.507 | -0.01 | XX\n");
    struct found f;

    f = query(t, "{\"row\": \"RNN\", \"column\": \"test accuracy\"}");
    ASSERT_HIT(f, 0.494, 3, "0.494");
    ck_assert_msg(strstr(f.column, "test accuracy test"), "column '%s'", f.column);
    f = query(t, "{\"row\": \"RNN\", \"column\": \"train accuracy\"}");
    ASSERT_HIT(f, 0.561, 3, "0.561");
    extract_free(t);
}
END_TEST

START_TEST(test_one_label_over_every_column_stays_a_caption)
{
    struct extract_transcript *t = extract_fixture_parse(
        "                        query\n"
        "axis     subject  good/bad  negation  filler\n"
        "token\n"
        "support      0.0       0.0       0.0     0.0\n"
        "rude         2.0       0.0       2.0     0.0\n");
    struct found f = query(t, "{\"row\": \"rude\", \"column\": \"negation\"}");

    ASSERT_HIT(f, 2.0, 5, "2.0");
    ck_assert_msg(!strstr(f.column, "query"), "a caption is no column word: '%s'", f.column);
    extract_free(t);
}
END_TEST

START_TEST(test_blanked_multiindex_keys_are_inherited)
{
    struct extract_transcript *t = extract_fixture_parse(
        "                step          t=50        t=1\n"
        "model           setting\n"
        "RNN gain        0.5      7.577e-02  5.032e-17\n"
        "                0.9      7.603e-02  1.619e-05\n"
        "                1.0      7.603e-02  7.716e-04\n"
        "LSTM cell, b_f  0.0      3.679e-02  5.180e-12\n"
        "                1.0      3.450e-02  6.822e-06\n");
    struct found f;

    f = query(t, "{\"row\": \"gain 1.0\", \"column\": \"t 1\"}");
    ASSERT_HIT(f, 7.716e-04, 5, "7.716e-04");
    f = query(t, "{\"row\": \"b_f 1.0\", \"column\": \"t 1\"}");
    ASSERT_HIT(f, 6.822e-06, 7, "6.822e-06");
    extract_free(t);
}
END_TEST

START_TEST(test_descending_right_aligned_keys_inherit_nothing)
{
    /* " 50" under "100" starts right of it, but "100" is no blanked key */
    struct extract_transcript *t = extract_fixture_parse(
        "length  model   test acc\n"
        "100     RNN        0.508\n"
        " 50     RNN        0.494\n");
    struct found f = query(t, "{\"row\": \"length 50 RNN\", \"column\": \"test acc\"}");

    ASSERT_HIT(f, 0.494, 3, "0.494");
    ck_assert_msg(!strstr(f.label, "100"), "label '%s'", f.label);
    extract_free(t);
}
END_TEST

START_TEST(test_text_cell_after_the_values_keeps_the_row)
{
    struct extract_transcript *t = extract_fixture_parse(
        "length   last step     step 1  steps back  reaches step 1\n"
        "50       7.603e-02  7.716e-04          49             yes\n"
        "100      6.106e-02  4.488e-05          90              no\n");
    struct found f = query(t, "{\"row\": \"length 100\", \"column\": \"steps back\"}");

    ASSERT_HIT(f, 90, 3, "90");
    extract_free(t);
}
END_TEST

START_TEST(test_accented_words_are_one_word)
{
    struct extract_transcript *t = extract_fixture_parse(
        "norme totale avant clipping : 20,5769\n"
        "norme totale après clipping : 1,0000\n");
    struct found f = query(t, "{\"row\": \"after clipping\"}");

    ASSERT_HIT(f, 1.0, 2, "1,0000");
    ck_assert_int_eq(extract_word_eq("Précision", strlen("Précision"), "precision", 9), 3);
    ck_assert_int_eq(extract_word_eq("étape", strlen("étape"), "etape", 5), 3);
    extract_free(t);
}
END_TEST

/* Two words are folded whole only when the characters where they first
 * differ fold alike: the character is read from its first byte (Д and д
 * share their first byte), and a Hangul word never equals an English one. */
START_TEST(test_folding_starts_at_the_differing_character)
{
    ck_assert_int_eq(extract_word_eq("Длина", strlen("Длина"), "длина", strlen("длина")), 3);
    ck_assert_int_eq(extract_word_eq("éTAPES", strlen("éTAPES"), "etape", 5), 3);
    ck_assert_int_eq(extract_word_eq("pre", 3, "préc", strlen("préc")), 2);
    /* a verb is no abbreviation of its participle ("before clip" is no "clipped") */
    ck_assert_int_eq(extract_word_eq("clipped", 7, "clip", 4), 0);
    ck_assert_int_eq(extract_word_eq("clip", 4, "clipping", 8), 0);
    ck_assert_int_eq(extract_word_eq("train", 5, "training", 8), 2);
    ck_assert_int_eq(extract_word_eq("shuffl", 6, "shuffled", 8), 2);
    ck_assert_int_eq(extract_word_eq("acc", 3, "accuracy", 8), 2);
    ck_assert_int_eq(extract_word_eq("norm", 4, "normalized", 10), 2);
    ck_assert_int_eq(extract_word_eq("길이", strlen("길이"), "length", 6), 0);
    ck_assert_int_eq(extract_word_eq("длина", strlen("длина"), "дата", strlen("дата")), 0);
}
END_TEST

START_TEST(test_decimal_commas_in_a_space_table)
{
    struct extract_transcript *t = extract_fixture_parse(
        "            support      was      not     rude   somme\n"
        "support      0,250    0,250    0,250    0,250   1,000\n"
        "rude         0,440    0,060    0,440    0,060   1,000\n");
    struct found f;

    f = query(t, "{\"row\": \"rude\", \"column\": \"was\"}");
    ASSERT_HIT(f, 0.06, 3, "0,060");
    f = query(t, "{\"row\": \"rude\", \"column\": \"sum\"}");
    ASSERT_HIT(f, 1.0, 3, "1,000");
    extract_free(t);
}
END_TEST

START_TEST(test_thousands_and_csv_are_no_decimal_commas)
{
    struct extract_transcript *t = extract_fixture_parse(
        "params 1,217\n"
        "5,20,50,100\n"
        "all: [0.574, 0.511]\n");
    struct found f = query(t, "{\"row\": \"params\"}");

    ASSERT_HIT(f, 1217, 1, "1,217");
    extract_free(t);
}
END_TEST

START_TEST(test_superscript_columns_keep_their_one_space_gutters)
{
    /* f"{x:>11}" joined by one space: a value ending in a multi-byte
     * superscript must not fill the gutter after it */
    struct extract_transcript *t = extract_fixture_parse(
        "model              step 30     step 20      step 1\n"
        "RNN gain 0.5    1.732×10⁻⁸ 1.787×10⁻¹¹ 5.032×10⁻¹⁷\n"
        "RNN gain 0.9    9.233×10⁻⁴  2.029×10⁻⁴  1.619×10⁻⁵\n");
    struct found f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 1\"}");

    ck_assert_msg(f.n == 1 && f.value == 5.032e-17, "%s", f.explain);
    ck_assert_str_eq(f.column, "step 1");
    extract_free(t);
}
END_TEST

START_TEST(test_decoration_is_no_word)
{
    /* bars, arrows and emoji drawn beside values are not read as labels */
    struct extract_transcript *t = extract_fixture_parse(
        "  total norm before clipping:    20.5769  ████████▌\n"
        "            support      was     sum   strongest\n"
        "support      0.711    0.096   1.000   → support   ███████\n"
        "rude         0.096    0.711   1.000   → rude      ✅\n");
    struct found f;

    f = query(t, "{\"row\": \"before clipping\"}");
    ASSERT_HIT(f, 20.5769, 1, "20.5769");
    f = query(t, "{\"row\": \"rude\", \"column\": \"sum\"}");
    ASSERT_HIT(f, 1.0, 4, "1.000");
    extract_free(t);
}
END_TEST

START_TEST(test_boxed_title_and_dotted_rules_leave_the_table_whole)
{
    /* a boxed title above the header is a heading (not the header), and a
     * row of middle dots between groups of rows is a rule, not the table's end */
    struct extract_transcript *t = extract_fixture_parse(
        "| Parts 2+3 — 40 epochs, Adam 0.01, 4,000 train rows        |\n"
        "length  model        train s  train acc  test acc\n"
        "     5  RNN             37.1      1.000     1.000\n"
        "  ··················································\n"
        "    50  RNN             78.5      0.561     0.494\n");
    struct found f = query(t, "{\"row\": \"length 50 RNN\", \"column\": \"test acc\"}");

    ASSERT_HIT(f, 0.494, 5, "0.494");
    extract_free(t);
}
END_TEST

START_TEST(test_boxed_part_title_and_norm_bars)
{
    struct extract_transcript *t = extract_fixture_parse(
        "| Part 4 — the same inputs through PyTorch                  |\n"
        "largest |output gap| against torch : 2.22e-16\n");
    struct found f = query(t, "{\"column\": [\"gap\", \"pytorch\"]}");

    ASSERT_HIT(f, 2.22e-16, 2, "2.22e-16");
    extract_free(t);
}
END_TEST

START_TEST(test_key_number_in_a_label_cell_takes_the_first_header_word)
{
    struct extract_transcript *t = extract_fixture_parse(
        " len model       | train s ||  train | test\n"
        "   5 RNN         |    27.8 ||  1.000 | 0.998\n"
        "  50 RNN         |    47.0 ||  0.561 | 0.494\n");
    struct found f = query(t, "{\"row\": \"length 50 RNN\", \"column\": \"test\"}");

    ASSERT_HIT(f, 0.494, 3, "0.494");
    extract_free(t);
}
END_TEST

START_TEST(test_a_gap_label_is_no_reading_of_its_operand)
{
    struct extract_transcript *t = extract_fixture_parse(
        "LSTM at length 50: train 0.839  test 0.495\n"
        "LSTM at length 50: train-test gap 0.344\n");
    struct found f = query(t, "{\"row\": \"LSTM\", \"column\": \"test\"}");

    ASSERT_HIT(f, 0.495, 1, "0.495");
    extract_free(t);
    /* a gap printed after the value labels its own number only */
    t = extract_fixture_parse("T=50 model=RNN train_acc=0.561 test_acc=0.494 gap=0.067\n");
    f = query(t, "{\"row\": \"RNN\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.494, 1, "0.494");
    extract_free(t);
}
END_TEST

/* tests/cases/extract_labels.tsv: LINE<TAB>ROW PHRASE<TAB>VALUE, one per
 * lexicon entry, naming the entry in a comment column. */
struct label_case {
    char line[256], row[64], entry[64];
    double value;
};

static size_t read_cases(struct label_case *c, size_t max)
{
    FILE *f = fopen("tests/cases/extract_labels.tsv", "r");
    char buf[512];
    size_t n = 0;

    ck_assert_msg(f != NULL, "tests/cases/extract_labels.tsv (run from the checkout)");
    while (fgets(buf, sizeof buf, f) && n < max) {
        if (buf[0] == '#' || buf[0] == '\n')
            continue;
        char *line = strtok(buf, "\t"), *row = strtok(NULL, "\t"), *val = strtok(NULL, "\t"),
             *entry = strtok(NULL, "\t\n");
        ck_assert_msg(line && row && val && entry, "malformed case line");
        snprintf(c[n].line, sizeof c[n].line, "%s\n", line);
        snprintf(c[n].row, sizeof c[n].row, "%s", row);
        snprintf(c[n].entry, sizeof c[n].entry, "%s", entry);
        c[n].value = strtod(val, NULL);
        n++;
    }
    fclose(f);
    return n;
}

START_TEST(test_label_cases_read_as_english)
{
    static struct label_case c[1024];
    size_t n = read_cases(c, 1024);

    for (size_t i = 0; i < n; i++) {
        struct extract_transcript *t = extract_fixture_parse(c[i].line);
        char locate[128];
        snprintf(locate, sizeof locate, "{\"row\": \"%s\"}", c[i].row);
        struct found f = query(t, locate);
        ck_assert_msg(f.n == 1 && f.value == c[i].value, "case '%s' (%s): %s", c[i].line,
                      c[i].entry, f.explain);
        extract_free(t);
    }
}
END_TEST

/* A gap named in the student's language is no reading of its operands:
 * "학습-테스트 차이는" is the train-test difference, not the test accuracy. */
START_TEST(test_a_difference_in_another_language)
{
    struct extract_transcript *t = extract_fixture_parse(
        "\xea\xb8\xb8\xec\x9d\xb4 50 LSTM \xed\x95\x99\xec\x8a\xb5-\xed\x85\x8c\xec\x8a\xa4"
        "\xed\x8a\xb8 \xec\xb0\xa8\xec\x9d\xb4\xeb\x8a\x94 0.344\n");
    struct found f = query(t, "{\"row\": \"length 50 LSTM\", \"column\": \"test\"}");

    ck_assert_msg(f.n == 0, "read the gap %s as the test accuracy", f.text);
    extract_free(t);
}
END_TEST

START_TEST(test_chinese_labels_are_cut_into_words)
{
    /* no spaces between Chinese words: "训练准确率" is train + accuracy,
     * "耗时(秒)" time in seconds; "：" ends a label as ":" would */
    struct extract_transcript *t = extract_fixture_parse(
        "  \xe9" "\x95" "\xbf" "\xe5" "\xba" "\xa6" "  \xe6" "\xa8" "\xa1" "\xe5" "\x9e" "\x8b" "             \xe8" "\x80" "\x97" "\xe6" "\x97" "\xb6" "(\xe7" "\xa7" "\x92" ")    \xe8" "\xae" "\xad" "\xe7" "\xbb" "\x83" "\xe5" "\x87" "\x86" "\xe7" "\xa1" "\xae" "\xe7" "\x8e" "\x87" "    \xe6" "\xb5" "\x8b" "\xe8" "\xaf" "\x95" "\xe5" "\x87" "\x86" "\xe7" "\xa1" "\xae" "\xe7" "\x8e" "\x87" "\x0a" ""
        "     5  RNN               29.7         1.000         1.000\x0a" ""
        "    50  RNN               40.0         0.561         0.494\x0a" ""
        "\n"
        "\xe8" "\xa3" "\x81" "\xe5" "\x89" "\xaa" "\xe5" "\x89" "\x8d" "\xe6" "\x80" "\xbb" "\xe6" "\xa2" "\xaf" "\xe5" "\xba" "\xa6" "\xe8" "\x8c" "\x83" "\xe6" "\x95" "\xb0" "\xef" "\xbc" "\x9a" "20.577\x0a" "");
    struct found f;

    f = query(t, "{\"row\": \"length 50 RNN\", \"column\": \"test accuracy\"}");
    ASSERT_HIT(f, 0.494, 3, "0.494");
    f = query(t, "{\"row\": \"length 50 RNN\", \"column\": \"train accuracy\"}");
    ASSERT_HIT(f, 0.561, 3, "0.561");
    f = query(t, "{\"column\": \"norm before\"}");
    ASSERT_HIT(f, 20.577, 5, "20.577");
    extract_free(t);
}
END_TEST

START_TEST(test_every_lexicon_entry_has_a_case)
{
    static struct label_case c[1024];
    size_t n = read_cases(c, 1024), size = extract_lexicon_size();

    for (size_t e = 0; e < size; e++) {
        const char *english, *word = extract_lexicon_entry(e, &english), *prev_en, *prev;
        int found = 0;
        if (e > 0 && (prev = extract_lexicon_entry(e - 1, &prev_en)))
            ck_assert_msg(strcmp(prev, word) < 0, "the lexicon must stay sorted: %s, %s", prev,
                          word);
        for (size_t i = 0; i < n && !found; i++)
            found = strcmp(c[i].entry, word) == 0;
        ck_assert_msg(found, "lexicon entry '%s' (%s) has no case", word, english);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("extract_world");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_group_line_names_the_columns_under_it);
    tcase_add_test(tc, test_group_line_with_pipes_aligns_by_its_pipes);
    tcase_add_test(tc, test_one_label_over_every_column_stays_a_caption);
    tcase_add_test(tc, test_blanked_multiindex_keys_are_inherited);
    tcase_add_test(tc, test_descending_right_aligned_keys_inherit_nothing);
    tcase_add_test(tc, test_text_cell_after_the_values_keeps_the_row);
    tcase_add_test(tc, test_accented_words_are_one_word);
    tcase_add_test(tc, test_folding_starts_at_the_differing_character);
    tcase_add_test(tc, test_decimal_commas_in_a_space_table);
    tcase_add_test(tc, test_thousands_and_csv_are_no_decimal_commas);
    tcase_add_test(tc, test_superscript_columns_keep_their_one_space_gutters);
    tcase_add_test(tc, test_decoration_is_no_word);
    tcase_add_test(tc, test_boxed_part_title_and_norm_bars);
    tcase_add_test(tc, test_boxed_title_and_dotted_rules_leave_the_table_whole);
    tcase_add_test(tc, test_key_number_in_a_label_cell_takes_the_first_header_word);
    tcase_add_test(tc, test_a_gap_label_is_no_reading_of_its_operand);
    tcase_add_test(tc, test_label_cases_read_as_english);
    tcase_add_test(tc, test_chinese_labels_are_cut_into_words);
    tcase_add_test(tc, test_a_difference_in_another_language);
    tcase_add_test(tc, test_every_lexicon_entry_has_a_case);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
