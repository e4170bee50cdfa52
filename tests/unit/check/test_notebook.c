/* test_notebook.c — Check suite for notebook.c: a Jupyter notebook read as
 * the one script the grader runs, the IPython lines it drops (one case per
 * kind), the lines that only look like them, the map back to cells, and the
 * sentence every malformed notebook gets. */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/notebook.h"
#include "score/source_cite.h"

/* A format 4 notebook around the given cells (JSON text). */
static char *nb_of(const char *cells)
{
    char *s;

    ck_assert_int_ge(asprintf(&s, "{\"cells\": [%s], \"metadata\": {}, \"nbformat\": 4, "
                              "\"nbformat_minor\": 5}", cells), 0);
    return s;
}

/* Reads a notebook that must be accepted; returns its script. */
static const char *read_ok(struct notebook *nb, const char *cells)
{
    char *text = nb_of(cells);
    struct gb_err err = { "" };

    ck_assert_msg(notebook_read(text, strlen(text), "x.ipynb", nb, &err) == 0, "%s", err.msg);
    free(text);
    return nb->script.data;
}

/* Reads a notebook that must be refused; returns the sentence. */
static const char *read_bad(const char *text)
{
    static struct gb_err err;
    struct notebook nb;

    ck_assert_int_eq(notebook_read(text, strlen(text), "x.ipynb", &nb, &err), -1);
    notebook_free(&nb);
    return err.msg;
}

#define CODE(src) "{\"cell_type\": \"code\", \"metadata\": {}, \"outputs\": [], " \
                  "\"execution_count\": null, \"source\": " src "}"
#define MD(src)   "{\"cell_type\": \"markdown\", \"metadata\": {}, \"source\": " src "}"

START_TEST(test_string_and_list_sources_read_alike)
{
    struct notebook a, b;

    ck_assert_str_eq(read_ok(&a, CODE("\"x = 1\\nprint(x)\\n\"")), "x = 1\nprint(x)\n");
    ck_assert_str_eq(read_ok(&b, CODE("[\"x = 1\\n\", \"print(x)\\n\"]")), a.script.data);
    ck_assert_uint_eq(a.n_code, 1);
    ck_assert_uint_eq(a.n_notes, 0);
    notebook_free(&a);
    notebook_free(&b);
}
END_TEST

START_TEST(test_cells_in_order_markdown_as_comments)
{
    struct notebook nb;
    const char *s = read_ok(&nb, CODE("\"a = 1\"") "," MD("[\"# Why\\n\", \"\\n\", "
                            "\"It works because it is scaled.  \\r\\n\"]") ","
                            "{\"cell_type\": \"raw\", \"metadata\": {}, \"source\": \"raw!\"},"
                            CODE("\"print(a)\""));

    ck_assert_str_eq(s, "a = 1\n\n# # Why\n#\n# It works because it is scaled.\n\nprint(a)\n");
    ck_assert_uint_eq(nb.n_cells, 4);
    ck_assert_uint_eq(nb.n_code, 2);
    ck_assert_uint_eq(nb.n_markdown, 1);
    notebook_free(&nb);
}
END_TEST

/* One case per kind of IPython line (notebook.c's drop_what table). */
static const struct {
    const char *line;       /* JSON-escaped */
    const char *kind;       /* what its note calls it */
} dropped[] = {
    { "%matplotlib inline", "an IPython magic" },
    { "%timeit attention(q, k, v)", "an IPython magic" },
    { "!pip install torch==2.1", "a shell command" },
    { "np.dot?", "an IPython help request" },
    { "??np.dot", "an IPython help request" },
    { "torch.softmax?  # what does dim do", "an IPython help request" },
    { "files = !ls", "a shell command or magic whose result is assigned" },
    { "t, u = %time f()", "a shell command or magic whose result is assigned" },
};

START_TEST(test_each_ipython_line_is_dropped_with_a_note)
{
    for (size_t i = 0; i < sizeof dropped / sizeof dropped[0]; i++) {
        struct notebook nb;
        char cells[256], note[256];
        const char *s;

        snprintf(cells, sizeof cells, CODE("[\"x = 1\\n\", \"%s\\n\", \"print(x)\"]"),
                 dropped[i].line);
        s = read_ok(&nb, cells);
        ck_assert_msg(!strcmp(s, "x = 1\npass\nprint(x)\n"), "%s -> %s", dropped[i].line, s);
        ck_assert_uint_eq(nb.n_notes, 1);
        snprintf(note, sizeof note, "cell 1, line 2 (`");
        ck_assert_msg(strstr(nb.notes.data, note) && strstr(nb.notes.data, dropped[i].kind),
                      "%s: %s", dropped[i].line, nb.notes.data);
        notebook_free(&nb);
    }
}
END_TEST

START_TEST(test_cell_magic_drops_the_whole_cell)
{
    struct notebook nb;
    const char *s = read_ok(&nb, CODE("\"%%time\\nx = train()\\n\"") "," CODE("\"y = 2\""));

    ck_assert_str_eq(s, "y = 2\n");
    ck_assert_uint_eq(nb.n_code, 1);
    ck_assert_ptr_nonnull(strstr(nb.notes.data, "cell 1 (`%%time`, an IPython cell magic"));
    notebook_free(&nb);
}
END_TEST

START_TEST(test_dropped_line_in_a_block_keeps_it_parsing)
{
    struct notebook nb;
    const char *s = read_ok(&nb, CODE("\"if slow:\\n    %timeit f()\\nprint(1)\""));

    ck_assert_str_eq(s, "if slow:\n    pass\nprint(1)\n");
    notebook_free(&nb);
}
END_TEST

/* Python that only looks like IPython: strings, brackets, continuations,
 * comments and operators are kept as written. */
START_TEST(test_python_that_looks_like_ipython_is_kept)
{
    static const char *const kept[] = {
        "doc = \\\"\\\"\\\"Read this:\\n!important\\n%d items\\nwhy?\\n\\\"\\\"\\\"\\n",
        "xs = [1,\\n  !x]\\n",                 /* inside brackets: Python's own error */
        "y = 1 + \\\\\\n%2\\n",                 /* after a backslash continuation */
        "r = 7 % 3  # why?\\n",
        "print(\\\"ok?\\\")\\n",
        "ok = a != b\\n",
        "s = 'it''s'\\n",
    };

    for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++) {
        struct notebook nb;
        char cells[256];

        snprintf(cells, sizeof cells, CODE("\"%s\""), kept[i]);
        read_ok(&nb, cells);
        ck_assert_msg(nb.n_notes == 0, "%s: dropped %s", kept[i], nb.notes.data);
        ck_assert_msg(!strstr(nb.script.data, "pass"), "%s", nb.script.data);
        notebook_free(&nb);
    }
}
END_TEST

/* Jupyter compiles each cell on its own, so a later cell may import from
 * __future__; the script gets it first, and every line keeps its cell. */
START_TEST(test_future_imports_move_to_the_top)
{
    struct notebook nb;
    struct source_map map;
    char at[SOURCE_CITE_MAX];
    const char *s = read_ok(&nb, CODE("\"%matplotlib inline\"") ","
                            CODE("[\"import torch\\n\", \"from __future__ import annotations\\n\", "
                                 "\"x: int = 1\"]"));

    ck_assert_str_eq(s, "from __future__ import annotations\npass\n\nimport torch\n\nx: int = 1\n");
    map = notebook_map(&nb, "x.ipynb");
    ck_assert_str_eq(source_cite(&map, "x.py", 1, at, sizeof at), "x.ipynb, between cells");
    ck_assert_str_eq(source_cite(&map, "x.py", 2, at, sizeof at), "x.ipynb cell 1, line 1");
    ck_assert_str_eq(source_cite(&map, "x.py", 6, at, sizeof at), "x.ipynb cell 2, line 3");
    notebook_free(&nb);
}
END_TEST

START_TEST(test_map_cites_cell_and_line)
{
    struct notebook nb;
    struct source_map map;
    char at[SOURCE_CITE_MAX];

    read_ok(&nb, MD("\"# Title\"") "," CODE("[\"a = 1\\n\", \"b = 2\\n\", \"c = 3\"]"));
    map = notebook_map(&nb, "x.ipynb");
    /* script: "# # Title", "", "a = 1", "b = 2", "c = 3" */
    ck_assert_str_eq(source_cite(&map, "x.py", 5, at, sizeof at), "x.ipynb cell 2, line 3");
    ck_assert_str_eq(source_cite(&map, "x.py", 1, at, sizeof at), "x.ipynb cell 1, line 1");
    ck_assert_str_eq(source_cite(&map, "x.py", 2, at, sizeof at), "x.ipynb, between cells");
    ck_assert_str_eq(source_cite(NULL, "x.py", 5, at, sizeof at), "x.py line 5");
    ck_assert_str_eq(source_cite_name(&map, "x.py"), "x.ipynb");
    notebook_free(&nb);
}
END_TEST

START_TEST(test_traceback_cites_cells)
{
    struct notebook nb;
    struct gb_buf out = GB_BUF_INIT;
    struct gb_err err;
    const char *tb = "Traceback (most recent call last):\n"
                     "  File \"/work/attention_by_hand.py\", line 4, in <module>\n"
                     "    print(undefined)\n"
                     "  File \"/usr/lib/python3/dist-packages/torch/x.py\", line 4, in f\n"
                     "  File \"/work/attention_by_hand.py\", line 99, in <module>\n"
                     "NameError: name 'undefined' is not defined\n";

    read_ok(&nb, CODE("\"a = 1\"") "," CODE("[\"b = 2\\n\", \"print(undefined)\"]"));
    ck_assert_int_eq(notebook_map_traceback(&nb, "attention_by_hand.py", "ah.ipynb", tb,
                                            strlen(tb), &out, &err), 0);
    ck_assert_ptr_nonnull(strstr(out.data, "  File \"ah.ipynb\", cell 2, line 2, in <module>\n"));
    ck_assert_ptr_nonnull(strstr(out.data, "torch/x.py\", line 4, in f\n"));
    ck_assert_ptr_nonnull(strstr(out.data, "attention_by_hand.py\", line 99"));   /* past the end */
    ck_assert_ptr_nonnull(strstr(out.data, "NameError: name 'undefined'"));
    gb_buf_free(&out);
    notebook_free(&nb);
}
END_TEST

START_TEST(test_malformed_notebooks_are_named)
{
    char *s;

    ck_assert_ptr_nonnull(strstr(read_bad("{\"cells\": [\n  {\"cell_type\": "),
                                 "x.ipynb is not valid JSON"));
    ck_assert_ptr_nonnull(strstr(read_bad("{\"cells\": [\n  {\"cell_type\": "), "line 2"));
    ck_assert_ptr_nonnull(strstr(read_bad("import torch\n"), "plain text (a Python script"));
    ck_assert_ptr_nonnull(strstr(read_bad("[1, 2]"), "not a notebook"));
    ck_assert_ptr_nonnull(strstr(read_bad("{\"cells\": []}"), "no \"nbformat\""));
    ck_assert_ptr_nonnull(strstr(read_bad("{\"nbformat\": 3, \"worksheets\": []}"),
                                 "format 3, and the grader reads format 4"));
    ck_assert_ptr_nonnull(strstr(read_bad("{\"nbformat\": \"4\", \"cells\": []}"),
                                 "not a format number"));
    ck_assert_ptr_nonnull(strstr(read_bad("{\"nbformat\": 4, \"cells\": {}}"), "\"cells\""));
    s = nb_of(MD("\"only prose\""));
    ck_assert_ptr_nonnull(strstr(read_bad(s), "no code cells"));
    free(s);
    s = nb_of(CODE("\"%%bash\\nls\""));
    ck_assert_ptr_nonnull(strstr(read_bad(s), "all IPython cell magics"));
    free(s);
    s = nb_of(CODE("42"));
    ck_assert_ptr_nonnull(strstr(read_bad(s), "cell 1's \"source\" is neither text"));
    free(s);
    s = nb_of(MD("\"a\"") "," CODE("[\"x\", 1]"));
    ck_assert_ptr_nonnull(strstr(read_bad(s), "cell 2's \"source\" holds something other"));
    free(s);
    s = nb_of("{\"metadata\": {}}");
    ck_assert_ptr_nonnull(strstr(read_bad(s), "cell 1 is not a notebook cell"));
    free(s);
}
END_TEST

START_TEST(test_hostile_sizes_are_refused)
{
    struct gb_buf big = GB_BUF_INIT;
    struct notebook nb;
    struct gb_err err;
    char *text;

    /* more cells than any exercise: refused before any is read */
    ck_assert_int_eq(gb_buf_puts(&big, "{\"nbformat\": 4, \"cells\": [", &err), 0);
    for (int i = 0; i <= NOTEBOOK_MAX_CELLS; i++)
        ck_assert_int_eq(gb_buf_puts(&big, i ? ",{}" : "{}", &err), 0);
    ck_assert_int_eq(gb_buf_puts(&big, "]}", &err), 0);
    ck_assert_ptr_nonnull(strstr(read_bad(big.data), "more than"));
    gb_buf_free(&big);
    /* a generated script past a .py's limit */
    ck_assert_int_eq(gb_buf_puts(&big, "\"", &err), 0);
    for (size_t i = 0; i < NOTEBOOK_MAX_SCRIPT / 8; i++)
        ck_assert_int_eq(gb_buf_puts(&big, "x = 123456789\\n", &err), 0);
    ck_assert_int_eq(gb_buf_puts(&big, "\"", &err), 0);
    ck_assert_int_gt(asprintf(&text, "{\"nbformat\": 4, \"cells\": [" CODE("%s") "]}", big.data),
                     0);
    ck_assert_int_eq(notebook_read(text, strlen(text), "x.ipynb", &nb, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "KiB of code and text"));
    notebook_free(&nb);
    free(text);
    gb_buf_free(&big);
    /* deep nesting ends in a sentence, not a crash */
    text = calloc(200001, 1);
    ck_assert_ptr_nonnull(text);
    memset(text, '[', 200000);
    ck_assert_ptr_nonnull(strstr(read_bad(text), "not valid JSON"));
    free(text);
}
END_TEST

START_TEST(test_notebook_names_and_shapes)
{
    ck_assert_int_eq(notebook_is_name("attention_by_hand.ipynb"), 1);
    ck_assert_int_eq(notebook_is_name("ATTENTION_BY_HAND.IPYNB"), 1);
    ck_assert_int_eq(notebook_is_name("attention_by_hand.py"), 0);
    ck_assert_int_eq(notebook_is_name(".ipynb"), 0);
    ck_assert_int_eq(notebook_looks_like("\xEF\xBB\xBF {\n \"cells\": []}", 19), 1);
    ck_assert_int_eq(notebook_looks_like("{\"nbformat\": 4}", 15), 1);
    ck_assert_int_eq(notebook_looks_like("{\"nbformat\": 4", 14), 0);   /* not JSON */
    ck_assert_int_eq(notebook_looks_like("{\"a\": 1}", 8), 0);
    ck_assert_int_eq(notebook_looks_like("{'cells': 1}\nprint(1)\n", 21), 0);
    ck_assert_int_eq(notebook_looks_like("import json\n", 12), 0);
}
END_TEST

static Suite *notebook_suite(void)
{
    Suite *s = suite_create("notebook");
    TCase *tc = tcase_create("core");

    tcase_set_timeout(tc, 60);   /* megabyte notebooks, on a loaded machine or under ASan */
    tcase_add_test(tc, test_string_and_list_sources_read_alike);
    tcase_add_test(tc, test_cells_in_order_markdown_as_comments);
    tcase_add_test(tc, test_each_ipython_line_is_dropped_with_a_note);
    tcase_add_test(tc, test_cell_magic_drops_the_whole_cell);
    tcase_add_test(tc, test_dropped_line_in_a_block_keeps_it_parsing);
    tcase_add_test(tc, test_python_that_looks_like_ipython_is_kept);
    tcase_add_test(tc, test_future_imports_move_to_the_top);
    tcase_add_test(tc, test_map_cites_cell_and_line);
    tcase_add_test(tc, test_traceback_cites_cells);
    tcase_add_test(tc, test_malformed_notebooks_are_named);
    tcase_add_test(tc, test_hostile_sizes_are_refused);
    tcase_add_test(tc, test_notebook_names_and_shapes);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(notebook_suite());
    int failed;

    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
