/* ci_report.c -- the --check verdicts for CI: see ci_report.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#include "ci_report.h"

static size_t count_broken(const struct hb_verdicts *v)
{
    size_t n = 0;
    for (size_t i = 0; i < v->n; i++)
        n += !v->holds[i];
    return n;
}

/* s in a Markdown table cell: '|' escaped, inside a code span when
 * code. */
static void md_cell(FILE *out, const char *s, int code)
{
    if (code)
        fputc('`', out);
    for (; *s; s++) {
        if (*s == '|')
            fputc('\\', out);
        fputc(*s, out);
    }
    if (code)
        fputc('`', out);
}

void hb_verdicts_markdown(FILE *out, const struct hb_verdicts *v)
{
    size_t broken = count_broken(v);
    if (broken == 0)
        fprintf(out, "\n### rules: all %zu hold\n", v->n);
    else
        fprintf(out, "\n### rules: %zu of %zu broken\n", broken, v->n);
    fputs("\n| rule | verdict | figures |\n|:--|:--|:--|\n", out);
    for (size_t i = 0; i < v->n; i++) {
        fputs("| ", out);
        md_cell(out, v->rules[i], 1);
        fputs(v->holds[i] ? " | holds | " : " | **broken** | ", out);
        md_cell(out, v->verdicts[i], 0);
        fputs(" |\n", out);
    }
}

/* s as XML character data or an attribute value. */
static void xml_text(FILE *out, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '&')
            fputs("&amp;", out);
        else if (c == '<')
            fputs("&lt;", out);
        else if (c == '>')
            fputs("&gt;", out);
        else if (c == '"')
            fputs("&quot;", out);
        else if (c < 0x20 && c != '\t' && c != '\n')
            fputc('?', out);       /* not allowed in XML 1.0 */
        else
            fputc(c, out);
    }
}

void hb_junit_write(FILE *out, const char *suite, const struct hb_verdicts *v)
{
    size_t broken = count_broken(v);
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<testsuites name=\"heapband\" tests=\"%zu\" failures=\"%zu\">\n"
            "  <testsuite name=\"", v->n, broken);
    xml_text(out, suite);
    fprintf(out, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" "
            "skipped=\"0\">\n", v->n, broken);
    for (size_t i = 0; i < v->n; i++) {
        fputs("    <testcase classname=\"heapband.check\" name=\"", out);
        xml_text(out, v->rules[i]);
        fputs("\">\n", out);
        if (v->holds[i]) {
            fputs("      <system-out>", out);
            xml_text(out, v->verdicts[i]);
            fputs("</system-out>\n", out);
        } else {
            fputs("      <failure type=\"rule broken\" message=\"", out);
            xml_text(out, v->verdicts[i]);
            fputs("\">", out);
            xml_text(out, v->verdicts[i]);
            fputs("</failure>\n", out);
        }
        fputs("    </testcase>\n", out);
    }
    fputs("  </testsuite>\n</testsuites>\n", out);
}
