/* rubric_schema.c — a rubric's schema validated, and every "field"
 * reference of its checks expanded into the locate object it names
 * (rubric_schema.h).  Works on the parsed JSON before rubric.c reads the
 * checks, so a check written with "field" is validated exactly as one
 * written with "locate". */
#include "score/rubric_schema.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <string.h>

#include "score/rubric_field.h"

#define SCHEMA_PARTS 8            /* a reference: table, up to 6 keys, column */
#define SCHEMA_LABEL 256          /* one part, one row label */
#define SCHEMA_LIKE_DEPTH 4       /* "like" chains followed */

/* What a table takes from the one it is "like": where it is printed (its
 * layout, row_axis and shape, is its own). */
static const char *const inherited[] = { "section", "part" };
/* The table's fields a locate carries as they are. */
static const char *const placing[] = { "section", "part", "row_axis", "shape", "within" };

/* One "field" reference, split at '/'. */
struct ref {
    const char *check;
    const char *text;
    char part[SCHEMA_PARTS][SCHEMA_LABEL];
    int n;
};

static int split_ref(struct ref *r, struct gb_err *err)
{
    const char *p = r->text;

    r->n = 0;
    for (;;) {
        const char *end = strchr(p, '/');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (r->n == SCHEMA_PARTS || len == 0 || len >= SCHEMA_LABEL)
            return gb_fail(err, "check '%s': field '%s' must be TABLE/KEY.../COLUMN, each part "
                           "a name of the schema", r->check, r->text);
        memcpy(r->part[r->n], p, len);
        r->part[r->n++][len] = '\0';
        if (!end)
            return 0;
        p = end + 1;
    }
}

/* A key value's name: strings as written, numbers as JSON prints them. */
static void value_name(const cJSON *v, char *buf, size_t size)
{
    if (cJSON_IsString(v))
        snprintf(buf, size, "%s", v->valuestring);
    else if (v->string)
        snprintf(buf, size, "%s", v->string);
    else
        snprintf(buf, size, "%.15g", v->valuedouble);
}

/* The table's field, or the field of the table it is "like" when name is
 * one of the inherited ones. */
static const cJSON *table_get(const cJSON *schema, const cJSON *t, const char *name)
{
    for (int depth = 0; t && depth <= SCHEMA_LIKE_DEPTH; depth++) {
        const cJSON *f = cJSON_GetObjectItemCaseSensitive(t, name), *like;
        int heritable = 0;

        if (f)
            return f;
        for (size_t i = 0; i < sizeof inherited / sizeof *inherited; i++)
            heritable |= !strcmp(name, inherited[i]);
        like = cJSON_GetObjectItemCaseSensitive(t, "like");
        if (!heritable || !cJSON_IsString(like))
            return NULL;
        t = cJSON_GetObjectItemCaseSensitive(schema, like->valuestring);
    }
    return NULL;
}

/* Appends a string, or every string of an array, to arr. */
static int append_strings(cJSON *arr, const cJSON *from, struct gb_err *err)
{
    const cJSON *el;

    if (!from)
        return 0;
    if (cJSON_IsString(from))
        return cJSON_AddItemToArray(arr, cJSON_CreateString(from->valuestring)) ? 0
               : gb_fail(err, "out of memory");
    cJSON_ArrayForEach(el, from)
        if (!cJSON_AddItemToArray(arr, cJSON_CreateString(el->valuestring)))
            return gb_fail(err, "out of memory");
    return 0;
}

/* "length 5" for a named key, "RNN" for an unnamed one. */
static void value_label(const cJSON *key, const char *value, char *buf, size_t size)
{
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(key, "name");

    if (cJSON_IsString(name))
        snprintf(buf, size, "%s %s", name->valuestring, value);
    else
        snprintf(buf, size, "%s", value);
}

/* The value of key named want, or NULL. */
static const cJSON *find_value(const cJSON *key, const char *want)
{
    const cJSON *v;
    char name[SCHEMA_LABEL];

    cJSON_ArrayForEach(v, cJSON_GetObjectItemCaseSensitive(key, "values")) {
        value_name(v, name, sizeof name);
        if (!strcmp(name, want))
            return v;
    }
    return NULL;
}

/* rows := every label of rows followed by each of this key value's labels
 * (its own, then its "or" alternatives): the product of the keys. */
static int extend_rows(cJSON **rows, const cJSON *key, const cJSON *value, const char *name,
                       struct gb_err *err)
{
    const cJSON *alts = cJSON_IsObject(value) ? cJSON_GetObjectItemCaseSensitive(value, "or") : NULL;
    cJSON *labels = cJSON_CreateArray(), *out = cJSON_CreateArray(), *r, *a;
    char own[SCHEMA_LABEL], buf[2 * SCHEMA_LABEL + 2];
    int rc = 0;

    value_label(key, name, own, sizeof own);
    if (!labels || !out || !cJSON_AddItemToArray(labels, cJSON_CreateString(own)))
        rc = gb_fail(err, "out of memory");
    for (const cJSON *el = alts ? (cJSON_IsArray(alts) ? alts->child : alts) : NULL;
         !rc && el; el = cJSON_IsArray(alts) ? el->next : NULL) {
        value_label(key, el->valuestring, buf, sizeof buf);
        if (!cJSON_AddItemToArray(labels, cJSON_CreateString(buf)))
            rc = gb_fail(err, "out of memory");
    }
    cJSON_ArrayForEach(r, *rows) {
        cJSON_ArrayForEach(a, labels) {
            snprintf(buf, sizeof buf, "%s%s%s", r->valuestring, r->valuestring[0] ? " " : "",
                     a->valuestring);
            if (!rc && !cJSON_AddItemToArray(out, cJSON_CreateString(buf)))
                rc = gb_fail(err, "out of memory");
        }
    }
    cJSON_Delete(labels);
    cJSON_Delete(*rows);
    *rows = out;
    return rc;
}

/* Exclusions a key value brings: its own, and with "exclude_others" the
 * first label of every other value of its key. */
static int value_excludes(cJSON *excl, const cJSON *key, const cJSON *value, struct gb_err *err)
{
    const cJSON *v, *others = cJSON_GetObjectItemCaseSensitive(key, "exclude_others");
    char name[SCHEMA_LABEL], label[SCHEMA_LABEL];

    if (cJSON_IsObject(value) &&
        append_strings(excl, cJSON_GetObjectItemCaseSensitive(value, "exclude"), err))
        return -1;
    if (!cJSON_IsTrue(others))
        return 0;
    cJSON_ArrayForEach(v, cJSON_GetObjectItemCaseSensitive(key, "values")) {
        if (v == value)
            continue;
        value_name(v, name, sizeof name);
        value_label(key, name, label, sizeof label);
        if (!cJSON_AddItemToArray(excl, cJSON_CreateString(label)))
            return gb_fail(err, "out of memory");
    }
    return 0;
}

/* The row labels and exclusions of the reference's key values. */
static int key_rows(const struct ref *r, const cJSON *keys, cJSON **rows, cJSON *excl,
                    char *first, size_t size, struct gb_err *err)
{
    const cJSON *key;
    int i = 1;

    first[0] = '\0';
    cJSON_ArrayForEach(key, keys) {
        const cJSON *v = find_value(key, r->part[i]);
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(key, "name");
        char label[SCHEMA_LABEL];

        if (!v)
            return gb_fail(err, "check '%s': field '%s': '%s' is no value of table '%s''s "
                           "key %s", r->check, r->text, r->part[i], r->part[0],
                           cJSON_IsString(name) ? name->valuestring : "");
        if (extend_rows(rows, key, v, r->part[i], err) || value_excludes(excl, key, v, err))
            return -1;
        value_label(key, r->part[i], label, sizeof label);
        snprintf(first + strlen(first), size - strlen(first), "%s%s", first[0] ? " " : "", label);
        i++;
    }
    return 0;
}

/* Copies the table's placing fields (own or inherited) into loc. */
static int copy_context(const cJSON *schema, const cJSON *t, cJSON *loc, int with_shape,
                        struct gb_err *err)
{
    for (size_t i = 0; i < sizeof placing / sizeof *placing; i++) {
        const cJSON *f = table_get(schema, t, placing[i]);
        if (!f || (!with_shape && !strcmp(placing[i], "shape")))
            continue;
        if (!cJSON_AddItemToObject(loc, placing[i], cJSON_Duplicate(f, 1)))
            return gb_fail(err, "out of memory");
    }
    return 0;
}

/* "{row}", "{column}" and "{nth}" of a by-position "what" filled in. */
static void fill_template(const char *tpl, const char *row, const char *column, int nth,
                          char *buf, size_t size)
{
    size_t n = 0;

    buf[0] = '\0';
    for (const char *p = tpl; *p && n + 1 < size;) {
        char num[16];
        const char *with = NULL;
        size_t skip = 0;

        if (!strncmp(p, "{row}", 5))
            with = row, skip = 5;
        else if (!strncmp(p, "{column}", 8))
            with = column, skip = 8;
        else if (!strncmp(p, "{nth}", 5))
            snprintf(num, sizeof num, "%d", nth), with = num, skip = 5;
        if (with) {
            n += (size_t)snprintf(buf + n, size - n, "%s", with);
            if (n >= size)
                n = size - 1;
            p += skip;
        } else {
            buf[n++] = *p++;
            buf[n] = '\0';
        }
    }
}

/* A row or exclude list as locate wants it: one string, or the list. */
static int put_list(cJSON *loc, const char *field, cJSON *list, struct gb_err *err)
{
    cJSON *item = list;
    int n = cJSON_GetArraySize(list);

    if (!list)
        return gb_fail(err, "out of memory");
    if (n == 0) {
        cJSON_Delete(list);
        return 0;
    }
    if (n == 1 && !strcmp(field, "row")) {
        item = cJSON_CreateString(list->child->valuestring);
        cJSON_Delete(list);
    }
    if (item && cJSON_AddItemToObject(loc, field, item))
        return 0;
    cJSON_Delete(item);
    return gb_fail(err, "out of memory");
}

/* The fallback locate of a table read by position: the column's place in
 * the row, with the table's "by_position" exclusions added. */
static int position_locate(const cJSON *schema, const cJSON *t, const cJSON *rows,
                           const cJSON *excl, const char *row_name, const char *column,
                           int nth, cJSON **out, struct gb_err *err)
{
    const cJSON *bp = cJSON_GetObjectItemCaseSensitive(t, "by_position");
    const cJSON *what = cJSON_GetObjectItemCaseSensitive(bp, "what");
    cJSON *loc = cJSON_CreateObject(), *ex = cJSON_Duplicate(excl, 1);
    char text[2 * SCHEMA_LABEL];

    if (!loc || !ex) {
        cJSON_Delete(loc);
        cJSON_Delete(ex);
        return gb_fail(err, "out of memory");
    }
    *out = loc;
    if (copy_context(schema, t, loc, 0, err) ||
        (rows && put_list(loc, "row", cJSON_Duplicate(rows, 1), err)) ||
        !cJSON_AddNumberToObject(loc, "nth", nth) ||
        append_strings(ex, cJSON_GetObjectItemCaseSensitive(bp, "exclude"), err)) {
        cJSON_Delete(ex);
        return gb_fail(err, "out of memory");
    }
    if (put_list(loc, "exclude", ex, err))
        return -1;
    if (cJSON_IsString(what)) {
        fill_template(what->valuestring, row_name, column, nth, text, sizeof text);
        if (!cJSON_AddStringToObject(loc, "what", text))
            return gb_fail(err, "out of memory");
    }
    return 0;
}

/* The column entry named want and its place (from 1), or NULL. */
static const cJSON *find_column(const cJSON *columns, const char *want, int *nth)
{
    const cJSON *c;

    *nth = 0;
    cJSON_ArrayForEach(c, columns) {
        ++*nth;
        if (!strcmp(c->string, want))
            return c;
    }
    return NULL;
}

/* Column labels (the entry itself, its "labels", or else its name), "what"
 * and a column's own "or_locate" into loc / *or_loc. */
static int put_column(const cJSON *col, cJSON *loc, cJSON **or_loc, struct gb_err *err)
{
    int obj = cJSON_IsObject(col);
    const cJSON *labels = obj ? cJSON_GetObjectItemCaseSensitive(col, "labels") : col;
    const cJSON *what = obj ? cJSON_GetObjectItemCaseSensitive(col, "what") : NULL;
    const cJSON *own = obj ? cJSON_GetObjectItemCaseSensitive(col, "or_locate") : NULL;
    cJSON *c = labels ? cJSON_Duplicate(labels, 1) : cJSON_CreateString(col->string);

    if (!c || !cJSON_AddItemToObject(loc, "column", c) ||
        (what && !cJSON_AddItemToObject(loc, "what", cJSON_Duplicate(what, 1))))
        return gb_fail(err, "out of memory");
    if (own && !(*or_loc = cJSON_Duplicate(own, 1)))
        return gb_fail(err, "out of memory");
    return 0;
}

/* The locate (and fallback locate, or NULL) a reference names. */
static int expand_ref(const cJSON *schema, struct ref *r, cJSON **loc, cJSON **or_loc,
                      struct gb_err *err)
{
    const cJSON *t, *keys, *columns, *col = NULL;
    cJSON *rows = NULL, *excl = cJSON_CreateArray();
    char row_name[SCHEMA_PARTS * SCHEMA_LABEL] = "";
    int nkeys, want, nth = 0, rc = 0;

    *loc = cJSON_CreateObject();
    *or_loc = NULL;
    if (!*loc || !excl) {
        cJSON_Delete(excl);
        return gb_fail(err, "out of memory");
    }
    if (split_ref(r, err))
        goto fail;
    if (!(t = cJSON_GetObjectItemCaseSensitive(schema, r->part[0]))) {
        gb_fail(err, "check '%s': field '%s' names no table '%s' of the schema", r->check,
                r->text, r->part[0]);
        goto fail;
    }
    keys = cJSON_GetObjectItemCaseSensitive(t, "keys");
    columns = cJSON_GetObjectItemCaseSensitive(t, "columns");
    nkeys = cJSON_GetArraySize(keys);
    want = 1 + nkeys + (columns ? 1 : 0);
    if (r->n != want) {
        gb_fail(err, "check '%s': field '%s' has %d part%s; table '%s' takes %d (the table, "
                "one value of each of its %d key%s%s)", r->check, r->text, r->n,
                r->n == 1 ? "" : "s", r->part[0], want, nkeys, nkeys == 1 ? "" : "s",
                columns ? ", the column" : "");
        goto fail;
    }
    if (columns && !(col = find_column(columns, r->part[r->n - 1], &nth))) {
        gb_fail(err, "check '%s': field '%s': table '%s' has no column '%s'", r->check, r->text,
                r->part[0], r->part[r->n - 1]);
        goto fail;
    }
    if (append_strings(excl, cJSON_GetObjectItemCaseSensitive(t, "exclude"), err))
        goto fail;
    if (nkeys && (!(rows = cJSON_CreateArray()) ||
                  !cJSON_AddItemToArray(rows, cJSON_CreateString("")))) {
        gb_fail(err, "out of memory");
        goto fail;
    }
    if (nkeys && key_rows(r, keys, &rows, excl, row_name, sizeof row_name, err))
        goto fail;
    if (!rows && cJSON_GetObjectItemCaseSensitive(t, "row") &&
        (!(rows = cJSON_CreateArray()) ||
         append_strings(rows, cJSON_GetObjectItemCaseSensitive(t, "row"), err))) {
        gb_fail(err, "out of memory");
        goto fail;
    }
    if (copy_context(schema, t, *loc, 1, err) ||
        (rows && put_list(*loc, "row", cJSON_Duplicate(rows, 1), err)) ||
        (col && put_column(col, *loc, or_loc, err)) ||
        (col && cJSON_GetObjectItemCaseSensitive(t, "by_position") &&
         position_locate(schema, t, rows, excl, row_name, r->part[r->n - 1], nth, or_loc, err)))
        rc = -1;
    /* last: the fallback above copies the exclusions */
    rc = rc ? (cJSON_Delete(excl), -1) : put_list(*loc, "exclude", excl, err);
    cJSON_Delete(rows);
    return rc;
fail:
    cJSON_Delete(excl);
    cJSON_Delete(rows);
    return -1;
}

/* Whether item is a string or a list of strings (rubric_field_strings' rule). */
static int valid_strings(const cJSON *item, const char *field, struct gb_err *err)
{
    struct rubric_strings s;
    int rc = rubric_field_strings(item, field, &s, err);

    rubric_field_free_strings(&s);
    return rc;
}

/* Checks one key of a table: {"name"?, "values", "exclude_others"?}. */
static int check_key(const char *table, const cJSON *key, struct gb_err *err)
{
    const cJSON *el, *values = cJSON_GetObjectItemCaseSensitive(key, "values");
    char name[SCHEMA_LABEL];

    if (!cJSON_IsObject(key))
        return gb_fail(err, "schema table '%s': each key must be an object", table);
    cJSON_ArrayForEach(el, key)
        if (!rubric_field_word_in(el->string, "name values exclude_others"))
            return gb_fail(err, "schema table '%s': a key has unknown field '%s'", table, el->string);
    if ((!cJSON_IsArray(values) && !cJSON_IsObject(values)) || !cJSON_GetArraySize(values))
        return gb_fail(err, "schema table '%s': a key's 'values' must list its values (an array, "
                       "or an object of value -> {\"or\", \"exclude\"})", table);
    cJSON_ArrayForEach(el, values) {
        const cJSON *f;
        if (cJSON_IsArray(values) && !cJSON_IsString(el) && !cJSON_IsNumber(el))
            return gb_fail(err, "schema table '%s': a key value must be a string or a number", table);
        value_name(el, name, sizeof name);
        if (!name[0] || strchr(name, '/'))
            return gb_fail(err, "schema table '%s': key value '%s' must be non-empty, without "
                           "'/'", table, name);
        if (cJSON_IsObject(values) && !cJSON_IsObject(el))
            return gb_fail(err, "schema table '%s': key value '%s' must be an object", table, name);
        const cJSON *opts = cJSON_IsObject(el) ? el : NULL;
        cJSON_ArrayForEach(f, opts) {
            if (!rubric_field_word_in(f->string, "or exclude"))
                return gb_fail(err, "schema table '%s': key value '%s' has unknown field '%s'",
                               table, name, f->string);
            if (valid_strings(f, f->string, err))
                return gb_err_prefix(err, "schema table '%s', key value '%s'", table, name);
        }
    }
    return 0;
}

/* Checks one column entry: labels, or {"labels", "what", "or_locate"}. */
static int check_column(const char *table, const cJSON *col, struct gb_err *err)
{
    const cJSON *f;

    if (strchr(col->string, '/') || !col->string[0])
        return gb_fail(err, "schema table '%s': column '%s' must be non-empty, without '/'",
                       table, col->string);
    if (!cJSON_IsObject(col))
        return valid_strings(col, col->string, err) ? gb_err_prefix(err, "schema table '%s'", table)
                                                    : 0;
    cJSON_ArrayForEach(f, col) {
        int ok;
        if (!rubric_field_word_in(f->string, "labels what or_locate"))
            return gb_fail(err, "schema table '%s': column '%s' has unknown field '%s'", table,
                           col->string, f->string);
        if (!strcmp(f->string, "or_locate"))
            ok = cJSON_IsObject(f);
        else if (!strcmp(f->string, "what"))
            ok = cJSON_IsString(f);
        else
            ok = !valid_strings(f, "labels", err);
        if (!ok)
            return gb_fail(err, "schema table '%s': column '%s': field '%s' is malformed", table,
                           col->string, f->string);
    }
    return 0;
}

static int check_table(const cJSON *schema, const cJSON *t, struct gb_err *err)
{
    const cJSON *f, *like = cJSON_GetObjectItemCaseSensitive(t, "like");
    const cJSON *columns = cJSON_GetObjectItemCaseSensitive(t, "columns");
    const cJSON *bp = cJSON_GetObjectItemCaseSensitive(t, "by_position");

    if (!cJSON_IsObject(t) || strchr(t->string, '/') || !t->string[0])
        return gb_fail(err, "schema table '%s' must be an object named without '/'", t->string);
    cJSON_ArrayForEach(f, t)
        if (!rubric_field_word_in(f->string, "about like section part row_axis shape within exclude "
                                  "row keys columns by_position"))
            return gb_fail(err, "schema table '%s': unknown field '%s'", t->string, f->string);
    if (like && (!cJSON_IsString(like) || !cJSON_GetObjectItemCaseSensitive(schema, like->valuestring) ||
                 !strcmp(like->valuestring, t->string)))
        return gb_fail(err, "schema table '%s': 'like' must name another table", t->string);
    if (cJSON_GetObjectItemCaseSensitive(t, "keys") && cJSON_GetObjectItemCaseSensitive(t, "row"))
        return gb_fail(err, "schema table '%s': rows come from 'keys' or one 'row', not both",
                       t->string);
    f = cJSON_GetObjectItemCaseSensitive(t, "keys");
    if (f && (!cJSON_IsArray(f) || cJSON_GetArraySize(f) > SCHEMA_PARTS - 2))
        return gb_fail(err, "schema table '%s': 'keys' must be an array of at most %d keys",
                       t->string, SCHEMA_PARTS - 2);
    cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(t, "keys"))
        if (check_key(t->string, f, err))
            return -1;
    if (columns && (!cJSON_IsObject(columns) || !cJSON_GetArraySize(columns)))
        return gb_fail(err, "schema table '%s': 'columns' must map each column to its labels",
                       t->string);
    cJSON_ArrayForEach(f, columns) {
        if (check_column(t->string, f, err))
            return -1;
        if (bp && cJSON_IsObject(f) && cJSON_GetObjectItemCaseSensitive(f, "or_locate"))
            return gb_fail(err, "schema table '%s': column '%s' has its own 'or_locate' and the "
                           "table is read 'by_position': say one", t->string, f->string);
    }
    if (bp && (!cJSON_IsObject(bp) || !columns))
        return gb_fail(err, "schema table '%s': 'by_position' is an object, for a table with "
                       "columns", t->string);
    return 0;
}

/* Replaces holder's "field" by the locate it names (merged into holder for
 * a relation operand, under "locate" / "or_locate" for a check). */
static int expand_holder(const cJSON *schema, cJSON *holder, const char *check, int operand,
                         struct gb_err *err)
{
    cJSON *field = cJSON_GetObjectItemCaseSensitive(holder, "field"), *loc, *or_loc, *el;
    struct ref r = { .check = check };

    if (!field)
        return 0;
    if (!cJSON_IsString(field))
        return gb_fail(err, "check '%s': field 'field' must name a schema field "
                       "(TABLE/KEY.../COLUMN)", check);
    if (!schema)
        return gb_fail(err, "check '%s' reads field '%s' but the rubric has no schema", check,
                       field->valuestring);
    if (cJSON_GetObjectItemCaseSensitive(holder, "locate") ||
        cJSON_GetObjectItemCaseSensitive(holder, "or_locate"))
        return gb_fail(err, "check '%s' has both 'field' and a locate: say one", check);
    r.text = field->valuestring;
    if (expand_ref(schema, &r, &loc, &or_loc, err)) {
        cJSON_Delete(loc);
        cJSON_Delete(or_loc);
        return -1;
    }
    cJSON_DeleteItemFromObjectCaseSensitive(holder, "field");
    if (!operand) {
        cJSON_AddItemToObject(holder, "locate", loc);
        if (or_loc)
            cJSON_AddItemToObject(holder, "or_locate", or_loc);
        return 0;
    }
    /* an operand's fallback: under its own key, beside the merged locate */
    if (or_loc && !cJSON_AddItemToObject(holder, "or_locate", or_loc)) {
        cJSON_Delete(or_loc);
        cJSON_Delete(loc);
        return gb_fail(err, "out of memory");
    }
    while ((el = loc->child)) {
        cJSON_DetachItemViaPointer(loc, el);
        if (cJSON_GetObjectItemCaseSensitive(holder, el->string)) {
            cJSON_Delete(el);
            cJSON_Delete(loc);
            return gb_fail(err, "check '%s': an operand gives both 'field' and '%s'", check,
                           el->string);
        }
        cJSON_AddItemToObject(holder, el->string, el);
    }
    cJSON_Delete(loc);
    return 0;
}

static int expand_checks(const cJSON *schema, cJSON *checks, struct gb_err *err)
{
    cJSON *ck, *op, *ops;

    if (!cJSON_IsArray(checks))
        return 0;   /* rubric.c says what is wrong with it */
    cJSON_ArrayForEach(ck, checks) {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(ck, "id");
        const char *name = cJSON_IsString(id) ? id->valuestring : "(no id)";

        if (!cJSON_IsObject(ck))
            continue;
        if (expand_holder(schema, ck, name, 0, err))
            return -1;
        ops = cJSON_GetObjectItemCaseSensitive(ck, "values");
        if (!cJSON_IsObject(ops))
            continue;
        cJSON_ArrayForEach(op, ops)
            if (cJSON_IsObject(op) && expand_holder(schema, op, name, 1, err))
                return -1;
    }
    return 0;
}

int rubric_schema_expand(cJSON *root, struct gb_err *err)
{
    cJSON *schema = cJSON_IsObject(root) ? cJSON_GetObjectItemCaseSensitive(root, "schema") : NULL;
    const cJSON *t;

    if (!cJSON_IsObject(root))
        return 0;   /* rubric.c refuses it */
    if (schema && !cJSON_IsObject(schema))
        return gb_fail(err, "field 'schema' must map each table's name to the table");
    cJSON_ArrayForEach(t, schema)
        if (check_table(schema, t, err))
            return -1;
    if (expand_checks(schema, cJSON_GetObjectItemCaseSensitive(root, "checks"), err))
        return -1;
    cJSON_DeleteItemFromObjectCaseSensitive(root, "schema");
    return 0;
}
