/* test_answers_doc.c — Check suite for finding the sections of the self-check
 * answers document (grader/prose/answers_doc.c): heading variants, levels, BOM,
 * code fences, pseudo-headings and the message when a section is missing. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prose/answers_doc.h"
#include "buf.h"

static const char *const names[] = { "q1", "q2", "q3", "q4", "q5", "friend", "friend-attention" };
#define N_NAMES (sizeof names / sizeof names[0])

/* The body of section `name` in doc, trimmed of surrounding white space, in
 * a static buffer; "(none)" when it is not found. */
static const char *body(const char *doc, const char *name)
{
    static char out[512];
    struct answers_section s;
    size_t a = 0, b;

    if (answers_doc_find(doc, strlen(doc), names, N_NAMES, name, &s))
        return "(none)";
    b = s.len;
    while (a < b && strchr(" \r\n\t", s.text[a]))
        a++;
    while (b > a && strchr(" \r\n\t", s.text[b - 1]))
        b--;
    snprintf(out, sizeof out, "%.*s", (int)(b - a), s.text + a);
    return out;
}

START_TEST(test_heading_variants)
{
    const char *variants[] = {
        "## q3\nA\n", "## Q3 — output prediction\nA\n", "## Q3—output prediction\nA\n",
        "## Q3-output\nA\n", "## Q3:Output\nA\n", "## **Q3** Output\nA\n", "## [Q3]\nA\n",
        "## Q3)\nA\n", "## Question 3: prediction\nA\n", "## Q 3\nA\n", "## Q.3\nA\n",
        "### 3. Output prediction\nA\n", "#Q3\nA\n", "## Q3\r\nA\r\n",
        "## My answer to q3\nA\n",
    };

    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++)
        ck_assert_msg(!strcmp(body(variants[i], "q3"), "A"), "%s -> %s", variants[i],
                      body(variants[i], "q3"));
    /* q3 is not q30, nor the figure 3.5 or 1,000 at the start of a heading */
    ck_assert_str_eq(body("## Q30\nA\n", "q3"), "(none)");
    ck_assert_str_eq(body("## 3.5 ms\nA\n", "q3"), "(none)");
    ck_assert_str_eq(body("## 3,000 tokens\nA\n", "q3"), "(none)");
}
END_TEST

START_TEST(test_longest_name_wins)
{
    const char *doc = "## Friend\nF\n\n## Friend-attention\nA\n";

    ck_assert_str_eq(body(doc, "friend"), "F");
    ck_assert_str_eq(body(doc, "friend-attention"), "A");
    ck_assert_str_eq(body("## Friend — attention\nA\n## Friend\nF\n", "friend"), "F");
    ck_assert_str_eq(body("## Friend — attention\nA\n## Friend\nF\n", "friend-attention"), "A");
    ck_assert_str_eq(body("## Explain to a friend\nF\n## So, attention?\nX\n", "friend"), "F");
    ck_assert_str_eq(body("## Friend-attention\nA\n", "friend"), "(none)");
}
END_TEST

START_TEST(test_leading_name_beats_mention)
{
    const char *doc = "# Answers to q1 and q3\nintro\n\n## Q1\none\n\n## Q3\nthree\n";

    ck_assert_str_eq(body(doc, "q1"), "one");
    ck_assert_str_eq(body(doc, "q3"), "three");
}
END_TEST

START_TEST(test_subheadings_stay_in_section)
{
    const char *doc = "## Question 5: Trade-off\n\n### Recurrent layer\n- cheap\n"
                      "### Attention layer\n- parallel\n\n## friend\nF\n";
    const char *nested = "# Answers\n### Q1\none\n#### detail\nmore\n### Q2\ntwo\n";

    ck_assert_str_eq(body(doc, "q5"),
                     "### Recurrent layer\n- cheap\n### Attention layer\n- parallel");
    ck_assert_str_eq(body(doc, "friend"), "F");
    ck_assert_str_eq(body(nested, "q1"), "one\n#### detail\nmore");
    ck_assert_str_eq(body(nested, "q2"), "two");
    /* a deeper heading that opens another section ends this one */
    ck_assert_str_eq(body("## Q1\none\n### Q2\ntwo\n", "q1"), "one");
}
END_TEST

START_TEST(test_bom_crlf_and_fences)
{
    const char *bom = "\xEF\xBB\xBF## Q1 \xE2\x80\x94 Interpretation\r\nIt fades.\r\n\r\n## Q2\r\nB\r\n";
    const char *fenced = "## Q1\nSee:\n```python\n# Q2 is not here\nx = 1\n```\nDone.\n## Q2\nB\n";
    struct answers_section s;

    ck_assert_str_eq(body(bom, "q1"), "It fades.");
    ck_assert_int_eq(answers_doc_find(bom, strlen(bom), names, N_NAMES, "q2", &s), 0);
    ck_assert_uint_eq(s.line, 4);
    ck_assert_str_eq(body(fenced, "q1"), "See:\n```python\n# Q2 is not here\nx = 1\n```\nDone.");
    ck_assert_str_eq(body(fenced, "q2"), "B");
}
END_TEST

START_TEST(test_pseudo_headings)
{
    const char *doc = "**Q1.** It fades fast.\n\n**Q2** It memorises.\n\nFriend: counting words.\n"
                      "Friend-attention: 1 hop.\n";

    ck_assert_str_eq(body(doc, "q1"), "It fades fast.");
    ck_assert_str_eq(body(doc, "q2"), "It memorises.");
    ck_assert_str_eq(body(doc, "friend"), "counting words.");
    ck_assert_str_eq(body(doc, "friend-attention"), "1 hop.");
    ck_assert_str_eq(body("**Friend \xE2\x80\x94 attention:** 1 hop.\n", "friend"), "(none)");
    ck_assert_str_eq(body("**Friend \xE2\x80\x94 attention:** 1 hop.\n", "friend-attention"), "1 hop.");
    /* a sentence that merely starts with the name opens nothing */
    ck_assert_str_eq(body("Q1 asked about gains.\n", "q1"), "(none)");
    ck_assert_str_eq(body("1. It fades.\n", "q1"), "(none)");
    /* with a real heading for q1, a line "Q1: ..." elsewhere is just text */
    ck_assert_str_eq(body("## q2\nQ1: see above.\n## q1\nreal\n", "q1"), "real");
    ck_assert_str_eq(body("## q2\nQ1: see above.\n## q1\nreal\n", "q2"), "Q1: see above.");
}
END_TEST

START_TEST(test_list_headings)
{
    struct gb_buf b = GB_BUF_INIT;
    struct gb_err err;
    const char *doc = "\xEF\xBB\xBF# Intro\ntext\n## Interpretation\nx\n```\n# code\n```\n";

    ck_assert_int_eq(answers_doc_list_headings(doc, strlen(doc), 12, &b, &err), 0);
    ck_assert_str_eq(b.data, "'# Intro' (line 1), '## Interpretation' (line 3)");
    gb_buf_free(&b);
    ck_assert_int_eq(answers_doc_list_headings("plain\n", 6, 12, &b, &err), 0);
    ck_assert_str_eq(b.data, "no headings");
    gb_buf_free(&b);
}
END_TEST

START_TEST(test_utf16_and_binary_documents)
{
    struct gb_buf b = GB_BUF_INIT;
    struct gb_err err;
    const char le[] = "\xFF\xFE#\0#\0 \0Q\0" "1\0\n\0\x14\x20\n\0";      /* "## Q1\n—\n" */
    const char be[] = "\xFE\xFF\0#\0#\0 \0Q\0" "1";
    const char bare[] = "#\0#\0 \0Q\0" "1\0\n\0";

    ck_assert_int_eq(answers_doc_from_utf16(le, sizeof le - 1, &b, &err), 1);
    ck_assert_str_eq(b.data, "## Q1\n\xE2\x80\x94\n");
    ck_assert_int_eq(answers_doc_from_utf16(be, sizeof be - 1, &b, &err), 1);
    ck_assert_str_eq(b.data, "## Q1");
    ck_assert_int_eq(answers_doc_from_utf16(bare, sizeof bare - 1, &b, &err), 1);
    ck_assert_str_eq(b.data, "## Q1\n");
    gb_buf_free(&b);
    ck_assert_int_eq(answers_doc_from_utf16("## Q1\nplain\n", 12, &b, &err), 0);
    ck_assert_ptr_null(b.data);
    ck_assert_ptr_nonnull(strstr(answers_doc_not_text("PK\x03\x04rest", 8), ".docx"));
    ck_assert_ptr_nonnull(strstr(answers_doc_not_text("%PDF-1.7", 8), "PDF"));
    ck_assert_ptr_nonnull(answers_doc_not_text("## q1\0x", 7));
    ck_assert_ptr_null(answers_doc_not_text("## q1\nfine\n", 11));
}
END_TEST

START_TEST(test_quotes_and_placeholders)
{
    struct gb_buf b = GB_BUF_INIT;
    struct gb_err err;
    const char *doc = "## q1\n> The question?\n> More of it.\n\nMy answer.\n## q2\n> Only a quote.\n";
    struct answers_section s;

    ck_assert_int_eq(answers_doc_find(doc, strlen(doc), names, N_NAMES, "q1", &s), 0);
    ck_assert_int_eq(answers_doc_drop_quotes(&s, NULL, &b, &err), 1);
    ck_assert_str_eq(b.data, "\n\n\nMy answer.\n");
    ck_assert_int_eq(answers_doc_find(doc, strlen(doc), names, N_NAMES, "q2", &s), 0);
    ck_assert_int_eq(answers_doc_drop_quotes(&s, NULL, &b, &err), 2);
    /* the question pasted in italics (CRLF, as a Windows editor saves it);
     * an italic line of the student's own, and a bullet, stay */
    const char *it = "## q1\r\n*Why does a word counter fail on twin reviews?*\r\n\r\n"
                     "It counts words.\r\n*My own emphasis here.*\r\n* a bullet about twin reviews*\r\n";
    const char *question = "Why does a model that counts words fail on twin reviews?";
    ck_assert_int_eq(answers_doc_find(it, strlen(it), names, N_NAMES, "q1", &s), 0);
    ck_assert_int_eq(answers_doc_drop_quotes(&s, question, &b, &err), 1);
    ck_assert_str_eq(b.data, "\n\r\nIt counts words.\r\n*My own emphasis here.*\r\n"
                             "* a bullet about twin reviews*\r\n");
    gb_buf_free(&b);
    ck_assert(answers_doc_placeholder("TODO", 4));
    ck_assert(answers_doc_placeholder("(answer here, TBD)\n", 19));
    ck_assert(!answers_doc_placeholder("To do: it memorises.", 20));
    ck_assert(!answers_doc_placeholder("...", 3));
}
END_TEST

/* Setext headings (CommonMark's underlined form, what pandoc writes): the
 * underline belongs to the heading, another section's heading ends one,
 * and dashes under a list item or after a blank line are no heading. */
START_TEST(test_setext_headings)
{
    const char *doc = "Q1 (interpretation)\n-------------------\nThe end.\n\n"
                      "Q2\r\n--\r\nMemorises.\r\n\n"
                      "Friend\n======\nIntro.\n\nFriend-attention\n----------------\nOne hop.\n";

    ck_assert_str_eq(body(doc, "q1"), "The end.");
    ck_assert_str_eq(body(doc, "q2"), "Memorises.");
    ck_assert_str_eq(body(doc, "friend-attention"), "One hop.");
    ck_assert_str_eq(body(doc, "friend"), "Intro.");
    /* a thematic break after a blank line, a list item over dashes: text */
    ck_assert_str_eq(body("## Q3\nA\n\n---\nQ4 text\n", "q3"), "A\n\n---\nQ4 text");
    ck_assert_str_eq(body("## Q3\n- q4\n---\nB\n", "q3"), "- q4\n---\nB");
    /* one dash underlines nothing: the plain "Q4" line opens the section */
    ck_assert_str_eq(body("Q4\n-\nB\n", "q4"), "-\nB");
}
END_TEST

/* An answers file written in LaTeX: its sectioning commands are headings,
 * the title inside the braces. */
START_TEST(test_latex_headings)
{
    const char *doc = "\\section*{Self-check answers}\n\n"
                      "\\subsection*{Question 1 (interpretation)}\nOnly the end.\n\n"
                      "\\subsection{Question 2 (debug)}\nMemorising.\n";

    ck_assert_str_eq(body(doc, "q1"), "Only the end.");
    ck_assert_str_eq(body(doc, "q2"), "Memorising.");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("answers_doc");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_heading_variants);
    tcase_add_test(tc, test_longest_name_wins);
    tcase_add_test(tc, test_leading_name_beats_mention);
    tcase_add_test(tc, test_subheadings_stay_in_section);
    tcase_add_test(tc, test_bom_crlf_and_fences);
    tcase_add_test(tc, test_pseudo_headings);
    tcase_add_test(tc, test_list_headings);
    tcase_add_test(tc, test_utf16_and_binary_documents);
    tcase_add_test(tc, test_quotes_and_placeholders);
    tcase_add_test(tc, test_setext_headings);
    tcase_add_test(tc, test_latex_headings);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
