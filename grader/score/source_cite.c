/* source_cite.c — citing a line of the student's source (see source_cite.h). */
#include "score/source_cite.h"

#include <stdio.h>

const char *source_cite_name(const struct source_map *map, const char *script)
{
    return map && map->name ? map->name : script;
}

const char *source_cite(const struct source_map *map, const char *script, size_t line,
                        char *buf, size_t size)
{
    const struct source_origin *o;

    if (!map || !map->origin || line == 0 || line > map->n) {
        snprintf(buf, size, "%s line %zu", script, line);
        return buf;
    }
    o = &map->origin[line - 1];
    if (o->cell == 0)
        snprintf(buf, size, "%s, between cells", source_cite_name(map, script));
    else
        snprintf(buf, size, "%s cell %zu, line %zu", source_cite_name(map, script), o->cell,
                 o->line);
    return buf;
}
