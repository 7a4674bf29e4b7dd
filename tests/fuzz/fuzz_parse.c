/* fuzz_parse.c -- libFuzzer harness for heapband_print's parser.
 *
 * Every input goes through hb_parse(); inputs it accepts also go through
 * the chart builder and every text output, so that a file the parser lets
 * through cannot crash what comes after it.  Build with tests/fuzz/build.sh.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "ascii.h"
#include "chartbuild.h"
#include "export.h"
#include "hbfile.h"
#include "sites.h"

static void draw_all(const struct hb_file *f, FILE *sink)
{
    static const enum hb_chart_kind kinds[] = {
        HB_CHART_LIVE, HB_CHART_ALLOCS, HB_CHART_LIFETIME
    };
    for (size_t i = 0; i < 3; i++) {
        struct hb_selection sel = { 0 };
        sel.kind = kinds[i];
        sel.stat = (enum hb_stat)(i % 3);
        sel.max_cols = 7;
        struct hb_chart ch;
        struct hb_chart_map map;
        char err[256];
        if (hb_chart_build(f, &sel, &ch, &map, err, sizeof err) < 0)
            continue;
        struct hb_ascii_opts ao = { 40, 4, HB_COLOR_NONE, (int)(i == 1),
                                    HB_SCALE_LOG, HB_PALETTE_GREGG, 1, 0 };
        hb_ascii_render(sink, f, &ch, &map, &ao);
        hb_export_csv(sink, f, &ch, &map);
        hb_export_json(sink, f, &ch, &map, "avg", "count");
        hb_chart_free(&ch);
    }
    hb_sites_report(sink, f, 0, UINT64_MAX);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (sink == NULL)
        sink = fopen("/dev/null", "w");
    struct hb_file f;
    struct hb_parse_error err;
    if (hb_parse((const char *)data, size, &f, &err) == 0) {
        draw_all(&f, sink);
        hb_file_free(&f);
    }
    return 0;
}
