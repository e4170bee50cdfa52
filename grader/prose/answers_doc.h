/* answers_doc.h — finds the answer sections of the self-check document.
 *
 * answers.md is Markdown with one section per question under a heading that
 * names it (exercises/self_check.md).  Students write those headings every
 * way an editor lets them, so a heading names section "q3" when its words
 * (ASCII letters and digits, case ignored) contain "q3": "## Q3", "## Q3 —
 * output", "## Q3—output", "## **Q3** Output", "## [Q3]", "## Question 3",
 * "## Q 3", "## 3. Output prediction".  A name with a dash ("friend-attention")
 * matches its words in order ("## Friend — attention"), and the longest name
 * wins where two start at the same word, so "## Friend-attention" never
 * names "friend".  A heading that starts with the name beats one that only
 * mentions it ("## Notes on q3").
 *
 * A section runs to the next heading of the same or a higher level, or to a
 * deeper heading that starts with another section's name: "### Recurrent
 * layer" inside "## Q5" belongs to q5.  A leading UTF-8 byte-order mark,
 * CRLF line ends and fenced code blocks (whose "# comments" are not
 * headings) are handled.  When no heading names a section, a line starting
 * with its name and a colon, full stop or bold ("**Q1.** ...", "Friend: ...")
 * opens it instead.
 */
#ifndef GB_ANSWERS_DOC_H
#define GB_ANSWERS_DOC_H

#include <stddef.h>

#include "buf.h"
#include "error.h"

struct answers_section {
    const char *text;         /* the body, after the heading */
    size_t len;
    size_t line;              /* 1-based line of the heading */
    const char *heading;      /* the heading line as written (no line end) */
    size_t heading_len;
};

/* Finds section `name` of doc[0..len).  names[0..n_names) are every section
 * the rubric reads (name may be among them), so that a longer name is never
 * taken for a shorter one.  Returns 0 and fills *out, or -1 when no heading
 * names the section. */
int answers_doc_find(const char *doc, size_t len, const char *const *names, size_t n_names,
                     const char *name, struct answers_section *out);

/* Appends the document's headings to b ("'## Intro' (line 1), ..."), at most
 * max of them, or "no headings" — for the message when a section is missing. */
int answers_doc_list_headings(const char *doc, size_t len, size_t max, struct gb_buf *b,
                              struct gb_err *err);

/* Students paste each question above their answer, often as a blockquote
 * ("> What can this model learn ..."): a quote block that reads like the
 * question (question: the section's question text, NULL: every quote block
 * does) is blanked in out, so line numbers hold; a quote block that does not
 * is the student's own text set as a quote, kept without its '>' markers.
 * Returns 1 when out holds the filtered body, 0 when there was no quote, 2
 * when the section is nothing but the quoted question (out holds blank
 * lines: the question pasted and not answered yet), -1 when memory runs out. */
int answers_doc_drop_quotes(const struct answers_section *s, const char *question,
                            struct gb_buf *out, struct gb_err *err);

/* Is the text only a placeholder ("TODO", "TBD", "(answer here)")? */
int answers_doc_placeholder(const char *text, size_t len);

/* A document saved as UTF-16 (Windows Notepad's "Unicode", with or without
 * its byte-order mark) converted to UTF-8 into out.  Returns 1 when it was
 * UTF-16 and out holds the text, 0 when it is not UTF-16 (out untouched),
 * -1 when memory runs out. */
int answers_doc_from_utf16(const char *doc, size_t len, struct gb_buf *out, struct gb_err *err);

/* What a document that is not text is ("a Word (.docx) or zip file", "a
 * PDF", "binary data"), or NULL when it is text. */
const char *answers_doc_not_text(const char *doc, size_t len);

#endif
