/* provenance.c — recorded print() lines labelled in the output (see provenance.h). */
#include "check/provenance.h"

#include <string.h>

#include <cjson/cJSON.h>

/* One record's two strings, or 0 when the record is unusable: not JSON, not
 * two strings, or a "line" that is not one line. */
static int record_at(const char *p, size_t n, cJSON **json, const char **text,
                     const char **labelled)
{
    const cJSON *t, *l;

    *json = cJSON_ParseWithLength(p, n);
    if (!*json)
        return 0;
    t = cJSON_GetObjectItemCaseSensitive(*json, "text");
    l = cJSON_GetObjectItemCaseSensitive(*json, "labelled");
    if (!cJSON_IsString(t) || !cJSON_IsString(l) || strpbrk(l->valuestring, "\r\n") ||
        strpbrk(t->valuestring, "\r\n"))
        return 0;
    *text = t->valuestring;
    *labelled = l->valuestring;
    return 1;
}

/* The output line starting at *pos equal to text, searched over the next
 * PROVENANCE_LOOKAHEAD lines: its start, or len when there is none. */
static size_t find_line(const char *out, size_t len, size_t pos, const char *text)
{
    size_t tl = strlen(text);

    for (size_t k = 0; k < PROVENANCE_LOOKAHEAD && pos < len; k++) {
        const char *nl = memchr(out + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - out) : len;
        if (end - pos == tl && !memcmp(out + pos, text, tl))
            return pos;
        pos = nl ? end + 1 : len;
    }
    return len;
}

int provenance_label(const char *output, size_t len, const char *records, size_t records_len,
                     struct gb_buf *out, size_t *n_labelled, struct gb_err *err)
{
    size_t copied = 0, pos = 0, r = 0;

    *n_labelled = 0;
    while (r < records_len) {
        const char *nl = memchr(records + r, '\n', records_len - r), *text, *labelled;
        size_t end = nl ? (size_t)(nl - records) : records_len, at;
        cJSON *json = NULL;
        if (record_at(records + r, end - r, &json, &text, &labelled) &&
            (at = find_line(output, len, pos, text)) < len) {
            if (gb_buf_append(out, output + copied, at - copied, err) ||
                gb_buf_puts(out, labelled, err)) {
                cJSON_Delete(json);
                return -1;
            }
            copied = at + strlen(text);
            pos = copied + (copied < len && output[copied] == '\n');
            (*n_labelled)++;
        }
        cJSON_Delete(json);
        r = nl ? end + 1 : records_len;
    }
    return gb_buf_append(out, output + copied, len - copied, err);
}
