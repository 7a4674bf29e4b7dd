/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING. */
/* leak.c -- a leak that grows.
 *
 * A request handler allocates a request record, a response buffer and a
 * log line for every request, and forgets to free the log line.  The heap
 * grows steadily; in the chart, the band of the log lines (160-192 bytes)
 * gets hotter column after column while the others stay level. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct request {
    int id;
    char path[48];
};

static char *handle(const struct request *req)
{
    char *response = malloc(2048);
    snprintf(response, 2048, "200 OK %s", req->path);
    return response;
}

int main(void)
{
    for (int i = 0; i < 20000; i++) {
        struct request *req = malloc(sizeof *req);
        req->id = i;
        snprintf(req->path, sizeof req->path, "/item/%d", i);
        char *response = handle(req);
        char *log = malloc(160);            /* never freed: the leak */
        snprintf(log, 160, "request %d: %.32s", req->id, response);
        free(response);
        free(req);
    }
    return 0;
}
