/* folded.c -- --folded=FILE: see folded.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#include "folded.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>

/* A frame's text, with the separator ';' made ','. */
static void put_frame(FILE *out, const struct hb_file *f, uint64_t n)
{
    char buf[HB_FRAME_TEXT_MAX];
    hb_frame_format(f, n, buf, sizeof buf);
    for (char *p = buf; (p = strchr(p, ';')) != NULL; p++)
        *p = ',';
    fputs(buf, out);
}

static void put_stack(FILE *out, const struct hb_file *f,
                      const struct hb_sel_rec *r)
{
    if (r->site == 0) {
        fputs("(other sites)", out);
        return;
    }
    const struct hb_site *site = &f->sites[r->site - 1];
    for (size_t i = site->nframes; i-- > 0;) {
        put_frame(out, f, site->frames[i]);
        if (i > 0)
            fputc(';', out);
    }
}

int hb_folded_write(FILE *out, const struct hb_file *f,
                    const struct hb_site_sel *s, enum hb_site_metric by,
                    struct hb_error *err)
{
    for (size_t i = 0; i < s->nrecs; i++) {
        const struct hb_sel_rec *r = &s->recs[i];
        uint64_t bytes = hb_site_bytes(&r->fig, by);
        if (bytes == 0)
            continue;
        put_stack(out, f, r);
        fprintf(out, ";[%" PRIu64 "-%" PRIu64 " B] %" PRIu64 "\n",
                f->bands[r->b].lo, f->bands[r->b].hi, bytes);
    }
    if (ferror(out))
        return hb_error_set(err, HB_ERR_OUTPUT, 0, "cannot write: %s",
                            strerror(errno ? errno : EIO));
    return 0;
}
