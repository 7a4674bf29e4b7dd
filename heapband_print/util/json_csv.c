/* json_csv.c -- text as a CSV field and as a JSON string: see json_csv.h.
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see error.h
 * and the file COPYING.
 */
#include "json_csv.h"

void hb_csv_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

void hb_json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20 || c > 0x7e)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}
