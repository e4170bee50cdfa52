/* batch_gsmeta.c — Gradescope's submission_metadata.yml via libyaml (see batch_gsmeta.h). */
#define _GNU_SOURCE
#include "batch/batch_gsmeta.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

/* A scalar's text without Ruby's symbol colon (":sid" -> "sid"); NULL if no scalar. */
static const char *scalar(yaml_document_t *doc, int index, size_t *len)
{
    yaml_node_t *n = yaml_document_get_node(doc, index);
    const char *s;

    if (!n || n->type != YAML_SCALAR_NODE)
        return NULL;
    s = (const char *)n->data.scalar.value;
    *len = n->data.scalar.length;
    if (*len && s[0] == ':') {
        s++;
        (*len)--;
    }
    return s;
}

static int key_is(yaml_document_t *doc, int index, const char *word)
{
    size_t len;
    const char *s = scalar(doc, index, &len);

    return s && len == strlen(word) && !memcmp(s, word, len);
}

/* The value of `word` in a mapping node, or 0. */
static int lookup(yaml_document_t *doc, yaml_node_t *map, const char *word)
{
    if (!map || map->type != YAML_MAPPING_NODE)
        return 0;
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++)
        if (key_is(doc, p->key, word))
            return p->value;
    return 0;
}

static char *text_of(yaml_document_t *doc, yaml_node_t *map, const char *word)
{
    size_t len;
    const char *s = scalar(doc, lookup(doc, map, word), &len);

    return s && len ? strndup(s, len) : NULL;
}

static int append_other(char **others, const char *name)
{
    char *joined;

    if (!name)
        return 0;
    if (asprintf(&joined, "%s%s%s", *others ? *others : "", *others ? ", " : "", name) < 0)
        return -1;
    free(*others);
    *others = joined;
    return 0;
}

static int fill_submitters(yaml_document_t *doc, yaml_node_t *sub, struct batch_gs_submission *s)
{
    yaml_node_t *seq = yaml_document_get_node(doc, lookup(doc, sub, "submitters"));
    int first = 1;

    if (!seq || seq->type != YAML_SEQUENCE_NODE)
        return 0;
    for (yaml_node_item_t *it = seq->data.sequence.items.start; it < seq->data.sequence.items.top;
         it++) {
        yaml_node_t *who = yaml_document_get_node(doc, *it);
        char *name = text_of(doc, who, "name");
        int rc = 0;

        if (first) {
            s->name = name;
            s->sid = text_of(doc, who, "sid");
            s->email = text_of(doc, who, "email");
            first = 0;
            continue;
        }
        rc = append_other(&s->others, name);
        free(name);
        if (rc)
            return -1;
    }
    return 0;
}

/* "submission_987654" -> "987654", else NULL. */
static char *submission_digits(yaml_document_t *doc, int key)
{
    size_t len;
    const char *s = scalar(doc, key, &len);
    static const char pre[] = "submission_";

    if (!s || len <= sizeof pre - 1 || memcmp(s, pre, sizeof pre - 1))
        return NULL;
    for (size_t i = sizeof pre - 1; i < len; i++)
        if (!isdigit((unsigned char)s[i]))
            return NULL;
    return strndup(s + sizeof pre - 1, len - (sizeof pre - 1));
}

static int walk(yaml_document_t *doc, struct batch_gsmeta *m, struct gb_err *err)
{
    yaml_node_t *root = yaml_document_get_root_node(doc);

    if (!root || root->type != YAML_MAPPING_NODE)
        return gb_fail(err, "submission_metadata.yml is not a mapping of submissions");
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top;
         p++) {
        struct batch_gs_submission *grown, *s;
        char *id = submission_digits(doc, p->key);

        if (!id)
            continue;
        grown = realloc(m->v, (m->n + 1) * sizeof *grown);
        if (!grown) {
            free(id);
            return gb_fail(err, "out of memory");
        }
        m->v = grown;
        s = &m->v[m->n++];
        memset(s, 0, sizeof *s);
        s->id = id;
        if (fill_submitters(doc, yaml_document_get_node(doc, p->value), s))
            return gb_fail(err, "out of memory");
    }
    return 0;
}

int batch_gsmeta_parse(const char *yaml, size_t len, struct batch_gsmeta *m,
                       struct gb_err *err)
{
    yaml_parser_t parser;
    yaml_document_t doc;
    int rc;

    memset(m, 0, sizeof *m);
    if (!yaml_parser_initialize(&parser))
        return gb_fail(err, "out of memory");
    yaml_parser_set_input_string(&parser, (const unsigned char *)yaml, len);
    if (!yaml_parser_load(&parser, &doc)) {
        rc = gb_fail(err, "submission_metadata.yml: %s at line %zu",
                     parser.problem ? parser.problem : "not YAML",
                     parser.problem_mark.line + 1);
        yaml_parser_delete(&parser);
        return rc;
    }
    rc = walk(&doc, m, err);
    yaml_document_delete(&doc);
    yaml_parser_delete(&parser);
    if (rc)
        batch_gsmeta_free(m);
    return rc;
}

const struct batch_gs_submission *batch_gsmeta_find(const struct batch_gsmeta *m,
                                                    const char *id)
{
    for (size_t i = 0; i < m->n; i++)
        if (!strcmp(m->v[i].id, id))
            return &m->v[i];
    return NULL;
}

void batch_gsmeta_free(struct batch_gsmeta *m)
{
    for (size_t i = 0; i < m->n; i++) {
        free(m->v[i].id);
        free(m->v[i].sid);
        free(m->v[i].name);
        free(m->v[i].email);
        free(m->v[i].others);
    }
    free(m->v);
    m->v = NULL;
    m->n = 0;
}
