/* client.h — the students' submit client as `GET /client` serves it.
 *
 * grader/client/gradebox_submit.py (one stdlib-only Python file, docs/students.md)
 * is read from gradebox's data (check/home.h) at each request, so an update
 * of the installation is served at once.  Its line "SERVICE_URL = None" gets
 * the service's own address, so a student who downloads it from the course's
 * service needs only their token; an address with a character outside
 * [A-Za-z0-9:/.-_[]%] is not written (the line stays None).
 */
#ifndef GB_CLIENT_H
#define GB_CLIENT_H

#include "buf.h"
#include "error.h"

#define CLIENT_FILE "grader/client/gradebox_submit.py"
#define CLIENT_NAME "gradebox_submit.py"
#define CLIENT_MAX_BYTES (256u * 1024)

/* The client's text with base_url written in (base_url may be "" or NULL). */
int client_script(const char *base_url, struct gb_buf *out, struct gb_err *err);

#endif
